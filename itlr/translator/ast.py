"""The logical query AST: four small frozen node classes.

Nodes are normalised on construction so that equal queries are equal objects:
chains of one operator flatten (``a AND (b AND c)`` is one AND with three
children) and ``NOT NOT x`` stays as written. ``str(e)`` is the canonical text
and ``parse(str(e)) == e`` for every expression.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Union

__all__ = ["Expr", "Term", "Not", "And", "Or", "from_json"]

# Binding strength, used to print minimal parentheses: NOT > AND > OR.
_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "term": 4}


class Expr:
    """Base of the four node kinds. Combine with ``&``, ``|`` and ``~``."""

    kind: str = ""
    depth: int  # operator nodes on the deepest path; a term has depth 0

    def __and__(self, other: "Expr") -> "And":
        return And((self, _expr(other)))

    def __rand__(self, other: "Expr") -> "And":
        return And((_expr(other), self))

    def __or__(self, other: "Expr") -> "Or":
        return Or((self, _expr(other)))

    def __ror__(self, other: "Expr") -> "Or":
        return Or((_expr(other), self))

    def __invert__(self) -> "Not":
        return Not(self)

    def __str__(self) -> str:
        return _to_text(self)

    def to_dict(self) -> dict[str, Any]:
        """The AST as JSON-ready dicts: ``{"term": s}``, ``{"not": E}``, ``{"and": [...]}``, ``{"or": [...]}``."""
        return _to_dict(self)

    def to_json(self, **kwargs: Any) -> str:
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(), **kwargs)

    def terms(self) -> list[str]:
        """Distinct term texts in order of first appearance."""
        seen: dict[str, None] = {}
        for node in self.walk():
            if isinstance(node, Term):
                seen.setdefault(node.text, None)
        return list(seen)

    def walk(self) -> Iterator["Expr"]:
        """Every node, pre-order, without recursion (deep NOT chains are legal)."""
        stack: list[Expr] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(_children(node)))


def _expr(value: Any) -> Expr:
    if isinstance(value, Expr):
        return value
    if isinstance(value, str):
        return Term(value)
    raise TypeError(f"cannot combine a logical expression with {type(value).__name__}")


@dataclass(frozen=True)
class Term(Expr):
    text: str
    depth: int = field(default=0, init=False, repr=False, compare=False)
    kind = "term"

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise TypeError(f"a term is a string, not {type(self.text).__name__}")
        if not self.text.strip():
            raise ValueError("a term needs some text")
        try:
            self.text.encode("utf-8")
        except UnicodeEncodeError:
            # A lone surrogate (bytes that were not UTF-8): no model embeds it, no output prints it.
            raise ValueError("a term must be valid Unicode text (it has a lone surrogate)") from None


@dataclass(frozen=True)
class Not(Expr):
    child: Expr
    depth: int = field(default=0, init=False, repr=False, compare=False)
    kind = "not"

    def __post_init__(self) -> None:
        object.__setattr__(self, "child", _expr(self.child))
        object.__setattr__(self, "depth", self.child.depth + 1)


@dataclass(frozen=True)
class _Nary(Expr):
    children: tuple[Expr, ...]
    depth: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        flat: list[Expr] = []
        for child in self.children:
            child = _expr(child)
            # One operator's chains flatten: AND inside AND is the same AND.
            flat.extend(child.children if type(child) is type(self) else (child,))
        if len(flat) < 2:
            raise ValueError(f"{self.kind.upper()} needs at least two operands")
        object.__setattr__(self, "children", tuple(flat))
        object.__setattr__(self, "depth", 1 + max(c.depth for c in flat))

    def __init__(self, children: Any, *more: Any) -> None:
        """``And(a, b, ...)`` or ``And([a, b, ...])``; operands are expressions or term strings."""
        if more or isinstance(children, Expr):
            items = (children, *more)
        elif isinstance(children, (str, bytes)) or not isinstance(children, Iterable):
            # And("dogs") would otherwise iterate the string: "d" AND "o" AND "g" AND "s".
            raise TypeError(
                f"{type(self).__name__} takes two or more expressions, as {type(self).__name__}(a, b) or "
                f"{type(self).__name__}([a, b]), not one {type(children).__name__}"
            )
        else:
            items = tuple(children)
        object.__setattr__(self, "children", items)
        self.__post_init__()


@dataclass(frozen=True, init=False)
class And(_Nary):
    kind = "and"


@dataclass(frozen=True, init=False)
class Or(_Nary):
    kind = "or"


Node = Union[Term, Not, And, Or]


def _children(node: Expr) -> tuple[Expr, ...]:
    if isinstance(node, Not):
        return (node.child,)
    if isinstance(node, _Nary):
        return node.children
    return ()


def quote(text: str) -> str:
    """A term as a double-quoted string of the query language."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _fold(root: Expr, visit: Callable[[Expr, list[Any]], Any]) -> Any:
    """Bottom-up ``visit(node, results of its children)`` without recursion:
    very deep NOT chains are legal expressions."""
    out: dict[int, Any] = {}
    stack: list[tuple[Expr, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        kids = _children(node)
        if kids and not done:
            stack.append((node, True))
            stack.extend((c, False) for c in kids)
            continue
        out[id(node)] = visit(node, [out[id(c)] for c in kids])
    return out[id(root)]


def _to_text(root: Expr) -> str:
    def visit(node: Expr, parts: list[str]) -> str:
        if isinstance(node, Term):
            return quote(node.text)
        wrapped = [_wrap(text, child, node) for text, child in zip(parts, _children(node))]
        if isinstance(node, Not):
            return "NOT " + wrapped[0]
        return f" {node.kind.upper()} ".join(wrapped)

    return str(_fold(root, visit))


def _wrap(text: str, child: Expr, parent: Expr) -> str:
    if _PRECEDENCE[child.kind] < _PRECEDENCE[parent.kind] or (
        # An AND child of AND cannot exist (flattened); keep same-level nesting explicit anyway.
        child.kind == parent.kind and child.kind in ("and", "or")
    ):
        return f"({text})"
    return text


def _to_dict(root: Expr) -> dict[str, Any]:
    def visit(node: Expr, parts: list[dict[str, Any]]) -> dict[str, Any]:
        if isinstance(node, Term):
            return {"term": node.text}
        return {"not": parts[0]} if isinstance(node, Not) else {node.kind: parts}

    return dict(_fold(root, visit))


def from_json(data: str | bytes | dict[str, Any]) -> Expr:
    """Build an expression from its AST JSON (text or already-decoded dicts)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise ValueError(f"logical query JSON is not valid JSON: {exc}") from None
        except RecursionError:
            raise ValueError("logical query JSON is nested deeper than Python reads") from None
    return _from_dict(data, "$", 0)


#: Deepest AST JSON read (the parser's own limit is far lower; this only keeps recursion safe).
MAX_JSON_DEPTH = 256


def _from_dict(data: Any, path: str, depth: int) -> Expr:
    if depth > MAX_JSON_DEPTH:
        raise ValueError(f"logical query JSON nested deeper than {MAX_JSON_DEPTH} levels")
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f"{path}: expected an object with one key of term, not, and, or")
    ((key, value),) = data.items()
    if key == "term":
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{path}.term: expected a non-empty string")
        return Term(value)
    if key == "not":
        return Not(_from_dict(value, f"{path}.not", depth + 1))
    if key in ("and", "or"):
        if not isinstance(value, list) or len(value) < 2:
            raise ValueError(f"{path}.{key}: expected a list of two or more expressions")
        kids = [_from_dict(v, f"{path}.{key}[{i}]", depth + 1) for i, v in enumerate(value)]
        return (And if key == "and" else Or)(kids)
    raise ValueError(f"{path}: unknown key {key!r}; expected term, not, and or or")
