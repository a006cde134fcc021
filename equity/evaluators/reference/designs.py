"""The three evaluator designs behind one interface, for the benchmark and the cross-checks.

- ``"dag"``: Hammer's rank DAG with flush pointers, :mod:`equity.evaluators.high`, what the engines use;
- ``"kev"``: Cactus Kev's 5-card evaluator, 6 and 7 cards as the best subset,
:mod:`equity.evaluators.reference.kev`;
- ``"keysum"``: the key-sum evaluator, 7 cards only, :mod:`equity.evaluators.reference.keysum`.

All three give every hand the same class. Nothing in the engines imports this module.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from equity.evaluators import high as evaluator
from equity.evaluators import tables
from equity.evaluators.reference import kev, keysum

DESIGNS = ("dag", "kev", "keysum")

_MODULES = {"dag": evaluator, "kev": kev, "keysum": keysum}


def _module(design: str) -> ModuleType:
    if design not in _MODULES:
        raise ValueError(f"design must be one of {', '.join(DESIGNS)}; got {design!r}")
    return _MODULES[design]


def evaluate_many(hands: np.ndarray, design: str = "dag", *, parallel: bool = True) -> np.ndarray:
    """Classes (int16, (n,)) of many hands by one design.

    Args:
        hands: integer array of shape (n, m), card ids 0..51 distinct within each row; 5 <= m <= 7, or
            m = 7 for ``"keysum"``.
        design: one of :data:`DESIGNS`.
        parallel: use all of numba's threads (for 65,536 hands or more).

    Raises:
        ValueError: an unknown design.
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> hands = np.array([[48, 44, 40, 36, 32, 0, 5]])
    >>> [evaluate_many(hands, d).tolist() for d in DESIGNS]
    [[1], [1], [1]]
    """
    return _module(design).evaluate_many(hands, parallel=parallel)


def all_five_card_classes(design: str = "dag") -> np.ndarray:
    """int16 (2598960,): every 5-card hand's class, hands in lexicographic order of card ids.

    Args:
        design: ``"dag"`` or ``"kev"``.

    Raises:
        ValueError: an unknown design, or ``"keysum"`` (it takes 7-card hands only).
    """
    if design == "keysum":
        raise ValueError("the key-sum evaluator takes 7-card hands only")
    return _module(design).all_five_card_classes()


def seven_card_histogram(design: str = "dag") -> np.ndarray:
    """int64 (7463,): the number of 7-card hands of each class (index 0 is unused and 0).

    Args:
        design: one of :data:`DESIGNS`.

    Raises:
        ValueError: an unknown design.
    """
    return _module(design).seven_card_histogram()


def table_bytes(design: str) -> int:
    """Bytes of one design's tables.

    Raises:
        ValueError: an unknown design.
    """
    if design == "dag":
        return sum(a.nbytes for a in tables.get())
    return _module(design).table_bytes()
