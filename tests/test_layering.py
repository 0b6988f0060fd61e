"""Library code does not depend on the command line: the evaluation modules import
neither ``itlr.cli`` nor ``itlr.evaluation.cli``, and raise ValueError/LookupError,
never the CLI's ``UsageError`` (the CLI maps those to a one-line error)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

EVALUATION = Path(__file__).resolve().parents[1] / "itlr" / "evaluation"
# cli.py is the command line itself.
LIBRARY = sorted(p for p in EVALUATION.glob("*.py") if p.name != "cli.py")


def _imports_and_names(path: Path) -> tuple[set[str], set[str]]:
    tree = ast.parse(path.read_text(), str(path))
    imports, names = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imports.add("." * node.level + (node.module or ""))
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            imports.update(a.name for a in node.names)
        elif isinstance(node, ast.Name):
            names.add(node.id)
    return imports, names


@pytest.mark.parametrize("path", LIBRARY, ids=lambda p: p.name)
def test_evaluation_library_modules_do_not_import_the_cli(path):
    imports, names = _imports_and_names(path)
    assert not {".cli", "..cli", "itlr.cli", "itlr.evaluation.cli"} & imports
    assert "UsageError" not in names


def test_importing_the_eval_runner_loads_no_cli_module():
    code = ("import sys, itlr.evaluation.runner, itlr.evaluation.load, itlr.evaluation.metrics; "
            "print(sorted(m for m in sys.modules if m.endswith('.cli')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
