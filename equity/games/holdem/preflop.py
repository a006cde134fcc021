"""Exact preflop equity of each of the 169 starting-hand classes against one random hand, looked up.

The numbers come from the shipped table :mod:`equity.games.holdem.preflop_table`, which
:mod:`tools.preflop_gen` computes by exhaustive enumeration (``python -m tools.preflop_gen``). A class's
equity is its pot share (1 for a win, 1/2 for a tie) averaged over every deal: its ``2 * wins + ties``
total over ``n_combos * DENOMINATOR_PER_COMBO``. Nothing is computed here. The ranking is what a top
percentage of hold'em hands (``15%``) takes: the hold'em game hands :func:`ranked_classes` down to
:func:`equity.ranges.parse_range`.
"""

from __future__ import annotations

from equity.classes import class_name, n_combos
from equity.games.holdem.preflop_table import DENOMINATOR_PER_COMBO, RANKED

_TOTALS = dict(RANKED)


def ranked_classes() -> list[str]:
    """The 169 class names, best first.

    >>> ranked_classes()[:3]
    ['AA', 'KK', 'QQ']
    """
    return [name for name, _ in RANKED]


def equity_vs_random(name: str) -> float:
    """The equity of a class against one random hand.

    Args:
        name: a class such as ``'AA'``, ``'AKs'``, ``'72o'`` (see :func:`equity.classes.class_name`).

    Raises:
        RangeError: not a class name.

    >>> round(100 * equity_vs_random("AA"), 4), round(100 * equity_vs_random("72o"), 4)
    (85.2037, 34.5836)
    """
    canonical = class_name(name)
    return _TOTALS[canonical] / (n_combos(canonical) * DENOMINATOR_PER_COMBO)
