"""Every combo's result from one pass, and combos added up by group (the grid's classes, the breakdown).

``equity.calculate(..., combos=True)`` (or the engines' ``combos`` seats) leaves per-combo counts in
``result.combos`` (:mod:`equity.engines.combo_counts`); this module reads them:

- :func:`combo_results`: each combo of a seat with its weight, its share of the seat's deals, its
  equity, win, tie and standard error (and the halves in split-pot games). Read at another column it is
  how that player fares against each of the seat's combos.
- :func:`group_results`: the combos of each group (a class of the grid, an opponent's class) as one
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

from equity.cards import CARD_NAMES
from equity.classes import CLASS_NAMES, class_indexes
from equity.engines.combo_counts import ComboCounts, combo_masks
from equity.engines.dealing import RANDOM_HAND
from equity.errors import ScenarioError
from equity.result import SPLIT_KEYS, Result, figures, low_counts, player_results
from equity.tally import Tally

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
    # Columns as Python lists first: hundreds of combos, each read element by element otherwise.
    col = {key: x[:, column].tolist() for key, x in fig.items()}
    deals, weights = counts.deals.tolist(), counts.weights.tolist()
    names = ["".join(CARD_NAMES[c] for c in cards) for cards in counts.combos.tolist()]
    halves = ([{key: col[key][i] for key in SPLIT_KEYS} for i in range(len(names))] if counts.tally.split
              else [None] * len(names))
    errs = [None if math.isnan(e) else e for e in col["stderr"]]
    return [ComboResult(name, weights[i], deals[i] / total if total else 0.0, deals[i], col["equity"][i],
                        col["win"][i], col["tie"][i], errs[i], halves[i]) for i, name in enumerate(names)]


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


def group_counts(counts: ComboCounts, groups: np.ndarray, n: int) -> list[tuple[Tally, float, float]]:
    """The rows of each group added up, all groups in one pass: ``groups`` (int (C,)) names each combo's
    group, ``0 .. n - 1`` (-1: in none). Returns ``(tally, deals, pairs)`` of each group, in order."""
    groups = np.asarray(groups, np.int64)
    keep = groups >= 0
    at = groups[keep]
    tally = []
    for x in counts.tally:  # added in combo order, as a sum over the leading axis adds them
        total = np.zeros((n, *x.shape[1:]), x.dtype)
        np.add.at(total, at, x[keep])
        tally.append(total)
    # The deals by numpy's own (pairwise) sum of each group, as each group's shares have always used.
    return [(Tally(*(t[i] for t in tally)), float(counts.deals[groups == i].sum()),
             float(counts.pairs[groups == i].sum())) for i in range(n)]


def group_results(result: Result, totals: list[tuple[Tally, float, float]]) -> list[Result | None]:
    """A :class:`~equity.result.Result` over each group of one seat's combos, every player's figures,
    from the groups' added-up counts (:func:`group_counts`), None for a group no deal held; method, seed,
    board and game as ``result``'s. ``trials`` is the trials or (deal, board) pairs a group counts. The
    figures of all groups are computed together."""
    if not totals:
        return []
    exact = result.method == "exact"
    labels = [p.hand for p in result.players]
    combos = [p.combos for p in result.players]
    stacked = Tally(*(np.stack(x) for x in zip(*(t for t, _, _ in totals), strict=True)))
    deals = np.array([d for _, d, _ in totals], np.float64)
    fig = {key: x.tolist() for key, x in figures(stacked, deals, exact).items()}  # read by row, player
    out: list[Result | None] = []
    for i, (tally, n, pairs) in enumerate(totals):
        if n <= 0:
            out.append(None)
            continue
        players = player_results(labels, combos, tally, n, exact=exact, fractions=False, rows=(fig, i))
        out.append(Result(result.method, round(pairs), result.seed, result.board, result.dead,
                          result.elapsed_s, players, result.game, low_counts(tally, n)))
    return out


def group_result(result: Result, tally: Tally, deals: float, pairs: float) -> Result:
    """:func:`group_results` of one group.

    Raises:
        ScenarioError: no deal holds a combo of the group.
    """
    (out,) = group_results(result, [(tally, deals, pairs)])
    if out is None:
        raise ScenarioError("no deal holds a combo of this group")
    return out


def class_groups(result: Result, seat: int) -> tuple[list[str], np.ndarray]:
    """The classes of ``seat``'s two-card combos, as :func:`group_counts` takes groups: ``(names, group
    of each combo)``, the classes present only, in class index order."""
    classes = combo_classes(counts_of(result, seat).combos)
    present = np.unique(classes)
    return [CLASS_NAMES[i] for i in present.tolist()], np.searchsorted(present, classes)
