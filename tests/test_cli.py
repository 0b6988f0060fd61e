"""``itlr parse`` (SPEC §5): canonical text, ``--json``; bad input is one line on
stderr and exit code 2.

Every table row runs through ``itlr.cli.main`` in this process (fast, exact
streams and exit code); a sample of rows also runs as real processes, through
``python -m itlr.cli`` and through the installed ``itlr`` script.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import NamedTuple

import pytest

from itlr.cli import main

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "PYTHONUTF8": "1"}
SCRIPT = Path(sys.executable).with_name("itlr")


class Ran(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def in_process(*args: str) -> Ran:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse's own usage errors
            code = exc.code if isinstance(exc.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())


def as_process(args: tuple[str, ...], entry: str = "module") -> Ran:
    command = [sys.executable, "-m", "itlr.cli", *args] if entry == "module" else [str(SCRIPT), *args]
    proc = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", env=ENV, timeout=300)
    return Ran(proc.returncode, proc.stdout, proc.stderr)


# (arguments, stdout)
OK = [
    (["parse", "a OR b AND NOT c"], '"a" OR "b" AND NOT "c"\n'),
    (["parse", "vitamin D benefits AND NOT bone   health"], '"vitamin D benefits" AND NOT "bone health"\n'),
    (["parse", "(a OR b) OR c"], '"a" OR "b" OR "c"\n'),
    (["parse", "NOT NOT x"], 'NOT NOT "x"\n'),
    (["parse", r'"say \"hi\"" AND "back\\slash"'], '"say \\"hi\\"" AND "back\\\\slash"\n'),
    (["parse", "café AND NOT 猫"], '"café" AND NOT "猫"\n'),
    (["parse", "ANDROID OR NOTE"], '"ANDROID" OR "NOTE"\n'),
    (["parse", "cats and dogs"], '"cats and dogs"\n'),
    (["parse", "--", "-minus AND x"], '"-minus" AND "x"\n'),
]

# (arguments, AST)
JSON = [
    (["parse", "--json", "a OR b AND NOT c"], {"or": [{"term": "a"}, {"and": [{"term": "b"}, {"not": {"term": "c"}}]}]}),
    (["parse", "--json", '"vitamin D benefits" AND NOT "bone health"'],
     {"and": [{"term": "vitamin D benefits"}, {"not": {"term": "bone health"}}]}),
    (["parse", "--json", "café"], {"term": "café"}),
    (["parse", "--json", "a AND (b AND c)"], {"and": [{"term": "a"}, {"term": "b"}, {"term": "c"}]}),
    (["parse", "--json", "--pretty", "NOT x"], {"not": {"term": "x"}}),
]

_65 = " OR ".join(f"t{i}" for i in range(65))

# (query, the one line on stderr)
BAD = [
    ("", "itlr: error: empty query at column 1"),
    ("a AND", "itlr: error: expected a term after AND at column 6"),
    ("(a", "itlr: error: unclosed '(' at column 1"),
    ("a)", "itlr: error: unmatched ')' at column 2"),
    ('"abc', "itlr: error: unclosed quote at column 1"),
    ('""', "itlr: error: empty term at column 1"),
    ('"a" "b"', "itlr: error: expected AND, OR or ')' between terms at column 5"),
    ("AND a", "itlr: error: expected a term before AND at column 1"),
    ("x\nAND AND b", "itlr: error: expected a term after AND, found AND at column 7"),
    ("NOT " * 33 + "x", "itlr: error: nesting deeper than 32 at column 1"),
    (_65, f"itlr: error: more than 64 distinct terms at column {_65.index('t64') + 1}"),
    ("x" * 10_001, "itlr: error: query longer than 10,000 characters at column 10001"),
]

USAGE = [
    [],
    ["parse"],
    ["parse", "a", "b"],
    ["no-such-command"],
    ["parse", "--no-such-flag", "a"],
]

# Rows that also run as real processes: (entry, arguments).
PROCESS_ROWS = [
    ("module", OK[0][0]),
    ("module", OK[5][0]),
    ("module", JSON[0][0]),
    ("module", JSON[2][0]),
    ("module", ["parse", BAD[1][0]]),
    ("module", ["parse", BAD[8][0]]),
    ("module", USAGE[1]),
    ("script", OK[0][0]),
    ("script", ["parse", BAD[1][0]]),
]


@pytest.fixture(scope="module")
def processes():
    """The sample rows as real processes, started side by side (each pays Python's start-up)."""
    rows = [(e, tuple(a)) for e, a in PROCESS_ROWS if e == "module" or SCRIPT.exists()]
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = list(pool.map(lambda row: as_process(row[1], row[0]), rows))
    return dict(zip(rows, done))


def _check_ok(ran: Ran, out: str) -> None:
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, out, "")


def _check_json(ran: Ran, args, tree) -> None:
    assert ran.returncode == 0 and ran.stderr == ""
    assert json.loads(ran.stdout) == tree
    if "--pretty" in args:
        assert ran.stdout.count("\n") > 1
    else:
        assert ran.stdout.count("\n") == 1
    if "café" in args[-1]:
        assert "café" in ran.stdout  # not \u-escaped


def _check_bad(ran: Ran, line: str) -> None:
    assert ran.returncode == 2
    assert ran.stdout == ""
    assert ran.stderr == line + "\n"


def _check_usage(ran: Ran) -> None:
    assert ran.returncode == 2
    assert ran.stdout == ""
    assert "error" in ran.stderr
    assert "Traceback" not in ran.stderr


@pytest.mark.parametrize("args, out", OK, ids=[a[-1] for a, _ in OK])
def test_parse_prints_canonical_text(args, out):
    _check_ok(in_process(*args), out)


@pytest.mark.parametrize("args, tree", JSON, ids=[" ".join(a[1:]) for a, _ in JSON])
def test_parse_json(args, tree):
    _check_json(in_process(*args), args, tree)


def test_json_output_reads_back():
    from itlr import from_json, parse

    query = '("dog" OR "cat" AND "mouse") AND NOT "giraffe"'
    assert from_json(in_process("parse", "--json", query).stdout) == parse(query)


@pytest.mark.parametrize("query, line", BAD, ids=[repr(q[:20]) for q, _ in BAD])
def test_bad_query_is_one_line_and_exit_2(query, line):
    _check_bad(in_process("parse", query), line)
    _check_bad(in_process("parse", "--json", query), line)


@pytest.mark.parametrize("args", USAGE, ids=[" ".join(a) or "no arguments" for a in USAGE])
def test_usage_errors_exit_2_without_a_traceback(args):
    _check_usage(in_process(*args))


@pytest.mark.parametrize("entry, args", PROCESS_ROWS, ids=[f"{e} {' '.join(a)!r}" for e, a in PROCESS_ROWS])
def test_as_a_real_process(processes, entry, args):
    if entry == "script" and not SCRIPT.exists():
        pytest.skip("the itlr script is not installed beside this Python")
    ran = processes[(entry, tuple(args))]
    expected_ok = dict((tuple(a), o) for a, o in OK)
    expected_json = dict((tuple(a), t) for a, t in JSON)
    expected_bad = dict((q, line) for q, line in BAD)
    key = tuple(args)
    if key in expected_ok:
        _check_ok(ran, expected_ok[key])
    elif key in expected_json:
        _check_json(ran, args, expected_json[key])
    elif len(args) == 2 and args[1] in expected_bad:
        _check_bad(ran, expected_bad[args[1]])
    else:
        _check_usage(ran)


def test_parse_does_not_import_torch():
    code = "import sys; from itlr.cli import main; main(['parse', 'a']); print('torch' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=300)
    assert proc.stdout.splitlines() == ['"a"', "False"]


# -- issue 14: user errors are one line (exit 2); itlr's own bugs show their traceback (exit 1)


def _raise(exc: BaseException):
    def fail(*_args, **_kwargs):
        raise exc

    return fail


@pytest.mark.parametrize(
    "bug",
    [KeyError("plan"), IndexError("list index out of range"), PermissionError(13, "Permission denied", "/var/lib/itlr-internal/x"), TypeError("oops")],
    ids=lambda e: type(e).__name__,
)
def test_a_bug_in_itlr_shows_its_traceback_and_exits_1(monkeypatch, bug):
    import itlr.translator

    monkeypatch.setattr(itlr.translator, "parse", _raise(bug))
    ran = in_process("parse", "a")
    assert ran.returncode == 1
    assert "Traceback (most recent call last)" in ran.stderr and type(bug).__name__ in ran.stderr
    assert "a bug in itlr" in ran.stderr


def test_a_missing_file_the_user_named_is_a_user_error(tmp_path):
    missing = tmp_path / "nope.json"
    ran = in_process("translate", "a", "--vectors", str(missing))
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "Traceback" not in ran.stderr
    assert str(missing) in ran.stderr


def test_an_unreachable_engine_is_a_user_error(unused_port):
    ran = in_process("search", "a", "--index", "docs", "--url", f"http://127.0.0.1:{unused_port}")
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "Traceback" not in ran.stderr
    assert f"cannot reach http://127.0.0.1:{unused_port}" in ran.stderr


def test_debug_shows_the_traceback_of_a_user_error(monkeypatch):
    ran = in_process("--debug", "parse", "a AND")
    assert ran.returncode == 2
    assert "Traceback (most recent call last)" in ran.stderr and "ParseError" in ran.stderr
    assert ran.stderr.rstrip().endswith("itlr: error: expected a term after AND at column 6")
    monkeypatch.setenv("ITLR_DEBUG", "1")
    ran = in_process("parse", "a AND")
    assert ran.returncode == 2 and "Traceback (most recent call last)" in ran.stderr
    monkeypatch.setenv("ITLR_DEBUG", "0")
    assert in_process("parse", "a AND").stderr == "itlr: error: expected a term after AND at column 6\n"


def test_parse_imports_no_cluster_code():
    """``itlr parse`` must run where ``pwd`` and ``fcntl`` do not exist (Windows)."""
    code = (
        "import sys\n"
        "from itlr.cli import main\n"
        "main(['parse', 'a AND NOT b'])\n"
        "print(sorted(m for m in ('pwd', 'fcntl', 'itlr.cluster', 'itlr.cluster.node', 'itlr.cluster.install') if m in sys.modules))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ['"a" AND NOT "b"', "[]"]


def test_parse_runs_without_pwd_and_fcntl():
    # The modules Windows lacks, made unimportable: the command still works.
    code = (
        "import sys\n"
        "sys.modules['pwd'] = None; sys.modules['fcntl'] = None\n"
        "from itlr.cli import main\n"
        "sys.exit(main(['parse', 'a OR b']))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=300)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, '"a" OR "b"\n', "")


def test_translate_pages_up_to_the_result_window_it_is_told(tmp_path):
    vectors = tmp_path / "v.json"
    vectors.write_text(json.dumps({"a": [1.0, 0.0], "b": [0.0, 1.0]}))
    past = in_process("translate", '"a" AND NOT "b"', "--vectors", str(vectors), "--offset", "9995", "-k", "10")
    assert past.returncode == 2 and past.stderr.count("\n") == 1 and "index.max_result_window = 10,000" in past.stderr
    wider = in_process("translate", '"a" AND NOT "b"', "--vectors", str(vectors), "--offset", "9995", "-k", "10",
                       "--max-result-window", "20000")
    assert wider.returncode == 0 and json.loads(wider.stdout)["from"] == 9995
