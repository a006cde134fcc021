"""Monte Carlo engine: seeded, chunked, on all cores, reproducible bit for bit.

Trials are cut into chunks of :data:`CHUNK` trials whatever the thread count; chunk ``k`` draws from the
stream ``(seed, k)`` (:mod:`equity.deck`) and returns integer counts, which are summed in chunk order.
So a seed and a trial count determine the result exactly, on any machine and with any ``--threads``.
With a precision target the run stops at the first chunk boundary where every player's equity standard
error is small enough; that boundary is found from per-chunk counts, so it does not depend on how the
chunks were batched or threaded either.

Per trial: deal the missing board cards and walk them from the fixed board's state (walked once per
chunk), then each player's two hole cards (dealt for a random hand) continue from a copy of that state.
"""

from __future__ import annotations

import math
import os
import secrets
import time
from collections.abc import Callable

import numba
import numpy as np
from numba import njit, prange

from . import tables as _tables
from .cards import format_cards
from .deck import _deal, _seed_stream
from .errors import ScenarioError
from .evaluator import _finish, _step
from .scenario import PlayerResult, Result, Scenario, from_counts

CHUNK = 16_384
MAX_SPLIT = 24  # ties[p, k] for k-way splits, k <= 23
DEFAULT_PRECISION = 0.0005  # 0.05 percentage points
MAX_SEED = 2**64 - 1

Progress = Callable[[int, int | None], None]


@njit(cache=True)
def _chunk(seed, chunk, trials, holes, board, live, rank_step, rank_last, rank_value, flush_step,
           flush_value, wins_out, ties_out):
    """Play ``trials`` trials from stream ``(seed, chunk)``; write the counts.

    holes: int16 (P, 2), -1 for a random hand. board: uint8 (0..5,) fixed board cards. live: uint8, the
    cards that may be dealt. wins_out: int64 (P,). ties_out: int64 (P, 24). Assumes a valid scenario.
    """
    n_players = holes.shape[0]
    state = np.empty(4, np.uint64)
    _seed_stream(seed, chunk, state)
    deck = live.copy()
    n_live = live.shape[0]
    fixed = np.zeros(4, np.int32)
    r_fixed = 0
    for c in board:
        r_fixed = _step(rank_step, flush_step, r_fixed, fixed, c)
    to_deal = 5 - board.shape[0]
    shared = np.empty(4, np.int32)
    f = np.empty(4, np.int32)
    values = np.empty(n_players, np.int32)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, 24), np.int64)
    for _ in range(trials):
        top = n_live - 1
        r_board = r_fixed
        shared[0] = fixed[0]
        shared[1] = fixed[1]
        shared[2] = fixed[2]
        shared[3] = fixed[3]
        for _ in range(to_deal):
            r_board = _step(rank_step, flush_step, r_board, shared, _deal(deck, top, state))
            top -= 1
        best = 1 << 30
        n_best = 0
        for p in range(n_players):
            h1 = np.int64(holes[p, 0])
            h2 = np.int64(holes[p, 1])
            if h1 < 0:
                h1 = _deal(deck, top, state)
                h2 = _deal(deck, top - 1, state)
                top -= 2
            f[0] = shared[0]
            f[1] = shared[1]
            f[2] = shared[2]
            f[3] = shared[3]
            v = _finish(rank_last, flush_step, flush_value,
                        _step(rank_step, flush_step, r_board, f, h1), f, h2)
            values[p] = v
            if v < best:
                best = v
                n_best = 1
            elif v == best:
                n_best += 1
        for p in range(n_players):
            if values[p] == best:
                if n_best == 1:
                    wins[p] += 1
                else:
                    ties[p, n_best] += 1
    wins_out[:] = wins
    ties_out[:, :] = ties


@njit(cache=True, parallel=True)
def _run_chunks(seed, first, n_chunks, total, holes, board, live, rank_step, rank_last, rank_value,
                flush_step, flush_value, wins, ties):
    """Chunks ``first .. first + n_chunks - 1`` of a run of ``total`` trials, one per prange step."""
    for j in prange(n_chunks):
        k = first + j
        _chunk(seed, k, min(CHUNK, total - k * CHUNK), holes, board, live, rank_step, rank_last,
               rank_value, flush_step, flush_value, wins[j], ties[j])


def kernels_cached() -> bool:
    """Whether the compiled simulation kernel is already in numba's on-disk cache."""
    try:
        return os.path.exists(_run_chunks._cache._cache_file._index_path)
    except AttributeError:  # pragma: no cover - numba internals changed
        return True


def _check_options(trials: int | None, precision: float | None, time_s: float | None,
                   seed: int | None, threads: int | None) -> None:
    chosen = [name for name, v in (("trials", trials), ("precision", precision), ("time", time_s))
              if v is not None]
    if len(chosen) > 1:
        raise ScenarioError(f"choose one way to stop, not {' and '.join(chosen)}")
    if trials is not None and (not isinstance(trials, int) or trials < 1):
        raise ScenarioError(f"trials must be a positive whole number; got {trials!r}")
    if precision is not None and not precision > 0:
        raise ScenarioError(f"precision must be positive; got {precision!r}")
    if time_s is not None and not time_s > 0:
        raise ScenarioError(f"time must be positive; got {time_s!r}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ScenarioError(f"seed must be 0 .. 2**64-1; got {seed}")
    most = numba.config.NUMBA_NUM_THREADS
    if threads is not None and not 1 <= threads <= most:
        raise ScenarioError(f"threads must be 1 .. {most} on this machine; got {threads}")


def _first_precise_prefix(wins: np.ndarray, ties: np.ndarray, target: float, min_chunks: int) -> int:
    """The smallest chunk count n >= min_chunks whose first n chunks give every player an equity
    standard error <= target; 0 if none. wins: (chunks, P); ties: (chunks, P, 24); full chunks."""
    k = np.arange(MAX_SPLIT, dtype=np.float64)
    k[0] = 1.0
    share = np.cumsum(wins + (ties / k).sum(-1), axis=0)
    share_sq = np.cumsum(wins + (ties / (k * k)).sum(-1), axis=0)
    n = CHUNK * np.arange(1, len(wins) + 1, dtype=np.float64)[:, None]
    mean = share / n
    var = np.maximum(0.0, share_sq / n - mean * mean) * n / (n - 1)
    ok = (np.sqrt(var / n) <= target).all(axis=1)
    ok[:min_chunks - 1] = False
    hits = np.nonzero(ok)[0]
    return int(hits[0]) + 1 if len(hits) else 0


def simulate(scenario: Scenario, *, trials: int | None = None, precision: float | None = None,
             time_s: float | None = None, seed: int | None = None, threads: int | None = None,
             progress: Progress | None = None) -> Result:
    """Estimate every player's win, tie and equity by Monte Carlo.

    Args:
        scenario: a validated scenario.
        trials: play exactly this many trials.
        precision: stop at the first chunk boundary where every player's equity standard error is at
            most this (a fraction: 0.0005 is 0.05 percentage points). The default when no stop is given.
        time_s: play whole chunks until this many seconds have passed.
        seed: 0 .. 2**64-1; drawn at random (and reported in the result) when omitted.
        threads: numba threads to use (default: all).
        progress: called as ``progress(trials_done, trials_total_or_None)`` after each batch.

    Returns:
        A :class:`Result` with method ``"monte-carlo"``.
    """
    _check_options(trials, precision, time_s, seed, threads)
    if trials is None and time_s is None and precision is None:
        precision = DEFAULT_PRECISION
    seed = secrets.randbits(32) if seed is None else seed
    t = _tables.get()
    holes, board, live = scenario.holes, np.array(scenario.board, np.uint8), scenario.live
    n_players = len(scenario.players)
    previous = numba.get_num_threads()
    n_threads = threads or previous
    # Load (or compile) the kernel before the clock starts: elapsed_s is the run, not the JIT.
    _run_chunks(np.uint64(seed), 0, 0, 0, holes, board, live, *t, np.zeros((0, n_players), np.int64),
                np.zeros((0, n_players, MAX_SPLIT), np.int64))
    start = time.perf_counter()
    wins_parts: list[np.ndarray] = []
    ties_parts: list[np.ndarray] = []
    done_chunks = 0
    total = trials if trials is not None else CHUNK * (1 << 40)
    total_chunks = math.ceil(trials / CHUNK) if trials is not None else None
    batch = 4 * n_threads
    numba.set_num_threads(n_threads)
    try:
        while True:
            n = batch if total_chunks is None else min(batch, total_chunks - done_chunks)
            wins = np.zeros((n, n_players), np.int64)
            ties = np.zeros((n, n_players, MAX_SPLIT), np.int64)
            t0 = time.perf_counter()
            _run_chunks(np.uint64(seed), done_chunks, n, total, holes, board, live, *t, wins, ties)
            spent = time.perf_counter() - t0
            wins_parts.append(wins)
            ties_parts.append(ties)
            done_chunks += n
            if total_chunks is not None and done_chunks >= total_chunks:
                break
            if precision is not None:
                all_wins, all_ties = np.concatenate(wins_parts), np.concatenate(ties_parts)
                stop = _first_precise_prefix(all_wins, all_ties, precision, 2)
                if stop:
                    wins_parts, ties_parts = [all_wins[:stop]], [all_ties[:stop]]
                    done_chunks = stop
                    break
            if time_s is not None and time.perf_counter() - start >= time_s:
                break
            if progress is not None:
                progress(min(done_chunks * CHUNK, total), trials)
            # Aim each batch at about a quarter of a second (and never more than the time left).
            per_chunk = max(spent / n, 1e-6)
            goal = 0.25 if time_s is None else min(0.25, max(0.0, time_s - (time.perf_counter() - start)))
            batch = max(n_threads, min(4 * batch, int(goal / per_chunk) // n_threads * n_threads))
    finally:
        numba.set_num_threads(previous)
    wins_sum = np.concatenate(wins_parts).sum(axis=0)
    ties_sum = np.concatenate(ties_parts).sum(axis=0)
    played = min(done_chunks * CHUNK, total)
    if progress is not None:
        progress(played, played)
    stats = from_counts(wins_sum, ties_sum, played)
    players = [PlayerResult(label, *s[:3], s[3], s[4], s[5])
               for label, s in zip(scenario.labels(), stats, strict=True)]
    return Result("monte-carlo", played, seed, format_cards(scenario.board), format_cards(scenario.dead),
                  time.perf_counter() - start, players)
