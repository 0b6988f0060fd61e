"""Bulk loading into Elasticsearch / OpenSearch (and the local engine): embeddings
in batches, a progress bar, every failed document reported, a final count check."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from .documents import Document, batched, prepare_documents
from .embedders import Embedder, normalize
from .engines import Engine, engine_for
from .errors import EngineError, IndexingError
from .local import LocalIndex
from .mappings import index_body, vector_field_dims

__all__ = ["index_documents", "ensure_index", "IndexReport", "BulkRun"]


@dataclass
class IndexReport:
    index: str
    indexed: int = 0
    failures: list[tuple[str, str]] = field(default_factory=list)


def ensure_index(
    engine: Engine, index: str, dims: int, *, field: str = "embedding", text_field: str = "text", shards: int = 1, replicas: int = 0,
    metadata: Mapping[str, Any] | None = None,
) -> bool:
    """Creates ``index`` for ``dims``-dimensional vectors; an existing index must
    have the same dimensions. Returns True when it was created."""
    if engine.exists(index):
        check_existing_index(index, engine.mapping(index), field, dims)
        return False
    engine.create_index(index, index_body(engine.dialect, dims, field=field, text_field=text_field, shards=shards, replicas=replicas, metadata=metadata))
    return True


def check_existing_index(index: str, mapping: dict[str, Any], field: str, dims: int) -> None:
    """An existing index must hold ``dims``-dimensional vectors in ``field`` (its ``GET _mapping`` answer)."""
    have = vector_field_dims(mapping, field)
    if have is None:
        raise ValueError(f"index {index!r} exists but has no vector field {field!r}")
    if have != dims:
        raise ValueError(f"index {index!r} has {have}-dimensional vectors in {field!r} but the embedder gives {dims}")


def bulk_operations(index: str, field: str, batch: Sequence[Document], matrix: np.ndarray) -> list[dict[str, Any]]:
    """The ``_bulk`` lines that index ``batch`` with its vectors, under the documents' own ids."""
    operations: list[dict[str, Any]] = []
    for doc, vector in zip(batch, matrix):
        operations.append({"index": {"_index": index, "_id": doc.id}})
        operations.append({**doc.source, field: np.asarray(vector, dtype=np.float32).tolist()})
    return operations


def record_bulk_response(report: IndexReport, written: list[str], batch: Sequence[Document], response: Mapping[str, Any]) -> None:
    """Adds each document of ``batch`` to ``written`` or, with the engine's reason, to the failures."""
    items = response.get("items", [])
    for doc, item in zip(batch, items):
        result = next(iter(item.values()))
        error = result.get("error")
        if error:
            reason = error.get("reason", str(error)) if isinstance(error, dict) else str(error)
            kind = error.get("type", "error") if isinstance(error, dict) else "error"
            report.failures.append((doc.id, f"{kind}: {reason}"))
        else:
            written.append(doc.id)
    if len(items) != len(batch):
        report.failures.extend((d.id, "no answer in the bulk response") for d in batch[len(items) :])


class BulkRun:
    """The bookkeeping of one bulk run, without I/O: :func:`index_documents` and
    :meth:`itlr.AsyncLogicalSearch.index_documents` send the requests and hand each
    answer or error here, so both report every document alike.

    A bulk request that gets no answer (``EngineError.status`` is None: connection
    refused, reset or timed out, after the client's own retries) stops the run: the
    node may have written that batch before it went away, so its documents "may or may
    not be written", and every later batch is "not sent". A request the node refuses as
    a whole fails its documents and the run goes on."""

    def __init__(self, index: str) -> None:
        self.report = IndexReport(index)
        self.written: list[str] = []
        self.unreachable: EngineError | None = None

    def skip(self, batch: Sequence[Document]) -> bool:
        """Once the engine stopped answering, reports ``batch`` as not sent and returns True."""
        if self.unreachable is None:
            return False
        self.report.failures.extend((d.id, f"not sent, the engine stopped answering: {self.unreachable.cause}") for d in batch)
        return True

    def answered(self, batch: Sequence[Document], response: Mapping[str, Any]) -> None:
        record_bulk_response(self.report, self.written, batch, response)

    def failed(self, batch: Sequence[Document], exc: EngineError) -> None:
        if exc.status is None:
            # A re-run with the same ids completes the index without duplicates.
            self.unreachable = exc
            self.report.failures.extend(
                (d.id, f"bulk request got no answer, the document may or may not be written: {exc.cause}") for d in batch
            )
        else:  # e.g. 413 too large: the next batch may pass
            self.report.failures.extend((d.id, f"bulk request refused (HTTP {exc.status}): {exc.cause}") for d in batch)

    def count_chunks(self) -> list[list[str]] | None:
        """The acknowledged ids, in chunks of one ``ids`` query each, for the count check;
        None after the engine stopped answering (no check then)."""
        self.report.indexed = len(set(self.written))
        if self.unreachable is not None:
            return None
        return [list(chunk) for chunk in batched(sorted(set(self.written)), 1000)]

    def counted(self, found: int | EngineError) -> None:
        """The count check: every document the bulk answers called written is searchable
        (``found`` after a refresh), or why the check could not run."""
        if isinstance(found, EngineError):
            self.report.failures.append(("*", f"count check could not run: {found}"))
        elif found != self.report.indexed:
            self.report.failures.append(("*", f"count check: {self.report.indexed} written but {found} found after refresh"))

    def result(self, raise_on_error: bool) -> IndexReport:
        if self.report.failures and raise_on_error:
            raise IndexingError(self.report.index, self.report.failures, self.report.indexed)
        return self.report


def index_documents(
    client: Any,
    index: str | None,
    documents: Iterable[Mapping[str, Any]],
    *,
    embedder: Embedder | None = None,
    vectors: Sequence[Sequence[float]] | np.ndarray | None = None,
    field: str = "embedding",
    id_field: str = "_id",
    text_field: str = "text",
    batch_size: int = 64,
    shards: int = 1,
    replicas: int = 0,
    progress: bool = False,
    raise_on_error: bool = True,
    metadata: Mapping[str, Any] | None = None,
) -> IndexReport:
    """Indexes documents (dicts with an id and a text) with their vectors.

    Vectors come from ``vectors`` (one row per document, in order) or from
    ``embedder`` in batches of ``batch_size``. Ids are the documents' own, so
    running it twice replaces rather than duplicates. Raises
    :class:`~itlr.errors.IndexingError` listing every failed document (after
    indexing all the others) unless ``raise_on_error`` is false. ``metadata``
    declares field types for a new index (:func:`itlr.mappings.index_body`).

    A bulk request that gets no answer (the node stopped, the connection broke or
    timed out) stops the run: the documents of that request are reported as "may or
    may not be written", every later one as "not sent", each with the cause. A
    request the node refuses as a whole fails its documents and the run goes on.
    ``report.indexed`` counts the documents the node acknowledged; the count check then
    confirms they are searchable. Ids are the documents' own, so running it again
    completes the index.
    """
    if isinstance(client, LocalIndex):
        count = client.add(documents, embedder=embedder, vectors=vectors, id_field=id_field, text_field=text_field, progress=progress)
        return IndexReport(index or "local", indexed=count)
    if not index:
        raise ValueError("an index name is needed")
    if embedder is None and vectors is None:
        raise ValueError("give either an embedder or the documents' vectors")
    engine = engine_for(client)
    docs = list(prepare_documents(documents, id_field=id_field, text_field=text_field))
    given = None
    if vectors is not None:
        given = normalize(np.asarray(vectors, dtype=np.float32))
        if given.shape[0] != len(docs):
            raise ValueError(f"{len(docs)} documents but {given.shape[0]} vectors")
    dims = given.shape[1] if given is not None else embedder.dim  # type: ignore[union-attr]
    ensure_index(engine, index, dims, field=field, text_field=text_field, shards=shards, replicas=replicas, metadata=metadata)

    from tqdm.auto import tqdm

    run = BulkRun(index)
    bar = tqdm(total=len(docs), desc=f"indexing {index}", unit="doc", disable=not progress or not docs, leave=False)
    for start, batch in zip(range(0, len(docs), batch_size), batched(docs, batch_size)):
        if run.skip(batch):
            continue
        matrix = given[start : start + len(batch)] if given is not None else embedder.embed([d.text for d in batch])  # type: ignore[union-attr]
        try:
            run.answered(batch, engine.bulk(index, bulk_operations(index, field, batch, matrix)))
        except EngineError as exc:
            run.failed(batch, exc)
        bar.update(len(batch))
    bar.close()
    chunks = run.count_chunks()
    if chunks is not None:
        try:
            engine.refresh(index)
            run.counted(sum(engine.count(index, {"ids": {"values": chunk}}) for chunk in chunks))
        except EngineError as exc:
            run.counted(exc)
    return run.result(raise_on_error)
