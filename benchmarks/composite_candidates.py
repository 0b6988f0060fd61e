"""Does a kNN list per AND node on a composite vector help certified auto? (issue 11 item 2)

    python benchmarks/composite_candidates.py [--source $NC] [--queries 200] [--depth 100]

Simulates the cluster's candidate generation with exact (brute-force) kNN lists over
the first 10,000 real two-sentence NegConstraint passages, on the same random anchored
1-8-term queries as ``itlr bench``. For each query: the exact top 10; the candidates of
every positive term's list of depth K; the certification of the page (itlr.certify);
and the same with one more list per AND node, on the normalised sum of the node's
positive children moved away from its negated ones (q = sum(pos) - beta * sum(neg)).
Equal cost compares K per term plus K per composite against a larger K per term
holding the same number of neighbours.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from itlr.certify import certify_page, unseen_bound
from itlr.embedders import default_embedder
from itlr.evaluation.bench import _workload, random_query, scaled_vectors
from itlr.semantics import Semantics, evaluate, truth_values
from itlr.translator.ast import And, Not, Term
from itlr.translator.plan import plan as make_plan


def composites(expr, index: dict[str, int], vectors: np.ndarray, beta: float) -> list[np.ndarray]:
    out = []
    stack = [expr]
    while stack:
        node = stack.pop()
        children = getattr(node, "children", None) or ([node.child] if isinstance(node, Not) else [])
        stack.extend(children)
        if isinstance(node, And):
            pos = [vectors[index[c.text]] for c in node.children if isinstance(c, Term)]
            neg = [vectors[index[c.child.text]] for c in node.children if isinstance(c, Not) and isinstance(c.child, Term)]
            if len(pos) + len(neg) >= 2 and pos:
                v = np.sum(pos, axis=0) - beta * (np.sum(neg, axis=0) if neg else 0.0)
                out.append(v / np.linalg.norm(v))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default="/work/shared/data/negconstraint")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--beta", type=float, default=0.5)
    args = parser.parse_args()
    embedder = default_embedder()
    corpus, base, pool, term_vectors, _ = _workload(args.source, embedder, progress=False, chunk_sentences=2)
    docs = scaled_vectors(base, 10_000).astype(np.float64)
    rng = random.Random(0)
    sem = Semantics()
    k, depth = 10, args.depth
    rows = {"terms": [], "plain": [], "composite": [], "plain_equal_cost": []}
    for t in (1, 2, 4, 8):
        stats = {name: [0, 0.0] for name in ("plain", "composite", "plain_equal_cost")}
        n = 0
        for _ in range(args.queries // 4):
            expr = random_query(rng.sample(pool, t), rng)
            p = make_plan(expr)
            q = np.stack([term_vectors[x] for x in p.terms]).astype(np.float64)
            sims = docs @ q.T
            scores = evaluate(p.program, truth_values(sims, p.terms, sem), sem)
            exact = set(np.argsort(-scores, kind="stable")[:k].tolist())
            index = {x: i for i, x in enumerate(p.terms)}
            extra = composites(p.expr, index, q, args.beta)
            n += 1
            for name in stats:
                d = depth
                if name == "plain_equal_cost" and extra:
                    d = depth + depth * len(extra) // max(1, len(p.positive_terms))
                candidates: set[int] = set()
                floors = {}
                for i in p.positive_terms:
                    order = np.argsort(-sims[:, i])[:d]
                    candidates |= set(order.tolist())
                    floors[i] = sims[order[-1], i]
                if name == "composite":
                    for v in extra:
                        candidates |= set(np.argsort(-(docs @ v))[:depth].tolist())
                ids = np.array(sorted(candidates))
                page = ids[np.argsort(-scores[ids], kind="stable")[:k]]
                bound = unseen_bound(p.program, p.terms, sem, floors)
                stats[name][0] += certify_page(sorted(scores[page], reverse=True), k, bound)
                stats[name][1] += len(exact & set(page.tolist())) / k
        print(f"{t} terms ({n} queries): " + "; ".join(
            f"{name}: certified {c / n:.2f}, recall@10 {r / n:.3f}" for name, (c, r) in stats.items()))


if __name__ == "__main__":
    main()
