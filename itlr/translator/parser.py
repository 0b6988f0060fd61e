"""Text to AST: the lark grammar in ``grammar.lark`` plus errors a user can act on."""

from __future__ import annotations

import re
import threading
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Any, Iterator, cast

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .ast import And, Expr, Not, Or, Term

__all__ = ["parse", "ParseError", "MAX_TERMS", "MAX_DEPTH", "MAX_LENGTH", "check_limits"]

MAX_TERMS = 64
MAX_DEPTH = 32
MAX_LENGTH = 10_000


class ParseError(ValueError):
    """A malformed logical query: what is wrong, where (1-based column), and the query with a caret."""

    def __init__(self, message: str, query: str, column: int) -> None:
        self.message = message
        self.query = query
        self.column = column
        super().__init__(f"{message} at column {column}")

    def context(self) -> str:
        """The query (one line of it, trimmed to 80 characters around the spot) and a caret under the column."""
        line_start = self.query.rfind("\n", 0, self.column - 1) + 1
        line_end = self.query.find("\n", self.column - 1)
        line = self.query[line_start : len(self.query) if line_end < 0 else line_end]
        pos = self.column - 1 - line_start
        lo = max(0, min(pos - 40, len(line) - 80))
        return line[lo : lo + 80] + "\n" + " " * (pos - lo) + "^"

    def __str__(self) -> str:
        return f"{self.message} at column {self.column}\n{self.context()}"


# Parsers not in use. The inline transformer keeps per-parse state (the distinct terms
# seen), so a parser serves one parse at a time; parses in different threads take
# different parsers and run side by side (the lock guards only the list).
_IDLE: list[Lark] = []
_IDLE_LOCK = threading.Lock()


class _Fail(Exception):
    def __init__(self, message: str, column: int) -> None:
        self.message, self.column = message, column


@lru_cache(maxsize=1)
def _grammar() -> str:
    return resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")


@contextmanager
def _parser() -> Iterator[Lark]:
    """A parser for one parse: an idle one, or a new one (about 40 ms) when all are busy."""
    with _IDLE_LOCK:
        parser = _IDLE.pop() if _IDLE else None
    if parser is None:
        parser = Lark(_grammar(), parser="lalr", maybe_placeholders=False, transformer=_Build(), propagate_positions=False)
    try:
        yield parser
    finally:
        with _IDLE_LOCK:
            _IDLE.append(parser)


def _unescape(body: str) -> str:
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] in '"\\':
            out.append(body[i + 1])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


Built = tuple[Expr, int]  # a node and the column of its first token


class _Build(Transformer[Token, Built]):
    """Builds nodes while LALR reduces (no recursion, so deep input cannot blow the stack)."""

    def __init__(self) -> None:
        super().__init__()
        self.reset()

    def reset(self) -> None:
        self.seen: set[str] = set()

    def _term(self, text: str, column: int) -> Built:
        if not text.strip():
            raise _Fail("empty term", column)
        if text not in self.seen:
            self.seen.add(text)
            if len(self.seen) > MAX_TERMS:
                raise _Fail(f"more than {MAX_TERMS} distinct terms", column)
        return Term(text), column

    # Every callback returns (node, column of its first token).
    @v_args(inline=True)
    def quoted(self, tok: Token) -> Built:
        return self._term(_unescape(tok.value[1:-1]), _col(tok))

    def bare(self, toks: list[Token]) -> Built:
        return self._term(" ".join(t.value for t in toks), _col(toks[0]))

    @v_args(inline=True)
    def group(self, lpar: Token, inner: Built, _rpar: Token) -> Built:
        return inner[0], _col(lpar)

    @v_args(inline=True)
    def neg(self, tok: Token, inner: Built) -> Built:
        return _deep(Not(inner[0]), _col(tok)), _col(tok)

    def disjunction(self, items: list[Any]) -> Built:
        return _chain(Or, items)

    def conjunction(self, items: list[Any]) -> Built:
        return _chain(And, items)


def _col(tok: Token) -> int:
    # Columns count from the query's start (lark's token.column restarts on each line).
    return (tok.start_pos or 0) + 1


def _chain(cls: type[And] | type[Or], items: list[Any]) -> Built:
    """Operands and operator tokens alternate in ``items``: one n-ary node of them."""
    operands = items[0::2]
    node = cls([n for n, _ in operands])
    return _deep(node, _col(items[1])), operands[0][1]


def _deep(node: Expr, column: int) -> Expr:
    if node.depth > MAX_DEPTH:
        raise _Fail(f"nesting deeper than {MAX_DEPTH}", column)
    return node


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(query: str) -> None:
    """Lone surrogates are bytes that were not UTF-8 (Python keeps them so in ``sys.argv``):
    no model can embed them and no output can print them."""
    bad = _SURROGATE.search(query)
    if bad:
        raise _Fail("not valid text (a byte that is not UTF-8, or a lone surrogate)", bad.start() + 1)


def _prescan(query: str) -> None:
    """Quotes and parentheses are checked first: their errors read best from where they open."""
    opened: list[int] = []
    quote_at = None
    i = 0
    while i < len(query):
        ch = query[i]
        if quote_at is not None:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quote_at = None
        elif ch == '"':
            quote_at = i
        elif ch == "(":
            opened.append(i)
            if len(opened) > MAX_DEPTH:
                raise _Fail(f"nesting deeper than {MAX_DEPTH}", i + 1)
        elif ch == ")":
            if not opened:
                raise _Fail("unmatched ')'", i + 1)
            opened.pop()
        i += 1
    if quote_at is not None:
        raise _Fail("unclosed quote", quote_at + 1)
    if opened:
        raise _Fail("unclosed '('", opened[-1] + 1)


_NAMES = {"AND": "AND", "OR": "OR", "NOT": "NOT", "LPAR": "'('", "RPAR": "')'", "$END": "the end"}


def _explain(exc: UnexpectedInput, query: str) -> _Fail:
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        return _Fail(f"unexpected character {query[pos]!r}", pos + 1)
    token = getattr(exc, "token", None)
    kind = token.type if token is not None else "$END"
    column = _col(token) if token is not None and kind != "$END" else len(query.rstrip()) + 1
    expected = set(getattr(exc, "expected", ()) or ())
    prev = _previous_token(query, column)
    if kind in ("AND", "OR"):
        if prev is None or prev == "(":
            return _Fail(f"expected a term before {kind}", column)
        return _Fail(f"expected a term after {prev}, found {kind}", column)
    if kind in ("$END", "RPAR"):
        if prev == "(":
            return _Fail("empty parentheses", column - 1)
        if prev in ("AND", "OR", "NOT"):
            return _Fail(f"expected a term after {prev}", column)
        return _Fail(f"unexpected {_NAMES.get(kind, kind)}", column)
    if expected & {"AND", "OR"}:
        return _Fail("expected AND, OR or ')' between terms", column)
    return _Fail(f"unexpected {_NAMES.get(kind, repr(getattr(token, 'value', kind)))}", column)


def _previous_token(query: str, column: int) -> str | None:
    """The operator or parenthesis just before ``column``, if that is what precedes it."""
    head = query[: column - 1].rstrip()
    if not head:
        return None
    if head.endswith("("):
        return "("
    for word in ("AND", "OR", "NOT"):
        if head.endswith(word) and (len(head) == len(word) or head[-len(word) - 1].isspace() or head[-len(word) - 1] in '()"'):
            return word
    return "term"


def parse(query: str) -> Expr:
    """Parse a logical query (SPEC §2) into its AST. Raises :class:`ParseError`."""
    if not isinstance(query, str):
        raise TypeError(f"a logical query is a string, not {type(query).__name__}")
    try:
        if len(query) > MAX_LENGTH:
            raise _Fail(f"query longer than {MAX_LENGTH:,} characters", MAX_LENGTH + 1)
        if not query.strip():
            raise _Fail("empty query", 1)
        _check_text(query)
        _prescan(query)
        with _parser() as parser:
            cast(_Build, parser.options.transformer).reset()
            try:
                node, _column = cast(Built, parser.parse(query))
            except (UnexpectedToken, UnexpectedCharacters, UnexpectedEOF) as exc:
                raise _explain(exc, query) from None
    except _Fail as fail:
        raise ParseError(fail.message, query, fail.column) from None
    return node


def check_limits(expr: Expr) -> Expr:
    """The parser's size limits, for expressions built in Python or read from JSON."""
    if len(expr.terms()) > MAX_TERMS:
        raise ValueError(f"more than {MAX_TERMS} distinct terms")
    if expr.depth > MAX_DEPTH:
        raise ValueError(f"nesting deeper than {MAX_DEPTH}")
    return expr
