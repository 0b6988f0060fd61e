"""The Painless scripts, as real files beside this module.

A script is three files put together: the dialect's one line that reads the
document vector (``vector.<dialect>.painless``), the truth values every dialect
shares (``truth.painless``), and either the composition (``compose.painless``,
for ``script_score``) or the truth values as a list (``explain.painless``, for
``script_fields``). The source depends on nothing but the dialect, so a node
compiles it once; the query travels in ``params``.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources

__all__ = ["source", "script_id", "PURPOSES", "DIALECTS"]

DIALECTS = ("elasticsearch", "opensearch")
PURPOSES = {"score": "compose.painless", "explain": "explain.painless"}


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def source(dialect: str, purpose: str = "score") -> str:
    """The full script for ``dialect`` (``score`` or ``explain``)."""
    if dialect not in DIALECTS:
        raise ValueError(f"dialect must be one of {', '.join(DIALECTS)}; got {dialect!r}")
    if purpose not in PURPOSES:
        raise ValueError(f"purpose must be one of {', '.join(PURPOSES)}; got {purpose!r}")
    return "\n".join(_read(name) for name in (f"vector.{dialect}.painless", "truth.painless", PURPOSES[purpose]))


def script_id(dialect: str, purpose: str = "score") -> str:
    """Stored-script id; the hash of the source makes a changed script a new id."""
    digest = hashlib.sha256(source(dialect, purpose).encode("utf-8")).hexdigest()[:10]
    return f"itlr-{purpose}-{dialect}-{digest}"
