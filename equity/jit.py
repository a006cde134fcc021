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

It depends on numba's private ``Cache.load_overload`` and ``_load_overload`` (numba 0.57 to 0.68 at
least); if they are missing, :func:`install` leaves numba alone. ``EQUITY_LEAN_CACHE=0`` turns it off.
"""

from __future__ import annotations

import os
from typing import Any

_PREFIX = __name__.rpartition(".")[0] + "."  # "equity."


def _ours(cache: Any) -> bool:
    module = getattr(getattr(cache, "_py_func", None), "__module__", None) or ""
    return module.startswith(_PREFIX)


def install() -> bool:
    """Route the cache loads of equity's functions through the lean load; returns whether it did (False
    when turned off or when numba's internals are not the expected ones). Idempotent."""
    if os.environ.get("EQUITY_LEAN_CACHE", "1") == "0":
        return False
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
        try:
            rtsys.initialize(target_context)  # the runtime the cached code calls into
            with self._guard_against_spurious_io_errors():
                return self._load_overload(sig, target_context)
        except Exception:  # noqa: BLE001 - numba's own path decides (it refreshes, then loads or compiles)
            return original(self, sig, target_context)

    load_overload._equity_lean = True  # type: ignore[attr-defined]
    cache_class.load_overload = load_overload
    return True
