"""``make bench --section flops``: ``equity flops``, each figure beside a baseline measured in the same run.

- Range against range on all 1,755 flop classes, exact (:data:`HERO` vs :data:`VILLAIN`): the count's
  seconds (:attr:`~equity.questions.flops.FlopsResult.count_s`, target <= 0.5 s on 2 cores) and the whole
  :func:`equity.questions.flops.flops` call, beside baseline A, the same flops run one at a time in one
  process (``equity.calculate([H, V], FLOP, method="exact")`` for each class's flop; target: flops >= 4x
  faster). Their equities must agree.
- The whole ``equity flops H vs V --json`` command in a fresh process with the JIT cache warm (target
  <= 1 s), beside baseline B, the shell loop a user would write: ``equity H vs V --board FLOP --exact
  --json`` once per flop, :data:`SHELL_FLOPS` sampled flops timed and extrapolated to every class (target:
  the flops command >= 300x faster).
- ``random`` vs ``random`` on every flop, exact (target <= 30 s), beside a single-flop exact
  ``equity.calculate`` of the same spot on :data:`RANDOM_FLOPS` flops, extrapolated.
- The time per flop of each spot beside the single-flop run's.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import time
from pathlib import Path

from common import BIN, interleaved_samples, row, verdict

import equity
from equity.questions.flops import flops

ROOT = Path(__file__).resolve().parent.parent
HERO, VILLAIN = "QQ+,AKs,AKo", "JJ-77,AQs-ATs,KQs,AQo"
#: Targets: the count's seconds, the whole command's wall seconds, the speed-ups over baselines A and B,
#: the random-vs-random run's seconds.
COUNT_TARGET, COMMAND_TARGET, LOOP_TARGET, SHELL_TARGET, RANDOM_TARGET = 0.5, 1.0, 4.0, 300.0, 30.0
#: Flops the shell loop (baseline B) times, and the random-vs-random single-flop baseline.
SHELL_FLOPS, RANDOM_FLOPS = 20, 3


def _equity_cmd() -> list[str]:
    found = shutil.which("equity", path=str(BIN))
    return [found] if found else [str(BIN / "python"), "-m", "equity"]


def _has_flops_command() -> bool:
    """Whether ``equity flops`` is a command (else the default command would take ``flops`` as a hand)."""
    done = subprocess.run([*_equity_cmd(), "flops", "--help"], capture_output=True, text=True, cwd=ROOT)
    return done.returncode == 0 and "equity flops" in done.stdout.split("\n", 1)[0]


def _timed(cmd: list[str]) -> tuple[float, int, str]:
    """Wall seconds of ``cmd`` (stdout to /dev/null), its exit status and the tail of its stderr."""
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    return time.perf_counter() - start, done.returncode, done.stderr.strip()[-200:]


def bench_flops(repeat: int) -> None:
    print(f"equity flops: {HERO} vs {VILLAIN} on every flop, exact (medians of interleaved runs; "
          "baselines: the same flops one at a time)")
    spot = _spot(repeat)
    print()
    print("equity flops: random vs random on every flop, exact (one run; baseline: single-flop exact runs "
          "of a few flops, extrapolated)")
    _random(spot)
    print()


def _spot(repeat: int) -> dict[str, float]:
    """The ranges' rows (module docstring); returns the per-flop figures for the summary rows."""
    players = [HERO, VILLAIN]
    result = flops(HERO, VILLAIN)  # compiles
    playable = [r for r in result.rows if not r.blocked]
    classes = len(result.rows)
    equity.calculate(players, playable[0].flop, method="exact")
    found: dict[str, object] = {}

    def whole() -> None:
        found["flops"] = flops(HERO, VILLAIN)

    def loop() -> None:
        found["loop"] = [equity.calculate(players, r.flop, method="exact") for r in playable]

    samples = interleaved_samples({"flops": whole, "loop": loop}, max(2, min(repeat, 3)))
    api, base = statistics.median(samples["flops"]), statistics.median(samples["loop"])
    last = found["flops"]
    counts = []
    for _ in range(max(3, repeat)):  # the count alone is cheap: more runs of it
        counts.append(flops(HERO, VILLAIN, preflop=False).count_s)
    count = statistics.median(counts)
    diff = max(abs(r.hero.equity - c.players[0].equity)
               for r, c in zip([r for r in last.rows if not r.blocked], found["loop"], strict=True))
    agree = "equities agree to the last bit" if diff == 0 else f"equities differ by up to {diff:.1e}"
    blocked = f", {classes - len(playable)} blocked" if len(playable) < classes else ""
    row(f"count {classes:,} flop classes ({last.flops:,} flops{blocked})", f"{count:.3f} s",
        verdict(count <= COUNT_TARGET) + f" (<= {COUNT_TARGET} s on 2 cores); runs "
        + ", ".join(f"{c:.3f}" for c in sorted(counts)))
    ratio = base / api
    row("  the whole flops() call (hits, means, preflop)", f"{api:.3f} s",
        f"{ratio:.1f}x faster than baseline A; " + verdict(ratio >= LOOP_TARGET)
        + f" (>= {LOOP_TARGET:.0f}x); the count alone {base / count:.1f}x")
    row(f"  baseline A: {len(playable):,} equity.calculate calls", f"{base:.3f} s",
        f"{base / len(playable) * 1e3:.2f} ms a flop, one process; {agree}")
    per = {"flops": api / classes, "count": count / classes, "single": base / len(playable)}
    row("  per flop: flops() call / its count", f"{per['flops'] * 1e3:.3f} ms",
        f"count {per['count'] * 1e3:.3f} ms; single-flop exact run {per['single'] * 1e3:.2f} ms "
        f"({per['single'] / per['flops']:.1f}x the flops() call's)")
    per.update(_commands(playable, classes))
    return per


def _commands(playable: list, classes: int) -> dict[str, float]:
    """The whole ``equity flops`` command beside the shell loop (baseline B), interleaved."""
    cmd = _equity_cmd()
    have = _has_flops_command()
    flops_cmd = [*cmd, "flops", HERO, "vs", VILLAIN, "--json"]
    sample = random.Random(2026).sample(playable, min(SHELL_FLOPS, len(playable)))
    single = [[*cmd, HERO, "vs", VILLAIN, "--board", r.flop, "--exact", "--json"] for r in sample]
    if have:
        _timed(flops_cmd)  # compiles, if the cache is cold
    _timed(single[0])
    walls, shells, fails = [], [], []
    for i, c in enumerate(single):
        secs, rc, err = _timed(c)
        shells.append(secs)
        if rc:
            fails.append(f"`{' '.join(c[1:])}` exit {rc}: {err}")
        if have and i % (len(single) // 3 or 1) == 0 and len(walls) < 3:
            secs, rc, err = _timed(flops_cmd)
            walls.append(secs)
            if rc:
                fails.append(f"`equity flops` exit {rc}: {err}")
    per_call = statistics.mean(shells)
    loop = per_call * classes
    if have:
        wall = statistics.median(walls)
        row("`equity flops H vs V --json` wall, warm JIT", f"{wall:.2f} s",
            verdict(wall <= COMMAND_TARGET) + f" (<= {COMMAND_TARGET:.0f} s); fresh process, runs "
            + ", ".join(f"{w:.2f}" for w in sorted(walls)))
        ratio = loop / wall
        row(f"  baseline B: {classes:,} single-flop commands", f"{loop:.0f} s",
            f"extrapolated from {len(shells)} flops at {per_call * 1e3:.0f} ms each; flops command "
            f"{ratio:.1f}x faster; " + verdict(ratio >= SHELL_TARGET) + f" (>= {SHELL_TARGET:.0f}x)")
        row("  per flop: the flops command", f"{wall / classes * 1e3:.3f} ms",
            f"a single-flop command `equity H vs V --board F --exact --json` {per_call * 1e3:.0f} ms")
    else:
        row("`equity flops H vs V --json` wall, warm JIT", "no command",
            "MISSES target: `equity flops` is not a command in this build")
        row(f"  baseline B: {classes:,} single-flop commands", f"{loop:.0f} s",
            f"extrapolated from {len(shells)} flops at {per_call * 1e3:.0f} ms each; nothing to compare")
    for fail in fails[:3]:
        print(f"  FAILED: {fail}")
    return {"command": statistics.median(walls) / classes if walls else 0.0, "shell": per_call}


def _random(spot: dict[str, float]) -> None:
    flops("random", "random", flops="AsKd2c,7h7d2s", preflop=False)  # compiles what the spot needs
    result = flops("random", "random")
    classes = len(result.rows)
    sample = random.Random(2026).sample([r for r in result.rows if not r.blocked], RANDOM_FLOPS + 1)
    players = ["random", "random"]
    equity.calculate(players, sample[-1].flop, method="exact")  # compiles
    singles, diffs = [], []
    for r in sample[:RANDOM_FLOPS]:
        start = time.perf_counter()
        got = equity.calculate(players, r.flop, method="exact")
        singles.append(time.perf_counter() - start)
        diffs.append(abs(got.players[0].equity - r.hero.equity))
    per_single = statistics.mean(singles)
    base = per_single * classes
    secs = result.elapsed_s
    agree = "equities agree" if max(diffs) == 0 else f"equities differ by up to {max(diffs):.1e}"
    row(f"flops('random', 'random'), {classes:,} classes", f"{secs:.1f} s",
        verdict(secs <= RANDOM_TARGET) + f" (<= {RANDOM_TARGET:.0f} s); count {result.count_s:.1f} s, "
        f"{base / secs:.1f}x faster than the baseline")
    row(f"  baseline: single-flop exact runs x {classes:,}", f"{base:.0f} s",
        f"extrapolated from {RANDOM_FLOPS} flops at " + ", ".join(f"{s:.3f}" for s in singles)
        + f" s; {agree}")
    print("  time per flop, each spot beside its single-flop exact run:")
    commands = (f"; the flops command {spot['command'] * 1e3:.3f} ms, a single-flop command "
                f"{spot['shell'] * 1e3:.0f} ms") if spot["command"] else ""
    row(f"  {HERO} vs {VILLAIN}", f"{spot['flops'] * 1e3:.3f} ms",
        f"flops() call; single-flop exact run {spot['single'] * 1e3:.2f} ms "
        f"({spot['single'] / spot['flops']:.1f}x){commands}")
    row("  random vs random", f"{secs / classes * 1e3:.2f} ms",
        f"flops() call (count {result.count_s / classes * 1e3:.2f} ms); single-flop exact run "
        f"{per_single * 1e3:.1f} ms ({per_single / (secs / classes):.1f}x)")
