"""``make bench SECTION=query``: ``equity query`` (the Poker Query Language), each query beside the
``equity`` call that asks the same and beside a straightforward per-deal evaluation, measured in the same
run.

The target, as the issue puts it: a query that asks what ``equity X vs Y`` asks costs about what that
command costs. Here: the query's time at most :data:`QUERY_RATIO` times the ``equity.calculate`` call's,
flagged where it is more. The machine is shared and noisy, so every figure is the best of ``--repeat``
interleaved runs, and a call of a few milliseconds is timed as a batch of calls filling about
:data:`BATCH_S` seconds. Every function is called once before it is timed (JIT compiling is not timed).

1. Flop, range: :data:`FLOP_QUERY` (exact, 12,870 deals) beside ``equity.calculate(["AhKd", "QQ+,77"],
   "Kh7d2c", method="exact")`` and beside the per-deal loop: every villain combo x turn x river, both hands
   evaluated one at a time with :func:`equity.evaluators.high.evaluate` in plain Python. The three equities
   must agree (the query's and the loop's exactly, as fractions). The query runs on the equity engines
   (it asks what the command asks); the same query counted deal by deal by the query's own enumeration
   (``engines=False``) is timed beside it, in cases 1 and 2. Then the two commands as whole processes
   (``equity query ... --exact --json`` beside ``equity AhKd vs QQ+,77 --board Kh7d2c --exact --json``).
2. Preflop, fixed hands: :data:`PREFLOP_QUERY` (exact, 1,712,304 boards) beside ``equity.calculate`` of
   AhKd vs QsQc exact (its small-spot path) and equity's general exact engine; the per-deal loop on
   :data:`PREFLOP_SAMPLE` boards drawn at random (seeded), its time extrapolated to every board and its
   equity checked within 5 standard errors of the exact one.
3. A street query: :data:`STREET_QUERY`, Monte Carlo, :data:`STREET_TRIALS` trials from seed 1 (each
   trial's flop equity counts its 990 turn-and-river completions exactly): trials a second, beside the
   straightforward way, one ``equity.calculate(..., flop, method="exact")`` per dealt flop, on
   :data:`STREET_SAMPLE` dealt flops, extrapolated to as many trials.
4. Omaha hi-lo, fixed hands on a flop: :data:`OMAHA_QUERY` (exact) beside ``equity.calculate`` with
   ``game="omaha-hilo"``; the equities and the scoop shares must agree.
"""

from __future__ import annotations

import math
import random
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations

from common import BIN, interleaved_samples, row, verdict

import equity
from equity.evaluators.high import evaluate
from equity.options import RunOptions
from equity.questions.calculate import calculate_scenario
from equity.questions.query.run import run_query
from equity.scenario import Scenario

#: The most time a query may take as a multiple of the ``equity.calculate`` call that asks the same.
QUERY_RATIO = 3.0
#: A call shorter than this is timed as a batch of calls about this long.
BATCH_S = 0.05
FLOP_QUERY = "select avg(riverEquity(hero)) from hero='AhKd', villain='QQ+,77', board='Kh7d2c'"
PREFLOP_QUERY = "select avg(riverEquity(hero)) from hero='AhKd', villain='QsQc'"
STREET_QUERY = ("select avg(equity(hero, flop)) as fe, count(minHandType(villain, flop, trips)) "
                "from hero='AhKd', villain='QQ+,77'")
OMAHA_QUERY = ("select avg(riverEquity(hero)), count(scoops(hero)) from game='omaha8', hero='As2s3dKd', "
               "villain='QhQdJcTc', board='4h7c9s'")
#: Boards the preflop per-deal loop evaluates (drawn from seed 2026), and its extrapolation's whole.
PREFLOP_SAMPLE, PREFLOP_BOARDS = 20_000, 1_712_304
#: The street query's trials, and the dealt flops its baseline times.
STREET_TRIALS, STREET_SAMPLE = 20_000, 5_000
EXACT = RunOptions(method="exact")


def _best(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Seconds one call of each (already warm) function takes: the best of ``repeat`` interleaved
    samples, each sample a batch of calls filling about :data:`BATCH_S` seconds."""
    calls = {}
    for name, fn in fns.items():
        start = time.perf_counter()
        fn()
        calls[name] = max(1, math.ceil(BATCH_S / max(time.perf_counter() - start, 1e-7)))

    def batch(fn: Callable[[], object], k: int) -> Callable[[], None]:
        def run() -> None:
            for _ in range(k):
                fn()

        return run

    samples = interleaved_samples({name: batch(fn, calls[name]) for name, fn in fns.items()}, repeat)
    return {name: min(ts) / calls[name] for name, ts in samples.items()}


def _target(query_s: float, equity_s: float) -> str:
    ratio = query_s / equity_s
    shown = f"{ratio:.2f}" if ratio < 10 else f"{ratio:.0f}"
    return f"{shown}x the equity call; " + verdict(ratio <= QUERY_RATIO) + f" (<= {QUERY_RATIO:g}x)"


def _showdowns(hero: list[int], villains: list[list[int]], board: list[int],
               runouts: list[tuple[int, ...]]) -> tuple[int, int, int]:
    """The per-deal loop: (wins, ties, deals) of ``hero`` over every villain hand x runout that shares no
    card with another, each hand evaluated alone."""
    wins = ties = deals = 0
    for villain in villains:
        for runout in runouts:
            if set(villain) & set(runout):
                continue
            cards = board + list(runout)
            h, v = evaluate(hero + cards), evaluate(villain + cards)
            wins += h < v
            ties += h == v
            deals += 1
    return wins, ties, deals


def _villains(text: str, out: list[int]) -> list[list[int]]:
    return [c for c in (list(map(int, x)) for x in equity.parse_range(text).combos) if not set(c) & set(out)]


def bench_query(repeat: int) -> None:
    print(f"equity query: each query beside the equity call that asks the same (best of {repeat} interleaved "
          "runs; target: a query <= "
          f"{QUERY_RATIO:g}x its equity call) and beside a plain Python per-deal loop")
    _flop(repeat)
    _preflop(repeat)
    _street(repeat)
    _omaha(repeat)
    print()


def _flop(repeat: int) -> None:
    print("  1. AhKd vs QQ+,77 on Kh7d2c, exact: " + FLOP_QUERY)
    hero, board = equity.parse_cards("AhKd"), equity.parse_cards("Kh7d2c")
    villains = _villains("QQ+,77", hero + board)
    rest = [c for c in range(52) if c not in hero + board]
    runouts = list(combinations(rest, 2))
    found: dict[str, object] = {}
    fns = {
        "query": lambda: found.__setitem__("query", run_query(FLOP_QUERY, EXACT)),
        "own": lambda: found.__setitem__("own", run_query(FLOP_QUERY, EXACT, engines=False)),
        "equity": lambda: found.__setitem__("equity", equity.calculate(["AhKd", "QQ+,77"], "Kh7d2c",
                                                                       method="exact")),
        "loop": lambda: found.__setitem__("loop", _showdowns(hero, villains, board, runouts)),
    }
    for fn in fns.values():
        fn()
    s = _best(fns, repeat)
    sel = found["query"].statements[0].selectors[0]  # type: ignore[attr-defined]
    deals = found["query"].statements[0].deals  # type: ignore[attr-defined]
    eq = found["equity"].players[0].equity  # type: ignore[attr-defined]
    wins, ties, n = found["loop"]  # type: ignore[misc]
    loop_eq = Fraction(2 * wins + ties, 2 * n)
    agree = (sel.fraction is not None and Fraction(sel.fraction) == loop_eq and n == deals
             and abs(eq - sel.value) <= 1e-12)
    row(f"query, {deals:,} deals", f"{s['query'] * 1e3:.2f} ms", _target(s["query"], s["equity"]))
    row("  equity.calculate, exact", f"{s['equity'] * 1e3:.2f} ms", "baseline")
    own = found["own"].statements[0].selectors[0]  # type: ignore[attr-defined]
    row("  the query counted deal by deal (engines=False)", f"{s['own'] * 1e3:.2f} ms",
        f"{s['own'] / s['equity']:.1f}x the equity call; " + ("agrees" if own.fraction == sel.fraction
                                                              else "DISAGREES"))
    row("  per-deal loop, 2 evaluate() calls a deal", f"{s['loop'] * 1e3:.1f} ms",
        f"{n:,} deals; {s['loop'] / s['query']:.0f}x the query's time, {s['loop'] / s['own']:.0f}x "
        "its own count's")
    row("  hero's equity: query / equity / loop", f"{sel.value:.6f}",
        f"{eq:.6f} / {float(loop_eq):.6f} ({sel.fraction}); " + ("agree" if agree else "DISAGREE"))
    _commands(repeat)


def _has_query_command(cmd: list[str]) -> bool:
    done = subprocess.run([*cmd, "query", "--help"], capture_output=True, text=True)
    return done.returncode == 0 and "equity query" in done.stdout.split("\n", 1)[0]


def _commands(repeat: int) -> None:
    """The two commands as whole processes (JIT cache warm), best of a few interleaved runs."""
    found = shutil.which("equity", path=str(BIN))
    cmd = [found] if found else [str(BIN / "python"), "-m", "equity"]
    if not _has_query_command(cmd):
        print("  (no `equity query` command here: the whole-process rows are left out)")
        return
    runs = {"query": [*cmd, "query", FLOP_QUERY, "--exact", "--json"],
            "equity": [*cmd, "AhKd", "vs", "QQ+,77", "--board", "Kh7d2c", "--exact", "--json"]}

    def wall(args: list[str]) -> Callable[[], None]:
        return lambda: subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    fns = {name: wall(args) for name, args in runs.items()}
    for fn in fns.values():
        fn()
    samples = interleaved_samples(fns, max(2, min(repeat, 3)))
    q, e = min(samples["query"]), min(samples["equity"])
    row("  `equity query ... --exact --json` wall", f"{q * 1e3:.0f} ms", _target(q, e))
    row("  `equity HERO vs VILLAIN --board ...` wall", f"{e * 1e3:.0f} ms",
        "baseline: " + " ".join(runs["equity"][len(cmd):]))


def _preflop(repeat: int) -> None:
    print("  2. AhKd vs QsQc preflop, exact: " + PREFLOP_QUERY)
    hero, villain = equity.parse_cards("AhKd"), equity.parse_cards("QsQc")
    rest = [c for c in range(52) if c not in hero + villain]
    rng, boards = random.Random(2026), set()
    while len(boards) < PREFLOP_SAMPLE:
        boards.add(tuple(sorted(rng.sample(rest, 5))))
    sample = sorted(boards)
    scenario = Scenario.build(["AhKd", "QsQc"])
    found: dict[str, object] = {}
    fns = {
        "query": lambda: found.__setitem__("query", run_query(PREFLOP_QUERY, EXACT)),
        "own": lambda: found.__setitem__("own", run_query(PREFLOP_QUERY, EXACT, engines=False)),
        "equity": lambda: found.__setitem__("equity", equity.calculate(["AhKd", "QsQc"], method="exact")),
        "engine": lambda: found.__setitem__("engine", calculate_scenario(scenario, EXACT)),
        "loop": lambda: found.__setitem__("loop", _showdowns(hero, [villain], [], sample)),
    }
    for fn in fns.values():
        fn()
    s = _best(fns, max(2, min(repeat, 3)))
    st = found["query"].statements[0]  # type: ignore[attr-defined]
    sel = st.selectors[0]
    eq = found["equity"].players[0].equity  # type: ignore[attr-defined]
    engine_eq = found["engine"].players[0].equity  # type: ignore[attr-defined]
    wins, ties, n = found["loop"]  # type: ignore[misc]
    loop_eq = (wins + ties / 2) / n
    se = math.sqrt(sel.value * (1 - sel.value) / n)
    whole = s["loop"] * PREFLOP_BOARDS / n
    row(f"query, {st.deals:,} boards", f"{s['query']:.3f} s", _target(s["query"], s["equity"]))
    row("  equity.calculate, exact (small-spot path)", f"{s['equity'] * 1e3:.2f} ms", "baseline")
    row("  equity's general exact engine", f"{s['engine'] * 1e3:.2f} ms",
        f"the query takes {s['query'] / s['engine']:.0f}x its time")
    own = found["own"].statements[0].selectors[0]  # type: ignore[attr-defined]
    row("  the query counted deal by deal (engines=False)", f"{s['own']:.3f} s",
        f"{st.deals / s['own'] / 1e6:.1f} M boards/s; " + ("agrees" if own.fraction == sel.fraction
                                                           else "DISAGREES"))
    row(f"  per-deal loop, {n:,} random boards", f"{s['loop']:.3f} s",
        f"extrapolated to every board: {whole:.1f} s, {whole / s['query']:.0f}x the query's time, "
        f"{whole / s['own']:.0f}x its own count's")
    agree = abs(eq - sel.value) <= 1e-12 and abs(engine_eq - sel.value) <= 1e-12
    near = abs(loop_eq - sel.value) <= 5 * se
    row("  hero's equity: query / equity / engine", f"{sel.value:.6f}",
        f"{eq:.6f} / {engine_eq:.6f} ({sel.fraction}); " + ("agree" if agree else "DISAGREE"))
    row("  the loop's sample equity", f"{loop_eq:.6f}",
        f"{(loop_eq - sel.value) / se:+.1f} standard errors from exact; "
        + ("within 5" if near else "NOT within 5"))


def _street(repeat: int) -> None:
    print(f"  3. a street query, Monte Carlo, {STREET_TRIALS:,} trials, seed 1: " + STREET_QUERY)
    options = RunOptions(trials=STREET_TRIALS, seed=1)
    hero = equity.parse_cards("AhKd")
    villains = _villains("QQ+,77", hero)
    rng = random.Random(2026)
    deals = []
    for _ in range(STREET_SAMPLE):
        villain = rng.choice(villains)
        flop = rng.sample([c for c in range(52) if c not in hero + villain], 3)
        deals.append(([equity.format_cards(hero), equity.format_cards(villain)], equity.format_cards(flop)))
    found: dict[str, object] = {}

    def per_flop() -> None:
        found["flops"] = [equity.calculate(players, flop, method="exact").players[0].equity
                          for players, flop in deals]

    fns = {"query": lambda: found.__setitem__("query", run_query(STREET_QUERY, options)), "flops": per_flop}
    for fn in fns.values():
        fn()
    samples = interleaved_samples(fns, max(2, min(repeat, 3)))
    q, f = min(samples["query"]), min(samples["flops"]) * STREET_TRIALS / STREET_SAMPLE
    st = found["query"].statements[0]  # type: ignore[attr-defined]
    fe, trips = st.selectors
    row(f"query, {st.trials:,} trials", f"{st.trials / q:,.0f} trials/s",
        f"{q:.2f} s; {st.trials * 990 * 2 / q / 1e6:.1f} M hand evaluations/s in its flop equities")
    rate = STREET_SAMPLE / min(samples["flops"])
    row("  equity.calculate per dealt flop, exact", f"{rate / 1e3:,.0f} k flops/s",
        f"{STREET_SAMPLE:,} flops timed; extrapolated to {STREET_TRIALS:,}: {f:.2f} s, "
        f"{f / q:.2f}x the query's time")
    flop_eqs: list[float] = found["flops"]  # type: ignore[assignment]
    sample_fe = statistics.fmean(flop_eqs)
    sample_se = statistics.stdev(flop_eqs) / math.sqrt(len(flop_eqs))
    row("  fe / count(villain trips+ on the flop)", f"{fe.value:.4f}",
        f"+- {fe.se:.4f} / {trips.value:.4f} +- {trips.se:.4f}; the flops' sample fe {sample_fe:.4f} "
        f"+- {sample_se:.4f}")


def _omaha(repeat: int) -> None:
    print("  4. Omaha hi-lo As2s3dKd vs QhQdJcTc on 4h7c9s, exact: " + OMAHA_QUERY)
    players, board = ["As2s3dKd", "QhQdJcTc"], "4h7c9s"
    found: dict[str, object] = {}
    fns = {
        "query": lambda: found.__setitem__("query", run_query(OMAHA_QUERY, EXACT)),
        "equity": lambda: found.__setitem__("equity", equity.calculate(players, board, game="omaha-hilo",
                                                                       method="exact")),
    }
    for fn in fns.values():
        fn()
    s = _best(fns, repeat)
    st = found["query"].statements[0]  # type: ignore[attr-defined]
    eq_sel, scoop_sel = st.selectors
    hero = found["equity"].players[0]  # type: ignore[attr-defined]
    scoop = hero.split["scoop"] if hero.split else float("nan")
    agree = abs(hero.equity - eq_sel.value) <= 1e-12 and abs(scoop - scoop_sel.value) <= 1e-12
    row(f"query, {st.deals:,} deals", f"{s['query'] * 1e3:.2f} ms", _target(s["query"], s["equity"]))
    row("  equity.calculate(game='omaha-hilo'), exact", f"{s['equity'] * 1e3:.2f} ms", "baseline")
    row("  hero's equity / scoops: query", f"{eq_sel.value:.6f}", f"scoops {scoop_sel.value:.6f}")
    row("  hero's equity / scoops: equity", f"{hero.equity:.6f}",
        f"scoops {scoop:.6f}; " + ("agree" if agree else "DISAGREE"))
