"""Exact enumeration for Omaha high: every deal of the players' hands, then every completion of the board.

Deals are listed as in hold'em (:func:`equity.exact.list_deals`: specific hands, every combo of a
range, every hand of the live cards for a random player), without the suit-symmetry reduction.

**Preflop.** Each hand of a deal gets a *triple table* (:func:`equity.omaha_kernels._triple_table`,
built from the DAG in about 0.3 ms): its best class with every three cards the board can hold. A hand's
value on a board is the minimum over the board's ten triples; the boards are listed card by card in
ascending order, and the minimum over the triples of the first four cards is kept, so the last card
costs each player six loads, from six table rows that the innermost loop reads in ascending order.

**From the flop on** a deal has at most 990 boards, too few to repay a table: each board is walked
once to its row of the pair tables (:class:`equity.omaha_kernels.PairTables`) and every hand costs a
load per pair of its hole cards (a flop with a random opponent: 85 s with triple tables, a few seconds
so).

Work is cut into items, one per (deal, first card dealt), spread over the threads by their size.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
from numba import njit, prange, uint64

from .batches import Progress, check_threads, in_jit_cache, using_threads
from .exact import Plan, boards_per_deal, exact_result, list_deals
from .omaha_kernels import TRIPLES, PairTables, _pairs_value, _walk_board, pair_tables
from .omaha_sim import _triple_tables, triple_tables
from .result import MAX_SPLIT, N_CATEGORIES, Result, _add_outcome
from .scenario import Scenario

#: Triple tables built at once (about 0.3 MB each).
MAX_TABLES = 64
_N = uint64(52)


def _work(deals: float, players: int, hole: int, boards: int, to_deal: int) -> float:
    """An enumeration's cost in the hold'em engine's units (a board evaluation, about 3 ns)."""
    if to_deal == 5:  # a triple table per hand, then about seven loads per hand per board
        return deals * players * (math.comb(hole, 2) * math.comb(48, 3) / 2 + 2.5 * boards)
    return deals * boards * (3 + players * (1 + math.comb(hole, 2) / 2))  # a board walk, a load per pair


@dataclass(frozen=True)
class OmahaPlan(Plan):
    """:class:`equity.exact.Plan` for Omaha (no suit symmetry used); ``to_deal``: board cards to come.
    ``work`` is in the hold'em engine's units, for the choice between exact and Monte Carlo."""

    to_deal: int = 5

    @property
    def work(self) -> float:
        n, players, hole = self.holes.shape
        return _work(float(n), players, hole, self.boards_per_deal, self.to_deal)


def symmetries(scenario: Scenario) -> list[np.ndarray]:
    """The identity card map alone: Omaha's enumeration uses no suit symmetry (as
    :func:`equity.exact.symmetries` would say for a scenario without any)."""
    return [np.arange(52)]


def plan(scenario: Scenario, maps: list[np.ndarray] | None = None) -> OmahaPlan:
    """Every deal, for :func:`enumerate_exact` (``maps``: :func:`symmetries`, unused).

    Raises:
        TooLarge: too many combinations of the players' hands to list.
    """
    holes, weight = list_deals(scenario)
    return OmahaPlan(np.ascontiguousarray(holes, np.uint8), weight.astype(np.float64),
                     np.ones(len(holes), np.int64), boards_per_deal(scenario), 1, 5 - len(scenario.board))


def upper_bound(scenario: Scenario) -> float:
    """The work of the exact run at most, in :attr:`OmahaPlan.work`'s units, before card collisions."""
    return _work(float(math.prod(scenario.n_combos())), len(scenario.players), scenario.game.hole,
                 boards_per_deal(scenario), 5 - len(scenario.board))


@njit(cache=True)
def _last_card(tabs, row0, n_players, b, dk, start, m, m4, want_cats, cat_of, vals, wins, ties, cats):
    """Boards ``b[0..3]`` plus each of ``dk[start:m]``: the counts, from the triple tables ``tabs[row0 +
    p]``; ``m4[p]`` is player p's best over the triples of ``b[0..3]``. Returns the boards counted."""
    pb = np.empty(6, np.uint64)
    k = 0
    for i in range(3):
        for j in range(i + 1, 4):
            pb[k] = (b[i] * _N + b[j]) * _N
            k += 1
    if n_players == 2 and not want_cats:
        g0 = tabs[row0]
        g1 = tabs[row0 + 1]
        w0 = 0
        w1 = 0
        for j in range(start, m):
            c = dk[j]
            v0 = min(m4[0], g0[pb[0] + c], g0[pb[1] + c], g0[pb[2] + c], g0[pb[3] + c], g0[pb[4] + c],
                     g0[pb[5] + c])
            v1 = min(m4[1], g1[pb[0] + c], g1[pb[1] + c], g1[pb[2] + c], g1[pb[3] + c], g1[pb[4] + c],
                     g1[pb[5] + c])
            w0 += v0 < v1
            w1 += v1 < v0
        wins[0] += w0
        wins[1] += w1
        ties[0, 2] += m - start - w0 - w1
        ties[1, 2] += m - start - w0 - w1
        return m - start
    for j in range(start, m):
        c = dk[j]
        for p in range(n_players):
            v = m4[p]
            for k in range(6):
                v = min(v, np.int64(tabs[row0 + p, pb[k] + c]))
            vals[p] = v
        _add_outcome(vals, n_players, want_cats, cat_of, wins, ties, cats)
    return max(m - start, 0)


@njit(cache=True)
def _triple(tabs, row, a, b, c):
    return np.int64(tabs[row, (a * _N + b) * _N + c])


@njit(cache=True)
def _item(tabs, row0, hands, board, dk, m, j0, t, pairs, want_cats, cat_of, wins, ties, cats, b, vals, m4):
    """The boards of one item: those whose first dealt card is ``dk[j0]`` (all of them with one card or
    none to come). Preflop from the triple tables ``tabs[row0 + p]``; from the flop on each board is
    valued by the :class:`~equity.omaha_kernels.PairTables` ``pairs``. hands: uint64 (P, h). The last
    three arrays are scratch space: b uint64 (5,), vals and m4 int64 (P,). Returns the boards counted."""
    n_players, h = hands.shape
    n_board = board.shape[0]
    for j in range(n_board):
        b[j] = board[j]
    n = 0
    if n_board >= 3:  # every board by the pair tables; on the flop the turn is dk[j0]
        if n_board == 3:
            b[3] = dk[j0]
        first, last = (j0 + 1, m) if n_board == 3 else (0, m) if n_board == 4 else (0, 1)
        for j in range(first, last):
            if n_board < 5:
                b[4] = dk[j]
            row, w = _walk_board(b, t)
            for p in range(n_players):
                vals[p] = _pairs_value(hands[p], h, pairs, w, row)
            _add_outcome(vals, n_players, want_cats, cat_of, wins, ties, cats)
            n += 1
        return n
    b[0] = dk[j0]  # preflop: the triple tables
    for j1 in range(j0 + 1, m - 3):
        b[1] = dk[j1]
        for j2 in range(j1 + 1, m - 2):
            b[2] = dk[j2]
            for j3 in range(j2 + 1, m - 1):
                b[3] = dk[j3]
                for p in range(n_players):
                    m4[p] = min(_triple(tabs, row0 + p, b[0], b[1], b[2]),
                                _triple(tabs, row0 + p, b[0], b[1], b[3]),
                                _triple(tabs, row0 + p, b[0], b[2], b[3]),
                                _triple(tabs, row0 + p, b[1], b[2], b[3]))
                n += _last_card(tabs, row0, n_players, b, dk, j3 + 1, m, m4, want_cats, cat_of, vals, wins,
                                ties, cats)
    return n


@njit(cache=True, parallel=True)
def _items(tabs, holes, weight, board, live, items, bin_start, t, p_arrays, want_cats, cat_of,
           wins_out, ties_out, cats_out, boards_out):
    """Every item ``items[i] = (deal, j0)`` (deal a row of ``holes``, uint8 (D, P, h)), bins of items
    ``bin_start[k] .. bin_start[k + 1] - 1`` one per prange step, into row k of the outputs (float64
    (K, P), (K, P, MAX_SPLIT), (K, P, 9, 3); int64 (K,) boards times 1). The triple table of player p
    in deal d is ``tabs[d * P + p]``; each deal's counts are weighted by ``weight[d]``. ``p_arrays``: the
    pair tables' arrays (a tuple of tuples cannot cross prange)."""
    n_deals, n_players, h = holes.shape
    for k in prange(bin_start.shape[0] - 1):
        hands = np.empty((n_players, h), np.uint64)
        dk = np.empty(live.shape[0], np.uint64)
        wins = np.zeros(n_players, np.int64)
        ties = np.zeros((n_players, MAX_SPLIT), np.int64)
        cats = np.zeros((n_players, N_CATEGORIES, 3), np.int64)
        b = np.empty(5, np.uint64)
        vals = np.empty(n_players, np.int64)
        m4 = np.empty(n_players, np.int64)
        pairs = PairTables(p_arrays[0], p_arrays[1], p_arrays[2], p_arrays[3], p_arrays[4])
        for i in range(bin_start[k], bin_start[k + 1]):
            d = items[i, 0]
            used = uint64(0)
            for p in range(n_players):
                for j in range(h):
                    hands[p, j] = holes[d, p, j]
                    used |= uint64(1) << uint64(holes[d, p, j])
            m = 0
            for c in live:
                if not (used >> uint64(c)) & uint64(1):
                    dk[m] = c
                    m += 1
            wins[:] = 0
            ties[:, :] = 0
            if want_cats:
                cats[:, :, :] = 0
            n = _item(tabs, d * n_players, hands, board, dk, m, items[i, 1], t, pairs, want_cats, cat_of,
                      wins, ties, cats, b, vals, m4)
            w = weight[d]
            for p in range(n_players):
                wins_out[k, p] += w * wins[p]
                for s in range(MAX_SPLIT):
                    ties_out[k, p, s] += w * ties[p, s]
                if want_cats:
                    for c in range(N_CATEGORIES):
                        for x in range(3):
                            cats_out[k, p, c, x] += w * cats[p, c, x]
            boards_out[k] += n


def kernels_cached() -> bool:
    """Whether the compiled Omaha enumeration kernel is already in numba's on-disk cache."""
    return in_jit_cache(_items)


def _bins(sizes: np.ndarray, n_bins: int) -> tuple[np.ndarray, np.ndarray]:
    """Items (by index) grouped into ``n_bins`` bins of about equal total size: dealt largest first in a
    snake order (bins 0, 1, .., n-1, n-1, .., 1, 0, 0, 1, ..). Returns ``(order, bin_start)``."""
    rank = np.argsort(-sizes, kind="stable")
    r = np.arange(len(sizes))
    lap, pos = np.divmod(r, n_bins)
    bin_of = np.where(lap % 2 == 0, pos, n_bins - 1 - pos)
    order = rank[np.argsort(bin_of, kind="stable")].astype(np.int64)
    return order, np.concatenate([[0], np.cumsum(np.bincount(bin_of, minlength=n_bins))]).astype(np.int64)


def _comb(n: np.ndarray, k: int) -> np.ndarray:
    """C(n, k) of each entry of ``n`` (float64)."""
    out = np.ones(len(n))
    for i in range(k):
        out *= np.maximum(n - i, 0) / (i + 1)
    return out


def enumerate_exact(scenario: Scenario, *, threads: int | None = None, categories: bool = False,
                    progress: Progress | None = None, deals: OmahaPlan | None = None) -> Result:
    """Every player's exact win, tie and equity in Omaha (as :func:`equity.exact.enumerate_exact`).

    Raises:
        TooLarge: too many deals to list.
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"expected a Scenario; got {type(scenario).__name__}")
    check_threads(threads)
    deals = deals if deals is not None else plan(scenario)
    game = scenario.game
    t = game.tables()
    n_players = len(scenario.players)
    board = np.array(scenario.board, np.uint8)
    live = scenario.live
    cat_of = game.category_table()
    to_deal = 5 - len(board)
    n = len(deals.orbit)
    m = len(live) - game.hole * sum(1 for p in scenario.holes if p[0] < 0)  # per deal: less the dealt hands
    firsts = max(m - to_deal + 1, 1) if to_deal >= 2 else 1
    per_batch = max(1, MAX_TABLES // n_players) if to_deal == 5 else max(1, 4_000_000 // max(
        1, deals.boards_per_deal * n_players))
    # Load (or compile) the kernels before the clock starts: elapsed_s is the run, not the JIT.
    p_arrays = tuple(pair_tables(t))
    _items(np.zeros((1, 1), np.int16), deals.holes[:0], deals.weight[:0], board, live,
           np.zeros((0, 2), np.int64), np.zeros(1, np.int64), t, p_arrays, categories, cat_of,
           *(np.zeros((0,) + shape) for shape in ((n_players,), (n_players, MAX_SPLIT),
                                                 (n_players, N_CATEGORIES, 3))), np.zeros(0, np.int64))
    if to_deal == 5:
        _triple_tables(np.zeros((0, game.hole), np.uint64), np.zeros((0, 1), np.uint64),
                       np.zeros(0, np.int64), t, np.zeros((0, TRIPLES), np.int16))
    start = time.perf_counter()
    parts = []
    with using_threads(threads) as n_threads:
        for lo in range(0, n, per_batch):
            hi = min(n, lo + per_batch)
            holes = np.ascontiguousarray(deals.holes[lo:hi])
            if to_deal == 5:
                tabs = triple_tables(holes.reshape(-1, game.hole), live, t)
            else:
                tabs = np.zeros((1, 1), np.int16)
            d_idx, j0 = np.divmod(np.arange((hi - lo) * firsts, dtype=np.int64), firsts)
            items = np.stack([d_idx, j0], axis=1)
            left = m - 1 - j0
            sizes = _comb(left, to_deal - 1) if to_deal >= 2 else np.ones(len(items))
            order, bin_start = _bins(sizes, min(len(items), 4 * n_threads))
            k = len(bin_start) - 1
            part = (np.zeros((k, n_players)), np.zeros((k, n_players, MAX_SPLIT)),
                    np.zeros((k, n_players, N_CATEGORIES, 3)), np.zeros(k, np.int64))
            _items(tabs, holes, deals.weight[lo:hi], board, live, items[order], bin_start, t, p_arrays,
                   categories, cat_of, *part)
            parts.append(part)
            if progress is not None:
                progress(hi * deals.boards_per_deal, deals.trials)
    return exact_result(scenario, deals, parts, categories, start)
