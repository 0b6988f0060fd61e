"""Retrievers for RAG frameworks, over :class:`itlr.LogicalSearch` (any backend).

- ``itlr.integrations.langchain.LogicalRetriever``: a LangChain ``BaseRetriever``
  (``pip install 'itlr[langchain]'``), returning ``Document`` objects;
- ``itlr.integrations.llamaindex.LogicalRetriever``: a LlamaIndex ``BaseRetriever``
  (``pip install 'itlr[llamaindex]'``), returning ``NodeWithScore`` objects.

Both take either a logical query or a question, and put what itlr knows about each
hit under ``metadata["itlr"]``: ``id``, ``score``, ``truth`` (every term's truth
value), ``query`` (the logical query that ran), ``mode``, ``certified`` where the
search says whether its page is certified, and for a question ``question`` and
``method`` (rules, llm or fallback). Both wrap a :class:`itlr.LogicalSearch` or,
for the frameworks' async entry points (``ainvoke``, ``aretrieve``), an
``itlr.AsyncLogicalSearch``. This module holds the part they share and imports
neither framework.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
from typing import Any, Literal, Mapping

from ..hits import Hit, SearchResult
from ..translator import And, Not, Or, ParseError, parse

__all__ = [
    "QueryType", "QUERY_TYPES", "METADATA_KEY", "retrieve", "aretrieve", "is_async", "check_search",
    "is_logical_query", "hit_metadata", "hit_text",
]

QueryType = Literal["auto", "logic", "question"]
QUERY_TYPES = ("auto", "logic", "question")
METADATA_KEY = "itlr"


def is_logical_query(text: str) -> bool:
    """True when ``text`` is written in the query language: it parses and uses an
    operator or a quoted term. Plain words are a question (itlr.to_logic reads
    "X other than Y" as an exclusion; the parser would keep it as one term)."""
    try:
        expr = parse(text)
    except ParseError:
        return False
    return isinstance(expr, (And, Or, Not)) or '"' in text


def is_async(search: Any) -> bool:
    """True for an ``itlr.AsyncLogicalSearch`` (its ``search`` is a coroutine function)."""
    return inspect.iscoroutinefunction(getattr(search, "search", None))


def check_search(search: Any) -> Any:
    """``search`` if it is an itlr.LogicalSearch or AsyncLogicalSearch, else a TypeError."""
    if not all(callable(getattr(search, name, None)) for name in ("search", "ask")):
        raise TypeError(f"search must be an itlr.LogicalSearch or itlr.AsyncLogicalSearch, not {type(search).__name__}")
    return search


def _plan_call(text: str, query_type: str) -> bool:
    """Checks the input; True when ``text`` runs as a logical query, False when it is asked."""
    if query_type not in QUERY_TYPES:
        raise ValueError(f"query_type must be one of {', '.join(QUERY_TYPES)}; got {query_type!r}")
    if not isinstance(text, str) or not text.strip():
        raise ValueError("empty query")
    return query_type == "logic" or (query_type == "auto" and is_logical_query(text))


def retrieve(
    search: Any,
    text: str,
    *,
    query_type: str = "auto",
    k: int = 4,
    filter: Mapping[str, Any] | None = None,
    mode: str = "auto",
    llm: Any = None,
) -> SearchResult:
    """Runs ``text`` on ``search`` (an :class:`itlr.LogicalSearch`) with per-term truth values."""
    if is_async(search):
        raise TypeError("this retriever wraps an itlr.AsyncLogicalSearch: call its async entry point (ainvoke / aretrieve)")
    if _plan_call(text, query_type):
        result: SearchResult = search.search(text, k=k, filter=filter, mode=mode, explain=True)
        return result
    asked: SearchResult = search.ask(text, llm=llm, k=k, filter=filter, mode=mode, explain=True)
    return asked


async def aretrieve(
    search: Any,
    text: str,
    *,
    query_type: str = "auto",
    k: int = 4,
    filter: Mapping[str, Any] | None = None,
    mode: str = "auto",
    llm: Any = None,
) -> SearchResult:
    """:func:`retrieve` from an event loop: awaited on an ``AsyncLogicalSearch``, in a worker
    thread for a ``LogicalSearch`` (its client blocks)."""
    if not is_async(search):
        call = functools.partial(retrieve, search, text, query_type=query_type, k=k, filter=filter, mode=mode, llm=llm)
        return await asyncio.to_thread(call)
    if _plan_call(text, query_type):
        result: SearchResult = await search.search(text, k=k, filter=filter, mode=mode, explain=True)
        return result
    asked: SearchResult = await search.ask(text, llm=llm, k=k, filter=filter, mode=mode, explain=True)
    return asked


def hit_text(hit: Hit, text_field: str) -> str:
    value = hit.source.get(text_field)
    if not isinstance(value, str):
        raise ValueError(f"hit {hit.id!r} has no text in field {text_field!r}; pass text_field= to name the stored text")
    return value


def hit_metadata(hit: Hit, result: SearchResult, text_field: str) -> dict[str, Any]:
    """The hit's stored fields (less the text) and, under ``"itlr"``, what itlr knows about it."""
    about: dict[str, Any] = {"id": hit.id, "score": hit.score, "truth": hit.truth, "query": result.query, "mode": result.mode}
    certificate = getattr(result, "certificate", None)  # results of the certified auto mode carry one
    if certificate is not None:
        about["certified"] = bool(certificate.certified)
    if result.question is not None:
        about.update(question=result.question, method=result.method)
    fields = {key: value for key, value in hit.source.items() if key != text_field}
    return {**fields, METADATA_KEY: about}
