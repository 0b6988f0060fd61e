"""Scoring semantics (SPEC §3) and the plan: operator families, truth values,
the max(0, ·) floor, distinct terms and their polarity, anchoring and modes."""

from __future__ import annotations

import math

import numpy as np
import pytest

from itlr import Not, Or, Semantics, Term, parse
from itlr.semantics import OP_AND, OP_NOT, OP_OR, OP_TERM, evaluate, truth_values
from itlr.translator.plan import plan

WORKED = '("dog" OR "cat" AND "mouse") AND NOT "giraffe"'

# Truth values, one row per document, columns dog, cat, mouse, giraffe.
TRUTH = np.array(
    [
        [0.8, 0.6, 0.5, 0.3],
        [0.0, 0.9, 0.9, 0.0],
        [1.0, 0.0, 0.0, 1.0],
        [0.2, 0.4, 0.7, 0.95],
        [0.0, 0.0, 0.0, 0.0],
        [0.5, 0.5, 0.5, 0.5],
        [0.3, 1.0, 1.0, 2e-7],
    ]
)


def rec(x):
    return 1.0 / max(x, 1e-6)


# (and, or, not, score of the worked example written out by hand)
FAMILIES = [
    ("product", "sum", "one_minus", lambda d, c, m, g: (d + c * m) * (1 - g)),
    ("product", "sum", "reciprocal", lambda d, c, m, g: (d + c * m) * rec(g)),
    ("product", "max", "one_minus", lambda d, c, m, g: max(d, c * m) * (1 - g)),
    ("product", "max", "reciprocal", lambda d, c, m, g: max(d, c * m) * rec(g)),
    ("sum", "sum", "one_minus", lambda d, c, m, g: (d + (c + m)) + (1 - g)),
    ("sum", "sum", "reciprocal", lambda d, c, m, g: (d + (c + m)) + rec(g)),
    ("sum", "max", "one_minus", lambda d, c, m, g: max(d, c + m) + (1 - g)),
    ("sum", "max", "reciprocal", lambda d, c, m, g: max(d, c + m) + rec(g)),
    ("min", "sum", "one_minus", lambda d, c, m, g: min(d + min(c, m), 1 - g)),
    ("min", "sum", "reciprocal", lambda d, c, m, g: min(d + min(c, m), rec(g))),
    ("min", "max", "one_minus", lambda d, c, m, g: min(max(d, min(c, m)), 1 - g)),
    ("min", "max", "reciprocal", lambda d, c, m, g: min(max(d, min(c, m)), rec(g))),
]


def score(query, truth, semantics):
    p = plan(query)
    return evaluate(p.program, np.asarray(truth, dtype=float), semantics)


def test_worked_example_of_the_paper():
    p = plan(WORKED)
    assert p.terms == ("dog", "cat", "mouse", "giraffe")
    got = evaluate(p.program, TRUTH, Semantics())
    d, c, m, g = TRUTH.T
    np.testing.assert_allclose(got, (d + c * m) * (1 - g), rtol=0, atol=1e-12)
    assert got[0] == pytest.approx((0.8 + 0.6 * 0.5) * (1 - 0.3))
    assert got[0] == pytest.approx(0.77)


@pytest.mark.parametrize("and_op, or_op, not_op, formula", FAMILIES, ids=[f"{a}-{o}-{n}" for a, o, n, _ in FAMILIES])
def test_every_operator_family(and_op, or_op, not_op, formula):
    semantics = Semantics(and_op=and_op, or_op=or_op, not_op=not_op)
    got = score(WORKED, TRUTH, semantics)
    want = [max(0.0, formula(*row)) for row in TRUTH]
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


# (query, and, or, not, formula over the columns in order of first appearance)
SMALL = [
    ("a AND b AND c", "product", "sum", "one_minus", lambda a, b, c: a * b * c),
    ("a AND b AND c", "sum", "sum", "one_minus", lambda a, b, c: a + b + c),
    ("a AND b AND c", "min", "sum", "one_minus", lambda a, b, c: min(a, b, c)),
    ("a OR b OR c", "product", "sum", "one_minus", lambda a, b, c: a + b + c),
    ("a OR b OR c", "product", "max", "one_minus", lambda a, b, c: max(a, b, c)),
    ("NOT a", "product", "sum", "one_minus", lambda a: 1 - a),
    ("NOT a", "product", "sum", "reciprocal", lambda a: rec(a)),
    ("NOT NOT a", "product", "sum", "one_minus", lambda a: 1 - (1 - a)),
    ("NOT NOT a", "product", "sum", "reciprocal", lambda a: rec(rec(a))),
    ("a AND NOT b", "product", "sum", "one_minus", lambda a, b: a * (1 - b)),
    ("a OR NOT b", "product", "sum", "one_minus", lambda a, b: a + (1 - b)),
    ("NOT (a OR b)", "product", "sum", "one_minus", lambda a, b: 1 - (a + b)),
    ("NOT (a AND b)", "product", "max", "one_minus", lambda a, b: 1 - a * b),
    ("a AND (b OR NOT a)", "product", "sum", "one_minus", lambda a, b: a * (b + (1 - a))),
    ("(a OR b) AND (c OR a)", "product", "sum", "one_minus", lambda a, b, c: (a + b) * (c + a)),
]

SMALL_TRUTH = np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [0.9, 0.2, 0.4], [0.3, 0.8, 0.1], [0.5, 0.5, 0.0]])


@pytest.mark.parametrize("query, and_op, or_op, not_op, formula", SMALL, ids=[f"{c[0]} {c[1]}/{c[2]}/{c[3]}" for c in SMALL])
def test_small_queries(query, and_op, or_op, not_op, formula):
    semantics = Semantics(and_op=and_op, or_op=or_op, not_op=not_op)
    n = len(plan(query).terms)
    truth = SMALL_TRUTH[:, :n]
    want = [max(0.0, formula(*row)) for row in truth]
    np.testing.assert_allclose(score(query, truth, semantics), want, rtol=1e-12, atol=1e-12)


def test_reciprocal_of_zero_is_finite():
    got = score("NOT a", [[0.0], [1e-9], [1e-6], [0.5]], Semantics(not_op="reciprocal"))
    np.testing.assert_allclose(got, [1e6, 1e6, 1e6, 2.0])
    assert np.isfinite(got).all()


# max(0, ·) floor: values below zero only arise from truth values outside [0, 1].
FLOOR = [
    ("NOT a", [[1.5]], [0.0]),
    ("NOT a", [[1.0]], [0.0]),
    ("NOT a", [[0.25]], [0.75]),
    ("a AND NOT b", [[0.5, 3.0]], [0.0]),
    ("a OR b", [[-0.4, 0.1]], [0.0]),
    ("a OR b", [[-0.4, 0.5]], [0.1]),
    ("a", [[-2.0]], [0.0]),
    ("NOT (a OR b)", [[0.7, 0.6], [0.1, 0.2]], [0.0, 0.7]),
]


@pytest.mark.parametrize("query, truth, want", FLOOR, ids=[f"{c[0]} {c[1]}" for c in FLOOR])
def test_score_is_floored_at_zero(query, truth, want):
    np.testing.assert_allclose(score(query, truth, Semantics()), want, atol=1e-12)


def test_program_of_the_worked_example():
    p = plan(WORKED)
    assert p.program == (
        OP_TERM, 0, OP_TERM, 1, OP_TERM, 2, OP_AND, 2, OP_OR, 2,
        OP_TERM, 3, OP_NOT, 0, OP_AND, 2,
    )


def test_program_of_a_flat_chain_takes_all_operands_at_once():
    assert plan("a OR b OR c OR a").program == (OP_TERM, 0, OP_TERM, 1, OP_TERM, 2, OP_TERM, 0, OP_OR, 4)


# -- truth values: clip or sigmoid calibration ------------------------------------------

SIMS = np.array([[-0.3, 0.0, 0.25], [0.5, 1.2, 0.9], [1.0, -1.0, 0.4]])


def sig(x):
    return 1.0 / (1.0 + math.exp(-x))


# (name, semantics, the truth value of column j from similarity s)
TRUTHS = [
    ("clip", Semantics(), [lambda s: min(max(s, 0.0), 1.0)] * 3),
    ("per-term sigmoid on b", Semantics(calibration={"b": (10.0, 0.5)}),
     [lambda s: min(max(s, 0.0), 1.0), lambda s: sig(10 * (s - 0.5)), lambda s: min(max(s, 0.0), 1.0)]),
    ("default sigmoid", Semantics(sigmoid=(4.0, 0.2)), [lambda s: sig(4 * (s - 0.2))] * 3),
    ("per-term beats default", Semantics(calibration={"c": (20.0, 0.3)}, sigmoid=(4.0, 0.2)),
     [lambda s: sig(4 * (s - 0.2)), lambda s: sig(4 * (s - 0.2)), lambda s: sig(20 * (s - 0.3))]),
    ("calibration of a term not in the query", Semantics(calibration={"zebra": (5.0, 0.1)}),
     [lambda s: min(max(s, 0.0), 1.0)] * 3),
]


@pytest.mark.parametrize("name, semantics, columns", TRUTHS, ids=[c[0] for c in TRUTHS])
def test_truth_values(name, semantics, columns):
    got = truth_values(SIMS, ["a", "b", "c"], semantics)
    want = [[columns[j](s) for j, s in enumerate(row)] for row in SIMS]
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_sigmoid_is_strictly_inside_zero_and_one_and_monotone():
    s = np.linspace(-1, 1, 41).reshape(-1, 1)
    x = truth_values(s, ["t"], Semantics(sigmoid=(8.0, 0.3)))[:, 0]
    assert ((x > 0) & (x < 1)).all()
    assert (np.diff(x) > 0).all()
    assert x[np.argmin(abs(s[:, 0] - 0.3))] == pytest.approx(0.5)


def test_sigmoid_does_not_overflow():
    x = truth_values(np.array([[-1.0, 1.0]]), ["a", "b"], Semantics(sigmoid=(1e4, 0.0)))
    np.testing.assert_allclose(x, [[0.0, 1.0]], atol=1e-12)


def test_calibrated_worked_example_end_to_end():
    semantics = Semantics(calibration={"giraffe": (10.0, 0.4)})
    p = plan(WORKED)
    sims = np.array([[0.7, 0.5, 0.6, 0.55], [0.2, -0.1, 0.9, 0.1]])
    got = evaluate(p.program, truth_values(sims, p.terms, semantics), semantics)
    want = [
        (d + max(c, 0) * m) * (1 - sig(10 * (g - 0.4)))
        for d, c, m, g in sims
    ]
    np.testing.assert_allclose(got, want, rtol=1e-12)


# -- Semantics values --------------------------------------------------------------

def test_defaults_are_the_paper_operators():
    s = Semantics()
    assert (s.and_op, s.or_op, s.not_op) == ("product", "sum", "one_minus")
    assert s.codes == (0, 0, 0)
    assert Semantics(and_op="min", or_op="max", not_op="reciprocal").codes == (2, 1, 1)


BAD_SEMANTICS = [
    ("and_op=max", dict(and_op="max"), "and_op"),
    ("and_op=PRODUCT", dict(and_op="PRODUCT"), "and_op"),
    ("or_op=product", dict(or_op="product"), "or_op"),
    ("or_op=min", dict(or_op="min"), "or_op"),
    ("not_op=1-x", dict(not_op="1-x"), "not_op"),
    ("not_op=None", dict(not_op=None), "not_op"),
    ("lambda 0", dict(calibration={"a": (0.0, 0.5)}), "lambda"),
    ("negative lambda", dict(calibration={"a": (-3.0, 0.5)}), "lambda"),
    ("nan lambda", dict(calibration={"a": (float("nan"), 0.5)}), "lambda"),
    ("infinite tau", dict(calibration={"a": (2.0, float("inf"))}), "lambda"),
    ("default sigmoid lambda 0", dict(sigmoid=(0.0, 0.1)), "lambda"),
    ("default sigmoid nan tau", dict(sigmoid=(1.0, float("nan"))), "lambda"),
]


@pytest.mark.parametrize("name, kwargs, fragment", BAD_SEMANTICS, ids=[c[0] for c in BAD_SEMANTICS])
def test_bad_semantics_are_rejected(name, kwargs, fragment):
    with pytest.raises(ValueError, match=fragment):
        Semantics(**kwargs)


def test_semantics_to_dict():
    s = Semantics(and_op="min", calibration={"a": (2.0, 0.5)}, sigmoid=(3.0, 0.1))
    assert s.to_dict() == {"and": "min", "or": "sum", "not": "one_minus", "calibration": {"a": [2.0, 0.5]}, "sigmoid": [3.0, 0.1]}


# -- plan: distinct terms and polarity ------------------------------------------------

# (query, distinct terms, under even NOTs, under odd NOTs, kNN term indices)
POLARITY = [
    ("a", ("a",), (True,), (False,), [0]),
    ("NOT a", ("a",), (False,), (True,), []),
    ("NOT NOT a", ("a",), (True,), (False,), [0]),
    ("a AND NOT b", ("a", "b"), (True, False), (False, True), [0]),
    ("a AND NOT a", ("a",), (True,), (True,), [0]),
    ("NOT (a OR NOT b)", ("a", "b"), (False, True), (True, False), [1]),
    ('"x" OR x OR "x"', ("x",), (True,), (False,), [0]),
    (WORKED, ("dog", "cat", "mouse", "giraffe"), (True, True, True, False), (False, False, False, True), [0, 1, 2]),
    ("b AND (a OR b) AND NOT c AND a", ("b", "a", "c"), (True, True, False), (False, False, True), [0, 1]),
    ("NOT (a AND NOT (b OR NOT c))", ("a", "b", "c"), (False, True, False), (True, False, True), [1]),
]


@pytest.mark.parametrize("query, terms, positive, negative, knn", POLARITY, ids=[c[0] for c in POLARITY])
def test_plan_terms_and_polarity(query, terms, positive, negative, knn):
    p = plan(query)
    assert p.terms == terms
    assert p.positive == positive
    assert p.negative == negative
    assert p.positive_terms == knn
    assert p.expr == parse(query)


def test_plan_of_an_expression_equals_plan_of_its_text():
    e = (Term("a") | Term("b")) & ~Term("c")
    assert plan(e) == plan(str(e))


PLAN_LIMITS = [
    ("65 distinct terms", lambda: plan(Or([Term(f"t{i}") for i in range(65)])), "more than 64 distinct terms"),
    ("33 NOTs", lambda: plan(_nots(33)), "nesting deeper than 32"),
    ("bad text", lambda: plan("a AND"), "expected a term after AND"),
]


def _nots(n):
    e = Term("x")
    for _ in range(n):
        e = Not(e)
    return e


@pytest.mark.parametrize("name, thunk, message", PLAN_LIMITS, ids=[c[0] for c in PLAN_LIMITS])
def test_plan_checks_limits_of_built_expressions(name, thunk, message):
    with pytest.raises(ValueError, match=message):
        thunk()


def test_plan_of_32_nots_is_fine():
    p = plan(_nots(32))
    assert p.program.count(OP_NOT) == 32
    assert score(_nots(32), [[0.3]], Semantics()) == pytest.approx(0.3)


# -- anchoring and modes ------------------------------------------------------------

# (query, semantics, anchored, what auto resolves to)
ANCHORING = [
    ("a", Semantics(), True, "approx"),
    ("a AND b", Semantics(), True, "approx"),
    ("a OR b", Semantics(), True, "approx"),
    ("a AND NOT b", Semantics(), True, "approx"),
    ("a AND NOT b", Semantics(and_op="min"), True, "approx"),
    ("a AND NOT b", Semantics(not_op="reciprocal"), True, "approx"),
    ("a AND NOT b", Semantics(and_op="sum"), False, "exact"),
    (WORKED, Semantics(), True, "approx"),
    ("(a OR b) AND NOT c AND NOT d", Semantics(), True, "approx"),
    ("a AND (b OR NOT c)", Semantics(), True, "approx"),
    ("NOT (NOT a AND NOT b)", Semantics(), True, "approx"),
    ("NOT NOT a", Semantics(), True, "approx"),
    ("NOT NOT a", Semantics(not_op="reciprocal"), False, "exact"),
    ("a OR NOT b", Semantics(), False, "exact"),
    ("a OR NOT b", Semantics(or_op="max"), False, "exact"),
    ("NOT a", Semantics(), False, "exact"),
    ("NOT (a OR b)", Semantics(), False, "exact"),
    ("a AND NOT a", Semantics(), True, "exact"),  # a under even and odd NOTs
    ("a AND b AND NOT (a OR c)", Semantics(), True, "exact"),
    ("a AND NOT b", Semantics(sigmoid=(10.0, 0.3)), True, "approx"),
]


@pytest.mark.parametrize(
    "query, semantics, anchored, auto", ANCHORING,
    ids=[f"{c[0]} {c[1].and_op}/{c[1].or_op}/{c[1].not_op}" for c in ANCHORING],
)
def test_anchoring(query, semantics, anchored, auto):
    p = plan(query)
    assert p.anchored(semantics) is anchored
    assert p.resolve_mode("auto", semantics) == auto
    assert p.resolve_mode("exact", semantics) == "exact"


# (query, forced mode, what it resolves to or the error)
FORCED = [
    ("a OR NOT b", "approx", "approx"),
    ("a AND NOT a", "approx", "approx"),
    ("a AND NOT b", "exact", "exact"),
    ("NOT a", "exact", "exact"),
    ("NOT a", "approx", ValueError),
    ("NOT (a OR b)", "approx", ValueError),
    ("a", "fast", ValueError),
    ("a", "Exact", ValueError),
    ("a", "", ValueError),
]


@pytest.mark.parametrize("query, mode, want", FORCED, ids=[f"{c[0]} {c[1]!r}" for c in FORCED])
def test_forced_modes(query, mode, want):
    p = plan(query)
    if isinstance(want, str):
        assert p.resolve_mode(mode, Semantics()) == want
    else:
        with pytest.raises(want):
            p.resolve_mode(mode, Semantics())
