"""Questions to logical queries with an LLM behind any OpenAI-compatible endpoint.

The answer is validated by the query grammar (``itlr.parse``). A query wrapped in
a code fence, after "Query:", or in JSON ``{"query": ...}`` is unwrapped. An
invalid answer is sent back to the model with the parse error (a repair turn),
up to ``max_attempts`` calls in all; then, or when the server does not answer
within ``timeout`` seconds, :func:`itlr.nl.to_logic` falls back to the
rule-based parser with a warning. Valid answers are cached on disk by
(endpoint, model, prompt version, question) under ``$ITLR_CACHE/nl``
(default ``~/.cache/itlr/nl``).

Configuration, arguments first, then the environment:

- ``base_url``: ``ITLR_LLM_BASE_URL``, else ``OPENAI_BASE_URL``, else OpenAI's API.
  A bare ``http://host:port`` gets ``/v1`` appended.
- ``model``: ``ITLR_LLM_MODEL``; when unset, the first model the server lists.
- ``api_key``: ``ITLR_LLM_API_KEY``, else ``OPENAI_API_KEY``, else a placeholder
  (local servers need none).
- ``timeout`` (seconds per call): ``ITLR_LLM_TIMEOUT``, else 30.

``openai`` is imported only when a model is actually called.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import urlsplit

from ..translator import Expr, Not, ParseError, Term, parse
from .result import Translation

__all__ = [
    "LLM",
    "LLMError",
    "InvalidAnswer",
    "PROMPT_VERSION",
    "load_prompt",
    "load_gbnf",
    "extract_query",
    "validate_query",
    "llm_configured",
    "cache_dir",
]

DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_ATTEMPTS = 3
_NO_KEY = "sk-no-key-required"

_QUERY_SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string", "description": "the logical query"}},
    "required": ["query"],
    "additionalProperties": False,
}
# Structured output, tried in this order until the server takes one: OpenAI's JSON
# schema, then llama-cpp-python's JSON object with a schema; then plain text.
_RESPONSE_FORMATS = {
    "json_schema": {"type": "json_schema", "json_schema": {"name": "logical_query", "strict": True, "schema": _QUERY_SCHEMA}},
    "json_object": {"type": "json_object", "schema": _QUERY_SCHEMA},
}


class LLMError(RuntimeError):
    """The LLM path gave no usable query (no answer in time, server error, or invalid answers)."""


class InvalidAnswer(LLMError):
    """The model's answers did not parse as a logical query, repairs included."""

    def __init__(self, message: str, raw: str | None, attempts: int) -> None:
        super().__init__(message)
        self.raw = raw
        self.attempts = attempts


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


@dataclass
class LLM:
    """An OpenAI-compatible chat endpoint that translates questions into logical queries.

    ``structured``: ``None`` asks for JSON-schema output (OpenAI's ``json_schema``, then
    llama-cpp-python's ``json_object`` with a schema) and goes on in plain text if the
    server refuses both; ``True`` fails instead; ``False`` asks in plain text. ``grammar=True`` instead sends
    the query language as a GBNF grammar (``query.gbnf``; the ``grammar`` field of
    llama.cpp servers), so that every answer parses; a string is sent as the grammar
    itself. ``system_role=False`` sends the instructions at the top of the user message
    instead of as a system message, for chat formats that drop system messages (the
    Gemma format of llama-cpp-python; env ``ITLR_LLM_SYSTEM_ROLE=0``). ``system_prompt`` replaces
    ``prompt.md``; ``stop``, ``max_tokens``, ``temperature`` and ``extra_body`` go to
    the server as they are. ``cache``: ``True`` (default dir), ``False``, or a directory.
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
    stop: list[str] | None = None
    extra_body: dict[str, Any] | None = None
    grammar: bool | str | None = None
    cache: bool | str | os.PathLike = True
    client: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.base_url = _normalise_url(self.base_url)
        if not self.timeout or float(self.timeout) <= 0:
            raise ValueError(f"LLM timeout must be a positive number of seconds, not {self.timeout!r}")
        self.timeout = float(self.timeout)
        if int(self.max_attempts) < 1:
            raise ValueError(f"max_attempts must be at least 1, not {self.max_attempts!r}")
        self.max_attempts = int(self.max_attempts)
        self._formats = [] if self.structured is False or self.grammar else list(_RESPONSE_FORMATS)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> "LLM":
        """Settings from ``ITLR_LLM_*`` (then ``OPENAI_*``); keyword arguments that are not None win."""
        env = os.environ if env is None else env
        settings: dict[str, Any] = {
            "base_url": _env(env, "ITLR_LLM_BASE_URL", "OPENAI_BASE_URL"),
            "model": _env(env, "ITLR_LLM_MODEL"),
            "api_key": _env(env, "ITLR_LLM_API_KEY", "OPENAI_API_KEY"),
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
        return replace(self, **changes)

    # ----------------------------------------------------------------- calls

    def _client(self) -> Any:
        if self.client is None:
            try:
                import openai
            except ImportError as exc:  # pragma: no cover - depends on the install
                raise LLMError("the LLM path needs the 'openai' package: pip install 'itlr[llm]'") from exc
            self.client = openai.OpenAI(
                base_url=self.base_url, api_key=self.api_key or _NO_KEY, timeout=self.timeout, max_retries=0
            )
        return self.client

    def _model(self) -> str:
        if not self.model:
            try:
                models = list(self._client().models.list())
            except Exception as exc:
                raise LLMError(f"no model given and the server did not list its models: {_describe(exc)}") from exc
            if not models:
                raise LLMError("no model given and the server lists none; set ITLR_LLM_MODEL or pass model=")
            self.model = models[0].id
        return self.model

    def _prompt(self) -> str:
        return self.system_prompt if self.system_prompt is not None else load_prompt()[1]

    def _complete(self, messages: list[dict[str, str]]) -> str:
        client = self._client()
        kwargs: dict[str, Any] = {
            "model": self._model(),
            "messages": messages,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        if self.stop:
            kwargs["stop"] = list(self.stop)
        extra = dict(self.extra_body or {})
        if self.grammar:
            extra["grammar"] = self.grammar if isinstance(self.grammar, str) else load_gbnf()
        if extra:
            kwargs["extra_body"] = extra
        while self._formats:
            try:
                return _content(client.chat.completions.create(response_format=_RESPONSE_FORMATS[self._formats[0]], **kwargs))
            except Exception as exc:
                if not _is_rejection(exc):
                    raise
                refused = self._formats.pop(0)  # the server does not do this format: try the next
                if not self._formats and self.structured:
                    raise LLMError(f"the server refuses structured output ({refused}: {_describe(exc)})") from exc
        return _content(client.chat.completions.create(**kwargs))

    @property
    def _structured_ok(self) -> bool:
        return bool(self._formats)

    def _messages(self, question: str) -> list[dict[str, str]]:
        ask = f"Question: {question}\n"
        ask += 'Reply with a JSON object whose "query" field holds the logical query.' if self._structured_ok else "Query:"
        if not self.system_role:
            return [{"role": "user", "content": self._prompt() + "\n\n" + ask}]
        return [{"role": "system", "content": self._prompt()}, {"role": "user", "content": ask}]

    def translate(self, question: str) -> Translation:
        """The model's query for ``question``. Raises :class:`LLMError` (or a subclass) when there is none."""
        question = " ".join(str(question).split())
        if not question:
            raise ValueError("empty question")
        cached = self._cache_get(question)
        if cached is not None:
            return cached
        messages = self._messages(question)
        raw: str | None = None
        error: ParseError | None = None
        attempts = 0
        try:
            while attempts < self.max_attempts:
                attempts += 1
                raw = self._complete(messages)
                expr, error = _first_valid(raw)
                if expr is not None:
                    result = Translation(question, expr, "llm", raw=raw, attempts=attempts, model=self.model)
                    self._cache_put(question, result)
                    return result
                assert error is not None
                messages = messages + [
                    {"role": "assistant", "content": raw or ""},
                    {"role": "user", "content": _repair_message(error, self._structured_ok)},
                ]
        except LLMError:
            raise
        except Exception as exc:
            raise LLMError(_describe(exc, self.timeout, self.base_url)) from exc
        assert error is not None
        raise InvalidAnswer(
            f"no valid query after {attempts} attempt{'s' if attempts != 1 else ''} "
            f"(last error: {error.message} at column {error.column}; answer {_short(raw)})",
            raw,
            attempts,
        )

    # ----------------------------------------------------------------- cache

    def _cache_path(self, question: str) -> Path | None:
        if self.cache is False:
            return None
        root = cache_dir() if self.cache is True else Path(self.cache).expanduser()
        options = {
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "stop": self.stop,
            "system_role": self.system_role,
            "extra_body": self.extra_body,
            "grammar": None if not self.grammar else hashlib.sha256(str(self.grammar).encode()).hexdigest()[:16],
            "system": None if self.system_prompt is None else hashlib.sha256(self.system_prompt.encode()).hexdigest(),
            "prompt": hashlib.sha256(load_prompt()[1].encode()).hexdigest()[:16],
        }
        key = json.dumps(
            [self.base_url or "openai", self._model(), PROMPT_VERSION, question, options], sort_keys=True, default=str
        )
        return root / (hashlib.sha256(key.encode("utf-8")).hexdigest() + ".json")

    def _cache_get(self, question: str) -> Translation | None:
        if self.cache is False:
            return None
        try:
            path = self._cache_path(question)
        except LLMError:
            return None  # cannot name the model: the call itself will report it
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            expr = validate_query(data["query"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return Translation(question, expr, "llm", raw=data.get("raw"), attempts=0, cached=True, model=data.get("model"))

    def _cache_put(self, question: str, result: Translation) -> None:
        path = self._cache_path(question)
        if path is None:
            return
        record = {
            "question": question,
            "query": result.query,
            "raw": result.raw,
            "base_url": self.base_url,
            "model": self.model,
            "prompt_version": PROMPT_VERSION,
            "created": time.time(),
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(record, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError:
            pass  # a cache that cannot be written is no cache, not an error


def _content(response: Any) -> str:
    try:
        message = response.choices[0].message
    except (AttributeError, IndexError, TypeError):
        raise LLMError(f"the server's reply has no message: {_short(str(response))}") from None
    return (getattr(message, "content", None) or "").strip()


def _is_rejection(exc: Exception) -> bool:
    """A server that refuses ``response_format`` answers 400/404/422 (or 500 from some shims)."""
    status = getattr(exc, "status_code", None)
    return status in (400, 404, 415, 422, 500, 501)


def _repair_message(error: ParseError, structured: bool) -> str:
    where = error.context() if hasattr(error, "context") else ""
    text = (
        f"That is not a valid query: {error.message} at column {error.column}.\n{where}\n"
        "Write it again following the query language: double-quoted terms, uppercase AND, OR, NOT, "
        "balanced parentheses, at least one term not under NOT. "
    )
    return text + ('Reply with a JSON object whose "query" field holds the logical query.' if structured else "Reply with the query only.")


def _short(text: str | None, limit: int = 120) -> str:
    if text is None:
        return "none"
    t = " ".join(text.split())
    return repr(t if len(t) <= limit else t[: limit - 1] + "…")


def _describe(exc: BaseException, timeout: float | None = None, base_url: str | None = None) -> str:
    name = type(exc).__name__
    where = f" ({base_url})" if base_url else ""
    if "Timeout" in name:
        return f"the LLM server did not answer within {timeout:g} s{where}"
    if "Connection" in name:
        return f"cannot reach the LLM server{where}: {' '.join(str(exc).split()) or name}"
    text = " ".join(str(exc).split()) or name
    return f"LLM request failed{where}: {text[:300]}"
