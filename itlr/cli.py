"""The ``itlr`` command. Thin: it parses arguments and calls the library.

Each command group lives beside the code it drives and adds itself with a
``register(subparsers)`` function; modules are imported only when their command
runs, so ``itlr parse`` never imports torch.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from .embedders import Embedder
    from .semantics import Semantics

# Modules that add subcommands; each has register(subparsers).
COMMAND_MODULES: list[str] = ["itlr.evaluation.cli", "itlr.cluster.cli", "itlr.nl.cli"]


class UsageError(ValueError):
    """Bad input from the command line: printed as one line, exit code 2."""


def _parse(args: argparse.Namespace) -> None:
    from .translator import parse

    expr = parse(args.query)
    print(expr.to_json(indent=2 if args.pretty else None) if args.json else str(expr))


def _demo(args: argparse.Namespace) -> None:
    from .demo import run

    run(k=args.k)


def _add_semantics(p: argparse.ArgumentParser) -> None:
    from .semantics import AND_OPS, NOT_OPS, OR_OPS

    g = p.add_argument_group("scoring (paper Table 2)")
    g.add_argument("--and", dest="and_op", choices=AND_OPS, default="product")
    g.add_argument("--or", dest="or_op", choices=OR_OPS, default="sum")
    g.add_argument("--not", dest="not_op", choices=NOT_OPS, default="one_minus")


def _semantics(args: argparse.Namespace) -> Semantics:
    from .semantics import Semantics

    return Semantics(and_op=args.and_op, or_op=args.or_op, not_op=args.not_op)


def _add_request(p: argparse.ArgumentParser) -> None:
    p.add_argument("-k", type=int, default=10, help="hits to return (default 10)")
    p.add_argument("--offset", type=int, default=0, help="hits to skip (pagination)")
    p.add_argument("--mode", choices=("auto", "approx", "exact"), default="auto", help="candidate generation (SPEC §3)")
    p.add_argument("--filter", type=_json_object, help="query-DSL filter as JSON, e.g. '{\"term\": {\"lang\": \"en\"}}'")
    p.add_argument("--explain", action="store_true", help="per-term truth values with each hit")
    p.add_argument("--knn-k", type=int, help="neighbours per kNN clause in approximate mode")
    p.add_argument("--num-candidates", type=int, help="HNSW candidates per shard")
    p.add_argument("--field", default="embedding", help="vector field (default embedding)")
    p.add_argument("--model", help="embedding model: sentence-transformers folder or name, or openai:MODEL (default all-MiniLM-L6-v2)")


def _add_cluster(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("cluster (default: the local engine)")
    g.add_argument("--url", default=os.environ.get("ITLR_URL"), help="Elasticsearch / OpenSearch base URL ($ITLR_URL)")
    g.add_argument("--engine", choices=("elasticsearch", "opensearch"), help="which engine --url is (default: ask it)")
    g.add_argument("--user", default=os.environ.get("ITLR_USER"))
    g.add_argument("--password", default=os.environ.get("ITLR_PASSWORD"))
    g.add_argument("--api-key", default=os.environ.get("ITLR_API_KEY"))
    g.add_argument("--ca-certs", default=os.environ.get("ITLR_CA_CERTS"))


def _json_object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise argparse.ArgumentTypeError("JSON nested deeper than Python reads") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("expected a JSON object")
    return value


def _client(args: argparse.Namespace) -> Any:
    """A cluster client for --url, or None for the local engine."""
    if not args.url:
        return None
    from .engines import connect, detect_engine

    engine = args.engine or detect_engine(args.url, user=args.user, password=args.password, api_key=args.api_key, ca_certs=args.ca_certs)
    return connect(args.url, engine, user=args.user, password=args.password, api_key=args.api_key, ca_certs=args.ca_certs)


def _embedder(args: argparse.Namespace) -> Embedder:
    from .embedders import get_embedder

    return get_embedder(args.model)


def _translate(args: argparse.Namespace) -> None:
    from .search import compile
    from .translator.formats import render

    vectors = None
    if args.vectors:
        with open(args.vectors, encoding="utf-8") as fh:
            vectors = json.load(fh)
        if not isinstance(vectors, dict):
            raise UsageError(f"{args.vectors}: expected a JSON object mapping each term to its vector")
    body = compile(
        args.query,
        dialect=args.dialect,
        embedder=None if vectors is not None else _embedder(args),
        term_vectors=vectors,
        field=args.field,
        k=args.k,
        offset=args.offset,
        mode=args.mode,
        filter=args.filter,
        explain=args.explain,
        semantics=_semantics(args),
        knn_k=args.knn_k,
        num_candidates=args.num_candidates,
        stored_script=args.stored_script,
        max_result_window=args.max_result_window,
    )
    print(render(body, args.format, index=args.index, url=args.url or "http://localhost:9200"))


def _index(args: argparse.Namespace) -> None:
    from .documents import read_jsonl
    from .indexing import index_documents
    from .local import LocalIndex

    if args.metadata is not None:
        from .filters import field_types

        field_types(args.metadata, text_field=args.text_field)  # bad declarations fail before any work
    client = _client(args)
    embedder = _embedder(args)
    docs = list(read_jsonl(args.input))
    if client is None:
        if os.path.isfile(os.path.join(args.index, "meta.json")):
            local = LocalIndex.load(args.index)
            if args.metadata is not None and args.metadata != local.metadata:
                raise UsageError(f"{args.index} already declares its field types {local.metadata}; --metadata cannot change them")
        else:
            local = LocalIndex(metadata=args.metadata, text_field=args.text_field)
        report = index_documents(local, None, docs, embedder=embedder, id_field=args.id_field, text_field=args.text_field, progress=True)
        local.save(args.index)
        print(f"{report.indexed} documents indexed; {len(local)} in local index {args.index}", file=sys.stderr)
        return
    report = index_documents(
        client, args.index, docs, embedder=embedder, field=args.field, id_field=args.id_field, text_field=args.text_field,
        batch_size=args.batch_size, shards=args.shards, replicas=args.replicas, progress=True, metadata=args.metadata,
    )
    print(f"{report.indexed} documents indexed into {args.index}", file=sys.stderr)


def _search(args: argparse.Namespace) -> None:
    from .local import LocalIndex
    from .search import LogicalSearch
    from .translator import parse

    query = parse(args.query)  # bad input first: before any model, index or cluster is touched
    client = _client(args)
    target = client if client is not None else LocalIndex.load(args.index)
    searcher = LogicalSearch(target, args.index, embedder=_embedder(args), field=args.field, semantics=_semantics(args))
    result = searcher.search(
        query, k=args.k, offset=args.offset, filter=args.filter, mode=args.mode, explain=args.explain,
        knn_k=args.knn_k, num_candidates=args.num_candidates,
    )
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return
    print(f"{result.query}   [{result.mode} mode, {len(result)} hits]")
    explained = args.explain and result.hits and result.hits[0].truth
    for rank, hit in enumerate(result.hits, 1 + args.offset):
        text = str(hit.source.get("text", hit.source.get("title", "")))
        text = " ".join(text.split())
        print(f"{rank:3d}  {hit.score:8.4f}  {hit.id:<16} {text[:72]}")
        if explained and hit.truth:
            print("       " + "   ".join(f"{t[:24]}={v:.3f}" for t, v in hit.truth.items()))


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage as one line (exit 2), like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see --help)\n")


# Commands defined in this file: when one of them runs, the command modules are not imported
# (``itlr parse`` loads no cluster, evaluation or LLM code, so it runs anywhere, fast).
BUILTIN_COMMANDS = ("parse", "demo", "translate", "index", "search")


def _command_of(argv: list[str]) -> str | None:
    """The subcommand named in ``argv`` (the first word that is not an option), if any."""
    return next((a for a in argv if not a.startswith("-")), None)


def build_parser(*, command_modules: bool = True) -> argparse.ArgumentParser:
    parser = _Parser(prog="itlr", description="Logical retrieval (AND, OR, NOT) over embeddings.")
    parser.add_argument("--debug", action="store_true", help="show the traceback of every error (also ITLR_DEBUG=1)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("parse", help="print a logical query in canonical form, or its AST as JSON")
    p.add_argument("query", help='e.g. \'"vitamin D benefits" AND NOT "bone health"\'')
    p.add_argument("--json", action="store_true", help="print the AST as JSON")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.set_defaults(func=_parse)

    p = sub.add_parser("demo", help="dense retrieval vs itlr on questions with an exclusion (built-in corpus)")
    p.add_argument("-k", type=int, default=3, help="hits shown per question")
    p.set_defaults(func=_demo)

    p = sub.add_parser("translate", help="compile a logical query into an Elasticsearch / OpenSearch request")
    p.add_argument("query")
    p.add_argument("--dialect", choices=("elasticsearch", "opensearch"), default="opensearch")
    p.add_argument("--format", choices=("json", "console", "curl"), default="json", help="console = Kibana / Dashboards Dev Tools")
    p.add_argument("--index", default="docs", help="index name for console and curl output")
    p.add_argument("--url", default=os.environ.get("ITLR_URL"), help="base URL for curl output")
    p.add_argument("--vectors", help="JSON file mapping each term to its vector (no model needed)")
    p.add_argument("--stored-script", action="store_true", help="call the stored script by id instead of inline source")
    p.add_argument("--max-result-window", type=int, default=10_000, metavar="N",
                   help="the target index's index.max_result_window: offset + k may not pass it (default 10,000)")
    _add_request(p)
    _add_semantics(p)
    p.set_defaults(func=_translate)

    p = sub.add_parser("index", help="embed and index a JSONL corpus (local folder, or a cluster with --url)")
    p.add_argument("input", help="JSON Lines, one document per line with an id and a text")
    p.add_argument("--index", required=True, help="local index folder, or index name with --url")
    p.add_argument("--id-field", default="_id")
    p.add_argument("--text-field", default="text")
    p.add_argument("--field", default="embedding", help="vector field (clusters)")
    p.add_argument("--model", help="embedding model (default all-MiniLM-L6-v2)")
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--shards", type=int, default=1)
    p.add_argument("--replicas", type=int, default=0)
    p.add_argument("--metadata", type=_json_object, help='field types of a new index as JSON, e.g. \'{"published": {"type": "date", "format": "yyyy-MM-dd"}}\'')
    _add_cluster(p)
    p.set_defaults(func=_index)

    p = sub.add_parser("search", help="run a logical query (local index folder, or a cluster with --url)")
    p.add_argument("query")
    p.add_argument("--index", required=True, help="local index folder, or index name with --url")
    p.add_argument("--json", action="store_true", help="print hits as JSON")
    _add_request(p)
    _add_semantics(p)
    _add_cluster(p)
    p.set_defaults(func=_search)

    if command_modules:
        for name in COMMAND_MODULES:
            importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(command_modules=_command_of(argv) not in BUILTIN_COMMANDS)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, or bad usage already reported in one line
        return int(exit_.code or 0)
    debug = args.debug or os.environ.get("ITLR_DEBUG", "").strip().lower() not in ("", "0", "false", "no")
    try:
        args.func(args)
    except KeyboardInterrupt:
        print("itlr: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - sorted into the user's errors and itlr's own below
        if not is_user_error(exc, args):
            traceback.print_exc()
            print(f"itlr: internal error: {type(exc).__name__}: {one_line(exc)} (a bug in itlr: please report it with the traceback above)", file=sys.stderr)
            return 1
        if debug:
            traceback.print_exc()
        print(f"itlr: error: {one_line(exc)}", file=sys.stderr)
        return 2
    return 0


# Error classes of command modules, recognised only when their module is already loaded:
# classifying an error must never import a module (``itlr parse`` imports no cluster code).
_OPTIONAL_USER_ERRORS = (("itlr.cluster.errors", "ClusterError"), ("itlr.nl.llm", "LLMError"))


def is_user_error(exc: BaseException, args: argparse.Namespace | None = None) -> bool:
    """Whether ``exc`` is something the user can act on (one line, exit 2) rather
    than a bug in itlr (traceback, exit 1).

    User errors: bad input (``ValueError``, ``ParseError``, ``LookupError`` such as
    an unknown model or a missing vector), a service that refused or is down
    (:class:`~itlr.errors.ServiceError`: ``EngineError``, ``EndpointError``,
    ``IndexingError``), and an ``OSError`` on a path the user named on the
    command line. ``KeyError``/``IndexError`` are Python's own lookups failing
    inside itlr: bugs, although they are ``LookupError``s.
    """
    from .errors import ServiceError

    if isinstance(exc, (KeyError, IndexError)):
        return False
    if isinstance(exc, (ValueError, LookupError, ServiceError)):
        return True
    if isinstance(exc, OSError):
        return args is not None and _on_user_path(exc, args)
    for module, name in _OPTIONAL_USER_ERRORS:
        cls = getattr(sys.modules.get(module), name, None)
        if isinstance(cls, type) and isinstance(exc, cls):
            return True
    return False


def _on_user_path(exc: OSError, args: argparse.Namespace) -> bool:
    """Whether the failing path is one the user gave (or lies inside one they gave)."""
    failed = [Path(str(f)) for f in (exc.filename, exc.filename2) if f is not None]
    given = [Path(v) for v in vars(args).values() if isinstance(v, str) and v and "\x00" not in v]
    return any(f == g or g in f.parents for f in failed for g in given)


def one_line(exc: BaseException) -> str:
    from .translator import ParseError

    if isinstance(exc, ParseError):
        return f"{exc.message} at column {exc.column}"
    text = str(exc) or type(exc).__name__
    return " ".join(text.split())


if __name__ == "__main__":
    sys.exit(main())
