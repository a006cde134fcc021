"""The counts every kernel fills, one :class:`Tally` row per chunk, and how a showdown is counted.

A deal's pot goes whole to the best hand (one-pot games), or in split-pot games half to the best high
hand and half to the best qualifying low, the high hand taking it all when no low qualifies; each pot or
half is shared equally among tied hands. The counts, per player ``p``::

    wins  (P,)            the whole pot won alone
    ties  (P, S)          ties[p, k]: the whole pot split k ways, 2 <= k <= 23 (columns 0, 1 unused)
    cats  (P, 9, 3)       per high category (straight flush .. high card): ended with, won the high
                          (whole pot or half) alone with, split it with
    high  (P, S)          split-pot games, deals where a low qualified: high[p, k], the high half
                          shared k ways (k = 1: won alone)
    low   (P, S)          low[p, k]: the low half shared k ways
    both  (P, S, S)       both[p, kh, kl]: a part of both halves, the high shared kh ways, the low kl
    lows  (P, 3)          made a qualifying low, won the low alone, split it
    deals (2,)            deals whose board allowed a low (three different ranks 8 or lower), deals
                          where some player's low qualified

``S`` = :data:`MAX_SPLIT`. One-pot games give the split-pot arrays a zero-length last axis, so every
game's kernels fill one layout and :func:`shares` reads it alike. A deal's pot share is then
``wins + ties/k`` for the whole pot plus ``(high + low) / 2k`` for the halves, and its square adds the
cross term of ``both``: what the standard errors need.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from equity.evaluators.dag import CATEGORIES

MAX_SPLIT = 24  # ties[p, k] for k-way splits, k <= 23 players
N_CATEGORIES = len(CATEGORIES)


class Tally(NamedTuple):
    """The counts of the layout above with a leading axis of rows (chunks, or bins of deals); int64 for
    Monte Carlo, float64 (weighted) for exact enumeration."""

    wins: np.ndarray
    ties: np.ndarray
    cats: np.ndarray
    high: np.ndarray
    low: np.ndarray
    both: np.ndarray
    lows: np.ndarray
    deals: np.ndarray

    @classmethod
    def zeros(cls, rows: int, players: int, split: bool, dtype: type = np.int64, ways: int = MAX_SPLIT,
              categories: bool = True, n_categories: int = N_CATEGORIES) -> Tally:
        """Zeroed counts for ``rows`` rows; the split-pot arrays are empty unless ``split``. ``ways``: the
        last axis of the ``k``-way arrays (``players + 1`` is enough for the counts of one table: the
        per-combo tallies of :mod:`equity.engines.combo_counts` keep just that); ``categories=False`` leaves
        ``cats`` empty (its category axis of length 0); ``n_categories``: the game's categories (nine
        high ones unless it says otherwise: :meth:`~equity.games.base.Game.category_slots`)."""
        s = ways if split else 0
        n_cats = n_categories if categories else 0
        return cls(zeros((rows, players), dtype), zeros((rows, players, ways), dtype),
                   zeros((rows, players, n_cats, 3), dtype), zeros((rows, players, s), dtype),
                   zeros((rows, players, s), dtype), zeros((rows, players, s, s), dtype),
                   zeros((rows, players, 3 if split else 0), dtype), zeros((rows, 2), dtype))

    @classmethod
    def one_pot(cls, wins: np.ndarray, ties: np.ndarray) -> Tally:
        """The one-pot counts ``wins`` (rows, P) and ``ties`` (rows, P, ways), without categories: the
        split-pot arrays empty, no deals counted."""
        rows, players = wins.shape
        dtype = wins.dtype
        return cls(wins, ties, zeros((rows, players, 0, 3), dtype), zeros((rows, players, 0), dtype),
                   zeros((rows, players, 0), dtype), zeros((rows, players, 0, 0), dtype),
                   zeros((rows, players, 0), dtype), np.zeros((rows, 2), dtype))

    @classmethod
    def join(cls, parts: list[Tally]) -> Tally:
        """The rows of every part, in order."""
        return cls(*(np.concatenate(x) for x in zip(*parts, strict=True)))

    def rows(self, stop: int) -> Tally:
        """The first ``stop`` rows."""
        return Tally(*(x[:stop] for x in self))

    def total(self) -> Tally:
        """The rows summed (no leading axis)."""
        if len(self.wins) == 1:  # one row (a small run's only chunk): itself, without the axis
            return Tally(*(x[0] for x in self))
        return Tally(*(x.sum(axis=0) for x in self))

    @classmethod
    def sum_of(cls, parts: list[Tally]) -> Tally:
        """Every row of every part summed (no leading axis)."""
        return (parts[0] if len(parts) == 1 else cls.join(parts)).total()

    @property
    def split(self) -> bool:
        return self.high.shape[-1] > 0


def zeros(shape: tuple[int, ...], dtype: type) -> np.ndarray:
    """``np.zeros(shape, dtype)``; an array with no elements (a one-pot game's split-pot counts, a run
    without categories) is made once per shape and shared, as nothing can be written to it."""
    return _empty(shape, dtype) if 0 in shape else np.zeros(shape, dtype)


@functools.cache
def _empty(shape: tuple[int, ...], dtype: object) -> np.ndarray:
    return np.zeros(shape, dtype)


@functools.cache
def _k(n: int) -> np.ndarray:
    """float64 (n,): the ways a pot is shared in each column, k (column 0, unused, as 1)."""
    k = np.arange(n, dtype=np.float64)
    k[:min(n, 1)] = 1.0
    k.flags.writeable = False
    return k


def shares(t: Tally, squares: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
    """Every player's summed pot share and summed squared share (None unless ``squares``), per row: two
    float64 (rows, P)."""
    k = _k(t.ties.shape[-1])
    share = t.wins + (t.ties / k).sum(-1)
    if t.split:
        share = share + ((t.high + t.low) / (2 * k)).sum(-1)
    if not squares:
        return share, None
    square = t.wins + (t.ties / (k * k)).sum(-1)
    if t.split:
        square = square + ((t.high + t.low) / (4 * k * k)).sum(-1)
        square = square + 2 * (t.both / (4 * k[:, None] * k[None, :])).sum((-2, -1))
    return share, square


def mean_stderr(n: np.ndarray | float, mean: np.ndarray | float, mean_sq: np.ndarray | float) -> np.ndarray:
    """The standard error of a mean of ``n`` values whose mean is ``mean`` and mean square ``mean_sq``
    (the sample variance over ``n - 1``, divided by ``n``); NaN where ``n < 2`` (no estimate)."""
    n = np.asarray(n, np.float64)
    m = np.maximum(n, 2.0)
    var = np.maximum(0.0, mean_sq - mean * mean) * m / (m - 1)
    return np.where(n >= 2, np.sqrt(var / m), np.nan)
