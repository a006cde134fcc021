"""The single-draw games: 2-7 lowball, five-card draw and badugi. No board; one draw.

A player's hand is the cards kept for the draw, and the draw deals the rest: an equity after the draw,
each player drawing to the cards typed (a pat hand types all of them). The cards each player threw away
are dead cards when known. Triple-draw games are not played: their equity depends on how each player
draws again after seeing new cards, a strategy rather than a deal.

- **2-7 single draw** (``2-7``): five cards, the lowest wins, the ace high only, straights and
  flushes count against a hand: 7-5-4-3-2 of mixed suits is the nuts and A-5-4-3-2 is ace high.
- **Five-card draw** (``draw``): five cards, hold'em's hand values.
- **Badugi** (``badugi``): four cards; the most cards of different suits and different ranks win,
  then the lowest of them (the ace low): A-2-3-4 of four suits is the nuts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from equity.games.boardless.game import BoardlessGame
from equity.games.boardless.value_kinds import BADUGI, DEUCE, HIGH


@dataclass(frozen=True)
class DrawGame(BoardlessGame):
    """Five-card draw, high."""

    kind = HIGH
    deal = "draw"
    has_draw = True
    hand_example = "AsAhKd"
    round_names = ("predraw", "postdraw")

    def known_cards(self, cards: Sequence[int], discards: Sequence[int] | None,
                    round_: int) -> tuple[int, ...] | None:
        """Before the draw, the cards kept for it (the hand less the discards, when they are shown);
        after it, the whole hand."""
        if len(cards) != self.hole or (round_ == 0 and discards is None):
            return None
        return tuple(c for c in cards if c not in discards) if round_ == 0 and discards else tuple(cards)

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        from equity.evaluators.high import category, describe, evaluate

        return self.named(cards, evaluate, category, describe)


@dataclass(frozen=True)
class DeuceGame(DrawGame):
    """2-7 lowball single draw."""

    best_hand = "7-5-4-3-2 of mixed suits"

    kind = DEUCE
    hand_example = "7d5c3h2s"

    def category_names(self) -> tuple[str, ...]:
        from equity.evaluators.lowball import DEUCE_CATEGORIES

        return DEUCE_CATEGORIES

    def category_table(self) -> np.ndarray:
        from equity.evaluators.lowball import lowball_tables

        return lowball_tables().deuce_category

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        """The 2-7 value (1 = 7-5-4-3-2 .. 7462), category and name."""
        from equity.evaluators.lowball import describe_deuce, deuce_category, evaluate_deuce

        return self.named(cards, evaluate_deuce, deuce_category, describe_deuce)


@dataclass(frozen=True)
class BadugiGame(DrawGame):
    """Badugi, one draw."""

    best_hand = "A-2-3-4 of four suits"

    kind = BADUGI
    hand_example = "As2d3h"

    @property
    def n_classes(self) -> int:
        return 1092

    def category_names(self) -> tuple[str, ...]:
        from equity.evaluators.badugi import BADUGI_CATEGORIES

        return BADUGI_CATEGORIES

    def category_table(self) -> np.ndarray:
        from equity.evaluators.badugi import badugi_category_table

        return badugi_category_table()

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        """The hand's place among the 1,092 badugi hands (1 = A-2-3-4 of four suits), category and name."""
        from equity.evaluators.badugi import badugi_category, badugi_rank, describe_badugi, evaluate_badugi

        return self.named(cards, evaluate_badugi, badugi_category, describe_badugi, badugi_rank)
