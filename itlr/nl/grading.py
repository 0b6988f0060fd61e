"""Grading a question's logical form against an intended one (the NL held-out sets).

**Right**: the two forms have the same structure and equivalent terms.

- Structure: the same tree of AND / OR / NOT, where the children of an AND or an
  OR are compared as a multiset (order does not matter). A list of excluded items
  may be written either way: ``NOT (A OR B)`` under an AND reads as ``NOT A AND
  NOT B`` (the brief every held-out writer got accepts both).
- Terms are equivalent when their *content-word sets* are equal. A term's
  content words: the text lowercased, split on every character that is not a
  letter or a digit ("no-till" gives "no", "till"; "Bronte's" gives "bronte",
  "s"; "aren't", "dont" and "cannot" read as "are not", "do not" and "can not", "I'm", "we're", "I've", "I'd", "I'll" as
  "I am", "we are", "I have", "I would", "I will"), less the function words in ``STOP_WORDS`` (articles, pronouns,
  auxiliaries, question words, prepositions, intensifiers and hedges such as "very",
  "really", "actually", request wording such as "tell me
  about", "explain", "suggest", and these with a final "s": "gets", "wants"), each word without a final "s" when it is longer than three letters
  and does not end in "ss" (so "programs" and "program" agree), and after "ch", "sh", "x", "ss" or "z" without a final "e", "s" or "es" ("crashes" and "crash", "headaches" and "headache" agree). So
  "Which fish swim upstream to spawn?" and "fish that swim upstream to spawn"
  are equivalent; "Emma" and "Emma, or novels by the Bronte sisters" are not.

**Harmful**: the form works against the user. Let W be the *wanted words*: the
content words of the intended form's positive terms (under an even number of
NOTs) that occur in none of its negated terms. A form is harmful when

- some wanted word occurs in one of its negated terms (what the user wants ends
  up inside a NOT), or
- its positive terms together hold fewer than half of the wanted words (the
  positive part lost the topic).

A form can be wrong without being harmful (a NOT missed, the question kept
whole, an OR not split): those cost precision, not the answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from ..translator import And, Expr, Not, Or, Term

__all__ = ["STOP_WORDS", "content_words", "same_form", "is_harmful", "Grade", "grade"]

STOP_WORDS = frozenset(
    """
    a an the this that these those there here it its they them their theirs he him his she her i me my mine we us our
    you your yours one ones
    of to in on at for from by with about into onto over under as than via per
    and or but nor so yet also just only very really actually more most other others else some any all each every
    is are was were be been being am do does did done doing have has had having
    can could should would will shall may might must
    what which who whom whose when where why how whether
    please tell show give find list get want need like looking look search know let
    explain describe summarise summarize suggest recommend
    s
    """.split()
)


# "aren't" reads as "are not", so "that aren't related" and "not related" agree; "I'm", "we're",
# "I've", "I'd", "I'll" read as "I am", "we are", … (function words: no "m" or "re" left over)
_CONTRACTION_RE = re.compile(r"\b(\w+)n['’]t\b|\b(do|does|did|is|are|was|were|have|has|had|should|would|could|must)nt\b")  # ("dont", typed without its apostrophe)
_CONTRACTED = {"ca": "can", "wo": "will", "sha": "shall"}
_PRONOUN_CONTRACTION_RE = re.compile(r"\b(\w+)['’](m|re|ve|d|ll)\b")
_PRONOUN_CONTRACTED = {"m": "am", "re": "are", "ve": "have", "d": "would", "ll": "will"}
_SIBILANT_RE = re.compile(r"(.{2,}(?:ch|sh|x|ss|z))e?s?")  # "crash", "crashes", "headache"


def content_words(text: str) -> frozenset[str]:
    """The content words of a term (see the module docstring)."""
    out = set()
    text = _CONTRACTION_RE.sub(lambda m: _CONTRACTED.get(m.group(1) or m.group(2), m.group(1) or m.group(2)) + " not", text.lower().replace("cannot", "can not"))
    text = _PRONOUN_CONTRACTION_RE.sub(lambda m: m.group(1) + " " + _PRONOUN_CONTRACTED[m.group(2)], text)
    for word in re.findall(r"[^\W_]+", text):
        if word in STOP_WORDS:
            continue
        sibilant = _SIBILANT_RE.fullmatch(word)
        if sibilant:
            word = sibilant.group(1)  # "crashes"/"crash", "headaches"/"headache": the plural adds "es" or "s"
        elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        if word not in STOP_WORDS:  # "gets", "wants": a function word with its "s" is one too
            out.add(word)
    return frozenset(out)


def _and_children(expr: And) -> Iterator[Expr]:
    """An AND's children, nested ANDs flattened and ``NOT (A OR B)`` read as ``NOT A, NOT B``."""
    for child in expr.children:
        if isinstance(child, And):
            yield from _and_children(child)
        elif isinstance(child, Not) and isinstance(child.child, Or):
            yield from (Not(c) for c in child.child.children)
        else:
            yield child


def _key(expr: Expr) -> str:
    """A canonical key: equal keys mean same structure and equivalent terms."""
    if isinstance(expr, Term):
        return "T(" + " ".join(sorted(content_words(expr.text))) + ")"
    if isinstance(expr, Not):
        return "N(" + _key(expr.child) + ")"
    if isinstance(expr, And):
        return "A[" + ",".join(sorted(_key(c) for c in _and_children(expr))) + "]"
    if isinstance(expr, Or):
        return "O[" + ",".join(sorted(_key(c) for c in expr.children)) + "]"
    raise TypeError(f"not an expression: {expr!r}")


def same_form(produced: Expr, intended: Expr) -> bool:
    """Same structure (AND/OR children unordered) and equivalent terms."""
    return _key(produced) == _key(intended)


def _terms(expr: Expr, negated: bool = False) -> Iterator[tuple[str, bool]]:
    if isinstance(expr, Term):
        yield expr.text, negated
    elif isinstance(expr, Not):
        yield from _terms(expr.child, not negated)
    elif isinstance(expr, (And, Or)):
        for child in expr.children:
            yield from _terms(child, negated)
    else:
        raise TypeError(f"not an expression: {expr!r}")


def _words(expr: Expr, negated: bool) -> set[str]:
    out: set[str] = set()
    for text, neg in _terms(expr):
        if neg == negated:
            out |= content_words(text)
    return out


def wanted_words(intended: Expr) -> set[str]:
    """Content words of the intended positive terms that no intended negated term holds."""
    return _words(intended, False) - _words(intended, True)


def is_harmful(produced: Expr, intended: Expr) -> bool:
    """Something wanted inside a NOT, or the positive part holds under half the wanted words."""
    wanted = wanted_words(intended)
    if wanted & _words(produced, True):
        return True
    return len(wanted & _words(produced, False)) * 2 < len(wanted)


@dataclass(frozen=True)
class Grade:
    right: bool
    harmful: bool


def grade(produced: Expr, intended: Expr, alternatives: Iterable[Expr] = ()) -> Grade:
    """Right if the form matches the intended one or an accepted alternative; harmful as defined above."""
    right = same_form(produced, intended) or any(same_form(produced, alt) for alt in alternatives)
    return Grade(right=right, harmful=not right and is_harmful(produced, intended))

