"""Where paging stops (issue 11 item 3).

Every mode on a cluster cuts its page with ``from``/``size``, so a page may reach
``offset + k`` up to the index's ``index.max_result_window`` (10,000 unless set). itlr
reads that setting with the mapping (one ``GET <index>``, once per search object) and
refuses a deeper page with a one-line ``ValueError`` before sending anything. The local
engine has no such window: its pages go as deep as the corpus."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import numpy as np
import pytest

import itlr
from itlr.errors import EngineError

DIMS = 8
N_DOCS = 200
WINDOW = 150  # the index setting under test, below the corpus size
_rng = np.random.default_rng(11)
DOC_VECTORS = _rng.normal(size=(N_DOCS, DIMS)).astype(np.float32)
DOCS = [{"_id": f"d{i:03d}", "text": f"document {i}"} for i in range(N_DOCS)]
TERMS = {"a": DOC_VECTORS[0].tolist(), "b": DOC_VECTORS[1].tolist()}
QUERY = '"a" AND NOT "b"'
MODES = ["auto", "exact", "approx"]
# approx pages are cut from knn_k neighbours per term: take the whole window so its last page is full
MODE_OPTIONS: dict[str, dict[str, Any]] = {"auto": {}, "exact": {}, "approx": {"knn_k": WINDOW}}


def past(window: int, index: str | None = None) -> str:
    where = rf"\(index '{index}'\)" if index else r"\(the engines' default\)"
    return rf"^offset \+ k = {window + 1:,} is past index.max_result_window = {window:,} {where}: narrow the search with filter="


# -- no cluster -----------------------------------------------------------------------

COMPILE_PAGES = [
    # (k, offset, max_result_window or None for the default, refused)
    (10, 9_990, None, False),
    (10, 9_991, None, True),
    (10_000, 0, None, False),
    (10_001, 0, None, True),
    (10, 20_000, 50_000, False),
    (10, 49_991, 50_000, True),
    (5, 10, 15, False),
    (5, 11, 15, True),
]


@pytest.mark.parametrize("dialect", ["opensearch", "elasticsearch"])
@pytest.mark.parametrize("k, offset, window, refused", COMPILE_PAGES)
def test_compile_refuses_a_page_past_the_result_window(dialect, k, offset, window, refused):
    options: dict[str, Any] = {} if window is None else {"max_result_window": window}
    if refused:
        with pytest.raises(ValueError, match=past(window or 10_000)):
            itlr.compile(QUERY, dialect=dialect, term_vectors=TERMS, k=k, offset=offset, mode="exact", **options)
    else:
        body = itlr.compile(QUERY, dialect=dialect, term_vectors=TERMS, k=k, offset=offset, mode="exact", **options)
        assert (body["size"], body.get("from", 0)) == (k, offset)


@pytest.mark.parametrize("mode", ["auto", "exact"])
def test_local_engine_pages_past_the_engines_default_window(mode):
    """The local engine has nothing to mirror (the window is each cluster index's own
    setting): a page past 10,000 is served, and it is the ranking's page."""
    n = 10_020
    vectors = np.random.default_rng(5).normal(size=(n, 4)).astype(np.float32)
    index = itlr.LocalIndex()
    index.add([{"_id": f"v{i}", "text": f"vector {i}"} for i in range(n)], vectors=vectors)
    terms = {"a": vectors[0].tolist(), "b": vectors[1].tolist()}
    search = itlr.LogicalSearch(index)
    whole = search.search(QUERY, term_vectors=terms, k=n, mode="exact")
    deep = search.search(QUERY, term_vectors=terms, k=10, offset=10_005, mode=mode)
    assert [h.id for h in deep] == [h.id for h in whole.hits[10_005:10_015]]


# -- OpenSearch -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def os_indices(os_client):
    """An index with ``index.max_result_window`` lowered to WINDOW, one left at the default,
    and an alias over both (whose window is the smaller)."""
    tag = uuid.uuid4().hex[:8]
    narrow, default, alias = f"h8-paging-narrow-{tag}", f"h8-paging-default-{tag}", f"h8-paging-both-{tag}"
    try:
        for name in (narrow, default):
            itlr.index_documents(os_client, name, DOCS, vectors=DOC_VECTORS)
        os_client.indices.put_settings(index=narrow, body={"index": {"max_result_window": WINDOW}})
        os_client.indices.put_alias(index=f"{narrow},{default}", name=alias)
        yield narrow, default, alias
    finally:
        for name in (narrow, default):
            if os_client.indices.exists(index=name):
                os_client.indices.delete(index=name)


@pytest.mark.opensearch
@pytest.mark.parametrize("mode", MODES)
def test_opensearch_serves_the_page_at_the_window_and_refuses_the_next(os_client, os_indices, mode):
    narrow, _, _ = os_indices
    search = itlr.LogicalSearch(os_client, narrow)
    options = MODE_OPTIONS[mode]
    whole = search.search(QUERY, term_vectors=TERMS, k=WINDOW, mode=mode, **options)
    last = search.search(QUERY, term_vectors=TERMS, k=10, offset=WINDOW - 10, mode=mode, **options)
    assert len(last) == 10 and [h.id for h in last] == [h.id for h in whole.hits[WINDOW - 10 :]]
    with pytest.raises(ValueError, match=past(WINDOW, narrow)):
        search.search(QUERY, term_vectors=TERMS, k=10, offset=WINDOW - 9, mode=mode, **options)
    with pytest.raises(ValueError, match=past(WINDOW, narrow)):
        search.search(QUERY, term_vectors=TERMS, k=WINDOW + 1, mode=mode, **options)
    # the plain kNN baseline pages the same way
    assert len(search.knn(DOC_VECTORS[0], k=WINDOW)) == WINDOW
    with pytest.raises(ValueError, match=past(WINDOW, narrow)):
        search.knn(DOC_VECTORS[0], k=WINDOW + 1)


@pytest.mark.opensearch
def test_opensearch_default_window_and_an_alias_take_the_smallest(os_client, os_indices):
    narrow, default, alias = os_indices
    search = itlr.LogicalSearch(os_client, default)
    assert search.search(QUERY, term_vectors=TERMS, k=10, offset=9_990, mode="exact").hits == []  # past the corpus: empty
    with pytest.raises(ValueError, match=past(10_000, default)):
        search.search(QUERY, term_vectors=TERMS, k=10, offset=9_991, mode="exact")
    over_both = itlr.LogicalSearch(os_client, alias)
    assert len(over_both.search(QUERY, term_vectors=TERMS, k=WINDOW, mode="exact")) == WINDOW
    with pytest.raises(ValueError, match=past(WINDOW, alias)):
        over_both.search(QUERY, term_vectors=TERMS, k=WINDOW + 1, mode="exact")


@pytest.mark.opensearch
def test_async_opensearch_refuses_the_same_page(opensearch_cluster, os_indices):
    from opensearchpy import AsyncOpenSearch

    narrow, _, _ = os_indices

    async def scenario() -> None:
        client = AsyncOpenSearch(hosts=[opensearch_cluster.url], timeout=60)
        try:
            search = itlr.AsyncLogicalSearch(client, narrow)
            for mode in MODES:
                last = await search.search(QUERY, term_vectors=TERMS, k=10, offset=WINDOW - 10, mode=mode, **MODE_OPTIONS[mode])
                assert len(last) == 10
                with pytest.raises(ValueError, match=past(WINDOW, narrow)):
                    await search.search(QUERY, term_vectors=TERMS, k=10, offset=WINDOW - 9, mode=mode, **MODE_OPTIONS[mode])
        finally:
            await client.close()

    asyncio.run(scenario())


# -- Elasticsearch (the node here runs no Painless: the page at the window reaches the script) --


@pytest.mark.elasticsearch
def test_elasticsearch_window_is_read_from_the_index(es_client, es_has_painless, elasticsearch_cluster):
    from elasticsearch import AsyncElasticsearch

    name = f"h8-paging-es-{uuid.uuid4().hex[:8]}"
    try:
        itlr.index_documents(es_client, name, DOCS, vectors=DOC_VECTORS)
        es_client.indices.put_settings(index=name, settings={"index": {"max_result_window": WINDOW}})
        search = itlr.LogicalSearch(es_client, name)
        for mode in MODES:
            if es_has_painless:
                assert len(search.search(QUERY, term_vectors=TERMS, k=10, offset=WINDOW - 10, mode=mode, **MODE_OPTIONS[mode])) == 10
            else:  # the node took the page and stopped only at the script
                with pytest.raises(EngineError, match=r"script_lang not supported \[painless\]"):
                    search.search(QUERY, term_vectors=TERMS, k=10, offset=WINDOW - 10, mode=mode, **MODE_OPTIONS[mode])
            with pytest.raises(ValueError, match=past(WINDOW, name)):
                search.search(QUERY, term_vectors=TERMS, k=10, offset=WINDOW - 9, mode=mode, **MODE_OPTIONS[mode])

        async def scenario() -> None:
            client = AsyncElasticsearch(elasticsearch_cluster.url, request_timeout=60)
            try:
                with pytest.raises(ValueError, match=past(WINDOW, name)):
                    await itlr.AsyncLogicalSearch(client, name).search(QUERY, term_vectors=TERMS, k=WINDOW + 1)
            finally:
                await client.close()

        asyncio.run(scenario())
    finally:
        if es_client.indices.exists(index=name):
            es_client.indices.delete(index=name)


@pytest.mark.opensearch
def test_auto_deepens_within_a_lowered_window(os_client):
    """A window below auto's deeper list depths must not break the first page (this query
    needs a second round, at depth 400, under the default window)."""
    name = f"h8-paging-deep-{uuid.uuid4().hex[:8]}"
    vectors = np.random.default_rng(3).normal(size=(1000, DIMS)).astype(np.float32)
    terms = {f"t{i}": v.tolist() for i, v in enumerate(np.random.default_rng(5).normal(size=(3, DIMS))[:2])}
    try:
        itlr.index_documents(os_client, name, [{"_id": f"w{i}", "text": f"w {i}"} for i in range(1000)], vectors=vectors, batch_size=500)
        os_client.indices.put_settings(index=name, body={"index": {"max_result_window": WINDOW}})
        search = itlr.LogicalSearch(os_client, name)
        first = search.search('"t0" OR "t1"', term_vectors=terms, k=10)
        assert first.hits == search.search('"t0" OR "t1"', term_vectors=terms, k=10, mode="exact").hits
    finally:
        if os_client.indices.exists(index=name):
            os_client.indices.delete(index=name)
