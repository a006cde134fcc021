"""The query part of the games without a board (:attr:`equity.games.base.Game.query`): each hand valued
whole, as its showdown values it, with the evaluators' many-hand functions.

A query in these games asks about the showdown (the river: every card dealt): who wins the pot, or its
halves in stud hi-lo, and, where the pot goes to a high hand, its type. Razz, 2-7 and badugi play one
pot for the lowest hand: their pot is a low pot.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from equity.games.base import PQL_TYPES, Query
from equity.games.boardless.value_kinds import BADUGI, DEUCE, HIGH, HILO, RAZZ


class BoardlessQuery(Query):
    """A board-less game's hands, valued by its :attr:`~equity.games.boardless.game.BoardlessGame.kind`."""

    streets: ClassVar[tuple[tuple[str, int], ...]] = (("river", 0),)

    @property
    def pot(self) -> str:  # type: ignore[override]
        kind = self.game.kind  # type: ignore[attr-defined]
        return "high" if kind == HIGH else "hilo" if kind == HILO else "low"

    def hand_types(self) -> tuple[str, ...]:
        if self.pot == "low":
            return ()
        return tuple(PQL_TYPES[name] for name, _ in reversed(self.game.categories()))

    def rate(self, holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        from equity.evaluators import lowball
        from equity.evaluators.badugi import evaluate_badugi_many
        from equity.evaluators.high import evaluate_many

        n, p, h = holes.shape
        hands = np.ascontiguousarray(holes.reshape(n * p, h))
        kind = self.game.kind  # type: ignore[attr-defined]
        value = {HIGH: evaluate_many, HILO: evaluate_many, RAZZ: lowball.evaluate_razz_many,
                 DEUCE: lowball.evaluate_deuce_many, BADUGI: evaluate_badugi_many}[kind]
        pot = value(hands).astype(np.int32).reshape(n, p)
        low = lowball.evaluate_low8_many(hands).astype(np.int32).reshape(n, p) if kind == HILO else None
        return pot, low

    def types(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        return self.class_types()[self.rate(holes, boards)[0]]
