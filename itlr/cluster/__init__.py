"""Real single-node Elasticsearch and OpenSearch on 127.0.0.1, without Docker.

``up("opensearch")`` fetches the engine's integ-test distribution (and, for
OpenSearch, the k-NN plugin) from Maven Central with ``mvn``, caches it outside
the repository, starts a node as an unprivileged user when run as root, waits
for it to be healthy and returns its base URL. ``down`` stops it. Versions and
artifacts are pinned in :mod:`itlr.cluster.engines`; see docs/CLUSTERS.md.

Names load on first use: the ``itlr`` command registers ``itlr cluster`` from
this package, and no other command should import the node code (it needs the
POSIX-only ``pwd`` and ``fcntl``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

# name -> submodule that defines it
_LAZY = {
    "ELASTICSEARCH": ".engines", "ENGINES": ".engines", "OPENSEARCH": ".engines", "Engine": ".engines", "get_engine": ".engines",
    "ClusterError": ".errors",
    "cache_root": ".install",
    "Node": ".node", "down": ".node", "health": ".node", "log_dir": ".node", "log_tail": ".node", "release": ".node",
    "running": ".node", "start": ".node", "status": ".node", "up": ".node",
}

__all__ = [
    "up", "down", "start", "release", "status", "running", "health", "log_dir", "log_tail", "cache_root",
    "Node", "Engine", "ENGINES", "ELASTICSEARCH", "OPENSEARCH", "get_engine", "ClusterError",
]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'itlr.cluster' has no attribute {name!r}")
    try:
        module = import_module(_LAZY[name], __name__)
    except ModuleNotFoundError as exc:
        if exc.name not in ("pwd", "fcntl"):
            raise
        from .errors import ClusterError

        raise ClusterError(f"itlr cluster starts nodes on Linux and macOS only (no {exc.name} module here)") from None
    value = getattr(module, name)
    globals()[name] = value
    return value
