"""Real single-node Elasticsearch and OpenSearch on 127.0.0.1, without Docker.

``up("opensearch")`` fetches the engine's integ-test distribution (and, for
OpenSearch, the k-NN plugin) from Maven Central with ``mvn``, caches it outside
the repository, starts a node as an unprivileged user when run as root, waits
for it to be healthy and returns its base URL. ``down`` stops it. Versions and
artifacts are pinned in :mod:`itlr.cluster.engines`; see docs/CLUSTERS.md.
"""

from __future__ import annotations

from .engines import ELASTICSEARCH, ENGINES, OPENSEARCH, Engine, get_engine
from .errors import ClusterError
from .install import cache_root
from .node import Node, down, health, log_dir, log_tail, release, running, start, status, up

__all__ = [
    "up", "down", "start", "release", "status", "running", "health", "log_dir", "log_tail", "cache_root",
    "Node", "Engine", "ENGINES", "ELASTICSEARCH", "OPENSEARCH", "get_engine", "ClusterError",
]
