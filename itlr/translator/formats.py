"""A compiled request as text people paste: JSON, Dev Tools console, curl."""

from __future__ import annotations

import json
import re
import shlex
from typing import Any
from urllib.parse import quote

__all__ = ["FORMATS", "render"]

# A list of numbers (a vector, the program) printed on one line instead of one number per line.
_NUMBERS = re.compile(r"\[\s*(-?\d[\d.eE+-]*(?:,\s*-?\d[\d.eE+-]*)*)\s*\]")


def _dumps(body: dict[str, Any]) -> str:
    text = json.dumps(body, indent=2, ensure_ascii=False)
    return _NUMBERS.sub(lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]", text)

FORMATS = ("json", "console", "curl")


def render(body: dict[str, Any], fmt: str = "json", *, index: str = "docs", url: str = "http://localhost:9200") -> str:
    """``json``: the body; ``console``: Kibana / OpenSearch Dashboards Dev Tools text
    (``GET index/_search`` + body); ``curl``: a shell command that sends it."""
    text = _dumps(body)
    if fmt == "json":
        return text
    path = f"{quote(index, safe=',*')}/_search"
    if fmt == "console":
        return f"GET {path}\n{text}"
    if fmt == "curl":
        # A quoted here-document: nothing in the body is interpreted by the shell.
        target = shlex.quote(f"{url.rstrip('/')}/{path}")
        return f"curl -sS -X POST {target} -H 'Content-Type: application/json' --data-binary @- <<'ITLR_JSON'\n{text}\nITLR_JSON"
    raise ValueError(f"format must be one of {', '.join(FORMATS)}; got {fmt!r}")
