"""One file per target engine; each overrides only what differs from :class:`Dialect`."""

from __future__ import annotations

from ..compiler import Dialect
from .elasticsearch import Elasticsearch
from .opensearch import OpenSearch

DIALECTS: dict[str, Dialect] = {d.name: d for d in (Elasticsearch(), OpenSearch())}


def get_dialect(name: str) -> Dialect:
    try:
        return DIALECTS[name]
    except KeyError:
        raise ValueError(f"dialect must be one of {', '.join(DIALECTS)}; got {name!r}") from None


__all__ = ["DIALECTS", "get_dialect", "Elasticsearch", "OpenSearch"]
