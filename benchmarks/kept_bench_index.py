"""bench's queries against the index ``itlr bench --keep-index`` left on an OpenSearch node:
the command line and workload that ``round_parts.py`` and ``first_depth.py`` share."""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from itlr.embedders import get_embedder
from itlr.engines import connect
from itlr.evaluation.bench import _workload, random_query
from itlr.translator import Expr

BENCH_TERMS = [1, 2, 4, 8]  # bench's default term counts, drawn in this order from one generator


@dataclass
class KeptIndex:
    args: argparse.Namespace
    client: Any
    workloads: dict[int, list[tuple[Expr, np.ndarray]]]  # per term count: (query, its term vectors)
    single: list[np.ndarray]  # bench's single vectors for the plain kNN query


def parser(description: str, terms: str) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", required=True)
    ap.add_argument("--index", default="itlr-bench-100000")
    ap.add_argument("--source", default="../shared/data/negconstraint")
    ap.add_argument("--chunk-sentences", type=int, default=2)
    ap.add_argument("--terms", default=terms)
    ap.add_argument("--queries", type=int, default=30)
    return ap


def open_kept_index(args: argparse.Namespace) -> KeptIndex:
    _, _, pool, vectors, _ = _workload(args.source, get_embedder(None), progress=False, chunk_sentences=args.chunk_sentences)
    rng = random.Random(0)  # bench's seed and draw order: the same queries as its run
    exprs = {t: [random_query(rng.sample(pool, t), rng) for _ in range(args.queries)] for t in BENCH_TERMS}
    single = [vectors[rng.choice(pool)] for _ in range(args.queries)]
    workloads = {t: [(e, np.stack([vectors[x] for x in e.terms()])) for e in es] for t, es in exprs.items()}
    return KeptIndex(args, connect(args.url, "opensearch", timeout=120), workloads, single)
