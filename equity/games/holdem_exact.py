"""Exact enumeration for hold'em and short deck: every board of each deal, on the DAG's walk state.

**Kernel.** Per deal, each player's hole cards and the fixed board are walked once; the missing board
cards are enumerated as combinations of the live cards in ascending order, and each player's walk state
is extended one board card at a time, so a deal's last board card costs each player one lookup in the
row of its six-card state (see :func:`equity.evaluators.high._seven_card_histogram`). When no player's
six cards hold four of a suit, no last card can make a flush and that load is all: the suit words
(:mod:`equity.evaluators.dag`) are not even read. The deals come from :func:`equity.engines.exact.plan`,
one per suit-symmetry orbit.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numba import njit, prange, uint64

from ..engines.batches import next_batch
from ..engines.tally import MAX_SPLIT, N_CATEGORIES, Tally
from ..evaluators.high import _COUNTS, _MASK, _TWO

#: The top bit of each suit's 3-bit card count in a suit word (:mod:`equity.evaluators.dag`): set from
#: four cards.
_FOUR_OF_A_SUIT = uint64(0b100100100100 << 52)
CHUNK_WORK = 4_000_000  # boards per kernel chunk, about 10-20 ms
MAX_ROWS = 65_536  # deals per batch at most when each deal has a row of its own


class Board(NamedTuple):
    """What every deal shares: board: uint8 (b,), the fixed board, 0 <= b <= 5; live: uint8 (m,),
    ascending, every card not on the board or dead; want_cats: count categories; cat_of: uint8 (7463,),
    class -> category 0..8."""

    board: np.ndarray
    live: np.ndarray
    want_cats: bool
    cat_of: np.ndarray


@njit(cache=True)
def _one_deal(deal_wins, deal_ties, w, wins, ties):
    """A deal's weighted counts into its own row (out of line: in :func:`_deals` the loop cost the
    three-player enumeration 6%)."""
    for p in range(deal_wins.shape[0]):
        deal_wins[p] = w * wins[p]
        for s in range(deal_ties.shape[1]):
            deal_ties[p, s] = w * ties[p, s]


@njit(cache=True)
def _deals(holes, weight, orbit, b, t, wins_out, ties_out, cats_out, boards_out, deal_wins, deal_ties):
    """Enumerate every board for each deal; add the weighted counts.

    holes: uint8 (n, P, 2), the deals (distinct cards within each). weight: float64 (n,), each deal's
    weight (orbit size times the combos' range weights). orbit: int64 (n,), its orbit size. b: a
    :class:`Board` (a deal's own cards are skipped from ``b.live`` here). t: the evaluator's
    :class:`~equity.evaluators.tables.Tables`. Outputs, added to: wins_out float64 (P,), ties_out float64
    (P, MAX_SPLIT) by the number of players splitting, cats_out float64 (P, 9, 3) (ends with, wins with,
    ties with) when ``b.want_cats``, boards_out int64 (1,) the number of (deal, board) pairs times orbit
    sizes. deal_wins float64 (n, P) and deal_ties float64 (n, P, W), when n > 0: each deal's weighted
    wins and k-way ties on its own, k < W (:mod:`equity.engines.combos`).
    """
    board, live, want_cats, cat_of = b.board, b.live, b.want_cats, b.cat_of
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    n_players = holes.shape[1]
    to_deal = 5 - board.shape[0]
    n_fixed = board.shape[0] if to_deal else 4  # board cards walked before the enumeration
    deck = np.empty(max(live.shape[0], 1), np.uint64)
    R = np.empty((6, n_players), np.uint64)
    W = np.empty((6, n_players), np.uint64)
    idx = np.zeros(6, np.int64)
    vals = np.empty(n_players, np.int64)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, N_CATEGORIES, 3), np.int64)
    heads_up = n_players == 2 and not want_cats
    rr = np.empty(n_players, np.uint64)
    ww = np.empty(n_players, np.uint64)
    for i in range(holes.shape[0]):
        used = np.uint64(0)
        for p in range(n_players):
            used |= np.uint64(1) << np.uint64(holes[i, p, 0])
            used |= np.uint64(1) << np.uint64(holes[i, p, 1])
        m = 0
        if to_deal:
            for c in live:
                if not (used >> np.uint64(c)) & np.uint64(1):
                    deck[m] = c
                    m += 1
        else:  # a full board: its last card is the one "dealt", once
            deck[0] = board[n_fixed]
            m = 1
        for p in range(n_players):
            r = uint64(0)
            w = uint64(0)
            for j in range(n_fixed):
                c = board[j]
                r = uint64(rank_step[r + (c >> _TWO)])
                w += card_word[c]
            for j in range(2):
                c = holes[i, p, j]
                r = uint64(rank_step[r + (c >> _TWO)])
                w += card_word[c]
            R[0, p] = r
            W[0, p] = w
        wins[:] = 0
        ties[:, :] = 0
        cats[:, :, :] = 0
        n_boards = 0
        pre = max(to_deal, 1) - 1  # board cards before the last: combinations of deck[0 .. m-2]
        for j in range(pre):
            idx[j] = j
        t_from = 0
        while True:
            # Walk the prefix from depth t_from (earlier depths are unchanged).
            for j in range(t_from, pre):
                c = deck[idx[j]]
                k = c >> _TWO
                cw = card_word[c]
                for p in range(n_players):
                    R[j + 1, p] = rank_step[R[j, p] + k]
                    W[j + 1, p] = W[j, p] + cw
            start = idx[pre - 1] + 1 if pre > 0 else 0
            # A flush needs four cards of a suit before the last: else the ranks decide alone.
            suited = uint64(0)
            for p in range(n_players):
                suited |= W[pre, p] & _FOUR_OF_A_SUIT
            if heads_up:
                # Two players, no categories: the common case, with scalar state and counters.
                r0 = R[pre, 0]
                r1 = R[pre, 1]
                w0 = 0
                w1 = 0
                if suited:
                    x0 = W[pre, 0]
                    x1 = W[pre, 1]
                    for j in range(start, m):
                        c = deck[j]
                        k = c >> _TWO
                        y = x0 + card_word[c]
                        v0 = min(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK], rank_last[r0 + k])
                        y = x1 + card_word[c]
                        v1 = min(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK], rank_last[r1 + k])
                        w0 += v0 < v1
                        w1 += v1 < v0
                else:
                    for j in range(start, m):
                        k = deck[j] >> _TWO
                        v0 = rank_last[r0 + k]
                        v1 = rank_last[r1 + k]
                        w0 += v0 < v1
                        w1 += v1 < v0
                wins[0] += w0
                wins[1] += w1
                ties[0, 2] += m - start - w0 - w1
                ties[1, 2] += m - start - w0 - w1
            else:
                for p in range(n_players):
                    rr[p] = R[pre, p]
                    ww[p] = W[pre, p]
                for j in range(start, m):
                    c = deck[j]
                    k = c >> _TWO
                    cw = card_word[c]
                    best = 1 << 30
                    n_best = 0
                    winner = 0
                    for p in range(n_players):
                        v = np.int64(rank_last[rr[p] + k])
                        if suited:
                            y = ww[p] + cw
                            v = min(v, np.int64(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK]))
                        vals[p] = v
                        if v < best:
                            best = v
                            n_best = 1
                            winner = p
                        elif v == best:
                            n_best += 1
                    if n_best == 1:
                        wins[winner] += 1
                    else:
                        for p in range(n_players):
                            if vals[p] == best:
                                ties[p, n_best] += 1
                    if want_cats:
                        for p in range(n_players):
                            x = cat_of[vals[p]]
                            cats[p, x, 0] += 1
                            if vals[p] == best:
                                cats[p, x, 1 if n_best == 1 else 2] += 1
            n_boards += m - start
            # Next prefix, in lexicographic order.
            j = pre - 1
            while j >= 0 and idx[j] == m - 1 - pre + j:
                j -= 1
            if j < 0:
                break
            idx[j] += 1
            for u in range(j + 1, pre):
                idx[u] = idx[u - 1] + 1
            t_from = j
        w = weight[i]
        if deal_wins.shape[0]:
            _one_deal(deal_wins[i], deal_ties[i], w, wins, ties)
        for p in range(n_players):
            wins_out[p] += w * wins[p]
            for s in range(MAX_SPLIT):
                ties_out[p, s] += w * ties[p, s]
            if want_cats:
                for c in range(N_CATEGORIES):
                    for x in range(3):
                        cats_out[p, c, x] += w * cats[p, c, x]
        boards_out[0] += orbit[i] * n_boards


@njit(cache=True, parallel=True)
def _deals_parallel(holes, weight, orbit, bounds, b, t, tally, boards, deal_wins, deal_ties):
    """:func:`_deals` over the chunks ``bounds[j] .. bounds[j + 1]`` of the deals, one per prange step,
    each into its own row of the weighted ``tally`` (a :class:`~equity.engines.tally.Tally`) and of
    ``boards`` (int64 (chunks, 1)); each deal into its row of ``deal_wins`` and ``deal_ties`` (rows from
    ``bounds[0]``) when they have rows."""
    per_deal = deal_wins.shape[0] > 0
    for j in prange(bounds.shape[0] - 1):
        lo = bounds[j]
        hi = bounds[j + 1]
        a = lo - bounds[0] if per_deal else 0
        z = hi - bounds[0] if per_deal else 0
        _deals(holes[lo:hi], weight[lo:hi], orbit[lo:hi], b, t, tally.wins[j], tally.ties[j], tally.cats[j],
               boards[j], deal_wins[a:z], deal_ties[a:z])


def enumeration(scenario: Any, game: Any, deals: Any, categories: bool, per_deal: bool = False):
    """The enumeration of ``deals`` (a :class:`~equity.engines.exact.Plan`) for
    :func:`equity.engines.exact.enumerate_exact`, its kernel loaded: ``run(n_threads)`` yields
    ``(tally, boards, trials done, rows)`` for each batch of chunks of deals; ``rows``, when
    ``per_deal``: each deal's counts on its own, a tally row each (else None)."""
    t = game.tables()
    n_players = len(scenario.players)
    known = set(scenario.board) | set(scenario.dead)
    live = np.array([c for c in game.deck if c not in known], np.uint8)
    b = Board(np.array(scenario.board, np.uint8), live, categories, game.category_table())
    n = len(deals.orbit)
    per_chunk = max(1, CHUNK_WORK // max(1, deals.boards_per_deal * n_players))
    bounds = np.unique(np.append(np.arange(0, n, per_chunk), n)).astype(np.int64)
    n_chunks = len(bounds) - 1

    def counts(k: int) -> Tally:
        return Tally.zeros(k, n_players, False, np.float64)

    def rows(k: int) -> Tally:
        return Tally.zeros(k, n_players, False, np.float64, ways=n_players + 1, categories=False)

    _deals_parallel(deals.holes, deals.weight, deals.orbit, bounds[:1], b, t, counts(0),
                    np.zeros((0, 1), np.int64), rows(0).wins, rows(0).ties)

    def run(n_threads: int) -> Iterator[tuple[Tally, int, int]]:
        done = 0
        batch = 2 * n_threads
        while done < n_chunks:
            k = min(batch, n_chunks - done)
            if per_deal:  # a row per deal: keep a batch's rows in memory bounded
                k = max(1, min(k, int(np.searchsorted(bounds, bounds[done] + MAX_ROWS)) - done - 1))
            part = counts(k)
            boards = np.zeros((k, 1), np.int64)
            one = rows(int(bounds[done + k] - bounds[done]) if per_deal else 0)
            t0 = time.perf_counter()
            _deals_parallel(deals.holes, deals.weight, deals.orbit, bounds[done:done + k + 1], b, t, part,
                            boards, one.wins, one.ties)
            spent = time.perf_counter() - t0
            done += k
            yield (part, int(boards.sum()), int(deals.orbit[:bounds[done]].sum()) * deals.boards_per_deal,
                   one if per_deal else None)
            batch = next_batch(batch, k, spent, n_threads)

    return run
