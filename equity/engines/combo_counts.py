"""Per-combo counts: every player's outcome, split by the combo one player holds.

One pass of either engine can count, beside the totals, a :class:`~equity.tally.Tally` row per
combo of a player (:class:`ComboCounts`): in row ``c`` every player's counts over the deals where that
player held combo ``c``, and in ``deals[c]`` how many deals (Monte Carlo trials, or the weighted
(deal, board) pairs of an enumeration) those were. Read at the player's own column, a row is the
combo's result; read at another player's column it says how that player fares against the combo (the
breakdown of a hero's equity by the opponent's hand). The rows add up to the totals, so a player's
equity is exactly the deal-weighted mean of its combos' equities.

**Exact.** The enumeration counts each deal into its own row (:meth:`equity.games.base.Game.enumeration`
with ``per_deal``) and :func:`fold_deals` adds the rows up by combo. A plan that keeps one deal per
suit-symmetry orbit (:mod:`equity.engines.exact`) stands for every deal of the orbit, and each of them
has the same counts: so each symmetry ``g`` of the scenario adds the deal's row, divided by the size of
the group, at the combos of the deal ``g`` maps it to (an orbit of ``o`` deals is reached ``24 / o``
times over the group of 24, each time with weight ``o / 24`` of the orbit's row: one deal's worth).

**Monte Carlo.** The chunk kernels add each trial to the rows of the combos its ranged players were
dealt (a player's rows are those of its combos in :attr:`equity.engines.dealing.Deal.ranged`); the counts
are whole numbers summed in chunk order, so a seed fixes them as it fixes the totals.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from equity.tally import Tally


@dataclass(frozen=True)
class ComboCounts:
    """Per-combo counts of one player (see the module docstring).

    player: the seat whose combos index the rows; combos: uint8 (C, hole), the player's combos after
    card removal; weights: float64 (C,), their range weights; tally: a :class:`Tally` with C rows, each
    counting every player's outcomes (``ways = players + 1``, no categories); deals: float64 (C,), the
    deals each row counts. ``exact``: from an enumeration (weighted counts) rather than Monte Carlo
    trials.
    """

    player: int
    combos: np.ndarray
    weights: np.ndarray
    tally: Tally
    deals: np.ndarray
    pairs: np.ndarray
    exact: bool


def combo_masks(combos: np.ndarray) -> np.ndarray:
    """uint64 (n,): each combo's set of cards as a 52-bit mask, whatever order its cards come in."""
    bits = np.uint64(1) << np.asarray(combos, np.uint64)
    return np.bitwise_or.reduce(bits, axis=-1)


class ComboIndex:
    """Finds a hand among a player's combos: :meth:`of` maps hands (any card order) to row numbers."""

    def __init__(self, combos: np.ndarray) -> None:
        keys = combo_masks(combos)
        self.order = np.argsort(keys, kind="stable")
        self.sorted = keys[self.order]

    def of(self, hands: np.ndarray, cmap: np.ndarray | None = None) -> np.ndarray:
        """int64 (n,): the row of each hand (uint8 (n, hole)), its cards mapped by ``cmap`` (int64 (52,),
        a suit map) first if given; every (mapped) hand must be among the combos."""
        cmap = np.arange(52, dtype=np.int64) if cmap is None else cmap
        at = np.empty(len(hands), np.int64)
        missing = _locate(np.ascontiguousarray(hands, np.uint8), cmap, self.sorted, self.order, at)
        assert missing < 0, f"hand {missing} not in the range"
        return at


@njit(cache=True)
def _locate(hands, cmap, keys, order, at):
    """Fill ``at`` (int64 (n,)) with the row of each hand of ``hands`` (uint8 (n, hole)) after the suit
    map ``cmap``, by binary search of its card mask in ``keys`` (uint64 (C,), sorted; ``order``: their
    rows). Returns -1, or the first hand that is not there."""
    one = np.uint64(1)
    for i in range(hands.shape[0]):
        key = np.uint64(0)
        for j in range(hands.shape[1]):
            key |= one << np.uint64(cmap[hands[i, j]])
        lo, hi = 0, keys.shape[0]
        while lo < hi:
            mid = (lo + hi) >> 1
            if keys[mid] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo == keys.shape[0] or keys[lo] != key:
            return i
        at[i] = order[lo]
    return -1


@njit(cache=True)
def _fold(at, part, scale, into):
    """``into[at[i], j] += part[i, j] * scale`` for every deal ``i`` and column ``j``: the deals' sums
    first, in deal order, then added to ``into`` (as ``np.bincount`` and ``+=`` add: the same sums, to the
    bit, with weights that are not whole)."""
    sums = np.zeros(into.shape, np.float64)
    for i in range(part.shape[0]):
        r = at[i]
        for j in range(part.shape[1]):
            sums[r, j] += part[i, j] * scale
    into += sums


def empty_counts(player: int, combos: np.ndarray, weights: np.ndarray, n_players: int, split: bool,
                 exact: bool) -> ComboCounts:
    """Zeroed per-combo counts of ``player``'s ``combos``."""
    dtype = np.float64 if exact else np.int64
    tally = Tally.zeros(len(combos), n_players, split, dtype, ways=n_players + 1, categories=False)
    return ComboCounts(player, np.asarray(combos, np.uint8), np.asarray(weights, np.float64), tally,
                       np.zeros(len(combos), np.float64), np.zeros(len(combos), np.float64), exact)


def _narrow(x: np.ndarray, ways: int, axes: int) -> np.ndarray:
    """The first ``ways`` entries of the last ``axes`` axes of a kernel's k-way array."""
    return x[(..., *([slice(0, ways)] * axes))] if x.shape[-1] else x


def fold_deals(out: ComboCounts, holes: np.ndarray, rows: Tally, weight: np.ndarray, orbit: np.ndarray,
               boards: int, maps: np.ndarray, index: ComboIndex) -> None:
    """Add an enumeration's per-deal rows into ``out`` (in place) by the combo ``out.player`` holds.

    holes: uint8 (n, P, hole), the deals of the rows; rows: their weighted tally rows (the kernel's
    layout); weight: float64 (n,), each deal's weight (orbit size times range weights); orbit: int64
    (n,), each deal's orbit size; boards: boards
    per deal; maps: int64 (G, 52), the plan's suit symmetries (the identity alone without symmetry).
    """
    ways = out.tally.ties.shape[-1]
    n_combos = len(out.combos)
    hands = holes[:, out.player]
    parts = (rows.wins, _narrow(rows.ties, ways, 1), None, _narrow(rows.high, ways, 1),
             _narrow(rows.low, ways, 1), _narrow(rows.both, ways, 2), rows.lows, rows.deals)
    scale = 1.0 / len(maps)
    for cmap in np.asarray(maps, np.int64):
        at = index.of(hands, cmap)
        out.deals[:] += np.bincount(at, weights=weight * (boards * scale), minlength=n_combos)
        out.pairs[:] += np.bincount(at, weights=orbit * (boards * scale), minlength=n_combos)
        for target, part in zip(out.tally, parts, strict=True):
            if part is None or target.size == 0:
                continue
            _fold(at, np.ascontiguousarray(part, np.float64).reshape(len(part), -1), scale,
                  target.reshape(n_combos, -1))
