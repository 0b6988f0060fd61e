"""Query-DSL filters evaluated in Python, as Elasticsearch and OpenSearch
evaluate them over the fields itlr maps (:mod:`itlr.mappings`), so one filter
dict selects the same documents on the local engine as on a cluster.

How a field is typed (the same rules :func:`itlr.mappings.index_body` gives the engines):

- declared fields (``metadata={"published": {"type": "date", "format": "yyyy-MM-dd"}}``)
  have their declared type; the document text field is ``text``;
- any other field is typed by its JSON value: a string is a ``keyword`` (whole
  value, case kept; strings longer than :data:`IGNORE_ABOVE` are not indexed) with
  subfields ``FIELD.text`` (its words: the standard analyzer, lowercased) and
  ``FIELD.keyword`` (the whole value again); an integer is a ``long``, a fraction
  a ``double``, ``true``/``false`` a ``boolean``. Strings are never guessed to be
  dates or numbers: declare those. A field whose values mix JSON types (``5`` in
  one document, ``"5"`` in another) is typed by its first document on a cluster
  and value by value here: declare it.

Supported clauses: ``match_all``, ``match_none``, ``term``, ``terms``, ``match``,
``range`` (numbers, dates with ``format``, strings), ``exists``, ``ids``,
``prefix`` and ``bool`` (``must``/``filter``/``should``/``must_not``,
``minimum_should_match``). Anything else is refused with a clear error rather
than guessed at. Date math (``now-30d/d``, ``2020-01-01||+1M``) works in
``range`` and ``term`` as on the engines, with ``gt``/``lte`` rounding up.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, TypeVar

__all__ = [
    "compile_filter",
    "check_filter",
    "FieldType",
    "FieldTypes",
    "field_types",
    "analyze",
    "parse_date",
    "date_value",
    "IGNORE_ABOVE",
]

Predicate = Callable[[str, Mapping[str, Any]], bool]

#: Longest string (in UTF-16 code units, as the engines count) a ``keyword`` field indexes:
#: a Lucene term holds at most 32,766 bytes, and 8,191 four-byte characters fit.
IGNORE_ABOVE = 8191

_NUMERIC = {"long", "integer", "short", "byte", "double", "float", "half_float"}
_INTEGER = {"long", "integer", "short", "byte"}
SUPPORTED_TYPES = {"keyword", "text", "boolean", "date", *_NUMERIC}
DEFAULT_DATE_FORMAT = "strict_date_optional_time||epoch_millis"


@dataclass(frozen=True)
class FieldType:
    """One field as the engines index it: its type, a date ``format`` and, for
    ``keyword``, the longest value indexed."""

    type: str
    format: str | None = None
    ignore_above: int | None = None

    def mapping(self) -> dict[str, Any]:
        """The field's mapping as ``PUT <index>`` takes it."""
        if self.type == "keyword":
            body: dict[str, Any] = {"type": "keyword"}
            if self.ignore_above is not None:
                body["ignore_above"] = self.ignore_above
            return body
        if self.type == "date" and self.format:
            return {"type": "date", "format": self.format}
        return {"type": self.type}


KEYWORD = FieldType("keyword", ignore_above=IGNORE_ABOVE)
TEXT = FieldType("text")
#: What an undeclared string becomes: a keyword, its words in ``FIELD.text``, and the
#: whole value again in ``FIELD.keyword`` (the name Elasticsearch users reach for).
STRING_SUBFIELDS = {"text": TEXT, "keyword": KEYWORD}


@dataclass(frozen=True)
class FieldTypes:
    """The declared fields of an index (dotted paths; subfields as ``path.sub``).
    Every other field is typed by its JSON value, as the dynamic templates of
    :func:`itlr.mappings.index_body` type it on a cluster."""

    declared: Mapping[str, FieldType]
    subfields: Mapping[str, Mapping[str, FieldType]]

    def resolve(self, path: str) -> tuple[str, FieldType | None, FieldType | None]:
        """``(source path, declared type, type of a subfield of an undeclared string)``
        (at most one of the two types is not None)."""
        if path in self.declared:
            return path, self.declared[path], None
        base, _, sub = path.rpartition(".")
        if base and base in self.subfields and sub in self.subfields[base]:
            return base, self.subfields[base][sub], None
        if base and sub in STRING_SUBFIELDS and base not in self.declared:
            return base, None, STRING_SUBFIELDS[sub]
        return path, None, None


def field_types(metadata: Mapping[str, Any] | None = None, *, text_field: str = "text") -> FieldTypes:
    """The field types of an index: the document text field is ``text``; ``metadata``
    declares others, each as a type name (``"date"``, ``"long"``, ``"keyword"``, …)
    or a mapping (``{"type": "date", "format": "yyyy-MM-dd"}``)."""
    declared: dict[str, FieldType] = {text_field: TEXT}
    subfields: dict[str, dict[str, FieldType]] = {}
    for path, spec in (metadata or {}).items():
        if not isinstance(path, str) or not path:
            raise ValueError(f"metadata field names are non-empty strings, not {path!r}")
        declared[path], subs = _field_type(path, spec)
        if subs:
            subfields[path] = subs
    return FieldTypes(declared, subfields)


def _field_type(path: str, spec: Any) -> tuple[FieldType, dict[str, FieldType]]:
    if isinstance(spec, str):
        spec = {"type": spec}
    if not isinstance(spec, Mapping) or not isinstance(spec.get("type"), str):
        raise ValueError(f"metadata field {path!r}: expected a type name or a mapping with a type, got {spec!r}")
    kind = spec["type"]
    if kind not in SUPPORTED_TYPES:
        raise ValueError(f"metadata field {path!r}: type {kind!r} is not supported (supported: {', '.join(sorted(SUPPORTED_TYPES))})")
    unknown = set(spec) - {"type", "format", "ignore_above", "fields"}
    if unknown:
        raise ValueError(f"metadata field {path!r}: unsupported mapping option(s) {', '.join(sorted(unknown))}")
    if kind == "keyword" and "fields" not in spec and "ignore_above" not in spec:
        return KEYWORD, dict(STRING_SUBFIELDS)  # the shorthand: as an undeclared string
    fmt = spec.get("format")
    if fmt is not None:
        if kind != "date" or not isinstance(fmt, str):
            raise ValueError(f"metadata field {path!r}: format is for date fields, as a string")
        for one in fmt.split("||"):
            _date_pattern(one)  # refuse a format the local engine cannot read, up front
    ignore_above = spec.get("ignore_above")
    if ignore_above is not None and (kind != "keyword" or not isinstance(ignore_above, int) or ignore_above < 1):
        raise ValueError(f"metadata field {path!r}: ignore_above is a positive integer, for keyword fields")
    subs: dict[str, FieldType] = {}
    for sub, sub_spec in (spec.get("fields") or {}).items():
        subs[sub], _ = _field_type(f"{path}.{sub}", sub_spec)
    return FieldType(kind, format=fmt if kind == "date" else None, ignore_above=ignore_above), subs


_DEFAULT_TYPES = field_types()


# -- values as the engines index them --------------------------------------------------


def _get(source: Mapping[str, Any], field: str) -> list[Any]:
    """Every value at a dotted path; arrays of objects are walked, as the engines flatten them."""
    if field in source:  # a literal dotted key wins
        return _values(source[field])
    level: list[Any] = [source]
    for part in field.split("."):
        level = [v for node in level if isinstance(node, Mapping) and part in node for v in _values(node[part])]
    return level


def _values(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _values(v)]
    return [value]


def _dynamic_type(value: Any) -> FieldType | None:
    if isinstance(value, bool):
        return FieldType("boolean")
    if isinstance(value, int):
        return FieldType("long")
    if isinstance(value, float):
        return FieldType("double")
    if isinstance(value, str):
        return KEYWORD
    return None  # an object: no value of its own


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _as_keyword(value: Any, ftype: FieldType) -> str | None:
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (int, float, str)):
        text = str(value)
    else:
        return None
    if ftype.ignore_above is not None and _utf16_length(text) > ftype.ignore_above:
        return None
    return text


def _as_number(value: Any, kind: str, *, strict: bool = False) -> float | int | None:
    """A value as a numeric field holds it (``coerce``: numeric strings parse, integers truncate)."""
    if isinstance(value, bool):
        number: float | int | None = None
    elif isinstance(value, (int, float)):
        number = value
    elif isinstance(value, str):
        try:
            number = float(value.strip()) if not re.fullmatch(r"\s*[-+]?\d+\s*", value) else int(value)
        except ValueError:
            number = None
    else:
        number = None
    if number is None or (isinstance(number, float) and not math.isfinite(number)):
        if strict:
            raise ValueError(f"filter value {value!r} is not a number")
        return None
    if kind in _INTEGER:
        return int(number)  # truncates toward zero, as the engines coerce 5.7 to 5
    if kind in ("float", "half_float"):
        import numpy as np

        # The engines store (and read query bounds) at the field's precision: 0.3 is 0.3f.
        return float(np.float32(number) if kind == "float" else np.float16(number))
    return float(number)


def _as_boolean(value: Any, *, strict: bool = False) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value in ("true", "false"):
        return value == "true"
    if strict:
        raise ValueError(f"filter value {value!r} is not a boolean (true or false)")
    return None


def _indexed(value: Any, ftype: FieldType) -> Any:
    """One source value as the field indexes it; None when the engine would not index it."""
    kind = ftype.type
    if kind == "keyword":
        return _as_keyword(value, ftype)
    if kind == "text":
        return analyze(str(value)) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None
    if kind in _NUMERIC:
        return _as_number(value, kind)
    if kind == "boolean":
        return _as_boolean(value)
    if kind == "date":
        try:
            return parse_date(value, ftype.format or DEFAULT_DATE_FORMAT)
        except ValueError:
            return None
    return None


def _query_value(value: Any, ftype: FieldType, fmt: str | None = None, *, round_up: bool = False) -> Any:
    """A value in a query, as the engine reads it against a field of ``ftype`` (bad ones raise)."""
    kind = ftype.type
    if isinstance(value, (Mapping, list)):
        raise ValueError(f"filter value {value!r} must be a string, number or boolean")
    if kind == "keyword":
        return "true" if value is True else "false" if value is False else str(value)
    if kind == "text":
        return str(value)
    if kind in _NUMERIC:
        # Integer fields compare exactly (a fraction never equals one; bounds fall between);
        # float fields read the query's number at their own precision, as the engines do.
        return _as_number(value, kind if kind in ("float", "half_float") else "double", strict=True)
    if kind == "boolean":
        return _as_boolean(value, strict=True)
    if kind == "date":
        return date_value(value, fmt or ftype.format or DEFAULT_DATE_FORMAT, round_up=round_up)
    raise ValueError(f"filters on {kind} fields are not supported by the local engine")


# -- the clauses --------------------------------------------------------------------------


def _one(name: str, body: Any) -> tuple[str, Any]:
    if not isinstance(body, Mapping) or len(body) != 1:
        raise ValueError(f"malformed filter: {name} takes an object with one field")
    ((field, arg),) = body.items()
    if not isinstance(field, str):
        raise ValueError(f"malformed filter: {name} takes a field name")
    return field, arg


def _as_list(body: Any) -> list[Any]:
    return list(body) if isinstance(body, list) else [body]


class _Field:
    """A field of a filter clause: where its values are, and how each is indexed."""

    def __init__(self, path: str, types: FieldTypes) -> None:
        self.source_path, self.declared, self.string_subfield = types.resolve(path)

    def type_of(self, value: Any) -> FieldType | None:
        if self.string_subfield:  # FIELD.text / FIELD.keyword exist only where FIELD holds strings
            return self.string_subfield if isinstance(value, str) else None
        return self.declared or _dynamic_type(value)

    def indexed(self, source: Mapping[str, Any]) -> Iterable[tuple[FieldType, Any]]:
        """(type, indexed value) for each value of this field in ``source``."""
        for value in _get(source, self.source_path):
            ftype = self.type_of(value)
            if ftype is None:
                continue
            got = _indexed(value, ftype)
            if got is not None:
                yield ftype, got

    def has_value(self, source: Mapping[str, Any]) -> bool:
        if not self.declared and not self.string_subfield:
            # An object field exists when any of its leaves does.
            stack = list(_get(source, self.source_path))
            while stack:
                value = stack.pop()
                if isinstance(value, Mapping):
                    stack.extend(v for x in value.values() for v in _values(x))
                elif (ftype := self.type_of(value)) is not None and _indexed(value, ftype) is not None:
                    return True
            return False
        return any(True for _ in self.indexed(source))


T = TypeVar("T")


def _per_type(read: Callable[[FieldType], T]) -> Callable[[FieldType], T]:
    """``read`` once per field type: a query's values are parsed once, not once per document."""
    memo: dict[FieldType, T] = {}

    def cached(ftype: FieldType) -> T:
        if ftype not in memo:
            memo[ftype] = read(ftype)
        return memo[ftype]

    return cached


_NO_MATCH = object()  # a query value no value of the field can equal (text for a keyword's "5", …)


def _term_value(ftype: FieldType, want: Any) -> Any:
    """A term query's value (not analysed) against a field of ``ftype``."""
    try:
        wanted = _query_value(want, ftype)
    except ValueError:
        if ftype.type in _NUMERIC or ftype.type in ("boolean", "date"):
            raise  # the engines refuse these queries too (number_format_exception, …)
        return _NO_MATCH
    if ftype.type in _INTEGER and isinstance(wanted, float) and not wanted.is_integer():
        return _NO_MATCH  # a fraction never equals an integer field's value
    return wanted


def _equals(ftype: FieldType, indexed: Any, wanted: Any) -> bool:
    if wanted is _NO_MATCH:
        return False
    if ftype.type == "text":
        return wanted in indexed  # a term against a text field: one of its tokens, exactly
    return bool(indexed == wanted)


def _term_predicate(field: _Field, wanted: list[Any]) -> Predicate:
    values = _per_type(lambda ftype: [_term_value(ftype, w) for w in wanted])
    known = field.declared or field.string_subfield
    if known is not None:
        values(known)  # a bad value for a known type is an error before any document is read
    return lambda _id, src: any(_equals(t, v, w) for t, v in field.indexed(src) for w in values(t))


def _match_predicate(field: _Field, arg: Any) -> Predicate:
    options: Mapping[str, Any] = arg if isinstance(arg, Mapping) else {"query": arg}
    unknown = set(options) - {"query", "operator", "boost"}
    if unknown or "query" not in options:
        raise ValueError("malformed filter: match takes a query (and an operator), e.g. {\"match\": {\"title.text\": \"vitamin\"}}")
    query, operator = options["query"], str(options.get("operator", "or")).lower()
    if operator not in ("or", "and"):
        raise ValueError(f"malformed filter: match operator is or / and, not {operator!r}")

    whole = _per_type(lambda ftype: _term_value(ftype, query))
    tokens = analyze(_query_value(query, TEXT))

    def predicate(_id: str, src: Mapping[str, Any]) -> bool:
        words: set[str] = set()
        for ftype, indexed in field.indexed(src):
            if ftype.type == "text":
                words.update(indexed)  # an array's values are one field to the engines: pool their words
            elif _equals(ftype, indexed, whole(ftype)):  # match on a keyword, number or date: the whole value
                return True
        if not words or not tokens:
            return False
        return all(t in words for t in tokens) if operator == "and" else any(t in words for t in tokens)

    return predicate


_RANGE_OPS = ("gt", "gte", "lt", "lte")


def _range_predicate(field: _Field, arg: Any) -> Predicate:
    if not isinstance(arg, Mapping) or not set(arg) <= {*_RANGE_OPS, "format", "boost", "time_zone"}:
        raise ValueError("malformed filter: range takes gt, gte, lt, lte (and format for dates)")
    zone = arg.get("time_zone")
    if zone not in (None, "UTC", "Z", "+00:00", "Etc/UTC"):
        raise ValueError("range time_zone other than UTC is not supported by the local engine")
    fmt = arg.get("format")
    bounds = [(op, arg[op]) for op in _RANGE_OPS if arg.get(op) is not None]

    @_per_type
    def check(ftype: FieldType) -> list[tuple[str, Any]]:
        # Date math rounds up for gt and lte ("after May" is after its last millisecond).
        return [(op, _query_value(b, ftype, fmt if ftype.type == "date" else None, round_up=op in ("gt", "lte"))) for op, b in bounds]

    if field.declared is not None:
        check(field.declared)  # bad bounds are an error before any document is read

    def in_range(ftype: FieldType, indexed: Any, checks: list[tuple[str, Any]]) -> bool:
        values = indexed if ftype.type == "text" else [indexed]
        return any(all(_compare(op, v, b) for op, b in checks) for v in values)

    def predicate(_id: str, src: Mapping[str, Any]) -> bool:
        for ftype, indexed in field.indexed(src):
            if in_range(ftype, indexed, check(ftype)):
                return True
        return False

    return predicate


def _compare(op: str, value: Any, bound: Any) -> bool:
    if op == "gt":
        return bool(value > bound)
    if op == "gte":
        return bool(value >= bound)
    if op == "lt":
        return bool(value < bound)
    return bool(value <= bound)


def _prefix_predicate(field: _Field, arg: Any) -> Predicate:
    want = arg.get("value") if isinstance(arg, Mapping) else arg
    if not isinstance(want, str):
        raise ValueError("malformed filter: prefix takes a string")

    def has_prefix(ftype: FieldType, indexed: Any) -> bool:
        if ftype.type == "text":
            return any(t.startswith(want) for t in indexed)
        return ftype.type == "keyword" and indexed.startswith(want)

    return lambda _id, src: any(has_prefix(t, v) for t, v in field.indexed(src))


#: Deepest ``bool`` nesting the local engine takes (the engines refuse deep ones too).
MAX_FILTER_DEPTH = 64


def compile_filter(query: Mapping[str, Any] | None, types: FieldTypes | None = None, *, _depth: int = 0) -> Predicate:
    """A predicate ``(doc_id, source) -> bool`` for a query-DSL dict (None: everything).

    ``types``: the index's declared fields (:func:`field_types`); without it, the
    field ``text`` is the document text and every other field is typed by its value.
    """
    types = types or _DEFAULT_TYPES
    if _depth > MAX_FILTER_DEPTH:
        raise ValueError(f"filter nested deeper than {MAX_FILTER_DEPTH} levels")
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
        name, arg = _one(kind, body)
        want = arg.get("value") if isinstance(arg, Mapping) else arg
        return _term_predicate(_Field(name, types), [want])
    if kind == "terms":
        name, arg = _one(kind, body)
        if not isinstance(arg, list):
            raise ValueError("malformed filter: terms takes a list of values")
        return _term_predicate(_Field(name, types), list(arg))
    if kind == "match":
        name, arg = _one(kind, body)
        return _match_predicate(_Field(name, types), arg)
    if kind == "prefix":
        name, arg = _one(kind, body)
        return _prefix_predicate(_Field(name, types), arg)
    if kind == "exists":
        if not isinstance(body, Mapping) or not isinstance(body.get("field"), str):
            raise ValueError("malformed filter: exists takes {\"field\": name}")
        field = _Field(body["field"], types)
        return lambda _id, src: field.has_value(src)
    if kind == "ids":
        if not isinstance(body, Mapping) or not isinstance(body.get("values"), list):
            raise ValueError("malformed filter: ids takes {\"values\": [...]}")
        wanted_ids = {str(v) for v in body["values"]}
        return lambda _id, _src: _id in wanted_ids
    if kind == "range":
        name, arg = _one(kind, body)
        return _range_predicate(_Field(name, types), arg)
    if kind == "bool":
        if not isinstance(body, Mapping) or not set(body) <= {"must", "filter", "should", "must_not", "minimum_should_match", "boost"}:
            raise ValueError("malformed filter: bool takes must, filter, should, must_not")
        inner = _depth + 1
        must = [compile_filter(q, types, _depth=inner) for key in ("must", "filter") for q in _as_list(body.get(key, []))]
        should = [compile_filter(q, types, _depth=inner) for q in _as_list(body.get("should", []))]
        must_not = [compile_filter(q, types, _depth=inner) for q in _as_list(body.get("must_not", []))]
        raw_minimum = body.get("minimum_should_match", 0 if must else 1 if should else 0)
        if isinstance(raw_minimum, bool) or not isinstance(raw_minimum, (int, str)) or not str(raw_minimum).lstrip("-").isdigit():
            raise ValueError("minimum_should_match must be an integer in the local engine")
        minimum = int(raw_minimum)
        if minimum < 0:
            minimum = max(0, len(should) + minimum)

        def boolean(_id: str, src: Mapping[str, Any]) -> bool:
            if not all(p(_id, src) for p in must) or any(p(_id, src) for p in must_not):
                return False
            return sum(p(_id, src) for p in should) >= minimum if should else True

        return boolean
    raise ValueError(
        f"filter clause {kind!r} is not supported by the local engine "
        "(supported: bool, term, terms, match, range, exists, ids, prefix, match_all, match_none)"
    )


def check_filter(query: Any) -> None:
    """Rejects a filter that is not a query-DSL object, or is nested too deeply to
    serialise, before any request is sent."""
    if query is not None and (not isinstance(query, Mapping) or len(query) != 1 or not isinstance(next(iter(query)), str)):
        raise ValueError("malformed filter: a query-DSL clause is an object with exactly one key, e.g. {\"term\": {\"lang\": \"en\"}}")
    # Each bool level is three JSON levels (object, clause list, object).
    if _json_depth(query) > 3 * MAX_FILTER_DEPTH + 4:
        raise ValueError(f"filter nested deeper than {MAX_FILTER_DEPTH} levels")


def _json_depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:  # no recursion: the input may be deeper than Python's stack
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(node, Mapping):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend((v, depth + 1) for v in node)
    return deepest


# -- the standard analyzer ----------------------------------------------------------------
# Lucene's StandardTokenizer splits on Unicode word boundaries (UAX #29), then lowercases.
# The rules below are UAX #29's for letters, digits and the punctuation that joins them;
# CJK ideographs and Hiragana are one token each, as Lucene emits them.

_MID_LETTER = set(":\u00b7\u0387\u05f4\u2027\ufe13\ufe55\uff1a")
_MID_NUM = set(",;\u037e\u0589\u060c\u060d\u066c\u07f8\u2044\ufe10\ufe14\ufe50\ufe54\uff0c\uff1b")
_MID_NUM_LET = set(".\u2018\u2019\u2024\ufe52\uff07\uff0e'")
MAX_TOKEN_LENGTH = 255


def _char_class(ch: str) -> str:
    cat = unicodedata.category(ch)
    code = ord(ch)
    if (cat in ("Mn", "Mc", "Me", "Cf") and ch != "\u200b") or 0x1F3FB <= code <= 0x1F3FF:
        return "extend"  # marks, format characters (not the zero-width space), emoji skin tones
    if ch.isdecimal():
        return "num"
    if cat == "Pc":
        return "extnumlet"
    if 0x0E00 <= code <= 0x0EFF or 0x1000 <= code <= 0x109F or 0x1780 <= code <= 0x17FF:
        return "southeast_asian"  # Thai, Lao, Myanmar, Khmer: a run is one token, apart from Latin
    if 0x3040 <= code <= 0x309F or _ideographic(code):
        return "single"
    if 0x30A0 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF66 <= code <= 0xFF9D:
        return "katakana"
    if cat.startswith("L") or cat == "Nl":
        return "letter"
    if ch in _MID_NUM_LET:
        return "midnumlet"
    if ch in _MID_LETTER:
        return "midletter"
    if ch in _MID_NUM:
        return "midnum"
    if cat == "So" and (code >= 0x1F000 or 0x2600 <= code <= 0x27BF):
        return "single"  # emoji
    return "other"


def _ideographic(code: int) -> bool:
    return (
        0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2FFFF
        or 0xF900 <= code <= 0xFAFF or 0x3005 <= code <= 0x3007 or 0x3021 <= code <= 0x3029
    )


_JOIN = {  # (left, right) classes that stay in one word (UAX #29 WB5, WB8-10, WB13, WB13a/b)
    ("letter", "letter"), ("num", "num"), ("letter", "num"), ("num", "letter"), ("katakana", "katakana"),
    ("letter", "extnumlet"), ("num", "extnumlet"), ("katakana", "extnumlet"), ("extnumlet", "extnumlet"),
    ("extnumlet", "letter"), ("extnumlet", "num"), ("extnumlet", "katakana"), ("southeast_asian", "southeast_asian"),
}


# The same rules for ASCII text, as one regex (most metadata and much text is ASCII).
_ASCII_WORD = re.compile(r"[A-Za-z0-9_]+(?:(?:(?<=[A-Za-z])['.:](?=[A-Za-z])|(?<=[0-9])[.,;'](?=[0-9]))[A-Za-z0-9_]+)*")


def analyze(text: str) -> list[str]:
    """The tokens the ``standard`` analyzer makes of ``text``: Unicode words, lowercased."""
    if text.isascii():
        return [
            word[k : k + MAX_TOKEN_LENGTH].lower()
            for word in _ASCII_WORD.findall(text)
            if word.strip("_")
            for k in range(0, len(word), MAX_TOKEN_LENGTH)
        ]
    return _analyze_unicode(text)


def _analyze_unicode(text: str) -> list[str]:
    chars: list[str] = []
    classes: list[str] = []
    for ch in text:  # WB4: marks and format characters belong to the character before them
        cls = _char_class(ch)
        if cls == "extend" and chars and classes[-1] not in ("other",):
            chars[-1] += ch
            continue
        chars.append(ch)
        classes.append(cls)
    tokens: list[str] = []
    i, n = 0, len(chars)
    while i < n:
        cls = classes[i]
        if cls == "single":
            tokens.append(chars[i])
            i += 1
            continue
        if cls not in ("letter", "num", "katakana", "extnumlet", "southeast_asian"):
            i += 1
            continue
        j = i + 1
        while j < n:
            left, right = classes[j - 1], classes[j]
            if (left, right) in _JOIN:
                j += 1
                continue
            # WB6/7 and WB11/12: one joining punctuation mark between two letters or two digits.
            if j + 1 < n and classes[j + 1] == left and (
                (left == "letter" and right in ("midletter", "midnumlet"))
                or (left == "num" and right in ("midnum", "midnumlet"))
            ):
                j += 2
                continue
            break
        word = "".join(chars[i:j])
        if all(c == "extnumlet" for c in classes[i:j]):  # connectors alone ("_") make no token
            i = j
            continue
        tokens.extend(_lower(word[k : k + MAX_TOKEN_LENGTH]) for k in range(0, len(word), MAX_TOKEN_LENGTH))
        i = j
    return tokens


def _lower(word: str) -> str:
    # Java lowercases code point by code point with the simple mapping: one character stays
    # one ("İ" is "i", where Python's full mapping adds a combining dot).
    return "".join(ch.lower()[0] for ch in word)


# -- dates --------------------------------------------------------------------------------

_NAMED_FORMATS = {
    "strict_date_optional_time": "date_optional_time",
    "date_optional_time": "date_optional_time",
    "strict_date_optional_time_nanos": "date_optional_time",
    "strict_date": "yyyy-MM-dd",
    "date": "yyyy-MM-dd",
    "strict_date_time": "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
    "date_time": "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
    "strict_date_time_no_millis": "yyyy-MM-dd'T'HH:mm:ssXXX",
    "date_time_no_millis": "yyyy-MM-dd'T'HH:mm:ssXXX",
    "strict_date_hour_minute_second": "yyyy-MM-dd'T'HH:mm:ss",
    "date_hour_minute_second": "yyyy-MM-dd'T'HH:mm:ss",
    "strict_date_hour_minute": "yyyy-MM-dd'T'HH:mm",
    "date_hour_minute": "yyyy-MM-dd'T'HH:mm",
    "basic_date": "yyyyMMdd",
    "strict_year_month": "yyyy-MM",
    "year_month": "yyyy-MM",
    "strict_year": "yyyy",
    "year": "yyyy",
}

_OPTIONAL_TIME = re.compile(
    r"(?P<y>[-+]?\d{4,9})(?:-(?P<M>\d{2})(?:-(?P<d>\d{2})"
    r"(?:T(?P<H>\d{2})(?::(?P<m>\d{2})(?::(?P<s>\d{2})(?:[.,](?P<f>\d{1,9}))?)?)?(?P<z>Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?"
)

_PATTERN_FIELDS = {  # Java DateTimeFormatter letters -> (group, regex)
    "yyyy": ("y", r"\d{4}"), "uuuu": ("y", r"\d{4}"), "YYYY": ("y", r"\d{4}"), "yy": ("y2", r"\d{2}"),
    "MM": ("M", r"\d{2}"), "M": ("M", r"\d{1,2}"), "dd": ("d", r"\d{2}"), "d": ("d", r"\d{1,2}"),
    "HH": ("H", r"\d{2}"), "H": ("H", r"\d{1,2}"), "mm": ("m", r"\d{2}"), "ss": ("s", r"\d{2}"),
    "XXX": ("z", r"Z|[+-]\d{2}:\d{2}"), "XX": ("z", r"Z|[+-]\d{4}"), "X": ("z", r"Z|[+-]\d{2}"),
    "Z": ("z", r"[+-]\d{4}"), "ZZ": ("z", r"[+-]\d{2}:\d{2}"),
}


def _date_pattern(fmt: str) -> re.Pattern[str] | str:
    """A compiled regex for a Java date pattern, or the name of a special format."""
    fmt = _NAMED_FORMATS.get(fmt.strip(), fmt.strip())
    if fmt in ("date_optional_time", "epoch_millis", "epoch_second"):
        return fmt
    return _compile_pattern(fmt)


def _compile_pattern(fmt: str) -> re.Pattern[str]:
    out, i = [], 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "'":
            end = fmt.find("'", i + 1)
            if end < 0:
                raise ValueError(f"date format {fmt!r}: unclosed quote")
            out.append(re.escape(fmt[i + 1 : end]) if end > i + 1 else "'")
            i = end + 1
            continue
        if ch.isalpha():
            j = i
            while j < len(fmt) and fmt[j] == ch:
                j += 1
            letters = fmt[i:j]
            if ch == "S":
                out.append(rf"(?P<f>\d{{{len(letters)}}})")
            elif letters in _PATTERN_FIELDS:
                group, regex = _PATTERN_FIELDS[letters]
                out.append(f"(?P<{group}>{regex})")
            else:
                raise ValueError(f"date format {fmt!r}: {letters!r} is not supported by the local engine")
            i = j
            continue
        out.append(re.escape(ch))
        i += 1
    try:
        return re.compile("".join(out))
    except re.error:
        raise ValueError(f"date format {fmt!r} repeats a field") from None


_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)


def parse_date(value: Any, fmt: str = DEFAULT_DATE_FORMAT) -> int:
    """Milliseconds since the epoch (UTC) of a date value, read with ``fmt`` (formats
    joined by ``||``, the first that reads it wins), as a ``date`` field stores it."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"{value!r} is not a date")
    for one in fmt.split("||"):
        pattern = _date_pattern(one)
        if pattern in ("epoch_millis", "epoch_second"):
            try:
                number = float(value) if isinstance(value, str) else value
            except ValueError:
                continue
            if not math.isfinite(number):
                continue
            return int(number * 1000) if pattern == "epoch_second" else int(number)
        if not isinstance(value, str):
            continue
        match = (_OPTIONAL_TIME if pattern == "date_optional_time" else pattern).fullmatch(value)  # type: ignore[union-attr]
        if match:
            try:
                return _millis(match.groupdict())
            except ValueError:
                continue
    raise ValueError(f"{value!r} does not match the date format {fmt!r}")


_MATH_STEP = re.compile(r"([+-])(\d+)([yMwdhHms])|/([yMwdhHms])")


def date_value(value: Any, fmt: str = DEFAULT_DATE_FORMAT, *, round_up: bool = False) -> int:
    """A date in a query, in epoch milliseconds: a date in ``fmt``, or date math
    (``now``, or ``DATE||``, then ``+1d``, ``-2M``, ``/d`` …, as the engines read it).
    Rounding (``/d``) goes to the unit's first millisecond, or its last with ``round_up``."""
    if not isinstance(value, str) or not (value.startswith("now") or "||" in value):
        return parse_date(value, fmt)
    if value.startswith("now"):
        when, steps = _dt.datetime.now(_dt.timezone.utc), value[3:]
    else:
        anchor, _, steps = value.partition("||")
        when = _EPOCH + _dt.timedelta(milliseconds=parse_date(anchor, fmt))
    when = when.replace(microsecond=when.microsecond // 1000 * 1000)
    position = 0
    while position < len(steps):
        step = _MATH_STEP.match(steps, position)
        if step is None:
            raise ValueError(f"date math {value!r}: cannot read {steps[position:]!r}")
        sign, amount, unit, rounding = step.groups()
        when = _round(when, rounding, round_up) if rounding else _shift(when, int(amount) * (1 if sign == "+" else -1), unit)
        position = step.end()
    return (when - _EPOCH) // _dt.timedelta(milliseconds=1)


def _shift(when: _dt.datetime, amount: int, unit: str) -> _dt.datetime:
    if unit in ("y", "M"):
        months = when.month - 1 + amount * (12 if unit == "y" else 1)
        year, month = when.year + months // 12, months % 12 + 1
        last_day = (_dt.date(year + month // 12, month % 12 + 1, 1) - _dt.timedelta(days=1)).day
        return when.replace(year=year, month=month, day=min(when.day, last_day))  # Java's plusMonths clamps the day
    seconds = {"w": 604800, "d": 86400, "h": 3600, "H": 3600, "m": 60, "s": 1}[unit]
    return when + _dt.timedelta(seconds=amount * seconds)


def _round(when: _dt.datetime, unit: str, up: bool) -> _dt.datetime:
    if unit == "y":
        start = when.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    elif unit == "M":
        start = when.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    elif unit == "w":  # weeks start on Monday
        start = (when - _dt.timedelta(days=when.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    elif unit == "d":
        start = when.replace(hour=0, minute=0, second=0, microsecond=0)
    elif unit in ("h", "H"):
        start = when.replace(minute=0, second=0, microsecond=0)
    elif unit == "m":
        start = when.replace(second=0, microsecond=0)
    else:
        start = when.replace(microsecond=0)
    if not up:
        return start
    return _shift(start, 1, unit) - _dt.timedelta(milliseconds=1)


def _millis(parts: Mapping[str, str | None]) -> int:
    four, two = parts.get("y"), parts.get("y2")
    year = int(four) if four else 2000 + int(two) if two else 1970
    fraction = (parts.get("f") or "").ljust(3, "0")[:3]
    when = _dt.datetime(
        year, int(parts.get("M") or 1), int(parts.get("d") or 1), int(parts.get("H") or 0),
        int(parts.get("m") or 0), int(parts.get("s") or 0), int(fraction or 0) * 1000, tzinfo=_dt.timezone.utc,
    )
    zone = parts.get("z")
    if zone and zone != "Z":
        digits = zone[1:].replace(":", "")
        offset = _dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
        when -= offset if zone[0] == "+" else -offset
    return (when - _EPOCH) // _dt.timedelta(milliseconds=1)
