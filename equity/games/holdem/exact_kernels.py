"""The exact kernel of hold'em and short deck: every board of each deal, on the DAG's walk state.

Per deal, each player's hole cards and the fixed board are walked once; the missing board cards are
placed one at a time from the live cards in ascending order (rank-major), each player's walk state
extended card by card, and counted the way OMPEval's enumeration taught, by the ranks alone wherever the
suits cannot matter:

- **Suits out of the race.** A suit of which no player can reach five cards any more (the most any
  player holds plus the cards still to come is under five) only lends its cards their ranks: the
  cards of one rank in such suits are placed together, 1 .. k of them at once, counted C(group, k)
  times, their suits never told apart again.
- **The last two cards by their ranks.** With two cards to come, the pairs of cards outside a suit some
  player holds four of are scored per pair of ranks, counted by how many pairs of cards have those
  ranks, reading one row of ``rank_last`` per first rank. A suit some player holds three of can still
  flush from both cards: those few pairs are taken back and scored with their suit words. A card of
  the four-held suit is scored with its flush against each other rank at once (a card of another suit
  adds no flush), and two of them one pair at a time.
- **The last card by its rank**, but for the cards of a suit some player holds four of.

The counts are exact (an integer count of boards behind every score); ``tests/engines/test_exact.py`` checks
them against every board scored one by one. Closures, not helper functions, keep the walk's arrays
free of reference counting (``NUMBA-NOTES.md``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from equity.cards import _read_cards
from equity.engines.showdown import _exact_figures
from equity.evaluators.high import _COUNTS, _MASK, _TWO
from equity.evaluators.tables import Tables
from equity.tally import MAX_SPLIT, N_CATEGORIES, Tally


class Board(NamedTuple):
    """What every deal shares: board: uint8 (b,), the fixed board, 0 <= b <= 5; live: uint8 (m,),
    ascending, every card not on the board or dead; want_cats: count categories; cat_of: uint8 (7463,),
    class -> category 0..8."""

    board: np.ndarray
    live: np.ndarray
    want_cats: bool
    cat_of: np.ndarray


_THREE = uint64(3)
_SUITS = uint64(3)  # a card's suit: its low two bits
_SEVEN = uint64(7)


@njit(cache=True)
def _one_deal(deal_wins, deal_ties, w, wins, ties):
    """A deal's weighted counts into its own row (out of line: in :func:`_deals` the loop cost the
    three-player enumeration 6%)."""
    for p in range(deal_wins.shape[0]):
        deal_wins[p] = w * wins[p]
        for s in range(deal_ties.shape[1]):
            deal_ties[p, s] = w * ties[p, s]


@njit(cache=True, nogil=True)
def _deals(holes, weight, orbit, bounds, lo, hi, b, t, tally, boards_out, deal_wins, deal_ties):
    """Enumerate every board for each deal of the chunks ``lo .. hi - 1``; add the weighted counts, chunk
    ``j`` (the deals ``bounds[j] .. bounds[j + 1] - 1``) into row ``j`` of the outputs. ``nogil``:
    :func:`~equity.games.holdem.exact.enumeration` runs shares of a batch's chunks on threads.

    holes: uint8 (n, P, 2), the deals (distinct cards within each). weight: float64 (n,), each deal's weight
    (orbit size times the combos' range weights). orbit: int64 (n,), its orbit size. bounds: int64
    (chunks + 1,), ascending. b: a :class:`Board` (a deal's own cards are skipped from ``b.live`` here). t:
    the evaluator's :class:`~equity.evaluators.tables.Tables`. Outputs, added to: the float64
    :class:`~equity.tally.Tally` ``tally``, its wins (chunks, P), ties (chunks, P, MAX_SPLIT) by the number
    of players splitting and cats (chunks, P, 9, 3) (ends with, wins with, ties with) when ``b.want_cats``
    (the other arrays unread); boards_out int64 (chunks, 1) the number of (deal, board) pairs times orbit
    sizes. deal_wins float64 (n', P) and deal_ties float64 (n', P, W), when n' > 0: each deal's weighted
    wins and k-way ties on its own, k < W, deal ``i`` in row ``i - bounds[0]``
    (:mod:`equity.engines.combo_counts`).
    """
    board, live, want_cats, cat_of = b.board, b.live, b.want_cats, b.cat_of
    wins_out, ties_out, cats_out = tally.wins, tally.ties, tally.cats
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    n_players = holes.shape[1]
    to_deal = 5 - board.shape[0]
    n_fixed = board.shape[0] if to_deal else 4  # board cards walked before the enumeration
    n_left = max(to_deal, 1)  # cards the enumeration adds (a full board's last card, once)
    deck = np.empty(max(live.shape[0], 1), np.uint64)
    after = np.empty(max(live.shape[0], 1), np.int64)  # after[j]: the first place past deck[j]'s rank
    R = np.empty((6, n_players), np.uint64)
    W = np.empty((6, n_players), np.uint64)
    # most[d, s]: the most cards of suit s any player holds at depth d (hole cards and board)
    most = np.zeros((6, 4), np.int64)
    # The frames of the enumeration: a frame at depth d places the next board card from deck[at:]; a
    # group is the cards of one rank in suits that can no longer make a flush, placed 1 .. size at once.
    f_depth = np.zeros(6, np.int64)
    f_at = np.zeros(6, np.int64)
    f_group = np.zeros(6, np.int64)
    f_placed = np.zeros(6, np.int64)
    f_weight = np.zeros(6, np.int64)
    vals = np.empty(n_players, np.int64)
    q = np.empty(n_players, np.uint64)
    zq = np.empty(n_players, np.uint64)
    fl = np.empty(n_players, np.int64)
    n = np.zeros(13, np.int64)  # the cards of each rank left
    n_suit = np.zeros(4, np.int64)
    suit_cards = np.zeros((4, 13), np.uint64)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, N_CATEGORIES, 3), np.int64)
    heads_up = n_players == 2 and not want_cats

    def suited_value(x):
        return np.int64(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK])

    # The kernel counts each showdown inline at every place it scores: a closure that counted it (or an
    # njit helper handed the arrays) measured 2-5x slower here, its calls not inlined.
    def outcome_cats(mult):
        """The categories of the classes in ``vals``, counted ``mult`` times (only with ``want_cats``)."""
        best = vals[0]
        for p in range(1, n_players):
            best = min(best, vals[p])
        n_best = 0
        for p in range(n_players):
            n_best += vals[p] == best
        for p in range(n_players):
            x = cat_of[vals[p]]
            cats[p, x, 0] += mult
            if vals[p] == best:
                cats[p, x, 1 if n_best == 1 else 2] += mult

    def score(d, k, cw, suited, mult):
        """Every player's class with one last card (rank k, card word cw) on depth d's states; the
        outcome counted ``mult`` times."""
        best = np.int64(1 << 30)
        n_best = 0
        winner = 0
        for p in range(n_players):
            v = np.int64(rank_last[R[d, p] + k])
            if suited:
                z = W[d, p] + cw
                v = min(v, np.int64(suited_class[(z >> suit_shift[z >> _COUNTS]) & _MASK]))
            vals[p] = v
            if v < best:
                best = v
                n_best = 1
                winner = p
            elif v == best:
                n_best += 1
        if n_best == 1:
            wins[winner] += mult
        else:
            for p in range(n_players):
                if vals[p] == best:
                    ties[p, n_best] += mult
        if want_cats:
            outcome_cats(mult)

    def two(d, start, mult, m):
        """The last two cards from deck[start:] on depth d's states, when no player holds five of a suit
        and at most one suit has a player holding four (:func:`fits_two`). The pairs fall in three parts:
        - neither card of the four-held suit: by their ranks, each pair of ranks once, counted by its
          cards; then the pairs of cards of a suit some player holds three of, taken back and scored
          with their flush;
        - one card of the four-held suit: that card's flush, with a card of each other rank, counted by
          the cards of that rank;
        - both of that suit: one pair at a time."""
        for k in range(13):
            n[k] = 0
        j = start
        while j < m:
            nx = after[j]
            n[deck[j] >> _TWO] = nx - j
            j = nx
        three = uint64(0)
        four = 4  # the suit some player holds four of; 4: none
        for s in range(4):
            n_suit[s] = 0
            if most[d, s] == 3:
                three |= uint64(1) << uint64(s)
            elif most[d, s] == 4:
                four = s
        if three or four < 4:
            for j in range(start, m):
                c = deck[j]
                s = c & _SUITS
                if (three >> s) & uint64(1) or s == four:
                    suit_cards[s, n_suit[s]] = c
                    n_suit[s] += 1
        n_four = n_suit[four] if four < 4 else 0
        for x in range(n_four):  # the rank counts are of the other suits' cards
            n[suit_cards[four, x] >> _TWO] -= 1
        if heads_up:
            r0 = R[d, 0]
            r1 = R[d, 1]
            w0 = 0
            w1 = 0
            for a in range(13):
                na = n[a]
                if na == 0:
                    continue
                ka = uint64(a)
                q0 = uint64(rank_step[r0 + ka])
                q1 = uint64(rank_step[r1 + ka])
                kb = ka
                cnt = na * (na - 1) // 2
                for b in range(a, 13):
                    v0 = rank_last[q0 + kb]
                    v1 = rank_last[q1 + kb]
                    w0 += cnt * (v0 < v1)
                    w1 += cnt * (v1 < v0)
                    kb += uint64(1)
                    if b < 12:
                        cnt = na * n[b + 1]
            for s in range(4):
                if not (three >> uint64(s)) & uint64(1):
                    continue
                for x in range(n_suit[s]):
                    cx = suit_cards[s, x]
                    q0 = uint64(rank_step[r0 + (cx >> _TWO)])
                    q1 = uint64(rank_step[r1 + (cx >> _TWO)])
                    y0 = W[d, 0] + card_word[cx]
                    y1 = W[d, 1] + card_word[cx]
                    for y in range(x + 1, n_suit[s]):
                        cy = suit_cards[s, y]
                        l0 = np.int64(rank_last[q0 + (cy >> _TWO)])
                        l1 = np.int64(rank_last[q1 + (cy >> _TWO)])
                        v0 = min(l0, suited_value(y0 + card_word[cy]))
                        v1 = min(l1, suited_value(y1 + card_word[cy]))
                        w0 += (v0 < v1) - (l0 < l1)
                        w1 += (v1 < v0) - (l1 < l0)
            for x in range(n_four):
                cx = suit_cards[four, x]
                q0 = uint64(rank_step[r0 + (cx >> _TWO)])
                q1 = uint64(rank_step[r1 + (cx >> _TWO)])
                y0 = W[d, 0] + card_word[cx]
                y1 = W[d, 1] + card_word[cx]
                f0 = suited_value(y0)  # a card of another suit adds no flush
                f1 = suited_value(y1)
                for b in range(13):
                    nb = n[b]
                    if nb:
                        v0 = min(np.int64(rank_last[q0 + uint64(b)]), f0)
                        v1 = min(np.int64(rank_last[q1 + uint64(b)]), f1)
                        w0 += nb * (v0 < v1)
                        w1 += nb * (v1 < v0)
                for y in range(x + 1, n_four):
                    cy = suit_cards[four, y]
                    v0 = min(np.int64(rank_last[q0 + (cy >> _TWO)]), suited_value(y0 + card_word[cy]))
                    v1 = min(np.int64(rank_last[q1 + (cy >> _TWO)]), suited_value(y1 + card_word[cy]))
                    w0 += v0 < v1
                    w1 += v1 < v0
            total = (m - start) * (m - start - 1) // 2
            wins[0] += mult * w0
            wins[1] += mult * w1
            ties[0, 2] += mult * (total - w0 - w1)
            ties[1, 2] += mult * (total - w0 - w1)
        else:
            for a in range(13):
                na = n[a]
                if na == 0:
                    continue
                for p in range(n_players):
                    q[p] = rank_step[R[d, p] + uint64(a)]
                for b in range(a, 13):
                    cnt = na * (na - 1) // 2 if b == a else na * n[b]
                    if cnt:
                        best = np.int64(1 << 30)
                        n_best = 0
                        winner = 0
                        for p in range(n_players):
                            v = np.int64(rank_last[q[p] + uint64(b)])
                            vals[p] = v
                            if v < best:
                                best = v
                                n_best = 1
                                winner = p
                            elif v == best:
                                n_best += 1
                        if n_best == 1:
                            wins[winner] += mult * cnt
                        else:
                            for p in range(n_players):
                                if vals[p] == best:
                                    ties[p, n_best] += mult * cnt
                        if want_cats:
                            outcome_cats(mult * cnt)
            for s in range(4):
                if not (three >> uint64(s)) & uint64(1):
                    continue
                for x in range(n_suit[s]):
                    cx = suit_cards[s, x]
                    for p in range(n_players):
                        q[p] = rank_step[R[d, p] + (cx >> _TWO)]
                    for y in range(x + 1, n_suit[s]):
                        cy = suit_cards[s, y]
                        pair = card_word[cx] + card_word[cy]
                        for flush in range(2):  # taken back by rank, then scored with the flush
                            best = np.int64(1 << 30)
                            n_best = 0
                            winner = 0
                            for p in range(n_players):
                                v = np.int64(rank_last[q[p] + (cy >> _TWO)])
                                if flush:
                                    z = W[d, p] + pair
                                    z = (z >> suit_shift[z >> _COUNTS]) & _MASK
                                    v = min(v, np.int64(suited_class[z]))
                                vals[p] = v
                                if v < best:
                                    best = v
                                    n_best = 1
                                    winner = p
                                elif v == best:
                                    n_best += 1
                            sign = mult if flush else -mult
                            if n_best == 1:
                                wins[winner] += sign
                            else:
                                for p in range(n_players):
                                    if vals[p] == best:
                                        ties[p, n_best] += sign
                            if want_cats:
                                outcome_cats(sign)
            for x in range(n_four):
                cx = suit_cards[four, x]
                for p in range(n_players):
                    q[p] = rank_step[R[d, p] + (cx >> _TWO)]
                    z = W[d, p] + card_word[cx]
                    zq[p] = z
                    fl[p] = suited_value(z)  # a card of another suit adds no flush
                cy = uint64(0)
                for b in range(13 + n_four - x - 1):
                    if b < 13:  # with the other suits' cards of rank b
                        cnt = n[b]
                        if cnt == 0:
                            continue
                    else:  # with a later card of the suit
                        cy = suit_cards[four, x + 1 + b - 13]
                        cnt = 1
                    best = np.int64(1 << 30)
                    n_best = 0
                    winner = 0
                    for p in range(n_players):
                        if b < 13:
                            v = min(np.int64(rank_last[q[p] + uint64(b)]), fl[p])
                        else:
                            v = min(np.int64(rank_last[q[p] + (cy >> _TWO)]),
                                    suited_value(zq[p] + card_word[cy]))
                        vals[p] = v
                        if v < best:
                            best = v
                            n_best = 1
                            winner = p
                        elif v == best:
                            n_best += 1
                    if n_best == 1:
                        wins[winner] += mult * cnt
                    else:
                        for p in range(n_players):
                            if vals[p] == best:
                                ties[p, n_best] += mult * cnt
                    if want_cats:
                        outcome_cats(mult * cnt)

    def fits_two(d):
        """Whether :func:`two` can score depth d's last two cards: no player holds five of a suit, and
        at most one suit has a player holding four."""
        n4 = 0
        for s in range(4):
            if most[d, s] > 4:
                return False
            n4 += most[d, s] == 4
        return n4 <= 1

    def fours(d):
        """The suits (bits 0-3) of which some player holds four or more at depth d."""
        mask = uint64(0)
        for s in range(4):
            if most[d, s] >= 4:
                mask |= uint64(1) << uint64(s)
        return mask

    def step(d, c):
        """Depth d + 1's states: depth d's with card c."""
        k = c >> _TWO
        cw = card_word[c]
        for p in range(n_players):
            R[d + 1, p] = rank_step[R[d, p] + k]
            W[d + 1, p] = W[d, p] + cw
        for s in range(4):
            most[d + 1, s] = most[d, s]
        most[d + 1, c & _SUITS] += 1

    def last(d, start, mult, m):
        """Every last card from deck[start:] on depth d's states: by rank alone, but the cards of a suit
        some player holds four of (and every card's flush check when there is such a suit)."""
        mask = fours(d)
        if heads_up:
            r0 = R[d, 0]
            r1 = R[d, 1]
            x0 = W[d, 0]
            x1 = W[d, 1]
            w0 = 0
            w1 = 0
            j = start
            if mask == 0:
                while j < m:
                    k = deck[j] >> _TWO
                    nx = after[j]
                    v0 = rank_last[r0 + k]
                    v1 = rank_last[r1 + k]
                    w0 += (nx - j) * (v0 < v1)
                    w1 += (nx - j) * (v1 < v0)
                    j = nx
            else:
                while j < m:
                    k = deck[j] >> _TWO
                    nx = after[j]
                    l0 = np.int64(rank_last[r0 + k])
                    l1 = np.int64(rank_last[r1 + k])
                    n_same = 0
                    same = uint64(0)
                    for u in range(j, nx):
                        c = deck[u]
                        if (mask >> (c & _SUITS)) & uint64(1):
                            cw = card_word[c]
                            v0 = min(l0, suited_value(x0 + cw))
                            v1 = min(l1, suited_value(x1 + cw))
                            w0 += v0 < v1
                            w1 += v1 < v0
                        else:
                            n_same += 1
                            same = c
                    if n_same:
                        cw = card_word[same]
                        v0 = min(l0, suited_value(x0 + cw))
                        v1 = min(l1, suited_value(x1 + cw))
                        w0 += n_same * (v0 < v1)
                        w1 += n_same * (v1 < v0)
                    j = nx
            wins[0] += mult * w0
            wins[1] += mult * w1
            ties[0, 2] += mult * (m - start - w0 - w1)
            ties[1, 2] += mult * (m - start - w0 - w1)
        else:
            j = start
            while j < m:
                nx = after[j]
                k = deck[j] >> _TWO
                n_same = 0
                same = uint64(0)
                for u in range(j, nx):
                    c = deck[u]
                    if (mask >> (c & _SUITS)) & uint64(1):
                        score(d, k, card_word[c], True, mult)
                    else:
                        n_same += 1
                        same = c
                if n_same:
                    score(d, k, card_word[same], mask != 0, mult * n_same)
                j = nx

    for chunk in range(lo, hi):
        for i in range(bounds[chunk], bounds[chunk + 1]):
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
            else:
                deck[0] = board[n_fixed]
                m = 1
            nxt = m
            for j in range(m - 1, -1, -1):
                if j < m - 1 and deck[j] >> _TWO != deck[j + 1] >> _TWO:
                    nxt = j + 1
                after[j] = nxt
            for s in range(4):
                most[0, s] = 0
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
                for s in range(4):
                    most[0, s] = max(most[0, s], np.int64((w >> (_COUNTS + _THREE * uint64(s))) & _SEVEN))
            wins[:] = 0
            ties[:, :] = 0
            cats[:, :, :] = 0
            n_boards = 0
            f = 0
            # The last two cards' places are scored at one call of two(), at the loop's top: a closure is
            # compiled into each place that calls it, and two() written out three times took most of this
            # kernel's 40 s compile. pend: two(pend_d, pend_at, pend_mult) is due.
            pend = n_left == 2 and fits_two(0)
            pend_d, pend_at, pend_mult = 0, 0, 1
            if pend:
                f = -1
            f_depth[0] = 0
            f_at[0] = 0
            f_group[0] = 0
            f_weight[0] = 1
            while True:
                if pend:
                    two(pend_d, pend_at, pend_mult, m)
                    n_boards += pend_mult * (m - pend_at) * (m - pend_at - 1) // 2
                    pend = False
                if f < 0:
                    break
                d = f_depth[f]
                left = n_left - d
                if left == 1:
                    last(d, f_at[f], f_weight[f], m)
                    n_boards += f_weight[f] * max(m - f_at[f], 0)
                    f -= 1
                    continue
                g = f_group[f]
                if g:
                    placed = f_placed[f] + 1
                    if placed <= min(g, left):
                        f_placed[f] = placed
                        at = f_at[f]
                        c = deck[at + placed - 1]
                        ways = 1  # C(g, placed): which of the group's suits are placed
                        for u in range(placed):
                            ways = ways * (g - u) // (u + 1)
                        mult = f_weight[f] * ways
                        e = d + placed - 1
                        if placed == left:  # c completes the board
                            score(e, c >> _TWO, card_word[c], fours(e) != 0, mult)
                            n_boards += mult
                        else:
                            step(e, c)
                            if left - placed == 2 and fits_two(e + 1):
                                pend, pend_d, pend_at, pend_mult = True, e + 1, at + g, mult
                            else:
                                f += 1
                                f_depth[f] = e + 1
                                f_at[f] = at + g
                                f_group[f] = 0
                                f_weight[f] = mult
                        continue
                    f_at[f] += g
                    f_group[f] = 0
                at = f_at[f]
                if m - at < left:
                    f -= 1
                    continue
                c = deck[at]
                if most[d, c & _SUITS] + left < 5:
                    # No flush in c's suit any more: gather the rank's other such cards beside it.
                    g = 1
                    for j in range(at + 1, after[at]):
                        x = deck[j]
                        if most[d, x & _SUITS] + left < 5:
                            deck[j] = deck[at + g]
                            deck[at + g] = x
                            g += 1
                    f_group[f] = g
                    f_placed[f] = 0
                    continue
                f_at[f] = at + 1
                step(d, c)
                if left == 3 and fits_two(d + 1):
                    pend, pend_d, pend_at, pend_mult = True, d + 1, at + 1, f_weight[f]
                    continue
                f += 1
                f_depth[f] = d + 1
                f_at[f] = at + 1
                f_group[f] = 0
                f_weight[f] = f_weight[f - 1]
            w = weight[i]
            if deal_wins.shape[0]:
                _one_deal(deal_wins[i - bounds[0]], deal_ties[i - bounds[0]], w, wins, ties)
            for p in range(n_players):
                wins_out[chunk, p] += w * wins[p]
                for s in range(MAX_SPLIT):
                    ties_out[chunk, p, s] += w * ties[p, s]
                if want_cats:
                    for c in range(N_CATEGORIES):
                        for x in range(3):
                            cats_out[chunk, p, c, x] += w * cats[p, c, x]
            boards_out[chunk, 0] += orbit[i] * n_boards


@njit(cache=True)
def _fixed_deal(text, n_players, n_board, parts, low_card, rank_step, rank_last, card_word, suit_shift,
                suited_class):
    """One deal of fixed hands on every completion of its board, from ``text`` (ASCII, ``bytes``): the
    players' hole cards (two each, in order), then the ``n_board`` cards of the board, then the dead
    cards, two characters a card (:func:`~equity.cards._read_cards` with ``parts``,
    :data:`~equity.cards.ASCII_CARD_PARTS`), in the deck (ids ``low_card`` .. 51).

    Returns float64, all in one array: each player's win, tie and equity (:func:`~equity.tally.
    _exact_figures`: the caller sees to its bound), 3 a player; then the boards counted; then 1.0 where
    the board and dead cards are written as :data:`~equity.cards.CARD_NAMES` writes them, else 0.0; then
    the board's and the dead cards' ids. Where the text is not distinct cards of the deck, only the
    boards' place is written, as -1.

    The tables are those of :class:`~equity.evaluators.tables.Tables` that :func:`_deals` walks; the
    others, and the category table, go to it empty (it counts no categories). For a call of a few
    microseconds, what Python did in it is done here, and its arguments and answer are what costs numba
    least on a cold cache, as a caller that scores spots among other work finds it: ``bytes`` (an array
    from ``np.frombuffer`` costs some 5 us more), arrays one by one (0.5 us each, where a named tuple of
    them costs 10 us), one array back (a second one and the tuple cost some 8 us)."""
    n_figures = 3 * n_players
    cards, ok = _read_cards(text, parts, low_card)
    n_held = 2 * n_players
    n_rest = len(text) // 2 - n_held
    out = np.empty(n_figures + 2 + n_rest)
    if not ok:
        out[n_figures] = -1.0
        return out
    gone = uint64(0)
    written = True
    for i in range(n_held, cards.shape[0]):
        gone |= uint64(1) << uint64(cards[i])
        written &= parts[2, text[2 * i]] == 1 and parts[2, text[2 * i + 1]] == 1
        out[n_figures + 2 + i - n_held] = cards[i]
    live = np.empty(52 - low_card - n_rest, np.uint8)
    m = 0
    for c in range(low_card, 52):
        if not (gone >> uint64(c)) & uint64(1):
            live[m] = c
            m += 1
    wins = np.zeros((1, n_players))
    ties = np.zeros((1, n_players, MAX_SPLIT))
    unread = np.zeros((1, n_players, 0))
    tally = Tally(wins, ties, np.zeros((1, n_players, 0, 3)), unread, unread, np.zeros((1, n_players, 0, 0)),
                  unread, np.zeros((1, 2)))
    boards = np.zeros((1, 1), np.int64)
    t = Tables(rank_step, rank_last, rank_last[:0], np.empty(0, np.int32), rank_last[:0], card_word,
               suit_shift, suited_class, rank_step[:0])
    b = Board(cards[n_held:n_held + n_board].copy(), live, False, np.empty(0, np.uint8))
    _deals(cards[:n_held].copy().reshape((1, n_players, 2)), np.ones(1), np.ones(1, np.int64),
           np.arange(2, dtype=np.int64), 0, 1, b, t, tally, boards, np.zeros((0, n_players)),
           np.zeros((0, n_players, n_players + 1)))
    _exact_figures(wins[0], ties[0], boards[0, 0], out)
    out[n_figures] = boards[0, 0]
    out[n_figures + 1] = 1.0 if written else 0.0
    return out
