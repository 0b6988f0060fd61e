"""Certified `auto` on the local engine's HNSW lists, page by page against exact mode (issue 11,
docs/BENCHMARKS.md §5j).

Bench's scaled corpus (NegConstraint passages cut in two-sentence pieces, scaled with noise to
``--size`` vectors, so every passage has near-copies: hard for a graph) in a local index with
its HNSW index (faiss), each passage in one of ten groups; random queries of 1 and 2 terms.

- ``--check depth``: ``auto`` with the first depth at the default and at 50, 25 and 10;
- ``--check filter``: filters passing every group, half of them and 40% of them (at 50,000
  vectors: 25,000 and 20,000 passages, at or above the 20,000 from which ``auto`` uses the lists);
- ``--check offset``: pages at offsets 0, 10, 40 and 90 (``--ef-construction`` builds the graph
  with another beam).

    python benchmarks/local_certified_pages.py --source $NC --check depth
    python benchmarks/local_certified_pages.py --source $NC --check filter --queries 40
    python benchmarks/local_certified_pages.py --source $NC --check offset [--ef-construction 80]
"""

from __future__ import annotations

import argparse
import random
import time

from itlr.local import LocalIndex

from page_checks import compare_pages, offset_check, random_queries, scaled_corpus


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default="../shared/data/negconstraint")
    ap.add_argument("--size", type=int, default=50000)
    ap.add_argument("--check", choices=("depth", "filter", "offset"), required=True)
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--ef-construction", type=int, default=None)
    args = ap.parse_args()
    pool, term_vectors, vectors = scaled_corpus(args.source, args.size)
    index = LocalIndex()
    index.add(({"_id": str(i), "text": "passage", "group": i % 10} for i in range(args.size)), vectors=vectors)
    start = time.perf_counter()
    index.build_ann(threads=2, **({"ef_construction": args.ef_construction} if args.ef_construction else {}))
    print(f"{args.size} vectors, HNSW built in {time.perf_counter() - start:.1f} s (ef_construction {index.ann._index.hnsw.efConstruction}, "
          f"calibrated ef_search {index.ann.ef_search})")
    if args.check == "depth":
        rng = random.Random(0)
        for terms in (1, 2):
            queries = random_queries(pool, terms, args.queries, rng)
            for knn_k in (None, 50, 25, 10):
                same, listed = compare_pages(index.search, queries, term_vectors, knn_k=knn_k)
                print(f"{terms} term(s), knn_k {knn_k or 'default'}: page equals exact mode's {same}/{len(queries)}, certified from lists {listed}/{len(queries)}")
        return
    if args.check == "offset":
        offset_check(index.search, pool, term_vectors, args.queries)
        return
    rng = random.Random(1)
    for groups in (10, 5, 4):
        where = {"terms": {"group": list(range(groups))}} if groups < 10 else None
        for terms in (1, 2):
            queries = random_queries(pool, terms, args.queries, rng)
            same, listed = compare_pages(index.search, queries, term_vectors, filter=where)
            print(f"filter passing {10 * groups}%, {terms} term(s): page equals exact mode's {same}/{len(queries)}, certified from lists {listed}/{len(queries)}")


if __name__ == "__main__":
    main()
