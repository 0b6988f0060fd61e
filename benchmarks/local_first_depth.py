"""Certified `auto` on the local engine's HNSW lists with a shallower first round (``knn_k``),
page by page against exact mode (issue 11, docs/BENCHMARKS.md §5j).

Builds a local index of bench's scaled corpus (NegConstraint passages cut in two-sentence
pieces, scaled with noise to ``--size`` vectors, so every passage has near-copies: hard for a
graph), builds its HNSW index (faiss), and runs bench-style random queries of 1 and 2 terms in
``exact`` and in ``auto`` with the first depth at the default and at 50, 25 and 10.

    python benchmarks/local_first_depth.py --source $NC --size 50000
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from itlr.embedders import get_embedder
from itlr.evaluation.bench import _workload, random_query, scaled_vectors
from itlr.local import LocalIndex


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default="../shared/data/negconstraint")
    ap.add_argument("--size", type=int, default=50000)
    ap.add_argument("--queries", type=int, default=60)
    args = ap.parse_args()
    _, base, pool, term_vectors, _ = _workload(args.source, get_embedder(None), progress=False, chunk_sentences=2)
    vectors = scaled_vectors(base, args.size, seed=0)
    index = LocalIndex()
    index.add(({"_id": str(i), "text": "passage"} for i in range(args.size)), vectors=vectors)
    start = time.perf_counter()
    index.build_ann(threads=2)
    print(f"{args.size} vectors, HNSW built in {time.perf_counter() - start:.1f} s")
    rng = random.Random(0)
    for terms in (1, 2):
        queries = [random_query(rng.sample(pool, terms), rng) for _ in range(args.queries)]
        for knn_k in (None, 50, 25, 10):
            same = listed = 0
            for expr in queries:
                q = np.stack([term_vectors[t] for t in expr.terms()])
                exact = index.search(expr, term_vectors=q, k=10, mode="exact")
                auto = index.search(expr, term_vectors=q, k=10, mode="auto", knn_k=knn_k)
                same += [h.id for h in auto.hits] == [h.id for h in exact.hits]
                listed += bool(auto.certificate and auto.certificate.certified and auto.certificate.depth is not None)
            print(f"{terms} term(s), knn_k {knn_k or 'default'}: page equals exact mode's {same}/{len(queries)}, certified from lists {listed}/{len(queries)}")


if __name__ == "__main__":
    main()
