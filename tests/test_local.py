"""The local engine (the reference the clusters must match): scoring, paging,
filters, explain, persistence, ids, dimensions, approximate mode; then the same
on real all-MiniLM-L6-v2 embeddings."""

from __future__ import annotations

import json

import numpy as np
import pytest

from itlr import Semantics, parse
from itlr.documents import read_jsonl
from itlr.embedders import PrecomputedEmbedder
from itlr.local import LocalIndex

WORKED = '("dog" OR "cat" AND "mouse") AND NOT "giraffe"'

# Term vectors: one axis per topic (dimension 5, the last axis is "other").
TERMS = {
    "dog": [1, 0, 0, 0, 0],
    "cat": [0, 1, 0, 0, 0],
    "mouse": [0, 0, 1, 0, 0],
    "giraffe": [0, 0, 0, 1, 0],
}

# (document, its raw, unnormalised vector)
DOCS = [
    ({"_id": "d1", "text": "a dog", "lang": "en", "year": 2019, "tags": ["pet"]}, [2, 0, 0, 0, 0]),
    ({"_id": "d2", "text": "a cat and a mouse", "lang": "en", "year": 2020, "tags": ["pet", "rodent"]}, [0, 1, 1, 0, 0]),
    ({"_id": "d3", "text": "a dog and a giraffe", "lang": "de", "year": 2021, "extra": "yes"}, [1, 0, 0, 1, 0]),
    ({"_id": "d4", "text": "a giraffe", "lang": "fr", "year": 2022, "extra": None}, [0, 0, 0, 3, 0]),
    ({"_id": "d5", "text": "a bit of everything", "lang": "en", "year": 2023, "tags": []}, [1, 1, 1, 1, 0.2]),
    ({"_id": "d6", "text": "anything but a dog", "lang": "de", "year": 2018, "meta": {"source": "web"}}, [-1, 0.3, 0.2, 0, 1]),
]

EMB = PrecomputedEmbedder(TERMS, name="toy")


def unit(v):
    v = np.asarray(v, dtype=np.float64)
    return v / np.linalg.norm(v)


def cos(doc_vec, term):
    return float(unit(doc_vec) @ unit(TERMS[term]))


def clip(x):
    return min(max(x, 0.0), 1.0)


def worked_by_hand(vec):
    d, c, m, g = (clip(cos(vec, t)) for t in ("dog", "cat", "mouse", "giraffe"))
    return max(0.0, (d + c * m) * (1 - g))


def expected_ranking(fn, docs=DOCS):
    scored = [(doc["_id"], fn(vec)) for doc, vec in docs]
    return sorted(scored, key=lambda p: -p[1])


@pytest.fixture
def index():
    idx = LocalIndex()
    idx.add([d for d, _ in DOCS], vectors=[v for _, v in DOCS])
    return idx


def ranking(result):
    return [(h.id, h.score) for h in result]


def assert_ranking(result, want):
    got = ranking(result)
    assert [i for i, _ in got] == [i for i, _ in want]
    np.testing.assert_allclose([s for _, s in got], [s for _, s in want], rtol=1e-5, atol=1e-6)


# -- exact scoring ---------------------------------------------------------------------

# (query, semantics, score of a raw document vector by hand)
EXACT = [
    (WORKED, Semantics(), worked_by_hand),
    ('"dog"', Semantics(), lambda v: clip(cos(v, "dog"))),
    ('"dog" AND NOT "giraffe"', Semantics(), lambda v: clip(cos(v, "dog")) * (1 - clip(cos(v, "giraffe")))),
    ('"cat" OR "giraffe"', Semantics(or_op="max"), lambda v: max(clip(cos(v, "cat")), clip(cos(v, "giraffe")))),
    ('NOT "dog"', Semantics(), lambda v: 1 - clip(cos(v, "dog"))),
    ('"cat" AND "mouse"', Semantics(and_op="min"), lambda v: min(clip(cos(v, "cat")), clip(cos(v, "mouse")))),
    ('"dog" OR NOT "mouse"', Semantics(not_op="reciprocal"), lambda v: clip(cos(v, "dog")) + 1 / max(clip(cos(v, "mouse")), 1e-6)),
]


@pytest.mark.parametrize("query, semantics, fn", EXACT, ids=[f"{c[0]} {c[1].and_op}/{c[1].or_op}/{c[1].not_op}" for c in EXACT])
def test_exact_scores_are_the_composition(index, query, semantics, fn):
    result = index.search(query, embedder=EMB, k=len(DOCS), mode="exact", semantics=semantics)
    assert result.mode == "exact"
    assert result.query == str(parse(query))
    assert_ranking(result, expected_ranking(fn))


def test_worked_example_by_hand(index):
    result = index.search(WORKED, embedder=EMB, k=3, mode="exact")
    # d1 is the dog itself: (1 + 0)·(1 − 0) = 1; d2: (0 + ½)·1 = ½; d5 (all five axes but tiny "other")
    assert [h.id for h in result] == ["d1", "d2", "d5"]
    assert result[0].score == pytest.approx(1.0)
    assert result[1].score == pytest.approx(0.5)


def test_term_vectors_instead_of_an_embedder(index):
    p_terms = ["dog", "cat", "mouse", "giraffe"]
    given = np.array([TERMS[t] for t in p_terms], dtype=np.float32) * 7  # any length: they are normalised
    a = index.search(WORKED, term_vectors=given, k=6, mode="exact")
    b = index.search(WORKED, embedder=EMB, k=6, mode="exact")
    assert ranking(a) == ranking(b)


def test_query_as_expression(index):
    a = index.search(parse(WORKED), embedder=EMB, k=6, mode="exact")
    b = index.search(WORKED, embedder=EMB, k=6, mode="exact")
    assert ranking(a) == ranking(b)


# -- k and offset ---------------------------------------------------------------------

PAGES = [
    # (k, offset)
    (1, 0), (3, 0), (6, 0), (10, 0), (2, 2), (2, 5), (3, 6), (3, 10), (0, 0), (0, 3),
]


@pytest.mark.parametrize("k, offset", PAGES, ids=[f"k={k} offset={o}" for k, o in PAGES])
def test_k_and_offset(index, k, offset):
    full = expected_ranking(worked_by_hand)
    result = index.search(WORKED, embedder=EMB, k=k, offset=offset, mode="exact")
    assert_ranking(result, full[offset : offset + k])


@pytest.mark.parametrize("k, offset", [(-1, 0), (3, -1)])
def test_negative_k_or_offset(index, k, offset):
    with pytest.raises(ValueError):
        index.search(WORKED, embedder=EMB, k=k, offset=offset)


# -- filters ---------------------------------------------------------------------

# (filter, ids it keeps)
FILTERS = [
    ({"match_all": {}}, {"d1", "d2", "d3", "d4", "d5", "d6"}),
    ({"match_none": {}}, set()),
    ({"term": {"lang": "en"}}, {"d1", "d2", "d5"}),
    ({"term": {"lang": {"value": "de"}}}, {"d3", "d6"}),
    ({"term": {"lang.keyword": "fr"}}, {"d4"}),
    ({"term": {"tags": "pet"}}, {"d1", "d2"}),
    ({"term": {"meta.source": "web"}}, {"d6"}),
    ({"term": {"year": 2020}}, {"d2"}),
    ({"term": {"lang": "it"}}, set()),
    ({"terms": {"lang": ["de", "fr"]}}, {"d3", "d4", "d6"}),
    ({"range": {"year": {"gte": 2021}}}, {"d3", "d4", "d5"}),
    ({"range": {"year": {"gt": 2019, "lt": 2022}}}, {"d2", "d3"}),
    ({"range": {"year": {"lte": 2018}}}, {"d6"}),
    ({"range": {"lang": {"gte": "en", "lt": "fr"}}}, {"d1", "d2", "d5"}),
    ({"exists": {"field": "extra"}}, {"d3"}),  # null is no value
    ({"exists": {"field": "tags"}}, {"d1", "d2"}),  # [] is no value
    ({"exists": {"field": "meta.source"}}, {"d6"}),
    ({"ids": {"values": ["d1", "d3", "nope"]}}, {"d1", "d3"}),
    ({"prefix": {"text": "gir"}}, {"d3", "d4"}),  # the text field: a prefix of one of its words, as on the engines
    ({"bool": {"must": [{"term": {"lang": "en"}}], "must_not": [{"ids": {"values": ["d1"]}}]}}, {"d2", "d5"}),
    ({"bool": {"filter": {"range": {"year": {"gte": 2020}}}}}, {"d2", "d3", "d4", "d5"}),
    ({"bool": {"should": [{"term": {"lang": "fr"}}, {"term": {"tags": "rodent"}}]}}, {"d2", "d4"}),
    ({"bool": {"should": [{"term": {"lang": "en"}}, {"term": {"tags": "pet"}}], "minimum_should_match": 2}}, {"d1", "d2"}),
    ({"bool": {"must": {"term": {"lang": "en"}}, "should": [{"term": {"lang": "fr"}}]}}, {"d1", "d2", "d5"}),
    ({"bool": {"must_not": {"exists": {"field": "tags"}}}}, {"d3", "d4", "d5", "d6"}),
    ({"bool": {"filter": [{"bool": {"should": [{"ids": {"values": ["d4"]}}, {"term": {"lang": "de"}}]}}], "must_not": [{"term": {"year": 2018}}]}}, {"d3", "d4"}),
]


@pytest.mark.parametrize("flt, keep", FILTERS, ids=[json.dumps(c[0]) for c in FILTERS])
def test_filter_in_exact_mode(index, flt, keep):
    full = dict(expected_ranking(worked_by_hand))
    result = index.search(WORKED, embedder=EMB, k=100, mode="exact", filter=flt)
    assert {h.id for h in result} == keep
    for h in result:  # a filter removes documents; it never changes a score
        assert h.score == pytest.approx(full[h.id], abs=1e-6)


@pytest.mark.parametrize("flt, keep", FILTERS, ids=[json.dumps(c[0]) for c in FILTERS])
def test_filter_in_approximate_mode_keeps_to_the_filter(index, flt, keep):
    result = index.search(WORKED, embedder=EMB, k=100, mode="approx", knn_k=1, filter=flt)
    assert {h.id for h in result} <= keep


@pytest.mark.parametrize("flt, keep", FILTERS[:8], ids=[json.dumps(c[0]) for c in FILTERS[:8]])
def test_filter_on_knn(index, flt, keep):
    hits = index.knn(TERMS["dog"], k=100, filter=flt)
    assert {h.id for h in hits} == keep


BAD_FILTERS = [
    {"match_phrase": {"text": "dog"}},
    {"term": {}},
    {"term": {"a": 1, "b": 2}},
    {"terms": {"lang": "en"}},
    {"range": {"year": {"from": 1}}},
    {"exists": {}},
    {"ids": {"values": "d1"}},
    {"bool": {"must": [], "mustnt": []}},
    {"term": {"lang": "en"}, "range": {"year": {"gt": 1}}},
    {},
    "lang:en",
]


@pytest.mark.parametrize("flt", BAD_FILTERS, ids=[json.dumps(f) for f in BAD_FILTERS])
def test_bad_filters_are_refused(index, flt):
    with pytest.raises(ValueError):
        index.search(WORKED, embedder=EMB, k=3, filter=flt)


# -- explain -------------------------------------------------------------------------

def test_explain_gives_every_term_truth_value(index):
    result = index.search(WORKED, embedder=EMB, k=6, mode="exact", explain=True)
    vectors = {d["_id"]: v for d, v in DOCS}
    for h in result:
        assert list(h.truth) == ["dog", "cat", "mouse", "giraffe"]
        for term, value in h.truth.items():
            assert value == pytest.approx(clip(cos(vectors[h.id], term)), abs=1e-6)
        assert h.to_dict()["truth"] == h.truth
    assert result.to_dict()["hits"][0]["truth"]["dog"] == pytest.approx(1.0)


def test_explain_with_calibration(index):
    semantics = Semantics(calibration={"giraffe": (10.0, 0.5)})
    result = index.search(WORKED, embedder=EMB, k=6, mode="exact", explain=True, semantics=semantics)
    vectors = {d["_id"]: v for d, v in DOCS}
    for h in result:
        g = cos(vectors[h.id], "giraffe")
        assert h.truth["giraffe"] == pytest.approx(1 / (1 + np.exp(-10 * (g - 0.5))), abs=1e-6)


def test_no_explain_no_truth(index):
    result = index.search(WORKED, embedder=EMB, k=3)
    assert all(h.truth is None for h in result)
    assert "truth" not in result[0].to_dict()


def test_hits_carry_their_source(index):
    result = index.search('"giraffe"', embedder=EMB, k=1)
    assert result[0].id == "d4"
    assert result[0].source == {"text": "a giraffe", "lang": "fr", "year": 2022, "extra": None}
    assert index.get("d4") == result[0].source


# -- approximate mode -----------------------------------------------------------------

APPROX = [
    WORKED,
    '"dog"',
    '"dog" AND NOT "giraffe"',
    '"cat" OR "mouse"',
    '("dog" OR "giraffe") AND NOT "cat"',
]


@pytest.mark.parametrize("query", APPROX)
def test_approx_covering_the_corpus_equals_exact(index, query):
    exact = index.search(query, embedder=EMB, k=6, mode="exact")
    approx = index.search(query, embedder=EMB, k=6, mode="approx", knn_k=len(DOCS))
    auto = index.search(query, embedder=EMB, k=6, knn_k=len(DOCS))
    # Without an ANN index auto scans: kNN candidates would save nothing locally.
    assert approx.mode == "approx" and auto.mode == "exact"
    assert approx.certificate.certified and auto.certificate.certified
    assert ranking(approx) == ranking(exact)
    assert ranking(auto) == ranking(exact)


def test_approx_scores_only_the_positive_terms_neighbours(index):
    # knn_k=1: dog's nearest is d1, cat's and mouse's is d2; giraffe (negated) gathers nothing.
    result = index.search(WORKED, embedder=EMB, k=6, mode="approx", knn_k=1)
    assert {h.id for h in result} == {"d1", "d2"}
    full = dict(expected_ranking(worked_by_hand))
    for h in result:
        assert h.score == pytest.approx(full[h.id], abs=1e-6)


def test_auto_is_exact_when_not_anchored(index):
    result = index.search('"dog" OR NOT "giraffe"', embedder=EMB, k=6, knn_k=1)
    assert result.mode == "exact"
    assert len(result) == 6


def test_approx_without_a_positive_term_is_refused(index):
    with pytest.raises(ValueError, match="exact"):
        index.search('NOT "dog"', embedder=EMB, k=3, mode="approx")


# -- persistence ---------------------------------------------------------------------

def test_save_and_load(index, tmp_path):
    folder = index.save(tmp_path / "idx")
    assert {p.name for p in folder.iterdir()} == {"docs.jsonl", "vectors.npy", "meta.json"}
    meta = json.loads((folder / "meta.json").read_text())
    assert (meta["count"], meta["dim"]) == (6, 5)
    loaded = LocalIndex.load(folder)
    assert loaded.ids == index.ids
    assert loaded.sources == index.sources
    np.testing.assert_array_equal(loaded.vectors, index.vectors)
    assert loaded.dim == 5 and len(loaded) == 6
    for query in (WORKED, '"dog" OR NOT "giraffe"'):
        a = index.search(query, embedder=EMB, k=6, explain=True)
        b = loaded.search(query, embedder=EMB, k=6, explain=True)
        assert [h.to_dict() for h in a] == [h.to_dict() for h in b]


def test_save_load_keeps_model_name_and_unicode(tmp_path):
    idx = LocalIndex()
    text = "café 猫 \"quoted\""
    idx.add([{"_id": "ü", "text": text}], embedder=PrecomputedEmbedder({text: [1, 2, 3]}, name="toy"))
    assert idx.model == "toy"
    LocalIndex.load(idx.save(tmp_path / "i"))
    loaded = LocalIndex.load(tmp_path / "i")
    assert loaded.model == "toy"
    assert loaded.get("ü") == {"text": "café 猫 \"quoted\""}


def test_loaded_index_takes_replacements_and_additions(index, tmp_path):
    loaded = LocalIndex.load(index.save(tmp_path / "idx"))
    loaded.add([{"_id": "d1", "text": "now a giraffe"}, {"_id": "d7", "text": "new"}], vectors=[[0, 0, 0, 1, 0], [0, 1, 0, 0, 0]])
    assert len(loaded) == 7
    assert loaded.get("d1") == {"text": "now a giraffe"}
    assert loaded.search('"giraffe"', embedder=EMB, k=1, mode="exact")[0].score == pytest.approx(1.0)


def test_save_overwrites(index, tmp_path):
    index.save(tmp_path / "idx")
    index.add([{"_id": "d9", "text": "more"}], vectors=[[0, 0, 0, 0, 1]])
    index.save(tmp_path / "idx")
    assert len(LocalIndex.load(tmp_path / "idx")) == 7


def test_empty_index_round_trip(tmp_path):
    loaded = LocalIndex.load(LocalIndex().save(tmp_path / "empty"))
    assert len(loaded) == 0 and loaded.dim is None
    assert list(loaded.search(WORKED, embedder=EMB, k=3)) == []
    loaded.add([{"_id": "a", "text": "a"}], vectors=[[1, 0, 0, 0, 0]])
    assert loaded.search('"dog"', embedder=EMB, k=1)[0].id == "a"


def test_load_of_a_folder_that_is_no_index(tmp_path):
    with pytest.raises(LookupError):
        LocalIndex.load(tmp_path)


# -- ids ---------------------------------------------------------------------------

def test_same_id_replaces(index):
    before = ranking(index.search('"giraffe"', embedder=EMB, k=6, mode="exact"))
    assert before[0][0] == "d4"
    index.add([{"_id": "d4", "text": "now a dog", "lang": "en"}], vectors=[[5, 0, 0, 0, 0]])
    assert len(index) == 6
    assert index.ids.count("d4") == 1
    assert index.get("d4") == {"text": "now a dog", "lang": "en"}
    np.testing.assert_allclose(index.vectors[index.ids.index("d4")], [1, 0, 0, 0, 0])
    result = index.search('"dog"', embedder=EMB, k=2, mode="exact")
    assert {h.id for h in result} == {"d1", "d4"}


def test_adding_the_same_documents_twice_is_idempotent(index):
    before = ranking(index.search(WORKED, embedder=EMB, k=6, mode="exact"))
    index.add([d for d, _ in DOCS], vectors=[v for _, v in DOCS])
    assert len(index) == len(DOCS)
    assert ranking(index.search(WORKED, embedder=EMB, k=6, mode="exact")) == before


def test_repeated_id_within_one_batch_keeps_the_last():
    idx = LocalIndex()
    idx.add([{"_id": "x", "text": "first"}, {"_id": "x", "text": "second"}], vectors=[[1, 0], [0, 1]])
    assert idx.ids == ["x"] and idx.get("x") == {"text": "second"}
    np.testing.assert_allclose(idx.vectors, [[0, 1]])
    idx.add([{"_id": "y", "text": "a"}, {"_id": "x", "text": "third"}, {"_id": "y", "text": "b"}], vectors=[[1, 0], [1, 1], [3, 4]])
    assert idx.ids == ["x", "y"]
    assert [idx.get(i)["text"] for i in idx.ids] == ["third", "b"]
    np.testing.assert_allclose(idx.vectors, [[2 ** -0.5, 2 ** -0.5], [0.6, 0.8]], rtol=1e-6)


IDS = [
    # (documents, ids stored)
    ([{"_id": 7, "text": "a"}], ["7"]),
    ([{"id": "x", "text": "a"}], ["x"]),
    ([{"text": "a"}, {"text": "b"}], ["0", "1"]),
]


@pytest.mark.parametrize("docs, ids", IDS, ids=["int id", "id field", "position"])
def test_ids(docs, ids):
    idx = LocalIndex()
    idx.add(docs, vectors=np.eye(len(docs), 3))
    assert idx.ids == ids


def test_unknown_id():
    with pytest.raises(LookupError):
        LocalIndex().get("nope")


# -- dimensions and bad input ------------------------------------------------------------

BAD_CALLS = [
    ("add with another dimension", lambda idx: idx.add([{"_id": "z", "text": "z"}], vectors=[[1, 0, 0]]), "dimensions"),
    ("search with another dimension", lambda idx: idx.search('"a"', term_vectors=[[1, 0, 0]]), "dimensions"),
    ("search with another embedder's dimension",
     lambda idx: idx.search('"a"', embedder=PrecomputedEmbedder({"a": [1, 0, 0]}, name="toy")), "dimensions"),
    ("knn with another dimension", lambda idx: idx.knn([1, 0, 0]), "dimensions"),
    ("fewer term vectors than terms", lambda idx: idx.search('"a" AND "b"', term_vectors=[[1, 0, 0, 0, 0]]), "term vectors"),
    ("more vectors than documents", lambda idx: idx.add([{"_id": "z", "text": "z"}], vectors=[[1, 0, 0, 0, 0]] * 2), "vectors"),
    ("no vectors and no embedder", lambda idx: idx.add([{"_id": "z", "text": "z"}]), "embedder"),
    ("search without an embedder", lambda idx: idx.search('"dog"'), "embedder"),
    ("a document without text", lambda idx: idx.add([{"_id": "z"}], vectors=[[1, 0, 0, 0, 0]]), "text"),
    ("a bad query", lambda idx: idx.search("dog AND", embedder=EMB), "expected a term after AND"),
    ("a bad mode", lambda idx: idx.search('"dog"', embedder=EMB, mode="fast"), "mode"),
]


@pytest.mark.parametrize("name, call, fragment", BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_bad_calls(index, name, call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call(index)
    assert len(index) == len(DOCS) and index.dim == 5  # nothing half-written


def test_term_without_a_vector():
    idx = LocalIndex()
    idx.add([{"_id": "a", "text": "a"}], vectors=[[1, 0, 0, 0, 0]])
    with pytest.raises(LookupError, match="zebra"):
        idx.search('"zebra"', embedder=EMB)


def test_knn_is_plain_cosine_ranking(index):
    hits = index.knn([1, 0, 0, 1, 0], k=3)
    # d1 and d4 tie (cos ½√2) and keep index order; d5 is just below them
    assert [h.id for h in hits] == ["d3", "d1", "d4"]
    assert hits[0].score == pytest.approx(1.0, abs=1e-6)


# -- real embeddings ------------------------------------------------------------------

@pytest.fixture(scope="module")
def model():
    from itlr.embedders import default_embedder

    return default_embedder()


@pytest.fixture(scope="module")
def demo_index(model):
    from itlr.demo import corpus_path

    idx = LocalIndex()
    idx.add(read_jsonl(str(corpus_path())), embedder=model)
    return idx


CAKES = [
    {"_id": "strawberry", "text": "A recipe for chocolate cake topped with fresh strawberries."},
    {"_id": "walnut", "text": "A recipe for chocolate cake with crunchy walnuts."},
    {"_id": "soup", "text": "How to cook a hearty vegetable soup."},
]

# (query, the document that must come first, the one it must beat)
EXCLUSIONS = [
    ('"chocolate cake recipe" AND NOT "strawberries"', "walnut", "strawberry"),
    ('"chocolate cake recipe" AND NOT "walnuts"', "strawberry", "walnut"),
]


@pytest.mark.model
@pytest.mark.parametrize("query, first, beaten", EXCLUSIONS, ids=[c[0] for c in EXCLUSIONS])
def test_exclusion_on_real_embeddings(model, query, first, beaten):
    idx = LocalIndex()
    idx.add(CAKES, embedder=model)
    assert idx.model == "all-MiniLM-L6-v2" and idx.dim == 384
    result = idx.search(query, embedder=model, k=3, explain=True)
    assert result[0].id == first
    ids = [h.id for h in result]
    assert ids.index(first) < ids.index(beaten)
    positive, negative = parse(query).terms()
    # Both cakes match the positive term about equally; the excluded topic decides.
    assert abs(result[0].truth[positive] - result[ids.index(beaten)].truth[positive]) < 0.1
    assert result[0].truth[negative] < result[ids.index(beaten)].truth[negative]


@pytest.mark.model
def test_demo_questions_put_no_excluded_document_first(model, demo_index):
    from itlr.demo import CASES

    dense_first_excluded = 0
    for question, logic, excluded in CASES:
        hits = demo_index.search(logic, embedder=model, k=3)
        assert hits[0].source["aspect"] != excluded, (logic, [h.id for h in hits])
        # the best document about the topic without the excluded aspect beats every excluded one
        full = demo_index.search(logic, embedder=model, k=len(demo_index), mode="exact")
        ranks = {h.id: r for r, h in enumerate(full)}
        excluded_ranks = [ranks[h.id] for h in full if h.source.get("aspect") == excluded]
        assert min(excluded_ranks) > 0
        dense = demo_index.knn(model.embed([question])[0], k=1)
        dense_first_excluded += dense[0].source["aspect"] == excluded
    assert dense_first_excluded >= 3  # the problem ITLR solves is real on this corpus


@pytest.mark.model
def test_real_embeddings_approx_equals_exact_when_covering(model, demo_index):
    query = '"vitamin D benefits" AND NOT "bone health"'
    exact = demo_index.search(query, embedder=model, k=10, mode="exact")
    approx = demo_index.search(query, embedder=model, k=10, mode="approx", knn_k=len(demo_index))
    assert [h.id for h in approx] == [h.id for h in exact]
    np.testing.assert_allclose([h.score for h in approx], [h.score for h in exact], rtol=1e-6)
    assert demo_index.search(query, embedder=model, k=10).mode == "exact"


@pytest.mark.parametrize(
    "flt, expected",
    [
        ({"term": {"authors.name": "B"}}, True),  # arrays of objects are walked, as the engines flatten them
        ({"term": {"authors.name": "C"}}, False),
        ({"exists": {"field": "authors.name"}}, True),
        ({"exists": {"field": "authors.age"}}, False),
        ({"term": {"a.b": 1}}, True),  # a literal dotted key
    ],
)
def test_filter_paths_through_arrays_of_objects(flt, expected):
    from itlr.filters import compile_filter

    source = {"authors": [{"name": "A"}, {"name": "B"}], "a.b": 1}
    assert compile_filter(flt)("x", source) is expected
