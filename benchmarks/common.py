"""What every section of ``make bench`` shares: the header, interleaved timing, a wall-clock runner,
the row printer and the verdict, random seven-card hands, and a Monte Carlo chunk kernel's runs. The
sections import this module, and ``run.py``, the driver, imports the sections; nothing imports the
driver."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numba
import numpy as np

import equity  # (its own version: an editable install's metadata keeps the version it was installed at)

BIN = Path(sys.executable).parent


def header() -> None:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    print(f"machine  {cpu}, {os.cpu_count()} logical cores, {platform.system()} {platform.release()}")
    print(f"versions python {platform.python_version()}, numpy {np.__version__}, numba "
          f"{numba.__version__}, equity {equity.__version__}; numba threads {numba.get_num_threads()}")
    print(f"date     {time.strftime('%Y-%m-%d %H:%M')}")
    print()


def median_time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def interleaved_samples(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """Seconds of each run of each function, run round-robin ``repeat`` times."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    return times


def interleaved(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Median seconds of each function, run round-robin ``repeat`` times."""
    return {name: statistics.median(ts) for name, ts in interleaved_samples(fns, repeat).items()}


def wall(cmd: list[str], env: dict[str, str] | None = None) -> Callable[[], None]:
    def run() -> None:
        # stderr too: a cold run's compiling notice would break the table.
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

    return run


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


def row(label: str, value: str, note: str = "") -> None:
    print(f"  {label:<46} {value:>16}  {note}")


def random_hands(n: int, seed: int = 2026) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), np.uint8)
    for lo in range(0, n, 1_000_000):
        hi = min(n, lo + 1_000_000)
        out[lo:hi] = np.argpartition(rng.random((hi - lo, 52), np.float32), 7, axis=1)[:, :7]
    return out


def chunk_runs(kernel: Callable, scenario, n_chunks: int, threads: int,
                stages: int = 4, vector: bool | None = None) -> Callable[[], tuple[np.ndarray, ...]]:
    """A call of a Monte Carlo chunk kernel (the new ``equity.games.holdem.montecarlo.run_chunks``, which
    counts into a :class:`~equity.tally.Tally`, or the previous ``one_at_a_time.run_chunks``) playing
    ``n_chunks`` chunks of ``scenario`` from seed 1 on ``threads`` threads, ``stages`` as
    :class:`equity.engines.dealing.Deal` takes it, and ``vector`` (when not None) its way to a
    showdown; it returns the counts (wins, ties, cats)."""
    from equity.engines.dealing import alias_table
    from equity.engines.montecarlo import CHUNK
    from equity.engines.parallel import using_threads
    from equity.games import HOLDEM
    from equity.games.holdem.montecarlo import prepare, run_chunks
    from equity.tally import Tally

    _, d, t = prepare(scenario, HOLDEM, False, stages)
    if vector is not None:
        d = d._replace(vector=vector)
    if kernel is not run_chunks and scenario.ranged():  # 0.1.0's kernel draws each player's combo by its
        tables = [alias_table(w) for _, w in scenario.ranged()]  # own alias table, not the units' rows
        d = d._replace(alias_prob=np.concatenate([p for p, _ in tables]),
                       alias_idx=np.concatenate([a for _, a in tables]))
    players = len(scenario.players)

    # No per-combo rows: the totals alone, as `equity` runs them.
    no_combos = Tally(*(np.zeros((n_chunks, 0, *x.shape[1:]), x.dtype)
                        for x in Tally.zeros(0, players, False, ways=players + 1, categories=False)))

    def run() -> tuple[np.ndarray, ...]:
        counts = Tally.zeros(n_chunks, players, False)
        with using_threads(threads):
            if kernel is run_chunks:
                kernel(np.uint64(1), 0, n_chunks, n_chunks * CHUNK, d, t, counts,
                       np.zeros((n_chunks, 0), np.int64), no_combos)
            else:
                kernel(np.uint64(1), 0, n_chunks, n_chunks * CHUNK, d, t, *counts[:3])
        return counts[:3]

    return run
