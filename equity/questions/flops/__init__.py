"""Range against range on every flop at once (``equity flops``): each flop's equities, live combos and
hits, the weighted mean over the flops beside the preflop equity, and the means by texture.

**Per flop** (a row: a class of flops, or a listed flop; :mod:`equity.questions.flops.sets`): each range's
exact win, tie and equity against the other over every turn and river, card removal per combo (the
same numbers, to the last bit for unweighted ranges, as ``equity HERO vs VILLAIN --board FLOP --exact``),
each range's live combos, and the shares of its live weight that make pair or better, two pair or
better, three of a kind, a straight, a flush, and that hold a flush draw, an open-ended straight draw or
a gutshot (as ``equity hits`` counts them). Asked for Monte Carlo, each flop is a seeded run of its own
(``equity ... --board FLOP --seed S``, its seed in the row).

**Over the flops**: each flop weighs as many flops as its class stands for times its live combo pairs
(each pair's weights multiplied); the weighted mean of the equities over every flop is then the preflop
equity of the same matchup, which is computed on its own (exact) and shown beside it. A flop where a range
has no live combo, or where no pair of live combos is disjoint, is a *blocked* row, left out of the means.
The texture table gives the same weighted means over the flops of each texture.

The counting is the game's (:attr:`~equity.games.base.Game.flops`: hold'em and short deck); flops
go to worker processes or a Dask cluster in groups when asked, with the same numbers.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from equity.cards import format_cards
from equity.engines import exact
from equity.engines.dealing import one_table
from equity.engines.montecarlo import board_seed
from equity.engines.parallel import check_threads
from equity.errors import EquityError, GameError, RangeError, ScenarioError
from equity.games import Game, get_game
from equity.options import RunOptions
from equity.questions.asking.spec import read_spec
from equity.questions.calculate import AUTO_WORK, calculate_scenario, choose
from equity.questions.flops.rows import TEXTURES, FlopRow, FlopsResult, Mean, Side, build_rows, mean, sort_key
from equity.questions.flops.sets import FlopSet, select
from equity.questions.question import Command, Question, Threads, text_key, truth
from equity.ranges import Range
from equity.result import PlayerResult
from equity.scenario import Scenario, cards_out

#: The Monte Carlo precision of each flop when none is given: 0.5 percentage points.
FLOP_PRECISION = 0.005
#: The most work (:attr:`equity.engines.exact.Plan.work`) the preflop enumeration beside the flops may
#: take: 128 times what ``equity`` enumerates unasked, about 5 s on two cores.
PREFLOP_WORK = 128 * AUTO_WORK
#: Flops a group sent to a worker holds (about 20 ms of the pairwise count's work).
GROUP = 64


# ---------------------------------------------------------------------------------------------------------
# Running


def flops(hero: str | Range | None, villain: str | Range | None | int = None, *, flops: str | None = None,
          dead: str | Sequence[int] = "", game: str | Game | None = None, options: RunOptions | None = None,
          workers: int | None = 0, cluster: str | None = None, preflop: bool = True,
          **run: Any) -> FlopsResult:
    """Range against range on every flop (module docstring).

    Args:
        hero, villain: hands or ranges (``"QQ+,AKs"``, ``"AsKs"``, ``"random"`` or None, a
            :class:`~equity.ranges.Range`); the villain also ``1`` (one random hand).
        flops: ``--flops``: flops and textures to narrow the set to (:mod:`equity.questions.flops.sets`);
            None for every flop.
        dead: cards out of play: never on a flop or dealt, held by no combo.
        game: hold'em (the default) or short deck.
        options: :class:`~equity.options.RunOptions`: ``method`` (``"auto"`` and ``"exact"`` count every
            flop exactly; ``"monte-carlo"``, or any of ``trials``, ``precision``, ``time_s``, ``seed``, makes
            each flop a Monte Carlo run of its own, to ``precision`` (default 0.5 points) or ``trials``),
            ``threads``, ``progress`` (called with flops done and the total); its fields may be given as
            keywords too.
        workers, cluster: run the flops in groups on worker processes (``workers=None``: one per core;
            0: this process) or on a Dask cluster (:mod:`equity.questions.asking.cluster`).
        preflop: also compute the exact preflop equity when every flop is asked for.

    Returns:
        The :class:`FlopsResult`.

    Raises:
        GameError: a game ``equity flops`` does not play.
        EquityError: bad input, naming the token: a malformed range or card, a bad ``--flops``, ranges
            that collide on every pair of combos.

    >>> r = flops("AA", "KK", flops="AsKd2c,Ks8h3d")
    >>> [(row.flop, round(row.hero.equity, 4)) for row in r.rows]
    [('AsKd2c', 0.9566), ('Ks8h3d', 0.0859)]
    """
    started = time.perf_counter()
    options = RunOptions.build(options, **run).sized(True)  # every flop at once: a big run
    check_threads(options.threads)
    chosen = get_game(game)
    if chosen.flops is None:
        raise GameError(f"equity flops plays hold'em and short deck, not {chosen.title}")
    scenario = _scenario(hero, villain, dead, chosen)
    mc = options.method == "monte-carlo" or bool(options.monte_carlo_asked)
    if mc:
        choose(scenario, options.replace(method="monte-carlo"))  # checks the Monte Carlo options
    elif options.method not in ("auto", "exact"):
        choose(scenario, options)  # names the bad method
    sides = [_combos(scenario, p) for p in (0, 1)]
    gone = cards_out(chosen, scenario.dead)
    deck = np.flatnonzero(gone == 0).astype(np.uint8)
    chosen_set = select(deck, np.asarray(exact.symmetries(scenario), np.int64), flops, chosen.low_card)
    seed = None
    if mc:
        seed = secrets.randbits(32) if options.seed is None else options.seed
    job = _Job(chosen.name, scenario.players, *sides[0], *sides[1], gone, scenario.dead, mc, seed or 0,
               options.trials, options.precision, options.time_s)
    if options.on_start is not None:
        weighted = not all((w == 1).all() for _, w in sides)
        sizes = [len(c) for c, _ in scenario.ranged()]  # the ranged players (before each flop's cards)
        options.on_start("monte-carlo" if mc else "flops",
                         chosen.simulation_cached(bool(sizes), one_table(sizes)) if mc
                         else chosen.flops.cached(weighted), chosen.title)
    count_start = time.perf_counter()
    counts = _run(job, chosen_set, options, workers, cluster)
    count_s = time.perf_counter() - count_start
    hits = [chosen.flops.hits(chosen_set.flops, c, w, gone) for c, w in sides]
    rows = build_rows(chosen_set, counts, hits, tuple(sides), gone, mc, chosen.low_card)
    result_pre, note = None, None
    if preflop and not chosen_set.narrowed:
        result_pre, note = _preflop(scenario)
    elif preflop:
        note = "not every flop was asked for"
    labels = scenario.labels()
    overall = mean("all flops", rows, range(len(rows)), hits, mc)
    by_texture = []
    for name, test in TEXTURES:
        index = [i for i, r in enumerate(rows) if test(r)]
        if index:
            by_texture.append(mean(name, [rows[i] for i in index], index, hits, mc))
    return FlopsResult(chosen.name, labels[0], labels[1], format_cards(scenario.dead),
                       "monte-carlo" if mc else "exact", tuple(rows), chosen_set.total, chosen_set.deck_flops,
                       chosen_set.symmetries, chosen_set.narrowed, chosen_set.asked, overall,
                       tuple(by_texture),
                       result_pre, note, seed, time.perf_counter() - started, count_s)


def _scenario(hero: Any, villain: Any, dead: Any, game: Game) -> Scenario:
    """The matchup, validated: ranges that can be dealt together (some pair of combos is disjoint)."""
    if isinstance(villain, int) and not isinstance(villain, bool):
        if villain != 1:
            raise ScenarioError(f"equity flops plays one opponent; got {villain} random hands")
        villain = None
    return Scenario.build([hero, villain], dead=dead, game=game,
                          keep_random=True)


def _combos(scenario: Scenario, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """A side's combos (uint8 (n, 2)) and weights before any flop: its range without the dead cards."""
    combos, weights = scenario.combos()[seat]
    return np.ascontiguousarray(combos, np.uint8), np.asarray(weights, np.float64)


@dataclass(frozen=True)
class _Job:
    """What a group of flops needs to be counted anywhere (pickled to workers): the game's name, each
    side's range (as a Scenario holds it) and its combos and weights, the dead and off-deck cards, and the
    Monte Carlo options (``mc`` False: exact)."""

    game: str
    players: tuple[Range | None, Range | None]
    hero: np.ndarray
    hero_w: np.ndarray
    villain: np.ndarray
    villain_w: np.ndarray
    gone: np.ndarray
    dead: tuple[int, ...]
    mc: bool = False
    seed: int = 0
    trials: int | None = None
    precision: float | None = None
    time_s: float | None = None


def count_group(items: list[tuple[_Job, np.ndarray]], threads: Any = None) -> list[Any]:
    """The counts of groups of flops, each ``(job, flops uint8 (n, 3))``: exact, an ``(n, 3)`` array
    (:meth:`~equity.games.base.Flops.counts`); Monte Carlo, per flop ``(players, trials, seed)`` (each
    player's win, tie, equity, stderr and combos) or None where no deal is possible. The job that
    :func:`equity.questions.asking.pool.executor` runs wherever it sends a group."""
    out: list[Any] = []
    for job, group in items:
        game = get_game(job.game)
        if job.mc:
            out.append([_mc_flop(job, game, flop) for flop in group])
        else:
            n = RunOptions(threads=threads).sized(False).threads or 0  # a worker beside others: one
            hero, villain = (job.hero, job.hero_w), (job.villain, job.villain_w)
            out.append(game.flops.counts(group, hero, villain, job.gone, n))
    return out


def _mc_flop(job: _Job, game: Game, flop: np.ndarray) -> Any:
    """A flop's Monte Carlo run, seeded from the run's seed and the flop's cards
    (:func:`~equity.engines.montecarlo.board_seed`): a row is then ``equity HERO vs VILLAIN --board FLOP
    --seed S`` whatever else the run asks."""
    try:
        scenario = Scenario(job.players, tuple(int(c) for c in flop), job.dead, game)
    except RangeError:
        return None
    seed = board_seed(job.seed, flop)
    precision = job.precision
    if precision is None and job.trials is None and job.time_s is None:
        precision = FLOP_PRECISION
    options = RunOptions(method="monte-carlo", trials=job.trials, precision=precision, time_s=job.time_s,
                         seed=seed, threads=1)
    result = calculate_scenario(scenario, options)
    return [(p.win, p.tie, p.equity, p.stderr, p.combos) for p in result.players], result.trials, seed


def _run(job: _Job, chosen: FlopSet, options: RunOptions, workers: int | None,
         cluster: str | None) -> list[Any]:
    """Every row's counts, in order: on this process's threads a group at a time, or the groups on
    workers or a cluster."""
    n = len(chosen.flops)
    progress = options.progress
    groups = [(job, chosen.flops[i:i + GROUP]) for i in range(0, n, GROUP)]
    parts: list[Any] = []
    done = 0
    if not workers and not cluster:
        if progress is None:  # nothing to show between groups: one call, the threads never wait
            groups = [(job, chosen.flops)]
        for item in groups:  # a group at a time on every thread: the progress bar moves
            parts.extend(count_group([item], options.threads))
            done += len(item[1])
            if progress is not None:
                progress(done, n)
    else:
        from equity.questions.asking.pool import executor, ordered_map

        with executor(workers, cluster, count_group) as (submit, _):
            # every group in flight at once (a few dozen, each a job and 64 flops)
            counted = ordered_map(submit, ([item] for item in groups), len(groups))
            for item, part in zip(groups, counted, strict=True):
                parts.extend(part)
                done += len(item[1])
                if progress is not None:
                    progress(done, n)
    if job.mc:
        return [x for part in parts for x in part]
    return list(np.concatenate(parts)) if parts else []


def _preflop(scenario: Scenario) -> tuple[tuple[PlayerResult, PlayerResult] | None, str | None]:
    """The exact preflop result of the matchup when its enumeration is at most :data:`PREFLOP_WORK` (a
    few seconds), else None and why not."""
    pre = Scenario(scenario.players, (), scenario.dead, scenario.game)
    plan = exact.plan_within(pre, PREFLOP_WORK)
    if plan is None:
        return None, "the preflop enumeration is too large to run beside the flops"
    result = exact.enumerate_exact(pre, deals=plan)
    return (result.players[0], result.players[1]), None


# ---------------------------------------------------------------------------------------------------------
# A batch line

_KEYS = ("players", "flops", "dead", "game", "method", "trials", "precision", "time", "seed", "preflop")


def _answer(keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    """A ``flops`` line: the keys of ``equity flops --json``; ``players`` the hero's and the villain's
    ranges, ``flops`` the ``--flops`` text, the rest as for an ``equity`` line."""
    for key in ("board", "categories"):
        if key in keys:
            raise EquityError(f"{key!r} is not read by a flops line: every flop is dealt (narrow them with "
                              "'flops')")
    rest = {k: v for k, v in keys.items() if k not in ("flops", "preflop")}
    spec = read_spec(rest, EquityError, text=as_text)
    if len(spec.players) != 2:
        raise EquityError(f"a flops line has two players, the hero's range and the villain's; got "
                          f"{len(spec.players)}")
    pre = truth("preflop", keys["preflop"], as_text) if "preflop" in keys else True
    options = spec.options.replace(threads=threads).sized(True)
    return flops(spec.players[0], spec.players[1], flops=text_key(keys, "flops", "text"),  # type: ignore[arg-type]
                 dead=spec.dead, game=spec.game, options=options, preflop=bool(pre)).to_dict()


#: ``equity flops``: range against range on every flop.
QUESTION = Question("flops", _KEYS, _answer, command=Command(
    "HERO_RANGE vs VILLAIN_RANGE", "every flop at once: each flop's equities and hits"))

__all__ = ["FLOP_PRECISION", "FlopRow", "FlopsResult", "Mean", "QUESTION", "Side", "count_group",
           "flops", "sort_key"]
