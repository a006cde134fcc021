"""The :class:`Result` every engine returns, and the counts layout the engines fill to make it.

Both engines count, per player, the deals (or trials) won alone and, by the number ``k`` of players
splitting, the deals split ``k`` ways; optionally also per hand category. :func:`player_results` turns
those counts into fractions and standard errors. The arrays, shared by the kernels of
:mod:`equity.simulate` and :mod:`equity.exact`::

    wins  (players,)                  won alone
    ties  (players, MAX_SPLIT)        ties[p, k]: split k ways, 2 <= k <= 23 (columns 0 and 1 unused)
    cats  (players, 9, 3)             per category (straight flush .. high card): ended with, won alone
                                      with, split with

**Standard errors** (Monte Carlo only; exact results have 0) come from the per-trial pot shares (1, 1/k
or 0): the sample variance over ``n - 1``, divided by ``n``. With a single trial there is no estimate:
the standard errors are then ``None`` (``null`` in JSON), never NaN.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from numba import njit

from ._version import __version__
from .dag import CATEGORIES

MAX_SPLIT = 24  # ties[p, k] for k-way splits, k <= 23 players
N_CATEGORIES = len(CATEGORIES)
CATEGORY_KEYS = tuple(name.lower().replace(" ", "_") for name, _ in CATEGORIES)


@njit(inline="always")
def _add_outcome(vals, n_players, want_cats, cat_of, wins, ties, cats):
    """Count one deal's outcome, every player's class in ``vals`` (lower is better), into the arrays of
    the layout above (``cats`` only when ``want_cats``; ``cat_of`` maps a class to its category). The
    Omaha kernels use it; hold'em's exact enumerator scores inline while it evaluates, which measured
    2.5x faster for three or four players than calling this."""
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
        wins[winner] += 1
    else:
        for p in range(n_players):
            if vals[p] == best:
                ties[p, n_best] += 1
    if want_cats:
        for p in range(n_players):
            x = cat_of[vals[p]]
            cats[p, x, 0] += 1
            if vals[p] == best:
                cats[p, x, 1 if n_best == 1 else 2] += 1


@dataclass(frozen=True)
class PlayerResult:
    """One player's outcome. Fractions in [0, 1].

    ``stderr``, ``win_stderr``, ``tie_stderr``: standard errors of ``equity``, ``win`` and ``tie``; 0 for
    exact results, ``None`` for a Monte Carlo run of a single trial (no estimate is possible).
    ``combos``: how many combos the player could hold after card removal. ``categories``, when asked
    for: per hand category (``'straight_flush'`` .. ``'high_card'``) the fraction of deals the player
    ends with it (``frequency``), wins alone with it (``win``) and splits the pot with it (``tie``).
    """

    hand: str
    win: float
    tie: float
    equity: float
    stderr: float | None
    win_stderr: float | None
    tie_stderr: float | None
    combos: int = 1
    categories: dict[str, dict[str, float]] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.hand, "win": self.win, "tie": self.tie, "equity": self.equity,
                               "stderr": self.stderr, "combos": self.combos}
        if self.categories is not None:
            out["categories"] = self.categories
        return out


@dataclass(frozen=True)
class Result:
    """What every engine returns: per-player results in the order given (hero first).

    ``trials``: Monte Carlo trials played, or for an exact result the number of (deal, board) pairs
    enumerated (every combination of the players' combos with every completion of the board).
    """

    method: str
    trials: int
    seed: int | None
    board: str
    dead: str
    elapsed_s: float
    players: list[PlayerResult] = field(default_factory=list)
    game: str = "holdem"

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the CLI's ``--json`` (README: "JSON output"): strict JSON, no NaN."""
        return {"version": __version__, "game": self.game, "method": self.method, "trials": self.trials,
                "seed": self.seed,
                "board": self.board, "dead": self.dead, "elapsed_s": round(self.elapsed_s, 6),
                "players": [p.to_dict() for p in self.players]}


def _stderr(mean: float, mean_sq: float, n: float) -> float | None:
    """The standard error of a mean of ``n`` values with mean ``mean`` and mean square ``mean_sq``;
    ``None`` when ``n < 2``."""
    if n < 2:
        return None
    return math.sqrt(max(0.0, (mean_sq - mean * mean) * n / (n - 1)) / n)


def player_results(labels: list[str], combos: list[int], wins: np.ndarray, ties: np.ndarray, total: float,
                   cats: np.ndarray | None = None, exact: bool = False,
                   order: tuple[str, ...] | None = None) -> list[PlayerResult]:
    """Each player's :class:`PlayerResult` from counts.

    Args:
        labels: each player as given (``'AsKs'``, ``'QQ+,AKs'``, ``'random'``).
        combos: how many combos each player may hold after card removal.
        wins: (players,): deals won alone (weighted for exact results with weighted ranges).
        ties: (players, MAX_SPLIT): ``ties[p, k]`` = deals where p split the pot ``k`` ways.
        total: the number of trials, or the total weight of the deals enumerated; positive.
        cats: (players, 9, 3) counts by category (in :data:`CATEGORY_KEYS` order), or None.
        exact: counts from an enumeration: standard errors are 0.
        order: the category names, best first, in the game's order (short deck ranks a flush above a
            full house): the order of each player's ``categories``; hold'em's by default.
    """
    names = [name for name, _ in CATEGORIES]
    keyed = [(names.index(name), CATEGORY_KEYS[names.index(name)]) for name in (order or names)]
    out = []
    k = np.arange(ties.shape[1], dtype=np.float64)
    k[0] = 1.0
    for p, (label, n) in enumerate(zip(labels, combos, strict=True)):
        tie_count = ties[p].sum()
        if exact and all(float(x).is_integer() for x in (wins[p], *ties[p], total)):
            # Whole counts (unit weights): the pot share is a sum of fractions 1/k, rounded once.
            share = Fraction(int(wins[p])) + sum(Fraction(int(t), i) for i, t in enumerate(ties[p]) if t)
            equity = float(share / int(total))
        else:
            equity = float(wins[p] + (ties[p] / k).sum()) / total
        win, tie = float(wins[p] / total), float(tie_count / total)
        if exact:
            ses: tuple[float | None, ...] = (0.0, 0.0, 0.0)
        else:
            share_sq = (wins[p] + float((ties[p] / (k * k)).sum())) / total
            ses = (_stderr(equity, share_sq, total), _stderr(win, win, total), _stderr(tie, tie, total))
        by_category = None
        if cats is not None:
            by_category = {key: {"frequency": float(cats[p, c, 0] / total),
                                 "win": float(cats[p, c, 1] / total), "tie": float(cats[p, c, 2] / total)}
                           for c, key in keyed}
        out.append(PlayerResult(label, win, tie, equity, *ses, combos=n, categories=by_category))
    return out
