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

from dataclasses import dataclass
from typing import Any, Mapping

from .filters import KEYWORD, STRING_SUBFIELDS, field_types

__all__ = ["index_body", "metadata_mappings", "vector_field_dims", "VectorField", "vector_field", "UNIT_VECTORS_META"]

# Marks, in the index's mapping `_meta`, the vector fields itlr filled with unit vectors.
UNIT_VECTORS_META = "itlr_unit_vectors"


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
    mappings = {"_meta": {UNIT_VECTORS_META: [field]}, **metadata_mappings(metadata, text_field=text_field)}
    _place(mappings["properties"], field, vector)
    return {"settings": settings, "mappings": mappings}


def _field_node(index_mapping: dict[str, Any], field: str) -> dict[str, Any] | None:
    props: Any = index_mapping.get("mappings", {}).get("properties", {})
    node: Any = None
    for part in field.split("."):
        node = props.get(part) if isinstance(props, dict) else None
        props = node.get("properties", {}) if isinstance(node, dict) else {}
    return node if isinstance(node, dict) else None


def vector_field_dims(mapping: dict[str, Any], field: str) -> int | None:
    """Dimensions of ``field`` in a ``GET <index>/_mapping`` answer (any index in it), else None."""
    for index_mapping in mapping.values():
        node = _field_node(index_mapping, field)
        if node is not None:
            dims = node.get("dims", node.get("dimension"))
            if dims is not None:
                return int(dims)
    return None


# Quantised kNN graphs score neighbours on compressed vectors: their _score is not the cosine.
_QUANTISED_ES = ("int8_", "int4_", "bbq_")
# Similarities whose ranking is not a cosine's even for unit vectors.
_NO_COSINE = {"l1", "linf", "hamming", "hammingbit", "jaccard"}


@dataclass(frozen=True)
class VectorField:
    """What itlr needs to know about an index's vector field.

    ``similarity`` is the kNN space, one of ``cosine``, ``dot_product``, ``l2`` or
    ``max_inner_product``; ``unit`` says the stored vectors are known to be unit length
    (itlr made the index, or the engine enforces it), so the script may skip the
    document norm; ``exact_scores`` says a kNN hit's ``_score`` is the exact similarity
    (no quantisation); ``knn`` says the field has a kNN index at all."""

    dims: int
    similarity: str = "cosine"
    unit: bool = False
    exact_scores: bool = True
    knn: bool = True

    @property
    def ranks_by_cosine(self) -> bool:
        """A kNN list over this field is a list of the nearest documents by cosine."""
        return self.knn and (self.similarity == "cosine" or self.unit)

    @property
    def certifiable(self) -> bool:
        """kNN scores convert back to exact cosines: the threshold algorithm's bound holds."""
        return self.ranks_by_cosine and self.exact_scores

    def cosine(self, knn_score: float) -> float:
        """The cosine behind a kNN hit's ``_score`` (both engines score alike per similarity)."""
        s = float(knn_score)
        if self.similarity in ("cosine", "dot_product"):  # (1 + cos) / 2
            return 2.0 * s - 1.0
        if self.similarity == "l2":  # 1 / (1 + d²), and d² = 2 - 2 cos for unit vectors
            return 1.0 - (1.0 / s - 1.0) / 2.0 if s > 0 else -1.0
        # max inner product (Lucene's scaling): 1 + dot for dot >= 0, 1 / (1 - dot) below
        return s - 1.0 if s >= 1.0 else 1.0 - 1.0 / s if s > 0 else -1.0


def vector_field(mapping: dict[str, Any], field: str, index: str = "") -> VectorField:
    """Reads ``field`` from a ``GET <index>/_mapping`` answer; refuses what cannot carry a cosine."""
    where = f"{field!r} in index {index!r}" if index else repr(field)
    for index_mapping in mapping.values():
        node = _field_node(index_mapping, field)
        if node is None:
            continue
        unit_fields = (index_mapping.get("mappings", {}).get("_meta") or {}).get(UNIT_VECTORS_META) or []
        unit = field in unit_fields
        kind = node.get("type")
        if kind == "dense_vector":  # Elasticsearch
            element = node.get("element_type", "float")
            if element == "bit":
                raise ValueError(f"{where} holds bit vectors (hamming distance): they carry no cosine")
            similarity = {"l2_norm": "l2"}.get(node.get("similarity", "cosine"), node.get("similarity", "cosine"))
            options = node.get("index_options") or {}
            # byte vectors score on their own scale; quantised graphs on compressed vectors
            quantised = element != "float" or str(options.get("type", "")).startswith(_QUANTISED_ES)
            # Elasticsearch refuses float vectors that are not unit length under dot_product.
            unit = unit or (similarity == "dot_product" and element == "float")
            return VectorField(int(node["dims"]), similarity, unit, not quantised, node.get("index", True) is not False)
        if kind == "knn_vector":  # OpenSearch
            if node.get("data_type") == "binary":
                raise ValueError(f"{where} holds binary vectors (hamming distance): they carry no cosine")
            method = node.get("method") or {}
            space = str(method.get("space_type") or node.get("space_type") or "l2").lower()
            if space in _NO_COSINE:
                raise ValueError(f"{where} uses space_type {space!r}, which carries no cosine; use cosinesimil, innerproduct or l2")
            similarity = {"cosinesimil": "cosine", "innerproduct": "max_inner_product"}.get(space, "l2")
            compressed = str(node.get("compression_level", "1x")) not in ("1x", "") or node.get("mode") == "on_disk"
            return VectorField(int(node["dimension"]), similarity, unit, not compressed, True)
        raise ValueError(f"{where} is a {kind!r} field, not a dense_vector or knn_vector")
    raise ValueError(f"index {index!r} has no vector field {field!r}" if index else f"no vector field {field!r}")
