"""Choosing the method: exact enumeration when it is cheap (or asked for), Monte Carlo otherwise.

The choice is made on the work an enumeration needs: board evaluations, one per player per (deal,
board) pair after suit symmetry (:attr:`equity.engines.exact.Plan.work`). Enumeration does about 300 M
of them a second on one core of the benchmark machine, so :data:`AUTO_WORK` (160 M) is about half a
second of work; every game states its enumeration's work in the same units
(:meth:`equity.games.base.Game.exact_work`).
Any Monte Carlo option (trials, precision, time, seed) asks for Monte Carlo.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import numpy as np

from equity.engines import exact
from equity.engines import montecarlo as simulate
from equity.engines.dealing import RANDOM_HAND
from equity.engines.parallel import Progress
from equity.errors import ScenarioError, TooLarge
from equity.games import Game
from equity.questions.small_spots import calculate_fixed
from equity.result import Result
from equity.scenario import PlayerSpec, Scenario

AUTO_WORK = 160_000_000
METHODS = ("auto", "exact", "monte-carlo")

Method = Literal["auto", "exact", "monte-carlo"]
#: ``on_start(method, compiled)``: called once the method is chosen, before its kernel is loaded;
#: ``compiled`` is False when the kernel is not in numba's cache yet and the first call compiles it.
OnStart = Callable[[str, bool], None]


def choose(scenario: Scenario, method: Method = "auto", *, trials: int | None = None,
           precision: float | None = None, time_s: float | None = None,
           seed: int | None = None, rows: bool = False) -> tuple[str, exact.Plan | None]:
    """Pick the method: ``("exact", plan)`` or ``("monte-carlo", None)``. ``rows``: the run keeps rows
    apart, per deal (per-combo counts) or per board (runouts), priced as such (:func:`exact.plan`).

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
            what = "is a Monte Carlo option" if len(mc_options) == 1 else "are Monte Carlo options"
            raise ScenarioError(f"{' and '.join(mc_options)} {what} and cannot be combined with exact "
                                "enumeration")
        try:
            return "exact", exact.plan(scenario, rows=rows)
        except TooLarge as exc:
            raise ScenarioError(f"too many deals to enumerate exactly ({exc}); use Monte Carlo "
                                "instead") from None
    if method == "monte-carlo" or mc_options:
        return "monte-carlo", None
    # Listing the deals can take a while, so first a cheap bound: every combination of the players'
    # combos, shared out over the symmetry group; card collisions rarely remove more than 7 in 8.
    bound, maps = exact.upper_bound(scenario, rows), None
    if bound > 8 * AUTO_WORK:
        maps = exact.symmetries(scenario)
        if bound / len(maps) > 8 * AUTO_WORK:
            return "monte-carlo", None
    try:
        deals = exact.plan(scenario, maps, rows)
    except TooLarge:
        return "monte-carlo", None
    return ("exact", deals) if deals.work <= AUTO_WORK else ("monte-carlo", None)


def calculate_scenario(scenario: Scenario, method: Method = "auto", *, trials: int | None = None,
                       precision: float | None = None, time_s: float | None = None, seed: int | None = None,
                       threads: int | None = None, categories: bool = False,
                       progress: Progress | None = None, on_start: OnStart | None = None,
                       fallback_seed: int | None = None, combos: Sequence[int] | bool = (),
                       groups: Sequence[np.ndarray] | None = None,
                       group_precision: float | None = None) -> Result:
    """Equities for a :class:`Scenario` by the method :func:`choose` picks (see :func:`calculate`).

    ``fallback_seed``: the seed of a Monte Carlo run when ``seed`` is not given; unlike ``seed`` it does
    not ask for Monte Carlo (so runs that share it are comparable whichever method each one gets).
    ``combos``: the seats whose per-combo counts to return (:mod:`equity.engines.combo_counts`), True for
    every seat that is not a random hand. ``groups``, ``group_precision``: a Monte Carlo precision stop that
    also waits for groups of those combos (:func:`equity.engines.montecarlo.simulate`).
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"expected a Scenario; got {type(scenario).__name__} (equity.calculate takes text)")
    chosen, deals = choose(scenario, method, trials=trials, precision=precision, time_s=time_s, seed=seed,
                           rows=bool(combos))
    return run_chosen(scenario, chosen, deals, trials=trials, precision=precision, time_s=time_s, seed=seed,
                      threads=threads, categories=categories, progress=progress, on_start=on_start,
                      fallback_seed=fallback_seed, combos=combos, groups=groups,
                      group_precision=group_precision)


def run_chosen(scenario: Scenario, chosen: str, deals: exact.Plan | None, *, trials: int | None = None,
               precision: float | None = None, time_s: float | None = None, seed: int | None = None,
               threads: int | None = None, categories: bool = False, progress: Progress | None = None,
               on_start: OnStart | None = None, fallback_seed: int | None = None,
               combos: Sequence[int] | bool = (), groups: Sequence[np.ndarray] | None = None,
               group_precision: float | None = None) -> Result:
    """Run the method :func:`choose` returned, with its plan (for a caller that looked at the choice
    first, as ``equity batch`` does to size its threads); the options as in :func:`calculate_scenario`."""
    if combos is True:
        combos = [p for p in range(len(scenario.players)) if scenario.holes[p, 0] != RANDOM_HAND]
    seats = list(combos or ())
    if on_start is not None:
        game = scenario.game
        on_start(chosen, game.enumeration_cached() if chosen == "exact"
                 else game.simulation_cached(bool(scenario.ranged())))
    if chosen == "exact":
        return exact.enumerate_exact(scenario, threads=threads, categories=categories, progress=progress,
                                     deals=deals, combos=seats)
    return simulate.simulate(scenario, trials=trials, precision=precision, time_s=time_s,
                             seed=fallback_seed if seed is None else seed, threads=threads,
                             categories=categories, progress=progress, combos=seats, groups=groups,
                             group_precision=group_precision)


def calculate(players: Sequence[PlayerSpec | int], board: str | Sequence[int] = "",
              dead: str | Sequence[int] = "", *, game: str | Game | None = None, method: Method = "auto",
              trials: int | None = None,
              precision: float | None = None, time_s: float | None = None, seed: int | None = None,
              threads: int | None = None, categories: bool = False,
              progress: Progress | None = None, on_start: OnStart | None = None,
              combos: bool = False) -> Result:
    """Every player's win, tie and equity: what ``equity HERO vs ... --json`` prints.

    Args:
        players: the hero first, then the opponents. Each is a hand (``"AsKs"`` or two card ids), a range
            (``"QQ+,AKs"``, ``"77"`` or a :class:`~equity.ranges.Range`), ``"random"`` or ``None`` for a
            random hand, or an int ``n`` for ``n`` random hands (so ``"22"`` is pocket deuces and ``22``
            is 22 random hands).
        board: 0, 3, 4 or 5 cards (``"Th9h2c"`` or ids).
        dead: cards known to be out of play.
        game: ``"holdem"``, ``"omaha"`` (``"plo"``), ``"omaha5"``, ``"omaha6"``, ``"omaha-hilo"``
            (``"plo8"``), ``"omaha5-hilo"`` (``"big-o"``), ``"omaha6-hilo"``, ``"short-deck"``,
            ``"short-deck-trips"`` or another alias (:mod:`equity.games`); by default the game the
            specific hands imply (Omaha high for 4 to 6 cards), else hold'em.
        method: ``"auto"`` (exact when cheap, else Monte Carlo), ``"exact"`` or ``"monte-carlo"``.
        trials, precision, time_s, seed: Monte Carlo options (any of them asks for Monte Carlo):
            exactly ``trials`` trials; stop once every equity's standard error is at most ``precision``
            (a fraction: 0.0005 is 0.05 percentage points, the default); play for about ``time_s``
            seconds; the seed (drawn and reported when omitted).
        threads: threads to use (default: all); the numbers do not depend on it.
        categories: also count each player's hand categories (``PlayerResult.categories``).
        progress: called as ``progress(done, total)`` as the run goes.
        on_start: called as ``on_start(method, compiled)`` once the method is chosen, before the run.
        combos: also count every combo of each player that is not a random hand, in the same pass:
            :func:`equity.questions.per_combo.combo_results` reads them from the result (``result.combos``).

    Returns:
        A :class:`~equity.result.Result`; ``result.to_dict()`` is the CLI's JSON object.

    Raises:
        EquityError: bad input, naming the offending hand, range, card or option.
        TypeError: an argument of the wrong type, naming the player or argument.

    >>> r = calculate(["AcAd", "KhKs"])
    >>> r.method, r.trials, round(100 * r.players[0].equity, 4)
    ('exact', 1712304, 81.2555)
    """
    if (method in ("auto", "exact") and trials is None and precision is None and time_s is None
            and seed is None and (threads is None or type(threads) is int and threads == 1)
            and not categories and progress is None and on_start is None and not combos):
        result = calculate_fixed(players, board, dead, game)  # specific hands, a small spot: None if not
        if result is not None:
            return result
    scenario = Scenario.build(players, board=board, dead=dead, game=game)
    return calculate_scenario(scenario, method, trials=trials, precision=precision, time_s=time_s,
                              seed=seed, threads=threads, categories=categories, progress=progress,
                              on_start=on_start, combos=combos)
