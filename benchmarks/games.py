"""``make bench --section games``: Omaha and short deck, each figure beside a baseline in the same run.

- Omaha evaluations per second on one thread, every design and peer (:mod:`omaha`);
- exact PLO4 hand vs hand preflop (1,086,008 boards), beside hold'em AsKs vs QdQc;
- Monte Carlo PLO4 hand vs 1 random (and PLO5, PLO6), beside hold'em AsKs vs 1 random;
- short deck's Monte Carlo rate beside hold'em's for the same table;
- hold'em before and after the games (the commit before them, from a temporary git worktree), and a
  first Omaha run with empty caches.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import hilo_peers
import numba
import omaha
from common import BIN, interleaved, row, verdict

HERE = Path(__file__).parent
#: The last commit before one engine for every game: the games' "before".
BEFORE = "766abf0"


def bench_games(repeat: int) -> None:
    from equity.engines.exact import enumerate_exact
    from equity.engines.montecarlo import simulate
    from equity.scenario import Scenario

    omaha_exact = enumerate_exact

    cores = numba.get_num_threads()
    print("Omaha evaluations (random hands and boards, one thread, M hands/s; medians of interleaved runs)")
    for h in (4, 5, 6):
        rates = omaha.designs(1_000_000, repeat, h)
        base = rates["pair tables (equity)"][0]
        for name, (rate, note) in rates.items():
            if name.startswith("pair tables"):
                extra = ""
                if h == 4:
                    extra = "; " + verdict(rate >= 30e6) + " (>= 30 M/s)"
                row(f"PLO{h} {name}", omaha.per_second(rate), "equity's design" + extra)
            else:
                row(f"PLO{h}   {name}", omaha.per_second(rate),
                    f"equity is {base / rate:,.1f}x faster" + (f"; {note}" if note else ""))
    print()

    print(f"Exact enumeration, Omaha beside hold'em ({cores} threads, in process; medians of interleaved "
          "runs)")
    build = Scenario.build
    cases = {
        "hold'em AsKs vs QdQc preflop (1,712,304 boards)": (enumerate_exact, build(["AsKs", "QdQc"])),
        "PLO4 AsAhKsKh vs JdTd9c8c preflop (1,086,008)": (omaha_exact, build(["AsAhKsKh", "JdTd9c8c"])),
        "PLO5 AsAhKsKh2c vs JdTd9c8c7h preflop (850,668)": (omaha_exact, build(["AsAhKsKh2c", "JdTd9c8c7h"])),
        "PLO6 AsAhKsKh2c3d vs JdTd9c8c7h6s (658,008)": (omaha_exact, build(["AsAhKsKh2c3d", "JdTd9c8c7h6s"])),
        "PLO4 three-way preflop (658,008)": (omaha_exact, build(["AsAhKsKh", "JdTd9c8c", "7s7h6s6h"])),
        "short deck AhAd vs KsKc preflop (201,376)": (enumerate_exact, build(["AhAd", "KsKc"], game="6+")),
    }
    for fn, sc in cases.values():
        fn(sc)
    times = interleaved({name: (lambda fn=fn, sc=sc: fn(sc)) for name, (fn, sc) in cases.items()}, repeat)
    base = times["hold'em AsKs vs QdQc preflop (1,712,304 boards)"]
    for name, secs in times.items():
        note = "baseline" if name.startswith("hold'em") else f"{secs / base:.2f}x hold'em's time"
        if name.startswith("PLO4 AsAhKsKh vs"):
            note += "; " + verdict(secs <= 0.1) + " (<= 100 ms)"
        row(name, f"{secs * 1e3:.1f} ms", note)
    print()

    print(f"Monte Carlo, other games beside hold'em (M trials/s, {cores} threads, seed 1; medians of "
          "interleaved runs)")
    n = 4_000_000
    mc = {
        "hold'em AsKs vs 1 random, preflop": Scenario.build(["AsKs", None]),
        "PLO4 AsAhKsKh vs 1 random, preflop": Scenario.build(["AsAhKsKh", None]),
        "PLO4 AsAhKsKh vs 2 random, preflop": Scenario.build(["AsAhKsKh", None, None]),
        "PLO4 AAKKds vs AAxx (two ranges)": Scenario.build(["AAKKds", "AAxx"], game="plo"),
        "PLO5 AsAhKsKh2c vs 1 random, preflop": Scenario.build(["AsAhKsKh2c", None]),
        "PLO6 AsAhKsKh2c3d vs 1 random, preflop": Scenario.build(["AsAhKsKh2c3d", None]),
        "hold'em AhAd vs 1 random, preflop": Scenario.build(["AhAd", None]),
        "short deck AhAd vs 1 random, preflop": Scenario.build(["AhAd", None], game="6+"),
    }
    for sc in mc.values():
        simulate(sc, trials=20_000, seed=1)
    times = interleaved({name: (lambda sc=sc: simulate(sc, trials=n, seed=1)) for name, sc in mc.items()},
                        repeat)
    rates = {name: n / secs for name, secs in times.items()}
    holdem = rates["hold'em AsKs vs 1 random, preflop"]
    for name, rate in rates.items():
        if name.startswith("hold'em"):
            note = "baseline"
        elif name.startswith("short deck"):
            same = rates["hold'em AhAd vs 1 random, preflop"]
            note = f"{same / rate:.2f}x hold'em's time for AhAd vs 1 random; " + verdict(same / rate <= 1.5) \
                + " (within 1.5x)"
        else:
            note = f"{rate / holdem:.2f}x hold'em AsKs vs 1 random"
        if name.startswith("PLO4 AsAhKsKh vs 1"):
            note += "; " + verdict(rate >= 5e6) + " (>= 5 M/s)"
        row(name, f"{rate / 1e6:.1f} M/s", note)
    print()

    _hilo(repeat)
    _holdem_before_after(repeat)
    equity_bin = shutil.which("equity", path=str(BIN)) or "equity"
    cmd = [equity_bin, "AsAhKsKh", "vs", "1", "--trials", "1000000", "--json"]
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, EQUITY_CACHE_DIR=tmp)
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        first = time.perf_counter() - start
        said = "Compiling" in proc.stderr
    row("first Omaha run, empty JIT cache (`equity AsAhKsKh vs 1 -n 1e6`)", f"{first:.1f} s",
        "says it is compiling" if said else "DOES NOT SAY it is compiling")
    print()


def _hilo(repeat: int) -> None:
    """Omaha hi-lo beside Omaha high (same matchups, same run) and beside poker-equity (pip, Rust)."""
    from equity.engines.exact import enumerate_exact
    from equity.engines.montecarlo import simulate
    from equity.scenario import Scenario

    cores = numba.get_num_threads()
    print(f"Omaha hi-lo (eight or better) beside Omaha high, {cores} threads, in process; medians of "
          "interleaved runs")
    hands = ["AsAd2s3d", "KhKcQhQc"]
    exact = {"PLO8": Scenario.build(hands, game="plo8"), "PLO4": Scenario.build(hands, game="plo"),
             "Big O": Scenario.build(["AsAd2s3d4c", "KhKcQhQcJd"], game="big-o"),
             "PLO5": Scenario.build(["AsAd2s3d4c", "KhKcQhQcJd"], game="plo5")}
    fns: dict[str, Callable[[], object]] = {k: (lambda sc=sc: enumerate_exact(sc)) for k, sc in exact.items()}
    peer = hilo_peers.unavailable()
    if peer is None:
        fns["poker-equity PLO8"] = lambda: hilo_peers.run_spot("plo8", hands, exact=True)
        fns["poker-equity PLO4"] = lambda: hilo_peers.run_spot("plo", hands, exact=True)
    for fn in fns.values():
        fn()
    times = interleaved(fns, repeat)
    ours = enumerate_exact(exact["PLO8"]).players[0].equity
    row("exact PLO8 AsAd2s3d vs KhKcQhQc (1,086,008 boards)", f"{times['PLO8'] * 1e3:.1f} ms",
        f"{times['PLO8'] / times['PLO4']:.2f}x PLO4 high's {times['PLO4'] * 1e3:.1f} ms; "
        + verdict(times["PLO8"] <= 2.5 * times["PLO4"]) + " (<= 2.5x)")
    row("exact Big O AsAd2s3d4c vs KhKcQhQcJd (850,668)", f"{times['Big O'] * 1e3:.1f} ms",
        f"{times['Big O'] / times['PLO5']:.2f}x PLO5 high's {times['PLO5'] * 1e3:.1f} ms")
    if peer is None:
        theirs = hilo_peers.run_spot("plo8", hands, exact=True)["equities"][0]
        row("poker-equity 0.1.1, the same PLO8 spot (1 thread)", f"{times['poker-equity PLO8'] * 1e3:.0f} ms",
            f"equity is {times['poker-equity PLO8'] / times['PLO8']:.1f}x faster; hero {ours:.6f} vs "
            f"{theirs:.6f}: " + verdict(abs(ours - theirs) < 1e-6) + " (agree)")
        row("poker-equity 0.1.1, PLO4 high (1 thread)", f"{times['poker-equity PLO4'] * 1e3:.0f} ms",
            f"equity is {times['poker-equity PLO4'] / times['PLO4']:.1f}x faster")
    else:
        row("poker-equity", "", f"skipped: {peer}")
    n = 2_000_000
    mc = {"PLO8 AsAd2s3d vs 1 random": Scenario.build(["AsAd2s3d", None], game="plo8"),
          "PLO4 AsAd2s3d vs 1 random": Scenario.build(["AsAd2s3d", None], game="plo"),
          "PLO8 AA23 ranged vs 1 random": Scenario.build(["AA23", None], game="plo8")}
    for sc in mc.values():
        simulate(sc, trials=20_000, seed=1)
    rates = {k: n / v for k, v in interleaved({k: (lambda sc=sc: simulate(sc, trials=n, seed=1))
                                                for k, sc in mc.items()}, repeat).items()}
    high = rates["PLO4 AsAd2s3d vs 1 random"]
    for name, rate in rates.items():
        note = "baseline" if name.startswith("PLO4") else f"{rate / high:.2f}x PLO4 high's rate"
        if name.startswith("PLO8 AsAd2s3d"):
            note += "; " + verdict(rate >= 0.5 * high) + " (>= 0.5x)"
        row(f"Monte Carlo {name}", f"{rate / 1e6:.1f} M/s", note)
    if peer is None:
        secs, equities = hilo_peers.time_spot("plo8", ["AsAd2s3d", "random"], trials=n, threads=cores)
        row(f"poker-equity, PLO8 AsAd2s3d vs 1 random ({cores} threads)", f"{n / secs / 1e6:.1f} M/s",
            f"equity is {rates['PLO8 AsAd2s3d vs 1 random'] * secs / n:.1f}x faster")
    print()


def _holdem_before_after(repeat: int) -> None:
    """Hold'em's, Omaha high's and short deck's figures at :data:`BEFORE` and now, alternately in
    subprocesses."""
    root = HERE.parent
    print(f"Before and after one engine for every game (commit {BEFORE} vs this tree, subprocesses run "
          "alternately; medians)")
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        made = subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(tree),
                               BEFORE], capture_output=True, text=True)
        if made.returncode:
            row("(skipped)", "", f"no commit {BEFORE} here: {made.stderr.strip()[:60]}")
            return
        try:
            probe = [sys.executable, str(HERE / "holdem_probe.py")]
            envs = {"before": dict(os.environ, PYTHONPATH=str(tree),
                                   NUMBA_CACHE_DIR=str(Path(tmp) / "cache")),
                    "after": dict(os.environ, PYTHONPATH=str(root))}
            samples: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
            subprocess.run(probe, env=envs["before"], capture_output=True, check=True)  # compile the old tree
            for _ in range(max(5, repeat)):
                for kind, env in envs.items():
                    out = subprocess.run(probe, env=env, capture_output=True, text=True, check=True)
                    samples[kind].append(json.loads(out.stdout))
            cold = _cold_starts(envs, Path(tmp))
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(tree)],
                           capture_output=True)
    for name in samples["after"][0]:
        if name == "threads":
            continue
        before = statistics.median(s[name] for s in samples["before"])
        after = statistics.median(s[name] for s in samples["after"])
        better = after / before if "(ms)" not in name else before / after
        row(name, f"{after:.1f} vs {before:.1f}", f"now vs before: {better:.2f}x the speed")
    for name, (after, before) in cold.items():
        row(name, f"{after:.1f} vs {before:.1f} s", f"now vs before: {after / before:.2f}x the time")


def _cold_starts(envs: dict[str, dict[str, str]], tmp: Path) -> dict[str, tuple[float, float]]:
    """The first run of a command with empty JIT and table caches, now and before (one run each)."""
    commands = {"first hold'em run, empty caches (`equity AsKs vs 2 -n 1e6`)": ["AsKs", "vs", "2"],
                "first Omaha MC run, empty caches (`equity AsAhKsKh vs 1 -n 1e6`)": ["AsAhKsKh", "vs", "1"],
                "first Omaha exact run, empty caches (`equity AsAhKsKh vs JdTd9c8c`)":
                    ["AsAhKsKh", "vs", "JdTd9c8c"],
                "first hold'em exact run, empty caches (`equity AsKs vs QdQc`)": ["AsKs", "vs", "QdQc"]}
    out = {}
    for name, args in commands.items():
        secs = {}
        for kind, env in envs.items():
            cache = tmp / f"cold-{kind}-{len(out)}"
            env = dict(env, NUMBA_CACHE_DIR=str(cache), EQUITY_CACHE_DIR=str(cache))
            extra = [] if "exact" in name else ["--trials", "1000000"]
            start = time.perf_counter()
            # Run from the temporary folder: ``-m`` puts the working directory first on the path, and
            # from the project's root both kinds would import this tree's package.
            subprocess.run([sys.executable, "-m", "equity", *args, *extra, "--json"], env=env, cwd=tmp,
                           capture_output=True, check=True)
            secs[kind] = time.perf_counter() - start
        out[name] = (secs["after"], secs["before"])
    return out
