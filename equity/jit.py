"""Loading equity's kernels from numba's on-disk cache without numba's whole compiler set-up.

Before numba loads a cached function it "refreshes" its typing and target contexts: it imports some
fifty of its own modules (numpy's array functions, typed containers, random, linear algebra ...) and
installs their typing and lowering registries. That is what compiling needs; a cached function needs
none of it, only the runtime (NRT) its code links against. On the benchmark machine skipping it takes
a warm ``equity AsKs vs 2 --board Th9h2c`` from 347 to 307 ms (medians of 10; ``import numba`` alone:
160 ms), which every shell-script user pays per spot.

:func:`install` makes the cache load of equity's own functions (those defined in ``equity.*``) set up
the runtime and load, without the refresh. Everything else is numba's unchanged path:

- another package's functions load as numba loads them;
- a cache miss (no entry, a stale one, another CPU) compiles as always, and compiling refreshes the
  contexts itself (``numba.core.compiler.CompilerBase``);
- any error in the lean load falls back to numba's own load.

Three more costs of a first kernel call go the same way (together about 60 ms of a warm run of 300):
the runtime's library of atomic reference counts is loaded as object code from a cache file beside the
kernels' instead of compiled by LLVM (:func:`_initialize_runtime`); numba's own helpers linked into a
cached kernel get their environments without their modules being imported
(:func:`_environments_unimported`); and a plain array is typed without importing ``numpy.ma``
(:func:`_plain_arrays_typed_directly`).

A damaged cache entry of equity's (a truncated or corrupt index or data file, which numba's own load
raises on) is a miss: the index is removed, the function compiles and is saved anew (:func:`_forget`).
A miss in the cache folder is looked up, the same way, among the kernels shipped in the package for the
CPU level numba compiles for (:func:`equity.cache.prebuilt_folder`), before numba compiles.

It depends on numba's private ``Cache.load_overload`` and ``_load_overload`` (numba 0.57 to 0.68 at
least); if they are missing, :func:`install` leaves numba alone. ``EQUITY_LEAN_CACHE=0`` turns the lean
load off.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_PREFIX = __name__.rpartition(".")[0] + "."  # "equity."


def _ours(cache: Any) -> bool:
    module = getattr(getattr(cache, "_py_func", None), "__module__", None) or ""
    return module.startswith(_PREFIX)


def install() -> bool:
    """Route the cache loads of equity's functions through the lean load, and make a damaged cache entry
    of theirs a miss; returns whether it did (False when numba's internals are not the expected ones).
    ``EQUITY_LEAN_CACHE=0`` keeps numba's own load (damaged entries are still misses). Idempotent."""
    lean = os.environ.get("EQUITY_LEAN_CACHE", "1") != "0"
    try:
        from numba.core import caching
        from numba.core.runtime import rtsys
    except ImportError:  # pragma: no cover - numba's layout changed
        return False
    cache_class = caching.Cache
    original = cache_class.load_overload
    if getattr(original, "_equity_lean", False):
        return True
    needed = ("_load_overload", "_guard_against_spurious_io_errors")
    if not all(hasattr(cache_class, name) for name in needed):
        return False  # pragma: no cover - numba's internals changed

    def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        if not _ours(self):
            return original(self, sig, target_context)
        loaded = load(self, sig, target_context, True)
        if loaded is None and (shipped := _shipped_file(self)) is not None:
            with _reading(self, shipped):
                loaded = load(self, sig, target_context, False)
        return loaded

    def load(self: Any, sig: Any, target_context: Any, own: bool) -> Any:
        """The lean load, else numba's; None on a miss. A damaged entry of the cache folder's own
        (``own``) is forgotten; the shipped kernels are never touched."""
        if lean:
            try:
                _initialize_runtime(rtsys, target_context, getattr(self, "_cache_path", None))
                with self._guard_against_spurious_io_errors(), _environments_unimported():
                    return self._load_overload(sig, target_context)
            except Exception:  # noqa: BLE001 - numba's own path decides (it refreshes, then loads or compiles)
                pass
        try:
            return original(self, sig, target_context)
        except Exception:  # noqa: BLE001 - a damaged entry: forget it, compile, save anew
            if own:
                _forget(self)
            return None

    load_overload._equity_lean = True  # type: ignore[attr-defined]
    cache_class.load_overload = load_overload
    if lean:
        _plain_arrays_typed_directly()
    return True


def _shipped_file(cache: Any) -> Any:
    """The cache file of the kernels shipped in the package for this function, at the CPU level numba
    compiles for (:func:`equity.cache.prebuilt_folder`; numba's ``IndexDataCacheFile``, the same file
    names as the cache folder's), or None where none are shipped."""
    from equity.cache import prebuilt_folder

    try:
        folder = prebuilt_folder(cache._impl.locator._py_file)
        if folder is None:
            return None
        from numba.core.caching import IndexDataCacheFile

        own = cache._cache_file
        return IndexDataCacheFile(str(folder), own._index_name[:-len(".nbi")], own._source_stamp)
    except AttributeError:  # pragma: no cover - numba's internals changed
        return None


@contextlib.contextmanager
def _reading(cache: Any, shipped: Any) -> Iterator[None]:
    """Point the function's cache at the ``shipped`` kernels' file for one load (numba checks the entry
    as always: source, numba's version, CPU level, signature). Nothing is ever saved there: what
    compiles is saved in the cache folder."""
    own = cache._cache_file
    cache._cache_file = shipped
    try:
        yield
    finally:
        cache._cache_file = own


def cache_files(dispatcher: Any) -> list[Any]:
    """The cache files an ``@njit(cache=True)`` function of equity's loads from: the cache folder's, and
    the shipped kernels' when there are any for this CPU level (numba's ``IndexDataCacheFile``)."""
    cache = dispatcher._cache
    shipped = _shipped_file(cache)
    return [cache._cache_file] if shipped is None else [cache._cache_file, shipped]


def _forget(cache: Any) -> None:
    """Remove a function's cache index (truncated or corrupt: numba cannot read it, nor save beside it),
    so that what compiles next is saved in a fresh one. Its data files are overwritten as they are
    saved again."""
    with contextlib.suppress(Exception):
        os.remove(cache._cache_file._index_path)


def _initialize_runtime(rtsys: Any, context: Any, directory: str | None) -> None:
    """``rtsys.initialize(context)`` (the runtime, NRT, the cached code calls into), with its small
    library of atomic reference counts loaded from ``directory`` (the kernels' cache folder) instead of
    compiled: LLVM compiling it is 17 ms of every process's start; loading its object code, 2 ms.

    The file holds the library as numba caches a function: object code for this CPU and bitcode for
    inlining into whatever is compiled later. It is named by numba's and llvmlite's versions and the
    code generator's target (triple, CPU, features), written on the first miss, and any trouble
    reading or writing it means compiling as numba does."""
    if rtsys._init:
        return
    import llvmlite
    import numba
    from llvmlite import binding as ll
    from numba.core import config
    from numba.core.compiler_lock import global_compiler_lock
    from numba.core.runtime import _nrt_python, nrtdynmod

    with global_compiler_lock:
        if rtsys._init:
            return
        if directory is None:
            rtsys.initialize(context)
            return
        if config.NRT_STATS:
            _nrt_python.memsys_enable_stats()
        for name, address in _nrt_python.c_helpers.items():  # what the library links against
            ll.add_symbol(name if name.startswith("_") else "NRT_" + name, address)
        codegen = context.codegen()
        key = repr((numba.__version__, llvmlite.__version__, codegen.magic_tuple())).encode()
        path = Path(directory) / f"equity-nrt-{hashlib.sha256(key).hexdigest()[:16]}.pkl"
        library = None
        with contextlib.suppress(Exception):
            library = codegen.unserialize_library(pickle.loads(path.read_bytes()))
        if library is None:
            module, library = nrtdynmod.create_nrt_module(context)
            library.add_ir_module(module)
            library.enable_object_caching()
            library.finalize()
            library.get_pointer_to_function("nrt_atomic_add")  # emits the object code
            with contextlib.suppress(OSError):
                partial = path.with_suffix(f".{os.getpid()}.tmp")
                partial.write_bytes(pickle.dumps(library.serialize_using_object_code()))
                os.replace(partial, path)
        rtsys._library = library
        rtsys._init = True


def _plain_arrays_typed_directly() -> None:
    """Type a plain ``numpy.ndarray`` argument without first checking that it is not a masked array.

    numba's ``typeof`` of an array asks ``isinstance(val, np.ma.MaskedArray)``, and reading ``np.ma``
    imports ``numpy.ma`` (5 ms) in every process that calls a kernel with an array inside a tuple, as
    equity's kernels are called. An exact ``np.ndarray`` is no masked array, so it is typed as numba
    types one; any other array goes to numba's own ``typeof``."""
    import numpy as np
    from numba.core import errors, types
    from numba.core.typing import typeof
    from numba.np import numpy_support

    original = typeof.typeof_impl.dispatch(np.ndarray)
    if getattr(original, "_equity_plain", False):
        return

    def typeof_ndarray(val: Any, c: Any) -> Any:
        if type(val) is not np.ndarray:
            return original(val, c)
        try:
            dtype = numpy_support.from_dtype(val.dtype)
        except errors.NumbaNotImplementedError:
            raise errors.NumbaValueError(f"Unsupported array dtype: {val.dtype}") from None
        return types.Array(dtype, val.ndim, numpy_support.map_layout(val), readonly=not val.flags.writeable)

    typeof_ndarray._equity_plain = True  # type: ignore[attr-defined]
    typeof.typeof_impl.register(np.ndarray)(typeof_ndarray)


@contextlib.contextmanager
def _environments_unimported() -> Iterator[None]:
    """While a cached library loads, rebuild the environments of numba's own functions linked into it
    without importing their modules.

    A cached library pickles, for each function linked into it, an environment holding its module's
    globals; unpickling one imports that module. For numba's own helpers (``numba.np.npyimpl``,
    ``numba.np.arrayobj``, ``numba.cpython.charseq`` ...) that is some 40 ms of imports and registrations
    that only compiling needs: compiled nopython code never reads an environment's globals (they serve
    object mode). So a numba module not imported yet gets an environment over a dict naming it; any other
    module's is numba's own rebuild.
    """
    from numba.core import environment

    original = environment._rebuild_env

    def rebuild(modname: str, consts: Any, env_name: str) -> Any:
        if modname in sys.modules or not modname.startswith("numba."):
            return original(modname, consts, env_name)
        env = environment.lookup_environment(env_name)
        if env is None:
            env = environment.Environment({"__name__": modname})
            env.consts[:] = consts
            env.env_name = env_name
            environment.Environment._memo[env_name] = env
        return env

    environment._rebuild_env = rebuild
    try:
        yield
    finally:
        environment._rebuild_env = original
