"""How often the first round certifies, by which kNN lists it gathers (issue 11).

    python benchmarks/composite_bound.py [--size 100000] [--queries 40] [--source $NC]

Exact (brute-force) kNN lists over ``itlr bench``'s workload (real two-sentence
NegConstraint passages; past 11,650 rows, noisy copies of them) and its random
anchored queries. For each query and list design: gather the lists, cut the page from
their union, and ask :func:`itlr.certify.unseen_bound` whether the page is certified.
Designs: ``T<d>`` every positive term's list of depth d; ``C<d>`` a list of depth d on
the query's composite vector (:func:`itlr.translator.compiler.composite`), whose
half-space enters the bound. Also checks that no certified page differs from exact
mode's scores.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from itlr.certify import HalfSpace, unseen_bound
from itlr.embedders import default_embedder
from itlr.evaluation.bench import _workload, random_query, scaled_vectors
from itlr.semantics import Semantics, evaluate, truth_values
from itlr.translator.compiler import query_composite
from itlr.translator.plan import plan as make_plan

DESIGNS = {"T100": (100, 0), "T100+C100": (100, 100), "T400": (400, 0), "T400+C400": (400, 400)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default="/work/shared/data/negconstraint")
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=40, help="per term count")
    args = parser.parse_args()
    _, base, pool, term_vectors, _ = _workload(args.source, default_embedder(), progress=False, chunk_sentences=2)
    docs = scaled_vectors(base, args.size).astype(np.float32)
    sem, k = Semantics(), 10
    rng = random.Random(0)
    print(f"{args.size:,} passages, {args.queries} queries per term count; share of first pages certified")
    print("| terms | " + " | ".join(DESIGNS) + " |")
    print("| --- |" + " --- |" * len(DESIGNS))
    for t in (1, 2, 3, 4, 8):
        certified = dict.fromkeys(DESIGNS, 0)
        for _ in range(args.queries):
            p = make_plan(random_query(rng.sample(pool, t), rng))
            q = np.stack([term_vectors[x] for x in p.terms]).astype(np.float32)
            sims = (docs @ q.T).astype(np.float64)
            scores = evaluate(p.program, truth_values(sims, p.terms, sem), sem)
            exact = np.sort(scores)[::-1][:k]
            made = query_composite(p, q)
            along = (docs @ made.direction.astype(np.float32)).astype(np.float64) if made else None
            deepest = max(max(d) for d in DESIGNS.values())
            nearest = {i: np.argsort(-sims[:, i])[:deepest] for i in p.positive_terms}
            near_c = np.argsort(-along)[:deepest] if along is not None else None
            for name, (dt, dc) in DESIGNS.items():
                seen: set[int] = set()
                floors, cuts = {}, []
                for i in p.positive_terms:
                    seen.update(nearest[i][:dt].tolist())
                    floors[i] = float(sims[nearest[i][dt - 1], i])
                if made is not None and near_c is not None and dc:
                    seen.update(near_c[:dc].tolist())
                    cuts.append(HalfSpace(made.weights, float(along[near_c[dc - 1]]) * made.norm + 1e-9))
                ids = np.fromiter(seen, dtype=np.int64)
                page = np.sort(scores[ids])[::-1][:k]
                ok = unseen_bound(p.program, p.terms, sem, floors, cuts, threshold=float(page[-1])) <= page[-1]
                if ok and not np.allclose(page, exact):
                    raise AssertionError(f"certified page differs from exact mode's: {p.expr}")
                certified[name] += ok
        print(f"| {t} | " + " | ".join(f"{certified[n] / args.queries:.2f}" for n in DESIGNS) + " |", flush=True)


if __name__ == "__main__":
    main()
