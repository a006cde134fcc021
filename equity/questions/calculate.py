"""Choosing the method: exact enumeration when it is cheap (or asked for), Monte Carlo otherwise.

The choice is made on the work an enumeration needs: board evaluations, one per player per (deal,
board) pair after suit symmetry (:attr:`equity.engines.exact.Plan.work`). Enumeration does about 300 M
of them a second on one core of the benchmark machine, so :data:`AUTO_WORK` (160 M) is about half a
second of work; every game states its enumeration's work in the same units
(:meth:`equity.games.base.Game.exact_work`).
Any Monte Carlo option (trials, precision, time, seed) asks for Monte Carlo.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np

from equity.engines import exact
from equity.engines import montecarlo as simulate
from equity.engines.dealing import RANDOM_HAND, one_table
from equity.errors import ScenarioError, TooLarge
from equity.games import Game
from equity.options import DEFAULT, FIELDS, METHODS, Method, OnStart, RunOptions
from equity.questions.per_combo import CELL_PRECISION
from equity.questions.small_spots import calculate_fixed
from equity.result import Result
from equity.scenario import PlayerSpec, Scenario

AUTO_WORK = 160_000_000
__all__ = ["AUTO_WORK", "METHODS", "Method", "OnStart", "calculate", "calculate_combos", "calculate_scenario",
           "choose", "run_chosen"]


def choose(scenario: Scenario, options: RunOptions = DEFAULT, *,
           rows: bool = False) -> tuple[str, exact.Plan | None]:
    """Pick the method ``options`` asks for: ``("exact", plan)`` or ``("monte-carlo", None)``. ``rows``:
    the run keeps rows apart, per deal (per-combo counts) or per board (runouts), priced as such
    (:func:`exact.plan`).

    Raises:
        ScenarioError: an unknown method; Monte Carlo options with ``method="exact"``; an enumeration
            too large to list with ``method="exact"``.
    """
    method = options.method
    if method not in METHODS:
        raise ScenarioError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    mc_options = options.monte_carlo_asked
    if method != "exact":
        simulate.check_options(options.trials, options.precision, options.time_s, options.seed, None)
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
    deals = exact.plan_within(scenario, AUTO_WORK, rows)
    return ("exact", deals) if deals is not None else ("monte-carlo", None)


def calculate_scenario(scenario: Scenario, options: RunOptions = DEFAULT, *, categories: bool = False,
                       fallback_seed: int | None = None, combos: Sequence[int] | bool = (),
                       groups: Sequence[np.ndarray] | None = None,
                       group_precision: float | None = None) -> Result:
    """Equities for a :class:`Scenario` by the method :func:`choose` picks (see :func:`calculate`).

    ``fallback_seed``: the seed of a Monte Carlo run when ``options.seed`` is not given; unlike a seed it
    does not ask for Monte Carlo (so runs that share it are comparable whichever method each one gets).
    ``combos``: the seats whose per-combo counts to return (:mod:`equity.engines.combo_counts`), True for
    every seat that is not a random hand. ``groups``, ``group_precision``: a Monte Carlo precision stop that
    also waits for groups of those combos (:func:`equity.engines.montecarlo.simulate`).
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"expected a Scenario; got {type(scenario).__name__} (equity.calculate takes text)")
    chosen, deals = choose(scenario, options, rows=bool(combos))
    return run_chosen(scenario, chosen, deals, options, categories=categories, fallback_seed=fallback_seed,
                      combos=combos, groups=groups, group_precision=group_precision)


def calculate_combos(scenario: Scenario, options: RunOptions, combos: Sequence[int],
                     groups: Sequence[np.ndarray]) -> tuple[Result, int]:
    """One pass that counts every combo of the ``combos`` seats, its Monte Carlo precision stop waiting
    for their ``groups`` too (the grid's classes, a distribution's): ``(result, seed)``.

    Unlike in :func:`calculate`, a seed alone does not ask for Monte Carlo here: it is the seed of the
    pass if it is one (drawn when not given, and returned either way). ``options.precision`` is the
    groups' root-mean-square standard error (:data:`~equity.questions.per_combo.CELL_PRECISION` unless
    given).
    """
    seed = secrets.randbits(32) if options.seed is None else options.seed
    asked = options.replace(seed=options.seed if options.method == "exact" else None)
    result = calculate_scenario(scenario, asked, fallback_seed=seed, combos=combos, groups=groups,
                                group_precision=options.precision or CELL_PRECISION)
    return result, seed


def run_chosen(scenario: Scenario, chosen: str, deals: exact.Plan | None, options: RunOptions = DEFAULT,
               *, categories: bool = False, fallback_seed: int | None = None,
               combos: Sequence[int] | bool = (), groups: Sequence[np.ndarray] | None = None,
               group_precision: float | None = None) -> Result:
    """Run the method :func:`choose` returned, with its plan (for a caller that looked at the choice
    first); the rest as in :func:`calculate_scenario`. The one place a question starts an engine, and
    where ``"auto"`` threads are sized (:func:`is_big`)."""
    options = options.sized(is_big(chosen, deals.work if deals is not None else 0.0, options))
    if combos is True:
        combos = [p for p in range(len(scenario.players)) if scenario.holes[p, 0] != RANDOM_HAND]
    seats = list(combos or ())
    if options.on_start is not None:
        game = scenario.game
        sizes = [len(c) for c, _ in scenario.ranged()]
        options.on_start(chosen, game.enumeration_cached(scenario, deals) if chosen == "exact"
                         else game.simulation_cached(bool(sizes), one_table(sizes)), game.title)
    if chosen == "exact":
        return exact.enumerate_exact(scenario, threads=options.threads, categories=categories,
                                     progress=options.progress, deals=deals, combos=seats)
    seed = fallback_seed if options.seed is None else options.seed
    return simulate.simulate(scenario, trials=options.trials, precision=options.precision,
                             time_s=options.time_s, seed=seed, threads=options.threads, categories=categories,
                             progress=options.progress, combos=seats, groups=groups,
                             group_precision=group_precision)


#: A run whose enumeration needs more board evaluations than this, or whose Monte Carlo run more trials,
#: is big: it gets every thread under ``"auto"``; smaller ones one thread each, so that a pool of
#: workers runs one on every core at once.
BIG_WORK = 50_000_000
BIG_TRIALS = 4_000_000


def is_big(method: str, work: float, options: RunOptions) -> bool:
    """Whether a run is big enough for every thread (:data:`BIG_WORK`, :data:`BIG_TRIALS`): ``work``
    an enumeration's board evaluations; a Monte Carlo run's size from its trials, time or precision."""
    if method == "exact":
        return work > BIG_WORK
    if options.trials is not None:
        return options.trials > BIG_TRIALS
    if options.time_s is not None:
        return True
    # The standard error asked for; a pot share varies by at most 1/2.
    target = simulate.DEFAULT_PRECISION if options.precision is None else options.precision
    return (0.5 / target) ** 2 > BIG_TRIALS


def _plain(run: dict[str, Any]) -> bool:
    """:attr:`RunOptions.plain` of the run options given as keywords, read without building them: a
    small spot's whole call takes 8 us, and building the value took 3 us of it."""
    for key, value in run.items():
        if key == "method":
            if value != "auto" and value != "exact":
                return False
        elif key == "threads":
            if value is not None and value != "auto" and not (type(value) is int and value == 1):
                return False
        elif value is not None or key not in FIELDS:
            return False
    return True


def calculate(players: Sequence[PlayerSpec | int], board: str | Sequence[int] = "",
              dead: str | Sequence[int] = "", *, game: str | Game | None = None,
              options: RunOptions | None = None, categories: bool = False, combos: bool = False,
              **run: Any) -> Result:
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
        options: how to run it (:class:`~equity.options.RunOptions`); its fields may also be given as
            keywords (``**run``), which replace the ones of ``options``:
        method: ``"auto"`` (exact when cheap, else Monte Carlo), ``"exact"`` or ``"monte-carlo"``.
        trials, precision, time_s, seed: Monte Carlo options (any of them asks for Monte Carlo):
            exactly ``trials`` trials; stop once every equity's standard error is at most ``precision``
            (a fraction: 0.0005 is 0.05 percentage points, the default); play for about ``time_s``
            seconds; the seed (drawn and reported when omitted).
        threads: threads to use (default: all); the numbers do not depend on it.
        progress: called as ``progress(done, total)`` as the run goes.
        on_start: called as ``on_start(method, compiled, game)`` once the method is chosen, before the run.
        categories: also count each player's hand categories (``PlayerResult.categories``).
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
    if options is not None:
        options = RunOptions.build(options, **run)
    if not categories and not combos and (_plain(run) if options is None else options.plain):
        result = calculate_fixed(players, board, dead, game)  # specific hands, a small spot: None if not
        if result is not None:
            return result
    if options is None:
        options = RunOptions.build(None, **run) if run else DEFAULT
    scenario = Scenario.build(players, board=board, dead=dead, game=game)
    return calculate_scenario(scenario, options, categories=categories, combos=combos)
