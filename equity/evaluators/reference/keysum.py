"""A 7-card evaluator by key sums: one addition per card, then one or two table loads.

**Rank keys.** Each rank gets an integer (:data:`RANK_KEYS`, deuce .. ace)::

    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181

chosen so that every multiset of seven ranks, each used at most four times (49,205 of them), has its own
sum. A 7-card hand's *rank key* is the sum of its seven ranks' keys: at most ``4 * 1479181 + 3 * 636345
= 7,825,759``, so ``rank_class[key]`` (int16, 7,825,760 entries, 15.65 MB) holds the best non-flush
class (1..7462) of every 7-card rank multiset directly; the 7,776,555 keys no multiset reaches hold 0.
:func:`tables` checks the uniqueness by enumerating the multisets.

**Seven cards only.** The deuce's key is 0, so a 5-card multiset and the same ranks plus two deuces have
the same key: one table cannot serve 5-, 6- and 7-card hands, although the keys are unique within each
size (6,175 and 18,395 multisets). Separate 5- and 6-card tables would add 13.1 and 14.4 MB; for those
sizes use :func:`equity.evaluators.high.evaluate_many`.

**Flush detection.** Each suit gets a key too (:data:`SUIT_KEYS` = 0, 1, 25, 32 for c, d, h, s: of all
such sets the one with the smallest maximum, found by exhaustive search in the tests, such that the sum
over seven cards tells which suit, if any, holds five or more; :func:`flush_suit_table` checks all 120
ways to split seven cards among four suits). ``flush_suit[suit-key sum]`` (int8, 225 entries) is that
suit, or -1. A flush hand's class is ``flush_class[mask]`` (int16, 8,192 entries), ``mask`` being the
13-bit rank mask of the flush suit's cards: the best straight flush or flush among any five of them
(0 for masks of fewer than five ranks).

**One addition per card.** Both keys are packed into one int32 per card (``card_key``, 52 entries)::

    card_key[4 * rank + suit] = RANK_KEYS[rank] | SUIT_KEYS[suit] << 23     # rank keys < 2**23

and the kernels keep the four suits' rank masks packed in one int64, 13 bits per suit::

    key   = sum(card_key[c] for c in hand)
    masks = OR(1 << (13 * suit(c) + rank(c)) for c in hand)
    suit  = flush_suit[key >> RANK_BITS]
    value = rank_class[key & (2**23 - 1)] if suit < 0 else flush_class[(masks >> 13 * suit) & 0x1FFF]

**Shared boards.** Keys and masks are additive, so a board's ``key`` and ``masks`` are computed once and
each player's two hole cards are added to them: two additions and two ORs per player, then the lookups.
The enumeration of all 7-card hands works the same way, one partial ``key`` and ``masks`` per loop
level, so each hand costs one addition.

The tables, :class:`KeySumTables` (``card_key, rank_class, flush_suit, flush_class``), 15,668,337 bytes
in all (:func:`table_bytes`), are built from :func:`equity.evaluators.dag.kev_classes` in about 0.1 s, once
per process, and passed to each kernel as one argument ``t`` whose arrays it binds to locals.

Kernels (``_``-prefixed) assume valid input: card ids 0..51, seven distinct cards per row. The public
functions validate and convert, then call them.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import NamedTuple

import numpy as np
from numba import njit, prange

from equity.evaluators.dag import kev_classes
from equity.evaluators.hands import run_rows, valid_hands

#: Rank keys, deuce .. ace: every sum of seven of them, each used at most four times, is distinct.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
#: Suit keys, c d h s: the sum over seven cards identifies any suit that holds five or more of them.
SUIT_KEYS = (0, 1, 25, 32)
#: Bits of the packed key below the suit-key sum (compile-time constants in the kernels).
RANK_BITS = 23
RANK_MASK = (1 << RANK_BITS) - 1
N_CLASSES = 7462

#: The 120 ways to split seven cards among the four suits, as (clubs, diamonds, hearts, spades) counts.
SUIT_SPLITS = tuple(split for split in product(range(8), repeat=4) if sum(split) == 7)

_N_RANKS = 13
_POW5 = 5 ** np.arange(_N_RANKS, dtype=np.int64)


class KeySumTables(NamedTuple):
    """The key-sum tables, the kernels' one tables argument (see the module docstring)."""

    card_key: np.ndarray  # int32 (52,): RANK_KEYS[rank] | SUIT_KEYS[suit] << RANK_BITS
    rank_class: np.ndarray  # int16 (max rank key + 1,): best non-flush class of a 7-rank multiset
    flush_suit: np.ndarray  # int8 (7 * max(SUIT_KEYS) + 1,): the suit holding >= 5 cards, or -1
    flush_class: np.ndarray  # int16 (8192,): best flush class of a 13-bit rank mask with >= 5 bits


def rank_multisets(n_cards: int) -> np.ndarray:
    """Every multiset of ``n_cards`` ranks with each rank at most four times, as rank counts.

    Args:
        n_cards: 0..7 (any size works; the evaluator uses 7).

    Returns:
        int64 (n, 13), ``counts[i, r]`` the number of cards of rank ``r``; rows ascending by base-5 code
        (``sum(counts[i] * 5**r)``).

    >>> [len(rank_multisets(k)) for k in (5, 6, 7)]
    [6175, 18395, 49205]
    """
    codes = np.zeros(1, np.int64)
    for _ in range(n_cards):
        digits = codes[:, None] // _POW5 % 5
        codes = np.unique((codes[:, None] + _POW5)[digits < 4])
    return codes[:, None] // _POW5 % 5


def _best_nonflush(nonflush: dict[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """(counts (49205, 13), best class (49205,)) of every 7-rank multiset: level 5 from Cactus Kev's
    classes, each larger multiset the minimum over its parents one card smaller."""
    counts = rank_multisets(5)
    codes = counts @ _POW5
    best = np.array([nonflush[c] for c in codes.tolist()], np.int64)
    for k in (6, 7):
        child_counts = rank_multisets(k)
        child_codes = child_counts @ _POW5
        child_best = np.full(len(child_codes), N_CLASSES + 1, np.int64)
        for r in range(_N_RANKS):
            has = child_counts[:, r] > 0
            parent = np.searchsorted(codes, child_codes - _POW5[r])
            parent_best = best[np.minimum(parent, len(best) - 1)]
            child_best = np.where(has, np.minimum(child_best, parent_best), child_best)
        counts, codes, best = child_counts, child_codes, child_best
    return counts, best


def _rank_table(nonflush: dict[int, int]) -> np.ndarray:
    counts, best = _best_nonflush(nonflush)
    keys = counts @ np.array(RANK_KEYS, np.int64)
    if len(np.unique(keys)) != len(keys):
        raise RuntimeError("RANK_KEYS give two 7-card rank multisets the same sum")
    if keys.max() > RANK_MASK:
        raise RuntimeError("7-card rank keys overflow their 23 bits of the packed key")
    table = np.zeros(int(keys.max()) + 1, np.int16)
    table[keys] = best
    return table


def _flush_table(flush: dict[int, int]) -> np.ndarray:
    masks = np.arange(1 << _N_RANKS, dtype=np.int64)
    popcount = np.array([bin(m).count("1") for m in range(1 << _N_RANKS)])
    table = np.zeros(1 << _N_RANKS, np.int64)
    five = masks[popcount == 5]
    table[five] = [flush[m] for m in five.tolist()]
    for k in range(6, _N_RANKS + 1):
        level = masks[popcount == k]
        best = np.full(len(level), N_CLASSES + 1, np.int64)
        for r in range(_N_RANKS):
            bit = 1 << r
            best = np.where(level & bit, np.minimum(best, table[level & ~bit]), best)
        table[level] = best
    return table.astype(np.int16)


def flush_suit_table(suit_keys: tuple[int, int, int, int]) -> np.ndarray | None:
    """The table from a 7-card hand's suit-key sum to its flush suit, or None if ``suit_keys`` fail.

    Checks all 120 ways to split seven cards among four suits: any two splits with equal sums must have
    the same suit with five or more cards (or none).

    Returns:
        int8 (7 * max(suit_keys) + 1,): the suit 0..3, or -1 for no flush and for unreachable sums.

    >>> flush_suit_table((0, 1, 8, 57)) is not None, flush_suit_table((0, 1, 2, 3))
    (True, None)
    """
    table = np.full(7 * max(suit_keys) + 1, -1, np.int8)
    seen: dict[int, int] = {}
    for split in SUIT_SPLITS:
        total = sum(n * k for n, k in zip(split, suit_keys, strict=True))
        suit = next((s for s in range(4) if split[s] >= 5), -1)
        if seen.setdefault(total, suit) != suit:
            return None
        table[total] = suit
    return table


@cache
def tables() -> KeySumTables:
    """The key-sum tables, built from first principles once per process (about 0.1 s).

    Raises:
        RuntimeError: if :data:`RANK_KEYS` or :data:`SUIT_KEYS` fail their uniqueness checks (they don't).
    """
    nonflush, flush = kev_classes()
    suits = flush_suit_table(SUIT_KEYS)
    if suits is None:
        raise RuntimeError("SUIT_KEYS do not identify the flush suit of every 7-card hand")
    rank_keys = np.array(RANK_KEYS, np.int64)
    cards = np.arange(52)
    card_key = rank_keys[cards >> 2] | np.array(SUIT_KEYS, np.int64)[cards & 3] << RANK_BITS
    return KeySumTables(card_key.astype(np.int32), _rank_table(nonflush), suits, _flush_table(flush))


def table_bytes() -> int:
    """Bytes held by :func:`tables`: 15,668,337, almost all of it ``rank_class``."""
    return sum(a.nbytes for a in tables())


@njit(cache=True)
def _keysum_rows(hands, t, out):
    """``out[i]`` = class of ``hands[i]``.

    hands: uint8 (n, 7), valid distinct cards per row. t: :class:`KeySumTables`. out: int16 (n,).
    ``masks`` packs the rank mask of each suit ``s`` at bits ``13 * s .. 13 * s + 12``.
    """
    card_key, rank_class, flush_suit, flush_class = t.card_key, t.rank_class, t.flush_suit, t.flush_class
    for i in range(hands.shape[0]):
        key = 0
        masks = 0
        for j in range(7):
            c = hands[i, j]
            key += card_key[c]
            masks |= 1 << (13 * (c & 3) + (c >> 2))
        suit = flush_suit[key >> RANK_BITS]
        if suit < 0:
            out[i] = rank_class[key & RANK_MASK]
        else:
            out[i] = flush_class[(masks >> (13 * suit)) & 0x1FFF]


@njit(cache=True, parallel=True)
def _keysum_rows_parallel(hands, t, out, n_chunks):
    """:func:`_keysum_rows` over ``n_chunks`` contiguous chunks on all threads."""
    n = hands.shape[0]
    for chunk in prange(n_chunks):
        lo, hi = chunk * n // n_chunks, (chunk + 1) * n // n_chunks
        _keysum_rows(hands[lo:hi], t, out[lo:hi])


@njit(cache=True)
def _histogram_part(t, part, n_parts, hist):
    """Add to ``hist`` (int64 (7463,)) the classes of the 7-card hands whose first two cards are the
    ``p``-th pair (in lexicographic order) with ``p % n_parts == part`` (t: :class:`KeySumTables`).

    Each loop level keeps the partial key sum and a packed rank mask per suit (``1 << 13 * suit + rank``),
    so a hand costs one addition and one or two table loads. Two shortcuts, both exact: a 5-card prefix
    with no suit holding three cards, or a 6-card prefix with none holding four, cannot become a flush
    (tested with ``flush_suit`` on the prefix plus two or one cards of each suit), and there the last
    card's four suits share one ``rank_class`` load and one histogram update per rank.
    """
    card_key, rank_class, flush_suit, flush_class = t.card_key, t.rank_class, t.flush_suit, t.flush_class
    local = np.zeros(7463, np.int32)  # at most 133,784,560 per class; 30 KB stays in L1
    s1 = card_key[1] >> RANK_BITS  # SUIT_KEYS[1..3]
    s2 = card_key[2] >> RANK_BITS
    s3 = card_key[3] >> RANK_BITS

    def last_card_by_rank(k6, g):
        h = g + 1
        while h < 52:
            end = (h | 3) + 1
            local[rank_class[(k6 + card_key[h]) & RANK_MASK]] += end - h
            h = end

    p = -1
    for a in range(46):
        ka = card_key[a]
        ma = 1 << (13 * (a & 3) + (a >> 2))
        for b in range(a + 1, 47):
            p += 1
            if p % n_parts != part:
                continue
            kb = ka + card_key[b]
            mb = ma | 1 << (13 * (b & 3) + (b >> 2))
            for c in range(b + 1, 48):
                kc = kb + card_key[c]
                mc = mb | 1 << (13 * (c & 3) + (c >> 2))
                for d in range(c + 1, 49):
                    kd = kc + card_key[d]
                    md = mc | 1 << (13 * (d & 3) + (d >> 2))
                    for e in range(d + 1, 50):
                        ke = kd + card_key[e]
                        se = ke >> RANK_BITS
                        if (flush_suit[se] & flush_suit[se + 2 * s1] & flush_suit[se + 2 * s2]
                                & flush_suit[se + 2 * s3]) == -1:
                            for g in range(e + 1, 51):
                                last_card_by_rank(ke + card_key[g], g)
                            continue
                        me = md | 1 << (13 * (e & 3) + (e >> 2))
                        for g in range(e + 1, 51):
                            kg = ke + card_key[g]
                            sg = kg >> RANK_BITS
                            if (flush_suit[sg] & flush_suit[sg + s1] & flush_suit[sg + s2]
                                    & flush_suit[sg + s3]) == -1:
                                last_card_by_rank(kg, g)
                                continue
                            mg = me | 1 << (13 * (g & 3) + (g >> 2))
                            for h in range(g + 1, 52):
                                key = kg + card_key[h]
                                suit = flush_suit[key >> RANK_BITS]
                                if suit < 0:
                                    local[rank_class[key & RANK_MASK]] += 1
                                else:
                                    mh = mg | 1 << (13 * (h & 3) + (h >> 2))
                                    local[flush_class[(mh >> (13 * suit)) & 0x1FFF]] += 1
    for i in range(7463):
        hist[i] += local[i]


@njit(cache=True)
def _seven_card_histogram(t):
    """int64 (7463,): how many of the 133,784,560 seven-card hands have each class (index 0 unused).
    t: :class:`KeySumTables`."""
    hist = np.zeros(7463, np.int64)
    _histogram_part(t, 0, 1, hist)
    return hist


@njit(cache=True, parallel=True)
def _seven_card_histogram_parallel(t, hists):
    """Fill ``hists`` (int64 (n_parts, 7463), zeros) with :func:`_histogram_part` of each part.
    t: :class:`KeySumTables`."""
    n_parts = hists.shape[0]
    for part in prange(n_parts):
        _histogram_part(t, part, n_parts, hists[part])


def evaluate_many(hands: np.ndarray, *, parallel: bool = True) -> np.ndarray:
    """Classes (int16, (n,)) of many 7-card hands: 1 (royal flush) .. 7462, lower is better.

    Args:
        hands: integer array of shape (n, 7), card ids ``4 * rank + suit`` in 0..51, distinct per row.
        parallel: use all of numba's threads (for 65,536 hands or more).

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> evaluate_many(np.array([[48, 44, 40, 36, 32, 0, 5], [51, 50, 49, 48, 47, 0, 1]])).tolist()
    [1, 11]
    """
    hands = valid_hands(hands, (7,), " (key sums take 7 cards; equity.evaluators.high.evaluate_many takes "
                                     "5 to 7)")
    return run_rows(hands, _keysum_rows, _keysum_rows_parallel, tables(), parallel)


def seven_card_histogram(*, parallel: bool = True) -> np.ndarray:
    """int64 (7463,): the number of 7-card hands of each class (index 0 is unused and 0).

    Args:
        parallel: split the enumeration by its first two cards over all of numba's threads.
    """
    if not parallel:
        return _seven_card_histogram(tables())
    hists = np.zeros((64, 7463), np.int64)
    _seven_card_histogram_parallel(tables(), hists)
    return hists.sum(axis=0)
