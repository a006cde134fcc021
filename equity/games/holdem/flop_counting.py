"""How ``equity flops`` counts the pairs of combos on one board from their classes, for
:mod:`equity.games.holdem.flop_kernels` (whose walk gives each live combo its class, dead ones a
sentinel: :data:`DEAD_HERO` above every class, :data:`DEAD_VILLAIN` below).

Three ways to count the pairs on a board, the same whole counts each way (``tests/questions/test_flops.py``):

- **Pairwise** (:func:`count_pairwise`), for ranges of up to a few hundred combos: each hero combo
  against the row of villain combos it does not collide with (a 0/weight matrix built once a flop), two
  sums a villain combo, the hero's wins and ties against it, that the compiler turns into SIMD compares
  and masked adds. A dead hero combo's row is skipped; a dead villain combo scores below every class,
  so that no hero combo beats or ties it.
- **Sorted** (:func:`count_sorted`), for large ranges: both sides' scores are radix-sorted; one sweep
  in order of strength keeps, for the villain combos stronger than the current hero combo (and as
  strong), their total weight and their weight per card, so that a hero combo ``(a, b)`` beats ``live -
  stronger - equal`` of them, with ``stronger = L - L[a] - L[b]`` (no villain combo stronger than it
  holds both its cards: that would be the same combo, as strong) and ``equal = E - E[a] - E[b] + same``
  (``same``: the weight of the villain's copy of the hero's combo, counted in both ``E[a]`` and
  ``E[b]``).
- **Mirrored** (:func:`count_mirror`), when both ranges are one (``random`` against ``random``): each
  side wins as often as the other, so only the ties are counted, by value and by value and card with no
  sort, and each side's wins are half the pairs that do not tie.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: A score above every class: a hero combo that holds the turn or river card.
DEAD_HERO = np.int16(0x7FFF)
#: A score below every class: a villain combo that holds the turn or river card.
DEAD_VILLAIN = np.int16(-1)


@njit(inline="always")
def count_pairwise(pair, vh, vv, wins, ties):
    """Add one board's pairs (pairwise: module docstring) to the per-villain-combo sums ``wins`` and
    ``ties`` (the pairs its hero combos win, and tie)."""
    n = vv.shape[0]
    for i in range(vh.shape[0]):
        h = vh[i]
        if h == DEAD_HERO:
            continue
        row = pair[i]
        for j in range(n):  # no branch: the compiler makes it SIMD compares and masked adds
            v = vv[j]
            w = row[j]
            wins[j] += w if h < v else 0
            ties[j] += w if h == v else 0


@njit(inline="always")
def counting_pass(src, dst, count, m, shift, mask):
    """One stable counting-sort pass of ``src[:m]`` into ``dst`` by the digit ``(key >> shift) & mask``;
    ``count`` holds the digit histogram on entry and is consumed (also the preflop table's generator's,
    :mod:`tools.preflop_gen`)."""
    total = 0
    for d in range(mask + 1):
        c = count[d]
        count[d] = total
        total += c
    for i in range(m):
        d = (src[i] >> shift) & mask
        dst[count[d]] = src[i]
        count[d] += 1


@njit(inline="always")
def _radix(values, n, keys, scratch, count_lo, count_hi):
    """``keys[:n]``: ``value << 11 | index`` of the ``n`` values that are not sentinels, in ascending
    order of value (a two-pass LSD radix sort on the class's 13 bits); returns how many."""
    count_lo[:] = 0
    count_hi[:] = 0
    m = 0
    for i in range(n):
        v = values[i]
        if 0 < v < 8192:
            scratch[m] = v << 11 | i
            count_lo[v & 127] += 1
            count_hi[v >> 7] += 1
            m += 1
    counting_pass(scratch, keys, count_lo, m, 11, 127)
    counting_pass(keys, scratch, count_hi, m, 18, 63)
    keys[:m] = scratch[:m]
    return m


@njit(inline="always")
def _take(key, v_live, v_w, villain, per_card):
    """The weight of the villain combo of a sorted ``key``, added to ``per_card`` under both its cards."""
    j = v_live[key & 2047]
    w = v_w[j]
    per_card[villain[j, 0]] += w
    per_card[villain[j, 1]] += w
    return w


@njit(inline="always")
def count_sorted(hero, h_live, h_w, same, villain, v_live, v_w, vh, vv, s, acc):
    """Add one board's pairs (sorted: module docstring) to ``acc``: [hero wins, ties]."""
    keys_h, keys_v, scratch, count_lo, count_hi, less, upto = s
    nh = _radix(vh, vh.shape[0], keys_h, scratch, count_lo, count_hi)
    nv = _radix(vv, vv.shape[0], keys_v, scratch, count_lo, count_hi)
    less[:] = 0  # per card: the weight of the villain combos stronger than the hero combo in hand
    upto[:] = 0  # ... and at least as strong
    below = acc[0] * 0
    at_most = below
    stronger = below
    equal = below
    lo = 0
    hi = 0
    for k in range(nh):
        i = keys_h[k] & 2047
        v = keys_h[k] >> 11
        while lo < nv and (keys_v[lo] >> 11) < v:
            below += _take(keys_v[lo], v_live, v_w, villain, less)
            lo += 1
        while hi < nv and (keys_v[hi] >> 11) <= v:
            at_most += _take(keys_v[hi], v_live, v_w, villain, upto)
            hi += 1
        c = h_live[i]
        a = hero[c, 0]
        b = hero[c, 1]
        wh = h_w[c]
        better = below - less[a] - less[b]
        stronger += wh * better
        equal += wh * (at_most - upto[a] - upto[b] + same[i] - better)
    # The pairs live on this board: each hero combo with the villain's that do not collide with it.
    while hi < nv:
        at_most += _take(keys_v[hi], v_live, v_w, villain, upto)
        hi += 1
    live = below * 0
    for k in range(nh):
        i = keys_h[k] & 2047
        c = h_live[i]
        live += h_w[c] * (at_most - upto[hero[c, 0]] - upto[hero[c, 1]] + same[i])
    acc[0] += live - stronger - equal
    acc[1] += equal


@njit(inline="always")
def count_mirror(values, weights, start, holding, by_value, acc):
    """Add one board's ties to ``acc[1]`` when both ranges are one (mirrored: module docstring). Pairs of
    equal value that share no card: for each value ``v`` the square of its weight ``W[v]``, less for each
    card ``c`` the square of the weight ``W[v, c]`` of its combos that hold ``c`` (a pair sharing one card
    is taken away once, a combo with itself twice), plus each combo's own weight squared (given back
    once). ``values``: each live combo's class (``DEAD_HERO`` for one holding the turn or river);
    ``by_value``: zeros, at least as long as the classes, left as zeros."""
    same = acc[1] * 0
    for i in range(values.shape[0]):
        v = values[i]
        if v != DEAD_HERO:
            w = weights[i]
            same += w * (2 * by_value[v] + w) + w * w
            by_value[v] += w
    for i in range(values.shape[0]):
        by_value[values[i] & 0x1FFF] = 0
    for c in range(52):
        for j in range(start[c], start[c + 1]):
            v = values[holding[j]]
            if v != DEAD_HERO:
                w = weights[holding[j]]
                same -= w * (2 * by_value[v] + w)
                by_value[v] += w
        for j in range(start[c], start[c + 1]):
            by_value[values[holding[j]] & 0x1FFF] = 0
    acc[1] += same
