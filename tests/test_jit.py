"""The lean cache load of equity's kernels (:mod:`equity.jit`): the same results as numba's own load,
and numba's compiler set-up really skipped (a process that only loads cached kernels never imports
``numba.np.polynomial.polynomial_core``, which only the set-up imports), nor the numba modules whose
helpers the cached code links (``numba.np.npyimpl``), nor ``numpy.ma``; and the runtime's library comes
from its own cache file (object code, as numba caches a function) rather than LLVM."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from equity import jit

SCRIPT = """
import json, sys
import equity
r = equity.calculate(["AsKs", "QdQc"], board="Th9h2c", method="exact")
m = equity.calculate(["AsKs", 2], board="Th9h2c", trials=20000, seed=7)
e = equity.calculate(["AsKs", "QQ+,AKs"], board="Th9h2c7d", method="exact")
try:
    equity.evaluate_many([[0, 0, 1, 2, 3]])  # a kernel's error from a lean-loaded environment
    error = None
except equity.EquityError as exc:
    error = str(exc)
from numba.core.runtime import rtsys
print(json.dumps({"exact": [p.equity for p in r.players + e.players], "mc": [p.equity for p in m.players],
                  "runtime_cached": bool(getattr(rtsys.library, "_object_caching_enabled", False)),
                  "set_up": "numba.np.polynomial.polynomial_core" in sys.modules,
                  "linked": "numba.np.npyimpl" in sys.modules, "masked": "numpy.ma" in sys.modules,
                  "error": error}))
"""


def _run(lean: str) -> dict:
    env = {**os.environ, "EQUITY_LEAN_CACHE": lean}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_install_is_idempotent() -> None:
    assert jit.install()
    assert jit.install()


def test_lean_load_gives_numba_loads_results_and_skips_the_set_up() -> None:
    _run("1")  # compiles what is not cached yet
    lean, plain = _run("1"), _run("0")
    assert lean["exact"] == plain["exact"] and lean["mc"] == plain["mc"]
    assert lean["error"] == plain["error"] and lean["error"]
    assert plain["set_up"] and plain["linked"] and plain["masked"]  # numba's own load imports them ...
    assert not lean["set_up"] and not lean["linked"] and not lean["masked"]  # ... the lean load does not
    assert lean["runtime_cached"] and not plain["runtime_cached"]  # the runtime's library from its cache file


RUNTIME = """
import sys, types
from numba.core.registry import cpu_target
from equity.jit import _initialize_runtime
runtime = types.SimpleNamespace(_init=False, _library=None)
_initialize_runtime(runtime, cpu_target.target_context, sys.argv[1])
print(runtime._init, runtime._library.get_pointer_to_function("nrt_atomic_add") != 0)
"""


def test_the_runtime_library_is_cached_and_a_bad_cache_file_is_compiled_over(tmp_path) -> None:
    def run() -> str:
        out = subprocess.run([sys.executable, "-c", RUNTIME, str(tmp_path)], capture_output=True, text=True,
                             check=True)
        return out.stdout.strip()

    assert run() == "True True"  # compiled, and written
    (cached,) = tmp_path.glob("equity-nrt-*.pkl")
    written, stamp = cached.read_bytes(), cached.stat().st_mtime_ns
    assert run() == "True True" and cached.stat().st_mtime_ns == stamp  # loaded, not written again
    cached.write_bytes(b"not a library")
    assert run() == "True True" and cached.read_bytes() == written  # compiled over the bad file
