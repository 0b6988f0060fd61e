"""Concurrent load on a real OpenSearch node through one shared ``LogicalSearch``.

16 clients × 30 random queries (1–8 terms, every operator family, filters, explain,
pagination, every mode) at once: no errors, no script compiled after warm-up, and
every exact page equal to the local engine's (the reference), as it would be on an
idle node. The same load of single-vector kNN queries beside it, on both engines
(Elasticsearch's node here runs no Painless, so only kNN there). The full-size run
(16 × 1,000, with latencies and throughput) is ``benchmarks/soak.py``.
"""

from __future__ import annotations

import random
import uuid

import numpy as np
import pytest

from itlr import LocalIndex, LogicalSearch, PrecomputedEmbedder
from itlr.evaluation.load import make_corpus, random_filter, random_queries, run_load

CLIENTS, PER_CLIENT = 16, 30
CORPUS = make_corpus(300, dims=32, n_terms=24, seed=7)
TIE = 1e-4  # SPEC §3: scores within 1e-4; ids compared only where scores are not tied
REL = 1e-5  # engines return float32 scores: NOT as 1/x can reach 1e18, where only a relative tolerance means anything


def close(a: float, b: float) -> bool:
    return abs(a - b) <= max(TIE, REL * max(abs(a), abs(b)))


@pytest.fixture(scope="module")
def searches(opensearch_url):
    from opensearchpy import OpenSearch

    # One client shared by every thread, with a connection per thread (the default pool holds 10).
    os_client = OpenSearch(hosts=[opensearch_url], timeout=60, pool_maxsize=CLIENTS)
    index = f"h6b-load-{uuid.uuid4().hex[:10]}"
    embedder = PrecomputedEmbedder(CORPUS.terms)
    cluster = LogicalSearch(os_client, index, embedder=embedder)
    cluster.index_documents(CORPUS.docs, vectors=CORPUS.vectors)
    local_index = LocalIndex()
    local_index.add(CORPUS.docs, vectors=CORPUS.vectors)
    yield cluster, LogicalSearch(local_index, embedder=embedder)
    os_client.indices.delete(index=index)
    os_client.close()


def assert_same_page(got, want) -> None:
    assert len(got) == len(want)
    assert [h.score for h in got] == pytest.approx([h.score for h in want], abs=TIE, rel=REL)
    if not want:
        return
    top, bottom = want[0].score, want[-1].score
    # Hits strictly inside the page's score range, away from ties: the same documents in the same places.
    for i, hit in enumerate(want):
        others = [h.score for j, h in enumerate(want) if j != i]
        if not any(close(hit.score, s) for s in [*others, top, bottom]):
            assert got[i].id == hit.id, (i, [h.id for h in got], [h.id for h in want])
    by_id = {h.id: h for h in want}
    for hit in got:
        if hit.truth is not None and hit.id in by_id:
            assert hit.truth == pytest.approx(by_id[hit.id].truth, abs=TIE)


@pytest.mark.opensearch
def test_sixteen_clients_of_random_logical_queries(searches):
    cluster, local = searches
    assert cluster.engine is not None
    warmup = random_queries(list(CORPUS.terms), 48, seed=1)
    for query in warmup:  # every script the load needs, compiled once
        query.run(cluster)
    compiled_before = cluster.engine.script_stats()["compilations"]

    work = [random_queries(list(CORPUS.terms), PER_CLIENT, seed=100 + c) for c in range(CLIENTS)]
    result = run_load(lambda query: query.run(cluster), work)

    assert result.errors == []
    assert result.requests == CLIENTS * PER_CLIENT and len(result.latencies) == result.requests
    assert cluster.engine.script_stats()["compilations"] == compiled_before, "a script was compiled after warm-up"
    checked = 0
    for queries, results in zip(work, result.results):
        for query, got in zip(queries, results):
            assert len(got) <= query.k
            if query.explain:
                for hit in got:
                    assert set(hit.truth) == set(query.expr.terms()) and all(0.0 <= v <= 1.0 for v in hit.truth.values())
            if query.mode == "exact":  # the exact ranking, page for page, as the reference gives it
                assert_same_page(got.hits, query.run(local).hits)
                checked += 1
    assert checked > CLIENTS * PER_CLIENT // 4


@pytest.fixture(scope="module")
def es_search(elasticsearch_url):
    """Elasticsearch's node here runs no Painless, so only the kNN load runs on it."""
    from elasticsearch import Elasticsearch

    client = Elasticsearch(elasticsearch_url, request_timeout=60, connections_per_node=CLIENTS)
    index = f"h6b-load-{uuid.uuid4().hex[:10]}"
    search = LogicalSearch(client, index, embedder=PrecomputedEmbedder(CORPUS.terms))
    search.index_documents(CORPUS.docs, vectors=CORPUS.vectors)
    yield search
    client.indices.delete(index=index)
    client.close()


@pytest.mark.parametrize("engine", ["opensearch", "elasticsearch"])
def test_sixteen_clients_of_single_vector_knn(engine, request):
    cluster = request.getfixturevalue("searches")[0] if engine == "opensearch" else request.getfixturevalue("es_search")
    rng = np.random.default_rng(3)
    prng = random.Random(3)
    work = [
        [(CORPUS.vectors[rng.integers(len(CORPUS.docs))] + rng.normal(0, 0.05, CORPUS.vectors.shape[1]), random_filter(prng))
         for _ in range(PER_CLIENT)]
        for _ in range(CLIENTS)
    ]
    result = run_load(lambda item: cluster.knn(item[0], k=10, filter=item[1]), work)
    assert result.errors == []
    for items, results in zip(work, result.results):
        for (_, filter), hits in zip(items, results):
            assert 0 < len(hits) <= 10
            if filter and "term" in filter:
                assert all(h.source["group"] == filter["term"]["group"] for h in hits)
            if filter and "range" in filter:
                bounds = filter["range"]["n"]
                assert all(bounds["gte"] <= h.source["n"] < bounds["lt"] for h in hits)
