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
them against every board scored one by one.

:func:`_deals` is the frame loop and three closures over its arrays (``score``, ``two``, ``last``); the
rest is small pieces compiled without numba's runtime and inlined by LLVM (``_INLINED``): an array handed
to one costs no reference counts, where handed to an ``njit`` helper, or one inlined by numba, it costs
them on every call (``NUMBA-NOTES.md``). The working arrays are allocated in the kernel (:func:`_work`,
inlined too), not handed to it: LLVM then knows that they overlap nothing, which measured 5-30% faster.
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


_ZERO = uint64(0)
#: How the kernels' pieces are compiled (see below).
_INLINED = dict(cache=True, forceinline=True, _nrt=False)
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


# The pieces of :func:`_deals` below are compiled without numba's runtime (they allocate nothing) and
# inlined by LLVM where they are called (``_INLINED``): an array handed to one then costs no reference
# counts. Inlined by numba instead (``inline="always"``), each array handed in costs its reference counts
# in the kernel's loops (the enumeration ran 2-6x slower); called as an njit function, about 2x.


@njit(**_INLINED)
def _suited(z, suit_shift, suited_class):
    """The class of the flush in the suit words ``z`` (uint64): above every class when no suit has five
    cards, so that ``min`` ignores it."""
    return np.int64(suited_class[(z >> suit_shift[z >> _COUNTS]) & _MASK])


@njit(**_INLINED)
def _showdown(ranks, words, k, cw, suited, times, rank_last, suit_shift, suited_class, vals, wins, ties, cats,
              want_cats, cat_of):
    """One showdown, counted ``times`` times: each player's class with a last card of rank k on the rank
    node ``ranks[p]`` (uint64 (P,)), and with ``suited`` the flush of ``words[p] + cw`` (uint64 (P,), suit
    words), into ``vals`` (int64 (P,)); a win for a lone best hand in ``wins`` (P,), else a tie of as many
    as hold it in ``ties[p, k]``; with ``want_cats`` each player's category (``cat_of``) in ``cats`` (P, 9,
    3): ends with, wins with, ties with. The classes are compared as they are read: a second pass over
    them measured clearly slower with three players."""
    n_players = vals.shape[0]
    best = np.int64(1 << 30)
    n_best = 0
    winner = 0
    for p in range(n_players):
        v = np.int64(rank_last[ranks[p] + k])
        if suited:
            v = min(v, _suited(words[p] + cw, suit_shift, suited_class))
        vals[p] = v
        if v < best:
            best, n_best, winner = v, 1, p
        elif v == best:
            n_best += 1
    if n_best == 1:
        wins[winner] += times
    else:
        for p in range(n_players):
            if vals[p] == best:
                ties[p, n_best] += times
    if want_cats:
        for p in range(n_players):
            x = cat_of[vals[p]]
            cats[p, x, 0] += times
            if vals[p] == best:
                cats[p, x, 1 if n_best == 1 else 2] += times


@njit(**_INLINED)
def _deal_start(holes, i, board, live, deck, after, R, W, most, rank_step, card_word):
    """Deal ``i``'s cards to place (``deck``, ``after``) and its depth-0 states (the hole cards and the
    fixed board but its last card when it is full, in row 0 of R, W and most); returns how many cards to
    place."""
    n_players = holes.shape[1]
    to_deal = 5 - board.shape[0]
    n_fixed = board.shape[0] if to_deal else 4  # board cards walked before the enumeration
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
    return m


@njit(**_INLINED)
def _step(R, W, most, d, c, rank_step, card_word):
    """Depth d + 1's states: depth d's with card c."""
    k = c >> _TWO
    cw = card_word[c]
    for p in range(R.shape[1]):
        R[d + 1, p] = rank_step[R[d, p] + k]
        W[d + 1, p] = W[d, p] + cw
    for s in range(4):
        most[d + 1, s] = most[d, s]
    most[d + 1, c & _SUITS] += 1


@njit(**_INLINED)
def _fours(most, d):
    """The suits (bits 0-3) of which some player holds four or more at depth d."""
    mask = uint64(0)
    for s in range(4):
        if most[d, s] >= 4:
            mask |= uint64(1) << uint64(s)
    return mask


@njit(**_INLINED)
def _fits_two(most, d):
    """Whether the last two cards can be scored by their ranks at depth d (``two`` in :func:`_play`): no
    player holds five of a suit, and at most one suit has a player holding four."""
    n4 = 0
    for s in range(4):
        if most[d, s] > 4:
            return False
        n4 += most[d, s] == 4
    return n4 <= 1


@njit(**_INLINED)
def _two_cards(deck, after, most, d, start, m, n, n_suit, suit_cards):
    """The cards deck[start:m] that the last two come from, as :func:`_play`'s ``two`` scores them: ``n``
    the count of each rank outside the suit some player holds four of, and ``suit_cards[s, :n_suit[s]]``
    the cards of each suit some player holds three or four of. Returns (three, four, n_four): the suits
    (bits) some player holds three of, the suit some player holds four of (4: none) and its cards left."""
    for k in range(13):
        n[k] = 0
    j = start
    while j < m:
        nx = after[j]
        n[deck[j] >> _TWO] = nx - j
        j = nx
    three = uint64(0)
    four = 4
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
    return three, four, n_four


@njit(**_INLINED)
def _two_ranks_heads_up(r0, r1, n, rank_step, rank_last):
    """Heads-up, every pair of ranks of the ``n`` (int64 (13,)) cards of each rank on the rank nodes
    r0, r1: the boards each player wins, (w0, w1)."""
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
    return w0, w1


@njit(**_INLINED)
def _two_suited_heads_up(cards, s, n_cards, r0, r1, x0, x1, w0, w1, rank_step, rank_last, card_word,
                         suit_shift, suited_class):
    """Heads-up on the rank nodes r0, r1 and suit words x0, x1, the pairs of ``cards[s, :n_cards]``
    (uint64; suit s, which some player holds three of), counted by their ranks in (w0, w1) already: taken
    back and counted with their flush; (w0, w1) updated."""
    for x in range(n_cards):
        cx = cards[s, x]
        q0 = uint64(rank_step[r0 + (cx >> _TWO)])
        q1 = uint64(rank_step[r1 + (cx >> _TWO)])
        y0 = x0 + card_word[cx]
        y1 = x1 + card_word[cx]
        for y in range(x + 1, n_cards):
            cy = cards[s, y]
            l0 = np.int64(rank_last[q0 + (cy >> _TWO)])
            l1 = np.int64(rank_last[q1 + (cy >> _TWO)])
            v0 = min(l0, _suited(y0 + card_word[cy], suit_shift, suited_class))
            v1 = min(l1, _suited(y1 + card_word[cy], suit_shift, suited_class))
            w0 += (v0 < v1) - (l0 < l1)
            w1 += (v1 < v0) - (l1 < l0)
    return w0, w1


@njit(**_INLINED)
def _two_four_heads_up(cards, s, n_cards, n, r0, r1, x0, x1, w0, w1, rank_step, rank_last, card_word,
                       suit_shift, suited_class):
    """Heads-up on the rank nodes r0, r1 and suit words x0, x1, the pairs with a card of
    ``cards[s, :n_cards]`` (uint64, suit s, which some player holds four of): with a card of each rank of the
    other suits (``n``), then with a later card of the suit; (w0, w1) updated."""
    for x in range(n_cards):
        cx = cards[s, x]
        q0 = uint64(rank_step[r0 + (cx >> _TWO)])
        q1 = uint64(rank_step[r1 + (cx >> _TWO)])
        y0 = x0 + card_word[cx]
        y1 = x1 + card_word[cx]
        f0 = _suited(y0, suit_shift, suited_class)  # a card of another suit adds no flush
        f1 = _suited(y1, suit_shift, suited_class)
        for b in range(13):
            nb = n[b]
            if nb:
                v0 = min(np.int64(rank_last[q0 + uint64(b)]), f0)
                v1 = min(np.int64(rank_last[q1 + uint64(b)]), f1)
                w0 += nb * (v0 < v1)
                w1 += nb * (v1 < v0)
        for y in range(x + 1, n_cards):
            cy = cards[s, y]
            ky, cw = cy >> _TWO, card_word[cy]
            v0 = min(np.int64(rank_last[q0 + ky]), _suited(y0 + cw, suit_shift, suited_class))
            v1 = min(np.int64(rank_last[q1 + ky]), _suited(y1 + cw, suit_shift, suited_class))
            w0 += v0 < v1
            w1 += v1 < v0
    return w0, w1


@njit(**_INLINED)
def _last_heads_up(deck, after, start, m, r0, r1, x0, x1, mask, rank_last, card_word, suit_shift,
                   suited_class):
    """Heads-up on the rank nodes r0, r1 and suit words x0, x1, every last card from deck[start:m]: by
    rank alone, but the cards of the suits ``mask`` (bits) some player holds four of, and every card's
    flush when there is such a suit. Returns the boards each player wins, (w0, w1)."""
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
                v0 = min(l0, _suited(x0 + card_word[c], suit_shift, suited_class))
                v1 = min(l1, _suited(x1 + card_word[c], suit_shift, suited_class))
                w0 += v0 < v1
                w1 += v1 < v0
            else:
                n_same += 1
                same = c
        if n_same:
            v0 = min(l0, _suited(x0 + card_word[same], suit_shift, suited_class))
            v1 = min(l1, _suited(x1 + card_word[same], suit_shift, suited_class))
            w0 += n_same * (v0 < v1)
            w1 += n_same * (v1 < v0)
        j = nx
    return w0, w1


@njit(**_INLINED)
def _two_many(d, mult, three, four, n_four, n, n_suit, suit_cards, R, W, q, zq, rank_step, rank_last,
              card_word, suit_shift, suited_class, vals, wins, ties, cats, want_cats, cat_of):
    """``two`` of :func:`_deals` for more than two players, or with categories, on depth d's states (R, W):
    each pair of ranks of the ``n`` cards of each rank, then the pairs of the suits ``three`` (bits) some
    player holds three of, taken back and scored with their flush, then the pairs with a card of the suit
    ``four`` some player holds four of (``n_four`` cards left; 4: none): each showdown counted ``mult``
    times per pair of cards (:func:`_showdown`). q, zq: scratch (P,)."""
    n_players = vals.shape[0]
    for p in range(n_players):
        zq[p] = W[d, p]
    for a in range(13):  # every pair of ranks, by its cards
        if n[a]:
            for p in range(n_players):
                q[p] = rank_step[R[d, p] + uint64(a)]
            for b in range(a, 13):
                cnt = n[a] * (n[a] - 1) // 2 if b == a else n[a] * n[b]
                if cnt:
                    _showdown(q, zq, uint64(b), _ZERO, False, mult * cnt, rank_last, suit_shift, suited_class,
                              vals, wins, ties, cats, want_cats, cat_of)
    for s in range(4):  # the pairs of a suit some player holds three of: taken back, scored with a flush
        for x in range(n_suit[s] if (three >> uint64(s)) & uint64(1) else 0):
            cx = suit_cards[s, x]
            for p in range(n_players):
                q[p] = rank_step[R[d, p] + (cx >> _TWO)]
            for y in range(x + 1, n_suit[s]):
                cy = suit_cards[s, y]
                pair = card_word[cx] + card_word[cy]
                _showdown(q, zq, cy >> _TWO, pair, False, -mult, rank_last, suit_shift, suited_class, vals,
                          wins, ties, cats, want_cats, cat_of)
                _showdown(q, zq, cy >> _TWO, pair, True, mult, rank_last, suit_shift, suited_class, vals,
                          wins, ties, cats, want_cats, cat_of)
    for x in range(n_four):  # a card of the four-held suit (one of another suit adds no flush)
        cx = suit_cards[four, x]
        for p in range(n_players):
            q[p] = rank_step[R[d, p] + (cx >> _TWO)]
            zq[p] = W[d, p] + card_word[cx]
        for b in range(13):  # with the other suits' cards of rank b
            if n[b]:
                _showdown(q, zq, uint64(b), _ZERO, True, mult * n[b], rank_last, suit_shift, suited_class,
                          vals, wins, ties, cats, want_cats, cat_of)
        for y in range(x + 1, n_four):  # with a later card of the suit
            cy = suit_cards[four, y]
            _showdown(q, zq, cy >> _TWO, card_word[cy], True, mult, rank_last, suit_shift, suited_class, vals,
                      wins, ties, cats, want_cats, cat_of)


@njit(**_INLINED)
def _add_deal(tally, chunk, w, wins, ties, cats, want_cats):
    """A deal's counts (int64 wins (P,), ties (P, MAX_SPLIT), cats (P, 9, 3)), times its weight ``w``, into
    row ``chunk`` of the float64 :class:`~equity.tally.Tally` ``tally``."""
    wins_out, ties_out, cats_out = tally.wins, tally.ties, tally.cats
    for p in range(wins.shape[0]):
        wins_out[chunk, p] += w * wins[p]
        for s in range(MAX_SPLIT):
            ties_out[chunk, p, s] += w * ties[p, s]
        if want_cats:
            for c in range(N_CATEGORIES):
                for x in range(3):
                    cats_out[chunk, p, c, x] += w * cats[p, c, x]


@njit(cache=True, forceinline=True)
def _work(n_live, n_players):
    """The working arrays of :func:`_deals`, for ``n_live`` live cards and ``n_players`` players (inlined
    there by LLVM: allocated in the kernel, not handed to it, they measured 5-30% faster). deck: the deal's
    cards to place, ascending; after[j]: the first place past deck[j]'s rank; R, W: each player's rank
    node and suit words at each depth; most[d, s]: the most cards of suit s any player holds at depth d.
    The frames of the enumeration: a frame at depth d places the next board card from deck[at:]; a group
    is the cards of one rank in suits that can no longer make a flush, placed 1 .. size at once. vals, q,
    zq: scratch; n: the cards of each rank left; suit_cards[s, :n_suit[s]]: those of a suit some player
    holds three or four of; wins, ties, cats: a deal's counts."""
    deck = np.empty(max(n_live, 1), np.uint64)
    after = np.empty(max(n_live, 1), np.int64)
    R = np.empty((6, n_players), np.uint64)
    W = np.empty((6, n_players), np.uint64)
    most = np.zeros((6, 4), np.int64)
    f_depth = np.zeros(6, np.int64)
    f_at = np.zeros(6, np.int64)
    f_group = np.zeros(6, np.int64)
    f_placed = np.zeros(6, np.int64)
    f_weight = np.zeros(6, np.int64)
    vals = np.empty(n_players, np.int64)
    q = np.empty(n_players, np.uint64)
    zq = np.empty(n_players, np.uint64)
    n = np.zeros(13, np.int64)
    n_suit = np.zeros(4, np.int64)
    suit_cards = np.zeros((4, 13), np.uint64)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, N_CATEGORIES, 3), np.int64)
    return (deck, after, R, W, most, f_depth, f_at, f_group, f_placed, f_weight, vals, q, zq, n, n_suit,
            suit_cards, wins, ties, cats)


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
    rank_step, rank_last, card_word = t.rank_step, t.rank_last, t.card_word
    suit_shift, suited_class = t.suit_shift, t.suited_class
    n_players = holes.shape[1]
    deck, after, R, W, most, f_depth, f_at, f_group, f_placed, f_weight, vals, q, zq, n, n_suit, suit_cards, \
        wins, ties, cats = _work(live.shape[0], n_players)
    n_left = max(5 - board.shape[0], 1)  # cards the enumeration adds (a full board's last card, once)
    heads_up = n_players == 2 and not want_cats

    def score(d, k, cw, suited, times):
        """:func:`_showdown` on depth d's states, written in place: called here, it measured 10% slower
        on the turn with three players."""
        best = np.int64(1 << 30)
        n_best = 0
        winner = 0
        for p in range(n_players):
            v = np.int64(rank_last[R[d, p] + k])
            if suited:
                v = min(v, _suited(W[d, p] + cw, suit_shift, suited_class))
            vals[p] = v
            if v < best:
                best, n_best, winner = v, 1, p
            elif v == best:
                n_best += 1
        if n_best == 1:
            wins[winner] += times
        else:
            for p in range(n_players):
                if vals[p] == best:
                    ties[p, n_best] += times
        if want_cats:
            for p in range(n_players):
                x = cat_of[vals[p]]
                cats[p, x, 0] += times
                if vals[p] == best:
                    cats[p, x, 1 if n_best == 1 else 2] += times

    def two(d, start, mult, m):
        """The last two cards from deck[start:m] on depth d's states, when no player holds five of a suit
        and at most one suit has a player holding four (:func:`_fits_two`): by the ranks of each pair, but
        the flushes (:func:`_two_cards`, and its parts heads-up, or :func:`_two_many`)."""
        three, four, n_four = _two_cards(deck, after, most, d, start, m, n, n_suit, suit_cards)
        if heads_up:
            r0, r1, x0, x1 = R[d, 0], R[d, 1], W[d, 0], W[d, 1]
            w0, w1 = _two_ranks_heads_up(r0, r1, n, rank_step, rank_last)
            for s in range(4):
                if (three >> uint64(s)) & uint64(1):
                    w0, w1 = _two_suited_heads_up(suit_cards, s, n_suit[s], r0, r1, x0, x1, w0, w1, rank_step,
                                                  rank_last, card_word, suit_shift, suited_class)
            if n_four:
                w0, w1 = _two_four_heads_up(suit_cards, four, n_four, n, r0, r1, x0, x1, w0, w1, rank_step,
                                            rank_last, card_word, suit_shift, suited_class)
            total = (m - start) * (m - start - 1) // 2
            wins[0] += mult * w0
            wins[1] += mult * w1
            ties[0, 2] += mult * (total - w0 - w1)
            ties[1, 2] += mult * (total - w0 - w1)
            return
        _two_many(d, mult, three, four, n_four, n, n_suit, suit_cards, R, W, q, zq, rank_step, rank_last,
                  card_word, suit_shift, suited_class, vals, wins, ties, cats, want_cats, cat_of)

    def last(d, start, mult, m):
        """Every last card from deck[start:m] on depth d's states: by rank alone, but the cards of a suit
        some player holds four of (and every card's flush check when there is such a suit)."""
        mask = _fours(most, d)
        if heads_up:
            w0, w1 = _last_heads_up(deck, after, start, m, R[d, 0], R[d, 1], W[d, 0], W[d, 1], mask,
                                    rank_last, card_word, suit_shift, suited_class)
            wins[0] += mult * w0
            wins[1] += mult * w1
            ties[0, 2] += mult * (m - start - w0 - w1)
            ties[1, 2] += mult * (m - start - w0 - w1)
            return
        j = start
        while j < m:
            nx = after[j]
            n_same = 0
            same = uint64(0)
            for u in range(j, nx):
                if (mask >> (deck[u] & _SUITS)) & uint64(1):
                    score(d, deck[j] >> _TWO, card_word[deck[u]], True, mult)
                else:
                    n_same += 1
                    same = deck[u]
            if n_same:
                score(d, deck[j] >> _TWO, card_word[same], mask != 0, mult * n_same)
            j = nx

    for chunk in range(lo, hi):
        for i in range(bounds[chunk], bounds[chunk + 1]):
            m = _deal_start(holes, i, board, live, deck, after, R, W, most, rank_step, card_word)
            wins[:] = 0
            ties[:, :] = 0
            cats[:, :, :] = 0
            n_boards = 0
            f = 0
            # The last two cards' places are scored at one call of two(), at the loop's top: a closure is
            # compiled into each place that calls it, and two() written out three times took most of this
            # kernel's 40 s compile. pend: two(pend_d, pend_at, pend_mult) is due.
            pend = n_left == 2 and _fits_two(most, 0)
            pend_d, pend_at, pend_mult = 0, 0, 1
            if pend:
                f = -1
            f_depth[0], f_at[0], f_group[0], f_weight[0] = 0, 0, 0, 1
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
                            score(e, c >> _TWO, card_word[c], _fours(most, e) != 0, mult)
                            n_boards += mult
                        else:
                            _step(R, W, most, e, c, rank_step, card_word)
                            if left - placed == 2 and _fits_two(most, e + 1):
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
                _step(R, W, most, d, c, rank_step, card_word)
                if left == 3 and _fits_two(most, d + 1):
                    pend, pend_d, pend_at, pend_mult = True, d + 1, at + 1, f_weight[f]
                    continue
                f += 1
                f_depth[f] = d + 1
                f_at[f] = at + 1
                f_group[f] = 0
                f_weight[f] = f_weight[f - 1]
            if deal_wins.shape[0]:
                _one_deal(deal_wins[i - bounds[0]], deal_ties[i - bounds[0]], weight[i], wins, ties)
            _add_deal(tally, chunk, weight[i], wins, ties, cats, want_cats)
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
               suit_shift, suited_class, rank_step[:0], rank_last[:0])
    b = Board(cards[n_held:n_held + n_board].copy(), live, False, np.empty(0, np.uint8))
    _deals(cards[:n_held].copy().reshape((1, n_players, 2)), np.ones(1), np.ones(1, np.int64),
           np.arange(2, dtype=np.int64), 0, 1, b, t, tally, boards, np.zeros((0, n_players)),
           np.zeros((0, n_players, n_players + 1)))
    _exact_figures(wins[0], ties[0], boards[0, 0], out)
    out[n_figures] = boards[0, 0]
    out[n_figures + 1] = 1.0 if written else 0.0
    return out
