"""``make bench --section boardless``: the games without a board, each figure beside a baseline in the
same run.

- Monte Carlo, random hand vs random hand: stud, razz, stud hi-lo (and 2-7 single draw, five-card draw,
  badugi) beside hold'em's rate, on one thread and on all (targets: stud >= 0.5x hold'em, razz and
  stud hi-lo >= 0.4x);
- exact stud hi-lo on sixth street, the whole ``equity.calculate`` call (target <= 10 ms), with stud
  and razz on fifth street and spots of the draw games;
- the peer ``poker-equity`` (PyPI, Rust; :mod:`hilo_peers`) on the same spots, interleaved: its exact
  times (``exact_from_text``, one thread) and Monte Carlo rates (``chunk_from_text``, same trials),
  and whether the answers agree: exact equities to 1e-9, Monte Carlo within 4 standard errors.

The peer's notation: a hand is its known cards (stud: the same count for every seat; a draw game: the
cards kept, the rest drawn), ``*`` an unknown card, so a random hand is ``*`` times the game's hole
cards; dead cards are a plain card string. Its exact walk has no thread setting (one thread); its Monte
Carlo spreads over ``default_thread_count()`` threads unless told.
"""

from __future__ import annotations

import importlib
import math
import statistics
from collections.abc import Callable
from typing import Any

import hilo_peers
import numba
from common import interleaved, interleaved_samples, row, verdict

import equity

#: Monte Carlo trials per timed call (~0.1-0.3 s of ours on two threads).
TRIALS = 4_000_000
#: Our game name -> the peer's variant key (:func:`poker_equity.variants`).
PEER_KEYS = {"holdem": "holdem", "stud": "stud", "razz": "razz", "stud8": "stud_hi_lo",
             "2-7": "deuce_seven", "draw": "five_card_draw", "badugi": "badugi"}
#: Random vs random Monte Carlo: game -> (label, the least rate as a share of hold'em's, or None).
MC_GAMES = {"holdem": ("hold'em", None), "stud": ("stud", 0.5), "razz": ("razz", 0.4),
            "stud8": ("stud hi-lo", 0.4), "2-7": ("2-7 single draw", None),
            "draw": ("five-card draw", None), "badugi": ("badugi", None)}
#: Exact spots: (label, game, known cards per player, dead cards, the most ms of our call or None); in
#: a draw game the known cards are the ones kept (2-7: each draws one; draw: two and one; badugi: one
#: and two).
EXACT = (
    ("stud8 6th As2h3d4c9h8s vs KcQc5c6d7d2d", "stud8", ["As2h3d4c9h8s", "KcQc5c6d7d2d"], "Ad", 10),
    ("stud 5th AsKh3d4c9h vs KcQc5c6d7d", "stud", ["AsKh3d4c9h", "KcQc5c6d7d"], "Ad", None),
    ("razz 5th As2h3dKc9h vs 4c5c6d8dQs", "razz", ["As2h3dKc9h", "4c5c6d8dQs"], "Ad", None),
    ("2-7 7h5c4d3s vs 8h6d4s3c", "2-7", ["7h5c4d3s", "8h6d4s3c"], "KdKc", None),
    ("draw AsAhKd vs QcQdQs9h", "draw", ["AsAhKd", "QcQdQs9h"], "2c", None),
    ("badugi As2h3d vs 4c5h", "badugi", ["As2h3d", "4c5h"], "Kc", None),
)
#: Exact equities must agree to this; Monte Carlo ones within this many standard errors.
EXACT_TOL, MC_SIGMAS = 1e-9, 4.0


def _peer() -> Any:
    return importlib.import_module(hilo_peers.MODULE)


def _peer_call(game: str, hands: list[str], dead: str = "", *, exact: bool = False, threads: int = 0,
               samples: int = TRIALS) -> Callable[[], dict[str, Any] | None]:
    """A call of the peer on one spot (its raw dict; ``None`` when it declines an exact walk)."""
    pe = _peer()
    key = PEER_KEYS[game]
    hole = next(v["hole_cards"] for v in pe.variants() if v["key"] == key)
    fields = [hilo_peers.peer_hand(h, hole) for h in hands]
    if exact:
        return lambda: pe.exact_from_text(key, fields, "", dead)
    return lambda: pe.chunk_from_text(key, fields, "", dead, samples=samples, seed=1, threads=threads)


def _keep(store: dict[Any, Any], name: Any, fn: Callable[[], Any]) -> Callable[[], None]:
    """``fn`` whose last answer is kept in ``store[name]`` (the timed call is the checked one)."""
    def run() -> None:
        store[name] = fn()
    return run


def _faster(ours: float, peer: float) -> str:
    """Which of two times is shorter, as a ratio."""
    if peer >= ours:
        return f"equity is {peer / ours:.1f}x faster"
    return f"the peer is {ours / peer:.1f}x faster"


def bench_boardless(repeat: int) -> None:
    cores = numba.get_num_threads()
    peer_missing = hilo_peers.unavailable()
    failures: list[str] = []
    _monte_carlo(repeat, cores, peer_missing, failures)
    print()
    _exact(repeat, cores, peer_missing, failures)
    if failures:
        print(f"  !! equity and poker-equity DISAGREE on: {'; '.join(failures)}")
    print()


def _monte_carlo(repeat: int, cores: int, peer_missing: str | None, failures: list[str]) -> None:
    print(f"Games without a board: Monte Carlo, random vs random heads-up ({TRIALS / 1e6:.0f} M trials a "
          "call, seed 1; M trials/s, medians of interleaved runs)")
    thread_counts = sorted({1, cores})
    peer_threads: list[int] = []
    if peer_missing is None:
        peer_threads = sorted({_peer().default_thread_count(), cores})
    last: dict[tuple[str, str, int], Any] = {}
    fns: dict[tuple[str, str, int], Callable[[], None]] = {}
    hands = ["random", "random"]
    for game in MC_GAMES:
        equity.calculate(hands, game=game, trials=20_000, seed=1)  # compile
        for t in thread_counts:
            fns[(game, "equity", t)] = _keep(last, (game, "equity", t), lambda g=game, t=t: equity.calculate(
                hands, game=g, method="monte-carlo", trials=TRIALS, seed=1, threads=t))
        if peer_threads:
            _peer_call(game, hands, samples=20_000)()  # warm up
        for t in peer_threads:
            fns[(game, "peer", t)] = _keep(last, (game, "peer", t), _peer_call(game, hands, threads=t))
    times = interleaved(fns, repeat)
    rate = {k: TRIALS / s for k, s in times.items()}
    for t in thread_counts:
        base = rate[("holdem", "equity", t)]
        for game, (label, least) in MC_GAMES.items():
            r = rate[(game, "equity", t)]
            done = last[(game, "equity", t)].trials
            note = "baseline" if game == "holdem" else f"{r / base:.2f}x hold'em"
            if least is not None:
                note += "; " + verdict(r >= least * base) + f" (>= {least}x hold'em)"
            if done != TRIALS:
                note += f"; PLAYED {done:,} TRIALS, NOT {TRIALS:,}"
            row(f"{label}, {t} thread{'s' if t > 1 else ''}", f"{r / 1e6:.1f} M/s", note)
    if peer_missing is not None:
        row("poker-equity (peer)", "", f"skipped: {peer_missing}")
        return
    print(f"  poker-equity {hilo_peers.peer_version()} on the same spots (chunk_from_text, '*' for each "
          f"unknown card, {TRIALS / 1e6:.0f} M samples, seed 1; its default is "
          f"{_peer().default_thread_count()} threads)")
    for t in peer_threads:
        ours_t = t if t in thread_counts else cores
        base = rate[("holdem", "peer", t)]
        for game, (label, _) in MC_GAMES.items():
            r, ours = rate[(game, "peer", t)], last[(game, "equity", ours_t)]
            raw = last[(game, "peer", t)]
            gaps = [abs(p.equity - q["equity"]) / math.hypot(p.stderr, q["std_error"])
                    for p, q in zip(ours.players, raw["players"], strict=True)]
            same = max(gaps) <= MC_SIGMAS and raw["samples"] == TRIALS and not raw["exact"]
            if not same:
                failures.append(f"Monte Carlo {label}")
            note = (("peer baseline" if game == "holdem" else f"{r / base:.2f}x its hold'em")
                    + f"; equity ({ours_t} thr) is {rate[(game, 'equity', ours_t)] / r:.1f}x its rate; "
                    + (f"agree ({max(gaps):.1f} SE)" if same else f"DISAGREES ({max(gaps):.1f} SE)"))
            row(f"  peer {label}, {t} thread{'s' if t > 1 else ''}", f"{r / 1e6:.1f} M/s", note)


def _exact(repeat: int, cores: int, peer_missing: str | None, failures: list[str]) -> None:
    print(f"Games without a board: exact, heads-up (the whole equity.calculate call, {cores} threads; "
          "ms, medians of interleaved runs)")
    last: dict[tuple[str, str], Any] = {}
    fns: dict[tuple[str, str], Callable[[], None]] = {}
    for label, game, hands, dead, _ in EXACT:
        ours = _keep(last, (label, "equity"), lambda g=game, h=hands, d=dead: equity.calculate(
            h, dead=d, game=g, method="exact"))
        ours()  # compile
        fns[(label, "equity")] = ours
        if game in ("stud8", "stud", "razz") and cores > 1:
            fns[(label, "1 thread")] = lambda g=game, h=hands, d=dead: equity.calculate(
                h, dead=d, game=g, method="exact", threads=1)
        if peer_missing is None:
            fns[(label, "peer")] = _keep(last, (label, "peer"), _peer_call(game, hands, dead, exact=True))
            fns[(label, "peer")]()  # warm up
    samples = interleaved_samples(fns, repeat)
    times = {k: statistics.median(v) for k, v in samples.items()}
    for label, _, _, dead, most in EXACT:
        secs, result = times[(label, "equity")], last[(label, "equity")]
        shares = " / ".join(f"{p.equity:.6f}" for p in result.players)
        note = (f"{dead} dead; {result.trials:,} deals, equities {shares}; best run "
                f"{min(samples[(label, 'equity')]) * 1e3:.2f} ms")
        if most is not None:
            note += "; " + verdict(secs * 1e3 <= most) + f" (<= {most} ms)"
        row(label, f"{secs * 1e3:.2f} ms", note)
        if (label, "1 thread") in times:
            row("  the same, threads=1", f"{times[(label, '1 thread')] * 1e3:.2f} ms",
                f"{times[(label, '1 thread')] / secs:.2f}x the time on {cores} threads")
        if peer_missing is None:
            raw = last[(label, "peer")]
            if raw is None:
                row("  poker-equity exact_from_text", "declined", "it judged the spot too large")
                continue
            diff = max(abs(p.equity - q["equity"])
                       for p, q in zip(result.players, raw["players"], strict=True))
            same = diff <= EXACT_TOL and raw["exact"] and raw["samples"] == result.trials
            if not same:
                failures.append(f"exact {label}")
            peer_secs = times[(label, "peer")]
            speed = _faster(secs, peer_secs)
            if (label, "1 thread") in times:
                speed += f" ({_faster(times[(label, '1 thread')], peer_secs)} on 1 thread)"
            row("  poker-equity exact_from_text (1 thread)", f"{peer_secs * 1e3:.2f} ms",
                f"{raw['samples']:,} deals; {speed}; max equity difference {diff:.1e}: "
                + ("agree (<= 1e-9)" if same else "DISAGREES"))
    if peer_missing is not None:
        row("poker-equity (peer)", "", f"skipped: {peer_missing}")
