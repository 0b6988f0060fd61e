"""Concurrent load on one :class:`itlr.LogicalSearch`: many clients, random logical
queries, latency percentiles, throughput, errors and the node's script compilations.

Used by ``benchmarks/soak.py`` (16 clients × 1,000 queries by default) and by the
CI-sized load test. The workload is synthetic and reproducible from a seed:
documents lie near one to three of a set of topic centres, terms are those centres,
so every term has near and far documents and truth values spread over (0, 1).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from ..embedders import normalize
from ..semantics import AND_OPS, NOT_OPS, OR_OPS, Semantics
from ..translator import And, Expr, Not, Or, Term
from ..translator.plan import plan

__all__ = ["Corpus", "LogicalQuery", "LoadResult", "make_corpus", "random_queries", "run_load", "latency_summary"]

GROUPS = ("red", "green", "blue", "amber")


@dataclass
class Corpus:
    """Documents with metadata (``n``: an integer, ``group``: one lowercase word) and
    unit vectors, and the topic vectors that serve as query terms."""

    docs: list[dict[str, Any]]
    vectors: np.ndarray
    terms: dict[str, np.ndarray]


def make_corpus(n_docs: int, *, dims: int = 384, n_terms: int = 48, seed: int = 0) -> Corpus:
    rng = np.random.default_rng(seed)
    centres = normalize(rng.normal(size=(n_terms, dims)).astype(np.float32))
    vectors = np.empty((n_docs, dims), dtype=np.float32)
    for i in range(n_docs):
        topics = rng.choice(n_terms, size=int(rng.integers(1, 4)), replace=False)
        weights = rng.uniform(0.5, 1.0, size=len(topics)).astype(np.float32)
        vectors[i] = weights @ centres[topics] + rng.normal(0.0, 0.6 / np.sqrt(dims), size=dims).astype(np.float32)
    # n spreads over 0..999 whatever the size, so every range filter of random_filter selects documents
    docs = [{"_id": f"d{i:06d}", "text": f"document {i}", "n": i * 1000 // n_docs, "group": GROUPS[i % len(GROUPS)]} for i in range(n_docs)]
    return Corpus(docs, normalize(vectors), {f"topic {j}": centres[j] for j in range(n_terms)})


@dataclass(frozen=True)
class LogicalQuery:
    """One request of the load: a query and every search option it is sent with."""

    expr: Expr
    k: int
    offset: int
    mode: str
    explain: bool
    semantics: Semantics
    filter: Mapping[str, Any] | None

    def run(self, search: Any) -> Any:
        return search.search(self.expr, k=self.k, offset=self.offset, mode=self.mode, explain=self.explain,
                             semantics=self.semantics, filter=self.filter)


def random_filter(rng: random.Random) -> dict[str, Any] | None:
    """None half the time, else one of the filter kinds users write (all selective, none empty)."""
    low = rng.randrange(0, 800)
    return rng.choice([
        None, None, None, None,
        {"range": {"n": {"gte": low, "lt": low + 400}}},
        {"term": {"group": rng.choice(GROUPS)}},
        {"terms": {"group": rng.sample(GROUPS, 2)}},
        {"bool": {"must_not": [{"term": {"group": rng.choice(GROUPS)}}], "filter": [{"range": {"n": {"lt": 900}}}]}},
    ])


def random_expr(terms: Sequence[str], rng: random.Random, max_terms: int = 8) -> Expr:
    """A random AND/OR/NOT tree over 1 to ``max_terms`` distinct terms."""
    chosen = rng.sample(list(terms), rng.randint(1, min(max_terms, len(terms))))
    parts: list[Expr] = [Term(t) for t in chosen]
    parts = [Not(p) if rng.random() < 0.3 else p for p in parts]
    while len(parts) > 1:
        i = rng.randrange(len(parts) - 1)
        node: Expr = And((parts[i], parts[i + 1])) if rng.random() < 0.6 else Or((parts[i], parts[i + 1]))
        if rng.random() < 0.1:
            node = Not(node)
        parts[i : i + 2] = [node]
    return parts[0]


def random_semantics(rng: random.Random) -> Semantics:
    """Any operator family of the paper's Table 2; sometimes a sigmoid for the truth values."""
    sigmoid = (rng.uniform(5.0, 20.0), rng.uniform(0.1, 0.4)) if rng.random() < 0.2 else None
    return Semantics(rng.choice(AND_OPS), rng.choice(OR_OPS), rng.choice(NOT_OPS), sigmoid=sigmoid)


def random_queries(terms: Sequence[str], n: int, *, seed: int = 0, max_terms: int = 8) -> list[LogicalQuery]:
    """``n`` requests: random queries, operator families, filters, explain, modes and pages."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        expr = random_expr(terms, rng, max_terms)
        k = rng.choice((5, 10, 10, 20))
        modes = ["auto", "exact"] + (["approx"] if plan(expr).positive_terms else [])
        out.append(LogicalQuery(expr, k, k * rng.choice((0, 0, 1, 2)), rng.choice(modes), rng.random() < 0.3,
                                random_semantics(rng), random_filter(rng)))
    return out


@dataclass
class LoadResult:
    clients: int
    requests: int
    seconds: float
    errors: list[str] = field(default_factory=list)
    results: list[list[Any]] = field(default_factory=list)  # per client, in its order (None where it failed)
    timings: list[list[float | None]] = field(default_factory=list)  # seconds, the same shape (None where it failed)

    @property
    def latencies(self) -> list[float]:
        """Seconds of every successful request."""
        return [t for per in self.timings for t in per if t is not None]

    def summary(self, where: Callable[[int, int], bool] | None = None) -> dict[str, Any]:
        """Counts, throughput and latency percentiles; ``where(client, i)`` keeps a subset's latencies."""
        kept = self.latencies if where is None else [
            t for c, per in enumerate(self.timings) for i, t in enumerate(per) if t is not None and where(c, i)]
        out: dict[str, Any] = {"requests": len(kept) if where else self.requests}
        if where is None:
            out.update({"clients": self.clients, "errors": len(self.errors), "seconds": round(self.seconds, 3),
                        "throughput_qps": round(self.requests / self.seconds, 1) if self.seconds else None})
        return out | latency_summary(kept)


def latency_summary(latencies: Sequence[float]) -> dict[str, float | None]:
    if not latencies:
        return {"p50_ms": None, "p99_ms": None, "max_ms": None}
    ms = np.asarray(latencies) * 1000.0
    return {"p50_ms": round(float(np.percentile(ms, 50)), 2), "p99_ms": round(float(np.percentile(ms, 99)), 2),
            "max_ms": round(float(ms.max()), 2)}


def run_load(call: Callable[[Any], Any], work: Sequence[Sequence[Any]]) -> LoadResult:
    """Runs ``call(item)`` for each client's items, one thread per client, all starting
    together. An exception is recorded as an error (with the client and item number)
    and the client goes on."""
    barrier = threading.Barrier(len(work) + 1)
    timings: list[list[float | None]] = [[] for _ in work]
    errors: list[list[str]] = [[] for _ in work]
    results: list[list[Any]] = [[] for _ in work]

    def client(c: int) -> None:
        barrier.wait()
        for i, item in enumerate(work[c]):
            start = time.perf_counter()
            try:
                value = call(item)
            except Exception as exc:  # noqa: BLE001 - counted and reported: the load must show zero
                errors[c].append(f"client {c} request {i}: {type(exc).__name__}: {exc}")
                results[c].append(None)
                timings[c].append(None)
                continue
            timings[c].append(time.perf_counter() - start)
            results[c].append(value)

    threads = [threading.Thread(target=client, args=(c,), name=f"load-client-{c}") for c in range(len(work))]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    seconds = time.perf_counter() - start
    return LoadResult(len(work), sum(len(w) for w in work), seconds, [e for per in errors for e in per], results, timings)
