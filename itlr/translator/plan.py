"""AST to plan: the distinct terms, where they stand (under even or odd NOTs),
and the postfix program that the local engine and Painless both evaluate."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..semantics import OP_AND, OP_NOT, OP_OR, OP_TERM, Semantics, evaluate
from .ast import And, Expr, Not, Or, Term
from .parser import check_limits, parse

__all__ = ["Plan", "plan", "MODES"]

MODES = ("auto", "approx", "exact")


@dataclass(frozen=True)
class Plan:
    expr: Expr
    terms: tuple[str, ...]
    program: tuple[int, ...]  # flat (opcode, argument) pairs
    positive: tuple[bool, ...]  # term stands under an even number of NOTs somewhere
    negative: tuple[bool, ...]  # term stands under an odd number of NOTs somewhere

    @property
    def positive_terms(self) -> list[int]:
        """Indices of the terms that get a kNN clause in approximate mode."""
        return [i for i, p in enumerate(self.positive) if p]

    def composites(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """AND nodes outside any NOT with two or more children that are terms or negated
        terms, one of them positive: each node's (positive term indices, negated ones).
        Approximate mode adds a kNN clause per node on their composite vector."""
        index = {t: i for i, t in enumerate(self.terms)}
        out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        stack: list[tuple[Expr, int]] = [(self.expr, 0)]
        while stack:
            node, nots = stack.pop()
            if isinstance(node, Not):
                stack.append((node.child, nots + 1))
            elif isinstance(node, (And, Or)):
                stack.extend((c, nots) for c in node.children)
                if isinstance(node, And) and nots % 2 == 0:
                    pos = tuple(index[c.text] for c in node.children if isinstance(c, Term))
                    neg = tuple(index[c.child.text] for c in node.children if isinstance(c, Not) and isinstance(c.child, Term))
                    if pos and len(pos) + len(neg) >= 2:
                        out.append((pos, neg))
        return out

    def query_composite(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The whole query's (positive terms, terms only ever negated), when together they
        are two or more terms: certified ``auto`` adds a kNN list on their composite vector,
        whose half-space bounds the unseen documents (:mod:`itlr.certify`)."""
        pos = tuple(self.positive_terms)
        neg = tuple(i for i, n in enumerate(self.negative) if n and not self.positive[i])
        return (pos, neg) if pos and len(pos) + len(neg) >= 2 else None

    def anchored(self, semantics: Semantics) -> bool:
        """True when a document far from every positive term scores 0 (SPEC §3)."""
        zeros = np.zeros((1, len(self.terms)))
        return float(evaluate(self.program, zeros, semantics)[0]) <= 0.0

    def resolve_mode(self, mode: str, semantics: Semantics) -> str:
        """``auto`` becomes ``approx`` only where candidate generation is sound."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
        if mode != "auto":
            if mode == "approx" and not self.positive_terms:
                raise ValueError("approximate mode needs at least one term outside NOT; use exact mode")
            return mode
        mixed = any(p and n for p, n in zip(self.positive, self.negative))
        sound = self.positive_terms and not mixed and self.anchored(semantics)
        return "approx" if sound else "exact"


def plan(query: str | Expr) -> Plan:
    expr = parse(query) if isinstance(query, str) else check_limits(query)
    terms = expr.terms()
    index = {t: i for i, t in enumerate(terms)}
    positive = [False] * len(terms)
    negative = [False] * len(terms)
    program: list[int] = []
    # Iterative post-order carrying the NOT parity down.
    stack: list[tuple[Expr, int, bool]] = [(expr, 0, False)]
    while stack:
        node, nots, done = stack.pop()
        if isinstance(node, Term):
            i = index[node.text]
            (negative if nots % 2 else positive)[i] = True
            program += (OP_TERM, i)
        elif isinstance(node, Not):
            if done:
                program += (OP_NOT, 0)
            else:
                stack += [(node, nots, True), (node.child, nots + 1, False)]
        elif isinstance(node, (And, Or)):
            if done:
                program += (OP_AND if isinstance(node, And) else OP_OR, len(node.children))
            else:
                stack.append((node, nots, True))
                stack.extend((c, nots, False) for c in reversed(node.children))
    return Plan(expr, tuple(terms), tuple(program), tuple(positive), tuple(negative))
