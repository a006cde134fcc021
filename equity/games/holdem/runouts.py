"""Exact counts per completion of the board, for hold'em and short deck: the runouts' primitive.

From a flop or a turn each deal's boards add one or two cards. Every (deal, board) is counted, weighted
by the deal's weight, into the row of its board's added cards: row ``c`` for one card (from the
turn), row ``52 * c1 + c2`` (``c1 < c2``) for two (from the flop), or, asked per card, rows ``c1`` and
``c2`` both (the turn's equities from the flop: each card's row holds every board it is in). The walk
is the enumeration's (:mod:`equity.games.holdem.exact`): each player's hole cards and the fixed board
are walked once per deal, a turn card adds a rank step, the river a load from the six-card state's row;
the flush part is read from the suit word as in every seven-card evaluation, where a player's six
cards hold four of a suit (else no river can make a flush).
:func:`equity.engines.runout_rows.board_rows` turns the rows into what the runouts need.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, uint64

from equity.engines.parallel import run_split
from equity.engines.protocol import Spot
from equity.evaluators.high import _COUNTS, _MASK, _TWO
from equity.games.base import Game
from equity.tally import Tally

#: The high bit of each suit's 3-bit count in a suit word's counts: set where a suit has four or more.
_FOURS = uint64(0x924)


@njit(inline="always")
def _deck_of(hands, live, deck):
    """Fill ``deck`` (uint64) with the cards of ``live`` no hand of ``hands`` (uint8 (P, 2)) holds, in
    order; returns how many."""
    used = uint64(0)
    for p in range(hands.shape[0]):
        used |= uint64(1) << uint64(hands[p, 0])
        used |= uint64(1) << uint64(hands[p, 1])
    m = 0
    for c in live:
        if not (used >> uint64(c)) & uint64(1):
            deck[m] = c
            m += 1
    return m


@njit(inline="always")
def _walk_hand(board, hole, t):
    """The walk state ``(r, w)`` of ``board`` and ``hole``'s two cards."""
    rank_step, card_word = t.rank_step, t.card_word
    r = uint64(0)
    w = uint64(0)
    for j in range(board.shape[0]):
        r = uint64(rank_step[r + (board[j] >> _TWO)])
        w += card_word[board[j]]
    for j in range(2):
        r = uint64(rank_step[r + (hole[j] >> _TWO)])
        w += card_word[hole[j]]
    return r, w


@njit(cache=True)
def _heads_up_per_card(holes, weight, board, live, t, wins, ties, mass):
    """:func:`_boards` for two players from a flop, per card: both players' states in registers, the
    outcome without branches, and a deal's wins counted per card in integers, weighted once at the end
    of the deal (each card is in ``m - 1`` of its boards, the ties the rest): two integer adds a board
    where five weighted adds took 30% longer on AsKs vs 15%."""
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    deck = np.empty(max(live.shape[0], 1), np.uint64)
    won_a = np.zeros(52, np.int64)  # per card: the deal's boards with it that each player wins
    won_b = np.zeros(52, np.int64)
    for i in range(holes.shape[0]):
        m = _deck_of(holes[i], live, deck)
        ra, wa = _walk_hand(board, holes[i, 0], t)
        rb, wb = _walk_hand(board, holes[i, 1], t)
        for j1 in range(m - 1):
            c1 = deck[j1]
            ra1, wa1 = uint64(rank_step[ra + (c1 >> _TWO)]), wa + card_word[c1]
            rb1, wb1 = uint64(rank_step[rb + (c1 >> _TWO)]), wb + card_word[c1]
            fa = (wa1 >> _COUNTS) & _FOURS != 0  # a flush needs four of a suit among the six cards
            fb = (wb1 >> _COUNTS) & _FOURS != 0
            turn_a = turn_b = 0
            for j2 in range(j1 + 1, m):
                c = deck[j2]
                k = c >> _TWO  # written out: as an inlined function this loop ran at half the speed
                va = np.int64(rank_last[ra1 + k])
                vb = np.int64(rank_last[rb1 + k])
                if fa:
                    y = wa1 + card_word[c]
                    va = min(np.int64(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK]), va)
                if fb:
                    y = wb1 + card_word[c]
                    vb = min(np.int64(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK]), vb)
                a, b = np.int64(va < vb), np.int64(vb < va)
                won_a[c] += a
                won_b[c] += b
                turn_a += a
                turn_b += b
            won_a[c1] += turn_a
            won_b[c1] += turn_b
        wt = weight[i]
        for j in range(m):
            c = np.int64(deck[j])
            tied = wt * (m - 1 - won_a[c] - won_b[c])
            wins[c, 0] += wt * won_a[c]
            wins[c, 1] += wt * won_b[c]
            ties[c, 0, 2] += tied
            ties[c, 1, 2] += tied
            mass[c] += wt * (m - 1)
            won_a[c] = 0
            won_b[c] = 0


@njit(cache=True, nogil=True)
def _boards(holes, weight, bounds, lo, hi, board, live, t, per_card, wins_of, ties_of, mass_of):
    """Every board of each deal of the chunks ``lo .. hi - 1`` into the row of its added cards (with
    ``per_card``, from a flop: into the rows of each of its two added cards), chunk ``j`` (the deals
    ``bounds[j] .. bounds[j + 1] - 1``) into its own block ``wins_of[j]``, ``ties_of[j]``, ``mass_of[j]``.
    ``nogil``: :func:`board_rows` runs shares of the chunks on threads.

    holes: uint8 (n, P, 2), the deals; weight: float64 (n,); bounds: int64 (chunks + 1,), ascending;
    board: uint8 (3,) or (4,), the fixed board; live: uint8 (m,), ascending, the cards not on the board or
    dead; t: the evaluator's :class:`~equity.evaluators.tables.Tables`. Added to: wins_of float64 (chunks,
    K, P), ties_of float64 (chunks, K, P, P + 1) by the number of players splitting, mass_of float64
    (chunks, K) the weight of the deals counted in each row; K = 52 from a turn or ``per_card``, 52 * 52
    from a flop.
    """
    n_players = holes.shape[1]
    two = board.shape[0] == 3
    if two and per_card and n_players == 2:
        for ch in range(lo, hi):
            a, z = bounds[ch], bounds[ch + 1]
            _heads_up_per_card(holes[a:z], weight[a:z], board, live, t, wins_of[ch], ties_of[ch], mass_of[ch])
        return
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    deck = np.empty(max(live.shape[0], 1), np.uint64)
    r0 = np.empty(n_players, np.uint64)
    w0 = np.empty(n_players, np.uint64)
    r1 = np.empty(n_players, np.uint64)
    w1 = np.empty(n_players, np.uint64)
    vals = np.empty(n_players, np.int64)
    flushy = np.empty(n_players, np.bool_)
    for ch in range(lo, hi):
        wins, ties, mass = wins_of[ch], ties_of[ch], mass_of[ch]
        for i in range(bounds[ch], bounds[ch + 1]):
            m = _deck_of(holes[i], live, deck)
            for p in range(n_players):
                r0[p], w0[p] = _walk_hand(board, holes[i, p], t)
            wt = weight[i]
            for j1 in range(m if not two else m - 1):
                c1 = deck[j1]
                if two:
                    for p in range(n_players):
                        r1[p] = rank_step[r0[p] + (c1 >> _TWO)]
                        w1[p] = w0[p] + card_word[c1]
                    first, last = j1 + 1, m
                else:
                    for p in range(n_players):
                        r1[p] = r0[p]
                        w1[p] = w0[p]
                    first, last = j1, j1 + 1
                for p in range(n_players):  # a flush needs a suit of four among the six cards before the last
                    flushy[p] = (w1[p] >> _COUNTS) & _FOURS != 0
                for j2 in range(first, last):
                    c = deck[j2]
                    k = c >> _TWO
                    cw = card_word[c]
                    if two and per_card:
                        key, other = np.int64(c1), np.int64(c)
                    elif two:
                        key, other = np.int64(c1) * 52 + np.int64(c), np.int64(-1)
                    else:
                        key, other = np.int64(c), np.int64(-1)
                    best = 1 << 30
                    n_best = 0
                    winner = 0
                    for p in range(n_players):
                        v = np.int64(rank_last[r1[p] + k])
                        if flushy[p]:
                            y = w1[p] + cw
                            v = min(np.int64(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK]), v)
                        vals[p] = v
                        if v < best:
                            best = v
                            n_best = 1
                            winner = p
                        elif v == best:
                            n_best += 1
                    if n_best == 1:
                        wins[key, winner] += wt
                        if other >= 0:
                            wins[other, winner] += wt
                    else:
                        for p in range(n_players):
                            if vals[p] == best:
                                ties[key, p, n_best] += wt
                                if other >= 0:
                                    ties[other, p, n_best] += wt
                    mass[key] += wt
                    if other >= 0:
                        mass[other] += wt


def board_rows(scenario: Spot, game: Game, deals: Any, n_threads: int,
               per_card: bool = False) -> tuple[Tally, np.ndarray]:
    """The weighted counts of every board of ``deals`` (a :class:`~equity.engines.exact.Plan`) by the
    cards it adds: ``(tally, mass)``, a :class:`~equity.tally.Tally` of K rows (52 from a turn or
    ``per_card``, 52 * 52 from a flop; ties of ``P + 1`` ways, no categories) and float64 (K,) each
    row's deal weight."""
    t = game.tables()
    n_players = len(scenario.players)
    live = game.cards_left((*scenario.board, *scenario.dead))
    board = np.array(scenario.board, np.uint8)
    keys = 52 if len(board) == 4 or per_card else 52 * 52
    n = len(deals.weight)
    n_chunks = max(1, min(n, 4 * n_threads))
    wins = np.zeros((n_chunks, keys, n_players))
    ties = np.zeros((n_chunks, keys, n_players, n_players + 1))
    mass = np.zeros((n_chunks, keys))
    bounds = np.linspace(0, n, n_chunks + 1).astype(np.int64)

    def share(lo: int, hi: int) -> None:
        _boards(deals.holes, deals.weight, bounds, lo, hi, board, live, t, per_card, wins, ties, mass)

    run_split(share, n_chunks, n_threads)  # one chunk: on the calling thread
    if n_chunks == 1:
        return Tally.one_pot(wins[0], ties[0]), mass[0]
    return Tally.one_pot(wins.sum(axis=0), ties.sum(axis=0)), mass.sum(axis=0)
