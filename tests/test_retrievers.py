"""The LangChain and LlamaIndex retrievers, with the real packages, over the local engine and
OpenSearch: the frameworks' own document types, the hits LogicalSearch ranks, and what itlr
knows about each hit in the metadata. Questions go through the rule-based parser (llm=False)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from functools import lru_cache
from importlib import resources
from typing import Any

import pytest

pytest.importorskip("langchain_core", reason="pip install 'itlr[langchain]'")
pytest.importorskip("llama_index.core", reason="pip install 'itlr[llamaindex]'")

from langchain_core.documents import Document  # noqa: E402
from llama_index.core.schema import MetadataMode, NodeWithScore, TextNode  # noqa: E402

import itlr  # noqa: E402
from itlr.documents import read_jsonl  # noqa: E402
from itlr.engines import engine_for  # noqa: E402
from itlr.integrations import is_logical_query  # noqa: E402
from itlr.integrations.langchain import LogicalRetriever as LangChainRetriever  # noqa: E402
from itlr.integrations.llamaindex import LogicalRetriever as LlamaIndexRetriever  # noqa: E402

QUESTION = "What are the benefits of vitamin D other than bone health?"
LOGIC = '"vitamin D benefits" AND NOT "bone health"'
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@lru_cache(maxsize=1)
def corpus() -> tuple[list[dict[str, Any]], Any]:
    with resources.as_file(resources.files("itlr.demo").joinpath("corpus.jsonl")) as path:
        docs = list(read_jsonl(path))
    return docs, itlr.default_embedder().embed([d["text"] for d in docs])


@pytest.fixture(scope="module")
def local_search():
    docs, vectors = corpus()
    index = itlr.LocalIndex()
    index.add(docs, vectors=vectors)
    return itlr.LogicalSearch(index, embedder=itlr.default_embedder())


@pytest.fixture(scope="module")
def os_search(os_client):
    docs, vectors = corpus()
    name = f"h5-retrievers-{uuid.uuid4().hex[:8]}"
    search = itlr.LogicalSearch(os_client, name, embedder=itlr.default_embedder())
    search.index_documents(docs, vectors=vectors)
    yield search
    engine_for(os_client).delete_index(name)


@pytest.fixture(params=["local", "opensearch"])
def search(request):
    if request.param == "local":
        return request.getfixturevalue("local_search")
    request.applymarker(pytest.mark.opensearch)
    return request.getfixturevalue("os_search")


def langchain_docs(search, text: str, **kw: Any) -> list[Document]:
    return LangChainRetriever(search=search, llm=False, **kw).invoke(text)


def llamaindex_nodes(search, text: str, **kw: Any) -> list[NodeWithScore]:
    return LlamaIndexRetriever(search, llm=False, **kw).retrieve(text)


def as_hits(framework: str, search, text: str, **kw: Any) -> list[tuple[str, str, dict[str, Any], float]]:
    """(id, text, metadata, score) per result, whichever framework returned it."""
    if framework == "langchain":
        docs = langchain_docs(search, text, **kw)
        assert all(isinstance(d, Document) for d in docs)
        return [(d.id, d.page_content, d.metadata, d.metadata["itlr"]["score"]) for d in docs]
    nodes = llamaindex_nodes(search, text, **kw)
    assert all(isinstance(n, NodeWithScore) and isinstance(n.node, TextNode) for n in nodes)
    return [(n.node.id_, n.node.get_content(), n.node.metadata, n.score) for n in nodes]


FRAMEWORKS = ["langchain", "llamaindex"]


@pytest.mark.model
def test_ask_keeps_the_excluded_aspect_out_of_the_top(search):
    # The headline example: the question itself names "bone health", so ANDing it in whole
    # ranked bone-health passages 2nd and 3rd; the composition must not undo the exclusion.
    asked = search.ask(QUESTION, llm=False, k=4)
    assert len(asked.hits) == 4
    assert [h.source["aspect"] for h in asked.hits].count("bone health") == 0, [h.id for h in asked.hits]


@pytest.mark.model
@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_question_becomes_a_logical_query(framework, search):
    hits = as_hits(framework, search, QUESTION, k=4)
    translation = itlr.to_logic(QUESTION, llm=False)
    expected = search.search(translation.search_expr, k=4, explain=True)
    assert [h[0] for h in hits] == [h.id for h in expected]
    docs = {d["_id"]: d for d in corpus()[0]}
    for (doc_id, text, metadata, score), hit in zip(hits, expected):
        assert text == docs[doc_id]["text"]
        assert metadata["aspect"] == docs[doc_id]["aspect"] != "bone health"
        assert "text" not in metadata and "embedding" not in metadata
        about = metadata["itlr"]
        assert about["id"] == doc_id and about["query"] == str(translation.search_expr)
        assert about["question"] == QUESTION and about["method"] == "rules"
        assert score == pytest.approx(hit.score, abs=1e-4) and about["score"] == score
        assert set(about["truth"]) == set(translation.search_expr.terms())
        assert about["truth"]["bone health"] == pytest.approx(hit.truth["bone health"], abs=1e-4)


@pytest.mark.model
@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_logical_query_runs_as_written(framework, search):
    vitamin_d = {"term": {"topic.keyword": "vitamin D"}}  # the local engine reads topic.keyword as topic
    hits = as_hits(framework, search, LOGIC, k=5, filter=vitamin_d)
    expected = search.search(LOGIC, k=5, explain=True, filter=vitamin_d)
    assert [h[0] for h in hits] == [h.id for h in expected] and len(hits) == 5
    for _, _, metadata, _ in hits:
        assert metadata["topic"] == "vitamin D"
        assert metadata["itlr"]["query"] == LOGIC and "question" not in metadata["itlr"]
    # query_type="question" sends even an operator query through to_logic, as plain words.
    asked = as_hits(framework, search, "vitamin D benefits", k=3, query_type="question")
    assert asked[0][2]["itlr"]["method"] == "rules"


@pytest.mark.model
def test_llamaindex_keeps_itlr_metadata_out_of_the_llm_text(local_search):
    node = llamaindex_nodes(local_search, LOGIC, k=1)[0].node
    for mode in (MetadataMode.LLM, MetadataMode.EMBED):
        content = node.get_content(metadata_mode=mode)
        assert "truth" not in content and "aspect:" in content
    assert "truth" in node.get_content(metadata_mode=MetadataMode.ALL)


async def _both_async(search) -> tuple[list[Document], list[NodeWithScore]]:
    return (
        await LangChainRetriever(search=search, llm=False, k=2).ainvoke(LOGIC),
        await LlamaIndexRetriever(search, llm=False, k=2).aretrieve(LOGIC),
    )


@pytest.mark.model
def test_async_entry_points(local_search):
    import asyncio

    docs, nodes = asyncio.run(_both_async(local_search))
    expected = [h.id for h in local_search.search(LOGIC, k=2)]
    assert [d.id for d in docs] == [n.node.id_ for n in nodes] == expected


@pytest.mark.opensearch
@pytest.mark.model
def test_async_search_behind_both_retrievers(os_search, opensearch_cluster):
    """ainvoke / aretrieve await an itlr.AsyncLogicalSearch over AsyncOpenSearch: the same
    hits as the blocking search; the blocking entry points refuse it clearly."""
    import asyncio

    async_search_class = getattr(itlr, "AsyncLogicalSearch", None)
    if async_search_class is None:
        pytest.skip("itlr.AsyncLogicalSearch arrives with the async clients (branch h2-cluster-certified)")
    from opensearchpy import AsyncOpenSearch

    async def run() -> tuple[list[Document], list[NodeWithScore]]:
        h = opensearch_cluster
        client = AsyncOpenSearch(hosts=[h.url], http_auth=(h.user, h.password or "") if h.user else None)
        try:
            search = async_search_class(client, os_search.index, embedder=itlr.default_embedder())
            with pytest.raises(TypeError, match="async entry point"):
                LangChainRetriever(search=search, llm=False).invoke(LOGIC)
            return (
                await LangChainRetriever(search=search, llm=False, k=4).ainvoke(QUESTION),
                await LlamaIndexRetriever(search, llm=False, k=4).aretrieve(LOGIC),
            )
        finally:
            await client.close()

    docs, nodes = asyncio.run(run())
    asked = os_search.ask(QUESTION, llm=False, k=4)
    assert [d.id for d in docs] == [h.id for h in asked]
    assert docs[0].metadata["itlr"]["question"] == QUESTION
    assert [n.node.id_ for n in nodes] == [h.id for h in os_search.search(LOGIC, k=4)]
    assert [n.score for n in nodes] == pytest.approx([h.score for h in os_search.search(LOGIC, k=4)], abs=1e-4)


def test_query_type_detection():
    assert is_logical_query('"vitamin D" AND NOT "bone health"')
    assert is_logical_query('"vitamin D"')
    assert is_logical_query("cats OR dogs")
    assert not is_logical_query("benefits of vitamin D other than bone health")
    assert not is_logical_query("what is (this")  # does not parse: a question


def test_bad_settings_are_clear(local_search):
    with pytest.raises(ValueError, match="k must be at least 1"):
        LangChainRetriever(search=local_search, k=0)
    with pytest.raises(ValueError, match="query_type"):
        LangChainRetriever(search=local_search, query_type="sql")
    with pytest.raises(TypeError, match="must be an itlr.LogicalSearch or itlr.AsyncLogicalSearch"):
        LlamaIndexRetriever(object())
    with pytest.raises((TypeError, ValueError), match="must be an itlr.LogicalSearch or itlr.AsyncLogicalSearch"):
        LangChainRetriever(search=local_search.client)  # the index, not a search over it
    with pytest.raises(ValueError, match="query_type must be one of auto, logic, question"):
        LlamaIndexRetriever(local_search, query_type="sql")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="empty query"):
        LlamaIndexRetriever(local_search).retrieve("  ")


def test_no_text_field_is_a_clear_error():
    index = itlr.LocalIndex()
    index.add([{"_id": "1", "text": "x", "body": "y"}], vectors=[[1.0, 0.0]])
    search = itlr.LogicalSearch(index, embedder=itlr.PrecomputedEmbedder({"a": [1.0, 0.0]}))
    with pytest.raises(ValueError, match="hit '1' has no text in field 'content'"):
        LangChainRetriever(search=search, text_field="content").invoke('"a"')


def test_frameworks_need_no_network():
    """Importing both frameworks and retrieving through both makes no connection beyond
    127.0.0.1 (run in a fresh interpreter so that the imports are checked too)."""
    script = textwrap.dedent(
        """
        import socket
        _connect = socket.socket.connect
        def guarded(self, address):
            host = address[0] if isinstance(address, tuple) else ""
            if self.family != socket.AF_UNIX and not (host.startswith("127.") or host in ("::1", "localhost")):
                raise SystemExit(f"network access to {address!r}")
            return _connect(self, address)
        socket.socket.connect = guarded
        def no_dns(host, *args, **kwargs):
            raise SystemExit(f"DNS lookup of {host!r}")
        socket.getaddrinfo = no_dns
        import itlr
        from itlr.integrations.langchain import LogicalRetriever as L
        from itlr.integrations.llamaindex import LogicalRetriever as R
        index = itlr.LocalIndex()
        index.add([{"_id": "1", "text": "cats"}, {"_id": "2", "text": "dogs"}], vectors=[[1.0, 0.1], [0.1, 1.0]])
        search = itlr.LogicalSearch(index, embedder=itlr.PrecomputedEmbedder({"a": [1.0, 0.0], "b": [0.0, 1.0]}))
        assert [d.id for d in L(search=search, k=1).invoke('"a" AND NOT "b"')] == ["1"]
        assert [n.node.id_ for n in R(search, k=1).retrieve('"b" AND NOT "a"')] == ["2"]
        print("ok")
        """
    )
    env = {**os.environ, "PYTHONPATH": REPO}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:] + done.stdout[-500:]
