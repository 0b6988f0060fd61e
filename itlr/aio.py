"""``AsyncLogicalSearch``: the same searches over ``AsyncElasticsearch`` / ``AsyncOpenSearch``.

Nothing about a search is written twice: the request bodies, the certification loop
and the parsing of responses are :func:`itlr.rounds.search_rounds`, a sans-IO generator
that the sync :class:`itlr.LogicalSearch` drives with blocking calls and this module
drives with ``await``. Embedding (CPU-bound) and the LLM step of ``ask`` run in a worker
thread, so they never block the event loop.

    client = AsyncOpenSearch("http://127.0.0.1:9200")
    search = itlr.AsyncLogicalSearch(client, "docs")
    result = await search.search('"jaguar" AND NOT "car"', k=10)
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any, Awaitable, Callable, Iterable, Mapping, Sequence

import numpy as np

from . import painless
from .documents import batched, prepare_documents
from .embedders import Embedder, normalize
from .engines import Engine
from .errors import EngineError
from .hits import SearchResult
from .indexing import BulkRun, IndexReport, bulk_operations, check_existing_index
from .mappings import VectorField, index_body
from .rounds import Rounds, search_rounds
from .search import SearchSettings
from .semantics import Semantics
from .translator import Expr

__all__ = ["AsyncLogicalSearch", "AsyncEngine", "drive_async"]


async def drive_async(rounds: Rounds, run: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]) -> SearchResult:
    """Runs the round trips with ``await run(body)``; returns the result."""
    try:
        body = next(rounds)
        while True:
            body = rounds.send(await run(body))
    except StopIteration as done:
        result: SearchResult = done.value
        return result


class AsyncEngine:
    """The calls itlr needs, awaited; errors become :class:`~itlr.errors.EngineError`
    exactly as with the sync :class:`~itlr.engines.Engine` (which this one wraps)."""

    def __init__(self, client: Any, dialect: str | None = None) -> None:
        self.sync = Engine(client, dialect)  # dialect detection, error mapping, response checks
        self.client = client
        self.dialect = self.sync.dialect
        self._es = self.sync._es

    async def search(self, index: str, body: dict[str, Any] | str) -> dict[str, Any]:
        with self.sync.errors("search", index):
            return Engine._body(await self.client.search(index=index, body=body))

    async def run(self, index: str, body: dict[str, Any]) -> dict[str, Any]:
        """One round trip: the ``_search`` of a body built by itlr (see :func:`~itlr.engines.encode_body`)."""
        from .engines import encode_body

        return await self.search(index, encode_body(body))

    async def mapping(self, index: str) -> dict[str, Any]:
        with self.sync.errors("mapping lookup", index):
            return Engine._body(await self.client.indices.get_mapping(index=index))

    async def index_info(self, index: str) -> dict[str, Any]:
        with self.sync.errors("mapping lookup", index):
            return Engine._body(await self.client.indices.get(index=index))

    async def document_count(self, index: str) -> int:
        from .engines import primary_documents

        with self.sync.errors("document count", index):
            return primary_documents(Engine._body(await self.client.indices.stats(index=index, metric="docs")))

    async def exists(self, index: str) -> bool:
        with self.sync.errors("index lookup", index):
            return bool(await self.client.indices.exists(index=index))

    async def create_index(self, index: str, body: dict[str, Any]) -> None:
        with self.sync.errors("index creation", index):
            if self._es:
                await self.client.indices.create(index=index, settings=body["settings"], mappings=body["mappings"])
            else:
                await self.client.indices.create(index=index, body=body)

    async def delete_index(self, index: str) -> None:
        with self.sync.errors("index deletion", index):
            if await self.exists(index):
                await self.client.indices.delete(index=index)

    async def bulk(self, operations: list[dict[str, Any]], index: str) -> dict[str, Any]:
        with self.sync.errors("bulk indexing", index):
            if self._es:
                return Engine._body(await self.client.bulk(operations=operations))
            return Engine._body(await self.client.bulk(body=operations))

    async def refresh(self, index: str) -> None:
        with self.sync.errors("refresh", index):
            await self.client.indices.refresh(index=index)

    async def count(self, index: str, query: dict[str, Any]) -> int:
        with self.sync.errors("count", index):
            return int(Engine._body(await self.client.count(index=index, body={"query": query}))["count"])

    async def put_script(self, script_id: str, source: str) -> None:
        with self.sync.errors(f"stored script {script_id!r} upload"):
            script = {"lang": "painless", "source": source}
            if self._es:
                await self.client.put_script(id=script_id, script=script)
            else:
                await self.client.put_script(id=script_id, body={"script": script})


class AsyncLogicalSearch(SearchSettings):
    """:class:`itlr.LogicalSearch` for ``AsyncElasticsearch`` / ``AsyncOpenSearch``:
    ``await search(...)``, ``await ask(...)``, ``await index_documents(...)``.

    One object serves many concurrent searches from one event loop."""

    def __init__(
        self,
        client: Any,
        index: str,
        *,
        embedder: Embedder | None = None,
        field: str = "embedding",
        semantics: Semantics | None = None,
        dialect: str | None = None,
        stored_scripts: bool = False,
    ) -> None:
        if not index:
            raise ValueError("an index name is needed for Elasticsearch and OpenSearch")
        super().__init__(index, embedder=embedder, field=field, semantics=semantics, stored_scripts=stored_scripts)
        self.client = client
        self.engine = AsyncEngine(client, dialect)
        self.dialect = self.engine.dialect
        self._scripts_stored = not stored_scripts

    async def register_scripts(self) -> list[str]:
        """Stores the score and explain scripts on the cluster; returns their ids."""
        ids = []
        for purpose in painless.PURPOSES:
            script_id = painless.script_id(self.dialect, purpose)
            await self.engine.put_script(script_id, painless.source(self.dialect, purpose))
            ids.append(script_id)
        self._scripts_stored = True
        return ids

    async def _vector_field(self) -> VectorField:
        if self._field is None:
            index = self.index or ""
            return self._inspect(await self.engine.index_info(index), await self.engine.document_count(index))
        return self._field

    async def search(
        self,
        query: str | Expr,
        *,
        k: int = 10,
        offset: int = 0,
        filter: Mapping[str, Any] | None = None,
        mode: str = "auto",
        explain: bool = False,
        semantics: Semantics | None = None,
        knn_k: int | None = None,
        num_candidates: int | None = None,
        source: bool | Sequence[str] | None = None,
        term_vectors: Any = None,
    ) -> SearchResult:
        """As :meth:`itlr.LogicalSearch.search`."""
        if not self._scripts_stored:
            await self.register_scripts()
        field = await self._vector_field()
        kwargs = dict(k=k, offset=offset, filter=filter, mode=mode, explain=explain, semantics=semantics or self.semantics,
                      knn_k=knn_k, num_candidates=num_candidates, source=source)
        if term_vectors is None:  # the model runs in a worker thread, not on the event loop
            cluster_query = await asyncio.to_thread(self._cluster_query, query, None, field, **kwargs)
        else:
            cluster_query = self._cluster_query(query, term_vectors, field, **kwargs)
        engine, index = self.engine, cluster_query.index
        return await drive_async(search_rounds(cluster_query), lambda body: engine.run(index, body))

    async def ask(self, question: str, *, llm: Any = None, **kwargs: Any) -> SearchResult:
        """Question → logical query (LLM if configured, else rules, in a worker thread) → search."""
        from .nl import to_logic

        translation = await asyncio.to_thread(to_logic, question, llm=llm)
        result = await self.search(translation.search_expr, **kwargs)
        return replace(result, question=question, method=translation.method)

    async def index_documents(
        self,
        documents: Iterable[Mapping[str, Any]],
        *,
        vectors: Sequence[Sequence[float]] | np.ndarray | None = None,
        id_field: str = "_id",
        text_field: str = "text",
        batch_size: int = 64,
        shards: int = 1,
        replicas: int = 0,
        raise_on_error: bool = True,
    ) -> IndexReport:
        """Embeds (in a worker thread) and bulk-indexes documents, as :func:`itlr.index_documents`:
        ids are the documents' own, every failed document is reported (a bulk request that
        gets no answer stops the run, its documents "may or may not be written"), and a count
        check ends it."""
        index = self.index or ""
        docs = list(prepare_documents(documents, id_field=id_field, text_field=text_field))
        given = None if vectors is None else normalize(np.asarray(vectors, dtype=np.float32))
        if given is not None and given.shape[0] != len(docs):
            raise ValueError(f"{len(docs)} documents but {given.shape[0]} vectors")
        embedder = None if given is not None else self.embedder
        dims = given.shape[1] if given is not None else embedder.dim  # type: ignore[union-attr]
        if await self.engine.exists(index):
            check_existing_index(index, await self.engine.mapping(index), self.field, dims)
        else:
            await self.engine.create_index(index, index_body(self.dialect, dims, field=self.field, text_field=text_field,
                                                             shards=shards, replicas=replicas))
        run = BulkRun(index)
        for start, batch in zip(range(0, len(docs), batch_size), batched(docs, batch_size)):
            if run.skip(batch):
                continue
            if given is not None:
                matrix = given[start : start + len(batch)]
            else:
                matrix = await asyncio.to_thread(embedder.embed, [d.text for d in batch])  # type: ignore[union-attr]
            try:
                run.answered(batch, await self.engine.bulk(bulk_operations(index, self.field, batch, matrix), index))
            except EngineError as exc:
                run.failed(batch, exc)
        chunks = run.count_chunks()
        if chunks is not None:
            try:
                await self.engine.refresh(index)
                run.counted(sum([await self.engine.count(index, {"ids": {"values": chunk}}) for chunk in chunks]))
            except EngineError as exc:
                run.counted(exc)
        return run.result(raise_on_error)
