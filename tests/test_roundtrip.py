"""Property tests (SPEC §2): ``parse(str(e)) == e`` and ``from_json(e.to_json()) == e``
for random expressions, and the parser never fails with anything but ParseError."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from itlr import And, Expr, Not, Or, ParseError, Term, from_json, parse
from itlr.translator.parser import MAX_DEPTH, MAX_LENGTH, MAX_TERMS

# Pieces that stress the quoting: operator words, parentheses, quotes, backslashes,
# escapes, every kind of whitespace, and text from many scripts.
_TRICKY = [
    "AND", "OR", "NOT", "and", "or", "not", "ANDROID", "NOTE", "ORACLE", "And",
    "(", ")", "()", '"', '""', '\\', '\\"', '\\\\', '"\\', "a\\", "\\n",
    " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000",
    "café", "猫", "日本語", "🐶", "Ελληνικά", "e\u0301", "\u200b", "\x00",
]

_piece = st.one_of(
    st.sampled_from(_TRICKY),
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6),
    st.from_regex(r"[a-z]{1,8}", fullmatch=True),
)

term_texts = (
    st.lists(_piece, min_size=1, max_size=5)
    .map("".join)
    .filter(lambda s: s.strip() != "")  # a term needs some text
)

terms = term_texts.map(Term)


def _extend(children):
    nary = st.lists(children, min_size=2, max_size=4)
    return st.one_of(children.map(Not), nary.map(And), nary.map(Or))


expressions = st.recursive(terms, _extend, max_leaves=16).filter(
    lambda e: e.depth <= MAX_DEPTH and len(e.terms()) <= MAX_TERMS and len(str(e)) <= MAX_LENGTH
)

SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(expressions)
def test_parse_of_canonical_text_is_the_expression(e):
    assert parse(str(e)) == e


@SETTINGS
@given(expressions)
def test_json_round_trip(e):
    assert from_json(e.to_json()) == e
    assert from_json(e.to_dict()) == e
    assert from_json(e.to_json(ensure_ascii=True)) == e
    assert from_json(e.to_json().encode("utf-8")) == e


@SETTINGS
@given(expressions)
def test_canonical_text_is_a_fixed_point(e):
    text = str(e)
    once = parse(text)
    assert str(once) == text
    assert str(parse(str(once))) == text
    assert once.to_json() == e.to_json()


@SETTINGS
@given(expressions)
def test_json_shape(e):
    """Every node is one of the four shapes; and/or hold two or more items and never themselves."""

    def check(node, parent_kind=None):
        assert isinstance(node, dict) and len(node) == 1
        ((key, value),) = node.items()
        if key == "term":
            assert isinstance(value, str) and value.strip()
        elif key == "not":
            check(value, key)
        else:
            assert key in ("and", "or")
            assert key != parent_kind  # chains of one operator flatten
            assert isinstance(value, list) and len(value) >= 2
            for child in value:
                check(child, key)

    check(json.loads(e.to_json()))


@SETTINGS
@given(term_texts)
def test_any_term_text_round_trips_quoted(text):
    e = Term(text)
    assert parse(str(e)) == e
    assert str(e).startswith('"') and str(e).endswith('"')


_BARE_WORD = st.one_of(
    st.sampled_from(["ANDROID", "NOTE", "ORACLE", "NOTNOT", "AND-b", "OR?", "and", "not", "Or", "猫", "\\"]),
    st.from_regex(r"[^\s()\"]{1,8}", fullmatch=True).filter(lambda w: w not in ("AND", "OR", "NOT")),
)


@SETTINGS
@given(st.lists(_BARE_WORD, min_size=1, max_size=6), st.lists(st.sampled_from([" ", "  ", "\t", "\n", "\u00a0"]), min_size=6, max_size=6))
def test_bare_words_are_one_term_with_single_spaces(words, gaps):
    query = "".join(w + g for w, g in zip(words, gaps))
    assert parse(query) == Term(" ".join(words))


# Random token soup: whatever comes out, parse succeeds or raises ParseError with a
# column inside the query (never another exception from inside the parser).
_TOKENS = st.sampled_from(
    ["AND", "OR", "NOT", "(", ")", '"', '"x"', '""', "a", "b c", "ANDROID", "\\", '"\\"', " ", "\n", "and", "猫"]
)


@SETTINGS
@given(st.lists(_TOKENS, max_size=25).map(" ".join))
def test_token_soup_parses_or_fails_cleanly(query):
    try:
        e = parse(query)
    except ParseError as err:
        assert 1 <= err.column <= len(query) + 1
        assert "^" in str(err)
    else:
        assert isinstance(e, Expr)
        assert parse(str(e)) == e


@SETTINGS
@given(st.text(max_size=60))
def test_arbitrary_text_parses_or_fails_cleanly(query):
    try:
        e = parse(query)
    except ParseError as err:
        assert 1 <= err.column <= len(query) + 1
        assert str(err).startswith(f"{err.message} at column {err.column}")
    else:
        assert parse(str(e)) == e
