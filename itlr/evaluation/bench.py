"""``itlr bench``: latency, recall and throughput (filled in below)."""

from __future__ import annotations


def add_bench_parser(subparsers, func) -> None:
    p = subparsers.add_parser("bench", help="latency / recall / throughput benchmarks")
    p.set_defaults(func=func)


def run_bench_cli(args) -> None:
    raise LookupError("itlr bench is not ready yet")
