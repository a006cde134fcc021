"""Exact enumeration for the board-less games: every way to give each player their missing cards.

The players who still get cards are *levels*, in seat order; level ``l`` takes ``need[l]`` cards from
what the levels before it left, in every combination. A hand is valued when its level's combination
changes (:mod:`equity.games.boardless.scoring`), so each completion costs the last level's hand and the
scoring. The first level's combinations are numbered (lexicographically) and cut into ranges, one
tally row each, that the threads share; a range starts by unranking its first combination, so nothing
is listed in memory.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numba import njit, prange, uint64

from equity.engines.dealing import base_deal
from equity.engines.parallel import next_batch, using_threads
from equity.engines.protocol import Spot
from equity.engines.showdown import _add_into, _add_outcome_n, _add_split_n, _like, _zero
from equity.evaluators.low import NO_LOW
from equity.games.base import Game
from equity.games.boardless.montecarlo import _known
from equity.games.boardless.scoring import _add_card, _value
from equity.tally import Tally

#: Completions per tally row, about.
ROW_WORK = 1 << 16


@njit(inline="always")
def _next_combo(idx, m, n):
    """Advance ``idx[:m]``, a combination of ``range(n)`` in ascending order, to the next one in
    lexicographic order; False when it was the last."""
    i = m - 1
    while i >= 0 and idx[i] == n - m + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, m):
        idx[j] = idx[j - 1] + 1
    return True


@njit(inline="always")
def _unrank(t, m, n, pascal, idx):
    """Set ``idx[:m]`` to combination number ``t`` (lexicographic, from 0) of ``m`` of ``range(n)``."""
    x = 0
    for i in range(m):
        while pascal[n - 1 - x, m - 1 - i] <= t:
            t -= pascal[n - 1 - x, m - 1 - i]
            x += 1
        idx[i] = x
        x += 1


class Levels(NamedTuple):
    """Where an enumeration stands, level by level (each level a player who gets cards): ``idx`` int64
    (L, hole), each level's current combination (positions in its ``avail`` row); ``avail`` int64
    (L, m) and ``n_avail`` int64 (L,), the cards each level deals from; ``need`` int64 (L,), the cards
    each level takes; ``holes`` (P, hole), each player's cards, the known ones first; ``known``,
    ``r0``, ``w0``: each player's known cards walked (:func:`equity.games.boardless.montecarlo._known`);
    ``cards`` int64 (hole,), scratch for one hand."""

    idx: np.ndarray
    avail: np.ndarray
    n_avail: np.ndarray
    need: np.ndarray
    holes: np.ndarray
    known: np.ndarray
    r0: np.ndarray
    w0: np.ndarray
    cards: np.ndarray


@njit(inline="always")
def _hand(p, lvl, idx, avail, need, holes, known, r0, w0, cards, s):
    """Player ``p``'s value with level ``lvl``'s current cards (the arrays of :class:`Levels`): ``(value,
    low)``. Its arguments one by one: taken from a bundle in the hot loop, they cost boardless exact runs
    10% (13.5 against 12.3 ms, stud 5 known cards each, numba 0.68)."""
    r = r0[p]
    w = w0[p]
    for j in range(known[p]):
        cards[j] = holes[p, j]
    for x in range(need[lvl]):
        c = avail[lvl, idx[lvl, x]]
        cards[known[p] + x] = c
        r, w = _add_card(r, w, uint64(c), s)
    return _value(r, w, cards, s)


@njit(inline="always")
def _add_cats(values, n, q, c, cat_of, acc):
    """Count ``n`` deals of the high values ``values`` into the categories of ``acc``: each player's
    category (player ``q``'s is ``c``; ``q = -1`` for none), and whether it won the high alone or
    shared it."""
    top = values[0]
    for p in range(1, values.shape[0]):
        top = min(top, values[p])
    n_top = 0
    for p in range(values.shape[0]):
        n_top += values[p] == top
    for p in range(values.shape[0]):
        x = c if p == q else cat_of[values[p]]
        acc.cats[p, x, 0] += n
        if values[p] == top:
            acc.cats[p, x, 1 if n_top == 1 else 2] += n


@njit(inline="always")
def _leaves(lvl, count, q, lv, s, values, lows, split, want_cats, cat_of, counts, acc):
    """The last level's ``count`` combinations from ``lv.idx[lvl]`` on (``lv``: :class:`Levels`), player
    ``q``'s hand in each against
    the other players' fixed ``values`` and ``lows``: each deal is one of twelve cases (``q``'s high
    below, equal to or above the others' best; its low likewise, or nobody's low) by ``q``'s category,
    counted in ``counts`` (int64 (3, 4, categories)) and added into ``acc`` once at the end."""
    idx, avail, n_avail, need, holes, known, r0, w0, cards = lv
    n_players = values.shape[0]
    best = np.int32(0x7FFFFFFF)
    best_low = np.int32(NO_LOW)
    for p in range(n_players):
        if p != q:
            best = min(best, values[p])
            best_low = min(best_low, lows[p])
    _zero(counts)
    for i in range(count):
        v, lw = _hand(q, lvl, idx, avail, need, holes, known, r0, w0, cards, s)
        h = (v == best) + 2 * (v > best)
        low = 0
        if split:
            low = 3 if (lw & best_low) == NO_LOW else (lw == best_low) + 2 * (lw > best_low)
        counts[h, low, cat_of[v] if want_cats else 0] += 1
        if i + 1 < count:
            _next_combo(idx[lvl], need[lvl], n_avail[lvl])
    for h in range(3):
        for low in range(4):
            for c in range(counts.shape[2]):
                n = counts[h, low, c]
                if n == 0:
                    continue
                values[q] = best - 1 + h
                lows[q] = NO_LOW if low == 3 or not split else best_low - 1 + low
                if split:
                    _add_split_n(values, lows, 1, NO_LOW, n_players, False, cat_of, acc, n)
                else:
                    _add_outcome_n(values, n_players, False, cat_of, acc.wins, acc.ties, acc.cats, n)
                if want_cats:
                    _add_cats(values, n, q, c, cat_of, acc)
    return count


@njit(cache=True)
def _range(lo, hi, level_of, need, pascal, d, s, row):
    """Completions whose first-level combination is number ``lo`` .. ``hi - 1``, counted into the
    tally row ``row``; returns how many."""
    holes, live, want_cats, cat_of = d.holes, d.live, d.want_cats, d.cat_of
    n_players, hole = holes.shape
    n_levels = need.shape[0]
    split = row.high.shape[-1] > 0
    r0, w0, known = _known(holes, s)
    cards = np.empty(hole, np.int64)
    values = np.empty(n_players, np.int32)
    lows = np.empty(n_players, np.int32)
    for p in range(n_players):
        if known[p] == hole:  # nothing to come: valued once
            for j in range(hole):
                cards[j] = holes[p, j]
            values[p], lows[p] = _value(r0[p], w0[p], cards, s)
    avail = np.empty((max(n_levels, 1), live.shape[0]), np.int64)
    n_avail = np.zeros(max(n_levels, 1), np.int64)
    idx = np.zeros((max(n_levels, 1), hole), np.int64)
    n_avail[0] = live.shape[0]
    for i in range(live.shape[0]):
        avail[0, i] = live[i]
    counts = np.zeros((3, 4, cat_of.shape[0] if want_cats else 1), np.int64)
    acc = _like(row)
    last = n_levels - 1
    if n_levels == 0:  # every card known: one deal
        if split:
            _add_split_n(values, lows, 1, NO_LOW, n_players, False, cat_of, acc, 1)
        else:
            _add_outcome_n(values, n_players, False, cat_of, acc.wins, acc.ties, acc.cats, 1)
        if want_cats:
            _add_cats(values, 1, -1, 0, cat_of, acc)
        _add_into(row, 1.0, acc)
        return 1
    _unrank(lo, need[0], n_avail[0], pascal, idx[0])
    lv = Levels(idx, avail, n_avail, need, holes, known, r0, w0, cards)
    if n_levels == 1:
        counted = _leaves(0, hi - lo, level_of[0], lv, s, values, lows, split, want_cats, cat_of, counts, acc)
        _add_into(row, 1.0, acc)
        return counted
    counted = 0
    for _ in range(lo, hi):
        lvl = 0
        while True:
            p = level_of[lvl]
            values[p], lows[p] = _hand(p, lvl, idx, avail, need, holes, known, r0, w0, cards, s)
            k = 0  # the next level deals from what this one left
            x = 0
            for i in range(n_avail[lvl]):
                if x < need[lvl] and idx[lvl, x] == i:
                    x += 1
                else:
                    avail[lvl + 1, k] = avail[lvl, i]
                    k += 1
            n_avail[lvl + 1] = k
            for j in range(need[lvl + 1]):
                idx[lvl + 1, j] = j
            if lvl + 1 < last:
                lvl += 1
                continue
            counted += _leaves(last, pascal[k, need[last]], level_of[last], lv, s, values, lows, split,
                               want_cats, cat_of, counts, acc)
            while lvl > 0 and not _next_combo(idx[lvl], need[lvl], n_avail[lvl]):
                lvl -= 1
            if lvl == 0:
                break
        _next_combo(idx[0], need[0], n_avail[0])
    _add_into(row, 1.0, acc)
    return counted


@njit(cache=True, parallel=True)
def _completions(bounds, level_of, need, pascal, d, s, tally, counted):
    """The ranges ``bounds[j] .. bounds[j + 1] - 1`` of first-level combinations, one per prange step,
    into the rows of ``tally`` (float64) and ``counted`` (int64 (rows,))."""
    for j in prange(bounds.shape[0] - 1):
        row = Tally(tally.wins[j], tally.ties[j], tally.cats[j], tally.high[j], tally.low[j], tally.both[j],
                    tally.lows[j], tally.deals[j])
        counted[j] = _range(bounds[j], bounds[j + 1], level_of, need, pascal, d, s, row)


def _pascal(n: int) -> np.ndarray:
    """int64 (n + 1, n + 1): ``C(a, b)``."""
    out = np.zeros((n + 1, n + 1), np.int64)
    for a in range(n + 1):
        for b in range(a + 1):
            out[a, b] = math.comb(a, b)
    return out


def enumeration(scenario: Spot, game: Game, plan: Any, categories: bool):
    """The enumeration of every completion for :func:`equity.engines.exact.enumerate_exact`, its kernel
    loaded: ``run(n_threads)`` yields ``(tally, completions, trials done, None)`` per batch of rows."""
    d = base_deal(scenario, game, categories)
    s = game.value_tables()
    need_all = game.missing(scenario)
    level_of = np.array([p for p, m in enumerate(need_all) if m], np.int64)
    need = np.array([m for m in need_all if m], np.int64)
    n_first = math.comb(len(d.live), int(need[0])) if len(need) else 1
    per_row = max(1, n_first * ROW_WORK // max(1, plan.boards_per_deal))
    bounds = np.unique(np.append(np.arange(0, n_first, per_row), n_first)).astype(np.int64)
    pascal = _pascal(len(d.live))
    n_players = len(scenario.players)
    slots = len(game.category_slots())

    def counts(k: int) -> Tally:
        return Tally.zeros(k, n_players, game.split, np.float64, n_categories=slots)

    rows = len(bounds) - 1
    with using_threads(1):  # loads the kernel without waking the pool
        _completions(bounds[:1], level_of, need, pascal, d, s, counts(0), np.zeros(0, np.int64))
    if rows == 1:  # one row of work: on one thread, as waking the pool's idle threads costs ~8 ms

        def run_one(n_threads: int) -> Iterator[tuple[Tally, int, int, None]]:
            part = counts(1)
            counted = np.zeros(1, np.int64)
            with using_threads(1):
                _completions(bounds, level_of, need, pascal, d, s, part, counted)
            yield part, int(counted[0]), plan.boards_per_deal, None

        return run_one

    def run(n_threads: int) -> Iterator[tuple[Tally, int, int, None]]:
        with using_threads(n_threads):
            yield from batches(n_threads)

    def batches(n_threads: int) -> Iterator[tuple[Tally, int, int, None]]:
        done = 0
        batch = 2 * n_threads
        while done < rows:
            k = min(batch, rows - done)
            part = counts(k)
            counted = np.zeros(k, np.int64)
            t0 = time.perf_counter()
            _completions(bounds[done:done + k + 1], level_of, need, pascal, d, s, part, counted)
            spent = time.perf_counter() - t0
            done += k
            trials = plan.boards_per_deal if done == rows else int(
                plan.boards_per_deal * int(bounds[done]) // n_first)
            yield part, int(counted.sum()), trials, None
            batch = next_batch(batch, k, spent, n_threads)

    return run
