"""What a translation from a question to a logical query returns."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

from ..translator import And, Expr, Term

__all__ = ["Translation", "NLWarning", "METHODS", "with_question"]

# "llm": the model's answer, validated by the grammar; "rules": the rule-based parser
# was asked directly; "fallback": the LLM was asked and failed (no answer in time, or
# no valid query after the repairs), so the rule-based parser answered instead.
METHODS = ("llm", "rules", "fallback")


class NLWarning(UserWarning):
    """The LLM path failed and the rule-based parser answered instead (or a similar degradation)."""


@dataclass(frozen=True)
class Translation:
    """A question turned into a logical query.

    ``query`` is the canonical text (``str(expr)``), ``expr`` the AST, ``method`` one of
    ``"llm"``, ``"rules"``, ``"fallback"``; ``warnings`` what went wrong on the way.
    """

    question: str
    expr: Expr
    method: str
    warnings: tuple[str, ...] = ()
    raw: str | None = None  # the LLM's last answer, as it came
    attempts: int = 0  # LLM calls made (0 on the rules path and for cached answers)
    cached: bool = False
    model: str | None = None
    query: str = field(init=False)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}, not {self.method!r}")
        object.__setattr__(self, "query", str(self.expr))
        object.__setattr__(self, "warnings", tuple(self.warnings))

    def __str__(self) -> str:
        return self.query

    @property
    def search_expr(self) -> Expr:
        """What :meth:`itlr.LogicalSearch.ask` searches: see :func:`with_question`."""
        return with_question(self.question, self.expr)

    def to_dict(self) -> dict[str, Any]:
        """``{"query": text, "ast": {...}, "method": ..., "warnings": [...]}`` (the CLI's ``--json``)."""
        return {"query": self.query, "ast": self.expr.to_dict(), "method": self.method, "warnings": list(self.warnings)}


def warn(message: str, stacklevel: int = 3) -> None:
    warnings.warn(message, NLWarning, stacklevel=stacklevel)


def with_question(question: str, expr: Expr) -> Expr:
    """The form with the question itself ANDed in: ``"<question>" AND (<form>)``.

    The question's own embedding keeps everything the form may have cut away (a
    property, a qualifier the rules dropped), so a wrong exclusion costs less; the
    form adds the NOT and the alternatives dense retrieval cannot express. A form that
    is one term searches the question alone: exactly what dense retrieval ranks by.
    Measured in docs/BENCHMARKS.md (NegConstraint, section 1d).
    """
    question = " ".join(question.split())
    if isinstance(expr, Term):
        return Term(question)
    return And([Term(question), expr])
