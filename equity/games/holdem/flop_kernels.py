"""The kernels of ``equity flops`` in hold'em and short deck: one range against another on many flops at
once, exact.

For each flop, every turn and river of the cards left is dealt; on each such board every live combo of
each range is scored once, and the pairs of combos are counted from those scores with card removal,
never dealt one by one. The walk is shared as far as it goes: the flop once, the flop and turn once per
turn, each combo's six cards once per turn (:func:`_six`), then one ``rank_last`` gather per combo and
river rank (the four rivers of a rank share it: :func:`_by_rank`), copied per river (:func:`_scores`).
Only the few combos that a river can give a flush (four of its suit among their six cards, or five of
one suit) read their suit word; the combos that hold the turn or river card are then marked dead
(:func:`_mark`, from per-card lists made once a flop).

The pairs on each board are counted by :mod:`equity.games.holdem.flop_counting` (pairwise, sorted, or
mirrored for one range against itself).

The pairs live on a flop (their weights multiplied) come from sums by card (all pairs, less those that
share a card); every such pair is live on each of the ``C(left, 2)`` boards of the other cards, so a
flop's trials are its pairs times that.

Kernels take the evaluator's :class:`~equity.evaluators.tables.Tables` as one argument ``t`` and assume
valid input: distinct cards in each combo, combos sorted high card first, flops of three distinct
cards, no combo or flop card dead.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from equity.evaluators.high import _COUNTS, _MASK, _TWO
from equity.games.holdem.flop_counting import (
    DEAD_HERO,
    DEAD_VILLAIN,
    count_mirror,
    count_pairwise,
    count_sorted,
)


@njit(inline="always")
def _flush(t, x, card):
    """The flush class (or a class worse than any) of a six-card suit word ``x`` and one more ``card``."""
    y = x + t.card_word[card]
    return t.suited_class[(y >> t.suit_shift[y >> _COUNTS]) & _MASK]


@njit(inline="always")
def _six(t, r4, w4, suits, cards, q, x, lists, sizes):
    """Each live combo's walk state with the flop, the turn and its two cards (``cards``: uint8 (n, 2),
    the live combos; a combo that holds the turn card gets a state too, never read: :func:`_mark`), and
    the combos a river can give a flush: ``lists[s, :sizes[s]]`` those with four cards of suit ``s``
    among their six (a river of suit ``s`` can), ``lists[4, :sizes[4]]`` those with five or six of one
    suit (any river can change their flush). ``suits``: the flop's and turn's cards of each suit."""
    sizes[:] = 0
    for i in range(cards.shape[0]):
        a = cards[i, 0]
        b = cards[i, 1]
        q[i] = uint64(t.rank_step[uint64(t.rank_step[r4 + (uint64(a) >> _TWO)]) + (uint64(b) >> _TWO)])
        x[i] = w4 + t.card_word[a]
        x[i] += t.card_word[b]
        for s in range(4):
            n = suits[s] + ((a & 3) == s) + ((b & 3) == s)
            if n >= 4:
                k = 4 if n >= 5 else s
                lists[k, sizes[k]] = i
                sizes[k] += 1


@njit(inline="always")
def _by_rank(t, q, first, out):
    """Each live combo's class by its ranks alone with a river of each rank ``first`` .. 12 (the rivers
    after a turn are of its rank or higher): ``out[k, i]``, one gather a rank, where a gather a river
    would be four times as many."""
    for k in range(first, 13):
        row = out[k]
        for i in range(q.shape[0]):  # a gather, no branch
            row[i] = t.rank_last[q[i] + k]


@njit(inline="always")
def _scores(t, ranked, x, river, lists, sizes, out):
    """Each live combo's class with the river card: its class by ranks (:func:`_by_rank`), then for the
    combos that can hold a flush with this river (:func:`_six`'s lists) the better of that and the
    flush's."""
    row = ranked[np.int64(river) >> 2]
    for i in range(row.shape[0]):
        out[i] = row[i]
    for group in (np.int64(river) & 3, 4):
        for j in range(sizes[group]):
            i = lists[group, j]
            out[i] = min(out[i], _flush(t, x[i], river))


@njit(inline="always")
def _mark(holding, start, card, dead, out):
    """Give the combos that hold ``card`` (``holding[start[card]:start[card + 1]]``) the score ``dead``."""
    for j in range(start[card], start[card + 1]):
        out[holding[j]] = dead


@njit(inline="always")
def _by_card(cards):
    """``(start, holding)``: the live combos that hold each card, ``holding[start[c]:start[c + 1]]``."""
    start = np.zeros(53, np.int64)
    for i in range(cards.shape[0]):
        start[cards[i, 0] + 1] += 1
        start[cards[i, 1] + 1] += 1
    for c in range(52):
        start[c + 1] += start[c]
    fill = start[:52].copy()
    holding = np.empty(2 * cards.shape[0], np.int64)
    for i in range(cards.shape[0]):
        for k in range(2):
            c = cards[i, k]
            holding[fill[c]] = i
            fill[c] += 1
    return start, holding


class Ranges(NamedTuple):
    """What every flop of a run shares: hero, villain: uint8 (n, 2), high card first, at most 2,047
    each; h_w, v_w: their weights, int16 ones for unit weights (counts), else float64; gone: uint8 (52,),
    1 for a dead or off-deck card (never dealt; its combos never live); like: an empty array of the dtype
    of the sums a villain combo or a card keeps over a flop (int32 for unit weights, else float64)."""

    hero: np.ndarray
    h_w: np.ndarray
    villain: np.ndarray
    v_w: np.ndarray
    gone: np.ndarray
    like: np.ndarray


@njit(cache=True, nogil=True)
def _flops(flops, first, step, r, pairwise, mirror, t, out):
    """The counts of flops ``first``, ``first + step``, ... over every turn and river: ``out[f] = (hero
    wins, ties, pairs)``, each pair of live combos on each board weighted by the product of their weights
    (whole counts for unit weights). ``nogil``: threads each run every ``step``-th flop
    (:func:`equity.games.holdem.flops.flop_counts`).

    flops: uint8 (F, 3). r: the :class:`Ranges`. pairwise: count by
    :func:`~equity.games.holdem.flop_counting.count_pairwise`, else (``mirror``: the villain's combos and
    weights are the hero's) by :func:`~equity.games.holdem.flop_counting.count_mirror`, else by
    :func:`~equity.games.holdem.flop_counting.count_sorted`. t: the evaluator's tables. out: (F, 3), int64
    for unit weights, else float64; the rows of these flops written.
    """
    for f in range(first, flops.shape[0], step):
        _flop(flops[f], r, pairwise, mirror, t, out[f])


@njit(cache=True)
def _flop(flop, r, pairwise, mirror, t, acc):
    """One flop's counts into ``acc`` (see :func:`_flops`)."""
    hero, h_w, villain, v_w, gone, like = r
    used = gone.copy()
    r3 = uint64(0)
    w3 = uint64(0)
    suits = np.zeros(4, np.int64)
    for k in range(3):
        c = flop[k]
        used[c] = 1
        suits[c & 3] += 1
        r3 = uint64(t.rank_step[r3 + (uint64(c) >> _TWO)])
        w3 += t.card_word[c]
    h_live = _live(hero, used)
    v_live = _live(villain, used)
    nh = h_live.shape[0]
    nv = v_live.shape[0]
    acc[:] = 0
    deck = np.empty(52, np.uint8)
    nd = 0
    for c in range(52):
        if not used[c]:
            deck[nd] = c
            nd += 1
    # The pairs of live combos that do not collide, their weights; the villain's copy of each hero combo.
    # Columns run to a multiple of 16 (weight 0 past the end) so that the pairwise rows have no tail.
    cols = (nv + 15) // 16 * 16 if pairwise else 0
    pair = np.zeros((nh if pairwise else 0, cols), h_w.dtype)
    same = np.zeros(nh, h_w.dtype)
    by_key = np.zeros(52 * 52, v_w.dtype)
    by_card_v = np.zeros(52, np.float64)
    total_v = 0.0
    for j in range(nv):
        c = villain[v_live[j], 0]
        d = villain[v_live[j], 1]
        w = v_w[v_live[j]]
        by_key[c * 52 + d] = w
        by_card_v[c] += w
        by_card_v[d] += w
        total_v += w
    # pairs = every pair, less those sharing a card (one sharing both, the same combo, is taken twice)
    pairs = acc[0] * 0
    shared = 0.0
    for i in range(nh):
        a = hero[h_live[i], 0]
        b = hero[h_live[i], 1]
        w = h_w[h_live[i]]
        same[i] = by_key[a * 52 + b]
        shared += w * (by_card_v[a] + by_card_v[b] - same[i])
        if pairwise:
            for j in range(nv):
                c = villain[v_live[j], 0]
                d = villain[v_live[j], 1]
                if a != c and a != d and b != c and b != d:
                    pair[i, j] = w * v_w[v_live[j]]
    total_h = 0.0
    for i in range(nh):
        total_h += h_w[h_live[i]]
    pairs += total_h * total_v - shared
    if pairs < 1e-9 * total_h * total_v:  # none: weights summed in floats can leave a trace of rounding
        return
    # Every pair's four cards are in the deck: it is live on every board of the other cards.
    left = nd - 4
    acc[2] = pairs * (left * (left - 1) // 2)
    h_cards = np.empty((nh, 2), np.uint8)
    for i in range(nh):
        h_cards[i] = hero[h_live[i]]
    v_cards = np.empty((nv, 2), np.uint8)
    for j in range(nv):
        v_cards[j] = villain[v_live[j]]
    h_start, h_holding = _by_card(h_cards)
    h_weights = np.empty(nh, like.dtype)
    for i in range(nh):
        h_weights[i] = h_w[h_live[i]]
    by_value = np.zeros(8192 if mirror and not pairwise else 0, like.dtype)
    v_start, v_holding = _by_card(v_cards)
    qh = np.empty(nh, np.uint64)
    xh = np.empty(nh, np.uint64)
    qv = np.empty(nv, np.uint64)
    xv = np.empty(nv, np.uint64)
    ranked_h = np.empty((13, nh), np.int16)
    ranked_v = np.empty((13, nv), np.int16)
    lists_h = np.empty((5, nh), np.int64)
    sizes_h = np.zeros(5, np.int64)
    lists_v = np.empty((5, nv), np.int64)
    sizes_v = np.zeros(5, np.int64)
    vh = np.empty(nh, np.int16)
    vv = np.full(max(cols, nv), DEAD_VILLAIN, np.int16)
    # Per villain combo, the pairs its hero combos win and tie: in the weights' dtype (int16 for counts:
    # twice the lanes of int32), added into the flop's totals before they can overflow: after each turn
    # when a turn's rivers cannot take a column past 32,767 (48 x nh), else after each river.
    col_wins = np.zeros(cols, h_w.dtype)
    col_ties = np.zeros(cols, h_w.dtype)
    total_wins = np.zeros(cols, acc.dtype)
    total_ties = np.zeros(cols, acc.dtype)
    every_river = 48 * nh > 32_767
    n = max(nh, nv)
    scratch = (np.empty(n, np.int32), np.empty(n, np.int32), np.empty(n, np.int32), np.zeros(128, np.int32),
               np.zeros(64, np.int32), np.zeros(52, like.dtype), np.zeros(52, like.dtype))
    for ti in range(nd):
        turn = deck[ti]
        r4 = uint64(t.rank_step[r3 + (uint64(turn) >> _TWO)])
        w4 = w3 + t.card_word[turn]
        suits[turn & 3] += 1
        _six(t, r4, w4, suits, h_cards, qh, xh, lists_h, sizes_h)
        _by_rank(t, qh, np.int64(turn) >> 2, ranked_h)
        if pairwise or not mirror:
            _six(t, r4, w4, suits, v_cards, qv, xv, lists_v, sizes_v)
            _by_rank(t, qv, np.int64(turn) >> 2, ranked_v)
        for ri in range(ti + 1, nd):
            river = deck[ri]
            _scores(t, ranked_h, xh, river, lists_h, sizes_h, vh)
            _mark(h_holding, h_start, turn, DEAD_HERO, vh)
            _mark(h_holding, h_start, river, DEAD_HERO, vh)
            if pairwise or not mirror:
                _scores(t, ranked_v, xv, river, lists_v, sizes_v, vv[:nv])
                _mark(v_holding, v_start, turn, DEAD_VILLAIN, vv)
                _mark(v_holding, v_start, river, DEAD_VILLAIN, vv)
            if pairwise:
                count_pairwise(pair, vh, vv, col_wins, col_ties)
                if every_river:
                    _spill(col_wins, col_ties, total_wins, total_ties)
            elif mirror:
                count_mirror(vh, h_weights, h_start, h_holding, by_value, acc)
            else:
                count_sorted(hero, h_live, h_w, same, villain, v_live, v_w, vh, vv, scratch, acc)
        suits[turn & 3] -= 1
        if pairwise:
            _spill(col_wins, col_ties, total_wins, total_ties)
    if pairwise:
        acc[0] = total_wins.sum()
        acc[1] = total_ties.sum()
    elif mirror:  # each side wins as often as the other: half the pairs that do not tie
        acc[0] = (acc[2] - acc[1]) / 2  # exact: an even whole number, or weights' sums


@njit(inline="always")
def _spill(col_wins, col_ties, total_wins, total_ties):
    """Add the per-column sums into the flop's totals, and clear them."""
    for j in range(col_wins.shape[0]):
        total_wins[j] += col_wins[j]
        total_ties[j] += col_ties[j]
        col_wins[j] = 0
        col_ties[j] = 0


@njit(inline="always")
def _live(combos, used):
    """The indexes of the combos that use no card in ``used``."""
    keep = np.empty(combos.shape[0], np.int64)
    n = 0
    for i in range(combos.shape[0]):
        if not used[combos[i, 0]] and not used[combos[i, 1]]:
            keep[n] = i
            n += 1
    return keep[:n]
