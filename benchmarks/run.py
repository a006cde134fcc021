"""``make bench``: equity's speed figures, each beside a baseline measured in the same run.

The machines are shared and noisy, so every figure is the median of several runs taken interleaved with
its baseline, and the comparison is the ratio. Prints the machine and versions first.

    python benchmarks/run.py [--section evaluator|designs|simulate|exact|games|grid|streets|batch|
                                        boardless|cold|hands|flops|query|icm|ompeval|vs-ompeval|all]
                             [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parent.parent))  # tools/: the exact section times a generator

import one_at_a_time  # noqa: E402
import peers  # noqa: E402
from common import (  # noqa: E402
    BIN,
    chunk_runs,
    header,
    interleaved,
    interleaved_samples,
    median_time,
    random_hands,
    row,
    verdict,
    wall,
)

from equity.evaluators import dag, tables
from equity.evaluators.gathers import BLOCK, GATHERS, WIDTH  # noqa: E402
from equity.evaluators.high import (
    LANES,
    _evaluate_rows,
    _evaluate_rows_parallel,
    _seven_card_histogram,
    evaluate_many,
)
from equity.evaluators.reference import keysum  # noqa: E402
from equity.evaluators.reference.keysum import _keysum_rows  # noqa: E402


def bench_evaluator(repeat: int) -> None:
    how = (f"seven-card rows {BLOCK} at a time as {WIDTH}-hand vectors, their ranks sorted (AVX-512 here)"
           if GATHERS else f"{LANES} hands walked together (no AVX-512 here)")
    print(f"Evaluator (Hammer's DAG, {how}, flush pointers as one suit word)")
    t = tables.get()
    ks = keysum.tables()
    n = 10_000_000
    hands = random_hands(n)
    out = np.empty(n, np.int16)
    spare = np.empty(n, np.int16)
    _evaluate_rows(hands[:10], t, out[:10])
    _evaluate_rows_parallel(hands[:100], t, out, 2)
    evaluate_many(hands[:10])
    one_at_a_time.evaluate_rows(hands[:10], t, spare[:10])
    _keysum_rows(hands[:10], ks, spare[:10])
    cores = numba.get_num_threads()
    fns = {
        "one": lambda: _evaluate_rows(hands, t, out),
        "all": lambda: _evaluate_rows_parallel(hands, t, out, 64),
        "previous": lambda: one_at_a_time.evaluate_rows(hands, t, spare),
        "keysum": lambda: _keysum_rows(hands, ks, spare),
        "public": lambda: evaluate_many(hands, parallel=False),
    }
    if GATHERS:  # the scalar lanes beside the vectors (without AVX-512 they are "one" itself)
        _evaluate_rows(hands[:10], t, spare[:10], gathers=False)
        fns["lanes"] = lambda: _evaluate_rows(hands, t, spare, gathers=False)
    samples = interleaved_samples(fns, 2 * repeat)
    assert np.array_equal(out, _check_previous(hands, t))
    rates = {name: sorted(n / s / 1e6 for s in ts) for name, ts in samples.items()}
    one, every, previous, keys = (statistics.median(rates[name]) * 1e6
                                  for name in ("one", "all", "previous", "keysum"))
    # The second core shares cache and memory with other tenants: show the spread, not just the median.
    spread = {name: f"runs {r[0]:.0f}-{r[-1]:.0f} M/s" for name, r in rates.items()}
    row("random 7-card evaluations/s, 1 thread", f"{one / 1e6:.1f} M/s",
        verdict(one >= 150e6 and one >= 0.7 * keys) + f" (>= 150 M/s and >= 0.7x key sums); {spread['one']}")
    if GATHERS:
        lanes = statistics.median(rates["lanes"]) * 1e6
        row(f"  the same kernel's {LANES} scalar lanes (gathers=False)", f"{lanes / 1e6:.1f} M/s",
            f"the vectors walk at {one / lanes:.2f}x their rate; {spread['lanes']}")
    row("  baseline: one hand at a time (equity 0.1.0)", f"{previous / 1e6:.1f} M/s",
        f"{one / previous:.2f}x faster now; {spread['previous']}")
    row("  key sums (evaluators.reference), same hands", f"{keys / 1e6:.1f} M/s",
        f"the DAG walks at {one / keys:.2f}x their rate; {spread['keysum']}")
    public = statistics.median(rates["public"]) * 1e6
    row("  the public equity.evaluate_many, 1 thread", f"{public / 1e6:.1f} M/s",
        f"{one / public:.2f}x the kernel's time, validation included; " + verdict(one / public <= 1.5)
        + " (<= 1.5x)")
    row(f"random 7-card evaluations/s, {cores} threads", f"{every / 1e6:.1f} M/s",
        verdict(every >= 100e6) + f" (>= 100 M/s on 2 cores); {spread['all']}, "
        f"{every / one:.2f}x one thread")

    found = peers.available()
    if found:
        rates = peers.peer_rates(hands[:3_000_000], budget_s=1.0)
        classes = peers.peer_classes(hands[:200_000])
        for r in rates:
            same = np.array_equal(classes.get(r["name"], out[:0]), out[:200_000]) if r["name"] in classes \
                else None
            agree = "" if same is None else ("; agrees on 200,000 hands" if same else "; DISAGREES")
            row(f"  peer {r['name']} {r['version']} (Python loop)", f"{r['evals_per_s'] / 1e6:.2f} M/s",
                f"equity 1 thread is {one / r['evals_per_s']:.0f}x{agree}")
    else:
        print("  (no peer evaluators installed: pip install '.[bench]')")

    _seven_card_histogram(t)
    all7 = median_time(lambda: _seven_card_histogram(t), repeat)
    row("all 133,784,560 7-card hands, 1 thread", f"{all7:.3f} s", verdict(all7 <= 1.0) + " (<= 1 s)")
    build = median_time(dag.build_tables, repeat)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.npz"
        tables.load(path)
        load = median_time(lambda: tables.load(path), repeat)
    row("table build from first principles", f"{build * 1e3:.0f} ms")
    row("table load from the disk cache (digest checked)", f"{load * 1e3:.1f} ms")

    equity_bin = shutil.which("equity", path=str(BIN)) or "equity"
    cli = wall([equity_bin, "eval", "7c5d4h3s2c"])
    cli()
    walls = interleaved({"numba": wall([sys.executable, "-c", "import numba"]), "cli": cli}, repeat + 2)
    ratio = walls["cli"] / walls["numba"]
    row("`python -c 'import numba'` wall", f"{walls['numba'] * 1e3:.0f} ms", "baseline")
    row("`equity eval 7c5d4h3s2c` wall, warm JIT cache", f"{walls['cli'] * 1e3:.0f} ms",
        f"{ratio:.2f}x the import; " + verdict(ratio <= 2.0) + " (<= 2x)")
    print()


def _check_previous(hands: np.ndarray, t: tables.Tables) -> np.ndarray:
    """The previous kernel's classes of ``hands``: the new kernel must give the same."""
    out = np.empty(len(hands), np.int16)
    one_at_a_time.evaluate_rows(hands, t, out)
    return out


def _eval7_heads_up(iterations: int) -> Callable[[], object] | None:
    """eval7's own C heads-up Monte Carlo loop, AsKs vs every hand, preflop (None if eval7 is absent)."""
    try:
        import eval7
    except ImportError:
        return None
    hand = [eval7.Card("As"), eval7.Card("Ks")]
    villain = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    return lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], iterations)


def _agree(new: tuple[np.ndarray, ...], old: tuple[np.ndarray, ...], n: int, name: str) -> None:
    """The two kernels deal from different streams (the lanes have their own since 0.2.0), so their
    counts differ; each player's wins and ties must agree within 5 standard errors of the difference."""
    for x, y in ((new[0], old[0]), (new[1].sum(axis=-1), old[1].sum(axis=-1))):
        p, q = x.sum(axis=0) / n, y.sum(axis=0) / n
        se = np.sqrt((p * (1 - p) + q * (1 - q)) / n)
        assert (np.abs(p - q) <= 5 * se + 1e-12).all(), (name, p, q)


def bench_simulate(repeat: int) -> None:
    from equity.engines.montecarlo import CHUNK, simulate
    from equity.games.holdem.montecarlo import run_chunks
    from equity.scenario import Scenario

    print("Monte Carlo (trials/s, the chunk kernels in process, seed 1; medians of interleaved runs)")
    n_chunks = 244  # 4.0 M trials
    n = n_chunks * CHUNK
    cores = numba.get_num_threads()
    cases = {"AsKs vs 2 random, preflop": Scenario.build(["AsKs", None, None]),
             "AsKs vs 2 random, flop Th9h2c": Scenario.build(["AsKs", None, None], board="Th9h2c"),
             "AsKs vs 1 random, preflop": Scenario.build(["AsKs", None])}
    fns: dict[tuple[str, str, int], Callable[[], object]] = {}
    for name, sc in cases.items():
        for threads in sorted({1, cores}):
            if threads > 1 and name.startswith("AsKs vs 1"):
                continue
            new = chunk_runs(run_chunks, sc, n_chunks, threads)
            old = chunk_runs(one_at_a_time.run_chunks, sc, n_chunks, threads)
            if threads == 1:
                _agree(new(), old(), n, name)
            fns[(name, "new", threads)] = new
            fns[(name, "previous", threads)] = old
    e7 = _eval7_heads_up(1_000_000)
    if e7:
        e7()
        fns[("eval7", "", 1)] = e7
    times = interleaved(fns, repeat)
    for (name, kind, threads), secs in times.items():
        if kind != "new":
            continue
        rate = n / secs
        before = n / times[(name, "previous", threads)]
        note = f"previous kernel {before / 1e6:.1f} M/s: {rate / before:.2f}x"
        if name.endswith("2 random, preflop") and threads == 1:
            note += "; " + verdict(rate >= 1.6 * before) + " (>= 1.6x)"
        if name.endswith("2 random, preflop") and threads > 1:
            note += "; " + verdict(rate >= 20e6) + " (>= 20 M/s with 2 threads)"
        if name.startswith("AsKs vs 1") and e7:
            e7_rate = 1_000_000 / times[("eval7", "", 1)]
            note += (f"; eval7's C loop (AsKs vs any hand) {e7_rate / 1e6:.1f} M/s: {rate / e7_rate:.2f}x, "
                     + verdict(rate >= 2 * e7_rate) + " (>= 2x)")
        row(f"{name}, {threads} thread{'s' if threads > 1 else ''}", f"{rate / 1e6:.1f} M/s", note)

    print("  where a trial's time goes (1 thread; each stage timed as the kernel stopped after it):")
    for name in ("AsKs vs 2 random, preflop", "AsKs vs 1 random, preflop"):
        staged = {k: chunk_runs(run_chunks, cases[name], n_chunks // 2, 1, k) for k in (1, 2, 3, 4)}
        ns = {k: v * 1e9 / (n_chunks // 2 * CHUNK) for k, v in interleaved(staged, repeat).items()}
        parts = {"dealing": ns[1], "board walk": ns[2] - ns[1], "players": ns[3] - ns[2],
                 "scoring": ns[4] - ns[3]}
        if GATHERS:  # the seats' seven cards as vectors: the board walked with the hands
            parts = {"dealing": ns[1], "players (seven cards as vectors)": ns[3] - ns[1],
                     "scoring": ns[4] - ns[3]}
        row(f"  {name}", f"{ns[4]:.1f} ns/trial",
            ", ".join(f"{k} {v:.1f} ns ({v / ns[4]:.0%})" for k, v in parts.items()))
    own = 1_000_000 / (n / times[("AsKs vs 2 random, flop Th9h2c", "new", cores)])

    equity_bin = shutil.which("equity", path=str(BIN)) or "equity"
    trials = 1_000_000
    cmd = [equity_bin, "AsKs", "vs", "2", "--board", "Th9h2c", "--trials", str(trials), "--json"]
    wall(cmd)()
    default_cmd = cmd[:cmd.index("--trials")] + ["--json"]
    walls = interleaved({"numba": wall([sys.executable, "-c", "import numba"]), "cli": wall(cmd),
                         "default": wall(default_cmd)}, repeat + 2)
    limit = 2 * walls["numba"] + own
    row("`python -c 'import numba'` wall", f"{walls['numba'] * 1e3:.0f} ms", "baseline")
    row("`equity AsKs vs 2 --board Th9h2c -n 1e6 --json`", f"{walls['cli'] * 1e3:.0f} ms",
        f"trials' own time {own * 1e3:.0f} ms; " + verdict(walls["cli"] <= limit)
        + f" (<= 2x import + trials = {limit * 1e3:.0f} ms)")
    flop = cases["AsKs vs 2 random, flop Th9h2c"]
    stop = median_time(lambda: simulate(flop, seed=1), repeat)
    kept = simulate(flop, seed=1).trials
    row("the same without -n (default stop)", f"{walls['default'] * 1e3:.0f} ms",
        f"{walls['default'] / walls['numba']:.2f}x import; its {kept:,} trials (error <= 0.05 pt) "
        f"take {stop * 1e3:.0f} ms in process")
    firsts = []
    for _ in range(3):  # one run is one sample of a noisy machine; each starts from empty caches
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, NUMBA_CACHE_DIR=tmp, EQUITY_CACHE_DIR=tmp)
            firsts.append(median_time(wall(cmd, env), 1))
    first = statistics.median(firsts)
    row("the same, first run with empty JIT and table caches", f"{first:.1f} s",
        f"median of 3, runs {min(firsts):.1f}-{max(firsts):.1f} s; "
        + verdict(first <= 12) + " (<= 12 s, issue 23's; <= 15 s before)")
    print()


def _eval7_exact(hero: str, villain: str) -> Callable[[], tuple[int, int, int]] | None:
    """An exact heads-up enumeration written the obvious way with eval7: a Python loop over every board
    calling ``eval7.evaluate`` for both hands (None if eval7 is absent)."""
    try:
        import eval7
    except ImportError:
        return None
    from itertools import combinations

    h = [eval7.Card(hero[:2]), eval7.Card(hero[2:])]
    v = [eval7.Card(villain[:2]), eval7.Card(villain[2:])]
    deck = [c for c in eval7.Deck().cards if str(c) not in {hero[:2], hero[2:], villain[:2], villain[2:]}]

    def run() -> tuple[int, int, int]:
        win = tie = loss = 0
        for board in combinations(deck, 5):
            a, b = eval7.evaluate(h + list(board)), eval7.evaluate(v + list(board))
            if a > b:
                win += 1
            elif a == b:
                tie += 1
            else:
                loss += 1
        return win, tie, loss

    return run


def bench_exact(repeat: int) -> None:
    from equity.engines.exact import enumerate_exact, plan
    from equity.engines.montecarlo import simulate
    from equity.scenario import Scenario

    print("Exact enumeration (in-process, warm JIT; medians of interleaved runs)")
    cores = numba.get_num_threads()
    cases = {
        "AsKs vs QdQc preflop (1,712,304 boards)": Scenario.build(["AsKs", "QdQc"]),
        "AA vs KK, all 36 combo pairs": Scenario.build(["AA", "KK"]),
        "QQ+,AKs vs JJ-99,AQs+ (range vs range)": Scenario.build(["QQ+,AKs", "JJ-99,AQs+"]),
        "AA vs QQ vs AKo (3-way, all combos)": Scenario.build(["AA", "QQ", "AKo"]),
        "AsKs vs 1 random on Th9h2c": Scenario.build(["AsKs", None], board="Th9h2c"),
    }
    fns: dict[tuple[str, int], Callable[[], object]] = {}
    for name, sc in cases.items():
        enumerate_exact(sc, threads=1)
        for threads in sorted({1, cores}):
            fns[(name, threads)] = lambda sc=sc, threads=threads: enumerate_exact(sc, threads=threads)
    times = interleaved(fns, repeat)
    for (name, threads), secs in times.items():
        deals = plan(cases[name])
        walked = len(deals.orbit) * deals.boards_per_deal  # after suit symmetry
        note = f"{walked / secs / 1e6:.0f} M boards/s walked ({deals.trials / walked:.0f}x by symmetry)"
        if name.startswith("AsKs vs QdQc") and threads == 1:
            note += "; " + verdict(secs <= 0.008) + " (<= 8 ms on one core)"
        row(f"{name}, {threads} thread{'s' if threads > 1 else ''}", f"{secs * 1e3:.1f} ms", note)
    e7 = _eval7_exact("AsKs", "QdQc")
    if e7:
        t0 = time.perf_counter()
        counts = e7()
        e7_secs = time.perf_counter() - t0
        ours = enumerate_exact(cases["AsKs vs QdQc preflop (1,712,304 boards)"], threads=1).players[0]
        same = round(ours.win * 1_712_304) == counts[0] and round(ours.tie * 1_712_304) == counts[1]
        mine = times[("AsKs vs QdQc preflop (1,712,304 boards)", 1)]
        row("  baseline: eval7 Python loop, same enumeration", f"{e7_secs * 1e3:.0f} ms",
            f"equity is {e7_secs / mine:.0f}x faster; " + ("same counts" if same else "COUNTS DIFFER"))
    aa = Scenario.build(["AA", None])
    enumerate_exact(aa)
    secs = median_time(lambda: enumerate_exact(aa), max(1, repeat // 2))
    row(f"AA vs 1 random, preflop (--exact), {cores} threads", f"{secs:.2f} s",
        f"{plan(aa).trials:,} boards, {plan(aa).symmetries} suit symmetries")
    from tools import preflop_gen

    preflop_gen.generate()
    secs = median_time(preflop_gen.generate, max(1, repeat // 2))
    row("preflop table: 169 classes vs 1 random, exact", f"{secs:.2f} s", f"{cores} threads")
    print()

    print("Monte Carlo with ranges (trials/s, 2 random opponents, preflop; medians of interleaved runs)")
    n = 4_000_000
    mc = {"AsKs vs 2 random (baseline)": Scenario.build(["AsKs", None, None]),
          "QQ+,AKs vs 2 random": Scenario.build(["QQ+,AKs", None, None]),
          "QQ+,AKs vs JJ-99,AQs+ vs 1 random": Scenario.build(["QQ+,AKs", "JJ-99,AQs+", None]),
          "AsKs vs 2 random, --categories": Scenario.build(["AsKs", None, None])}
    fns = {}
    for name, sc in mc.items():
        cats = name.endswith("--categories")
        simulate(sc, trials=20_000, seed=1, categories=cats)
        fns[name] = lambda sc=sc, cats=cats: simulate(sc, trials=n, seed=1, categories=cats)
    times = interleaved(fns, repeat)
    base = n / times["AsKs vs 2 random (baseline)"]
    for name, secs in times.items():
        rate = n / secs
        row(f"{name}, {cores} threads", f"{rate / 1e6:.1f} M/s", "" if "baseline" in name
            else f"{rate / base:.2f}x the fixed-hand rate")
    print()


def bench_designs(repeat: int) -> None:
    import shared_board

    from equity.evaluators.reference import kev, keysum
    from equity.evaluators.reference.kev import _kev_rows
    from equity.evaluators.reference.keysum import _keysum_rows

    print("Evaluator designs side by side (1 thread; medians of interleaved runs)")
    dag, keys = "DAG (Hammer, flush pointers)", "key sums (7-card)"
    kev_name = "Cactus Kev (5-card, best of 21)"
    designs = {"DAG (Hammer, flush pointers)": (tables.get(), _evaluate_rows, _seven_card_histogram,
                                                 shared_board.dag_shared),
               "key sums (7-card)": (keysum.tables(), _keysum_rows, keysum._seven_card_histogram,
                                     shared_board.keysum_shared),
               "Cactus Kev (5-card, best of 21)": (kev.tables(), _kev_rows, None, None)}
    sizes = {"DAG (Hammer, flush pointers)": sum(a.nbytes for a in tables.get()),
             "key sums (7-card)": keysum.table_bytes(), "Cactus Kev (5-card, best of 21)": kev.table_bytes()}
    n = 4_000_000
    hands = random_hands(n)
    out = np.empty(n, np.int16)
    players = 6
    boards, holes, rows = shared_board.deals(500_000, players)
    rows_out = np.empty(len(rows), np.int16)
    random_fns, shared_fns = {}, {}
    for name, (t, rows_kernel, _, shared) in designs.items():
        rows_kernel(hands[:10], t, out[:10])
        random_fns[name] = lambda t=t, k=rows_kernel: k(hands, t, out)
        if shared is not None:
            shared(boards[:10], holes[:10], t)
            shared_fns[name] = lambda t=t, k=shared: k(boards, holes, t)
        else:  # no state to share: every player is a full 7-card evaluation
            shared_fns[name] = lambda t=t, k=rows_kernel: k(rows, t, rows_out)
    random_times = interleaved(random_fns, repeat)
    shared_times = interleaved(shared_fns, repeat)
    whole = {}
    for name, (t, _, hist, _) in designs.items():
        if hist is not None:
            hist(t)
            whole[name] = median_time(lambda t=t, h=hist: h(t), max(1, repeat // 2))
    whole[kev_name] = median_time(kev.seven_card_histogram, 1)  # all threads
    for name in designs:
        rate = n / random_times[name]
        per_player = shared_times[name] / (len(boards) * players) * 1e9
        print(f"  {name}")
        row("    random 7-card evaluations/s", f"{rate / 1e6:.1f} M/s",
            "" if name == dag else f"{rate / (n / random_times[dag]):.2f}x the DAG")
        row(f"    shared board, {players} players: per player", f"{per_player:.1f} ns",
            "board walked once, 2 cards per player" if name != kev_name
            else "no shared state: 21 five-card lookups per player")
        threads = "1 thread" if name != kev_name else f"{numba.get_num_threads()} threads"
        note = "groups the last card's suits when no flush is possible" if name == keys else ""
        row(f"    all 133,784,560 7-card hands, {threads}", f"{whole[name]:.2f} s", note)
        row("    tables", f"{sizes[name]:,} B")
    print()


def bench_grid(repeat: int) -> None:
    from grid import bench_grid as run_grid

    run_grid(repeat)


def bench_streets(repeat: int) -> None:
    from streets import bench_streets as run_streets

    run_streets(repeat)


def _small_spots(n: int, seed: int = 7) -> list[dict[str, object]]:
    """``n`` heads-up spots, two specific hands on a random flop: exact, 990 boards each."""
    import random

    from equity.cards import format_cards

    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = rng.sample(range(52), 7)
        out.append({"players": [format_cards(cards[:2]), format_cards(cards[2:4])],
                    "board": format_cards(cards[4:]), "method": "exact"})
    return out


def _peak_rss_mb(cmd: list[str]) -> float:
    """The peak resident memory of ``cmd``, in MB, measured by a wrapper process that runs it alone."""
    code = ("import resource, subprocess, sys; "
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *cmd], capture_output=True, text=True)
    return int(out.stdout.strip()) / 1024


def bench_batch(repeat: int) -> None:
    import json

    print("equity batch (wall times from the command line, workers started included)")
    equity_bin = shutil.which("equity", path=str(BIN)) or "equity"
    spots = _small_spots(1000)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "spots.jsonl"
        source.write_text("".join(json.dumps(s) + "\n" for s in spots))

        def run_batch(*extra: str) -> Callable[[], None]:
            def go() -> None:
                out = Path(tmp) / "out.jsonl"
                out.unlink(missing_ok=True)
                subprocess.run([equity_bin, "batch", str(source), "--output", str(out), *extra], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return go

        loop = [wall([equity_bin, *s["players"], "--board", str(s["board"]), "--exact", "--json"])
                for s in spots[:20]]
        loop[0]()
        times = interleaved({"batch": run_batch(), "batch, 1 process": run_batch("--workers", "0"),
                             "loop of 20": lambda: [f() for f in loop]}, max(1, repeat // 2))
        per_spot = times["loop of 20"] / 20
        row("1,000 heads-up exact flop spots, `equity batch`", f"{times['batch']:.2f} s",
            f"{numba.config.NUMBA_NUM_THREADS} workers; " + verdict(1000 * per_spot / times["batch"] >= 50)
            + " (>= 50x the shell loop)")
        row("  the same, `--workers 0` (in the equity process)", f"{times['batch, 1 process']:.2f} s", "")
        row("  shell loop of `equity H vs V --board B --exact --json`", f"{1000 * per_spot:.0f} s",
            f"{per_spot * 1e3:.0f} ms a spot, timed on 20 of them; batch is "
            f"{1000 * per_spot / times['batch']:.0f}x faster")
        peaks = {}
        for n in (20_000, 200_000):  # bad lines: answered at once, so the input's length is what grows
            flood = Path(tmp) / f"flood-{n}.jsonl"
            flood.write_text('{"players": ["AsKs", "QQ+x"]}\n' * n)
            peaks[n] = _peak_rss_mb([equity_bin, "batch", str(flood), "--workers", "0", "--output",
                                     str(Path(tmp) / f"flood-{n}.out")])
        row("peak memory of `equity batch --workers 0`, 20,000 lines", f"{peaks[20_000]:.0f} MB", "")
        row("  the same, 200,000 lines", f"{peaks[200_000]:.0f} MB",
            f"{peaks[200_000] / peaks[20_000]:.2f}x with 10x the lines: " + verdict(
                peaks[200_000] <= 1.1 * peaks[20_000]) + " (flat: <= 1.1x)")
        example = Path(__file__).parent.parent / "examples" / "preflop_matrix.py"
        n_classes = 30
        matrix = {}
        for label, extra in (("this machine", []), ("LocalCluster of 2 workers", ["--cluster", "local:2"])):
            folder = Path(tmp) / label.split()[0]
            start = time.perf_counter()
            subprocess.run([sys.executable, str(example), "--classes", str(n_classes), "--dir", str(folder),
                            *extra], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            matrix[label] = time.perf_counter() - start
        base = matrix["this machine"]
        for label, secs in matrix.items():
            note = "baseline" if label == "this machine" else f"{secs / base:.2f}x this machine (Dask's cost)"
            row(f"preflop matrix, first {n_classes} classes ({n_classes ** 2} pairs), {label}",
                f"{secs:.1f} s", note)
    print()


def bench_games(repeat: int) -> None:
    from games import bench_games as run_games

    run_games(repeat)


def bench_boardless(repeat: int) -> None:
    from boardless import bench_boardless as run_boardless

    run_boardless(repeat)


def bench_cold(repeat: int) -> None:
    from cold import bench_cold as run_cold

    run_cold(repeat)


def bench_hands(repeat: int) -> None:
    from hands import bench_hands as run_hands

    run_hands(repeat)


def bench_flops(repeat: int) -> None:
    from flops import bench_flops as run_flops

    run_flops(repeat)


def bench_query(repeat: int) -> None:
    from query import bench_query as run_query

    run_query(repeat)


def bench_icm(repeat: int) -> None:
    from tournaments import bench_icm as run_icm

    run_icm(repeat)


def bench_ompeval(repeat: int) -> None:
    from ompeval import bench_ompeval as run_ompeval

    run_ompeval(repeat)


SECTIONS = {"evaluator": bench_evaluator, "designs": bench_designs, "simulate": bench_simulate,
            "exact": bench_exact, "games": bench_games, "grid": bench_grid, "streets": bench_streets,
            "batch": bench_batch, "boardless": bench_boardless, "cold": bench_cold, "hands": bench_hands,
            "flops": bench_flops, "query": bench_query, "icm": bench_icm,
            "ompeval": bench_ompeval}



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--section", choices=[*SECTIONS, "vs-ompeval", "all"], default="all")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    header()
    wanted = "ompeval" if args.section == "vs-ompeval" else args.section  # (issue 57's name for it)
    for name, fn in SECTIONS.items():
        if wanted in (name, "all"):
            fn(args.repeat)


if __name__ == "__main__":
    main()
