"""Certified `auto` on the local engine's HNSW lists under a filter, page by page against exact
mode (issue 11, docs/BENCHMARKS.md §5j).

Bench's scaled corpus (as ``local_first_depth.py``), each passage in one of ten groups; filters
that pass every group, half of them and 40% of them (at 50,000 vectors: 25,000 and 20,000
passages, at or above the 20,000 from which ``auto`` uses the HNSW lists), 40 random queries
of 1 and 2 terms per filter.

    python benchmarks/local_filtered_lists.py --source $NC --size 50000
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from itlr.embedders import get_embedder
from itlr.evaluation.bench import _workload, random_query, scaled_vectors
from itlr.local import LocalIndex


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default="../shared/data/negconstraint")
    ap.add_argument("--size", type=int, default=50000)
    ap.add_argument("--queries", type=int, default=40)
    args = ap.parse_args()
    _, base, pool, term_vectors, _ = _workload(args.source, get_embedder(None), progress=False, chunk_sentences=2)
    index = LocalIndex()
    index.add(({"_id": str(i), "text": "passage", "group": i % 10} for i in range(args.size)), vectors=scaled_vectors(base, args.size, seed=0))
    index.build_ann(threads=2)
    rng = random.Random(1)
    for groups in (10, 5, 4):
        where = {"terms": {"group": list(range(groups))}} if groups < 10 else None
        for terms in (1, 2):
            queries = [random_query(rng.sample(pool, terms), rng) for _ in range(args.queries)]
            same = listed = 0
            for expr in queries:
                q = np.stack([term_vectors[t] for t in expr.terms()])
                exact = index.search(expr, term_vectors=q, k=10, mode="exact", filter=where)
                auto = index.search(expr, term_vectors=q, k=10, mode="auto", filter=where)
                same += [h.id for h in auto.hits] == [h.id for h in exact.hits]
                listed += bool(auto.certificate and auto.certificate.certified and auto.certificate.depth is not None)
            print(f"filter passing {10 * groups}%, {terms} term(s): page equals exact mode's {same}/{len(queries)}, certified from lists {listed}/{len(queries)}")


if __name__ == "__main__":
    main()
