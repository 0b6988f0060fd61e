"""``itlr cluster up|down|status``: local single-node Elasticsearch / OpenSearch without Docker."""

from __future__ import annotations

import argparse
import json
import sys

ENGINE_CHOICES = ("elasticsearch", "opensearch", "es", "os")


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "cluster",
        help="start/stop a local Elasticsearch or OpenSearch node (no Docker needed)",
        description="Fetch (Maven Central, with mvn), start and stop single-node engines on 127.0.0.1. "
        "Security is OFF: for local development and tests only.",
    )
    sub = p.add_subparsers(dest="cluster_command", required=True, metavar="ACTION")

    up = sub.add_parser("up", help="start a node (reusing a running one); print its base URL")
    up.add_argument("engine", choices=ENGINE_CHOICES, metavar="ENGINE", help="elasticsearch | opensearch")
    up.add_argument("--timeout", type=float, default=None, help="seconds to wait for health (default 180)")
    up.set_defaults(func=_up)

    down = sub.add_parser("down", help="stop a node and remove its data")
    down.add_argument("engine", choices=ENGINE_CHOICES, metavar="ENGINE", help="elasticsearch | opensearch")
    down.add_argument("--force", action="store_true", help="stop it even while test sessions use it")
    down.set_defaults(func=_down)

    st = sub.add_parser("status", help="show the pinned versions and the nodes that run")
    st.add_argument("--json", action="store_true", help="print JSON")
    st.set_defaults(func=_status)


def _fail(exc: Exception) -> None:
    from .errors import ClusterError

    if isinstance(exc, ClusterError):
        print(f"itlr: error: {exc.headline}", file=sys.stderr)
        if exc.details:
            print(exc.details, file=sys.stderr)
        raise SystemExit(2)
    raise exc


def _up(args: argparse.Namespace) -> None:
    from . import ClusterError, up

    try:
        url = up(args.engine, timeout=args.timeout)
    except ClusterError as exc:
        _fail(exc)
    print(url, flush=True)


def _down(args: argparse.Namespace) -> None:
    from . import ClusterError, down, get_engine

    try:
        was = down(args.engine, force=args.force)
    except ClusterError as exc:
        _fail(exc)
    name = get_engine(args.engine).name
    print(f"itlr cluster: {name} {'stopped' if was else 'was not running'}", file=sys.stderr)


def _status(args: argparse.Namespace) -> None:
    from . import cache_root, status

    entries = status()
    if args.json:
        print(json.dumps({"cache": str(cache_root()), "nodes": entries}, indent=2))
        return
    print(f"cache: {cache_root()}")
    for e in entries:
        state = f"running ({e['health'] or 'no answer'}) at {e['url']}, pid {e['pid']}" if e["running"] else "stopped"
        installed = "installed" if e["installed"] else "not downloaded"
        print(f"{e['engine']:<14} {e['version']:<8} {installed:<15} {state}")
        print(f"{'':<14} logs: {e['logs']}")
