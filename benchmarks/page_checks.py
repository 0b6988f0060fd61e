"""What the page checks of issue 11 share (docs/BENCHMARKS.md §5j): bench's scaled corpus and
its term pool, and counting, over random queries, the ``auto`` pages equal to exact mode's."""

from __future__ import annotations

import random
from typing import Any, Callable

import numpy as np

from itlr.embedders import get_embedder
from itlr.evaluation.bench import _workload, random_query, scaled_vectors


def scaled_corpus(source: str, size: int) -> tuple[list[str], dict[str, np.ndarray], np.ndarray]:
    """bench's term pool, its term vectors, and ``size`` corpus vectors scaled from the passages
    cut in two-sentence pieces (every passage gets near-copies: hard for a graph)."""
    _, base, pool, term_vectors, _ = _workload(source, get_embedder(None), progress=False, chunk_sentences=2)
    return pool, term_vectors, scaled_vectors(base, size, seed=0)


def random_queries(pool: list[str], terms: int, count: int, rng: random.Random) -> list[Any]:
    return [random_query(rng.sample(pool, terms), rng) for _ in range(count)]


def compare_pages(search: Callable[..., Any], queries: list[Any], term_vectors: dict[str, np.ndarray], **options: Any) -> tuple[int, int]:
    """(pages equal to exact mode's, pages certified from kNN lists) of ``auto`` over ``queries``;
    ``search`` is a search object's ``search``, ``options`` go to both modes but ``knn_k`` to auto only."""
    knn_k = options.pop("knn_k", None)
    same = listed = 0
    for expr in queries:
        q = np.stack([term_vectors[t] for t in expr.terms()])
        exact = search(expr, term_vectors=q, k=10, mode="exact", **options)
        auto = search(expr, term_vectors=q, k=10, mode="auto", knn_k=knn_k, **options)
        same += [h.id for h in auto.hits] == [h.id for h in exact.hits]
        listed += bool(auto.certificate and auto.certificate.certified and auto.certificate.depth is not None)
    return same, listed


def offset_check(search: Callable[..., Any], pool: list[str], term_vectors: dict[str, np.ndarray], queries: int, label: str = "") -> None:
    """Prints, per term count (1-3) and offset (0, 10, 40, 90), how many ``auto`` pages equal exact mode's."""
    rng = random.Random(2)
    for terms in (1, 2, 3):
        drawn = random_queries(pool, terms, queries, rng)
        for offset in (0, 10, 40, 90):
            same, listed = compare_pages(search, drawn, term_vectors, offset=offset)
            print(f"{label}{terms} term(s), offset {offset}: page equals exact mode's {same}/{queries}, certified from lists {listed}/{queries}")
