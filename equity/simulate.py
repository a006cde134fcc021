"""Monte Carlo engine: seeded, chunked, on all cores, reproducible bit for bit.

Trials are cut into chunks of :data:`CHUNK` trials whatever the thread count; chunk ``k`` plays its
trials in :data:`~equity.deck.LANES` lanes, lane ``j`` drawing from the stream ``(seed, LANES * k + j)``
(:mod:`equity.deck`), and returns integer counts, which are summed in chunk order.
So a seed and a trial count determine the result exactly, on any machine and with any ``--threads``.
With a precision target the run stops at the first chunk boundary where every player's equity standard
error is small enough; that boundary is found from per-chunk counts, so it does not depend on how the
chunks were batched or threaded either.

Per trial: deal the missing board cards and walk them from the fixed board's state (walked once per
chunk), then each player's two hole cards (dealt for a random hand) continue from a copy of that state.
Trials go :data:`LANES` at a time through each of those stages (:func:`_chunk`), one per lane, so the
draws and table loads of independent trials overlap.
"""

from __future__ import annotations

import math
import secrets
import time
from typing import NamedTuple

import numpy as np
from numba import njit, prange, uint64

from .batches import BATCH_SECONDS, Progress, check_threads, in_jit_cache, next_batch, using_threads
from .cards import format_cards
from .deck import LANES, _bounded, _deal_lanes, _lane_state, _xoshiro
from .errors import ScenarioError
from .evaluator import _COUNTS, _MASK, _TWO
from .result import MAX_SPLIT, N_CATEGORIES, Result, player_results
from .scenario import Scenario

CHUNK = 16_384
DEFAULT_PRECISION = 0.0005  # 0.05 percentage points
MAX_SEED = 2**64 - 1
MAX_TRIALS = 10**15  # about a year at 30 M/s; the kernels count in int64
_ALWAYS = np.uint64(2**64 - 1)


class Deal(NamedTuple):
    """What the kernel deals from, for one scenario (see :func:`_chunk` for the arrays). ``stages``
    below 4 stops each block after dealing (1), walking the boards (2) or the players' hands (3), for
    the benchmark's breakdown of a trial's time; the counts are then zero."""

    holes: np.ndarray
    board: np.ndarray
    live: np.ndarray
    ranged: np.ndarray
    ranged_start: np.ndarray
    alias_prob: np.ndarray
    alias_idx: np.ndarray
    want_cats: bool
    cat_of: np.ndarray
    stages: int = 4


@njit(inline="always")
def _draw_ranged(s0, s1, s2, s3, d, held):
    """Draw one combo for each ranged player of the deal ``d`` together into ``held`` (uint64 (G, hole
    cards)): player ``g`` from rows ``ranged_start[g] ..`` by its alias table; a draw where two combos
    share a card is rejected whole and drawn again. Returns ``(used, s0, s1, s2, s3)``: the mask of the
    cards held and the generator's state."""
    ranged, ranged_start, alias_prob, alias_idx = d.ranged, d.ranged_start, d.alias_prob, d.alias_idx
    one = uint64(1)
    while True:
        used = uint64(0)
        for g in range(ranged_start.shape[0] - 1):
            lo = ranged_start[g]
            i, s0, s1, s2, s3 = _bounded(s0, s1, s2, s3, ranged_start[g + 1] - lo)
            i += lo
            if alias_prob[i] != _ALWAYS:
                x, s0, s1, s2, s3 = _xoshiro(s0, s1, s2, s3)
                if x >= alias_prob[i]:
                    i = lo + alias_idx[i]
            m = uint64(0)
            for j in range(ranged.shape[1]):
                held[g, j] = ranged[i, j]
                m |= one << uint64(ranged[i, j])
            if used & m:
                used = _ALWAYS  # collision: draw every ranged hand again
                break
            used |= m
        if used != _ALWAYS:
            return used, s0, s1, s2, s3


@njit(cache=True)
def _chunk(seed, chunk, trials, d, t, wins_out, ties_out, cats_out):
    """Play chunk ``chunk``'s ``trials`` trials (lane ``j`` from stream ``LANES * chunk + j`` of
    ``seed``); write the counts.

    d: a :class:`Deal`. d.holes: int16 (P, 2): a fixed hand's cards, ``(-1, -1)`` for a random hand,
    ``(-2, g)`` for ranged player ``g``. d.board: uint8 (0..5,) fixed board cards. d.live: uint8, every
    card not in a fixed hand, on the board or dead. d.ranged: uint8 (n, 2), the combos of every ranged
    player, player ``g``'s at rows ``ranged_start[g] .. ranged_start[g + 1] - 1`` (int64 (G + 1,));
    d.alias_prob (uint64) and d.alias_idx (int64) are their Walker alias tables (a probability of
    2**64 - 1 means "always keep"). d.cat_of: uint8 (7463,), class -> category. t: the evaluator's
    :class:`~equity.tables.Tables`. wins_out: int64 (P,). ties_out: int64 (P, MAX_SPLIT). cats_out:
    int64 (P, 9, 3), written when ``d.want_cats``. Assumes a valid scenario.

    Trials go in blocks of :data:`LANES`, trial ``j`` of a block in lane ``j``, which has its own stream
    and deck (:mod:`equity.deck`). In each lane the ranged players' combos are drawn first, together (a
    draw where two share a card is rejected whole and drawn again); their cards stay in the deck. Then
    every lane is dealt the missing board cards and two cards for each random hand in seat order, card by
    card across the lanes, a draw that lands on a ranged player's card drawn again
    (:func:`~equity.deck._deal_lanes`). Then the block's boards
    are walked card by card across the lanes, then each player's hands, so the walks' table loads
    overlap; then the block is scored.
    """
    holes, board, live, ranged_start = d.holes, d.board, d.live, d.ranged_start
    want_cats, cat_of = d.want_cats, d.cat_of
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    n_players = holes.shape[0]
    n_ranged = ranged_start.shape[0] - 1
    n_live = live.shape[0]
    r_fixed = uint64(0)
    w_fixed = uint64(0)
    for c in board:
        r_fixed = uint64(rank_step[r_fixed + (c >> _TWO)])
        w_fixed += card_word[c]
    to_deal = 5 - board.shape[0]
    n_dealt = to_deal + 2 * np.sum(holes[:, 0] == -1)
    st, decks, masks, dealt, raw = _lane_state(seed, chunk, live, n_dealt)
    held = np.empty((LANES, max(n_ranged, 1), 2), np.uint64)
    r_board = np.empty(LANES, np.uint64)
    hole_a = np.empty(LANES, np.uint64)
    hole_b = np.empty(LANES, np.uint64)
    w_board = np.empty(LANES, np.uint64)
    values = np.empty((n_players, LANES), np.int32)
    best = np.empty(LANES, np.int32)
    n_best = np.empty(LANES, np.int32)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, 9, 3), np.int64)
    for block in range((trials + LANES - 1) // LANES):
        lanes = min(LANES, trials - block * LANES)
        for lane in range(LANES if n_ranged else 0):
            masks[lane], st[0, lane], st[1, lane], st[2, lane], st[3, lane] = _draw_ranged(
                st[0, lane], st[1, lane], st[2, lane], st[3, lane], d, held[lane])
        _deal_lanes(st, raw, decks, n_live - 1, n_dealt, dealt, masks, n_ranged > 0)
        if d.stages < 2:
            continue
        for lane in range(lanes):
            r_board[lane] = r_fixed
            w_board[lane] = w_fixed
        for x in range(to_deal):
            for lane in range(lanes):
                c = dealt[x, lane]
                r_board[lane] = rank_step[r_board[lane] + (c >> _TWO)]
                w_board[lane] += card_word[c]
        if d.stages < 3:
            continue
        column = to_deal
        for p in range(n_players):
            for lane in range(lanes):
                if holes[p, 0] == -1:
                    hole_a[lane] = dealt[column, lane]
                    hole_b[lane] = dealt[column + 1, lane]
                elif holes[p, 0] == -2:
                    hole_a[lane] = held[lane, holes[p, 1], 0]
                    hole_b[lane] = held[lane, holes[p, 1], 1]
                else:
                    hole_a[lane] = holes[p, 0]
                    hole_b[lane] = holes[p, 1]
            for lane in range(lanes):
                a = hole_a[lane]
                b = hole_b[lane]
                q = uint64(rank_step[r_board[lane] + (a >> _TWO)])
                x = w_board[lane] + card_word[a] + card_word[b]
                values[p, lane] = min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK],
                                      rank_last[q + (b >> _TWO)])
            column += 2 * (holes[p, 0] == -1)
        if d.stages < 4:
            continue
        # Scored across the lanes, branch-free (who wins a trial is unpredictable); ties are rarer.
        for lane in range(lanes):
            best[lane] = values[0, lane]
            n_best[lane] = 0
        for p in range(1, n_players):
            for lane in range(lanes):
                best[lane] = min(best[lane], values[p, lane])
        for p in range(n_players):
            for lane in range(lanes):
                n_best[lane] += values[p, lane] == best[lane]
        for p in range(n_players):
            won = 0
            for lane in range(lanes):
                won += (values[p, lane] == best[lane]) & (n_best[lane] == 1)
            wins[p] += won
        for lane in range(lanes):
            if n_best[lane] > 1:
                for p in range(n_players):
                    ties[p, n_best[lane]] += values[p, lane] == best[lane]
        if want_cats:
            for lane in range(lanes):
                for p in range(n_players):
                    x = cat_of[values[p, lane]]
                    cats[p, x, 0] += 1
                    if values[p, lane] == best[lane]:
                        cats[p, x, 1 if n_best[lane] == 1 else 2] += 1
    wins_out[:] = wins
    ties_out[:, :] = ties
    cats_out[:, :, :] = cats


@njit(cache=True, parallel=True)
def _run_chunks(seed, first, n_chunks, total, d, t, wins, ties, cats):
    """Chunks ``first .. first + n_chunks - 1`` of a run of ``total`` trials, one per prange step."""
    for j in prange(n_chunks):
        k = first + j
        _chunk(seed, k, min(CHUNK, total - k * CHUNK), d, t, wins[j], ties[j], cats[j])


def alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table for drawing index ``i`` with probability ``weights[i] / sum(weights)``.

    Returns ``(prob, alias)``: draw ``i`` uniformly, keep it if a uniform 64-bit number is below
    ``prob[i]`` (always when ``prob[i]`` is 2**64 - 1), else take ``alias[i]``. Equal weights give
    "always keep" everywhere, so a uniform range costs one draw.
    """
    n = len(weights)
    scaled = np.asarray(weights, np.float64) * n / float(np.sum(weights))
    prob = np.full(n, _ALWAYS, np.uint64)
    alias = np.arange(n, dtype=np.int64)
    if np.all(weights == weights[0]):
        return prob, alias
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob[s] = np.uint64(min(int(scaled[s] * 2.0**64), int(_ALWAYS) - 1))
        alias[s] = g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias  # what is left has probability 1 up to rounding: always keep


def kernels_cached(scenario: Scenario | None = None) -> bool:
    """Whether the compiled simulation kernel (for ``scenario``'s game) is in numba's on-disk cache."""
    if scenario is not None and scenario.game.omaha:
        from . import omaha_sim

        return in_jit_cache(omaha_sim._run_chunks_omaha)
    return in_jit_cache(_run_chunks)


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


def _equity_stderr(wins: np.ndarray, ties: np.ndarray) -> np.ndarray:
    """Every player's equity standard error over the first n chunks, for each n: shape (chunks, P).
    wins: (chunks, P); ties: (chunks, P, MAX_SPLIT); full chunks."""
    k = np.arange(MAX_SPLIT, dtype=np.float64)
    k[0] = 1.0
    share = np.cumsum(wins + (ties / k).sum(-1), axis=0)
    share_sq = np.cumsum(wins + (ties / (k * k)).sum(-1), axis=0)
    n = CHUNK * np.arange(1, len(wins) + 1, dtype=np.float64)[:, None]
    mean = share / n
    var = np.maximum(0.0, share_sq / n - mean * mean) * n / (n - 1)
    return np.sqrt(var / n)


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


def ranged_arrays(scenario: Scenario) -> tuple[np.ndarray, ...]:
    """The ranged players' combos, row starts and alias tables, as :func:`_chunk` takes them."""
    ranged = scenario.ranged()
    if not ranged:
        return (np.zeros((0, scenario.game.hole), np.uint8), np.zeros(1, np.int64), np.zeros(0, np.uint64),
                np.zeros(0, np.int64))
    tables = [alias_table(weights) for _, weights in ranged]
    return (np.concatenate([combos for combos, _ in ranged]).astype(np.uint8),
            np.concatenate([[0], np.cumsum([len(c) for c, _ in ranged])]).astype(np.int64),
            np.concatenate([prob for prob, _ in tables]), np.concatenate([alias for _, alias in tables]))


def simulate(scenario: Scenario, *, trials: int | None = None, precision: float | None = None,
             time_s: float | None = None, seed: int | None = None, threads: int | None = None,
             categories: bool = False, progress: Progress | None = None) -> Result:
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

    Returns:
        A :class:`Result` with method ``"monte-carlo"``.
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"expected a Scenario; got {type(scenario).__name__}")
    check_options(trials, precision, time_s, seed, threads)
    if trials is None and time_s is None and precision is None:
        precision = DEFAULT_PRECISION
    seed = secrets.randbits(32) if seed is None else seed
    game = scenario.game
    t = game.tables()
    d = Deal(scenario.holes, np.array(scenario.board, np.uint8), scenario.live, *ranged_arrays(scenario),
             categories, game.category_table())
    n_players = len(scenario.players)
    run_chunks = _run_chunks
    if game.omaha:
        from .omaha_sim import prepare

        run_chunks, d = prepare(scenario, d, t)

    def counts(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return (np.zeros((n, n_players), np.int64), np.zeros((n, n_players, MAX_SPLIT), np.int64),
                np.zeros((n, n_players, N_CATEGORIES, 3), np.int64))

    # Load (or compile) the kernel before the clock starts: elapsed_s is the run, not the JIT.
    run_chunks(np.uint64(seed), 0, 0, 0, d, t, *counts(0))
    start = time.perf_counter()
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    done_chunks = 0
    total = trials if trials is not None else CHUNK * (1 << 40)
    total_chunks = math.ceil(trials / CHUNK) if trials is not None else None
    with using_threads(threads) as n_threads:
        batch = 4 * n_threads
        while True:
            n = batch if total_chunks is None else min(batch, total_chunks - done_chunks)
            part = counts(n)
            t0 = time.perf_counter()
            run_chunks(np.uint64(seed), done_chunks, n, total, d, t, *part)
            spent = time.perf_counter() - t0
            parts.append(part)
            done_chunks += n
            if total_chunks is not None and done_chunks >= total_chunks:
                break
            need = None
            if precision is not None:
                joined = tuple(np.concatenate(x) for x in zip(*parts, strict=True))
                stderr = _equity_stderr(joined[0], joined[1])
                stop = _first_precise_prefix(stderr, precision, 2)
                if stop:
                    parts = [tuple(x[:stop] for x in joined)]
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
    wins, ties, cats = (np.concatenate(x).sum(axis=0) for x in zip(*parts, strict=True))
    played = min(done_chunks * CHUNK, total)
    if progress is not None:
        progress(played, played)
    players = player_results(scenario.labels(), scenario.n_combos(), wins, ties, played,
                             cats if categories else None, order=game.category_names())
    return Result("monte-carlo", played, seed, format_cards(scenario.board), format_cards(scenario.dead),
                  time.perf_counter() - start, players, game.name)
