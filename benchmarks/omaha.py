"""Omaha high evaluator designs side by side (PLO4/5/6, random hands, one thread), and peers.

Every design gets the same random (hole, board) rows and must give the same classes:

- ``pair tables`` (what equity uses: :func:`equity.evaluators.omaha_tables._pairs_rows`): one board walk to
its
  five-card rank node, then one load per pair of hole cards from a 6,175 x 91 table (1.1 MB), plus
  flush loads when the board holds three of a suit;
- ``board x hole tables``: PokerHandEvaluator's idea, with the DAG's nodes as the hashes: the board's
  five-card node and the hole cards' h-card node index one table entry (built here from the pair
  tables: 22 MB for PLO4, 76 MB for PLO5, 229 MB for PLO6); flushes as above;
- ``triple walk`` (:func:`equity.evaluators.omaha._omaha_rows`): the ten board triples walked, each continued
  by every pair of hole cards;
- ``hold'em kernel + min``: the 7-card evaluator's kernel over every two-plus-three subset, then a
  numpy minimum.

Peers: PokerHandEvaluator's own C function (``evaluate_omaha_cards`` in phevaluator's extension, PLO4
only), called from a C loop compiled here with gcc; pokerkit's ``OmahaHoldemHand`` on a sample.

    python benchmarks/omaha.py [--hands N] [--repeat R]
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numba
import numpy as np
from numba import njit, uint64

from equity.evaluators import tables
from equity.evaluators.high import _evaluate_rows
from equity.evaluators.omaha import _omaha_rows
from equity.evaluators.omaha_tables import (
    FIRST_FIVE,
    N_FIVE,
    N_PAIRS,
    N_SUITED_PAIRS,
    _pairs_rows,
    pair_tables,
)

_C_LOOP = r"""
#include <stdint.h>
typedef int (*plo4)(int, int, int, int, int, int, int, int, int);
void run(void *f, const uint8_t *c, long n, int16_t *out) {
    plo4 g = (plo4)f;
    for (long i = 0; i < n; i++, c += 9)
        out[i] = (int16_t)g(c[4], c[5], c[6], c[7], c[8], c[0], c[1], c[2], c[3]);
}
"""


def deal(n: int, h: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random rows of ``h`` hole cards and 5 board cards, all distinct per row."""
    rng = np.random.default_rng(seed)
    cards = np.argpartition(rng.random((n, 52), np.float32), h + 5, axis=1)[:, :h + 5].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :h]), np.ascontiguousarray(cards[:, h:])


def _level(t: tables.Tables, h: int) -> tuple[int, list[tuple[int, ...]]]:
    """The first node of the rank DAG's h-card level and every rank multiset of h cards (at most four
    of a rank), in node order; the level's nodes form one block."""
    nodes = {}
    for ranks in combinations_with_replacement(range(13), h):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        node = 0
        for k in ranks:
            node = int(t.rank_step[node + k])
        nodes[node // 13] = ranks
    first = min(nodes)
    assert max(nodes) - first + 1 == len(nodes), "the level's nodes are not one block"
    return first, [nodes[k] for k in sorted(nodes)]


@njit(cache=False)
def _fill_hole_table(pair, pairs_of_hole, n_pairs, table):
    n_hole = pairs_of_hole.shape[0]
    for b in range(N_FIVE):
        row = b * N_PAIRS
        for k in range(n_hole):
            v = np.int16(0x7FFF)
            for j in range(n_pairs[k]):
                v = min(v, pair[row + pairs_of_hole[k, j]])
            table[b * n_hole + k] = v


def hole_table(t: tables.Tables, h: int) -> tuple[np.ndarray, int, int]:
    """The board x hole table for ``h`` hole cards: ``(table, first hole node, hole nodes)``."""
    pt = pair_tables(t)
    first, multisets = _level(t, h)
    pairs = np.zeros((len(multisets), 15), np.int64)
    n_pairs = np.zeros(len(multisets), np.int64)
    for k, ranks in enumerate(multisets):
        cols = sorted({int(pt.pair_of[13 * a + b]) for a, b in combinations(ranks, 2)})
        pairs[k, :len(cols)] = cols
        n_pairs[k] = len(cols)
    table = np.empty(N_FIVE * len(multisets), np.int16)
    _fill_hole_table(pt.pair, pairs, n_pairs, table)
    return table, first, len(multisets)


@njit(cache=False)
def _hole_rows(holes, boards, t, pt, table, first, n_hole, out):
    rank_step, card_word = t.rank_step, t.card_word
    flush, suited_of, three_of = pt.flush, pt.suited_of, pt.three_of
    n, h = holes.shape
    for i in range(n):
        node = uint64(0)
        w = uint64(0)
        for j in range(5):
            c = boards[i, j]
            node = uint64(rank_step[node + (c >> uint64(2))])
            w += card_word[c]
        hole = uint64(0)
        for j in range(h):
            hole = uint64(rank_step[hole + (holes[i, j] >> uint64(2))])
        v = table[(np.int64(node) // 13 - FIRST_FIVE) * n_hole + np.int64(hole) // 13 - first]
        s = three_of[w >> uint64(52)]
        if s >= 0:
            frow = np.int64((w >> uint64(13 * s)) & uint64(0x1FFF)) * N_SUITED_PAIRS
            for a in range(h - 1):
                if holes[i, a] & 3 == s:
                    for b in range(a + 1, h):
                        if holes[i, b] & 3 == s:
                            v = min(v, flush[frow + suited_of[13 * (holes[i, a] >> 2) + (holes[i, b] >> 2)]])
        out[i] = v


def phe_c_loop() -> Callable[[np.ndarray, np.ndarray, np.ndarray], None] | None:
    """PokerHandEvaluator's C ``evaluate_omaha_cards`` (from phevaluator's extension) in a C loop, or
    None when phevaluator or gcc is missing."""
    try:
        from phevaluator import _pheval
    except ImportError:
        return None
    so = Path(tempfile.mkdtemp()) / "plo_loop.so"
    src = so.with_suffix(".c")
    src.write_text(_C_LOOP)
    try:
        subprocess.run(["gcc", "-O3", "-march=native", "-shared", "-fPIC", "-o", str(so), str(src)],
                       check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    phe = ctypes.CDLL(_pheval.__file__)
    address = ctypes.cast(phe.evaluate_omaha_cards, ctypes.c_void_p)
    loop = ctypes.CDLL(str(so))
    loop.run.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_long, ctypes.c_void_p]

    def run(holes: np.ndarray, boards: np.ndarray, out: np.ndarray) -> None:
        rows = np.ascontiguousarray(np.hstack([holes, boards]), np.uint8)
        run.rows = rows  # type: ignore[attr-defined]  # keep alive
        loop.run(address, rows.ctypes.data, len(rows), out.ctypes.data)

    return run


def pokerkit_rate(holes: np.ndarray, boards: np.ndarray, n: int = 2000) -> float | None:
    """pokerkit's Omaha hands per second on the first ``n`` rows, or None without pokerkit."""
    try:
        from pokerkit import OmahaHoldemHand
    except ImportError:
        return None
    from equity.cards import format_cards

    texts = [(format_cards(h), format_cards(b)) for h, b in zip(holes[:n].tolist(), boards[:n].tolist(),
                                                                strict=True)]
    start = time.perf_counter()
    for hole, board in texts:
        OmahaHoldemHand.from_game(hole, board)
    return n / (time.perf_counter() - start)


def subsets(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """uint8 (n * C(h,2) * 10, 5): every hand's two-hole, three-board five-card hands, row by row."""
    picks = [np.hstack([holes[:, two], boards[:, three]])
             for two in combinations(range(holes.shape[1]), 2) for three in combinations(range(5), 3)]
    return np.ascontiguousarray(np.stack(picks, axis=1).reshape(-1, 5))


def designs(n: int, repeat: int, h: int) -> dict[str, tuple[float, str]]:
    """M hands/s of every design and peer for ``h`` hole cards on one thread: name -> (rate, note)."""
    t = tables.get()
    pt = pair_tables(t)
    holes, boards = deal(n, h, seed=h)
    start = time.perf_counter()
    table, first, n_hole = hole_table(t, h)
    built = time.perf_counter() - start
    five = subsets(holes, boards)
    per = len(five) // n
    outs = {name: np.empty(n, np.int16) for name in ("pairs", "holes", "walk", "phe")}
    out5 = np.empty(len(five), np.int16)
    runs: dict[str, Callable[[], object]] = {
        "pair tables (equity)": lambda: _pairs_rows(holes, boards, t, pt, outs["pairs"]),
        f"board x hole tables ({table.nbytes / 2**20:.0f} MB)": lambda: _hole_rows(
            holes, boards, t, pt, table, first, n_hole, outs["holes"]),
        "triple walk": lambda: _omaha_rows(holes, boards, t, outs["walk"]),
        "hold'em kernel + min": lambda: (_evaluate_rows(five, t, out5), out5.reshape(-1, per).min(axis=1)),
    }
    phe = phe_c_loop() if h == 4 else None
    if phe is not None:
        runs["PokerHandEvaluator C (phevaluator)"] = lambda: phe(holes, boards, outs["phe"])
    with_threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        for fn in runs.values():
            fn()
        expected = out5.reshape(-1, per).min(axis=1)
        for name, out in outs.items():
            if name != "phe" or phe is not None:
                assert np.array_equal(out, expected), f"{name} disagrees with the hold'em kernel"
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(repeat):
            for name, fn in runs.items():
                t0 = time.perf_counter()
                fn()
                times[name].append(time.perf_counter() - t0)
    finally:
        numba.set_num_threads(with_threads)
    rates = {name: n / statistics.median(ts) for name, ts in times.items()}
    out = {name: (rate, "") for name, rate in rates.items()}
    key = next(k for k in out if k.startswith("board x hole"))
    out[key] = (rates[key], f"built in {built:.1f} s")
    kit = pokerkit_rate(holes, boards)
    if kit is not None:
        out["pokerkit (2,000 hands)"] = (kit, "")
    return out


def main() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from common import header

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    header()
    print(f"{args.hands:,} random hands per size, one thread, median of {args.repeat} interleaved rounds")
    for h in (4, 5, 6):
        print(f"PLO{h}")
        rates = designs(args.hands, args.repeat, h)
        base = rates["pair tables (equity)"][0]
        for name, (rate, note) in rates.items():
            print(f"  {name:40s} {per_second(rate):>12}  {rate / base:7.4f}x pair tables  {note}")


def per_second(rate: float) -> str:
    """``'30.3 M/s'``, or ``'1.4 k/s'`` below 0.1 M/s."""
    return f"{rate / 1e6:.1f} M/s" if rate >= 1e5 else f"{rate / 1e3:.1f} k/s"


if __name__ == "__main__":
    main()
