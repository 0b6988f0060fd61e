"""``itlr bench``: latency, recall of the default (certified) and approximate modes
against exact mode, the certified share and round trips, indexing throughput and
per-query overheads, on the local engine and on real nodes.

Corpora of 10,000 and 100,000 passages are made from a real corpus's passage
embeddings: row i is the embedding of real passage ``i mod n`` plus Gaussian
noise (``--sigma`` per dimension, default 0.01: cosine to the original about 0.98),
renormalised. So vectors have the neighbourhood structure of real text without
embedding 100,000 passages on two cores. Queries are logical queries over terms
taken from the corpus's questions (rule-based ``itlr nl`` forms), 1 to 8 terms,
first term positive, each further term joined by AND (sometimes AND NOT) or OR:
every query is anchored, so approximate and exact mode both apply.

Every request loop is bounded (``--queries`` per point and ``--budget`` seconds per
loop) and talks only to 127.0.0.1 (nodes from ``itlr.cluster.up`` or ``--url``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence
from urllib.parse import urlparse

import numpy as np

from . import figures
from .reporting import machine, write_json
from ..embedders import Embedder, normalize
from ..hits import SearchResult
from ..translator import And, Expr, Not, Or, Term

__all__ = ["add_bench_parser", "run_bench_cli", "scaled_vectors", "random_query", "percentiles"]

MODES = ("auto", "approx", "exact")


def percentiles(samples: Sequence[float]) -> dict[str, float | int | None]:
    """p50 / p95 / mean in milliseconds of samples in seconds."""
    if not samples:
        return {"n": 0, "p50_ms": None, "p95_ms": None, "mean_ms": None}
    ms = np.asarray(samples) * 1000.0
    return {"n": len(ms), "p50_ms": float(np.percentile(ms, 50)), "p95_ms": float(np.percentile(ms, 95)), "mean_ms": float(ms.mean())}


def scaled_vectors(base: np.ndarray, n: int, *, sigma: float = 0.01, seed: int = 0) -> np.ndarray:
    """``n`` unit rows: the first ``n`` real rows when there are enough; else real row
    ``i mod len(base)`` plus N(0, sigma^2) noise, renormalised."""
    if n <= len(base):
        return normalize(base[:n])
    rng = np.random.default_rng(seed)
    out = np.empty((n, base.shape[1]), dtype=np.float32)
    for start in range(0, n, 20000):
        stop = min(n, start + 20000)
        rows = base[np.arange(start, stop) % len(base)]
        out[start:stop] = rows + rng.normal(0.0, sigma, rows.shape).astype(np.float32)
    return normalize(out)


def random_query(terms: Sequence[str], rng: random.Random) -> Expr:
    """An anchored query over ``terms`` (all used once, the first positive)."""
    expr: Expr = Term(terms[0])
    for t in terms[1:]:
        if rng.random() < 0.6:
            leaf = Not(Term(t)) if rng.random() < 0.4 else Term(t)
            expr = expr & leaf
        else:
            expr = expr | Term(t)
    return expr


def _timed_loop(fn: Callable[[Any], Any], items: Sequence[Any], *, budget: float, warmup: int = 5) -> tuple[list[float], list[Any]]:
    """Runs ``fn`` over ``items`` (after ``warmup`` untimed calls on the first items), stopping after ``budget`` seconds."""
    for i in range(warmup):
        fn(items[i % len(items)])
    times, results = [], []
    deadline = time.perf_counter() + budget
    for item in items:
        start = time.perf_counter()
        results.append(fn(item))
        times.append(time.perf_counter() - start)
        if time.perf_counter() > deadline:
            break
    return times, results


def _recall(approx: Sequence[Sequence[str]], exact: Sequence[Sequence[str]], k: int = 10) -> float | None:
    pairs = [(set(a[:k]), set(e[:k])) for a, e in zip(approx, exact) if e]
    if not pairs:
        return None
    return float(np.mean([len(a & e) / len(e) for a, e in pairs]))


# -- workload ---------------------------------------------------------------------


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def chunk_passages(corpus: Sequence[Mapping[str, Any]], sentences: int) -> list[dict[str, Any]]:
    """Each passage cut into consecutive pieces of ``sentences`` sentences: more real
    passages from the same text, as RAG pipelines index it."""
    chunks = []
    for doc in corpus:
        parts = _SENTENCE_END.split(" ".join(str(doc["text"]).split()))
        for j in range(0, len(parts), sentences):
            chunks.append({"_id": f"{doc['_id']}#{j // sentences}", "text": " ".join(parts[j : j + sentences])})
    return chunks


def _workload(source: str, embedder: Embedder, *, progress: bool, chunk_sentences: int = 0
              ) -> tuple[list[dict[str, Any]], np.ndarray, list[str], dict[str, np.ndarray], list[str]]:
    """Corpus docs, their vectors, the term pool, term vectors, and the questions."""
    from .datasets import Dataset
    from .runner import corpus_vectors
    from ..documents import read_jsonl

    folder = Path(source)
    corpus = list(read_jsonl(folder / "corpus.jsonl" if folder.is_dir() else folder))
    if chunk_sentences > 0:
        corpus = chunk_passages(corpus, chunk_sentences)
    dataset = Dataset(folder.name, folder.resolve(), corpus, {}, {})
    vectors = corpus_vectors(dataset, embedder, progress=progress)
    questions: list[str] = []
    qfile = (folder / "queries.jsonl") if folder.is_dir() else None
    if qfile and qfile.is_file():
        questions = [str(q["text"]) for q in read_jsonl(qfile)]
    pool: list[str] = []
    try:
        from ..nl import to_logic

        for q in questions:
            pool.extend(to_logic(q, llm=False).expr.terms())
    except ImportError:
        pass
    if len(set(pool)) < 16:  # no questions: short snippets of passages as terms
        pool += [" ".join(str(d["text"]).split()[:6]) for d in corpus[:200]]
    pool = list(dict.fromkeys(pool))
    term_vectors = dict(zip(pool, embedder.embed(pool)))
    return corpus, vectors, pool, term_vectors, questions


# -- engines ----------------------------------------------------------------------


class _Local:
    name = "local"
    knn_k: int | None = None

    def __init__(self, vectors: np.ndarray, *, progress: bool) -> None:
        from ..local import LocalIndex
        from ..search import LogicalSearch

        self.index = LocalIndex(model="bench")
        docs = [{"_id": str(i), "text": f"passage {i}"} for i in range(len(vectors))]
        start = time.perf_counter()
        self.index.add(docs, vectors=vectors)
        self.index_seconds = time.perf_counter() - start
        self.search_api = LogicalSearch(self.index, embedder=_NoEmbedder())

    def knn(self, v: np.ndarray) -> list[str]:
        return [h.id for h in self.search_api.knn(v, k=10)]

    def search(self, expr: Expr, q: np.ndarray, mode: str) -> SearchResult:
        return self.search_api.search(expr, term_vectors=q, k=10, mode=mode, knn_k=self.knn_k)

    def close(self) -> None:
        pass


class _Cluster:
    knn_k: int | None = None
    num_candidates: int | None = None

    def __init__(self, engine: str, url: str, vectors: np.ndarray, texts: Sequence[str], *, progress: bool, keep: bool,
                 shards: int = 1, prefix: str = "itlr-bench") -> None:
        from ..indexing import index_documents
        from ..search import LogicalSearch
        from ..engines import connect

        host = urlparse(url).hostname
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"itlr bench only talks to 127.0.0.1; got {url}")
        self.name = engine
        self.client = connect(url, engine, timeout=120)
        self.index = f"{prefix}-{len(vectors)}"
        self.keep = keep
        if self.client.indices.exists(index=self.index):
            self.client.indices.delete(index=self.index)
        docs = [{"_id": str(i), "text": texts[i % len(texts)]} for i in range(len(vectors))]
        start = time.perf_counter()
        index_documents(self.client, self.index, docs, vectors=vectors, shards=shards, progress=progress)
        self.client.indices.refresh(index=self.index)
        self.index_seconds = time.perf_counter() - start
        self.search_api = LogicalSearch(self.client, self.index, embedder=None)

    def knn(self, v: np.ndarray) -> list[str]:
        return [h.id for h in self.search_api.knn(v, k=10)]

    def search(self, expr: Expr, q: np.ndarray, mode: str) -> SearchResult:
        return self.search_api.search(expr, term_vectors=q, k=10, mode=mode, knn_k=self.knn_k, num_candidates=self.num_candidates)

    def engine_exact(self, v: np.ndarray) -> list[str] | None:
        """The engine's own exact single-vector scoring: OpenSearch k-NN's ``knn_score`` script."""
        if self.name != "opensearch":
            return None
        body = {"size": 10, "_source": False, "query": {"script_score": {"query": {"match_all": {}}, "script": {
            "lang": "knn", "source": "knn_score",
            "params": {"field": "embedding", "query_value": [float(x) for x in v], "space_type": "cosinesimil"}}}}}
        return [h["_id"] for h in self.search_api.engine.search(self.index, body)["hits"]["hits"]]  # type: ignore[union-attr]

    def close(self) -> None:
        if not self.keep:
            try:
                self.client.indices.delete(index=self.index)
            except Exception:  # best effort
                pass


class _NoEmbedder:
    name = "none"
    dim = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        raise RuntimeError("bench queries carry their own vectors")


# -- the benchmark ----------------------------------------------------------------


def run_bench(
    *,
    source: str,
    embedder: Embedder,
    sizes: Sequence[int],
    term_counts: Sequence[int],
    engines: Mapping[str, str | None],
    queries: int = 30,
    budget: float = 60.0,
    sigma: float = 0.01,
    seed: int = 0,
    progress: bool = True,
    keep: bool = False,
    knn_k: int | None = None,
    warmup: int = 5,
    chunk_sentences: int = 0,
    index_prefix: str = "itlr-bench",
    shards: int = 1,
    overheads: bool = True,
    log: Callable[[str], None] = lambda s: print(s, file=sys.stderr),
) -> dict[str, Any]:
    rng = random.Random(seed)
    corpus, base, pool, term_vectors, questions = _workload(source, embedder, progress=progress, chunk_sentences=chunk_sentences)
    texts = [" ".join(str(d["text"]).split()[:40]) for d in corpus]
    report: dict[str, Any] = {
        "source": str(Path(source).resolve()),
        "base_passages": len(base),
        "chunk_sentences": chunk_sentences,
        "sigma": sigma,
        "queries_per_point": queries,
        "budget_s": budget,
        "warmup": warmup,
        "term_pool": len(pool),
        "shards": shards,
        "knn_k": knn_k or "default (approx: max(100, 4k) per positive term; auto: 100, 400, 1,600, then exact)",
        "results": [],
        "indexing": [],
        "errors": [],
    }
    workloads = {t: [random_query(rng.sample(pool, t), rng) for _ in range(queries)] for t in term_counts}
    for n in sizes:
        vectors = scaled_vectors(base, n, sigma=sigma, seed=seed)
        for engine, url in engines.items():
            log(f"{engine}: indexing {n} vectors")
            try:
                backend = _Local(vectors, progress=progress) if engine == "local" else _Cluster(
                    engine, url or "", vectors, texts, progress=progress, keep=keep, shards=shards, prefix=index_prefix)
            except Exception as exc:
                report["errors"].append({"engine": engine, "size": n, "stage": "index", "error": f"{type(exc).__name__}: {exc}"})
                log(f"{engine}: indexing failed: {exc}")
                continue
            backend.knn_k = knn_k
            if knn_k and hasattr(backend, "num_candidates"):
                backend.num_candidates = max(knn_k, 100)
            report["indexing"].append({"engine": engine, "size": n, "seconds": backend.index_seconds, "docs_per_s": n / backend.index_seconds})
            try:
                single = [term_vectors[rng.choice(pool)] for _ in range(queries)]
                times, _ = _timed_loop(backend.knn, single, budget=budget, warmup=warmup)
                report["results"].append({"engine": engine, "size": n, "kind": "knn", "terms": 1, **percentiles(times)})
                log(f"{engine} {n}: knn p50 {percentiles(times)['p50_ms']:.2f} ms")
                if isinstance(backend, _Cluster) and backend.name == "opensearch":
                    times, _ = _timed_loop(backend.engine_exact, single, budget=budget, warmup=warmup)
                    report["results"].append({"engine": engine, "size": n, "kind": "knn_score", "terms": 1, **percentiles(times)})
                    log(f"{engine} {n}: knn_score (the engine's exact single-vector scoring) p50 {percentiles(times)['p50_ms']:.2f} ms")
                for t in term_counts:
                    items = [(e, np.stack([term_vectors[x] for x in e.terms()])) for e in workloads[t]]
                    results: dict[str, list[SearchResult]] = {}
                    for mode in MODES:
                        try:
                            times, answers = _timed_loop(lambda it: backend.search(it[0], it[1], mode), items, budget=budget, warmup=warmup)
                        except Exception as exc:
                            report["errors"].append({"engine": engine, "size": n, "stage": f"{mode} {t} terms", "error": f"{type(exc).__name__}: {exc}"})
                            log(f"{engine} {n} {mode} {t} terms failed: {exc}")
                            continue
                        results[mode] = answers
                        report["results"].append({"engine": engine, "size": n, "kind": mode, "terms": t, **percentiles(times)})
                    report["results"].extend(_quality_rows(engine, n, t, results))
                    for row in report["results"][-3:]:
                        if row["kind"] in ("recall@10 auto", "certified"):
                            log(f"{engine} {n} {t} terms: {row['kind']} {row.get('recall', row.get('share'))}")
            finally:
                backend.close()
    if overheads:
        report["overhead"] = _overheads(questions, pool, rng, queries=max(queries, 30), budget=budget)
    return report


def _quality_rows(engine: str, size: int, terms: int, results: Mapping[str, Sequence[SearchResult]]) -> list[dict[str, Any]]:
    """Recall@10 of auto and approx against exact, the share of auto pages certified from
    kNN candidates (not by exhaustive scoring), and auto's mean round trips."""
    rows: list[dict[str, Any]] = []
    exact = [[h.id for h in r] for r in results.get("exact", [])]
    for mode in ("auto", "approx"):
        if mode in results and exact:
            m = min(len(results[mode]), len(exact))
            ranked = [[h.id for h in r] for r in results[mode][:m]]
            same = sum(a == e for a, e in zip(ranked, exact[:m]))
            rows.append({"engine": engine, "size": size, "kind": f"recall@10 {mode}", "terms": terms,
                         "recall": _recall(ranked, exact[:m]), "identical_top10": same / m if m else None, "n": m})
    auto = results.get("auto", [])
    # A certified page that differs from exact mode's is a bug, or a tie, or the kNN index's
    # own approximation: keep both pages with their scores to tell which.
    differing = [
        {"query": a.query, "certificate": a.certificate.to_dict(), "auto": [[h.id, h.score] for h in a],
         "exact": [[h.id, h.score] for h in e]}
        for a, e in zip(auto, results.get("exact", []))
        if a.certificate is not None and a.certificate.certified and [h.id for h in a] != [h.id for h in e]
    ]
    if differing:
        rows.append({"engine": engine, "size": size, "kind": "certified but not identical", "terms": terms, "pages": differing})
    certificates = [r.certificate for r in auto if r.certificate is not None]
    if certificates:
        from_candidates = [c for c in certificates if c.certified and c.depth is not None]
        rows.append({"engine": engine, "size": size, "kind": "certified", "terms": terms, "n": len(certificates),
                     "share": len(from_candidates) / len(certificates),
                     "rounds": float(np.mean([c.rounds for c in certificates])),
                     "depths": sorted({c.depth for c in from_candidates if c.depth is not None})})
    return rows


def _overheads(questions: Sequence[str], pool: Sequence[str], rng: random.Random, *, queries: int, budget: float) -> dict[str, Any]:
    """Per-query translation (rules; parse) and embedding (raw model, and the on-disk cache) costs."""
    from ..embedders import SentenceTransformerEmbedder, default_embedder
    from ..translator import parse

    out: dict[str, Any] = {}
    sample = list(questions)[:queries]
    if sample:
        try:
            from ..nl import to_logic

            times, forms = _timed_loop(lambda q: to_logic(q, llm=False), sample, budget=budget)
            out["nl_rules"] = percentiles(times)
            texts = [str(f.expr) for f in forms]
            times, _ = _timed_loop(parse, texts, budget=budget)
            out["parse"] = percentiles(times)
        except ImportError:
            pass
    raw = SentenceTransformerEmbedder()
    cached = default_embedder()
    for t in (1, 4, 8):
        batches = [rng.sample(list(pool), t) for _ in range(min(queries, 30))]
        times, _ = _timed_loop(raw.embed, batches, budget=budget)
        out[f"embed_{t}_terms_model"] = percentiles(times)
        cached.embed([x for b in batches for x in b])  # make sure they are cached
        times, _ = _timed_loop(cached.embed, batches, budget=budget)
        out[f"embed_{t}_terms_cached"] = percentiles(times)
    return out


# -- output -----------------------------------------------------------------------


def format_bench(report: Mapping[str, Any]) -> str:
    lines = [report.get("header", "")]
    lines.append(f"approximate mode: {report.get('knn_k')} candidates per positive term; queries join random terms "
                 f"from a pool of {report['term_pool']} (a hard case for candidate generation)")
    lines.append(f"corpora: real passage embeddings of {report['source']} ({report['base_passages']} passages) "
                 f"repeated with N(0, {report['sigma']}^2) noise per dimension")
    lines.append("")
    lines.append("indexing throughput")
    for row in report["indexing"]:
        lines.append(f"  {row['engine']:14} {row['size']:>8} docs  {row['seconds']:8.1f} s  {row['docs_per_s']:10.0f} docs/s")
    lines.append("")
    lines.append("latency p50 / p95 (ms), k=10; recall@10 and identical top 10 against exact mode; auto's pages")
    lines.append("certified from kNN candidates (the rest scored exhaustively) and its round trips per query")
    keyed: dict[tuple[Any, ...], dict[str, Any]] = {}
    for row in report["results"]:
        keyed[(row["engine"], row["size"], row["kind"], row["terms"])] = row
    groups = sorted({(r["engine"], r["size"]) for r in report["results"]}, key=lambda g: (g[0], g[1]))
    terms = sorted({r["terms"] for r in report["results"] if r["kind"] in MODES})
    lines.append("  engine          size  kind          " + "".join(f"{t:>16}" for t in ["1 vector"] + [f"{t} terms" for t in terms]))

    def latency(row: Mapping[str, Any] | None) -> str:
        return f"{row['p50_ms']:7.2f}/{row['p95_ms']:7.2f}" if row and row.get("p50_ms") is not None else "-"

    for engine, size in groups:
        first = {"auto": latency(keyed.get((engine, size, "knn", 1))),
                 "exact": latency(keyed.get((engine, size, "knn_score", 1)))}
        for kind in (*MODES, "recall@10 auto", "recall@10 approx", "certified", "rounds"):
            cells = [first.get(kind, "")]
            for t in terms:
                row = keyed.get((engine, size, "certified" if kind == "rounds" else kind, t))
                if row is None:
                    cells.append("-")
                elif kind.startswith("recall"):
                    cells.append(f"{row['recall']:.3f} ({row['identical_top10']:.2f})" if row["recall"] is not None else "-")
                elif kind == "certified":
                    cells.append(f"{row['share']:.2f}")
                elif kind == "rounds":
                    cells.append(f"{row['rounds']:.2f}")
                else:
                    cells.append(latency(row))
            lines.append(f"  {engine:12} {size:>7}  {kind:13} " + "".join(f"{c:>16}" for c in cells))
    lines.append("  (1 vector: beside auto the engine's single-vector kNN query, beside exact its own exact")
    lines.append("   single-vector scoring, OpenSearch's knn_score script; recall cells: mean recall (share identical))")
    if report.get("overhead"):
        lines.append("")
        lines.append("per-query overheads p50 / p95 (ms)")
        for name, row in report["overhead"].items():
            if row.get("p50_ms") is not None:
                lines.append(f"  {name:28} {row['p50_ms']:9.3f} / {row['p95_ms']:9.3f}   (n={row['n']})")
    for err in report.get("errors", []):
        lines.append(f"error: {err['engine']} {err['size']} {err['stage']}: {err['error']}")
    if report.get("plot"):
        lines.append(f"plot: {report['plot']}")
    return "\n".join(lines)


def plot_bench(report: Mapping[str, Any], path: str) -> Path:
    plt = figures.pyplot()
    sizes = sorted({r["size"] for r in report["results"]})
    fig, axes = plt.subplots(1, len(sizes), figsize=(5 * len(sizes), 3.8), squeeze=False)
    colors = {"local": "C0", "opensearch": "C1", "elasticsearch": "C2"}
    for ax, size in zip(axes[0], sizes):
        for engine in sorted({r["engine"] for r in report["results"] if r["size"] == size}):
            for kind, style in (("auto", "^-"), ("approx", "o-"), ("exact", "s--")):
                rows = sorted((r for r in report["results"] if r["size"] == size and r["engine"] == engine and r["kind"] == kind), key=lambda r: r["terms"])
                if rows:
                    ax.plot([r["terms"] for r in rows], [r["p50_ms"] for r in rows], style, color=colors.get(engine), label=f"{engine} {kind}")
            knn = [r for r in report["results"] if r["size"] == size and r["engine"] == engine and r["kind"] == "knn"]
            if knn and knn[0]["p50_ms"]:
                ax.axhline(knn[0]["p50_ms"], color=colors.get(engine), linestyle=":", label=f"{engine} single kNN")
        ax.set_ylim(bottom=0)
        ax.set_title(f"{size:,} passages")
        ax.set_xlabel("terms in the query")
        ax.set_xticks(sorted({r["terms"] for r in report["results"] if r["kind"] in MODES}))
        ax.set_ylabel("p50 latency (ms)")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=7)
    return figures.save(fig, path)


# -- CLI ----------------------------------------------------------------------------


def add_bench_parser(subparsers: Any, func: Callable[[argparse.Namespace], None]) -> None:
    p = subparsers.add_parser(
        "bench",
        help="latency (kNN, itlr approx/exact), approx recall, indexing throughput and per-query overheads",
        description=__doc__.split("\n\n")[0],
    )
    p.add_argument("--source", required=True, help="BEIR-layout folder whose passages (and questions) seed the corpora")
    p.add_argument("--sizes", default="10000,100000", help="corpus sizes (default 10000,100000)")
    p.add_argument("--terms", default="1,2,3,4,5,6,7,8", help="term counts of the logical queries (default 1..8)")
    p.add_argument("--engines", default="local", help="comma-separated: local, opensearch, elasticsearch (default local)")
    p.add_argument("--url", action="append", default=[], metavar="ENGINE=URL",
                   help="node of an engine, e.g. opensearch=http://127.0.0.1:9200 (default: itlr.cluster.up)")
    p.add_argument("--queries", type=int, default=30, help="timed queries per point (default 30)")
    p.add_argument("--warmup", type=int, default=5, help="untimed queries before each timed loop (default 5)")
    p.add_argument("--budget", type=float, default=60.0, help="seconds at most per timed loop (default 60)")
    p.add_argument("--sigma", type=float, default=0.01, help="noise per dimension when scaling the corpus beyond its real passages")
    p.add_argument("--chunk-sentences", type=int, default=0, metavar="N",
                   help="cut every passage into pieces of N sentences first (more real passages; default: whole passages)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--model", help="embedding model (default all-MiniLM-L6-v2)")
    p.add_argument("--knn-k", type=int, help="approximate mode: candidates per positive term (default: the library's, max(k, 10))")
    p.add_argument("--keep-index", action="store_true", help="leave the bench indices on the nodes")
    p.add_argument("--index-prefix", default="itlr-bench", help="name of the bench indices before their size (default itlr-bench)")
    p.add_argument("--shards", type=int, default=1, help="shards of the bench indices (default 1)")
    p.add_argument("--no-overheads", action="store_true", help="skip the per-query overheads (translation, embedding)")
    p.add_argument("--out", help="JSON results")
    p.add_argument("--plot", help="PNG of latency against terms")
    p.add_argument("--blas-threads", type=int, default=1, help="numpy BLAS threads for the local engine (default 1; 0 = library default)")
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=func)


def _limit_blas(threads: int | None) -> int | str:
    """Caps numpy's BLAS threads (a second BLAS thread waiting for a busy core costs
    milliseconds per call on a shared two-core machine)."""
    if not threads:
        return "default"
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return "default (threadpoolctl missing)"
    global _BLAS_LIMIT
    _BLAS_LIMIT = threadpool_limits(threads, user_api="blas")
    return threads


_BLAS_LIMIT = None


def _loadavg() -> str:
    try:
        import os

        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except (OSError, AttributeError):
        return "?"


def run_bench_cli(args: argparse.Namespace) -> None:
    """Bad arguments raise ValueError, which the CLI reports as a usage error (exit 2)."""
    from ..embedders import get_embedder

    try:
        sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
        terms = [int(x) for x in args.terms.split(",") if x.strip()]
    except ValueError:
        raise ValueError("--sizes and --terms take comma-separated integers") from None
    if not sizes or min(sizes) <= 0 or not terms or min(terms) < 1 or max(terms) > 64:
        raise ValueError("--sizes must be positive and --terms between 1 and 64")
    if args.queries < 1 or args.budget <= 0:
        raise ValueError("--queries and --budget must be positive")
    urls = {}
    for item in args.url:
        engine, _, url = item.partition("=")
        if not url:
            raise ValueError(f"--url takes ENGINE=URL; got {item!r}")
        urls[engine.strip()] = url.strip()
    engines: dict[str, str | None] = {}
    for engine in [e.strip() for e in args.engines.split(",") if e.strip()]:
        if engine not in ("local", "opensearch", "elasticsearch"):
            raise ValueError(f"unknown engine {engine!r}")
        if engine != "local" and engine not in urls:
            from ..cluster import up

            urls[engine] = up(engine)
        engines[engine] = urls.get(engine)
    embedder = get_embedder(args.model)
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    blas = _limit_blas(args.blas_threads)
    report = run_bench(
        source=args.source, embedder=embedder, sizes=sizes, term_counts=terms, engines=engines,
        queries=args.queries, budget=args.budget, sigma=args.sigma, seed=args.seed, progress=not args.quiet,
        keep=args.keep_index, knn_k=args.knn_k, warmup=args.warmup, chunk_sentences=args.chunk_sentences,
        index_prefix=args.index_prefix, shards=args.shards, overheads=not args.no_overheads,
    )
    report.update({"date": started, "machine": machine(), "model": embedder.name, "engines": engines, "blas_threads": blas})
    load = _loadavg()
    report["load_average"] = load
    report["header"] = (f"itlr bench on {report['machine']}; model {embedder.name}; BLAS threads {blas}; "
                        f"load average at the end {load}; {started}")
    if args.plot:
        report["plot"] = str(plot_bench(report, args.plot))
    print(format_bench(report))
    if args.out:
        write_json(args.out, report)
