"""The previous kernels, one hand or one trial at a time, kept as the benchmark's baseline.

Copied from equity 0.1.0 (before the walks went lanes-wide and the flush pointers became a suit word):
``evaluate_rows`` walks one hand at a time with four flush pointers in a small array, and
``run_chunks`` deals, walks and scores one trial at a time with the generator's state in an array.
Same tables (:class:`equity.evaluators.tables.Tables` keeps the flush-pointer arrays). ``run_chunks`` keeps
0.1.0's draws (one stream per chunk), so since 0.2.0 (a stream per lane) its counts differ from the engine's
by chance only, which the benchmark checks: it times them beside the new kernels in the same run.
"""

import numpy as np
from numba import njit, prange

from equity.engines.deck import _below, _deal, _next, _seed_stream
from equity.engines.montecarlo import CHUNK
from equity.tally import MAX_SPLIT

_ALWAYS = np.uint64(2**64 - 1)


@njit(inline="always")
def _reset(f):
    """Empty the suit pointers ``f``; return the empty rank pointer. (Four stores: a slice fill of
    ``f`` measured 14% slower in the 7-card loop.)"""
    f[0] = 0
    f[1] = 0
    f[2] = 0
    f[3] = 0
    return 0


@njit(inline="always")
def _step(rank_step, flush_step, r, f, card):
    """Add ``card`` to the state ``(r, f)``: updates ``f`` in place, returns the new ``r``."""
    k = card >> 2
    s = card & 3
    r = rank_step[r + k]
    f[s] = flush_step[f[s] + k]
    return r


@njit(inline="always")
def _finish(rank_last, flush_step, flush_value, r, f, card):
    """The class of the state ``(r, f)`` plus its last ``card`` (``f`` is updated in place)."""
    k = card >> 2
    s = card & 3
    f[s] = flush_step[f[s] + k]
    flush = flush_value[f[0]] + flush_value[f[1]] + flush_value[f[2]] + flush_value[f[3]]
    return flush if flush else rank_last[r + k]


@njit(cache=True)
def evaluate_rows(hands, t, out):
    """``out[i]`` = class of ``hands[i]``.

    hands: uint8 (n, m), 5 <= m <= 7, valid distinct cards per row. t:
    :class:`~equity.evaluators.tables.Tables`.
    out: int16 (n,).
    (Loops run over ``range(n)``: with ``range(lo, hi)`` numba keeps a negative-index check per access,
    measured 15% slower; callers pass slices instead.)
    """
    rank_step, rank_last, flush_step, flush_value = t.rank_step, t.rank_last, t.flush_step, t.flush_value
    m = hands.shape[1]
    f = np.zeros(4, np.int32)
    if m == 7:  # the common case, with a constant trip count the compiler unrolls
        for i in range(hands.shape[0]):
            r = _reset(f)
            for j in range(6):
                r = _step(rank_step, flush_step, r, f, hands[i, j])
            out[i] = _finish(rank_last, flush_step, flush_value, r, f, hands[i, 6])
        return
    for i in range(hands.shape[0]):
        r = _reset(f)
        for j in range(m - 1):
            r = _step(rank_step, flush_step, r, f, hands[i, j])
        out[i] = _finish(rank_last, flush_step, flush_value, r, f, hands[i, m - 1])


@njit(cache=True)
def _chunk(seed, chunk, trials, d, t, wins_out, ties_out, cats_out):
    """equity 0.1.0's chunk kernel: one trial at a time, the generator's state in an array. Same
    arguments as :func:`equity.engines.montecarlo._chunk`; 0.1.0's draws, from the stream ``(seed, chunk)``.
    """
    holes, board, live, ranged, ranged_start = d.holes, d.board, d.live, d.ranged, d.ranged_start
    alias_prob, alias_idx, want_cats, cat_of = d.alias_prob, d.alias_idx, d.want_cats, d.cat_of
    rank_step, rank_last, flush_step, flush_value = t.rank_step, t.rank_last, t.flush_step, t.flush_value
    n_players = holes.shape[0]
    n_ranged = ranged_start.shape[0] - 1
    state = np.empty(4, np.uint64)
    _seed_stream(seed, chunk, state)
    deck = live.copy()
    n_live = live.shape[0]
    fixed = np.zeros(4, np.int32)
    r_fixed = 0
    for c in board:
        r_fixed = _step(rank_step, flush_step, r_fixed, fixed, c)
    to_deal = 5 - board.shape[0]
    hole = np.empty(2, np.int64)
    shared = np.empty(4, np.int32)
    f = np.empty(4, np.int32)
    values = np.empty(n_players, np.int32)
    held = np.empty((max(n_ranged, 1), 2), np.int64)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, 9, 3), np.int64)
    one = np.uint64(1)
    for _ in range(trials):
        used = np.uint64(0)
        if n_ranged:
            while True:
                used = np.uint64(0)
                for g in range(n_ranged):
                    lo = ranged_start[g]
                    i = lo + _below(state, ranged_start[g + 1] - lo)
                    if alias_prob[i] != _ALWAYS and _next(state) >= alias_prob[i]:
                        i = lo + alias_idx[i]
                    a = ranged[i, 0]
                    b = ranged[i, 1]
                    m = (one << np.uint64(a)) | (one << np.uint64(b))
                    if used & m:
                        used = _ALWAYS  # collision: draw every ranged hand again
                        break
                    used |= m
                    held[g, 0] = a
                    held[g, 1] = b
                if used != _ALWAYS:
                    break
        # The board cards, then the random hands in seat order; a card a ranged player holds is skipped.
        top = n_live - 1
        r_board = r_fixed
        shared[0] = fixed[0]
        shared[1] = fixed[1]
        shared[2] = fixed[2]
        shared[3] = fixed[3]
        for _ in range(to_deal):
            c = _deal(deck, top, state)
            top -= 1
            while (used >> np.uint64(c)) & one:
                c = _deal(deck, top, state)
                top -= 1
            r_board = _step(rank_step, flush_step, r_board, shared, c)
        best = 1 << 30
        n_best = 0
        for p in range(n_players):
            h1 = np.int64(holes[p, 0])
            h2 = np.int64(holes[p, 1])
            if h1 == -1:
                for x in range(2):
                    c = _deal(deck, top, state)
                    top -= 1
                    while (used >> np.uint64(c)) & one:
                        c = _deal(deck, top, state)
                        top -= 1
                    hole[x] = c
                h1 = hole[0]
                h2 = hole[1]
            elif h1 == -2:
                h1 = held[h2, 0]
                h2 = held[h2, 1]
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
        if want_cats:
            for p in range(n_players):
                x = cat_of[values[p]]
                cats[p, x, 0] += 1
                if values[p] == best:
                    cats[p, x, 1 if n_best == 1 else 2] += 1
    wins_out[:] = wins
    ties_out[:, :] = ties
    cats_out[:, :, :] = cats


@njit(cache=True, parallel=True)
def run_chunks(seed, first, n_chunks, total, d, t, wins, ties, cats):
    """Chunks ``first .. first + n_chunks - 1`` of a run of ``total`` trials, one per prange step."""
    for j in prange(n_chunks):
        k = first + j
        _chunk(seed, k, min(CHUNK, total - k * CHUNK), d, t, wins[j], ties[j], cats[j])
