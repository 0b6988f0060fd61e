"""Hostile input (issue 14): random bytes and Unicode as query text, JSONL lines,
filters and command-line arguments give a clear one-line error or a result,
never a traceback or a hang; the documented limits hold at their edges; and
terms written to break Painless, JSON or the shell leave ``--format curl``
valid and safe to paste.

Everything runs through ``itlr.cli.main`` in this process (the real command,
without a process start per example), on a real local index embedded with the
default model.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import itlr
from itlr.cli import main
from itlr.filters import compile_filter
from itlr.translator.parser import MAX_LENGTH, MAX_TERMS

# A hang guard, not a speed claim: one example may take this long before hypothesis calls it a failure.
FUZZ = settings(max_examples=60, deadline=20_000, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def assert_clean(code: int, out: str, err: str) -> None:
    """A result (exit 0), or one line on stderr saying what is wrong (exit 2). Never a traceback."""
    assert "Traceback" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("itlr") and ": error: " in err, err
        assert out == ""


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    # Random texts must not fill the user's embedding cache; no LLM is asked.
    monkeypatch.setenv("ITLR_CACHE", str(tmp_path_factory.getbasetemp() / "itlr-cache"))
    monkeypatch.delenv("ITLR_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("ITLR_DEBUG", raising=False)


@pytest.fixture(scope="module")
def local_index(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile") / "index"
    docs = [
        {"_id": "1", "text": "Vitamin D keeps bones strong.", "lang": "en", "year": 2020},
        {"_id": "2", "text": "Vitamin D supports the immune system.", "lang": "en", "year": 2021},
        {"_id": "3", "text": "Le café et le sommeil.", "lang": "fr", "year": 2019, "tags": ["food"]},
    ]
    index = itlr.LocalIndex()
    index.add(docs, embedder=itlr.default_embedder(cache=False))
    index.save(folder)
    return str(folder)


def _from_bytes(raw: bytes) -> str:
    # What Python makes of arbitrary bytes in argv: undecodable ones become lone surrogates.
    return raw.decode("utf-8", "surrogateescape")


hostile_text = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200).map(_from_bytes),
    st.lists(st.sampled_from([*'"\\()ANDORNOT \t\n\x00\u2028\u200b$`\'{};|&<>*', "AND", "OR", "NOT", " "]), max_size=40).map("".join),
)


# -- query text --------------------------------------------------------------------------


@FUZZ
@given(query=hostile_text)
def test_random_query_text_to_parse(query):
    assert_clean(*run("parse", query))
    assert_clean(*run("parse", "--json", query))


@FUZZ
@given(query=hostile_text)
def test_random_query_text_to_translate(tmp_path_factory, query):
    vectors = tmp_path_factory.mktemp("v") / "vectors.json"
    try:
        terms = itlr.parse(query).terms()
    except ValueError:
        terms = []
    vectors.write_text(json.dumps({t: [1.0, float(i), 0.5] for i, t in enumerate(terms)}), encoding="utf-8")
    code, out, err = run("translate", query, "--vectors", str(vectors))
    assert_clean(code, out, err)
    if code == 0:
        # No user text in the script: the same shape with placeholder terms gives the same source.
        placeholders = {t: f"t{i}" for i, t in enumerate(terms)}
        plain = _renamed(itlr.parse(query).to_dict(), placeholders)
        vectors.write_text(json.dumps({placeholders[t]: [1.0, float(i), 0.5] for i, t in enumerate(terms)}))
        code2, out2, err2 = run("translate", str(itlr.from_json(plain)), "--vectors", str(vectors))
        assert (code2, err2) == (0, "")
        assert _script(out) == _script(out2)


def _renamed(tree, names):
    if "term" in tree:
        return {"term": names[tree["term"]]}
    if "not" in tree:
        return {"not": _renamed(tree["not"], names)}
    ((kind, items),) = tree.items()
    return {kind: [_renamed(t, names) for t in items]}


def _script(out: str):
    script = json.loads(out)["query"]["script_score"]["script"]
    return script.get("source"), script.get("id"), script["params"]["program"], script["params"]["ops"]


@settings(FUZZ, max_examples=25)
@given(query=hostile_text)
def test_random_query_text_to_search(local_index, query):
    assert_clean(*run("search", query, "--index", local_index, "-k", "2"))


# -- limits --------------------------------------------------------------------------------


def _terms(n: int) -> list[str]:
    return [f"term{i}" for i in range(n)]


def test_limits_at_their_edges(tmp_path, local_index):
    longest = " OR ".join(_terms(MAX_TERMS))
    longest = longest + " " * (MAX_LENGTH - len(longest))  # exactly the limit
    assert len(longest) == MAX_LENGTH
    vectors = tmp_path / "v.json"
    vectors.write_text(json.dumps({t: [1.0, float(i)] for i, t in enumerate(_terms(MAX_TERMS + 1))}))
    code, out, err = run("translate", longest, "--vectors", str(vectors))
    assert (code, err) == (0, "") and len(json.loads(out)["query"]["script_score"]["script"]["params"]["vectors"]) == MAX_TERMS
    code, out, err = run("search", " AND ".join(_terms(MAX_TERMS)), "--index", local_index, "-k", "3")
    assert (code, err) == (0, "")  # 64 terms served on the local engine
    assert run("parse", longest + "x") == (2, "", f"itlr: error: query longer than {MAX_LENGTH:,} characters at column {MAX_LENGTH + 1}\n")
    code, out, err = run("translate", " OR ".join(_terms(MAX_TERMS + 1)), "--vectors", str(vectors))
    assert code == 2 and err.startswith(f"itlr: error: more than {MAX_TERMS} distinct terms at column ")


def test_a_10000_character_term_is_served(tmp_path):
    term = "x" * (MAX_LENGTH - 2)
    vectors = tmp_path / "v.json"
    vectors.write_text(json.dumps({term: [1.0, 0.0]}))
    code, out, err = run("translate", f'"{term}"', "--vectors", str(vectors))
    assert (code, err) == (0, "")
    assert term not in out  # the term travels as its vector only


# -- JSONL lines, filters, arguments -----------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
jsonl_line = st.one_of(
    json_values.map(json.dumps),
    st.binary(max_size=80).map(lambda b: b.decode("latin-1")),
    st.fixed_dictionaries({"_id": st.one_of(st.text(max_size=5), st.integers()), "text": st.text(max_size=40)}, optional={"lang": json_values}).map(json.dumps),
)


@settings(FUZZ, max_examples=25)
@given(lines=st.lists(jsonl_line, min_size=1, max_size=4), raw=st.binary(max_size=40))
def test_random_jsonl_to_index(tmp_path_factory, lines, raw):
    folder = tmp_path_factory.mktemp("jsonl")
    corpus = folder / "corpus.jsonl"
    corpus.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass") + b"\n" + raw)
    assert_clean(*run("index", str(corpus), "--index", str(folder / "index")))


filter_clauses = st.one_of(
    json_values,
    st.builds(lambda kind, body: {kind: body}, st.sampled_from(["term", "terms", "match", "range", "exists", "prefix", "ids", "bool", "match_all"]), json_values),
    st.builds(lambda kind, field, body: {kind: {field: body}}, st.sampled_from(["term", "terms", "match", "range", "prefix"]), st.sampled_from(["lang", "year", "text", "tags", "lang.text", "nope"]), json_values),
)


@FUZZ
@given(flt=filter_clauses)
def test_random_filters(local_index, flt):
    try:
        keep = compile_filter(flt)
        for doc_id in ("1", "2", "3"):
            keep(doc_id, {"lang": "en", "year": 2020, "text": "Vitamin D", "tags": ["food"], "nested": {"a": [1, {"b": None}]}})
    except ValueError:
        pass  # the one kind of error a filter may raise
    assert_clean(*run("search", "vitamin", "--index", local_index, "--mode", "exact", "--filter", json.dumps(flt)))


COMMANDS = ["parse", "translate", "search", "nl"]
OPTIONS = ["--json", "-k", "--offset", "--mode", "--filter", "--format", "--dialect", "--index", "--vectors", "--and", "--not", "--explain", "--debug", "-h"]


@FUZZ
@given(command=st.sampled_from(COMMANDS), rest=st.lists(st.one_of(st.sampled_from(OPTIONS), hostile_text), max_size=6))
def test_random_arguments(local_index, command, rest):
    args = [command, *rest]
    if command == "search" and "--index" not in rest:
        args += ["--index", local_index]
    code, out, err = run(*args)
    if "--debug" in args and code == 2:
        err = err[err.rindex("itlr: error:") :] if "itlr: error:" in err else err  # --debug adds the traceback on purpose
    assert_clean(code, out, err)


# -- curl output is safe to paste -------------------------------------------------------------

BREAKERS = [
    "'; rm -rf / #", '"); } return 0; {("', "$(touch PWNED)", "`touch PWNED`", "ITLR_JSON", "\nITLR_JSON\ntouch PWNED\n",
    "params.vectors[0] = null;", "\\u0000", "a\u2028b\u2029c", "<<EOF", "!!", "${IFS}touch${IFS}PWNED", "a\\", "emoji 😀 ' \" \\",
]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_curl_output_is_safe_to_paste(tmp_path):
    """The printed command, run by bash with ``curl`` replaced by a recorder, sends exactly the body
    itlr compiled to exactly the URL given, and runs nothing else."""
    terms = [t for t in BREAKERS]
    query = " OR ".join('"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"' for t in terms)
    vectors = tmp_path / "v.json"
    vectors.write_text(json.dumps({t: [1.0, float(i)] for i, t in enumerate(itlr.parse(query).terms())}))
    flt = json.dumps({"term": {"lang": "ITLR_JSON\n'$(touch PWNED)'"}})
    index = "docs'$(touch PWNED)"
    code, out, err = run("translate", query, "--vectors", str(vectors), "--format", "curl", "--index", index,
                         "--url", "http://127.0.0.1:9/x'$(touch PWNED)", "--filter", flt)
    assert (code, err) == (0, "")
    code_json, body_text, _ = run("translate", query, "--vectors", str(vectors), "--format", "json", "--filter", flt)
    recorder = (
        'curl() { python3 -c \'import json,sys; print(json.dumps({"argv": sys.argv[1:], "stdin": sys.stdin.read()}))\' "$@"; }\n'
    )
    proc = subprocess.run(["bash", "-c", recorder + out], capture_output=True, text=True, cwd=tmp_path, timeout=60,
                          env={**os.environ, "PATH": os.environ.get("PATH", "") + os.pathsep + str(Path(sys.executable).parent)})
    assert proc.returncode == 0, proc.stderr
    sent = json.loads(proc.stdout)
    assert not list(tmp_path.glob("PWNED")) and not Path("PWNED").exists()
    assert json.loads(sent["stdin"]) == json.loads(body_text)
    assert sent["argv"][3] == "http://127.0.0.1:9/x'$(touch PWNED)/docs%27%24%28touch%20PWNED%29/_search"
    source = json.loads(body_text)["query"]["script_score"]["script"]["source"]
    assert all(t not in source for t in terms if len(t) > 4 and t != "params.vectors[0] = null;")


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"caf\xe9 AND NOT tea", b'"\xc3(" OR x'])
def test_undecodable_bytes_as_a_real_argument(raw):
    """Bytes that are not UTF-8 on a real command line: one line, exit 2, in every command that parses."""
    for args in (["parse", raw], ["parse", "--json", raw], ["translate", raw, "--vectors", b"/nonexistent.json"]):
        proc = subprocess.run([sys.executable, "-m", "itlr.cli", *args], capture_output=True, timeout=120,
                              env={**os.environ, "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"})
        assert proc.returncode == 2 and proc.stdout == b"", proc.stderr
        assert proc.stderr.count(b"\n") == 1 and b"Traceback" not in proc.stderr
        assert b"not valid text" in proc.stderr or b"nonexistent" in proc.stderr


# -- input nested deeper than Python's recursion limit --------------------------------------

DEEP = 100_000


def test_deeply_nested_filter_json_is_one_line(local_index):
    code, out, err = run("search", "vitamin", "--index", local_index, "--filter", "[" * DEEP + "]" * DEEP)
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    deep_bool = '{"bool": {"must": ' * 5000 + "{}" + "}}" * 5000
    code, out, err = run("search", "vitamin", "--index", local_index, "--filter", deep_bool)
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1 and "nested deeper" in err


def test_deeply_nested_filter_in_python_is_a_value_error():
    flt: dict = {"match_all": {}}
    for _ in range(5000):
        flt = {"bool": {"must_not": [flt]}}
    with pytest.raises(ValueError, match="nested deeper"):
        compile_filter(flt)


def test_deeply_nested_ast_json_is_a_value_error():
    tree = '{"not": ' * 5000 + '{"term": "x"}' + "}" * 5000
    with pytest.raises(ValueError, match="nested deeper"):
        itlr.from_json(tree)
    with pytest.raises(ValueError, match="not valid JSON|nested deeper"):
        itlr.from_json("[" * DEEP)


def test_deeply_nested_filter_for_a_cluster_request_is_one_line(tmp_path):
    vectors = tmp_path / "v.json"
    vectors.write_text('{"x": [1, 0]}')
    deep_bool = '{"bool": {"must": ' * 900 + "{}" + "}}" * 900
    code, out, err = run("translate", "x", "--vectors", str(vectors), "--filter", deep_bool)
    assert code == 2 and "Traceback" not in err and "nested deeper" in err


# -- the largest query, on a real node ---------------------------------------------------------


@pytest.mark.opensearch
@pytest.mark.parametrize("shape", ["or", "and_not"])
def test_64_term_query_is_served_by_opensearch_as_by_the_local_engine(os_client, shape):
    import uuid

    import numpy as np

    from itlr.engines import engine_for
    from itlr.indexing import index_documents

    rng = np.random.default_rng(64)
    docs = [{"_id": f"d{i}", "text": f"document {i}"} for i in range(40)]
    doc_vectors = rng.normal(size=(len(docs), 8))
    terms = _terms(MAX_TERMS)
    vectors = {t: rng.normal(size=8).tolist() for t in terms}
    query = " OR ".join(terms) if shape == "or" else terms[0] + " AND " + " AND ".join(f"NOT {t}" for t in terms[1:])
    local = itlr.LocalIndex()
    local.add(docs, vectors=doc_vectors)
    name = f"h6a-64-{uuid.uuid4().hex[:8]}"
    try:
        index_documents(os_client, name, docs, vectors=doc_vectors)
        search = itlr.LogicalSearch(os_client, name)
        for mode in ("exact", "auto"):
            got = search.search(query, term_vectors=vectors, k=10, mode=mode)
            want = itlr.LogicalSearch(local).search(query, term_vectors=vectors, k=10, mode="exact")
            assert [h.id for h in got] == [h.id for h in want]
            assert all(abs(a.score - b.score) < 1e-4 for a, b in zip(got, want))
    finally:
        engine_for(os_client).delete_index(name)


ast_json = st.recursive(
    st.one_of(json_values, st.builds(lambda t: {"term": t}, st.one_of(st.text(max_size=10), json_values))),
    lambda inner: st.one_of(
        st.builds(lambda e: {"not": e}, inner),
        st.builds(lambda k, es: {k: es}, st.sampled_from(["and", "or", "xor"]), st.lists(inner, max_size=4)),
        st.dictionaries(st.sampled_from(["term", "not", "and", "or"]), inner, max_size=3),
    ),
    max_leaves=20,
)


@FUZZ
@given(data=ast_json)
def test_random_ast_json(data):
    """``from_json`` on any JSON value: an expression that prints and parses back, or a ValueError."""
    for given_as in (data, json.dumps(data)):
        try:
            expr = itlr.from_json(given_as)
        except ValueError:
            continue
        assert itlr.parse(str(expr)) == expr


def test_a_term_with_a_lone_surrogate_is_refused_everywhere():
    with pytest.raises(ValueError, match="valid Unicode"):
        itlr.from_json('{"term": "caf\\udce9"}')
    with pytest.raises(ValueError, match="valid Unicode"):
        itlr.Term("caf\udce9")
    with pytest.raises(itlr.ParseError, match="not valid text"):
        itlr.parse("caf\udce9 AND tea")
