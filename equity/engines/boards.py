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

from .batches import check_threads, using_threads
from .deals import check_scenario
from .exact import Plan
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
    with using_threads(threads) as n_threads:
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
    return BoardRows(cards.astype(np.int64), Tally(*(x[keep] for x in tally)), mass[keep])


def by_card(rows: BoardRows) -> BoardRows:
    """The rows added up by each card they add: row ``c`` holds every board with ``c`` among its added
    cards (the rows themselves when each adds one card)."""
    if rows.cards.shape[1] == 1:
        return rows
    keys = rows.cards[:, 0] * 52 + rows.cards[:, 1]

    def per_card(x: np.ndarray) -> np.ndarray:
        if x.size == 0:  # a one-pot game's split-pot arrays
            return np.zeros((52, *x.shape[1:]))
        dense = np.zeros((52 * 52, *x.shape[1:]))
        dense[keys] = x
        dense = dense.reshape(52, 52, *x.shape[1:])
        return dense.sum(axis=0) + dense.sum(axis=1)

    mass = per_card(rows.mass)
    cards = np.flatnonzero(mass > 0)
    return BoardRows(cards[:, None], Tally(*(per_card(x)[cards] for x in rows.tally)), mass[cards])
