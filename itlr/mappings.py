"""Index bodies per dialect: the vector field, the text field, shards.

Elasticsearch: ``dense_vector`` (dims, ``similarity: cosine``, float HNSW);
OpenSearch: ``knn_vector`` (``method`` hnsw, ``engine`` lucene, ``space_type``
cosinesimil) in an index with ``index.knn: true``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["index_body", "vector_field_dims"]


def index_body(
    dialect: str,
    dims: int,
    *,
    field: str = "embedding",
    text_field: str = "text",
    shards: int = 1,
    replicas: int = 0,
    m: int = 16,
    ef_construction: int = 100,
) -> dict[str, Any]:
    """The body of ``PUT <index>`` for a vector field of ``dims`` dimensions."""
    if not isinstance(dims, int) or dims < 1:
        raise ValueError(f"dims must be a positive integer, got {dims!r}")
    if shards < 1 or replicas < 0:
        raise ValueError("shards must be at least 1 and replicas at least 0")
    text = {"type": "text"}
    if dialect == "elasticsearch":
        vector = {
            "type": "dense_vector",
            "dims": dims,
            "index": True,
            "similarity": "cosine",
            # Plain float HNSW: recent versions default to quantised graphs for large dims.
            "index_options": {"type": "hnsw", "m": m, "ef_construction": ef_construction},
        }
        settings: dict[str, Any] = {"number_of_shards": shards, "number_of_replicas": replicas}
    elif dialect == "opensearch":
        vector = {
            "type": "knn_vector",
            "dimension": dims,
            "method": {
                "name": "hnsw",
                "engine": "lucene",
                "space_type": "cosinesimil",
                "parameters": {"m": m, "ef_construction": ef_construction},
            },
        }
        settings = {"index": {"knn": True, "number_of_shards": shards, "number_of_replicas": replicas}}
    else:
        raise ValueError(f"dialect must be elasticsearch or opensearch; got {dialect!r}")
    return {"settings": settings, "mappings": {"properties": {field: vector, text_field: text}}}


def vector_field_dims(mapping: dict[str, Any], field: str) -> int | None:
    """Dimensions of ``field`` in a ``GET <index>/_mapping`` answer (any index in it), else None."""
    for index_mapping in mapping.values():
        props: Any = index_mapping.get("mappings", {}).get("properties", {})
        node: Any = None
        for part in field.split("."):
            node = props.get(part) if isinstance(props, dict) else None
            props = node.get("properties", {}) if isinstance(node, dict) else {}
        if isinstance(node, dict):
            dims = node.get("dims", node.get("dimension"))
            if dims is not None:
                return int(dims)
    return None
