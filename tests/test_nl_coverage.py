"""The LLM path's coverage check (itlr/nl/coverage.py) and the prompt's examples."""

from __future__ import annotations

import re

import pytest

from itlr import parse
from itlr.nl import check_coverage, load_prompt, validate_query


def _examples() -> list[tuple[str, str]]:
    return re.findall(r"^Question: (.*)\nQuery: (.*)$", load_prompt()[1], flags=re.MULTILINE)


def test_prompt_has_the_papers_kinds_of_example() -> None:
    forms = [f for _, f in _examples()]
    assert len(forms) >= 6
    assert any("OR" in f and "AND NOT" in f and f.startswith("(") for f in forms)  # (A AND NOT B) OR C
    assert any(f.count("AND NOT") >= 2 for f in forms)  # one NOT per excluded thing
    assert any(" OR " in f and "NOT" not in f for f in forms)  # shared words distributed
    assert any("not" in q.lower() and "NOT" not in f for q, f in _examples())  # a property negation kept whole


@pytest.mark.parametrize("question, form", _examples())
def test_prompt_examples_parse_and_keep_their_question(question: str, form: str) -> None:
    report = check_coverage(question, validate_query(form))
    assert report.ok, report.describe()


@pytest.mark.parametrize(
    "question, form, missing, negated",
    [
        # kept
        ("Allen Ginsberg's works other than Howl", '"Allen Ginsberg\'s work" AND NOT "Howl"', [], []),
        ("Tell me about jazz musicians other than Miles Davis.", '"jazz musicians" AND NOT "Miles Davis"', [], []),
        ("Provide an introduction to Alexis Carrel, but not including the Nobel Prize",
         '"introduction to Alexis Carrel" AND NOT "Nobel Prize"', [], []),
        ("How did the French Revolution influence modern democracies?",
         '"French Revolution influenced modern democracy"', [], []),
        ("I already know about Python; what other programming languages are good for data science?",
         '"programming languages good for data science" AND NOT "Python"', [], []),
        ("Which countries other than France produce wine?", '"countries that produce wine" AND NOT "France"', [], []),
        # dropped words
        ("history of Rome or Athens", '"history of Rome"', ["Athens"], []),
        ("solar power in Germany but not subsidies", '"solar power" AND NOT "subsidies"', ["Germany"], []),
        # NOT over what the question wants, or over words it never said
        ("Allen Ginsberg's works other than Howl", '"Howl" AND NOT "Allen Ginsberg\'s works"', [], ["Allen", "Ginsberg's", "works"]),
        ("What can I drink instead of coffee in the morning?", '"drinks in the morning" AND NOT "coffee"', [], ["coffee"]),
        ("Novels by Jane Austen", '"novels by Jane Austen" AND NOT "Emma"', [], ["Emma"]),
        ("Dog breeds that are not terriers", '"Dog breeds" AND NOT "breeds"', ["terriers"], ["breeds"]),
    ],
)
def test_coverage_table(question: str, form: str, missing: list[str], negated: list[str]) -> None:
    report = check_coverage(question, parse(form))
    assert list(report.missing) == missing
    assert [w for _, words in report.wrongly_negated for w in words] == negated
    assert report.ok == (not missing and not negated)
    if not report.ok:
        assert all(w in report.describe() for w in missing + negated)


def test_not_cancelled_by_a_positive_term() -> None:
    question = "Aaron's profile, but don't mention Moses."
    report = check_coverage(question, parse('"Aaron\'s profile, but don\'t mention Moses" AND NOT "Moses"'))
    assert report.cancelled == ("Moses",) and not report.ok and "cancelled" in report.describe()
    # a shared word alone does not cancel: the NOT still removes something
    q2 = "History of ancient Rome except the history of the Roman Republic"
    assert check_coverage(q2, parse('"history of ancient Rome" AND NOT "history of the Roman Republic"')).ok
