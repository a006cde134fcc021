"""equity's one cache folder: the evaluator's tables and the compiled kernels, side by side.

``$EQUITY_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/equity``, else ``~/.cache/equity``::

    dag-tables-v1.npz, .sha256      the evaluator's tables (:mod:`equity.evaluators.tables`)
    kernels/equity/games/holdem/    numba's cache of each module's kernels, by the module's place in
    kernels/equity/engines/ ...     the package (not by where the package is installed)

One folder is what a CI job saves and restores, and what ``equity warmup`` fills. The kernels are
named by their place in the package rather than by the install path (numba's own ``NUMBA_CACHE_DIR``
layout hashes the absolute source folder), so a folder restored into a job whose virtual environment
sits elsewhere is still found. numba checks each entry against the source file's content, numba's
version and the CPU, so a stale entry is recompiled, never used.

:func:`configure` routes equity's own ``cache=True`` functions to the folder (a locator put first in
numba's list); importing this module runs it, and ``equity`` imports it first, before any kernel
module. Another package's
functions cache where numba puts them. A ``NUMBA_CACHE_DIR`` set by the user wins: equity's kernels then
go where numba puts everything.

On x86-64 the kernels are compiled for the host's micro-architecture level (:func:`select_cpu_level`)
rather than its exact CPU model, so that they fit any machine of that level: a CI cache restored on
another runner, or the kernels a wheel ships (:data:`PREBUILT`, read when the folder has no entry).

A folder that cannot be written does not stop anything: the kernels compile into a private temporary
folder, removed at exit (in effect, in memory), the tables are built in memory, and :func:`notice` says
so once, for the command line to print.
"""

from __future__ import annotations

import atexit
import functools
import os
import platform
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # the folder that holds the ``equity`` package
_state: dict[str, Any] = {"problem": None, "scratch": None}
_ready: set[str] = set()  # the folders found writable in this process


def folder() -> Path:
    """The cache folder (not created here)."""
    if env := os.environ.get("EQUITY_CACHE_DIR"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "equity"


def kernels_folder() -> Path:
    """Where equity's compiled kernels are cached: ``kernels/`` in :func:`folder`, or numba's
    ``NUMBA_CACHE_DIR`` when the user set it."""
    if numba_dir := os.environ.get("NUMBA_CACHE_DIR"):
        return Path(numba_dir)
    return folder() / "kernels"


class CacheInfo(NamedTuple):
    """Where things are cached, for ``equity --version`` and ``equity warmup``."""

    folder: Path  #: the cache folder (the tables)
    kernels: Path  #: the compiled kernels
    writable: bool  #: whether the kernels can be saved there
    problem: str | None  #: why not, when not


def info() -> CacheInfo:
    """Where the tables and kernels are cached and whether the kernels' folder can be written (probed
    once per process)."""
    kernels = kernels_folder()
    if _state["problem"] is None and _state["scratch"] is None:
        _probe(kernels)
    return CacheInfo(folder(), kernels, _state["scratch"] is None, _state["problem"])


def notice() -> str | None:
    """One line for stderr when the cache folder cannot be written, else None."""
    where = info()
    if where.writable:
        return None
    return (f"the cache folder {where.kernels} cannot be written ({where.problem}); compiling for this "
            "run only (set EQUITY_CACHE_DIR to a writable folder to keep the compiled code)")


def _probe(kernels: Path) -> Path:
    """The folder kernels are saved in: ``kernels`` when it can be created and written, else a private
    temporary folder (its reason kept for :func:`notice`)."""
    if _state["scratch"] is not None:
        return Path(_state["scratch"])
    if str(kernels) in _ready:
        return kernels
    try:
        kernels.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=kernels):
            pass
        _ready.add(str(kernels))
        return kernels
    except OSError as exc:
        return _fall_back(exc)


def _fall_back(exc: OSError) -> Path:
    """Kernels go to a private temporary folder from now on; ``exc`` says why."""
    if _state["scratch"] is None:
        _state["problem"] = exc.strerror or type(exc).__name__
        _state["scratch"] = tempfile.mkdtemp(prefix="equity-kernels-")
        atexit.register(cleanup)
    return Path(_state["scratch"])


def cleanup() -> None:
    """Remove the private temporary kernels folder, if one was made (the command line calls this before
    its fast exit, which skips ``atexit``)."""
    scratch = _state["scratch"]
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)


#: Kernels compiled ahead of time and shipped in the package (``tools/prebuild.py`` fills it before a
#: wheel is built), one folder per CPU level: read-only, consulted when the cache folder has no entry.
PREBUILT = Path(__file__).resolve().parent / "_prebuilt"


def prebuilt_folder(py_file: str) -> Path | None:
    """Where the shipped kernels of the module ``py_file`` are for the CPU level numba compiles for
    (``$EQUITY_PREBUILT_DIR`` in place of the package's folder, for tests and tools), if there are any."""
    level = os.environ.get("NUMBA_CPU_NAME")
    relative = _relative_folder(py_file)
    if not level or os.environ.get("NUMBA_CPU_FEATURES") != "" or relative is None:
        return None
    root = Path(os.environ.get("EQUITY_PREBUILT_DIR") or PREBUILT) / level
    folder = root / relative
    return folder if folder.is_dir() else None


@functools.cache
def _relative_folder(py_file: str) -> Path | None:
    """A source file's folder relative to the folder holding the ``equity`` package, if it is inside."""
    try:
        return Path(py_file).resolve().parent.relative_to(_PACKAGE_ROOT)
    except ValueError:
        return None


#: The x86-64 levels (the psABI's micro-architecture levels) kernels are compiled for, highest first,
#: each with the CPU features it needs (llvmlite's names) beyond the level below.
LEVELS: tuple[tuple[str, frozenset[str]], ...] = (
    ("x86-64-v4", frozenset({"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"})),
    ("x86-64-v3", frozenset({"avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave"})),
)


def cpu_level(features: set[str], machine: str) -> str | None:
    """The highest level of :data:`LEVELS` a CPU with ``features`` has, or None (not x86-64, or below
    x86-64-v3)."""
    if machine.lower() not in ("x86_64", "amd64"):
        return None
    best, needed = None, set()
    for name, adds in reversed(LEVELS):  # lowest first: a level needs the features of those below it
        needed |= adds
        if not needed <= features:
            break
        best = name
    return best


def select_cpu_level() -> str | None:
    """Compile for the host's x86-64 level rather than for the host's exact CPU model, so that the
    compiled kernels fit every machine of that level (a CI cache restored on another runner, a
    prebuilt cache): numba's ``NUMBA_CPU_NAME`` set to the level, ``NUMBA_CPU_FEATURES`` to none beyond
    it. Measured as fast as the host's own (docs/performance.md). Not when the user set either, or
    ``EQUITY_CPU_LEVEL=host``, or numba has already set up its code generator (it compiled or loaded
    something before equity was imported); the level chosen, or None."""
    if (os.environ.get("EQUITY_CPU_LEVEL", "") == "host" or "NUMBA_CPU_NAME" in os.environ
            or "NUMBA_CPU_FEATURES" in os.environ):
        return None
    imported = "numba" in sys.modules
    if imported:
        from numba.core.registry import cpu_target

        if "_toplevel_target_context" in vars(cpu_target):  # the code generator is set up
            return None
    try:
        import llvmlite.binding as llvm

        features = {name for name, on in llvm.get_host_cpu_features().items() if on}
    except Exception:  # noqa: BLE001 - no feature list: numba's default (the host) stands
        return None
    level = cpu_level(features, platform.machine())
    if level is not None:
        os.environ["NUMBA_CPU_NAME"] = level  # read by numba's config at import, and by its reloads
        os.environ["NUMBA_CPU_FEATURES"] = ""
        if imported:
            from numba.core import config

            config.reload_config()
    return level


def configure() -> bool:
    """Choose the CPU level (:func:`select_cpu_level`) and put equity's kernel locator first in numba's
    list (idempotent); False when the user's ``NUMBA_CACHE_DIR`` decides instead, or numba's internals
    are not the expected ones."""
    select_cpu_level()
    if os.environ.get("NUMBA_CACHE_DIR"):
        return False
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - numba's layout changed
        return False
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    if not isinstance(classes, list) or not hasattr(caching, "_CacheLocator"):
        return False  # pragma: no cover - numba's internals changed
    if any(getattr(cls, "_equity", False) for cls in classes):
        return True
    classes.insert(0, _locator_class(caching))
    return True


def _locator_class(caching: Any) -> type:
    """numba's cache locator for equity's functions: the kernels folder, by the module's place in the
    package."""
    mixin, base = caching._SourceFileBackedLocatorMixin, caching._CacheLocator

    class KernelLocator(mixin, base):  # type: ignore[misc, valid-type]
        _equity = True

        def __init__(self, py_func: Any, py_file: str, where: Path) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            self._cache_path = str(where)

        def get_cache_path(self) -> str:
            return self._cache_path

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            module = getattr(py_func, "__module__", "") or ""
            relative = _relative_folder(py_file)
            if not module.startswith("equity.") or relative is None or os.environ.get("NUMBA_CACHE_DIR"):
                return None  # numba's own locators decide
            locator = cls(py_func, py_file, _probe(kernels_folder()) / relative)
            try:
                if locator._cache_path not in _ready:
                    locator.ensure_cache_path()
                    _ready.add(locator._cache_path)
            except OSError as exc:  # a subfolder that cannot be made or written
                locator = cls(py_func, py_file, _fall_back(exc) / relative)
                locator.ensure_cache_path()
            return locator

    return KernelLocator


configure()
