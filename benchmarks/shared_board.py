"""The shared-board workload of every engine, per evaluator design: one board, several players' hole
cards. The DAG and the key sums walk the board once and extend it per player; Kev's design has no such
state, so each player costs a full best-of-21 evaluation."""

import numpy as np
from numba import njit, uint64

from equity.evaluators.high import _COUNTS, _MASK, _TWO
from equity.evaluators.reference.keysum import RANK_BITS, RANK_MASK


@njit(cache=True)
def dag_shared(boards, holes, t):
    """Sum of the classes of ``holes[i, p]`` with ``boards[i]`` (uint8 (n, 5) and (n, P, 2));
    t: :class:`equity.evaluators.tables.Tables`. One board at a time, as the engines' state: a rank offset
    and a suit word."""
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    acc = 0
    for i in range(boards.shape[0]):
        r = uint64(0)
        w = uint64(0)
        for j in range(5):
            c = boards[i, j]
            r = uint64(rank_step[r + (c >> _TWO)])
            w += card_word[c]
        for p in range(holes.shape[1]):
            a = holes[i, p, 0]
            b = holes[i, p, 1]
            q = uint64(rank_step[r + (a >> _TWO)])
            x = w + card_word[a] + card_word[b]
            acc += min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK], rank_last[q + (b >> _TWO)])
    return acc


@njit(cache=True)
def keysum_shared(boards, holes, t):
    """As :func:`dag_shared`, with the board's key sum and suit masks computed once;
    t: :class:`equity.evaluators.reference.keysum.KeySumTables`."""
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
