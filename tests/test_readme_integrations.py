"""The README's sections on query clauses, rescore, DSL objects and retrievers run as
written, against OpenSearch, over the demo corpus (the index name aside)."""

from __future__ import annotations

import re
import uuid
from importlib import resources
from pathlib import Path

import pytest

import itlr
from itlr.documents import read_jsonl
from itlr.engines import engine_for

README = Path(__file__).resolve().parent.parent / "README.md"

pytestmark = [pytest.mark.opensearch, pytest.mark.model]


def python_blocks(heading: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}")
    end = text.find("\n## ", start + 1)
    return re.findall(r"```python\n(.*?)```", text[start : end if end > 0 else None], flags=re.S)


@pytest.fixture(scope="module")
def demo_search(os_client):
    name = f"h5-readme-{uuid.uuid4().hex[:8]}"
    with resources.as_file(resources.files("itlr.demo").joinpath("corpus.jsonl")) as path:
        docs = list(read_jsonl(path))
    search = itlr.LogicalSearch(os_client, name)
    search.index_documents(docs)
    yield search
    engine_for(os_client).delete_index(name)


def run_blocks(heading: str, search: itlr.LogicalSearch) -> dict:
    blocks = python_blocks(heading)
    assert blocks, heading
    namespace = {"itlr": itlr, "client": search.client, "search": search}
    for block in blocks:
        exec(compile(block.replace('"docs"', repr(search.index)), f"README: {heading}", "exec"), namespace)  # noqa: S102
    return namespace


def test_readme_query_clause_rescore_and_dsl(demo_search):
    ns = run_blocks("In your own requests", demo_search)
    rescored = [h["_source"]["aspect"] for h in ns["response"]["hits"]["hits"]]
    assert rescored[:4] and "bone health" not in rescored[:4]  # the last response: the rescore
    assert [h.aspect for h in ns["hits"]][:4] and "bone health" not in [h.aspect for h in ns["hits"]][:4]


def test_readme_retrievers(demo_search):
    ns = run_blocks("RAG retrievers", demo_search)
    assert all(d.metadata["aspect"] != "bone health" for d in ns["docs"])
    assert all(n.node.metadata["aspect"] != "bone health" for n in ns["nodes"])
    assert ns["docs"][0].metadata["itlr"]["method"] in ("rules", "llm", "fallback")
