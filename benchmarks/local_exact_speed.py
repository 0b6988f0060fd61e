"""Exact local scoring against its floor: the bare float32 product of the corpus matrix
with the query's term vectors, in the same process, interleaved run by run.

    PYTHONPATH=. python benchmarks/local_exact_speed.py [--docs 100000] [--dim 384] [--runs 40]
        [--repeats 1] [--random 0] [--check]

Prints, per query, the p50 of ``LocalIndex.search(mode="exact", k=10)`` and of
``vectors @ q.T``, and their ratio (issue 11 asks for at most 2x at 100,000 x 384).
The fixed queries below come first; ``--random N`` adds N random anchored queries per
number of terms (``itlr.evaluation.bench.random_query``). With ``--repeats R`` the whole
measurement runs R times over the same queries and a last table gives each ratio's
lowest, median and highest: on a shared machine the spread is the news. ``--check``
first compares every query's exact page with a float64 brute force (ties by row).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from itlr import LocalIndex, Semantics
from itlr.evaluation.bench import random_query
from itlr.semantics import evaluate, truth_values
from itlr.translator.plan import plan as make_plan

# One query per number of terms, mixing every operator (t0 ... t7 are the term names).
QUERIES = {
    1: '"t0"',
    2: '"t0" AND NOT "t1"',
    4: '("t0" OR "t1") AND "t2" AND NOT "t3"',
    8: '("t0" OR "t1" AND "t2") AND ("t3" OR "t4") AND NOT ("t5" OR "t6") AND NOT "t7"',
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=100_000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--random", type=int, default=0, help="random anchored queries per number of terms")
    parser.add_argument("--check", action="store_true", help="compare each page with a float64 brute force first")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    # Clustered unit vectors, like embeddings: many documents share a topic.
    centres = rng.standard_normal((200, args.dim)).astype(np.float32)
    vectors = centres[rng.integers(0, 200, args.docs)] + 0.6 * rng.standard_normal((args.docs, args.dim)).astype(np.float32)
    index = LocalIndex(model="bench")
    index.add(({"_id": str(i), "text": f"doc {i}"} for i in range(args.docs)), vectors=vectors)
    matrix = index.vectors
    shapes = random.Random(args.seed)
    queries = [(n, q) for n, q in QUERIES.items()]
    queries += [(n, str(random_query([f"t{i}" for i in range(n)], shapes))) for n in QUERIES for _ in range(args.random)]
    cases = []
    for n_terms, query in queries:
        terms = {f"t{i}": centres[rng.integers(0, 200)] + 0.3 * rng.standard_normal(args.dim) for i in range(n_terms)}
        q = np.stack([terms[f"t{i}"] for i in range(n_terms)]).astype(np.float32)
        q /= np.linalg.norm(q, axis=1, keepdims=True)
        cases.append((n_terms, query, terms, np.ascontiguousarray(q.T)))
    print(f"{args.docs:,} documents x {args.dim} dimensions, {args.runs} runs, k=10")
    if args.check:
        check(index, cases)
    ratios: list[list[float]] = [[] for _ in cases]
    for repeat in range(args.repeats):
        if args.repeats > 1:
            print(f"repeat {repeat + 1} of {args.repeats}")
        print(f"{'terms':>5} {'exact p50 ms':>13} {'product p50 ms':>15} {'ratio':>6}  query")
        for case, (n_terms, query, terms, q_t) in enumerate(cases):
            exact_times, product_times = [], []
            for run in range(args.runs + 2):
                start = time.perf_counter()
                index.search(query, term_vectors=terms, k=10, mode="exact", semantics=Semantics())
                exact = time.perf_counter() - start
                start = time.perf_counter()
                matrix @ q_t
                product = time.perf_counter() - start
                if run >= 2:  # warm-up
                    exact_times.append(exact)
                    product_times.append(product)
            e, p = float(np.median(exact_times)) * 1e3, float(np.median(product_times)) * 1e3
            ratios[case].append(e / p)
            print(f"{n_terms:>5} {e:>13.2f} {p:>15.2f} {e / p:>6.2f}  {query}")
    if args.repeats > 1:
        print(f"{'terms':>5} {'lowest':>7} {'median':>7} {'highest':>7}  (ratio over {args.repeats} repeats)")
        for (n_terms, query, _, _), values in zip(cases, ratios):
            print(f"{n_terms:>5} {min(values):>7.2f} {float(np.median(values)):>7.2f} {max(values):>7.2f}  {query}")



def check(index: LocalIndex, cases: list[tuple[int, str, dict[str, np.ndarray], np.ndarray]]) -> None:
    """Each query's exact page against every document's float64 score, ties by row."""
    matrix64 = index.vectors.astype(np.float64)
    for _, query, terms, _ in cases:
        p = make_plan(query)
        q = np.stack([terms[t] for t in p.terms]).astype(np.float32)
        q /= np.linalg.norm(q, axis=1, keepdims=True)
        scores = evaluate(p.program, truth_values(matrix64 @ q.astype(np.float64).T, p.terms, Semantics()), Semantics())
        want = np.lexsort((np.arange(len(scores)), -scores))[:10]
        got = np.array([int(h.id) for h in index.search(query, term_vectors=terms, k=10, mode="exact")])
        # Equal rows, or equal scores where float64 summation order can break a tie.
        same = np.array_equal(got, want) or np.allclose(scores[got], scores[want], rtol=1e-12, atol=0)
        print(f"check {'same' if same else 'DIFFERENT'} page as float64: {query}")
        if not same:
            raise SystemExit(f"exact page differs from float64 for {query}: {got.tolist()} != {want.tolist()}")


if __name__ == "__main__":
    main()
