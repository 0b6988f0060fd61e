"""Request shape per dialect, without a cluster: what the translator emits."""

import json

import numpy as np
import pytest

import itlr
from itlr import painless
from itlr.semantics import Semantics
from itlr.translator.compiler import TRUTH_FIELD
from itlr.translator.formats import render
from itlr.translator.plan import plan

DIALECTS = ("elasticsearch", "opensearch")
RNG = np.random.default_rng(7)
VECTORS = {t: RNG.normal(size=8).tolist() for t in ("a", "b", "c", "d")}


def body_for(query, dialect="opensearch", **kw):
    return itlr.compile(query, dialect=dialect, term_vectors=VECTORS, field="vec", **kw)


def inner(body):
    return body["query"]["script_score"]["query"]


def knn_fields(body, dialect):
    clauses = inner(body)["bool"]["should"]
    if dialect == "elasticsearch":
        return [c["knn"] for c in clauses]
    return [c["knn"]["vec"] for c in clauses]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "query, mode, knn_terms",
    [
        ('"a" AND NOT "b"', "approx", ["a"]),  # anchored: one clause per positive term
        ('"a" OR "b" AND NOT "c"', "approx", ["a", "b"]),
        ('("a" OR "b") AND NOT ("c" OR "d")', "approx", ["a", "b"]),
        ('NOT NOT "a"', "approx", ["a"]),  # even NOTs: positive
        ('"a" OR NOT "b"', "exact", None),  # NOT b alone scores 1: not anchored
        ('NOT "a"', "exact", None),
        ('"a" AND NOT "a"', "exact", None),  # a term both positive and negative
    ],
)
def test_auto_mode_and_knn_clauses(dialect, query, mode, knn_terms):
    body = body_for(query, dialect)
    if mode == "exact":
        assert inner(body) == {"bool": {"filter": [{"exists": {"field": "vec"}}]}}
        return
    clauses = knn_fields(body, dialect)
    vectors = body["query"]["script_score"]["script"]["params"]["vectors"]
    terms = itlr.parse(query).terms()
    key = "query_vector" if dialect == "elasticsearch" else "vector"
    assert [c[key] for c in clauses[: len(knn_terms)]] == [vectors[terms.index(t)] for t in knn_terms]
    # then one clause per AND node of terms and negated terms, on its composite vector
    assert len(clauses) - len(knn_terms) == len(plan(query).composites())


@pytest.mark.parametrize(
    "query, composites",
    [
        ('"a" AND NOT "b"', [((0,), (1,))]),
        ('"a" AND "b" AND NOT "c"', [((0, 1), (2,))]),
        ('"a" OR "b" AND NOT "c"', [((1,), (2,))]),
        ('("a" OR "b") AND NOT "c"', []),  # no term of its own beside the NOT: nothing to compose
        ('NOT ("a" AND "b")', []),  # under a NOT: its terms are to push down, not to find
        ('"a" AND NOT ("b" AND "c")', []),
    ],
)
def test_composite_candidates_per_and_node(query, composites):
    assert plan(query).composites() == composites


def test_composite_vector_moves_away_from_the_negated_terms():
    from itlr.translator.compiler import COMPOSITE_BETA, composite_vectors

    vectors = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.6, 0.8, 0.0]])
    (v,) = composite_vectors(plan('"a" AND "b" AND NOT "c"'), vectors)
    expected = np.array([1.0, 1.0, 0.0]) - COMPOSITE_BETA * np.array([0.6, 0.8, 0.0])
    assert np.allclose(v, expected / np.linalg.norm(expected))
    body = itlr.compile('"a" AND "b" AND NOT "c"', term_vectors={"a": vectors[0], "b": vectors[1], "c": vectors[2]}, mode="approx")
    assert len(inner(body)["bool"]["should"]) == 3


@pytest.mark.parametrize("dialect", DIALECTS)
def test_forced_modes_and_candidates(dialect):
    exact = body_for('"a" AND NOT "b"', dialect, mode="exact")
    assert "bool" in inner(exact) and "filter" in inner(exact)["bool"]
    approx = body_for('"a" AND "b"', dialect, mode="approx", knn_k=37, num_candidates=80)
    for clause in knn_fields(approx, dialect):
        assert clause["k"] == 37
        if dialect == "elasticsearch":
            assert clause["num_candidates"] == 80
        else:
            assert clause["method_parameters"] == {"ef_search": 80}
    with pytest.raises(ValueError, match="approximate mode needs"):
        body_for('NOT "a"', dialect, mode="approx")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_filter_goes_to_knn_clauses_and_exact_mode(dialect):
    f = {"term": {"lang": "en"}}
    approx = body_for('"a" AND NOT "b"', dialect, filter=f)
    assert all(c["filter"] == f for c in knn_fields(approx, dialect))
    exact = body_for('"a" OR NOT "b"', dialect, filter=f)
    assert inner(exact)["bool"]["filter"] == [{"exists": {"field": "vec"}}, f]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_params_carry_the_query(dialect):
    sem = Semantics(and_op="min", or_op="max", not_op="reciprocal", calibration={"b": (12.0, 0.3)})
    body = body_for('("a" OR "b") AND NOT "c"', dialect, semantics=sem, k=5, offset=10)
    script = body["query"]["script_score"]["script"]
    p = script["params"]
    assert p["field"] == "vec"
    assert p["program"] == [0, 0, 0, 1, 2, 2, 0, 2, 3, 0, 1, 2]
    assert p["ops"] == [2, 1, 1]
    assert p["lambda"] == [0.0, 12.0, 0.0] and p["tau"] == [0.0, 0.3, 0.0]
    for row, term in zip(p["vectors"], ("a", "b", "c")):
        expected = np.asarray(VECTORS[term]) / np.linalg.norm(VECTORS[term])
        assert np.allclose(row, expected, atol=1e-7)
    assert script["source"] == painless.source(dialect, "score")
    assert body["size"] == 5 and body["from"] == 10
    assert body["_source"] == {"excludes": ["vec"]}


@pytest.mark.parametrize("dialect", DIALECTS)
def test_explain_adds_truth_script_field(dialect):
    body = body_for('"a" AND NOT "b"', dialect, explain=True)
    field = body["script_fields"][TRUTH_FIELD]["script"]
    assert field["source"] == painless.source(dialect, "explain")
    assert field["params"] == body["query"]["script_score"]["script"]["params"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_stored_script_is_called_by_id(dialect):
    body = body_for('"a" AND NOT "b"', dialect, stored_script=True)
    script = body["query"]["script_score"]["script"]
    assert script["id"] == painless.script_id(dialect, "score") and "source" not in script


HOSTILE = [
    'he said "hi"',
    "back\\slash\\",
    "'; return 1e9; //",
    "doc['x'].value * 1000",
    "line one\nline two",
    "x" * 2000,
    "Ζεύς και Ήρα",
    "東京の天気",
    "مرحبا بالعالم",
    "AND OR NOT ( )",
]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("term", HOSTILE)
def test_no_user_text_in_script_source(dialect, term):
    expr = itlr.Term(term) & ~itlr.Term("b")
    vectors = {term: VECTORS["a"], "b": VECTORS["b"]}
    body = itlr.compile(expr, dialect=dialect, term_vectors=vectors, explain=True)
    text = json.dumps(body, ensure_ascii=False)
    assert term not in text and json.dumps(term)[1:-1] not in text  # terms travel as vectors only
    assert body["query"]["script_score"]["script"]["source"] == painless.source(dialect, "score")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_script_source_is_the_same_for_every_query(dialect):
    sources = {
        body_for(q, dialect, mode=m)["query"]["script_score"]["script"]["source"]
        for q in ('"a"', '"a" AND NOT "b"', '("a" OR "b") AND ("c" OR NOT "d")', 'NOT "a"')
        for m in ("exact", "auto")
    }
    assert len(sources) == 1


def test_only_the_vector_line_differs_between_dialects():
    es = painless.source("elasticsearch").splitlines()
    os_ = painless.source("opensearch").splitlines()
    shared_es = es[[i for i, line in enumerate(es) if line.startswith("float[] v")][0] + 1 :]
    shared_os = os_[[i for i, line in enumerate(os_) if line.startswith("float[] v")][0] + 1 :]
    assert shared_es == shared_os
    assert "doc[params.field].vectorValue" in painless.source("elasticsearch")
    assert "doc[params.field].value;" in painless.source("opensearch")


@pytest.mark.parametrize(
    "fmt, start",
    [("json", "{"), ("console", "GET my-index/_search\n{"), ("curl", "curl -sS -X POST http://h:9200/my-index/_search")],
)
def test_formats(fmt, start):
    body = body_for('"a" AND NOT "b"')
    text = render(body, fmt, index="my-index", url="http://h:9200")
    assert text.startswith(start)
    payload = text[text.index("{") : text.rindex("}") + 1]
    assert json.loads(payload) == body


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"dialect": "solr"}, "dialect must be one of"),
        ({"mode": "fast"}, "mode must be one of"),
        ({"filter": ["term"]}, "malformed filter"),
        ({"filter": {"term": {"a": 1}, "range": {}}}, "malformed filter"),
        ({"k": -1}, "k and offset"),
        ({"knn_k": 20000}, "knn_k must be between"),
    ],
)
def test_bad_options_are_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        body_for('"a" AND NOT "b"', **kwargs)


def test_missing_term_vector_is_a_clear_error():
    with pytest.raises(LookupError, match="no vector given for term 'zzz'"):
        itlr.compile('"a" AND "zzz"', term_vectors=VECTORS)


def test_script_constants_come_from_the_semantics():
    from itlr import semantics

    source = painless.source("opensearch")
    assert f"int OP_NOT = {semantics.OP_NOT};" in source
    assert f"int AND_MIN = {semantics.AND_OPS.index('min')};" in source
    assert f"int NOT_RECIPROCAL = {semantics.NOT_OPS.index('reciprocal')};" in source
    assert f"double RECIPROCAL_FLOOR = {semantics.RECIPROCAL_FLOOR!r};" in source
    # the composition compares with the names only: no opcode literal is left to drift
    import re
    from importlib import resources

    compose = resources.files("itlr.painless").joinpath("compose.painless").read_text()
    assert re.search(r"[oO]p == \d", compose) is None and "1e-6" not in compose


@pytest.mark.parametrize("dialect", DIALECTS)
def test_knn_list_and_offset_independent_candidates(dialect):
    from itlr.translator.compiler import SearchOptions
    from itlr.translator.dialects import get_dialect

    listing = get_dialect(dialect).knn_list(np.ones(4, dtype=np.float32) / 2, 300, SearchOptions(field="vec", filter={"term": {"a": 1}}))
    assert listing["from"] == 299 and listing["size"] == 1 and listing["_source"] is False
    clause = listing["query"]["knn"]
    clause = clause if dialect == "elasticsearch" else clause["vec"]
    assert clause["k"] == 300 and clause["filter"] == {"term": {"a": 1}}
    first = knn_fields(body_for('"a" AND NOT "b"', dialect, mode="approx", k=10), dialect)
    later = knn_fields(body_for('"a" AND NOT "b"', dialect, mode="approx", k=10, offset=500), dialect)
    assert [c["k"] for c in first] == [c["k"] for c in later] == [100, 100]  # the term's clause and a composite's


def test_encoded_bodies_say_what_the_bodies_say():
    """Vectors are written from a per-vector cache; the text must still say exactly what
    the body says, user text that looks like the placeholder included."""
    from itlr.engines import encode_body
    from itlr.translator.compiler import LIST_ENDS, SearchOptions
    from itlr.translator.dialects import get_dialect

    vectors = np.random.default_rng(1).normal(size=(3, 8)).astype(np.float32)
    options = SearchOptions(field="vec", filter={"term": {"tag": "\u0000itlr-0-0"}}, knn_k=20)
    d = get_dialect("opensearch")
    p = plan('("a" OR "b") AND NOT "c"')
    scored = d.compile(p, vectors, options, mode="approx")
    # A certified round's body: its list-ends aggregation carries the same vectors again.
    scored["aggs"] = {LIST_ENDS: d.list_ends([vectors[0], vectors[1]], [5, 20], options)}
    for body in (d.knn_list(vectors[0], 20, options, start=5), scored):
        assert json.loads(encode_body(body)) == json.loads(json.dumps(body))
