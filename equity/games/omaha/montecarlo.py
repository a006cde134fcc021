"""Monte Carlo for Omaha high and hi-lo (4, 5 or 6 hole cards): the chunk kernel
:func:`equity.engines.montecarlo.simulate` runs for them.

The draws follow every kernel's order and lanes (:mod:`equity.engines.dealing`, :mod:`equity.engines.deck`):
in each lane the ranged players' combos first, then the missing board cards, then each random hand's
cards in seat order, a block of :data:`~equity.engines.deck.LANES` trials at a time, lane ``j`` of chunk
``k`` from the stream ``(seed, LANES * k + j)``; the block's trials are then scored one after the other.
So a seed and a trial count fix the numbers, whatever the thread count, and a hi-lo game deals exactly
the cards its high game deals from the same seed.

**High hands.** A player with a specific hand is scored from a *triple table*
(:func:`equity.evaluators.omaha_tables._triple_tables`): built once per run from the DAG, it holds the
hand's best class with every three cards the board can hold, so the hand's value on a board is the
minimum of ten table loads. A random or ranged hand changes every trial: the board is walked once per
trial to its row of the pair tables (:class:`equity.evaluators.omaha_tables.PairTables`), and each such
hand costs one load per pair of its hole cards.

**Low hands** (hi-lo): a hand's low is one load, ``omaha[hole mask * 256 + board mask]``
(:mod:`equity.evaluators.low`), the masks being the low ranks of its hole cards and of the board.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit, prange, uint64

from equity.engines.dealing import _draw_lanes, _draw_one, _pick_lanes, _ranged_state, base_deal
from equity.engines.deck import LANES, _deal_lanes, _lane_state
from equity.engines.held_cards import _deal_rows, _held_state, _hold_lanes, _past_held, _row_decks
from equity.engines.montecarlo import CHUNK
from equity.engines.parallel import run_split
from equity.engines.protocol import Spot
from equity.engines.showdown import _add_into, _add_outcome, _add_split, _like
from equity.evaluators.omaha_tables import (
    TRIPLES,
    PairTables,
    _pairs_value,
    _triple_tables,
    _walk_board,
    pair_tables,
)
from equity.games.base import Game
from equity.tally import Tally

_TWO = uint64(2)


class OmahaDeal(NamedTuple):
    """:class:`equity.engines.dealing.Deal`'s arrays with ``hole`` cards per hand, then the triple tables:
    ``tables`` int16 (F, 52**3), one per player with a specific hand, ``table_of`` int64 (P,) the row of
    each player's table, or -1; the arrays of the :class:`~equity.evaluators.omaha_tables.PairTables` (a
    tuple within a tuple cannot cross numba's prange); ``split`` (hi-lo) and the arrays of the
    :class:`~equity.evaluators.low.LowTables` (``no_low`` their value of no low); ``counted`` and the
    held tables (``pmask`` .. ``row_cards``) as :class:`~equity.engines.dealing.Deal`'s."""

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
    split: bool
    low_bit: np.ndarray
    low_omaha: np.ndarray
    low_possible: np.ndarray
    no_low: int
    counted: np.ndarray
    pmask: np.ndarray | None
    lemire: np.ndarray | None
    weighted: np.ndarray | None
    unit_start: np.ndarray | None
    members: np.ndarray | None
    unit_of: np.ndarray | None
    row_cards: np.ndarray | None


@njit(cache=True)
def _chunk_omaha(seed, chunk, trials, d, t, wins, ties, cats, high, low, both, lows, deals, combo_n, c_wins,
                 c_ties, c_cats, c_high, c_low, c_both, c_lows, c_deals, held, row_cards):
    """Play chunk ``chunk``'s ``trials`` Omaha trials into one row of a
    :class:`~equity.tally.Tally`, its arrays ``wins`` .. ``deals`` (as
    :func:`equity.games.holdem.montecarlo._chunks`, whose arrays these are, with ``hole`` cards per hand), and
    per combo of ``d.ranged`` into ``combo_n`` (int64 (C,)) and the C rows of the tally arrays ``c_wins``
    .. ``c_deals`` (:mod:`equity.engines.combo_counts`; C = 0 counts none). ``held``: ``d.pmask``, None
    without ranged players, so that numba prunes their code.

    Its tally arrays one by one: it is what the prange body of :func:`_run_chunks_omaha` calls, where a
    tally built from the rows made that driver take 14 s to compile (the one place a kernel here takes
    more than twelve arguments: at the prange boundary)."""
    out = Tally(wins, ties, cats, high, low, both, lows, deals)
    combos = Tally(c_wins, c_ties, c_cats, c_high, c_low, c_both, c_lows, c_deals)
    holes, board, live, ranged_start = d.holes, d.board, d.live, d.ranged_start
    want_cats, cat_of = d.want_cats, d.cat_of
    tables, table_of = d.tables, d.table_of
    split, low_bit, low_omaha, no_low = d.split, d.low_bit, d.low_omaha, d.no_low
    pairs = PairTables(d.pair, d.flush, d.pair_of, d.suited_of, d.three_of)
    n_players, h = holes.shape
    n_ranged = ranged_start.shape[0] - 1
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
    fixed_mask = np.zeros(n_players, np.int64)  # the low ranks of each specific hand
    for p in range(n_players):
        if holes[p, 0] >= 0:
            for j in range(h):
                fixed_mask[p] |= low_bit[holes[p, j]]
    ranged = d.ranged
    n_held = n_ranged * ranged.shape[1]
    st, decks, dealt, raw = _lane_state(seed, chunk, live, n_dealt, n_held)
    picked = np.zeros((1, LANES), np.int64)  # (typed in both compilations; read only with ranged players)
    if held is not None:  # (pruned when there are no ranged players: none of their code is compiled)
        rr, used, ok, rows, picked = _ranged_state(d.lemire, d.weighted, n_ranged)
        if row_cards is None:
            skips, left, acc_held, cards, identity = _held_state(live, n_held)
        else:
            row_decks, decks8, rows8 = _row_decks(row_cards)
        unit_start, alias_prob, alias_idx, members, unit_of = (d.unit_start, d.alias_prob, d.alias_idx,
                                                               d.members, d.unit_of)
        lemire, weighted = d.lemire, d.weighted
    want_combos = combo_n.shape[0] > 0
    hand = np.empty(h, np.uint64)
    values = np.empty(n_players, np.int64)
    lows = np.empty(n_players, np.int64)
    acc = _like(out)
    for block in range((trials + LANES - 1) // LANES):
        if held is not None:
            if row_cards is None:
                _draw_lanes(st, rr, used, ok, rows, unit_start, alias_prob, alias_idx, held, lemire, weighted)
                _hold_lanes(used, n_held, skips, left)
            else:
                _draw_one(st, rr, used, ok, rows, unit_start, alias_prob, alias_idx, held, lemire, weighted)
            _pick_lanes(rows, picked, members, unit_of)
        if held is None:
            _deal_lanes(st, raw, decks, n_dealt, dealt)
        elif row_cards is None:
            _deal_lanes(st, raw, decks, n_dealt, dealt)
            _past_held(dealt, n_dealt, skips, acc_held, cards, identity)
        else:
            _deal_rows(st, raw, row_decks, decks8, n_dealt, dealt, rows8, n_held, live.shape[0], rows)
        for lane in range(min(LANES, trials - block * LANES)):
            for j in range(to_deal):
                b[n_board + j] = dealt[j, lane]
            row, w = np.int64(0), uint64(0)
            if walk:
                row, w = _walk_board(b, t)
            board_mask = 0
            if split:
                for j in range(5):
                    board_mask |= low_bit[b[j]]
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
                    hole_mask = fixed_mask[p]
                else:
                    if holes[p, 0] == -1:
                        for j in range(h):
                            hand[j] = dealt[column + j, lane]
                        column += h
                    else:
                        for j in range(h):
                            hand[j] = ranged[picked[holes[p, 1], lane], j]
                    v = np.int64(_pairs_value(hand, h, pairs, w, row))
                    hole_mask = 0
                    if split:
                        for j in range(h):
                            hole_mask |= low_bit[hand[j]]
                values[p] = v
                if split:
                    lows[p] = low_omaha[hole_mask * 256 + board_mask]
            possible = d.low_possible[board_mask] if split else 0
            if split:
                _add_split(values, lows, possible, no_low, n_players, want_cats, cat_of, acc)
            else:
                _add_outcome(values, n_players, want_cats, cat_of, acc.wins, acc.ties, acc.cats)
            if held is not None and want_combos:
                for g in range(n_ranged):
                    if not d.counted[g]:
                        continue
                    row = picked[g, lane]
                    combo_n[row] += 1
                    if split:
                        one = Tally(combos.wins[row], combos.ties[row], combos.cats[row], combos.high[row],
                                    combos.low[row], combos.both[row], combos.lows[row], combos.deals[row])
                        _add_split(values, lows, possible, no_low, n_players, False, cat_of, one)
                    else:
                        _add_outcome(values, n_players, False, cat_of, combos.wins[row], combos.ties[row],
                                     combos.cats[row])
    _add_into(out, 1, acc)


@njit(cache=True, parallel=True)
def _run_chunks_omaha(seed, first, n_chunks, total, d, t, tally, combo_n, combos):
    """Chunks ``first .. first + n_chunks - 1`` of a run of ``total`` trials, one per prange step, into
    the rows of ``tally`` (a :class:`~equity.tally.Tally`), and the per-combo counts into the
    rows of ``combo_n`` (int64 (chunks, C)) and ``combos`` (a Tally with axes (chunks, C, ..)). The
    prange loop takes its arrays one by one: a tally built inside it made this wrapper take 14 s to
    compile."""
    wins, ties, cats, high, low, both, lows, deals = tally
    c_wins, c_ties, c_cats, c_high, c_low, c_both, c_lows, c_deals = combos
    for j in prange(n_chunks):
        k = first + j
        _chunk_omaha(seed, k, min(CHUNK, total - k * CHUNK), d, t, wins[j], ties[j], cats[j], high[j], low[j],
                     both[j], lows[j], deals[j], combo_n[j], c_wins[j], c_ties[j], c_cats[j], c_high[j],
                     c_low[j], c_both[j], c_lows[j], c_deals[j], d.pmask, d.row_cards)


def triple_tables(hands: np.ndarray, board_cards: np.ndarray, t: Any) -> np.ndarray:
    """int16 (F, 52**3): the triple table of each hand (rows of ``hands``) over the cards of
    ``board_cards`` it does not hold; shares of the hands on numba's threads
    (:func:`~equity.engines.parallel.run_split`)."""
    hands = np.ascontiguousarray(hands, np.uint64)
    out = np.empty((len(hands), TRIPLES), np.int16)
    if len(hands):
        board_cards = np.sort(np.asarray(board_cards, np.uint64))
        keep = ~(board_cards[None, :, None] == hands[:, None, :]).any(axis=2)
        lengths = keep.sum(axis=1).astype(np.int64)
        cards = np.zeros((len(hands), board_cards.shape[0]), np.uint64)
        for f in range(len(hands)):
            cards[f, :lengths[f]] = board_cards[keep[f]]
        run_split(lambda lo, hi: _triple_tables(hands, cards, lengths, lo, hi, t, out), len(hands))
    return out


def low_arrays(split: bool) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, int]:
    """``(split, low_bit, omaha, possible, no_low)`` as the Omaha kernels take them: the low tables of
    :mod:`equity.evaluators.low` in a hi-lo game, empty stand-ins (never read) in a high one."""
    from equity.evaluators.low import NO_LOW, low_tables

    if not split:
        return False, np.zeros(52, np.uint8), np.zeros(1, np.uint8), np.zeros(256, np.uint8), NO_LOW
    lt = low_tables()
    return True, lt.low_bit, lt.omaha, lt.possible, NO_LOW


def prepare(scenario: Spot, game: Game, categories: bool) -> tuple[Any, OmahaDeal, Any]:
    """``(run_chunks, deal, tables)`` for :func:`equity.engines.montecarlo.simulate`."""
    t = game.tables()
    d = base_deal(scenario, game, categories)
    holes = scenario.holes
    fixed = [p for p in range(len(holes)) if holes[p, 0] >= 0]
    table_of = np.full(len(holes), -1, np.int64)
    table_of[fixed] = np.arange(len(fixed))
    tables = triple_tables(holes[fixed], np.concatenate([d.board, d.live]), t)
    return _run_chunks_omaha, OmahaDeal(*d[:9], tables, table_of, *pair_tables(t), *low_arrays(game.split),
                                         d.counted, *d[11:18]), t
