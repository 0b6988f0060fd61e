"""The query language (SPEC §2): text to AST, canonical text, AST JSON, errors.

Every case is one line of a table: the query, then what it must give.
"""

from __future__ import annotations

import json

import pytest

import itlr
from itlr import And, Not, Or, ParseError, Term, from_json, parse
from itlr.translator.parser import MAX_DEPTH, MAX_LENGTH, MAX_TERMS


def T(text):
    return {"term": text}


def N(e):
    return {"not": e}


def A(*es):
    return {"and": list(es)}


def O(*es):
    return {"or": list(es)}


# (query, canonical text, AST as JSON-ready dicts)
PARSES = [
    # precedence NOT > AND > OR, parentheses override
    ("a OR b AND NOT c", '"a" OR "b" AND NOT "c"', O(T("a"), A(T("b"), N(T("c"))))),
    ("NOT a AND b", 'NOT "a" AND "b"', A(N(T("a")), T("b"))),
    ("NOT a OR b", 'NOT "a" OR "b"', O(N(T("a")), T("b"))),
    ("a AND b OR c AND d", '"a" AND "b" OR "c" AND "d"', O(A(T("a"), T("b")), A(T("c"), T("d")))),
    ("(a OR b) AND c", '("a" OR "b") AND "c"', A(O(T("a"), T("b")), T("c"))),
    ("a AND (b OR c) AND d", '"a" AND ("b" OR "c") AND "d"', A(T("a"), O(T("b"), T("c")), T("d"))),
    ("NOT (a OR b)", 'NOT ("a" OR "b")', N(O(T("a"), T("b")))),
    ("NOT (a AND b)", 'NOT ("a" AND "b")', N(A(T("a"), T("b")))),
    ("NOT (a)", 'NOT "a"', N(T("a"))),
    ("((a))", '"a"', T("a")),
    ("(a AND b)", '"a" AND "b"', A(T("a"), T("b"))),
    ("(a OR b) AND (c OR d)", '("a" OR "b") AND ("c" OR "d")', A(O(T("a"), T("b")), O(T("c"), T("d")))),
    ('("dog" OR "cat" AND "mouse") AND NOT "giraffe"', '("dog" OR "cat" AND "mouse") AND NOT "giraffe"',
     A(O(T("dog"), A(T("cat"), T("mouse"))), N(T("giraffe")))),
    # chains of one operator flatten, whatever the parentheses
    ("a AND b AND c", '"a" AND "b" AND "c"', A(T("a"), T("b"), T("c"))),
    ("a AND (b AND c)", '"a" AND "b" AND "c"', A(T("a"), T("b"), T("c"))),
    ("(a AND b) AND c", '"a" AND "b" AND "c"', A(T("a"), T("b"), T("c"))),
    ("(a OR b) OR c", '"a" OR "b" OR "c"', O(T("a"), T("b"), T("c"))),
    ("a OR (b OR (c OR d))", '"a" OR "b" OR "c" OR "d"', O(T("a"), T("b"), T("c"), T("d"))),
    ("a AND (b OR c)", '"a" AND ("b" OR "c")', A(T("a"), O(T("b"), T("c")))),
    ("a OR (b AND c)", '"a" OR "b" AND "c"', O(T("a"), A(T("b"), T("c")))),
    ("a AND NOT (b AND c)", '"a" AND NOT ("b" AND "c")', A(T("a"), N(A(T("b"), T("c"))))),
    # NOT NOT stays as written
    ("NOT NOT x", 'NOT NOT "x"', N(N(T("x")))),
    ("NOT (NOT x)", 'NOT NOT "x"', N(N(T("x")))),
    ("NOT NOT NOT x", 'NOT NOT NOT "x"', N(N(N(T("x"))))),
    ("a AND NOT NOT b", '"a" AND NOT NOT "b"', A(T("a"), N(N(T("b"))))),
    # quoted terms: \" and \\ escape, anything else is kept as it stands
    (r'"say \"hi\""', r'"say \"hi\""', T('say "hi"')),
    (r'"back\\slash"', r'"back\\slash"', T("back\\slash")),
    (r'"ends in \\"', r'"ends in \\"', T("ends in \\")),
    (r'"\\\""', r'"\\\""', T('\\"')),
    (r'"a\nb"', r'"a\\nb"', T(r"a\nb")),
    ('"two\nlines"', '"two\nlines"', T("two\nlines")),
    ('"AND"', '"AND"', T("AND")),
    ('"NOT" AND "OR"', '"NOT" AND "OR"', A(T("NOT"), T("OR"))),
    ('"a (b) OR c"', '"a (b) OR c"', T("a (b) OR c")),
    ('"  spaced   out "', '"  spaced   out "', T("  spaced   out ")),
    ('"x" OR x', '"x" OR "x"', O(T("x"), T("x"))),
    # unicode terms
    ("café OR 猫", '"café" OR "猫"', O(T("café"), T("猫"))),
    ('"Ünïcödé ✓" AND NOT 日本語の文', '"Ünïcödé ✓" AND NOT "日本語の文"', A(T("Ünïcödé ✓"), N(T("日本語の文")))),
    ("🐶 AND NOT 🐱", '"🐶" AND NOT "🐱"', A(T("🐶"), N(T("🐱")))),
    ("naïve résumé", '"naïve résumé"', T("naïve résumé")),
    ("Ελληνικά OR русский", '"Ελληνικά" OR "русский"', O(T("Ελληνικά"), T("русский"))),
    # bare words: lowercase and/or/not are text, inner whitespace collapses
    ("cats and dogs", '"cats and dogs"', T("cats and dogs")),
    ("cats or dogs not mice", '"cats or dogs not mice"', T("cats or dogs not mice")),
    ("Not a And b Or c", '"Not a And b Or c"', T("Not a And b Or c")),
    ("  cats    and\t\n dogs  ", '"cats and dogs"', T("cats and dogs")),
    ("vitamin D benefits AND NOT bone   health", '"vitamin D benefits" AND NOT "bone health"',
     A(T("vitamin D benefits"), N(T("bone health")))),
    ("a\u00a0b\u2003c\u3000d", '"a b c d"', T("a b c d")),
    ("e-mail AND C++", '"e-mail" AND "C++"', A(T("e-mail"), T("C++"))),
    ("a AND-b", '"a AND-b"', T("a AND-b")),
    ("a AND -b", '"a" AND "-b"', A(T("a"), T("-b"))),
    ("what's new?", '"what\'s new?"', T("what's new?")),
    # uppercase words that merely start with an operator are words
    ("ANDROID", '"ANDROID"', T("ANDROID")),
    ("NOTE", '"NOTE"', T("NOTE")),
    ("ORACLE", '"ORACLE"', T("ORACLE")),
    ("a ANDROID", '"a ANDROID"', T("a ANDROID")),
    ("x AND NOTE", '"x" AND "NOTE"', A(T("x"), T("NOTE"))),
    ("x ORACLE", '"x ORACLE"', T("x ORACLE")),
    ("ANDROID AND NOTE OR ORACLE", '"ANDROID" AND "NOTE" OR "ORACLE"', O(A(T("ANDROID"), T("NOTE")), T("ORACLE"))),
    ("NOTNOT x", '"NOTNOT x"', T("NOTNOT x")),
    ("AND_OR", '"AND_OR"', T("AND_OR")),
    ("SAND OR CORN", '"SAND" OR "CORN"', O(T("SAND"), T("CORN"))),
    # operators need no spaces next to parentheses and quotes
    ("NOT(a)AND(b)", 'NOT "a" AND "b"', A(N(T("a")), T("b"))),
    ('"a"AND"b"', '"a" AND "b"', A(T("a"), T("b"))),
    ('a OR"b"', '"a" OR "b"', O(T("a"), T("b"))),
    ('NOT"a"', 'NOT "a"', N(T("a"))),
    # any whitespace between tokens, line breaks included
    ("a\r\nAND\tb", '"a" AND "b"', A(T("a"), T("b"))),
    ("\n a \n", '"a"', T("a")),
]


@pytest.mark.parametrize("query, canonical, tree", PARSES, ids=[repr(c[0]) for c in PARSES])
def test_parse(query, canonical, tree):
    expr = parse(query)
    assert str(expr) == canonical
    assert expr.to_dict() == tree
    assert json.loads(expr.to_json()) == tree
    assert from_json(tree) == expr
    assert parse(canonical) == expr


# (query, message, 1-based column)
ERRORS = [
    # empty query
    ("", "empty query", 1),
    ("   ", "empty query", 1),
    ("\n\t", "empty query", 1),
    # empty term
    ('""', "empty term", 1),
    ('"   "', "empty term", 1),
    ('a AND ""', "empty term", 7),
    # empty parentheses
    ("()", "empty parentheses", 1),
    ("( )", "empty parentheses", 2),
    ("a AND ()", "empty parentheses", 7),
    ("NOT ()", "empty parentheses", 5),
    # unbalanced parenthesis, both ways
    ("(a", "unclosed '('", 1),
    ("((a)", "unclosed '('", 1),
    ("(a AND (b)", "unclosed '('", 1),
    ("a AND (", "unclosed '('", 7),
    ("NOT (a", "unclosed '('", 5),
    ("a)", "unmatched ')'", 2),
    (")a", "unmatched ')'", 1),
    ("a AND b)", "unmatched ')'", 8),
    ("(a))", "unmatched ')'", 4),
    ("(a) OR b) AND (c", "unmatched ')'", 9),
    # unclosed quote
    ('"abc', "unclosed quote", 1),
    ('x AND "', "unclosed quote", 7),
    ('"a" AND "b', "unclosed quote", 9),
    (r'"a\"', "unclosed quote", 1),
    ('"(" AND "', "unclosed quote", 9),
    # dangling operator at the start
    ("AND a", "expected a term before AND", 1),
    ("OR a", "expected a term before OR", 1),
    ("(OR a)", "expected a term before OR", 2),
    ("a AND (AND b)", "expected a term before AND", 8),
    # dangling operator at the end
    ("a AND", "expected a term after AND", 6),
    ("a OR", "expected a term after OR", 5),
    ("a OR NOT", "expected a term after NOT", 9),
    ("NOT", "expected a term after NOT", 4),
    ("NOT NOT", "expected a term after NOT", 8),
    ("a AND   ", "expected a term after AND", 6),
    ("(a AND)", "expected a term after AND", 7),
    ("(a OR b AND) OR c", "expected a term after AND", 12),
    ("OR", "expected a term before OR", 1),
    # dangling operator in the middle
    ("a AND AND b", "expected a term after AND, found AND", 7),
    ("a AND OR b", "expected a term after AND, found OR", 7),
    ("a OR OR b", "expected a term after OR, found OR", 6),
    ("NOT AND b", "expected a term after NOT, found AND", 5),
    ("a AND NOT OR b", "expected a term after NOT, found OR", 11),
    # missing operator between terms
    ('"a" "b"', "expected AND, OR or ')' between terms", 5),
    ('"a" b', "expected AND, OR or ')' between terms", 5),
    ('a "b"', "expected AND, OR or ')' between terms", 3),
    ("a (b)", "expected AND, OR or ')' between terms", 3),
    ("(a) (b)", "expected AND, OR or ')' between terms", 5),
    ("(a) b", "expected AND, OR or ')' between terms", 5),
    ("a NOT b", "expected AND, OR or ')' between terms", 3),
    ("a NOT", "expected AND, OR or ')' between terms", 3),
    ('x AND "y" z', "expected AND, OR or ')' between terms", 11),
    # columns count from the start of the query, across line breaks
    ("x\nAND AND b", "expected a term after AND, found AND", 7),
    ('x\ny\n"" AND b', "expected AND, OR or ')' between terms", 5),
    ("a AND\n(b OR", "unclosed '('", 7),
    ('a OR\n""', "empty term", 6),
    ("a\nAND", "expected a term after AND", 6),
]


@pytest.mark.parametrize("query, message, column", ERRORS, ids=[repr(c[0]) for c in ERRORS])
def test_error(query, message, column):
    with pytest.raises(ParseError) as info:
        parse(query)
    err = info.value
    assert (err.message, err.column) == (message, column)
    assert err.query == query
    assert isinstance(err, ValueError)
    first, *rest = str(err).split("\n")
    assert first == f"{message} at column {column}"
    # The caret stands under the column, on the line of the query that holds it.
    line_start = query.rfind("\n", 0, column - 1) + 1
    line_end = query.find("\n", line_start)
    line = query[line_start:] if line_end < 0 else query[line_start:line_end]
    assert rest == [line, " " * (column - 1 - line_start) + "^"]
    assert err.context() == "\n".join(rest)


def test_parse_error_is_exported_and_a_value_error():
    assert itlr.ParseError is ParseError
    assert issubclass(ParseError, ValueError)
    with pytest.raises(ValueError, match="expected a term after AND at column 6"):
        itlr.parse("a AND")


def test_caret_on_a_long_query_stays_near_the_spot():
    query = "x" * 200 + " AND AND y"
    with pytest.raises(ParseError) as info:
        parse(query)
    err = info.value
    assert err.column == 206
    line, caret = err.context().split("\n")
    assert len(line) <= 80
    assert line[caret.index("^") :].startswith("AND y")


def test_not_a_string():
    with pytest.raises(TypeError):
        parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse(b"a AND b")  # type: ignore[arg-type]


# -- limits ---------------------------------------------------------------------


def _or_of(names):
    return " OR ".join(names)


def _column_of_item(names, i):
    return sum(len(n) + len(" OR ") for n in names[:i]) + 1


LIMIT_OK = [
    ("64 distinct terms", _or_of([f"t{i}" for i in range(MAX_TERMS)]), MAX_TERMS),
    ("repeated terms count once", _or_of([f"t{i % MAX_TERMS}" for i in range(3 * MAX_TERMS)]), MAX_TERMS),
    ("quoted and bare count once", _or_of([f"t{i}" for i in range(MAX_TERMS)] + [f'"t{i}"' for i in range(MAX_TERMS)]), MAX_TERMS),
]


@pytest.mark.parametrize("name, query, distinct", LIMIT_OK, ids=[c[0] for c in LIMIT_OK])
def test_term_limit_passes(name, query, distinct):
    assert len(parse(query).terms()) == distinct


def test_65_distinct_terms_fail_at_the_65th():
    names = [f"t{i}" for i in range(MAX_TERMS + 1)]
    with pytest.raises(ParseError) as info:
        parse(_or_of(names))
    assert info.value.message == "more than 64 distinct terms"
    assert info.value.column == _column_of_item(names, MAX_TERMS)


def test_65th_distinct_term_after_repeats_fails():
    names = [f"t{i}" for i in range(MAX_TERMS)] + ["t0", "t1", "t63", "new"]
    with pytest.raises(ParseError) as info:
        parse(_or_of(names))
    assert (info.value.message, info.value.column) == ("more than 64 distinct terms", _column_of_item(names, len(names) - 1))


def _alternating(depth):
    """a0 OR (a1 AND (a2 OR (...))): ``depth`` operator nodes, ``depth - 1`` parentheses."""
    text = f"a{depth}"
    for level in range(depth - 1, -1, -1):
        op = "OR" if level % 2 == 0 else "AND"
        inner = f"({text})" if level < depth - 1 else text
        text = f"a{level} {op} {inner}"
    return text


DEPTH_OK = [
    ("32 NOTs", "NOT " * 32 + "x", 32),
    ("32 parentheses", "(" * 32 + "x" + ")" * 32, 0),
    ("32 nested NOT (...)", "NOT (" * 31 + "NOT x" + ")" * 31, 32),
    ("32 alternating operators", _alternating(32), 32),
    ("31 NOTs inside an AND", "a AND " + "NOT " * 31 + "x", 32),
]


@pytest.mark.parametrize("name, query, depth", DEPTH_OK, ids=[c[0] for c in DEPTH_OK])
def test_depth_limit_passes(name, query, depth):
    expr = parse(query)
    assert expr.depth == depth
    assert parse(str(expr)) == expr


DEPTH_FAIL = [
    # (name, query, column)
    ("33 NOTs", "NOT " * 33 + "x", 1),
    ("33 NOTs after a term", "a AND " + "NOT " * 33 + "x", 7),
    ("32 NOTs inside an AND", "a AND " + "NOT " * 32 + "x", 3),
    ("33 parentheses", "(" * 33 + "x" + ")" * 33, 33),
    ("33 parentheses after text", "a AND " + "(" * 33 + "x" + ")" * 33, 39),
    ("33 nested NOT (...)", "NOT (" * 32 + "NOT x" + ")" * 32, 1),
    ("33 alternating operators", _alternating(33), len("a0 ") + 1),
]


@pytest.mark.parametrize("name, query, column", DEPTH_FAIL, ids=[c[0] for c in DEPTH_FAIL])
def test_depth_limit_fails(name, query, column):
    with pytest.raises(ParseError) as info:
        parse(query)
    assert (info.value.message, info.value.column) == ("nesting deeper than 32", column)


def test_alternating_helper_builds_what_it_says():
    assert _alternating(3) == "a0 OR (a1 AND (a2 OR a3))"
    assert parse(_alternating(3)).depth == 3


LENGTH = [
    ("10,000 characters pass", '"' + "x" * (MAX_LENGTH - 2) + '"', None),
    ("10,000 characters of bare words pass", ("word " * 2000)[:-1] + "x", None),
    ("10,001 characters fail", '"' + "x" * (MAX_LENGTH - 1) + '"', MAX_LENGTH + 1),
    ("10,001 spaces fail", " " * (MAX_LENGTH + 1), MAX_LENGTH + 1),
    ("a million characters fail", "a AND " * 200_000, MAX_LENGTH + 1),
]


@pytest.mark.parametrize("name, query, column", LENGTH, ids=[c[0] for c in LENGTH])
def test_length_limit(name, query, column):
    if column is None:
        assert len(query) == MAX_LENGTH
        parse(query)
    else:
        assert len(query) > MAX_LENGTH
        with pytest.raises(ParseError) as info:
            parse(query)
        assert (info.value.message, info.value.column) == ("query longer than 10,000 characters", column)


def test_deep_not_chain_in_a_long_query_is_a_parse_error_not_a_recursion_error():
    with pytest.raises(ParseError, match="nesting deeper than 32"):
        parse("NOT " * 2400 + "x")


# -- building expressions in Python ------------------------------------------------

BUILT = [
    # (name, built expression, equal query text)
    ("README example", Term("dogs") | (Term("cats") & ~Term("mice")), '"dogs" OR "cats" AND NOT "mice"'),
    ("& chains flatten", Term("a") & Term("b") & Term("c"), "a AND b AND c"),
    ("& nests flatten", Term("a") & (Term("b") & Term("c")), "a AND b AND c"),
    ("| chains flatten", (Term("a") | Term("b")) | Term("c"), "a OR b OR c"),
    ("& binds as written", (Term("a") | Term("b")) & Term("c"), "(a OR b) AND c"),
    ("~~ stays", ~~Term("x"), "NOT NOT x"),
    ("~ of a group", ~(Term("a") & Term("b")), "NOT (a AND b)"),
    ("str on the left", "a" & Term("b"), "a AND b"),
    ("str on the right", Term("a") | "b", "a OR b"),
    ("And of a list", And([Term("a"), Term("b")]), "a AND b"),
    ("And of arguments", And(Term("a"), Term("b"), Term("c")), "a AND b AND c"),
    ("And of strings", And(["a", "b"]), "a AND b"),
    ("nested And flattens", And([And([Term("a"), Term("b")]), Term("c")]), "a AND b AND c"),
    ("Or inside And stays", And([Or([Term("a"), Term("b")]), Term("c")]), "(a OR b) AND c"),
    ("Not of a string", Not("x"), "NOT x"),
]


@pytest.mark.parametrize("name, expr, query", BUILT, ids=[c[0] for c in BUILT])
def test_python_operators(name, expr, query):
    assert expr == parse(query)
    assert hash(expr) == hash(parse(query))
    assert parse(str(expr)) == expr


def test_readme_example_canonical_text_and_json():
    e = Term("dogs") | (Term("cats") & ~Term("mice"))
    assert str(e) == '"dogs" OR "cats" AND NOT "mice"'
    assert json.loads(e.to_json()) == O(T("dogs"), A(T("cats"), N(T("mice"))))
    assert e.terms() == ["dogs", "cats", "mice"]
    assert isinstance(e, Or) and isinstance(e.children[1], And) and isinstance(e.children[1].children[1], Not)


def test_terms_are_distinct_in_order_of_first_appearance():
    assert parse("b AND (a OR b) AND NOT c AND a").terms() == ["b", "a", "c"]


BAD_BUILDS = [
    # (name, thunk, exception)
    ("empty term", lambda: Term(""), ValueError),
    ("blank term", lambda: Term(" \t\n"), ValueError),
    ("term of a number", lambda: Term(3), TypeError),
    ("And of one", lambda: And([Term("a")]), ValueError),
    ("Or of one", lambda: Or([Term("a")]), ValueError),
    ("And of none", lambda: And([]), ValueError),
    ("& with a number", lambda: Term("a") & 1, TypeError),
    ("| with None", lambda: Term("a") | None, TypeError),
    ("Not of a number", lambda: Not(1.5), TypeError),
]


@pytest.mark.parametrize("name, thunk, exc", BAD_BUILDS, ids=[c[0] for c in BAD_BUILDS])
def test_bad_builds(name, thunk, exc):
    with pytest.raises(exc):
        thunk()


def test_nodes_are_frozen():
    t = Term("a")
    with pytest.raises(Exception):
        t.text = "b"  # type: ignore[misc]


# -- AST JSON ---------------------------------------------------------------------

FROM_JSON_OK = [
    # (name, input, equal query text)
    ("text", '{"term": "vitamin D benefits"}', '"vitamin D benefits"'),
    ("bytes", b'{"not": {"term": "x"}}', "NOT x"),
    ("utf-8 bytes", '{"term": "café"}'.encode("utf-8"), "café"),
    ("dicts", {"and": [{"term": "a"}, {"or": [{"term": "b"}, {"term": "c"}]}]}, "a AND (b OR c)"),
    ("nested and flattens", '{"and": [{"and": [{"term": "a"}, {"term": "b"}]}, {"term": "c"}]}', "a AND b AND c"),
    ("not not stays", '{"not": {"not": {"term": "x"}}}', "NOT NOT x"),
    ("escaped quote", '{"term": "say \\"hi\\""}', r'"say \"hi\""'),
    ("operator words", '{"or": [{"term": "AND"}, {"term": "("}]}', '"AND" OR "("'),
]


@pytest.mark.parametrize("name, data, query", FROM_JSON_OK, ids=[c[0] for c in FROM_JSON_OK])
def test_from_json(name, data, query):
    assert from_json(data) == parse(query)


FROM_JSON_BAD = [
    # (name, input, fragment of the message)
    ("empty text", "", "not valid JSON"),
    ("not JSON", "a AND b", "not valid JSON"),
    ("truncated", '{"term": "a"', "not valid JSON"),
    ("null", "null", "$: expected an object"),
    ("a string", '"a"', "$: expected an object"),
    ("a list", '[{"term": "a"}]', "$: expected an object"),
    ("empty object", "{}", "$: expected an object"),
    ("two keys", '{"term": "a", "not": {"term": "b"}}', "$: expected an object"),
    ("unknown key", '{"nand": [{"term": "a"}, {"term": "b"}]}', "unknown key 'nand'"),
    ("upper-case key", '{"AND": [{"term": "a"}, {"term": "b"}]}', "unknown key 'AND'"),
    ("empty term", '{"term": ""}', "$.term: expected a non-empty string"),
    ("blank term", '{"term": "  "}', "$.term: expected a non-empty string"),
    ("number term", '{"term": 3}', "$.term: expected a non-empty string"),
    ("and of one", '{"and": [{"term": "a"}]}', "$.and: expected a list of two or more"),
    ("or of none", '{"or": []}', "$.or: expected a list of two or more"),
    ("and of an object", '{"and": {"term": "a"}}', "$.and: expected a list of two or more"),
    ("bad child", '{"and": [{"term": "a"}, 5]}', "$.and[1]: expected an object"),
    ("not of a string", '{"not": "a"}', "$.not: expected an object"),
    ("deep bad term", '{"or": [{"term": "a"}, {"not": {"term": ""}}]}', "$.or[1].not.term"),
]


@pytest.mark.parametrize("name, data, fragment", FROM_JSON_BAD, ids=[c[0] for c in FROM_JSON_BAD])
def test_from_json_errors(name, data, fragment):
    with pytest.raises(ValueError) as info:
        from_json(data)
    assert fragment in str(info.value)


def test_to_json_keeps_unicode_and_takes_json_options():
    e = parse("café AND NOT 猫")
    assert "café" in e.to_json() and "猫" in e.to_json()
    assert "\\u" in e.to_json(ensure_ascii=True)
    assert e.to_json(indent=2).count("\n") > 3
    assert from_json(e.to_json(indent=2)) == e


# -- issue 14: AST footguns and parsing under threads


@pytest.mark.parametrize("cls", [And, Or], ids=["And", "Or"])
def test_a_single_string_is_not_a_list_of_terms(cls):
    with pytest.raises(TypeError, match=r"two or more expressions"):
        cls("dogs")  # not "d" AND "o" AND "g" AND "s"
    with pytest.raises(TypeError, match=r"two or more expressions"):
        cls(42)
    assert cls("dogs", "cats") == cls([Term("dogs"), Term("cats")])  # strings as operands are terms


def test_star_import_does_not_shadow_the_builtin_compile():
    namespace: dict = {}
    exec("from itlr import *", namespace)
    assert "compile" not in namespace and "parse" in namespace
    import itlr

    assert callable(itlr.compile) and itlr.compile.__module__ == "itlr.search"


def test_parses_run_side_by_side_not_behind_one_lock(monkeypatch):
    """A parse in one thread does not wait for a parse in another to finish."""
    import threading

    from itlr.translator import parser as parser_module

    inside, release = threading.Event(), threading.Event()
    original = parser_module._Build._term

    def slow_term(self, text, column):
        if text == "slow":
            inside.set()
            release.wait(10)
        return original(self, text, column)

    monkeypatch.setattr(parser_module._Build, "_term", slow_term)
    slow = threading.Thread(target=lambda: parse("slow AND a"))
    slow.start()
    try:
        assert inside.wait(10)
        done: list = []
        fast = threading.Thread(target=lambda: done.append(parse("b OR c")))
        fast.start()
        fast.join(5)
        assert done == [Or(Term("b"), Term("c"))]  # finished while the slow parse is still inside
    finally:
        release.set()
        slow.join(10)


def test_concurrent_parses_keep_their_own_term_limits():
    from concurrent.futures import ThreadPoolExecutor

    queries = [" OR ".join(f"t{j}x{i}" for j in range(64 if i % 2 else 65)) for i in range(40)]

    def outcome(query):
        try:
            return len(parse(query).terms())
        except ParseError as exc:
            return exc.message

    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(outcome, queries))
    assert got == [64 if i % 2 else "more than 64 distinct terms" for i in range(40)]
