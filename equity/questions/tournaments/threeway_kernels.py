"""The kernels of :mod:`equity.questions.tournaments.threeway_table`: for each sorted triple of
starting-hand classes, the compatible combo triples counted and the three-way showdown sampled.

A triple's deals are drawn from stream ``index`` of the seed (:func:`equity.engines.deck._seed_stream`:
xoshiro256** seeded by SplitMix64), its combo triples and board cards by Lemire's bounded draws
(:func:`equity.engines.deck._bounded`), so its counts depend on ``(seed, index, samples)`` alone: not on
the thread count, nor on which other triples are built with it.

A deal is one compatible combo triple, uniform among them (the triple's compatible combo triples are
listed first, then one is drawn by its place in the list), and five board cards, each drawn uniformly
from the 52 and drawn again while it is already out (the five are then a uniform set of the 46 left).
The board is walked once (:mod:`equity.evaluators.high`: its first three ranks by ``rank_three``) and
each seat's hole cards continue from its state. The outcome comes from the three pairwise comparisons
of the seats' classes (lower is better), each coded 0 (<), 1 (=) or 2 (>), through ``by_signs``.

Kernels assume valid input: classes 0..168 with ``a <= b <= c``, ``0 <= samples < 2**16``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange, uint64

from equity.engines.deck import _bounded, _seed_stream

_TWO = uint64(2)
_RANKS = uint64(13)
_COUNTS = uint64(52)
_MASK = uint64(0x1FFF)
#: The most compatible combo triples of one class triple: 12 ** 3 (three offsuit classes).
MAX_PAIRINGS = 1728


@njit(cache=True)
def _pairings(a, b, c, masks, sizes, out):
    """How many ordered combo triples of classes ``a``, ``b``, ``c`` (seats 0, 1, 2) share no card,
    each written to ``out`` (int32 (>= :data:`MAX_PAIRINGS`,)) as ``i | j << 4 | k << 8``, the combos'
    places in their classes.

    masks: uint64 (169, 12), each combo's two cards as bits (unused places 0); sizes: int64 (169,), the
    classes' combo counts."""
    n = 0
    for i in range(sizes[a]):
        mi = masks[a, i]
        for j in range(sizes[b]):
            mj = masks[b, j]
            if mi & mj:
                continue
            mij = mi | mj
            for k in range(sizes[c]):
                if not mij & masks[c, k]:
                    out[n] = i | j << 4 | k << 8
                    n += 1
    return n


@njit(cache=True)
def _hand(r, w, h0, h1, t):
    """The class of a board walked to rank state ``r`` and suit word ``w`` (5 cards) with hole cards
    ``h0``, ``h1`` added (:mod:`equity.evaluators.high`'s last-card rule)."""
    q = uint64(t.rank_step[r + (h0 >> _TWO)])
    x = w + t.card_word[h0] + t.card_word[h1]
    return min(t.suited_class[(x >> t.suit_shift[x >> _COUNTS]) & _MASK], t.rank_last[q + (h1 >> _TWO)])


@njit(cache=True, parallel=True)
def _sample(triples, streams, samples, seed, cards, masks, sizes, by_signs, t, counts, combos):
    """For row ``i`` of ``triples`` (int64 (n, 3), sorted classes): ``combos[i]`` (int64) its compatible
    ordered combo triples, and ``counts[i, o]`` (uint16 (n, 13)) how many of ``samples`` deals, drawn
    from stream ``streams[i]`` (int64) of ``seed`` (uint64), end in outcome ``o``. A triple with no
    compatible combos keeps zero counts.

    cards: uint8 (169, 12, 2) the classes' combos; masks, sizes: as :func:`_pairings`; by_signs: int64
    (27,), the outcome of each pairwise-comparison code (module docstring); t:
    :class:`~equity.evaluators.tables.Tables`."""
    for i in prange(triples.shape[0]):
        a, b, c = triples[i, 0], triples[i, 1], triples[i, 2]
        listed = np.empty(MAX_PAIRINGS, np.int32)
        n = _pairings(a, b, c, masks, sizes, listed)
        combos[i] = n
        tally = np.zeros(13, np.int64)
        if n == 0 or samples == 0:
            counts[i, :] = 0
            continue
        state = np.empty(4, np.uint64)
        _seed_stream(seed, uint64(streams[i]), state)
        s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
        board = np.empty(5, np.uint64)
        for _ in range(samples):
            pick, s0, s1, s2, s3 = _bounded(s0, s1, s2, s3, n)
            code = listed[pick]
            ia, ib, ic = code & 15, (code >> 4) & 15, code >> 8
            used = masks[a, ia] | masks[b, ib] | masks[c, ic]
            for d in range(5):
                card, s0, s1, s2, s3 = _bounded(s0, s1, s2, s3, 52)
                while (used >> uint64(card)) & uint64(1):
                    card, s0, s1, s2, s3 = _bounded(s0, s1, s2, s3, 52)
                used |= uint64(1) << uint64(card)
                board[d] = card
            r = uint64(t.rank_three[((board[0] >> _TWO) * _RANKS + (board[1] >> _TWO)) * _RANKS
                                    + (board[2] >> _TWO)])
            r = uint64(t.rank_step[r + (board[3] >> _TWO)])
            r = uint64(t.rank_step[r + (board[4] >> _TWO)])
            w = (t.card_word[board[0]] + t.card_word[board[1]] + t.card_word[board[2]]
                 + t.card_word[board[3]] + t.card_word[board[4]])
            v0 = _hand(r, w, uint64(cards[a, ia, 0]), uint64(cards[a, ia, 1]), t)
            v1 = _hand(r, w, uint64(cards[b, ib, 0]), uint64(cards[b, ib, 1]), t)
            v2 = _hand(r, w, uint64(cards[c, ic, 0]), uint64(cards[c, ic, 1]), t)
            sign = (9 * ((v0 >= v1) + (v0 > v1)) + 3 * ((v0 >= v2) + (v0 > v2))
                    + (v1 >= v2) + (v1 > v2))
            tally[by_signs[sign]] += 1
        for o in range(13):
            counts[i, o] = tally[o]


@njit(cache=True, parallel=True)
def _expand(triples, counts, combos, samples, total, maps, perms, out):
    """Add to ``out`` (float32 (169, 169, 169, 13), ``out[y, z, x, o]``) each sorted triple's joint
    probabilities, ``combos / total * counts / samples``, at every ordering of its classes over the seats,
    the outcomes moved by ``maps`` (int64 (6, 13)) for the orderings ``perms`` (int64 (6, 3): seat ``s``
    holds the sorted triple's class ``perm[s]``). An ordering reached by several permutations (a class
    repeated) gets their average, so each triple's mass is added once.

    triples: int64 (n, 3); counts: uint16 (n, 13); combos: int64 (n,); out: zero where written, and no two
    triples write one cell, so the rows go to threads freely."""
    for i in prange(triples.shape[0]):
        if combos[i] == 0:
            continue
        a, b, c = triples[i, 0], triples[i, 1], triples[i, 2]
        alike = 6 if a == c else 2 if (a == b or b == c) else 1
        scale = combos[i] / (total * samples * alike)
        for p in range(6):
            x, y, z = triples[i, perms[p, 0]], triples[i, perms[p, 1]], triples[i, perms[p, 2]]
            for o in range(13):
                out[y, z, x, maps[p, o]] += np.float32(counts[i, o] * scale)
