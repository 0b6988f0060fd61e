"""The synthetic benchmark's documents match / violate their queries by construction."""

import random
import re
from collections import Counter

import pytest

from itlr import parse
from itlr.evaluation.synthetic import (
    build_by_terms,
    build_three_term,
    holds,
    select_topics,
    templates,
    topics_from_corpus,
)

# Article-opening passages in the layout the generator reads ("Title Title is ...").
SUBJECTS = {
    "Aarhus": "is the second-largest city in Denmark and the seat of its municipality.",
    "Ailanthus": "is a genus of trees belonging to the family Simaroubaceae.",
    "Anaxagoras": "was a Pre-Socratic Greek philosopher born in Clazomenae.",
    "Avicenna": "was a Persian polymath regarded as one of the most significant physicians of his age.",
    "Bayreuth": "is a medium-sized city in northern Bavaria on the Red Main river.",
    "Pizzicato": "is a playing technique that involves plucking the strings of a string instrument.",
    "Agnosticism": "is the view that the existence of God or the divine is unknown or unknowable.",
    "Algiers": "is the capital and largest city of Algeria on the Mediterranean coast.",
    "Vapor pressure": "is the pressure exerted by a vapor in thermodynamic equilibrium with its condensed phases.",
    "William Wilberforce": "was an English politician and a leader of the movement to stop the slave trade.",
    "Elizabeth Jennings": "was an English poet who was born in Boston, Lincolnshire.",
    "Apuleius": "was a Latin-language prose writer, Platonist philosopher and rhetorician.",
    "Anxiety": "is an emotion characterized by an unpleasant state of inner turmoil and nervous behaviour.",
    "Princeton Plasma Physics Laboratory": "is a national laboratory for plasma physics and nuclear fusion science.",
    "Lodovico Altieri": "was an Italian Roman Catholic cardinal who served under several popes.",
    "Marcus Romer": "is a British director who wrote and directed a feature film in 2014.",
}


@pytest.fixture(scope="module")
def topics():
    corpus = [{"_id": str(i), "text": f"{name} {name} {rest} More text follows here."} for i, (name, rest) in enumerate(SUBJECTS.items())]
    corpus.append({"_id": "x", "text": "Kuru Kuru Kururin is a game and not an article opening."})  # rejected
    found = topics_from_corpus(corpus)
    return found


def mentioned(name, text):
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


def test_topics_come_from_article_openings(topics):
    names = {t.name for t in topics}
    assert names == set(SUBJECTS)
    for t in topics:
        assert all(mentioned(t.name, s) for s in t.snippets)


def test_templates_are_the_48_three_term_forms():
    ts = templates()
    assert len(ts) == len({str(t) for t in ts}) == 48
    assert Counter(sum(type(n).__name__ == "Not" for n in t.walk()) for t in ts) == {0: 6, 1: 18, 2: 18, 3: 6}
    for t in ts:
        assert parse(str(t)) == t and sorted(t.terms()) == ["A", "B", "C"]


def test_three_term_documents_match_and_violate_by_construction(topics):
    data = build_three_term(topics, triples=2, copies=2, seed=3, fillers=4)
    names = {t.name for t in data.topics}
    assert len(data.queries) == 2 * 48
    # Each document mentions exactly its topics among the query topics (plus its filler).
    query_names = {t for q in data.queries for t in q.expr.terms()}
    for doc in data.docs:
        assert {n for n in query_names if mentioned(n, doc.text)} == set(doc.topics)
    for q in data.queries:
        # Relevance = the query's truth on the names the text mentions, for every document.
        truth = {d.id: holds(q.expr, {n for n in names if mentioned(n, d.text)}) for d in data.docs}
        assert q.relevant == {d for d, ok in truth.items() if ok}
        assert q.relevant and len(q.relevant) < len(data.docs)
        # Hard negatives: a non-matching document of the same triple differs from a match in one term.
        terms = set(q.expr.terms())
        local = [d for d in data.docs if set(d.topics) <= terms]
        hard = [
            d for d in local if d.id not in q.relevant
            and any(len(set(d.topics) ^ set(m.topics)) == 1 for m in local if m.id in q.relevant)
        ]
        assert hard, str(q.expr)


def test_three_term_example_by_hand(topics):
    data = build_three_term(topics, triples=1, copies=1, seed=0, fillers=4)
    q = next(q for q in data.queries if q.template == '"A" AND NOT "B" AND "C"')
    a, b, c = q.expr.terms()
    relevant_sets = {data_doc.topics for data_doc in data.docs if data_doc.id in q.relevant}
    assert relevant_sets == {frozenset({a, c})}
    assert q.text == f"{a} and not {b} and {c}"


def test_by_terms_and_or(topics):
    data = build_by_terms(topics, n=4, groups=3, seed=1, fillers=4)
    docs = {d.id: d for d in data.docs}
    for q in data.queries:
        terms = set(q.expr.terms())
        assert len(terms) == 4
        for d in data.docs:
            expected = terms <= d.topics if q.template == "and" else bool(terms & d.topics)
            assert (d.id in q.relevant) == expected
        if q.template == "and":
            # one full document; its hard negatives miss exactly one term
            full = [docs[i] for i in q.relevant if docs[i].topics == terms]
            assert full
            assert sum(1 for d in data.docs if len(terms - d.topics) == 1 and d.topics <= terms) >= 4


def test_select_topics_avoids_names_inside_other_topics():
    from itlr.evaluation.synthetic import Topic

    pool = [Topic("Aaron", ("Aaron was a priest.",)), Topic("Moses", ("Moses led Aaron out of Egypt.",)), Topic("Apuleius", ("Apuleius wrote.",))]
    chosen = select_topics(pool, 3, random.Random(0))
    names = {t.name for t in chosen}
    assert not {"Aaron", "Moses"} <= names and len(chosen) == 2
