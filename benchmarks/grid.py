"""``make bench``, section grid: the grid and distributions from one pass (issue "Every combo's equity
from one pass"), each beside one run of the whole spot measured interleaved in the same run.

Targets: ``equity grid 15% vs 15%`` preflop <= 1.5x one run of the whole range, on Th9h2c (exact)
<= 1.3x; ``equity grid random vs 1`` preflop <= 3 s on 2 threads; ``equity dist`` of two 15% ranges on a
flop, exact, <= 1.5x one exact run of the spot; and the totals alone (no combos asked) cost what they
did: the engines' per-combo paths are off.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import numba
from common import interleaved, row, verdict, wall  # noqa: E402  (benchmarks/ is on sys.path)

BIN = Path(sys.executable).parent


def bench_grid(repeat: int) -> None:
    from equity import calculate
    from equity.engines import montecarlo
    from equity.games.holdem.preflop import equity_vs_random
    from equity.questions.dist import equity_distribution
    from equity.questions.grid import equity_grid
    from equity.scenario import Scenario

    print("Grid and distributions from one pass (in process, warm JIT; each beside one run of the spot)")
    n = max(3, repeat)
    cases = {"grid 15% vs 15% preflop": ("", 1.5), "grid 15% vs 15% on Th9h2c": ("Th9h2c", 1.3)}
    fns = {}
    for name, (board, _) in cases.items():
        equity_grid("15%", ["15%"], board=board, seed=1)
        fns[(name, "grid")] = lambda board=board: equity_grid("15%", ["15%"], board=board, seed=1)
        # The whole range as one run, as `equity 15% vs 15%` runs it: the method chosen as the grid's.
        fns[(name, "whole")] = lambda board=board: calculate(["15%", "15%"], board=board)
    fns[("dist", "dist")] = lambda: equity_distribution(["15%", "15%"], board="Th9h2c")
    times = interleaved(fns, n)
    for name, (board, target) in cases.items():
        grid = equity_grid("15%", ["15%"], board=board, seed=1)
        whole = calculate(["15%", "15%"], board=board)
        ratio = times[(name, "grid")] / times[(name, "whole")]
        row(f"{name}: {len(grid.cells)} classes", f"{times[(name, 'grid')] * 1e3:.0f} ms",
            f"{ratio:.2f}x one run ({whole.method}, {times[(name, 'whole')] * 1e3:.0f} ms; "
            f"{grid.overall.trials:,} vs {whole.trials:,} {'trials' if whole.method != 'exact' else 'pairs'})"
            f" - target <= {target}x: {verdict(ratio <= target)}")
    ratio = times[("dist", "dist")] / times[("grid 15% vs 15% on Th9h2c", "whole")]
    row("dist 15% vs 15% on Th9h2c (exact)", f"{times[('dist', 'dist')] * 1e3:.0f} ms",
        f"{ratio:.2f}x one exact run - target <= 1.5x: {verdict(ratio <= 1.5)}")

    # The totals alone: the kernels' per-combo counting is off unless asked for.
    scenario = Scenario.build(["15%", "15%"])
    runs = {"totals": lambda: montecarlo.simulate(scenario, seed=1, trials=2_000_000),
            "combos": lambda: montecarlo.simulate(scenario, seed=1, trials=2_000_000, combos=[0])}
    for fn in runs.values():
        fn()
    t = interleaved(runs, n)
    row("Monte Carlo 15% vs 15%, 2M trials", f"{t['totals'] * 1e3:.0f} ms",
        f"counting the hero's combos too: {t['combos'] * 1e3:.0f} ms ({t['combos'] / t['totals']:.2f}x)")

    threads = min(2, numba.config.NUMBA_NUM_THREADS)
    equity_grid("random", [1], seed=1, threads=threads)
    t = interleaved({"random": lambda: equity_grid("random", [1], seed=1, threads=threads)}, n)["random"]
    grid = equity_grid("random", [1], seed=1, threads=threads)
    z = max(abs(c.result.players[0].equity - equity_vs_random(c.name)) / c.result.players[0].stderr
            for c in grid.cells)
    row(f"grid random vs 1 preflop, {threads} threads", f"{t:.2f} s",
        f"169 classes, {grid.overall.trials:,} trials; largest |cell - exact table| {z:.1f} SE"
        f" - target <= 3 s: {verdict(t <= 3.0)}")

    equity_bin = shutil.which("equity", path=str(BIN)) or "equity"
    cmd = [equity_bin, "grid", "15%", "vs", "15%", "--seed", "1", "--json"]
    wall(cmd)()
    walls = interleaved({"numba": wall([sys.executable, "-c", "import numba"]), "cli": wall(cmd)},
                        max(1, repeat // 2))
    row("`equity grid 15% vs 15% --seed 1 --json` wall", f"{walls['cli']:.2f} s",
        f"`python -c 'import numba'`: {walls['numba'] * 1e3:.0f} ms")
    print()
