"""Choosing the method: exact enumeration when it is cheap (or asked for), Monte Carlo otherwise.

The choice is made on the work an enumeration needs: board evaluations, one per player per (deal,
board, after suit symmetry (:attr:`equity.exact.Plan.work`). Enumeration does about 300 M of them a
second on one core of the benchmark machine, so :data:`AUTO_WORK` (160 M) is about half a second of
work. Any Monte Carlo option (trials, precision, time, seed) asks for
Monte Carlo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from . import exact, simulate
from .errors import ScenarioError
from .scenario import Result, Scenario

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
    if exact.upper_bound(scenario) / exact.symmetry_count(scenario) > 8 * AUTO_WORK:
        return "monte-carlo", None
    try:
        deals = exact.plan(scenario)
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
