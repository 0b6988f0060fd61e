"""A cluster search as a sequence of round trips, without doing any I/O (sans-IO).

:func:`search_rounds` is a generator: it yields the body of one ``_search`` per round
trip, receives the engine's response and finally returns the :class:`~itlr.hits.SearchResult`. The sync
:class:`itlr.LogicalSearch` and the async :class:`itlr.AsyncLogicalSearch` drive the
same generator, so request building, response parsing and certification live here
once.

Certified ``auto`` (SPEC §3, the threshold algorithm; :mod:`itlr.certify`): each round
is one request: the scored request (``script_score`` over a kNN clause of depth K per
positive term and one on the query's composite vector, ``from=offset``, ``size=k``)
with an aggregation (:meth:`~itlr.translator.compiler.Dialect.list_ends`) that reads,
for each of those vectors, the K-th largest cosine among the documents the clauses
matched. The clauses match the union of the lists, every list is in it, so that cosine
is at least the list's own K-th similarity; with several shards, at least every shard's
list end. A document no clause matched has, for each positive term, a cosine of at most
that value, and a composite similarity at most the composite's. The program's largest
value under those constraints bounds every unseen document; a page whose last score
reaches the bound is the exact ranking's page. Fewer than K matched documents mean
every list came back short, i.e. held every (filtered) document: the page is exact
outright. Otherwise the lists deepen (:func:`itlr.certify.depths`) and, past the last
depth, one exhaustive exact request settles it.
"""

from __future__ import annotations

import logging
import math
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable, Generator

import numpy as np

from .certify import FIRST_DEPTH, GROWTH, Certificate, HalfSpace, certify_page, depths, lists_can_certify, unseen_bound
from .hits import Hit, SearchResult
from .mappings import VectorField
from .errors import EngineError
from .translator.compiler import LIST_ENDS, MAX_KNN, TRUTH_FIELD, Composite, Dialect, SearchOptions, query_composite
from .translator.plan import MODES, Plan

__all__ = ["ClusterQuery", "RoundCosts", "search_rounds", "parse_hits", "drive", "Rounds"]

log = logging.getLogger("itlr.search")

# The lists' ends are the engine's float64 cosines of float32 vectors; the page's scores
# travel as float32. Raising each end this much keeps the bound above both roundings.
SCORE_SLACK = 1e-6
# HNSW beam per list depth. Lucene's graph misses near-duplicates: over 150 term lists of
# depth 100 on 100,000 passages with ~10 near-copies each, 39 lists missed a document above
# their end at ef = 2x, 11 at 4x, for 1.25x a list's latency (docs/BENCHMARKS.md §5g).
LIST_WIDTH = 4
# How much faster than so far the floors may fall when guessing whether deeper lists can certify.
DESCENT_SLACK = 1.5
# A later round at depth K costs about what scoring every document costs once
# lists x K x ROUND_COST reaches documents x terms (the graph search visits LIST_WIDTH x K
# nodes per list, comparing each with its neighbours): 100,000 passages, one segment, a
# round at depth 1,600 took 76 / 111-132 ms with 5 / 7-8 lists against exact's 74 /
# 136 (docs/BENCHMARKS.md §5h). Deepen only while a round costs at most half of that,
# since it may still not certify.
ROUND_COST = 80

# How fast what one index's rounds and exact scoring cost is forgotten (an exponential average).
COST_MEMORY = 0.2
# Every EXPLORE-th query whose first round looks dearer than it saves runs it anyway, so the
# costs and the share certified stay measured.
EXPLORE = 8

Rounds = Generator[dict[str, Any], dict[str, Any], SearchResult]


class RoundCosts:
    """What list rounds and exact scoring have cost on one index, from the engine's ``took``.

    A first round at depth K costs about R per list and depth, certifies a share p of the
    queries, and the others pay exact scoring (about E per term) after it: it pays where
    R x lists x K < p x E x terms. Where segments are many, shards several or the vectors
    clustered, it may not (docs/BENCHMARKS.md §5h); the guess decides cost only, never a
    result. Until each figure has been seen once, the first round runs. Safe to share."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._per_list_depth: float | None = None  # ms per list per unit of depth, first rounds
        self._per_term: float | None = None  # ms of exact scoring per term
        self._certified: float | None = None  # share of first rounds that certified
        self._skipped = 0

    @staticmethod
    def _mix(old: float | None, new: float) -> float:
        return new if old is None else (1 - COST_MEMORY) * old + COST_MEMORY * new

    def first_round_pays(self, lists: int, depth: int, terms: int) -> bool:
        with self._lock:
            if self._per_list_depth is None or self._per_term is None or self._certified is None:
                return True
            if self._per_list_depth * lists * depth < self._certified * self._per_term * terms:
                return True
            self._skipped += 1
            return self._skipped % EXPLORE == 0

    def first_round(self, lists: int, depth: int, took: Any, certified: bool) -> None:
        with self._lock:
            self._certified = self._mix(self._certified, float(certified))
            if isinstance(took, (int, float)) and lists and depth:
                self._per_list_depth = self._mix(self._per_list_depth, took / (lists * depth))

    def exact(self, terms: int, took: Any) -> None:
        if isinstance(took, (int, float)) and terms:
            with self._lock:
                self._per_term = self._mix(self._per_term, took / terms)


@dataclass(frozen=True)
class ClusterQuery:
    """Everything one search needs besides the connection."""

    plan: Plan
    vectors: np.ndarray  # one unit vector per term of the plan
    options: SearchOptions
    dialect: Dialect
    field: VectorField
    index: str = ""
    documents: int | None = None  # the index's document count, when known
    costs: RoundCosts | None = None  # what rounds and exact scoring have cost on this index


def parse_hits(response: dict[str, Any], plan: Plan, explain: bool) -> list[Hit]:
    """A search response's hits, with each term's truth value under ``explain``."""
    hits = []
    for raw in response.get("hits", {}).get("hits", []):
        truth = None
        if explain:
            values = raw.get("fields", {}).get(TRUTH_FIELD, [])
            truth = {t: float(v) for t, v in zip(plan.terms, values)}
        hits.append(Hit(str(raw["_id"]), float(raw.get("_score") or 0.0), raw.get("_source") or {}, truth))
    return hits


def _result(q: ClusterQuery, response: dict[str, Any], mode: str, certificate: Certificate) -> SearchResult:
    hits = parse_hits(response, q.plan, q.options.explain)
    return SearchResult(str(q.plan.expr), hits, mode, certificate=certificate)


def _exact(q: ClusterQuery, rounds_before: int) -> Rounds:
    response = yield q.dialect.compile(q.plan, q.vectors, q.options, mode="exact")
    if q.costs is not None and q.options.mode == "auto":
        q.costs.exact(len(q.plan.terms), response.get("took"))
    return _result(q, response, "exact", Certificate(True, None, None, rounds_before + 1))


def _can_certify(q: ClusterQuery) -> bool:
    """Deeper lists can lower the bound below a page's scores at all: some positive term,
    a kNN index ranking by exact cosine, and a bound that falls as the floors fall."""
    return q.field.certifiable and lists_can_certify(q.plan.program, q.plan.terms, q.options.semantics, q.plan.positive_terms)


def search_rounds(q: ClusterQuery) -> Rounds:
    """The round trips of one search in ``q.options.mode`` (see the module's text)."""
    options = q.options
    if options.mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}; got {options.mode!r}")
    if options.mode == "exact":
        return (yield from _exact(q, 0))
    if options.mode == "approx":
        if not q.field.knn:
            raise ValueError(f"field {options.field!r} has no kNN index; use exact mode")
        pool = options.neighbours()
        response = yield q.dialect.compile(q.plan, q.vectors, options, mode="approx")
        return _result(q, response, "approx", Certificate(False, pool, None, 1))
    if not _can_certify(q):
        return (yield from _exact(q, 0))
    terms = q.plan.positive_terms
    made = query_composite(q.plan, q.vectors)
    composites = [made] if made is not None else []
    lists = [q.vectors[t] for t in terms] + [c.direction for c in composites]
    schedule = depths(options.k, options.offset, first=options.knn_k, max_depth=MAX_KNN)
    if q.documents is not None:
        exhaustive = q.documents * len(q.plan.terms)
        schedule = schedule[:1] + [d for d in schedule[1:] if len(lists) * d * ROUND_COST <= exhaustive]
    if q.costs is not None and not q.costs.first_round_pays(len(lists), schedule[0], len(q.plan.terms)):
        log.debug("%s: a first round costs more here than it saves: exact", q.plan.expr)
        return (yield from _exact(q, 0))
    rounds = 0
    depth: int | None = schedule[0]
    previous: tuple[int, list[float]] | None = None  # a shallower depth and its lists' similarities
    while depth is not None:
        # The bound holds only as far as the lists are the true nearest neighbours: search the
        # graph LIST_WIDTH times as wide as the list is deep, and never narrower than a default
        # first round (a shallower knn_k searched narrower missed documents far above its
        # list's end: certified pages unlike exact mode's, docs/BENCHMARKS.md §5j).
        width = LIST_WIDTH * max(depth, FIRST_DEPTH)
        at_depth = replace(options, knn_k=depth, num_candidates=options.num_candidates or min(MAX_KNN, width))
        # The first round also reads each list at a quarter of its depth: how fast the
        # similarities fall guides the next depth.
        probe = depth // GROWTH if previous is None and len(schedule) > 1 else 0
        ranks = [probe, depth] if probe else [depth]
        body = q.dialect.compile(q.plan, q.vectors, at_depth, mode="approx", composites=[c.direction for c in composites])
        body["aggs"] = {LIST_ENDS: q.dialect.list_ends(lists, ranks, at_depth)}
        page = yield body
        rounds += 1
        at_ranks = _at_ranks(q, page, len(lists), len(ranks))
        scores = [float(h.get("_score") or 0.0) for h in page.get("hits", {}).get("hits", [])]
        if at_ranks is None:
            log.debug("%s: depth %d saw every document: page exact", q.plan.expr, depth)
            _first_round(q, rounds, len(lists), depth, page, True)
            return _result(q, page, "approx", Certificate(True, depth, None, rounds))
        ends = [cosines[-1] for cosines in at_ranks]
        last = scores[options.k - 1] if len(scores) >= options.k else math.inf
        bound = _bound(q, terms, composites, ends, last)
        certified = certify_page(scores, options.k, bound)
        _first_round(q, rounds, len(lists), depth, page, certified)
        log.debug("%s: depth %d, bound %.6g, page's last score %s: %s", q.plan.expr, depth, bound,
                  scores[-1] if scores else None, "certified" if certified else "not certified")
        if certified:
            return _result(q, page, "approx", Certificate(True, depth, bound, rounds))
        if probe:
            previous = (probe, [cosines[0] for cosines in at_ranks])
        later = [d for d in schedule if d > depth]
        depth = _next_depth(q, terms, composites, later, depth, ends, previous, 0.0 if math.isinf(last) else last)
        previous = (at_depth.knn_k or 0, ends)
    return (yield from _exact(q, rounds))


def _first_round(q: ClusterQuery, rounds: int, lists: int, depth: int, page: dict[str, Any], certified: bool) -> None:
    """Tells the index's costs what its first round took and whether it certified."""
    if rounds == 1 and q.costs is not None:
        q.costs.first_round(lists, depth, page.get("took"), certified)


def _at_ranks(q: ClusterQuery, page: dict[str, Any], lists: int, ranks: int) -> list[list[float]] | None:
    """Each list's cosines at the ranks asked for, raised by the slack; None when fewer
    documents matched than the deepest rank (every list came back short: it holds every
    filtered document)."""
    try:
        value = page["aggregations"][LIST_ENDS]["value"]
    except (KeyError, TypeError):
        raise EngineError(f"{q.dialect.name} search on index {q.index!r} answered without the {LIST_ENDS} aggregation", index=q.index) from None
    if not value or any(cosines[-1] is None for cosines in value):
        return None
    if len(value) != lists or any(len(cosines) != ranks for cosines in value):
        raise EngineError(f"{q.dialect.name} search on index {q.index!r}: {LIST_ENDS} has the wrong shape", index=q.index)
    return [[min(1.0, float(c) + SCORE_SLACK) for c in cosines] for cosines in value]


def _bound(q: ClusterQuery, terms: list[int], composites: list[Composite], ends: list[float], threshold: float) -> float:
    """The unseen documents' bound from the lists' ends: term lists cap their terms,
    composite lists cut half-spaces (:func:`itlr.certify.unseen_bound`)."""
    floors = dict(zip(terms, ends))
    cuts = [HalfSpace(c.weights, c.norm * e) for c, e in zip(composites, ends[len(terms) :])]
    return unseen_bound(q.plan.program, q.plan.terms, q.options.semantics, floors, cuts, threshold=threshold)


def _next_depth(q: ClusterQuery, terms: list[int], composites: list[Composite], later: list[int], depth: int,
                ends: list[float], previous: tuple[int, list[float]] | None, last_score: float) -> int | None:
    """The first later depth at which the bound may fall to the page's last score, or None
    (score exhaustively now). Each list's end is extrapolated linearly in log-depth from its
    fall since the shallower depth, ``DESCENT_SLACK`` times steeper: a guess only decides how
    deep to look; certification is always checked on what the lists return."""
    if not later or previous is None:
        return later[0] if later else None
    shallow_depth, shallow = previous
    span = math.log(depth / max(shallow_depth, 1))
    if span <= 0:
        return later[0]
    for deeper in later:
        steps = math.log(deeper / depth) / span
        guess = [e - DESCENT_SLACK * steps * max(0.0, s - e) for e, s in zip(ends, shallow)]
        if _bound(q, terms, composites, guess, last_score) <= last_score:
            return deeper
    return None


def drive(rounds: Rounds, run: Callable[[dict[str, Any]], dict[str, Any]]) -> SearchResult:
    """Runs the round trips with ``run`` (a body in, its response out); returns the result."""
    try:
        body = next(rounds)
        while True:
            body = rounds.send(run(body))
    except StopIteration as done:
        result: SearchResult = done.value
        return result
