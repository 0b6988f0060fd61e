"""The ``itlr`` command. Thin: it parses arguments and calls the library.

Each command group lives beside the code it drives and adds itself with a
``register(subparsers)`` function; modules are imported only when their command
runs, so ``itlr parse`` never imports torch.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

# Modules that add subcommands; each has register(subparsers).
COMMAND_MODULES: list[str] = []


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit code 2."""


def _parse(args: argparse.Namespace) -> None:
    from .translator import parse

    expr = parse(args.query)
    print(expr.to_json(indent=2 if args.pretty else None) if args.json else str(expr))


def _demo(args: argparse.Namespace) -> None:
    from .demo import run

    run(k=args.k)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="itlr", description="Logical retrieval (AND, OR, NOT) over embeddings.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("parse", help="print a logical query in canonical form, or its AST as JSON")
    p.add_argument("query", help='e.g. \'"vitamin D benefits" AND NOT "bone health"\'')
    p.add_argument("--json", action="store_true", help="print the AST as JSON")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.set_defaults(func=_parse)

    p = sub.add_parser("demo", help="dense retrieval vs itlr on questions with an exclusion (built-in corpus)")
    p.add_argument("-k", type=int, default=3, help="hits shown per question")
    p.set_defaults(func=_demo)

    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except KeyboardInterrupt:
        print("itlr: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except (UsageError, ValueError, LookupError, OSError, json.JSONDecodeError) as exc:
        print(f"itlr: error: {one_line(exc)}", file=sys.stderr)
        return 2
    return 0


def one_line(exc: BaseException) -> str:
    from .translator import ParseError

    if isinstance(exc, ParseError):
        return f"{exc.message} at column {exc.column}"
    text = str(exc) or type(exc).__name__
    return " ".join(text.split())


if __name__ == "__main__":
    sys.exit(main())
