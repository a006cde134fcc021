"""Exact counts per completion of the board, for Omaha high and hi-lo: the runouts' primitive.

As :mod:`equity.games.holdem.runouts`: every (deal, board) from a flop or a turn is counted, weighted, into
the row of the cards the board adds (row ``c`` from a turn, ``52 * c1 + c2`` from a flop). Each board is
walked once to its row of the pair tables (:class:`equity.evaluators.omaha_tables.PairTables`) and each
hand costs a load per pair of its hole cards, as in :mod:`equity.games.omaha.exact` from the flop on; in
hi-lo each hand's low is one load from :mod:`equity.evaluators.low`'s table.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, uint64

from equity.engines.parallel import run_split
from equity.engines.protocol import Spot
from equity.engines.showdown import _add_into, _add_outcome, _add_split, _clear, _like, _row
from equity.evaluators.omaha_tables import PairTables, _pairs_value, _walk_board, pair_tables
from equity.games.base import Game
from equity.games.omaha.montecarlo import low_arrays
from equity.tally import Tally


@njit(cache=True, nogil=True)
def _boards(holes, weight, bounds, board, live, t, pt, lows_of, per_card, blocks, mass_of):
    """Every board of each deal into the row of its added cards (with ``per_card``, from a flop: into the
    rows of each of its two added cards), the deals ``bounds[j] .. bounds[j + 1] - 1`` into block ``j`` of
    the outputs. ``nogil``: :func:`board_rows` runs shares of the blocks on threads.

    holes: uint8 (n, P, h); weight: float64 (n,); bounds: int64 (J + 1,), ascending; board: uint8 (3,) or
    (4,); live: uint8 (m,) ascending, the cards not on the board or dead; t: the evaluator's tables; pt:
    the :class:`~equity.evaluators.omaha_tables.PairTables`; lows_of: ``(split, low_bit, omaha, possible,
    no_low)`` (:func:`equity.games.omaha.montecarlo.low_arrays`). Added to: the weighted
    :class:`~equity.tally.Tally` ``blocks`` with axes (J, K, ..) (ties of P + 1 ways, ``cats`` empty)
    and mass_of float64 (J, K), each row's deal weight.
    """
    split, low_bit, low_omaha, low_possible, no_low = lows_of
    n_deals, n_players, h = holes.shape
    two = board.shape[0] == 3
    deck = np.empty(max(live.shape[0], 1), np.uint64)
    hands = np.empty((n_players, h), np.uint64)
    hole_mask = np.zeros(n_players, np.int64)
    vals = np.empty(n_players, np.int64)
    lo = np.empty(n_players, np.int64)
    b = np.empty(5, np.uint64)
    for j in range(board.shape[0]):
        b[j] = board[j]
    for blk in range(bounds.shape[0] - 1):
        tally, mass = _row(blocks, blk), mass_of[blk]
        acc = _like(_row(tally, 0))
        for i in range(bounds[blk], bounds[blk + 1]):
            used = uint64(0)
            for p in range(n_players):
                hole_mask[p] = 0
                for j in range(h):
                    c = holes[i, p, j]
                    hands[p, j] = c
                    used |= uint64(1) << uint64(c)
                    hole_mask[p] |= low_bit[c]
            m = 0
            for c in live:
                if not (used >> uint64(c)) & uint64(1):
                    deck[m] = c
                    m += 1
            wt = weight[i]
            for j1 in range(m if not two else m - 1):
                if two:
                    b[3] = deck[j1]
                first, last = (j1 + 1, m) if two else (j1, j1 + 1)
                for j2 in range(first, last):
                    b[4] = deck[j2]
                    if two and per_card:
                        key, other = np.int64(b[3]), np.int64(b[4])
                    elif two:
                        key, other = np.int64(b[3]) * 52 + np.int64(b[4]), np.int64(-1)
                    else:
                        key, other = np.int64(b[4]), np.int64(-1)
                    row, w = _walk_board(b, t)
                    for p in range(n_players):
                        vals[p] = _pairs_value(hands[p], h, pt, w, row)
                    _clear(acc)
                    if split:
                        board_mask = 0
                        for x in range(5):
                            board_mask |= low_bit[b[x]]
                        for p in range(n_players):
                            lo[p] = low_omaha[hole_mask[p] * 256 + board_mask]
                        _add_split(vals, lo, low_possible[board_mask], no_low, n_players, False, low_bit, acc)
                    else:
                        _add_outcome(vals, n_players, False, low_bit, acc.wins, acc.ties, acc.cats)
                    _add_into(_row(tally, key), wt, acc)
                    mass[key] += wt
                    if other >= 0:
                        _add_into(_row(tally, other), wt, acc)
                        mass[other] += wt


def board_rows(scenario: Spot, game: Game, deals: Any, n_threads: int,
               per_card: bool = False) -> tuple[Tally, np.ndarray]:
    """As :func:`equity.games.holdem.runouts.board_rows`, for Omaha high and hi-lo (the tally's split-pot
    arrays filled in hi-lo)."""
    t = game.tables()
    n_players = len(scenario.players)
    board = np.array(scenario.board, np.uint8)
    keys = 52 if len(board) == 4 or per_card else 52 * 52
    n = len(deals.weight)
    n_chunks = max(1, min(n, 4 * n_threads))
    bounds = np.linspace(0, n, n_chunks + 1).astype(np.int64)
    blocks = Tally(*(np.zeros((n_chunks, *x.shape)) for x in Tally.zeros(
        keys, n_players, game.split, np.float64, ways=n_players + 1, categories=False)))
    mass = np.zeros((n_chunks, keys))
    live = np.asarray(scenario.live, np.uint8)
    pt, lows = PairTables(*pair_tables(t)), low_arrays(game.split)

    def share(lo: int, hi: int) -> None:
        _boards(deals.holes, deals.weight, bounds[lo:hi + 1], board, live, t, pt, lows, per_card,
                Tally(*(x[lo:hi] for x in blocks)), mass[lo:hi])

    run_split(share, n_chunks, n_threads)
    return Tally(*(x.sum(axis=0) for x in blocks)), mass.sum(axis=0)
