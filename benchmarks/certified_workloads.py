"""Does the default mode (``auto``) return exact mode's top 10, and how often is it
certified from kNN lists? Issue 11, benchmark workloads (b) and (c):

- NegConstraint's judged questions with the rule forms (``to_logic(q, llm=False)``:
  ``.expr`` and ``.search_expr``, what ``ask`` searches) and the hand forms
  (``benchmarks/negconstraint_logic.jsonl``);
- the synthetic three-term benchmark (``itlr eval synthetic``'s corpus and queries);

on the local engine (a scan, and with ``build_ann()`` and its size threshold lowered
to 0 so that the certified path runs) and on OpenSearch (1 and 3 shards).

    python benchmarks/certified_workloads.py --source /work/shared/data/negconstraint \\
        --out benchmarks/results/certified_workloads.json

A certified page (``certificate.certified``) that differs from exact mode's is a bug;
every such page is listed in the JSON (``certified_but_different``) with both rankings.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from itlr import LocalIndex, LogicalSearch, default_embedder, to_logic
from itlr.embedders import Embedder
from itlr.evaluation.datasets import load_dataset, read_logic
from itlr.evaluation.synthetic import _load_source, build_three_term, topics_from_corpus
from itlr.translator.ast import Expr

HERE = Path(__file__).resolve().parent


@dataclass
class Workload:
    name: str
    docs: list[dict[str, Any]]
    queries: list[tuple[str, Expr]]


def negconstraint_workloads(source: str, hand_path: Path, limit: int | None) -> list[Workload]:
    data = load_dataset(source)
    judged = data.judged_queries[:limit] if limit else data.judged_queries
    rule = {qid: to_logic(data.queries[qid], llm=False) for qid in judged}
    hand = read_logic(hand_path)
    docs = [dict(d) for d in data.corpus]
    return [
        Workload("negconstraint rule .expr", docs, [(q, rule[q].expr) for q in judged]),
        Workload("negconstraint rule .search_expr", docs, [(q, rule[q].search_expr) for q in judged]),
        Workload("negconstraint hand", docs, [(q, e) for q, e in hand.items() if q in data.queries]),
    ]


def synthetic_workload(source: str, triples: int, seed: int, limit: int | None) -> Workload:
    topics = topics_from_corpus(_load_source(source))
    data = build_three_term(topics, triples=triples, copies=2, seed=seed)
    docs = [{"_id": d.id, "text": d.text} for d in data.docs]
    queries = [(q.id, q.expr) for q in data.queries]
    if limit and limit < len(queries):
        queries = random.Random(seed).sample(queries, limit)
    return Workload("synthetic three-term", docs, queries)


def compare(search: LogicalSearch, workload: Workload, k: int) -> dict[str, Any]:
    """Runs every query in exact and in auto mode; counts identical pages and certificates."""
    identical = same_set = certified = from_lists = 0
    overlap: list[float] = []
    rounds: list[int] = []
    depths: dict[str, int] = {}
    outcomes: dict[str, int] = {}  # (certifying depth, rounds): None = scored exhaustively
    different: list[dict[str, Any]] = []
    not_identical: list[dict[str, Any]] = []
    started = time.perf_counter()
    for qid, expr in workload.queries:
        exact = search.search(expr, k=k, mode="exact")
        auto = search.search(expr, k=k)
        cert = auto.certificate
        assert cert is not None
        exact_ids = [h.id for h in exact.hits]
        auto_ids = [h.id for h in auto.hits]
        same = exact_ids == auto_ids
        identical += same
        same_set += set(exact_ids) == set(auto_ids)
        overlap.append(len(set(exact_ids) & set(auto_ids)) / max(len(exact_ids), 1))
        certified += cert.certified
        from_lists += cert.depth is not None
        rounds.append(cert.rounds)
        depths[str(cert.depth)] = depths.get(str(cert.depth), 0) + 1
        shape = f"depth {cert.depth}, {cert.rounds} rounds"
        outcomes[shape] = outcomes.get(shape, 0) + 1
        if not same:
            entry = {
                "query": qid, "expr": str(expr), "certificate": cert.to_dict(),
                "exact": [(h.id, round(h.score, 6)) for h in exact.hits],
                "auto": [(h.id, round(h.score, 6)) for h in auto.hits],
            }
            # Same documents and the same score at every rank: only tied documents swapped.
            entry["ties_only"] = set(exact_ids) == set(auto_ids) and all(
                abs(e.score - a.score) <= 1e-9 for e, a in zip(exact.hits, auto.hits))
            not_identical.append(entry)
            if cert.certified:
                different.append(entry)
    n = len(workload.queries)
    return {
        "queries": n,
        "identical_top_k": identical,
        "identical_share": identical / n if n else None,
        "same_set": same_set,
        "recall_at_k": float(np.mean(overlap)) if overlap else None,
        "certified": certified,
        "certified_share": certified / n if n else None,
        "certified_from_lists": from_lists,
        "from_lists_share": from_lists / n if n else None,
        "depths": depths,
        "outcomes": dict(sorted(outcomes.items())),
        "mean_rounds": float(np.mean(rounds)) if rounds else None,
        "max_rounds": max(rounds) if rounds else None,
        "certified_but_different": different,
        "not_identical": not_identical,
        "seconds": round(time.perf_counter() - started, 1),
    }


def local_backends(
    workload: Workload, embedder: Embedder, list_budget: float, beams: list[int | None]
) -> tuple[np.ndarray, list[tuple[str, LogicalSearch]]]:
    """A scan, and one index with an ANN graph per starting beam (None: the library's)."""
    local = LocalIndex()
    local.add(workload.docs, embedder=embedder)
    searches = [("local scan", LogicalSearch(local, embedder=embedder))]
    for ef_search in beams:
        with_ann = LocalIndex(model=local.model)
        with_ann.add(workload.docs, vectors=local.vectors)
        # Threshold 0: auto takes the certified kNN path whatever the corpus size; the list
        # budget (default 1/32 of the rows) would send most multi-term queries on these
        # small corpora straight to a scan, so it is raised too.
        options = {} if ef_search is None else {"ef_search": ef_search}
        with_ann.build_ann(min_documents=0, list_budget=list_budget, **options)
        assert with_ann.ann is not None
        label = "default" if ef_search is None else str(ef_search)
        searches.append((f"local ANN (ef {label} -> {with_ann.ann.ef_search})", LogicalSearch(with_ann, embedder=embedder)))
    return np.array(local.vectors), searches


def _load() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def _differences(entries: list[dict[str, Any]]) -> str:
    ties = sum(e["ties_only"] for e in entries)
    return f"{len(entries)} ({ties} tie order)" if entries else "0"


def format_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| workload | backend | queries | identical top 10 | same set | recall@10 | certified | from kNN lists | mean rounds | certified ≠ exact |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        lines.append(
            f"| {r['workload']} | {r['backend']} | {r['queries']} | {r['identical_top_k']} ({100 * r['identical_share']:.1f}%) "
            f"| {r['same_set']} | {r['recall_at_k']:.3f} | {100 * r['certified_share']:.1f}% | {100 * r['from_lists_share']:.1f}% "
            f"| {r['mean_rounds']:.2f} | {_differences(r['certified_but_different'])} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default="/work/shared/data/negconstraint", help="NegConstraint, BEIR layout")
    parser.add_argument("--hand", default=str(HERE / "negconstraint_logic.jsonl"), help="hand-written logical forms")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--triples", type=int, default=30, help="synthetic topic triples (48 queries each)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, default=None, help="at most this many queries per workload")
    parser.add_argument("--workloads", default="negconstraint,synthetic")
    parser.add_argument("--backends", default="local,opensearch")
    parser.add_argument("--shards", default="1,3", help="OpenSearch shard counts")
    parser.add_argument("--ann-list-budget", type=float, default=1.0,
                        help="local ANN: deepen the kNN lists until together they hold this share of the rows (library default 1/32)")
    parser.add_argument("--ann-ef-search", default="default,256",
                        help="local ANN: starting search beams for 100 neighbours, one index each "
                             "(default: the library's, 256; calibrate() may raise it)")
    parser.add_argument("--url", default=os.environ.get("ITLR_OPENSEARCH_URL", ""), help="OpenSearch URL ($ITLR_OPENSEARCH_URL)")
    parser.add_argument("--index-prefix", default="h9-certified", help="OpenSearch index names: PREFIX-DOCS-SHARDS (deleted afterwards)")
    parser.add_argument("--out", default=str(HERE / "results" / "certified_workloads.json"))
    args = parser.parse_args()
    backends = set(args.backends.split(","))
    beams = [None if b == "default" else int(b) for b in args.ann_ef_search.split(",")]
    if "opensearch" in backends and not args.url:
        parser.error("give --url or set ITLR_OPENSEARCH_URL (or --backends local)")

    embedder = default_embedder()
    workloads: list[Workload] = []
    kinds = set(args.workloads.split(","))
    if "negconstraint" in kinds:
        workloads += negconstraint_workloads(args.source, Path(args.hand), args.limit)
    if "synthetic" in kinds:
        workloads.append(synthetic_workload(args.source, args.triples, args.seed, args.limit))
    load_before = _load()
    rows: list[dict[str, Any]] = []
    corpora: dict[int, tuple[np.ndarray, list[tuple[str, LogicalSearch]]]] = {}
    client = None
    if "opensearch" in backends:
        from opensearchpy import OpenSearch

        client = OpenSearch(hosts=[args.url], timeout=120)
    created: list[str] = []
    try:
        for workload in workloads:
            key = id(workload.docs)
            if key not in corpora:  # the three NegConstraint workloads share one corpus
                corpora[key] = local_backends(workload, embedder, args.ann_list_budget, beams)
            vectors, searches = corpora[key]
            plans: list[tuple[str, LogicalSearch]] = []
            if "local" in backends:
                plans += searches
            if client is not None:
                for shards in (int(s) for s in args.shards.split(",")):
                    index = f"{args.index_prefix}-{len(workload.docs)}-{shards}"
                    search = LogicalSearch(client, index, embedder=embedder)
                    assert search.engine is not None
                    if index not in created:
                        search.engine.delete_index(index)  # a leftover of an interrupted run
                        search.index_documents(workload.docs, vectors=vectors, shards=shards, batch_size=500)
                        created.append(index)
                    plans.append((f"OpenSearch, {shards} shard{'s' if shards > 1 else ''}", search))
            for backend, search in plans:
                print(f"{workload.name} / {backend}: {len(workload.queries)} queries ...", file=sys.stderr, flush=True)
                result = compare(search, workload, args.k)
                rows.append({"workload": workload.name, "backend": backend, "documents": len(workload.docs), **result})
                print(format_table(rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    finally:
        for index in created:
            assert client is not None
            client.indices.delete(index=index)
    table = format_table(rows)
    print(table)
    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": _commit(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared)",
        "load_average_before": load_before,
        "load_average_after": _load(),
        "model": embedder.name,
        "k": args.k,
        "local_ann": {"min_documents": 0, "list_budget": args.ann_list_budget, "ef_search": args.ann_ef_search},
        "command": " ".join(["python", "benchmarks/certified_workloads.py", *sys.argv[1:]]),
        "rows": rows,
        "table": table,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
