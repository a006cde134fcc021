"""The Omaha kernels the engines share, on the DAG's walk state and on tables derived from its nodes.

**Triple tables** (:func:`_triple_tables`): one hand's best class with every three cards the board can
hold, ``52**3`` int16 entries (0.3 MB) built in about 0.3 ms. A specific hand's value on any board is
then the minimum of the board's ten triples' entries; an enumeration that lists boards card by card
keeps the minimum over the first four cards' triples, so the last card costs six loads.

**Pair tables** (:class:`PairTables`): every hand's value on one board, from its pairs of hole cards.
The rank DAG's five-card nodes are numbered in a block (a board's node is its rank multiset: 6,175 of
them), and for each node and each pair of hole ranks (91, pairs included) the table holds the best
non-flush class of the pair with three of the board's ranks: 6,175 x 91 int16, 1.1 MB. A flush needs
three board cards of one suit and two hole cards of it: a second table holds, for each mask of three to
five suited board ranks and each two other ranks, the best flush with three of the board's (8,192 x 78,
1.3 MB). A hand's value is then one board walk (five rank steps, shared by every hand on that board) and
one load per pair of hole cards (six in PLO4), plus one per suited pair when the board has three of its
suit. Both tables are built from the DAG in a few milliseconds.

The walk both replace, every pair of hole cards continued from each of the board's ten triples, is
:func:`equity.evaluators.omaha._omaha_rows`: the tests' second implementation and the benchmark's baseline.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange, uint64

from equity.evaluators.high import _COUNTS, _MASK, _TWO

#: The value of a triple no two hole cards complete (never read for valid input).
_NONE = 0x7FFF
#: Flat index of a board triple in a triple table: ``(a * 52 + b) * 52 + c``.
TRIPLES = 52 * 52 * 52
_N = uint64(52)
_SUIT = uint64(3)


@njit(cache=True, nogil=True)
def _triple_tables(hands, cards_of, lengths, lo, hi, t, tables):
    """Each hand's value against every board triple, for the hands ``lo <= f < hi``: ``tables[f, (a * 52 +
    b) * 52 + c]`` = the best class of two of ``hands[f]`` with the three cards ``a, b, c``, for every three
    distinct of ``cards_of[f, :lengths[f]]``, in every order (other entries are left as they were). ``nogil``:
    :func:`equity.games.omaha.montecarlo.triple_tables` runs shares of the hands on threads.

    hands: uint64 (F, h), 4 <= h <= 6. cards_of: uint64 (F, n), each row's first ``lengths[f]`` (int64 (F,))
    ascending, none in the hand. t: the Tables. tables: int16 (F, :data:`TRIPLES`).

    Each pair of hole cards is walked once (two rank steps), each triple's first two cards extend it
    once per (pair, prefix), and the last card is one ``rank_last`` load; a flush needs all five cards
    of one suit, so ``suited_class`` is read only for a suited pair and a triple of its suit. An Omaha
    hand is then the minimum of its board's ten triples' entries: the minimum over triples and pairs
    taken in the other order.
    """
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    for f in range(lo, hi):
        hand = hands[f]
        cards = cards_of[f, :lengths[f]]
        out = tables[f]
        h = hand.shape[0]
        m = cards.shape[0]
        for i in range(m - 2):
            for j in range(i + 1, m - 1):
                base = (cards[i] * _N + cards[j]) * _N
                for k in range(j + 1, m):
                    out[base + cards[k]] = _NONE
        for a in range(h - 1):
            for b in range(a + 1, h):
                ha = hand[a]
                hb = hand[b]
                r2 = uint64(rank_step[uint64(rank_step[ha >> _TWO]) + (hb >> _TWO)])
                w2 = card_word[ha] + card_word[hb]
                suited = (ha & _SUIT) == (hb & _SUIT)
                suit = ha & _SUIT
                for i in range(m - 2):
                    ci = cards[i]
                    r3 = uint64(rank_step[r2 + (ci >> _TWO)])
                    w3 = w2 + card_word[ci]
                    for j in range(i + 1, m - 1):
                        cj = cards[j]
                        r4 = uint64(rank_step[r3 + (cj >> _TWO)])
                        w4 = w3 + card_word[cj]
                        base = (ci * _N + cj) * _N
                        flush = suited and (ci & _SUIT) == suit and (cj & _SUIT) == suit
                        for k in range(j + 1, m):
                            ck = cards[k]
                            v = rank_last[r4 + (ck >> _TWO)]
                            if flush and (ck & _SUIT) == suit:
                                x = w4 + card_word[ck]
                                v = min(v, suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK])
                            if v < out[base + ck]:
                                out[base + ck] = v
        for i in range(m - 2):
            a = cards[i]
            for j in range(i + 1, m - 1):
                b = cards[j]
                for k in range(j + 1, m):
                    c = cards[k]
                    v = out[(a * _N + b) * _N + c]
                    out[(a * _N + c) * _N + b] = v
                    out[(b * _N + a) * _N + c] = v
                    out[(b * _N + c) * _N + a] = v
                    out[(c * _N + a) * _N + b] = v
                    out[(c * _N + b) * _N + a] = v


# ---------------------------------------------------------------------------------------------
# Pair tables.

#: The rank DAG's five-card nodes are 2380 .. 8554 (checked when the tables are built).
FIRST_FIVE, N_FIVE = 2380, 6175
N_PAIRS, N_SUITED_PAIRS = 91, 78
_N_RANKS = 13


class PairTables(NamedTuple):
    """The Omaha pair tables (module docstring), flat int16 arrays.

    ``pair[(node - FIRST_FIVE) * 91 + pair_of[13 * a + b]]``: the best non-flush class of hole ranks
    ``a, b`` with three ranks of the board whose five-card rank node is ``node``.
    ``flush[mask * 78 + suited_of[13 * a + b]]``: the best flush of ranks ``a != b`` with three of the
    board's suited ranks ``mask`` (3 to 5 bits).
    ``pair_of``, ``suited_of``: int64 (169,), the column of each ordered rank pair.
    ``three_of``: int64 (4096,), for a suit word's four 3-bit counts (``word >> 52``), the suit holding
    three or more cards (at most one does, of five), or -1.
    """

    pair: np.ndarray
    flush: np.ndarray
    pair_of: np.ndarray
    suited_of: np.ndarray
    three_of: np.ndarray


def _columns() -> tuple[np.ndarray, np.ndarray]:
    a, b = np.divmod(np.arange(169), 13)
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return (hi * (hi + 1) // 2 + lo).astype(np.int64), np.where(hi > lo, hi * (hi - 1) // 2 + lo, 0).astype(
        np.int64)


@njit(cache=True)
def _build_pairs(t, pair_of, pair):
    """Fill ``pair`` (int16 (6175 * 91,)) by walking every board rank multiset and every hole rank pair."""
    rank_step, rank_last = t.rank_step, t.rank_last
    ranks = np.empty(5, np.int64)
    count = np.zeros(_N_RANKS, np.int64)
    for r1 in range(_N_RANKS):
        for r2 in range(r1, _N_RANKS):
            for r3 in range(r2, _N_RANKS):
                for r4 in range(r3, _N_RANKS):
                    for r5 in range(r4, _N_RANKS):
                        if r1 == r5:
                            continue  # five of a rank
                        ranks[0], ranks[1], ranks[2], ranks[3], ranks[4] = r1, r2, r3, r4, r5
                        node = uint64(0)
                        count[:] = 0
                        for k in range(5):
                            node = uint64(rank_step[node + uint64(ranks[k])])
                            count[ranks[k]] += 1
                        row = (np.int64(node) // _N_RANKS - FIRST_FIVE) * N_PAIRS
                        for a in range(_N_RANKS):
                            for b in range(a + 1):
                                if count[a] + 1 + (a == b) > 4 or count[b] + 1 > 4:
                                    continue  # more than four cards of a rank
                                q = uint64(rank_step[uint64(rank_step[uint64(a)]) + uint64(b)])
                                best = 0x7FFF
                                for i in range(3):
                                    qi = uint64(rank_step[q + uint64(ranks[i])])
                                    for j in range(i + 1, 4):
                                        qj = uint64(rank_step[qi + uint64(ranks[j])])
                                        for u in range(j + 1, 5):
                                            best = min(best, np.int64(rank_last[qj + uint64(ranks[u])]))
                                pair[row + pair_of[13 * a + b]] = best


@njit(cache=True)
def _build_flush(t, suited_of, flush):
    """Fill ``flush`` (int16 (8192 * 78,)) for every board mask of three to five ranks."""
    suited_class = t.suited_class
    bits = np.empty(5, np.int64)
    for mask in range(1 << _N_RANKS):
        n = 0
        for r in range(_N_RANKS):
            if mask >> r & 1:
                if n < 5:
                    bits[n] = r
                n += 1
        if n < 3 or n > 5:
            continue
        for a in range(_N_RANKS):
            for b in range(a):
                if mask >> a & 1 or mask >> b & 1:
                    continue
                best = 0x7FFF
                for i in range(n - 2):
                    for j in range(i + 1, n - 1):
                        for u in range(j + 1, n):
                            m = (1 << a) | (1 << b) | (1 << bits[i]) | (1 << bits[j]) | (1 << bits[u])
                            best = min(best, np.int64(suited_class[m]))
                flush[mask * N_SUITED_PAIRS + suited_of[13 * a + b]] = best


_BUILT: dict[int, tuple[object, PairTables]] = {}


def pair_tables(t) -> PairTables:
    """The :class:`PairTables` of the evaluator's tables ``t`` (built once per tables object, in a few
    milliseconds once compiled)."""
    key = id(t.rank_step)
    if key not in _BUILT:
        pair_of, suited_of = _columns()
        pair = np.full(N_FIVE * N_PAIRS, _NONE, np.int16)
        flush = np.full((1 << _N_RANKS) * N_SUITED_PAIRS, _NONE, np.int16)
        _build_pairs(t, pair_of, pair)
        _build_flush(t, suited_of, flush)
        counts = (np.arange(4096)[:, None] >> (3 * np.arange(4))[None, :]) & 7
        three_of = np.where((counts >= 3).any(axis=1), np.argmax(counts >= 3, axis=1), -1).astype(np.int64)
        _BUILT[key] = (t.rank_step, PairTables(pair, flush, pair_of, suited_of, three_of))  # keeps the key
    return _BUILT[key][1]


@njit(inline="always")
def _walk_board(board, t):
    """``(pair row offset, suit word)`` of a five-card board (uint64 or uint8 (5,))."""
    rank_step, card_word = t.rank_step, t.card_word
    node = uint64(0)
    w = uint64(0)
    for j in range(5):
        c = board[j]
        node = uint64(rank_step[node + (c >> _TWO)])
        w += card_word[c]
    return (np.int64(node) // _N_RANKS - FIRST_FIVE) * N_PAIRS, w


@njit(inline="always")
def _flush_part(pt, w, hand, h, v):
    """``v`` lowered by the flushes of the suited pairs of ``hand[:h]`` on a board of suit word ``w``."""
    s = pt.three_of[w >> _COUNTS]
    if s >= 0:
        frow = np.int64((w >> uint64(13 * s)) & _MASK) * N_SUITED_PAIRS
        for a in range(h - 1):
            if np.int64(hand[a] & 3) == s:
                ka = 13 * np.int64(hand[a] >> 2)
                for b in range(a + 1, h):
                    if np.int64(hand[b] & 3) == s:
                        v = min(v, pt.flush[frow + pt.suited_of[ka + np.int64(hand[b] >> 2)]])
    return v


@njit(inline="always")
def _four(pair, pair_of, row, a, b, c, d):
    """The best of the six pairs of hole ranks ``a, b, c, d``, each times 13 as ``pair_of`` takes them
    first (``a13``) and alone second."""
    a13, b13, c13 = a * 13, b * 13, c * 13
    return min(min(pair[row + pair_of[a13 + b]], pair[row + pair_of[a13 + c]]),
               min(pair[row + pair_of[a13 + d]], pair[row + pair_of[b13 + c]]),
               min(pair[row + pair_of[b13 + d]], pair[row + pair_of[c13 + d]]))


@njit(inline="always")
def _with(pair, pair_of, row, x, a, b, c, d):
    """The best of hole rank ``x`` paired with each of ``a, b, c, d``."""
    x13 = x * 13
    return min(min(pair[row + pair_of[x13 + a]], pair[row + pair_of[x13 + b]]),
               min(pair[row + pair_of[x13 + c]], pair[row + pair_of[x13 + d]]))


@njit(inline="always")
def _rank_part(pair, pair_of, row, hand, h):
    """The best non-flush class of the hole cards ``hand[:h]`` (card ids) on the board row ``row``: the
    pairs written out over scalars (as loops over the hand they measured 1.4x slower)."""
    a = np.int64(hand[0]) >> 2
    b = np.int64(hand[1]) >> 2
    c = np.int64(hand[2]) >> 2
    d = np.int64(hand[3]) >> 2
    v = _four(pair, pair_of, row, a, b, c, d)
    if h >= 5:
        e = np.int64(hand[4]) >> 2
        v = min(v, _with(pair, pair_of, row, e, a, b, c, d))
        if h == 6:
            f = np.int64(hand[5]) >> 2
            v = min(v, _with(pair, pair_of, row, f, a, b, c, d), pair[row + pair_of[e * 13 + f]])
    return v


@njit(cache=True)
def _pairs_value(hand, h, pt, w, row):
    """The Omaha class of ``hand[:h]`` on the board :func:`_walk_board` walked to ``(row, w)``."""
    return _flush_part(pt, w, hand, h, _rank_part(pt.pair, pt.pair_of, row, hand, h))


@njit(cache=True)
def _pairs_rows(holes, boards, t, pt, out):
    """``out[i]`` = the Omaha class of ``holes[i]`` (uint8 (n, h)) on ``boards[i]`` (uint8 (n, 5)) by the
    pair tables. Each hole size has its own loop over scalars: one loop for every size, branching on it
    per row, measured 1.4x slower; walking four rows' boards together, 20% slower."""
    pair, pair_of = pt.pair, pt.pair_of
    n, h = holes.shape
    if h == 4:
        for i in range(n):
            row, w = _walk_board(boards[i], t)
            a, b, c, d = _ranks4(holes, i)
            out[i] = _flush_part(pt, w, holes[i], 4, _four(pair, pair_of, row, a, b, c, d))
    elif h == 5:
        for i in range(n):
            row, w = _walk_board(boards[i], t)
            a, b, c, d = _ranks4(holes, i)
            e = np.int64(holes[i, 4] >> 2)
            v = min(_four(pair, pair_of, row, a, b, c, d), _with(pair, pair_of, row, e, a, b, c, d))
            out[i] = _flush_part(pt, w, holes[i], 5, v)
    else:
        for i in range(n):
            row, w = _walk_board(boards[i], t)
            a, b, c, d = _ranks4(holes, i)
            e = np.int64(holes[i, 4] >> 2)
            f = np.int64(holes[i, 5] >> 2)
            v = min(_four(pair, pair_of, row, a, b, c, d), _with(pair, pair_of, row, e, a, b, c, d),
                    _with(pair, pair_of, row, f, a, b, c, d), pair[row + pair_of[e * 13 + f]])
            out[i] = _flush_part(pt, w, holes[i], 6, v)


@njit(inline="always")
def _ranks4(holes, i):
    return (np.int64(holes[i, 0] >> 2), np.int64(holes[i, 1] >> 2), np.int64(holes[i, 2] >> 2),
            np.int64(holes[i, 3] >> 2))


@njit(cache=True, parallel=True)
def _pairs_rows_parallel(holes, boards, t, p_arrays, out, n_chunks):
    """:func:`_pairs_rows` over ``n_chunks`` contiguous chunks of rows on all threads (``p_arrays``: the
    pair tables' arrays; a tuple of tuples cannot cross prange)."""
    n = holes.shape[0]
    for chunk in prange(n_chunks):
        pt = PairTables(p_arrays[0], p_arrays[1], p_arrays[2], p_arrays[3], p_arrays[4])
        lo, hi = chunk * n // n_chunks, (chunk + 1) * n // n_chunks
        _pairs_rows(holes[lo:hi], boards[lo:hi], t, pt, out[lo:hi])
