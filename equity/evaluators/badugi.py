"""Badugi values: four cards, the largest subset of different ranks and different suits plays.

Rules. A hand is four cards. Its *badugi* is the largest subset of its cards whose ranks are all
different and whose suits are all different: four cards (a badugi proper) beat any three-card hand,
three beat two, two beat one. Among hands of the same size the ranks are compared from the highest down,
the ace lowest, lower better: A-2-3-4 of four suits is the nuts. A hand holding several subsets of its
largest size plays the best of them.

Encoding (lower is better)::

    value = (4 - size) << 13 | mask          mask bit:  12 11 10  9  8  7  6  5  4  3  2  1  0
                                             rank:       K  Q  J  T  9  8  7  6  5  4  3  2  A

``mask`` holds the played subset's ranks (ace = bit 0 .. king = bit 12). A larger subset has a smaller
``4 - size`` and so a smaller value whatever its ranks, and two rank sets of one size compare highest
first exactly as their masks compare as integers, so ``min`` over the valid subsets is the hand's value::

    A-2-3-4 badugi      = 0 << 13 | 0b0_0000_0000_1111 =     15   (NUT_BADUGI)
    K-Q-J-T badugi      = 0 << 13 | 0b1_1110_0000_0000 =  7,680
    A-2-3 three-card    = 1 << 13 | 0b0_0000_0000_0111 =  8,199
    K one-card          = 3 << 13 | 0b1_0000_0000_0000 = 28,672   (WORST_BADUGI)

>>> describe_badugi(evaluate_badugi("Ac2d3h4s")), describe_badugi(evaluate_badugi("7c4d2hAh"))
('4-card badugi 4-3-2-A', '3-card 7-4-A')
>>> badugi_category(evaluate_badugi("KsQsJsTs"))
'One-card'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np
from numba import njit

from equity.cards import format_cards, parse_cards
from equity.errors import EquityError, HandSizeError
from equity.evaluators.hands import valid_hands

BADUGI_CATEGORIES = ("Badugi", "Three-card", "Two-card", "One-card")
#: A-2-3-4 of four suits, the best hand.
NUT_BADUGI = 0b1111
#: A lone king, the worst hand (four kings).
WORST_BADUGI = 3 << 13 | 1 << 12
#: Every value is below this: ``badugi_category_table()`` has this many entries.
N_BADUGI_CODES = 1 << 15

_NAMES = "A23456789TJQK"
_PAIRS = tuple(combinations(range(4), 2))  # (0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)


def _subset_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each 6-bit *conflict pattern* (bit k: the cards of ``_PAIRS[k]`` share a rank or a suit): the
    16-bit set of the largest card subsets (4-bit masks) holding no conflicting pair, and their size."""
    best, size = [], []
    for pattern in range(64):
        clash = [pair for k, pair in enumerate(_PAIRS) if pattern >> k & 1]
        free = [s for s in range(1, 16) if not any(s >> i & 1 and s >> j & 1 for i, j in clash)]
        n = max(s.bit_count() for s in free)
        best.append(sum(1 << s for s in free if s.bit_count() == n))
        size.append(n)
    return tuple(best), tuple(size)


_BEST_SUBSETS, _BEST_SIZE = _subset_tables()


@njit(inline="always")
def _badugi_value(c0, c1, c2, c3):
    """The badugi value of four distinct card ids (any order, any integer type).

    The six pairwise conflicts pick the largest conflict-free subsets from a 64-entry table; the value is
    the least rank mask among them (measured 6 ns a hand, against 34 for trying all 15 subsets)."""
    k0, k1, k2, k3 = c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2
    u0, u1, u2, u3 = c0 & 3, c1 & 3, c2 & 3, c3 & 3
    pattern = (((k0 == k1) | (u0 == u1)) | ((k0 == k2) | (u0 == u2)) << 1 | ((k0 == k3) | (u0 == u3)) << 2
               | ((k1 == k2) | (u1 == u2)) << 3 | ((k1 == k3) | (u1 == u3)) << 4
               | ((k2 == k3) | (u2 == u3)) << 5)
    r0, r1, r2, r3 = 1 << (k0 + 1) % 13, 1 << (k1 + 1) % 13, 1 << (k2 + 1) % 13, 1 << (k3 + 1) % 13
    subsets = _BEST_SUBSETS[pattern]
    best = 1 << 13
    for s in range(1, 16):
        if subsets >> s & 1:
            best = min(best, (s & 1) * r0 | (s >> 1 & 1) * r1 | (s >> 2 & 1) * r2 | (s >> 3 & 1) * r3)
    return (4 - _BEST_SIZE[pattern]) << 13 | best


@njit(cache=True)
def _badugi_rows(hands, out):
    """``out[i]`` = the badugi value of ``hands[i]``. hands: uint8 (n, 4), distinct ids 0..51 per row;
    out: uint16 (n,)."""
    for i in range(hands.shape[0]):
        out[i] = _badugi_value(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3])


def evaluate_badugi(cards: str | Sequence[int] | Sequence[str]) -> int:
    """The badugi value of exactly four cards: 15 (A-2-3-4 badugi) .. 28,672 (a lone king); lower is better.

    Args:
        cards: a card string (``"Ac2d3h4s"``), card strings, or ids.

    Raises:
        CardError, DuplicateCardError, HandSizeError: naming the offending input.

    >>> evaluate_badugi("Ac2d3h4s") == NUT_BADUGI, describe_badugi(evaluate_badugi("As2s3d3h"))
    (True, '2-card 3-A')
    """
    hand = parse_cards(cards)
    if len(hand) != 4:
        named = repr(cards) if isinstance(cards, str) else format_cards(hand)
        raise HandSizeError(f"a badugi hand has exactly 4 cards; got {len(hand)} in {named}")
    out = np.empty(1, np.uint16)
    _badugi_rows(np.array([hand], np.uint8), out)
    return int(out[0])


def evaluate_badugi_many(hands: np.ndarray) -> np.ndarray:
    """Badugi values (uint16, (n,)) of an (n, 4) integer array of card ids, distinct within each row.

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> evaluate_badugi_many([[48, 1, 6, 11], [51, 47, 43, 39], [47, 46, 45, 44]]).tolist()
    [15, 24577, 28672]
    """
    hands = valid_hands(hands, (4,))
    out = np.empty(len(hands), np.uint16)
    _badugi_rows(hands, out)
    return out


def _checked(value: int) -> tuple[int, int]:
    """``(size, mask)`` of a badugi value, else :class:`EquityError`."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise EquityError(f"{value!r} is not a badugi value; badugi values are ints")
    value = int(value)
    size, mask = 4 - (value >> 13), value & 0x1FFF
    if not 0 <= value < N_BADUGI_CODES or size < 1 or mask.bit_count() != size:
        raise EquityError(f"{value} is not a badugi value: (4 - size) << 13 | a mask of `size` ranks "
                          f"({NUT_BADUGI} .. {WORST_BADUGI})")
    return size, mask


def badugi_ranks(value: int) -> tuple[int, ...]:
    """The played ranks, highest first, ace = 1 .. king = 13.

    >>> badugi_ranks(NUT_BADUGI), badugi_ranks(WORST_BADUGI)
    ((4, 3, 2, 1), (13,))
    """
    _, mask = _checked(value)
    return tuple(k + 1 for k in range(12, -1, -1) if mask >> k & 1)


def describe_badugi(value: int) -> str:
    """``'4-card badugi 7-4-2-A'``, ``'3-card 8-5-3'``, ``'2-card 5-2'``, ``'1-card K'``.

    Raises:
        EquityError: ``value`` is not a badugi value.

    >>> describe_badugi(0b0_0000_1010_1001), describe_badugi(1 << 13 | 0b0_0000_1001_0100)
    ('4-card badugi 8-6-4-A', '3-card 8-5-3')
    """
    size, _ = _checked(value)
    ranks = "-".join(_NAMES[r - 1] for r in badugi_ranks(value))
    return f"4-card badugi {ranks}" if size == 4 else f"{size}-card {ranks}"


def badugi_category(value: int) -> str:
    """``'Badugi'``, ``'Three-card'``, ``'Two-card'`` or ``'One-card'``.

    >>> badugi_category(NUT_BADUGI), badugi_category(WORST_BADUGI)
    ('Badugi', 'One-card')
    """
    return BADUGI_CATEGORIES[4 - _checked(value)[0]]


@cache
def badugi_category_table() -> np.ndarray:
    """uint8 (32768,): by value, the index into :data:`BADUGI_CATEGORIES` (size 4 -> 0 .. size 1 -> 3);
    255 where a code is no badugi value.

    >>> table = badugi_category_table()
    >>> int(table[NUT_BADUGI]), int(table[WORST_BADUGI]), int(table[0])
    (0, 3, 255)
    """
    codes = np.arange(N_BADUGI_CODES)
    size = 4 - (codes >> 13)
    popcount = sum((codes >> k) & 1 for k in range(13))
    return np.where((size >= 1) & (popcount == size), 4 - size, 255).astype(np.uint8)


@cache
def _ranks() -> np.ndarray:
    valid = badugi_category_table() != 255
    return np.where(valid, np.cumsum(valid), 0).astype(np.int64)


def badugi_rank(value: int) -> int:
    """A badugi value's place among the 1,092 badugi hands, 1 (A-2-3-4 of four suits) .. 1,092 (a king
    alone), for people (the kernels compare the values themselves, in the same order).

    Raises:
        EquityError: ``value`` is not a badugi value.

    >>> badugi_rank(NUT_BADUGI), badugi_rank(WORST_BADUGI)
    (1, 1092)
    """
    _checked(value)
    return int(_ranks()[value])

