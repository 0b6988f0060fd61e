"""Soak: N concurrent clients × M random logical queries against OpenSearch through
one shared ``itlr.LogicalSearch``, beside the same load of single-vector kNN queries.

    python benchmarks/soak.py --url http://127.0.0.1:9200            # 16 clients × 1,000 queries
    python benchmarks/soak.py --clients 4 --queries 100 --docs 2000   # a quick look

Queries: 1–8 terms, every operator family (AND product/sum/min, OR sum/max, NOT 1−x
or 1/x, sometimes a sigmoid), filters half the time, explain 30%, pages 1–3, modes
auto/exact/approx (see ``itlr/evaluation/load.py``). Documents and terms are
synthetic 384-dimensional vectors (documents near one to three of 48 topic
centres; the terms are the centres), so no model runs during the load: the figures
are the engine's and itlr's, not the embedder's.

Reports errors (must be 0), the node's script compilations during the load (must be
0 after warm-up), p50 / p99 latency and throughput for each load, and latency per
mode. Exit code 1 when there were errors or compilations. The index is created
fresh and deleted at the end (``--keep`` keeps it).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import uuid

import numpy as np


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default=os.environ.get("ITLR_OPENSEARCH_URL"), help="OpenSearch URL ($ITLR_OPENSEARCH_URL)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--queries", type=int, default=1000, help="queries per client")
    parser.add_argument("--warmup", type=int, default=200, help="queries run first, one at a time, not measured")
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--dims", type=int, default=384)
    parser.add_argument("--shards", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--index", help="index name (default: a fresh soak-<random> index)")
    parser.add_argument("--keep", action="store_true", help="keep the index afterwards")
    parser.add_argument("--out", help="write the report as JSON")
    args = parser.parse_args(argv)
    if not args.url:
        parser.error("give --url or set ITLR_OPENSEARCH_URL")
    if min(args.clients, args.queries, args.docs, args.dims) < 1 or args.warmup < 0:
        parser.error("--clients, --queries, --docs and --dims must be positive")

    from opensearchpy import OpenSearch

    from itlr import LogicalSearch, PrecomputedEmbedder
    from itlr.evaluation.load import make_corpus, random_filter, random_queries, run_load
    from itlr.evaluation.reporting import machine, write_json

    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    corpus = make_corpus(args.docs, dims=args.dims, seed=args.seed)
    terms = list(corpus.terms)
    client = OpenSearch(hosts=[args.url], timeout=120, pool_maxsize=args.clients)  # a connection per client thread
    index = args.index or f"soak-{uuid.uuid4().hex[:8]}"
    search = LogicalSearch(client, index, embedder=PrecomputedEmbedder(corpus.terms))
    assert search.engine is not None
    print(f"indexing {args.docs} documents into {index} ...", file=sys.stderr)
    search.index_documents(corpus.docs, vectors=corpus.vectors, shards=args.shards, batch_size=500)
    try:
        for query in random_queries(terms, args.warmup, seed=args.seed + 1):
            query.run(search)
        rng = np.random.default_rng(args.seed)
        prng = random.Random(args.seed)
        knn_work = [
            [(corpus.vectors[rng.integers(args.docs)] + rng.normal(0, 0.02, args.dims), random_filter(prng)) for _ in range(args.queries)]
            for _ in range(args.clients)
        ]
        for vector, filter in knn_work[0][: max(1, args.warmup // 4)]:
            search.knn(vector, k=10, filter=filter)

        work = [random_queries(terms, args.queries, seed=args.seed + 1000 + c) for c in range(args.clients)]
        compiled = search.engine.script_stats()["compilations"]
        print(f"{args.clients} clients x {args.queries} logical queries ...", file=sys.stderr)
        logical = run_load(lambda query: query.run(search), work)
        compiled_during = search.engine.script_stats()["compilations"] - compiled
        print(f"{args.clients} clients x {args.queries} kNN queries ...", file=sys.stderr)
        knn = run_load(lambda item: search.knn(item[0], k=10, filter=item[1]), knn_work)
    finally:
        if not args.keep:
            search.engine.delete_index(index)

    by_mode = {
        mode: logical.summary(lambda c, i, mode=mode: work[c][i].mode == mode) for mode in ("auto", "approx", "exact")
    }
    by_mode["explain"] = logical.summary(lambda c, i: work[c][i].explain)
    report = {
        "command": "python benchmarks/soak.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "date": started,
        "machine": machine(),
        "load_average": " ".join(f"{x:.1f}" for x in os.getloadavg()),
        "corpus": {"docs": args.docs, "dims": args.dims, "shards": args.shards, "terms": len(terms)},
        "logical": logical.summary() | {"script_compilations": compiled_during},
        "logical_by_mode": by_mode,
        "knn": knn.summary(),
        "errors": (logical.errors + knn.errors)[:20],
    }
    print(format_report(report))
    if args.out:
        write_json(args.out, report)
    return 1 if logical.errors or knn.errors or compiled_during else 0


def format_report(report: dict) -> str:
    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}"

    corpus = report["corpus"]
    lines = [
        f"soak on OpenSearch: {corpus['docs']} documents × {corpus['dims']} dims, {corpus['shards']} shard(s); "
        f"{report['machine']}; load average at the end {report['load_average']}; {report['date']}",
        "",
        f"{'load':<28}{'requests':>9}{'errors':>8}{'p50 ms':>9}{'p99 ms':>9}{'queries/s':>11}",
    ]
    for name, row in (("logical queries", report["logical"]), ("single-vector kNN", report["knn"])):
        lines.append(f"{name:<28}{row['requests']:>9}{row['errors']:>8}{ms(row['p50_ms']):>9}{ms(row['p99_ms']):>9}"
                     f"{row['throughput_qps']:>11}")
    for name, row in report["logical_by_mode"].items():
        lines.append(f"{'  of which ' + name:<28}{row['requests']:>9}{'':>8}{ms(row['p50_ms']):>9}{ms(row['p99_ms']):>9}")
    lines.append(f"script compilations during the logical load: {report['logical']['script_compilations']}")
    lines += [f"error: {e}" for e in report["errors"]]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
