"""What a Monte Carlo kernel deals from: :class:`Deal`, and the ranged players' combos drawn by alias tables.

Every game's chunk kernel deals in the same order (:mod:`equity.engines.deck`): in each lane the ranged
players' combos first, together (:func:`_draw_ranged`: a draw where two combos share a card is drawn
again whole), then the missing board cards, then each random hand's cards in seat order.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from .deck import _bounded, _xoshiro

_ALWAYS = np.uint64(2**64 - 1)
#: ``holes[p, 0]`` of a random hand and of a ranged player (whose ``holes[p, 1]`` is its row group).
RANDOM_HAND, RANGED = -1, -2


class Deal(NamedTuple):
    """What the kernel deals from, for one scenario (see :func:`_chunk` for the arrays). ``stages``
    below 4 stops each block after dealing (1), walking the boards (2) or the players' hands (3), for
    the benchmark's breakdown of a trial's time; the counts are then zero."""

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
    #: rows (:mod:`equity.engines.combos`); :func:`base_deal` marks them all.
    counted: np.ndarray = np.ones(0, np.bool_)


@njit(inline="always")
def _draw_ranged(s0, s1, s2, s3, d, held, picked):
    """Draw one combo for each ranged player of the deal ``d`` together into ``held`` (uint64 (G, hole
    cards)), and its row of ``d.ranged`` into ``picked`` (int64 (G,)): player ``g`` from rows
    ``ranged_start[g] ..`` by its alias table; a draw where two combos share a card is rejected whole and
    drawn again. Returns ``(used, s0, s1, s2, s3)``: the mask of the cards held and the generator's
    state."""
    ranged, ranged_start, alias_prob, alias_idx = d.ranged, d.ranged_start, d.alias_prob, d.alias_idx
    one = uint64(1)
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
            picked[g] = i
            m = uint64(0)
            for j in range(ranged.shape[1]):
                held[g, j] = ranged[i, j]
                m |= one << uint64(ranged[i, j])
            if used & m:
                used = _ALWAYS  # collision: draw every ranged hand again
                break
            used |= m
        if used != _ALWAYS:
            return used, s0, s1, s2, s3


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
    return Deal(scenario.holes, np.array(scenario.board, np.uint8), scenario.live, *ranged_arrays(scenario),
                categories, game.category_table(), stages, np.ones(len(scenario.ranged()), np.bool_))
