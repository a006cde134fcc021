"""The query part of the board games (:attr:`equity.games.base.Game.query`): ratings of many deals at
once at any street, by rule, with the evaluators' many-hand functions.

Two rules make a hand: ``best-five`` (hold'em and short deck: the best five of the hole and board cards)
and ``two-plus-three`` (Omaha: exactly two hole cards and three board cards, every such five tried). The
hi-lo games add the eight-or-better low of the same fives. Before the flop a hand's type is read from
its hole cards alone: a pair when two of the cards it may use share a rank, else high card.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import ClassVar

import numpy as np

from equity.cards import CARD_NAMES
from equity.games.base import PQL_TYPES, Query

#: Rows the evaluators are handed at once (bounds the memory of a two-plus-three rating).
_BLOCK = 1 << 21
_WORST = np.iinfo(np.int32).max
_PAIRS = np.array(list(combinations(range(52), 2)), np.uint8)  # every two cards, (1326, 2)
_NAMES = np.array([name.encode() for name in CARD_NAMES], dtype="S2")  # each card's text, by id


class BoardQuery(Query):
    """A board game's hands valued by :attr:`rule`."""

    #: ``"best-five"`` or ``"two-plus-three"``.
    rule: ClassVar[str]

    @property
    def pot(self) -> str:  # type: ignore[override]
        return "hilo" if self.game.split else "high"

    def hand_types(self) -> tuple[str, ...]:
        return tuple(PQL_TYPES[name] for name, _ in reversed(self.game.categories()))

    # -- the evaluators ----------------------------------------------------------------------------------
    def _high(self, hands: np.ndarray) -> np.ndarray:
        if self.game.rules is None:
            from equity.evaluators.high import evaluate_many

            return evaluate_many(hands).astype(np.int32)
        from equity.evaluators.shortdeck import evaluate_short_many

        return evaluate_short_many(hands, self.game.rules).astype(np.int32)

    @staticmethod
    def _low(hands: np.ndarray) -> np.ndarray:
        from equity.evaluators.lowball import evaluate_low8_many

        return evaluate_low8_many(hands).astype(np.int32)

    def _fives(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """uint8 ``(N, P, W, m)``: every hand a player may make, W ways of m cards."""
        n, p, h = holes.shape
        k = boards.shape[1]
        if self.rule == "best-five":
            wide = np.broadcast_to(boards[:, None, None, :], (n, p, 1, k))
            return np.concatenate([holes[:, :, None, :], wide], axis=3)
        pairs = np.array(list(combinations(range(h), 2)), np.intp)
        triples = np.array(list(combinations(range(k), 3)), np.intp)
        two = holes[:, :, pairs]  # (N, P, np, 2)
        three = boards[:, triples]  # (N, nt, 3)
        w = len(pairs) * len(triples)
        two = np.broadcast_to(two[:, :, :, None, :], (n, p, len(pairs), len(triples), 2))
        three = np.broadcast_to(three[:, None, None, :, :], (n, p, len(pairs), len(triples), 3))
        return np.concatenate([two, three], axis=4).reshape(n, p, w, 5)

    def _best(self, holes: np.ndarray, boards: np.ndarray, value) -> np.ndarray:
        n, p = holes.shape[:2]
        fives = self._fives(holes, boards)
        flat = fives.reshape(-1, fives.shape[-1])
        out = np.empty(len(flat), np.int32)
        for start in range(0, len(flat), _BLOCK):
            out[start:start + _BLOCK] = value(np.ascontiguousarray(flat[start:start + _BLOCK]))
        return out.reshape(n, p, -1).min(axis=2)

    # -- the part's answers --------------------------------------------------------------------------------
    def rate(self, holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        high = self._best(holes, boards, self._high)
        return high, (self._best(holes, boards, self._low) if self.game.split else None)

    def types(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        if boards.shape[1] == 0:
            ranks = holes >> 2
            paired = np.zeros(holes.shape[:2], bool)
            for i, j in combinations(range(holes.shape[2]), 2):
                paired |= ranks[:, :, i] == ranks[:, :, j]
            names = self.hand_types()
            return np.where(paired, names.index("pair"), names.index("highcard")).astype(np.int8)
        return self.class_types()[self.rate(holes, boards)[0]]

    def _nuts(self, boards: np.ndarray, gone: np.ndarray, value) -> np.ndarray:
        out = np.empty(len(boards), np.int32)
        step = max(1, _BLOCK // (len(_PAIRS) * 10))
        for start in range(0, len(boards), step):
            part = boards[start:start + step]
            used = np.zeros((len(part), 52), bool)
            used[:, np.flatnonzero(gone)] = True
            np.put_along_axis(used, part.astype(np.intp), True, axis=1)
            live = ~(used[:, _PAIRS[:, 0]] | used[:, _PAIRS[:, 1]])  # (B, 1326)
            rows, cols = np.nonzero(live)
            values = self._best(_PAIRS[cols][:, None, :], part[rows], value)[:, 0]
            best = np.full(live.shape, _WORST, np.int32)
            best[rows, cols] = values
            out[start:start + step] = best.min(axis=1)
        return out

    def node_equities(self, holes: np.ndarray, boards: np.ndarray, dead: np.ndarray) -> np.ndarray | None:
        found = _one_deal(self.game)
        if found is None:
            return None
        kernel, args = found
        g, p, _ = holes.shape
        k = boards.shape[1]
        texts = np.concatenate([holes.reshape(g, -1), boards, np.broadcast_to(dead, (g, len(dead)))], axis=1)
        rows = _NAMES[texts].view(f"S{2 * texts.shape[1]}").ravel()
        out = np.empty((g, p))
        for i in range(g):
            figures = kernel(bytes(rows[i]), p, k, *args)
            out[i] = figures[2:3 * p:3]
        return out

    def nut_ratings(self, boards: np.ndarray, gone: np.ndarray) -> np.ndarray:
        return self._nuts(boards, gone, self._high)

    def nut_lows(self, boards: np.ndarray, gone: np.ndarray) -> np.ndarray:
        from equity.evaluators.low import NO_LOW

        return np.minimum(self._nuts(boards, gone, self._low), NO_LOW)


@cache
def _one_deal(game):
    """The game's one-deal kernel and its arguments, loaded once (None: it has none)."""
    return game.one_deal_kernel()


class BestFiveQuery(BoardQuery):
    """Hold'em's and short deck's hands: the best five of the hole and board cards."""

    rule = "best-five"


class TwoPlusThreeQuery(BoardQuery):
    """Omaha's hands: exactly two hole cards and three board cards (on a full board by the Omaha
    evaluators' pair tables, a walk of the board and a load per pair of hole cards)."""

    rule = "two-plus-three"

    def rate(self, holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        if boards.shape[1] != 5 or holes.shape[2] < 4:
            return super().rate(holes, boards)
        from equity.evaluators.low import evaluate_omaha_low_many
        from equity.evaluators.omaha import evaluate_omaha_many

        n, p, h = holes.shape
        flat = np.ascontiguousarray(holes.reshape(n * p, h))
        wide = np.ascontiguousarray(np.repeat(boards, p, axis=0))
        high = evaluate_omaha_many(flat, wide).astype(np.int32).reshape(n, p)
        low = evaluate_omaha_low_many(flat, wide).astype(np.int32).reshape(n, p) if self.game.split else None
        return high, low
