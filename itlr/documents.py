"""Documents in: JSONL files or Python iterables, each a dict with an id and a text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

__all__ = ["read_jsonl", "Document", "prepare_documents", "batched"]


def read_jsonl(path: str | Path) -> Iterator[dict[str, Any]]:
    """Objects of a JSON Lines file; a bad line is an error naming the file and line."""
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
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
        raw_id = doc.get(id_field, doc.get("id", n))
        source = {k: v for k, v in doc.items() if k not in (id_field,)}
        text = doc.get(text_field)
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"document {raw_id}: no text in field {text_field!r}")
        title = doc.get("title")
        if isinstance(title, str) and title.strip() and text_field == "text":
            text = f"{title}. {text}"
        yield Document(str(raw_id), text, source)


def batched(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
