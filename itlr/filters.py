"""Query-DSL filters evaluated in Python, so one filter dict works on the local
engine as on Elasticsearch and OpenSearch.

The subset: ``match_all``, ``match_none``, ``term``, ``terms``, ``range``,
``exists``, ``ids``, ``prefix`` and ``bool`` (``must``/``filter``/``should``/``must_not``,
``minimum_should_match``). Anything else is refused with a clear error rather
than guessed at.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Mapping

__all__ = ["compile_filter", "check_filter"]

Predicate = Callable[[str, Mapping[str, Any]], bool]


def _get(source: Mapping[str, Any], field: str) -> list[Any]:
    """Every value at a dotted path; arrays of objects are walked, as the engines flatten them."""
    if field.endswith(".keyword"):
        field = field[: -len(".keyword")]
    if field in source:  # a literal dotted key wins
        return _values(source[field])
    level: list[Any] = [source]
    for part in field.split("."):
        level = [v for node in level if isinstance(node, Mapping) and part in node for v in _values(node[part])]
    return level


def _values(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _one(name: str, body: Any) -> tuple[str, Any]:
    if not isinstance(body, Mapping) or len(body) != 1:
        raise ValueError(f"malformed filter: {name} takes an object with one field")
    ((field, arg),) = body.items()
    return field, arg


def _as_list(body: Any) -> list:
    return list(body) if isinstance(body, list) else [body]


def compile_filter(query: Mapping[str, Any] | None) -> Predicate:
    """A predicate ``(doc_id, source) -> bool`` for a query-DSL dict (None: everything)."""
    if query is None:
        return lambda _id, _src: True
    if not isinstance(query, Mapping) or len(query) != 1:
        raise ValueError("malformed filter: a query-DSL clause is an object with exactly one key, e.g. {\"term\": {\"lang\": \"en\"}}")
    ((kind, body),) = query.items()
    if kind == "match_all":
        return lambda _id, _src: True
    if kind == "match_none":
        return lambda _id, _src: False
    if kind == "term":
        field, arg = _one(kind, body)
        want = arg.get("value") if isinstance(arg, Mapping) else arg
        return lambda _id, src: any(v == want for v in _get(src, field))
    if kind == "terms":
        field, arg = _one(kind, body)
        if not isinstance(arg, list):
            raise ValueError("malformed filter: terms takes a list of values")
        wanted = list(arg)
        return lambda _id, src: any(v in wanted for v in _get(src, field))
    if kind == "prefix":
        field, arg = _one(kind, body)
        want = arg.get("value") if isinstance(arg, Mapping) else arg
        return lambda _id, src: any(isinstance(v, str) and v.startswith(want) for v in _get(src, field))
    if kind == "exists":
        if not isinstance(body, Mapping) or "field" not in body:
            raise ValueError("malformed filter: exists takes {\"field\": name}")
        return lambda _id, src: bool(_get(src, body["field"]))
    if kind == "ids":
        if not isinstance(body, Mapping) or not isinstance(body.get("values"), list):
            raise ValueError("malformed filter: ids takes {\"values\": [...]}")
        wanted_ids = {str(v) for v in body["values"]}
        return lambda _id, _src: _id in wanted_ids
    if kind == "range":
        field, arg = _one(kind, body)
        if not isinstance(arg, Mapping) or not set(arg) <= {"gt", "gte", "lt", "lte", "format", "boost"}:
            raise ValueError("malformed filter: range takes gt, gte, lt, lte")
        checks = [(op, arg[op]) for op in ("gt", "gte", "lt", "lte") if op in arg]

        def in_range(_id: str, src: Mapping[str, Any]) -> bool:
            for v in _get(src, field):
                try:
                    if all(_compare(op, v, bound) for op, bound in checks):
                        return True
                except TypeError:
                    continue
            return False

        return in_range
    if kind == "bool":
        if not isinstance(body, Mapping) or not set(body) <= {"must", "filter", "should", "must_not", "minimum_should_match", "boost"}:
            raise ValueError("malformed filter: bool takes must, filter, should, must_not")
        must = [compile_filter(q) for key in ("must", "filter") for q in _as_list(body.get(key, []))]
        should = [compile_filter(q) for q in _as_list(body.get("should", []))]
        must_not = [compile_filter(q) for q in _as_list(body.get("must_not", []))]
        minimum = int(body.get("minimum_should_match", 0 if must else 1 if should else 0))

        def boolean(_id: str, src: Mapping[str, Any]) -> bool:
            if not all(p(_id, src) for p in must) or any(p(_id, src) for p in must_not):
                return False
            return sum(p(_id, src) for p in should) >= minimum if should else True

        return boolean
    raise ValueError(f"filter clause {kind!r} is not supported by the local engine (supported: bool, term, terms, range, exists, ids, prefix, match_all)")


_OPS = {"gt": operator.gt, "gte": operator.ge, "lt": operator.lt, "lte": operator.le}


def _compare(op: str, value: Any, bound: Any) -> bool:
    return _OPS[op](value, bound)


def check_filter(query: Any) -> None:
    """Rejects a filter that is not a query-DSL object, before any request is sent."""
    if query is not None and (not isinstance(query, Mapping) or len(query) != 1 or not isinstance(next(iter(query)), str)):
        raise ValueError("malformed filter: a query-DSL clause is an object with exactly one key, e.g. {\"term\": {\"lang\": \"en\"}}")
