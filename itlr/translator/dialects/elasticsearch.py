"""Elasticsearch 8.15+ and 9.x: the query-DSL ``knn`` query on a ``dense_vector`` field."""

from __future__ import annotations

from typing import Any

from ..compiler import Dialect, SearchOptions


class Elasticsearch(Dialect):
    name = "elasticsearch"

    def knn_clause(self, field: str, vector: list[float], options: SearchOptions) -> dict[str, Any]:
        # k (8.15+) is the neighbours each shard contributes; without it the node keeps only `size`.
        clause: dict[str, Any] = {
            "field": field,
            "query_vector": vector,
            "k": options.neighbours(),
            "num_candidates": max(options.candidates(), options.neighbours()),
        }
        if options.filter is not None:
            clause["filter"] = dict(options.filter)
        return {"knn": clause}
