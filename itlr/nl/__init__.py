"""From natural-language questions to logical queries (SPEC §6).

    >>> from itlr.nl import to_logic
    >>> t = to_logic("Allen Ginsberg's works other than Howl")
    >>> t.query, t.method
    ('"Allen Ginsberg\\'s works" AND NOT "Howl"', 'rules')

With an LLM (any OpenAI-compatible server: OpenAI, vLLM, Ollama, llama.cpp):

    to_logic(question, base_url="http://127.0.0.1:8080/v1", model="gemma")
    to_logic(question, llm=LLM(base_url=..., timeout=10))
    ITLR_LLM_BASE_URL=... ITLR_LLM_MODEL=...   # then to_logic(question) uses it

The LLM's answer is checked by the query grammar and by the coverage check, and
repaired or re-asked. When the LLM fails (a refused key, an unknown model, no
answer in time, no valid query) :func:`to_logic` raises an :class:`LLMError`
subclass with a one-line message; with ``fallback=True`` (or
``ITLR_LLM_FALLBACK=rules``) the rule-based parser answers instead, with a warning,
and ``method == "fallback"``.
"""

from __future__ import annotations

import os
from typing import Any, Mapping

from .coverage import CoverageReport, check_coverage
from .llm import (
    LLM,
    PROMPT_VERSION,
    InvalidAnswer,
    LLMAuthError,
    LLMConnectionError,
    LLMError,
    LLMModelNotFound,
    LLMRateLimited,
    LLMServerError,
    LLMTimeout,
    UncoveredAnswer,
    cache_dir,
    extract_query,
    fallback_from_env,
    llm_configured,
    load_prompt,
    validate_query,
)
from .result import METHODS, NLWarning, Translation, warn, with_question
from .rules import rules_to_expr

__all__ = [
    "to_logic",
    "rules_translate",
    "with_question",
    "Translation",
    "NLWarning",
    "LLM",
    "LLMError",
    "LLMAuthError",
    "LLMConnectionError",
    "LLMModelNotFound",
    "LLMRateLimited",
    "LLMServerError",
    "LLMTimeout",
    "InvalidAnswer",
    "UncoveredAnswer",
    "CoverageReport",
    "check_coverage",
    "PROMPT_VERSION",
    "METHODS",
    "extract_query",
    "validate_query",
    "llm_configured",
    "load_prompt",
    "cache_dir",
]


def rules_translate(question: str) -> Translation:
    """The rule-based translation only (no LLM, no network)."""
    result = rules_to_expr(question)
    return Translation(" ".join(question.split()), result.expr, "rules", warnings=tuple(result.notes))


def to_logic(
    question: str,
    *,
    llm: "LLM | bool | Any | None" = None,
    base_url: str | None = None,
    model: str | None = None,
    api_key: str | None = None,
    timeout: float | None = None,
    max_attempts: int | None = None,
    cache: "bool | str | os.PathLike[str] | None" = None,
    fallback: bool | None = None,
    env: Mapping[str, str] | None = None,
    **llm_options: Any,
) -> Translation:
    """Turn a natural-language question into a logical query.

    ``llm`` picks the path:

    - ``None`` (default): the LLM when one is configured, i.e. ``base_url`` or
      ``model`` is given or ``ITLR_LLM_BASE_URL`` / ``ITLR_LLM_MODEL`` is set;
      otherwise the rule-based parser.
    - ``False``: the rule-based parser only.
    - ``True``: the LLM, configured by the arguments and the environment.
    - an :class:`LLM` (or an ``openai.OpenAI`` client): that one.

    When the LLM fails, raises the :class:`LLMError` subclass that says why (see
    :mod:`itlr.nl.llm`), unless ``fallback`` is true: then the rule-based query
    answers, ``method="fallback"``, with the reason in ``warnings`` and an
    :class:`NLWarning`. ``fallback=None`` takes the LLM object's setting, else
    ``ITLR_LLM_FALLBACK`` (``rules`` or ``never``, the default). Nothing but
    :class:`LLMError` falls back: a bug in itlr is raised as itself.
    Raises ``ValueError`` for an empty question or bad settings.
    Further keyword arguments (``grammar``, ``structured``, ``system_role``,
    ``max_tokens``, …) are :class:`LLM` settings.
    """
    if not isinstance(question, str):
        raise TypeError(f"a question is a string, not {type(question).__name__}")
    if not question.strip():
        raise ValueError("empty question")
    env = os.environ if env is None else env
    settings = {"base_url": base_url, "model": model, "api_key": api_key, "timeout": timeout, "max_attempts": max_attempts, "cache": cache, **llm_options}

    engine: LLM | None
    if llm is False:
        engine = None
    elif isinstance(llm, LLM):
        overrides = {k: v for k, v in settings.items() if v is not None}
        engine = llm.with_options(**overrides) if overrides else llm
    elif llm is None or llm is True:
        wanted = llm is True or base_url is not None or model is not None or llm_configured(env)
        engine = LLM.from_env(env, **settings) if wanted else None
        if engine is not None and engine.base_url is None and engine.model is None:
            raise ValueError("no LLM configured: set ITLR_LLM_BASE_URL (and ITLR_LLM_MODEL) or pass base_url=")
    elif hasattr(llm, "chat"):  # an openai.OpenAI-like client
        engine = LLM.from_env(env, client=llm, **settings)
    else:
        raise TypeError(f"llm must be None, a bool, an itlr.nl.LLM or an OpenAI client, not {type(llm).__name__}")

    if engine is None:
        return rules_translate(question)
    if fallback is None:
        fallback = engine.fallback if engine.fallback is not None else fallback_from_env(env)
    try:
        return engine.translate(question)
    except LLMError as exc:
        if not fallback:
            raise
        reason = str(exc)
        attempts = getattr(exc, "attempts", 0)
        raw = getattr(exc, "raw", None)
    rules = rules_to_expr(question)
    message = f"{reason}; used the rule-based parser instead"
    warn(message)
    return Translation(
        " ".join(question.split()),
        rules.expr,
        "fallback",
        warnings=(message, *rules.notes),
        raw=raw,
        attempts=attempts,
        model=engine.known_model(),
    )
