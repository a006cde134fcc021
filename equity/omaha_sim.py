"""Monte Carlo for Omaha high (4, 5 or 6 hole cards): the hold'em engine's streams, chunks and stops.

:func:`equity.simulate.simulate` runs the chunks; this module gives it the Omaha kernel and what it
deals from (:func:`prepare`). The draws follow the hold'em kernel's order and lanes
(:mod:`equity.deck`): in each lane the ranged players' combos first (a draw where two collide is drawn
again whole), then the missing board cards, then each random hand's cards in seat order (a draw that
lands on a ranged player's card is drawn again), a block of :data:`~equity.deck.LANES` trials at a time,
lane ``j`` of chunk ``k`` from the stream ``(seed, LANES * k + j)``; the block's trials are then scored
one after the other. So a seed and a trial count fix the numbers, whatever the thread count.

**Per trial.** A player with a specific hand is scored from a *triple table*
(:func:`equity.omaha_kernels._triple_table`): built once per run from the DAG, it holds the hand's best class
with every three cards the board can hold, so the hand's value on a board is the minimum of ten table
loads. A random or ranged hand changes every trial: the board is walked once per trial to its row of the
pair tables (:class:`equity.omaha_kernels.PairTables`), and each such hand costs one load per pair of
its hole cards.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange, uint64

from .deck import LANES, _deal_lanes, _lane_state
from .omaha_kernels import TRIPLES, PairTables, _pairs_value, _triple_table, _walk_board, pair_tables
from .result import MAX_SPLIT, _add_outcome
from .scenario import Scenario
from .simulate import CHUNK, Deal, _draw_ranged

_TWO = uint64(2)


class OmahaDeal(NamedTuple):
    """:class:`equity.simulate.Deal`'s arrays with ``hole`` cards per hand, and the triple tables:
    ``tables`` int16 (F, 52**3), one per player with a specific hand, ``table_of`` int64 (P,) the row of
    each player's table, or -1; then the arrays of the :class:`~equity.omaha_kernels.PairTables` (a
    tuple within a tuple cannot cross numba's prange)."""

    holes: np.ndarray
    board: np.ndarray
    live: np.ndarray
    ranged: np.ndarray
    ranged_start: np.ndarray
    alias_prob: np.ndarray
    alias_idx: np.ndarray
    want_cats: bool
    cat_of: np.ndarray
    tables: np.ndarray
    table_of: np.ndarray
    pair: np.ndarray
    flush: np.ndarray
    pair_of: np.ndarray
    suited_of: np.ndarray
    three_of: np.ndarray


@njit(cache=True)
def _chunk_omaha(seed, chunk, trials, d, t, wins_out, ties_out, cats_out):
    """Play chunk ``chunk``'s ``trials`` Omaha trials; write the counts (as
    :func:`equity.simulate._chunk`, whose arrays these are, with ``hole`` cards per hand)."""
    holes, board, live, ranged_start = d.holes, d.board, d.live, d.ranged_start
    want_cats, cat_of = d.want_cats, d.cat_of
    tables, table_of = d.tables, d.table_of
    pairs = PairTables(d.pair, d.flush, d.pair_of, d.suited_of, d.three_of)
    n_players, h = holes.shape
    n_ranged = ranged_start.shape[0] - 1
    n_live = live.shape[0]
    n_board = board.shape[0]
    to_deal = 5 - n_board
    n_random = 0
    walk = False
    for p in range(n_players):
        n_random += holes[p, 0] == -1
        walk |= table_of[p] < 0
    n_dealt = to_deal + h * n_random
    b = np.empty(5, np.uint64)
    for j in range(n_board):
        b[j] = board[j]
    st, decks, masks, dealt, raw = _lane_state(seed, chunk, live, n_dealt)
    held = np.empty((LANES, max(n_ranged, 1), h), np.uint64)
    hand = np.empty(h, np.uint64)
    values = np.empty(n_players, np.int64)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, 9, 3), np.int64)
    for block in range((trials + LANES - 1) // LANES):
        for lane in range(LANES if n_ranged else 0):
            masks[lane], st[0, lane], st[1, lane], st[2, lane], st[3, lane] = _draw_ranged(
                st[0, lane], st[1, lane], st[2, lane], st[3, lane], d, held[lane])
        _deal_lanes(st, raw, decks, n_live - 1, n_dealt, dealt, masks, n_ranged > 0)
        for lane in range(min(LANES, trials - block * LANES)):
            for j in range(to_deal):
                b[n_board + j] = dealt[j, lane]
            row, w = np.int64(0), uint64(0)
            if walk:
                row, w = _walk_board(b, t)
            column = to_deal
            for p in range(n_players):
                if table_of[p] >= 0:
                    g3 = tables[table_of[p]]
                    v = np.int64(0x7FFF)
                    for i in range(3):
                        for j in range(i + 1, 4):
                            base = (b[i] * uint64(52) + b[j]) * uint64(52)
                            for u in range(j + 1, 5):
                                v = min(v, np.int64(g3[base + b[u]]))
                else:
                    if holes[p, 0] == -1:
                        for j in range(h):
                            hand[j] = dealt[column + j, lane]
                        column += h
                    else:
                        for j in range(h):
                            hand[j] = held[lane, holes[p, 1], j]
                    v = np.int64(_pairs_value(hand, h, pairs, w, row))
                values[p] = v
            _add_outcome(values, n_players, want_cats, cat_of, wins, ties, cats)
    wins_out[:] = wins
    ties_out[:, :] = ties
    cats_out[:, :, :] = cats


@njit(cache=True, parallel=True)
def _run_chunks_omaha(seed, first, n_chunks, total, d, t, wins, ties, cats):
    """Chunks ``first .. first + n_chunks - 1`` of a run of ``total`` trials, one per prange step."""
    for j in prange(n_chunks):
        k = first + j
        _chunk_omaha(seed, k, min(CHUNK, total - k * CHUNK), d, t, wins[j], ties[j], cats[j])


@njit(cache=True, parallel=True)
def _triple_tables(hands, cards, lengths, t, out):
    """:func:`equity.omaha_kernels._triple_table` of each row of ``hands`` (uint64 (F, h)) into
    ``out[f]`` (int16 (F, 52**3)), over ``cards[f, :lengths[f]]`` (uint64, ascending): the cards the
    board can hold that are not in the hand; on all threads."""
    for f in prange(hands.shape[0]):
        _triple_table(hands[f], cards[f, :lengths[f]], t, out[f])


def triple_tables(hands: np.ndarray, board_cards: np.ndarray, t) -> np.ndarray:
    """int16 (F, 52**3): the triple table of each hand (rows of ``hands``) over the cards of
    ``board_cards`` it does not hold."""
    hands = np.ascontiguousarray(hands, np.uint64)
    out = np.empty((len(hands), TRIPLES), np.int16)
    if len(hands):
        board_cards = np.sort(np.asarray(board_cards, np.uint64))
        keep = ~(board_cards[None, :, None] == hands[:, None, :]).any(axis=2)
        lengths = keep.sum(axis=1).astype(np.int64)
        cards = np.zeros((len(hands), board_cards.shape[0]), np.uint64)
        for f in range(len(hands)):
            cards[f, :lengths[f]] = board_cards[keep[f]]
        _triple_tables(hands, cards, lengths, t, out)
    return out


def prepare(scenario: Scenario, d: Deal, t) -> tuple[object, OmahaDeal]:
    """The Omaha kernel and what it deals from, for :func:`equity.simulate.simulate`."""
    holes = scenario.holes
    fixed = [p for p in range(len(holes)) if holes[p, 0] >= 0]
    table_of = np.full(len(holes), -1, np.int64)
    table_of[fixed] = np.arange(len(fixed))
    tables = triple_tables(holes[fixed], np.concatenate([d.board, d.live]), t)
    return _run_chunks_omaha, OmahaDeal(*d[:9], tables, table_of, *pair_tables(t))
