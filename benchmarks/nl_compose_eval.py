"""How ``ask`` composes the question with its form: NegConstraint nDCG@10 and excluded documents on top.

    python benchmarks/nl_compose_eval.py /work/shared/data/negconstraint [--out FILE]

Variants of the searched expression, from the question ``q`` and its rule form ``F``
(``to_logic(q, llm=False).expr``), whose NOT'd texts are ``n1 … nk``:

- ``dense``: ``q`` embedded whole;  ``form``: ``F`` alone;
- ``a``: ``"q" AND (F)``;
- ``b``: ``"q minus its exclusions" AND (F)`` (:func:`itlr.nl.result.without_exclusions`);
- ``c``: ``"q" AND (F) AND NOT n1 … AND NOT nk`` (each exclusion twice);
- ``d``: ``"q minus its exclusions" AND (F) AND NOT n1 … AND NOT nk``;
- ``e``: ``(F) OR ("q minus its exclusions" AND (F))``: score F·(1 + s(q'));
- ``g``: ``(F) OR (F) OR ("q minus its exclusions" AND (F))``: score F·(2 + s(q'));
- ``h``: ``("q'" OR ("q'" AND NOT "q")) AND (F)``, q' = q minus its exclusions: score
  F·s(q')·(2 − s(q)), the question as asked, at half strength against the question with its
  exclusions: what ``itlr.nl.with_question`` searches (``"q" AND (F)`` when nothing is cut).

A form that is one term searches ``q`` alone in every variant. For each: mean nDCG@10
over NegConstraint's judged questions (exact mode, local engine), questions worse / better
than dense by more than 0.01, and the demo corpus's exclusion violations: documents about
the excluded aspect in the top 3 of each :data:`itlr.demo.CASES` question, and in the top 4
of the vitamin D question.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from itlr import LocalIndex, LogicalSearch
from itlr.demo import CASES
from itlr.documents import read_jsonl
from itlr.embedders import get_embedder
from itlr.evaluation.datasets import load_dataset
from itlr.evaluation.metrics import ndcg_at_k
from itlr.evaluation.runner import local_index_for
from itlr.nl import to_logic
from itlr.nl.result import negated_texts, with_question, without_exclusions
from itlr.translator import And, Expr, Not, Or, Term


def _compose(question: str, form: Expr, *, cut: bool, again: bool) -> Expr:
    q = " ".join(question.split())
    if isinstance(form, Term):
        return Term(q)
    head = Term(without_exclusions(q, form) if cut else q)
    return And([head, form, *([Not(Term(n)) for n in negated_texts(form)] if again else [])])


def _bonus(question: str, form: Expr, copies: int) -> Expr:
    q = " ".join(question.split())
    if isinstance(form, Term):
        return Term(q)
    return Or([*([form] * copies), And([Term(without_exclusions(q, form)), form])])


VARIANTS: dict[str, Callable[[str, Expr], Expr]] = {
    "dense": lambda q, f: Term(" ".join(q.split())),
    "form": lambda q, f: f,
    "a": lambda q, f: _compose(q, f, cut=False, again=False),
    "b": lambda q, f: _compose(q, f, cut=True, again=False),
    "c": lambda q, f: _compose(q, f, cut=False, again=True),
    "d": lambda q, f: _compose(q, f, cut=True, again=True),
    "e": lambda q, f: _bonus(q, f, 1),
    "g": lambda q, f: _bonus(q, f, 2),
    "h": with_question,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("-k", type=int, default=10)
    args = ap.parse_args(argv)

    embedder = get_embedder(None)
    dataset = load_dataset(args.dataset)
    index, _folder = local_index_for(dataset, embedder, progress=False)
    searcher = LogicalSearch(index, embedder=embedder)
    ndcg: dict[str, list[float]] = {v: [] for v in VARIANTS}
    for qid in dataset.judged_queries:
        question = dataset.queries[qid]
        form = to_logic(question, llm=False).expr
        for name, make in VARIANTS.items():
            hits = searcher.search(make(question, form), k=args.k, mode="exact").hits
            ndcg[name].append(ndcg_at_k([h.id for h in hits], dataset.qrels[qid], args.k))

    demo = LocalIndex()
    with resources.as_file(resources.files("itlr.demo").joinpath("corpus.jsonl")) as path:
        demo.add(read_jsonl(path), embedder=embedder)
    demo_search = LogicalSearch(demo, embedder=embedder)
    violations = {v: 0 for v in VARIANTS}
    vitamin_d = {v: 0 for v in VARIANTS}
    for question, _logic, excluded in CASES:
        form = to_logic(question, llm=False).expr
        for name, make in VARIANTS.items():
            hits = demo_search.search(make(question, form), k=4, mode="exact").hits
            aspects = [h.source.get("aspect") for h in hits]
            violations[name] += aspects[:3].count(excluded)
            if excluded == "bone health":
                vitamin_d[name] = aspects.count(excluded)

    dense = ndcg["dense"]
    table = {
        name: {
            "ndcg@%d" % args.k: round(sum(scores) / len(scores), 3),
            "worse_than_dense": sum(s < d - 0.01 for s, d in zip(scores, dense)),
            "better_than_dense": sum(s > d + 0.01 for s, d in zip(scores, dense)),
            "demo_excluded_in_top3": violations[name],
            "vitamin_d_bone_in_top4": vitamin_d[name],
        }
        for name, scores in ndcg.items()
    }
    summary = {"questions": len(dense), "demo_top3_slots": 3 * len(CASES), "variants": table}
    print(json.dumps(summary, indent=1))
    if args.out:
        args.out.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
