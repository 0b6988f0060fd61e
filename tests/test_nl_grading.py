"""The NL held-out set's file and its grader (itlr/nl/grading.py); the question-composed search form."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from itlr import parse
from itlr.nl import rules_translate, with_question
from itlr.nl.grading import content_words, grade, is_harmful, same_form
from itlr.nl.result import without_exclusions
from itlr.nl.syntax import load_parser
from itlr.translator.ast import from_json

HELDOUT = Path(__file__).resolve().parents[1] / "benchmarks" / "nl_heldout.jsonl"
KINDS = {
    "exclusion", "exclusion_end", "alternative", "new_trigger", "substitution", "property",
    "property_negation", "coordination", "exclusion_list", "one_term",
}


def test_heldout_set_parses_and_grades() -> None:
    rows = [json.loads(line) for line in HELDOUT.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) >= 150
    assert len({r["id"] for r in rows}) == len(rows) and len({r["question"] for r in rows}) == len(rows)
    kinds: dict[str, int] = {}
    for row in rows:
        intended = from_json(row["form"])
        assert same_form(intended, intended) and not is_harmful(intended, intended)
        kinds[row["kind"]] = kinds.get(row["kind"], 0) + 1
        produced = rules_translate(row["question"]).expr
        g = grade(produced, intended)
        assert not (g.right and g.harmful)
    assert set(kinds) == KINDS and min(kinds.values()) >= 10


@pytest.mark.parametrize(
    "a, b",
    [
        ('"Which fish swim upstream to spawn?"', '"fish that swim upstream to spawn"'),
        ('"history of Sparta" OR "history of Athens"', '"The history of Athens" OR "the history of Sparta"'),
        ('"Apollo programs" AND NOT "x"', '"the Apollo program" AND NOT "x"'),
        ('"Tell me about cats"', '"cats"'),
        ('"Explain how tides work"', '"how tides work"'),
        ('"flights" AND NOT ("Spain" OR "Portugal")', '"flights" AND NOT "Spain" AND NOT "Portugal"'),
        ('("a" AND "b") AND NOT "c"', '"a" AND "b" AND NOT "c"'),
        ('"languages that aren\'t related to others"', '"languages not related to others"'),
        ('"why I can\'t sleep"', '"why I cannot sleep"'),
        ('"causes of the 1929 stock market crashes"', '"causes of the 1929 stock market crash"'),
        ('"migraine headaches"', '"migraine headache"'),
        ('"I\'m looking for Welsh castles"', '"looking for Welsh castles"'),
        ('"we\'re after and I\'d like, I\'ve got, I\'ll take walks"', '"after and like, got, take walks"'),
    ],
)
def test_same_form_up_to_normalisation(a: str, b: str) -> None:
    assert same_form(parse(a), parse(b))


@pytest.mark.parametrize(
    "a, b",
    [
        ('"Novels by Jane Austen" AND NOT "Emma, or novels by the Bronte sisters"', '"Novels by Jane Austen" AND NOT "Emma" OR "novels by the Bronte sisters"'),
        ('"a" AND NOT "b"', '"a" AND "b"'),
        ('"a" AND NOT ("b" AND "c")', '"a" AND NOT "b" AND NOT "c"'),
        ('"a" OR NOT ("b" OR "c")', '"a" OR NOT "b" OR NOT "c"'),
        ('"a" AND "b"', '"a" OR "b"'),
        ('"cities"', '"cities without a subway"'),
    ],
)
def test_different_forms(a: str, b: str) -> None:
    assert not same_form(parse(a), parse(b))


@pytest.mark.parametrize(
    "produced, intended, harmful",
    [
        # something wanted inside a NOT
        ('"Novels by Jane Austen" AND NOT "Emma, or novels by the Bronte sisters"', '"Novels by Jane Austen" AND NOT "Emma" OR "novels by the Bronte sisters"', True),
        ('"What can I drink?" AND NOT "coffee in the morning"', '"What can I drink instead of coffee in the morning?"', True),
        ('"Cities" AND NOT "subway system"', '"Cities without a subway system"', True),
        # the positive part lost the topic
        ('"Which fish?" AND NOT "salmon"', '"Which fish swim upstream to spawn?" AND NOT "salmon"', True),
        # wrong but harmless: a NOT missed, the question kept whole, an OR not split
        ('"Greek philosophers other than Socrates"', '"Greek philosophers" AND NOT "Socrates"', False),
        ('"Jobs at Airbus or Boeing"', '"Jobs at Airbus" OR "Jobs at Boeing"', False),
        ('"Roman emperors" AND NOT "Nero and Caligula"', '"Roman emperors" AND NOT "Nero" AND NOT "Caligula"', False),
    ],
)
def test_harmful(produced: str, intended: str, harmful: bool) -> None:
    assert is_harmful(parse(produced), parse(intended)) is harmful
    assert grade(parse(produced), parse(intended)).harmful is harmful


def test_content_words() -> None:
    assert content_words("no-till farming") == {"no", "till", "farming"}
    assert content_words("What are the benefits of the programs?") == {"benefit", "program"}
    assert content_words("how a no win no fee solicitor gets paid") == content_words("How does a no win no fee solicitor get paid?")
    # a contraction typed without its apostrophe reads as one with it ("cant" and "wont" are words)
    assert content_words("dog breeds that dont shed much") == content_words("dog breeds that don't shed much")
    # hedges and intensifiers carry no topic: "actually" as "really" and "very"
    assert content_words("What vaccinations do indoor cats actually need?") == content_words("vaccinations indoor cats need")


def test_alternatives_count_as_right() -> None:
    produced = parse('"a b"')
    assert grade(produced, parse('"a" AND NOT "b"'), [parse('"b a"')]).right


def test_ask_form_is_the_form_with_both_readings_of_the_question() -> None:
    t = rules_translate("Benefits of green tea other than weight loss")
    asked, whole = '"Benefits of green tea"', '"Benefits of green tea other than weight loss"'
    # (q' OR (q' AND NOT q)) AND F: q' is the question without its exclusion, q as written
    assert str(t.search_expr) == f'({asked} OR {asked} AND NOT {whole}) AND "Benefits of green tea" AND NOT "weight loss"'
    # one term: the question alone, what dense retrieval ranks by
    assert str(with_question("  Tell me about  Romeo and Juliet ", parse('"Romeo and Juliet"'))) == '"Tell me about Romeo and Juliet"'
    # nothing to cut: the question ANDed with the form
    t = rules_translate("Jobs at Airbus or Boeing")
    assert str(t.search_expr) == '"Jobs at Airbus or Boeing" AND ("Jobs at Airbus" OR "Jobs at Boeing")'


@pytest.mark.parametrize(
    ("question", "cut"),
    [
        ("What are the benefits of vitamin D other than bone health?", "What are the benefits of vitamin D?"),
        ("Health effects of coffee, but not sleep", "Health effects of coffee"),
        ("Compare Hobbes (excluding Leviathan) and Locke (excluding Two Treatises of Government)", "Compare Hobbes and Locke"),
        ("Novels by Jane Austen except Emma, or novels by the Bronte sisters", "Novels by Jane Austen, or novels by the Bronte sisters"),
        ("Aaron's profile, but don't mention Moses.", "Aaron's profile."),
    ],
)
def test_without_exclusions_cuts_each_not_and_its_cue(question: str, cut: str) -> None:
    assert without_exclusions(question, rules_translate(question).expr) == cut


def test_without_exclusions_leaves_text_it_cannot_find() -> None:
    # an LLM's rewording of the excluded aspect is not in the question: nothing to cut
    assert without_exclusions("Tell me about coffee", parse('"coffee" AND NOT "sleep"')) == "Tell me about coffee"
    # nothing would be left: the question as it came
    assert without_exclusions("not sleep", parse('"x" AND NOT "sleep"')) == "not sleep"


def test_parser_loads_once_across_threads() -> None:
    seen: list[object] = []
    threads = [threading.Thread(target=lambda: seen.append(load_parser())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 4 and all(p is seen[0] for p in seen)


def test_rules_from_many_threads_agree() -> None:
    questions = ["Which fish other than salmon swim upstream to spawn?", "Jobs at Airbus or Boeing", "Greek gods that aren't Zeus or Apollo"] * 4
    expected = [str(rules_translate(q).expr) for q in questions]
    got: dict[int, str] = {}

    def work(i: int) -> None:
        got[i] = str(rules_translate(questions[i]).expr)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(questions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [got[i] for i in range(len(questions))] == expected
