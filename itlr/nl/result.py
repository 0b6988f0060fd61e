"""What a translation from a question to a logical query returns."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from typing import Any

from ..translator import And, Expr, Not, Or, Term

__all__ = ["Translation", "NLWarning", "METHODS", "with_question", "without_exclusions", "negated_texts"]

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
    """The form ``F`` with the question in two readings: ``("<q'>" OR ("<q'>" AND NOT "<q>")) AND (F)``.

    ``q`` is the question as written, ``q'`` the question with its exclusions cut out
    (:func:`without_exclusions`). With AND as product, OR as sum and NOT as ``1 − x`` the
    score is ``F · s(q') · (2 − s(q))``: the form, times closeness to what the question
    asks for, times a half-strength NOT on the question as written. The contrast between
    the two readings is the excluded aspect *in the question's context* ("benefits of
    vitamin D" against "… other than bone health"), which a bare NOT term cannot give.
    ``"<q>" AND F`` alone ranked passages about the excluded aspect back near the top
    (the question names it), and ``"<q'>" AND F`` halves the weight of the form's NOT;
    measured in docs/BENCHMARKS.md §1d (NegConstraint and the demo corpus). A question
    with nothing to cut searches ``"<q>" AND F``; a form that is one term searches the
    question alone: exactly what dense retrieval ranks by.
    """
    question = " ".join(question.split())
    if isinstance(expr, Term):
        return Term(question)
    asked = without_exclusions(question, expr)
    if asked == question:
        return And([Term(question), expr])
    return And([Or([Term(asked), And([Term(asked), Not(Term(question))])]), expr])


def negated_texts(expr: Expr) -> list[str]:
    """The texts of the terms under an odd number of NOTs, in order, each once."""
    found: list[str] = []

    def walk(node: Expr, negated: bool) -> None:
        if isinstance(node, Term):
            if negated and node.text not in found:
                found.append(node.text)
            return
        if isinstance(node, Not):
            walk(node.child, not negated)
        elif isinstance(node, (And, Or)):
            for child in node.children:
                walk(child, negated)

    walk(expr, False)
    return found


# Between an exclusion cue and the excluded text: "do not mention any of the X".
_CUE_GAP_RE = re.compile(r"^[\s\"'“”‘’(]*(?:[\w'’-]+[\s\"'“”‘’(]+){0,5}$")
# A list connector in front of a later excluded item: "excluding A, B and C".
_LIST_CONN_RE = re.compile(r"(?:\s*,\s*|\s+)(?:(?:and|or|nor)\s+)?(?:the\s+)?$", re.IGNORECASE)


def without_exclusions(question: str, expr: Expr) -> str:
    """The question with every NOT'd text of ``expr`` cut out, with its cue ("other than",
    "excluding", ", but not", …): what the question asks for, without naming what it
    excludes. A NOT'd text that is not in the question (an LLM's rewording) is left alone;
    when nothing would be left, the question as it came."""
    from .rules import _CONN_RE, _EXCLUSION_TAIL_RE, _TRIGGER_RE  # the parser's own cue words, so both agree on what a cue is

    text = " ".join(question.split())
    for neg in sorted(negated_texts(expr), key=len, reverse=True):
        spans = [m.span() for m in re.finditer(r"(?<!\w)" + re.escape(neg) + r"(?!\w)", text, re.IGNORECASE)]
        best: tuple[int, int] | None = None
        for start, end in reversed(spans):
            cues = [c for c in _TRIGGER_RE.finditer(text[:start]) if _CUE_GAP_RE.match(text[c.end() : start])]
            if cues:
                cue_start = cues[-1].start()
                conn = _CONN_RE.search(text[:cue_start])
                best = (conn.start() if conn else cue_start, end)
                break
        if best is None and spans:
            start, end = spans[-1]
            conn = _LIST_CONN_RE.search(text[:start])
            best = (conn.start() if conn and conn.group().strip() else start, end)
        if best is not None:
            cut_end = best[1]
            for _ in range(3):  # "… please", "… in your answer" go with what they qualify
                said = _EXCLUSION_TAIL_RE.match(text, cut_end)
                if not said:
                    break
                cut_end = said.end()
            text = text[: best[0]] + " " + text[cut_end:]
    text = re.sub(r"\(\s*[,;:]?\s*\)|\[\s*\]", " ", text)
    text = re.sub(r"\(\s*[,;:]\s*", "(", text)
    text = re.sub(r"\s+([,.;:?!)])", r"\1", text)
    text = re.sub(r"([,;:])(?:\s*[,;:])+", r"\1", text)
    text = re.sub(r"[,;:]\s*([.?!]|$)", r"\1", text)
    text = re.sub(r"([?!])\s*\.", r"\1", text)  # "…? No X please." cut to "…?"
    text = " ".join(text.split()).strip(" ,;:")
    return text if re.search(r"\w", text) else " ".join(question.split())
