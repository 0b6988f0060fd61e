"""The scoring semantics (SPEC §3): one definition, used by the local engine and
mirrored line for line by the Painless script the clusters run.

A query compiles to a postfix *program* of ``(opcode, argument)`` pairs over the
query's distinct terms. The same integers travel to Painless in ``params``, so
the local engine and the clusters evaluate literally the same program.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np

__all__ = ["Semantics", "AND_OPS", "OR_OPS", "NOT_OPS", "OP_TERM", "OP_AND", "OP_OR", "OP_NOT", "evaluate", "truth_values"]

# Opcodes of the program; the Painless interpreter uses the same numbers.
OP_TERM, OP_AND, OP_OR, OP_NOT = 0, 1, 2, 3

# Operator families of the paper's Table 2; the index is the code sent to Painless.
AND_OPS = ("product", "sum", "min")
OR_OPS = ("sum", "max")
NOT_OPS = ("one_minus", "reciprocal")

RECIPROCAL_FLOOR = 1e-6  # 1 / max(x, 1e-6): keeps NOT of a zero truth value finite


@dataclass(frozen=True)
class Semantics:
    """How truth values are made from cosine similarities and how operators compose them.

    ``calibration`` maps a term to its fitted ``(lambda, tau)``: its truth value is then
    ``sigmoid(lambda * (s - tau))``; ``sigmoid`` gives the same for every other term.
    Terms with neither use ``clip(s, 0, 1)``.
    """

    and_op: str = "product"
    or_op: str = "sum"
    not_op: str = "one_minus"
    calibration: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    sigmoid: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        for name, value, allowed in (("and_op", self.and_op, AND_OPS), ("or_op", self.or_op, OR_OPS), ("not_op", self.not_op, NOT_OPS)):
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")
        for lam, tau in [*self.calibration.values(), *([self.sigmoid] if self.sigmoid else [])]:
            if not (np.isfinite(lam) and np.isfinite(tau) and lam > 0):
                raise ValueError(f"calibration needs a finite lambda > 0 and a finite tau; got ({lam}, {tau})")
        object.__setattr__(self, "calibration", dict(self.calibration))

    @property
    def codes(self) -> tuple[int, int, int]:
        return AND_OPS.index(self.and_op), OR_OPS.index(self.or_op), NOT_OPS.index(self.not_op)

    def sigmoid_params(self, terms: Sequence[str]) -> tuple[list[float], list[float]]:
        """Per-term ``lambda`` and ``tau``; ``lambda == 0`` means plain clipping."""
        lams, taus = [], []
        for t in terms:
            lam, tau = self.calibration.get(t) or self.sigmoid or (0.0, 0.0)
            lams.append(float(lam))
            taus.append(float(tau))
        return lams, taus

    def to_dict(self) -> dict[str, Any]:
        return {"and": self.and_op, "or": self.or_op, "not": self.not_op,
                "calibration": {t: list(p) for t, p in self.calibration.items()},
                "sigmoid": list(self.sigmoid) if self.sigmoid else None}


def truth_values(similarities: np.ndarray, terms: Sequence[str], semantics: Semantics) -> np.ndarray:
    """Cosine similarities ``(docs, terms)`` to truth values, column by column."""
    s = np.asarray(similarities, dtype=np.float64)
    lams, taus = semantics.sigmoid_params(terms)
    out = np.clip(s, 0.0, 1.0)
    # Only calibrated columns pay for exp (the local engine scores whole corpora).
    for j, (lam, tau) in enumerate(zip(lams, taus)):
        if lam > 0:
            with np.errstate(over="ignore"):
                out[:, j] = 1.0 / (1.0 + np.exp(-lam * (s[:, j] - tau)))
    return out


def evaluate(program: Sequence[int], truth: np.ndarray, semantics: Semantics) -> np.ndarray:
    """Score every row of ``truth`` ``(docs, terms)`` with the postfix program; ``max(0, value)``."""
    x = np.asarray(truth, dtype=np.float64)
    and_code, or_code, not_code = semantics.codes
    stack: list[np.ndarray] = []
    for i in range(0, len(program), 2):
        op, arg = program[i], program[i + 1]
        if op == OP_TERM:
            stack.append(x[:, arg])
        elif op == OP_NOT:
            v = stack.pop()
            stack.append(1.0 - v if not_code == 0 else 1.0 / np.maximum(v, RECIPROCAL_FLOOR))
        else:
            operands = stack[-arg:]
            del stack[-arg:]
            combine = (np.multiply, np.add, np.minimum)[and_code] if op == OP_AND else (np.add, np.maximum)[or_code]
            # Left to right into one fresh array: no stacked copy of the operands.
            value = combine(operands[0], operands[1])
            for v in operands[2:]:
                combine(value, v, out=value)
            stack.append(value)
    (value,) = stack
    out: np.ndarray = np.maximum(value, 0.0)
    return out
