"""The rank DAG's seven-card level numbered so that a walk in sorted order needs no loads.

A walk of the rank DAG (:mod:`equity.evaluators.dag`) may take a hand's ranks in any order, so each of
its steps is a load: ``rank_next[node, rank]``. Taken in ascending order, the seven ranks
``s0 <= s1 <= ... <= s6`` reach each seven-card node by one path only, and numbering the nodes in
colexicographic order makes every step an addition:

    index = sum(C(s_i + i, i + 1) for i in range(7))          # 0 .. C(19, 7) - 1 = 50,387

(the ranks ``s_i + i`` are distinct, a 7-subset of 0..18, and this is that subset's rank in the
combinatorial number system). So a sorted hand's node is a sum of seven entries of the small table
:func:`binomials`, and its class one load of ``rank_sorted`` (int16, 1 + 50,388 entries, 98 KB, where
the DAG's ``rank_last`` is 2.0 MB)::

    rank_sorted[1 + index] = rank_class[node reached by s0 .. s6]

Entry 0 is padding (the vector kernel reads the entry at ``i`` as the high half of the four bytes at
``2 * i - 2``, and ``index`` is 0 for seven deuces, a hand of repeated cards); the 1,183 multisets that
use a rank five times or more reach the DAG's sentinel, class 0.

Sorting seven ranks in vector lanes is :data:`NETWORK`, 16 compare-exchanges in six rounds (a minimum
and a maximum each, no branch); the vector walk (:mod:`equity.evaluators.gathers`) takes this path, and
the scalar lanes keep the DAG's loads, which measured faster than sorting one hand at a time.
"""

from __future__ import annotations

import math

import numpy as np

N_CARDS = 7
N_RANKS = 13
#: Seven-rank multisets, each rank used any number of times: the sorted walk's indices.
N_SORTED = math.comb(N_RANKS + N_CARDS - 1, N_CARDS)

#: A sorting network for seven values: swap positions ``(i, j)`` when ``x[i] > x[j]``, in this order.
NETWORK = ((0, 6), (2, 3), (4, 5), (0, 2), (1, 4), (3, 6), (0, 1), (2, 5), (3, 4), (1, 2), (4, 6),
           (2, 3), (4, 5), (1, 2), (3, 4), (5, 6))


def binomials(width: int = 16) -> list[list[int]]:
    """``table[i][s] = C(s + i, i + 1)``, the sorted walk's step for rank ``s`` at position ``i``
    (``width`` entries a row: a vector of sixteen lanes; the ranks past 12 are never read)."""
    return [[math.comb(s + i, i + 1) for s in range(width)] for i in range(N_CARDS)]


def sorted_classes(rank_next: np.ndarray, rank_class: np.ndarray) -> np.ndarray:
    """``rank_sorted`` (module docstring) from the rank DAG's natural tables: the sorted walks from the
    root, level by level, each walk of ``i`` ranks extended by every rank at or above its last, its node
    and its index kept beside it."""
    steps = np.asarray(binomials(N_RANKS), np.int64)
    last = np.arange(N_RANKS)
    node, index = rank_next[0, last], steps[0, last]
    for i in range(1, N_CARDS):
        counts = N_RANKS - last
        parents = np.repeat(np.arange(len(last)), counts)
        first = np.repeat(np.cumsum(counts) - counts, counts)
        last = last[parents] + np.arange(len(parents)) - first
        node, index = rank_next[node[parents], last], index[parents] + steps[i, last]
    out = np.zeros(1 + N_SORTED, np.int16)
    out[1 + index] = rank_class[node]
    return out
