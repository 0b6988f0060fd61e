"""Does a logical form keep what the question says? (the LLM path's sanity check)

Two checks, both on words, cheap and deterministic:

- **coverage**: every content word of the question appears in some term (a model
  that drops "in Germany" changes the question);
- **scope of NOT**: every content word under a NOT appears in the question *after*
  an exclusion cue ("excluding", "other than", "not", "without", ...). A NOT on
  words the question wants, or on words it never said, buries wanted documents:
  ``1 − x`` pushes down everything about them. And a NOT whose words a positive
  term holds too cancels itself.

Words match loosely (case, a plural or possessive ending, a shared five-letter
prefix), since a model may write "works" for "work" or "democracy" for
"democracies". The checks cannot tell a topic exclusion from a property of the
answer ("cities without a subway"); the prompt handles that.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..translator import Expr, Not, Term

__all__ = ["CoverageReport", "check_coverage", "content_words", "EXCLUSION_CUES"]

# Phrases after which a question names what it leaves out. "instead of" is absent on
# purpose: a substitution ("what to drink instead of coffee") is not a topic exclusion.
EXCLUSION_CUES: tuple[str, ...] = (
    "not", "no", "non", "nor", "never", "without", "except", "excepting", "excluding", "exclude", "excludes",
    "excluded", "exclusion of", "other than", "rather than", "apart from", "aside from", "besides", "minus",
    "avoid", "avoiding", "ignore", "ignoring", "skip", "skipping", "leave out", "leaving out", "omit", "omitting",
    "unrelated to", "already know", "already read", "already seen", "already covered",
)
_CUE_RE = re.compile(r"\b(?:" + "|".join(re.escape(c) for c in sorted(EXCLUSION_CUES, key=len, reverse=True)) + r")\b|n't\b")

# Function words, question words, request wording ("tell me about", "find documents
# on") and the words of the cues themselves: none of them has to land in a term.
_STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before being below
    between both but by can could did do does doing don down during each either else even ever every few for
    from further had has have having he her here hers herself him himself his how i if in into is it its itself
    just let lets like many me more most much must my myself neither no nor not now of off on once only or other
    others our ours ourselves out over own per please rather same shall she should so some such than that the
    their theirs them themselves then there these they this those through to too under until up upon us very
    via was we were what whatever when where whether which while who whom whose why will with within without
    would yet you your yours yourself yourselves
    s t re ve ll d m isn aren wasn weren doesn didn don hasn haven hadn won wouldn shouldn couldn can't cannot
    tell show give find list provide search look looking want wanted need needs know known already interested
    information info documents document articles article papers paper texts text pages page passages passage
    sources source discuss discussing discusses discussed describe describing explain explaining mention
    mentions mentioning mentioned talk talking talks cover covering covers related regarding concerning
    except excepting excluding exclude excludes excluded exclusion including include includes
    besides apart aside minus avoid avoiding
    ignore ignoring skip skipping leave leaving omit omitting unrelated instead read seen covered
    something anything things thing kind kinds type types sort sorts way ways one ones
    """.split()
)

_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


def _stem(word: str) -> str:
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'")
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def _same(a: str, b: str) -> bool:
    return a == b or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5])


def _words(text: str) -> list[tuple[int, str]]:
    """(character offset, stem) of each word."""
    return [(m.start(), _stem(m.group())) for m in _WORD_RE.finditer(text)]


def content_words(text: str) -> list[tuple[str, str]]:
    """(word, stem) for ``text``'s words that carry content (stopwords and request wording dropped)."""
    out = []
    for m in _WORD_RE.finditer(text):
        stem = _stem(m.group())
        # "can't", "isn't": the part before the apostrophe decides.
        if stem and stem.split("'")[0] not in _STOPWORDS:
            out.append((m.group(), stem))
    return out


@dataclass(frozen=True)
class CoverageReport:
    """What a form leaves out of its question, and what its NOTs cover without being asked to."""

    missing: tuple[str, ...] = ()  # content words of the question in no term
    wrongly_negated: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (NOT term, its words the question does not exclude)
    cancelled: tuple[str, ...] = ()  # NOT terms whose every word a positive term also holds

    @property
    def ok(self) -> bool:
        return not self.missing and not self.wrongly_negated and not self.cancelled

    def describe(self) -> str:
        """One line per problem, in words a model (or a person) can act on."""
        lines = []
        if self.missing:
            lines.append("These words of the question are in no term: " + ", ".join(self.missing) + ".")
        for term, words in self.wrongly_negated:
            lines.append(
                f'NOT "{term}" excludes {", ".join(words)}, which the question does not ask to leave out; '
                "put only what follows an exclusion (excluding, other than, not, without ...) under NOT."
            )
        for term in self.cancelled:
            lines.append(f'NOT "{term}" is cancelled by a positive term that holds the same words; keep them only under NOT.')
        return "\n".join(lines)


def _terms_by_polarity(expr: Expr, negated_wanted: bool) -> list[str]:
    out: list[str] = []
    stack: list[tuple[Expr, bool]] = [(expr, False)]
    while stack:
        node, negated = stack.pop()
        if isinstance(node, Term):
            if negated == negated_wanted and node.text not in out:
                out.append(node.text)
        elif isinstance(node, Not):
            stack.append((node.child, not negated))
        else:
            stack.extend((c, negated) for c in node.children)  # type: ignore[attr-defined]
    return out


def check_coverage(question: str, expr: Expr) -> CoverageReport:
    """Checks ``expr`` against ``question`` (see the module's docstring)."""
    term_stems = [w for t in expr.terms() for _, w in _words(t)]
    missing: list[str] = []
    for word, stem in content_words(question):
        if word not in missing and not any(_same(stem, t) for t in term_stems):
            missing.append(word)

    lowered = question.lower().replace("’", "'")
    cue_ends = [m.end() for m in _CUE_RE.finditer(lowered)]
    first_cue = min(cue_ends) if cue_ends else None
    excluded = [w for pos, w in _words(question) if first_cue is not None and pos >= first_cue]
    positive = [w for t in _terms_by_polarity(expr, False) for _, w in _words(t)]
    wrong: list[tuple[str, tuple[str, ...]]] = []
    cancelled: list[str] = []
    for term in _terms_by_polarity(expr, True):
        words = content_words(term)
        outside = tuple(dict.fromkeys(w for w, stem in words if not any(_same(stem, e) for e in excluded)))
        if outside:
            wrong.append((term, outside))
        if words and all(any(_same(stem, p) for p in positive) for _, stem in words):
            cancelled.append(term)  # "Aaron's profile, but don't mention Moses" AND NOT "Moses"
    return CoverageReport(tuple(missing), tuple(wrong), tuple(cancelled))
