"""A space's deals as blocks of rows: every deal once (exact), or seeded random ones (Monte Carlo).

A :class:`Frame` is a block of rows, each one deal: every player's hand (``holes``), the whole board in
the order it is dealt, and the deal's weight. In an exact block the rows come street by street, nested:
the rows that share the players' hands and the first ``k`` board cards are ``runs[k]`` consecutive rows,
so that a term looked at on that street is valued once per run (a node of the deal tree) and spread
over it. A Monte Carlo row is a deal of its own (every run 1): the players' hands drawn by weight, with
a draw that conflicts with another player's cards drawn again (so deals stay uniform over the
non-conflicting ones), then the cards still to come.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from equity.cards import combinations_of
from equity.errors import ScenarioError, TooLarge
from equity.questions.query.space import Space

#: Rows valued at once.
CHUNK = 1 << 18
#: The most tuples of listed hands an exact count lists.
MAX_TUPLES = 4_000_000
#: The most ways to deal the rest after one tuple of hands that an exact count lists (their positions are
#: held in memory: 40 M five-card ways take 400 MB).
MAX_LEAVES = 40_000_000
#: The most deals an exact count goes through, however long it takes (some hours).
MAX_DEALS = 10_000_000_000
_BITS = np.uint64(1) << np.arange(52, dtype=np.uint64)


@dataclass
class Frame:
    """A block of rows (module docstring): ``holes`` uint8 ``(R, P, hole)``, ``boards`` uint8
    ``(R, board)`` (every card of the board, in order), ``weight`` float64 ``(R,)``, ``runs`` board
    cards -> rows per node."""

    holes: np.ndarray
    boards: np.ndarray
    weight: np.ndarray
    runs: dict[int, int]

    def __len__(self) -> int:
        return len(self.weight)

    def nodes(self, k: int) -> tuple[np.ndarray, np.ndarray, int]:
        """One row of each node at ``k`` board cards: ``(holes, boards[:, :k], run)``."""
        run = self.runs.get(k, 1)
        return self.holes[::run], self.boards[::run, :k], run

    def spread(self, values: np.ndarray, run: int) -> np.ndarray:
        """Per-node ``values`` as per-row ones."""
        return values if run == 1 else np.repeat(values, run, axis=0)

    def subset(self, keep: np.ndarray, k: int) -> Frame:
        """The rows ``keep`` holds, ``keep`` the same on every row of a node at ``k`` board cards (a term
        of that street or earlier): whole nodes of that street and every later one are kept, so their
        runs hold; an earlier street's nodes may be cut, and are valued row by row."""
        runs = {j: r for j, r in self.runs.items() if j >= k}
        return Frame(self.holes[keep], self.boards[keep], self.weight[keep], runs)


def tuples(space: Space) -> tuple[np.ndarray, np.ndarray]:
    """Every way to give each player one listed hand with no card twice: ``(picks int32 (D, P), weight
    float64 (D,))``, ``picks`` the hands' row indices.

    Raises:
        TooLarge: more than :data:`MAX_TUPLES` combinations.
    """
    if space.hand_tuples > MAX_TUPLES:
        raise TooLarge(f"{space.hand_tuples:,} combinations of the players' hands")
    picks = np.zeros((1, 0), np.int32)
    masks = np.zeros(1, np.uint64)
    weight = np.ones(1)
    for p in space.players:
        m = _masks(p.known)
        rows, cols = np.nonzero((masks[:, None] & m[None, :]) == 0)
        picks = np.concatenate([picks[rows], cols[:, None].astype(np.int32)], axis=1)
        masks = masks[rows] | m[cols]
        weight = weight[rows] * p.weights[cols]
    return picks, weight


def _masks(known: np.ndarray) -> np.ndarray:
    m = np.zeros(len(known), np.uint64)
    for j in range(known.shape[1]):
        m |= _BITS[known[:, j]]
    return m


@lru_cache(maxsize=16)
def _positions(n: int, sizes: tuple[int, ...]) -> np.ndarray:
    idx = np.zeros((1, 0), np.int16)
    for size in sizes:
        used = idx.shape[1]
        if used == 0:
            idx = combinations_of(n, size)
            continue
        free = np.ones((len(idx), n), bool)
        np.put_along_axis(free, idx.astype(np.intp), False, axis=1)
        rest = np.nonzero(free)[1].reshape(len(idx), n - used).astype(np.int16)
        pick = combinations_of(n - used, size).astype(np.intp)
        idx = np.concatenate([np.repeat(idx, len(pick), axis=0), rest[:, pick].reshape(-1, size)], axis=1)
    idx.flags.writeable = False
    return idx


def leaf_positions(n: int, stages: tuple[tuple[int, int], ...]) -> np.ndarray:
    """int16 ``(L, sum of sizes)``: every way to deal the stages' cards, as positions into ``n`` cards
    left, stage after stage (each stage's cards ascending), nested: the first stage outermost."""
    return _positions(n, tuple(size for _, size in stages))


class Layout:
    """Where each stage's cards go in a row: a player's hand (after their listed cards) or the board."""

    def __init__(self, space: Space) -> None:
        self.space = space
        game = space.game
        self.n_players = len(space.players)
        self.hole = game.hole
        self.board = np.array(space.board, np.uint8)
        self.slots: list[tuple[int, int, int]] = []  # (stage column, player or -1, place)
        col, on_board = 0, len(space.board)
        filled = [p.known.shape[1] for p in space.players]
        for owner, size in space.stages:
            for _ in range(size):
                if owner < 0:
                    self.slots.append((col, -1, on_board))
                    on_board += 1
                else:
                    self.slots.append((col, owner, filled[owner]))
                    filled[owner] += 1
                col += 1
        self.gone = np.zeros(52, bool)
        self.gone[list(space.board) + list(space.dead)] = True
        self.gone[:game.low_card] = True
        # rows per node at each street: a street's node holds every later board stage's ways
        self.runs: dict[int, int] = {}
        n = space.left - sum(size for owner, size in space.stages if owner >= 0)
        board_stages = [size for owner, size in space.stages if owner < 0]
        counts, left = [], n
        for size in board_stages:
            counts.append(math.comb(left, size))
            left -= size
        k = len(space.board)
        self.runs[k] = math.prod(counts)
        for i, size in enumerate(board_stages):
            k += size
            self.runs[k] = math.prod(counts[i + 1:])

    def rows(self, picks: np.ndarray, weight: np.ndarray, dealt: np.ndarray) -> Frame:
        """The rows of tuples ``picks`` (``(R, P)``, one per row) with the stage cards ``dealt``
        (``(R, cards)``)."""
        r = len(weight)
        holes = np.zeros((r, self.n_players, self.hole), np.uint8)
        for i, p in enumerate(self.space.players):
            if p.known.shape[1]:
                holes[:, i, :p.known.shape[1]] = p.known[picks[:, i]]
        boards = np.zeros((r, self.space.game.board), np.uint8)
        boards[:, :len(self.board)] = self.board
        for col, owner, place in self.slots:
            if owner < 0:
                boards[:, place] = dealt[:, col]
            else:
                holes[:, owner, place] = dealt[:, col]
        return Frame(holes, boards, weight, {})

    def left_cards(self, picks: np.ndarray) -> np.ndarray:
        """uint8 ``(D, n)``: each tuple's cards left to deal, ascending."""
        free = np.broadcast_to(~self.gone, (len(picks), 52)).copy()
        for i, p in enumerate(self.space.players):
            if p.known.shape[1]:
                np.put_along_axis(free, p.known[picks[:, i]].astype(np.intp), False, axis=1)
        n = int(free[0].sum())
        return np.nonzero(free)[1].reshape(len(picks), n).astype(np.uint8)


def exact_frames(space: Space) -> Iterator[Frame]:
    """Every deal of ``space`` once, in blocks of about :data:`CHUNK` rows, nested (module docstring).

    Raises:
        TooLarge: too many tuples of listed hands to list.
    """
    if space.leaves > MAX_LEAVES or space.hand_tuples * space.leaves > MAX_DEALS:
        raise TooLarge(f"{space.hand_tuples * space.leaves:,} deals ({space.leaves:,} ways to deal the rest "
                       "after each tuple of hands)")
    layout = Layout(space)
    picks, weight = tuples(space)
    if len(weight) == 0:
        return
    n = layout.left_cards(picks[:1]).shape[1]
    positions = leaf_positions(n, space.stages)
    leaves = len(positions)
    if leaves <= CHUNK:  # whole deals a block
        per = max(1, CHUNK // leaves)
        runs = layout.runs
        for start in range(0, len(weight), per):
            p, w = picks[start:start + per], weight[start:start + per]
            left = layout.left_cards(p)
            dealt = left[:, positions].reshape(len(p) * leaves, -1)
            frame = layout.rows(np.repeat(p, leaves, axis=0), np.repeat(w, leaves), dealt)
            frame.runs = runs
            yield frame
        return
    block = max(r for r in layout.runs.values() if r <= CHUNK) if any(
        r <= CHUNK for r in layout.runs.values()) else 1
    block *= max(1, CHUNK // block)
    runs = {k: r for k, r in layout.runs.items() if block % r == 0 or r >= leaves}
    for d in range(len(weight)):
        p = picks[d:d + 1]
        left = layout.left_cards(p)[0]
        for start in range(0, leaves, block):
            part = positions[start:start + block]
            frame = layout.rows(np.repeat(p, len(part), axis=0), np.full(len(part), weight[d]),
                                left[part])
            frame.runs = {k: (len(part) if r >= leaves else r) for k, r in runs.items()}
            yield frame


def sampled_frame(space: Space, layout: Layout, rng: np.random.Generator, rows: int) -> Frame:
    """``rows`` random deals of ``space`` (module docstring).

    Raises:
        ScenarioError: the players' ranges (almost) never fit together.
    """
    picks = np.zeros((0, len(space.players)), np.int32)
    cumulative = [np.cumsum(p.weights) / p.weights.sum() for p in space.players]
    hand_masks = [_masks(p.known) for p in space.players]
    tries = 0
    while len(picks) < rows:
        want = max(64, 2 * (rows - len(picks)))
        draw = np.stack([np.minimum(np.searchsorted(c, rng.random(want), side="right"), len(c) - 1)
                         for c in cumulative], axis=1).astype(np.int32) if cumulative else np.zeros((want, 0),
                                                                                                    np.int32)
        masks = np.zeros(want, np.uint64)
        ok = np.ones(want, bool)
        for i, known in enumerate(hand_masks):
            m = known[draw[:, i]]
            ok &= (masks & m) == 0
            masks |= m
        picks = np.concatenate([picks, draw[ok]])[:rows]
        tries += want
        if tries > 1000 * rows + 1_000_000 and len(picks) < rows:
            raise ScenarioError("the players' ranges almost never fit together without a card twice")
    left = layout.left_cards(picks)
    total = sum(size for _, size in space.stages)
    keys = rng.random(left.shape)
    order = np.argpartition(keys, total - 1, axis=1)[:, :total] if total else np.zeros((rows, 0), np.intp)
    dealt = np.take_along_axis(left, order, axis=1)
    # the stages' cards in a random order already; each stage's cards ascending, as exact rows have them
    start = 0
    for _, size in space.stages:
        dealt[:, start:start + size].sort(axis=1)
        start += size
    frame = layout.rows(picks, np.ones(rows), dealt)
    frame.runs = {}
    return frame
