"""Errors a user can act on. Bad input stays a ValueError (ParseError is one)."""

from __future__ import annotations

__all__ = ["EngineError", "IndexingError"]


class EngineError(RuntimeError):
    """Elasticsearch or OpenSearch refused or could not be reached: names the index and the cause."""

    def __init__(self, message: str, *, index: str | None = None, status: int | None = None, cause: str | None = None) -> None:
        self.index, self.status, self.cause = index, status, cause
        super().__init__(message)


class IndexingError(RuntimeError):
    """Some documents were not indexed; ``failures`` lists ``(id, reason)`` for every one."""

    def __init__(self, index: str, failures: list[tuple[str, str]], indexed: int) -> None:
        self.index, self.failures, self.indexed = index, failures, indexed
        first = "; ".join(f"{i}: {r}" for i, r in failures[:3])
        more = f" (and {len(failures) - 3} more)" if len(failures) > 3 else ""
        super().__init__(f"{len(failures)} document(s) not indexed into {index!r}: {first}{more}")
