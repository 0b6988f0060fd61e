"""``AsyncLogicalSearch.index_documents`` reports a node that dies mid-bulk exactly as the
sync :func:`itlr.index_documents` does (tests/test_faults.py): the batch in flight "may or
may not be written", every later one "not sent", and a re-run completes the index.

The nodes are shared, so a loopback proxy (tests/loopback_proxy.py) plays the dying node:
it drops the connection at the third ``_bulk`` request, before or after the node saw it.
The same run goes once through the sync client and once through the async one, each
through its own proxy into its own index, and the two reports must agree."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any
from urllib.parse import urlparse

import numpy as np
import pytest

import itlr
from itlr import IndexingError, index_documents
from loopback_proxy import LoopbackProxy

DIMS = 8
N_DOCS = 120
BATCH = 30  # four bulk requests; the proxy dies at the third
RNG = np.random.default_rng(81)
VECTORS = RNG.normal(size=(N_DOCS, DIMS)).astype(np.float32)
DOCS = [{"_id": f"doc-{i:03d}", "text": f"passage number {i}"} for i in range(N_DOCS)]
IDS = {d["_id"] for d in DOCS}
IN_FLIGHT = {d["_id"] for d in DOCS[2 * BATCH : 3 * BATCH]}
TIMEOUT = 5.0
NO_ANSWER = "bulk request got no answer, the document may or may not be written: "
NOT_SENT = "not sent, the engine stopped answering: "


def _sync_client(engine: str, url: str) -> Any:
    if engine == "opensearch":
        from opensearchpy import OpenSearch

        return OpenSearch(hosts=[url], timeout=TIMEOUT)
    from elasticsearch import Elasticsearch

    return Elasticsearch(url, request_timeout=TIMEOUT)


def _async_client(engine: str, url: str) -> Any:
    if engine == "opensearch":
        from opensearchpy import AsyncOpenSearch

        return AsyncOpenSearch(hosts=[url], timeout=TIMEOUT)
    from elasticsearch import AsyncElasticsearch

    return AsyncElasticsearch(url, request_timeout=TIMEOUT)


def _proxy(node_url: str, node_sees_it: bool) -> LoopbackProxy:
    parsed = urlparse(node_url)
    proxy = LoopbackProxy(parsed.hostname or "127.0.0.1", parsed.port or 9200)
    proxy.kill_at_bulk(3, node_sees_it=node_sees_it)
    return proxy


def _ids_in(direct: Any, index: str) -> set[str]:
    direct.indices.refresh(index=index)
    response = direct.search(index=index, body={"size": N_DOCS + 10, "_source": False, "query": {"match_all": {}}})
    return {h["_id"] for h in getattr(response, "body", response)["hits"]["hits"]}


def _kinds(failures: list[tuple[str, str]]) -> dict[str, str]:
    """Each failed document's kind of failure (the reason without the client's own cause text)."""
    kinds = {}
    for doc_id, reason in failures:
        prefix = NO_ANSWER if reason.startswith(NO_ANSWER) else NOT_SENT if reason.startswith(NOT_SENT) else reason
        assert len(reason) - len(prefix) > 10 or prefix == reason, reason  # the cause is there, not an empty string
        kinds[doc_id] = prefix
    return kinds


async def _async_run(engine: str, url: str, index: str, **kwargs: Any) -> itlr.IndexReport:
    client = _async_client(engine, url)
    try:
        search = itlr.AsyncLogicalSearch(client, index)
        return await search.index_documents(DOCS, vectors=VECTORS, batch_size=BATCH, **kwargs)
    finally:
        await client.close()


@pytest.fixture(params=["opensearch", "elasticsearch"])
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def node_url(engine: str, request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue(f"{engine}_url"))


@pytest.fixture
def indices(engine: str, node_url: str):
    """Two fresh index names (sync's and async's) and a direct client; both deleted after."""
    direct = _sync_client(engine, node_url)
    names = [f"h8-async-bulk-{side}-{uuid.uuid4().hex[:8]}" for side in ("sync", "async")]
    yield direct, names
    for name in names:
        if direct.indices.exists(index=name):
            direct.indices.delete(index=name)
    direct.close()


@pytest.mark.parametrize("node_sees_it", [False, True], ids=["dies-before-the-batch", "dies-before-the-answer"])
def test_async_bulk_reports_a_node_dying_mid_run_like_sync(engine, node_url, indices, node_sees_it):
    direct, (sync_index, async_index) = indices

    sync_proxy = _proxy(node_url, node_sees_it)
    with pytest.raises(IndexingError) as sync_caught:
        index_documents(_sync_client(engine, sync_proxy.url), sync_index, DOCS, vectors=VECTORS, batch_size=BATCH)
    async_proxy = _proxy(node_url, node_sees_it)
    with pytest.raises(IndexingError) as async_caught:
        asyncio.run(_async_run(engine, async_proxy.url, async_index))
    assert sync_proxy.dead and async_proxy.dead

    want, got = sync_caught.value, async_caught.value
    assert got.index == async_index and got.indexed == want.indexed == 2 * BATCH
    # The same documents fail, in the same order, for the same kind of reason.
    assert [doc_id for doc_id, _ in got.failures] == [doc_id for doc_id, _ in want.failures]
    assert _kinds(got.failures) == _kinds(want.failures)
    kinds = _kinds(got.failures)
    assert set(kinds) == IDS - {d["_id"] for d in DOCS[: 2 * BATCH]}
    assert {doc_id for doc_id, kind in kinds.items() if kind == NO_ANSWER} == IN_FLIGHT
    assert {kind for doc_id, kind in kinds.items() if doc_id not in IN_FLIGHT} == {NOT_SENT}
    # Both nodes' indices hold the acknowledged batches, and the one in flight only if the node saw it.
    acknowledged = {d["_id"] for d in DOCS[: 2 * BATCH]}
    assert _ids_in(direct, async_index) == _ids_in(direct, sync_index) == acknowledged | (IN_FLIGHT if node_sees_it else set())

    # The same async run again, on a live path: complete, no duplicates, count check passing.
    report = asyncio.run(_async_run(engine, node_url, async_index))
    assert report.failures == [] and report.indexed == N_DOCS
    assert _ids_in(direct, async_index) == IDS


def test_async_bulk_without_raising_returns_the_report(engine, node_url, indices):
    """``raise_on_error=False`` hands back the same failures as a report, as sync does."""
    _, (_, async_index) = indices
    proxy = _proxy(node_url, node_sees_it=False)
    report = asyncio.run(_async_run(engine, proxy.url, async_index, raise_on_error=False))
    assert proxy.dead and report.indexed == 2 * BATCH
    assert {doc_id for doc_id, _ in report.failures} == IDS - {d["_id"] for d in DOCS[: 2 * BATCH]}
