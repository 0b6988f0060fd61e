"""Every error path of the LLM client, against a real local HTTP server that speaks the
OpenAI chat-completions protocol and answers from a script (``scripted_server`` in
fixtures_llm.py): the real ``openai`` client, real sockets, real status codes and
headers. The model's answers are scripted because 401s, 429s, 500s and refusals cannot
be had from a real model on demand; the Gemma tests in test_nl_llm.py cover a real one.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
import warnings

import pytest

from fixtures_llm import Reply, ScriptedServer
from itlr.cli import main
from itlr.nl import (
    LLM,
    InvalidAnswer,
    LLMAuthError,
    LLMConnectionError,
    LLMError,
    LLMModelNotFound,
    LLMRateLimited,
    LLMServerError,
    LLMTimeout,
    NLWarning,
    UncoveredAnswer,
    to_logic,
)
from itlr.nl.rules import rules_to_expr

QUESTION = "Allen Ginsberg's works other than Howl"
GOOD = '"Allen Ginsberg\'s works" AND NOT "Howl"'


def _llm(server: ScriptedServer, **options) -> LLM:
    options.setdefault("model", "scripted-model")
    options.setdefault("timeout", 5)
    options.setdefault("cache", False)
    options.setdefault("api_key", "sk-test")
    return LLM(base_url=server.base_url, **options)


def _format(body: dict) -> str:
    """Which output format a request asked for."""
    if "grammar" in body:
        return "grammar"
    return body["response_format"]["type"] if "response_format" in body else "text"


def _settings(llm: LLM) -> dict:
    return {f.name: getattr(llm, f.name) for f in dataclasses.fields(llm) if f.init}


def _one_line(exc: BaseException) -> str:
    text = str(exc)
    assert "\n" not in text and len(text) < 600, text
    return text


# --------------------------------------------------------------------------- status codes


@pytest.mark.parametrize("status", [401, 403])
def test_refused_credentials_raise_by_default(scripted_server, status) -> None:
    scripted_server.script(Reply.fail(status, "Incorrect API key provided: sk-test."))
    with pytest.raises(LLMAuthError) as info:
        to_logic(QUESTION, llm=_llm(scripted_server))
    text = _one_line(info.value)
    assert f"{status}: Incorrect API key provided" in text and "ITLR_LLM_API_KEY" in text
    assert info.value.status == status and info.value.server_message == "Incorrect API key provided: sk-test."
    assert len(scripted_server.chats) == 1  # not retried, not taken for a refused format
    assert scripted_server.requests[0]["headers"]["authorization"] == "Bearer sk-test"


def test_fallback_flag_uses_the_rules_with_a_warning(scripted_server) -> None:
    scripted_server.script(Reply.fail(401, "bad key"), Reply.fail(401, "bad key"))
    with pytest.warns(NLWarning, match="401: bad key.*rule-based parser instead"):
        t = to_logic(QUESTION, llm=_llm(scripted_server), fallback=True)
    assert t.method == "fallback" and t.expr == rules_to_expr(QUESTION).expr
    # the same through the environment, as `itlr eval` and LogicalSearch.ask see it
    env = {"ITLR_LLM_BASE_URL": scripted_server.base_url, "ITLR_LLM_MODEL": "m", "ITLR_LLM_FALLBACK": "rules"}
    with pytest.warns(NLWarning):
        assert to_logic(QUESTION, env=env, cache=False).method == "fallback"


def test_fallback_setting_on_the_llm_object(scripted_server) -> None:
    scripted_server.script(Reply.fail(401, "bad key"), Reply.fail(401, "bad key"))
    with pytest.warns(NLWarning):
        assert to_logic(QUESTION, llm=_llm(scripted_server, fallback=True)).method == "fallback"
    with pytest.raises(LLMAuthError):  # the call's own flag wins
        to_logic(QUESTION, llm=_llm(scripted_server, fallback=True), fallback=False)


def test_bad_fallback_setting_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="ITLR_LLM_FALLBACK"):
        to_logic(QUESTION, env={"ITLR_LLM_BASE_URL": "http://127.0.0.1:9", "ITLR_LLM_FALLBACK": "maybe"})


def test_unknown_model_names_the_model(scripted_server) -> None:
    scripted_server.script(Reply.fail(404, "The model `no-such-model` does not exist."))
    with pytest.raises(LLMModelNotFound) as info:
        to_logic(QUESTION, llm=_llm(scripted_server, model="no-such-model"))
    text = _one_line(info.value)
    assert "'no-such-model'" in text and "404: The model `no-such-model` does not exist." in text
    assert info.value.status == 404


def test_model_listing_errors_are_reported(scripted_server) -> None:
    scripted_server.models = Reply.fail(401, "missing key")
    with pytest.raises(LLMAuthError, match="listing the models.*401: missing key"):
        to_logic(QUESTION, llm=_llm(scripted_server, model=None))


def test_model_is_discovered_once_per_object(scripted_server) -> None:
    scripted_server.respond = lambda body: Reply.query(GOOD)
    llm = _llm(scripted_server, model=None)
    for _ in range(3):
        t = to_logic(QUESTION, llm=llm)
        assert t.model == "scripted-model" and t.method == "llm"
    assert [r["path"] for r in scripted_server.requests if r["method"] == "GET"] == ["/v1/models"]
    assert {c["model"] for c in scripted_server.chats} == {"scripted-model"}


def test_rate_limit_is_retried_after_the_servers_delay(scripted_server) -> None:
    scripted_server.script(Reply.fail(429, "slow down", headers={"retry-after-ms": "300"}), Reply.query(GOOD))
    started = time.monotonic()
    t = to_logic(QUESTION, llm=_llm(scripted_server))
    assert t.method == "llm" and t.query == GOOD and t.attempts == 1
    assert len(scripted_server.chats) == 2
    assert time.monotonic() - started >= 0.3


def test_rate_limit_gives_up_within_the_timeout(scripted_server) -> None:
    scripted_server.respond = lambda body: Reply.fail(429, "Rate limit reached for requests")  # no Retry-After: backoff
    started = time.monotonic()
    with pytest.raises(LLMRateLimited) as info:
        to_logic(QUESTION, llm=_llm(scripted_server, timeout=1.5))
    elapsed = time.monotonic() - started
    assert elapsed < 2.5, elapsed
    assert len(scripted_server.chats) >= 3  # 0.25, 0.5 s backoff fit in the budget
    assert "429: Rate limit reached" in _one_line(info.value) and info.value.status == 429


def test_server_error_is_not_a_refused_format(scripted_server) -> None:
    """A 500 raises; it does not make the client drop its output format (for this call or later ones)."""
    scripted_server.script(Reply.fail(500, "CUDA out of memory"), Reply.query(GOOD))
    llm = _llm(scripted_server)
    before = _settings(llm)
    with pytest.raises(LLMServerError) as info:
        to_logic(QUESTION, llm=llm)
    assert "answered 500: CUDA out of memory" in _one_line(info.value) and info.value.status == 500
    assert len(scripted_server.chats) == 1
    assert to_logic(QUESTION, llm=llm).method == "llm"
    assert [_format(c) for c in scripted_server.chats] == ["json_schema", "json_schema"]
    assert _settings(llm) == before


def test_other_bad_request_is_not_a_refused_format(scripted_server) -> None:
    scripted_server.script(Reply.fail(400, "This model's maximum context length is 2048 tokens."))
    with pytest.raises(LLMServerError, match="400: This model's maximum context length"):
        to_logic(QUESTION, llm=_llm(scripted_server))
    assert len(scripted_server.chats) == 1


# --------------------------------------------------------------------------- output formats


def test_refused_format_switches_for_that_call_only(scripted_server) -> None:
    refusal = Reply.fail(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.")
    scripted_server.script(refusal, Reply.query(GOOD), refusal, Reply.query(GOOD))
    llm = _llm(scripted_server)
    before = _settings(llm)
    assert to_logic(QUESTION, llm=llm).query == GOOD
    assert to_logic(QUESTION, llm=llm).query == GOOD
    assert [_format(c) for c in scripted_server.chats] == ["json_schema", "json_object", "json_schema", "json_object"]
    assert _settings(llm) == before


def test_llama_cpp_validation_error_is_a_refused_format(scripted_server) -> None:
    """llama-cpp-python answers an unknown response_format with a 500 that is a request validation error."""
    message = ("1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
               "'msg': \"Input should be 'text' or 'json_object'\"}\n\n  File \"app.py\", line 376")
    scripted_server.script(Reply(500, body={"error": {"message": message, "type": "internal_server_error"}}), Reply.query(GOOD))
    assert to_logic(QUESTION, llm=_llm(scripted_server)).method == "llm"
    assert [_format(c) for c in scripted_server.chats] == ["json_schema", "json_object"]


def test_every_format_refused_ends_in_plain_text(scripted_server) -> None:
    scripted_server.script(
        Reply.fail(400, "Unrecognized request argument supplied: grammar"),
        Reply.fail(422, "response_format: json_schema is not supported"),
        Reply.fail(422, "response_format: json_object is not supported"),
        Reply.answer(f"Query: {GOOD}"),
    )
    t = to_logic(QUESTION, llm=_llm(scripted_server, grammar=True))
    assert t.query == GOOD and t.attempts == 1
    chats = scripted_server.chats
    assert [_format(c) for c in chats] == ["grammar", "json_schema", "json_object", "text"]
    assert chats[-1]["messages"][-1]["content"].endswith("Reply with the query only.")
    assert chats[1]["messages"][-1]["content"].endswith('"query" field holds the logical query.')


def test_structured_only_raises_when_refused(scripted_server) -> None:
    scripted_server.respond = lambda body: Reply.fail(400, "response_format is not supported")
    with pytest.raises(LLMServerError, match="400: response_format is not supported"):
        to_logic(QUESTION, llm=_llm(scripted_server, structured=True))
    assert [_format(c) for c in scripted_server.chats] == ["json_schema", "json_object"]


# --------------------------------------------------------------------------- transport


def test_timeout_raises_then_falls_back_when_asked(scripted_server) -> None:
    scripted_server.script(Reply.query(GOOD, delay=10), Reply.query(GOOD, delay=10))
    started = time.monotonic()
    with pytest.raises(LLMTimeout) as info:
        to_logic(QUESTION, llm=_llm(scripted_server, timeout=0.5))
    assert time.monotonic() - started < 3
    assert "did not answer within 0.5 s" in _one_line(info.value)
    assert isinstance(info.value, LLMConnectionError)
    with pytest.warns(NLWarning, match="did not answer within 0.5 s"):
        t = to_logic(QUESTION, llm=_llm(scripted_server, timeout=0.5), fallback=True)
    assert t.method == "fallback" and t.expr == rules_to_expr(QUESTION).expr


def test_unreachable_server_raises(unused_port) -> None:
    with pytest.raises(LLMConnectionError, match="cannot reach the LLM server") as info:
        to_logic(QUESTION, base_url=f"http://127.0.0.1:{unused_port}/v1", model="m", timeout=5, cache=False)
    _one_line(info.value)


def test_dropped_connection_is_tried_again(scripted_server) -> None:
    """A connection reset (a pooled connection the server closed, a full accept queue) is
    tried again, as the openai client does by default; three in a row are an error."""
    scripted_server.script(Reply.dropped(), Reply.dropped(), Reply.query(GOOD))
    assert to_logic(QUESTION, llm=_llm(scripted_server)).query == GOOD
    assert len(scripted_server.chats) == 3
    scripted_server.script(Reply.dropped(), Reply.dropped(), Reply.dropped(), Reply.query(GOOD))
    with pytest.raises(LLMConnectionError, match="cannot reach the LLM server") as info:
        to_logic(QUESTION, llm=_llm(scripted_server))
    _one_line(info.value)
    assert len(scripted_server.chats) == 6


def test_reply_without_a_message_is_a_server_error(scripted_server) -> None:
    scripted_server.script(Reply(200, body={"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": []}))
    with pytest.raises(LLMServerError, match="has no message"):
        to_logic(QUESTION, llm=_llm(scripted_server))


# --------------------------------------------------------------------------- answers


def test_invalid_answer_is_repaired(scripted_server) -> None:
    scripted_server.script(Reply.query('"Allen Ginsberg\'s works" AND NOT "Howl'), Reply.query(GOOD))
    t = to_logic(QUESTION, llm=_llm(scripted_server))
    assert t.method == "llm" and t.attempts == 2 and t.query == GOOD
    repair = scripted_server.chats[1]["messages"]
    assert repair[-2]["role"] == "assistant" and "Howl" in repair[-2]["content"]
    assert "not a valid query" in repair[-1]["content"] and "unclosed" in repair[-1]["content"]


def test_answers_that_stay_invalid_raise(scripted_server) -> None:
    scripted_server.respond = lambda body: Reply.query('"unclosed')
    with pytest.raises(InvalidAnswer, match="no valid query after 3 attempts") as info:
        to_logic(QUESTION, llm=_llm(scripted_server))
    assert info.value.attempts == 3 and info.value.raw == json.dumps({"query": '"unclosed'})
    assert len(scripted_server.chats) == 3


def test_dropped_words_are_asked_again(scripted_server) -> None:
    scripted_server.script(Reply.query('"Allen Ginsberg\'s works"'), Reply.query(GOOD))
    t = to_logic(QUESTION, llm=_llm(scripted_server))
    assert t.method == "llm" and t.attempts == 2 and t.query == GOOD
    assert "in no term: Howl" in scripted_server.chats[1]["messages"][-1]["content"]


def test_not_over_wanted_words_is_asked_again_once(scripted_server) -> None:
    wrong = '"Howl" AND NOT "Allen Ginsberg\'s works"'
    scripted_server.respond = lambda body: Reply.query(wrong)
    with pytest.raises(UncoveredAnswer) as info:
        to_logic(QUESTION, llm=_llm(scripted_server, max_attempts=5))
    assert len(scripted_server.chats) == 2  # one re-ask, not five
    assert info.value.report.wrongly_negated[0][0] == "Allen Ginsberg's works"
    assert "does not ask to leave out" in _one_line(info.value)
    assert "does not ask to leave out" in scripted_server.chats[1]["messages"][-1]["content"]


def test_coverage_check_can_be_turned_off(scripted_server) -> None:
    scripted_server.script(Reply.query('"Allen Ginsberg\'s works"'))
    assert to_logic(QUESTION, llm=_llm(scripted_server, coverage=False)).query == '"Allen Ginsberg\'s works"'


# --------------------------------------------------------------------------- no masking, no shared state


def test_a_bug_inside_itlr_is_not_masked(scripted_server, monkeypatch) -> None:
    """A TypeError from itlr's own code passes through, fallback or not."""
    import itlr.nl.llm as llm_module

    def broken(question, expr):
        raise TypeError("unsupported operand type(s) for +: 'int' and 'str'")

    monkeypatch.setattr(llm_module, "check_coverage", broken)
    scripted_server.respond = lambda body: Reply.query(GOOD)
    with pytest.raises(TypeError, match="unsupported operand"):
        to_logic(QUESTION, llm=_llm(scripted_server), fallback=True)


def test_a_broken_client_is_not_masked() -> None:
    class Client:  # a user's client that fails in its own code
        class chat:
            class completions:
                @staticmethod
                def create(**kwargs):
                    raise KeyError("choices")

    with pytest.raises(KeyError):
        to_logic(QUESTION, llm=LLM(client=Client(), model="m", cache=False), fallback=True)


def test_one_llm_shared_by_threads(scripted_server) -> None:
    """16 threads share one LLM (model discovered lazily, JSON schema refused on every call):
    each gets the answer to its own question, the model list is asked once, nothing changes."""

    def respond(body: dict) -> Reply:
        if _format(body) == "json_schema":
            return Reply.fail(400, "response_format json_schema is not supported")
        question = body["messages"][-1]["content"].split("Question: ")[1].split("\n")[0]
        topic, excluded = question.split(" other than ")
        return Reply.query(f'"{topic}" AND NOT "{excluded}"', delay=0.01)

    scripted_server.respond = respond
    llm = _llm(scripted_server, model=None)
    before = _settings(llm)
    results: dict[str, str] = {}
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(4):
                q = f"works of author{n}x{i} other than book{n}x{i}"
                results[q] = to_logic(q, llm=llm).query
        except BaseException as exc:  # collected: the assertion below shows it
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors[:3]
    assert len(results) == 64
    for q, query in results.items():
        topic, excluded = q.split(" other than ")
        assert query == f'"{topic}" AND NOT "{excluded}"'
    assert sum(r["method"] == "GET" for r in scripted_server.requests) == 1
    assert _settings(llm) == before


def test_llm_is_immutable() -> None:
    llm = LLM(base_url="http://127.0.0.1:9", model="m")
    with pytest.raises(dataclasses.FrozenInstanceError):
        llm.model = "other"  # type: ignore[misc]
    assert llm.with_options(model="other").model == "other" and llm.model == "m"


# --------------------------------------------------------------------------- CLI


def test_cli_reports_llm_errors_in_one_line(scripted_server, capsys) -> None:
    scripted_server.respond = lambda body: Reply.fail(401, "Incorrect API key provided")
    args = ["nl", "--llm", "--base-url", scripted_server.base_url, "--model", "m", "--no-cache", QUESTION]
    assert main(args) == 2  # a service that refused: one line, exit 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("itlr: error: the LLM server") and "401: Incorrect API key" in err
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the CLI prints the warning itself, raises none
        assert main(["nl", "--fallback", *args[1:]]) == 0
    captured = capsys.readouterr()
    assert captured.out == GOOD + "\n"
    assert "itlr: warning: the LLM server" in captured.err and "rule-based" in captured.err


def test_errors_are_llm_errors() -> None:
    for cls in (LLMAuthError, LLMConnectionError, LLMTimeout, LLMModelNotFound, LLMRateLimited, LLMServerError, InvalidAnswer, UncoveredAnswer):
        assert issubclass(cls, LLMError) and issubclass(cls, RuntimeError)


def test_cached_answers_are_checked_again(scripted_server, tmp_path) -> None:
    """A cached answer that fails today's coverage check is a miss: the model is asked again."""
    scripted_server.script(Reply.query('"Allen Ginsberg\'s works"'))
    first = to_logic(QUESTION, llm=_llm(scripted_server, cache=tmp_path, coverage=False))
    assert first.method == "llm" and len(list(tmp_path.glob("*.json"))) == 1
    assert to_logic(QUESTION, llm=_llm(scripted_server, cache=tmp_path, coverage=False)).cached
    # the same entry, read with the check on (same cache key but for the setting): force it by copying
    llm_checked = _llm(scripted_server, cache=tmp_path)
    [entry] = tmp_path.glob("*.json")
    entry.rename(llm_checked._cache_path("scripted-model", QUESTION))
    scripted_server.script(Reply.query(GOOD))
    again = to_logic(QUESTION, llm=llm_checked)
    assert not again.cached and again.query == GOOD and len(scripted_server.chats) == 2
