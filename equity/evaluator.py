"""Hand evaluation: njit walks of Hammer's rank DAG with four flush pointers.

A walk state is one rank pointer ``r`` and four suit pointers ``f[0..3]``, all row offsets into the
tables of :func:`equity.dag.walk_layout` (:class:`equity.tables.Tables`, passed to every kernel as one
argument ``t`` whose arrays the kernel binds to locals: ``rank_step = t.rank_step``, and likewise
``rank_last``, ``rank_value``, ``flush_step``, ``flush_value``). The empty hand is ``r = 0``,
``f = [0, 0, 0, 0]``. Adding a card ``c`` (rank ``k = c >> 2``, suit ``s = c & 3``)::

    r    = rank_step[r + k]
    f[s] = flush_step[f[s] + k]

After five to seven cards at most one suit pointer is at level >= 5, so the hand's class is::

    flush = flush_value[f[0]] + flush_value[f[1]] + flush_value[f[2]] + flush_value[f[3]]
    value = flush if flush else rank_value[r]

and ``rank_last[r + k]`` gives ``rank_value`` after the last card in one load. A shared board is walked
once and each player's hole cards continue from a copy of its state.

Kernels (``_``-prefixed) assume valid input: card ids 0..51, distinct within a hand, 5..7 cards. The
public functions validate and convert, then call them. The two other designs the DAG is measured
against live in :mod:`equity.kev` and :mod:`equity.keysum`; :mod:`equity.designs` puts the three behind
one interface.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit, prange

from . import tables as _tables
from .cards import RANK_NAMES, RANK_PLURALS, parse_cards
from .dag import CATEGORIES
from .errors import HandSizeError
from .hands import run_rows, valid_hands

N_FIVE_CARD_HANDS = 2_598_960
N_SEVEN_CARD_HANDS = 133_784_560


@njit(inline="always")
def _reset(f):
    """Empty the suit pointers ``f``; return the empty rank pointer. (Four stores: a slice fill of
    ``f`` measured 14% slower in the 7-card loop.)"""
    f[0] = 0
    f[1] = 0
    f[2] = 0
    f[3] = 0
    return 0


@njit(inline="always")
def _step(rank_step, flush_step, r, f, card):
    """Add ``card`` to the state ``(r, f)``: updates ``f`` in place, returns the new ``r``."""
    k = card >> 2
    s = card & 3
    r = rank_step[r + k]
    f[s] = flush_step[f[s] + k]
    return r


@njit(inline="always")
def _finish(rank_last, flush_step, flush_value, r, f, card):
    """The class of the state ``(r, f)`` plus its last ``card`` (``f`` is updated in place)."""
    k = card >> 2
    s = card & 3
    f[s] = flush_step[f[s] + k]
    flush = flush_value[f[0]] + flush_value[f[1]] + flush_value[f[2]] + flush_value[f[3]]
    return flush if flush else rank_last[r + k]


@njit(cache=True)
def _evaluate_rows(hands, t, out):
    """``out[i]`` = class of ``hands[i]``.

    hands: uint8 (n, m), 5 <= m <= 7, valid distinct cards per row. t: :class:`~equity.tables.Tables`.
    out: int16 (n,).
    (Loops run over ``range(n)``: with ``range(lo, hi)`` numba keeps a negative-index check per access,
    measured 15% slower; callers pass slices instead.)
    """
    rank_step, rank_last, flush_step, flush_value = t.rank_step, t.rank_last, t.flush_step, t.flush_value
    m = hands.shape[1]
    f = np.zeros(4, np.int32)
    if m == 7:  # the common case, with a constant trip count the compiler unrolls
        for i in range(hands.shape[0]):
            r = _reset(f)
            for j in range(6):
                r = _step(rank_step, flush_step, r, f, hands[i, j])
            out[i] = _finish(rank_last, flush_step, flush_value, r, f, hands[i, 6])
        return
    for i in range(hands.shape[0]):
        r = _reset(f)
        for j in range(m - 1):
            r = _step(rank_step, flush_step, r, f, hands[i, j])
        out[i] = _finish(rank_last, flush_step, flush_value, r, f, hands[i, m - 1])


@njit(cache=True, parallel=True)
def _evaluate_rows_parallel(hands, t, out, n_chunks):
    """:func:`_evaluate_rows` over ``n_chunks`` contiguous chunks on all threads."""
    n = hands.shape[0]
    for chunk in prange(n_chunks):
        lo, hi = chunk * n // n_chunks, (chunk + 1) * n // n_chunks
        _evaluate_rows(hands[lo:hi], t, out[lo:hi])


@njit(cache=True)
def _all_five_card_classes(t):
    """int16 (2598960,): the class of every 5-card hand, in lexicographic order of card ids.
    t: :class:`~equity.tables.Tables`."""
    rank_step, rank_last, flush_step, flush_value = t.rank_step, t.rank_last, t.flush_step, t.flush_value
    out = np.empty(2_598_960, np.int16)
    f = np.zeros((5, 4), np.int32)
    i = 0
    for a in range(48):
        f[1, :] = 0
        r1 = _step(rank_step, flush_step, 0, f[1], a)
        for b in range(a + 1, 49):
            f[2, :] = f[1]
            r2 = _step(rank_step, flush_step, r1, f[2], b)
            for c in range(b + 1, 50):
                f[3, :] = f[2]
                r3 = _step(rank_step, flush_step, r2, f[3], c)
                for d in range(c + 1, 51):
                    f[4, :] = f[3]
                    r4 = _step(rank_step, flush_step, r3, f[4], d)
                    for e in range(d + 1, 52):
                        k = e >> 2
                        q = f[4, e & 3]
                        flush = flush_value[flush_step[q + k]]
                        out[i] = flush if flush else rank_last[r4 + k]
                        i += 1
    return out


@njit(cache=True)
def _seven_card_histogram(t):
    """int64 (7463,): how many of the 133,784,560 seven-card hands have each class (index 0 unused).
    t: :class:`~equity.tables.Tables`.

    Walks the enumeration tree incrementally: each hand costs one step from its six-card prefix.
    """
    rank_step, rank_last, flush_step, flush_value = t.rank_step, t.rank_last, t.flush_step, t.flush_value
    hist = np.zeros(7463, np.int64)
    f = np.zeros((7, 4), np.int32)
    for a in range(46):
        f[1, :] = 0
        r1 = _step(rank_step, flush_step, 0, f[1], a)
        for b in range(a + 1, 47):
            f[2, :] = f[1]
            r2 = _step(rank_step, flush_step, r1, f[2], b)
            for c in range(b + 1, 48):
                f[3, :] = f[2]
                r3 = _step(rank_step, flush_step, r2, f[3], c)
                for d in range(c + 1, 49):
                    f[4, :] = f[3]
                    r4 = _step(rank_step, flush_step, r3, f[4], d)
                    for e in range(d + 1, 50):
                        f[5, :] = f[4]
                        r5 = _step(rank_step, flush_step, r4, f[5], e)
                        for g in range(e + 1, 51):
                            f[6, :] = f[5]
                            r6 = _step(rank_step, flush_step, r5, f[6], g)
                            total6 = (flush_value[f[6, 0]] + flush_value[f[6, 1]]
                                      + flush_value[f[6, 2]] + flush_value[f[6, 3]])
                            for h in range(g + 1, 52):
                                k = h >> 2
                                q = f[6, h & 3]
                                flush = total6 - flush_value[q] + flush_value[flush_step[q + k]]
                                hist[flush if flush else rank_last[r6 + k]] += 1
    return hist


def _as_hand(cards: str | Sequence[int] | Sequence[str]) -> np.ndarray:
    hand = parse_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise HandSizeError(f"a hand to evaluate has 5 to 7 cards; got {len(hand)}"
                            + (f" in {cards!r}" if isinstance(cards, str) else ""))
    return np.array([hand], np.uint8)


def evaluate(cards: str | Sequence[int] | Sequence[str]) -> int:
    """The Cactus Kev class of a 5-, 6- or 7-card hand: 1 (royal flush) .. 7462 (7-5-4-3-2).

    Lower is better; equal classes split the pot.

    Args:
        cards: a card string (``"AsKsQsJsTs9c2d"``, spaces or commas allowed), card strings, or ids.

    Raises:
        CardError, DuplicateCardError, HandSizeError: with a message naming the problem.

    >>> evaluate("AsKsQsJsTs9c2d")
    1
    >>> describe(evaluate("Kh Kd 9c 9s 2h 3d 4c"))
    'Two Pair, Kings and Nines'
    """
    hand = _as_hand(cards)[0].tolist()
    return _walk(hand, _tables.get())


def _walk(hand: list[int], t: _tables.Tables) -> int:
    """The same walk as the kernels, in plain Python: for one hand it beats a JIT call's start-up.
    The tests check it against the kernels."""
    r, f = 0, [0, 0, 0, 0]
    for card in hand:
        k, s = card >> 2, card & 3
        f[s] = int(t.flush_step[f[s] + k])
        r = int(t.rank_step[r + k])
    flush = sum(int(t.flush_value[q]) for q in f)
    return flush if flush else int(t.rank_value[r])


def evaluate_many(hands: np.ndarray, *, parallel: bool = True) -> np.ndarray:
    """Classes (int16, (n,)) of many hands at once.

    Args:
        hands: integer array of shape (n, m), 5 <= m <= 7, card ids 0..51 distinct within each row.
        parallel: use all of numba's threads (for 65,536 hands or more).

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> evaluate_many(np.array([[48, 44, 40, 36, 32], [51, 50, 49, 48, 47]])).tolist()
    [1, 11]
    """
    return run_rows(valid_hands(hands), _evaluate_rows, _evaluate_rows_parallel, _tables.get(), parallel)


def _check_class(value: int) -> int:
    if not 1 <= value <= 7462:
        raise ValueError(f"a hand class is 1..7462; got {value}")
    return value


_LAST = [last for _, last in CATEGORIES]


def category_index(value: int) -> int:
    """0 (straight flush) .. 8 (high card) for a class.

    >>> category_index(1), category_index(7462)
    (0, 8)
    """
    return int(np.searchsorted(_LAST, _check_class(value)))


def category(value: int) -> str:
    """The category's name: ``'Straight Flush'`` .. ``'High Card'``."""
    return CATEGORIES[category_index(value)][0]


def _class_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a class, grouped by (count, rank) descending; the wheel as 5-4-3-2-A."""
    ranks = tuple(int(r) for r in _tables.class_ranks()[value])
    return ranks[1:] + ranks[:1] if ranks == (12, 3, 2, 1, 0) else ranks


def describe(value: int) -> str:
    """A plain-English name for a class.

    >>> describe(1), describe(10), describe(1608)
    ('Royal Flush', 'Five-high Straight Flush', 'Six-high Straight')
    >>> describe(167), describe(6186)
    ('Full House, Aces over Kings', 'High Card, Ace')
    """
    ranks = _class_ranks(_check_class(value))
    name = category(value)
    first = ranks[0]
    if value == 1:
        return "Royal Flush"
    if name in ("Straight Flush", "Straight", "Flush"):
        return f"{RANK_NAMES[first]}-high {name}"
    if name == "Four of a Kind":
        return f"Four of a Kind, {RANK_PLURALS[first]}"
    if name == "Full House":
        return f"Full House, {RANK_PLURALS[first]} over {RANK_PLURALS[ranks[3]]}"
    if name == "Three of a Kind":
        return f"Three of a Kind, {RANK_PLURALS[first]}"
    if name == "Two Pair":
        return f"Two Pair, {RANK_PLURALS[first]} and {RANK_PLURALS[ranks[2]]}"
    if name == "One Pair":
        return f"One Pair, {RANK_PLURALS[first]}"
    return f"High Card, {RANK_NAMES[first]}"


def all_five_card_classes() -> np.ndarray:
    """int16 (2598960,): every 5-card hand's class, hands in lexicographic order of card ids."""
    return _all_five_card_classes(_tables.get())


def seven_card_histogram() -> np.ndarray:
    """int64 (7463,): the number of 7-card hands of each class (index 0 is unused and 0), on one thread."""
    return _seven_card_histogram(_tables.get())
