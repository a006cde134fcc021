"""Exact counts per completion of the board: every player's outcome once each next card has come.

From a flop or a turn, an exact plan's deals are enumerated once (the game's kernel:
:meth:`~equity.games.base.Runouts.board_rows`), and each (deal, board) is counted into the row of the
cards its board adds: one row per river card from a turn, one per two-card runout from a flop, or, asked
per card, into the rows of both its cards, so row ``c`` holds every board with ``c`` among its added
cards: the scenario with ``c`` added to the board. :func:`board_rows` undoes the plan's suit-symmetry
reduction on those rows.

**Card weights.** A row's ``mass`` is the weight of the deals counted in it (its boards times their
combos' weights, each board of a row counted once per deal), so ``mass[c] / mass.sum()`` is how likely
``c`` is the next card dealt: a card that many of a range's combos hold comes less often. Every board of a
deal has the same number of cards left to complete it, so the rows' counts add up to the scenario's: the
next cards' equities, weighted by their probabilities, are the current equity exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from equity.engines.dealing import check_scenario
from equity.engines.exact import Plan
from equity.engines.parallel import check_threads, using_threads
from equity.tally import Tally, zeros


@dataclass(frozen=True)
class BoardRows:
    """Weighted counts per set of added board cards.

    cards: int64 (K, d), each row's added cards, ascending (d = 1 from a turn, 2 from a flop); tally: a
    :class:`~equity.tally.Tally` of K rows (ties of ``P + 1`` ways, no categories), K + 1 with
    their total; mass: float64 (K,), the weight of the deals behind each row (module docstring). Rows no
    deal reaches are left out.
    """

    cards: np.ndarray
    tally: Tally
    mass: np.ndarray


#: The work (boards of deals) from which two threads beat one: AsKs vs JJ+ on a flop, 35,640, took
#: 419 us on one thread and 372 on two; AsAhKsKh vs JdTd9c8c, 9,020, as long either way.
SERIAL_BOARDS = 10_000


def _rows(x: np.ndarray, keep: np.ndarray, total: bool) -> np.ndarray:
    """``x[keep]``, then with ``total`` one more row: their sum; at once when ``x`` is empty (a one-pot
    game's split-pot arrays)."""
    if not x.size:
        return zeros((len(keep) + total, *x.shape[1:]), x.dtype)
    if not total:
        return x[keep]
    out = np.empty((len(keep) + 1, *x.shape[1:]), x.dtype)
    np.take(x, keep, axis=0, out=out[:-1])
    out[:-1].sum(axis=0, out=out[-1])
    return out


def _key_maps(maps: np.ndarray, two: bool) -> tuple[np.ndarray, np.ndarray]:
    """``(rows, keys)``: the rows that can hold counts (int64 (K,): every card, or every pair ``52 * c1 +
    c2`` with c1 < c2) and, int64 (G, K), each suit symmetry's image of them. A map permutes them."""
    if not two:
        return np.arange(52), maps.astype(np.int64)
    c1, c2 = np.triu_indices(52, 1)
    a, b = maps[:, c1], maps[:, c2]
    return c1 * 52 + c2, np.minimum(a, b) * 52 + np.maximum(a, b)


def board_rows(scenario, deals: Plan, *, threads: int | None = None, per_card: bool = False,
               total: bool = False) -> BoardRows:
    """The exact counts of every completion of a flop or turn board, per set of added cards (per card
    with ``per_card``: from a flop, each two-card completion in the rows of both its cards).

    Args:
        scenario: a validated scenario whose board has 3 or 4 cards in a five-card-board game.
        deals: its exact :func:`~equity.engines.exact.plan`.
        threads: numba threads to use (default: all, or one for little work).
        per_card: one row per added card, whatever the street.
        total: the tally ends with one more row, the sum of the others (the whole spot's counts; from a
            flop per card, each board's twice), for figures of the rows and the whole in one pass.
    """
    check_scenario(scenario)
    check_threads(threads)
    to_deal = scenario.game.board - len(scenario.board)
    runouts = scenario.game.runouts
    assert to_deal in (1, 2) and runouts is not None, to_deal
    # Little work stays on the calling thread unless told otherwise: waking numba's idle pool costs
    # more than the whole of it (each board is evaluated here, so the pool pays off sooner than in an
    # exact run's enumeration).
    wanted = threads if threads is not None or deals.work > SERIAL_BOARDS else 1
    if wanted == 1:  # no thread count to set and restore (a tenth of a small runout's time)
        tally, mass = runouts.board_rows(scenario, deals, 1, per_card)
    else:
        with using_threads(wanted) as n_threads:
            tally, mass = runouts.board_rows(scenario, deals, n_threads, per_card)
    one = to_deal == 1 or per_card
    maps = deals.maps if deals.maps is not None else np.arange(52)[None]
    if len(maps) > 1:  # one deal per orbit: each symmetry adds its image of the rows, a share each
        rows, keys = _key_maps(maps, not one)
        scale = 1.0 / len(maps)
        folded = Tally(*(np.zeros_like(x) for x in tally))
        spread = np.zeros_like(mass)
        parts = [(into, part[rows] * scale)
                 for into, part in zip((*folded, spread), (*tally, mass), strict=True) if part.size]
        for at in keys:  # a suit map permutes the rows: none is reached twice, so += adds each once
            for into, part in parts:
                into[at] += part
        tally, mass = folded, spread
    keep = np.flatnonzero(mass)  # (masses are sums of positive weights)
    cards = keep[:, None] if one else np.stack(np.divmod(keep, 52), axis=1)
    return BoardRows(cards, Tally(*(_rows(x, keep, total) for x in tally)), mass[keep])
