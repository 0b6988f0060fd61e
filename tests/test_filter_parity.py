"""Filters select the same documents on the local engine as on OpenSearch and on
Elasticsearch (issue 14, "Local filters differ from the engines").

The index is made by :func:`itlr.mappings.index_body` (declared metadata plus the
dynamic templates for every other field); each filter runs on the node as a
plain filtered search (no Painless, so Elasticsearch's integ-test node runs them
too) and locally through :func:`itlr.filters.compile_filter` with the same
field types. Both must return the same ids.
"""

from __future__ import annotations

import random
import uuid

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

import itlr
from itlr.engines import engine_for
from itlr.filters import analyze, compile_filter, field_types, parse_date
from itlr.indexing import index_documents
from itlr.mappings import index_body

METADATA = {
    "published": {"type": "date", "format": "yyyy-MM-dd"},
    "stamp": "date",  # strict_date_optional_time||epoch_millis
    "count": "long",  # given as numbers and numeric strings
    "ratio": "float",  # single precision on the engines
    "label": "text",
    "meta.year": "integer",
}

WORDS = ["Vitamin", "D", "bone", "health", "immune", "system", "Coffee", "sleep", "liver", "heart", "U.S.A.", "don't", "e-mail", "3.14", "naïve", "café"]
LANGS = ["en", "EN", "fr", "en-US", "de", "", "Français"]


def _corpus() -> list[dict]:
    rng = random.Random(14)
    docs = []
    for i in range(48):
        doc: dict = {"_id": f"d{i}", "text": " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 7)))}
        if i % 7 != 0:
            doc["lang"] = rng.choice(LANGS)
        if i % 5 != 1:
            doc["title"] = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        if i % 3 == 0:
            doc["tags"] = rng.sample(["Health", "health", "food", "science", "news"], rng.randint(0, 3))
        if i % 4 != 2:
            doc["n"] = rng.randint(-5, 30)
        if i % 6 != 3:
            doc["price"] = round(rng.uniform(0, 20), 2) + 0.5
        if i % 2 == 0:
            doc["flag"] = rng.random() < 0.5
        if i % 5 != 4:
            doc["published"] = f"20{rng.randint(18, 24)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        if i % 4 == 1:
            doc["stamp"] = rng.choice(["2021-03-04T05:06:07Z", "2021-03-04T05:06:07.250+02:00", "2021-03-04", 1614834367000, "2022-12-31T23:59:59.999Z"])
        if i % 3 != 2:
            value = rng.randint(0, 200)
            doc["count"] = str(value) if i % 2 else value
        if i % 4 == 3:
            doc["ratio"] = rng.choice([0.1, 0.2, 0.3, 1 / 3, 2.5])
        if i % 5 == 0:
            doc["label"] = rng.choice(["Red apple", "green APPLE pie", "Banana split", "apple"])
        if i % 3 == 1:
            doc["code"] = rng.choice(["9", "10", "100", "a10", "B", "b", "Zeta", "émile"])
        if i % 4 == 0:
            doc["meta"] = {"source": rng.choice(["wiki", "news", "Wiki"]), "year": rng.randint(1990, 2030)}
        docs.append(doc)
    docs.append({"_id": "long-keyword", "text": "a long value", "lang": "x" * 9000})  # past ignore_above
    docs.append({"_id": "nulls", "text": "nulls and empties", "lang": None, "tags": [], "n": None})
    return docs


DOCS = _corpus()

# Each filter once; the random bool combinations below mix them.
FILTERS = [
    # term / terms on keyword (whole value, case kept), on text (one token, not analysed), numbers, booleans, dates
    {"term": {"lang": "en"}},
    {"term": {"lang": "EN"}},
    {"term": {"lang": {"value": "en-US"}}},
    {"term": {"lang": ""}},
    {"term": {"lang.text": "en"}},
    {"term": {"lang.text": "us"}},
    {"term": {"lang.keyword": "en"}},
    {"term": {"n.keyword": "7"}},  # numbers have no keyword subfield: nothing, on both
    {"term": {"text": "vitamin"}},
    {"term": {"text": "Vitamin"}},
    {"term": {"text": "u.s.a"}},
    {"term": {"title.text": "don't"}},
    {"term": {"tags": "health"}},
    {"terms": {"lang": ["en", "fr", "de"]}},
    {"terms": {"tags": ["Health", "food"]}},
    {"term": {"n": 7}},
    {"term": {"n": "7"}},
    {"term": {"n": 7.5}},
    {"terms": {"n": [1, 2, 3, 10, 20]}},
    {"term": {"count": 42}},
    {"term": {"flag": True}},
    {"term": {"flag": "false"}},
    {"term": {"published": "2020-05-17"}},
    {"term": {"meta.source": "wiki"}},
    {"term": {"meta.year": 2000}},
    # match: analysed on text, whole value on keywords, numbers and dates
    {"match": {"text": "VITAMIN health"}},
    {"match": {"text": {"query": "vitamin health", "operator": "and"}}},
    {"match": {"title.text": "Coffee CAFÉ"}},
    {"match": {"label": "apple"}},
    {"match": {"label": {"query": "green apple", "operator": "and"}}},
    {"match": {"lang": "en"}},
    {"match": {"tags.text": "HEALTH"}},
    {"match": {"n": 7}},
    {"match": {"published": "2021-06-01"}},
    # range: numbers, dates (with and without format), strings
    {"range": {"n": {"gte": 3, "lt": 12}}},
    {"range": {"n": {"gt": 2.5, "lte": 8.5}}},
    {"range": {"price": {"gte": 5.5, "lte": 10.5}}},
    {"range": {"count": {"gte": "50", "lt": 150}}},
    {"range": {"ratio": {"gte": 0.1, "lte": 0.3}}},
    {"range": {"ratio": {"gt": 1 / 3}}},
    {"range": {"published": {"gte": "2020-01-01", "lt": "2022-01-01"}}},
    {"range": {"published": {"gte": "2021", "format": "yyyy"}}},
    {"range": {"published": {"lte": "15/06/2020", "format": "dd/MM/yyyy"}}},
    {"range": {"published": {"gt": "2020-06", "lte": "2023-02", "format": "yyyy-MM"}}},
    {"range": {"stamp": {"gte": "2021-03-04T03:06:07Z", "lte": "2021-03-04T05:06:07Z"}}},
    {"range": {"stamp": {"gte": 1614834367000}}},
    {"range": {"stamp": {"lt": "2021-03-04"}}},
    {"range": {"published": {"gte": "2020-02-29||+1y", "lte": "2021-05-17||/M"}}},
    {"range": {"published": {"gt": "2021-05-17||/M", "lt": "2022-01-31||+1M/d"}}},
    {"range": {"published": {"gte": "2019-12-31||-1w/w", "lt": "2020-03-10||+36h/d"}}},
    {"range": {"published": {"gte": "now-5y/y"}}},
    {"range": {"stamp": {"gt": "2021-03-04T05:06:07Z||/h", "lte": "2022-12-31||/y"}}},
    {"range": {"stamp": {"gte": "2021-03-04T03:06:07Z||+2h-30m/m"}}},
    {"range": {"code": {"gte": "10", "lt": "9"}}},
    {"range": {"code": {"gt": "B"}}},
    {"range": {"lang": {"gte": "e", "lt": "f"}}},
    {"range": {"text": {"gte": "s"}}},
    {"range": {"meta.year": {"gte": 2000, "lte": 2020}}},
    # exists, prefix, ids
    {"exists": {"field": "lang"}},
    {"exists": {"field": "lang.text"}},
    {"exists": {"field": "tags"}},
    {"exists": {"field": "n"}},
    {"exists": {"field": "stamp"}},
    {"exists": {"field": "meta"}},
    {"exists": {"field": "missing_field"}},
    {"prefix": {"lang": "en"}},
    {"prefix": {"title.text": "vit"}},
    {"ids": {"values": ["d1", "d2", "nulls", "nope"]}},
    # bool over text, keyword, numeric and date fields
    {"bool": {"must": [{"match": {"text": "bone"}}], "must_not": [{"term": {"lang": "fr"}}]}},
    {"bool": {"filter": [{"range": {"n": {"gte": 0}}}, {"range": {"published": {"lt": "2021-01-01"}}}]}},
    {"bool": {"should": [{"term": {"flag": True}}, {"term": {"lang": "de"}}, {"exists": {"field": "stamp"}}], "minimum_should_match": 2}},
    {"bool": {"must_not": [{"exists": {"field": "title"}}]}},
    {"bool": {"should": [{"match": {"title.text": "heart"}}, {"range": {"price": {"lt": 3}}}]}},
    {"bool": {"must": [{"exists": {"field": "lang"}}], "should": [{"term": {"tags": "news"}}]}},  # should optional beside must
]


def _random_bools(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    leaves = [f for f in FILTERS if "bool" not in f]
    out = []
    for _ in range(n):
        clause: dict = {}
        for key in rng.sample(["must", "filter", "should", "must_not"], rng.randint(1, 3)):
            clause[key] = rng.sample(leaves, rng.randint(1, 3))
        if "should" in clause and rng.random() < 0.5:
            clause["minimum_should_match"] = rng.randint(1, len(clause["should"]))
        out.append({"bool": clause})
    return out


ALL_FILTERS = FILTERS + _random_bools(40)
TYPES = field_types(METADATA)


def _local_ids(query: dict) -> list[str]:
    keep = compile_filter(query, TYPES)
    return sorted(d["_id"] for d in DOCS if keep(d["_id"], {k: v for k, v in d.items() if k != "_id"}))


@pytest.fixture(scope="module", params=["opensearch", "elasticsearch"])
def indexed(request):
    client = request.getfixturevalue("os_client" if request.param == "opensearch" else "es_client")
    engine = engine_for(client)
    name = f"h6a-filters-{uuid.uuid4().hex[:8]}"
    engine.create_index(name, index_body(engine.dialect, 4, metadata=METADATA))
    try:
        vectors = np.random.default_rng(0).normal(size=(len(DOCS), 4))
        report = index_documents(client, name, DOCS, vectors=vectors)
        assert report.indexed == len(DOCS) and not report.failures
        assert engine.mapping(name)[name]["mappings"]["properties"]["lang"]["fields"]["keyword"]["type"] == "keyword"
        yield engine, name
    finally:
        engine.delete_index(name)


def _engine_ids(engine, name: str, query: dict) -> list[str]:
    body = {"query": {"bool": {"filter": [query]}}, "size": 200, "_source": False}
    return sorted(h["_id"] for h in engine.search(name, body)["hits"]["hits"])


@pytest.mark.parametrize("query", ALL_FILTERS, ids=[str(i) for i in range(len(ALL_FILTERS))])
def test_local_filters_select_what_the_engine_selects(indexed, query):
    engine, name = indexed
    assert _local_ids(query) == _engine_ids(engine, name, query), query


def test_the_table_exercises_both_outcomes():
    """Guards the table itself: most filters select some documents but not all."""
    sizes = [len(_local_ids(q)) for q in FILTERS]
    assert sum(0 < s < len(DOCS) for s in sizes) >= 0.8 * len(FILTERS)


def test_the_local_engine_applies_the_rules_without_declared_fields():
    """LocalIndex's filter path (no metadata declared): strings are keywords with a .text subfield."""
    index = itlr.LocalIndex()
    docs = [{"_id": "1", "text": "Red apple", "lang": "EN"}, {"_id": "2", "text": "green pear", "lang": "en"}]
    index.add(docs, vectors=[[1.0, 0.0], [0.0, 1.0]])
    ids = lambda f: sorted(h.id for h in index.search('"x"', term_vectors=[[1.0, 0.0]], k=10, filter=f, mode="exact"))  # noqa: E731
    assert ids({"term": {"lang": "en"}}) == ["2"]  # whole value, case kept
    assert ids({"match": {"lang.text": "en"}}) == ["1", "2"]
    assert ids({"term": {"text": "apple"}}) == ["1"]  # the text field: its tokens
    assert ids({"term": {"text": "Red apple"}}) == []


@pytest.mark.parametrize(
    "query, message",
    [
        ({"term": {"count": "many"}}, "not a number"),
        ({"range": {"published": {"gte": "June 2020"}}}, "does not match the date format"),
        ({"range": {"published": {"gte": "now-1q"}}}, "date math"),
        ({"range": {"n": {"gte": 1, "near": 2}}}, "range takes"),
        ({"match": {"text": {"qery": "x"}}}, "match takes a query"),
        ({"wildcard": {"lang": "e*"}}, "not supported by the local engine"),
    ],
)
def test_bad_filters_are_clear_errors(query, message):
    with pytest.raises(ValueError, match=message):
        _local_ids(query)


def test_declared_metadata_is_checked():
    with pytest.raises(ValueError, match="type 'geo_point' is not supported"):
        field_types({"where": "geo_point"})
    with pytest.raises(ValueError, match="format is for date fields"):
        field_types({"n": {"type": "long", "format": "yyyy"}})
    with pytest.raises(ValueError, match="is not supported by the local engine"):
        field_types({"d": {"type": "date", "format": "yyyy-MM-dd EEE"}})


@pytest.mark.parametrize(
    "value, fmt, iso",
    [
        ("2020-01-31", "strict_date_optional_time", "2020-01-31T00:00:00+00:00"),
        ("2020-01-31T10:20:30.5+01:00", "strict_date_optional_time", "2020-01-31T09:20:30.500000+00:00"),
        ("2020", "strict_date_optional_time||epoch_millis", "2020-01-01T00:00:00+00:00"),
        (86_400_000, "strict_date_optional_time||epoch_millis", "1970-01-02T00:00:00+00:00"),
        ("31/01/2020 23:59", "dd/MM/yyyy HH:mm", "2020-01-31T23:59:00+00:00"),
        ("20200131", "basic_date", "2020-01-31T00:00:00+00:00"),
    ],
)
def test_parse_date(value, fmt, iso):
    import datetime as dt

    assert parse_date(value, fmt) == int(dt.datetime.fromisoformat(iso).timestamp() * 1000)


@pytest.mark.opensearch
def test_the_analyzer_tokenizes_as_the_standard_analyzer(os_client):
    """The local analyzer against the node's own ``_analyze`` on words, numbers and joining punctuation."""
    rng = random.Random(3)
    pieces = ["foo", "Bar", "3", "14", "x1", "é", "e\u0301", "naïve", "日本", "ひらがな", "カタカナ", "한국어", "עברית", "عربي", "ไทย",
              "Ελλάδα", "Москва", "_", ".", ",", ":", ";", "'", "’", "-", "@", "/", " ", "\t", "\n", "U.S", "1,000", "😀", "👍🏽",
              "½", "ß", "İ", "\u200b", "\u00ad", "#", "%", "٣"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 10))) for _ in range(300)]
    for text in texts:
        answer = os_client.indices.analyze(body={"analyzer": "standard", "text": text})
        assert analyze(text) == [t["token"] for t in answer["tokens"]], text


@pytest.mark.opensearch
def test_itlr_index_declares_metadata(os_client, opensearch_url, tmp_path, capsys):
    from itlr.cli import main

    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"_id": "1", "text": "a b", "published": "05/06/2021", "lang": "en"}\n')
    name = f"h6a-cli-{uuid.uuid4().hex[:8]}"
    try:
        metadata = '{"published": {"type": "date", "format": "dd/MM/yyyy"}}'
        assert main(["index", str(corpus), "--index", name, "--url", opensearch_url, "--metadata", metadata]) == 0
        props = engine_for(os_client).mapping(name)[name]["mappings"]["properties"]
        assert props["published"] == {"type": "date", "format": "dd/MM/yyyy"}
        assert props["lang"]["type"] == "keyword" and props["lang"]["fields"]["text"]["type"] == "text"
    finally:
        engine_for(os_client).delete_index(name)
    capsys.readouterr()
    assert main(["index", str(corpus), "--index", name, "--url", opensearch_url, "--metadata", '{"published": "geo_point"}']) == 2
    assert "type 'geo_point' is not supported" in capsys.readouterr().err


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=60))
@settings(max_examples=400, deadline=None)
def test_the_ascii_fast_path_tokenizes_as_the_general_one(text):
    from itlr.filters import _analyze_unicode

    assert analyze(text) == _analyze_unicode(text)


def test_local_index_follows_declared_metadata_and_keeps_it(tmp_path):
    """LocalIndex(metadata=...) filters a declared date by its format, like the engines,
    and a saved index keeps its declarations."""
    index = itlr.LocalIndex(metadata={"published": {"type": "date", "format": "dd/MM/yyyy"}})
    docs = [{"_id": "1", "text": "a", "published": "05/01/2021"}, {"_id": "2", "text": "b", "published": "01/12/2020"}]
    index.add(docs, vectors=[[1.0, 0.0], [0.0, 1.0]])
    after_2020 = {"range": {"published": {"gte": "01/01/2021"}}}
    ids = lambda idx: sorted(h.id for h in idx.search('"x"', term_vectors=[[1.0, 0.0]], k=10, filter=after_2020, mode="exact"))  # noqa: E731
    assert ids(index) == ["1"]  # compared as strings, "01/12/2020" >= "01/01/2021" would hold
    assert sorted(h.id for h in index.search('"x"', term_vectors=[[1.0, 0.0]], k=10, filter={"range": {"published": {"lt": "01/01/2021"}}}, mode="exact")) == ["2"]
    loaded = itlr.LocalIndex.load(index.save(tmp_path / "idx"))
    assert loaded.metadata == index.metadata and ids(loaded) == ["1"]
