"""The local engine's certified path on an ANN index against its exact scan.

    PYTHONPATH=. python benchmarks/local_ann.py [--docs 100000] [--dim 384] [--queries 40]

Builds the faiss HNSW index (``LocalIndex.build_ann``) over clustered unit vectors,
then runs anchored queries of 1-4 terms in ``auto`` (the threshold algorithm) and in
``exact`` mode, interleaved. Prints the build time, p50 latencies and their ratio, the
share of pages certified from kNN candidates (and at which depth), the top-10 agreement
with exact mode, and the recall of the HNSW lists themselves at depth 100.
"""

from __future__ import annotations

import argparse
import collections
import time

import numpy as np

from itlr import LocalIndex

SHAPES = {
    1: '"t0"',
    2: '"t0" AND NOT "t1"',
    3: '("t0" OR "t1") AND NOT "t2"',
    4: '("t0" AND "t1" OR "t2") AND NOT "t3"',
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=100_000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--queries", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ef-construction", type=int, default=None, help="the graph's build beam (default: the library's)")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    centres = rng.standard_normal((200, args.dim)).astype(np.float32)
    vectors = centres[rng.integers(0, 200, args.docs)] + 0.6 * rng.standard_normal((args.docs, args.dim)).astype(np.float32)
    index = LocalIndex(model="bench")
    index.add(({"_id": str(i), "text": f"doc {i}"} for i in range(args.docs)), vectors=vectors)
    start = time.perf_counter()
    index.build_ann(threads=1, **({"ef_construction": args.ef_construction} if args.ef_construction else {}))
    print(f"{args.docs:,} x {args.dim}: HNSW build {time.perf_counter() - start:.1f} s (1 thread), ef_search {index.ann.ef_search}, recall@100 {index.ann.recall:.3f}")

    matrix = index.vectors
    print(f"{'terms':>5} {'auto p50 ms':>12} {'exact p50 ms':>13} {'ratio':>6} {'from kNN':>9} {'depths':>18} {'top-10 = exact':>15} {'list recall@100':>16}")
    for n_terms, query in SHAPES.items():
        auto_t, exact_t, agree, recall = [], [], 0, []
        depth_counts: collections.Counter[str] = collections.Counter()
        for _ in range(args.queries):
            terms = {f"t{i}": centres[rng.integers(0, 200)] + 0.4 * rng.standard_normal(args.dim) for i in range(n_terms)}
            t0 = time.perf_counter()
            auto = index.search(query, term_vectors=terms, k=10)
            t1 = time.perf_counter()
            exact = index.search(query, term_vectors=terms, k=10, mode="exact")
            t2 = time.perf_counter()
            auto_t.append(t1 - t0)
            exact_t.append(t2 - t1)
            agree += [h.id for h in auto] == [h.id for h in exact]
            depth_counts[str(auto.certificate.depth) if auto.certificate.depth else "scan"] += 1
            q = terms["t0"] / np.linalg.norm(terms["t0"])
            truth = set(np.argsort(-(matrix @ q.astype(np.float32)))[:100].tolist())
            found = index.ann.search(q[None].astype(np.float32), 100)[0][0]
            recall.append(len(truth & set(found.tolist())) / 100)
        a, e = float(np.median(auto_t)) * 1e3, float(np.median(exact_t)) * 1e3
        from_knn = sum(v for d, v in depth_counts.items() if d != "scan") / args.queries
        depths = ",".join(f"{d}:{v}" for d, v in sorted(depth_counts.items()))
        print(f"{n_terms:>5} {a:>12.2f} {e:>13.2f} {a / e:>6.2f} {from_knn:>9.0%} {depths:>18} {agree / args.queries:>15.0%} {np.mean(recall):>16.3f}")


if __name__ == "__main__":
    main()
