"""OpenSearch 2.x / 3.x with the k-NN plugin: the ``knn`` query on a ``knn_vector`` field."""

from __future__ import annotations

from typing import Any

from ..compiler import Dialect, SearchOptions


class OpenSearch(Dialect):
    name = "opensearch"

    def knn_clause(self, field: str, vector: list[float], options: SearchOptions) -> dict[str, Any]:
        clause: dict[str, Any] = {"vector": vector, "k": options.neighbours()}
        if options.filter is not None:
            clause["filter"] = dict(options.filter)  # efficient filtering (lucene and faiss engines)
        if options.num_candidates is not None:
            clause["method_parameters"] = {"ef_search": options.num_candidates}
        return {"knn": {field: clause}}
