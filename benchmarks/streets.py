"""``make bench``, section streets: runouts and hits (issue "Runouts and hits"), each beside a baseline
measured interleaved in the same run.

Targets: ``equity runout`` heads-up from a flop (45 turn cards x every river) <= 2x one exact run of the
flop spot, through the public API, warm; ``equity hits`` of a 30% range on a flop <= 50 ms of compute,
printed beside the exact equity of the same range against a random hand on that flop.
"""

from __future__ import annotations

from common import interleaved, row, verdict  # noqa: E402  (benchmarks/ is on sys.path)


def bench_streets(repeat: int) -> None:
    from equity import calculate
    from equity.options import RunOptions
    from equity.questions.calculate import calculate_scenario
    from equity.questions.runouts import runout
    from equity.scenario import Scenario

    print("Runouts and hits (in process, warm JIT; each beside one exact run of the spot)")
    n = max(15, 5 * repeat)
    spots = {
        "AsKs vs QdQc on Th9h2c": (["AsKs", "QdQc"], "Th9h2c", None, 2.0),
        "AsKs vs QQ+,AK,T9s on Th9h2c": (["AsKs", "QQ+,AK,T9s"], "Th9h2c", None, 2.0),
        "AsKs vs 15% on Th9h2c": (["AsKs", "15%"], "Th9h2c", None, 2.0),
        "PLO AsAhKsKh vs JdTd9c8c on Th9h2c": (["AsAhKsKh", "JdTd9c8c"], "Th9h2c", "plo", None),
    }
    fns = {}
    for name, (players, board, game, _) in spots.items():
        fns[(name, "runout")] = lambda p=players, b=board, g=game: runout(p, b, game=g)
        fns[(name, "run")] = lambda p=players, b=board, g=game: calculate(p, b, game=g, method="exact")
        # the same run the general way (scenario, plan, batches), which the runout also takes: beside the
        # public call, which skips them for specific hands (equity/questions/small_spots.py)
        fns[(name, "general")] = lambda p=players, b=board, g=game: calculate_scenario(
            Scenario.build(p, b, game=g), RunOptions(method="exact"))
        fns[(name, "river")] = lambda p=players, b=board, g=game: runout(p, b, game=g, street="river")
    for fn in fns.values():
        fn()
    times = interleaved(fns, n)
    for name, (players, board, game, target) in spots.items():
        r = runout(players, board, game=game)
        ratio = times[(name, "runout")] / times[(name, "run")]
        goal = f" - target <= {target}x: {verdict(ratio <= target)}" if target else ""
        general = times[(name, "general")]
        row(f"runout {name}", f"{times[(name, 'runout')] * 1e3:.2f} ms",
            f"{ratio:.2f}x one exact run ({times[(name, 'run')] * 1e3:.2f} ms; the general way's "
            f"{general * 1e3:.2f} ms, {times[(name, 'runout')] / general:.2f}x); {len(r.outcomes)} cards, "
            f"{r.trials:,} boards{goal}")
        river = times[(name, "river")]
        row("    --street river (every two-card runout)", f"{river * 1e3:.2f} ms",
            f"{river / times[(name, 'run')]:.2f}x one exact run")
    bench_hits(n)
    print()


def bench_hits(n: int) -> None:
    """``equity hits`` of a 30% range on a flop, beside the exact equity of that range against a random
    hand on the flop (the question a player asks next), in the same run."""
    from equity import calculate, parse_range
    from equity.questions.hits import range_hits

    board = "Th9h2c"
    parsed = parse_range("30%")
    fns = {"hits": lambda: range_hits("30%", board), "hits, range parsed": lambda: range_hits(parsed, board),
           "equity": lambda: calculate(["30%", "random"], board, method="exact"),
           "omaha": lambda: range_hits("AAxx,KKxx,QQxx", board, game="plo")}
    for fn in fns.values():
        fn()
    t = interleaved(fns, n)
    hits = range_hits("30%", board)
    row(f"hits 30% on {board} ({hits.combos} live combos)", f"{t['hits'] * 1e3:.2f} ms",
        f"the range parsed already: {t['hits, range parsed'] * 1e3:.2f} ms - target <= 50 ms: "
        f"{verdict(t['hits'] <= 0.050)}")
    row("    beside: exact equity of 30% vs random there", f"{t['equity'] * 1e3:.1f} ms",
        f"hits take {t['hits'] / t['equity']:.3f}x of it")
    omaha = range_hits("AAxx,KKxx,QQxx", board, game="plo")
    row(f"hits PLO AAxx,KKxx,QQxx on {board} ({omaha.combos:,} combos)", f"{t['omaha'] * 1e3:.2f} ms")
