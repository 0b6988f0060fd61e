"""A node that dies in the middle of a bulk run, or hangs, as the client sees it.

The nodes are shared by the whole test run, so nothing here stops one: a loopback
proxy (tests/loopback_proxy.py) sits between the client and the node and dies on cue,
which to the client is exactly a node going away. Shown on both engines' real nodes:

- every document is either indexed or reported, with its id and the cause;
- running the same indexing again completes the index, no duplicates, count check passing;
- a search against the dead or hung endpoint raises ``EngineError`` naming the index
  and the cause, within the client's timeout.
"""

from __future__ import annotations

import time
import uuid
from urllib.parse import urlparse

import numpy as np
import pytest

from itlr import EngineError, IndexingError, LogicalSearch, index_documents
from loopback_proxy import LoopbackProxy, SilentPort

DIMS = 16
N_DOCS = 300
BATCH = 50  # six bulk requests
RNG = np.random.default_rng(14)
VECTORS = RNG.normal(size=(N_DOCS, DIMS)).astype(np.float32)
DOCS = [{"_id": f"doc-{i:03d}", "text": f"passage number {i}", "n": i} for i in range(N_DOCS)]
IDS = {d["_id"] for d in DOCS}
TIMEOUT = 3.0  # the client's request timeout, seconds


def _client(engine: str, url: str, timeout: float = TIMEOUT):
    if engine == "opensearch":
        from opensearchpy import OpenSearch

        return OpenSearch(hosts=[url], timeout=timeout)
    from elasticsearch import Elasticsearch

    return Elasticsearch(url, request_timeout=timeout)


@pytest.fixture(params=["opensearch", "elasticsearch"])
def engine(request):
    return request.param


@pytest.fixture
def node_url(engine, request):
    return request.getfixturevalue(f"{engine}_url")


@pytest.fixture
def direct(engine, node_url):
    """A client straight to the node (never through the proxy), for checking what is there."""
    client = _client(engine, node_url, timeout=60)
    yield client
    client.close()


@pytest.fixture
def index(direct):
    name = f"h6b-faults-{uuid.uuid4().hex[:10]}"
    yield name
    if direct.indices.exists(index=name):
        direct.indices.delete(index=name)


def _proxy(node_url: str) -> LoopbackProxy:
    parsed = urlparse(node_url)
    return LoopbackProxy(parsed.hostname or "127.0.0.1", parsed.port or 9200)


def _ids_in(direct, index: str) -> list[str]:
    direct.indices.refresh(index=index)
    response = direct.search(index=index, body={"size": N_DOCS + 10, "_source": False, "query": {"match_all": {}}})
    body = getattr(response, "body", response)
    return [h["_id"] for h in body["hits"]["hits"]]


@pytest.mark.parametrize("node_sees_it", [False, True], ids=["dies-before-the-batch", "dies-before-the-answer"])
def test_node_dying_mid_bulk_loses_nothing_silently_and_a_rerun_completes(engine, node_url, direct, index, node_sees_it):
    proxy = _proxy(node_url)
    proxy.kill_at_bulk(3, node_sees_it=node_sees_it)
    client = _client(engine, proxy.url)
    with pytest.raises(IndexingError) as caught:
        index_documents(client, index, DOCS, vectors=VECTORS, batch_size=BATCH)
    err = caught.value
    assert proxy.dead and err.index == index
    failed = {doc_id: reason for doc_id, reason in err.failures}
    assert len(failed) == len(err.failures), "each document is reported once"
    acknowledged = IDS - set(failed)
    assert err.indexed == len(acknowledged) == 2 * BATCH  # the two batches the node answered
    # Every document is indexed or reported, each report with its id and the cause.
    assert set(failed) <= IDS and acknowledged | set(failed) == IDS
    in_flight = {d["_id"] for d in DOCS[2 * BATCH : 3 * BATCH]}
    for doc_id, reason in failed.items():
        if doc_id in in_flight:
            assert reason.startswith("bulk request got no answer, the document may or may not be written: ")
        else:
            assert reason.startswith("not sent, the engine stopped answering: ")
        assert len(reason.split(": ", 1)[1]) > 10, reason  # the client's cause, not an empty string
    # What the node holds: every acknowledged document, and the in-flight batch only if it got there.
    present = set(_ids_in(direct, index))
    assert present == acknowledged | (in_flight if node_sees_it else set())
    client.close()

    # The same run again, on a live path: complete, idempotent, count check passing.
    report = index_documents(_client(engine, node_url), index, DOCS, vectors=VECTORS, batch_size=BATCH)
    assert report.failures == [] and report.indexed == N_DOCS
    ids = _ids_in(direct, index)
    assert len(ids) == N_DOCS and set(ids) == IDS


def test_search_against_a_node_that_died_is_an_engine_error_naming_the_index(engine, node_url, index):
    index_documents(_client(engine, node_url), index, DOCS[:20], vectors=VECTORS[:20])
    proxy = _proxy(node_url)
    search = LogicalSearch(_client(engine, proxy.url), index)
    vectors = {"a": VECTORS[0].tolist(), "b": VECTORS[1].tolist()}
    assert [h.id for h in search.knn(VECTORS[0], k=3)][0] == "doc-000"  # alive: it answers
    proxy.kill()
    for attempt in (lambda: search.search('"a" AND NOT "b"', term_vectors=vectors, k=3), lambda: search.knn(VECTORS[0], k=3)):
        started = time.monotonic()
        with pytest.raises(EngineError) as caught:
            attempt()
        assert time.monotonic() - started < TIMEOUT
        err = caught.value
        assert err.index == index and repr(index) in str(err) and err.cause and err.status is None
        assert "\n" not in str(err)
    # A fresh search object must first read the mapping: the same clear error.
    with pytest.raises(EngineError, match=f"'{index}'"):
        LogicalSearch(_client(engine, proxy.url), index).search('"a"', term_vectors=vectors)


def test_search_against_a_hung_node_gives_up_within_the_client_timeout(engine, index):
    silent = SilentPort()
    try:
        search = LogicalSearch(_client(engine, silent.url, timeout=1.0), index)
        started = time.monotonic()
        with pytest.raises(EngineError) as caught:
            search.knn(VECTORS[0], k=3)
        elapsed = time.monotonic() - started
    finally:
        silent.close()
    err = caught.value
    assert err.index == index and repr(index) in str(err) and err.cause
    # One attempt of 1 s: the clients do not retry a timed-out request by default.
    assert 0.9 < elapsed < 1.0 + 2.0, elapsed


@pytest.mark.model
def test_itlr_index_command_reports_a_dead_node_and_the_same_command_completes_the_index(opensearch_url, tmp_path, capsys):
    import json

    from itlr.cli import main
    from opensearchpy import OpenSearch

    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"_id": f"c{i}", "text": f"Passage {i} about topic {i % 7}."}) + "\n" for i in range(120)))
    index = f"h6b-faults-cli-{uuid.uuid4().hex[:8]}"
    direct = OpenSearch(hosts=[opensearch_url], timeout=60)
    proxy = _proxy(opensearch_url)
    proxy.kill_at_bulk(2)
    command = ["index", str(corpus), "--index", index, "--engine", "opensearch", "--batch-size", "40"]
    try:
        assert main([*command, "--url", proxy.url]) == 2  # a failed service is a user-facing error: one line, exit 2
        err = capsys.readouterr().err.strip().splitlines()[-1]
        assert err.startswith(f"itlr: error: 80 document(s) not indexed into '{index}': c40: bulk request got no answer")
        assert main([*command, "--url", opensearch_url]) == 0
        assert "120 documents indexed" in capsys.readouterr().err
        direct.indices.refresh(index=index)
        assert direct.count(index=index)["count"] == 120
    finally:
        if direct.indices.exists(index=index):
            direct.indices.delete(index=index)
        direct.close()


def test_documents_the_node_rejects_are_reported_and_the_rest_indexed(engine, node_url, direct, index):
    client = _client(engine, node_url)
    docs = [dict(d) for d in DOCS[:40]]
    docs[7]["n"] = "seven"  # `n` is mapped as a number by the first batch: the node rejects this one document
    report = index_documents(client, index, docs, vectors=VECTORS[:40], batch_size=5, raise_on_error=False)
    assert report.indexed == 39
    assert [doc_id for doc_id, _ in report.failures] == ["doc-007"]
    # the engine's own error type (OpenSearch: mapper_parsing_exception, Elasticsearch: document_parsing_exception) and reason
    assert report.failures[0][1].split(":")[0].endswith("parsing_exception") and "seven" in report.failures[0][1]
    assert set(_ids_in(direct, index)) == {d["_id"] for d in docs} - {"doc-007"}
    with pytest.raises(IndexingError, match=r"1 document\(s\) not indexed .*doc-007: \w+_parsing_exception"):
        index_documents(client, index, docs, vectors=VECTORS[:40], batch_size=5)


def test_a_bulk_request_refused_as_a_whole_fails_its_documents_and_the_run_goes_on(engine, node_url, direct, index):
    proxy = _proxy(node_url)
    proxy.refuse_bulk_over(100_000)  # a reverse proxy's body limit in front of the node
    docs = [dict(d) for d in DOCS]
    docs[60]["text"] = "long " * 40_000  # makes the second batch's body 200 kB
    report = index_documents(_client(engine, proxy.url), index, docs, vectors=VECTORS, batch_size=BATCH, raise_on_error=False)
    assert proxy.refused == 1 and not proxy.dead
    refused = {d["_id"] for d in docs[BATCH : 2 * BATCH]}
    assert {doc_id for doc_id, _ in report.failures} == refused and report.indexed == N_DOCS - BATCH
    assert all(reason.startswith("bulk request refused (HTTP 413): ") and "request_entity_too_large" in reason
               for _, reason in report.failures)
    assert set(_ids_in(direct, index)) == IDS - refused
    proxy.kill()
