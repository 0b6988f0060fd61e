"""The Painless scripts, as real files beside this module.

A script is a generated prelude and three files put together: the constants of
:mod:`itlr.semantics` (opcodes, operator-family codes, the reciprocal floor) as
Painless declarations, so the script cannot drift from the local engine; the
dialect's one line that reads the document vector (``vector.<dialect>.painless``);
the truth values every dialect shares (``truth.painless``); and either the
composition (``compose.painless``, for ``script_score``) or the truth values as a
list (``explain.painless``, for ``script_fields``). Certified ``auto`` also reads
its kNN lists' ends with a ``scripted_metric`` aggregation of four scripts
(``ends.*.painless``; the map script reads the document vector like the others).
The source depends on nothing but the dialect, so a node compiles it once; the
query travels in ``params``.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources

from .. import semantics

__all__ = ["source", "script_id", "constants", "PURPOSES", "DIALECTS"]

DIALECTS = ("elasticsearch", "opensearch")
_TRUTH = ("{constants}", "vector.{dialect}.painless", "truth.painless")
# Each script's parts, in order.
PURPOSES = {
    "score": (*_TRUTH, "compose.painless"),
    "explain": (*_TRUTH, "explain.painless"),
    "ends_init": ("ends.init.painless",),
    "ends_map": ("vector.{dialect}.painless", "ends.map.painless"),
    "ends_combine": ("ends.combine.painless",),
    "ends_reduce": ("ends.reduce.painless",),
}


def constants() -> str:
    """Painless declarations of the semantics' opcodes, operator codes and floor."""
    names = {"OP_TERM": semantics.OP_TERM, "OP_AND": semantics.OP_AND, "OP_OR": semantics.OP_OR, "OP_NOT": semantics.OP_NOT}
    for family, ops in (("AND", semantics.AND_OPS), ("OR", semantics.OR_OPS), ("NOT", semantics.NOT_OPS)):
        names.update({f"{family}_{op.upper()}": code for code, op in enumerate(ops)})
    lines = ["// Generated from itlr/semantics.py by itlr.painless.constants()."]
    lines += [f"int {name} = {value};" for name, value in names.items()]
    lines.append(f"double RECIPROCAL_FLOOR = {semantics.RECIPROCAL_FLOOR!r};")
    return "\n".join(lines)


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def source(dialect: str, purpose: str = "score") -> str:
    """The full script for ``dialect`` and ``purpose`` (a key of :data:`PURPOSES`)."""
    if dialect not in DIALECTS:
        raise ValueError(f"dialect must be one of {', '.join(DIALECTS)}; got {dialect!r}")
    if purpose not in PURPOSES:
        raise ValueError(f"purpose must be one of {', '.join(PURPOSES)}; got {purpose!r}")
    parts = (constants() if part == "{constants}" else _read(part.format(dialect=dialect)) for part in PURPOSES[purpose])
    return "\n".join(parts)


def script_id(dialect: str, purpose: str = "score") -> str:
    """Stored-script id; the hash of the source makes a changed script a new id."""
    digest = hashlib.sha256(source(dialect, purpose).encode("utf-8")).hexdigest()[:10]
    return f"itlr-{purpose}-{dialect}-{digest}"
