"""The local engine against a float64 brute force: exact scoring through the float32
screen, certified pages (scan lists and the ANN index), consistent pagination in every
mode, and concurrent searches and adds."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from itlr import And, Not, Or, Term
from itlr.certify import Certificate, depths, float32_dot_error, lipschitz, upper_scores
from itlr.local import LocalIndex
from itlr.semantics import AND_OPS, NOT_OPS, OP_NOT, OR_OPS, Semantics, evaluate, truth_values
from itlr.translator.plan import plan as make_plan

# -- the reference ---------------------------------------------------------------------


def brute_force(index: LocalIndex, query, term_vectors, semantics, rows=None):
    """Every document's float64 score (as the clusters compute it) and the ranking, ties by row."""
    p = make_plan(query)
    q = np.stack([np.asarray(term_vectors[t], dtype=np.float32) for t in p.terms])
    q = (q / np.linalg.norm(q, axis=1, keepdims=True)).astype(np.float32)
    vectors = index.vectors.astype(np.float64)
    sims = vectors @ q.astype(np.float64).T
    scores = evaluate(p.program, truth_values(sims, p.terms, semantics), semantics)
    rows = np.arange(len(index)) if rows is None else np.asarray(rows)
    order = rows[np.lexsort((rows, -scores[rows]))]
    return scores, order


def tie(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))


def assert_page(result, index, scores, order, k, offset):
    """The page equals the reference page: same ids except where two documents' float64
    scores tie (to rounding of the summation order), scores within 1e-9."""
    row_of = {doc_id: i for i, doc_id in enumerate(index.ids)}
    want = order[offset : offset + k]
    got = [row_of[h.id] for h in result]
    assert len(got) == len(want), (got, want.tolist())
    assert len(set(got)) == len(got)
    for g, w, hit in zip(got, want, result):
        assert g == w or tie(scores[g], scores[w]), (g, w, scores[g], scores[w])
        assert hit.score == pytest.approx(scores[g], rel=1e-9, abs=1e-12)


# -- random corpora and queries ------------------------------------------------------

NAMES = "abcdef"
_terms = st.sampled_from(NAMES).map(Term)


def _extend(children):
    nary = st.lists(children, min_size=2, max_size=4)
    return st.one_of(children.map(Not), nary.map(And), nary.map(Or))


# Terms repeat, so some stand both under and outside a NOT.
exprs = st.recursive(_terms, _extend, max_leaves=8)

semantics_st = st.builds(
    Semantics,
    and_op=st.sampled_from(AND_OPS),
    or_op=st.sampled_from(OR_OPS),
    not_op=st.sampled_from(NOT_OPS),
    sigmoid=st.one_of(st.none(), st.tuples(st.floats(0.5, 30), st.floats(-0.2, 0.8))),
)


def clustered(seed: int, n: int, dim: int):
    """Documents around a few topics, and term vectors near those topics."""
    index, terms, _ = clustered_raw(seed, n, dim)
    return index, terms


def clustered_raw(seed: int, n: int, dim: int):
    """``clustered`` and the documents' vectors as given (before normalisation)."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((6, dim))
    docs = centres[rng.integers(0, 6, n)] + rng.uniform(0.3, 1.2) * rng.standard_normal((n, dim))
    terms = {t: centres[rng.integers(0, 6)] + 0.5 * rng.standard_normal(dim) for t in NAMES}
    index = LocalIndex()
    index.add(({"_id": f"d{i}", "text": f"doc {i}", "even": i % 2 == 0} for i in range(n)), vectors=docs)
    return index, terms, docs


# -- exact scoring -------------------------------------------------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expr=exprs, semantics=semantics_st, seed=st.integers(0, 2**32 - 1),
       k=st.integers(0, 12), offset=st.integers(0, 40), filtered=st.booleans())
def test_exact_mode_is_the_float64_ranking(expr, semantics, seed, k, offset, filtered):
    index, terms = clustered(seed, 300, 24)
    flt = {"term": {"even": True}} if filtered else None
    rows = np.arange(0, 300, 2) if filtered else None
    scores, order = brute_force(index, expr, terms, semantics, rows)
    result = index.search(expr, term_vectors=terms, k=k, offset=offset, mode="exact", semantics=semantics, filter=flt)
    assert result.mode == "exact" and result.certificate.certified and result.certificate.depth is None
    assert_page(result, index, scores, order, k, offset)


def near_ties(n: int = 400, dim: int = 384, seed: int = 1):
    """Documents whose cosines to the term differ by less than float32 can resolve."""
    rng = np.random.default_rng(seed)
    base = rng.standard_normal(dim)
    base /= np.linalg.norm(base)
    other = rng.standard_normal(dim)
    other -= (other @ base) * base
    other /= np.linalg.norm(other)
    # Moves off both terms' directions change every cosine only in the 7th digit.
    wiggle = rng.standard_normal((n, dim))
    wiggle -= np.outer(wiggle @ base, base) + np.outer(wiggle @ other, other)
    docs = base + 3e-4 * wiggle
    terms = {"a": base, "b": other + 0.2 * base}
    index = LocalIndex()
    index.add(({"_id": f"d{i}", "text": f"doc {i}"} for i in range(n)), vectors=docs)
    return index, terms


NEAR_TIE_CASES = [
    ('"a"', Semantics()),
    ('"a" AND NOT "b"', Semantics(not_op="reciprocal")),
    ('"a" AND NOT "b"', Semantics(sigmoid=(60.0, 0.9))),
    ('"a" OR NOT "b"', Semantics(not_op="reciprocal", calibration={"b": (40.0, 0.19)})),
    # Not monotone ("a" on both sides of a NOT): the screen's bound is the Lipschitz one.
    ('"a" OR NOT ("a" AND "b")', Semantics()),
    ('"a" AND NOT ("a" AND "b")', Semantics(sigmoid=(60.0, 0.9))),
]


@pytest.mark.parametrize("query, semantics", NEAR_TIE_CASES, ids=[f"{q} {s.not_op} {bool(s.sigmoid or s.calibration)}" for q, s in NEAR_TIE_CASES])
def test_exact_mode_resolves_what_float32_cannot(query, semantics):
    index, terms = near_ties()
    scores, order = brute_force(index, query, terms, semantics)
    # The data is sharp enough that a float32 ranking would be wrong.
    p = make_plan(query)
    q32 = np.stack([terms[t] / np.linalg.norm(terms[t]) for t in p.terms]).astype(np.float32)
    scores32 = evaluate(p.program, truth_values(index.vectors @ q32.T, p.terms, semantics), semantics)
    order32 = np.lexsort((np.arange(len(index)), -scores32))
    assert order32[:50].tolist() != order[:50].tolist()
    for offset in (0, 7, 200):
        result = index.search(query, term_vectors=terms, k=50, offset=offset, mode="exact", semantics=semantics)
        assert_page(result, index, scores, order, 50, offset)


@settings(max_examples=300, deadline=None)
@given(expr=exprs, semantics=semantics_st, seed=st.integers(0, 2**32 - 1), slack=st.floats(0, 0.05))
def test_the_screens_lipschitz_bound_holds(expr, semantics, seed, slack):
    """Moving every cosine by at most ``slack`` moves the score by at most ``lipschitz``
    times it, so ``upper_scores(tight=False)`` bounds the score; corners of the box too."""
    p = make_plan(expr)
    rng = np.random.default_rng(seed)
    sims = rng.uniform(-1, 1, size=(80, len(p.terms)))
    moved = np.concatenate([
        sims + rng.uniform(-slack, slack, size=sims.shape),
        sims + slack * rng.choice([-1.0, 1.0], size=sims.shape),
    ])
    base = evaluate(p.program, truth_values(sims, p.terms, semantics), semantics)
    scores = evaluate(p.program, truth_values(moved, p.terms, semantics), semantics).reshape(2, -1)
    upper = upper_scores(p.program, p.terms, semantics, sims, slack, positive=p.positive, negative=p.negative, tight=False)
    assert np.all(scores <= upper * (1 + 1e-12) + 1e-12)
    slope = lipschitz(p.program, p.terms, semantics)
    if semantics.not_op == "reciprocal" and OP_NOT in p.program[::2]:
        assert slope == float("inf")
    else:
        assert np.all(np.abs(scores - base) <= slope * slack * (1 + 1e-9) + 1e-12)


def test_lipschitz_of_a_product_with_a_negative_factor():
    # c * (1 - (a + b)) + d: the product's slope is |c| * 2 + |1 - (a + b)| * 1 <= 2 + 1,
    # and the OR-sum with d adds 1.
    p = make_plan('"c" AND NOT ("a" OR "b") OR "d"')
    assert lipschitz(p.program, p.terms, Semantics()) == 4.0
    # A sigmoid's truth value moves at most lambda / 4 per unit of cosine.
    assert lipschitz(make_plan('"a"').program, ("a",), Semantics(sigmoid=(20.0, 0.5))) == 5.0
    assert lipschitz(make_plan('NOT "a"').program, ("a",), Semantics(not_op="reciprocal")) == float("inf")


@pytest.mark.parametrize("query", ['("a" OR "b") AND NOT ("c" OR "d")', '"a" AND NOT ("a" AND "b")', '"a" AND "b" AND "c"'])
def test_exact_mode_across_bound_blocks(monkeypatch, query):
    """The screen's bound runs by blocks of rows: blocks of 7 rows give the same pages."""
    import itlr.local

    index, terms = clustered(11, 500, 24)
    scores, order = brute_force(index, query, terms, Semantics())
    monkeypatch.setattr(itlr.local, "_BOUND_BLOCK", 7 * len(make_plan(query).terms))
    for k, offset in ((10, 0), (25, 30), (5, 490)):
        result = index.search(query, term_vectors=terms, k=k, offset=offset, mode="exact")
        assert_page(result, index, scores, order, k, offset)


def test_the_float32_error_bound_holds():
    index, terms = near_ties(dim=384)
    q = np.stack([t / np.linalg.norm(t) for t in terms.values()]).astype(np.float32)
    error = np.abs((index.vectors @ q.T).astype(np.float64) - index.vectors.astype(np.float64) @ q.T.astype(np.float64))
    assert error.max() <= float32_dot_error(384)
    assert float32_dot_error(384) < 1e-4  # and it is small enough to screen with


# -- certified candidate pages ----------------------------------------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expr=exprs, semantics=semantics_st, seed=st.integers(0, 2**32 - 1),
       k=st.integers(1, 10), offset=st.integers(0, 20), knn_k=st.integers(1, 120))
def test_certified_approx_pages_equal_exact(expr, semantics, seed, k, offset, knn_k):
    index, terms = clustered(seed, 300, 24)
    if not make_plan(expr).positive_terms:
        return
    scores, order = brute_force(index, expr, terms, semantics)
    result = index.search(expr, term_vectors=terms, k=k, offset=offset, mode="approx", knn_k=knn_k, semantics=semantics)
    assert result.mode == "approx" and result.certificate.depth == knn_k
    if result.certificate.certified:
        assert_page(result, index, scores, order, k, offset)


# -- pagination -----------------------------------------------------------------------

PAGED = '("a" OR "b") AND NOT "c"'


@pytest.mark.parametrize("mode", ["exact", "approx", "auto"])
def test_pages_continue_each_other(mode):
    """Paging by 10 through the top 300 with kNN lists of 40 (well below the corpus of
    500): no duplicate, no gap, and approx says where its pool ends."""
    index, terms = clustered(7, 500, 24)
    scores, order = brute_force(index, PAGED, terms, Semantics())
    pages = [index.search(PAGED, term_vectors=terms, k=10, offset=o, mode=mode, knn_k=40) for o in range(0, 300, 10)]
    ids = [h.id for page in pages for h in page]
    assert len(ids) == len(set(ids))
    whole = index.search(PAGED, term_vectors=terms, k=300, mode=mode, knn_k=40)
    assert ids == [h.id for h in whole]
    if mode == "approx":
        pool = len(whole)
        assert 40 <= pool <= 120  # two positive terms and the query's composite, 40 neighbours each
        assert all(len(p) == 10 for p in pages[: pool // 10])
        assert len(pages[pool // 10]) == pool % 10 and not pages[pool // 10].certificate.certified
        assert all(len(p) == 0 and not p.certificate.certified for p in pages[pool // 10 + 1 :])
    else:
        assert all(p.certificate.certified for p in pages)
        assert_page(whole, index, scores, order, 300, 0)


# -- concurrency ----------------------------------------------------------------------


@pytest.mark.parametrize("ann", [False, True], ids=["scan", "ann"])
def test_concurrent_searches_and_adds_match_a_serial_run(ann):
    """16 threads: 8 search while 8 add new documents and re-add old ones. The new ones
    are orthogonal to every term, so they never reach an anchored page: each search must
    equal the serial answer, and the final contents the serially built index's."""
    dim = 24
    index, terms, raw = clustered_raw(3, 1500, dim)
    if ann:
        with_ann(index)
    rng = np.random.default_rng(5)
    basis, _ = np.linalg.qr(np.stack(list(terms.values())).T)  # spans the term vectors
    queries = [
        ('"a" AND NOT "b"', {"mode": "exact"}),
        ('("a" OR "c") AND "d"', {"mode": "approx", "knn_k": 50, "explain": True}),
        ('"e" OR "f"', {"mode": "auto", "filter": {"term": {"even": True}}}),
        ('"a" AND NOT "c"', {"mode": "auto", "knn_k": 20}),
        ('"b" AND NOT ("c" OR "d")', {"mode": "exact", "offset": 10}),
    ]
    expected = [[(h.id, h.score) for h in index.search(q, term_vectors=terms, k=10, **kw)] for q, kw in queries]
    old = [{"_id": f"d{i}", "text": f"doc {i}", "even": i % 2 == 0} for i in range(0, 1500, 7)]
    old_vectors = raw[::7]  # the same vectors again: replacing changes nothing
    batches = []
    for b in range(40):
        fresh = rng.standard_normal((50, dim))
        fresh -= (fresh @ basis) @ basis.T
        batches.append(([{"_id": f"new{b}-{i}", "text": "new", "even": True} for i in range(50)], fresh))
    errors: list[BaseException] = []
    done = threading.Event()

    def search() -> None:
        try:
            while not done.is_set():
                for (q, kw), want in zip(queries, expected):
                    got = [(h.id, h.score) for h in index.search(q, term_vectors=terms, k=10, **kw)]
                    assert [i for i, _ in got] == [i for i, _ in want]
                    np.testing.assert_allclose([s for _, s in got], [s for _, s in want], rtol=1e-9)  # float64 BLAS rounds by block position
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)

    def write(part: int) -> None:
        try:
            for docs, vectors in batches[part::8]:
                index.add(docs, vectors=vectors)
                index.add(old, vectors=old_vectors)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    searchers = [threading.Thread(target=search) for _ in range(8)]
    writers = [threading.Thread(target=write, args=(i,)) for i in range(8)]
    for t in searchers + writers:
        t.start()
    for t in writers:
        t.join()
    done.set()
    for t in searchers:
        t.join()
    assert not errors, errors[0]

    serial, _ = clustered(3, 1500, dim)
    for docs, vectors in batches:
        serial.add(docs, vectors=vectors)
    assert len(index) == len(serial) == 1500 + 40 * 50
    mine = dict(zip(index.ids, index.vectors.tolist()))
    theirs = dict(zip(serial.ids, serial.vectors.tolist()))
    assert mine == theirs
    assert {i: index.get(i) for i in index.ids} == {i: serial.get(i) for i in serial.ids}


# -- the ANN index and the threshold algorithm ---------------------------------------

def with_ann(index: LocalIndex) -> LocalIndex:
    # A beam wider than the corpus makes HNSW exhaustive, so the lists are exact and a
    # certified page must equal the float64 ranking; recall at scale is benchmarked.
    index.build_ann(min_documents=0, list_budget=1.0, ef_search=1024, threads=1)
    return index


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expr=exprs, semantics=semantics_st, seed=st.integers(0, 2**32 - 1), k=st.integers(1, 10),
       offset=st.integers(0, 20), knn_k=st.integers(5, 60), filtered=st.booleans())
def test_auto_with_ann_is_the_exact_ranking(expr, semantics, seed, k, offset, knn_k, filtered):
    index, terms = clustered(seed, 300, 24)
    with_ann(index)
    flt = {"term": {"even": True}} if filtered else None
    scores, order = brute_force(index, expr, terms, semantics, np.arange(0, 300, 2) if filtered else None)
    result = index.search(expr, term_vectors=terms, k=k, offset=offset, knn_k=knn_k, semantics=semantics, filter=flt)
    certificate = result.certificate
    assert certificate.certified
    if certificate.depth is not None:  # certified from kNN candidates
        assert result.mode == "approx" and certificate.bound is not None and certificate.rounds >= 1
        assert certificate.depth == depths(k, offset, first=knn_k)[certificate.rounds - 1]
    else:
        assert result.mode == "exact"
    assert_page(result, index, scores, order, k, offset)


def test_threshold_algorithm_certifies_anchored_queries_early():
    index, terms = clustered(11, 3000, 24)
    with_ann(index)
    query = '"a" AND NOT "b"'
    scores, order = brute_force(index, query, terms, Semantics())
    result = index.search(query, term_vectors=terms, k=10)
    assert result.mode == "approx"
    assert result.certificate.certified and result.certificate.depth == 100 and result.certificate.rounds == 1
    assert result.certificate.bound <= result[-1].score
    assert_page(result, index, scores, order, 10, 0)
    assert result.to_dict()["certificate"] == {"certified": True, "depth": 100, "bound": result.certificate.bound, "rounds": 1}


def test_ann_follows_adds_and_replacements():
    index, terms = clustered(12, 500, 24)
    with_ann(index)
    target = np.asarray(terms["a"], dtype=np.float64)
    index.add([{"_id": "d3", "text": "moved"}, {"_id": "fresh", "text": "new"}], vectors=[target, target + 1e-3])
    for mode in ("approx", "auto"):
        result = index.search('"a"', term_vectors=terms, k=2, mode=mode, knn_k=5)
        assert {h.id for h in result} == {"d3", "fresh"}
    scores, order = brute_force(index, '"a" AND NOT "c"', terms, Semantics())
    assert_page(index.search('"a" AND NOT "c"', term_vectors=terms, k=10, knn_k=5), index, scores, order, 10, 0)


@pytest.mark.parametrize("mode", ["approx", "auto"])
def test_pages_continue_each_other_with_ann(mode):
    index, terms = clustered(7, 500, 24)
    with_ann(index)
    pages = [index.search(PAGED, term_vectors=terms, k=10, offset=o, mode=mode, knn_k=40) for o in range(0, 200, 10)]
    ids = [h.id for page in pages for h in page]
    assert len(ids) == len(set(ids))
    assert ids == [h.id for h in index.search(PAGED, term_vectors=terms, k=200, mode=mode, knn_k=40)]


def test_auto_scans_when_the_lists_would_cost_more():
    index, terms = clustered(11, 3000, 24)
    index.build_ann(min_documents=0, threads=1)  # default budget: 3 terms x 100 > 3000 / 32
    result = index.search('("a" OR "b" OR "c") AND NOT "d"', term_vectors=terms, k=10)
    assert result.mode == "exact" and result.certificate == Certificate(True, None, None, 0)


def test_build_ann_needs_documents():
    with pytest.raises(ValueError, match="add documents"):
        LocalIndex().build_ann()


def test_the_ann_index_is_saved_and_loaded(tmp_path):
    index, terms = clustered(13, 600, 24)
    with_ann(index)
    index.save(tmp_path / "idx")
    loaded = LocalIndex.load(tmp_path / "idx")
    assert loaded.has_ann and loaded.ann.recall == index.ann.recall >= 0.99
    for query in ('"a" AND NOT "b"', '("a" OR "b") AND NOT "c"'):
        a = index.search(query, term_vectors=terms, k=10, knn_k=10)
        b = loaded.search(query, term_vectors=terms, k=10, knn_k=10)
        assert [h.to_dict() for h in a] == [h.to_dict() for h in b]
        assert a.certificate == b.certificate
    loaded.add([{"_id": "new", "text": "new"}], vectors=[terms["a"]])
    assert loaded.search('"a"', term_vectors=terms, k=1, mode="approx", knn_k=5)[0].id == "new"
    plain = LocalIndex.load(index.save(tmp_path / "plain"))
    plain.drop_ann()
    plain.save(tmp_path / "plain")  # saved without an ANN index: the old files go
    assert not (tmp_path / "plain" / "ann.faiss").exists() and not LocalIndex.load(tmp_path / "plain").has_ann


def test_calibration_widens_the_beam_until_the_lists_are_complete_enough():
    from itlr.ann import HnswIndex

    rng = np.random.default_rng(4)
    vectors = rng.standard_normal((3000, 48)).astype(np.float32)  # no structure: hard for HNSW
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ann = HnswIndex(48, m=8, ef_construction=40, ef_search=4, threads=1)
    ann.add(np.arange(3000), vectors)
    recall = ann.calibrate(vectors, target=0.99)
    assert recall >= 0.99 and ann.recall == recall and ann.ef_search > 4
    index = LocalIndex()
    index.add(({"_id": str(i), "text": "x"} for i in range(3000)), vectors=vectors)
    index.build_ann(ef_search=4, threads=1)
    assert index.ann.recall >= 0.99


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 5000), n=st.integers(0, 80),
       kind=st.sampled_from(["uniform", "rounded", "zeros", "half zeros"]))
def test_top_is_the_sorted_order_with_ties_by_index(seed, size, n, kind):
    """``_top`` (a cut at block maxima, then a select) against a full sort, ties included."""
    from itlr.local import _top

    rng = np.random.default_rng(seed)
    scores = {
        "uniform": rng.uniform(0, 1, size),
        "rounded": np.round(rng.uniform(0, 1, size), 1),  # many ties at every cut
        "zeros": np.zeros(size),
        "half zeros": np.maximum(rng.normal(0, 1, size), 0.0),
    }[kind]
    want = np.lexsort((np.arange(size), -scores))[:n]
    assert _top(scores, n).tolist() == want.tolist()


def test_a_shallow_list_is_searched_with_at_least_the_calibrated_beam():
    # the beam calibrate() measured is for 100 neighbours; a shallower knn_k searched narrower
    # certified pages unlike exact mode's (docs/BENCHMARKS.md §5j)
    from itlr.ann import HnswIndex

    ann = HnswIndex(8, ef_search=256, threads=1)
    assert [ann.beam(k) for k in (10, 25, 100)] == [256, 256, 256]
    assert ann.beam(400) == 1024 and ann.beam(1000) == 2560
    assert HnswIndex(8, ef_search=16, threads=1).beam(25) == 50  # never under twice the depth
    # a filter passing half the rows leaves half as many to collect: twice the beam
    assert ann.beam(25, 0.5) == 512 and ann.beam(100, 0.4) == 640 and ann.beam(100, 1.0) == 256
