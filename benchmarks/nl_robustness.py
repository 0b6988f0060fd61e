"""How the rule path holds up when a question it gets right is typed differently.

    python benchmarks/nl_robustness.py [--sets 'benchmarks/nl_heldout*.jsonl'] [--out FILE] [--show N]

Every question of the NL sets whose rule form is right (itlr/nl/grading.py) is typed again
in each of a few ways real users type: a greeting or a pleasantry before it, a sign-off or
"keep it short" after it, who is asking ("I'm a nurse."), "Can you help?", "Please,", "ok so",
"quick one -", "I want to know", a context sentence after it, lowercase, no final
punctuation, "pls", "Question:", and the exclusion cue swapped for another ("other than" ->
"except", "excluding" -> "apart from", …). For each way it reports how many of those
questions are no longer right and how many become harmful. Most of these ways leave the
intended form as it is; "lower" (names lose their capitals) and "twoq" (a second question
appended) change what the question asks, so their "not right" counts are expected, and only
their harmful counts matter.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
from pathlib import Path
from typing import Callable

from itlr.nl import rules_translate
from itlr.nl.grading import grade
from itlr.translator.ast import from_json


def _ended(q: str) -> str:
    q = q.rstrip()
    return q if q[-1:] in "?.!" else q + "."


def _lower_first(q: str) -> str:
    return q[:1].lower() + q[1:]


WAYS: dict[str, Callable[[str], str]] = {
    "hi": lambda q: "Hi! " + q,
    "pleasantry": lambda q: "Hey there, hope you're well. " + q + " Any pointers?",
    "thanks": lambda q: q.rstrip() + " Thanks!",
    "role": lambda q: "I'm a nurse. " + q,
    "student": lambda q: "I'm a student. " + _ended(q) + " Keep it short please.",
    "keep_short": lambda q: q.rstrip("?.! ") + ", keep it short",
    "context_after": lambda q: _ended(q) + " Need it for a class.",
    "can_you_help": lambda q: "Can you help? " + q,
    "please_lead": lambda q: "Please, " + _lower_first(q),
    "ok_so": lambda q: "ok so " + _lower_first(q),
    "quick_one": lambda q: "quick one - " + q,
    # (only before a wh-question: "I want to know marvel movies …" is no English)
    "i_want_to_know": lambda q: "I want to know " + _lower_first(q) if re.match(r"(?:which|what|who|how|why|when|where)\b", q, re.IGNORECASE) else q,
    "question_label": lambda q: "Question: " + q,
    "no_punct": lambda q: q.rstrip("?.!"),
    "pls": lambda q: q.rstrip("?.! ") + " pls",
    "except": lambda q: re.sub(r"\bother than\b", "except", q),
    "apart_from": lambda q: re.sub(r"\b(?:excluding|except)\b", "apart from", q),
    "besides": lambda q: re.sub(r"\b(?:apart from|aside from)\b", "besides", q),
    "excluding": lambda q: re.sub(r"\bbut not\b", "excluding", q),
    "lower": lambda q: q.lower().rstrip("?.!"),
    "twoq": lambda q: _ended(q) + " Also, what are the main risks?",
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="benchmarks/nl_heldout*.jsonl", help="glob of NL sets (JSONL with question, form, alternatives)")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--show", type=int, default=0, help="print up to N harmful examples per way")
    args = ap.parse_args(argv)

    rows = [json.loads(line) for path in sorted(glob.glob(args.sets)) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    right_rows = []
    for row in rows:
        want, alts = from_json(row["form"]), [from_json(a) for a in row.get("alternatives", [])]
        if grade(rules_translate(row["question"]).expr, want, alts).right:
            right_rows.append((row, want, alts))
    print(f"{len(right_rows)} of {len(rows)} questions right as written")
    summary = {}
    for name, way in WAYS.items():
        not_right, harmful = 0, []
        for row, want, alts in right_rows:
            typed = way(row["question"])
            expr = rules_translate(typed).expr
            g = grade(expr, want, alts)
            not_right += not g.right
            if g.harmful:
                harmful.append({"id": row["id"], "typed": typed, "form": str(expr)})
        summary[name] = {"not_right": not_right, "harmful": len(harmful), "harmful_examples": harmful[:20]}
        print(f"{name:16} not right {not_right:5}   harmful {len(harmful):3}")
        for h in harmful[: args.show]:
            print(f"    {h['id']}: {h['typed'][:100]}\n        -> {h['form'][:140]}")
    if args.out:
        args.out.write_text(json.dumps({"questions": len(rows), "right_as_written": len(right_rows), "ways": summary}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
