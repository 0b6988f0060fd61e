"""Index bodies per dialect: the vector field, the text field, metadata fields, shards.

Elasticsearch: ``dense_vector`` (dims, ``similarity: cosine``, float HNSW);
OpenSearch: ``knn_vector`` (``method`` hnsw, ``engine`` lucene, ``space_type``
cosinesimil) in an index with ``index.knn: true``.

Metadata fields follow the rules of :mod:`itlr.filters`, which the local engine
uses too, so a filter selects the same documents everywhere: declared fields
(``metadata``) get their declared mapping; any other string becomes a
``keyword`` with subfields ``text`` (its words) and ``keyword`` (the value again), a fraction a ``double`` (not the engines'
single-precision ``float``), and strings are never guessed to be dates or numbers.
"""

from __future__ import annotations

from typing import Any, Mapping

from .filters import KEYWORD, STRING_SUBFIELDS, field_types

__all__ = ["index_body", "metadata_mappings", "vector_field_dims"]


def metadata_mappings(metadata: Mapping[str, Any] | None = None, *, text_field: str = "text") -> dict[str, Any]:
    """The ``mappings`` entries for metadata: declared fields as ``properties``, and
    the dynamic templates that type every other field as the local engine does."""
    types = field_types(metadata, text_field=text_field)
    properties: dict[str, Any] = {}
    for path, ftype in types.declared.items():
        mapping = ftype.mapping()
        subs = types.subfields.get(path)
        if subs:
            mapping["fields"] = {name: sub.mapping() for name, sub in subs.items()}
        _place(properties, path, mapping)
    string = {**KEYWORD.mapping(), "fields": {name: sub.mapping() for name, sub in STRING_SUBFIELDS.items()}}
    return {
        "date_detection": False,
        "numeric_detection": False,
        "dynamic_templates": [
            {"itlr_strings": {"match_mapping_type": "string", "mapping": string}},
            {"itlr_fractions": {"match_mapping_type": "double", "mapping": {"type": "double"}}},
        ],
        "properties": properties,
    }


def _place(properties: dict[str, Any], path: str, mapping: dict[str, Any]) -> None:
    """Puts a dotted path's mapping into nested ``properties`` (``a.b`` is field ``b`` of object ``a``)."""
    *parents, leaf = path.split(".")
    node = properties
    for part in parents:
        entry = node.setdefault(part, {"properties": {}})
        if "properties" not in entry:
            raise ValueError(f"metadata field {path!r}: {part!r} is declared as a {entry.get('type')} field, not an object")
        node = entry["properties"]
    if leaf in node and "properties" in node[leaf]:
        raise ValueError(f"metadata field {path!r} is also an object of other declared fields")
    node[leaf] = mapping


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
    metadata: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The body of ``PUT <index>`` for a vector field of ``dims`` dimensions.

    ``metadata`` declares fields by type name or mapping, e.g.
    ``{"published": {"type": "date", "format": "yyyy-MM-dd"}, "year": "long"}``;
    undeclared fields are typed by :func:`metadata_mappings`' dynamic templates.
    """
    if not isinstance(dims, int) or dims < 1:
        raise ValueError(f"dims must be a positive integer, got {dims!r}")
    if shards < 1 or replicas < 0:
        raise ValueError("shards must be at least 1 and replicas at least 0")
    if metadata and field in metadata:
        raise ValueError(f"metadata field {field!r} is the vector field")
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
    mappings = metadata_mappings(metadata, text_field=text_field)
    _place(mappings["properties"], field, vector)
    return {"settings": settings, "mappings": mappings}


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
