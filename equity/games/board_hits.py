"""The hits part of the board games (:attr:`equity.games.base.Game.hits`): how a hand is read on a board,
by rule, with the kernels of :mod:`equity.games.hits`, loaded on first use."""

from __future__ import annotations

import numpy as np

from equity.games.base import Hits


class RuleHits(Hits):
    """A game's hands read on a board by :attr:`rule` (:func:`equity.games.hits.classify`)."""

    def classify(self, combos: np.ndarray, board: np.ndarray,
                 gone: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        from equity.games.hits import classify

        return classify(combos, board, gone, self.game, self.rule)

    def cached(self) -> bool:
        from equity.games.hits import cached

        return cached(self.rule)


class BestFiveHits(RuleHits):
    """What hold'em's and short deck's hands make on a board: the best five of seven."""

    rule = "best-five"


class TwoPlusThreeHits(RuleHits):
    """What Omaha's hands make on a board: exactly two hole cards and three board cards."""

    rule = "two-plus-three"
