"""Per-combo counts in a Monte Carlo run: the kernels' rows (:class:`ComboRows`) and the stopping rule
for groups of combos (:class:`GroupRule`), for :func:`equity.engines.montecarlo.simulate`.

The chunk kernels count per row of the deal's ranged combos (:attr:`equity.engines.dealing.Deal.ranged`),
a row set per chunk, whole numbers; :class:`ComboRows` keeps the sum of the batches played and the last
batch's rows (a precision stop may fall inside it), and hands back each seat's
:class:`~equity.engines.combo_counts.ComboCounts`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from equity.engines.combo_counts import ComboCounts, empty_counts
from equity.engines.dealing import RANDOM_HAND, RANGED
from equity.engines.protocol import Spot
from equity.errors import ScenarioError
from equity.tally import Tally, mean_stderr, shares

#: No group's standard error may exceed this many times the precision of a :class:`GroupRule`.
CAP = 2.0
#: Trials after which a group never dealt stops holding a precision stop up.
GIVE_UP = 1 << 26


class ComboRows:
    """The per-combo rows of a run for the seats ``seats``; ``n_rows`` the deal's ranged combos."""

    def __init__(self, scenario: Spot, seats: Sequence[int], n_rows: int) -> None:
        holes = scenario.holes
        self.n_players, self.split = len(holes), scenario.game.split
        self.seats = list(seats)
        starts = np.concatenate([[0], np.cumsum([len(c) for c, _ in scenario.ranged()])]).astype(np.int64)
        self.spans: list[tuple[int, int] | None] = []
        for p in self.seats:
            if holes[p, 0] == RANDOM_HAND:
                raise ScenarioError(f"player {p + 1} is a random hand: per-combo results need a range "
                                    "(write 'random' as a range where the game allows it)")
            self.spans.append((int(starts[holes[p, 1]]), int(starts[holes[p, 1] + 1]))
                              if holes[p, 0] == RANGED else None)
        # Every seat's combos, read only when some are asked for (a random Omaha hand has 270,725).
        self.combos = scenario.combos() if self.seats else []
        #: bool (G,): the ranged players whose combos are counted
        # (:attr:`equity.engines.dealing.Deal.counted`).
        self.counted = np.zeros(len(scenario.ranged()), np.bool_)
        self.counted[[int(holes[p, 1]) for p in self.seats if holes[p, 0] == RANGED]] = True
        self.width = n_rows if any(s is not None for s in self.spans) else 0
        self.done: tuple[np.ndarray, Tally] | None = None
        self.last: tuple[np.ndarray, Tally] | None = None

    def zeros(self, n: int) -> tuple[np.ndarray, Tally]:
        """Zeroed rows for ``n`` chunks: ``(combo_n int64 (n, C), tally with axes (n, C, ..))``."""
        flat = Tally.zeros(n * self.width, self.n_players, self.split, ways=self.n_players + 1,
                           categories=False)
        return (np.zeros((n, self.width), np.int64),
                Tally(*(x.reshape(n, self.width, *x.shape[1:]) for x in flat)))

    def add(self, part: tuple[np.ndarray, Tally]) -> None:
        """A batch's rows, played after the others."""
        self._fold()
        self.last = part

    def _fold(self) -> None:
        """Add the last batch's rows into the sum of those before it."""
        if self.last is not None:
            n, tally = _sum(self.last)
            if self.done is not None:
                n = n + self.done[0]
                tally = Tally(*(a + b for a, b in zip(self.done[1], tally, strict=True)))
            self.done, self.last = (n, tally), None

    def keep(self, first: int, stop: int) -> None:
        """Keep the chunks before ``stop`` (the last batch began at chunk ``first``)."""
        if self.last is not None:
            n, tally = self.last
            self.last = (n[:stop - first], Tally(*(x[:stop - first] for x in tally)))

    def counts(self, total: Tally, played: int) -> list[ComboCounts]:
        """Each seat's :class:`ComboCounts`; ``total``, ``played``: the run's summed counts and trials
        (a specific hand's one combo holds them all)."""
        self._fold()
        out = []
        for p, span in zip(self.seats, self.spans, strict=True):
            combos, weights = self.combos[p]
            c = empty_counts(p, combos, weights, self.n_players, self.split, exact=False)
            if span is None:  # a specific hand: every trial
                for target, x in zip(c.tally, Tally(*(x[None] for x in total)), strict=True):
                    if target.size:
                        target[...] = x[(..., *[slice(0, s) for s in target.shape[1:]])]
                c.deals[:] = played
                c.pairs[:] = played
            elif self.done is not None:
                lo, hi = span
                for target, x in zip(c.tally, self.done[1], strict=True):
                    target[...] = x[lo:hi]
                c.deals[:] = self.done[0][lo:hi]
                c.pairs[:] = self.done[0][lo:hi]
            out.append(c)
        return out


def _sum(part: tuple[np.ndarray, Tally]) -> tuple[np.ndarray, Tally]:
    n, tally = part
    return n.sum(axis=0), Tally(*(x.sum(axis=0) for x in tally))


class GroupRule:
    """A precision stop for groups of combos (the classes of a grid): for each seat, the root mean square
    of its groups' standard errors, each weighted by its share of the trials (the error of the group a
    random deal's combo falls in), must be at most ``precision``, and no group's above :data:`CAP`
    times it. A group's equity pools its combos' trials. ``groups[i]``: int64 (C,), the group of each
    combo of the ``i``-th seat of ``rows`` (-1: in no group). A group not dealt yet, or once, counts
    as imprecise, until :data:`GIVE_UP` trials have passed without dealing it (its combos then collide
    with the other players' in every deal, or nearly)."""

    def __init__(self, rows: ComboRows, groups: Sequence[np.ndarray], precision: float | None,
                 chunk: int) -> None:
        self.rows, self.precision, self.chunk = rows, precision, chunk
        self.onehots = []
        for span, g in zip(rows.spans, groups, strict=True):
            g = np.asarray(g, np.int64)
            ids, dense = np.unique(g[g >= 0], return_inverse=True)  # the groups that have combos
            onehot = np.zeros((len(g), len(ids)))
            onehot[np.nonzero(g >= 0)[0], dense] = 1.0
            self.onehots.append(None if span is None else onehot)
        self.sizes = [o.shape[1] for o in self.onehots if o is not None]
        self.history: list[np.ndarray] = []  # per batch: (chunks, 3, groups) of n, share, square

    def add(self, part: tuple[np.ndarray, Tally], target: float) -> np.ndarray:
        """Take a batch's rows; return every group's standard error after each chunk played so far,
        scaled so that ``target`` is this rule's precision: float64 (chunks, groups)."""
        n, tally = part
        blocks = []
        for p, span, onehot in zip(self.rows.seats, self.rows.spans, self.onehots, strict=True):
            if onehot is None:
                continue
            lo, hi = span
            share, square = shares(Tally(*(x[:, lo:hi, p:p + 1] for x in tally)))  # (chunks, c, 1)
            blocks.append(np.stack([n[:, lo:hi] @ onehot, share[..., 0] @ onehot, square[..., 0] @ onehot],
                                   axis=1))
        self.history.append(np.concatenate(blocks, axis=2) if blocks else np.zeros((len(n), 3, 0)))
        count, total, total_sq = np.moveaxis(np.cumsum(np.concatenate(self.history), axis=0), 1, 0)
        safe = np.maximum(count, 1.0)
        played = self.chunk * np.arange(1, len(count) + 1, dtype=np.float64)[:, None]
        unknown = np.where(played >= GIVE_UP, 0.0, 10 * (self.precision or 1.0))
        err = np.where(count >= 2, mean_stderr(count, total / safe, total_sq / safe),
                       np.where(count > 0, 10 * (self.precision or 1.0), unknown))
        columns = [err / CAP]
        at = 0
        for size in self.sizes:  # each seat's groups: the root mean square, weighted by the trials
            block = slice(at, at + size)
            weight = count[:, block] / np.maximum(count[:, block].sum(axis=1, keepdims=True), 1.0)
            columns.append(np.sqrt((weight * err[:, block] ** 2).sum(axis=1, keepdims=True)))
            at += size
        return np.concatenate(columns, axis=1) * (target / (self.precision or target))
