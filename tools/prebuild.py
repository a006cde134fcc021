"""Compile every kernel ahead of time, for each x86-64 level this machine can run, into
``equity/_prebuilt/<level>/`` for the wheel to ship (``make wheel``).

A fresh install then runs its first command without compiling: at start-up equity compiles for the
host's level (:func:`equity.cache.select_cpu_level`) and loads a kernel missing from the cache folder
from the shipped ones (:mod:`equity.jit`). numba checks each entry as always (the source file's content,
numba's and Python's versions, the CPU level), so shipped kernels that do not fit are compiled anew,
never used: they serve the Python and numba versions this tool ran with.

    python tools/prebuild.py [--level x86-64-v3 --level x86-64-v4]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from equity import cache  # noqa: E402 - after the path: this checkout's package

OUT = cache.PREBUILT


def host_levels() -> list[str]:
    """The levels of :data:`equity.cache.LEVELS` this machine can run (the warm-up runs the kernels)."""
    import platform

    import llvmlite.binding as llvm

    features = {name for name, on in llvm.get_host_cpu_features().items() if on}
    best = cache.cpu_level(features, platform.machine())
    names = [name for name, _ in reversed(cache.LEVELS)]
    return names[:names.index(best) + 1] if best else []


def prebuild(level: str) -> dict[str, object]:
    """Warm every game up for ``level`` into an empty folder and copy its kernels to :data:`OUT`."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "EQUITY_CPU_LEVEL")}
        env.update(EQUITY_CACHE_DIR=tmp, NUMBA_CPU_NAME=level, NUMBA_CPU_FEATURES="",
                   EQUITY_PREBUILT_DIR=str(Path(tmp) / "none"), PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, "-m", "equity", "warmup", "--no-progress", "--json"], env=env,
                              capture_output=True, text=True, cwd=tmp)
        if proc.returncode:
            raise SystemExit(f"warm-up for {level} failed:\n{proc.stderr[-3000:]}")
        report = json.loads(proc.stdout)
        target = OUT / level
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(Path(tmp) / "kernels", target, ignore=shutil.ignore_patterns("*.pkl", ".*"))
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    return {"level": level, "kernels": report["kernels"], "seconds": report["seconds"], "bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", action="append", help="a level (default: every one this host runs)")
    args = parser.parse_args()
    levels = args.level or host_levels()
    if not levels:
        print("prebuild: this machine is not x86-64-v3 or above; nothing to ship", file=sys.stderr)
        return
    for level in levels:
        done = prebuild(level)
        print(f"prebuilt {done['level']}: {done['kernels']} kernel signatures in {done['seconds']:.0f} s, "
              f"{done['bytes'] / 1e6:.1f} MB in {OUT / level}")


if __name__ == "__main__":
    main()
