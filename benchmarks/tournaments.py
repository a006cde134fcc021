"""``make bench SECTION=icm``: ``equity icm``'s prize equities, each beside a baseline measured in the same
run (best of ``--repeat`` interleaved runs; compiling is not timed).

1. Nine players, three paid places, exact: the compiled subset recursion beside the same recursion in
   plain Python (a dict of masks), and beside every finishing order enumerated (9! orders: the
   straightforward way), the three answers checked equal.
2. Twenty-two players, exact, every place paid (the largest exact field).
3. A field of 1,000 players with 150 paid places, seeded Monte Carlo: finishing orders a second, and the
   standard error of the chip leader's equity.
4. Heads-up push/fold at 10 big blinds solved to 1e-6 bb (numpy CFR+), beside one iteration of the same
   update written in plain Python loops, extrapolated to the solve's iterations.
5. The heads-up chart from 1 to 20 big blinds in steps of 0.5 (39 solves).
6. A table of four valued by ICM (12/8/15/20 big blinds, 50/30/20), solved to 0.01% of the pool.
7. A table of six (12/8/15/20/10/25, 50/30/20, ante 0.125): the solve, its iterations and time per
   iteration; then one measurement of every decision's values under its answer by the compiled kernel
   beside the same values written plainly in numpy (the tests' oracle, ``tests/naive.py``), checked
   equal.
"""

from __future__ import annotations

import itertools
import math
import time

import numpy as np
from common import interleaved_samples, row

from equity.questions.tournaments import multiway, multiway_solve
from equity.questions.tournaments.icm import icm, prize_equity
from equity.questions.tournaments.pushfold import Game, chart, pushfold


def _plain_recursion(stacks: list[float], pays: list[float]) -> list[float]:
    """The subset recursion in plain Python: each set of placed players, a dict entry."""
    n, total = len(stacks), sum(stacks)
    reach = {0: 1.0}
    ev = [0.0] * n
    for placed in range(min(len(pays), n)):
        following: dict[int, float] = {}
        for mask, p in reach.items():
            left = total - sum(stacks[j] for j in range(n) if mask >> j & 1)
            for j in range(n):
                if not mask >> j & 1:
                    q = p * stacks[j] / left
                    ev[j] += q * pays[placed]
                    following[mask | 1 << j] = following.get(mask | 1 << j, 0.0) + q
        reach = following
    return ev


def _orders(stacks: list[float], pays: list[float]) -> list[float]:
    """Every finishing order, one by one."""
    n = len(stacks)
    ev = [0.0] * n
    for order in itertools.permutations(range(n)):
        p, left = 1.0, sum(stacks)
        for player in order:
            p *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order[:len(pays)]):
            ev[player] += p * pays[place]
    return ev


def _best(fns, repeat: int) -> dict[str, float]:
    return {name: min(times) for name, times in interleaved_samples(fns, repeat).items()}


def bench_icm(repeat: int) -> None:
    print("\nequity icm: prize equity (best of interleaved runs; compiling not timed)")
    stacks = [74600, 67925, 49375, 43325, 31600, 27300, 26175, 10175, 6150]
    pays = [500.0, 300.0, 200.0]
    icm(stacks, pays)  # compile
    found: dict[str, object] = {}
    fns = {"icm": lambda: found.__setitem__("icm", icm(stacks, pays)),
           "plain": lambda: found.__setitem__("plain", _plain_recursion(stacks, pays)),
           "orders": lambda: found.__setitem__("orders", _orders(stacks, pays))}
    s = _best(fns, max(2, min(repeat, 3)))
    agree = (np.allclose(found["icm"].equities, found["plain"], atol=1e-9)  # type: ignore[attr-defined]
             and np.allclose(found["plain"], found["orders"], atol=1e-9))
    print("  1. nine players, 500/300/200, exact (with the bubble factors of its 36 pairs)")
    row("equity icm", f"{s['icm'] * 1e3:.2f} ms", "the recursion, and 72 more for the bubble factors")
    eq_only = _best({"x": lambda: prize_equity(np.array(stacks, float), np.array(pays), "mh")}, repeat)["x"]
    row("  the equities alone", f"{eq_only * 1e3:.3f} ms",
        f"{s['plain'] / eq_only:.0f}x as fast as plain Python")
    row("  the same recursion in plain Python", f"{s['plain'] * 1e3:.1f} ms", "baseline")
    row("  every finishing order (9! = 362,880)", f"{s['orders']:.2f} s",
        f"{s['orders'] / eq_only:,.0f}x the recursion's time; " + ("all agree" if agree else "DISAGREE"))
    big = [1000 + 37 * i for i in range(22)]
    prize_equity(np.array(big, float), np.arange(22, 0, -1, dtype=float), "mh")
    t = _best({"x": lambda: prize_equity(np.array(big, float), np.arange(22, 0, -1, dtype=float), "mh")},
              max(2, min(repeat, 3)))["x"]
    print("  2. twenty-two players, every place paid, exact")
    row("equity icm's recursion (4,194,304 sets)", f"{t:.3f} s",
        f"{22 * 2 ** 22 / t / 1e6:.0f} M steps/s; {math.factorial(22):.2e} orders one by one")
    field = list(np.random.default_rng(7).integers(1_000, 60_000, 1_000))
    paid = [float(x) for x in np.geomspace(1_000, 10, 150)]
    icm(field, paid, trials=1_000, seed=1)
    started = time.perf_counter()
    r = icm(field, paid, trials=100_000, seed=1)
    took = time.perf_counter() - started
    leader = int(np.argmax(field))
    print("  3. 1,000 players, 150 paid, Monte Carlo (Harville's exponential race)")
    row("equity icm, 100,000 finishing orders", f"{took:.2f} s",
        f"{100_000 / took:,.0f} orders/s; the chip leader {r.equities[leader]:.2f} ± {r.stderr[leader]:.2f}")
    bench_pushfold(repeat)


def _plain_iteration(weight, called, steal, fold, push, call) -> None:
    """One CFR+ update of both players' values, in plain Python loops (the baseline)."""
    n = len(push)
    for i in range(n):
        total = value = 0.0
        for j in range(n):
            total += weight[i][j]
            value += weight[i][j] * (call[j] * called[i][j] + (1 - call[j]) * steal)
        _ = value / total
    for j in range(n):
        calls = folds = 0.0
        for i in range(n):
            calls -= weight[i][j] * push[i] * called[i][j]
            folds -= weight[i][j] * push[i] * steal
    del fold


def bench_pushfold(repeat: int) -> None:
    pushfold(10)
    found: dict[str, object] = {}
    t = _best({"x": lambda: found.__setitem__("r", pushfold(10))}, max(2, min(repeat, 3)))["x"]
    r = found["r"]
    game = Game(10, 0.0)
    weight, called = game.weight.tolist(), game.called.tolist()
    half = [0.5] * 169
    plain = _best({"x": lambda: _plain_iteration(weight, called, game.steal, game.fold, half, half)}, 2)["x"]
    print("  4. heads-up push/fold at 10 big blinds, to 1e-6 bb")
    row("equity pushfold 10", f"{t * 1e3:.0f} ms",
        f"{r.iterations:,} iterations; exploitability {r.exploitability:.1e} bb")  # type: ignore[attr-defined]
    whole = plain * r.iterations  # type: ignore[attr-defined]
    row("  the same iterations in plain Python loops", f"{whole:.1f} s",
        f"one iteration {plain * 1e3:.0f} ms, extrapolated; {whole / t:.0f}x the solve's time")

    print("  5. the heads-up chart from 1 to 20 big blinds in steps of 0.5")
    t0 = time.perf_counter()
    c = chart(1, 20)
    row("equity pushfold --chart 1-20", f"{time.perf_counter() - t0:.1f} s",
        f"{len(c.answers)} stacks, each to at most {max(a.exploitability for a in c.answers):.1e} bb")
    bench_table(repeat)


def bench_table(repeat: int) -> None:
    from equity.questions.tournaments import headsup_table, threeway_table
    from tests.naive import naive_table_values

    multiway_solve.table_pushfold([10, 10, 10], [50, 30, 20], tolerance=1e-2)  # compiled, tables read
    pays = [50, 30, 20]
    t0 = time.perf_counter()
    r4 = multiway_solve.table_pushfold([12, 8, 15, 20], pays)
    t4 = time.perf_counter() - t0
    print("  6. a table of four by ICM (12/8/15/20 bb, 50/30/20), to 0.01% of the pool")
    row("equity pushfold --stacks 12,8,15,20", f"{t4:.2f} s",
        f"{r4.iterations:,} iterations; exploitability {100 * r4.exploitability_share:.4f}% of the pool")
    stacks, ante = [12, 8, 15, 20, 10, 25], 0.125
    t0 = time.perf_counter()
    r = multiway_solve.table_pushfold(stacks, pays, ante=ante)
    t6 = time.perf_counter() - t0
    print("  7. a table of six by ICM (12/8/15/20/10/25 bb, 50/30/20, ante 0.125), to 0.01% of the pool")
    row("equity pushfold --stacks 12,8,15,20,10,25", f"{t6:.1f} s",
        f"{r.iterations:,} iterations ({1e3 * t6 / r.iterations:.0f} ms each, with the measurements); "
        f"exploitability {100 * r.exploitability_share:.4f}% of the pool")
    game = multiway.spot(stacks, pays, ante)
    g = multiway.tree(game)
    arrays = multiway_solve._arrays(g)
    sigma = np.array([d.frequencies for d in r.decisions])
    profile = {d: sigma[k] for k, d in enumerate(g.decisions)}
    counts, combos = threeway_table.table()
    three = (counts, combos, threeway_table.OUTCOMES, threeway_table.triple_index)
    out: dict[str, object] = {}
    times = _best({"kernel": lambda: out.__setitem__("k", multiway_solve._values(sigma, arrays, True)),
                   "plain": lambda: out.__setitem__("n", naive_table_values(
                       stacks, pays, ante, profile, headsup_table.table(), three))}, 1)
    ev_k, ev_n = out["k"][2], out["n"][0]  # type: ignore[index]
    assert np.allclose(ev_k, ev_n, rtol=1e-8), (ev_k, ev_n)
    row("  one measurement: every decision's values", f"{times['kernel'] * 1e3:.0f} ms",
        f"the same in plain numpy (tests/naive.py) {times['plain']:.1f} s: "
        f"{times['plain'] / times['kernel']:.0f}x; equities agree")
