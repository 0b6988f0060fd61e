"""The Docker step of the cluster fixtures (tests/fixtures_clusters.py): testcontainers is
installed with the test extra, its API is the one the fixtures call, and a machine with a
Docker client but no engine falls through to the next step instead of failing."""

from __future__ import annotations

import pytest

import fixtures_clusters


def test_testcontainers_is_installed_with_the_api_the_fixtures_use():
    from testcontainers.core.container import DockerContainer

    for method in ("with_exposed_ports", "with_env", "start", "stop", "get_container_host_ip", "get_exposed_port", "get_logs"):
        assert callable(getattr(DockerContainer, method, None)), method


def test_no_docker_engine_means_the_next_step(monkeypatch, tmp_path):
    monkeypatch.delenv("ITLR_NO_DOCKER", raising=False)
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-engine.sock")
    assert fixtures_clusters._docker_answers() is False
    monkeypatch.setenv("ITLR_NO_DOCKER", "1")
    monkeypatch.delenv("DOCKER_HOST")
    assert fixtures_clusters._docker_answers() is False


def test_a_url_comes_before_docker(monkeypatch):
    """With ITLR_<ENGINE>_URL set, Docker is never asked: a test session on a machine with
    Docker still uses the cluster the user named."""
    import http.server
    import threading

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'{"status": "green"}')

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Health)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}"
        monkeypatch.setenv("ITLR_OPENSEARCH_URL", url)
        monkeypatch.setattr(fixtures_clusters, "_docker_answers", lambda: pytest.fail("Docker was asked before the URL"))
        handle = fixtures_clusters._Clusters()._acquire("opensearch")
        assert (handle.source, handle.url) == ("env", url)
    finally:
        server.shutdown()
