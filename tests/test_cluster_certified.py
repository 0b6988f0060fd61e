"""Certified ``auto`` on OpenSearch (SPEC §3; itlr.rounds): a certified page is the exact
ranking's page, pages are consistent in every mode, and the bound holds against brute
force on the engine's real kNN lists. Indices of 1 and 3 shards; kNN depths below the
corpus size, so certification has to be earned, not granted by exhaustive lists."""

from __future__ import annotations

import uuid

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import itlr
from itlr.certify import unseen_bound
from itlr.engines import engine_for
from itlr.indexing import index_documents
from itlr.local import LocalIndex
from itlr.mappings import vector_field
from itlr.semantics import AND_OPS, NOT_OPS, OR_OPS, Semantics
from itlr.translator.dialects import get_dialect
from itlr.translator.compiler import LIST_ENDS, SearchOptions
from itlr.translator.plan import plan as make_plan

pytestmark = pytest.mark.opensearch

N_DOCS = 500
DIMS = 16
TERMS = [f"t{i}" for i in range(6)]

# Clustered vectors: terms near cluster centres, as real embeddings are, so lists of
# depth 100 over 500 documents can certify some pages and not others.
_rng = np.random.default_rng(20261123)
_centres = _rng.normal(size=(8, DIMS))
DOC_VECTORS = _centres[_rng.integers(0, 8, N_DOCS)] + 0.8 * _rng.normal(size=(N_DOCS, DIMS))
TERM_VECTORS = {t: (_centres[i % 8] + 0.5 * _rng.normal(size=DIMS)).tolist() for i, t in enumerate(TERMS)}
DOCS = [{"_id": f"d{i:03d}", "text": f"document {i}", "group": i % 4} for i in range(N_DOCS)]

LOCAL = LocalIndex()
LOCAL.add(DOCS, vectors=DOC_VECTORS)

expressions = st.recursive(
    st.sampled_from(TERMS).map(itlr.Term),
    lambda children: st.one_of(
        children.map(itlr.Not),
        st.lists(children, min_size=2, max_size=3).map(itlr.And),
        st.lists(children, min_size=2, max_size=3).map(itlr.Or),
    ),
    max_leaves=6,
)
semantics_st = st.builds(
    Semantics, and_op=st.sampled_from(AND_OPS), or_op=st.sampled_from(OR_OPS), not_op=st.sampled_from(NOT_OPS),
    sigmoid=st.none() | st.tuples(st.floats(4, 20), st.floats(0.0, 0.6)),
)


@pytest.fixture(scope="module")
def indices(os_client):
    engine = engine_for(os_client)
    names = {}
    for shards in (1, 3):
        names[shards] = f"h2-cert-{shards}-{uuid.uuid4().hex[:8]}"
        # In two refreshed halves: several segments per shard, which the engine may search
        # in concurrent slices, each with its own aggregation state.
        half = N_DOCS // 2
        index_documents(os_client, names[shards], DOCS[:half], vectors=DOC_VECTORS[:half], shards=shards)
        engine.client.indices.refresh(index=names[shards])
        index_documents(os_client, names[shards], DOCS[half:], vectors=DOC_VECTORS[half:], shards=shards)
    yield names
    for name in names.values():
        engine.delete_index(name)


def local_exact(expr, sem, **kw) -> dict[str, float]:
    terms = make_plan(expr).terms
    result = LOCAL.search(expr, term_vectors=[TERM_VECTORS[t] for t in terms], k=N_DOCS, mode="exact", semantics=sem, **kw)
    return {h.id: h.score for h in result}


def _close(a: float, b: float) -> bool:
    # Lucene scores are float32: 1e-4 absolute, or float32's precision for large scores.
    return abs(a - b) <= max(1e-4, 1e-6 * max(abs(a), abs(b)))


def assert_exact_page(hits, scores: dict[str, float], offset: int, k: int) -> None:
    """``hits`` are positions offset..offset+k of the exact ranking: scores within 1e-4 of
    the reference, in order, and each the score found at its rank (ties may swap ids)."""
    ranking = sorted(scores.values(), reverse=True)
    expected = ranking[offset : offset + k]
    assert len(hits) == len(expected)
    for hit, want in zip(hits, expected):
        assert _close(scores[hit.id], hit.score), (hit.id, hit.score, scores[hit.id])
        assert _close(hit.score, want), (hit.id, hit.score, want)


@given(data=st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_certified_pages_are_exact_pages(os_client, indices, data):
    expr = data.draw(expressions, label="expr")
    sem = data.draw(semantics_st, label="semantics")
    k = data.draw(st.sampled_from([1, 5, 10]), label="k")
    offset = data.draw(st.sampled_from([0, 0, 10, 40]), label="offset")
    flt = data.draw(st.sampled_from([None, {"term": {"group": 2}}]), label="filter")
    scores = local_exact(expr, sem, filter=flt)
    for name in indices.values():
        search = itlr.LogicalSearch(os_client, name, semantics=sem)
        auto = search.search(expr, term_vectors=TERM_VECTORS, k=k, offset=offset, filter=flt)
        exact = search.search(expr, term_vectors=TERM_VECTORS, k=k, offset=offset, filter=flt, mode="exact")
        assert auto.certificate is not None and auto.certificate.certified
        assert exact.certificate is not None and exact.certificate.certified and exact.certificate.depth is None
        assert_exact_page(auto.hits, scores, offset, k)
        assert_exact_page(exact.hits, scores, offset, k)
        if auto.mode == "approx" and auto.certificate.bound is not None:
            # A page certified from candidates: the bound is below its last score.
            assert auto.hits[-1].score >= auto.certificate.bound


def test_certification_counts_rounds_and_deepens(os_client, indices):
    search = itlr.LogicalSearch(os_client, indices[3])
    query = '"t0" AND NOT "t1"'
    top = search.search(query, term_vectors=TERM_VECTORS, k=10)
    assert top.mode == "approx" and top.certificate.certified
    assert top.certificate.depth == 100 and top.certificate.rounds == 1 and top.certificate.bound is not None
    assert top.to_dict()["certificate"]["depth"] == 100
    deep = search.search(query, term_vectors=TERM_VECTORS, k=10, offset=300)
    assert deep.certificate.certified and deep.certificate.depth >= 310
    assert_exact_page(deep.hits, local_exact(itlr.parse(query), Semantics()), 300, 10)
    # No positive term: nothing to certify from, one exhaustive round.
    negated = search.search('NOT "t0"', term_vectors=TERM_VECTORS, k=10)
    assert negated.mode == "exact" and negated.certificate.rounds == 1 and negated.certificate.depth is None
    approx = search.search(query, term_vectors=TERM_VECTORS, k=10, mode="approx", knn_k=50)
    assert approx.certificate.certified is False and approx.certificate.depth == 50


def test_auto_scores_exhaustively_where_deeper_lists_would_cost_more(os_client, indices):
    """Past its first round, auto deepens only while a round's graph search costs well under
    scoring every document (itlr.rounds.ROUND_COST). On 500 documents a query the first
    round (depth 100) cannot certify is scored exhaustively next, not listed at depth 400."""
    query = '("t0" AND "t1") OR ("t2" AND "t3")'
    search = itlr.LogicalSearch(os_client, indices[3])
    result = search.search(query, term_vectors=TERM_VECTORS, k=10)
    assert result.mode == "exact" and result.certificate.rounds == 2 and result.certificate.depth is None
    assert_exact_page(result.hits, local_exact(itlr.parse(query), Semantics()), 0, 10)


@pytest.mark.parametrize("mode", ["auto", "exact", "approx"])
def test_pages_have_no_duplicate_and_no_gap(os_client, indices, mode):
    query = '("t0" OR "t2") AND NOT "t1"'
    kw = {"knn_k": 60} if mode == "approx" else {}
    for name in indices.values():
        search = itlr.LogicalSearch(os_client, name)
        whole = search.search(query, term_vectors=TERM_VECTORS, k=120, mode=mode, **kw)
        pages = [search.search(query, term_vectors=TERM_VECTORS, k=10, offset=o, mode=mode, **kw) for o in range(0, 120, 10)]
        ids = [h.id for page in pages for h in page]
        assert len(ids) == len(set(ids))
        assert ids == [h.id for h in whole]
        if mode != "approx":
            assert len(ids) == 120
            assert_exact_page([h for p in pages for h in p], local_exact(itlr.parse(query), Semantics()), 0, 120)
        else:  # approximate paging ends with the candidate pool, never repeats it
            assert 60 <= len(ids) <= 120


def test_bound_holds_on_the_engines_own_knn_lists(os_client, indices):
    """A round's list ends (3 shards, several segments each, depth 50), read by its own
    aggregation, against every document's true cosine: each end is the K-th largest
    cosine among the documents the round matched, at least the list's own K-th hit, and
    above every document no list returned."""
    name = indices[3]
    engine = engine_for(os_client)
    field = vector_field(engine.mapping(name), "embedding", name)
    segments = engine.client.indices.segments(index=name)["indices"][name]["shards"]
    assert any(len(copy["segments"]) > 1 for shard in segments.values() for copy in shard)
    dialect = get_dialect("opensearch")
    options = SearchOptions(field="embedding", knn_k=50, unit_vectors=False)
    unit = DOC_VECTORS / np.linalg.norm(DOC_VECTORS, axis=1, keepdims=True)
    expr = itlr.parse('("t0" OR "t3") AND NOT "t4"')
    p = make_plan(expr)
    vectors = np.stack([TERM_VECTORS[t] for t in p.terms])
    vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    lists = [vectors[t] for t in p.positive_terms]
    body = dialect.compile(p, vectors, options, mode="approx", composites=[])
    body["aggs"] = {LIST_ENDS: dialect.list_ends(lists, [10, 50], options)}
    body["size"] = N_DOCS
    response = engine.run(name, body)
    matched = sorted(int(h["_id"][1:]) for h in response["hits"]["hits"])
    at_ranks = response["aggregations"][LIST_ENDS]["value"]
    floors = {}
    for t, q, (at_10, at_50) in zip(p.positive_terms, lists, at_ranks):
        true = unit @ q
        among = np.sort(true[matched])[::-1]
        assert abs(at_10 - among[9]) <= 1e-6 and abs(at_50 - among[49]) <= 1e-6
        (kth,) = engine.run(name, dialect.knn_list(q, 50, options))["hits"]["hits"]  # only the 50th hit
        assert at_50 >= field.cosine(kth["_score"]) - 1e-6
        assert np.delete(true, matched).max() <= at_50 + 1e-6
        floors[t] = at_50
    bound = unseen_bound(p.program, p.terms, Semantics(), floors)
    scores = local_exact(expr, Semantics())
    unseen = [s for doc_id, s in scores.items() if doc_id not in {f"d{i:03d}" for i in matched}]
    assert unseen and max(unseen) <= bound + 1e-6


def test_auto_goes_exact_where_first_rounds_have_cost_more_than_they_saved(os_client, indices):
    """itlr.rounds.RoundCosts learns, per index, what a first round costs per list and depth,
    how often it certifies, and what exact scoring costs per term (the engine's ``took``).
    Where a first round is dearer than the share it saves, auto scores exactly at once, and
    still runs the round every EXPLORE-th such query to keep the figures measured."""
    from itlr.rounds import EXPLORE, RoundCosts

    query = '"t0" AND NOT "t1"'
    search = itlr.LogicalSearch(os_client, indices[3])
    costs = search._costs
    first = search.search(query, term_vectors=TERM_VECTORS, k=10)
    assert first.mode == "approx" and first.certificate.rounds == 1  # nothing known yet: the round runs
    # Teach it an index where a round of 3 lists at depth 100 costs 30 ms and never certifies,
    # and exact scoring costs 5 ms per term.
    for _ in range(30):
        costs.first_round(3, 100, 30.0, False)
        costs.exact(2, 10.0)
    modes = [search.search(query, term_vectors=TERM_VECTORS, k=10).mode for _ in range(EXPLORE)]
    assert modes.count("exact") >= EXPLORE - 1 and modes.count("approx") <= 1
    scores = local_exact(itlr.parse(query), Semantics())
    assert_exact_page(search.search(query, term_vectors=TERM_VECTORS, k=10).hits, scores, 0, 10)
    # Rounds that cost little and certify make it list again.
    fresh = RoundCosts()
    for _ in range(30):
        fresh.first_round(3, 100, 0.3, True)
        fresh.exact(2, 10.0)
    assert fresh.first_round_pays(3, 100, 2)
