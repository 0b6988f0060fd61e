"""Documents in (JSONL files, dicts): every bad one is a clear error naming the file and line
or the document, before anything is embedded or indexed."""

from __future__ import annotations

import pytest

from itlr.documents import prepare_documents, read_jsonl


def test_a_line_that_is_not_utf8_names_the_file_and_line(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_bytes(b'{"_id": "1", "text": "fine"}\n{"_id": "2", "text": "caf\xe9"}\n')
    rows = read_jsonl(path)
    assert next(rows)["_id"] == "1"
    with pytest.raises(ValueError, match=r"c\.jsonl:2: not valid UTF-8"):
        next(rows)


@pytest.mark.parametrize(
    "doc, message",
    [
        ({"_id": {"a": 1}, "text": "x"}, "id must be a string or a number"),
        ({"_id": ["1"], "text": "x"}, "id must be a string or a number"),
        ({"_id": True, "text": "x"}, "id must be a string or a number"),
        ({"_id": "", "text": "x"}, "empty id"),
        ({"_id": "é" * 300, "text": "x"}, "longer than 512 bytes"),
        ({"_id": "1", "text": "bad \ud800 surrogate"}, "not valid Unicode"),
        ({"_id": "1", "text": "   "}, "no text in field 'text'"),
        ({"_id": "1", "text": 5}, "no text in field 'text'"),
    ],
)
def test_bad_documents(doc, message):
    with pytest.raises(ValueError, match=message):
        list(prepare_documents([doc]))


def test_good_ids():
    docs = [{"_id": 7, "text": "a"}, {"id": "x", "text": "b"}, {"text": "c"}, {"_id": "é" * 256, "text": "d"}]
    assert [d.id for d in prepare_documents(docs)] == ["7", "x", "2", "é" * 256]
