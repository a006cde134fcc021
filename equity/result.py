"""The :class:`Result` every engine returns, built from the counts its kernels fill.

The kernels count into a :class:`~equity.tally.Tally` (the whole pot won alone or split ``k``
ways; in split-pot games each half shared ``k`` ways; optionally per hand category);
:func:`player_results` turns those counts into fractions and standard errors.

**Per player**: ``equity`` is the mean share of the pot; ``win`` the deals where the player took the
whole pot alone (in a split-pot game: both halves, or the high when no low qualified: a scoop) and
``tie`` those where the player took a part of the pot but not all of it alone. Split-pot games add
``scoop`` (the same as ``win``), ``high_win``/``high_tie`` (the best high alone or shared, whether the
high took a half or the whole pot), ``low_win``/``low_tie`` (the best qualifying low), ``high_equity``
and ``low_equity`` (the parts of ``equity`` won by each, adding up to it) and ``low_share`` (the
fraction of ``equity`` that comes from the low); the result adds ``low_possible`` (deals whose board
allowed a low) and ``low_qualified`` (deals where some low qualified, so the pot was split).

**Standard errors** (Monte Carlo only; exact results have 0) come from the per-trial pot shares: the
sample variance over ``n - 1``, divided by ``n``. With a single trial there is no estimate: the standard
errors are then ``None`` (``null`` in JSON), never NaN.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Any

import numpy as np

from equity._version import __version__
from equity.evaluators.dag import CATEGORIES
from equity.tally import Tally, mean_stderr, shares


def category_key(name: str) -> str:
    """A category's JSON key: ``'Straight Flush'`` -> ``'straight_flush'``, ``'8-low'`` -> ``'8_low'``."""
    return name.lower().replace(" ", "_").replace("-", "_")


CATEGORY_KEYS = tuple(category_key(name) for name, _ in CATEGORIES)
#: The keys split-pot games add to each player's JSON object, in order.
SPLIT_KEYS = ("scoop", "high_win", "high_tie", "low_win", "low_tie", "high_equity", "low_equity", "low_share")


@dataclass(frozen=True, init=False)
class PlayerResult:
    """One player's outcome. Fractions in [0, 1].

    ``stderr``, ``win_stderr``, ``tie_stderr``: standard errors of ``equity``, ``win`` and ``tie``; 0 for
    exact results, ``None`` for a Monte Carlo run of a single trial (no estimate is possible).
    ``combos``: how many combos the player could hold after card removal. ``categories``, when asked
    for: per hand category (``'straight_flush'`` .. ``'high_card'``) the fraction of deals the player
    ends with it (``frequency``), wins alone with it (``win``) and splits the pot with it (``tie``); in
    split-pot games these are of the high hand, and ``'low'`` says how often the player made a
    qualifying low, won the low half alone with it and shared it. ``split``: in split-pot games, the
    figures of :data:`SPLIT_KEYS` (module docstring), else ``None``.
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
    split: dict[str, float] | None = None

    def __init__(self, hand: str, win: float, tie: float, equity: float, stderr: float | None,
                 win_stderr: float | None, tie_stderr: float | None, combos: int = 1,
                 categories: dict[str, dict[str, float]] | None = None,
                 split: dict[str, float] | None = None) -> None:
        # The fields in one update: less than half the time of the frozen dataclass's own __init__ (an
        # ``object.__setattr__`` a field), which a small exact spot pays once a player.
        self.__dict__.update(hand=hand, win=win, tie=tie, equity=equity, stderr=stderr, win_stderr=win_stderr,
                             tie_stderr=tie_stderr, combos=combos, categories=categories, split=split)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.hand, "win": self.win, "tie": self.tie, "equity": self.equity,
                               "stderr": self.stderr, "combos": self.combos}
        if self.split is not None:
            out.update(self.split)
        if self.categories is not None:
            out["categories"] = self.categories
        return out


@dataclass(frozen=True, init=False)
class Result:
    """What every engine returns: per-player results in the order given (hero first).

    ``trials``: Monte Carlo trials played, or for an exact result the number of (deal, board) pairs
    enumerated (every combination of the players' combos with every completion of the board). ``low``:
    in split-pot games ``low_possible`` and ``low_qualified`` (module docstring), else ``None``.
    """

    method: str
    trials: int
    seed: int | None
    board: str
    dead: str
    elapsed_s: float
    players: list[PlayerResult] = field(default_factory=list)
    game: str = "holdem"
    low: dict[str, float] | None = None
    #: The per-combo counts asked for (:class:`~equity.engines.combo_counts.ComboCounts`, one per seat asked
    #: for), else None; :mod:`equity.questions.per_combo` turns them into figures. Not part of
    # :meth:`to_dict`.
    combos: list[Any] | None = field(default=None, compare=False, repr=False)

    def __init__(self, method: str, trials: int, seed: int | None, board: str, dead: str, elapsed_s: float,
                 players: list[PlayerResult] | None = None, game: str = "holdem",
                 low: dict[str, float] | None = None, combos: list[Any] | None = None) -> None:
        # One update, as :class:`PlayerResult`'s (a default list of its own, as the field's factory gave).
        self.__dict__.update(method=method, trials=trials, seed=seed, board=board, dead=dead,
                             elapsed_s=elapsed_s, players=[] if players is None else players, game=game,
                             low=low, combos=combos)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the CLI's ``--json`` (README: "JSON output"): strict JSON, no NaN."""
        out = {"version": __version__, "game": self.game, "method": self.method, "trials": self.trials,
               "seed": self.seed, "board": self.board, "dead": self.dead,
               "elapsed_s": round(self.elapsed_s, 6)}
        if self.low is not None:
            out.update(self.low)
        return {**out, "players": [p.to_dict() for p in self.players]}


def _none(x: float) -> float | None:
    """A standard error for JSON: None for NaN (no estimate)."""
    return None if math.isnan(x) else float(x)


def _share_stderr(n: float, share: float) -> float | None:
    """The standard error of a fraction ``share`` of ``n`` trials (each trial 0 or 1): what
    :func:`~equity.tally.mean_stderr` gives for ``(n, share, share)``, in the same operations on
    one Python float (a tenth of the time of numpy on a scalar); None below 2 trials."""
    if not n >= 2:
        return None
    return math.sqrt(max(0.0, share - share * share) * n / (n - 1) / n)


def _scaled(x: list[float], per: tuple[int, ...]) -> int:
    """sum(x / k) * scale, exactly, for whole counts ``x``, ``per`` the ``scale // k`` of each slot."""
    assert len(x) == len(per)
    return sum(map(mul, map(int, x), per))  # half the time of a generator's zip


@functools.cache
def _ways(n: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """For the ``n`` k-way slots of a pot (slot 0 counts as 1): a scale every share of a pot or half
    divides, ``lcm(1 .. 2n - 1)``, and per slot what a whole pot and a half shared k ways take of it,
    ``scale // k`` and ``scale // 2k``."""
    scale = math.lcm(*range(1, 2 * n))
    k = (1, *range(1, n))
    return tuple(scale // d for d in k), tuple(scale // (2 * d) for d in k), scale


def _whole(total: float, *counts: list) -> bool:
    """Whether the total and every count an equity is formed from (lists of floats, or of lists of
    floats) are whole numbers, so exact fractions can be formed."""
    if not float(total).is_integer():
        return False
    for rows in counts:
        for row in (rows if rows and isinstance(rows[0], list) else (rows,)):
            if not all(map(float.is_integer, row)):
                return False
    return True


def exact_figures(wins: float, ties: Sequence[float], total: float) -> tuple[float, float, float]:
    """One player's win, tie and equity from whole one-pot counts of ``total`` deals (``wins``: pots won
    alone; ``ties[k]``: pots split ``k`` ways, columns 0 and 1 unused), each rounded once from its exact
    fraction: the win and tie the counts over ``total``, the equity ``(wins + sum(ties[k] / k)) / total``
    formed over a common scale in integers and divided once (an int over an int divides correctly
    rounded, and sums of whole floats below 2**53 are exact). What :func:`player_results` gives an exact
    one-pot result, and :func:`equity.engines.showdown._exact_figures` compiled.

    >>> exact_figures(1, [0, 0, 1], 3)  # won one deal of three, split another two ways
    (0.3333333333333333, 0.3333333333333333, 0.5)
    """
    per, _, scale = _ways(len(ties))
    pot = int(wins) * scale + _scaled(ties, per)
    return wins / total, math.fsum(ties) / total, pot / (int(total) * scale)


def exact_players(labels: Sequence[str], figures: list[float]) -> list[PlayerResult]:
    """Each player's exact :class:`PlayerResult` of a specific hand (one combo) from ``figures``, its win,
    tie and equity, three a player in order, run together (:mod:`equity.questions.small_spots`)."""
    out = []
    i = 0
    for label in labels:  # a plain loop: on a cold cache, a third less time than a comprehension of zip
        out.append(PlayerResult(label, figures[i], figures[i + 1], figures[i + 2], 0.0, 0.0, 0.0))
        i += 3
    return out


def figures(tally: Tally, deals: np.ndarray, exact: bool) -> dict[str, np.ndarray]:
    """Every row's fractions from counts, vectorized: ``tally`` a :class:`~equity.tally.Tally`
    with a leading axis of rows, ``deals`` float64 (rows,) the trials or deal weight each row counts.
    Returns float64 (rows, P) arrays ``equity``, ``win``, ``tie``, ``stderr`` (NaN where a Monte Carlo
    row has fewer than 2 trials; 0 when ``exact``) and, in split-pot games, those of :data:`SPLIT_KEYS`
    (module docstring). A row of no deals has every fraction 0."""
    n = np.asarray(deals, np.float64)[:, None]
    safe = n if n.min(initial=1.0) > 0 else np.where(n > 0, n, 1.0)
    share, square = shares(tally, squares=not exact)
    equity = share / safe
    won = tally.wins
    got = tally.ties.sum(-1) + tally.wins
    if tally.split:
        won = won + tally.both[..., 1, 1]
        got = got + tally.high.sum(-1) + tally.low.sum(-1) - tally.both.sum((-2, -1))
    out = {"equity": equity, "win": won / safe, "tie": (got - won) / safe}
    out["stderr"] = np.zeros_like(equity) if square is None else mean_stderr(n, equity, square / safe)
    if tally.split:
        k = np.arange(tally.ties.shape[-1], dtype=np.float64)
        k[:1] = 1.0
        low_equity = (tally.low / (2 * k)).sum(-1) / safe
        out.update({"scoop": out["win"], "high_win": (tally.wins + tally.high[..., 1]) / safe,
                    "high_tie": (tally.ties[..., 2:].sum(-1) + tally.high[..., 2:].sum(-1)) / safe,
                    "low_win": tally.low[..., 1] / safe, "low_tie": tally.low[..., 2:].sum(-1) / safe,
                    "high_equity": equity - low_equity, "low_equity": low_equity,
                    "low_share": np.where(equity > 0, low_equity / np.where(equity > 0, equity, 1.0), 0.0)})
    return out


def player_results(labels: list[str], combos: list[int], tally: Tally, total: float, categories: bool = False,
                   exact: bool = False, order: tuple[str, ...] | None = None,
                   fractions: bool = True, slots: tuple[str, ...] | None = None,
                   rows: tuple[dict[str, np.ndarray], int] | None = None) -> list[PlayerResult]:
    """Each player's :class:`PlayerResult` from counts.

    Args:
        labels: each player as given (``'AsKs'``, ``'QQ+,AKs'``, ``'random'``).
        combos: how many combos each player may hold after card removal.
        tally: the counts summed (a :class:`~equity.tally.Tally` without the leading axis);
            weighted for exact results with weighted ranges.
        total: the number of trials, or the total weight of the deals enumerated; positive.
        categories: report each player's categories.
        exact: counts from an enumeration: standard errors are 0, and whole counts give equities rounded
            once from exact fractions.
        order: the category names, best first, in the game's order (short deck ranks a flush above a
            full house): the order of each player's ``categories``; hold'em's by default.
        fractions: with ``exact``, round whole counts once from exact fractions (else as floats).
        slots: the category names in the order of the tally's category axis (the game's
            :meth:`~equity.games.base.Game.category_slots`); hold'em's by default.
        rows: ``(figures, r)``: the tally's figures already computed, at row ``r`` of :func:`figures`'s
            output (many tallies' at once; its arrays, or their nested lists, read as ``x[r][p]``), when
            not rounding whole counts.
    """
    keyed = []
    if categories:
        names = list(slots) if slots is not None else [name for name, _ in CATEGORIES]
        keyed = [(names.index(name), category_key(name)) for name in (order or names)]
    split = tally.split
    # At most as many ways as players: a one-pot tally's columns past them are 0 and left unread (a
    # smaller common scale; the same fractions).
    ways = tally.ties.shape[-1] if split else min(tally.ties.shape[-1], len(labels) + 1)
    per, per_half, scale = _ways(ways)
    whole = False
    if exact and fractions:
        wins, ties = tally.wins.tolist(), tally.ties[..., :ways].tolist()
        highs, lows = (tally.high.tolist(), tally.low.tolist()) if split else ([], [])
        whole = _whole(total, wins, ties, highs, lows)
    # Whole counts need no vectorised figures: fractions from integers, each rounded once (an int over
    # an int divides correctly rounded, and sums of whole floats below 2**53 are exact).
    r = 0
    if whole and not split:
        row = None
    elif rows is not None:
        row, r = rows
    else:
        row = figures(Tally(*(x[None] for x in tally)), np.array([float(total)]), exact)
    out = []
    for p, (label, n_combos) in enumerate(zip(labels, combos, strict=True)):
        if row is None:  # whole counts, no split: the same values figures() gives, to the bit
            win, tie, equity = exact_figures(wins[p], ties[p], total)
            low_equity = 0.0
        else:
            if whole:  # split: the halves shared over the same scale
                pot = int(wins[p]) * scale + _scaled(ties[p], per) + _scaled(highs[p], per_half)
                low_part = _scaled(lows[p], per_half)
                equity = (pot + low_part) / (int(total) * scale)
                low_equity = low_part / (int(total) * scale)
            else:
                equity = float(row["equity"][r][p])
                low_equity = float(row["low_equity"][r][p]) if split else 0.0
            win, tie = float(row["win"][r][p]), float(row["tie"][r][p])
        if exact:
            ses: tuple[float | None, ...] = (0.0, 0.0, 0.0)
        else:
            ses = (_none(row["stderr"][r][p]), _share_stderr(total, win), _share_stderr(total, tie))
        by_category = None
        if categories:
            by_category = {key: {"frequency": float(tally.cats[p, c, 0] / total),
                                 "win": float(tally.cats[p, c, 1] / total),
                                 "tie": float(tally.cats[p, c, 2] / total)} for c, key in keyed}
            if split:
                by_category["low"] = {"frequency": float(tally.lows[p, 0] / total),
                                      "win": float(tally.lows[p, 1] / total),
                                      "tie": float(tally.lows[p, 2] / total)}
        halves = None
        if split:
            halves = {key: float(row[key][r][p]) for key in SPLIT_KEYS}
            halves.update({"high_equity": equity - low_equity, "low_equity": low_equity,
                           "low_share": low_equity / equity if equity > 0 else 0.0})
        out.append(PlayerResult(label, win, tie, equity, *ses, combos=n_combos, categories=by_category,
                                split=halves))
    return out


def low_counts(tally: Tally, total: float) -> dict[str, float] | None:
    """A split-pot result's ``low_possible`` and ``low_qualified`` (fractions of the deals), else None."""
    if not tally.split:
        return None
    return {"low_possible": float(tally.deals[0] / total), "low_qualified": float(tally.deals[1] / total)}
