"""Cactus Kev's five-card evaluator, with a perfect hash for paired hands; 6 and 7 cards as best-of-subsets.

An independent second evaluator, checked against the DAG in :mod:`equity.evaluators.high`. Every table is
generated here from :func:`equity.evaluators.dag.kev_classes` (no published table is copied).

**Card layout.** Each card (our id ``4 * rank + suit``) becomes one 32-bit integer, ``CARD[id]``::

    bit   31..29 28 ........ 16 15 14 13 12 11..8  7..6  5..0
          x x x  A K Q J T 9 8 7 6 5 4 3 2  c  d  h  s  rrrr  x x   pppppp

- bit ``16 + rank``: the rank bit (deuce = bit 16 .. ace = bit 28);
- bits 12..15: one suit bit, clubs = bit 15, diamonds 14, hearts 13, spades 12;
- bits 8..11: the rank 0..12;
- bits 0..5: the rank's prime 2, 3, 5, 7, .., 41 (deuce .. ace).

**Three lookups.** For five cards ``c1..c5`` with ``q = (c1 | c2 | c3 | c4 | c5) >> 16`` (13-bit rank mask):

1. all one suit (``c1 & c2 & c3 & c4 & c5 & 0xF000`` non-zero): ``flushes[q]`` (int16, 8192), the
   straight-flush or flush class;
2. otherwise five distinct ranks: ``unique5[q]`` (int16, 8192) is the straight or high-card class,
   non-zero exactly when ``q`` has five bits;
3. otherwise the hand has a repeated rank (4,888 rank multisets, quads .. one pair); the product of the
   five primes identifies the multiset (unique factorisation) and is looked up in a perfect hash.

**Perfect hash** (Pagh's hash-and-displace, minimal: 4,888 slots for the 4,888 products). With ``p`` the
product (< 2**27), ``N_BUCKETS = 2048`` buckets and ``N_SLOTS = 4888`` slots::

    h      = (p * mult) mod 2**32                       # multiplicative hash, ``mult`` odd
    bucket = h >> 21                                    # top 11 bits
    base   = ((h mod 2**21) * N_SLOTS) >> 21            # low 21 bits scaled to 0..N_SLOTS-1
    slot   = base + displace[bucket];  slot -= N_SLOTS if slot >= N_SLOTS
    class  = values[slot]

:func:`_perfect_hash` tries a fixed sequence of multipliers until no two keys of a bucket share a
``base``, then places the buckets largest first, each at the smallest displacement ``0..N_SLOTS-1``
whose slots are all free: every product gets its own slot and every slot is used. ``displace`` is uint16
(2048) and ``values`` int16 (4888). Kev's original sorted product table is rebuilt by
:func:`sorted_products`; the tests check the hash against it. In the 7-card kernel a binary search over
it measured 4.4x slower than the hash (branch-free) and 6.8x slower (branching, as Kev wrote it).

Kernels take the tables as one :class:`KevTables` argument ``t`` and bind the fields they use to locals
(``card = t.card``; likewise ``flushes``, ``unique5``, ``displace``, ``values``, ``mult``); they assume
valid input (card ids 0..51, distinct within a hand, 5..7 cards).
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import NamedTuple

import numpy as np
from numba import get_num_threads, njit, prange

from equity.evaluators import dag
from equity.evaluators.hands import run_rows, valid_hands

#: The prime of each rank, deuce .. ace.
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
N_PRODUCTS = 4888
N_BUCKETS = 2048  # the kernels compile these two in as constants (20% faster than reading shapes)
N_SLOTS = N_PRODUCTS
_LOW_BITS = 21  # a 32-bit hash's top 11 bits pick one of N_BUCKETS buckets, the low 21 give the base
_LOW_MASK = (1 << _LOW_BITS) - 1
N_FIVE_CARD_HANDS = 2_598_960
N_SEVEN_CARD_HANDS = 133_784_560
_NO_CLASS = 7463  # worse than every class: the start of a minimum


class KevTables(NamedTuple):
    """Kev's tables, the kernels' one tables argument."""

    card: np.ndarray  #: uint32 (52,): the 32-bit card of each card id
    flushes: np.ndarray  #: int16 (8192,): flush class by rank mask, 0 if not five ranks
    unique5: np.ndarray  #: int16 (8192,): straight / high-card class by rank mask, 0 if not five ranks
    displace: np.ndarray  #: uint16 (N_BUCKETS,): the perfect hash's displacement per bucket
    values: np.ndarray  #: int16 (N_SLOTS,): the class of the product that hashes to each slot
    mult: int  #: the perfect hash's odd 32-bit multiplier


def card_ints() -> np.ndarray:
    """uint32 (52,): Kev's 32-bit card for each card id ``4 * rank + suit``.

    >>> hex(int(card_ints()[4 * 11 + 1]))  # the king of diamonds, Kev's own example
    '0x8004b25'
    """
    ids = np.arange(52)
    rank, suit = ids >> 2, ids & 3
    primes = np.array(PRIMES, np.int64)[rank]
    return (primes | rank << 8 | 0x8000 >> suit | 1 << (16 + rank)).astype(np.uint32)


def sorted_products() -> tuple[np.ndarray, np.ndarray]:
    """Kev's product table: the 4,888 prime products of five-card rank multisets with a repeated rank.

    Returns:
        ``(products, classes)``: ``products`` int64 (4888,) ascending, and ``classes`` int16 (4888,) the
        class of each.
    """
    nonflush, _ = dag.kev_classes()
    codes = np.array(list(nonflush), np.int64)
    classes = np.array(list(nonflush.values()), np.int16)
    counts = dag._digits(codes)
    paired = counts.max(axis=1) > 1
    products = np.prod(np.array(PRIMES, np.int64) ** counts[paired], axis=1)
    order = np.argsort(products)
    return products[order], classes[paired][order]


def _hash_parts(keys: np.ndarray, mult: int, n_slots: int = N_SLOTS) -> tuple[np.ndarray, np.ndarray]:
    """``(bucket, base)`` of each key (int64 arrays), as the kernels' :func:`_hash` computes them."""
    h = (keys * mult) & 0xFFFFFFFF
    return h >> _LOW_BITS, ((h & _LOW_MASK) * n_slots) >> _LOW_BITS


def _multipliers():
    """Candidate multipliers: odd 32-bit numbers from the golden-ratio (Weyl) sequence."""
    k = 0
    while True:
        k += 1
        yield ((k * 0x9E3779B97F4A7C15) & (2**64 - 1)) >> 32 | 1


def _perfect_hash(keys: np.ndarray, n_slots: int = N_SLOTS) -> tuple[int, np.ndarray, np.ndarray]:
    """A hash-and-displace perfect hash of distinct ``keys`` (int64, each < 2**31) into ``n_slots``.

    Returns:
        ``(mult, displace, slot)``: the multiplier, the displacement of each bucket (int64,
        (N_BUCKETS,)) and the slot each key lands in (int64, distinct).

    Raises:
        RuntimeError: if none of the first 64 multipliers works (does not happen for Kev's products:
            about two in three work with the default sizes).
    """
    shifts = np.arange(n_slots)
    for _, mult in zip(range(64), _multipliers(), strict=False):
        bucket, base = _hash_parts(keys, mult, n_slots)
        order = np.lexsort((base, bucket))
        if ((np.diff(bucket[order]) == 0) & (np.diff(base[order]) == 0)).any():
            continue  # two keys of one bucket share a base: no displacement separates them
        starts = np.searchsorted(bucket[order], np.arange(N_BUCKETS + 1))
        sizes = np.diff(starts)
        taken = np.zeros(n_slots, bool)
        displace = np.zeros(N_BUCKETS, np.int64)
        slot = np.empty(len(keys), np.int64)
        for b in np.argsort(-sizes, kind="stable")[:np.count_nonzero(sizes)]:
            members = order[starts[b]:starts[b + 1]]
            cand = base[members, None] + shifts[None, :]
            cand -= n_slots * (cand >= n_slots)
            free = ~taken[cand].any(axis=0)
            if not free.any():
                break
            d = int(np.argmax(free))
            displace[b] = d
            slot[members] = cand[:, d]
            taken[cand[:, d]] = True
        else:
            return mult, displace, slot
    raise RuntimeError("no perfect hash found")


@cache
def tables() -> KevTables:
    """Kev's tables, built from first principles on first use (about 0.1 s) and cached.

    >>> t = tables()
    >>> int(t.flushes[0b1_1111_0000_0000]), int(t.unique5[0b1_0000_0000_1111]), len(t.values)
    (1, 1609, 4888)
    """
    nonflush, flush = dag.kev_classes()
    flushes = np.zeros(1 << 13, np.int16)
    flushes[list(flush)] = list(flush.values())
    unique5 = np.zeros(1 << 13, np.int16)
    codes = np.array(list(nonflush), np.int64)
    classes = np.array(list(nonflush.values()), np.int16)
    counts = dag._digits(codes)
    distinct = counts.max(axis=1) == 1
    unique5[counts[distinct] @ (1 << np.arange(13))] = classes[distinct]
    products, product_classes = sorted_products()
    mult, displace, slot = _perfect_hash(products)
    values = np.zeros(N_SLOTS, np.int16)
    values[slot] = product_classes
    return KevTables(CARD.copy(), flushes, unique5, displace.astype(np.uint16), values, mult)


#: uint32 (52,): Kev's 32-bit card for each card id (the ``card`` field of :func:`tables`).
CARD = card_ints()


def table_bytes() -> int:
    """Total bytes of Kev's tables (the arrays of :func:`tables`: 46,848)."""
    return sum(a.nbytes for a in tables() if isinstance(a, np.ndarray))


@njit(inline="always")
def _hash(hashed):
    """``(bucket, base)`` from ``hashed`` = a prime product times ``mult`` (only its low 32 bits count)."""
    h = hashed & 0xFFFFFFFF
    return h >> _LOW_BITS, ((h & _LOW_MASK) * N_SLOTS) >> _LOW_BITS


@njit(cache=True)
def _kev5(c1, c2, c3, c4, c5, t):
    """The class of five Kev cards (``card[id]`` values, any order; t: :class:`KevTables`): Kev's three
    lookups as the module docstring writes them. For one hand; the kernels inline a branch-free form of
    the same lookups."""
    flushes, unique5, displace, values, mult = t.flushes, t.unique5, t.displace, t.values, t.mult
    q = (c1 | c2 | c3 | c4 | c5) >> 16
    if c1 & c2 & c3 & c4 & c5 & 0xF000:
        return flushes[q]
    if unique5[q]:
        return unique5[q]
    product = (c1 & 0xFF) * (c2 & 0xFF) * (c3 & 0xFF) * (c4 & 0xFF) * (c5 & 0xFF)
    bucket, base = _hash(np.int64(product) * mult)
    slot = base + displace[bucket]
    if slot >= N_SLOTS:
        slot -= N_SLOTS
    return values[slot]


@njit(inline="always")
def _nonflush(or5, hashed, unique5, displace, values):
    """Lookups 2 and 3, branch-free, from five non-flush cards' OR and prime ``product * mult``.

    Both tables are read and the result selected: the choice is unpredictable, and selects measured up
    to 3x faster than branches in the 7-card kernels. (Inlined with its read-only array arguments: measured as
    fast as a closure.)
    """
    bucket, base = _hash(hashed)
    slot = base + displace[bucket]
    slot -= N_SLOTS * (slot >= N_SLOTS)
    value = values[slot]
    u = unique5[or5 >> 16]
    return u if u else value


@njit(inline="always")
def _five(and5, or5, hashed, flushes, unique5, displace, values):
    """All three lookups, branch-free, from five cards' AND, OR and prime ``product * mult``."""
    value = _nonflush(or5, hashed, unique5, displace, values)
    flush = flushes[or5 >> 16]
    return flush if and5 & 0xF000 else value


@njit(cache=True)
def _kev_rows(hands, t, out):
    """``out[i]`` = class of ``hands[i]``: the best of its five-card subsets (1, 6 or 21).

    hands: uint8 (n, m), 5 <= m <= 7, valid distinct card ids per row. t: :class:`KevTables`.
    out: int16 (n,).

    With ``k`` the row's Kev cards: the 5 four-card subsets of ``k[0..4]`` (``and4``, ``or4`` and
    ``mul4``, the prime product times ``mult``) give ``k[0..4]`` itself and, with ``k[5]``, the other 5
    subsets of six cards; the 10 three-card subsets of ``k[0..4]`` plus ``k[5]`` complete the 15 four-card
    subsets of ``k[0..5]``, which with ``k[6]`` give the 15 remaining subsets of seven.
    """
    card, flushes, unique5, displace, values = t.card, t.flushes, t.unique5, t.displace, t.values
    mult = t.mult
    m = hands.shape[1]
    k = np.empty(m, np.int64)
    and4 = np.empty(15, np.int64)
    or4 = np.empty(15, np.int64)
    mul4 = np.empty(15, np.int64)
    for i in range(hands.shape[0]):
        for j in range(m):
            k[j] = card[hands[i, j]]
        for x in range(5):  # leave out k[x]
            a, o, p = -1, 0, mult
            for y in range(5):
                if y != x:
                    a, o, p = a & k[y], o | k[y], p * (k[y] & 0xFF)
            and4[x], or4[x], mul4[x] = a, o, p & 0xFFFFFFFF
        best = _five(and4[0] & k[0], or4[0] | k[0], mul4[0] * (k[0] & 0xFF),
                     flushes, unique5, displace, values)
        if m >= 6:
            k5, p5 = k[5], k[5] & 0xFF
            for x in range(5):
                best = min(best, _five(and4[x] & k5, or4[x] | k5, mul4[x] * p5,
                                       flushes, unique5, displace, values))
        if m == 7:
            n = 5
            for x in range(3):
                for y in range(x + 1, 4):
                    for z in range(y + 1, 5):
                        and4[n] = k[x] & k[y] & k[z] & k5
                        or4[n] = k[x] | k[y] | k[z] | k5
                        mul4[n] = ((k[x] & 0xFF) * (k[y] & 0xFF) * (k[z] & 0xFF) * p5 * mult) & 0xFFFFFFFF
                        n += 1
            k6, p6 = k[6], k[6] & 0xFF
            for x in range(15):
                best = min(best, _five(and4[x] & k6, or4[x] | k6, mul4[x] * p6,
                                       flushes, unique5, displace, values))
        out[i] = best


@njit(cache=True, parallel=True)
def _kev_rows_parallel(hands, t, out, n_chunks):
    """:func:`_kev_rows` over ``n_chunks`` contiguous chunks on all threads."""
    n = hands.shape[0]
    for chunk in prange(n_chunks):
        lo, hi = chunk * n // n_chunks, (chunk + 1) * n // n_chunks
        _kev_rows(hands[lo:hi], t, out[lo:hi])


@njit(cache=True)
def _all_five_card_classes(t):
    """int16 (2598960,): every 5-card hand's class, hands in lexicographic order of card ids.
    t: :class:`KevTables`."""
    card, flushes, unique5, displace, values = t.card, t.flushes, t.unique5, t.displace, t.values
    mult = t.mult
    out = np.empty(2_598_960, np.int16)
    i = 0
    for a in range(48):
        ka = np.int64(card[a])
        for b in range(a + 1, 49):
            kb = np.int64(card[b])
            ab_and, ab_or, ab_p = ka & kb, ka | kb, (ka & 0xFF) * (kb & 0xFF)
            for c in range(b + 1, 50):
                kc = np.int64(card[c])
                c_and, c_or, c_p = ab_and & kc, ab_or | kc, ab_p * (kc & 0xFF)
                for d in range(c + 1, 51):
                    kd = np.int64(card[d])
                    d_and, d_or, d_p = c_and & kd, c_or | kd, c_p * (kd & 0xFF)
                    for e in range(d + 1, 52):
                        ke = np.int64(card[e])
                        out[i] = _five(d_and & ke, d_or | ke, d_p * (ke & 0xFF) * mult,
                                       flushes, unique5, displace, values)
                        i += 1
    return out


@njit(cache=True)
def _seven_card_counts(a, t, hist):
    """Add to ``hist`` (int64 (7463,)) the classes of the seven-card hands whose lowest card id is ``a``
    (t: :class:`KevTables`).

    The hands ``a < b < .. < g`` are walked in nested loops. A hand's 21 five-card subsets are the six of
    its first six cards (their best, ``best6``, is found once per six-card prefix) and the 15 that hold
    ``g``: a four-card subset of the prefix plus ``g``. The AND, OR and ``mult``-scaled prime product of
    those 15 four-card subsets are kept per prefix, so each hand costs 15 lookups; where no four of them
    share a suit (most prefixes), the flush lookup is left out (5% faster).
    """
    card, flushes, unique5, displace, values = t.card, t.flushes, t.unique5, t.displace, t.values
    mult = t.mult
    and3 = np.empty(10, np.int64)  # three-card subsets of the five-card prefix a..e
    or3 = np.empty(10, np.int64)
    mul3 = np.empty(10, np.int64)  # prime product * mult, mod 2**32
    and4 = np.empty(15, np.int64)  # four-card subsets of the six-card prefix; the first 5 within a..e
    or4 = np.empty(15, np.int64)
    mul4 = np.empty(15, np.int64)
    k = np.empty(5, np.int64)
    k[0] = card[a]
    for b in range(a + 1, 47):
        k[1] = card[b]
        for c in range(b + 1, 48):
            k[2] = card[c]
            for d in range(c + 1, 49):
                k[3] = card[d]
                for e in range(d + 1, 50):
                    k[4] = card[e]
                    n3 = 0
                    for i in range(3):
                        for j in range(i + 1, 4):
                            for h in range(j + 1, 5):
                                and3[n3] = k[i] & k[j] & k[h]
                                or3[n3] = k[i] | k[j] | k[h]
                                mul3[n3] = ((k[i] & 0xFF) * (k[j] & 0xFF) * (k[h] & 0xFF) * mult) & 0xFFFFFFFF
                                n3 += 1
                    for i in range(5):  # leave out card i
                        x, y, z, w = k[(i + 1) % 5], k[(i + 2) % 5], k[(i + 3) % 5], k[(i + 4) % 5]
                        and4[i] = x & y & z & w
                        or4[i] = x | y | z | w
                        mul4[i] = ((x & 0xFF) * (y & 0xFF) * (z & 0xFF) * (w & 0xFF) * mult) & 0xFFFFFFFF
                    best5 = _five(and4[0] & k[0], or4[0] | k[0], mul4[0] * (k[0] & 0xFF),
                                  flushes, unique5, displace, values)
                    for f in range(e + 1, 51):
                        kf = np.int64(card[f])
                        pf = kf & 0xFF
                        best6 = best5
                        for i in range(5):
                            best6 = min(best6, _five(and4[i] & kf, or4[i] | kf, mul4[i] * pf,
                                                     flushes, unique5, displace, values))
                        for i in range(10):
                            and4[5 + i] = and3[i] & kf
                            or4[5 + i] = or3[i] | kf
                            mul4[5 + i] = (mul3[i] * pf) & 0xFFFFFFFF
                        suited = 0
                        for i in range(15):
                            suited |= and4[i]
                        if suited & 0xF000:
                            for g in range(f + 1, 52):
                                kg = np.int64(card[g])
                                pg = kg & 0xFF
                                best = best6
                                for i in range(15):
                                    best = min(best, _five(and4[i] & kg, or4[i] | kg, mul4[i] * pg,
                                                           flushes, unique5, displace, values))
                                hist[best] += 1
                        else:
                            for g in range(f + 1, 52):
                                kg = np.int64(card[g])
                                pg = kg & 0xFF
                                best = best6
                                for i in range(15):
                                    best = min(best, _nonflush(or4[i] | kg, mul4[i] * pg,
                                                               unique5, displace, values))
                                hist[best] += 1


@njit(cache=True, parallel=True)
def _seven_card_histogram_parallel(firsts, t, out):
    """``out[k]`` += the class counts of the hands whose lowest card is in ``firsts[k]`` (-1: none).

    firsts: int64 (n_chunks, w). t: :class:`KevTables`. out: int64 (n_chunks, 7463), zeroed.
    """
    for chunk in prange(firsts.shape[0]):
        for j in range(firsts.shape[1]):
            if firsts[chunk, j] >= 0:
                _seven_card_counts(firsts[chunk, j], t, out[chunk])


def _first_card_chunks(n_chunks: int) -> np.ndarray:
    """int64 (n_chunks, w): the lowest cards 0..45 dealt to chunks so that their hand counts balance
    (largest first, each to the lightest chunk); -1 pads."""
    load = [0] * n_chunks
    dealt: list[list[int]] = [[] for _ in range(n_chunks)]
    for a in range(46):  # C(51 - a, 6) hands have lowest card a: decreasing in a
        k = load.index(min(load))
        dealt[k].append(a)
        load[k] += comb(51 - a, 6)
    width = max(len(d) for d in dealt)
    return np.array([d + [-1] * (width - len(d)) for d in dealt], np.int64)


def seven_card_histogram() -> np.ndarray:
    """int64 (7463,): the number of 7-card hands of each class (index 0 unused), on all numba threads.

    Every one of the 133,784,560 hands takes the best of its 21 five-card subsets.
    """
    firsts = _first_card_chunks(get_num_threads())
    out = np.zeros((len(firsts), dag.N_CLASSES + 1), np.int64)
    _seven_card_histogram_parallel(firsts, tables(), out)
    return out.sum(axis=0)


def all_five_card_classes() -> np.ndarray:
    """int16 (2598960,): every 5-card hand's class, hands in lexicographic order of card ids."""
    return _all_five_card_classes(tables())


def evaluate_many(hands: np.ndarray, *, parallel: bool = True) -> np.ndarray:
    """Classes (int16, (n,)) of many 5-, 6- or 7-card hands, as :func:`equity.evaluators.high.evaluate_many`.

    Args:
        hands: integer array of shape (n, m), 5 <= m <= 7, card ids 0..51 distinct within each row.
        parallel: use all of numba's threads.

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> evaluate_many(np.array([[48, 49, 50, 51, 0, 4, 8], [51, 47, 43, 39, 35, 0, 1]])).tolist()
    [20, 1]
    """
    return run_rows(valid_hands(hands), _kev_rows, _kev_rows_parallel, tables(), parallel)
