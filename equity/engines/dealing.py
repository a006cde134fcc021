"""What a Monte Carlo kernel deals from: :class:`Deal`, and the ranged players' combos drawn by alias tables.

Every game's chunk kernel deals in the same order (:mod:`equity.engines.deck`): in each lane the ranged
players' combos first, together (:func:`_draw_lanes`, across the lanes: a draw where two combos share
a card is drawn again whole), then the missing board cards, then each random hand's cards in seat
order, from the cards nobody holds (:mod:`equity.engines.held_cards`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from equity.engines.deck import _LOW, LANES, _bounded, _fill_lanes, _xoshiro

_ALWAYS = np.uint64(2**64 - 1)
_HIGH = uint64(32)
#: ``holes[p, 0]`` of a random hand and of a ranged player (whose ``holes[p, 1]`` is its row group).
RANDOM_HAND, RANGED = -1, -2


class Deal(NamedTuple):
    """What the kernel deals from, for one scenario (see :func:`_chunk` for the arrays). ``stages``
    below 4 stops each block after the ranged players' draws (0), dealing (1), walking the boards (2)
    or the players' hands (3), for the benchmark's breakdown of a trial's time; the counts are then
    zero (hold'em and short deck's kernel)."""

    holes: np.ndarray
    board: np.ndarray
    live: np.ndarray
    ranged: np.ndarray
    ranged_start: np.ndarray
    alias_prob: np.ndarray
    alias_idx: np.ndarray
    want_cats: bool
    cat_of: np.ndarray
    stages: int = 4
    #: bool (G,): which ranged players' combos the kernel counts one by one when it is handed per-combo
    #: rows (:mod:`equity.engines.combo_counts`); :func:`base_deal` marks them all.
    counted: np.ndarray = np.ones(0, np.bool_)
    #: :func:`held_tables` of the ranged players (None without any).
    pmask: np.ndarray | None = None
    lemire: np.ndarray | None = None
    weighted: np.ndarray | None = None


def held_tables(ranged: np.ndarray, start: np.ndarray, alias_prob: np.ndarray,
                live: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]:
    """What :func:`_draw_lanes` reads of the ranged players, three Nones without any (a kernel handed
    None compiles without its ranged code: numba prunes the branches, a quarter of its compile time):
    ``(pmask, lemire, weighted)``, each combo row's mask of positions in ``live`` (uint64 (n,)), each
    ranged player's Lemire threshold (uint64 (G,), ``2**32 mod n`` of its row count) and whether its
    range is weighted (bool (G,)). Three fields of a deal, not a tuple: a tuple within the deal cannot
    cross numba's prange."""
    if len(start) <= 1:
        return None, None, None
    at = np.zeros(52, np.uint64)
    at[live] = np.arange(len(live), dtype=np.uint64)
    pmask = np.bitwise_or.reduce(np.uint64(1) << at[ranged], axis=1)
    bound = np.diff(start).astype(np.uint64)
    weighted = np.array([bool((alias_prob[a:b] != _ALWAYS).any())
                         for a, b in zip(start[:-1], start[1:], strict=True)])
    return pmask, (np.uint64(2**32) - bound) % bound, weighted


@functools.cache
def compiled_for(ranged: bool) -> Callable[[tuple], bool]:
    """Whether a chunk kernel's signature is the one compiled for deals with ranged players (``ranged``)
    or the one without (the deal's ``pmask`` None): the two compile apart (:func:`held_tables`). The
    deal is the first named tuple with a ``pmask`` among the arguments."""
    def matches(sig: tuple) -> bool:
        deal = next((a for a in sig if "pmask" in getattr(a, "fields", ())), None)
        return deal is not None and (str(dict(zip(deal.fields, deal.types, strict=True))["pmask"])
                                     != "none") == ranged

    return matches


@njit
def _ranged_state(pmask, lemire, weighted):
    """What :func:`_draw_lanes` keeps for a chunk: ``(pmask, lemire, weighted, rr, used, ok, picked)``,
    :func:`held_tables`' arrays and the chunk's buffers: the random numbers of a block (uint64 (G,
    LANES), or (2G, LANES) when a range is weighted); each lane's mask of held positions (uint64
    (LANES,)) and whether its first draw stands (bool (LANES,)); and each lane's rows (int64 (G,
    LANES))."""
    n_ranged = lemire.shape[0]
    rows = n_ranged * (2 if np.any(weighted) else 1)
    return (pmask, lemire, weighted, np.empty((rows, LANES), np.uint64), np.zeros(LANES, np.uint64),
            np.ones(LANES, np.bool_), np.zeros((n_ranged, LANES), np.int64))


@njit(inline="always")
def _draw_lanes(st, d, rs):
    """Draw every lane's ranged combos for a block (``rs``, :func:`_ranged_state`, receives each lane's
    rows and mask of held positions): player ``g`` takes row ``ranged_start[g] + i``, ``i`` by Lemire's
    multiply-shift on the high 32 bits of lane output ``g`` and, when its range is weighted, kept or
    aliased by output ``G + g`` (when any range is weighted, every player draws two outputs). This runs
    across the lanes; a lane whose draw must be rejected (a product Lemire rejects, about one in 10**8,
    or two combos sharing a card) is drawn again whole by :func:`_draw_ranged`. Throwing a rejected draw
    away whole leaves each lane a draw of the wanted law (the weights' product, given that no two combos
    share a card), however the next draw is made."""
    pmask, lemire, weighted, rr, used, ok, picked = rs
    start, alias_prob, alias_idx = d.ranged_start, d.alias_prob, d.alias_idx
    n_ranged = start.shape[0] - 1
    _fill_lanes(st, rr, rr.shape[0])
    for j in range(LANES):
        used[j] = 0
        ok[j] = True
    for g in range(n_ranged):
        lo = start[g]
        bound = uint64(start[g + 1] - lo)
        t = lemire[g]
        for j in range(LANES):
            m = (rr[g, j] >> _HIGH) * bound
            i = lo + np.int64(m >> _HIGH)
            if weighted[g] and rr[n_ranged + g, j] >= alias_prob[i]:
                i = lo + alias_idx[i]
            picked[g, j] = i
            p = pmask[i]
            ok[j] &= ((m & _LOW) >= t) & ((used[j] & p) == 0)
            used[j] |= p
    for j in range(LANES):
        if not ok[j]:
            st[0, j], st[1, j], st[2, j], st[3, j] = _draw_ranged(
                st[0, j], st[1, j], st[2, j], st[3, j], start, alias_prob, alias_idx, pmask, picked, j)
            used[j] = 0
            for g in range(n_ranged):
                used[j] |= pmask[picked[g, j]]


@njit
def _draw_ranged(s0, s1, s2, s3, ranged_start, alias_prob, alias_idx, pmask, picked, j):
    """Draw one combo for each ranged player together, its row into ``picked[:, j]`` (int64 (G, LANES)):
    player ``g`` from rows ``ranged_start[g] ..`` by its alias table (a :class:`Deal`'s arrays); a draw
    where two combos share a card (``pmask``, each row's mask of positions) is rejected whole and drawn
    again. Out of line, with few arguments, so a call is cheap. Returns the generator's state."""
    while True:
        used = uint64(0)
        for g in range(ranged_start.shape[0] - 1):
            lo = ranged_start[g]
            i, s0, s1, s2, s3 = _bounded(s0, s1, s2, s3, ranged_start[g + 1] - lo)
            i += lo
            if alias_prob[i] != _ALWAYS:
                x, s0, s1, s2, s3 = _xoshiro(s0, s1, s2, s3)
                if x >= alias_prob[i]:
                    i = lo + alias_idx[i]
            picked[g, j] = i
            if used & pmask[i]:
                used = _ALWAYS  # collision: draw every ranged hand again
                break
            used |= pmask[i]
        if used != _ALWAYS:
            return s0, s1, s2, s3


def alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table for drawing index ``i`` with probability ``weights[i] / sum(weights)``.

    Returns ``(prob, alias)``: draw ``i`` uniformly, keep it if a uniform 64-bit number is below
    ``prob[i]`` (always when ``prob[i]`` is 2**64 - 1), else take ``alias[i]``. Equal weights give
    "always keep" everywhere, so a uniform range costs one draw.
    """
    n = len(weights)
    scaled = np.asarray(weights, np.float64) * n / float(np.sum(weights))
    prob = np.full(n, _ALWAYS, np.uint64)
    alias = np.arange(n, dtype=np.int64)
    if np.all(weights == weights[0]):
        return prob, alias
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob[s] = np.uint64(min(int(scaled[s] * 2.0**64), int(_ALWAYS) - 1))
        alias[s] = g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias  # what is left has probability 1 up to rounding: always keep


def ranged_arrays(scenario) -> tuple[np.ndarray, ...]:
    """The ranged players' combos, row starts and alias tables, as :func:`_chunk` takes them."""
    ranged = scenario.ranged()
    if not ranged:
        return (np.zeros((0, scenario.game.hole), np.uint8), np.zeros(1, np.int64), np.zeros(0, np.uint64),
                np.zeros(0, np.int64))
    tables = [alias_table(weights) for _, weights in ranged]
    return (np.concatenate([combos for combos, _ in ranged]).astype(np.uint8),
            np.concatenate([[0], np.cumsum([len(c) for c, _ in ranged])]).astype(np.int64),
            np.concatenate([prob for prob, _ in tables]), np.concatenate([alias for _, alias in tables]))


def check_scenario(scenario: object) -> None:
    """Raise ``TypeError`` unless ``scenario`` is a validated scenario (what :class:`equity.scenario.
    Scenario` builds: the engines read its game, hands, board, live cards and ranges)."""
    kind, own = type(scenario), getattr(scenario, "__dict__", {})  # not hasattr(scenario): it would
    if not all(hasattr(kind, name) or name in own  # compute the properties
               for name in ("game", "holes", "live", "ranged", "labels")):
        raise TypeError(f"expected a Scenario; got {type(scenario).__name__} (equity.calculate takes text)")


def base_deal(scenario, game, categories: bool, stages: int = 4) -> Deal:
    """The :class:`Deal` of a validated scenario: its holes, fixed board, live cards and ranged players,
    and ``game``'s class-to-category table."""
    ranged, start, prob, alias = ranged_arrays(scenario)
    live = scenario.live
    return Deal(scenario.holes, np.array(scenario.board, np.uint8), live, ranged, start, prob, alias,
                categories, game.category_table(), stages, np.ones(len(start) - 1, np.bool_),
                *held_tables(ranged, start, prob, live))
