"""itlr: inference-time logical reasoning (AND, OR, NOT over embeddings) for
Elasticsearch, OpenSearch and a local engine.

    import itlr
    e = itlr.parse('"vitamin D benefits" AND NOT "bone health"')
    body = itlr.compile(e, dialect="opensearch", field="embedding", k=10)
    hits = itlr.LogicalSearch(client, index="docs").search(e, k=10, explain=True)

Heavy parts (torch, the clients) load on first use, not on import.
"""

from importlib import import_module
from typing import Any

from .semantics import Semantics
from .translator import And, Expr, Not, Or, ParseError, Term, from_json, parse

__version__ = "0.1.0"

# name -> module that defines it, imported when first used
_LAZY = {
    "LocalIndex": ".local",
    "LogicalSearch": ".search",
    "AsyncLogicalSearch": ".aio",
    "compile": ".search",
    "index_documents": ".indexing",
    "Hit": ".hits",
    "SearchResult": ".hits",
    "EngineError": ".errors",
    "EndpointError": ".errors",
    "ServiceError": ".errors",
    "IndexingError": ".errors",
    "connect": ".engines",
    "default_embedder": ".embedders",
    "get_embedder": ".embedders",
    "SentenceTransformerEmbedder": ".embedders",
    "OpenAIEmbedder": ".embedders",
    "PrecomputedEmbedder": ".embedders",
    "to_logic": ".nl",
    "query": ".clauses",
    "rescore": ".clauses",
    "dsl_query": ".clauses",
}

# ``compile`` stays out of ``*`` imports: it would shadow the builtin. Use ``itlr.compile``.
__all__ = ["parse", "ParseError", "Expr", "Term", "Not", "And", "Or", "from_json", "Semantics", *(n for n in _LAZY if n != "compile")]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'itlr' has no attribute {name!r}")
