"""How often two careful readers agree on a question's logical form, beside the rules' score.

    python benchmarks/nl_agreement.py benchmarks/nl_heldout_25.jsonl benchmarks/nl_second_reader_25.jsonl \
        [--produced benchmarks/results/nl_heldout_25_first.json] [--out results.json]

The first file is a blind set (its writer's form and accepted alternatives); the second holds
one form per question written by another reader who saw only the questions. Both readers'
forms and the rules' forms are graded by the one grading rule (itlr/nl/grading.py):

- second reader: is their form right by the first writer's form and alternatives (and harmful)?
  This is how far two people agree under the rule, the ceiling a translator can be held to.
- rules: right by the first writer (the number recorded for the set), by the second reader, by either.

``--produced``: grade the forms stored in a first-run result (benchmarks/results/*_first.json)
instead of running the rules of today.
"""

from __future__ import annotations

import argparse
import collections
import json
from pathlib import Path

from itlr.nl.grading import grade
from itlr.translator.ast import Expr, from_json


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", type=Path, help="a blind set: id, kind, question, form, alternatives")
    ap.add_argument("second", type=Path, help="the second reader's forms: id, form")
    ap.add_argument("--produced", type=Path, help="a first-run result whose stored forms are graded instead of today's rules")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)

    first = _rows(args.first)
    second = {r["id"]: from_json(r["form"]) for r in _rows(args.second)}
    missing = [r["id"] for r in first if r["id"] not in second]
    if missing:
        raise SystemExit(f"the second reader has no form for {len(missing)} questions, first {missing[0]}")
    if args.produced:
        stored = {q["id"]: from_json(q["produced"]) for q in json.loads(args.produced.read_text(encoding="utf-8"))["questions"]}
    else:
        from itlr.nl import rules_translate

        stored = {r["id"]: rules_translate(r["question"]).expr for r in first}

    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    rows = []
    for r in first:
        intended: Expr = from_json(r["form"])
        alternatives = [from_json(a) for a in r.get("alternatives", [])]
        other, rules = second[r["id"]], stored[r["id"]]
        reader = grade(other, intended, alternatives)
        by_first = grade(rules, intended, alternatives)
        by_second = grade(rules, other)
        marks = {
            "second_reader_right": reader.right,
            "second_reader_harmful": reader.harmful,
            "rules_right": by_first.right,
            "rules_harmful": by_first.harmful,
            "rules_right_by_second": by_second.right,
            "rules_right_by_either": by_first.right or by_second.right,
        }
        for kind in ("all", r["kind"]):
            counts[kind]["n"] += 1
            counts[kind].update(k for k, v in marks.items() if v)
        rows.append({"id": r["id"], "kind": r["kind"], "question": r["question"], **marks, "second_form": str(other), "rules_form": str(rules)})

    columns = ("second_reader_right", "second_reader_harmful", "rules_right", "rules_harmful", "rules_right_by_second", "rules_right_by_either")
    print(f"{'kind':<18} {'n':>4}  " + "  ".join(f"{c:>22}" for c in columns))
    for kind in ["all"] + sorted(k for k in counts if k != "all"):
        c = counts[kind]
        print(f"{kind:<18} {c['n']:>4}  " + "  ".join(f"{100 * c[col] / c['n']:>21.1f}%" for col in columns))
    if args.out:
        summary = {kind: {col: counts[kind][col] / counts[kind]["n"] for col in columns} | {"n": counts[kind]["n"]} for kind in counts}
        args.out.write_text(json.dumps({"summary": summary, "questions": rows}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
