"""What every evaluation and benchmark report carries: the machine it ran on, and
the JSON file it is written to. Shared by ``itlr eval``, ``itlr bench`` and the
scripts under ``benchmarks/``."""

from __future__ import annotations

import json
import os
import platform
import sys
from pathlib import Path
from typing import Any, Mapping

__all__ = ["machine", "write_json"]


def machine() -> str:
    """``x86_64, 2 cores, 24 GiB``: the architecture, CPU count and memory."""
    try:
        mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
        mem_text = f", {mem:.0f} GiB"
    except (ValueError, OSError, AttributeError):
        mem_text = ""
    return f"{platform.machine()}, {os.cpu_count()} cores{mem_text}"


def write_json(path: str | Path, report: Mapping[str, Any]) -> Path:
    """Writes ``report`` as indented JSON (folders created) and says so on stderr."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {target}", file=sys.stderr)
    return target
