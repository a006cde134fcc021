"""Choosing the method: exact enumeration when it is cheap (or asked for), Monte Carlo otherwise.

The choice is made on the work an enumeration needs: board evaluations, one per player per (deal,
board) pair after suit symmetry (:attr:`equity.exact.Plan.work`). Enumeration does about 300 M of them a
second on one core of the benchmark machine, so :data:`AUTO_WORK` (160 M) is about half a second of
work. Any Monte Carlo option (trials, precision, time, seed) asks for Monte Carlo.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from . import exact, simulate
from .errors import ScenarioError
from .scenario import PlayerSpec, Result, Scenario

AUTO_WORK = 160_000_000
METHODS = ("auto", "exact", "monte-carlo")

Method = Literal["auto", "exact", "monte-carlo"]
Progress = Callable[[int, int | None], None]


def choose(scenario: Scenario, method: Method = "auto", *, trials: int | None = None,
           precision: float | None = None, time_s: float | None = None,
           seed: int | None = None) -> tuple[str, exact.Plan | None]:
    """Pick the method: ``("exact", plan)`` or ``("monte-carlo", None)``.

    Raises:
        ScenarioError: an unknown method; Monte Carlo options with ``method="exact"``; an enumeration
            too large to list with ``method="exact"``.
    """
    if method not in METHODS:
        raise ScenarioError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    mc_options = [name for name, v in (("trials", trials), ("precision", precision), ("time", time_s),
                                       ("seed", seed)) if v is not None]
    if method != "exact":
        simulate.check_options(trials, precision, time_s, seed, None)
    if method == "exact":
        if mc_options:
            raise ScenarioError(f"{' and '.join(mc_options)} apply to Monte Carlo only, not to exact "
                                "enumeration")
        try:
            return "exact", exact.plan(scenario)
        except exact.TooLarge as exc:
            raise ScenarioError(f"too many deals to enumerate exactly ({exc}); use Monte Carlo "
                                "instead") from None
    if method == "monte-carlo" or mc_options:
        return "monte-carlo", None
    # Listing the deals can take a while, so first a cheap bound: every combination of the players'
    # combos, shared out over the symmetry group; card collisions rarely remove more than 7 in 8.
    maps = exact.symmetries(scenario)
    if exact.upper_bound(scenario) / len(maps) > 8 * AUTO_WORK:
        return "monte-carlo", None
    try:
        deals = exact.plan(scenario, maps)
    except exact.TooLarge:
        return "monte-carlo", None
    return ("exact", deals) if deals.work <= AUTO_WORK else ("monte-carlo", None)


def calculate_scenario(scenario: Scenario, method: Method = "auto", *, trials: int | None = None,
                       precision: float | None = None, time_s: float | None = None, seed: int | None = None,
                       threads: int | None = None, categories: bool = False,
                       progress: Progress | None = None) -> Result:
    """Equities for a validated scenario by the method :func:`choose` picks."""
    chosen, deals = choose(scenario, method, trials=trials, precision=precision, time_s=time_s, seed=seed)
    if chosen == "exact":
        return exact.enumerate_exact(scenario, threads=threads, categories=categories, progress=progress,
                                     deals=deals)
    return simulate.simulate(scenario, trials=trials, precision=precision, time_s=time_s, seed=seed,
                             threads=threads, categories=categories, progress=progress)


def calculate(players: Sequence[PlayerSpec | int], board: str | Sequence[int] = "",
              dead: str | Sequence[int] = "", *, method: Method = "auto", trials: int | None = None,
              precision: float | None = None, time_s: float | None = None, seed: int | None = None,
              threads: int | None = None, categories: bool = False,
              progress: Progress | None = None) -> Result:
    """Every player's win, tie and equity: what ``equity HERO vs ... --json`` prints.

    Args:
        players: the hero first, then the opponents. Each is a hand (``"AsKs"`` or two card ids), a range
            (``"QQ+,AKs"`` or a :class:`~equity.ranges.Range`), ``"random"`` or ``None`` for a random
            hand, or an int ``n`` for ``n`` random hands.
        board: 0, 3, 4 or 5 cards (``"Th9h2c"`` or ids).
        dead: cards known to be out of play.
        method: ``"auto"`` (exact when cheap, else Monte Carlo), ``"exact"`` or ``"monte-carlo"``.
        trials, precision, time_s, seed: Monte Carlo options (any of them asks for Monte Carlo):
            exactly ``trials`` trials; stop once every equity's standard error is at most ``precision``
            (a fraction: 0.0005 is 0.05 percentage points, the default); play for about ``time_s``
            seconds; the seed (drawn and reported when omitted).
        threads: threads to use (default: all); the numbers do not depend on it.
        categories: also count each player's hand categories (``PlayerResult.categories``).
        progress: called as ``progress(done, total)`` as the run goes.

    Returns:
        A :class:`~equity.scenario.Result`; ``result.to_dict()`` is the CLI's JSON object.

    Raises:
        EquityError: bad input, naming the offending hand, range, card or option.

    >>> r = calculate(["AcAd", "KhKs"])
    >>> r.method, r.trials, round(100 * r.players[0].equity, 4)
    ('exact', 1712304, 81.2555)
    """
    specs: list[PlayerSpec] = []
    for p in players:
        if isinstance(p, bool) or not isinstance(p, int):
            specs.append(p)
        elif not 1 <= p <= 22:
            raise ScenarioError(f"a count of random hands is 1 .. 22; got {p}")
        else:
            specs.extend([None] * p)
    scenario = Scenario.build(specs, board=board, dead=dead)
    return calculate_scenario(scenario, method, trials=trials, precision=precision, time_s=time_s,
                              seed=seed, threads=threads, categories=categories, progress=progress)
