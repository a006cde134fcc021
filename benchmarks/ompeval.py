"""``make bench --section ompeval``: equity beside OMPEval, the C++ engine fast tools are measured against.

OMPEval is built outside the project (:mod:`ompeval_build`, a cache folder) and driven by
:file:`ompeval_driver.cpp`: one process kept running, a JSON answer per workload line with the time it
measured. Each spot runs interleaved with equity's; medians; every ratio is equity's speed over OMPEval's
(above 1.0x: equity is faster). Times are whole calls on both sides (``equity.calculate``; OMPEval's
ranges parsed, calculator built, ``start``, ``wait``, ``getResults``, torn down).

- exact: equities, wins and ties agree to 1e-9, the same boards counted (OMPEval splits ties as equity
  does). A spot's two sides run one after the other, each first in half the rounds; each side's time
  is the geometric mean of its median as first and its median as second (:meth:`Race.matched`), as a
  call of a few tens of microseconds costs more after the other process's larger spot than after its
  same spot. OMPEval's ranges know no ``JJ-99``: it gets the range written out.
- Monte Carlo: trials/s over a fixed count (OMPEval's random walk, ``setHandLimit``: it stops at the
  next 4,096-hand batch past it, and its rate counts the hands it did); equities within 4 standard
  errors (OMPEval's from its counts by winner set, or its batch estimate for player 1 if larger).
- precision: ``AsKs vs 2`` to a 0.05-point standard error, equity's ``precision=0.0005`` against
  OMPEval's ``stdevTarget=0.0005`` (checked every 2 ms); both times are scaled to exactly that error
  (time x (error / 0.0005)^2, the largest player's error) before they are compared.
- the raw evaluator (OMPEval's HandEvaluator, a Hand built from 7 card bytes, against equity's kernel
  on the same hands), ``equity.evaluate_many`` against that kernel, and the command line's start-up.
"""

from __future__ import annotations

import compileall
import json
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numba
import numpy as np
import ompeval_build
from common import BIN, chunk_runs, interleaved, interleaved_samples, random_hands, row, verdict, wall

import equity
from equity.evaluators import tables
from equity.evaluators.gathers import GATHERS, WIDTH
from equity.evaluators.high import _evaluate_rows

#: Monte Carlo trials per timed call.
TRIALS = 4_000_000
EXACT_TOL, MC_SIGMAS, PRECISION = 1e-9, 4.0, 0.0005
#: What every Monte Carlo row must reach, as equity's speed over OMPEval's (issue 57).
MC_TARGET = 1.3
#: Exact spots: label, our players, OMPEval's ranges ("|" between players), board, thread counts.
EXACT = (
    ("AsKs vs QdQc preflop", ["AsKs", "QdQc"], "AsKs|QdQc", "", (1,)),
    ("AKs vs QQ", ["AKs", "QQ"], "AKs|QQ", "", (1, 2)),
    ("QQ+,AKs vs JJ-99,AQs+", ["QQ+,AKs", "JJ-99,AQs+"], "QQ+,AKs|JJ,TT,99,AQs+", "", (1, 2)),
    ("AsKs vs QdQc vs random, Th9h2c", ["AsKs", "QdQc", "random"], "AsKs|QdQc|random", "Th9h2c", (1,)),
    ("AsKs vs QdQc vs Jh8h, Th9h2c", ["AsKs", "QdQc", "Jh8h"], "AsKs|QdQc|Jh8h", "Th9h2c", (1,)),
)
SLOW = (("AsKs vs 1 random preflop", ["AsKs", "random"], "AsKs|random", "", (1, 2)),)
#: Monte Carlo spots: label, our players, OMPEval's ranges, thread counts.
MC = (
    ("AsKs vs 1 random", ["AsKs", 1], "AsKs|random", (1, 2)),
    ("AsKs vs 2 random", ["AsKs", 2], "AsKs|random|random", (1,)),
    ("AsKs vs 5 random", ["AsKs", 5], "|".join(["AsKs"] + ["random"] * 5), (1,)),
    ("QQ+,AKs vs JJ-99,AQs+ vs random", ["QQ+,AKs", "JJ-99,AQs+", "random"], "QQ+,AKs|JJ,TT,99,AQs+|random",
     (1,)),
)


class Driver:
    """The running driver: :meth:`ask` writes it a workload line and reads its JSON answer."""

    def __init__(self, path: Path) -> None:
        proc = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdin is not None and proc.stdout is not None
        self.proc, self.stdin, self.stdout = proc, proc.stdin, proc.stdout

    def ask(self, line: str) -> dict[str, Any]:
        self.stdin.write(line + "\n")
        self.stdin.flush()
        text = self.stdout.readline()
        if not text:
            raise RuntimeError(f"the driver died (exit {self.proc.wait()}) on `{line}`")
        answer = json.loads(text)
        if "error" in answer:
            raise RuntimeError(f"OMPEval on `{line}`: {answer['error']}")
        return answer


@dataclass
class Race:
    """One spot's runs: our seconds and results, OMPEval's answers (none without the driver)."""

    secs: list[float] = field(default_factory=list)
    ours: list[Any] = field(default_factory=list)
    theirs: list[dict[str, Any]] = field(default_factory=list)

    def median(self, key: str = "wall_s") -> float:
        """OMPEval's median of a time the driver measured."""
        return statistics.median(a[key] for a in self.theirs)

    def matched(self) -> tuple[float, float]:
        """Our seconds and OMPEval's, each side's the geometric mean of its median in the rounds it ran
        first and its median in the rounds it ran second (:meth:`Bench.race`). So each side's time
        weighs both places alike, and the ratio of the two is the geometric mean of the ratio with
        equity first and OMPEval second and the ratio with OMPEval first and equity second."""
        def both(times: list[float]) -> float:
            return math.sqrt(statistics.median(times[0::2]) * statistics.median(times[1::2]))

        return both(self.secs), both([a["wall_s"] for a in self.theirs])


@dataclass
class Bench:
    """The section's state: the driver (None: OMPEval skipped), the ratios and the disagreements."""

    repeat: int
    driver: Driver | None
    cores: int
    ratios: list[float] = field(default_factory=list)
    met: list[bool] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def race(self, spots: dict[Any, tuple[Callable[[], Any], str]], repeat: int) -> dict[Any, Race]:
        """Each spot's runs: equity's call and OMPEval's workload line, spot after spot, ``repeat``
        rounds; the two sides of a spot run one after the other, equity first in even rounds and OMPEval
        first in odd ones, in an even number of rounds (``repeat`` rounded up). So each side follows
        the other's run of the same spot as often as the other's run of the spot before: a small spot
        finds warmer caches after the same spot than after a larger one, the other process having run
        on the same core (the 903-board spot: equity's call about 50 us after OMPEval's same spot and 80
        us after OMPEval's larger one; OMPEval's 40-70 us after equity's same spot and 70-200 us after a
        larger one, on 2026-11-25). With one order only, equity's side always came second; with an odd
        number of rounds, one side came first once more than the other."""
        repeat += repeat % 2  # as many rounds with each side first
        races = {name: Race() for name in spots}
        calls: dict[Any, list[tuple[list[float], Callable[[], None]]]] = {}
        driver = self.driver
        for name, (fn, line) in spots.items():
            fn()  # compile, page in
            race = races[name]
            calls[name] = [(race.secs, lambda r=race, fn=fn: r.ours.append(fn()))]
            if driver is not None:
                driver.ask(line)
                calls[name].append(([], lambda r=race, line=line: r.theirs.append(driver.ask(line))))
        for r in range(repeat):
            for sides in calls.values():
                for secs, call in sides if r % 2 == 0 else sides[::-1]:
                    t = time.perf_counter()
                    call()
                    secs.append(time.perf_counter() - t)
        return races

    def versus(self, ratio: float, theirs: str, target: float = 1.0) -> str:
        """Counts an equity row's ratio against its target (1.3x for a Monte Carlo row, issue 57); the
        note's start."""
        self.ratios.append(ratio)
        self.met.append(ratio >= target)
        return f"OMPEval {theirs}: {ratio:.2f}x, " + verdict(ratio >= target) + f" (>= {target:.1f}x)"

    def agree(self, ours: Any, raw: dict[str, Any], what: str) -> str:
        """Whether every Monte Carlo equity is within :data:`MC_SIGMAS` standard errors of the difference."""
        gap = max(abs(p.equity - q) / math.hypot(p.stderr, s)
                  for p, q, s in zip(ours.players, raw["equity"], _errors(raw), strict=True))
        if gap <= MC_SIGMAS:
            return f"agree ({gap:.1f} SE)"
        self.failures.append(what)
        return f"DISAGREES ({gap:.1f} SE)"


def _threads(t: int) -> str:
    return f"{t} thread{'s' if t > 1 else ''}"


def _errors(raw: dict[str, Any]) -> list[float]:
    """OMPEval's standard errors: from the counts, or its batch estimate for player 1 where that is
    larger (its random walk's trials are not quite independent)."""
    return [max(se, raw["stdev"]) if i == 0 else se for i, se in enumerate(raw["se"])]


def bench_ompeval(repeat: int) -> None:
    path, note = ompeval_build.build()
    b = Bench(repeat, Driver(path) if path is not None else None, numba.get_num_threads())
    print(f"equity beside OMPEval (C++, {'zekyll/OMPEval 4aec210' if b.driver else 'skipped'}; whole calls, "
          "medians of interleaved runs; ratio = equity's speed / OMPEval's)")
    row("OMPEval build", "" if b.driver else "SKIPPED", note)
    try:
        _exact(b)
        _monte_carlo(b)
        _breakdown(b)
        _precision(b)
        if b.ratios:
            gm = math.exp(sum(math.log(r) for r in b.ratios) / len(b.ratios))
            ahead = sum(b.met)
            row(f"equity rows at their targets: {ahead} of {len(b.ratios)}", f"{min(b.ratios):.2f}x worst",
                verdict(ahead == len(b.ratios)) + " (exact >= 1.0x, Monte Carlo >= 1.3x)")
            row(f"geometric mean of the {len(b.ratios)} equity rows", f"{gm:.2f}x",
                verdict(gm >= 1.3) + " (>= 1.3x)")
        _evaluator(b)
    except RuntimeError as exc:
        print(f"  !! OMPEval stopped the section: {exc}")
    finally:
        if b.driver is not None:
            b.driver.stdin.close()
            b.driver.proc.wait()
    _startup(b, path)
    if b.failures:
        print(f"  !! equity and OMPEval DISAGREE on: {'; '.join(b.failures)}")
    print()


def _exact(b: Bench) -> None:
    print("  exact enumeration (ms)")
    # The small spots' medians come from more rounds (the first set's run costs some 0.25 s a round).
    for spots, repeat in ((EXACT, 4 * b.repeat), (SLOW, max(1, b.repeat // 2))):
        cases = {(label, t): (lambda p=players, board=board, t=t: equity.calculate(p, board, method="exact",
                                                                                     threads=t),
                              f"mode=exact ranges={ranges} board={board} threads={t}")
                 for label, players, ranges, board, thread_counts in spots for t in thread_counts}
        for (label, t), race in b.race(cases, repeat).items():
            secs, ours = statistics.median(race.secs), race.ours[-1]
            note = f"{ours.trials:,} boards"
            if race.theirs:
                raw = race.theirs[-1]
                secs, omp_secs = race.matched()
                diff = max(abs(getattr(p, k) - raw[k][i]) for i, p in enumerate(ours.players)
                           for k in ("equity", "win", "tie"))
                same = diff <= EXACT_TOL and raw["hands"] == ours.trials
                if not same:
                    b.failures.append(f"exact {label}, {_threads(t)}")
                best = min(a["wall_s"] for a in race.theirs) / min(race.secs)
                note = (b.versus(omp_secs / secs, f"{omp_secs * 1e3:.2f} ms") + f", best runs {best:.2f}x; "
                        f"{note}, max diff {diff:.0e}: "
                        + ("agree" if same else f"DISAGREES (OMPEval {raw['hands']:,} boards)"))
            row(f"{label}, {_threads(t)}", f"{secs * 1e3:.2f} ms", note)


def _monte_carlo(b: Bench) -> None:
    print(f"  Monte Carlo, preflop ({TRIALS / 1e6:.0f} M trials a call, seed 1; OMPEval: setHandLimit)")
    cases = {(label, t): (lambda p=players, t=t: equity.calculate(p, method="monte-carlo", trials=TRIALS,
                                                                  seed=1, threads=t),
                          f"mode=mc ranges={ranges} hands={TRIALS} threads={t}")
             for label, players, ranges, thread_counts in MC for t in thread_counts}
    for (label, t), race in b.race(cases, b.repeat).items():
        ours = race.ours[-1]
        rate = ours.trials / statistics.median(race.secs)
        note = ""
        if race.theirs:
            raw = race.theirs[-1]
            theirs = statistics.median(a["hands"] / a["wall_s"] for a in race.theirs)
            spoken = f"{theirs / 1e6:.1f} M/s ({raw['hands']:,} hands)"
            note = (b.versus(rate / theirs, spoken, MC_TARGET) + "; "
                    + b.agree(ours, raw, f"Monte Carlo {label}, {_threads(t)}"))
        row(f"{label}, {_threads(t)}", f"{rate / 1e6:.1f} M/s", note)


#: A twin of the ranged spot with the same range sizes (22 and 26 combos) and no card two ranges share:
#: its draws never collide, so the ranged spot's extra time over it is the card conflicts'.
CONFLICT_FREE = ["AA-QQ,AKs", "JJ-99,T9s,87s", None]


def _breakdown(b: Bench) -> None:
    """Where a Monte Carlo trial's time goes, 1 thread, each stage timed as the chunk kernel stopped after
    it (``Deal.stages``): the ranged players' draws (alias tables, their conflicts), the deck (the RNG and
    the cards past the held ones), the board's walk, the players' hands (evaluation), the scoring
    (tallying). Where the kernel walks each seat's seven cards as vectors (AVX-512) the board's walk is
    part of the hands' stage, and the same spot's time by the DAG's steps from the board's state (the
    path without AVX-512) is printed beside it."""
    from equity.engines.montecarlo import CHUNK
    from equity.games.holdem.montecarlo import run_chunks
    from equity.scenario import Scenario

    print("  where a Monte Carlo trial's time goes (ns/trial, 1 thread; each stage timed as the kernel "
          "stopped after it)")
    n_chunks = 61  # 1 M trials
    spots = {label: [p for p in players if isinstance(p, str)] + [None] * sum(p for p in players
                                                                            if isinstance(p, int))
             for label, players, _, _ in MC}
    spots["(the ranged spot's conflict-free twin)"] = CONFLICT_FREE
    fns = {(label, k): chunk_runs(run_chunks, Scenario.build(players), n_chunks, 1, k)
           for label, players in spots.items() for k in range(5)}
    if GATHERS:  # the same spots by the DAG's steps (stage 5: the whole trial)
        fns |= {(label, 5): chunk_runs(run_chunks, Scenario.build(players), n_chunks, 1, 4, vector=False)
                for label, players in spots.items()}
    for fn in fns.values():
        fn()
    ns = {key: secs * 1e9 / (n_chunks * CHUNK) for key, secs in interleaved(fns, b.repeat).items()}
    names = ("ranged draws", "deck", "board walk", "players' hands", "scoring")
    for label in spots:
        parts = [ns[(label, 0)]] + [ns[(label, k)] - ns[(label, k - 1)] for k in range(1, 5)]
        total = ns[(label, 4)]
        pairs = list(zip(names, parts, strict=True))
        if GATHERS:
            pairs[2:4] = [("players' hands (as vectors, the board's share once)", parts[2] + parts[3])]
        note = ", ".join(f"{n} {v:.1f} ({v / total:.0%})" for n, v in pairs)
        if GATHERS:
            steps = ns[(label, 5)]
            note += f"; by the DAG's steps from the board {steps:.1f} ns ({steps / total:.2f}x)"
        row(f"  {label}", f"{total:.1f} ns", note)
    ranged = next(label for label, players, _, _ in MC if "QQ+" in str(players))
    conflicts = ns[(ranged, 0)] - ns[("(the ranged spot's conflict-free twin)", 0)]
    row("  the ranged spot's card conflicts", f"{conflicts:.1f} ns",
        "its ranged draws over the twin's: none since 0.5.0, the joint table lists no way that shares a card")


def _precision(b: Bench) -> None:
    print(f"  precision: AsKs vs 2 random to a {100 * PRECISION:.2f}-point standard error (compute time, "
          "both scaled to exactly that error)")
    label = f"precision={PRECISION}, .elapsed_s, {_threads(b.cores)}"
    case = {label: (lambda: equity.calculate(["AsKs", 2], precision=PRECISION),
                    f"mode=mc ranges=AsKs|random|random stdev={PRECISION} interval=0.002 threads={b.cores}")}
    race = b.race(case, 2 * b.repeat)[label]

    def needed(runs: list[tuple[float, float]]) -> float:
        """Median seconds scaled to the target error (trials go as 1 / error^2)."""
        return statistics.median(s * (e / PRECISION) ** 2 for s, e in runs)

    ours = needed([(r.elapsed_s, max(p.stderr for p in r.players)) for r in race.ours])
    last = race.ours[-1]
    note = (f"equity {statistics.median(r.elapsed_s for r in race.ours) * 1e3:.1f} ms unscaled, "
            f"{last.trials:,} trials, error {100 * max(p.stderr for p in last.players):.4f} pt")
    if race.theirs:
        raw = race.theirs[-1]
        theirs = needed([(a["compute_s"], max(_errors(a))) for a in race.theirs])
        note = (b.versus(theirs / ours, f"{theirs * 1e3:.1f} ms", MC_TARGET) + f"; {note}; OMPEval "
                f"{race.median('compute_s') * 1e3:.1f} ms unscaled, {raw['hands']:,} hands, error "
                f"{100 * max(_errors(raw)):.4f} pt; " + b.agree(last, raw, "Monte Carlo to a precision"))
    row(label, f"{ours * 1e3:.1f} ms", note)


def _same_order(classes: np.ndarray, ranks: np.ndarray) -> bool:
    """Whether OMPEval's ranks (higher is better) order the hands exactly as equity's classes (1 is best)."""
    pairs = np.unique(np.stack([ranks.astype(np.int64), classes.astype(np.int64)], axis=1), axis=0)
    return (len(np.unique(pairs[:, 0])) == len(pairs) == len(np.unique(pairs[:, 1]))
            and bool(np.all(np.diff(pairs[:, 1]) < 0)))


def _evaluator(b: Bench) -> None:
    n = 4_000_000
    print(f"  raw evaluator: {n / 1e6:.0f} M random 7-card hands, 1 thread (M evaluations/s)")
    hands = random_hands(n)  # card = 4 * rank + suit in both (their suits in another order: no matter)
    t = tables.get()
    out = np.empty(n, np.int16)
    _evaluate_rows(hands[:10], t, out[:10])
    equity.evaluate_many(hands[:10], parallel=False)
    theirs: list[dict[str, Any]] = []
    fns: dict[str, Callable[[], object]] = {"kernel": lambda: _evaluate_rows(hands, t, out),
                                            "many": lambda: equity.evaluate_many(hands, parallel=False)}
    if GATHERS:  # the scalar lanes beside the vectors (without AVX-512 they are the kernel itself)
        spare = np.empty(n, np.int16)
        _evaluate_rows(hands[:10], t, spare[:10], gathers=False)
        fns["lanes"] = lambda: _evaluate_rows(hands, t, spare, gathers=False)
    with tempfile.TemporaryDirectory() as tmp:
        source, ranks_path = Path(tmp) / "hands.u8", Path(tmp) / "ranks.u16"
        hands.tofile(source)
        driver = b.driver
        if driver is not None:
            first = driver.ask(f"mode=eval file={source} out={ranks_path}")
            ranks = np.fromfile(ranks_path, np.uint16)
            fns["omp"] = lambda: theirs.append(driver.ask(f"mode=eval file={source}"))
        samples = interleaved_samples(fns, 2 * b.repeat)
    kernel, many = (statistics.median(samples[k]) for k in ("kernel", "many"))
    note = ""
    if theirs:
        same = _same_order(out, ranks) and int(ranks.astype(np.uint64).sum()) == first["checksum"]
        if not same:
            b.failures.append("the raw evaluator's order of the hands")
        omp1, omp2 = (statistics.median(a[k] for a in theirs) for k in ("rand1_s", "rand2_s"))
        note = (f"OMPEval HandEvaluator {n / omp1 / 1e6:.1f} M/s: {omp1 / kernel:.2f}x, "
                + verdict(omp1 / kernel >= 1.0) + f" (>= 1.0x); checksum {first['checksum']}, "
                + ("same order of all hands: agree" if same else "DISAGREES on the order of the hands"))
    how = f"{WIDTH}-hand vectors, AVX-512" if GATHERS else "scalar lanes, no AVX-512 here"
    row(f"equity kernel (_evaluate_rows: {how}), 1 thread", f"{n / kernel / 1e6:.1f} M/s", note)
    if GATHERS:
        lanes = statistics.median(samples["lanes"])
        row("  the same kernel's scalar lanes (gathers=False)", f"{n / lanes / 1e6:.1f} M/s",
            f"the vectors walk at {lanes / kernel:.2f}x their rate"
            + (f"; the lanes at {omp1 / lanes:.2f}x OMPEval's" if theirs else ""))
    if theirs:
        row("  OMPEval from pre-built Hand objects (Rand2)", f"{n / omp2 / 1e6:.1f} M/s",
            f"equity's kernel is {omp2 / kernel:.2f}x its rate")
    row("equity.evaluate_many(hands, parallel=False)", f"{n / many / 1e6:.1f} M/s",
        f"{many / kernel:.2f}x the kernel's time, " + verdict(many <= 1.5 * kernel) + " (<= 1.5x)")


def _startup(b: Bench, path: Path | None) -> None:
    print("  start-up (wall, warm caches: numba's and Python's bytecode)")
    # As pip installs a package: its modules' bytecode compiled. An editable install under
    # PYTHONDONTWRITEBYTECODE (as on the benchmark machine) would compile every module from source on
    # every run, some 35 ms that no installed copy pays; numba's own bytecode is there already.
    compileall.compile_dir(str(Path(equity.__file__).parent), quiet=1)
    equity_bin = shutil.which("equity", path=str(BIN)) or "equity"
    fns = {"numba": wall([sys.executable, "-c", "import numba"]),
           "cli": wall([equity_bin, "AsKs", "vs", "2", "--board", "Th9h2c"])}
    if path is not None:
        fns["omp"] = wall([str(path), "mode=mc", "ranges=AsKs|random|random", "board=Th9h2c",
                           f"stdev={PRECISION}", "interval=0.002", f"threads={b.cores}"])
    for fn in fns.values():
        fn()
    walls = interleaved(fns, b.repeat + 2)
    ratio = walls["cli"] / walls["numba"]
    row("`python -c 'import numba'`", f"{walls['numba'] * 1e3:.0f} ms", "baseline")
    row("`equity AsKs vs 2 --board Th9h2c`", f"{walls['cli'] * 1e3:.0f} ms",
        f"{ratio:.2f}x the import, " + verdict(ratio <= 1.5) + " (<= 1.5x)")
    if "omp" in walls:
        row("  OMPEval driver, same spot and error", f"{walls['omp'] * 1e3:.0f} ms",
            f"equity's command is {walls['cli'] / walls['omp']:.0f}x its wall")
