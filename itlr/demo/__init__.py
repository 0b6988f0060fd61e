"""The README's first command: dense retrieval vs itlr on questions with an
exclusion, over a small corpus written for this project (``corpus.jsonl``)."""

from __future__ import annotations

import sys
import time
from importlib import resources
from importlib.abc import Traversable
from typing import TextIO

from ..documents import read_jsonl

__all__ = ["CASES", "run", "corpus_path"]

# (question, its logical query, the aspect the question excludes)
CASES = [
    ("What are the benefits of vitamin D other than bone health?", '"vitamin D benefits" AND NOT "bone health"', "bone health"),
    ("Health effects of coffee, apart from sleep", '"health effects of coffee" AND NOT "sleep"', "sleep"),
    ("Things to see in Paris except the Eiffel Tower", '"things to see in Paris" AND NOT "Eiffel Tower"', "eiffel tower"),
    ("Facts about the jaguar, excluding the car brand", '"jaguar" AND NOT "car"', "car"),
    ("Mars exploration missions other than rovers", '"Mars exploration missions" AND NOT "rover"', "rovers"),
]


def corpus_path() -> Traversable:
    return resources.files(__package__).joinpath("corpus.jsonl")


def run(k: int = 3, out: TextIO = sys.stdout) -> dict[str, int]:
    """Prints both rankings per case, marking hits about the excluded aspect; returns the violation counts."""
    from ..embedders import default_embedder
    from ..local import LocalIndex

    started = time.perf_counter()
    embedder = default_embedder()
    index = LocalIndex()
    with resources.as_file(corpus_path()) as path:
        index.add(read_jsonl(path), embedder=embedder)
    totals = {"dense": 0, "itlr": 0}
    print(f"{len(index)} documents indexed with {embedder.name}; top {k} per question, ✗ = about what the question excludes\n", file=out)
    for question, logic, excluded in CASES:
        dense = index.knn(embedder.embed([question])[0], k=k)
        logical = index.search(logic, embedder=embedder, k=k)
        print(f"Q: {question}", file=out)
        for name, hits, label in (("dense", dense, "dense on the question"), ("itlr", logical, f"itlr  {logical.query}")):
            bad = sum(h.source.get("aspect") == excluded for h in hits)
            totals[name] += bad
            print(f"  {label}", file=out)
            for h in hits:
                mark = "✗" if h.source.get("aspect") == excluded else "✓"
                print(f"    {mark} {h.score:6.3f}  {h.source['text'][:88]}", file=out)
        print(file=out)
    cases = len(CASES) * k
    print(
        f"excluded documents in the top {k}: dense {totals['dense']}/{cases}, itlr {totals['itlr']}/{cases}"
        f"  ({time.perf_counter() - started:.1f} s)",
        file=out,
    )
    return totals
