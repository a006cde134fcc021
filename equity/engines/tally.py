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
from numba import njit

from ..evaluators.dag import CATEGORIES

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
        per-combo tallies of :mod:`equity.engines.combos` keep just that); ``categories=False`` leaves
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


@njit(cache=True)
def _exact_figures(wins, ties, total, out):
    """Each player's win, tie and equity into ``out[3 * p: 3 * p + 3]`` (float64), from whole one-pot
    counts of ``total`` deals (``wins`` (P,), ``ties`` (P, > P)), as :func:`equity.result.player_results`
    forms them for exact results: win and tie the counts over ``total``, the equity rounded once from its
    exact fraction, ``pot / (total * scale)`` with ``scale`` = lcm(1 .. P). The caller sees to ``total *
    scale < 2**53``: then both sides of the one division are exact floats and the quotient is correctly
    rounded, as Python's int over int."""
    n = wins.shape[0]
    scale = 1
    for k in range(2, n + 1):
        a, b = scale, k
        while b:
            a, b = b, a % b
        scale = scale // a * k
    for p in range(n):
        pot = np.int64(wins[p]) * scale
        tied = 0.0
        for k in range(2, n + 1):
            pot += np.int64(ties[p, k]) * (scale // k)
            tied += ties[p, k]
        out[3 * p] = wins[p] / total
        out[3 * p + 1] = tied / total
        out[3 * p + 2] = np.float64(pot) / np.float64(total * scale)


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


@njit(inline="always")
def _add_outcome(vals, n_players, want_cats, cat_of, wins, ties, cats):
    """Count one deal's outcome of a one-pot game, every player's class in ``vals`` (lower is better),
    into a tally row's ``wins``, ``ties`` and ``cats`` (``cats`` only when ``want_cats``; ``cat_of``
    maps a class to its category). Hold'em's kernels score inline, across lanes or while they evaluate,
    which measured faster."""
    _add_outcome_n(vals, n_players, want_cats, cat_of, wins, ties, cats, 1)


@njit(inline="always")
def _add_outcome_n(vals, n_players, want_cats, cat_of, wins, ties, cats, n):
    """:func:`_add_outcome` for ``n`` deals with the same outcome."""
    best = vals[0]
    for p in range(1, n_players):
        best = min(best, vals[p])
    n_best = 0
    winner = 0
    for p in range(n_players):
        if vals[p] == best:
            n_best += 1
            winner = p
    if n_best == 1:
        wins[winner] += n
    else:
        for p in range(n_players):
            if vals[p] == best:
                ties[p, n_best] += n
    if want_cats:
        for p in range(n_players):
            x = cat_of[vals[p]]
            cats[p, x, 0] += n
            if vals[p] == best:
                cats[p, x, 1 if n_best == 1 else 2] += n


@njit(inline="always")
def _add_split(vals, lows, possible, no_low, n_players, want_cats, cat_of, tally):
    """Count one deal of a split-pot game into the tally row ``tally`` (a :class:`Tally` without the
    leading axis): ``vals`` the high classes (lower is better), ``lows`` the low values (lower is
    better; ``no_low`` for none), ``possible`` whether the board allowed a low."""
    _add_split_n(vals, lows, possible, no_low, n_players, want_cats, cat_of, tally, 1)


@njit(inline="always")
def _add_split_n(vals, lows, possible, no_low, n_players, want_cats, cat_of, tally, n):
    """:func:`_add_split` for ``n`` deals with the same outcome."""
    best_low = lows[0]
    for p in range(1, n_players):
        best_low = min(best_low, lows[p])
    if best_low == no_low:
        _add_outcome_n(vals, n_players, want_cats, cat_of, tally.wins, tally.ties, tally.cats, n)
        tally.deals[0] += possible * n
        return
    tally.deals[0] += n
    tally.deals[1] += n
    best = vals[0]
    for p in range(1, n_players):
        best = min(best, vals[p])
    n_hi = 0
    n_lo = 0
    for p in range(n_players):
        n_hi += vals[p] == best
        n_lo += lows[p] == best_low
    for p in range(n_players):
        hi = vals[p] == best
        lo = lows[p] == best_low
        if hi:
            tally.high[p, n_hi] += n
        if lo:
            tally.low[p, n_lo] += n
            tally.lows[p, 1 if n_lo == 1 else 2] += n
        if hi and lo:
            tally.both[p, n_hi, n_lo] += n
        if lows[p] != no_low:
            tally.lows[p, 0] += n
        if want_cats:
            x = cat_of[vals[p]]
            tally.cats[p, x, 0] += n
            if hi:
                tally.cats[p, x, 1 if n_hi == 1 else 2] += n


@njit(inline="always")
def _score_lanes(values, lanes, n_players, best, n_best, wins, ties, cats, want_cats, cat_of):
    """Count a block of one-pot outcomes, ``values[p, lane]`` the class of player ``p`` in trial
    ``lane`` (lower is better), into ``wins``, ``ties`` and ``cats``: across the lanes and branch-free
    (who wins a trial is unpredictable), ties being rarer. Leaves each lane's best class in ``best``
    and how many players hold it in ``n_best`` (int32 (>= lanes,) each)."""
    for lane in range(lanes):
        best[lane] = values[0, lane]
        n_best[lane] = 0
    for p in range(1, n_players):
        for lane in range(lanes):
            best[lane] = min(best[lane], values[p, lane])
    for p in range(n_players):
        for lane in range(lanes):
            n_best[lane] += values[p, lane] == best[lane]
    for p in range(n_players):
        won = 0
        for lane in range(lanes):
            won += (values[p, lane] == best[lane]) & (n_best[lane] == 1)
        wins[p] += won
    for lane in range(lanes):
        if n_best[lane] > 1:
            for p in range(n_players):
                ties[p, n_best[lane]] += values[p, lane] == best[lane]
    if want_cats:
        for lane in range(lanes):
            for p in range(n_players):
                x = cat_of[values[p, lane]]
                cats[p, x, 0] += 1
                if values[p, lane] == best[lane]:
                    cats[p, x, 1 if n_best[lane] == 1 else 2] += 1


@njit(inline="always")
def _like(row):
    """A zeroed int64 tally row shaped as ``row`` (a :class:`Tally` without the leading axis): a
    kernel's private counters, written out once at the end (counters shared by threads would share
    cache lines)."""
    return Tally(np.zeros(row.wins.shape, np.int64), np.zeros(row.ties.shape, np.int64),
                 np.zeros(row.cats.shape, np.int64), np.zeros(row.high.shape, np.int64),
                 np.zeros(row.low.shape, np.int64), np.zeros(row.both.shape, np.int64),
                 np.zeros(row.lows.shape, np.int64), np.zeros(row.deals.shape, np.int64))


@njit(inline="always")
def _zero(a):
    """Zero a C-contiguous array of any shape (a loop: array expressions here cost seconds of compiling)."""
    flat = a.reshape(-1)
    for i in range(flat.shape[0]):
        flat[i] = 0


@njit(inline="always")
def _add_scaled(out, w, a):
    """``out += w * a`` for two C-contiguous arrays of one shape (as :func:`_zero`, a loop)."""
    o = out.reshape(-1)
    x = a.reshape(-1)
    for i in range(o.shape[0]):
        o[i] += w * x[i]


@njit(inline="always")
def _clear(acc):
    """Zero every count of the tally row ``acc``."""
    _zero(acc.wins)
    _zero(acc.ties)
    _zero(acc.cats)
    _zero(acc.high)
    _zero(acc.low)
    _zero(acc.both)
    _zero(acc.lows)
    _zero(acc.deals)


@njit(inline="always")
def _add_into(out, w, acc):
    """Add ``w`` times the tally row ``acc`` into the tally row ``out`` (once per chunk or item)."""
    _add_scaled(out.wins, w, acc.wins)
    _add_scaled(out.ties, w, acc.ties)
    _add_scaled(out.cats, w, acc.cats)
    _add_scaled(out.high, w, acc.high)
    _add_scaled(out.low, w, acc.low)
    _add_scaled(out.both, w, acc.both)
    _add_scaled(out.lows, w, acc.lows)
    _add_scaled(out.deals, w, acc.deals)


@njit(inline="always")
def _heads_up_case(v0, v1, l0, l1, no_low):
    """A split-pot deal of two players as one of 12 cases, ``4 * high + low``: high 0 (player 0 has the
    best high), 1 (player 1) or 2 (tied); low 0, 1, 2 likewise, or 3 when neither has a low (``no_low``
    is all ones, above every low, so ``l0 & l1`` is ``no_low`` just then)."""
    high = (v1 < v0) + 2 * (v0 == v1)
    low = 3 if (l0 & l1) == no_low else (l1 < l0) + 2 * (l0 == l1)
    return 4 * high + low


@njit
def _fold_heads_up(cases, made, possible, acc):
    """Add the counts of :func:`_heads_up_case`'s ``cases`` (int64 (12,)) into the tally row ``acc``;
    ``made`` (int64 (2,)): deals where each player made a low; ``possible``: deals whose board allowed
    one."""
    acc.deals[0] += possible
    for high in range(3):
        for low in range(4):
            c = cases[4 * high + low]
            if c == 0:
                continue
            if low == 3:  # no low: the high takes the whole pot
                if high == 2:
                    acc.ties[0, 2] += c
                    acc.ties[1, 2] += c
                else:
                    acc.wins[high] += c
                continue
            acc.deals[1] += c
            k_high = 1 + (high == 2)
            k_low = 1 + (low == 2)
            for p in range(2):
                hi = high == p or high == 2
                lo = low == p or low == 2
                if hi:
                    acc.high[p, k_high] += c
                if lo:
                    acc.low[p, k_low] += c
                    acc.lows[p, k_low] += c
                if hi and lo:
                    acc.both[p, k_high, k_low] += c
    acc.lows[0, 0] += made[0]
    acc.lows[1, 0] += made[1]
