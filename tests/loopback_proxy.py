"""A loopback TCP proxy between a client and a real node, to make the node look dead.

The nodes of a test run are shared, so a test must not stop one. To the client, a
node dying in the middle of a bulk run looks like this: the connection is reset and
new connections are refused. :class:`LoopbackProxy` forwards 127.0.0.1:port to the
node byte for byte and can do exactly that on cue, before or after the node saw the
request. It can also refuse oversized bulk requests with 413, as a reverse proxy
with a body limit does. :class:`SilentPort` accepts connections and never answers (a hung node).
"""

from __future__ import annotations

import socket
import struct
import threading


def _reset(sock: socket.socket) -> None:
    """Close with an RST, as a dying host's kernel would, rather than an orderly FIN."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


class LoopbackProxy:
    """Forwards ``127.0.0.1:<port>`` to ``target`` until :meth:`kill`.

    ``kill_at_bulk(n, node_sees_it)``: at the ``n``-th ``_bulk`` request (1-based) the
    proxy dies: before forwarding it (the node never sees the batch) or, with
    ``node_sees_it``, after forwarding it and before the answer comes back (the node
    wrote the batch, the client never hears so).
    """

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(64)
        self.port: int = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._dead = threading.Event()
        self._kill_at: int | None = None
        self._node_sees_it = False
        self._dying = False  # the fatal request went through; die when its answer comes
        self._refuse_over: int | None = None
        self.bulk_requests = 0
        self.refused = 0
        threading.Thread(target=self._accept, daemon=True, name="loopback-proxy").start()

    def kill_at_bulk(self, n: int, *, node_sees_it: bool = False) -> None:
        self._kill_at, self._node_sees_it = n, node_sees_it

    @property
    def dead(self) -> bool:
        return self._dead.is_set()

    def kill(self) -> None:
        """Refuse new connections and reset every open one."""
        with self._lock:
            if self._dead.is_set():
                return
            self._dead.set()
            sockets, self._sockets = self._sockets, []
        _reset(self._listener)
        for sock in sockets:
            _reset(sock)

    def _accept(self) -> None:
        while not self._dead.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=10)
                upstream.settimeout(None)
            except OSError:
                _reset(client)
                continue
            with self._lock:
                if self._dead.is_set():
                    _reset(client)
                    _reset(upstream)
                    return
                self._sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, to_node: bool) -> None:
        try:
            if to_node:
                self._requests(source, sink)
            else:
                self._answers(source, sink)
        except OSError:
            pass
        # One side closed: close the pair, as a plain proxy would.
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _answers(self, node: socket.socket, client: socket.socket) -> None:
        while True:
            data = node.recv(65536)
            if not data or self._dead.is_set():
                return
            if self._dying:
                self.kill()  # the node answered the fatal request: the answer is lost
                return
            client.sendall(data)

    def _requests(self, client: socket.socket, node: socket.socket) -> None:
        """Forwards HTTP/1.1 requests one by one (headers, then Content-Length bytes of body)."""
        buffer = b""
        body_left = 0
        refusing = False
        while True:
            data = client.recv(65536)
            if not data or self._dead.is_set():
                return
            buffer += data
            while buffer:
                if body_left:
                    chunk, buffer = buffer[:body_left], buffer[body_left:]
                    body_left -= len(chunk)
                    if not refusing:
                        node.sendall(chunk)
                    elif not body_left:
                        client.sendall(self._refusal())
                    continue
                end = buffer.find(b"\r\n\r\n")
                if end < 0:
                    break  # the rest of the headers is still on its way
                head, buffer = buffer[: end + 4], buffer[end + 4 :]
                body_left = _content_length(head)
                refusing = False
                if _is_bulk(head):
                    with self._lock:
                        self.bulk_requests += 1
                        n = self.bulk_requests
                    if self._kill_at is not None and n >= self._kill_at:
                        if not self._node_sees_it:
                            self.kill()
                            return
                        self._dying = True
                    refusing = self._refuse_over is not None and body_left > self._refuse_over
                if refusing:
                    self.refused += 1
                    if not body_left:
                        client.sendall(self._refusal())
                else:
                    node.sendall(head)

    def refuse_bulk_over(self, size: int) -> None:
        """Answer a ``_bulk`` request whose body exceeds ``size`` bytes with 413, as a
        reverse proxy with a body limit in front of a cluster does; the node never sees it."""
        self._refuse_over = size

    @staticmethod
    def _refusal() -> bytes:
        body = b'{"error":{"type":"request_entity_too_large","reason":"request body over the proxy limit"},"status":413}'
        return (b"HTTP/1.1 413 Request Entity Too Large\r\nContent-Type: application/json\r\n"
                b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def _content_length(head: bytes) -> int:
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value.strip())
    return 0


def _is_bulk(head: bytes) -> bool:
    method, _, rest = head.partition(b" ")
    return method in (b"POST", b"PUT") and b"/_bulk" in rest.split(b" ", 1)[0]


class SilentPort:
    """Accepts connections on 127.0.0.1 and never answers: a node that hangs."""

    def __init__(self) -> None:
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(64)
        self.port: int = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._held: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, daemon=True, name="silent-port").start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            self._held.append(conn)  # read nothing, answer nothing

    def close(self) -> None:
        self._closed = True
        _reset(self._listener)
        for conn in self._held:
            _reset(conn)
