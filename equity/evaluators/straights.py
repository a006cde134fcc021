"""The straights of a deck, written once: as rank tuples for the class tables (:mod:`equity.evaluators.dag`,
:mod:`equity.evaluators.shortdeck`) and as 13-bit rank masks for the hits and textures
(:mod:`equity.games.hits`, :mod:`equity.questions.flops.sets`).

Ranks are 0 (deuce) .. 12 (ace); a deck's lowest rank is ``low_rank`` (0, or 4 in short deck, whose
lowest card is the six). A straight is five ranks in a row, or the ace playing low under the deck's four
lowest ranks (the wheel: A-2-3-4-5, or A-6-7-8-9 in short deck). So a whole deck has ten straights and
the short deck six.

>>> straights()[0], straights()[-1], len(straights()), len(straights(4))
((12, 11, 10, 9, 8), (3, 2, 1, 0, 12), 10, 6)
>>> [bin(m) for m in straight_masks()[:2]]
['0b1000000001111', '0b11111']
"""

from __future__ import annotations

from functools import cache


@cache
def straights(low_rank: int = 0) -> tuple[tuple[int, ...], ...]:
    """The deck's straights as rank tuples, best first, each highest rank first; the wheel, last, is the
    four lowest ranks then the ace: ``(low_rank + 3, .., low_rank, 12)``."""
    return (*(tuple(range(high, high - 5, -1)) for high in range(12, low_rank + 3, -1)),
            (low_rank + 3, low_rank + 2, low_rank + 1, low_rank, 12))


@cache
def straight_masks(low_rank: int = 0) -> tuple[int, ...]:
    """The deck's straights as 13-bit rank masks (bit ``r`` for rank ``r``), lowest first: the wheel,
    then five in a row up to the ace."""
    return tuple(sum(1 << r for r in s) for s in reversed(straights(low_rank)))


__all__ = ["straight_masks", "straights"]
