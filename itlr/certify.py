"""Certified top-k (SPEC §3): the threshold algorithm of Fagin, Lotem and Naor (2001).

A document that no positive term's kNN list of depth K returned has, for each such
term t, a cosine of at most ``s_t(K)``, the similarity of t's K-th neighbour. So
its score is at most the program evaluated over truth-value *intervals*: every
listed term in ``[truth(-1), truth(s_t(K))]``, every other term in
``[truth(-1), truth(1)]``. Interval evaluation also covers terms that stand both
under and outside a NOT (each is bounded on both sides), so no query shape needs
a special case, and neither do products with a factor that can be negative
(``1 − x`` of an OR-sum above 1), where the score is not monotone in a term's
truth value. Where the bound is loose, certification simply fails and the caller
deepens the lists or scores exactly.

A kNN list on a *composite* vector ``c = sum_i w_i q_i / |sum_i w_i q_i|`` (the query's
positive terms' directions minus a share of its negated ones') adds one linear
constraint on the unseen documents: a unit document ``d`` outside it has
``sum_i w_i cos(d, q_i) = |sum_i w_i q_i| cos(d, c) <= |sum_i w_i q_i| s_c(K)``. Per-term
caps alone let an unseen document be as good as each list's K-th neighbour on *every*
term at once; the constraint says it cannot be, which is what an AND of unrelated
terms needs (the documents good on all of them are near ``c``). The largest score
over the box of caps cut by such half-spaces is found by branch and bound on the
cosine box (:func:`unseen_bound`): interval evaluation bounds each sub-box, the
half-spaces shrink it first, and sub-boxes already below the page's score are dropped.

Everything here is sans-IO: the local engine and the cluster searches (sync and
async) feed it what their kNN lists returned and act on its answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from .semantics import OP_AND, OP_NOT, OP_OR, OP_TERM, RECIPROCAL_FLOOR, Semantics, evaluate, truth_values

__all__ = ["Certificate", "HalfSpace", "unseen_bound", "interval_evaluate", "monotone", "lipschitz", "lists_can_certify", "upper_scores", "certify_page", "depths", "float32_dot_error"]

FIRST_DEPTH = 100  # kNN depth of the first round, per positive term
GROWTH = 4  # each further round multiplies the depth by this
MAX_ROUNDS = 3  # 100, 400, 1,600 by default; then exact scoring
MAX_BOXES = 2048  # branch and bound gives up (bound above the threshold) past this many sub-boxes


@dataclass(frozen=True)
class Certificate:
    """Whether a page is provably the exact ranking's, and how that was shown.

    ``depth`` is the kNN list depth per positive term that certified it (None when
    every candidate document was scored); ``bound`` the largest score a document no
    list returned could have (None for exhaustive scoring); ``rounds`` the number of
    list-gathering rounds (round trips on a cluster)."""

    certified: bool
    depth: int | None = None
    bound: float | None = None
    rounds: int = 0

    def to_dict(self) -> dict[str, object]:
        return {"certified": self.certified, "depth": self.depth, "bound": self.bound, "rounds": self.rounds}


def interval_evaluate(
    program: Sequence[int], lo: np.ndarray, hi: np.ndarray, semantics: Semantics
) -> tuple[np.ndarray, np.ndarray]:
    """Row by row, the smallest and largest value of ``max(0, program)`` when term i's
    truth value is anywhere in ``[lo[:, i], hi[:, i]]`` (arrays of shape ``(rows, terms)``).

    Sums, minima and maxima are monotone in each operand, so their intervals propagate
    endpoint by endpoint, and NOT swaps the ends. A product is not: ``1 − x`` of an
    OR-sum can be negative (``NOT (a OR b)`` with ``a + b > 1``), and then a larger
    factor gives a smaller product. So products take the extremes of the endpoint
    products, the ordinary interval product."""
    lo = np.asarray(lo, dtype=np.float64)
    hi = np.asarray(hi, dtype=np.float64)
    and_code, or_code, not_code = semantics.codes
    stack: list[tuple[np.ndarray, np.ndarray]] = []
    for i in range(0, len(program), 2):
        op, arg = program[i], program[i + 1]
        if op == OP_TERM:
            stack.append((lo[:, arg], hi[:, arg]))
        elif op == OP_NOT:
            a, b = stack.pop()
            if not_code == 0:
                stack.append((1.0 - b, 1.0 - a))
            else:
                stack.append((1.0 / np.maximum(b, RECIPROCAL_FLOOR), 1.0 / np.maximum(a, RECIPROCAL_FLOOR)))
        else:
            operands = stack[-arg:]
            del stack[-arg:]
            combine: np.ufunc
            if op == OP_AND:
                combine = (np.multiply, np.add, np.minimum)[and_code]
            elif op == OP_OR:
                combine = (np.add, np.maximum)[or_code]
            else:  # pragma: no cover - the plan emits only these opcodes
                raise ValueError(f"unknown opcode {op}")
            if combine is np.multiply:
                bottom, top = operands[0]
                for a, b in operands[1:]:
                    ends = (bottom * a, bottom * b, top * a, top * b)
                    bottom, top = np.minimum.reduce(ends), np.maximum.reduce(ends)
            else:
                bottom, top = combine(operands[0][0], operands[1][0]), combine(operands[0][1], operands[1][1])
                for a, b in operands[2:]:
                    combine(bottom, a, out=bottom)
                    combine(top, b, out=top)
            stack.append((bottom, top))
    ((bottom, top),) = stack
    return np.maximum(bottom, 0.0), np.maximum(top, 0.0)


def monotone(program: Sequence[int], semantics: Semantics) -> bool:
    """True when the score is monotone in each term by its NOT parity: no product ever
    multiplies a factor that can be negative (only ``1 − x`` of a sum above 1 is)."""
    if semantics.and_op != "product":
        return True
    # Each node's range when every truth value may be anywhere in [0, 1].
    and_code, or_code, not_code = semantics.codes
    stack: list[tuple[float, float]] = []
    for i in range(0, len(program), 2):
        op, arg = program[i], program[i + 1]
        if op == OP_TERM:
            stack.append((0.0, 1.0))
            continue
        if op == OP_NOT:
            a, b = stack.pop()
            stack.append((1.0 - b, 1.0 - a) if not_code == 0 else (1.0 / max(b, RECIPROCAL_FLOOR), 1.0 / max(a, RECIPROCAL_FLOOR)))
            continue
        operands = stack[-arg:]
        del stack[-arg:]
        if op == OP_AND and any(a < 0 for a, _ in operands):
            return False
        los = [a for a, _ in operands]
        his = [b for _, b in operands]
        if op == OP_AND:
            stack.append((float(np.prod(los)), float(np.prod(his))))  # every factor is >= 0 here
        else:
            stack.append((float(np.sum(los)), float(np.sum(his))) if or_code == 0 else (max(los), max(his)))
    return True


def lipschitz(program: Sequence[int], terms: Sequence[str], semantics: Semantics) -> float:
    """A constant ``L`` such that moving every cosine by at most ``d`` moves the score by at
    most ``L * d`` (``inf`` with the reciprocal NOT, whose slope near 0 is 1e12).

    Walks the program once over scalars, as :func:`monotone` does: each node's range
    when truth values lie anywhere in [0, 1], and its slope. Sums add slopes, minima and
    maxima take the larger, and ``|ab - a'b'| <= |a| |b - b'| + |b'| |a - a'|`` gives a
    product's from its factors' ranges. A term's slope is that of its truth value:
    1 for clipping, ``lambda / 4`` for a sigmoid."""
    and_code, or_code, not_code = semantics.codes
    lams, _ = semantics.sigmoid_params(terms)
    stack: list[tuple[float, float, float]] = []  # (lowest, highest, slope)
    for i in range(0, len(program), 2):
        op, arg = program[i], program[i + 1]
        if op == OP_TERM:
            stack.append((0.0, 1.0, lams[arg] / 4 if lams[arg] > 0 else 1.0))
            continue
        if op == OP_NOT:
            if not_code != 0:
                return float("inf")
            a, b, slope = stack.pop()
            stack.append((1.0 - b, 1.0 - a, slope))
            continue
        operands = stack[-arg:]
        del stack[-arg:]
        lo, hi, slope = operands[0]
        for a, b, g in operands[1:]:
            if op == OP_AND and and_code == 0:
                ends = (lo * a, lo * b, hi * a, hi * b)
                slope = max(abs(lo), abs(hi)) * g + max(abs(a), abs(b)) * slope
                lo, hi = min(ends), max(ends)
            elif (op == OP_AND and and_code == 1) or (op == OP_OR and or_code == 0):
                lo, hi, slope = lo + a, hi + b, slope + g
            elif op == OP_AND:  # min
                lo, hi, slope = min(lo, a), min(hi, b), max(slope, g)
            else:  # max
                lo, hi, slope = max(lo, a), max(hi, b), max(slope, g)
        stack.append((lo, hi, slope))
    ((_, _, slope),) = stack
    return slope  # max(0, x) does not steepen


def upper_scores(
    program: Sequence[int],
    terms: Sequence[str],
    semantics: Semantics,
    similarities: np.ndarray,
    slack: float,
    *,
    negative: Sequence[bool] | None = None,
    positive: Sequence[bool] | None = None,
    tight: bool = True,
) -> np.ndarray:
    """Per row, the largest score a document can have when each term's true cosine lies
    within ``slack`` of ``similarities`` (e.g. a float32 product next to the float64 one).

    With the plan's polarities and no term standing both under and outside a NOT, the
    score is monotone in each term, so one evaluation at the favourable end of every
    interval gives the bound. Otherwise, unless ``tight``, the score at ``similarities``
    plus :func:`lipschitz` times ``slack``: also one evaluation, but looser, and above 0
    even where the score is 0. Otherwise the intervals are evaluated (two truth tables,
    and four products for every product: 3-10 times one evaluation's cost)."""
    # A column-major copy: shifted in place, and the program reads whole columns.
    s = np.array(similarities, dtype=np.float64, order="F")
    if (
        positive is not None
        and negative is not None
        and not any(p and n for p, n in zip(positive, negative))
        and monotone(program, semantics)
    ):
        s += np.where(np.asarray(negative, dtype=bool), -slack, slack)
        return evaluate(program, truth_values(s, terms, semantics), semantics)
    if not tight:
        slope = lipschitz(program, terms, semantics)
        if np.isfinite(slope):
            # float32_dot_error doubles its slack: the spare half (L * d u at least) also
            # covers the float64 rounding of this evaluation and of the exact one.
            scores = evaluate(program, truth_values(s, terms, semantics), semantics)
            scores += slope * slack
            return scores
    lo = truth_values(s - slack, terms, semantics)
    hi = truth_values(s + slack, terms, semantics)
    return interval_evaluate(program, lo, hi, semantics)[1]


@dataclass(frozen=True)
class HalfSpace:
    """``sum_i weights[i] * cos(d, q_i) <= limit`` for every document ``d`` no list returned."""

    weights: tuple[float, ...]
    limit: float


def unseen_bound(
    program: Sequence[int],
    terms: Sequence[str],
    semantics: Semantics,
    floors: Mapping[int, float],
    halfspaces: Sequence[HalfSpace] = (),
    threshold: float | None = None,
) -> float:
    """The largest score a document outside every kNN list can have.

    ``floors`` maps a term's index to the cosine similarity of the deepest neighbour
    its list returned (the K-th). A term without a list may take any cosine.
    ``halfspaces`` come from composite lists (see the module's text). With them the
    bound is refined by branch and bound only as far as ``threshold`` asks: the answer
    is at most ``threshold`` exactly when every sub-box is shown below it; otherwise it
    is a valid bound above it (the search stops at :data:`MAX_BOXES` sub-boxes)."""
    n = len(terms)
    low = np.full((1, n), -1.0)
    high = np.ones((1, n))
    for i, s in floors.items():
        high[0, i] = min(1.0, max(-1.0, float(s)))
    if not halfspaces:
        return float(_box_max(program, terms, semantics, low, high)[0])
    weights = np.array([h.weights for h in halfspaces], dtype=np.float64)
    limits = np.array([h.limit for h in halfspaces], dtype=np.float64)
    target = -np.inf if threshold is None else float(threshold)
    settled = -np.inf  # the largest bound of a sub-box dropped as at most ``target``
    seen = 0
    while True:
        low, high = _tighten(low, high, weights, limits)
        if not len(low):
            return max(settled, 0.0)
        tops = _box_max(program, terms, semantics, low, high)
        done = tops <= target
        if done.any():
            settled = max(settled, float(tops[done].max()))
        low, high, tops = low[~done], high[~done], tops[~done]
        seen += len(low)
        if not len(low):
            return max(settled, 0.0)
        if seen > MAX_BOXES or threshold is None or _reaches(program, terms, semantics, low, high, weights, limits, target):
            return max(settled, float(tops.max()))
        # Halve every open box along its widest side.
        rows = np.arange(len(low))
        side = np.argmax(high - low, axis=1)
        middle = (low[rows, side] + high[rows, side]) / 2.0
        upper_low, lower_high = low.copy(), high.copy()
        lower_high[rows, side] = middle
        upper_low[rows, side] = middle
        low, high = np.vstack([low, upper_low]), np.vstack([lower_high, high])


def _box_max(program: Sequence[int], terms: Sequence[str], semantics: Semantics, low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """Per row, the interval bound of the score over a box of cosines."""
    return interval_evaluate(program, truth_values(low, terms, semantics), truth_values(high, terms, semantics), semantics)[1]


def _reaches(program: Sequence[int], terms: Sequence[str], semantics: Semantics, low: np.ndarray, high: np.ndarray,
             weights: np.ndarray, limits: np.ndarray, target: float) -> bool:
    """Some box's centre satisfies every half-space and scores above ``target``: then no
    refinement can bring the bound down to it, so stop searching."""
    centre = (low + high) / 2.0
    feasible = (centre @ weights.T <= limits).all(axis=1)
    if not feasible.any():
        return False
    values = evaluate(program, truth_values(centre[feasible], terms, semantics), semantics)
    return bool((values > target).any())


def _tighten(low: np.ndarray, high: np.ndarray, weights: np.ndarray, limits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Boxes shrunk to what the half-spaces leave of them (two passes of bound
    propagation); boxes no point of which satisfies them all are dropped."""
    for _ in range(2):
        for w, limit in zip(weights, limits):
            least = np.minimum(w * low, w * high)  # each coordinate's smallest contribution
            room = limit - (least.sum(axis=1, keepdims=True) - least)
            with np.errstate(divide="ignore", invalid="ignore"):
                edge = room / w
            high = np.where(w > 0, np.minimum(high, edge), high)
            low = np.where(w < 0, np.maximum(low, edge), low)
    feasible = (low <= high + 1e-12).all(axis=1)  # rounding must never drop a feasible point
    low, high = low[feasible], high[feasible]
    return low, np.maximum(high, low)


def lists_can_certify(program: Sequence[int], terms: Sequence[str], semantics: Semantics, positive_terms: Sequence[int]) -> bool:
    """Deeper kNN lists can lower the bound at all: the query has a positive term and the
    bound falls as the lists' floors fall. Otherwise only scoring every document certifies."""
    if not positive_terms:
        return False
    lowest = unseen_bound(program, terms, semantics, {t: -1.0 for t in positive_terms})
    highest = unseen_bound(program, terms, semantics, {})
    return lowest < highest


def certify_page(page_scores: Sequence[float], k: int, bound: float) -> bool:
    """A page of ``k`` hits cut from the candidates' exact ranking is the exact ranking's
    page when its last score reaches the bound of every unseen document.

    A short page (fewer than ``k`` candidates left) proves nothing: unseen documents
    may belong on it. Callers whose lists returned every document need no bound."""
    if k == 0:
        return True
    return len(page_scores) >= k and float(page_scores[k - 1]) >= bound


def depths(k: int, offset: int, *, first: int | None = None, max_depth: int = 10_000) -> list[int]:
    """kNN depths to try, in order: deep enough for the page, growing ×4, capped.

    The first depth covers the whole page from the top (``offset + k``) so that a
    certified page is cut from candidates that hold every document above it."""
    depth = min(max_depth, max(first or FIRST_DEPTH, offset + k))
    out = [depth]
    while len(out) < MAX_ROUNDS and depth < max_depth:
        depth = min(max_depth, depth * GROWTH)
        out.append(depth)
    return out


def float32_dot_error(dim: int, norm: float = 1.0) -> float:
    """How far a float32 dot product of two vectors of norm at most ``norm`` can lie from
    the exact one (and so from the float64 product the clusters compute).

    Higham, *Accuracy and Stability of Numerical Algorithms* (2002), eq. 3.5: in any
    summation order, with or without FMA, ``|fl(x.y) - x.y| <= gamma_d * sum|x_i y_i|
    <= gamma_d * |x| |y|`` with ``gamma_d = d u / (1 - d u)`` and ``u = 2**-24``. Twice
    that covers the float64 product's own error and the rounding of ``s +/- slack``."""
    u = 2.0**-24
    gamma = dim * u / (1.0 - dim * u)
    return 2.0 * gamma * norm * norm
