"""Documents in: JSONL files or Python iterables, each a dict with an id and a text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

__all__ = ["read_jsonl", "Document", "prepare_documents", "batched"]


def read_jsonl(path: str | Path) -> Iterator[dict[str, Any]]:
    """Objects of a JSON Lines file; a bad line is an error naming the file and line."""
    with open(path, "rb") as fh:
        for number, raw in enumerate(fh, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise ValueError(f"{path}:{number}: not valid UTF-8 (byte {exc.start + 1} of the line)") from None
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
            if not isinstance(obj, dict):
                raise ValueError(f"{path}:{number}: expected a JSON object per line")
            yield obj


class Document(NamedTuple):
    """What every backend indexes."""

    id: str
    text: str
    source: dict[str, Any]


def prepare_documents(
    documents: Iterable[Mapping[str, Any]], *, id_field: str = "_id", text_field: str = "text", start: int = 0
) -> Iterator[Document]:
    """Normalises raw dicts: id from ``id_field`` (or ``id``; else the position),
    text from ``text_field`` (a ``title`` is prefixed when present, as BEIR does),
    everything but the id kept as the source."""
    for n, doc in enumerate(documents, start):
        if not isinstance(doc, Mapping):
            raise ValueError(f"document {n}: expected an object, got {type(doc).__name__}")
        doc_id = _document_id(doc.get(id_field, doc.get("id", n)), n)
        source = {k: v for k, v in doc.items() if k not in (id_field,)}
        text = doc.get(text_field)
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"document {doc_id}: no text in field {text_field!r}")
        if not _is_unicode(text):
            raise ValueError(f"document {doc_id}: the text is not valid Unicode (a lone surrogate)")
        title = doc.get("title")
        if isinstance(title, str) and title.strip() and text_field == "text" and _is_unicode(title):
            text = f"{title}. {text}"
        yield Document(doc_id, text, source)


#: The engines refuse longer ids (Elasticsearch and OpenSearch: "id is too long").
MAX_ID_BYTES = 512


def _document_id(raw: Any, n: int) -> str:
    """An id as the engines take it: a non-empty string (numbers become their text), at most 512 bytes."""
    if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
        raise ValueError(f"document {n}: id must be a string or a number, not {type(raw).__name__}")
    doc_id = str(raw)
    if not doc_id:
        raise ValueError(f"document {n}: empty id")
    if not _is_unicode(doc_id):
        raise ValueError(f"document {n}: the id is not valid Unicode (a lone surrogate)")
    if len(doc_id.encode("utf-8")) > MAX_ID_BYTES:
        raise ValueError(f"document {n}: id longer than {MAX_ID_BYTES} bytes")
    return doc_id


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def batched(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
