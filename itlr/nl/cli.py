"""``itlr nl QUESTION``: a question in natural language to a logical query.

Imports nothing heavy: the LLM client (openai) loads only when the LLM path runs.
"""

from __future__ import annotations

import argparse
import json
import os


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "nl",
        help="turn a natural-language question into a logical query",
        description=(
            "Turn a question into a logical query. The LLM path (any OpenAI-compatible server) is the default "
            "when --base-url or ITLR_LLM_BASE_URL is set; otherwise the rule-based parser. An LLM that fails "
            "(refused key, unknown model, no answer in time, no valid query) is an error, unless --fallback "
            "(or ITLR_LLM_FALLBACK=rules) asks for the rules instead, with a warning on stderr."
        ),
    )
    p.add_argument("question", help="e.g. \"benefits of vitamin D other than bone health\"")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--llm", dest="method", action="store_const", const="llm", help="use the LLM")
    how.add_argument("--rules", dest="method", action="store_const", const="rules", help="use the rule-based parser only")
    p.add_argument("--base-url", help="OpenAI-compatible endpoint (default: ITLR_LLM_BASE_URL, then OPENAI_BASE_URL)")
    p.add_argument("--model", help="model name (default: ITLR_LLM_MODEL, else the server's first model)")
    p.add_argument("--api-key", help="API key (default: ITLR_LLM_API_KEY, then OPENAI_API_KEY)")
    p.add_argument("--timeout", type=float, help="seconds per LLM call (default: ITLR_LLM_TIMEOUT, else 30)")
    p.add_argument("--fallback", action="store_true", default=None,
                   help="when the LLM fails, use the rule-based parser with a warning (default: ITLR_LLM_FALLBACK, else fail)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the answer cache")
    p.add_argument("--json", action="store_true", help='print {"query", "ast", "method", "warnings"} as JSON')
    p.set_defaults(func=_run, method=None)


def _run(args: argparse.Namespace) -> None:
    import sys
    import warnings

    from . import NLWarning, to_logic

    method = args.method
    if method is None:
        method = "llm" if (args.base_url or os.environ.get("ITLR_LLM_BASE_URL", "").strip()) else "rules"
    if args.timeout is not None and args.timeout <= 0:
        raise ValueError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    with warnings.catch_warnings():
        # The warnings are printed once below (and are in --json); no Python warning text.
        warnings.simplefilter("ignore", NLWarning)
        result = to_logic(
            args.question,
            llm=(method == "llm"),
            base_url=args.base_url,
            model=args.model,
            api_key=args.api_key,
            timeout=args.timeout,
            cache=False if args.no_cache else None,
            fallback=args.fallback,
        )
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        for message in result.warnings:
            print(f"itlr: warning: {message}", file=sys.stderr)
        print(result.query)
