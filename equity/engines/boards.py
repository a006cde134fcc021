"""Exact counts per completion of the board: every player's outcome once each next card has come.

From a flop or a turn, an exact plan's deals are enumerated once (:meth:`~equity.games.base.Game.board_rows`,
the game's kernel), and each (deal, board) is counted into the row of the cards its board adds: one row
per river card from a turn, one per two-card runout from a flop. :func:`board_rows` undoes the plan's
suit-symmetry reduction on those rows and :func:`by_card` adds the two-card rows up by each of their
cards, so row ``c`` holds every board with ``c`` among its added cards: the scenario with ``c`` added to
the board.

**Card weights.** A row's ``mass`` is the weight of the deals counted in it (its boards times their
combos' weights, each board of a row counted once per deal), so ``mass[c] / mass.sum()`` is how likely
``c`` is the next card dealt: a card that many of a range's combos hold comes less often. Every board of a
deal has the same number of cards left to complete it, so the rows' counts add up to the scenario's: the
next cards' equities, weighted by their probabilities, are the current equity exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from .batches import check_threads, using_threads
from .deals import check_scenario
from .exact import SERIAL_WORK, Plan
from .tally import Tally


@dataclass(frozen=True)
class BoardRows:
    """Weighted counts per set of added board cards.

    cards: int64 (K, d), each row's added cards, ascending (d = 1 from a turn, 2 from a flop); tally: a
    :class:`~equity.engines.tally.Tally` of K rows (ties of ``P + 1`` ways, no categories); mass: float64
    (K,), the weight of the deals behind each row (module docstring). Rows no deal reaches are left out.
    """

    cards: np.ndarray
    tally: Tally
    mass: np.ndarray


def _rows(x: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """``x[keep]``, at once when ``x`` is empty (a one-pot game's split-pot arrays: indexing them took as
    long as indexing the counts)."""
    return x[keep] if x.size else np.zeros((len(keep), *x.shape[1:]), x.dtype)


def _key_maps(maps: np.ndarray, two: bool) -> np.ndarray:
    """int64 (G, K): each suit symmetry's map of the rows' keys (``c``, or ``52 * c1 + c2``, c1 < c2)."""
    if not two:
        return maps.astype(np.int64)
    c1, c2 = np.divmod(np.arange(52 * 52), 52)
    a, b = maps[:, c1], maps[:, c2]
    return np.minimum(a, b) * 52 + np.maximum(a, b)


def board_rows(scenario, deals: Plan, *, threads: int | None = None) -> BoardRows:
    """The exact counts of every completion of a flop or turn board, per set of added cards.

    Args:
        scenario: a validated scenario whose board has 3 or 4 cards in a five-card-board game.
        deals: its exact :func:`~equity.engines.exact.plan`.
        threads: numba threads to use (default: all).
    """
    check_scenario(scenario)
    check_threads(threads)
    to_deal = scenario.game.board - len(scenario.board)
    assert to_deal in (1, 2), to_deal
    # As an exact run: little work stays on the calling thread unless told otherwise (waking numba's
    # idle pool costs more than the whole of it).
    wanted = threads if threads is not None or deals.work > SERIAL_WORK else 1
    with using_threads(wanted) as n_threads:
        tally, mass = scenario.game.board_rows(scenario, deals, n_threads)
    maps = deals.maps if deals.maps is not None else np.arange(52)[None]
    if len(maps) > 1:  # one deal per orbit: each symmetry adds its image of the rows, a share each
        keys = _key_maps(maps, to_deal == 2)
        scale = 1.0 / len(maps)
        folded = Tally(*(np.zeros_like(x) for x in tally))
        spread = np.zeros_like(mass)
        for at in keys:
            for into, part in zip(folded, tally, strict=True):
                np.add.at(into, at, part * scale)
            np.add.at(spread, at, mass * scale)
        tally, mass = folded, spread
    keep = np.flatnonzero(mass > 0)
    cards = keep[:, None] if to_deal == 1 else np.stack(np.divmod(keep, 52), axis=1)
    return BoardRows(cards.astype(np.int64), Tally(*(_rows(x, keep) for x in tally)), mass[keep])


@njit(cache=True)
def _add_by_card(first, second, x, out):
    """``out[c]`` (float64 (52, K)) = the rows of ``x`` (float64 (n, K)) whose second card (int64 (n,))
    is ``c``, plus those whose first card is ``c``: each sum in row order, which is the order of the rows'
    keys, so each card's sums are those of a 52 x 52 grid's columns and rows, to the bit."""
    as_second = np.zeros_like(out)
    as_first = np.zeros_like(out)
    for i in range(x.shape[0]):
        for k in range(x.shape[1]):
            as_second[second[i], k] += x[i, k]
    for i in range(x.shape[0]):
        for k in range(x.shape[1]):
            as_first[first[i], k] += x[i, k]
    out[:, :] = as_second + as_first


def by_card(rows: BoardRows) -> BoardRows:
    """The rows added up by each card they add: row ``c`` holds every board with ``c`` among its added
    cards (the rows themselves when each adds one card)."""
    if rows.cards.shape[1] == 1:
        return rows
    keys = rows.cards[:, 0] * 52 + rows.cards[:, 1]
    first, second = rows.cards[:, 0], rows.cards[:, 1]

    def per_card(x: np.ndarray) -> np.ndarray:
        out = np.zeros((52, *x.shape[1:]))
        if x.size:  # (a one-pot game's split-pot arrays are empty)
            _add_by_card(first, second, np.ascontiguousarray(x, np.float64).reshape(len(x), -1),
                         out.reshape(52, -1))
        return out

    # The mass as a grid: its rows' sums are numpy's pairwise ones (a flat axis), and stay so.
    dense = np.zeros(52 * 52)
    dense[keys] = rows.mass
    dense = dense.reshape(52, 52)
    mass = dense.sum(axis=0) + dense.sum(axis=1)
    cards = np.flatnonzero(mass > 0)
    return BoardRows(cards[:, None], Tally(*(_rows(per_card(x), cards) for x in rows.tally)), mass[cards])
