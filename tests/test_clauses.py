"""ITLR inside a user's own request (itlr.query, itlr.rescore, itlr.dsl_query), on real nodes.

The corpus is the demo's 40 passages embedded with the default model; the cluster and the
local engine get the same vectors, so every ITLR score the cluster computes must equal the
local engine's (1e-4) and every ranking by ITLR must be the local one (ties aside).
OpenSearch runs Painless, so everything is checked there. Elasticsearch's integ-test node has
no Painless: there each request must be parsed whole and refused only for the script language
(a full Elasticsearch, by URL or Docker, runs the OpenSearch assertions too).
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

import numpy as np
import pytest
from fixtures_clusters import ES_NO_PAINLESS_REASON, cluster_unavailable

import itlr
from itlr.documents import read_jsonl
from itlr.engines import engine_for
from itlr.errors import EngineError
from itlr.indexing import index_documents
from itlr.local import LocalIndex
from itlr.translator.plan import plan

pytestmark = pytest.mark.model

QUERY = '"vitamin D benefits" AND NOT "bone health"'
BM25 = {"match": {"text": "vitamin"}}
RESCORED = {"match": {"text": "vitamin coffee"}}  # any first query: here two topics
WEIGHT = 3.0  # ITLR's weight beside BM25 in the hybrid request
NO_PAINLESS = r"script_lang not supported \[painless\]"


@lru_cache(maxsize=1)
def corpus() -> tuple[list[dict[str, Any]], np.ndarray, dict[str, list[float]], LocalIndex]:
    """Documents, their vectors, the query's term vectors and the local reference index."""
    with resources.as_file(resources.files("itlr.demo").joinpath("corpus.jsonl")) as path:
        docs = list(read_jsonl(path))
    embedder = itlr.default_embedder()
    vectors = embedder.embed([d["text"] for d in docs])
    terms = list(plan(QUERY).terms)
    term_vectors = dict(zip(terms, embedder.embed(terms).tolist()))
    local = LocalIndex()
    local.add(docs, vectors=vectors)
    return docs, vectors, term_vectors, local


def term_vectors() -> dict[str, list[float]]:
    return corpus()[2]


def local_scores() -> dict[str, float]:
    _, _, tv, local = corpus()
    return {h.id: h.score for h in local.search(QUERY, term_vectors=tv, k=len(local), mode="exact")}


def ids_matching(text: str) -> set[str]:
    """The documents a ``match`` on ``text`` finds: those holding any of its words (standard analyzer)."""
    words = set(text.lower().split())
    return {d["_id"] for d in corpus()[0] if words & set(re.findall(r"\w+", d["text"].lower()))}


def assert_itlr_ranking(hits: list[dict[str, Any]], expected: dict[str, float], score: Callable[[dict[str, Any]], float] = lambda h: h["_score"]) -> None:
    """Each hit's score is the local engine's for it (1e-4) and the order is the local order, ties aside."""
    got = [(h["_id"], score(h)) for h in hits]
    for doc_id, s in got:
        assert s == pytest.approx(expected[doc_id], abs=1e-4), doc_id
    for (a, _), (b, _) in zip(got, got[1:]):
        assert expected[a] >= expected[b] - 1e-4, (a, b)


def search(client: Any, index: str, body: dict[str, Any]) -> dict[str, Any]:
    return engine_for(client).search(index, body)


# ---------------------------------------------------------------------- the requests


def hybrid_body(dialect: str) -> dict[str, Any]:
    """BM25 must, ITLR should: every BM25 match, scored BM25 + WEIGHT x ITLR."""
    clause = itlr.query(QUERY, term_vectors=term_vectors(), boost=WEIGHT, dialect=dialect)
    return {"size": 40, "query": {"bool": {"must": [BM25], "should": [clause]}}, "_source": ["topic", "aspect"]}


def bm25_body() -> dict[str, Any]:
    return {"size": 40, "query": BM25, "_source": False}


def aggregation_body(dialect: str) -> dict[str, Any]:
    """ITLR ranks, BM25 filters, an aggregation and highlighting ride along."""
    clause = itlr.query(QUERY, term_vectors=term_vectors(), dialect=dialect)
    return {
        "size": 4,
        "query": {"bool": {"must": [clause], "filter": [BM25]}},
        "aggs": {"aspects": {"terms": {"field": "aspect.keyword", "size": 20}}},
        "highlight": {"fields": {"text": {}}},
        "_source": ["aspect"],
    }


def rescore_body(dialect: str, **weights: Any) -> dict[str, Any]:
    section = itlr.rescore(QUERY, term_vectors=term_vectors(), window_size=50, dialect=dialect, **weights)
    return {"size": 40, "query": RESCORED, "rescore": section, "_source": False}


def approx_body(dialect: str) -> dict[str, Any]:
    clause = itlr.query(QUERY, term_vectors=term_vectors(), mode="approx", knn_k=40, min_score=0.05, dialect=dialect)
    return {"size": 10, "query": clause, "_source": False}


BODIES = {"hybrid": hybrid_body, "aggregation": aggregation_body, "rescore": rescore_body, "approx": approx_body}


# ---------------------------------------------------------------------- fixtures


def _make_index(client: Any) -> Any:
    docs, vectors, _, _ = corpus()
    name = f"h5-clauses-{uuid.uuid4().hex[:8]}"
    index_documents(client, name, docs, vectors=vectors, shards=2)
    return name


@pytest.fixture(scope="module")
def os_index(os_client):
    name = _make_index(os_client)
    yield name
    engine_for(os_client).delete_index(name)


@pytest.fixture(scope="module")
def es_index(es_client):
    name = _make_index(es_client)
    yield name
    engine_for(es_client).delete_index(name)


@pytest.fixture(params=["opensearch", "elasticsearch"])
def cluster(request):
    """(client, index, dialect) of an engine that runs Painless."""
    if request.param == "opensearch":
        request.applymarker(pytest.mark.opensearch)
        return request.getfixturevalue("os_client"), request.getfixturevalue("os_index"), "opensearch"
    request.applymarker(pytest.mark.elasticsearch)
    if not request.getfixturevalue("es_has_painless"):
        handle = request.getfixturevalue("elasticsearch_cluster")
        if handle.source == "itlr.cluster":
            pytest.skip(ES_NO_PAINLESS_REASON)  # test_elasticsearch_node_parses_every_request covers it
        cluster_unavailable("elasticsearch with Painless", f"{handle.url} has no lang-painless module")
    return request.getfixturevalue("es_client"), request.getfixturevalue("es_index"), "elasticsearch"


# ---------------------------------------------------------------------- tests


def test_hybrid_bm25_plus_itlr_scores_each_match_by_both(cluster):
    client, index, dialect = cluster
    bm25 = {h["_id"]: h["_score"] for h in search(client, index, bm25_body())["hits"]["hits"]}
    hits = search(client, index, hybrid_body(dialect))["hits"]["hits"]
    assert {h["_id"] for h in hits} == set(bm25) == ids_matching("vitamin")  # should adds no match
    assert len(bm25) == 8
    expected = local_scores()
    combined = {i: bm25[i] + WEIGHT * expected[i] for i in bm25}
    for h in hits:
        assert h["_score"] == pytest.approx(combined[h["_id"]], abs=1e-4), h["_id"]
    assert [h["_id"] for h in hits] == sorted(combined, key=lambda i: -combined[i])
    assert hits[0]["_source"]["aspect"] != "bone health"


def test_aggregation_and_highlight_beside_itlr_hits(cluster):
    client, index, dialect = cluster
    response = search(client, index, aggregation_body(dialect))
    matched = ids_matching("vitamin")
    expected = {i: s for i, s in local_scores().items() if i in matched}
    hits = response["hits"]["hits"]
    assert_itlr_ranking(hits, expected)
    assert [h["_id"] for h in hits] == sorted(expected, key=lambda i: -expected[i])[:4]  # the vitamin D passages not about bones
    assert all(h["_source"]["aspect"] != "bone health" for h in hits)
    assert all("<em>" in h["highlight"]["text"][0].lower() for h in hits)
    docs = {d["_id"]: d for d in corpus()[0]}
    buckets = {b["key"]: b["doc_count"] for b in response["aggregations"]["aspects"]["buckets"]}
    assert buckets == Counter(docs[i]["aspect"] for i in matched)  # over every match, not the page


def test_rescore_reranks_a_bm25_query_by_itlr(cluster):
    client, index, dialect = cluster
    matched = ids_matching(RESCORED["match"]["text"])
    assert 10 < len(matched) < 40
    expected = {i: s for i, s in local_scores().items() if i in matched}
    hits = search(client, index, rescore_body(dialect))["hits"]["hits"]
    assert {h["_id"] for h in hits} == matched
    assert_itlr_ranking(hits, expected)
    # Blended: first-pass weight 1, ITLR weight 2.
    bm25 = {h["_id"]: h["_score"] for h in search(client, index, {"size": 40, "query": RESCORED})["hits"]["hits"]}
    blended = search(client, index, rescore_body(dialect, query_weight=1.0, rescore_query_weight=2.0))["hits"]["hits"]
    for h in blended:
        assert h["_score"] == pytest.approx(bm25[h["_id"]] + 2.0 * expected[h["_id"]], abs=1e-4), h["_id"]


def test_approx_clause_alone_with_min_score(cluster):
    client, index, dialect = cluster
    hits = search(client, index, approx_body(dialect))["hits"]["hits"]
    expected = local_scores()
    assert_itlr_ranking(hits, expected)
    above = sorted((i for i, s in expected.items() if s >= 0.05), key=lambda i: -expected[i])
    assert [h["_id"] for h in hits] == above[:10]  # knn_k 40 reaches every document


def test_clause_filter_limits_what_it_matches(cluster):
    client, index, dialect = cluster
    coffee = {"term": {"topic.keyword": "coffee"}}
    clause = itlr.query(QUERY, term_vectors=term_vectors(), filter=coffee, dialect=dialect)
    hits = search(client, index, {"size": 40, "query": clause, "_source": False})["hits"]["hits"]
    _, _, tv, local = corpus()
    expected = {h.id: h.score for h in local.search(QUERY, term_vectors=tv, k=40, mode="exact", filter=coffee)}
    assert {h["_id"] for h in hits} == set(expected) and 0 < len(expected) < 40
    assert_itlr_ranking(hits, expected)


def test_dsl_objects_in_the_clients_own_search(cluster):
    client, index, dialect = cluster
    if dialect == "opensearch":
        from opensearchpy.helpers.query import Q
        from opensearchpy.helpers.search import Search
    else:
        from elasticsearch.dsl import Q, Search  # type: ignore[no-redef]
    itlr_q = itlr.dsl_query(QUERY, term_vectors=term_vectors(), boost=WEIGHT, dialect=dialect)
    assert itlr_q.to_dict() == hybrid_body(dialect)["query"]["bool"]["should"][0]
    s = Search(using=client, index=index).query(Q("match", text="vitamin") | itlr_q).source(False).extra(size=40)
    # | of a must-less bool: each document scores BM25 (where it matches) + ITLR.
    response = s.execute()
    expected = local_scores()
    bm25 = {h["_id"]: h["_score"] for h in search(client, index, bm25_body())["hits"]["hits"]}
    for hit in response:
        assert hit.meta.score == pytest.approx(bm25.get(hit.meta.id, 0.0) + WEIGHT * expected[hit.meta.id], abs=1e-4)
    rescored = Search(using=client, index=index).query(Q(RESCORED)).source(False).extra(
        size=40, rescore=rescore_body(dialect)["rescore"]
    ).execute()
    assert_itlr_ranking([{"_id": h.meta.id, "_score": h.meta.score} for h in rescored], expected)


@pytest.mark.elasticsearch
def test_elasticsearch_node_parses_every_request(es_client, es_index, es_has_painless):
    """Without Painless the node still parses each whole request (bool, aggs, highlight,
    rescore, knn) before it compiles the script: the only refusal is the script language."""
    if es_has_painless:
        pytest.skip("this node runs Painless: the tests above cover it")
    dialect = "elasticsearch"
    for build in BODIES.values():
        with pytest.raises(EngineError, match=NO_PAINLESS):
            search(es_client, es_index, build(dialect))
    # The refusals are real parsing: a malformed rescore or clause is refused for what it is.
    broken = rescore_body(dialect)
    broken["rescore"]["query"]["score_mode"] = "nonsense"
    with pytest.raises(EngineError) as refused:
        search(es_client, es_index, broken)
    assert "script_lang" not in str(refused.value) and "nonsense" in str(refused.value).lower()
    body = hybrid_body(dialect)
    body["query"]["bool"]["should"][0]["script_score"]["nonsense"] = 1
    with pytest.raises(EngineError) as refused:
        search(es_client, es_index, body)
    assert "script_lang" not in str(refused.value)
    from elasticsearch import BadRequestError
    from elasticsearch.dsl import Q, Search

    dsl = Search(using=es_client, index=es_index).query(Q("match", text="vitamin") | itlr.dsl_query(QUERY, term_vectors=term_vectors(), dialect="elasticsearch"))
    with pytest.raises(BadRequestError, match=NO_PAINLESS):
        dsl.execute()


def test_clause_errors_are_one_line():
    tv = {"a": [1.0, 0.0], "b": [0.0, 1.0]}
    with pytest.raises(ValueError, match="mode must be exact or approx"):
        itlr.query('"a" AND NOT "b"', term_vectors=tv, mode="auto")
    with pytest.raises(ValueError, match="approximate mode needs at least one term outside NOT"):
        itlr.query('NOT "a"', term_vectors=tv, mode="approx")
    with pytest.raises(ValueError, match="boost must be a finite number"):
        itlr.query('"a"', term_vectors=tv, boost=float("inf"))
    with pytest.raises(ValueError, match="window_size must be a positive integer"):
        itlr.rescore('"a"', term_vectors=tv, window_size=0)
    with pytest.raises(ValueError, match="score_mode must be one of total, multiply, avg, max, min"):
        itlr.rescore('"a"', term_vectors=tv, score_mode="sum")
    with pytest.raises(ValueError, match="rescore takes no filter"):
        itlr.rescore('"a"', term_vectors=tv, filter={"term": {"x": 1}})
    with pytest.raises(ValueError, match="dialect must be elasticsearch or opensearch"):
        itlr.dsl_query('"a"', term_vectors=tv, dialect="solr")
    with pytest.raises(ValueError, match="malformed filter"):
        itlr.query('"a"', term_vectors=tv, filter=[{"term": {"x": 1}}])
