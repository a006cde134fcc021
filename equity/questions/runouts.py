"""Runouts: every player's equity once each possible next card has come, and how it changed.

``equity runout HERO vs OPPONENT... --board FLOP_OR_TURN`` answers "which turn cards are good for me".
For every card that can come next (a card no fixed hand holds and not on the board or dead), each
player's equity with that card added to the board; its **probability** (how often it comes next: equal
for every card when the opponents are hands or random, less for a card that many of a range's combos
hold); the hero's **change**; and whether the hero is then **ahead** (the hero's equity above every
opponent's), **behind** (some opponent's above the hero's) or **level**. The **outs** are the cards that
put a hero who is not ahead now ahead; the **bad cards** those that put a hero who is not behind now
behind.

**The average identity.** The next card's equities, weighted by the cards' probabilities, are the
equity now, exactly: every board of a run is a board of the runs of each of its cards. Exact runs count
every (deal, board) once, by the cards its board adds (:mod:`equity.engines.runout_rows`), so the identity
holds to the last bit; Monte Carlo runs estimate each card on its own and the average is their weighted
mean, within its standard error of the equity now.

From a flop, ``street="river"`` looks two cards ahead: every two-card runout, its probability and each
player's final equity, summed up as a histogram of the hero's final equity (mean: the equity now).

Exact whenever an enumeration is cheap (as :func:`equity.questions.calculate.choose` decides for the scenario
as it is: one enumeration counts every runout); otherwise each runout is a Monte Carlo run of its own,
from a seed derived from the run's seed and its cards, to ``precision`` (default
:data:`CARD_PRECISION` per card, :data:`RIVER_PRECISION` per two-card runout) or ``trials`` each.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

import numpy as np

from equity._version import __version__
from equity.cards import CARD_NAMES, format_card, format_cards
from equity.engines import exact
from equity.engines.dealing import RANDOM_HAND
from equity.engines.montecarlo import board_seed
from equity.engines.runout_rows import board_rows
from equity.errors import EquityError, ScenarioError
from equity.games import Game
from equity.options import RunOptions
from equity.questions.asking.spec import SPEC_KEYS, read_spec
from equity.questions.calculate import choose, is_big, run_chosen
from equity.questions.players import parse_players
from equity.questions.question import Command, Param, Question, Threads, truth
from equity.result import PlayerResult, figures, player_results
from equity.scenario import PlayerSpec, Scenario
from equity.tally import Tally

STREETS = ("turn", "river")
#: Monte Carlo's default stop: each card's standard error, 0.25 percentage points.
CARD_PRECISION = 0.0025
#: Each two-card runout's, 1 point (the histogram's bands are 10 points wide).
RIVER_PRECISION = 0.01
#: The histogram of final equities: ten bands of 10 points, each with its lower edge (the top one 100).
BANDS = tuple((10.0 * i, 10.0 * (i + 1)) for i in range(10))
_EPS = 1e-9


class Outcome(NamedTuple):
    """One runout (a next card, or a two-card runout from the flop): its ``cards`` (text), how likely it
    comes (``probability``), per player ``equity``, ``win``, ``tie`` and ``stderr`` (0 when exact), the
    hero's ``change`` from the equity now and ``status`` (ahead, level or behind). A named tuple: a runout
    makes up to 1,176 of them, and a frozen dataclass took 2 us each to build."""

    cards: str
    probability: float
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    change: float
    status: str

    def to_dict(self) -> dict[str, Any]:
        return {"cards": self.cards, "probability": self.probability, "change": self.change,
                "status": self.status,
                "players": [{"equity": e, "win": w, "tie": t, "stderr": s} for e, w, t, s in
                            zip(self.equity, self.win, self.tie, self.stderr, strict=True)]}


@dataclass(frozen=True)
class Runout:
    """What :func:`runout` returns. ``street``: the street the runouts reach (``turn`` or ``river``);
    ``now``: each player's :class:`~equity.result.PlayerResult` before the cards come (from the same
    counts when exact); ``outcomes``: every runout, best first for the hero (ties by card); ``average``:
    per player the probability-weighted mean over the runouts (the equity now, module docstring)."""

    game: str
    board: str
    dead: str
    street: str
    method: str
    seed: int | None
    trials: int
    elapsed_s: float
    now: list[PlayerResult]
    outcomes: list[Outcome]
    average: tuple[float, ...]
    #: Cards each runout adds: 1, or 2 from a flop to the river.
    depth: int = 1
    #: The cards the players' specific hands hold (text), which no runout holds.
    held: str = ""

    @property
    def status(self) -> str:
        """The hero's status now: ahead, level or behind."""
        return _statuses(np.array([[p.equity for p in self.now]]))[0]

    @property
    def outs(self) -> list[Outcome]:
        """The runouts that put the hero ahead, when not ahead now."""
        return [] if self.status == "ahead" else [o for o in self.outcomes if o.status == "ahead"]

    @property
    def bad(self) -> list[Outcome]:
        """The runouts that put the hero behind, when not behind now."""
        return [] if self.status == "behind" else [o for o in self.outcomes if o.status == "behind"]

    def histogram(self) -> list[tuple[float, float, float]]:
        """``(low, high, probability)`` of the hero's equity after the runouts, per band of :data:`BANDS`
        (percent; each band holds its lower edge, the top one also 100)."""
        equity = np.array([100 * o.equity[0] for o in self.outcomes])
        prob = np.array([o.probability for o in self.outcomes])
        out = []
        for lo, hi in BANDS:
            inside = (equity >= lo - _EPS) & ((equity < hi - _EPS) | (hi == 100.0))
            out.append((lo, hi, float(prob[inside].sum())))
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``equity runout --json``: strict JSON."""
        out = {"version": __version__, "game": self.game, "method": self.method, "seed": self.seed,
               "trials": self.trials, "board": self.board, "dead": self.dead, "street": self.street,
               "elapsed_s": round(self.elapsed_s, 6), "status": self.status,
               "players": [{"hand": p.hand, "equity": p.equity, "win": p.win, "tie": p.tie,
                            "stderr": p.stderr, "combos": p.combos} for p in self.now],
               "average": list(self.average), "runouts": [o.to_dict() for o in self.outcomes],
               "outs": [o.cards for o in self.outs], "bad": [o.cards for o in self.bad]}
        if self.depth == 2:
            out["histogram"] = [{"from": lo, "to": hi, "probability": p} for lo, hi, p in self.histogram()]
        return out


_OUTCOME = partial(tuple.__new__, Outcome)


def _statuses(equity: np.ndarray) -> list[str]:
    """The hero's (column 0) status in each row of ``equity`` (float (K, P)): ahead, level or behind."""
    return ["ahead" if hero > best + _EPS else "behind" if hero < best - _EPS else "level"
            for hero, best in zip(equity[:, 0].tolist(), equity[:, 1:].max(axis=1).tolist(), strict=True)]


def check_street(scenario: Scenario, street: str | None) -> str:
    """The street the runouts reach (the next one by default).

    Raises:
        ScenarioError: a board that is not a flop or a turn, or a street that is not to come.
    """
    n = len(scenario.board)
    if n not in (3, 4) or scenario.game.board != 5:
        shown = format_cards(scenario.board)
        what = ("no board" if n == 0 else f"{shown!r}, which is a river: nothing is to come" if n == 5
                else repr(shown))
        raise ScenarioError(f"a runout starts from a flop or a turn (a board of 3 or 4 cards); got {what}")
    if street is None:
        return STREETS[n - 3]
    if street not in STREETS:
        raise ScenarioError(f"street must be turn or river; got {street!r}")
    if street == "turn" and n == 4:
        raise ScenarioError(f"the turn {format_card(scenario.board[3])} is on the board already: the "
                            "street to come is the river")
    return street


def runout(players: Sequence[PlayerSpec | int], board: str | Sequence[int], dead: str | Sequence[int] = "", *,
           game: str | Game | None = None, street: str | None = None, options: RunOptions | None = None,
           **run: Any) -> Runout:
    """Every player's equity after each possible next card (or, from a flop with ``street="river"``, each
    two-card runout), and how it changed (module docstring).

    Args:
        players, board, dead, game: as for :func:`equity.calculate`; the board has 3 or 4 cards.
        street: ``"turn"`` or ``"river"``: how far to look (default: the next street).
        options, run: how to run it, as for :func:`equity.calculate`; the Monte Carlo options are per
            runout (``time_s`` for them all).

    Raises:
        EquityError: bad input, naming the offending token.

    >>> r = runout(["AsKs", "QdQc"], "Th9h2c")
    >>> len(r.outcomes), r.outcomes[0].cards, round(100 * r.average[0], 4) == round(100 * r.now[0].equity, 4)
    (45, 'Ah', True)
    """
    options = RunOptions.build(options, **run)
    scenario = Scenario.build(players, board=board, dead=dead, game=game)
    street = check_street(scenario, street)
    pairs = street == "river" and len(scenario.board) == 3
    chosen, plan = choose(scenario, options, rows=True)
    start = time.perf_counter()
    if chosen == "exact":
        if options.on_start is not None:
            options.on_start("exact", scenario.game.runouts.cached(), scenario.game.title)
        # The runouts' figures and the whole spot's in one vectorised pass: the total is one more row
        # (from a flop each board is in the rows of both its cards: counts and mass twice over, the same
        # fractions).
        threads = options.sized(is_big("exact", plan.work, options)).threads
        rows = board_rows(scenario, plan, threads=threads, per_card=not pairs, total=True)
        both = rows.tally
        mass, k = float(rows.mass.sum()), len(rows.mass)
        masses = np.empty(k + 1)  # each row's mass, then the total's
        masses[:k] = rows.mass
        masses[k] = mass
        fig = figures(both, masses, True)
        now = player_results(scenario.labels(), scenario.n_combos(), Tally(*(x[-1] for x in both)), mass,
                             exact=True, fractions=False, rows=(fig, k))
        fig = {key: x[:k] for key, x in fig.items()}
        units = rows.cards
        prob = rows.mass / mass
        used_seed, n_trials = None, plan.trials
    else:
        used_seed = secrets.randbits(32) if options.seed is None else options.seed
        precision = options.precision or (RIVER_PRECISION if pairs else CARD_PRECISION)
        units, prob, fig, now, n_trials = _monte_carlo(scenario, pairs, options.replace(seed=used_seed,
                                                                                        precision=precision))
    outcomes = _outcomes(units, prob, fig, now[0].equity)
    average = tuple((prob @ fig["equity"]).tolist())
    known = scenario.known  # the fixed hands' cards, in seat order, then the board's and the dead cards
    held = format_cards(known[:len(known) - len(scenario.board) - len(scenario.dead)])
    return Runout(scenario.game.name, format_cards(scenario.board), format_cards(scenario.dead), street,
                  chosen, used_seed, n_trials, time.perf_counter() - start, now, outcomes, average,
                  2 if pairs else 1, held)


def _outcomes(units: np.ndarray, prob: np.ndarray, fig: dict[str, np.ndarray], now: float) -> list[Outcome]:
    """Each runout's :class:`Outcome`, best first for the hero (then by card, highest first); ``now``: the
    hero's equity now."""
    equity = fig["equity"]
    order = np.lexsort((*(-units[:, k] for k in range(units.shape[1] - 1, -1, -1)), -equity[:, 0]))
    units, prob, equity = units[order], prob[order], equity[order]
    if units.shape[1] == 1:
        names = [CARD_NAMES[c] for c in units[:, 0].tolist()]
    else:
        names = ["".join(CARD_NAMES[c] for c in sorted(u, reverse=True)) for u in units.tolist()]
    stderr = fig["stderr"]
    # each column's rows as tuples: zip over the players' columns (no list per row on the way)
    columns = np.stack((equity, fig["win"][order], fig["tie"][order])).transpose(0, 2, 1).tolist()
    eq, win, tie = (list(zip(*x, strict=True)) for x in columns)
    if stderr.any():
        se = list(zip(*np.where(np.isnan(stderr), 0.0, stderr)[order].T.tolist(), strict=True))
    else:  # exact: every row's errors 0, one tuple for them all
        se = [(0.0,) * stderr.shape[1]] * len(order)
    change = (equity[:, 0] - now).tolist()
    # tuple.__new__ on each row's fields: a named tuple's own __new__ is Python code, twice as slow here
    return list(map(_OUTCOME, zip(names, prob.tolist(), eq, win, tie, se, change, _statuses(equity),
                                  strict=True)))


def _units(scenario: Scenario, pairs: bool) -> np.ndarray:
    """int64 (K, 1 or 2): every next card, or every two of them, no fixed hand holds."""
    live = scenario.live.astype(np.int64)
    if not pairs:
        return live[:, None]
    i, j = np.triu_indices(len(live), 1)
    return np.stack([live[i], live[j]], axis=1)


def unit_mass(scenario: Scenario, units: np.ndarray) -> np.ndarray:
    """float64 (K,): how likely each row of ``units`` comes next, up to a constant: the weight of the deals
    of the players that are not random hands that leave its cards in the deck (a random hand's cards and
    the board's are drawn alike from the rest).

    Raises:
        ScenarioError: those players' deals are too many to list.
    """
    fixed = [c for p, c in zip(scenario.holes, scenario.combos(), strict=True) if p[0] != RANDOM_HAND]
    try:
        _, weight, masks = exact.deals_of(fixed)
    except EquityError as exc:
        raise ScenarioError(f"too many deals to weigh the runouts ({exc}); narrow the ranges") from None
    bits = np.uint64(1) << units.astype(np.uint64)
    unit = np.bitwise_or.reduce(bits, axis=1)
    return np.array([weight[(masks & u) == 0].sum() for u in unit])


def _monte_carlo(scenario: Scenario, pairs: bool, options: RunOptions) -> tuple[
        np.ndarray, np.ndarray, dict[str, np.ndarray], list[PlayerResult], int]:
    """Each runout a Monte Carlo run of its own: ``(units, probability, figures, now, trials)``;
    ``options`` with its seed and precision set (each run's seed is drawn from that seed and the
    runout's cards; the time, if given, is shared out)."""
    units = _units(scenario, pairs)
    mass = unit_mass(scenario, units)
    units, mass = units[mass > 0], mass[mass > 0]
    prob = mass / mass.sum()
    per_time = None if options.time_s is None else options.time_s / len(units)
    precision = None if options.trials or per_time else options.precision
    each = options.replace(precision=precision, time_s=per_time, progress=None)
    results = []
    for k, unit in enumerate(units):
        sub = Scenario(scenario.players, scenario.board + tuple(int(c) for c in unit), scenario.dead,
                       scenario.game)
        results.append(run_chosen(sub, "monte-carlo", None, each.replace(
            seed=board_seed(options.seed, unit), on_start=options.on_start if k == 0 else None)))
        if options.progress is not None:
            options.progress(k + 1, len(units))
    keys = ("equity", "win", "tie", "stderr")
    fig = {key: np.array([[getattr(p, key) if getattr(p, key) is not None else np.nan for p in r.players]
                          for r in results]) for key in keys}
    n_trials = sum(r.trials for r in results)
    se = np.sqrt((prob[:, None] ** 2 * np.nan_to_num(fig["stderr"]) ** 2).sum(axis=0))
    now = [PlayerResult(label, float(prob @ fig["win"][:, p]), float(prob @ fig["tie"][:, p]),
                        float(prob @ fig["equity"][:, p]), float(se[p]), None, None, n)
           for p, (label, n) in enumerate(zip(scenario.labels(), scenario.n_combos(), strict=True))]
    return units, prob, fig, now, n_trials


def _answer(keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    """A ``runout`` line: the keys of ``equity runout --json``. ``runout``: true, or the street to look
    to (``"turn"`` or ``"river"``), as ``street`` may also say."""
    street = truth("runout", keys.get("runout", True), as_text, also=STREETS)
    spec = read_spec({k: v for k, v in keys.items() if k not in ("runout", "street")}, EquityError,
                     text=as_text, extra=("runout", "street"))
    if spec.categories:
        raise EquityError("'categories' is not counted in a runout")
    named = keys.get("street")
    if named is not None and not (as_text and not str(named).strip()):
        street = named.strip().lower() if as_text and isinstance(named, str) else named
    return runout(list(spec.players), spec.board, spec.dead, game=spec.game,
                  street=street if isinstance(street, str) else None,
                  options=spec.options.replace(threads=threads)).to_dict()


def _run(keys: dict[str, Any], options: RunOptions) -> Runout:
    """``equity runout``'s run: the players as the command's words."""
    chosen, players = parse_players(keys["players"], keys.get("game"))
    return runout(players, keys.get("board") or "", keys.get("dead") or "", game=chosen,
                  street=keys.get("street"), options=options)


#: ``equity runout``: each next card's equities.
QUESTION = Question("runout", (*SPEC_KEYS, "runout", "street"), _answer, flag="runout", command=Command(
    "HERO vs OPPONENT... -b B", "each next card's equities, outs, the runouts",
    help="""Every player's equity after each card that can come next on a flop or turn --board.

    A grid of the deck coloured by the hero's equity once each card has come, the cards best to worst
    (cards with the same equities on one line) with the hero's change, the outs (cards that put the hero
    ahead) and bad cards (that put the hero behind), and the average over the cards, each as likely as it
    comes, which is the equity now. From a flop, --street river sums up every two-card runout as a
    histogram of the hero's final equity. Exact when cheap; else each card is a Monte Carlo run of its
    own, to --precision points (default 0.25 per card, 1 per two-card runout) or --trials each.

    \b
    Examples:
      equity runout AsKs vs QdQc --board Th9h2c
      equity runout AsKs vs QdQc --board Th9h2c --street river
      equity runout AsKs vs QQ+,AK --board Th9h2c5d --svg turn.svg
      equity runout AsAhKsKh vs JdTd9c8c --board Th9h2c
    """,
    params=(Param("players", "The hero's hand or range, then each opponent's.",
                  metavar="HERO [vs] OPPONENT..."),
            Param("game", "holdem (the default), omaha, plo8, 6+ ... (as for 'equity').", "--game", "-g",
                  "NAME"),
            Param("street", "How far to look: the next street [default], or from a flop 'river' for every "
                  "two-card runout.", "--street", choices=STREETS)),
    run=_run, view="equity.report.runout:runout_view", engine=True,
    precision="0.25 a card, 1 a two-card runout", pictures=True, progress=("running out", "runouts")))
