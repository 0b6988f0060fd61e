"""Matplotlib for the PNGs of ``itlr eval`` and ``itlr bench``: headless, imported on use."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only, no display
        import matplotlib.pyplot as plt
    except ImportError:
        raise LookupError("plots need matplotlib (pip install 'itlr[eval]')") from None
    return plt


def save(fig: Any, path: str | Path) -> Path:
    """Writes ``fig`` as a PNG at ``path`` (folders made as needed) and closes it."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(target, dpi=120)
    pyplot().close(fig)
    return target
