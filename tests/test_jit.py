"""The lean cache load of equity's kernels (:mod:`equity.jit`): the same results as numba's own load,
and numba's compiler set-up really skipped (a process that only loads cached kernels never imports
``numba.np.polynomial.polynomial_core``, which only the set-up imports), nor the numba modules whose
helpers the cached code links (``numba.np.npyimpl``), nor ``numpy.ma``."""

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
print(json.dumps({"exact": [p.equity for p in r.players + e.players], "mc": [p.equity for p in m.players],
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
