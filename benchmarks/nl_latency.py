"""Per-question latency of the rule-based translator (spaCy parser loaded once, then timed).

    python benchmarks/nl_latency.py [benchmarks/nl_heldout.jsonl] [/work/shared/data/negconstraint/queries.jsonl]

Prints the model load time, then p50 / p95 / max milliseconds per question over every
question of the given JSONL files (a "question" or "text" field), each translated once.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

from itlr.nl.rules import rules_to_expr
from itlr.nl.syntax import load_parser


def main(paths: list[str]) -> int:
    questions: list[str] = []
    for path in paths or ["benchmarks/nl_heldout.jsonl"]:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                questions.append(row.get("question") or row["text"])
    start = time.perf_counter()
    load_parser()
    load_s = time.perf_counter() - start
    times = []
    for q in questions:
        start = time.perf_counter()
        rules_to_expr(q)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(f"{len(questions)} questions; model load {load_s:.1f} s; load average {os.getloadavg()[0]:.1f}")
    print(f"ms per question: p50 {statistics.median(times):.1f}, p95 {times[int(0.95 * (len(times) - 1))]:.1f}, max {times[-1]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
