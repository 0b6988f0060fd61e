"""Smoke tests on real nodes: vector mappings, bulk, kNN, script_score, stored scripts.

They run on whatever clusters tests/fixtures_clusters.py provides (a URL, Docker, or the
integ-test nodes of ``itlr.cluster``). On Elasticsearch's integ-test node, which has no
Painless, the Painless parts assert the node's exact refusal instead of the scores.
The OpenSearch tests at the end pin down what the Painless scoring script relies on.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

import numpy as np
import pytest

DIMS = 8
N_DOCS = 12
RNG = np.random.default_rng(20261123)
VECTORS = RNG.normal(size=(N_DOCS, DIMS)).astype(np.float32)
QUERY = RNG.normal(size=DIMS).astype(np.float32)
QUERY2 = RNG.normal(size=DIMS).astype(np.float32)
IDS = [f"d{i:02d}" for i in range(N_DOCS)]
TAGS = ["even" if i % 2 == 0 else "odd" for i in range(N_DOCS)]
NO_PAINLESS = "script_lang not supported [painless]"


def cosines(q: np.ndarray) -> dict[str, float]:
    v = VECTORS.astype(np.float64)
    qq = q.astype(np.float64)
    sims = v @ qq / (np.linalg.norm(v, axis=1) * np.linalg.norm(qq))
    return dict(zip(IDS, sims.tolist()))


def ranked(scores: dict[str, float], ids=None) -> list[str]:
    ids = IDS if ids is None else ids
    return sorted(ids, key=lambda i: -scores[i])


def bulk_body(index: str, with_missing: bool = False) -> list[dict]:
    ops: list[dict] = []
    for i, doc_id in enumerate(IDS):
        ops.append({"index": {"_index": index, "_id": doc_id}})
        ops.append({"v": VECTORS[i].tolist(), "tag": TAGS[i]})
    if with_missing:
        ops.append({"index": {"_index": index, "_id": "novec"}})
        ops.append({"tag": "even"})
    return ops


def hit_scores(resp) -> list[tuple[str, float]]:
    return [(h["_id"], h["_score"]) for h in resp["hits"]["hits"]]


def assert_scores(hits, expected: dict[str, float], transform, k: int, ids=None) -> None:
    """Hits are the top k of ``expected`` in order, and each score is ``transform(cos)`` within 1e-4."""
    order = ranked(expected, ids)[:k]
    assert [h for h, _ in hits] == order
    for doc_id, score in hits:
        assert score == pytest.approx(transform(expected[doc_id]), abs=1e-4), doc_id


def error_text(exc: BaseException) -> str:
    body = getattr(exc, "body", None) or getattr(exc, "info", None)
    return json.dumps(body) if body is not None else str(exc)


# ----------------------------------------------------------------------------- OpenSearch


@pytest.fixture
def os_index(os_client):
    name = f"itlr-smoke-{uuid.uuid4().hex[:10]}"
    os_client.indices.create(index=name, body={
        "settings": {"index": {"knn": True, "number_of_shards": 1, "number_of_replicas": 0}},
        "mappings": {"properties": {
            "v": {"type": "knn_vector", "dimension": DIMS,
                  "method": {"name": "hnsw", "engine": "lucene", "space_type": "cosinesimil"}},
            "tag": {"type": "keyword"},
        }},
    })
    resp = os_client.bulk(body=bulk_body(name, with_missing=True), refresh=True)
    assert not resp["errors"], resp
    yield name
    os_client.indices.delete(index=name, ignore_unavailable=True)


@pytest.mark.opensearch
def test_opensearch_knn_query(os_client, os_index):
    resp = os_client.search(index=os_index, body={"size": 5, "query": {"knn": {"v": {"vector": QUERY.tolist(), "k": 5}}}})
    # lucene cosinesimil: _score = (1 + cos) / 2
    assert_scores(hit_scores(resp), cosines(QUERY), lambda c: (1 + c) / 2, k=5)


@pytest.mark.opensearch
def test_opensearch_knn_filter(os_client, os_index):
    body = {"size": 10, "query": {"knn": {"v": {"vector": QUERY.tolist(), "k": 10, "filter": {"term": {"tag": "odd"}}}}}}
    hits = hit_scores(os_client.search(index=os_index, body=body))
    odd = [i for i, t in zip(IDS, TAGS) if t == "odd"]
    assert_scores(hits, cosines(QUERY), lambda c: (1 + c) / 2, k=len(odd), ids=odd)


@pytest.mark.opensearch
def test_opensearch_script_score_cosine(os_client, os_index):
    body = {"size": N_DOCS, "query": {"script_score": {
        "query": {"exists": {"field": "v"}},
        "script": {"source": "1.0 + cosineSimilarity(params.q, doc[params.f])", "params": {"q": QUERY.tolist(), "f": "v"}},
    }}}
    hits = hit_scores(os_client.search(index=os_index, body=body))
    assert_scores(hits, cosines(QUERY), lambda c: 1 + c, k=N_DOCS)


@pytest.mark.opensearch
def test_opensearch_stored_script(os_client, os_index):
    script_id = f"itlr-smoke-{uuid.uuid4().hex[:10]}"
    source = ("double s = 0; for (int j = 0; j < params.qs.length; j++) "
              "{ s += params.w[j] * cosineSimilarity(params.qs[j], doc[params.f]); } return 2.0 + s;")
    os_client.put_script(id=script_id, body={"script": {"lang": "painless", "source": source}})
    try:
        for qs, w in (([QUERY], [1.0]), ([QUERY, QUERY2], [0.5, -0.5])):
            body = {"size": N_DOCS, "query": {"script_score": {
                "query": {"exists": {"field": "v"}},
                "script": {"id": script_id, "params": {"qs": [q.tolist() for q in qs], "w": w, "f": "v"}},
            }}}
            hits = hit_scores(os_client.search(index=os_index, body=body))
            per_q = [cosines(q) for q in qs]
            expected = {i: sum(wj * c[i] for wj, c in zip(w, per_q)) for i in IDS}
            assert_scores(hits, expected, lambda c: 2 + c, k=N_DOCS)
    finally:
        os_client.delete_script(id=script_id)


# What the Painless scoring script may rely on (OpenSearch 3.5 + k-NN, lucene engine).

DOT_LOOP = ("float[] x = doc[params.f].value; double s = 0; "
            "for (int i = 0; i < x.length; i++) { s += x[i] * params.q[i]; } return s;")


@pytest.mark.opensearch
def test_opensearch_vector_value_is_a_float_array(os_client, os_index):
    """doc[f].value (and getValue()) is a float[]: a dot product can be computed by hand."""
    q = QUERY.tolist()
    dots = dict(zip(IDS, (VECTORS.astype(np.float64) @ QUERY.astype(np.float64)).tolist()))
    for source in (DOT_LOOP, DOT_LOOP.replace(".value;", ".getValue();")):
        body = {"size": N_DOCS, "query": {"script_score": {
            "query": {"exists": {"field": "v"}},
            "script": {"source": source.replace("return s;", "return 100.0 + s;"), "params": {"q": q, "f": "v"}},
        }}}
        hits = hit_scores(os_client.search(index=os_index, body=body))
        assert_scores(hits, dots, lambda d: 100 + d, k=N_DOCS)
    # the same in script_fields: per-hit values come back with each hit
    body = {"size": N_DOCS, "query": {"exists": {"field": "v"}},
            "script_fields": {"dot": {"script": {"source": DOT_LOOP, "params": {"q": q, "f": "v"}}},
                              "cos": {"script": {"source": "cosineSimilarity(params.q, doc[params.f])",
                                                 "params": {"q": q, "f": "v"}}}}}
    resp = os_client.search(index=os_index, body=body)
    cos = cosines(QUERY)
    assert len(resp["hits"]["hits"]) == N_DOCS
    for h in resp["hits"]["hits"]:
        assert h["fields"]["dot"][0] == pytest.approx(dots[h["_id"]], abs=1e-4)
        assert h["fields"]["cos"][0] == pytest.approx(cos[h["_id"]], abs=1e-4)


@pytest.mark.opensearch
def test_opensearch_missing_vector(os_client, os_index):
    """size()/empty tell a document without a vector; containsKey only tells the field is mapped;
    reading the vector of such a document is an error."""
    body = {"size": N_DOCS + 1, "query": {"match_all": {}}, "script_fields": {
        "size": {"script": {"source": "doc[params.f].size()", "params": {"f": "v"}}},
        "empty": {"script": {"source": "doc[params.f].empty", "params": {"f": "v"}}},
        "has": {"script": {"source": "doc.containsKey(params.f)", "params": {"f": "v"}}},
        "cos": {"script": {"source": "def r = null; if (doc[params.f].size() != 0) { r = cosineSimilarity(params.q, doc[params.f]); } return r;",
                           "params": {"f": "v", "q": QUERY.tolist()}}},
    }}
    fields = {h["_id"]: h["fields"] for h in os_client.search(index=os_index, body=body)["hits"]["hits"]}
    assert fields["novec"]["size"] == [0] and fields["novec"]["empty"] == [True] and fields["novec"]["has"] == [True]
    assert fields["novec"]["cos"] == [None]
    assert fields["d00"]["size"] == [1] and fields["d00"]["empty"] == [False]
    from opensearchpy.exceptions import RequestError

    with pytest.raises(RequestError) as err:
        os_client.search(index=os_index, body={"query": {"script_score": {"query": {"match_all": {}}, "script": {
            "source": "1.0 + cosineSimilarity(params.q, doc[params.f])", "params": {"f": "v", "q": QUERY.tolist()}}}}})
    assert "One of the document doesn't have a value for field 'v'" in error_text(err.value)


@pytest.mark.opensearch
def test_opensearch_knn_filter_inside_script_score(os_client, os_index):
    """kNN clauses with their own filters, under script_score.query.bool.should, are accepted."""
    body = {"size": N_DOCS, "query": {"script_score": {
        "query": {"bool": {"should": [
            {"knn": {"v": {"vector": QUERY.tolist(), "k": 3, "filter": {"term": {"tag": "odd"}}}}},
            {"knn": {"v": {"vector": QUERY2.tolist(), "k": 2, "filter": {"bool": {"filter": [{"term": {"tag": "even"}}]}}}}},
        ]}},
        "script": {"source": "1.0 + cosineSimilarity(params.q, doc[params.f])", "params": {"q": QUERY.tolist(), "f": "v"}},
    }}}
    hits = hit_scores(os_client.search(index=os_index, body=body))
    odd = [i for i, t in zip(IDS, TAGS) if t == "odd"]
    even = [i for i, t in zip(IDS, TAGS) if t == "even"]
    candidates = set(ranked(cosines(QUERY), odd)[:3]) | set(ranked(cosines(QUERY2), even)[:2])
    assert {h for h, _ in hits} == candidates
    assert_scores(hits, cosines(QUERY), lambda c: 1 + c, k=len(candidates), ids=sorted(candidates))


# ----------------------------------------------------------------------------- Elasticsearch


@pytest.fixture
def es_index(es_client):
    name = f"itlr-smoke-{uuid.uuid4().hex[:10]}"
    es_client.indices.create(
        index=name,
        settings={"number_of_shards": 1, "number_of_replicas": 0},
        mappings={"properties": {
            # index_options hnsw: float vectors in the graph. ES 9's default for indexed float
            # vectors is int8_hnsw (quantized), whose kNN scores are off by ~1e-3.
            "v": {"type": "dense_vector", "dims": DIMS, "index": True, "similarity": "cosine",
                  "index_options": {"type": "hnsw"}},
            "tag": {"type": "keyword"},
        }},
    )
    resp = es_client.bulk(operations=bulk_body(name), refresh=True)
    assert not resp["errors"], resp
    yield name
    es_client.indices.delete(index=name, ignore_unavailable=True)


@pytest.mark.elasticsearch
def test_elasticsearch_knn_query(es_client, es_index):
    q = QUERY.tolist()
    resp = es_client.search(index=es_index, size=5, query={"knn": {"field": "v", "query_vector": q, "k": 5, "num_candidates": N_DOCS}})
    # similarity cosine: _score = (1 + cos) / 2
    assert_scores(hit_scores(resp), cosines(QUERY), lambda c: (1 + c) / 2, k=5)
    odd = [i for i, t in zip(IDS, TAGS) if t == "odd"]
    resp = es_client.search(index=es_index, size=10, query={"knn": {
        "field": "v", "query_vector": q, "k": 10, "num_candidates": N_DOCS, "filter": [{"term": {"tag": "odd"}}]}})
    assert_scores(hit_scores(resp), cosines(QUERY), lambda c: (1 + c) / 2, k=len(odd), ids=odd)


@pytest.mark.elasticsearch
def test_elasticsearch_script_score_cosine(es_client, es_index, es_has_painless):
    from elasticsearch import BadRequestError

    query = {"script_score": {
        "query": {"exists": {"field": "v"}},
        "script": {"source": "1.0 + cosineSimilarity(params.q, params.f)", "params": {"q": QUERY.tolist(), "f": "v"}},
    }}
    if not es_has_painless:
        with pytest.raises(BadRequestError) as err:
            es_client.search(index=es_index, size=N_DOCS, query=query)
        assert NO_PAINLESS in error_text(err.value)
        return
    hits = hit_scores(es_client.search(index=es_index, size=N_DOCS, query=query))
    assert_scores(hits, cosines(QUERY), lambda c: 1 + c, k=N_DOCS)


@pytest.mark.elasticsearch
def test_elasticsearch_stored_script(es_client, es_index, es_has_painless):
    from elasticsearch import BadRequestError

    script_id = f"itlr-smoke-{uuid.uuid4().hex[:10]}"
    source = ("double s = 0; for (int j = 0; j < params.qs.length; j++) "
              "{ s += params.w[j] * cosineSimilarity(params.qs[j], params.f); } return 2.0 + s;")
    if not es_has_painless:
        with pytest.raises(BadRequestError) as err:
            es_client.put_script(id=script_id, script={"lang": "painless", "source": source})
        assert "unable to put stored script with unsupported lang [painless]" in error_text(err.value)
        return
    es_client.put_script(id=script_id, script={"lang": "painless", "source": source})
    try:
        qs, w = [QUERY, QUERY2], [0.5, -0.5]
        hits = hit_scores(es_client.search(index=es_index, size=N_DOCS, query={"script_score": {
            "query": {"exists": {"field": "v"}},
            "script": {"id": script_id, "params": {"qs": [q.tolist() for q in qs], "w": w, "f": "v"}},
        }}))
        per_q = [cosines(q) for q in qs]
        expected = {i: sum(wj * c[i] for wj, c in zip(w, per_q)) for i in IDS}
        assert_scores(hits, expected, lambda c: 2 + c, k=N_DOCS)
    finally:
        es_client.delete_script(id=script_id)


@pytest.mark.elasticsearch
def test_elasticsearch_full_request_shape(es_client, es_index, es_has_painless):
    """script_score over bool.should of kNN clauses with filters: the node parses the whole body;
    without Painless the only answer is the missing language, and a malformed kNN clause is still
    refused while parsing."""
    from elasticsearch import BadRequestError

    q, q2 = QUERY.tolist(), QUERY2.tolist()
    query = {"script_score": {
        "query": {"bool": {"should": [
            {"knn": {"field": "v", "query_vector": q, "k": 3, "num_candidates": N_DOCS, "filter": [{"term": {"tag": "odd"}}]}},
            {"knn": {"field": "v", "query_vector": q2, "k": 2, "num_candidates": N_DOCS,
                     "filter": [{"bool": {"filter": [{"term": {"tag": "even"}}]}}]}},
        ]}},
        "script": {"source": "1.0 + cosineSimilarity(params.q, params.f)", "params": {"q": q, "f": "v"}},
    }}
    if es_has_painless:
        hits = hit_scores(es_client.search(index=es_index, size=N_DOCS, query=query))
        odd = [i for i, t in zip(IDS, TAGS) if t == "odd"]
        even = [i for i, t in zip(IDS, TAGS) if t == "even"]
        candidates = set(ranked(cosines(QUERY), odd)[:3]) | set(ranked(cosines(QUERY2), even)[:2])
        assert_scores(hits, cosines(QUERY), lambda c: 1 + c, k=len(candidates), ids=sorted(candidates))
    else:
        with pytest.raises(BadRequestError) as err:
            es_client.search(index=es_index, size=N_DOCS, query=query)
        assert NO_PAINLESS in error_text(err.value)
    bad = json.loads(json.dumps(query))
    bad["script_score"]["query"]["bool"]["should"][0]["knn"]["k"] = N_DOCS + 1  # k > num_candidates
    with pytest.raises(BadRequestError) as err:
        es_client.search(index=es_index, query=bad)
    assert "[num_candidates] cannot be less than [k]" in error_text(err.value)


@pytest.mark.elasticsearch
def test_elasticsearch_painless_script_fields(es_painless_client, es_index):
    """Needs Elasticsearch Painless: skipped on the integ-test node (ES_NO_PAINLESS_REASON), runs on
    a full cluster (ITLR_ELASTICSEARCH_URL or Docker)."""
    resp = es_painless_client.search(index=es_index, size=N_DOCS, query={"match_all": {}}, script_fields={
        "cos": {"script": {"source": "cosineSimilarity(params.q, params.f)", "params": {"q": QUERY.tolist(), "f": "v"}}},
        "dot": {"script": {"source": "dotProduct(params.q, params.f)", "params": {"q": QUERY.tolist(), "f": "v"}}},
    })
    cos = cosines(QUERY)
    dots = dict(zip(IDS, (VECTORS.astype(np.float64) @ QUERY.astype(np.float64)).tolist()))
    assert len(resp["hits"]["hits"]) == N_DOCS
    for h in resp["hits"]["hits"]:
        assert h["fields"]["cos"][0] == pytest.approx(cos[h["_id"]], abs=1e-4)
        assert h["fields"]["dot"][0] == pytest.approx(dots[h["_id"]], abs=1e-3)


# ----------------------------------------------------------------------------- itlr cluster itself (no node needed)


def run_itlr(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-m", "itlr.cli", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120)


def test_cluster_status_lists_pinned_versions():
    from itlr.cluster import ENGINES

    out = run_itlr("cluster", "status", "--json")
    assert out.returncode == 0, out.stderr
    nodes = {n["engine"]: n for n in json.loads(out.stdout)["nodes"]}
    assert {e: n["version"] for e, n in nodes.items()} == {e: spec.version for e, spec in ENGINES.items()}
    assert nodes["elasticsearch"]["painless"] is False and nodes["opensearch"]["painless"] is True


def test_cluster_errors_are_one_line(tmp_path):
    # No Java: one clear line, exit code 2.
    out = run_itlr("cluster", "up", "opensearch", env={"ITLR_CACHE": str(tmp_path), "ITLR_JAVA_HOME": str(tmp_path / "nojava")})
    assert out.returncode == 2
    assert out.stderr.startswith("itlr: error: ITLR_JAVA_HOME=") and "Java 21+" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    # No mvn (and nothing cached): one clear line naming Maven.
    out = run_itlr("cluster", "up", "elasticsearch", env={"ITLR_CACHE": str(tmp_path), "ITLR_MVN": str(tmp_path / "nomvn")})
    assert out.returncode == 2
    assert out.stderr.startswith("itlr: error: mvn (Apache Maven) not found")
    assert len(out.stderr.strip().splitlines()) == 1
    # Unknown engine: argparse refuses it.
    assert run_itlr("cluster", "up", "solr").returncode == 2


def test_cluster_down_when_nothing_runs(tmp_path):
    out = run_itlr("cluster", "down", "opensearch", env={"ITLR_CACHE": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert "was not running" in out.stderr and out.stdout == ""


def test_docker_compose_follows_pinned_versions():
    """docker-compose.yml (not runnable here: no Docker engine) uses the versions of engines.py,
    security off, single node, loopback ports that do not collide."""
    from pathlib import Path

    import yaml

    from itlr.cluster import ELASTICSEARCH, OPENSEARCH

    compose = yaml.safe_load((Path(__file__).resolve().parents[1] / "docker-compose.yml").read_text())
    services = compose["services"]
    assert services["elasticsearch"]["image"] == ELASTICSEARCH.image
    assert services["opensearch"]["image"] == OPENSEARCH.image
    assert services["kibana"]["image"].endswith(f":{ELASTICSEARCH.version}")
    assert services["opensearch-dashboards"]["image"].endswith(f":{OPENSEARCH.version}")
    for name, spec in (("elasticsearch", ELASTICSEARCH), ("opensearch", OPENSEARCH)):
        env = services[name]["environment"]
        for key, value in spec.image_env.items():
            assert env[key] == value, (name, key)
    assert services["opensearch-dashboards"]["environment"]["DISABLE_SECURITY_DASHBOARDS_PLUGIN"] == "true"
    host_ports = [p.split(":")[1] for s in services.values() for p in s["ports"]]
    assert sorted(host_ports) == ["5601", "5602", "9200", "9201"]
    assert all(p.startswith("127.0.0.1:") for s in services.values() for p in s["ports"])
    assert all("healthcheck" in s for s in services.values())
