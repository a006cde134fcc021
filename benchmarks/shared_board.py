"""The shared-board workload of every engine, per evaluator design: one board, several players' hole
cards. The DAG and the key sums walk the board once and extend it per player; Kev's design has no such
state, so each player costs a full best-of-21 evaluation."""

import numpy as np
from numba import njit

from equity.evaluator import _finish, _step
from equity.keysum import RANK_BITS, RANK_MASK


@njit(cache=True)
def dag_shared(boards, holes, t):
    """Sum of the classes of ``holes[i, p]`` with ``boards[i]`` (uint8 (n, 5) and (n, P, 2));
    t: :class:`equity.tables.Tables`."""
    rank_step, rank_last, flush_step, flush_value = t.rank_step, t.rank_last, t.flush_step, t.flush_value
    acc = 0
    f = np.zeros(4, np.int32)
    g = np.zeros(4, np.int32)
    for i in range(boards.shape[0]):
        f[0] = 0
        f[1] = 0
        f[2] = 0
        f[3] = 0
        r = 0
        for j in range(5):
            r = _step(rank_step, flush_step, r, f, boards[i, j])
        for p in range(holes.shape[1]):
            g[0] = f[0]
            g[1] = f[1]
            g[2] = f[2]
            g[3] = f[3]
            acc += _finish(rank_last, flush_step, flush_value,
                           _step(rank_step, flush_step, r, g, holes[i, p, 0]), g, holes[i, p, 1])
    return acc


@njit(cache=True)
def keysum_shared(boards, holes, t):
    """As :func:`dag_shared`, with the board's key sum and suit masks computed once;
    t: :class:`equity.keysum.KeySumTables`."""
    card_key, rank_class, flush_suit, flush_class = t.card_key, t.rank_class, t.flush_suit, t.flush_class
    acc = 0
    for i in range(boards.shape[0]):
        key = 0
        masks = 0
        for j in range(5):
            c = boards[i, j]
            key += card_key[c]
            masks |= 1 << (13 * (c & 3) + (c >> 2))
        for p in range(holes.shape[1]):
            a = holes[i, p, 0]
            b = holes[i, p, 1]
            k = key + card_key[a] + card_key[b]
            m = masks | (1 << (13 * (a & 3) + (a >> 2))) | (1 << (13 * (b & 3) + (b >> 2)))
            suit = flush_suit[k >> RANK_BITS]
            acc += rank_class[k & RANK_MASK] if suit < 0 else flush_class[(m >> (13 * suit)) & 0x1FFF]
    return acc


def deals(n: int, players: int, seed: int = 7) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n`` random boards with ``players`` hole-card pairs each, and the same as 7-card rows."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52), np.float32), axis=1)[:, :5 + 2 * players].astype(np.uint8)
    boards = np.ascontiguousarray(cards[:, :5])
    holes = np.ascontiguousarray(cards[:, 5:].reshape(n, players, 2))
    rows = np.concatenate([np.repeat(boards[:, None, :], players, axis=1), holes], axis=2).reshape(-1, 7)
    return boards, holes, np.ascontiguousarray(rows)
