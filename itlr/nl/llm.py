"""Questions to logical queries with an LLM behind any OpenAI-compatible endpoint.

One translation is a short conversation. The question goes out with the few-shot
prompt (``prompt.md``), asking for constrained output: the query grammar
(``query.gbnf``, llama.cpp's ``grammar`` field) when ``grammar`` is set, else a JSON
schema (OpenAI's ``json_schema``, then llama-cpp-python's ``json_object`` + schema),
else plain text. A server that refuses a format (400/422 naming it) is asked in the
next one, **for that translation only**: nothing on the shared object changes.

Each answer is checked twice: by the query grammar (``itlr.parse``; a query wrapped
in a code fence, after "Query:" or in JSON is unwrapped) and by the coverage check
(:mod:`itlr.nl.coverage`: every content word in some term, NOT only over what the
question excludes). An invalid answer is sent back with the parse error (a repair
turn), up to ``max_attempts`` calls in all; an answer that fails coverage is re-asked
once. Valid answers are cached on disk by (endpoint, model, prompt, settings,
question) under ``$ITLR_CACHE/nl`` (default ``~/.cache/itlr/nl``).

Failures are :class:`LLMError` subclasses with one-line messages (status and the
server's own message where there is one): :class:`LLMAuthError` (401/403),
:class:`LLMModelNotFound` (404), :class:`LLMRateLimited` (429 still answered after
retries with backoff within ``timeout``), :class:`LLMServerError` (any other error
status: a 500 is a failure, not a refused format), :class:`LLMConnectionError` (a dropped
connection is tried twice more first) and :class:`LLMTimeout`,
:class:`InvalidAnswer` and :class:`UncoveredAnswer`. :func:`itlr.nl.to_logic` raises
them unless fallback to the rules is asked for. Nothing else is caught: a bug in
itlr surfaces as itself.

An :class:`LLM` is immutable and safe to share across threads: the lazily made
HTTP client and the discovered model name live behind a lock, and the disk cache
writes atomically.

Configuration, arguments first, then the environment:

- ``base_url``: ``ITLR_LLM_BASE_URL``, else ``OPENAI_BASE_URL``, else OpenAI's API.
  A bare ``http://host:port`` gets ``/v1`` appended.
- ``model``: ``ITLR_LLM_MODEL``; when unset, the first model the server lists.
- ``api_key``: ``ITLR_LLM_API_KEY``, else ``OPENAI_API_KEY``, else a placeholder
  (local servers need none).
- ``timeout`` (seconds for one answer, waits after 429 included): ``ITLR_LLM_TIMEOUT``, else 30.
- ``fallback``: ``ITLR_LLM_FALLBACK=rules`` falls back to the rule-based parser
  (with a warning) when the LLM fails; ``never`` (the default) raises.

``openai`` is imported only when a model is actually called.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence
from urllib.parse import urlsplit

from ..translator import Expr, Not, ParseError, Term, parse
from .coverage import CoverageReport, check_coverage
from .result import Translation

__all__ = [
    "LLM",
    "LLMError",
    "LLMConnectionError",
    "LLMTimeout",
    "LLMAuthError",
    "LLMModelNotFound",
    "LLMRateLimited",
    "LLMServerError",
    "InvalidAnswer",
    "UncoveredAnswer",
    "PROMPT_VERSION",
    "load_prompt",
    "load_gbnf",
    "extract_query",
    "validate_query",
    "llm_configured",
    "fallback_from_env",
    "cache_dir",
]

DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_ATTEMPTS = 3
_NO_KEY = "sk-no-key-required"
_FIRST_BACKOFF = 0.25  # seconds before the first retry after a 429 without Retry-After
# A dropped connection (reset, refused, closed mid-answer) is tried again this many times,
# as the openai client does by default; its own retries are off so that a 429 waits on
# our deadline and a 500 is never retried.
_CONNECTION_RETRIES = 2

_QUERY_SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string", "description": "the logical query"}},
    "required": ["query"],
    "additionalProperties": False,
}
# The JSON output formats, in the order they are tried.
_RESPONSE_FORMATS: dict[str, dict[str, Any]] = {
    "json_schema": {"type": "json_schema", "json_schema": {"name": "logical_query", "strict": True, "schema": _QUERY_SCHEMA}},
    "json_object": {"type": "json_object", "schema": _QUERY_SCHEMA},
}
# A 400/422 whose message names one of these is a refusal of the output format.
_FORMAT_WORDS = re.compile(r"response_format|json_schema|json_object|grammar|structured output|\bschema\b", re.IGNORECASE)


# --------------------------------------------------------------------------- errors


class LLMError(RuntimeError):
    """The LLM path gave no usable query. ``status`` and ``server_message`` when the server said why."""

    def __init__(self, message: str, *, status: int | None = None, server_message: str | None = None) -> None:
        super().__init__(" ".join(message.split()))
        self.status = status
        self.server_message = server_message


class LLMConnectionError(LLMError):
    """The server could not be reached."""


class LLMTimeout(LLMConnectionError):
    """The server did not answer within the timeout."""


class LLMAuthError(LLMError):
    """The server refused the credentials (401) or the access (403)."""


class LLMModelNotFound(LLMError):
    """The server does not know the model, or the endpoint (404)."""


class LLMRateLimited(LLMError):
    """The server kept answering 429 until the timeout was spent."""


class LLMServerError(LLMError):
    """Any other error status (a 500, a 400 that is not about the output format, ...)."""


class InvalidAnswer(LLMError):
    """The model's answers did not parse as a logical query, repairs included."""

    def __init__(self, message: str, raw: str | None, attempts: int) -> None:
        super().__init__(message)
        self.raw = raw
        self.attempts = attempts


class UncoveredAnswer(InvalidAnswer):
    """The model's query parsed but dropped words of the question or NOTed what it does not exclude, re-ask included."""

    def __init__(self, message: str, raw: str | None, attempts: int, report: CoverageReport) -> None:
        super().__init__(message, raw, attempts)
        self.report = report


# --------------------------------------------------------------------------- prompt


@lru_cache(maxsize=1)
def load_prompt() -> tuple[str, str]:
    """(version, system prompt text) from ``prompt.md`` in this package."""
    text = resources.files(__package__).joinpath("prompt.md").read_text(encoding="utf-8")
    first, _, rest = text.partition("\n")
    m = re.match(r"\s*prompt-version:\s*(\S+)\s*$", first)
    if not m:
        raise RuntimeError("itlr/nl/prompt.md must start with a 'prompt-version: ...' line")
    body = re.sub(r"<!--.*?-->\s*", "", rest, count=1, flags=re.DOTALL).strip()
    return m.group(1), body


PROMPT_VERSION = load_prompt()[0]


@lru_cache(maxsize=1)
def load_gbnf() -> str:
    """The query language as a GBNF grammar (``query.gbnf``), comments dropped."""
    text = resources.files(__package__).joinpath("query.gbnf").read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")) + "\n"


# --------------------------------------------------------------------------- answers


def extract_query(answer: str) -> list[str]:
    """Candidate query texts in an answer, most likely first.

    Handles JSON (``{"query": "..."}``), code fences, a ``Query:`` prefix, and
    answers with a line of explanation around the query.
    """
    text = (answer or "").strip()
    if not text:
        return []
    out: list[str] = []

    def add(candidate: str) -> None:
        c = candidate.strip()
        c = re.sub(r"^(?:logical\s+)?query\s*[:=]\s*", "", c, flags=re.IGNORECASE)
        c = c.strip().strip("`").strip()
        if c and c not in out:
            out.append(c)

    # JSON: the whole answer, or the first {...} in it.
    for blob in [text] + re.findall(r"\{.*\}", text, flags=re.DOTALL):
        try:
            data = json.loads(blob)
        except ValueError:
            continue
        if isinstance(data, dict):
            for key in ("query", "logical_query", "answer"):
                if isinstance(data.get(key), str):
                    add(data[key])
                    break
        elif isinstance(data, str):
            add(data)
    # Code fences.
    for body in re.findall(r"```[\w-]*[ \t]*\n?(.*?)```", text, flags=re.DOTALL):
        add(body)
    # "Query: ..." lines.
    for m in re.finditer(r"^\s*(?:\*\*)?(?:logical\s+)?query(?:\*\*)?\s*[:=]\s*(.+)$", text, flags=re.IGNORECASE | re.MULTILINE):
        add(m.group(1).strip().strip("*"))
    # Lines that look like queries (quotes or operators), then the answer as it is,
    # then any other line but an introduction ("Here is the query:").
    lines = [ln for ln in text.splitlines() if ln.strip() and not re.match(r"\s*question\s*:", ln, re.IGNORECASE)]
    for line in lines:
        if '"' in line or re.search(r"(?<![^\s()\"])(?:AND|OR|NOT)(?![^\s()\"])", line):
            add(line)
    add(re.sub(r"```[\w-]*", "", text))
    for line in lines:
        if not line.rstrip().endswith(":"):
            add(line)
    return out


def validate_query(text: str) -> Expr:
    """Parse a candidate; refused too: no positive term (all under NOT), a term with no words ("...")."""
    expr = parse(text)
    if not _has_positive(expr):
        raise ParseError("the query needs at least one term that is not under NOT", text, 1)
    for term in expr.terms():
        if not any(ch.isalnum() for ch in term):
            raise ParseError(f"the term {term!r} has no words", text, max(1, text.find(term) + 1))
    return expr


def _has_positive(expr: Expr) -> bool:
    stack: list[tuple[Expr, int]] = [(expr, 0)]
    while stack:
        node, nots = stack.pop()
        if isinstance(node, Term):
            if nots % 2 == 0:
                return True
        elif isinstance(node, Not):
            stack.append((node.child, nots + 1))
        else:
            stack.extend((c, nots) for c in node.children)  # type: ignore[attr-defined]
    return False


def _first_valid(answer: str) -> tuple[Expr | None, ParseError | None]:
    candidates = extract_query(answer)
    first_error: ParseError | None = None
    for c in candidates:
        try:
            return validate_query(c), None
        except ParseError as exc:
            first_error = first_error or exc
    if first_error is None:
        first_error = ParseError("empty answer", answer or "", 1)
    return None, first_error


# --------------------------------------------------------------------------- config


def _env(env: Mapping[str, str], *names: str) -> str | None:
    for name in names:
        value = env.get(name)
        if value is not None and value.strip():
            return value.strip()
    return None


def llm_configured(env: Mapping[str, str] | None = None) -> bool:
    """Whether the environment asks for the LLM path (``ITLR_LLM_BASE_URL`` or ``ITLR_LLM_MODEL`` set)."""
    env = os.environ if env is None else env
    return bool(_env(env, "ITLR_LLM_BASE_URL", "ITLR_LLM_MODEL"))


def cache_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$ITLR_CACHE/nl``, default ``~/.cache/itlr/nl``."""
    env = os.environ if env is None else env
    root = _env(env, "ITLR_CACHE")
    return (Path(root).expanduser() if root else Path.home() / ".cache" / "itlr") / "nl"


def _normalise_url(url: str | None) -> str | None:
    if not url:
        return None
    url = url.strip().rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"LLM base URL must be http(s)://host[:port][/path], not {url!r}")
    if parts.path in ("", "/"):
        url += "/v1"
    return url


def fallback_from_env(env: Mapping[str, str] | None = None) -> bool:
    """``ITLR_LLM_FALLBACK``: ``rules`` (or 1/true/yes/on) falls back; unset, ``never`` (or 0/false/no/off) raises."""
    env = os.environ if env is None else env
    value = (_env(env, "ITLR_LLM_FALLBACK") or "never").lower()
    if value in ("rules", "1", "true", "yes", "on"):
        return True
    if value in ("never", "raise", "0", "false", "no", "off"):
        return False
    raise ValueError(f"ITLR_LLM_FALLBACK must be 'rules' or 'never', not {value!r}")


class _Session:
    """What an :class:`LLM` learns lazily (its HTTP client, the server's model), behind a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.client: Any = None
        self.model: str | None = None


@dataclass(frozen=True, eq=False)
class LLM:
    """An OpenAI-compatible chat endpoint that translates questions into logical queries.

    Output format: ``grammar=True`` sends the query language as a GBNF grammar
    (``query.gbnf``; the ``grammar`` field of llama.cpp servers), so that every answer
    parses; a string is sent as the grammar itself. ``structured``: ``None`` asks for
    JSON-schema output and goes on in plain text if the server refuses it; ``True``
    fails instead; ``False`` asks in plain text. ``coverage=False`` skips the coverage
    check. ``system_role=False`` sends the instructions at the top of the user message
    instead of as a system message, for chat formats that drop system messages (the
    Gemma format of llama-cpp-python; env ``ITLR_LLM_SYSTEM_ROLE=0``). ``system_prompt``
    replaces ``prompt.md``; ``stop``, ``max_tokens``, ``temperature`` and ``extra_body``
    go to the server as they are. ``cache``: ``True`` (default dir), ``False``, or a
    directory. ``fallback``: ``True`` / ``False`` decides whether :func:`itlr.nl.to_logic`
    falls back to the rules on failure; ``None`` reads ``ITLR_LLM_FALLBACK``.

    Immutable; :meth:`with_options` gives a changed copy. Safe to share across threads.
    """

    base_url: str | None = None
    model: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout: float = DEFAULT_TIMEOUT
    max_attempts: int = DEFAULT_MAX_ATTEMPTS
    temperature: float = 0.0
    max_tokens: int = 256
    structured: bool | None = None
    system_prompt: str | None = None
    system_role: bool = True
    stop: tuple[str, ...] | None = None
    extra_body: Mapping[str, Any] | None = None
    grammar: bool | str | None = None
    coverage: bool = True
    cache: bool | str | os.PathLike[str] = True
    fallback: bool | None = None
    client: Any = field(default=None, repr=False)
    _session: _Session = field(default_factory=_Session, init=False, repr=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: normalise once, here
        set_(self, "base_url", _normalise_url(self.base_url))
        try:
            timeout = float(self.timeout)
        except (TypeError, ValueError):
            raise ValueError(f"LLM timeout must be a positive number of seconds, not {self.timeout!r}") from None
        if not timeout > 0:
            raise ValueError(f"LLM timeout must be a positive number of seconds, not {self.timeout!r}")
        set_(self, "timeout", timeout)
        if int(self.max_attempts) < 1:
            raise ValueError(f"max_attempts must be at least 1, not {self.max_attempts!r}")
        set_(self, "max_attempts", int(self.max_attempts))
        if self.stop is not None:
            set_(self, "stop", (self.stop,) if isinstance(self.stop, str) else tuple(self.stop))
        if self.extra_body is not None:
            set_(self, "extra_body", dict(self.extra_body))

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> "LLM":
        """Settings from ``ITLR_LLM_*`` (then ``OPENAI_*``); keyword arguments that are not None win."""
        env = os.environ if env is None else env
        settings: dict[str, Any] = {
            "base_url": _env(env, "ITLR_LLM_BASE_URL", "OPENAI_BASE_URL"),
            "model": _env(env, "ITLR_LLM_MODEL"),
            "api_key": _env(env, "ITLR_LLM_API_KEY", "OPENAI_API_KEY"),
            "fallback": fallback_from_env(env),
        }
        system_role = _env(env, "ITLR_LLM_SYSTEM_ROLE")
        if system_role is not None:
            settings["system_role"] = system_role.lower() not in ("0", "false", "no", "off")
        timeout = _env(env, "ITLR_LLM_TIMEOUT")
        if timeout is not None:
            try:
                settings["timeout"] = float(timeout)
            except ValueError:
                raise ValueError(f"ITLR_LLM_TIMEOUT must be a number of seconds, not {timeout!r}") from None
        settings.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**settings)

    def with_options(self, **changes: Any) -> "LLM":
        """A copy with ``changes``; it makes its own HTTP client unless ``client`` is kept."""
        return replace(self, **changes)

    # ----------------------------------------------------------------- the server

    def _client(self) -> Any:
        if self.client is not None:
            return self.client
        with self._session.lock:
            if self._session.client is None:
                self._session.client = _openai().OpenAI(
                    base_url=self.base_url, api_key=self.api_key or _NO_KEY, timeout=self.timeout, max_retries=0
                )
            return self._session.client

    def resolved_model(self) -> str:
        """``model``, or the first model the server lists (asked once per object)."""
        if self.model:
            return self.model
        client = self._client()
        with self._session.lock:
            if self._session.model is None:
                openai = _openai()
                try:
                    models = self._retrying(lambda left: list(client.models.list(timeout=left)))
                except openai.APIError as exc:
                    raise _llm_error(exc, self, None, "listing the models") from exc
                if not models:
                    raise LLMModelNotFound("no model given and the LLM server lists none; set ITLR_LLM_MODEL or pass model=")
                self._session.model = str(models[0].id)
            return self._session.model

    def known_model(self) -> str | None:
        """``model``, or the one the server listed if it was asked already (no request here)."""
        return self.model or self._session.model

    def _format_chain(self) -> tuple[str, ...]:
        """Output formats to try, best first: grammar, JSON schema, JSON object, plain text."""
        chain: list[str] = ["grammar"] if self.grammar else []
        if self.structured is not False:
            chain += list(_RESPONSE_FORMATS)
        if self.structured is not True:
            chain.append("text")
        return tuple(chain)

    def _prompt(self) -> str:
        return self.system_prompt if self.system_prompt is not None else load_prompt()[1]

    def _messages(self, turns: Sequence[tuple[str, str]], output: str) -> list[dict[str, str]]:
        """The chat messages for the conversation so far; the last user turn says how to answer in ``output``."""
        tail = 'Reply with a JSON object whose "query" field holds the logical query.' if output in _RESPONSE_FORMATS else "Reply with the query only."
        messages = [{"role": role, "content": text} for role, text in turns]
        messages[-1] = {"role": "user", "content": messages[-1]["content"] + "\n" + tail}
        if self.system_role:
            return [{"role": "system", "content": self._prompt()}, *messages]
        messages[0] = {"role": "user", "content": self._prompt() + "\n\n" + messages[0]["content"]}
        return messages

    def _answer(self, model: str, turns: Sequence[tuple[str, str]], chain: list[str]) -> str:
        """One answer from the server; narrows ``chain`` (this translation's formats) on a refusal."""
        openai = _openai()
        client = self._client()
        while True:
            output = chain[0]
            kwargs: dict[str, Any] = {
                "model": model,
                "messages": self._messages(turns, output),
                "temperature": self.temperature,
                "max_tokens": self.max_tokens,
            }
            if self.stop:
                kwargs["stop"] = list(self.stop)
            extra = dict(self.extra_body or {})
            if output == "grammar":
                extra["grammar"] = self.grammar if isinstance(self.grammar, str) else load_gbnf()
            if extra:
                kwargs["extra_body"] = extra
            if output in _RESPONSE_FORMATS:
                kwargs["response_format"] = _RESPONSE_FORMATS[output]
            try:
                return _content(self._create(client, kwargs))
            except openai.APIStatusError as exc:
                if not _refuses_format(exc) or len(chain) == 1:
                    raise _llm_error(exc, self, model) from exc
                chain.pop(0)
            except openai.APIError as exc:
                raise _llm_error(exc, self, model) from exc

    def _create(self, client: Any, kwargs: dict[str, Any]) -> Any:
        """``chat.completions.create`` under :meth:`_retrying`."""
        return self._retrying(lambda left: client.chat.completions.create(timeout=left, **kwargs))

    def _retrying(self, call: Callable[[float], Any]) -> Any:
        """``call(seconds_left)`` until it answers or ``timeout`` is spent: a 429 is retried
        with backoff (or after its Retry-After), a dropped connection up to
        ``_CONNECTION_RETRIES`` times; a timeout and every other error are raised at once."""
        openai = _openai()
        deadline = time.monotonic() + self.timeout
        backoff = _FIRST_BACKOFF
        dropped = 0
        while True:
            try:
                return call(max(0.001, deadline - time.monotonic()))
            except openai.APITimeoutError:
                raise
            except openai.APIConnectionError:
                dropped += 1
                wait = _FIRST_BACKOFF * dropped
                if dropped > _CONNECTION_RETRIES or time.monotonic() + wait >= deadline:
                    raise
            except openai.RateLimitError as exc:
                asked = _retry_after(exc)
                wait = backoff if asked is None else asked
                backoff *= 2
                if time.monotonic() + wait >= deadline:
                    raise
            time.sleep(wait)

    # ----------------------------------------------------------------- translation

    def translate(self, question: str) -> Translation:
        """The model's query for ``question``. Raises :class:`LLMError` (a subclass) when there is none."""
        if not isinstance(question, str):
            raise TypeError(f"a question is a string, not {type(question).__name__}")
        question = " ".join(question.split())
        if not question:
            raise ValueError("empty question")
        model = self.resolved_model()
        cached = self._cache_get(model, question)
        if cached is not None:
            return cached
        chain = list(self._format_chain())  # this translation's own: a refusal narrows it here only
        turns: list[tuple[str, str]] = [("user", f"Question: {question}")]
        raw: str | None = None
        parse_error: ParseError | None = None
        report: CoverageReport | None = None  # of the last answer that parsed
        coverage_asked = False
        attempts = 0
        while attempts < self.max_attempts:
            attempts += 1
            raw = self._answer(model, turns, chain)
            expr, parse_error = _first_valid(raw)
            if expr is not None:
                report = check_coverage(question, expr) if self.coverage else None
                if report is None or report.ok:
                    result = Translation(question, expr, "llm", raw=raw, attempts=attempts, model=model)
                    self._cache_put(model, question, result)
                    return result
                if coverage_asked:
                    break  # asked once again already: the model keeps changing the question
                coverage_asked = True
                problem = report.describe() + "\nWrite the query again."
            else:
                assert parse_error is not None
                problem = _repair_message(parse_error)
            turns += [("assistant", raw or ""), ("user", problem)]
        plural = "s" if attempts != 1 else ""
        if parse_error is None and report is not None:  # the last answer parsed but fails coverage
            raise UncoveredAnswer(
                f"the model's query does not keep the question after {attempts} attempt{plural}: "
                f"{' '.join(report.describe().split())} (answer {_short(raw)})",
                raw,
                attempts,
                report,
            )
        assert parse_error is not None
        raise InvalidAnswer(
            f"no valid query after {attempts} attempt{plural} "
            f"(last error: {parse_error.message} at column {parse_error.column}; answer {_short(raw)})",
            raw,
            attempts,
        )

    # ----------------------------------------------------------------- cache

    def _cache_path(self, model: str, question: str) -> Path | None:
        if self.cache is False:
            return None
        root = cache_dir() if self.cache is True else Path(self.cache).expanduser()
        options = {
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "stop": self.stop,
            "system_role": self.system_role,
            "extra_body": self.extra_body,
            "structured": self.structured,
            "coverage": self.coverage,
            "grammar": None if not self.grammar else hashlib.sha256(str(self.grammar).encode()).hexdigest()[:16],
            "system": None if self.system_prompt is None else hashlib.sha256(self.system_prompt.encode()).hexdigest(),
            "prompt": hashlib.sha256(load_prompt()[1].encode()).hexdigest()[:16],
        }
        key = json.dumps([self.base_url or "openai", model, PROMPT_VERSION, question, options], sort_keys=True, default=str)
        return root / (hashlib.sha256(key.encode("utf-8")).hexdigest() + ".json")

    def _cache_get(self, model: str, question: str) -> Translation | None:
        path = self._cache_path(model, question)
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            expr = validate_query(data["query"])
        except (OSError, ValueError, KeyError, TypeError):
            return None  # an unreadable entry is a miss; the answer is asked again and rewritten
        if self.coverage and not check_coverage(question, expr).ok:
            return None  # written before the check grew stricter: asked again
        return Translation(question, expr, "llm", raw=data.get("raw"), attempts=0, cached=True, model=data.get("model"))

    def _cache_put(self, model: str, question: str, result: Translation) -> None:
        path = self._cache_path(model, question)
        if path is None:
            return
        record = {
            "question": question,
            "query": result.query,
            "raw": result.raw,
            "base_url": self.base_url,
            "model": model,
            "prompt_version": PROMPT_VERSION,
            "created": time.time(),
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Write then rename: readers in other threads or processes see all of an entry or none.
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(record, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError:
            pass  # a cache that cannot be written is no cache, not an error


# --------------------------------------------------------------------------- helpers


def _openai() -> Any:
    try:
        import openai
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise LLMError("the LLM path needs the 'openai' package: pip install 'itlr[llm]'") from exc
    return openai


def _content(response: Any) -> str:
    try:
        message = response.choices[0].message
    except (AttributeError, IndexError, TypeError):
        raise LLMServerError(f"the LLM server's reply has no message: {_short(str(response))}") from None
    return (getattr(message, "content", None) or "").strip()


def _server_message(exc: Any) -> str:
    """The server's own words: ``error.message`` or ``detail`` of the body, else the exception's text."""
    body = getattr(exc, "body", None)
    text: Any = None
    if isinstance(body, dict):
        inner = body.get("error", body)
        text = inner.get("message") if isinstance(inner, dict) else inner
        if text is None:
            text = body.get("detail") or body.get("message")
    if text is None or not isinstance(text, str):
        text = json.dumps(text) if text is not None else (getattr(exc, "message", None) or str(exc))
    text = str(text).split("\n  File ")[0]  # llama-cpp-python appends a traceback
    return " ".join(text.split())[:300]


def _refuses_format(exc: Any) -> bool:
    """A refusal of the output format: a 400/422 that names it (response_format, json_schema, grammar ...).

    A 500 is a server failure, except the one llama-cpp-python gives for a request
    field it does not take: a validation error that names the format.
    """
    status = getattr(exc, "status_code", None)
    message = _server_message(exc)
    if status in (400, 422):
        return bool(_FORMAT_WORDS.search(message))
    return status == 500 and "validation error" in message.lower() and bool(_FORMAT_WORDS.search(message))


def _retry_after(exc: Any) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is not None:
            try:
                seconds = float(value) * scale
            except ValueError:
                continue
            if seconds >= 0:
                return seconds
    return None


def _llm_error(exc: Exception, llm: LLM, model: str | None, doing: str = "") -> LLMError:
    """The one-line :class:`LLMError` for an ``openai`` exception."""
    openai = _openai()
    where = llm.base_url or "the OpenAI API"
    doing = f" ({doing})" if doing else ""
    if isinstance(exc, openai.APITimeoutError):
        return LLMTimeout(f"the LLM server did not answer within {llm.timeout:g} s ({where}){doing}")
    if isinstance(exc, openai.APIConnectionError):
        cause = exc.__cause__ or exc.__context__
        detail = " ".join(str(cause or exc).split()) or type(cause or exc).__name__
        return LLMConnectionError(f"cannot reach the LLM server ({where}){doing}: {detail}")
    status = getattr(exc, "status_code", None)
    message = _server_message(exc)
    said = f"{status}: {message}" if message else str(status)
    if status in (401, 403):
        return LLMAuthError(
            f"the LLM server ({where}) refused the credentials{doing}: {said}; set ITLR_LLM_API_KEY or pass api_key=",
            status=status, server_message=message,
        )
    if status == 404:
        return LLMModelNotFound(
            f"the LLM server ({where}) does not know model {model!r} or this endpoint{doing}: {said}; "
            "check ITLR_LLM_MODEL and the base URL",
            status=status, server_message=message,
        )
    if status == 429:
        return LLMRateLimited(
            f"the LLM server ({where}) is rate limiting{doing} and did not take the request within {llm.timeout:g} s: {said}",
            status=status, server_message=message,
        )
    return LLMServerError(f"the LLM server ({where}) answered{doing} {said}", status=status, server_message=message)


def _repair_message(error: ParseError) -> str:
    return (
        f"That is not a valid query: {error.message} at column {error.column}.\n{error.context()}\n"
        "Write it again following the query language: double-quoted terms, uppercase AND, OR, NOT, "
        "balanced parentheses, at least one term not under NOT."
    )


def _short(text: str | None, limit: int = 120) -> str:
    if text is None:
        return "none"
    t = " ".join(text.split())
    return repr(t if len(t) <= limit else t[: limit - 1] + "…")
