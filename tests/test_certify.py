"""The certification bound (itlr.certify) against brute force: no document outside the
kNN lists may score above the bound, for random expressions, semantics and corpora."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from itlr.certify import FIRST_DEPTH, HalfSpace, certify_page, depths, unseen_bound
from itlr.semantics import AND_OPS, NOT_OPS, OR_OPS, Semantics, evaluate, truth_values
from itlr.translator.plan import plan as make_plan
from itlr import And, Not, Or, Term

# A few term texts, so that terms repeat (some under and outside a NOT at once).
_terms = st.sampled_from("abcdef").map(Term)


def _extend(children):
    nary = st.lists(children, min_size=2, max_size=4)
    return st.one_of(children.map(Not), nary.map(And), nary.map(Or))


exprs = st.recursive(_terms, _extend, max_leaves=10)


def _term_lists(sims, positive_terms, depth):
    """Each positive term's exact kNN list of ``depth``: the rows listed, and each list's floor."""
    listed: set[int] = set()
    floors = {}
    for t in positive_terms:
        order = np.argsort(-sims[:, t], kind="stable")[:depth]
        listed.update(order.tolist())
        floors[t] = sims[order[-1], t]
    return listed, floors


semantics_st = st.builds(
    Semantics,
    and_op=st.sampled_from(AND_OPS),
    or_op=st.sampled_from(OR_OPS),
    not_op=st.sampled_from(NOT_OPS),
    sigmoid=st.one_of(st.none(), st.tuples(st.floats(0.5, 20), st.floats(-0.5, 0.8))),
)


@settings(max_examples=200, deadline=None)
@given(expr=exprs, semantics=semantics_st, seed=st.integers(0, 2**32 - 1), depth=st.integers(1, 40))
def test_bound_holds_for_every_unlisted_document(expr, semantics, seed, depth):
    p = make_plan(expr)
    rng = np.random.default_rng(seed)
    sims = rng.uniform(-1, 1, size=(120, len(p.terms)))
    listed, floors = _term_lists(sims, p.positive_terms, depth)
    bound = unseen_bound(p.program, p.terms, semantics, floors)
    scores = evaluate(p.program, truth_values(sims, p.terms, semantics), semantics)
    unlisted = [i for i in range(sims.shape[0]) if i not in listed]
    if unlisted:
        assert scores[unlisted].max() <= bound * (1 + 1e-12) + 1e-12


@settings(max_examples=200, deadline=None)
@given(expr=exprs, semantics=semantics_st, seed=st.integers(0, 2**32 - 1), depth=st.integers(1, 40),
       composites=st.integers(1, 2), cut=st.floats(0.0, 1.0))
def test_bound_with_composite_lists_holds_for_every_unlisted_document(expr, semantics, seed, depth, composites, cut):
    """Real geometry this time: unit documents and term vectors, kNN lists on the terms and on
    composite vectors; the branch and bound may stop at any threshold, and what it returns
    must still bound every document no list returned (or lie at or below the threshold
    only when every such document does)."""
    p = make_plan(expr)
    rng = np.random.default_rng(seed)
    dims = 6
    docs = rng.normal(size=(150, dims)) + rng.normal(size=dims)
    docs /= np.linalg.norm(docs, axis=1, keepdims=True)
    terms = rng.normal(size=(len(p.terms), dims))
    terms /= np.linalg.norm(terms, axis=1, keepdims=True)
    sims = docs @ terms.T
    listed, floors = _term_lists(sims, p.positive_terms, depth)
    halfspaces = []
    for _ in range(composites):
        weights = rng.uniform(-0.5, 1.0, size=len(p.terms))
        direction = weights @ terms
        norm = np.linalg.norm(direction)
        if norm < 1e-9:
            continue
        along = docs @ (direction / norm)
        order = np.argsort(-along, kind="stable")[:depth]
        listed.update(order.tolist())
        halfspaces.append(HalfSpace(tuple(weights), float(along[order[-1]] * norm) + 1e-12))
    scores = evaluate(p.program, truth_values(sims, p.terms, semantics), semantics)
    unlisted = [i for i in range(sims.shape[0]) if i not in listed]
    if not unlisted:
        return
    worst = scores[unlisted].max()
    plain = unseen_bound(p.program, p.terms, semantics, floors)
    threshold = cut * plain
    bound = unseen_bound(p.program, p.terms, semantics, floors, halfspaces, threshold=threshold)
    assert bound <= plain * (1 + 1e-12) + 1e-12
    if bound <= threshold:
        assert worst <= threshold * (1 + 1e-12) + 1e-12
    else:
        assert worst <= bound * (1 + 1e-12) + 1e-12
    assert unseen_bound(p.program, p.terms, semantics, floors, halfspaces) >= worst - 1e-12


def test_composite_half_space_certifies_what_caps_cannot():
    """"a" AND "b" with orthogonal terms: caps of 0.8 on each allow 0.64, but a document
    outside the composite list has cos(a) + cos(b) <= 1, so at most 0.25."""
    p = make_plan('"a" AND "b"')
    cut = HalfSpace((1.0, 1.0), 1.0)
    assert unseen_bound(p.program, p.terms, Semantics(), {0: 0.8, 1: 0.8}) == 0.8 * 0.8
    assert unseen_bound(p.program, p.terms, Semantics(), {0: 0.8, 1: 0.8}, [cut], threshold=0.26) <= 0.26
    assert unseen_bound(p.program, p.terms, Semantics(), {0: 0.8, 1: 0.8}, [cut], threshold=0.24) > 0.24


def test_bound_of_the_papers_example_is_tight():
    p = make_plan('"a" AND NOT "b"')
    # a's 100th neighbour at cosine 0.4: an unseen document scores at most 0.4 * (1 - 0).
    assert unseen_bound(p.program, p.terms, Semantics(), {0: 0.4}) == 0.4


def test_short_page_is_not_certified():
    assert certify_page([0.9, 0.8], 3, 0.1) is False
    assert certify_page([0.9, 0.8, 0.7], 3, 0.7) is True
    assert certify_page([0.9, 0.8, 0.6], 3, 0.7) is False


def test_depths_grow_and_cover_the_page():
    assert depths(10, 0) == [100, 400, 1600]
    assert depths(10, 990)[0] == 1000
    assert depths(10, 9995) == [10_000]


@settings(max_examples=200, deadline=None)
@given(expr=exprs, semantics=semantics_st, seed=st.integers(0, 2**32 - 1), slack=st.floats(0, 0.05))
def test_upper_scores_bound_every_cosine_within_the_slack(expr, semantics, seed, slack):
    """The float32 screen's bound: a row's score at any cosines within ``slack`` of the
    given ones is at most ``upper_scores``; with and without the plan's polarities."""
    from itlr.certify import interval_evaluate, upper_scores

    p = make_plan(expr)
    rng = np.random.default_rng(seed)
    sims = rng.uniform(-1, 1, size=(60, len(p.terms)))
    moved = np.clip(sims + rng.uniform(-slack, slack, size=sims.shape), -1, 1)
    truth = truth_values(moved, p.terms, semantics)
    scores = evaluate(p.program, truth, semantics)
    by_polarity = upper_scores(p.program, p.terms, semantics, sims, slack, positive=p.positive, negative=p.negative)
    by_intervals = upper_scores(p.program, p.terms, semantics, sims, slack)
    for upper in (by_polarity, by_intervals):
        assert np.all(scores <= upper * (1 + 1e-12) + 1e-12)
    # the bound is the exact score when there is no slack
    exact = evaluate(p.program, truth_values(sims, p.terms, semantics), semantics)
    np.testing.assert_allclose(upper_scores(p.program, p.terms, semantics, sims, 0.0), exact, rtol=1e-12)
    lo, hi = interval_evaluate(p.program, truth, truth, semantics)
    np.testing.assert_allclose(lo, scores, rtol=1e-12)
    np.testing.assert_allclose(hi, scores, rtol=1e-12)


def test_a_negative_factor_breaks_monotonicity_and_the_bound_still_holds():
    """NOT (a OR b) is negative when a + b > 1; multiplied by c, a larger c lowers the score.
    The bound must not assume monotonicity there (found by hypothesis)."""
    from itlr.certify import monotone

    p = make_plan('"c" AND NOT ("a" OR "b") OR "d"')
    assert not monotone(p.program, Semantics())
    assert monotone(p.program, Semantics(or_op="max"))
    # c's list floor 0.5; a, b, d unlisted: c = 0 with a = b = 1 gives 0 * (1 - 2) + 1 = 1,
    # while c at its floor gives 0.5 * (1 - 2) + 1 = 0.5: the bound is the former.
    assert unseen_bound(p.program, p.terms, Semantics(), {0: 0.5}) >= 1.0


@pytest.mark.parametrize("knn_k", [None, 10, 25, 50, 100, 400])
def test_a_certifying_round_never_searches_its_graph_narrower_than_a_default_first_round(knn_k):
    # A shallow knn_k searched LIST_WIDTH x its depth missed documents far above its list's end
    # on 100,000 passages (docs/BENCHMARKS.md §5j): certified pages unlike exact mode's.
    from itlr.mappings import vector_field
    from itlr.rounds import LIST_WIDTH, ClusterQuery, search_rounds
    from itlr.translator.compiler import SearchOptions
    from itlr.translator.dialects import get_dialect

    field = vector_field({"i": {"mappings": {"properties": {"v": {"type": "knn_vector", "dimension": 4, "method": {"space_type": "cosinesimil"}}}}}}, "v")
    expr = And([Term("a"), Not(Term("b"))])
    vectors = np.eye(4)[:2]
    query = ClusterQuery(make_plan(expr), vectors, SearchOptions(field="v", knn_k=knn_k), get_dialect("opensearch"), field)
    body = next(search_rounds(query))
    clauses = body["query"]["script_score"]["query"]["bool"]["should"]
    depth = knn_k or FIRST_DEPTH
    for clause in clauses:
        knn = clause["knn"]["v"]
        assert knn["k"] == depth
        assert knn["method_parameters"]["ef_search"] == LIST_WIDTH * max(depth, FIRST_DEPTH)
