"""Plan to search request: the part every dialect shares.

One request per query: a ``script_score`` whose inner query gathers the
candidates (one kNN clause per positive term in approximate mode; every
document with a vector, or every one passing the user's filter, in exact mode)
and whose Painless script computes the composed score from ``params``.
A dialect overrides only what differs: the kNN clause.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from .. import painless
from ..filters import check_filter
from ..semantics import Semantics
from .plan import Plan

__all__ = ["Dialect", "SearchOptions", "MAX_KNN", "TRUTH_FIELD", "LIST_ENDS", "Composite", "composite", "query_composite", "composite_vectors", "VectorParam", "vector_json"]

MAX_KNN = 10_000  # both engines cap k and num_candidates here
# How far a composite vector moves away from an AND node's negated terms (benchmarks/composite_candidates.py).
COMPOSITE_BETA = 0.5
TRUTH_FIELD = "_itlr_truth"  # script field carrying the per-term truth values with explain
LIST_ENDS = "_itlr_list_ends"  # the aggregation of certified auto's kNN lists' cosines at given ranks


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


@dataclass(frozen=True)
class Composite:
    """A composite query vector: ``direction = sum_i weights[i] * q_i / norm``, unit length."""

    weights: tuple[float, ...]  # per term of the plan; 0 for terms left out
    direction: np.ndarray
    norm: float


def composite(vectors: np.ndarray, positive: Sequence[int], negated: Sequence[int]) -> Composite | None:
    """The normalised sum of the ``positive`` terms' vectors minus ``COMPOSITE_BETA`` times
    the ``negated`` ones' (after DEO's query-vector optimisation, arXiv 2603.09185):
    documents good on all those terms at once and far from the negated ones lie near it.
    None when the sum vanishes."""
    weights = np.zeros(len(vectors))
    weights[list(positive)] = 1.0
    weights[list(negated)] = -COMPOSITE_BETA
    v = weights @ np.asarray(vectors, dtype=np.float64)
    norm = float(np.linalg.norm(v))
    if norm <= 1e-6:
        return None
    return Composite(tuple(float(w) for w in weights), v / norm, norm)


def query_composite(plan: Plan, vectors: np.ndarray) -> Composite | None:
    """The :func:`composite` of :meth:`Plan.query_composite`'s terms, or None: certified
    ``auto`` lists its neighbours on every backend (:mod:`itlr.rounds`, :mod:`itlr.local`)."""
    shape = plan.query_composite()
    return composite(vectors, *shape) if shape is not None else None


def composite_vectors(plan: Plan, vectors: np.ndarray) -> list[np.ndarray]:
    """Per AND node of :meth:`Plan.composites`, its :func:`composite` direction:
    approximate mode adds a kNN clause on each."""
    made = (composite(vectors, pos, neg) for pos, neg in plan.composites())
    return [c.direction for c in made if c is not None]


class VectorParam(list):  # type: ignore[type-arg]
    """A query vector inside a request body: a plain list of floats to every reader, which
    also knows its float32 bytes, so that :func:`vector_json` writes its JSON once however
    many places of one body carry it (kNN clauses, script and aggregation params)."""

    __slots__ = ("packed",)

    def __init__(self, values: Iterable[float] = (), packed: bytes | None = None) -> None:
        # Constructible like a list: DSL helpers rebuild lists with ``type(data)(items)``.
        super().__init__(values)
        self.packed = packed


def _floats(vector: np.ndarray) -> VectorParam:
    packed = np.asarray(vector, dtype=np.float32).tobytes()
    return VectorParam(_floats_of(packed), packed)


@functools.lru_cache(maxsize=256)
def _floats_of(packed: bytes) -> tuple[float, ...]:
    # 9 significant digits carry a float32 exactly, so the script sees the local engine's values.
    return tuple(float(f"{x:.9g}") for x in np.frombuffer(packed, dtype=np.float32).tolist())


@functools.lru_cache(maxsize=256)
def vector_json(packed: bytes) -> str:
    """The JSON array of a :class:`VectorParam` (by its bytes)."""
    return json.dumps(_floats_of(packed))


class Dialect:
    """Compiles a plan into a request body for one engine."""

    name: str = ""

    def knn_clause(self, field: str, vector: list[float], options: SearchOptions) -> dict[str, Any]:
        raise NotImplementedError

    def script(self, purpose: str, params: dict[str, Any], options: SearchOptions) -> dict[str, Any]:
        return {**self._script_ref(purpose, options), "params": params}

    def _script_ref(self, purpose: str, options: SearchOptions) -> dict[str, Any]:
        if options.stored_script:
            return {"id": painless.script_id(self.name, purpose)}
        return {"lang": "painless", "source": painless.source(self.name, purpose)}

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

    def list_ends(self, vectors: Sequence[np.ndarray], ranks: Sequence[int], options: SearchOptions) -> dict[str, Any]:
        """A ``scripted_metric`` aggregation, for a body whose kNN clauses are on ``vectors``:
        per vector, the cosine at each 1-based rank among the documents the body matched,
        or None where it matched fewer. The kNN clauses match the union of their lists, so
        the rank-K cosine is at least the vector's own K-th similarity (its list's end)."""
        params: dict[str, Any] = {"field": options.field, "lists": [_floats(v) for v in vectors],
                                  "ranks": [int(r) for r in ranks], "unit": options.unit_vectors}
        return {"scripted_metric": {
            "params": params,
            # All four scripts read the aggregation's params.
            **{f"{stage}_script": self._script_ref(f"ends_{stage}", options) for stage in ("init", "map", "combine", "reduce")},
        }}

    def knn_list(self, vector: np.ndarray, depth: int, options: SearchOptions, *, start: int | None = None) -> dict[str, Any]:
        """Hits ``start`` to ``depth`` (1-based, default just the ``depth``-th) of one vector's
        kNN list on its own (user filter inside), score only: the ``depth``-th hit's
        similarity bounds every document the list did not return. Certified ``auto`` reads
        its lists' ends inside the scored request instead (:meth:`list_ends`); this request
        is how the engines' lists are checked against that (tests,
        ``benchmarks/knn_list_recall.py``). Fewer hits than asked for mean the list holds
        fewer than ``depth`` documents, so it holds every (filtered) one."""
        # The same clause as a round's (same k and candidates), so both see the same neighbours.
        listing = replace(options, knn_k=depth)
        first = depth if start is None else max(1, min(start, depth))
        return {
            "from": first - 1,
            "size": depth - first + 1,
            "query": self.knn_clause(options.field, _floats(vector), listing),
            "_source": False,
            "stored_fields": "_none_",
            "track_total_hits": False,
        }

    def compile(self, plan: Plan, vectors: np.ndarray, options: SearchOptions, *, mode: str | None = None,
                composites: Sequence[np.ndarray] | None = None) -> dict[str, Any]:
        """The one-request body; ``mode`` (approx or exact) overrides resolving ``options.mode``.

        Approximate candidates add a kNN clause per AND node on a composite vector
        (:func:`composite_vectors`): at equal neighbours per query they raise recall against
        exact mode (docs/BENCHMARKS.md §5). Certified ``auto`` passes its own
        ``composites`` instead: the query's composite, whose list bounds unseen documents."""
        vectors = np.asarray(vectors, dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(plan.terms):
            raise ValueError(f"{len(plan.terms)} terms need {len(plan.terms)} vectors, got shape {vectors.shape}")
        mode = mode or plan.resolve_mode(options.mode, options.semantics)
        params = self.params(plan, vectors, options)
        body: dict[str, Any] = {
            "size": options.k,
            "query": {
                "script_score": {
                    "query": self.candidates_query(
                        plan, params, mode, options,
                        (composite_vectors(plan, vectors) if composites is None else composites) if mode == "approx" else ()),
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
