"""Every combo's result from one pass, and combos added up by group (the grid's classes, the breakdown).

``equity.calculate(..., combos=True)`` (or the engines' ``combos`` seats) leaves per-combo counts in
``result.combos`` (:mod:`equity.engines.combos`); this module reads them:

- :func:`combo_results`: each combo of a seat with its weight, its share of the seat's deals, its
  equity, win, tie and standard error (and the halves in split-pot games). Read at another column it is
  how that player fares against each of the seat's combos.
- :func:`group_result`: the combos of a group (a class of the grid, an opponent's class) as one
  :class:`~equity.result.Result`, every player's figures over the deals where the seat held one of
  them.

A combo's ``share`` is how often the seat holds it in the scenario: its deals over the seat's deals
(range weights and card removal against the other players included), so a seat's equity is exactly the
share-weighted mean of its combos' equities, and likewise for any player's and any figure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .cards import format_cards
from .classes import CLASS_NAMES, class_indexes
from .engines.combos import ComboCounts, combo_masks
from .engines.deals import RANDOM_HAND
from .engines.tally import Tally
from .errors import ScenarioError
from .result import SPLIT_KEYS, Result, figures, low_counts, player_results

#: A Monte Carlo pass over a range (the grid, distributions) waits by default until its classes'
#: standard errors have a root mean square (each weighted by its share of the deals) of at most this,
#: 0.25 percentage points, and none is above twice it (:class:`equity.engines.combo_rows.GroupRule`).
CELL_PRECISION = 0.0025


@dataclass(frozen=True)
class ComboResult:
    """One combo of a seat: ``hand`` (``'AsKs'``), its range ``weight``, ``share`` of the seat's deals,
    the ``deals`` (weighted, exact) or trials counted, and a player's figures over them: ``equity``,
    ``win``, ``tie``, ``stderr`` (0 exact; None from fewer than 2 trials), ``split`` (hi-lo, else None).
    """

    hand: str
    weight: float
    share: float
    deals: float
    equity: float
    win: float
    tie: float
    stderr: float | None
    split: dict[str, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {"hand": self.hand, "weight": self.weight, "share": self.share, "deals": self.deals,
               "equity": self.equity, "win": self.win, "tie": self.tie, "stderr": self.stderr}
        if self.split is not None:
            out.update(self.split)
        return out


def counts_of(result: Result, seat: int) -> ComboCounts:
    """The per-combo counts of ``seat`` in ``result``.

    Raises:
        ScenarioError: the run did not count that seat's combos.
    """
    for c in result.combos or ():
        if c.player == seat:
            return c
    raise ScenarioError(f"player {seat + 1}'s combos were not counted in this run")


def combo_results(result: Result, seat: int, column: int | None = None) -> list[ComboResult]:
    """Every combo of ``seat`` (in the order of its range) with the figures of player ``column`` (the seat
    itself by default) over the deals where the seat held it.

    >>> from equity import calculate
    >>> r = calculate(["AA", "KK"], board="Kd7c2s", combos=True)
    >>> [(c.hand, round(c.equity, 4)) for c in combo_results(r, 0)][:2]  # regression pin (own output)
    [('AdAc', 0.0859), ('AhAc', 0.0859)]
    """
    counts = counts_of(result, seat)
    column = seat if column is None else column
    fig = figures(counts.tally, counts.deals, counts.exact)
    total = float(counts.deals.sum())
    split = counts.tally.split
    out = []
    for i, cards in enumerate(counts.combos):
        halves = {key: float(fig[key][i, column]) for key in SPLIT_KEYS} if split else None
        err = fig["stderr"][i, column]
        out.append(ComboResult(format_cards(cards), float(counts.weights[i]),
                               float(counts.deals[i]) / total if total else 0.0, float(counts.deals[i]),
                               float(fig["equity"][i, column]), float(fig["win"][i, column]),
                               float(fig["tie"][i, column]), None if math.isnan(err) else float(err), halves))
    return out


def dealable(scenario: Any, seat: int) -> np.ndarray:
    """bool (n,): which of ``seat``'s combos some deal can give it: for each other player that is not a
    random hand, one of its combos shares no card with it (with three or more such players a combo may
    pass this test and still collide in every deal; a Monte Carlo stop gives such combos up in time)."""
    keys = combo_masks(scenario.combos()[seat][0])
    ok = np.ones(len(keys), bool)
    for p, (combos, _) in enumerate(scenario.combos()):
        if p != seat and scenario.holes[p, 0] != RANDOM_HAND:
            theirs = np.unique(combo_masks(combos))
            ok &= ((keys[:, None] & theirs[None, :]) == 0).any(axis=1)
    return ok


def combo_classes(combos: np.ndarray) -> np.ndarray:
    """int64 (n,): the class index (:mod:`equity.classes`) of each two-card combo."""
    return class_indexes(combos)


def group_counts(counts: ComboCounts, keep: np.ndarray) -> tuple[Tally, float, float]:
    """The rows ``keep`` (boolean) added up: ``(tally, deals, pairs)``."""
    part = counts.rows(keep)
    return part.tally.total(), float(part.deals.sum()), float(part.pairs.sum())


def group_result(result: Result, tally: Tally, deals: float, pairs: float) -> Result:
    """A :class:`~equity.result.Result` over a group of one seat's combos, every player's figures, from
    the group's added-up counts (:func:`group_counts`); method, seed, board and game as ``result``'s.
    ``trials`` is the trials or (deal, board) pairs the group counts."""
    exact = result.method == "exact"
    labels = [p.hand for p in result.players]
    combos = [p.combos for p in result.players]
    if deals <= 0:
        raise ScenarioError("no deal holds a combo of this group")
    players = player_results(labels, combos, tally, deals, exact=exact, fractions=False)
    return Result(result.method, round(pairs), result.seed, result.board, result.dead, result.elapsed_s,
                  players, result.game, low_counts(tally, deals))


def class_groups(result: Result, seat: int) -> list[tuple[str, np.ndarray]]:
    """The classes of ``seat``'s two-card combos: ``(class name, boolean mask of its combos)``, in class
    index order, classes present only."""
    classes = combo_classes(counts_of(result, seat).combos)
    return [(CLASS_NAMES[i], classes == i) for i in sorted(set(classes.tolist()))]
