"""How a showdown is counted into :class:`~equity.tally.Tally` rows, as njit code every game's kernels
inline: a one-pot deal (:func:`_add_outcome`), a split-pot deal (:func:`_add_split`), a lane of trials
(:func:`_score_lanes`), the accumulators' helpers, and the exact figures of whole one-pot counts
(:func:`_exact_figures`). The counts' layout is drawn in :mod:`equity.tally`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from equity.tally import Tally


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
def _row(tally, k):
    """Row ``k`` of ``tally`` (a :class:`Tally` with a leading axis of rows): views, written in place."""
    return Tally(tally.wins[k], tally.ties[k], tally.cats[k], tally.high[k], tally.low[k], tally.both[k],
                 tally.lows[k], tally.deals[k])


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
