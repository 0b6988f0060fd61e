"""``itlr eval`` and ``itlr bench``."""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path

from .reporting import machine as _machine, write_json as _write_json


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {value}")
    return value


def _eval(args: argparse.Namespace) -> None:
    from ..embedders import get_embedder

    embedder = get_embedder(args.model)
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    if args.dataset == "synthetic" and not Path("synthetic").is_dir():
        from .synthetic import run_synthetic

        report = run_synthetic(
            embedder,
            source=args.source,
            topics=args.topics,
            seed=args.seed,
            k=args.k,
            ablation=args.ablation,
            max_terms=args.max_terms,
            groups=args.groups,
            plot=args.plot,
            progress=not args.quiet,
        )
        report.update({"date": started, "machine": _machine(), "model": embedder.name, "command": "itlr eval synthetic"})
        from .synthetic import format_synthetic

        print(format_synthetic(report))
        if args.out:
            _write_json(args.out, report)
        return

    from .datasets import load_dataset
    from .runner import EvalConfig, cluster_search, format_report, local_search, run_eval

    dataset = load_dataset(args.dataset, split=args.split, qrels=args.qrels, logic=args.logic, violations=args.violations)
    if args.systems:
        systems = [s.strip() for s in args.systems.split(",") if s.strip()]
    else:
        systems = ["dense", "itlr"] if dataset.logic else ["dense", "itlr-nl"]
    progress = not args.quiet
    if args.engine == "local":
        search, folder = local_search(dataset, embedder, use_cache=not args.no_cache, progress=progress)
        where = f"local engine (index cached at {folder})" if not args.no_cache else "local engine"
    else:
        if not args.url:
            raise ValueError(f"--engine {args.engine} needs --url (e.g. http://127.0.0.1:9200)")
        index_name = args.index or f"itlr-eval-{dataset.name.lower()}"
        search = cluster_search(args.engine, args.url, index_name, dataset, embedder, progress=progress)
        where = f"{args.engine} at {args.url}, index {index_name}"
    config = EvalConfig(
        k=args.k,
        mode=args.mode,
        systems=systems,
        ablation=args.ablation,
        calibrate=args.calibrate,
        limit=args.limit,
        progress=progress,
        negatives_per_query=args.negatives,
        seed=args.seed,
        llm=False if args.nl == "rules" else (True if args.nl == "llm" else None),
    )
    report = run_eval(dataset, search, config)
    report = {
        "dataset": str(dataset.path),
        "logic": str(dataset.logic_path) if dataset.logic_path else None,
        "violations": str(dataset.violations_path) if dataset.violations_path else None,
        "model": embedder.name,
        "backend": where,
        "date": started,
        "machine": _machine(),
        **report,
    }
    report["header"] = (
        f"{dataset.name}: {report['queries']} queries, {len(dataset.corpus)} passages; model {embedder.name}; "
        f"{where}; mode {args.mode}; {started}"
    )
    print(format_report(report))
    if args.out:
        _write_json(args.out, report)


def _bench(args: argparse.Namespace) -> None:
    from .bench import run_bench_cli

    run_bench_cli(args)


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "eval",
        help="evaluate dense retrieval vs itlr on a BEIR-layout dataset, or the synthetic benchmark",
        description=(
            "Scores systems on a BEIR-layout folder (corpus.jsonl, queries.jsonl, qrels TSV): nDCG@k, recall@k, "
            "MRR@10 and, with violation labels, LSNC@k; broken down by the number of NOTs in the logical form. "
            "DATASET `synthetic` runs the compositional benchmark of the paper's Appendix H instead."
        ),
    )
    p.add_argument("dataset", help="BEIR-layout folder, or `synthetic`")
    p.add_argument("--systems", help="comma-separated: dense, itlr (given forms), itlr-nl (forms from itlr nl); "
                   "default dense,itlr with logical forms, else dense,itlr-nl")
    p.add_argument("--logic", help='JSONL of {"_id", "logic"} per query (default: logic.jsonl in the folder)')
    p.add_argument("--violations", help="TSV query-id, corpus-id, 1 for passages violating the exclusion (enables LSNC)")
    p.add_argument("--qrels", help="qrels TSV (default: qrels/SPLIT.tsv or SPLIT.tsv in the folder)")
    p.add_argument("--split", default="test", help="qrels split name (default test)")
    p.add_argument("-k", type=_positive_int, default=10, help="cut-off for nDCG, recall and LSNC (default 10)")
    p.add_argument("--mode", choices=("exact", "approx", "auto"), default="exact",
                   help="itlr search mode (default exact: every passage scored)")
    p.add_argument("--engine", choices=("local", "elasticsearch", "opensearch"), default="local")
    p.add_argument("--url", help="cluster URL for --engine elasticsearch/opensearch")
    p.add_argument("--index", help="cluster index name (created and filled when missing)")
    p.add_argument("--model", help="embedding model (default all-MiniLM-L6-v2)")
    p.add_argument("--ablation", action="store_true", help="also run the operator families of the paper's Table 2")
    p.add_argument("--calibrate", choices=("split", "qrels"),
                   help="add per-term sigmoid calibration (Appendix E) fitted on a 50/50 query split, "
                        "or in-sample on the qrels")
    p.add_argument("--negatives", type=int, default=50, help="sampled negatives per query for calibration")
    p.add_argument("--nl", choices=("auto", "rules", "llm"), default="auto",
                   help="itlr-nl translator: auto (an LLM when ITLR_LLM_BASE_URL/ITLR_LLM_MODEL are set, else rules), "
                        "rules only, or the LLM")
    p.add_argument("--limit", type=_positive_int, help="evaluate only the first N queries")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", help="write the full results (per query too) as JSON")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the cached local index")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    g = p.add_argument_group("synthetic benchmark (DATASET = synthetic)")
    g.add_argument("--source", help="corpus.jsonl (or BEIR folder) whose subjects supply topics and text "
                   "(default: the built-in demo corpus)")
    g.add_argument("--topics", type=int, default=30, help="topic triples (each used with all 48 templates)")
    g.add_argument("--max-terms", type=int, default=6, help="largest pure AND / OR query for the terms figure")
    g.add_argument("--groups", type=int, default=20, help="queries per point of the terms figure")
    g.add_argument("--plot", help="PNG for the by-terms figure (Figure 3 analogue)")
    p.set_defaults(func=_eval)

    from .bench import add_bench_parser

    add_bench_parser(subparsers, _bench)
