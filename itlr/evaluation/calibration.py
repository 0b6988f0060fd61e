"""Per-term calibration (paper Appendix E): truth value ``sigmoid(lambda_t (s - tau_t))``.

Raw cosine similarities are not comparable across terms: a broad term such as
"history" sits at 0.3 against half the corpus, a rare name at 0.1. We fit, on
labelled (term, passage, satisfies?) pairs, one logistic model over each term's
*standardised* similarity ``z = (s - mu_t) / sigma_t``, where ``mu_t`` and
``sigma_t`` are the term's similarity mean and spread over the whole corpus (no
labels needed). A term never seen in training still gets its own
``lambda_t = a / sigma_t`` and ``tau_t = mu_t - b sigma_t / a`` from its corpus
statistics and the shared ``(a, b)``; these go into ``Semantics(calibration=...)``.

Labelled pairs, per training query with logical form F:
  - every term under no NOT, with each relevant passage: 1;
  - every term only under NOT, with each violating passage (when labelled): 1
    (relevant passages are not used as negatives for it: they often mention the
    excluded thing in passing);
  - every term, with passages sampled at random from the rest of the corpus: 0.
Classes are weighted equally, so ``tau`` sits where a passage is as likely to
satisfy the term as not.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from ..embedders import Embedder, embed_unique
from ..translator import Expr
from ..translator.plan import plan as make_plan
from .datasets import Dataset

__all__ = ["CalibrationData", "CalibrationModel", "fit_calibration", "fit_logistic", "split_queries", "labelled_pairs"]


def split_queries(qids: Sequence[str], *, seed: int = 0) -> tuple[list[str], list[str]]:
    """Deterministic 50/50 split by a hash of the query id: ``(train, test)``."""
    train: list[str] = []
    test: list[str] = []
    for q in qids:
        h = hashlib.sha256(f"{seed}:{q}".encode()).digest()[0]
        (train if h % 2 == 0 else test).append(q)
    return train, test


class CalibrationData:
    """The corpus vectors and ids, and per-term similarity statistics."""

    def __init__(self, dataset: Dataset, vectors: np.ndarray, embedder: Embedder) -> None:
        self.dataset = dataset
        self.vectors = np.asarray(vectors, dtype=np.float32)
        self.ids = [str(d.get("_id", d.get("id", i))) for i, d in enumerate(dataset.corpus)]
        if len(self.ids) != self.vectors.shape[0]:
            raise ValueError(f"{len(self.ids)} passages but {self.vectors.shape[0]} vectors")
        self.row = {d: i for i, d in enumerate(self.ids)}
        self.embedder = embedder
        self._sims: dict[str, np.ndarray] = {}

    def similarities(self, terms: Sequence[str]) -> dict[str, np.ndarray]:
        todo = [t for t in dict.fromkeys(terms) if t not in self._sims]
        if todo:
            q = embed_unique(self.embedder, todo)
            sims = self.vectors @ q.T
            for j, t in enumerate(todo):
                self._sims[t] = sims[:, j].astype(np.float64)
        return {t: self._sims[t] for t in terms}

    def term_stats(self, terms: Sequence[str]) -> dict[str, tuple[float, float]]:
        return {t: (float(s.mean()), float(max(s.std(), 1e-6))) for t, s in self.similarities(terms).items()}


def labelled_pairs(
    data: CalibrationData,
    forms: Mapping[str, Expr],
    *,
    negatives_per_query: int = 50,
    seed: int = 0,
) -> list[tuple[str, int, int]]:
    """``(term, passage row, label)`` triples from the queries' qrels and violation labels."""
    rng = np.random.default_rng(seed)
    qrels = data.dataset.qrels
    violations = data.dataset.violations or {}
    pairs: list[tuple[str, int, int]] = []
    n = len(data.ids)
    for qid, expr in forms.items():
        p = make_plan(expr)
        relevant = [data.row[d] for d, g in qrels.get(qid, {}).items() if g > 0 and d in data.row]
        bad = [data.row[d] for d in violations.get(qid, ()) if d in data.row]
        known = set(relevant) | set(bad)
        pool = [i for i in rng.choice(n, size=min(n, negatives_per_query + len(known)), replace=False) if i not in known]
        pool = pool[:negatives_per_query]
        for j, term in enumerate(p.terms):
            if p.positive[j] and not p.negative[j]:
                pairs += [(term, r, 1) for r in relevant]
            elif p.negative[j] and not p.positive[j]:
                # Relevant passages are not labelled 0 for an excluded term: in real data they
                # often name the excluded thing in passing (NegConstraint does), so the label is noise.
                pairs += [(term, r, 1) for r in bad]
            pairs += [(term, r, 0) for r in pool]
    return pairs


def fit_logistic(x: np.ndarray, y: np.ndarray, *, l2: float = 1e-3, iterations: int = 100) -> tuple[float, float]:
    """Class-balanced logistic regression ``P(y=1) = sigmoid(a x + b)`` by Newton's method."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if not (y.min() < 0.5 < y.max()):
        raise ValueError("calibration needs both satisfying and non-satisfying pairs")
    pos = y.sum()
    w = np.where(y > 0.5, 0.5 / pos, 0.5 / (len(y) - pos))
    X = np.stack([x, np.ones_like(x)], axis=1)
    theta = np.zeros(2)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(X @ theta)))
        grad = X.T @ (w * (p - y)) + l2 * np.array([theta[0], 0.0])
        hess = (X * (w * p * (1 - p))[:, None]).T @ X + l2 * np.diag([1.0, 0.0]) + 1e-12 * np.eye(2)
        step = np.linalg.solve(hess, grad)
        theta -= step
        if np.abs(step).max() < 1e-10:
            break
    return float(theta[0]), float(theta[1])


@dataclass(frozen=True)
class CalibrationModel:
    a: float
    b: float
    pairs: int
    positives: int
    queries: int

    def parameters(self, stats: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        """Per-term ``(lambda, tau)`` from each term's corpus ``(mu, sigma)``."""
        if self.a <= 0:
            raise ValueError(f"calibration fit has a non-positive slope ({self.a:.3g}): labels do not follow similarity")
        return {t: (self.a / sigma, mu - self.b * sigma / self.a) for t, (mu, sigma) in stats.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "pairs": self.pairs,
            "positives": self.positives,
            "queries": self.queries,
            "description": (
                f"sigmoid({self.a:.3f} z {'+' if self.b >= 0 else '-'} {abs(self.b):.3f}), z = (s - mu_t)/sigma_t; "
                f"{self.pairs} pairs ({self.positives} satisfying) from {self.queries} queries"
            ),
        }


def fit_calibration(
    data: CalibrationData, forms: Mapping[str, Expr], *, negatives_per_query: int = 50, seed: int = 0
) -> CalibrationModel:
    pairs = labelled_pairs(data, forms, negatives_per_query=negatives_per_query, seed=seed)
    if not pairs:
        raise ValueError("no labelled pairs to fit calibration on")
    terms = sorted({t for t, _, _ in pairs})
    sims = data.similarities(terms)
    stats = data.term_stats(terms)
    z = np.array([(sims[t][r] - stats[t][0]) / stats[t][1] for t, r, _ in pairs])
    y = np.array([label for _, _, label in pairs], dtype=np.float64)
    a, b = fit_logistic(z, y)
    if not (math.isfinite(a) and math.isfinite(b)):
        raise ValueError("calibration fit did not converge")
    return CalibrationModel(a, b, len(pairs), int(y.sum()), len(forms))
