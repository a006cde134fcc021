"""Seven-card stud, stud hi-lo (eight or better) and razz: seven cards each, no board.

Each player ends with seven cards, three down and four up; a player's hand is the cards of it that are
known, typed in any order (the order of up and down cards does not change an equity), and the cards
seen in other hands or folded are dead cards. Up to seven players (7 x 7 = 49 cards): an eighth seat
would need the last card dealt as one community card, which is not played here.

- **Stud** (``stud``): the best five of each player's seven, hold'em's hand values.
- **Stud hi-lo** (``stud8``): the high half as in stud, the low half to the best five different ranks
  eight or lower among the seven (no two-plus-three rule), split and quartered as in Omaha hi-lo; with
  no qualifying low the high takes the whole pot.
- **Razz** (``razz``): the lowest five of the seven win, ace to five (the ace low, straights and
  flushes do not count, pairs do), no qualifier.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from equity.games.boardless.game import BoardlessGame
from equity.games.boardless.value_kinds import HIGH, HILO, RAZZ


class StudRounds:
    """A stud game's betting rounds, third to seventh street, as a hand history plays them."""

    round_names = ("third", "fourth", "fifth", "sixth", "seventh")
    deal = "stud"
    has_button = False
    bring_in = True

    def known_cards(self, cards: Sequence[int], discards: Sequence[int] | None,
                    round_: int) -> tuple[int, ...] | None:
        """The cards dealt by the round: three on third street, one more each street after."""
        return tuple(cards[:3 + round_]) if len(cards) >= 3 + round_ else None


@dataclass(frozen=True)
class StudGame(StudRounds, BoardlessGame):
    """Seven-card stud high (``split`` False) or hi-lo eight or better (``split`` True)."""

    hand_example = "AsAh7d"

    @property
    def kind(self) -> int:  # type: ignore[override]
        return HILO if self.split else HIGH

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        """The best five's high value and, in hi-lo, the eight-or-better low of all the cards."""
        from equity.evaluators.high import category, describe, evaluate

        out = self.named(cards, evaluate, category, describe)
        if self.split:
            from equity.evaluators.low import describe_low, low_ranks
            from equity.evaluators.lowball import evaluate_low8

            low = evaluate_low8(list(cards))
            out["low"] = {"qualifies": bool(low_ranks(low)), "ranks": list(low_ranks(low)),
                          "description": describe_low(low)}
        return out


@dataclass(frozen=True)
class RazzGame(StudRounds, BoardlessGame):
    """Razz: seven-card stud for the lowest hand, ace to five."""

    best_hand = "5-4-3-2-A"

    kind = RAZZ
    hand_example = "As2d7h"

    @property
    def n_classes(self) -> int:
        return 6175

    def category_names(self) -> tuple[str, ...]:
        from equity.evaluators.lowball import RAZZ_CATEGORIES

        return RAZZ_CATEGORIES

    def category_table(self) -> np.ndarray:
        from equity.evaluators.lowball import lowball_tables

        return lowball_tables().razz_category

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        """The best ace-to-five low of the cards: its value (1 = 5-4-3-2-A .. 6175), category, name."""
        from equity.evaluators.lowball import describe_razz, evaluate_razz, razz_category

        return self.named(cards, evaluate_razz, razz_category, describe_razz)
