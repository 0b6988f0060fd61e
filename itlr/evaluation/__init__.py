"""Evaluation and benchmarks: metrics, BEIR-layout datasets, ``itlr eval``
(dense vs itlr, ablation, calibration), the synthetic compositional benchmark
and ``itlr bench``."""

from .datasets import Dataset, load_dataset, read_logic, read_qrels, read_violations
from .metrics import evaluate_run, lsnc_at_k, mrr_at_k, ndcg_at_k, recall_at_k, same_structure, structure

__all__ = [
    "Dataset",
    "load_dataset",
    "read_logic",
    "read_qrels",
    "read_violations",
    "evaluate_run",
    "ndcg_at_k",
    "recall_at_k",
    "mrr_at_k",
    "lsnc_at_k",
    "structure",
    "same_structure",
]
