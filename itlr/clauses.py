"""ITLR as one piece of a request the user already sends: a query clause, a
``rescore`` section, and the same clause as an ``elasticsearch.dsl`` or
``opensearchpy.helpers`` query object.

    clause = itlr.query('"vitamin D" AND NOT "bone health"', dialect="opensearch")
    body = {"query": {"bool": {"must": [{"match": {"text": "vitamin"}}], "should": [clause]}},
            "aggs": {"topics": {"terms": {"field": "topic"}}}}

The clause is the ``script_score`` query that :func:`itlr.compile` puts in its
body, taken alone. Its inner query decides which documents the script scores:

- ``mode="exact"`` (the default): every document with a vector that passes
  ``filter``. Beside the user's own clauses this is the right set: Lucene scores
  an optional (``should``) or co-required (``must``) clause only on the
  documents the rest of the ``bool`` already matches, so the script runs on
  those documents only, and each one gets its exact ITLR score whatever its
  neighbours are. Alone, as the whole query, it scores every document.
- ``mode="approx"``: kNN candidates (one kNN clause per positive term, ``knn_k``
  each). The engines resolve kNN clauses per shard before the ``bool`` runs, so
  beside a BM25 clause a document that BM25 matches but no kNN list reached
  would get no ITLR score at all: use it for the clause alone, where it bounds
  the cost on large indices.

The certified ``auto`` mode of :meth:`itlr.LogicalSearch.search` needs several
requests, so a clause, which is one request, is exact or approximate.
"""

from __future__ import annotations

import math
from typing import Any, Literal, Mapping, Sequence

from .embedders import Embedder
from .search import compile as compile_body
from .translator import Expr

__all__ = ["query", "rescore", "dsl_query", "CLAUSE_MODES", "SCORE_MODES"]

CLAUSE_MODES = ("exact", "approx")
# The query rescorer's ways to combine the first-pass and the rescore score (both engines).
SCORE_MODES = ("total", "multiply", "avg", "max", "min")

TermVectors = Mapping[str, Sequence[float]] | Sequence[Sequence[float]]


def _weight(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value!r}")
    return float(value)


def query(
    query: str | Expr,
    *,
    dialect: str = "opensearch",
    embedder: Embedder | None = None,
    term_vectors: TermVectors | None = None,
    field: str = "embedding",
    filter: Mapping[str, Any] | None = None,
    mode: Literal["exact", "approx"] = "exact",
    boost: float | None = None,
    min_score: float | None = None,
    knn_k: int | None = None,
    num_candidates: int | None = None,
    **options: Any,
) -> dict[str, Any]:
    """The ``script_score`` clause that scores documents by the ITLR score of ``query``.

    ``filter`` (query DSL) limits the documents the clause matches; ``boost``
    weighs it against the clauses beside it (a BM25 score is often 5-20, an ITLR
    score 0-1); ``min_score`` drops documents scoring below it. Further options
    (``semantics``, ``stored_script``, ...) are :func:`itlr.compile`'s; a stored
    script must be on the cluster first (``LogicalSearch(..., stored_scripts=True)``
    puts it there).
    """
    return _script_score(
        query, dialect=dialect, embedder=embedder, term_vectors=term_vectors, field=field, filter=filter,
        mode=mode, boost=boost, min_score=min_score, knn_k=knn_k, num_candidates=num_candidates, **options,
    )


def _script_score(
    expr: str | Expr,
    *,
    mode: str,
    boost: float | None = None,
    min_score: float | None = None,
    **options: Any,
) -> dict[str, Any]:
    if mode not in CLAUSE_MODES:
        raise ValueError(
            f"a query clause is one request: mode must be exact or approx, got {mode!r} "
            "(the certified auto mode is LogicalSearch.search)"
        )
    body = compile_body(expr, mode=mode, **options)
    clause: dict[str, Any] = body["query"]
    if boost is not None:
        if _weight("boost", boost) < 0:
            raise ValueError(f"boost must be zero or more; got {boost!r}")
        clause["script_score"]["boost"] = float(boost)
    if min_score is not None:
        clause["script_score"]["min_score"] = _weight("min_score", min_score)
    return clause


def rescore(
    query: str | Expr,
    *,
    window_size: int = 100,
    query_weight: float = 0.0,
    rescore_query_weight: float = 1.0,
    score_mode: str = "total",
    dialect: str = "opensearch",
    embedder: Embedder | None = None,
    term_vectors: TermVectors | None = None,
    field: str = "embedding",
    **options: Any,
) -> dict[str, Any]:
    """A ``rescore`` section that re-ranks each shard's top ``window_size`` hits of
    any query by the ITLR score of ``query``.

    The defaults rank the window by the ITLR score alone (``query_weight`` 0): a
    hit's score becomes ``query_weight * first-pass score + rescore_query_weight *
    ITLR score`` (``score_mode`` ``total``; or ``multiply``, ``avg``, ``max``,
    ``min``). Hits below the window keep ``query_weight`` times their score, so
    with the defaults they follow the window. The rescore query is always exact:
    the window is already the candidate set, and kNN candidates would leave
    window hits outside every kNN list unscored.
    """
    if isinstance(window_size, bool) or not isinstance(window_size, int) or window_size < 1:
        raise ValueError(f"window_size must be a positive integer; got {window_size!r}")
    if score_mode not in SCORE_MODES:
        raise ValueError(f"score_mode must be one of {', '.join(SCORE_MODES)}; got {score_mode!r}")
    if "filter" in options or "mode" in options:
        raise ValueError("rescore takes no filter or mode: it scores exactly the hits the first query found")
    clause = _script_score(
        query, dialect=dialect, embedder=embedder, term_vectors=term_vectors, field=field, mode="exact", **options
    )
    return {
        "window_size": window_size,
        "query": {
            "rescore_query": clause,
            "query_weight": _weight("query_weight", query_weight),
            "rescore_query_weight": _weight("rescore_query_weight", rescore_query_weight),
            "score_mode": score_mode,
        },
    }


def dsl_query(query: str | Expr, *, dialect: str = "opensearch", **kwargs: Any) -> Any:
    """:func:`query` as a query object of the dialect's DSL library, for ``Search().query(...)``
    and ``&``/``|`` with other query objects: ``elasticsearch.dsl`` for
    ``elasticsearch``, ``opensearchpy.helpers`` for ``opensearch``."""
    if dialect == "elasticsearch":
        try:
            from elasticsearch.dsl import Q
        except ImportError:
            try:  # elasticsearch < 8.18: the DSL was the separate elasticsearch-dsl package
                from elasticsearch_dsl import Q  # type: ignore[import-not-found,no-redef]
            except ImportError:
                raise LookupError("elasticsearch.dsl needs the elasticsearch package 8.18 or later (pip install 'itlr[elasticsearch]')") from None
    elif dialect == "opensearch":
        try:
            from opensearchpy.helpers.query import Q  # type: ignore[no-redef]
        except ImportError:
            raise LookupError("opensearchpy.helpers needs the opensearch-py package (pip install 'itlr[opensearch]')") from None
    else:
        raise ValueError(f"dialect must be elasticsearch or opensearch; got {dialect!r}")
    # Q of a one-key dict builds the library's own ScriptScore object, whose to_dict() is this dict.
    kwargs.setdefault("mode", "exact")
    return Q(_script_score(query, dialect=dialect, **kwargs))
