"""NegConstraint end to end through ``LogicalSearch.ask`` (rules, local engine), against dense retrieval.

    python benchmarks/nl_ask_eval.py /work/shared/data/negconstraint \
        [--logic benchmarks/negconstraint_logic.jsonl] [--out benchmarks/results/negconstraint_ask.json]

Systems, nDCG@10 over the judged questions (exact mode, every passage scored):

- ``dense``: the question embedded whole;
- ``form``: itlr on the rule-based form alone (``to_logic(q, llm=False).expr``);
- ``ask``: ``LogicalSearch.ask(q, llm=False)``, which searches the form with the question read with
  and without its exclusions (:func:`itlr.nl.with_question`).

Where ``queries.jsonl`` gives each question a ``kind`` (benchmarks/propneg: "property_negation",
"topic_exclusion"), the summary reports each kind apart, with how many rule forms got a NOT.

Harm is counted two ways: questions where ``ask`` ranks worse than dense (nDCG@10 lower
by more than 0.01), and, where hand-written forms are given (``--logic``), forms the
grader of itlr/nl/grading.py calls harmful.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from itlr import LogicalSearch
from itlr.embedders import get_embedder
from itlr.documents import read_jsonl
from itlr.evaluation.datasets import load_dataset
from itlr.evaluation.metrics import ndcg_at_k
from itlr.evaluation.runner import local_index_for
from itlr.nl import to_logic
from itlr.nl.grading import is_harmful, same_form
from itlr.translator import Term, parse


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--logic", type=Path, help='JSONL of {"_id", "logic"}: hand-written forms to grade the rule forms against')
    ap.add_argument("--out", type=Path)
    ap.add_argument("-k", type=int, default=10)
    args = ap.parse_args(argv)

    dataset = load_dataset(args.dataset)
    embedder = get_embedder(None)
    index, _folder = local_index_for(dataset, embedder, progress=False)
    searcher = LogicalSearch(index, embedder=embedder)
    qids = dataset.judged_queries
    hand = {}
    if args.logic:
        for line in args.logic.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                hand[str(row["_id"])] = parse(row["logic"])

    rows = []
    started = time.perf_counter()
    for qid in qids:
        question = dataset.queries[qid]
        qrels = dataset.qrels[qid]
        translation = to_logic(question, llm=False)
        dense = [h.id for h in searcher.search(Term(translation.question), k=args.k, mode="exact")]
        form = [h.id for h in searcher.search(translation.expr, k=args.k, mode="exact")]
        asked = searcher.ask(question, llm=False, k=args.k, mode="exact")
        row = {
            "_id": qid,
            "question": question,
            "form": translation.query,
            "searched": asked.query,
            "ndcg": {
                "dense": ndcg_at_k(dense, qrels, args.k),
                "form": ndcg_at_k(form, qrels, args.k),
                "ask": ndcg_at_k([h.id for h in asked.hits], qrels, args.k),
            },
        }
        if qid in hand:
            row["hand_form"] = str(hand[qid])
            row["same_as_hand"] = same_form(translation.expr, hand[qid])
            row["harmful_vs_hand"] = not row["same_as_hand"] and is_harmful(translation.expr, hand[qid])
        rows.append(row)
    elapsed = time.perf_counter() - started

    n = len(rows)
    means = {s: sum(r["ndcg"][s] for r in rows) / n for s in ("dense", "form", "ask")}
    worse = sum(r["ndcg"]["ask"] < r["ndcg"]["dense"] - 0.01 for r in rows)
    better = sum(r["ndcg"]["ask"] > r["ndcg"]["dense"] + 0.01 for r in rows)
    graded = [r for r in rows if "same_as_hand" in r]
    summary = {
        "questions": n,
        "ndcg@%d" % args.k: means,
        "ask_better_than_dense": better,
        "ask_worse_than_dense": worse,
        "graded_against_hand_forms": len(graded),
        "same_as_hand": sum(r["same_as_hand"] for r in graded),
        "harmful_vs_hand": sum(r["harmful_vs_hand"] for r in graded),
        "seconds": round(elapsed, 1),
    }
    # queries.jsonl may name each question's kind ("property_negation", "topic_exclusion"): report each apart
    kinds = {str(q["_id"]): str(q["kind"]) for q in read_jsonl(args.dataset / "queries.jsonl") if "kind" in q}
    if kinds:
        by_kind: dict[str, dict[str, object]] = {}
        for kind in sorted(set(kinds.values())):
            part = [r for r in rows if kinds.get(r["_id"]) == kind]
            if part:
                by_kind[kind] = {
                    "questions": len(part),
                    **{s: round(sum(r["ndcg"][s] for r in part) / len(part), 4) for s in ("dense", "form", "ask")},
                    "ask_worse_than_dense": sum(r["ndcg"]["ask"] < r["ndcg"]["dense"] - 0.01 for r in part),
                    "form_has_not": sum(" NOT " in f" {r['form']} " for r in part),
                }
        summary["by_kind"] = by_kind
    print(json.dumps(summary, indent=1))
    if args.out:
        args.out.write_text(json.dumps({"summary": summary, "questions": rows}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
