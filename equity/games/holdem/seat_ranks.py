"""A specific hand's rank class on every five-card board, tabulated per Monte Carlo call: the hold'em
kernel (:mod:`equity.games.holdem.montecarlo`) then finds it, where it walks the DAG's steps from a
board's state, in one load of a 12 KB row instead of two dependent loads into the DAG's tables."""

from __future__ import annotations

from typing import Any

import numpy as np

from equity.games.base import Game

_FIVE: dict[str, tuple[int, int]] = {}


def five_card_nodes(game: Game, t: Any) -> tuple[int, int]:
    """The first and last (exclusive) rank node of five cards in ``game``'s tables ``t`` (nodes are
    numbered level by level: :mod:`equity.evaluators.dag`), found by walking every rank from the root."""
    if game.name not in _FIVE:
        nodes = np.zeros(1, np.int64)
        rows = len(t.rank_step) // 13
        for _ in range(5):  # a mark per node (np.unique would import numpy.ma, which the lean load avoids)
            seen = np.zeros(rows, np.bool_)
            seen[t.rank_step[(nodes[:, None] + np.arange(13)[None, :]).ravel()] // 13] = True
            seen[rows - 1] = False  # not the absorbing sentinel (a rank five times), the last row
            nodes = 13 * np.flatnonzero(seen)
        _FIVE[game.name] = (int(nodes[0]) // 13, int(nodes[-1]) // 13 + 1)
    return _FIVE[game.name]


def seat_ranks(holes: np.ndarray, game: Game, t: Any) -> tuple[np.ndarray, int]:
    """Each specific hand's rank class on every five-card board, by the board's rank node: ``(int16 (P,
    n), first)``, row ``p`` for seat ``p`` (zeros for the others), column ``node - first`` for the
    five-card nodes ``first .. first + n - 1``. The kernel then finds a specific hand's rank class in one
    load from a 12 KB row instead of two steps through the DAG's tables."""
    first, end = five_card_nodes(game, t)
    offsets = 13 * np.arange(first, end, dtype=np.int64)
    out = np.zeros((len(holes), end - first), np.int16)
    for p, (a, b) in enumerate(holes.tolist()):
        if a >= 0:
            out[p] = t.rank_last[t.rank_step[offsets + (a >> 2)].astype(np.int64) + (b >> 2)]
    return out, first
