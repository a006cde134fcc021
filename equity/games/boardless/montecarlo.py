"""Monte Carlo for the board-less games (stud, stud hi-lo, razz, the single-draw games).

Per trial every player's missing cards are dealt, each player in seat order, from the cards left
(:func:`~equity.engines.deck._deal_lanes`: the same seeded lanes, swap-with-counter deck and draw
order as every game's kernel). A player's known cards are walked once per chunk; each trial walks the
dealt cards on from there and reads the hand's value (:mod:`equity.games.boardless.scoring`). Trials go
:data:`~equity.engines.deck.LANES` at a time, the walks across the lanes, so their loads overlap.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, uint64

from equity.engines.dealing import base_deal
from equity.engines.deck import LANES, _deal_lanes, _lane_state
from equity.engines.montecarlo import CHUNK
from equity.engines.parallel import run_split
from equity.engines.protocol import Spot
from equity.engines.showdown import (
    _add_into,
    _add_split,
    _fold_heads_up,
    _heads_up_case,
    _like,
    _row,
    _score_lanes,
)
from equity.evaluators.low import NO_LOW
from equity.games.base import Game
from equity.games.boardless.scoring import BADUGI, _add_card, _value
from equity.tally import Tally


@njit(inline="always")
def _known(holes, s):
    """Each player's known cards walked: ``(r, w, known)``, the walk states and the counts (a hand's
    known cards come first in its row of ``holes``, then ``-1`` for each card to come)."""
    n_players, hole = holes.shape
    r0 = np.zeros(n_players, np.uint64)
    w0 = np.zeros(n_players, np.uint64)
    known = np.zeros(n_players, np.int64)
    for p in range(n_players):
        for j in range(hole):
            c = holes[p, j]
            if c >= 0:
                r0[p], w0[p] = _add_card(r0[p], w0[p], uint64(c), s)
                known[p] += 1
    return r0, w0, known


@njit(cache=True, nogil=True)
def _chunks(seed, first, lo, hi, total, d, s, tally):
    """Play chunks ``first + lo .. first + hi - 1`` of a run of ``total`` trials, chunk ``first + ck`` into
    row ``ck`` of ``tally`` (a :class:`~equity.tally.Tally`; split-pot counts when its ``high`` has
    columns): its ``min(CHUNK, total - chunk * CHUNK)`` trials, lane ``j`` from stream ``LANES * chunk +
    j`` of ``seed``. ``nogil``: :func:`run_chunks` runs shares of a batch's chunks on threads.

    d: a :class:`~equity.engines.dealing.Deal` without ranged players: d.holes int16 (P, hole), each
    player's known cards then ``-1`` per card to come; d.live uint8, the cards left. s: a
    :class:`~equity.games.boardless.scoring.ScoreTables`. Assumes a valid scenario.

    Per block, every lane is dealt each player's missing cards, player by player in seat order; then
    each player's cards are walked across the lanes and valued; then the block is scored (a split pot
    heads-up as one of twelve cases per trial, folded into the counts at the end).
    """
    holes, live, want_cats, cat_of = d.holes, d.live, d.want_cats, d.cat_of
    n_players, hole = holes.shape
    split = tally.high.shape[-1] > 0
    by_case = split and n_players == 2 and not want_cats
    r0, w0, known = _known(holes, s)
    n_dealt = n_players * hole - np.sum(known)
    r = np.empty(LANES, np.uint64)
    w = np.empty(LANES, np.uint64)
    values = np.empty((n_players, LANES), np.int32)
    lows = np.empty((n_players, LANES), np.int32)
    best = np.empty(LANES, np.int32)
    n_best = np.empty(LANES, np.int32)
    cards = np.empty(hole, np.int64)
    vals = np.empty(n_players, np.int32)
    lws = np.empty(n_players, np.int32)
    badugi = s.kind == BADUGI
    for ck in range(lo, hi):
        chunk = first + ck
        trials = min(CHUNK, total - chunk * CHUNK)
        row = _row(tally, ck)
        st, decks, dealt, raw = _lane_state(seed, chunk, live, n_dealt, 0)
        cases = np.zeros(12, np.int64)
        made = np.zeros(2, np.int64)
        acc = _like(row)
        for block in range((trials + LANES - 1) // LANES):
            lanes = min(LANES, trials - block * LANES)
            _deal_lanes(st, raw, decks, n_dealt, dealt)
            column = 0
            for p in range(n_players):
                k = known[p]
                for lane in range(LANES):
                    r[lane] = r0[p]
                    w[lane] = w0[p]
                for x in range(column, column + hole - k):  # the dealt cards, across the lanes
                    for lane in range(LANES):
                        r[lane], w[lane] = _add_card(r[lane], w[lane], dealt[x, lane], s)
                for lane in range(lanes):
                    if badugi:
                        for j in range(k):
                            cards[j] = holes[p, j]
                        for j in range(k, hole):
                            cards[j] = dealt[column + j - k, lane]
                    values[p, lane], lows[p, lane] = _value(r[lane], w[lane], cards, s)
                column += hole - k
            if not split:
                _score_lanes(values, lanes, n_players, best, n_best, acc.wins, acc.ties, acc.cats, want_cats,
                             cat_of)
            elif by_case:
                for lane in range(lanes):
                    cases[_heads_up_case(values[0, lane], values[1, lane], lows[0, lane], lows[1, lane],
                                         NO_LOW)] += 1
                    made[0] += lows[0, lane] != NO_LOW
                    made[1] += lows[1, lane] != NO_LOW
            else:
                for lane in range(lanes):
                    for p in range(n_players):
                        vals[p] = values[p, lane]
                        lws[p] = lows[p, lane]
                    _add_split(vals, lws, 1, NO_LOW, n_players, want_cats, cat_of, acc)
        if by_case:
            _fold_heads_up(cases, made, trials, acc)
        _add_into(row, 1, acc)


def run_chunks(seed: np.uint64, first: int, n_chunks: int, total: int, d: Any, s: Any, tally: Tally,
               combo_n: np.ndarray, combos: Tally) -> None:
    """Chunks ``first .. first + n_chunks - 1`` of a run of ``total`` trials into the rows of ``tally``:
    :func:`_chunks` on a share of them on each of numba's threads
    (:func:`~equity.engines.parallel.run_split`); the per-combo arguments are unused (these games play no
    ranges)."""
    def share(lo: int, hi: int) -> None:
        _chunks(seed, first, lo, hi, total, d, s, tally)

    run_split(share, n_chunks)


def prepare(scenario: Spot, game: Game, categories: bool) -> tuple[Any, Any, Any]:
    """``(run_chunks, deal, tables)`` for :func:`equity.engines.montecarlo.simulate`."""
    return run_chunks, base_deal(scenario, game, categories), game.value_tables()
