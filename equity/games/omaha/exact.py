"""Exact enumeration for Omaha high: every deal of the players' hands, then every completion of the board.

Deals are listed by :func:`equity.engines.exact.plan` (specific hands, every combo of a range, every hand
of the live cards for a random player), without the suit-symmetry reduction. High and hi-lo share the
kernels: in hi-lo each hand's low is also read, one load per board from
:mod:`equity.evaluators.low`'s table by the low ranks of its hole cards and of the board, and each board
is counted by :func:`equity.engines.showdown._add_split`.

**Preflop.** Each hand of a deal gets a *triple table* (:func:`equity.evaluators.omaha_tables._triple_tables`,
built from the DAG in about 0.3 ms): its best class with every three cards the board can hold. A hand's
value on a board is the minimum over the board's ten triples; the boards are listed card by card in
ascending order, and the minimum over the triples of the first four cards is kept, so the last card
costs each player six loads, from six table rows that the innermost loop reads in ascending order.

**From the flop on** a deal has at most 990 boards, too few to repay a table: each board is walked
once to its row of the pair tables (:class:`equity.evaluators.omaha_tables.PairTables`) and every hand costs a
load per pair of its hole cards (a flop with a random opponent: 85 s with triple tables, a few seconds
so).

Work is cut into items, one per (deal, first card dealt), spread over the threads by their size.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numba import njit, prange, uint64

from equity.engines.parallel import using_threads
from equity.engines.protocol import Spot
from equity.engines.showdown import (
    _add_into,
    _add_outcome,
    _add_split,
    _clear,
    _fold_heads_up,
    _heads_up_case,
    _like,
)
from equity.evaluators.omaha_tables import (
    TRIPLES,
    PairTables,
    _pairs_value,
    _triple_tables,
    _walk_board,
    pair_tables,
)
from equity.games.base import Game
from equity.games.omaha.montecarlo import low_arrays, triple_tables
from equity.tally import Tally

#: Triple tables built at once (about 0.3 MB each).
MAX_TABLES = 64
#: Deals per batch at most when each deal has its own tally row (a hi-lo row is about 10 kB).
MAX_ROWS = 2048
_N = uint64(52)


class EnumerationInputs(NamedTuple):
    """What every item of a batch reads. tabs: int16 (D * P, 52**3), the triple table of player p in
    deal d at row ``d * P + p`` (preflop; else a stand-in); holes: uint8 (D, P, h), the deals; weight:
    float64 (D,); board: uint8 (b,); live: uint8 (m,), ascending, every card not on the board or dead;
    want_cats, cat_of: count categories, by the uint8 (7463,) class -> category table; split and the
    low tables (:func:`equity.games.omaha.montecarlo.low_arrays`); the pair tables' arrays (a tuple of tuples
    cannot cross prange)."""

    tabs: np.ndarray
    holes: np.ndarray
    weight: np.ndarray
    board: np.ndarray
    live: np.ndarray
    want_cats: bool
    cat_of: np.ndarray
    split: bool
    low_bit: np.ndarray
    low_omaha: np.ndarray
    low_possible: np.ndarray
    no_low: int
    pair: np.ndarray
    flush: np.ndarray
    pair_of: np.ndarray
    suited_of: np.ndarray
    three_of: np.ndarray


class Scratch(NamedTuple):
    """One thread's working arrays: b uint64 (5,) the board; hands uint64 (P, h); dk uint64 (m,) the
    cards a deal's boards are made of; vals, m4, lows, hole_mask int64 (P,); pb uint64 (6,) the table
    offsets of a four-card prefix's six pairs; cases int64 (12,) and made int64 (2,), heads-up hi-lo's
    counts (:func:`equity.engines.showdown._heads_up_case`)."""

    b: np.ndarray
    hands: np.ndarray
    dk: np.ndarray
    vals: np.ndarray
    m4: np.ndarray
    lows: np.ndarray
    hole_mask: np.ndarray
    pb: np.ndarray
    cases: np.ndarray
    made: np.ndarray


@njit(inline="always")
def _score_split(vals, lows, hole_mask, board_mask, n_players, low_omaha, low_possible, no_low, want_cats,
                 cat_of, acc):
    """Count one hi-lo board into ``acc``: ``vals`` the high classes, each hand's low from its
    ``hole_mask`` and the ``board_mask``. The per-board loops pass arrays one by one and call
    :func:`~equity.engines.showdown._add_outcome` themselves in high games: the bundles' reference counts,
    or even the tally's, cost more than a board."""
    for p in range(n_players):
        lows[p] = low_omaha[hole_mask[p] * 256 + board_mask]
    _add_split(vals, lows, low_possible[board_mask], no_low, n_players, want_cats, cat_of, acc)


@njit(cache=True)
def _last_card(s, row0, n_players, x, start, m, acc):
    """Boards ``x.b[0..3]`` plus each of ``x.dk[start:m]``, for any table and any counts (the heads-up
    cases are written out in :func:`_item`): the counts, from the triple tables ``s.tabs[row0 + p]``;
    ``x.m4[p]`` is player p's best over the triples of ``b[0..3]``, ``x.pb`` the six pairs' offsets."""
    tabs, b, dk, m4, pb, vals, lows, hole_mask = s.tabs, x.b, x.dk, x.m4, x.pb, x.vals, x.lows, x.hole_mask
    split, low_bit, low_omaha, low_possible, no_low = (s.split, s.low_bit, s.low_omaha, s.low_possible,
                                                       s.no_low)
    want_cats, cat_of, wins, ties, cats = s.want_cats, s.cat_of, acc.wins, acc.ties, acc.cats
    mask4 = 0
    if split:
        for i in range(4):
            mask4 |= s.low_bit[b[i]]
    for j in range(start, m):
        c = dk[j]
        for p in range(n_players):
            v = m4[p]
            for k in range(6):
                v = min(v, np.int64(tabs[row0 + p, pb[k] + c]))
            vals[p] = v
        if split:
            _score_split(vals, lows, hole_mask, mask4 | low_bit[c], n_players, low_omaha, low_possible,
                         no_low, want_cats, cat_of, acc)
        else:
            _add_outcome(vals, n_players, want_cats, cat_of, wins, ties, cats)


@njit(cache=True)
def _triple(tabs, row, a, b, c):
    return np.int64(tabs[row, (a * _N + b) * _N + c])


@njit(inline="always")
def _item(s, t, pairs, row0, m, j0, x, acc):
    """The boards of one item: those whose first dealt card is ``x.dk[j0]`` (all of them with one card or
    none to come), for the hands ``x.hands`` (uint64 (P, h)) and the cards ``x.dk[:m]``. Preflop from
    the triple tables ``s.tabs[row0 + p]``; from the flop on each board is valued by the
    :class:`~equity.evaluators.omaha_tables.PairTables` ``pairs``. Returns the boards counted."""
    n_players, h = x.hands.shape
    b, dk, board = x.b, x.dk, s.board
    n_board = board.shape[0]
    for j in range(n_board):
        b[j] = board[j]
    n = 0
    if n_board >= 3:  # every board by the pair tables; on the flop the turn is dk[j0]
        if n_board == 3:
            b[3] = dk[j0]
        first, last = (j0 + 1, m) if n_board == 3 else (0, m) if n_board == 4 else (0, 1)
        hands, vals, lows, hole_mask = x.hands, x.vals, x.lows, x.hole_mask
        split, low_bit, low_omaha, low_possible, no_low = (s.split, s.low_bit, s.low_omaha, s.low_possible,
                                                           s.no_low)
        want_cats, cat_of, wins, ties, cats = s.want_cats, s.cat_of, acc.wins, acc.ties, acc.cats
        for j in range(first, last):
            if n_board < 5:
                b[4] = dk[j]
            row, w = _walk_board(b, t)
            for p in range(n_players):
                vals[p] = _pairs_value(hands[p], h, pairs, w, row)
            if split:
                board_mask = 0
                for i in range(5):
                    board_mask |= low_bit[b[i]]
                _score_split(vals, lows, hole_mask, board_mask, n_players, low_omaha, low_possible, no_low,
                             want_cats, cat_of, acc)
            else:
                _add_outcome(vals, n_players, want_cats, cat_of, wins, ties, cats)
            n += 1
        return n
    # Preflop, from the triple tables; heads-up without categories the last card's loop is written out
    # here (a call per four-card prefix, with its arrays' reference counts, cost half the time).
    tabs, m4, pb, cases = s.tabs, x.m4, x.pb, x.cases
    split, low_bit, low_omaha, no_low = s.split, s.low_bit, s.low_omaha, s.no_low
    two = n_players == 2 and not s.want_cats
    g0 = tabs[row0]
    g1 = tabs[row0 + 1] if n_players > 1 else g0
    r0 = x.hole_mask[0] * 256
    r1 = x.hole_mask[min(1, n_players - 1)] * 256
    w0 = 0
    w1 = 0
    possible = 0
    made0 = 0
    made1 = 0
    cases[:] = 0
    b[0] = dk[j0]
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
                k = 0
                for i in range(3):
                    for j in range(i + 1, 4):
                        pb[k] = (b[i] * _N + b[j]) * _N
                        k += 1
                n += m - j3 - 1
                if not two:
                    _last_card(s, row0, n_players, x, j3 + 1, m, acc)
                    continue
                mask4 = low_bit[b[0]] | low_bit[b[1]] | low_bit[b[2]] | low_bit[b[3]]
                for j in range(j3 + 1, m):
                    c = dk[j]
                    v0 = min(m4[0], g0[pb[0] + c], g0[pb[1] + c], g0[pb[2] + c], g0[pb[3] + c],
                             g0[pb[4] + c], g0[pb[5] + c])
                    v1 = min(m4[1], g1[pb[0] + c], g1[pb[1] + c], g1[pb[2] + c], g1[pb[3] + c],
                             g1[pb[4] + c], g1[pb[5] + c])
                    if split:  # each board one of 12 outcomes, turned into the halves at the end
                        mask = mask4 | low_bit[c]
                        l0 = np.int64(low_omaha[r0 + mask])
                        l1 = np.int64(low_omaha[r1 + mask])
                        cases[_heads_up_case(v0, v1, l0, l1, no_low)] += 1
                        made0 += l0 != no_low
                        made1 += l1 != no_low
                        possible += s.low_possible[mask]
                    else:
                        w0 += v0 < v1
                        w1 += v1 < v0
    if two and split:
        x.made[0] = made0
        x.made[1] = made1
        _fold_heads_up(cases, x.made, possible, acc)
    elif two:
        acc.wins[0] += w0
        acc.wins[1] += w1
        acc.ties[0, 2] += n - w0 - w1
        acc.ties[1, 2] += n - w0 - w1
    return n


@njit(cache=True)
def _bin(s, items, t, wins, ties, cats, high, low, both, lows, deals, boards_out):
    """Every item ``items[i] = (deal, j0)`` (a deal a row of ``s.holes``) into the weighted tally row of
    the arrays ``wins`` .. ``deals`` (:class:`~equity.tally.Tally`), each deal's counts
    weighted by ``s.weight[deal]``, and the boards counted into ``boards_out`` (int64 (1,))."""
    out = Tally(wins, ties, cats, high, low, both, lows, deals)
    n_deals, n_players, h = s.holes.shape
    x = Scratch(np.empty(5, np.uint64), np.empty((n_players, h), np.uint64),
                np.empty(s.live.shape[0], np.uint64),
                np.empty(n_players, np.int64), np.empty(n_players, np.int64), np.empty(n_players, np.int64),
                np.zeros(n_players, np.int64), np.empty(6, np.uint64), np.zeros(12, np.int64),
                np.zeros(2, np.int64))
    acc = _like(out)
    pairs = PairTables(s.pair, s.flush, s.pair_of, s.suited_of, s.three_of)
    for i in range(items.shape[0]):
        d = items[i, 0]
        used = uint64(0)
        for p in range(n_players):
            x.hole_mask[p] = 0
            for j in range(h):
                x.hands[p, j] = s.holes[d, p, j]
                used |= uint64(1) << uint64(s.holes[d, p, j])
                x.hole_mask[p] |= s.low_bit[s.holes[d, p, j]]
        m = 0
        for c in s.live:
            if not (used >> uint64(c)) & uint64(1):
                x.dk[m] = c
                m += 1
        _clear(acc)
        boards_out[0] += _item(s, t, pairs, d * n_players, m, items[i, 1], x, acc)
        _add_into(out, s.weight[d], acc)


@njit(cache=True, parallel=True)
def _items(s, items, bin_start, t, tally, boards_out):
    """The items ``items[bin_start[k] : bin_start[k + 1]]`` of each bin ``k`` (:func:`_bin`), one bin per
    prange step, into row ``k`` of the weighted ``tally`` (a :class:`~equity.tally.Tally`) and
    of ``boards_out`` (int64 (K, 1)). The prange loop hands the tally's arrays over one by one: a tally
    built inside it took seconds more to compile."""
    wins, ties, cats, high, low, both, lows, deals = tally
    for k in prange(bin_start.shape[0] - 1):
        _bin(s, items[bin_start[k]:bin_start[k + 1]], t, wins[k], ties[k], cats[k], high[k], low[k], both[k],
             lows[k], deals[k], boards_out[k])


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


def enumeration(scenario: Spot, game: Game, deals: Any, categories: bool, per_deal: bool = False):
    """The Omaha enumeration of ``deals`` (a :class:`~equity.engines.exact.Plan`) for
    :func:`equity.engines.exact.enumerate_exact`, its kernels loaded: ``run(n_threads)`` yields
    ``(tally, boards, trials done, rows)`` for each batch of deals; ``per_deal``: a bin of each deal's
    items, so each tally row is one deal's, in the plan's order (and ``rows`` is the tally; else None)."""
    t = game.tables()
    n_players = len(scenario.players)
    board = np.array(scenario.board, np.uint8)
    live = scenario.live
    to_deal = game.board - len(board)
    n = len(deals.orbit)
    m = len(live) - game.hole * sum(1 for p in scenario.holes if p[0] < 0)  # per deal: less the dealt hands
    firsts = max(m - to_deal + 1, 1) if to_deal >= 2 else 1
    per_batch = max(1, MAX_TABLES // n_players) if to_deal == 5 else max(1, 4_000_000 // max(
        1, deals.boards_per_deal * n_players))
    if per_deal:  # a tally row per deal: keep a batch's rows in memory bounded
        per_batch = min(per_batch, MAX_ROWS)
    lows = low_arrays(game.split)
    p_arrays = tuple(pair_tables(t))

    def shared(tabs: np.ndarray, holes: np.ndarray, weight: np.ndarray) -> EnumerationInputs:
        return EnumerationInputs(tabs, holes, weight, board, live, categories, game.category_table(), *lows,
                                 *p_arrays)

    def counts(k: int) -> Tally:
        return Tally.zeros(k, n_players, game.split, np.float64)

    if not _items.overloads:  # load (or compile) the kernels now, so no batch's time includes that
        _items(shared(np.zeros((1, 1), np.int16), deals.holes[:0], deals.weight[:0]),
               np.zeros((0, 2), np.int64), np.zeros(1, np.int64), t, counts(0), np.zeros((0, 1), np.int64))
    if to_deal == 5 and not _triple_tables.overloads:
        _triple_tables(np.zeros((0, game.hole), np.uint64), np.zeros((0, 1), np.uint64),
                       np.zeros(0, np.int64), 0, 0, t, np.zeros((0, TRIPLES), np.int16))

    def run(n_threads: int) -> Iterator[tuple[Tally, int, int]]:
        with using_threads(n_threads):
            yield from batches(n_threads)

    def batches(n_threads: int) -> Iterator[tuple[Tally, int, int]]:
        for lo in range(0, n, per_batch):
            hi = min(n, lo + per_batch)
            holes = np.ascontiguousarray(deals.holes[lo:hi])
            tabs = triple_tables(holes.reshape(-1, game.hole), live, t) if to_deal == 5 else np.zeros(
                (1, 1), np.int16)
            d_idx, j0 = np.divmod(np.arange((hi - lo) * firsts, dtype=np.int64), firsts)
            items = np.stack([d_idx, j0], axis=1)
            left = m - 1 - j0
            sizes = _comb(left, to_deal - 1) if to_deal >= 2 else np.ones(len(items))
            if per_deal:
                order = np.arange(len(items), dtype=np.int64)
                bin_start = np.arange(0, len(items) + 1, firsts, dtype=np.int64)
            else:
                order, bin_start = _bins(sizes, min(len(items), 4 * n_threads))
            k = len(bin_start) - 1
            part, boards = counts(k), np.zeros((k, 1), np.int64)
            _items(shared(tabs, holes, deals.weight[lo:hi]), items[order], bin_start, t, part, boards)
            yield part, int(boards.sum()), hi * deals.boards_per_deal, part if per_deal else None

    return run
