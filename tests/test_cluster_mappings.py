"""Indices itlr did not create (issue 13 item 5): the mapping is read once and the search
adapts: the script normalises document vectors that may not be unit length, kNN lists
certify only where they rank by exact cosine, and what carries no cosine is refused."""

from __future__ import annotations

import uuid

import numpy as np
import pytest

import itlr
from itlr.engines import engine_for
from itlr.local import LocalIndex
from itlr.mappings import UNIT_VECTORS_META, index_body, vector_field

DIMS = 8
N_DOCS = 150
_rng = np.random.default_rng(7)
_base = _rng.normal(size=DIMS)
UNIT = _rng.normal(size=(N_DOCS, DIMS)) + 0.8 * _base
UNIT /= np.linalg.norm(UNIT, axis=1, keepdims=True)
LENGTHS = _rng.uniform(0.2, 5.0, size=(N_DOCS, 1))
TERMS = {t: (_rng.normal(size=DIMS) + 0.8 * _base).tolist() for t in ("a", "b", "c")}
IDS = [f"d{i:03d}" for i in range(N_DOCS)]
LOCAL = LocalIndex()
LOCAL.add([{"_id": i, "text": i} for i in IDS], vectors=UNIT)


def _mapping(props: dict, meta: dict | None = None) -> dict:
    return {"idx": {"mappings": {**({"_meta": meta} if meta else {}), "properties": {"v": props}}}}


@pytest.mark.parametrize(
    "props, meta, expected",
    [
        ({"type": "knn_vector", "dimension": 8, "method": {"space_type": "cosinesimil"}}, None, ("cosine", False, True)),
        ({"type": "knn_vector", "dimension": 8, "method": {"space_type": "cosinesimil"}}, {UNIT_VECTORS_META: ["v"]}, ("cosine", True, True)),
        ({"type": "knn_vector", "dimension": 8, "space_type": "innerproduct"}, None, ("max_inner_product", False, True)),
        ({"type": "knn_vector", "dimension": 8}, None, ("l2", False, True)),
        ({"type": "knn_vector", "dimension": 8, "compression_level": "32x", "method": {"space_type": "cosinesimil"}}, None, ("cosine", False, False)),
        ({"type": "dense_vector", "dims": 8}, None, ("cosine", False, True)),
        ({"type": "dense_vector", "dims": 8, "similarity": "dot_product"}, None, ("dot_product", True, True)),
        ({"type": "dense_vector", "dims": 8, "similarity": "l2_norm", "index_options": {"type": "int8_hnsw"}}, None, ("l2", False, False)),
        ({"type": "dense_vector", "dims": 64, "index_options": {"type": "bbq_hnsw"}}, None, ("cosine", False, False)),
    ],
)
def test_vector_field_reads_mappings(props, meta, expected):
    field = vector_field(_mapping(props, meta), "v")
    assert (field.similarity, field.unit, field.exact_scores) == expected


@pytest.mark.parametrize(
    "props, message",
    [
        ({"type": "dense_vector", "dims": 64, "element_type": "bit"}, "bit vectors"),
        ({"type": "knn_vector", "dimension": 8, "data_type": "binary"}, "binary vectors"),
        ({"type": "knn_vector", "dimension": 8, "method": {"space_type": "l1"}}, "space_type 'l1'"),
        ({"type": "keyword"}, "not a dense_vector or knn_vector"),
    ],
)
def test_vector_field_refuses_what_carries_no_cosine(props, message):
    with pytest.raises(ValueError, match=message):
        vector_field(_mapping(props), "v")


def test_knn_scores_convert_back_to_cosines():
    cos = np.array([-0.9, -0.2, 0.0, 0.3, 0.99])
    for similarity, scores in [
        ("cosine", (1 + cos) / 2),
        ("dot_product", (1 + cos) / 2),
        ("l2", 1 / (1 + (2 - 2 * cos))),
        ("max_inner_product", np.where(cos < 0, 1 / (1 - cos), 1 + cos)),
    ]:
        field = itlr.mappings.VectorField(8, similarity, unit=True)
        assert np.allclose([field.cosine(s) for s in scores], cos)


def test_itlr_marks_its_indices_as_unit_length():
    for dialect in ("opensearch", "elasticsearch"):
        body = index_body(dialect, 8, field="emb")
        assert vector_field({"i": {"mappings": body["mappings"]}}, "emb").unit


def _os_index(client, space: str, vectors: np.ndarray, shards: int = 2) -> str:
    name = f"h2-foreign-{space}-{uuid.uuid4().hex[:6]}"
    engine = engine_for(client)
    engine.create_index(name, {
        "settings": {"index": {"knn": True, "number_of_shards": shards, "number_of_replicas": 0}},
        "mappings": {"properties": {"v": {"type": "knn_vector", "dimension": DIMS,
                                          "method": {"name": "hnsw", "engine": "lucene", "space_type": space}}}},
    })
    operations: list[dict] = []
    for doc_id, vector in zip(IDS, vectors):
        operations += [{"index": {"_index": name, "_id": doc_id}}, {"v": vector.tolist(), "text": doc_id}]
    engine.bulk(name, operations)
    engine.refresh(name)
    return name


def _scores(expr: str) -> dict[str, float]:
    terms = itlr.parse(expr).terms()
    return {h.id: h.score for h in LOCAL.search(expr, term_vectors=[TERMS[t] for t in terms], k=N_DOCS, mode="exact")}


@pytest.mark.opensearch
@pytest.mark.parametrize("space, certifies", [("cosinesimil", True), ("l2", False), ("innerproduct", False)])
def test_opensearch_index_with_vectors_not_unit_length(os_client, space, certifies):
    """Stored vectors of lengths 0.2 to 5: the script normalises them, and only a cosine
    space's kNN lists are trusted for certification."""
    name = _os_index(os_client, space, UNIT * LENGTHS)
    try:
        search = itlr.LogicalSearch(os_client, name, field="v")
        assert search._vector_field().unit is False
        for expr in ('"a" AND NOT "b"', '("a" OR "c") AND NOT "b"'):
            # (a fresh search object: what one has learned of the index's round costs could send
            # its later auto queries to exact scoring at once, itlr.rounds.RoundCosts)
            search = itlr.LogicalSearch(os_client, name, field="v")
            expected = _scores(expr)
            ranking = sorted(expected.values(), reverse=True)
            for mode in ("exact", "auto"):
                result = search.search(expr, term_vectors=TERMS, k=10, offset=5, mode=mode, knn_k=30 if mode == "auto" else None)
                assert [round(h.score, 4) for h in result] == [round(s, 4) for s in ranking[5:15]]
                assert all(abs(expected[h.id] - h.score) < 1e-4 for h in result)
                if mode == "auto":
                    assert result.certificate.certified
                    # A cosine space's lists are read (a list round, certified or followed by
                    # exact scoring on so small an index); other spaces go exact at once.
                    listed = result.mode == "approx" or result.certificate.rounds == 2
                    assert listed is certifies
                    assert certifies or (result.mode == "exact" and result.certificate.rounds == 1)
    finally:
        engine_for(os_client).delete_index(name)


@pytest.mark.elasticsearch
def test_elasticsearch_quantised_default_mapping_is_read(es_client):
    """Elasticsearch's own default for a dense_vector (a quantised HNSW graph): read from the
    real node's mapping, not certifiable from kNN scores, and the kNN baseline still works."""
    name = f"h2-foreign-es-{uuid.uuid4().hex[:6]}"
    engine = engine_for(es_client)
    es_client.indices.create(index=name, mappings={"properties": {"v": {"type": "dense_vector", "dims": DIMS}}})
    try:
        operations: list[dict] = []
        for doc_id, vector in zip(IDS, UNIT):
            operations += [{"index": {"_index": name, "_id": doc_id}}, {"v": vector.tolist()}]
        engine.bulk(name, operations)
        engine.refresh(name)
        field = vector_field(engine.mapping(name), "v", name)
        options = engine.mapping(name)[name]["mappings"]["properties"]["v"].get("index_options", {})
        assert field.similarity == "cosine" and not field.unit
        assert field.exact_scores is not str(options.get("type", "")).startswith(("int8_", "int4_", "bbq_"))
        hits = itlr.LogicalSearch(es_client, name, field="v").knn(TERMS["a"], k=5)
        assert len(hits) == 5 and all(-1.0 <= h.score <= 1.0 for h in hits)
    finally:
        engine.delete_index(name)


@pytest.mark.elasticsearch
def test_elasticsearch_knn_list_gives_the_cosine_floor(es_client):
    """The kNN list request of certified auto, on the real Elasticsearch node (2 shards,
    a filter): its hits are the true nearest by cosine, and the last one's converted
    score bounds every document it did not return."""
    from itlr.indexing import index_documents
    from itlr.translator.compiler import SearchOptions
    from itlr.translator.dialects import get_dialect

    name = f"h2-eslist-{uuid.uuid4().hex[:6]}"
    docs = [{"_id": i, "text": i, "group": n % 2} for n, i in enumerate(IDS)]
    index_documents(es_client, name, docs, vectors=UNIT, shards=2)
    engine = engine_for(es_client)
    try:
        field = vector_field(engine.mapping(name), "embedding", name)
        assert field.unit and field.certifiable
        q = np.asarray(TERMS["a"]) / np.linalg.norm(TERMS["a"])
        options = SearchOptions(filter={"term": {"group": 1}}, knn_k=20, num_candidates=N_DOCS)
        body = get_dialect("elasticsearch").knn_list(q, 20, options)
        listing = engine.run(name, body)
        (kth,) = listing["hits"]["hits"]  # only the 20th hit comes back
        floor = field.cosine(kth["_score"])
        beyond = engine.run(name, get_dialect("elasticsearch").knn_list(q, N_DOCS, options))
        assert beyond["hits"]["hits"] == []  # a list deeper than the filtered documents: none at its depth
        cosines = UNIT @ q
        in_group = [n for n in range(N_DOCS) if n % 2 == 1]
        expected = sorted(in_group, key=lambda n: -cosines[n])
        assert abs(cosines[expected[19]] - floor) < 1e-5
        assert all(cosines[n] <= floor + 1e-6 for n in expected[20:])
    finally:
        engine.delete_index(name)
