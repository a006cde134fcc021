"""Eight-or-better lows: the low half of Omaha hi-lo, and the pieces stud hi-lo and razz reuse.

Rules (Omaha hi-lo's low half). A low is five cards of five *different* ranks, each an eight or
lower, the ace counting low (as 1); straights and flushes do not count against it. Lows are compared
from the highest card down: 7-6-5-4-3 beats 8-5-4-3-2 (7 < 8), 8-5-4-3-2 beats 8-6-4-3-2, and
5-4-3-2-A (the wheel) is the best. In Omaha the low uses exactly two hole cards and exactly three
board cards, like the high; a hand with no such five cards has no low. Who gets the odd chip of a split
half is the engines' convention, not this module's.

Encoding. Each card has a low rank bit, ace -> bit 0, deuce -> bit 1, ..., eight -> bit 7; a nine or
higher has none (``LowTables.low_bit``, uint8 per card id). A low's *value* is the 8-bit mask of its
five ranks::

    bit:    7   6   5   4   3   2   1   0
    rank:   8   7   6   5   4   3   2   A

    5-4-3-2-A  = 0b0001_1111 =  31   (the nuts)
    8-6-4-2-A  = 0b1010_1011 = 171
    8-7-6-5-4  = 0b1111_1000 = 248   (the worst low)
    no low     = 0b1111_1111 = 255   (NO_LOW: eight bits, never a five-rank mask)

Two sets of five ranks compare highest rank first exactly as their masks compare as integers (the
highest differing bit decides both), so a lower value is a better low, ``min`` picks the best, and
``NO_LOW`` loses to every low.

Tables (:class:`LowTables`, built once per process from first principles by :func:`low_tables`):

- ``low_bit``: uint8 (52,); the low rank bit of each card id, 0 for nine .. king.
- ``omaha``: uint8 (65,536,), flat; ``omaha[hole_mask * 256 + board_mask]`` is the best Omaha low of a
  hand whose hole cards hold the low ranks ``hole_mask`` and whose five board cards hold the low ranks
  ``board_mask`` (duplicated ranks collapse: a pair can't be used twice, so only the sets matter): the
  lowest ``p | t`` over two ranks ``p`` of ``hole_mask`` and three ranks ``t`` of ``board_mask``, all five
  different; ``NO_LOW`` when there is none.
- ``possible``: uint8 (256,); 1 where ``board_mask`` has three or more ranks, so that some hand can make a
  low on that board.

>>> describe_low(evaluate_omaha_low("As2d3h4c", "5s6h7dKcQc"))  # two of the hole, three of the board
'7-6-5-2-A low'
>>> describe_low(evaluate_omaha_low("As2d3h4c", "5s6hKdQcJc"))  # two low ranks on the board: no low
'no low'
>>> evaluate_omaha_low("AsKd3h4c", "2s8h9dTcJc") == NO_LOW
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import NamedTuple

import numpy as np
from numba import njit

from equity.errors import EquityError
from equity.evaluators.omaha import _valid_rows, one_hand

#: The value of a hand with no qualifying low: worse than every low.
NO_LOW = 255
#: The best low, 5-4-3-2-A.
NUT_LOW = 0b0001_1111
#: The worst low, 8-7-6-5-4.
WORST_LOW = 0b1111_1000

_LOW_NAMES = "A2345678"


class LowTables(NamedTuple):
    """The low tables, in kernel argument order (see the module docstring for their layout)."""

    low_bit: np.ndarray
    omaha: np.ndarray
    possible: np.ndarray


def _low_bit() -> np.ndarray:
    rank = np.arange(52) >> 2
    bit = np.where(rank == 12, 1, np.where(rank <= 6, 1 << (rank + 1), 0))
    return bit.astype(np.uint8)


def _lowest_three() -> np.ndarray:
    """int64 (256,): the mask of the three lowest ranks of each mask, ``NO_LOW`` where it has fewer."""
    out = np.full(256, NO_LOW, np.int64)
    for mask in range(256):
        bits = [1 << k for k in range(8) if mask >> k & 1]
        if len(bits) >= 3:
            out[mask] = sum(bits[:3])
    return out


def _omaha_table(lowest_three: np.ndarray) -> np.ndarray:
    """The flat ``omaha`` table. For a fixed pair ``p`` of hole ranks the value ``p | t = p + t`` is least
    for the least three-rank mask ``t`` of the board ranks outside ``p``: its three lowest ranks."""
    masks = np.arange(256)
    table = np.full((256, 256), NO_LOW, np.uint8)
    for a, b in combinations(range(8), 2):
        p = 1 << a | 1 << b
        rest = lowest_three[masks & ~p]
        best = np.where(rest == NO_LOW, NO_LOW, p | rest)  # indexed by board mask
        rows = (masks & p) == p  # hole masks holding both ranks of p
        table[rows] = np.minimum(table[rows], best)
    return table.reshape(-1)


@cache
def low_tables() -> LowTables:
    """The low tables, built on the first call (a few milliseconds) and shared afterwards.

    >>> lt = low_tables()
    >>> lt.low_bit[[48, 0, 24, 28]].tolist()  # Ac 2c 8c 9c
    [1, 2, 128, 0]
    >>> int(lt.omaha[0b0000_0011 * 256 + 0b0011_1100])  # A-2 in the hole, 3-4-5-6 on the board
    31
    """
    lowest_three = _lowest_three()
    possible = (lowest_three != NO_LOW).astype(np.uint8)
    return LowTables(_low_bit(), _omaha_table(lowest_three), possible)


@njit(inline="always")
def _hand_mask(cards, n, low_bit):
    """The OR of the low rank bits of ``cards[:n]``.

    cards: uint8 (>= n,) card ids 0..51. low_bit: :attr:`LowTables.low_bit`."""
    mask = 0
    for j in range(n):
        mask |= low_bit[cards[j]]
    return mask


@njit(cache=True)
def _omaha_low_rows(holes, boards, lt, out):
    """``out[i]`` = the Omaha low value of ``holes[i]`` with ``boards[i]``.

    holes: uint8 (n, h), 4 <= h <= 6. boards: uint8 (n, 5). Card ids 0..51, all h + 5 distinct per row.
    lt: :class:`LowTables`. out: uint8 (n,).
    """
    low_bit, omaha = lt.low_bit, lt.omaha
    n, h = holes.shape
    for i in range(n):
        hole = 0
        for j in range(h):
            hole |= low_bit[holes[i, j]]
        board = 0
        for j in range(5):
            board |= low_bit[boards[i, j]]
        out[i] = omaha[hole << 8 | board]


def evaluate_omaha_low(hole: str | Sequence[int] | Sequence[str],
                       board: str | Sequence[int] | Sequence[str]) -> int:
    """The Omaha eight-or-better low of one hand: exactly two of ``hole`` with exactly three of ``board``.

    Args:
        hole: 4, 5 or 6 hole cards: a card string (``"As2d3h4c"``), card strings, or ids.
        board: the 5 board cards, in the same forms.

    Returns:
        The low value, 31 (5-4-3-2-A) .. 248 (8-7-6-5-4), lower is better; ``NO_LOW`` (255) without a
        qualifying low.

    Raises:
        CardError, DuplicateCardError, HandSizeError: naming the offending input.

    >>> describe_low(evaluate_omaha_low("As2s3s4s", "5s6s7sKdQc"))  # flushes and straights don't count
    '7-6-5-2-A low'
    >>> describe_low(evaluate_omaha_low(["Ad", "2d", "Kc", "Kh"], "Ac2h7d8sTs"))  # A and 2 counterfeited
    'no low'
    >>> describe_low(evaluate_omaha_low([48, 1, 42, 43], "3c4h8dJsTs"))
    '8-4-3-2-A low'
    """
    out = np.empty(1, np.uint8)
    _omaha_low_rows(*one_hand(hole, board), low_tables(), out)
    return int(out[0])


def evaluate_omaha_low_many(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """Omaha eight-or-better low values (uint8, (n,)) of many hands at once.

    Args:
        holes: integer array of shape (n, h), h in 4..6, card ids 0..51.
        boards: integer array of shape (n, 5); no card in a row twice, hole or board.

    Returns:
        The low value of each row as :func:`evaluate_omaha_low` gives it.

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> evaluate_omaha_low_many([[48, 1, 42, 43], [48, 1, 42, 43]],
    ...                         [[4, 9, 14, 36, 40], [4, 28, 32, 36, 40]]).tolist()
    [31, 255]
    """
    holes, boards = _valid_rows(holes, boards)
    out = np.empty(len(holes), np.uint8)
    _omaha_low_rows(holes, boards, low_tables(), out)
    return out


def low_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a low, highest first, the ace as 1; ``()`` for ``NO_LOW``.

    Raises:
        EquityError: ``value`` is neither a five-rank mask nor ``NO_LOW``.

    >>> low_ranks(171), low_ranks(NUT_LOW), low_ranks(NO_LOW)
    ((8, 6, 4, 2, 1), (5, 4, 3, 2, 1), ())
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise EquityError(f"{value!r} is not a low value; low values are ints")
    value = int(value)
    if value == NO_LOW:
        return ()
    if not 0 <= value < NO_LOW or value.bit_count() != 5:
        raise EquityError(f"{value} is not a low value: a low is a mask of 5 of the 8 low ranks "
                          f"({NUT_LOW} .. {WORST_LOW}) or NO_LOW ({NO_LOW})")
    return tuple(k + 1 for k in range(7, -1, -1) if value >> k & 1)


def describe_low(value: int) -> str:
    """``'8-6-4-2-A low'`` (highest card first, the ace as A), or ``'no low'``.

    Raises:
        EquityError: ``value`` is neither a five-rank mask nor ``NO_LOW``.

    >>> describe_low(0b1010_1011), describe_low(NUT_LOW), describe_low(NO_LOW)
    ('8-6-4-2-A low', '5-4-3-2-A low', 'no low')
    """
    ranks = low_ranks(value)
    if not ranks:
        return "no low"
    return "-".join(_LOW_NAMES[r - 1] for r in ranks) + " low"


def low_category(value: int) -> str:
    """The low's class by its highest card: ``'8-low'``, ``'7-low'``, ``'6-low'``, ``'5-low'`` or
    ``'no low'``.

    Raises:
        EquityError: ``value`` is neither a five-rank mask nor ``NO_LOW``.

    >>> low_category(0b1010_1011), low_category(NUT_LOW), low_category(NO_LOW)
    ('8-low', '5-low', 'no low')
    """
    ranks = low_ranks(value)
    return f"{ranks[0]}-low" if ranks else "no low"
