"""Monte Carlo for hold'em and short deck: the chunk kernel :func:`equity.engines.montecarlo.simulate`
runs for them (:func:`_chunks`).

Trials go in blocks of :data:`~equity.engines.deck.LANES`, trial ``j`` of a block in lane ``j``, which
has its own stream and deck (:mod:`equity.engines.deck`), each stage across the lanes so that the
draws and table loads of independent trials overlap:

- the ranged players' combos are drawn first, together, a row of each joint table
  (:mod:`equity.engines.dealing`), their cards copied into ``dealt`` past the dealt cards (where the
  specific hands' cards sit for the whole chunk) or, with one joint table, read from its rows;
- every lane is dealt the missing board cards and two cards for each random hand in seat order, card
  by card, from the cards nobody holds (:func:`~equity.engines.deck._deal_lanes`,
  :mod:`equity.engines.held_cards`);
- each player's hand is walked: preflop and on the flop, where the CPU has AVX-512 (``Deal.vector``),
  each seat's seven cards as vectors of the sixteen lanes, the board's share once a block
  (:mod:`equity.evaluators.seats`); else the block's boards card by card from the fixed board's state
  (walked once per call; preflop the first three cards in one load of ``rank_three``), then each
  player's two cards on from there (a specific hand's rank class in one load of its row of
  ``Deal.seat_ranks``);
- the block is scored, branch-free.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, uint64

from equity.engines.dealing import _draw_lanes, _draw_one, _pick_lanes, _ranged_state, base_deal
from equity.engines.deck import LANES, _deal_lanes, _lane_state
from equity.engines.held_cards import _deal_rows, _held_state, _hold_lanes, _past_held, _row_decks
from equity.engines.montecarlo import CHUNK
from equity.engines.parallel import run_split
from equity.engines.protocol import Spot
from equity.evaluators.gathers import GATHERS
from equity.evaluators.high import _COUNTS, _MASK, _ONE, _RANKS, _TWO
from equity.evaluators.seats import BOARD_ROWS, _walk_board, _walk_held, _walk_hole
from equity.games.base import Game
from equity.games.holdem.seat_ranks import seat_ranks
from equity.tally import MAX_SPLIT

# A chunk's set-up and its copy out of :func:`_chunks`, compiled on their own and inlined there by LLVM
# (``forceinline``): called instead, the kernel measured 2-5% slower.


@njit(cache=True, forceinline=True)
def _seat_rows(holes, to_deal, n_dealt, dealt):
    """Where each player's two cards are in ``dealt`` (uint8 (rows, LANES)), int64 (P,): a random hand's
    as dealt (past the ``to_deal`` board cards), then each ranged and specific hand's past the ``n_dealt``
    dealt cards; a specific hand's cards are written there, in every lane. holes: as :func:`_chunks`."""
    row_of = np.empty(holes.shape[0], np.int64)
    column = to_deal
    extra = n_dealt
    for p in range(holes.shape[0]):
        if holes[p, 0] == -1:
            row_of[p] = column
            column += 2
        else:
            row_of[p] = extra
            extra += 2
            if holes[p, 0] >= 0:
                dealt[row_of[p], :] = holes[p, 0]
                dealt[row_of[p] + 1, :] = holes[p, 1]
    return row_of


@njit(cache=True, forceinline=True)
def _vector_rows(board, fixed_at, row_of, dealt):
    """Where :func:`~equity.evaluators.seats._walk_board` and :func:`~equity.evaluators.seats._walk_hole`
    find each lane's cards in ``dealt`` (uint64 (rows, LANES)), the fixed board cards written into rows
    ``fixed_at ..`` of it in every lane: ``(board_rows, hole_rows)``, the board's five rows (int64 (5,):
    the fixed cards', then the dealt ones', rows ``0 ..``) and each seat's two (int64 (P, 2), from
    ``row_of``: :func:`_seat_rows`)."""
    board_rows = np.empty(5, np.int64)
    hole_rows = np.empty((row_of.shape[0], 2), np.int64)
    for x in range(board.shape[0]):
        dealt[fixed_at + x, :] = board[x]
    for x in range(5):
        board_rows[x] = fixed_at + x if x < board.shape[0] else x - board.shape[0]
    for p in range(row_of.shape[0]):
        hole_rows[p, 0] = row_of[p]
        hole_rows[p, 1] = row_of[p] + 1
    return board_rows, hole_rows


@njit(cache=True, forceinline=True)
def _board_state(board, rank_step, card_word):
    """The DAG's walk state ``(r, w)`` after the cards of ``board`` (uint8)."""
    r, w = uint64(0), uint64(0)
    for c in board:
        r = uint64(rank_step[r + (c >> _TWO)])
        w += card_word[c]
    return r, w


@njit(cache=True, forceinline=True)
def _chunk_out(ck, wins, ties, cats, tally, combos):
    """A chunk's counts (int64 wins (P,), ties (P, MAX_SPLIT), cats (P, 9, 3)) into row ``ck`` of ``tally``,
    and its per-combo rows of ``combos`` finished: a win alone, counted as a 1-way tie, moved to the wins.
    Copied element by element: an array assigned to a slice makes numba compile the formatting of its
    shape-mismatch message (string joins of the shapes), some 5 s of the first run's 12."""
    wins_out, ties_out, cats_out = tally.wins, tally.ties, tally.cats
    combo_wins, combo_ties = combos.wins, combos.ties
    for p in range(wins.shape[0]):
        wins_out[ck, p] = wins[p]
        for k in range(ties.shape[1]):
            ties_out[ck, p, k] = ties[p, k]
        for x in range(cats.shape[1]):
            for j in range(cats.shape[2]):
                cats_out[ck, p, x, j] = cats[p, x, j]
    for row in range(combo_ties.shape[1]):
        for p in range(wins.shape[0]):
            combo_wins[ck, row, p] += combo_ties[ck, row, p, 1]
            combo_ties[ck, row, p, 1] = 0


@njit(cache=True, nogil=True)
def _chunks(seed, first, lo, hi, total, d, t, tally, combo_n, combos, held, row_cards):
    """Play chunks ``first + lo .. first + hi - 1`` of a run of ``total`` trials, chunk ``first + ck``
    into row ``ck`` of the outputs: its ``min(CHUNK, total - chunk * CHUNK)`` trials, lane ``j`` from
    stream ``LANES * chunk + j`` of ``seed``. ``nogil``: :func:`run_chunks` runs shares of a batch's
    chunks on threads.

    d: a :class:`Deal`. d.holes: int16 (P, 2): a fixed hand's cards, ``(-1, -1)`` for a random hand,
    ``(-2, g)`` for ranged player ``g``. d.board: uint8 (0..5,) fixed board cards. d.live: uint8, every
    card not in a fixed hand, on the board or dead. d.ranged: uint8 (n, 2), the combos of every ranged
    player, player ``g``'s at rows ``ranged_start[g] .. ranged_start[g + 1] - 1`` (int64 (G + 1,)); the
    ranged players' joint tables (:class:`~equity.engines.dealing.Held`) are d.alias_prob .. d.row_cards.
    d.seat_ranks, d.first_five: :func:`~equity.games.holdem.seat_ranks.seat_ranks`. d.cat_of: uint8
    (7463,), class -> category. d.vector: walk as vectors where it may (the module docstring says how the
    trials go). t: the evaluator's :class:`~equity.evaluators.tables.Tables`. A chunk's
    row of ``tally`` (a :class:`~equity.tally.Tally` of int64 rows): its wins (k, P), ties (k, P,
    MAX_SPLIT) and cats (k, P, 9, 3), written when ``d.want_cats``; combo_n int64 (k, C) and the wins
    (k, C, P) and ties (k, C, P, W) of ``combos`` (a Tally), added to: per row of ``d.ranged``, the
    trials where a ranged player held that combo and every player's wins and k-way ties in them
    (:mod:`equity.engines.combo_counts`); C = 0 counts none.
    held: ``d.pmask`` (:func:`~equity.engines.dealing.held_tables`), an argument of its own so that numba
    prunes the ranged players' code when it is None (most of the kernel's compile time). row_cards:
    ``d.row_cards``, likewise: None compiles the path of two or more joint tables, an array that of one.
    Assumes a valid scenario.
    """
    combo_ties = combos.ties
    holes, board, live, ranged_start = d.holes, d.board, d.live, d.ranged_start
    want_cats, cat_of, counted = d.want_cats, d.cat_of, d.counted
    rank_step, rank_last, rank_three = t.rank_step, t.rank_last, t.rank_three
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    n_players = holes.shape[0]
    n_ranged = ranged_start.shape[0] - 1
    r_fixed, w_fixed = _board_state(board, rank_step, card_word)
    to_deal, three = 5 - board.shape[0], board.shape[0] == 0
    ranks_of, first_five = d.seat_ranks, uint64(d.first_five)
    n_five = ranks_of.shape[1]
    n_dealt = to_deal + 2 * np.sum(holes[:, 0] == -1)
    ranged = d.ranged
    n_held = n_ranged * ranged.shape[1]
    lemire, weighted, unit_start, members, unit_of = d.lemire, d.weighted, d.unit_start, d.members, d.unit_of
    alias_prob, alias_idx = d.alias_prob, d.alias_idx
    want_combos = combo_n.shape[1] > 0
    def hand(r, w, a, b):
        """The class of two hole cards ``a``, ``b`` on a five-card board walked to ``r``, ``w`` (a closure:
        numba inlines it, where a jitted helper taking the tables would update their reference counts)."""
        x = w + card_word[a] + card_word[b]
        return min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK],
                   rank_last[uint64(rank_step[r + (a >> _TWO)]) + (b >> _TWO)])

    # Vectors preflop and on the flop; with four or five board cards fixed, walking on from the fixed
    # board's state measured faster (AsKs vs 2 random on a river 13.2 ns a trial against 14.3).
    vector, rank_sorted = d.vector and to_deal >= 2, t.rank_sorted
    fixed_at = n_dealt + 2 * n_players  # the rows of dealt that hold the fixed board cards, in every lane
    scratch = np.empty((BOARD_ROWS, LANES), np.int32)
    r_board = np.empty(LANES, np.uint64)
    w_board = np.empty(LANES, np.uint64)
    values = np.empty((n_players, LANES), np.int32)
    best = np.empty(LANES, np.int32)
    n_best = np.empty(LANES, np.int32)
    for ck in range(lo, hi):
        chunk = first + ck
        trials = min(CHUNK, total - chunk * CHUNK)
        st, decks, dealt, raw = _lane_state(seed, chunk, live, n_dealt, n_held, fixed_at + board.shape[0])
        row_of = _seat_rows(holes, to_deal, n_dealt, dealt)
        if vector:
            board_rows, hole_rows = _vector_rows(board, fixed_at, row_of, dealt)
        if held is not None:  # (pruned when there are no ranged players: none of their code is compiled)
            rr, used, ok, rows, picked = _ranged_state(lemire, weighted, n_ranged)
            if row_cards is None:
                skips, left, acc, cards, identity = _held_state(live, n_held)
            else:
                row_decks, decks8, rows8 = _row_decks(row_cards)
        wins = np.zeros(n_players, np.int64)
        ties = np.zeros((n_players, MAX_SPLIT), np.int64)
        # This chunk's per-combo rows as views, indexed unsigned below (numba checks a signed index for
        # a negative value): counting the hero's combos of 15% vs 15% cost 1.27x the trials' own time
        # through the four-index arrays, 1.16x so.
        n_here, ties_here = combo_n[ck], combo_ties[ck]
        cats = np.zeros((n_players, 9, 3), np.int64)
        for block in range((trials + LANES - 1) // LANES):
            lanes = min(LANES, trials - block * LANES)
            if held is not None:
                if row_cards is None:
                    _draw_lanes(st, rr, used, ok, rows, unit_start, alias_prob, alias_idx, held, lemire,
                                weighted)
                else:
                    _draw_one(st, rr, used, ok, rows, unit_start, alias_prob, alias_idx, held, lemire,
                              weighted)
                if row_cards is None or want_combos:
                    _pick_lanes(rows, picked, members, unit_of)
                if row_cards is None:
                    _hold_lanes(used, n_held, skips, left)
                for p in range(n_players):  # (one joint table: their cards are read from the lanes' rows)
                    if row_cards is None and holes[p, 0] == -2:
                        g, ra = holes[p, 1], row_of[p]
                        for k in range(2):
                            for lane in range(LANES):
                                dealt[ra + k, lane] = ranged[picked[g, lane], k]
            if d.stages < 1:
                continue
            if held is None:
                _deal_lanes(st, raw, decks, n_dealt, dealt)
            elif row_cards is None:
                _deal_lanes(st, raw, decks, n_dealt, dealt)
                _past_held(dealt, n_dealt, skips, acc, cards, identity)
            else:
                _deal_rows(st, raw, row_decks, decks8, n_dealt, dealt, rows8, n_held, live.shape[0], rows)
            if d.stages < 2:
                continue
            if vector:  # each seat's seven cards as vectors, the board's share of the walk once a block
                if d.stages < 3:
                    continue
                _walk_board(dealt, board_rows, scratch)
                for p in range(n_players):
                    if row_cards is not None:
                        if holes[p, 0] == -2:  # a ranged hand, one joint table: its cards from the rows
                            _walk_held(row_cards, rows, 2 * holes[p, 1], p, scratch, values, rank_sorted,
                                       suited_class)
                            continue
                    _walk_hole(dealt, hole_rows, p, scratch, values, rank_sorted, suited_class)
            else:
                if three:  # preflop: the first three board cards' ranks in one load (rank_three, in L1)
                    for lane in range(lanes):
                        a, b, c = dealt[0, lane], dealt[1, lane], dealt[2, lane]
                        at = ((a >> _TWO) * _RANKS + (b >> _TWO)) * _RANKS + (c >> _TWO)
                        r_board[lane] = rank_three[at]
                        w_board[lane] = card_word[a] + card_word[b] + card_word[c]
                else:
                    for lane in range(lanes):
                        r_board[lane] = r_fixed
                        w_board[lane] = w_fixed
                for x in range(3 if three else 0, to_deal):
                    for lane in range(lanes):
                        c = dealt[x, lane]
                        r_board[lane] = rank_step[r_board[lane] + (c >> _TWO)]
                        w_board[lane] += card_word[c]
                if d.stages < 3:
                    continue
                for p in range(n_players):
                    ra = row_of[p]
                    if row_cards is not None:
                        if holes[p, 0] == -2:  # a ranged hand, one joint table: its cards from the rows
                            at = uint64(2 * holes[p, 1])
                            for lane in range(lanes):
                                a, b = uint64(row_decks[lane, at]), uint64(row_decks[lane, at + _ONE])
                                values[p, lane] = hand(r_board[lane], w_board[lane], a, b)
                            continue
                    if holes[p, 0] >= 0 and n_five > 0:  # a specific hand: its rank class in one load
                        mine = ranks_of[p]
                        w_hole = card_word[holes[p, 0]] + card_word[holes[p, 1]]
                        for lane in range(lanes):
                            x = w_board[lane] + w_hole
                            v = mine[uint64(r_board[lane] // _RANKS - first_five)]
                            values[p, lane] = min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK], v)
                        continue
                    for lane in range(lanes):
                        values[p, lane] = hand(r_board[lane], w_board[lane], dealt[ra, lane],
                                               dealt[ra + 1, lane])
            if d.stages < 4:
                continue
            # Scored across the lanes, branch-free (who wins a trial is unpredictable); ties are rarer. The
            # same counting as showdown._score_lanes, written out here: called (inlined or not) it cost this
            # kernel 10-15% of its trials per second (numba 0.68).
            for lane in range(lanes):
                best[lane] = values[0, lane]
                n_best[lane] = 0
            for p in range(1, n_players):
                for lane in range(lanes):
                    best[lane] = min(best[lane], values[p, lane])
            for p in range(n_players):
                for lane in range(lanes):
                    n_best[lane] += values[p, lane] == best[lane]
            for p in range(n_players):
                won = 0
                for lane in range(lanes):
                    won += (values[p, lane] == best[lane]) & (n_best[lane] == 1)
                wins[p] += won
            for lane in range(lanes):
                if n_best[lane] > 1:
                    for p in range(n_players):
                        ties[p, n_best[lane]] += values[p, lane] == best[lane]
            if want_cats:
                for lane in range(lanes):
                    for p in range(n_players):
                        x = cat_of[values[p, lane]]
                        cats[p, x, 0] += 1
                        if values[p, lane] == best[lane]:
                            cats[p, x, 1 if n_best[lane] == 1 else 2] += 1
            # Per combo, branch-free: a win alone counts as a 1-way tie here, moved to the wins after.
            if held is not None and want_combos:
                for g in range(n_ranged):
                    if not counted[g]:
                        continue
                    for lane in range(lanes):
                        row = uint64(picked[g, lane])
                        n_here[row] += 1
                        k = uint64(n_best[lane])
                        for p in range(n_players):
                            ties_here[row, uint64(p), k] += values[p, lane] == best[lane]
        _chunk_out(ck, wins, ties, cats, tally, combos)


def run_chunks(seed: np.uint64, first: int, n_chunks: int, total: int, d: Any, t: Any, tally: Any,
               combo_n: np.ndarray, combos: Any) -> None:
    """Chunks ``first .. first + n_chunks - 1`` of a run of ``total`` trials into the rows of ``tally``
    (a :class:`~equity.tally.Tally`), and the per-combo counts into the rows of ``combo_n``
    (int64 (chunks, C)) and ``combos`` (a Tally with axes (chunks, C, ..)): :func:`_chunks` on a share of
    them on each of numba's threads (:func:`~equity.engines.parallel.run_split`)."""
    def share(lo: int, hi: int) -> None:
        _chunks(seed, first, lo, hi, total, d, t, tally, combo_n, combos, d.pmask, d.row_cards)

    run_split(share, n_chunks)


def prepare(scenario: Spot, game: Game, categories: bool, stages: int = 4) -> tuple[Any, Any, Any]:
    """``(run_chunks, deal, tables)`` for :func:`equity.engines.montecarlo.simulate`."""
    t = game.tables()
    d = base_deal(scenario, game, categories, stages)
    ranks, first = seat_ranks(d.holes, game, t)
    return run_chunks, d._replace(seat_ranks=ranks, first_five=first, vector=GATHERS), t
