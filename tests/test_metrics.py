"""Metric functions against values worked out by hand."""

import math

import pytest

from itlr.evaluation.metrics import evaluate_run, lsnc_at_k, mrr_at_k, ndcg_at_k, recall_at_k


def test_ndcg_graded_by_hand():
    qrels = {"a": 3, "b": 2, "c": 1}
    ranking = ["c", "x", "a", "b"]
    # DCG@3 = 1/log2(2) + 0/log2(3) + 3/log2(4) = 1 + 1.5 = 2.5
    # IDCG@3 = 3/1 + 2/log2(3) + 1/log2(4) = 3 + 1.2618595 + 0.5 = 4.7618595
    assert ndcg_at_k(ranking, qrels, 3) == pytest.approx(2.5 / (3 + 2 / math.log2(3) + 0.5))
    assert ndcg_at_k(ranking, qrels, 3) == pytest.approx(0.525005, abs=1e-6)


def test_ndcg_perfect_and_empty():
    qrels = {"a": 2, "b": 1}
    assert ndcg_at_k(["a", "b", "z"], qrels, 10) == pytest.approx(1.0)
    assert ndcg_at_k(["b", "a"], qrels, 10) == pytest.approx((1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3)))
    assert ndcg_at_k([], qrels, 10) == 0.0
    assert ndcg_at_k(["a"], {"a": 0}, 10) == 0.0  # nothing relevant: 0, not a division by zero


def test_ndcg_ideal_comes_from_qrels_not_from_the_ranking():
    # One relevant document retrieved at rank 1 out of two relevant ones: the ideal counts both.
    qrels = {"a": 1, "b": 1}
    assert ndcg_at_k(["a"], qrels, 10) == pytest.approx(1 / (1 + 1 / math.log2(3)))
    # The cut-off applies to the ideal too: with k=1 retrieving one of them is perfect.
    assert ndcg_at_k(["a", "b"], qrels, 1) == pytest.approx(1.0)


def test_ndcg_ignores_repeated_ids_and_negative_grades():
    assert ndcg_at_k(["a", "a"], {"a": 1, "b": 1}, 2) == pytest.approx(1 / (1 + 1 / math.log2(3)))
    assert ndcg_at_k(["n", "a"], {"a": 1, "n": -1}, 2) == pytest.approx(1 / math.log2(3))


def test_recall_and_mrr():
    qrels = {"a": 1, "b": 2, "c": 0}
    assert recall_at_k(["x", "a", "c"], qrels, 3) == pytest.approx(0.5)
    assert recall_at_k(["x", "a", "b"], qrels, 2) == pytest.approx(0.5)
    assert recall_at_k(["b", "a"], qrels, 2) == pytest.approx(1.0)
    assert mrr_at_k(["x", "c", "b"], qrels, 10) == pytest.approx(1 / 3)
    assert mrr_at_k(["x"] * 10 + ["a"], qrels, 10) == 0.0


def test_lsnc_edge_cases():
    # No violating passage in the top K: 1. All K violate: 0.
    assert lsnc_at_k(["a", "b", "c"], {"z"}, 3) == pytest.approx(1.0)
    assert lsnc_at_k(["a", "b", "c"], {"a", "b", "c"}, 3) == pytest.approx(0.0)
    # One violation in the top 10: -log(2/11)/log(11).
    assert lsnc_at_k(["v"] + list("abcdefghi"), {"v"}, 10) == pytest.approx(-math.log(2 / 11) / math.log(11))
    assert lsnc_at_k(["v"] + list("abcdefghi"), {"v"}, 10) == pytest.approx(0.7109, abs=1e-4)
    # Violations below the cut-off do not count; an empty label set is consistent.
    assert lsnc_at_k(list("abcdefghij") + ["v"], {"v"}, 10) == pytest.approx(1.0)
    assert lsnc_at_k(["a"], set(), 10) == pytest.approx(1.0)
    # A short ranking still uses K in the formula.
    assert lsnc_at_k(["v"], {"v"}, 10) == pytest.approx(-math.log(2 / 11) / math.log(11))
    with pytest.raises(ValueError):
        lsnc_at_k(["a"], {"a"}, 0)


def test_evaluate_run_skips_unjudged_queries_and_averages():
    run = {"q1": ["a", "b"], "q2": ["x", "c"], "q3": ["a"]}
    qrels = {"q1": {"a": 1}, "q2": {"c": 1}, "q3": {"a": 0}}
    means, per_query = evaluate_run(run, qrels, k=10, violations={"q1": {"b"}})
    assert set(per_query) == {"q1", "q2"}
    assert per_query["q2"]["ndcg@10"] == pytest.approx(1 / math.log2(3))
    assert means["ndcg@10"] == pytest.approx((1 + 1 / math.log2(3)) / 2)
    assert means["mrr@10"] == pytest.approx(0.75)
    # LSNC only where labels exist (q1: one violation in the top 10).
    assert "lsnc@10" in per_query["q1"] and "lsnc@10" not in per_query["q2"]
    assert means["lsnc@10"] == pytest.approx(-math.log(2 / 11) / math.log(11))


# Structure of a logical form (itlr eval's structure match): terms abstracted,
# chains flattened, AND/OR children sorted, NOT NOT kept.
STRUCTURES = [
    ('"a"', "t"),
    ('"a" AND NOT "b"', "AND(NOT(t),t)"),
    ('NOT "b" AND "a"', "AND(NOT(t),t)"),
    ('"a" AND ("b" AND NOT "c")', "AND(NOT(t),t,t)"),
    ('("a" AND NOT "b") OR "c"', "OR(AND(NOT(t),t),t)"),
    ('"c" OR (NOT "x" AND "y")', "OR(AND(NOT(t),t),t)"),
    ('NOT NOT "x"', "NOT(NOT(t))"),
    ('NOT ("a" OR "b")', "NOT(OR(t,t))"),
    ('("a" OR "b") AND ("c" OR NOT "d")', "AND(OR(NOT(t),t),OR(t,t))"),
]


@pytest.mark.parametrize("query, shape", STRUCTURES)
def test_structure(query, shape):
    from itlr import parse
    from itlr.evaluation.metrics import structure

    assert structure(parse(query)) == shape


def test_same_structure_ignores_terms_and_order_but_not_shape():
    from itlr import And, Not, Or, Term, parse
    from itlr.evaluation.metrics import same_structure

    assert same_structure(parse('"x" AND NOT "y"'), parse('NOT "vitamin D" AND "bones"'))
    # Nesting the AST builds by hand flattens like the parser's.
    assert same_structure(And((Term("a"), And((Term("b"), Term("c"))))), parse("a AND b AND c"))
    assert not same_structure(parse('"a" AND NOT "b"'), parse('"a" AND "b"'))
    assert not same_structure(parse('("a" AND NOT "b") OR "c"'), parse('"a" AND NOT ("b" OR "c")'))
    assert not same_structure(Or((Term("a"), Term("b"))), And((Term("a"), Term("b"))))
    assert not same_structure(Not(Not(Term("a"))), Term("a"))
