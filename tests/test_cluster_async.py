"""``itlr.AsyncLogicalSearch`` on the real nodes (issue 13 item 2): async indexing, search
and ask give what the sync class gives, also for 50 searches at once from one event loop."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid

import numpy as np
import pytest

import itlr
from itlr.engines import engine_for
from itlr.errors import EngineError

DIMS = 16
N_DOCS = 300
_rng = np.random.default_rng(99)
_base = _rng.normal(size=DIMS)
DOC_VECTORS = _rng.normal(size=(N_DOCS, DIMS)) + 0.7 * _base
TERMS = {f"t{i}": (_rng.normal(size=DIMS) + 0.7 * _base).tolist() for i in range(6)}
DOCS = [{"_id": f"d{i:03d}", "text": f"document {i}", "group": i % 2} for i in range(N_DOCS)]
QUERIES = ['"t0" AND NOT "t1"', '("t2" OR "t3") AND NOT "t4"', 'NOT "t5"', '"t0" AND "t2"', '"t1" OR NOT "t3"']


def _assert_same_result(got, want) -> None:
    """Equal results, except that the certificate's bound may differ in float32's last bits:
    the JVM's kNN similarity (Lucene's vectorised dot product) changes rounding once the
    JIT compiles it, so the same list read twice can end a few ulps apart. And auto may score
    exactly at once on one side where its index's first rounds have cost more than they saved
    (itlr.rounds.RoundCosts, learned per search object from the engine's timings): then the
    hits are the same exact page and only how they were found differs."""
    assert got.hits == want.hits
    if got.mode != want.mode:
        exact = got if got.mode == "exact" else want
        assert exact.certificate is not None and exact.certificate.depth is None and exact.certificate.rounds == 1
        assert got.certificate is not None and got.certificate.certified and want.certificate is not None and want.certificate.certified
        return
    assert got.certificate is not None and want.certificate is not None
    assert (got.certificate.certified, got.certificate.depth, got.certificate.rounds) == (
        want.certificate.certified,
        want.certificate.depth,
        want.certificate.rounds,
    )
    assert (got.certificate.bound is None) == (want.certificate.bound is None)
    if got.certificate.bound is not None:
        assert got.certificate.bound == pytest.approx(want.certificate.bound, abs=1e-6)
    assert dataclasses.replace(got, certificate=None) == dataclasses.replace(want, certificate=None)


def _async_opensearch(cluster):
    from opensearchpy import AsyncOpenSearch

    return AsyncOpenSearch(hosts=[cluster.url], timeout=60)


def _async_elasticsearch(cluster):
    from elasticsearch import AsyncElasticsearch

    return AsyncElasticsearch(cluster.url, request_timeout=60)


@pytest.mark.opensearch
def test_async_opensearch_matches_sync(opensearch_cluster, os_client):
    name = f"h2-async-{uuid.uuid4().hex[:8]}"

    async def scenario() -> None:
        client = _async_opensearch(opensearch_cluster)
        try:
            search = itlr.AsyncLogicalSearch(client, name)
            report = await search.index_documents(DOCS, vectors=DOC_VECTORS, shards=2)
            assert report.indexed == N_DOCS and not report.failures
            sync = itlr.LogicalSearch(os_client, name)
            for query in QUERIES:
                for mode in ("auto", "exact", "approx"):
                    if mode == "approx" and query.startswith("NOT"):
                        continue
                    kw = dict(k=7, offset=3, mode=mode, explain=True, filter={"term": {"group": 1}}, term_vectors=TERMS)
                    got = await search.search(query, **kw)
                    want = sync.search(query, **kw)
                    _assert_same_result(got, want)
            # 50 concurrent searches from one event loop: every one equals its serial answer.
            jobs = [(QUERIES[i % len(QUERIES)], 5 + i % 4, i % 3 * 5) for i in range(50)]
            answers = await asyncio.gather(*(search.search(q, k=k, offset=o, term_vectors=TERMS) for q, k, o in jobs))
            for (q, k, o), answer in zip(jobs, answers):
                _assert_same_result(answer, sync.search(q, k=k, offset=o, term_vectors=TERMS))
            with pytest.raises(EngineError, match="index 'itlr-no-such-index'.*index_not_found_exception"):
                await itlr.AsyncLogicalSearch(client, "itlr-no-such-index").search('"t0"', term_vectors=TERMS)
        finally:
            await client.close()

    try:
        asyncio.run(scenario())
    finally:
        engine_for(os_client).delete_index(name)


@pytest.mark.opensearch
@pytest.mark.model
def test_async_ask_with_the_real_model(opensearch_cluster, os_client):
    name = f"h2-async-ask-{uuid.uuid4().hex[:8]}"
    docs = [
        {"_id": "bones", "text": "Vitamin D keeps bones strong and prevents rickets."},
        {"_id": "immune", "text": "Vitamin D supports the immune system against infections."},
        {"_id": "mood", "text": "Vitamin D levels are linked to mood and depression."},
        {"_id": "cars", "text": "The jaguar is a fast car made in England."},
    ]

    async def scenario() -> itlr.SearchResult:
        client = _async_opensearch(opensearch_cluster)
        try:
            search = itlr.AsyncLogicalSearch(client, name)
            await search.index_documents(docs)
            return await search.ask("benefits of vitamin D other than bone health", k=3, explain=True)
        finally:
            await client.close()

    try:
        result = asyncio.run(scenario())
        assert result.question and result.method and "NOT" in result.query
        assert result.hits[0].id in ("immune", "mood") and "bones" not in [h.id for h in result.hits[:2]]
        sync = itlr.LogicalSearch(os_client, name).ask("benefits of vitamin D other than bone health", k=3, explain=True)
        assert [h.id for h in sync] == [h.id for h in result]
    finally:
        engine_for(os_client).delete_index(name)


@pytest.mark.elasticsearch
def test_async_elasticsearch_indexes_and_sends_the_rounds(elasticsearch_cluster, es_client, es_has_painless):
    """On the integ-test node (no Painless) the async search reaches the node with every round's
    requests and reports its refusal; with Painless, it matches the sync class."""
    name = f"h2-async-es-{uuid.uuid4().hex[:8]}"

    async def scenario() -> None:
        client = _async_elasticsearch(elasticsearch_cluster)
        try:
            search = itlr.AsyncLogicalSearch(client, name)
            report = await search.index_documents(DOCS[:60], vectors=DOC_VECTORS[:60])
            assert report.indexed == 60
            for mode in ("auto", "exact"):
                if es_has_painless:
                    got = await search.search(QUERIES[0], mode=mode, term_vectors=TERMS)
                    assert got == itlr.LogicalSearch(es_client, name).search(QUERIES[0], mode=mode, term_vectors=TERMS)
                else:
                    with pytest.raises(EngineError, match=r"script_lang not supported \[painless\]"):
                        await search.search(QUERIES[0], mode=mode, term_vectors=TERMS)
        finally:
            await client.close()

    try:
        asyncio.run(scenario())
    finally:
        engine_for(es_client).delete_index(name)
