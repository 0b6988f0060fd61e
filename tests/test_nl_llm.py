"""The LLM path of itlr nl against a REAL OpenAI-compatible server (llama-cpp-python
serving Gemma 3 270M, started by the ``llm_server`` fixture in fixtures_llm.py).

No mock stands in for the model. Where a test needs an invalid answer, it forces
one through the real server (a decoding grammar that only allows invalid text),
so it tests the repair/retry/fallback wiring, not the model's quality.
"""

from __future__ import annotations

import json
import time
import warnings

import pytest

from itlr import parse
from itlr.cli import main
from itlr.nl import LLM, NLWarning, extract_query, to_logic, validate_query
from itlr.nl.rules import rules_to_expr

QUESTION = "Allen Ginsberg's works other than Howl"


# --------------------------------------------------------------------------- no server needed


@pytest.mark.parametrize(
    "answer, expected",
    [
        ('"a" AND NOT "b"', '"a" AND NOT "b"'),
        ('```\n"a" AND NOT "b"\n```', '"a" AND NOT "b"'),
        ('```text\n"a" OR "b"\n```', '"a" OR "b"'),
        ('Query: "a" AND NOT "b"', '"a" AND NOT "b"'),
        ('Here is the logical query:\n"a" AND NOT "b"', '"a" AND NOT "b"'),
        ('{"query": "\\"a\\" AND NOT \\"b\\""}', '"a" AND NOT "b"'),
        ('Sure.\n{"query": "(\\"a\\" OR \\"b\\") AND NOT \\"c\\""}', '("a" OR "b") AND NOT "c"'),
        ("`\"vitamin D\" AND NOT \"bone health\"`", '"vitamin D" AND NOT "bone health"'),
    ],
)
def test_wrapped_answers_are_unwrapped(answer: str, expected: str) -> None:
    from itlr.nl.llm import _first_valid

    expr, error = _first_valid(answer)
    assert error is None and str(expr) == expected
    assert expected in extract_query(answer)


@pytest.mark.parametrize("answer", ['"a" AND', 'NOT "a"', '("a" OR "b"', '', '"unclosed', '"..."', '{"query": "..."}'])
def test_invalid_answers_are_refused(answer: str) -> None:
    from itlr.nl.llm import _first_valid

    expr, error = _first_valid(answer)
    assert expr is None and error is not None and error.message


def test_pure_negation_is_not_a_query() -> None:
    with pytest.raises(ValueError, match="not under NOT"):
        validate_query('NOT "a" AND NOT "b"')
    assert str(validate_query('"a" AND NOT "b"')) == '"a" AND NOT "b"'


def test_llm_settings_from_environment() -> None:
    env = {"ITLR_LLM_BASE_URL": "http://127.0.0.1:9", "ITLR_LLM_MODEL": "m", "ITLR_LLM_TIMEOUT": "2.5", "OPENAI_API_KEY": "k",
           "ITLR_LLM_SYSTEM_ROLE": "0"}
    llm = LLM.from_env(env)
    assert (llm.base_url, llm.model, llm.timeout, llm.api_key, llm.system_role) == ("http://127.0.0.1:9/v1", "m", 2.5, "k", False)
    assert llm.fallback is False and LLM.from_env({**env, "ITLR_LLM_FALLBACK": "rules"}).fallback is True
    assert LLM.from_env(env, model="other", timeout=1).model == "other"
    assert LLM.from_env({"OPENAI_BASE_URL": "https://example.org/api/v1/"}).base_url == "https://example.org/api/v1"
    with pytest.raises(ValueError):
        LLM.from_env({"ITLR_LLM_TIMEOUT": "soon"})
    with pytest.raises(ValueError):
        LLM(base_url="ftp://x")


# --------------------------------------------------------------------------- with the server


def _llm(server, cache, **options) -> LLM:
    """Wiring tests judge the client, not a 270M model's wording: no coverage check unless asked."""
    options.setdefault("max_tokens", 96)
    options.setdefault("coverage", False)
    return LLM(base_url=server.base_url, model=server.model, timeout=120, cache=cache, system_role=server.system_role, **options)


@pytest.mark.llm
def test_valid_answer_is_used(llm_server, tmp_path) -> None:
    """A valid answer (made certain by the query grammar as decoding constraint) is parsed and used."""
    t = to_logic(QUESTION, llm=_llm(llm_server, tmp_path, grammar=True))
    assert t.method == "llm", t.warnings
    assert t.attempts == 1 and not t.cached and t.raw and t.warnings == ()
    assert parse(t.query) == t.expr == parse(t.raw)
    assert t.model == llm_server.model


@pytest.mark.llm
def test_default_settings_answer_or_fall_back(llm_server, tmp_path) -> None:
    """Default settings (structured JSON output, free text inside, coverage check): what a 270M
    model writes may or may not be a valid query that keeps the question; either it is used
    as it came or, after the repairs, the rules answer (fallback asked for)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NLWarning)
        t = to_logic(QUESTION, llm=_llm(llm_server, tmp_path, coverage=True), fallback=True)
    assert parse(t.query) == t.expr and t.raw
    if t.method == "llm":
        assert t.warnings == () and 1 <= t.attempts <= 3
        assert t.expr in [parse(c) for c in extract_query(t.raw) if _parses(c)]
    else:
        assert t.method == "fallback" and 2 <= t.attempts <= 3 and t.expr == rules_to_expr(QUESTION).expr


def _parses(text: str) -> bool:
    try:
        validate_query(text)
    except ValueError:
        return False
    return True


@pytest.mark.llm
def test_refused_structured_output_is_asked_another_way(llm_server, tmp_path) -> None:
    """llama-cpp-python refuses OpenAI's json_schema response format (a validation error, as
    a 500) and takes its own json_object + schema: the client moves on to that for this
    translation, and the shared object stays as it was."""
    if llm_server.log is None:
        pytest.skip("only known for the llama-cpp-python server this suite starts")
    llm = _llm(llm_server, tmp_path)
    chain = list(llm._format_chain())
    raw = llm._answer(llm_server.model, [("user", "Question: Tell me about cats")], chain)
    assert chain == ["json_object", "text"] and llm._format_chain()[0] == "json_schema"
    assert isinstance(json.loads(raw)["query"], str)  # constrained to the schema by the server
    with pytest.raises(Exception):  # and the server does refuse json_schema
        llm._client().chat.completions.create(
            model=llm_server.model, messages=[{"role": "user", "content": "hi"}], max_tokens=1,
            response_format={"type": "json_schema", "json_schema": {"name": "q", "schema": {"type": "object"}}},
        )


@pytest.mark.llm
def test_grammar_constrained_answer_is_used_first_time(llm_server, tmp_path) -> None:
    """With the query grammar as a decoding constraint every answer parses: one call, no repair."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", NLWarning)
        t = to_logic("benefits of vitamin D other than bone health", llm=_llm(llm_server, tmp_path, grammar=True))
    assert t.method == "llm" and t.attempts == 1 and t.warnings == ()
    assert parse(t.query) == t.expr and t.query.startswith(('"', "(", "NOT"))


@pytest.mark.llm
def test_invalid_answers_are_repaired_then_fall_back(llm_server, tmp_path) -> None:
    """A grammar that allows only '"unclosed' makes every real answer invalid: the
    wiring must send repair turns (max_attempts calls in all) and then use the rules."""
    llm = _llm(llm_server, tmp_path, grammar='root ::= "\\"unclosed"', max_attempts=3, max_tokens=8)
    started = time.monotonic()
    with pytest.warns(NLWarning, match="no valid query after 3 attempts"):
        t = to_logic(QUESTION, llm=llm, fallback=True)
    assert t.method == "fallback"
    assert t.attempts == 3 and t.raw == '"unclosed'
    assert t.expr == rules_to_expr(QUESTION).expr
    assert any("unclosed quote" in w and "rule-based" in w for w in t.warnings)
    assert time.monotonic() - started < 120
    assert not list(tmp_path.rglob("*.json"))  # failures are not cached


@pytest.mark.llm
def test_truncated_answers_fall_back(llm_server, tmp_path) -> None:
    """max_tokens=1 in plain-text mode cannot hold a query with an exclusion: invalid or
    a bare fragment; either way the result is a valid query and says how it was made."""
    llm = _llm(llm_server, tmp_path, structured=False, max_tokens=1, stop=['"', " "], max_attempts=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NLWarning)
        t = to_logic(QUESTION, llm=llm, fallback=True)
    assert t.method in ("llm", "fallback")
    assert parse(t.query) == t.expr
    assert 1 <= t.attempts <= 2


@pytest.mark.llm
def test_answers_are_cached_on_disk(llm_server, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ITLR_CACHE", str(tmp_path / "cache"))
    llm = LLM(base_url=llm_server.base_url, model=llm_server.model, timeout=120, grammar=True, max_tokens=96,
              system_role=llm_server.system_role, coverage=False)
    first = to_logic("history of Rome or Athens", llm=llm)
    assert first.method == "llm" and not first.cached
    files = list((tmp_path / "cache" / "nl").glob("*.json"))
    assert len(files) == 1
    record = json.loads(files[0].read_text())
    assert record["query"] == first.query and record["model"] == llm_server.model and record["prompt_version"]
    again = to_logic("history of Rome or Athens", llm=llm)
    assert again.cached and again.attempts == 0 and again.query == first.query and again.method == "llm"
    # no cache: asks again
    assert not to_logic("history of Rome or Athens", llm=llm.with_options(cache=False)).cached


@pytest.mark.llm
def test_configured_by_environment(llm_server, tmp_path, monkeypatch) -> None:
    """ITLR_LLM_BASE_URL alone turns the LLM path on; the model is the server's first."""
    monkeypatch.setenv("ITLR_LLM_BASE_URL", llm_server.base_url)
    monkeypatch.delenv("ITLR_LLM_MODEL", raising=False)
    monkeypatch.setenv("ITLR_LLM_TIMEOUT", "120")
    monkeypatch.setenv("ITLR_LLM_SYSTEM_ROLE", str(int(llm_server.system_role)))
    monkeypatch.setenv("ITLR_CACHE", str(tmp_path))
    monkeypatch.setenv("ITLR_LLM_FALLBACK", "rules")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NLWarning)
        t = to_logic("Tell me about jazz musicians other than Miles Davis.")
    assert t.method in ("llm", "fallback") and t.model == llm_server.model
    assert to_logic("Tell me about cats", llm=False).method == "rules"


@pytest.mark.llm
def test_cli_llm(llm_server, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("ITLR_CACHE", str(tmp_path))
    monkeypatch.setenv("ITLR_LLM_SYSTEM_ROLE", str(int(llm_server.system_role)))
    monkeypatch.delenv("ITLR_LLM_BASE_URL", raising=False)
    args = ["nl", "--base-url", llm_server.base_url, "--model", llm_server.model, "--timeout", "120", "--fallback", "--json", QUESTION]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"query", "ast", "method", "warnings"}
    assert out["method"] in ("llm", "fallback") and parse(out["query"]).to_dict() == out["ast"]
    # --rules wins over a configured endpoint
    monkeypatch.setenv("ITLR_LLM_BASE_URL", llm_server.base_url)
    assert main(["nl", "--rules", QUESTION]) == 0
    assert capsys.readouterr().out == '"Allen Ginsberg\'s works" AND NOT "Howl"\n'


def test_silent_server_times_out_and_falls_back(silent_server, tmp_path) -> None:
    """A server that accepts the connection and never answers: fallback (asked for) after the timeout."""
    started = time.monotonic()
    with pytest.warns(NLWarning, match="did not answer within 1 s"):
        t = to_logic(QUESTION, base_url=silent_server, model="any", timeout=1, cache=tmp_path, fallback=True)
    elapsed = time.monotonic() - started
    assert t.method == "fallback" and t.query == '"Allen Ginsberg\'s works" AND NOT "Howl"'
    assert elapsed < 10, elapsed
    assert t.warnings[0].startswith("the LLM server did not answer within 1 s")


def test_cli_silent_server_falls_back_with_a_warning(silent_server, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("ITLR_CACHE", str(tmp_path))
    assert main(["nl", "--base-url", silent_server, "--model", "m", "--timeout", "1", QUESTION]) == 2  # a service that failed: one line, exit 2
    assert capsys.readouterr().err.startswith("itlr: error: the LLM server did not answer within 1 s")
    assert main(["nl", "--base-url", silent_server, "--model", "m", "--timeout", "1", "--fallback", QUESTION]) == 0
    captured = capsys.readouterr()
    assert captured.out == '"Allen Ginsberg\'s works" AND NOT "Howl"\n'
    assert "itlr: warning: the LLM server did not answer within 1 s" in captured.err


def test_unreachable_server_falls_back(tmp_path, unused_port) -> None:
    with pytest.warns(NLWarning, match="cannot reach the LLM server"):
        t = to_logic(QUESTION, base_url=f"http://127.0.0.1:{unused_port}/v1", model="m", timeout=5, cache=tmp_path, fallback=True)
    assert t.method == "fallback" and t.expr == rules_to_expr(QUESTION).expr
