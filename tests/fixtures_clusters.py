"""Real Elasticsearch and OpenSearch clusters for the tests (``from fixtures_clusters import *``).

Where each cluster comes from, in this order:

1. ``ITLR_ELASTICSEARCH_URL`` / ``ITLR_OPENSEARCH_URL`` (with optional ``ITLR_<ENGINE>_USER``,
   ``_PASSWORD``, ``_API_KEY``, ``_CA_CERTS``, ``_VERIFY_CERTS=0``): a cluster the user runs;
2. testcontainers, when it is installed and a Docker engine answers (the official images);
3. :func:`itlr.cluster.start`: the engines' integ-test distributions from Maven Central, started
   on 127.0.0.1 (see docs/CLUSTERS.md).

Both engines start in parallel: as soon as the session's first test runs, every engine that a
collected test names (marker, fixture or parameter) is started in a background thread.
With ``CI=true`` a test that cannot get its cluster fails; elsewhere it is skipped with the
reason. Clusters these fixtures started are stopped at the end of the session, unless
``ITLR_KEEP_CLUSTERS=1``.

Elasticsearch's integ-test distribution has no Painless, and none can be assembled here (no
``lang-painless`` artifact for Elasticsearch 8.x/9.x is published on Maven Central):
``es_has_painless`` says whether the node runs Painless; ``es_painless_client`` skips with
:data:`ES_NO_PAINLESS_REASON` on such a node (even with ``CI=true``) and fails under CI when a
cluster the user pointed at lacks it.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest

__all__ = [
    "ES_NO_PAINLESS_REASON",
    "ClusterHandle",
    "itlr_cluster_prestart",
    "elasticsearch_cluster",
    "opensearch_cluster",
    "elasticsearch_url",
    "opensearch_url",
    "es_client",
    "os_client",
    "es_has_painless",
    "es_painless_client",
    "cluster_unavailable",
    "is_ci",
]

ENGINE_NAMES = ("elasticsearch", "opensearch")

ES_NO_PAINLESS_REASON = (
    "Elasticsearch Painless is not available here: this node is Elasticsearch's integ-test "
    "distribution (the only 8.x/9.x node published on Maven Central), which has no lang-painless "
    "module, and no lang-painless artifact for Elasticsearch 8.x/9.x is published on Maven Central, "
    "so no Elasticsearch with Painless can be assembled on this machine; set ITLR_ELASTICSEARCH_URL "
    "to a full Elasticsearch (or run where Docker is available) to run this test"
)

# Names that tie a collected test to an engine (marker, fixture or parameter id).
_ENGINE_WORDS = {
    "elasticsearch": {"elasticsearch", "elasticsearch_url", "elasticsearch_cluster", "es_client",
                      "es_has_painless", "es_painless_client"},
    "opensearch": {"opensearch", "opensearch_url", "opensearch_cluster", "os_client"},
}


def is_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes", "on")


def cluster_unavailable(what: str, reason: object) -> None:
    """Fail under CI, skip elsewhere: a cluster test never passes silently without its cluster."""
    message = f"no {what} cluster: {reason}"
    if is_ci():
        pytest.fail(f"{message} (CI=true: cluster tests must run)", pytrace=False)
    pytest.skip(message)


@dataclass
class ClusterHandle:
    engine: str
    url: str
    #: "env" (ITLR_<ENGINE>_URL), "docker" (testcontainers) or "itlr.cluster" (integ-test node).
    source: str
    user: str | None = None
    password: str | None = None
    api_key: str | None = None
    ca_certs: str | None = None
    verify_certs: bool = True
    stop: Callable[[], None] | None = field(default=None, repr=False)
    #: Called instead of ``stop`` with ITLR_KEEP_CLUSTERS=1.
    keep: Callable[[], None] | None = field(default=None, repr=False)


def _env(engine: str, suffix: str) -> str | None:
    value = os.environ.get(f"ITLR_{engine.upper()}_{suffix}")
    return value if value else None


def _from_env(engine: str) -> ClusterHandle | None:
    url = _env(engine, "URL")
    if not url:
        return None
    verify = (_env(engine, "VERIFY_CERTS") or "1").lower() not in ("0", "false", "no", "off")
    return ClusterHandle(
        engine=engine, url=url.rstrip("/"), source="env", user=_env(engine, "USER"),
        password=_env(engine, "PASSWORD"), api_key=_env(engine, "API_KEY"), ca_certs=_env(engine, "CA_CERTS"),
        verify_certs=verify,
    )


def _docker_answers() -> bool:
    """Whether testcontainers can start images here: the package is installed and a Docker
    engine answers a ping within 5 s. A Docker client without an engine (no socket) answers
    False at once, so the fixtures go on to `itlr cluster`."""
    if os.environ.get("ITLR_NO_DOCKER"):
        return False
    try:
        import docker  # type: ignore[import-not-found]
        import testcontainers.core.container  # noqa: F401  # type: ignore[import-not-found]
    except ImportError:
        return False
    try:
        client = docker.from_env(timeout=5)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except Exception:  # noqa: BLE001 - no socket, no permission, no engine: no Docker
        return False


def _from_docker(engine: str) -> ClusterHandle:
    from testcontainers.core.container import DockerContainer  # type: ignore[import-not-found]

    from itlr.cluster import get_engine
    from itlr.cluster.node import health

    spec = get_engine(engine)
    container = DockerContainer(spec.image).with_exposed_ports(9200)
    for key, value in spec.image_env.items():
        container = container.with_env(key, value)
    try:
        container.start()
    except Exception as exc:  # noqa: BLE001 - e.g. the image cannot be pulled (no registry)
        cause = " ".join(str(exc).split())[:300]
        raise RuntimeError(
            f"a Docker engine answers but {spec.image} did not start ({cause}); "
            "ITLR_NO_DOCKER=1 starts the integ-test node of `itlr cluster` instead"
        ) from exc
    try:
        url = f"http://{container.get_container_host_ip()}:{container.get_exposed_port(9200)}"
        deadline = time.monotonic() + float(os.environ.get("ITLR_CLUSTER_TIMEOUT", 180))
        while health(url, timeout=3.0) not in ("green", "yellow"):
            if time.monotonic() > deadline:
                out, err = container.get_logs()
                tail = "\n".join((out + err).decode(errors="replace").splitlines()[-30:])
                raise RuntimeError(f"{spec.image} was not healthy after start-up:\n{tail}")
            time.sleep(1.0)
    except BaseException:
        container.stop()
        raise
    return ClusterHandle(engine=engine, url=url, source="docker", stop=container.stop)


def _from_itlr_cluster(engine: str) -> ClusterHandle:
    from itlr.cluster import release, start

    # With a lease, concurrent test sessions share the node and the last one to finish stops
    # it, if a fixture launched it: a node started by `itlr cluster up` stays up.
    # Nodes start in a background thread: log to the real stderr, never into the
    # sys.stderr that a test may have redirected at that moment.
    node = start(engine, lease=True, log=lambda message: print(f"itlr cluster: {message}", file=sys.__stderr__, flush=True))
    return ClusterHandle(
        engine=engine, url=node.url, source="itlr.cluster",
        stop=lambda: release(engine), keep=lambda: release(engine, keep=True),
    )


def _check_answers(handle: ClusterHandle) -> None:
    """A cluster named by URL must answer (any HTTP status, 401 included, counts as an answer)."""
    import ssl
    import urllib.error
    import urllib.request

    context = None
    if handle.url.startswith("https"):
        context = ssl.create_default_context(cafile=handle.ca_certs) if handle.verify_certs else ssl._create_unverified_context()  # noqa: S323
    try:
        urllib.request.urlopen(f"{handle.url}/_cluster/health", timeout=10, context=context).close()  # noqa: S310
    except urllib.error.HTTPError:
        return
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise RuntimeError(f"ITLR_{handle.engine.upper()}_URL={handle.url} does not answer ({reason})") from None


class _Clusters:
    """Starts each engine once per session, in background threads, and stops what it started."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._futures: dict[str, Future[ClusterHandle]] = {}
        self._pool: ThreadPoolExecutor | None = None
        self.wanted: set[str] = set()

    def _acquire(self, engine: str) -> ClusterHandle:
        handle = _from_env(engine)
        if handle:
            _check_answers(handle)
            return handle
        if _docker_answers():
            return _from_docker(engine)
        return _from_itlr_cluster(engine)

    def prestart(self, engine: str) -> None:
        with self._lock:
            if engine not in self._futures:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=len(ENGINE_NAMES), thread_name_prefix="itlr-cluster")
                self._futures[engine] = self._pool.submit(self._acquire, engine)

    def get(self, engine: str) -> ClusterHandle:
        self.prestart(engine)
        for other in self.wanted - {engine}:  # start the other one meanwhile
            self.prestart(other)
        return self._futures[engine].result()

    def shutdown(self) -> None:
        keep = os.environ.get("ITLR_KEEP_CLUSTERS", "").strip().lower() in ("1", "true", "yes")
        with self._lock:
            futures, self._futures = dict(self._futures), {}
        for engine, fut in futures.items():
            try:
                handle = fut.result()
            except BaseException:  # noqa: BLE001 - a failed start was reported by its tests
                continue
            action = handle.keep if keep else handle.stop
            if action:
                try:
                    action()
                except Exception as exc:  # noqa: BLE001
                    print(f"itlr: could not stop the {engine} cluster: {exc}")
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


_CLUSTERS = _Clusters()


def _engines_named(items) -> set[str]:
    named = set()
    for item in items:
        words = set(getattr(item, "fixturenames", ())) | {m.name for m in item.iter_markers()}
        name = getattr(item, "name", "")  # parameter ids, e.g. test_x[opensearch]
        for engine, engine_words in _ENGINE_WORDS.items():
            if words & engine_words or engine in name:
                named.add(engine)
    return named


@pytest.fixture(scope="session", autouse=True)
def itlr_cluster_prestart(request):
    """Start, in the background, every engine some collected test needs; stop them at the end."""
    _CLUSTERS.wanted = _engines_named(request.session.items)
    for engine in sorted(_CLUSTERS.wanted):
        _CLUSTERS.prestart(engine)
    yield
    _CLUSTERS.shutdown()


def _cluster(engine: str) -> ClusterHandle:
    try:
        return _CLUSTERS.get(engine)
    except Exception as exc:  # noqa: BLE001 - ClusterError, Docker errors, ...
        text = str(exc)
        head, _, tail = text.partition("\n")
        if tail:
            print(tail)  # the node's log tail, shown with the failing test's output
        cluster_unavailable(engine, head or type(exc).__name__)
        raise  # unreachable: fail/skip raise


@pytest.fixture(scope="session")
def elasticsearch_cluster() -> ClusterHandle:
    return _cluster("elasticsearch")


@pytest.fixture(scope="session")
def opensearch_cluster() -> ClusterHandle:
    return _cluster("opensearch")


@pytest.fixture(scope="session")
def elasticsearch_url(elasticsearch_cluster: ClusterHandle) -> str:
    return elasticsearch_cluster.url


@pytest.fixture(scope="session")
def opensearch_url(opensearch_cluster: ClusterHandle) -> str:
    return opensearch_cluster.url


@pytest.fixture(scope="session")
def es_client(elasticsearch_cluster: ClusterHandle):
    try:
        from elasticsearch import Elasticsearch
    except ImportError as exc:
        cluster_unavailable("elasticsearch", f"the elasticsearch client is not installed ({exc})")
    h = elasticsearch_cluster
    kwargs: dict = {"request_timeout": 60}
    if h.api_key:
        kwargs["api_key"] = h.api_key
    elif h.user:
        kwargs["basic_auth"] = (h.user, h.password or "")
    if h.ca_certs:
        kwargs["ca_certs"] = h.ca_certs
    if h.url.startswith("https") and not h.verify_certs:
        kwargs["verify_certs"] = False
        kwargs["ssl_show_warn"] = False
    client = Elasticsearch(h.url, **kwargs)
    yield client
    client.close()


@pytest.fixture(scope="session")
def os_client(opensearch_cluster: ClusterHandle):
    try:
        from opensearchpy import OpenSearch
    except ImportError as exc:
        cluster_unavailable("opensearch", f"the opensearch-py client is not installed ({exc})")
    h = opensearch_cluster
    kwargs: dict = {"timeout": 60}
    if h.user:
        kwargs["http_auth"] = (h.user, h.password or "")
    if h.api_key:
        kwargs["headers"] = {"Authorization": f"ApiKey {h.api_key}"}
    if h.url.startswith("https"):
        kwargs.update(use_ssl=True, verify_certs=h.verify_certs, ssl_show_warn=h.verify_certs)
        if h.ca_certs:
            kwargs["ca_certs"] = h.ca_certs
    client = OpenSearch(hosts=[h.url], **kwargs)
    yield client
    client.close()


def _has_painless(client) -> bool:
    """Whether the Elasticsearch cluster runs Painless (the lang-painless module is loaded)."""
    try:
        info = client.nodes.info(node_id="_local", metric="plugins", filter_path="nodes.*.modules.name")
        nodes = info.body.get("nodes", {}) if hasattr(info, "body") else info.get("nodes", {})
        if nodes:
            return all(any(m.get("name") == "lang-painless" for m in n.get("modules", [])) for n in nodes.values())
    except Exception:  # noqa: BLE001 - not allowed to list modules: ask Painless itself
        pass
    try:
        result = client.scripts_painless_execute(script={"source": "params.a + 1", "params": {"a": 1}})
        return str(result.get("result")) == "2"
    except Exception:  # noqa: BLE001 - e.g. "script_lang not supported [painless]"
        return False


@pytest.fixture(scope="session")
def es_has_painless(es_client) -> bool:
    """True when the Elasticsearch node runs Painless (a full cluster), False on the integ-test node."""
    return _has_painless(es_client)


@pytest.fixture
def es_painless_client(es_client, es_has_painless, elasticsearch_cluster: ClusterHandle):
    """``es_client`` for a test that needs Elasticsearch Painless.

    On the integ-test node (which cannot have Painless here) the test is skipped with
    :data:`ES_NO_PAINLESS_REASON`, also under CI; a cluster given by URL or Docker must have it.
    """
    if es_has_painless:
        return es_client
    if elasticsearch_cluster.source == "itlr.cluster":
        pytest.skip(ES_NO_PAINLESS_REASON)
    cluster_unavailable(
        "elasticsearch with Painless",
        f"the Elasticsearch at {elasticsearch_cluster.url} ({elasticsearch_cluster.source}) has no lang-painless module",
    )
