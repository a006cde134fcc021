"""Statements the equity engines answer whole: a statement whose every selector asks what ``equity HERO
vs ...`` already counts (``avg(riverEquity(p))``, ``count(winsHi(p))``, ``count(tiesHi(p))``,
``count(scoops(p))`` and, in hi-lo, the low half's), with no ``where`` and every hand at weight 1, runs
as that command runs: the exact engine with its suit symmetry and per-deal tables, or its Monte Carlo
kernel. So such a query costs what the command costs, and its answer is the command's.

An exact answer's counts are whole: each share times the deals counted (times ``2 * lcm(1 .. players)``
for an equity) is a whole number, so the fractions are exact.
"""

from __future__ import annotations

import math
from fractions import Fraction

from equity.options import RunOptions
from equity.questions.query.result import SelectorResult
from equity.questions.query.showdown import denominator
from equity.questions.query.space import Space
from equity.questions.query.syntax import Call, Name, Statement

#: (selector, function) -> the engine's figure, in a game with one pot ...
_HIGH = {("avg", "riverequity"): "equity", ("avg", "fractionalriverequity"): "equity",
         ("count", "winshi"): "win", ("count", "tieshi"): "tie", ("count", "scoops"): "win"}
#: ... in a game whose one pot is won by the lowest hand ...
_LOW = {("avg", "riverequity"): "equity", ("avg", "fractionalriverequity"): "equity",
        ("count", "winslo"): "win", ("count", "tieslo"): "tie", ("count", "scoops"): "win"}
#: ... and in hi-lo (the split figures).
_HILO = {("avg", "riverequity"): "equity", ("avg", "fractionalriverequity"): "equity",
         ("count", "winshi"): "high_win", ("count", "tieshi"): "high_tie", ("count", "winslo"): "low_win",
         ("count", "tieslo"): "low_tie", ("count", "scoops"): "scoop"}


def figures(statement: Statement, space: Space) -> list[tuple[str, int]] | None:
    """Each selector's engine figure and player, or None when the statement is not one the engines
    answer whole (module docstring)."""
    if statement.where is not None or len(space.players) < 2:
        return None
    if any(not (p.weights == 1.0).all() for p in space.players):
        return None
    table = {"high": _HIGH, "low": _LOW, "hilo": _HILO}[space.game.query.pot]
    out = []
    for selector in statement.selectors:
        expr = selector.expr
        if not (isinstance(expr, Call) and len(expr.args) == 1 and isinstance(expr.args[0], Name)):
            return None
        figure = table.get((selector.kind, expr.name.lower()))
        if figure is None:
            return None
        out.append((figure, space.names.index(expr.args[0].name.lower())))
    return out


def answer(space: Space, wanted: list[tuple[str, int]], labels: list[str], options: RunOptions):
    """``(method, deals, seed, selector results)`` of the engines' run of the space's spot."""
    from equity.questions.calculate import calculate_scenario
    from equity.scenario import Scenario

    game = space.game
    players = [None if p.dealt == game.hole else (p.text if not game.board else _range(p))
               for p in space.players]
    scenario = Scenario.build(players, list(space.board), list(space.dead), game)
    result = calculate_scenario(scenario, options)
    exact = result.method == "exact"
    n = int(result.trials)
    q = denominator(len(space.players))
    out = []
    for (figure, seat), label in zip(wanted, labels, strict=True):
        player = result.players[seat]
        value = float(getattr(player, figure)) if figure in ("equity", "win", "tie") else float(
            player.split[figure])  # type: ignore[index]
        kind = "avg" if figure == "equity" else "count"
        se = None
        if not exact:
            se = {"equity": player.stderr, "win": player.win_stderr, "tie": player.tie_stderr}.get(figure)
            se = float(se) if se is not None else math.sqrt(max(value * (1 - value), 0.0) / max(n, 1))
        if kind == "avg":
            fraction = str(Fraction(round(value * n * q), n * q)) if exact else None
            out.append(SelectorResult(label, "avg", "number", value, fraction=fraction, kept=n, se=se))
        else:
            count = round(value * n)
            out.append(SelectorResult(label, "count", "bool", value, count=count, kept=n, se=se,
                                      fraction=str(Fraction(count, n)) if exact else None))
    return result.method, n, result.seed, out


def _range(player):
    from equity.ranges import Range

    return Range(player.known, player.weights, player.text)
