"""Arrays of hands for the evaluators: checked at the edge, then run through a rows kernel.

Every evaluator design (:mod:`equity.evaluators.high`, :mod:`equity.evaluators.reference.kev`,
:mod:`equity.evaluators.reference.keysum`) has a rows kernel ``serial(hands, t, out)`` and its ``prange``
version ``parallel(hands, t, out, n_chunks)``, ``t`` being that design's tables as one NamedTuple. This
module holds what they share and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from equity.errors import CardError, DuplicateCardError, HandSizeError

#: The parallel kernel runs for this many hands or more, over :data:`N_CHUNKS` chunks.
PARALLEL_MIN = 65_536
N_CHUNKS = 64


def valid_hands(hands: np.ndarray, sizes: tuple[int, ...] = (5, 6, 7), note: str = "",
                distinct: bool = True) -> np.ndarray:
    """``hands`` as a contiguous uint8 (n, m) array, checked: m in ``sizes``, ids 0..51, distinct per row.

    Args:
        hands: integer array-like of shape (n, m).
        sizes: the hand sizes allowed.
        note: appended to the message of a wrong shape.
        distinct: check that no row repeats a card (a sort of every row: several times the walk's own
            time); False for a kernel that finds repeats as it walks (:func:`equity.evaluators.high.
            evaluate_many`).

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> valid_hands([[0, 1, 2, 3, 4]]).dtype
    dtype('uint8')
    """
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] not in sizes:
        shape = f"(n, {sizes[0]}..{sizes[-1]})" if len(sizes) > 1 else f"(n, {sizes[0]})"
        raise HandSizeError(f"hands must have shape {shape}; got {hands.shape}{note}")
    # An unsigned array has no negative ids to look for: one pass over it, not two.
    if hands.size and ((hands.dtype.kind != "u" and hands.min() < 0) or hands.max() > 51):
        row = int(np.nonzero((hands < 0).any(1) | (hands > 51).any(1))[0][0])
        raise CardError(f"row {row} has a card id outside 0..51: {hands[row].tolist()}")
    if distinct:
        ordered = np.sort(hands, axis=1)
        dup = (ordered[:, 1:] == ordered[:, :-1]).any(1)
        if dup.any():
            row = int(np.nonzero(dup)[0][0])
            raise DuplicateCardError(f"row {row} repeats a card: {hands[row].tolist()}")
    return np.ascontiguousarray(hands, np.uint8)


def run_rows(hands: np.ndarray, serial: Callable, parallel_kernel: Callable, t: tuple,
             parallel: bool) -> np.ndarray:
    """Classes (int16, (n,)) of valid ``hands`` by a rows kernel and tables ``t``; by its prange version
    over :data:`N_CHUNKS` chunks for :data:`PARALLEL_MIN` hands or more when ``parallel``."""
    out = np.empty(len(hands), np.int16)
    if parallel and len(hands) >= PARALLEL_MIN:
        parallel_kernel(hands, t, out, N_CHUNKS)
    else:
        serial(hands, t, out)
    return out
