"""Equity distributions: how each player's equity spreads over the combos of its range, from one pass.

``equity dist HERO vs OPPONENT...`` answers "which of my combos are ahead, how much of my range is above
75%, and where my equity against a range comes from". One pass of the engine counts every combo of
every player that is not a random hand (:mod:`equity.questions.per_combo`), and from it:

- **the curve**: a player's combos sorted by equity, best first, each taking its *share* of the range
  (how often the player holds it here: range weight and card removal against the other players), so
  the curve runs over 0-100% of the range, as GTO Wizard's equity-distribution graph does;
- **percentiles** of that curve (the equity below which a given share of the range lies) and the
  **mean**, which is the player's equity (exactly: the share-weighted mean of the combos' equities);
- **buckets**: the share of the range whose equity falls in each band (by default at least 75%,
  50-75, 25-50 and under 25, each band including its lower edge, the top one also 100);
- **the breakdown**: the hero's equity against each class of an opponent's range (or each combo, with
  ``by="combo"``, the only breakdown of Omaha ranges, which have no classes) and how much of the
  opponent's range that class is.

A random hand in a two-card game's hero seat is taken as the range of every hand, so that it too has a
curve; random opponents have none. Monte Carlo stops, as :func:`equity.questions.grid.equity_grid` does, once
the totals are as precise as one run and the classes of every counted range (two-card games) are as precise
as :class:`equity.engines.combo_rows.GroupRule` asks with ``precision``
(:data:`equity.questions.per_combo.CELL_PRECISION`, 0.25 points, by default).
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from equity._version import __version__
from equity.engines.dealing import RANDOM_HAND
from equity.errors import EquityError, ScenarioError
from equity.games import Game
from equity.options import RunOptions
from equity.questions.asking.spec import SPEC_KEYS, read_spec, run_spec
from equity.questions.calculate import calculate_combos
from equity.questions.per_combo import (
    CELL_PRECISION,
    ComboResult,
    class_groups,
    combo_classes,
    combo_results,
    counts_of,
    dealable,
    group_counts,
    group_results,
)
from equity.questions.question import Command, Question, Threads, truth
from equity.result import Result
from equity.scenario import PlayerSpec, Scenario, every_hand_range

#: Equity bands in percent, best first: [75, 100], [50, 75), [25, 50), [0, 25).
DEFAULT_BUCKETS: tuple[tuple[float, float], ...] = ((75.0, 100.0), (50.0, 75.0), (25.0, 50.0), (0.0, 25.0))
PERCENTILES = (10, 25, 50, 75, 90)
BY = ("class", "combo")


def parse_buckets(text: str) -> tuple[tuple[float, float], ...]:
    """Equity bands in percent from ``"75-100,50-75,25-50,0-25"`` (any order), checked to cover 0-100
    without gaps or overlaps; returned best first.

    Raises:
        ScenarioError: a band that is not ``LOW-HIGH`` with 0 <= LOW < HIGH <= 100, or bands that leave
            a gap or overlap (naming the band).

    >>> parse_buckets("0-50,50-100")
    ((50.0, 100.0), (0.0, 50.0))
    """
    bands = []
    for token in text.split(","):
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*%?\s*", token)
        if not match:
            raise ScenarioError(f"bucket {token.strip()!r} is not LOW-HIGH in percent, e.g. 50-75")
        low, high = float(match[1]), float(match[2])
        if not 0 <= low < high <= 100:
            raise ScenarioError(f"bucket {token.strip()!r} must have 0 <= LOW < HIGH <= 100")
        bands.append((low, high, token.strip()))
    bands.sort()
    if bands[0][0] != 0:
        raise ScenarioError(f"the buckets must start at 0; the lowest, {bands[0][2]!r}, starts at "
                            f"{bands[0][0]:g}")
    if bands[-1][1] != 100:
        raise ScenarioError(f"the buckets must end at 100; the highest, {bands[-1][2]!r}, ends at "
                            f"{bands[-1][1]:g}")
    for (_, high, a), (low, _, b) in zip(bands, bands[1:], strict=False):
        if low < high:
            raise ScenarioError(f"buckets {a!r} and {b!r} overlap")
        if low > high:
            raise ScenarioError(f"buckets {a!r} and {b!r} leave a gap from {high:g} to {low:g}")
    return tuple((low, high) for low, high, _ in reversed(bands))


@dataclass(frozen=True)
class Bucket:
    """An equity band ``[low, high)`` in percent (the top band includes 100): the ``share`` of the range
    in it, its ``combos``, and their ``equity`` (share-weighted mean; None when empty)."""

    low: float
    high: float
    share: float
    combos: int
    equity: float | None

    def to_dict(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high, "share": self.share, "combos": self.combos,
                "equity": self.equity}


@dataclass(frozen=True)
class PlayerDistribution:
    """One player's distribution: ``combos`` sorted by equity, best first (each with its ``share``),
    the ``percentiles`` (``{10: equity, ..}``: the equity at or below which that percent of the range
    lies), the ``buckets`` and the mean ``equity`` (the player's) with its ``stderr``."""

    seat: int
    hand: str
    equity: float
    stderr: float | None
    combos: list[ComboResult]
    percentiles: dict[int, float]
    buckets: list[Bucket]

    def curve(self) -> list[tuple[float, float, float]]:
        """``(start, end, equity)`` of each combo along the range, best first: shares from 0 to 1."""
        out, at = [], 0.0
        for c in self.combos:
            out.append((at, at + c.share, c.equity))
            at += c.share
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": self.hand, "equity": self.equity, "stderr": self.stderr,
                "combos": len(self.combos), "percentiles": {f"p{k}": v for k, v in self.percentiles.items()},
                "buckets": [b.to_dict() for b in self.buckets], "curve": [c.to_dict() for c in self.combos]}


@dataclass(frozen=True)
class BreakdownRow:
    """A class (or combo) of an opponent's range: its ``share`` of that range, its ``combos``, and the
    hero's ``equity``, ``win``, ``tie`` and ``stderr`` against it."""

    name: str
    share: float
    combos: int
    equity: float
    win: float
    tie: float
    stderr: float | None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "share": self.share, "combos": self.combos, "equity": self.equity,
                "win": self.win, "tie": self.tie, "stderr": self.stderr}


@dataclass(frozen=True)
class Breakdown:
    """The hero's equity against each class (``by="class"``) or combo of opponent ``seat``'s range,
    rows by share, largest first. ``equity``: the hero's against the whole range (their mean)."""

    seat: int
    hand: str
    by: str
    equity: float
    rows: list[BreakdownRow]

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": self.hand, "by": self.by, "equity": self.equity,
                "rows": [r.to_dict() for r in self.rows]}


@dataclass(frozen=True)
class Distribution:
    """What ``equity dist`` shows: the run's ``result`` (every player's totals), a distribution per
    player that is not a random hand, and the hero's breakdown against each opponent with a range."""

    result: Result
    players: list[PlayerDistribution]
    breakdowns: list[Breakdown]
    buckets: tuple[tuple[float, float], ...] = DEFAULT_BUCKETS
    elapsed_s: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {"version": __version__, "game": r.game, "method": r.method, "trials": r.trials,
                "seed": r.seed, "board": r.board, "dead": r.dead, "elapsed_s": round(self.elapsed_s, 6),
                "buckets": [list(b) for b in self.buckets], "players": [p.to_dict() for p in self.players],
                "breakdowns": [b.to_dict() for b in self.breakdowns], "result": r.to_dict()}

    def line_dict(self) -> dict[str, Any]:
        """A ``dist`` line's answer in ``equity batch`` (as lines asked it before the ``question`` key, with
        ``"dist": true`` on an equity line): the equities of ``equity --json``, the distributions'
        ``buckets``, ``players`` and ``breakdowns`` under ``dist``."""
        shown = self.to_dict()
        return {**self.result.to_dict(), "dist": {k: shown[k] for k in ("buckets", "players", "breakdowns")}}


def _percentile(sorted_up: list[ComboResult], q: float) -> float:
    """The smallest equity at or below which at least ``q`` (0..1) of the share lies."""
    at = 0.0
    for c in sorted_up:
        at += c.share
        if at >= q - 1e-12:
            return c.equity
    return sorted_up[-1].equity


def player_distribution(result: Result, seat: int,
                        buckets: Sequence[tuple[float, float]] = DEFAULT_BUCKETS) -> PlayerDistribution:
    """The distribution of ``seat``'s combos in a run that counted them."""
    combos = [c for c in combo_results(result, seat) if c.deals > 0]
    best_first = sorted(combos, key=lambda c: (-c.equity, c.hand))
    worst_first = best_first[::-1]
    percentiles = {q: _percentile(worst_first, q / 100) for q in PERCENTILES} if combos else {}
    bands = []
    for i, (low, high) in enumerate(buckets):
        inside = [c for c in combos
                  if low / 100 <= c.equity + 1e-12 and (c.equity + 1e-12 < high / 100 or i == 0)]
        share = float(sum(c.share for c in inside))
        mean = sum(c.share * c.equity for c in inside) / share if share > 0 else None
        bands.append(Bucket(low, high, share, len(inside), mean))
    player = result.players[seat]
    return PlayerDistribution(seat, player.hand, player.equity, player.stderr, best_first, percentiles, bands)


def breakdown(result: Result, seat: int, by: str = "class", hero: int = 0) -> Breakdown:
    """The hero's equity against each class (or combo) of opponent ``seat``'s range."""
    counts = counts_of(result, seat)
    total = float(counts.deals.sum())
    rows = []
    if by == "class" and counts.combos.shape[1] == 2:
        names, groups = class_groups(result, seat)
        held = np.bincount(groups, minlength=len(names))
        totals = group_counts(counts, groups, len(names))
        for name, n, (_, deals, _), part in zip(names, held, totals, group_results(result, totals),
                                                strict=True):
            if part is None:
                continue
            p = part.players[hero]
            rows.append(BreakdownRow(name, deals / total, int(n), p.equity, p.win, p.tie, p.stderr))
    else:
        by = "combo"
        for c in combo_results(result, seat, hero):
            if c.deals > 0:
                rows.append(BreakdownRow(c.hand, c.share, 1, c.equity, c.win, c.tie, c.stderr))
    rows.sort(key=lambda r: (-r.share, -r.equity, r.name))
    return Breakdown(seat, result.players[seat].hand, by, result.players[hero].equity, rows)


def counted_seats(scenario: Scenario) -> list[int]:
    """The seats a distribution counts: every player that is not a random hand."""
    return [p for p in range(len(scenario.players)) if scenario.holes[p, 0] != RANDOM_HAND]


def prepare(scenario: Scenario) -> tuple[Scenario, list[int], list[np.ndarray] | None]:
    """``(scenario, seats, groups)`` of a distribution run: a two-card game's random hero made the
    range of every hand, the seats to count, and the classes of their combos for the Monte Carlo stop
    (None in Omaha, whose ranges have no classes).

    Raises:
        RangeError: a counted range none of whose combos can be dealt beside the other players'.
        ScenarioError: a game without a board, whose players are known cards, not ranges.
    """
    game = scenario.game
    if not game.board:
        raise ScenarioError(f"equity dist spreads a range's equity over its combos; {game.title} plays no "
                            "ranges (a player is known cards or random): use 'equity' for its equities")
    if scenario.players[0] is None and game.two_card_grid:
        scenario = Scenario((every_hand_range(game), *scenario.players[1:]), scenario.board, scenario.dead,
                            game, keep_random=True)
    seats = counted_seats(scenario)
    groups = None
    if game.two_card_grid:
        groups = [np.where(dealable(scenario, p), combo_classes(scenario.combos()[p][0]), -1) for p in seats]
    return scenario, seats, groups


def distribution_of(result: Result, seats: Sequence[int], buckets: Sequence[tuple[float, float]],
                    by: str = "class", elapsed_s: float | None = None) -> Distribution:
    """The :class:`Distribution` of a run that counted ``seats``' combos (the hero's breakdown against
    every other counted seat with two or more combos)."""
    players = [player_distribution(result, p, buckets) for p in seats]
    two_card = bool(seats) and counts_of(result, seats[0]).combos.shape[1] == 2
    breakdowns = [breakdown(result, p, by) for p in seats if p != 0 and result.players[p].combos > 1
                  and (two_card or by == "combo")]
    return Distribution(result, players, breakdowns, tuple(buckets),
                        result.elapsed_s if elapsed_s is None else elapsed_s)


def equity_distribution(players: Sequence[PlayerSpec | int], board: str | Sequence[int] = "",
                        dead: str | Sequence[int] = "", *, game: str | Game | None = None,
                        buckets: str | Sequence[tuple[float, float]] | None = None, by: str = "class",
                        options: RunOptions | None = None, **run: Any) -> Distribution:
    """Each player's equity distribution over its combos, and the hero's breakdown against each
    opponent's range, from one pass (module docstring).

    Args:
        players, board, dead, game: as in :func:`equity.calculate`.
        buckets: equity bands in percent, as pairs or as text (:func:`parse_buckets`).
        by: the breakdown's rows: ``"class"`` (two-card games) or ``"combo"``.
        options, run: how to run it, as in :func:`equity.calculate`, but for ``precision``: the classes'
            root-mean-square standard error (a fraction), as for the grid; it asks for Monte Carlo. A
            ``seed`` is the Monte Carlo seed (drawn and reported when omitted) and, unlike in
            :func:`equity.calculate`, does not ask for Monte Carlo by itself.

    Raises:
        EquityError: bad input, naming the offending hand, range, card, option or bucket.

    >>> d = equity_distribution(["QQ+,AKs,JTs", "JJ"], board="Kh7c2d")
    >>> [(b.low, b.high, round(b.share, 4)) for b in d.players[0].buckets]  # regression pin (own output)
    [(75.0, 100.0, 0.9), (50.0, 75.0, 0.0), (25.0, 50.0, 0.0), (0.0, 25.0, 0.1)]
    """
    start = time.perf_counter()
    if by not in BY:
        raise ScenarioError(f"by must be one of {', '.join(BY)}; got {by!r}")
    if buckets is not None and not isinstance(buckets, str):
        buckets = ",".join(f"{lo:g}-{hi:g}" for lo, hi in buckets)
    bands = DEFAULT_BUCKETS if buckets is None else parse_buckets(buckets)
    scenario, seats, groups = prepare(Scenario.build(players, board, dead, game))
    result, _ = calculate_combos(scenario, RunOptions.build(options, **run), seats, groups)
    return distribution_of(result, seats, bands, by, time.perf_counter() - start)


def _answer(keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    """A ``dist`` line: the keys of ``equity ... --json`` and ``dist`` (the distributions' ``buckets``,
    ``players`` and ``breakdowns``, as ``equity dist --json`` gives them), ``buckets`` as ``equity dist
    --buckets`` takes them."""
    if "dist" in keys:
        truth("dist", keys["dist"], as_text)
    text = keys.get("buckets")
    if text is not None and not isinstance(text, str):
        raise EquityError(f"'buckets' must be text such as \"75-100,50-75,25-50,0-25\"; got {text!r}")
    bands = parse_buckets(text) if text and text.strip() else DEFAULT_BUCKETS
    spec = read_spec({k: v for k, v in keys.items() if k not in ("dist", "buckets")}, EquityError,
                     text=as_text, extra=("dist", "buckets"))
    scenario, seats, groups = prepare(Scenario.build(list(spec.players), spec.board, spec.dead, spec.game))
    result = run_spec(spec, threads, scenario, combos=seats, groups=groups,
                      group_precision=spec.options.precision or CELL_PRECISION)
    return distribution_of(result, seats, bands).line_dict()


#: ``equity dist``'s distributions beside the equities, from one pass.
QUESTION = Question("dist", (*SPEC_KEYS, "dist", "buckets"), _answer, flag="dist", command=Command(
    "HERO vs OPPONENT...", "each combo's equity: the curve, bands, breakdown"))
