"""Builds OMPEval and :file:`ompeval_driver.cpp` for ``make bench --section ompeval``, outside the project.

OMPEval's sources (``$EQUITY_OMPEVAL_SRC``, by default ``/work/shared/peers/ompeval``; see its FROM.md)
are copied to ``${XDG_CACHE_HOME:-~/.cache}/equity-bench/ompeval-<digest>``, where ``make
lib/ompeval.a`` builds them with ``-O3 -march=native`` and g++ links the driver against the library. The
digest covers the sources, the driver, the flags and the compiler's version, so a folder is built once and
reused until one of them changes; a build goes to a scratch folder that is renamed into place only once
it is whole.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

SOURCE = Path(os.environ.get("EQUITY_OMPEVAL_SRC", "/work/shared/peers/ompeval"))
DRIVER = Path(__file__).with_name("ompeval_driver.cpp")
#: Given to make through the environment: the Makefile adds its own (``CXXFLAGS += -O3 -std=c++11 ...``)
#: to those, where ``make CXXFLAGS=...`` would replace them.
LIB_FLAGS = "-O3 -march=native"
DRIVER_FLAGS = ("-O3", "-std=c++11", "-pthread", "-march=native")


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "equity-bench"


def _compiler_version(cxx: str) -> str:
    out = subprocess.run([cxx, "--version"], capture_output=True, text=True, check=False)
    return out.stdout.splitlines()[0] if out.stdout else cxx


def _digest(cxx: str) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in SOURCE.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(SOURCE)).encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(DRIVER.read_bytes())
    h.update(f"{LIB_FLAGS}|{' '.join(DRIVER_FLAGS)}|{_compiler_version(cxx)}".encode())
    return h.hexdigest()[:16]


def _copy_sources(dest: Path) -> None:
    """A writable copy (the shared folder is read-only, and so would copytree's copy be)."""
    for path in SOURCE.rglob("*"):
        if path.is_file():
            target = dest / path.relative_to(SOURCE)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        tail = " | ".join((out.stdout + out.stderr).strip().splitlines()[-4:])
        raise RuntimeError(f"`{' '.join(cmd)}` failed ({out.returncode}): {tail}")


def build() -> tuple[Path | None, str]:
    """The driver's path and a note on where it is and what the build cost, or ``(None, why not)``."""
    if not (SOURCE / "omp" / "EquityCalculator.h").is_file():
        return None, f"no OMPEval sources at {SOURCE} (set EQUITY_OMPEVAL_SRC)"
    cxx, make = shutil.which("g++"), shutil.which("make")
    if cxx is None or make is None or shutil.which("ar") is None:
        return None, "needs g++, make and ar on the PATH"
    folder = cache_root() / f"ompeval-{_digest(cxx)}"
    driver = folder / "ompeval_driver"
    if driver.is_file() and os.access(driver, os.X_OK):
        return driver, f"cached build in {folder}"
    folder.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    scratch = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))
    try:
        _copy_sources(scratch)
        shutil.copyfile(DRIVER, scratch / DRIVER.name)
        env = dict(os.environ, CXXFLAGS=LIB_FLAGS)
        _run([make, f"-j{os.cpu_count() or 1}", "lib/ompeval.a"], scratch, env)
        _run([cxx, *DRIVER_FLAGS, "-I.", "-o", "ompeval_driver", DRIVER.name, "lib/ompeval.a"], scratch)
        try:
            scratch.rename(folder)
        except OSError:  # another run built it meanwhile: keep theirs
            shutil.rmtree(scratch, ignore_errors=True)
    except (OSError, RuntimeError) as exc:
        shutil.rmtree(scratch, ignore_errors=True)
        return None, f"build failed: {exc}"
    return driver, f"built in {time.perf_counter() - start:.1f} s into {folder}"
