"""Fetch the engines' zips from Maven Central with ``mvn`` and unpack them into the cache.

Layout under the cache root (see :func:`cache_root`)::

    engines/downloads/<artifact>-<version>.zip   the zips, as Maven delivered them
    engines/<engine>-<version>/                  an unpacked node, plugins installed
    nodes/<engine>/                              a running node's config, data, logs, state
    locks/                                       file locks (several processes may call up())

Everything is idempotent: a zip already downloaded and a node already unpacked
(marked by ``.itlr-installed``) are reused as they are.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from .engines import MAVEN_DEPENDENCY_PLUGIN, Engine
from .errors import ClusterError

Log = Callable[[str], None]

INSTALLED_MARKER = ".itlr-installed"


def stderr_log(message: str) -> None:
    print(f"itlr cluster: {message}", file=sys.stderr, flush=True)


def cache_root() -> Path:
    """``$ITLR_CACHE``, else ``~/.cache/itlr`` (``$XDG_CACHE_HOME/itlr``).

    As root the default is ``/var/cache/itlr`` instead: the engines refuse to
    run as root, and the unprivileged user that runs them cannot enter
    ``/root`` (mode 700), so the node's files must live where it can read them.
    """
    env = os.environ.get("ITLR_CACHE")
    if env:
        return Path(env).expanduser().absolute()
    if os.geteuid() == 0:
        return Path("/var/cache/itlr")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base).absolute() / "itlr"


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        # The node runs as an unprivileged user: it must be able to walk down to its files.
        os.chmod(path, 0o755)
    return path


def engines_dir() -> Path:
    return _mkdir(cache_root() / "engines")


def downloads_dir() -> Path:
    return _mkdir(engines_dir() / "downloads")


@contextlib.contextmanager
def file_lock(name: str) -> Iterator[None]:
    """An exclusive lock shared by threads and processes (``flock`` on a file under ``locks/``)."""
    root = cache_root()
    _mkdir(root)
    locks = _mkdir(root / "locks")
    with open(locks / f"{name}.lock", "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _zip_ok(path: Path) -> bool:
    try:
        with zipfile.ZipFile(path) as zf:
            return zf.testzip() is None if path.stat().st_size < 20_000_000 else bool(zf.namelist())
    except (OSError, zipfile.BadZipFile):
        return False


def find_mvn() -> str:
    mvn = os.environ.get("ITLR_MVN") or shutil.which("mvn")
    if not mvn or not shutil.which(mvn):
        raise ClusterError(
            "mvn (Apache Maven) not found: it downloads the engines from Maven Central "
            "(install it, e.g. `apt-get install maven`, or set ITLR_MVN), "
            "or point ITLR_ELASTICSEARCH_URL / ITLR_OPENSEARCH_URL at running clusters"
        )
    return mvn


def download(coordinates: str, log: Log = stderr_log) -> Path:
    """The zip of ``group:artifact:version:zip``, downloaded with ``mvn`` unless already cached."""
    try:
        _group, artifact, version, packaging = coordinates.split(":")
    except ValueError:
        raise ClusterError(f"bad Maven coordinates {coordinates!r}: expected group:artifact:version:packaging") from None
    dest = downloads_dir() / f"{artifact}-{version}.{packaging}"
    if dest.is_file() and _zip_ok(dest):
        return dest
    mvn = find_mvn()
    with file_lock("mvn"):
        if dest.is_file() and _zip_ok(dest):
            return dest
        tmp = downloads_dir() / f".tmp-{os.getpid()}-{artifact}-{version}"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        log(f"downloading {coordinates} from Maven Central with mvn")
        t0 = time.monotonic()
        cmd = [
            mvn, "-B", "-q", f"{MAVEN_DEPENDENCY_PLUGIN}:copy",
            f"-Dartifact={coordinates}", f"-DoutputDirectory={tmp}", "-Dmdep.overWriteReleases=true",
        ]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=1800)
        except (OSError, subprocess.TimeoutExpired) as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise ClusterError(f"could not download {coordinates} with mvn: {exc}") from exc
        got = sorted(tmp.glob(f"*.{packaging}"))
        if proc.returncode != 0 or not got:
            shutil.rmtree(tmp, ignore_errors=True)
            out = (proc.stdout + proc.stderr).splitlines()
            errors = [line.strip() for line in out if "[ERROR]" in line and line.strip() != "[ERROR]"]
            why = errors[0] if errors else (out[-1].strip() if out else f"exit code {proc.returncode}")
            raise ClusterError(f"could not download {coordinates} with mvn: {why}")
        os.replace(got[0], dest)
        shutil.rmtree(tmp, ignore_errors=True)
        log(f"downloaded {dest.name} ({dest.stat().st_size / 1e6:.0f} MB) in {time.monotonic() - t0:.0f} s")
    return dest


def extract(zip_path: Path, dest: Path) -> None:
    """Unzip keeping the files' Unix modes (Python's zipfile drops them) and symlinks."""
    with zipfile.ZipFile(zip_path) as zf:
        for info in zf.infolist():
            target = (dest / info.filename).resolve()
            if not str(target).startswith(str(dest.resolve())):
                raise ClusterError(f"unsafe path {info.filename!r} in {zip_path.name}")
            mode = (info.external_attr >> 16) & 0xFFFF
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            if stat.S_ISLNK(mode):
                os.symlink(zf.read(info).decode(), target)
                continue
            with zf.open(info) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out, 1 << 20)
            perms = stat.S_IMODE(mode)
            os.chmod(target, (perms | 0o444) if perms else 0o644)


def _open_up(root: Path) -> None:
    """Make a tree readable (and folders enterable) by everyone: the node user only reads it."""
    for dirpath, dirnames, filenames in os.walk(root):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            p = os.path.join(dirpath, name)
            if not os.path.islink(p):
                os.chmod(p, stat.S_IMODE(os.stat(p).st_mode) | 0o444)


def installed_home(engine: Engine) -> Path:
    return engines_dir() / engine.top_dir


def is_installed(engine: Engine) -> bool:
    marker = installed_home(engine) / INSTALLED_MARKER
    try:
        return bool(json.loads(marker.read_text()).get("coordinates") == list(engine.coordinates))
    except (OSError, ValueError):
        return False


def install(engine: Engine, java_home: Path, log: Log = stderr_log) -> Path:
    """The unpacked node of ``engine`` with its plugins, fetched and installed on first use."""
    home = installed_home(engine)
    if is_installed(engine):
        return home
    with file_lock(f"install-{engine.name}"):
        if is_installed(engine):
            return home
        t0 = time.monotonic()
        zips = [download(c, log) for c in engine.coordinates]
        tmp = engines_dir() / f".tmp-{os.getpid()}-{engine.top_dir}"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        log(f"unpacking {zips[0].name}")
        extract(zips[0], tmp)
        unpacked = tmp / engine.top_dir
        if not (unpacked / "bin" / engine.launcher).is_file():
            shutil.rmtree(tmp, ignore_errors=True)
            raise ClusterError(f"{zips[0].name} has no {engine.top_dir}/bin/{engine.launcher}")
        for plugin_zip in zips[1:]:
            log(f"installing plugin {plugin_zip.name}")
            env = dict(os.environ)
            env[engine.java_home_env] = str(java_home)
            env["JAVA_HOME"] = str(java_home)
            env.pop(engine.java_opts_env, None)
            proc = subprocess.run(
                [str(unpacked / "bin" / engine.plugin_tool), "install", "--batch", plugin_zip.resolve().as_uri()],
                capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=600,
            )
            if proc.returncode != 0:
                shutil.rmtree(tmp, ignore_errors=True)
                tail = " ".join((proc.stdout + proc.stderr).split()[-60:])
                raise ClusterError(f"could not install {plugin_zip.name} into {engine.name}: {tail}")
        (unpacked / INSTALLED_MARKER).write_text(
            json.dumps({"coordinates": list(engine.coordinates), "installed_at": time.time()}) + "\n"
        )
        _open_up(unpacked)
        if home.exists():
            shutil.rmtree(home)
        os.replace(unpacked, home)
        shutil.rmtree(tmp, ignore_errors=True)
        log(f"{engine.name} {engine.version} ready in {home} ({time.monotonic() - t0:.0f} s)")
    return home
