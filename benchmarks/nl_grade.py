"""Grade the rule-based translator on an NL question set (benchmarks/nl_heldout.jsonl, nl_dev.jsonl).

    python benchmarks/nl_grade.py benchmarks/nl_heldout.jsonl [--out results.json] [--show wrong|harmful|all]

Each line of a set: {"id", "kind", "question", "form": AST JSON, optional "alternatives": [AST JSON, ...]}.
The grading rule (what is right, what is harmful) is in itlr/nl/grading.py.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

from itlr.nl import rules_translate
from itlr.nl.grading import grade
from itlr.translator.ast import from_json


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--show", choices=("wrong", "harmful", "all", "none"), default="none")
    args = ap.parse_args(argv)

    rows = [json.loads(line) for line in args.path.read_text(encoding="utf-8").splitlines() if line.strip()]
    per_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    results = []
    latencies = []
    for row in rows:
        intended = from_json(row["form"])
        alternatives = [from_json(a) for a in row.get("alternatives", [])]
        start = time.perf_counter()
        produced = rules_translate(row["question"]).expr
        latencies.append(time.perf_counter() - start)
        g = grade(produced, intended, alternatives)
        for key in ("all", row["kind"]):
            per_kind[key]["n"] += 1
            per_kind[key]["right"] += g.right
            per_kind[key]["harmful"] += g.harmful
        results.append({**row, "produced": produced.to_dict(), "produced_query": str(produced), "right": g.right, "harmful": g.harmful})
        if args.show == "all" or (args.show == "wrong" and not g.right) or (args.show == "harmful" and g.harmful):
            mark = "OK " if g.right else ("HARM" if g.harmful else "bad ")
            print(f"{mark} {row['id']} [{row['kind']}] {row['question']}\n      got  {produced}\n      want {intended}")

    print(f"{'kind':<20} {'n':>4} {'right':>7} {'harmful':>8}")
    for kind, c in sorted(per_kind.items(), key=lambda kv: (kv[0] != "all", kv[0])):
        print(f"{kind:<20} {c['n']:>4} {c['right'] / c['n']:>7.1%} {c['harmful'] / c['n']:>8.1%}")
    latencies.sort()
    print(f"latency p50 {latencies[len(latencies) // 2] * 1000:.1f} ms, p95 {latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms (first call included)")
    if args.out:
        summary = {k: {"n": c["n"], "right": c["right"] / c["n"], "harmful": c["harmful"] / c["n"]} for k, c in per_kind.items()}
        args.out.write_text(json.dumps({"summary": summary, "questions": results}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
