"""The 169 starting-hand classes: their names, their combos, and the 13 x 13 grid that indexes them.

A class is a pair (``'AA'``, 6 combos), a suited hand (``'AKs'``, 4) or an offsuit one (``'AKo'``, 12); a
combo is two card ids ``(hi, lo)`` with ``hi > lo``.

The grid index of a class is ``13 * row + col``, row and col being ranks (0 = deuce): a pair sits on the
diagonal, a suited hand at (high, low), an offsuit one at (low, high). :data:`CLASS_NAMES` lists the names
in that order, :func:`all_classes` in the order of a chart read from the top (AA, AKs, AKo, AQs, ...).

>>> CLASS_NAMES[13 * 12 + 11], CLASS_NAMES[13 * 11 + 12], CLASS_NAMES[0]
('AKs', 'AKo', '22')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from equity.cards import RANKS
from equity.errors import RangeError

Combo = tuple[int, int]

_NAME = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)", re.IGNORECASE)


def rank_combos(high: int, low: int, suffix: str = "") -> list[Combo]:
    """The combos of ranks ``high >= low`` (a pair when equal) with suffix ``''``, ``'s'`` or ``'o'``, sorted.

    >>> rank_combos(12, 11, "s")
    [(48, 44), (49, 45), (50, 46), (51, 47)]
    """
    return [(4 * high + a, 4 * low + b) for a in range(4) for b in range(4)
            if (a > b if high == low else suffix in ("", "s" if a == b else "o"))]


def hand_class(combo: Sequence[int]) -> str:
    """The class of a two-card combo: ``'AA'``, ``'AKs'`` or ``'AKo'``.

    >>> hand_class((51, 47)), hand_class((51, 46)), hand_class((51, 50))
    ('AKs', 'AKo', 'AA')
    """
    hi, lo = int(max(combo)), int(min(combo))
    if hi >> 2 == lo >> 2:
        return RANKS[hi >> 2] * 2
    return RANKS[hi >> 2] + RANKS[lo >> 2] + ("s" if hi & 3 == lo & 3 else "o")


def class_combos(name: str) -> list[Combo]:
    """The combos ``(hi, lo)`` of a class, sorted: ``'AA'`` (6), ``'AKs'`` (4), ``'AKo'`` (12), ``'AK'`` (16).

    Either rank may come first and letters may be in either case.

    Raises:
        RangeError: ``name`` is not a class.

    >>> class_combos("AKs")
    [(48, 44), (49, 45), (50, 46), (51, 47)]
    """
    match = _NAME.fullmatch(name)
    if not match:
        raise RangeError(f"{name!r} is not a hand class; write e.g. AA, AKs, AKo or AK")
    first, second, suffix = match.group(1, 2, 3)
    high, low = sorted((RANKS.index(first.upper()), RANKS.index(second.upper())), reverse=True)
    if high == low and suffix:
        raise RangeError(f"{name!r} is not a hand class: a pair is neither suited nor offsuit; "
                         f"write {RANKS[high] * 2} without {suffix!r}")
    return rank_combos(high, low, suffix.lower())


def class_name(name: str) -> str:
    """The canonical spelling of a class name: ``'AKs'``, ``'AKo'``, ``'AA'``.

    Raises:
        RangeError: not a class name (a pair, or two ranks with ``s`` or ``o``).

    >>> class_name("kas"), class_name("T9O"), class_name("22")
    ('AKs', 'T9o', '22')
    """
    combos = class_combos(name)
    if len(combos) not in (4, 6, 12):
        raise RangeError(f"{name!r} is not a starting-hand class; write a pair as 'AA', a suited hand as "
                         "'AKs' and an offsuit one as 'AKo'")
    return hand_class(combos[0])


def n_combos(name: str) -> int:
    """6 for a pair, 4 for a suited class, 12 for an offsuit one.

    Raises:
        RangeError: not a class name.

    >>> n_combos("AA"), n_combos("AKs"), n_combos("AKo")
    (6, 4, 12)
    """
    name = class_name(name)
    return 6 if len(name) == 2 else 4 if name.endswith("s") else 12


def all_classes() -> list[str]:
    """The 169 classes, by higher rank from aces down, each pair before its suited then offsuit hands.

    >>> classes = all_classes()
    >>> len(classes), classes[:4], classes[-1]
    (169, ['AA', 'AKs', 'AKo', 'AQs'], '22')
    """
    return [RANKS[high] + RANKS[low] + suffix for high in range(12, -1, -1) for low in range(high, -1, -1)
            for suffix in ([""] if high == low else ["s", "o"])]


def _grid_name(index: int) -> str:
    row, col = divmod(index, 13)
    if row == col:
        return RANKS[row] * 2
    if row > col:
        return RANKS[row] + RANKS[col] + "s"
    return RANKS[col] + RANKS[row] + "o"


#: The 169 class names in grid-index order.
CLASS_NAMES: tuple[str, ...] = tuple(_grid_name(i) for i in range(169))


def class_index(a: int, b: int) -> int:
    """The grid index of the class of hole cards ``a != b`` (card ids, either order).

    >>> CLASS_NAMES[class_index(51, 47)], CLASS_NAMES[class_index(46, 51)]
    ('AKs', 'AKo')
    """
    ra, rb = a >> 2, b >> 2
    hi, lo = max(ra, rb), min(ra, rb)
    if (a & 3) == (b & 3) or hi == lo:
        return 13 * hi + lo
    return 13 * lo + hi


def class_indexes(combos: np.ndarray) -> np.ndarray:
    """int64 (n,): :func:`class_index` of each row of ``combos`` (n, 2), vectorized.

    >>> [CLASS_NAMES[i] for i in class_indexes(np.array([[51, 47], [46, 51]]))]
    ['AKs', 'AKo']
    """
    a, b = np.asarray(combos, np.int64).reshape(-1, 2).T
    hi, lo = np.maximum(a >> 2, b >> 2), np.minimum(a >> 2, b >> 2)
    upper = ((a & 3) == (b & 3)) | (hi == lo)
    return np.where(upper, 13 * hi + lo, 13 * lo + hi)


def class_index_table() -> np.ndarray:
    """int32 (4096,): :func:`class_index` of hole cards ``a != b`` at ``a << 6 | b`` (-1 elsewhere), for
    kernels."""
    table = np.full(4096, -1, np.int32)
    for a in range(52):
        for b in range(52):
            if a != b:
                table[a << 6 | b] = class_index(a, b)
    return table
