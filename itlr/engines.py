"""A thin adapter over the two official clients, so the rest of itlr speaks to
"an engine" and every cluster error becomes one clear :class:`EngineError`."""

from __future__ import annotations

import contextlib
import json
import secrets
from typing import Any, Iterator

from .errors import EngineError
from .translator.compiler import VectorParam, vector_json

__all__ = ["Engine", "engine_for", "connect", "detect_engine", "describe_error", "encode_body"]


def _dialect_of(client: Any) -> str | None:
    module = type(client).__module__
    if module.startswith("opensearchpy"):
        return "opensearch"
    if module.startswith("elasticsearch"):
        return "elasticsearch"
    return None


def describe_error(error: dict[str, Any]) -> str:
    """One line from an engine's ``error`` object, following its causes."""
    parts = [f"{error.get('type', 'error')}: {error.get('reason', '')}".strip()]
    cause = error.get("caused_by") or (error.get("failed_shards") or [{}])[0].get("reason")
    seen = 0
    while isinstance(cause, dict) and seen < 4:  # script errors hide the real cause a few levels down
        parts.append(f"{cause.get('type', '')}: {cause.get('reason', '')}".strip(": "))
        cause = cause.get("caused_by")
        seen += 1
    return " — caused by ".join(p for p in parts if p)


def _reason(exc: Exception) -> tuple[int | None, str]:
    """Status and the most useful one-line cause from either client's exception."""
    status = getattr(exc, "status_code", None)
    if not isinstance(status, int):
        meta = getattr(exc, "meta", None)
        status = getattr(meta, "status", None)
    body = getattr(exc, "body", None) or getattr(exc, "info", None)
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        return status if isinstance(status, int) else None, describe_error(error)
    if isinstance(error, str):
        return status if isinstance(status, int) else None, error
    text = " ".join(str(exc).split())
    return status if isinstance(status, int) else None, text or type(exc).__name__


class Engine:
    """One client of either engine, with the calls itlr needs."""

    def __init__(self, client: Any, dialect: str | None = None) -> None:
        detected = _dialect_of(client)
        chosen = dialect or detected
        if chosen not in ("elasticsearch", "opensearch"):
            raise TypeError(
                "client must be elasticsearch.Elasticsearch, opensearchpy.OpenSearch or itlr.LocalIndex, "
                f"not {type(client).__name__}"
            )
        self.dialect: str = chosen
        self.client = client
        self._es = detected == "elasticsearch"

    @contextlib.contextmanager
    def errors(self, action: str, index: str | None = None) -> Iterator[None]:
        try:
            yield
        except EngineError:
            raise
        except Exception as exc:  # noqa: BLE001 - every client error is re-raised as one EngineError
            if not _is_client_error(exc):
                raise
            status, cause = _reason(exc)
            where = f" on index {index!r}" if index else ""
            code = f" (HTTP {status})" if status else ""
            raise EngineError(f"{self.dialect} {action}{where} failed{code}: {cause}", index=index, status=status, cause=cause) from exc

    @staticmethod
    def _body(response: Any) -> dict[str, Any]:
        """The JSON object of a response (the Elasticsearch client wraps it in an ApiResponse)."""
        body: dict[str, Any] = getattr(response, "body", response)
        return body

    def search(self, index: str, body: dict[str, Any] | str) -> dict[str, Any]:
        with self.errors("search", index):
            return self._body(self.client.search(index=index, body=body))

    def run(self, index: str, body: dict[str, Any]) -> dict[str, Any]:
        """One round trip: the ``_search`` of a body built by itlr, sent as the text
        :func:`encode_body` writes (both clients send a str body as it is)."""
        return self.search(index, encode_body(body))

    def exists(self, index: str) -> bool:
        with self.errors("index lookup", index):
            return bool(self.client.indices.exists(index=index))

    def create_index(self, index: str, body: dict[str, Any]) -> None:
        with self.errors("index creation", index):
            if self._es:
                self.client.indices.create(index=index, settings=body["settings"], mappings=body["mappings"])
            else:
                self.client.indices.create(index=index, body=body)

    def delete_index(self, index: str) -> None:
        with self.errors("index deletion", index):
            if self.exists(index):
                self.client.indices.delete(index=index)

    def mapping(self, index: str) -> dict[str, Any]:
        with self.errors("mapping lookup", index):
            return self._body(self.client.indices.get_mapping(index=index))

    def index_info(self, index: str) -> dict[str, Any]:
        """``GET <index>``: each index's mappings and settings in one round trip."""
        with self.errors("mapping lookup", index):
            return self._body(self.client.indices.get(index=index))

    def document_count(self, index: str) -> int:
        """Documents in the index's primary shards (``GET <index>/_stats/docs``)."""
        with self.errors("document count", index):
            return primary_documents(self._body(self.client.indices.stats(index=index, metric="docs")))

    def bulk(self, index: str, operations: list[dict[str, Any]]) -> dict[str, Any]:
        with self.errors("bulk indexing", index):
            if self._es:
                return self._body(self.client.bulk(operations=operations))
            return self._body(self.client.bulk(body=operations))

    def refresh(self, index: str) -> None:
        with self.errors("refresh", index):
            self.client.indices.refresh(index=index)

    def count(self, index: str, query: dict[str, Any] | None = None) -> int:
        with self.errors("count", index):
            body = {"query": query} if query else None
            return int(self._body(self.client.count(index=index, body=body))["count"])

    def put_script(self, script_id: str, source: str) -> None:
        with self.errors(f"stored script {script_id!r} upload"):
            script = {"lang": "painless", "source": source}
            if self._es:
                self.client.put_script(id=script_id, script=script)
            else:
                self.client.put_script(id=script_id, body={"script": script})

    def script_stats(self) -> dict[str, int]:
        """Script compilations and cache evictions summed over the cluster's nodes."""
        with self.errors("node stats"):
            stats = self._body(self.client.nodes.stats(metric="script"))
        total = {"compilations": 0, "cache_evictions": 0}
        for node in stats.get("nodes", {}).values():
            for key in total:
                total[key] += int(node.get("script", {}).get(key, 0))
        return total


# Stands in for a vector while a body is encoded; random, so no user text can forge it.
_VECTOR_MARK = f"\u0000itlr-{secrets.token_hex(8)}-"


def primary_documents(stats: dict[str, Any]) -> int:
    """The primary shards' document count in an index stats answer."""
    return int(stats["_all"]["primaries"]["docs"]["count"])


def encode_body(body: dict[str, Any]) -> str:
    """A request body as JSON text, its query vectors written from
    :func:`~itlr.translator.compiler.vector_json`, once per search however many places
    of the body carry them: JSON-encoding floats is most of a search's client-side time."""
    vectors: dict[str, str] = {}

    def swap(value: Any) -> Any:
        if isinstance(value, VectorParam) and value.packed is not None:
            mark = f"{_VECTOR_MARK}{len(vectors)}"
            vectors[json.dumps(mark)] = vector_json(value.packed)
            return mark
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    text = json.dumps(swap(body))
    for mark, array in vectors.items():
        text = text.replace(mark, array, 1)
    return text


def _is_client_error(exc: Exception) -> bool:
    module = type(exc).__module__
    return module.startswith(("elasticsearch", "elastic_transport", "opensearchpy"))


def engine_for(client: Any, dialect: str | None = None) -> Engine:
    return client if isinstance(client, Engine) else Engine(client, dialect)


def connect(
    url: str,
    engine: str = "opensearch",
    *,
    user: str | None = None,
    password: str | None = None,
    api_key: str | None = None,
    ca_certs: str | None = None,
    timeout: float = 30.0,
) -> Any:
    """A client for ``url``: ``opensearchpy.OpenSearch`` or ``elasticsearch.Elasticsearch``."""
    auth = (user, password or "") if user else None
    if engine == "opensearch":
        try:
            from opensearchpy import OpenSearch
        except ImportError:
            raise LookupError("OpenSearch needs the opensearch-py package (pip install 'itlr[opensearch]')") from None
        return OpenSearch(hosts=[url], http_auth=auth, ca_certs=ca_certs, timeout=timeout, verify_certs=bool(ca_certs) or url.startswith("https"))
    if engine == "elasticsearch":
        try:
            from elasticsearch import Elasticsearch
        except ImportError:
            raise LookupError("Elasticsearch needs the elasticsearch package (pip install 'itlr[elasticsearch]')") from None
        if ca_certs:
            return Elasticsearch(url, basic_auth=auth, api_key=api_key, ca_certs=ca_certs, request_timeout=timeout)
        return Elasticsearch(url, basic_auth=auth, api_key=api_key, request_timeout=timeout)
    raise ValueError(f"engine must be elasticsearch or opensearch; got {engine!r}")


def detect_engine(url: str, *, user: str | None = None, password: str | None = None, api_key: str | None = None, ca_certs: str | None = None, timeout: float = 10.0) -> str:
    """``opensearch`` or ``elasticsearch``, from what ``GET /`` at ``url`` says."""
    import base64
    import json
    import ssl
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url.rstrip("/") + "/", headers={"Accept": "application/json"})
    if user:
        token = base64.b64encode(f"{user}:{password or ''}".encode()).decode()
        request.add_header("Authorization", f"Basic {token}")
    elif api_key:
        request.add_header("Authorization", f"ApiKey {api_key}")
    context = ssl.create_default_context(cafile=ca_certs) if ca_certs else None
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=context) as response:
            info = json.load(response)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise EngineError(f"cannot reach {url}: {getattr(exc, 'reason', exc)}") from None
    distribution = str(info.get("version", {}).get("distribution", "")).lower()
    return "opensearch" if distribution == "opensearch" else "elasticsearch"
