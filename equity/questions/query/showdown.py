"""What a query's showdown terms count, on many deals at once: each player's share of the pot, outright
wins and ties of each half, and equity on a street as the mean of the river shares below it.

Ratings are the game's (:meth:`equity.games.base.Query.rate`), lower better. The pot goes to the best
rating, split among ties; in a hi-lo game half goes to the best high and half to the best qualifying
low (each half split among its tied winners), the whole pot to the high when no low qualifies. Shares
are exact multiples of ``1 / (2 * lcm(1 .. players))``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from equity.cards import combinations_of
from equity.evaluators.low import NO_LOW
from equity.games.base import Query

#: Completion rows valued at once by :func:`node_equity`.
_BLOCK = 1 << 18


@dataclass(frozen=True)
class Showdown:
    """The showdown of R deals among P players: ``share`` float64 ``(R, P)``, ``best_hi`` bool ``(R, P)``
    (holds the best pot rating), ``hi_ways`` int ``(R,)`` (how many hold it), and for hi-lo ``best_lo``
    bool ``(R, P)`` (holds the best qualifying low) with ``lo_ways`` ``(R,)`` (0: no low)."""

    share: np.ndarray
    best_hi: np.ndarray
    hi_ways: np.ndarray
    best_lo: np.ndarray | None
    lo_ways: np.ndarray | None


def showdown(pot: np.ndarray, low: np.ndarray | None) -> Showdown:
    """The :class:`Showdown` of ratings ``pot`` (and ``low``, hi-lo) ``(R, P)``."""
    best_hi = pot == pot.min(axis=1, keepdims=True)
    hi_ways = best_hi.sum(axis=1)
    share = best_hi / hi_ways[:, None]
    if low is None:
        return Showdown(share, best_hi, hi_ways, None, None)
    best = low.min(axis=1, keepdims=True)
    best_lo = (low == best) & (best < NO_LOW)
    lo_ways = best_lo.sum(axis=1)
    split = lo_ways > 0
    low_share = best_lo / np.maximum(lo_ways, 1)[:, None]
    share = np.where(split[:, None], 0.5 * share + 0.5 * low_share, share)
    return Showdown(share, best_hi, hi_ways, best_lo, lo_ways)


def denominator(players: int) -> int:
    """A whole multiple of every share's denominator: ``2 * lcm(1 .. players)``."""
    return 2 * math.lcm(*range(1, players + 1))


def node_equity(part: Query, holes: np.ndarray, boards: np.ndarray, gone: np.ndarray,
                board_size: int) -> np.ndarray:
    """float64 ``(G, P)``: each node's mean river share over every way to complete its board (every
    player's cards known): ``holes`` ``(G, P, hole)``, ``boards`` ``(G, k)``, ``gone`` bool (52,) the dead
    and off-deck cards."""
    g, p, _ = holes.shape
    k = boards.shape[1]
    to_come = board_size - k
    if to_come == 0:
        return showdown(*part.rate(holes, boards)).share
    dead = np.flatnonzero(gone[part.game.low_card:]).astype(np.uint8) + part.game.low_card
    fast = part.node_equities(holes, boards, dead)
    if fast is not None:
        return fast
    used = np.broadcast_to(gone, (g, 52)).copy()
    np.put_along_axis(used, holes.reshape(g, -1).astype(np.intp), True, axis=1)
    if k:
        np.put_along_axis(used, boards.astype(np.intp), True, axis=1)
    n = 52 - int(used[0].sum())
    left = np.nonzero(~used)[1].reshape(g, n).astype(np.uint8)
    ways = combinations_of(n, to_come).astype(np.intp)
    out = np.zeros((g, p))
    per = max(1, _BLOCK // len(ways))
    for start in range(0, g, per):
        stop = min(g, start + per)
        if per > 1 or len(ways) <= _BLOCK:
            rows = _completed(holes[start:stop], boards[start:stop], left[start:stop], ways)
            share = showdown(*part.rate(*rows)).share
            out[start:stop] = share.reshape(stop - start, len(ways), p).mean(axis=1)
            continue
        total = np.zeros(p)
        for first in range(0, len(ways), _BLOCK):
            rows = _completed(holes[start:stop], boards[start:stop], left[start:stop],
                              ways[first:first + _BLOCK])
            total += showdown(*part.rate(*rows)).share.sum(axis=0)
        out[start] = total / len(ways)
    return out


def _completed(holes: np.ndarray, boards: np.ndarray, left: np.ndarray,
               ways: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every node's rows completed by each of ``ways`` (positions into its ``left`` cards)."""
    g, w = len(holes), len(ways)
    added = left[:, ways].reshape(g * w, -1)
    full = np.concatenate([np.repeat(boards, w, axis=0), added], axis=1)
    return np.repeat(holes, w, axis=0), full
