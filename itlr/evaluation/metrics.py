"""Ranking metrics: nDCG@k (graded), recall@k, MRR@k and LSNC@K.

Every function takes one query's ranking (document ids, best first) and that
query's judgements; :func:`evaluate_run` averages them over queries. Conventions
follow BEIR / trec_eval:

- nDCG@k: gain = relevance grade (linear, as ``trec_eval``'s ``ndcg_cut``),
  discount ``1 / log2(rank + 1)``; the ideal ranking is the query's qrels sorted by
  grade. Grades <= 0 count as not relevant.
- recall@k: relevant documents in the top k over all relevant documents.
- MRR@k: ``1 / rank`` of the first relevant document in the top k, else 0.
- LSNC@K (ComLQ, negation consistency): ``-log((V + 1) / (K + 1)) / log(K + 1)`` with
  ``V`` the number of top-K passages that violate the query's exclusion. 1 when no
  top-K passage violates it, 0 when all K do. Needs violation labels.

Queries without any relevant document are left out of the averages (as BEIR does).
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

from ..translator import Expr

__all__ = ["ndcg_at_k", "recall_at_k", "mrr_at_k", "lsnc_at_k", "evaluate_run", "mean", "structure", "same_structure"]


def _check_k(k: int) -> None:
    if k <= 0:
        raise ValueError(f"k must be positive; got {k}")


def dcg(gains: Iterable[float]) -> float:
    return sum(g / math.log2(i + 2) for i, g in enumerate(gains))


def ndcg_at_k(ranking: Sequence[str], qrels: Mapping[str, float], k: int = 10) -> float:
    """Normalised discounted cumulative gain of the first ``k`` ids of ``ranking``."""
    _check_k(k)
    ideal = dcg(sorted((g for g in qrels.values() if g > 0), reverse=True)[:k])
    if ideal <= 0:
        return 0.0
    seen: set[str] = set()
    gains = []
    for doc in list(ranking)[:k]:
        # A repeated id gains nothing the second time.
        gains.append(max(float(qrels.get(doc, 0)), 0.0) if doc not in seen else 0.0)
        seen.add(doc)
    return dcg(gains) / ideal


def recall_at_k(ranking: Sequence[str], qrels: Mapping[str, float], k: int = 10) -> float:
    _check_k(k)
    relevant = {d for d, g in qrels.items() if g > 0}
    if not relevant:
        return 0.0
    return len(relevant.intersection(list(ranking)[:k])) / len(relevant)


def mrr_at_k(ranking: Sequence[str], qrels: Mapping[str, float], k: int = 10) -> float:
    _check_k(k)
    for rank, doc in enumerate(list(ranking)[:k], 1):
        if qrels.get(doc, 0) > 0:
            return 1.0 / rank
    return 0.0


def lsnc_at_k(ranking: Sequence[str], violating: Iterable[str], k: int = 10) -> float:
    """Negation consistency of the top ``k``: 1 = no violating passage, 0 = all ``k`` violate."""
    _check_k(k)
    bad = set(violating)
    v = sum(1 for doc in dict.fromkeys(list(ranking)[:k]) if doc in bad)
    return -math.log((v + 1) / (k + 1)) / math.log(k + 1)


def mean(values: Iterable[float]) -> float | None:
    values = list(values)
    return sum(values) / len(values) if values else None


def query_metrics(
    ranking: Sequence[str],
    qrels: Mapping[str, float],
    *,
    k: int = 10,
    violating: Iterable[str] | None = None,
) -> dict[str, float]:
    """The metric set of ``itlr eval`` for one query: ndcg@k, recall@k, mrr@10 and, with labels, lsnc@k."""
    out = {
        f"ndcg@{k}": ndcg_at_k(ranking, qrels, k),
        f"recall@{k}": recall_at_k(ranking, qrels, k),
        "mrr@10": mrr_at_k(ranking, qrels, 10),
    }
    if violating is not None:
        out[f"lsnc@{k}"] = lsnc_at_k(ranking, violating, k)
    return out


def evaluate_run(
    run: Mapping[str, Sequence[str]],
    qrels: Mapping[str, Mapping[str, float]],
    *,
    k: int = 10,
    violations: Mapping[str, Iterable[str]] | None = None,
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """Averages over the queries of ``run`` that have a relevant document.

    Returns ``(means, per_query)``. LSNC is averaged over the queries that have
    violation labels (a query with an empty label set counts, with LSNC 1).
    """
    per_query: dict[str, dict[str, float]] = {}
    for qid, ranking in run.items():
        judged = qrels.get(qid) or {}
        if not any(g > 0 for g in judged.values()):
            continue
        labels = violations.get(qid) if violations is not None and qid in violations else None
        per_query[qid] = query_metrics(ranking, judged, k=k, violating=labels)
    return average(per_query.values()), per_query


def average(rows: Iterable[Mapping[str, float]]) -> dict[str, float]:
    rows = list(rows)
    names: dict[str, None] = {}
    for row in rows:
        names.update(dict.fromkeys(row))
    out: dict[str, float] = {}
    for name in names:
        m = mean(r[name] for r in rows if name in r)
        if m is not None:
            out[name] = m
    return out


def structure(expr: Expr) -> str:
    """The shape of a logical form with its terms abstracted, as text: ``AND(NOT(t),t)``.

    Terms become ``t``; nested chains of one operator flatten (``a AND (b AND c)`` is
    one AND of three) and the children of AND and OR are sorted, since both are
    commutative; ``NOT NOT x`` stays as written.
    """
    return _shape(expr.to_dict())


def _shape(node: Mapping[str, Any]) -> str:
    ((kind, value),) = node.items()
    if kind == "term":
        return "t"
    if kind == "not":
        return f"NOT({_shape(value)})"
    return f"{kind.upper()}({','.join(sorted(_shape(child) for child in _chain(kind, value)))})"


def _chain(kind: str, children: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The operands of a chain of ``kind``: nested nodes of the same operator are opened up."""
    out: list[Mapping[str, Any]] = []
    for child in children:
        out.extend(_chain(kind, child[kind]) if kind in child else [child])
    return out

def same_structure(a: Expr, b: Expr) -> bool:
    """Whether two logical forms have the same :func:`structure` (terms ignored)."""
    return structure(a) == structure(b)
