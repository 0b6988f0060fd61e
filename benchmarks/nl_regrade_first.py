"""The blind sets' first runs, graded again with today's grader (itlr/nl/grading.py).

Each ``benchmarks/results/nl_heldout_N_first.json`` keeps the forms the rules produced on the
set's one clean run; this grades those stored forms against the set's intended forms, so a
change to the grader can be seen on every first run at once (the rules are not run again).

    python benchmarks/nl_regrade_first.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from itlr.nl.grading import grade
from itlr.translator.ast import from_json

HERE = Path(__file__).resolve().parent


def main() -> None:
    runs = sorted(HERE.glob("results/nl_heldout_*_first.json"), key=lambda p: int(re.findall(r"\d+", p.name)[0]))
    print(f"{'set':>4} {'n':>4} {'right':>7} {'harmful':>8}")
    for path in runs:
        number = re.findall(r"\d+", path.name)[0]
        intended = {}
        for line in (HERE / f"nl_heldout_{number}.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                intended[row["id"]] = row
        produced = json.loads(path.read_text(encoding="utf-8"))["questions"]
        right = harmful = 0
        for q in produced:
            row = intended[q["id"]]
            g = grade(from_json(q["produced"]), from_json(row["form"]), [from_json(a) for a in row.get("alternatives", [])])
            right += g.right
            harmful += g.harmful
        n = len(produced)
        print(f"{number:>4} {n:>4} {100 * right / n:6.1f}% {100 * harmful / n:7.1f}%")


if __name__ == "__main__":
    main()
