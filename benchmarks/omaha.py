"""Omaha high evaluations per second on one thread, PLO4/5/6, each beside the hold'em baseline.

Four timings per hole size on the same 1,000,000 random hands, interleaved round by round (medians):

- ``omaha kernel``: :func:`equity.omaha._omaha_rows` (the DAG walk; no validation);
- ``evaluate_omaha_many``: the public function, validation included;
- ``holdem kernel``: :func:`equity.evaluator._evaluate_rows` over the prebuilt ``(n * C(h,2) * 10, 5)``
  array of every two-hole, three-board hand, then a numpy min (the walk without validation);
- ``holdem evaluate_many``: the tests' second implementation, building each subset and calling the public
  :func:`equity.evaluator.evaluate_many`, min-reduced with numpy.

    python benchmarks/omaha.py [--hands N] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from run import header  # noqa: E402

from equity import tables  # noqa: E402
from equity.evaluator import _evaluate_rows, evaluate_many  # noqa: E402
from equity.omaha import _omaha_rows, evaluate_omaha_many  # noqa: E402


def deal(n: int, h: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    deck = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for j in range(h + 5):
        pick = rng.integers(j, 52, n)
        deck[rows, j], deck[rows, pick] = deck[rows, pick], deck[rows, j]
    return deck[:, :h].copy(), deck[:, h:h + 5].copy()


def subsets(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """uint8 (n * C(h,2) * 10, 5): row ``i * C(h,2) * 10 + k`` is hand ``i``'s ``k``-th five-card hand."""
    picks = [np.hstack([holes[:, two], boards[:, three]])
             for two in combinations(range(holes.shape[1]), 2) for three in combinations(range(5), 3)]
    return np.ascontiguousarray(np.stack(picks, axis=1).reshape(-1, 5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    numba.set_num_threads(1)
    header()
    t = tables.get()
    n = args.hands
    print(f"{n:,} random hands per size, one thread, median of {args.repeat} interleaved rounds; "
          "M hands/s (M five-card finishes/s)")
    for h in (4, 5, 6):
        holes, boards = deal(n, h, seed=h)
        five = subsets(holes, boards)
        per = len(five) // n
        out, out5 = np.empty(n, np.int16), np.empty(len(five), np.int16)

        def holdem_public(holes=holes, boards=boards):
            best = np.full(len(holes), 0x7FFF, np.int16)
            for two in combinations(range(holes.shape[1]), 2):
                for three in combinations(range(5), 3):
                    np.minimum(best, evaluate_many(np.hstack([holes[:, two], boards[:, three]]),
                                                   parallel=False), out=best)
            return best

        runs = {
            "omaha kernel": lambda holes=holes, boards=boards, out=out: _omaha_rows(holes, boards, t, out),
            "evaluate_omaha_many": lambda holes=holes, boards=boards: evaluate_omaha_many(
                holes, boards, parallel=False),
            "holdem kernel + min": lambda five=five, out5=out5, per=per: (
                _evaluate_rows(five, t, out5), out5.reshape(-1, per).min(axis=1)),
            "holdem evaluate_many + min": holdem_public,
        }
        for fn in runs.values():
            fn()
        expected = holdem_public()
        runs["omaha kernel"]()
        assert np.array_equal(out, expected) and np.array_equal(evaluate_omaha_many(holes, boards), expected)
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(args.repeat):
            for name, fn in runs.items():
                start = time.perf_counter()
                fn()
                times[name].append(time.perf_counter() - start)
        base = statistics.median(times["omaha kernel"])
        print(f"PLO{h} ({per} five-card hands each)")
        for name, ts in times.items():
            med = statistics.median(ts)
            print(f"  {name:28s} {n / med / 1e6:7.2f} M/s ({n * per / med / 1e6:7.1f} M/s)  "
                  f"{med / base:5.2f}x the omaha kernel's time")


if __name__ == "__main__":
    main()
