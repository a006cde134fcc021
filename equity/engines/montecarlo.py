"""Monte Carlo engine: seeded, chunked, on all cores, reproducible bit for bit.

Trials are cut into chunks of :data:`CHUNK` trials whatever the thread count; chunk ``k`` plays its
trials in :data:`~equity.engines.deck.LANES` lanes, lane ``j`` drawing from the stream ``(seed, LANES * k +
j)`` (:mod:`equity.engines.deck`), and returns integer counts, which are summed in chunk order.
So a seed and a trial count determine the result exactly, on any machine and with any ``--threads``.
With a precision target the run stops at the first chunk boundary where every player's equity standard
error is small enough; that boundary is found from per-chunk counts, so it does not depend on how the
chunks were batched or threaded either.

The engine is generic: the scenario's game hands it its chunk kernel and what that deals from
(:meth:`equity.games.base.Game.simulation`: hold'em's :mod:`equity.games.holdem.montecarlo`, Omaha's
:mod:`equity.games.omaha.montecarlo`), and every kernel counts into the same :class:`~equity.tally.Tally`
rows, one per chunk, from which the standard errors and the stopping rule are computed alike.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Sequence

import numpy as np

from equity.cards import format_cards
from equity.engines.combo_rows import ComboRows, GroupRule
from equity.engines.dealing import check_scenario
from equity.engines.parallel import BATCH_SECONDS, check_threads, next_batch, using_threads
from equity.engines.protocol import Spot
from equity.errors import ScenarioError
from equity.options import Progress
from equity.result import Result, low_counts, player_results
from equity.tally import Tally, mean_stderr, shares

CHUNK = 16_384
DEFAULT_PRECISION = 0.0005  # 0.05 percentage points
MAX_SEED = 2**64 - 1
MAX_TRIALS = 10**15  # about a year at 30 M/s; the kernels count in int64


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _positive(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
            and value > 0)


def check_options(trials: int | None, precision: float | None, time_s: float | None,
                  seed: int | None, threads: int | None) -> None:
    """Raise :class:`ScenarioError` unless the Monte Carlo options are valid together."""
    chosen = [name for name, v in (("trials", trials), ("precision", precision), ("time", time_s))
              if v is not None]
    if len(chosen) > 1:
        raise ScenarioError(f"choose one way to stop, not {' and '.join(chosen)}")
    if trials is not None and not (_whole(trials) and 1 <= trials <= MAX_TRIALS):
        raise ScenarioError(f"trials must be a whole number from 1 to 10**15; got {trials!r}")
    if precision is not None and not _positive(precision):
        raise ScenarioError(f"precision must be a positive number; got {precision!r}")
    if time_s is not None and not _positive(time_s):
        raise ScenarioError(f"time must be a positive number of seconds; got {time_s!r}")
    if seed is not None and not (_whole(seed) and 0 <= seed <= MAX_SEED):
        raise ScenarioError(f"seed must be a whole number 0 .. 2**64-1; got {seed!r}")
    check_threads(threads)


def _equity_stderr(tally: Tally) -> np.ndarray:
    """Every player's equity standard error over the first n chunks, for each n: shape (chunks, P).
    tally: one row per full chunk."""
    share, share_sq = (np.cumsum(x, axis=0) for x in shares(tally))
    n = CHUNK * np.arange(1, len(share) + 1, dtype=np.float64)[:, None]
    return mean_stderr(n, share / n, share_sq / n)


def _first_precise_prefix(stderr: np.ndarray, target: float, min_chunks: int) -> int:
    """The smallest chunk count n >= min_chunks whose first n chunks give every player an equity
    standard error <= target; 0 if none. stderr: what :func:`_equity_stderr` returns."""
    ok = (stderr <= target).all(axis=1)
    ok[:min_chunks - 1] = False
    hits = np.nonzero(ok)[0]
    return int(hits[0]) + 1 if len(hits) else 0


def _chunks_for(stderr: np.ndarray, target: float) -> int:
    """How many chunks in all should bring the largest standard error over all chunks so far down to
    ``target``: the error falls as 1/sqrt(n), and a 3% margin keeps a second, tiny top-up batch rare."""
    worst = float(stderr[-1].max())
    return math.ceil(len(stderr) * 1.03 * (worst / target) ** 2) + 1


def _expected(trials: int | None, need: int | None, time_s: float | None, done_chunks: int,
              elapsed: float) -> int | None:
    """The trials a run will play, for a progress bar: exact with ``trials``, else estimated from the
    chunks a precision stop still needs or from the rate so far and the time left."""
    if trials is not None:
        return trials
    if need is not None:
        return (done_chunks + need) * CHUNK
    if time_s is not None and elapsed > 0:
        return max(done_chunks, round(done_chunks * time_s / elapsed)) * CHUNK
    return None


def board_seed(seed: int, cards: Sequence[int]) -> int:
    """The seed of a Monte Carlo run of its own on the board with ``cards`` added (a flop of ``equity
    flops``, a runout of ``equity runout``), from the whole run's ``seed`` (0 .. 2**64-1) and the card ids
    in any order: the first 64 bits numpy's ``SeedSequence`` draws from ``[seed, *sorted(cards)]``. So a
    board's numbers do not depend on what else the run asks, nor in what order its cards are given.

    >>> board_seed(7, [51, 0]) == board_seed(7, [0, 51]) != board_seed(8, [0, 51])
    True
    """
    entropy = [int(seed), *sorted(int(c) for c in cards)]
    return int(np.random.SeedSequence(entropy).generate_state(2, np.uint32).view(np.uint64)[0])


def simulate(scenario: Spot, *, trials: int | None = None, precision: float | None = None,
             time_s: float | None = None, seed: int | None = None, threads: int | None = None,
             categories: bool = False, progress: Progress | None = None, combos: Sequence[int] = (),
             groups: Sequence[np.ndarray] | None = None, group_precision: float | None = None) -> Result:
    """Estimate every player's win, tie and equity by Monte Carlo.

    Args:
        scenario: a validated scenario.
        trials: play exactly this many trials.
        precision: stop at the first chunk boundary where every player's equity standard error is at
            most this (a fraction: 0.0005 is 0.05 percentage points). The default when no stop is given.
        time_s: play whole chunks until this many seconds have passed.
        seed: 0 .. 2**64-1; drawn at random (and reported in the result) when omitted.
        threads: numba threads to use (default: all).
        categories: also count each player's final hand category and wins by category.
        progress: called as ``progress(trials_done, trials_total)`` after each batch; with a
            precision or time stop the total is a running estimate.
        combos: the seats whose per-combo counts to return too (:mod:`equity.engines.combo_counts`): each a
            ranged player or a specific hand.
        groups, group_precision: with a precision stop, also wait until, for each seat of ``combos``,
            the groups of its combos (``groups[i]``: int64 (C,), each combo's group, -1 for none) are
            as precise as :class:`~equity.engines.combo_rows.GroupRule` asks with ``group_precision``.

    Returns:
        A :class:`Result` with method ``"monte-carlo"``; its ``combos`` the per-combo counts asked for.

    Raises:
        ScenarioError: per-combo counts asked for a random hand.
    """
    check_scenario(scenario)
    check_options(trials, precision, time_s, seed, threads)
    if trials is None and time_s is None and precision is None:
        precision = DEFAULT_PRECISION
    seed = secrets.randbits(32) if seed is None else seed
    game = scenario.game
    run_chunks, d, t = game.simulation(scenario, categories)
    n_players = len(scenario.players)

    def counts(n: int) -> Tally:
        return Tally.zeros(n, n_players, game.split, n_categories=len(game.category_slots()))

    per_combo = ComboRows(scenario, combos, len(d.ranged))
    d = d._replace(counted=per_combo.counted)
    rule = GroupRule(per_combo, groups, group_precision, CHUNK) if groups is not None and precision else None
    # Load (or compile) the kernel before the clock starts: elapsed_s is the run, not the JIT.
    run_chunks(np.uint64(seed), 0, 0, 0, d, t, counts(0), *per_combo.zeros(0))
    start = time.perf_counter()
    parts: list[Tally] = []
    done_chunks = 0
    total = trials if trials is not None else CHUNK * (1 << 40)
    total_chunks = math.ceil(trials / CHUNK) if trials is not None else None
    with using_threads(threads) as n_threads:
        batch = 4 * n_threads
        while True:
            n = batch if total_chunks is None else min(batch, total_chunks - done_chunks)
            part = counts(n)
            combo_part = per_combo.zeros(n)
            t0 = time.perf_counter()
            run_chunks(np.uint64(seed), done_chunks, n, total, d, t, part, *combo_part)
            spent = time.perf_counter() - t0
            parts.append(part)
            per_combo.add(combo_part)
            done_chunks += n
            if total_chunks is not None and done_chunks >= total_chunks:
                break
            need = None
            if precision is not None:
                joined = Tally.join(parts)
                stderr = _equity_stderr(joined)
                if rule is not None:
                    stderr = np.concatenate([stderr, rule.add(combo_part, precision)], axis=1)
                stop = _first_precise_prefix(stderr, precision, 2)
                if stop:
                    parts = [joined.rows(stop)]
                    per_combo.keep(done_chunks - n, stop)
                    done_chunks = stop
                    break
                need = _chunks_for(stderr, precision) - done_chunks
            elapsed = time.perf_counter() - start
            if time_s is not None and elapsed >= time_s:
                break
            if progress is not None:
                expected = _expected(trials, need, time_s, done_chunks, elapsed)
                progress(min(done_chunks * CHUNK, total), expected)
            # Never aim past the time left.
            goal = min(BATCH_SECONDS, max(0.0, time_s - elapsed)) if time_s is not None else BATCH_SECONDS
            batch = next_batch(batch, n, spent, n_threads, goal)
            if need is not None:
                # The standard error so far predicts the chunks still needed; play those, whole
                # rounds of threads, instead of overshooting by up to 4x with the geometric growth.
                batch = max(n_threads, min(int(goal / max(spent / n, 1e-6)), need))
                batch = -(-batch // n_threads) * n_threads
    tally = Tally.sum_of(parts)
    played = min(done_chunks * CHUNK, total)
    if progress is not None:
        progress(played, played)
    players = player_results(scenario.labels(), scenario.n_combos(), tally, played, categories,
                             order=game.category_names(), slots=game.category_slots())
    return Result("monte-carlo", played, seed, format_cards(scenario.board), format_cards(scenario.dead),
                  time.perf_counter() - start, players, game.name, low_counts(tally, played),
                  per_combo.counts(tally, played) or None)
