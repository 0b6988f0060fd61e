"""Certified ``auto`` on OpenSearch over clustered vectors and random expressions (issue 11).

    PYTHONPATH=. python benchmarks/clustered_opensearch.py --url $OPENSEARCH \\
        [--docs 50000] [--dim 384] [--shards 3] [--queries 60] [--seed 0]

Indexes clustered unit vectors (200 centres, noise 0.6, as ``local_ann.py``) into an
index of several shards, then runs random AND/OR/NOT expressions of 3 and 4 terms
(terms near random centres) in ``auto`` and in ``exact`` mode. Prints, per term count,
how many top-10 pages equal exact mode's (same scores in the same order, 1e-5), how
many are certified from kNN lists, the mean round trips, and the p50 latencies. A
certified page that differs from exact mode's is listed: it is a bug unless the HNSW
graph missed a document above a list's end.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import itlr
from itlr.engines import connect, engine_for
from itlr.indexing import index_documents


def random_expression(terms: list[str], rng: random.Random) -> itlr.Expr:
    """A random tree with every term once: AND / OR nodes of 2-3 children, NOT on a
    third of the subtrees."""
    nodes: list[itlr.Expr] = [itlr.Term(t) for t in terms]
    while len(nodes) > 1:
        rng.shuffle(nodes)
        width = min(len(nodes), rng.choice((2, 2, 3)))
        children, nodes = nodes[:width], nodes[width:]
        children = [itlr.Not(c) if rng.random() < 1 / 3 else c for c in children]
        nodes.append(itlr.And(children) if rng.random() < 0.6 else itlr.Or(children))
    return nodes[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--docs", type=int, default=50_000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--shards", type=int, default=3)
    parser.add_argument("--queries", type=int, default=60, help="per term count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--index", default="itlr-clustered")
    parser.add_argument("--keep", action="store_true", help="keep the index (reused when it exists)")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    pick = random.Random(args.seed)
    centres = rng.standard_normal((200, args.dim)).astype(np.float32)
    vectors = centres[rng.integers(0, 200, args.docs)] + 0.6 * rng.standard_normal((args.docs, args.dim)).astype(np.float32)
    client = connect(args.url)
    engine = engine_for(client)
    name = f"{args.index}-{args.docs}-{args.shards}"
    if not (args.keep and engine.exists(name)):
        engine.delete_index(name)
        start = time.perf_counter()
        index_documents(client, name, ({"_id": str(i), "text": f"doc {i}"} for i in range(args.docs)), vectors=vectors,
                        shards=args.shards, progress=True)
        engine.refresh(name)
        print(f"{args.docs:,} x {args.dim} in {args.shards} shards: indexed in {time.perf_counter() - start:.0f} s")
    search = itlr.LogicalSearch(client, name)
    try:
        print(f"{'terms':>5} {'identical':>10} {'from lists':>11} {'rounds':>7} {'auto p50':>9} {'exact p50':>10} "
              f"{'auto p50, from lists / not':>27}")
        for n_terms in (3, 4):
            same = listed = 0
            rounds, auto_t, exact_t, by_lists = [], [], [], {True: [], False: []}
            for _ in range(args.queries):
                names = [f"t{i}" for i in range(n_terms)]
                terms = {t: centres[rng.integers(0, 200)] + 0.4 * rng.standard_normal(args.dim) for t in names}
                expr = random_expression(names, pick)
                t0 = time.perf_counter()
                auto = search.search(expr, term_vectors=terms, k=10)
                t1 = time.perf_counter()
                exact = search.search(expr, term_vectors=terms, k=10, mode="exact")
                t2 = time.perf_counter()
                auto_t.append(t1 - t0)
                exact_t.append(t2 - t1)
                identical = len(auto.hits) == len(exact.hits) and np.allclose([h.score for h in auto], [h.score for h in exact], atol=1e-5)
                same += identical
                from_lists = auto.certificate is not None and auto.certificate.depth is not None
                listed += from_lists
                by_lists[from_lists].append(t1 - t0)
                rounds.append(auto.certificate.rounds if auto.certificate else 0)
                if not identical:
                    print(f"  differs ({'certified from lists' if from_lists else 'exhaustive'}): {expr}  {auto.certificate}")
            print(f"{n_terms:>5} {same:>5}/{args.queries:<4} {listed:>6}/{args.queries:<4} {np.mean(rounds):>7.2f} "
                  f"{statistics.median(auto_t) * 1e3:>7.1f}ms {statistics.median(exact_t) * 1e3:>8.1f}ms "
                  f"{' / '.join(f'{statistics.median(t) * 1e3:.1f}ms' if t else '-' for t in by_lists.values()):>27}", flush=True)
    finally:
        if not args.keep:
            engine.delete_index(name)


if __name__ == "__main__":
    main()
