"""Plan to search request: the part every dialect shares.

One request per query: a ``script_score`` whose inner query gathers the
candidates (one kNN clause per positive term in approximate mode; every
document with a vector, or every one passing the user's filter, in exact mode)
and whose Painless script computes the composed score from ``params``.
A dialect overrides only what differs: the kNN clause.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

import numpy as np

from .. import painless
from ..filters import check_filter
from ..semantics import Semantics
from .plan import Plan

__all__ = ["Dialect", "SearchOptions", "MAX_KNN", "TRUTH_FIELD", "composite_vectors"]

MAX_KNN = 10_000  # both engines cap k and num_candidates here
# How far a composite vector moves away from an AND node's negated terms (benchmarks/composite_candidates.py).
COMPOSITE_BETA = 0.5
TRUTH_FIELD = "_itlr_truth"  # script field carrying the per-term truth values with explain


@dataclass(frozen=True)
class SearchOptions:
    """Everything about a request that is not the query itself."""

    field: str = "embedding"
    k: int = 10
    offset: int = 0
    mode: str = "auto"
    filter: Mapping[str, Any] | None = None
    explain: bool = False
    semantics: Semantics = Semantics()
    knn_k: int | None = None  # neighbours per kNN clause (per shard)
    num_candidates: int | None = None  # HNSW candidates per shard
    source: bool | Sequence[str] | None = None
    stored_script: bool = False
    unit_vectors: bool = False  # the index holds unit vectors: the script skips the document norm

    def __post_init__(self) -> None:
        if not isinstance(self.field, str) or not self.field:
            raise ValueError("field must be the name of the vector field")
        if self.k < 0 or self.offset < 0:
            raise ValueError("k and offset must be zero or more")
        check_filter(self.filter)
        for name in ("knn_k", "num_candidates"):
            value = getattr(self, name)
            if value is not None and not 1 <= value <= MAX_KNN:
                raise ValueError(f"{name} must be between 1 and {MAX_KNN:,}")

    def neighbours(self) -> int:
        """kNN ``k`` per clause: a negated term can push the positive term's nearest
        neighbours down, so gather several times the page, not just the page. It does
        not depend on ``offset``: every page is cut from the same candidates, so pages
        never overlap or skip, and approximate paging ends where those candidates do."""
        if self.knn_k is not None:
            return self.knn_k
        return min(MAX_KNN, max(100, 4 * self.k))

    def candidates(self) -> int:
        return self.num_candidates or min(MAX_KNN, max(2 * self.neighbours(), 100))


def composite_vectors(plan: Plan, vectors: np.ndarray) -> list[np.ndarray]:
    """Per AND node of :meth:`Plan.composites`: the normalised sum of its positive terms'
    vectors minus ``COMPOSITE_BETA`` times its negated ones' (after DEO's query-vector
    optimisation, arXiv 2603.09185): documents good on all of the node's terms at once."""
    out: list[np.ndarray] = []
    for pos, neg in plan.composites():
        v: np.ndarray = np.asarray(vectors[list(pos)], dtype=np.float64).sum(axis=0)
        if neg:
            v = v - COMPOSITE_BETA * np.asarray(vectors[list(neg)], dtype=np.float64).sum(axis=0)
        norm = float(np.linalg.norm(v))
        if norm > 1e-6:
            out.append(v / norm)
    return out


def _floats(vector: np.ndarray) -> list[float]:
    # 9 significant digits carry a float32 exactly, so the script sees the local engine's values.
    return [float(f"{x:.9g}") for x in np.asarray(vector, dtype=np.float32).tolist()]


class Dialect:
    """Compiles a plan into a request body for one engine."""

    name: str = ""

    def knn_clause(self, field: str, vector: list[float], options: SearchOptions) -> dict[str, Any]:
        raise NotImplementedError

    def script(self, purpose: str, params: dict[str, Any], options: SearchOptions) -> dict[str, Any]:
        if options.stored_script:
            return {"id": painless.script_id(self.name, purpose), "params": params}
        return {"lang": "painless", "source": painless.source(self.name, purpose), "params": params}

    def params(self, plan: Plan, vectors: np.ndarray, options: SearchOptions) -> dict[str, Any]:
        lambdas, taus = options.semantics.sigmoid_params(plan.terms)
        return {
            "field": options.field,
            "vectors": [_floats(v) for v in vectors],
            "program": list(plan.program),
            "ops": list(options.semantics.codes),
            "lambda": lambdas,
            "tau": taus,
            "unit": options.unit_vectors,
        }

    def candidates_query(self, plan: Plan, params: dict[str, Any], mode: str, options: SearchOptions,
                         composites: Sequence[np.ndarray] = ()) -> dict[str, Any]:
        if mode == "approx":
            vectors = params["vectors"]
            clauses = [self.knn_clause(options.field, vectors[i], options) for i in plan.positive_terms]
            clauses += [self.knn_clause(options.field, _floats(v), options) for v in composites]
            return {"bool": {"should": clauses, "minimum_should_match": 1}}
        filters: list[dict[str, Any]] = [{"exists": {"field": options.field}}]
        if options.filter is not None:
            filters.append(dict(options.filter))
        return {"bool": {"filter": filters}}

    def knn_list(self, vector: np.ndarray, depth: int, options: SearchOptions) -> dict[str, Any]:
        """The ``depth``-th hit of one term's kNN list (user filter inside), score only: its
        similarity bounds every document the list did not return. Only that one hit is
        fetched (``from`` depth - 1); no hit means the list holds fewer than ``depth``
        documents, so it holds every (filtered) one."""
        # The same clause as the scored request's (same k and candidates), so both see the same neighbours.
        listing = replace(options, knn_k=depth)
        return {
            "from": depth - 1,
            "size": 1,
            "query": self.knn_clause(options.field, _floats(vector), listing),
            "_source": False,
            "stored_fields": "_none_",
            "track_total_hits": False,
        }

    def compile(self, plan: Plan, vectors: np.ndarray, options: SearchOptions, *, mode: str | None = None,
                composites: bool = True) -> dict[str, Any]:
        """The one-request body; ``mode`` (approx or exact) overrides resolving ``options.mode``.

        Approximate candidates add a kNN clause per AND node on a composite vector
        (:func:`composite_vectors`): at equal neighbours per query they raise recall against
        exact mode (docs/BENCHMARKS.md §5). Certified ``auto`` leaves them out
        (``composites=False``): its bound comes from the terms' own lists, and the
        composites did not raise the share of certified pages."""
        vectors = np.asarray(vectors, dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(plan.terms):
            raise ValueError(f"{len(plan.terms)} terms need {len(plan.terms)} vectors, got shape {vectors.shape}")
        mode = mode or plan.resolve_mode(options.mode, options.semantics)
        params = self.params(plan, vectors, options)
        body: dict[str, Any] = {
            "size": options.k,
            "query": {
                "script_score": {
                    "query": self.candidates_query(plan, params, mode, options,
                                                   composite_vectors(plan, vectors) if composites and mode == "approx" else ()),
                    "script": self.script("score", params, options),
                }
            },
        }
        if options.offset:
            body["from"] = options.offset
        # Stored fields without the vector (hundreds of floats per hit) unless asked for;
        # explicit also because script_fields would otherwise hide _source.
        body["_source"] = {"excludes": [options.field]} if options.source is None else options.source
        if options.explain:
            body["script_fields"] = {TRUTH_FIELD: {"script": self.script("explain", params, options)}}
        return body
