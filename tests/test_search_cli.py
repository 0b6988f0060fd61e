"""`itlr index` / `itlr search` / `itlr translate` end to end, and `LogicalSearch.ask`,
on the real default model, against the local engine and a real OpenSearch node."""

import json
import uuid

import pytest

import itlr
from itlr.cli import main
from itlr.demo import corpus_path
from itlr.engines import engine_for

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def local_index(tmp_path_factory):
    folder = tmp_path_factory.mktemp("idx") / "demo"
    assert main(["index", str(corpus_path()), "--index", str(folder)]) == 0
    return folder


def test_index_and_search_local(local_index, capsys):
    capsys.readouterr()
    assert main(["search", '"vitamin D benefits" AND NOT "bone health"', "--index", str(local_index), "-k", "3", "--json", "--explain"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["query"] == '"vitamin D benefits" AND NOT "bone health"'
    assert len(result["hits"]) == 3
    assert all(h["source"]["topic"] == "vitamin D" and h["source"]["aspect"] != "bone health" for h in result["hits"])
    assert set(result["hits"][0]["truth"]) == {"vitamin D benefits", "bone health"}
    assert main(["search", '"jaguar" AND NOT "car"', "--index", str(local_index), "-k", "2", "--filter", '{"term": {"topic": "jaguar"}}']) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith('"jaguar" AND NOT "car"')
    assert "jg-cat-" in table[1] and "jg-cat-" in table[2]


def test_reindexing_is_idempotent(local_index, capsys):
    assert main(["index", str(corpus_path()), "--index", str(local_index)]) == 0
    assert len(itlr.LocalIndex.load(local_index)) == 40


@pytest.mark.parametrize(
    "argv, message",
    [
        (["search", "a AND", "--index", "."], "expected a term after AND at column 6"),
        (["search", "a", "--index", "/nonexistent/idx"], "is not an itlr local index"),
        (["search", "a", "--index", ".", "--filter", "[1]"], "expected a JSON object"),
        (["index", "/nonexistent.jsonl", "--index", "x"], "No such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_ask_uses_the_rule_based_translation(monkeypatch):
    monkeypatch.delenv("ITLR_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("ITLR_LLM_MODEL", raising=False)
    index = itlr.LocalIndex()
    index.add(_demo_docs(), embedder=itlr.default_embedder())
    result = itlr.LogicalSearch(index).ask("Health effects of coffee, but not sleep", k=2)
    # ask searches the rule-based form with the question read with and without its exclusion (itlr.nl.with_question)
    asked, whole = '"Health effects of coffee"', '"Health effects of coffee, but not sleep"'
    assert result.query == f'({asked} OR {asked} AND NOT {whole}) AND "Health effects of coffee" AND NOT "sleep"'
    assert result.method == "rules" and result.question.startswith("Health effects")
    assert {h.source["aspect"] for h in result} == {"liver", "heart"}  # the sleep passages are pushed down


def _demo_docs():
    from itlr.documents import read_jsonl

    return list(read_jsonl(corpus_path()))


def test_translate_cli_formats(capsys, tmp_path):
    vectors = tmp_path / "v.json"
    vectors.write_text(json.dumps({"jaguar": [1, 0, 0], "car": [0, 1, 0]}))
    for fmt, head in (("json", "{"), ("console", "GET wildlife/_search"), ("curl", "curl -sS -X POST")):
        assert main(["translate", '"jaguar" AND NOT "car"', "--vectors", str(vectors), "--format", fmt, "--index", "wildlife", "--dialect", "elasticsearch"]) == 0
        out = capsys.readouterr().out
        assert out.startswith(head)
        body = json.loads(out[out.index("{") : out.rindex("}") + 1])
        assert body["query"]["script_score"]["query"]["bool"]["should"][0]["knn"]["query_vector"] == [1.0, 0.0, 0.0]
    assert main(["translate", '"jaguar" AND NOT "lion"', "--vectors", str(vectors)]) == 2
    assert "no vector given for term 'lion'" in capsys.readouterr().err


@pytest.mark.opensearch
def test_index_and_search_on_opensearch(os_client, opensearch_url, capsys):
    name = f"itlr-cli-{uuid.uuid4().hex[:8]}"
    try:
        assert main(["index", str(corpus_path()), "--index", name, "--url", opensearch_url, "--shards", "2"]) == 0
        capsys.readouterr()
        assert main(["search", '"health effects of coffee" AND NOT "sleep"', "--index", name, "--url", opensearch_url, "-k", "3", "--json", "--explain"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert [h["source"]["aspect"] for h in result["hits"]][:2] == ["liver", "heart"]
        # the same query on the local engine gives the same ranking and scores
        local = itlr.LocalIndex()
        local.add(_demo_docs(), embedder=itlr.default_embedder())
        expected = itlr.LogicalSearch(local).search('"health effects of coffee" AND NOT "sleep"', k=3, mode="exact")
        assert [h["id"] for h in result["hits"]] == [h.id for h in expected]
        assert all(abs(h["score"] - e.score) < 1e-4 for h, e in zip(result["hits"], expected))
        assert main(["search", '"x"', "--index", "itlr-missing-index", "--url", opensearch_url]) == 2
        assert "index 'itlr-missing-index'" in capsys.readouterr().err
    finally:
        engine_for(os_client).delete_index(name)
