"""From a fresh machine: each command's first run from a wheel install with an empty cache folder
(compiling), beside the warm run of the same command in the same folder just after and, when the wheel
ships kernels (``make wheel``), the first run that loads them; ``equity warmup`` of every game into an
empty folder; and the warm start beside ``python -c "import numba"``.

The wheel is built from this checkout (``pip wheel --no-deps``) and installed with ``--target`` into a
temporary folder that the runs put first on ``PYTHONPATH`` (their dependencies come from this
environment); the commands run from another folder, as a user's would."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import interleaved, row, verdict, wall

ROOT = Path(__file__).resolve().parent.parent

#: name -> (arguments, target seconds for the first run); files are copied into the run's folder.
FIRST_RUNS: dict[str, tuple[list[str], float]] = {
    "`equity AcAd vs KhKs` (exact, 1,712,304 boards)": (["AcAd", "vs", "KhKs"], 5.0),
    "`equity AsKs vs 2 --board Th9h2c`": (["AsKs", "vs", "2", "--board", "Th9h2c"], 3.0),
    "first Omaha run, `equity AsAhKsKh vs 1`": (["AsAhKsKh", "vs", "1"], 6.0),
    "first short-deck run, `equity AsKs vs QdQc -g 6+`": (["AsKs", "vs", "QdQc", "-g", "6+"], 6.0),
    "first stud run, `equity AsAh7d vs KcKs9h -g stud`": (["AsAh7d", "vs", "KcKs9h", "-g", "stud"], 6.0),
    "first draw run, `equity 7d5c3h2s vs 8s6d4c3c -g 2-7`":
        (["7d5c3h2s", "vs", "8s6d4c3c", "-g", "2-7"], 6.0),
    "`equity check examples/classics.toml`": (["check", "classics.toml"], 8.0),
    "`equity check examples/games.toml`": (["check", "games.toml"], 30.0),
    "`equity check examples/boardless.toml`": (["check", "boardless.toml"], 30.0),
}


def install_wheel(tmp: Path) -> Path:
    """The wheel built from the checkout (``python -m build``: with the kernels ``make wheel``'s
    tools/prebuild.py left in it, if any), installed without dependencies under ``tmp/site``."""
    wheels, site = tmp / "wheel", tmp / "site"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", wheels, ROOT], check=True,
                   capture_output=True)
    wheel, = wheels.glob("equity-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", site, wheel], check=True, capture_output=True)
    return site


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def bench_cold(repeat: int) -> None:
    print("From a fresh machine: first runs from a wheel install with an empty cache folder, beside the "
          "warm run just after (wall, one run each)")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        site = install_wheel(tmp)
        work = tmp / "work"
        work.mkdir()
        for name in ("classics.toml", "games.toml", "boardless.toml"):
            (work / name).write_bytes((ROOT / "examples" / name).read_bytes())
        base = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_CACHE", "EQUITY_", "PYTHON"))}
        base["PYTHONPATH"] = str(site)
        equity = [sys.executable, "-m", "equity"]
        where = subprocess.run([sys.executable, "-c", "import equity; print(equity.__file__)"], env=base,
                               cwd=work, capture_output=True, text=True, check=True).stdout.strip()
        assert Path(where).is_relative_to(site), f"the runs would import {where}, not the wheel's copy"
        shipped = sorted(p.name for p in (site / "equity" / "_prebuilt").glob("x86-64-*"))
        print(f"  (the wheel ships kernels for: {', '.join(shipped) or 'no CPU level'}; the first column "
              "compiles them, as a wheel without them does)")
        no_shipped = str(tmp / "no-shipped-kernels")
        for i, (name, (args, target)) in enumerate(FIRST_RUNS.items()):
            env = dict(base, EQUITY_CACHE_DIR=str(tmp / f"cache-{i}"), EQUITY_PREBUILT_DIR=no_shipped)
            first = timed([*equity, *args], env, work)
            warm = timed([*equity, *args], env, work)
            note = f"warm {warm:.2f} s; "
            if shipped:
                env = dict(base, EQUITY_CACHE_DIR=str(tmp / f"shipped-{i}"))
                note += f"with the shipped kernels {timed([*equity, *args], env, work):.2f} s; "
            row(name, f"{first:.1f} s", note + verdict(first <= target) + f" (<= {target:g} s compiling)")
        env = dict(base, EQUITY_CACHE_DIR=str(tmp / "cache-warmup"), EQUITY_PREBUILT_DIR=no_shipped)
        first = timed([*equity, "warmup", "--no-progress"], env, work)
        again = timed([*equity, "warmup", "--no-progress"], env, work)
        row("`equity warmup`, every game, empty folder", f"{first:.1f} s",
            f"{os.cpu_count()} processes; again (all cached) {again:.1f} s; " + verdict(first <= 60)
            + " (<= 60 s)")
        after = timed([*equity, "check", "games.toml"], env, work)
        row("  then `equity check examples/games.toml`", f"{after:.2f} s", "nothing left to compile")
        spot = [*equity, "AsKs", "vs", "2", "--board", "Th9h2c", "--json"]
        walls = interleaved({"numba": wall([sys.executable, "-c", "import numba"], env),
                             "spot": wall(spot, env)}, max(7, repeat + 2))
        ratio = walls["spot"] / walls["numba"]
        row("warm `equity AsKs vs 2 --board Th9h2c`", f"{walls['spot'] * 1e3:.0f} ms",
            f"{ratio:.2f}x `python -c 'import numba'` ({walls['numba'] * 1e3:.0f} ms); "
            + verdict(ratio <= 1.3) + " (<= 1.3x)")
    print()


if __name__ == "__main__":
    bench_cold(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
