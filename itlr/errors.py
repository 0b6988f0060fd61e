"""Errors a user can act on. Bad input stays a ValueError (ParseError is one);
a service that refuses or cannot be reached is a :class:`ServiceError`."""

from __future__ import annotations

__all__ = ["ServiceError", "EngineError", "EndpointError", "IndexingError"]


class ServiceError(RuntimeError):
    """Something itlr talks to (a search engine, an embeddings or LLM endpoint) refused or could not be reached."""


class EngineError(ServiceError):
    """Elasticsearch or OpenSearch refused or could not be reached: names the index and the cause."""

    def __init__(self, message: str, *, index: str | None = None, status: int | None = None, cause: str | None = None) -> None:
        self.index, self.status, self.cause = index, status, cause
        super().__init__(message)


class EndpointError(ServiceError):
    """An OpenAI-compatible endpoint (embeddings or chat) refused or could not be reached."""


class IndexingError(ServiceError):
    """Some documents were not indexed; ``failures`` lists ``(id, reason)`` for every one."""

    def __init__(self, index: str, failures: list[tuple[str, str]], indexed: int) -> None:
        self.index, self.failures, self.indexed = index, failures, indexed
        first = "; ".join(f"{i}: {r}" for i, r in failures[:3])
        more = f" (and {len(failures) - 3} more)" if len(failures) > 3 else ""
        super().__init__(f"{len(failures)} document(s) not indexed into {index!r}: {first}{more}")
