"""What a search returns, whichever backend ran it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from .certify import Certificate

from .certify import Certificate


@dataclass(frozen=True)
class Hit:
    """One ranked document: its id, composed score, stored fields and, with
    ``explain``, the truth value of every term of the query."""

    id: str
    score: float
    source: dict[str, Any] = field(default_factory=dict)
    truth: dict[str, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "score": self.score, "source": self.source}
        if self.truth is not None:
            out["truth"] = self.truth
        return out


@dataclass(frozen=True)
class SearchResult:
    """The hits and the logical query that produced them (``ask`` fills ``question``).

    ``certificate`` says whether the page is provably the exact ranking's page
    (:class:`itlr.certify.Certificate`: certified, kNN depth, bound, round trips)."""

    query: str
    hits: list[Hit]
    mode: str
    question: str | None = None
    method: str | None = None
    certificate: Certificate | None = None

    def __iter__(self) -> Iterator[Hit]:
        return iter(self.hits)

    def __len__(self) -> int:
        return len(self.hits)

    def __getitem__(self, i: int) -> Hit:
        return self.hits[i]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"query": self.query, "mode": self.mode, "hits": [h.to_dict() for h in self.hits]}
        out["certificate"] = self.certificate.to_dict() if self.certificate is not None else None
        if self.question is not None:
            out["question"] = self.question
            out["method"] = self.method
        out["certificate"] = self.certificate.to_dict() if self.certificate is not None else None
        return out
