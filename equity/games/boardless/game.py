"""Games without a board: each player owns all of their cards, some known (typed), the rest to come.

The deal has another shape than hold'em's: no community cards, and a player's hand is whatever of it is
known, from one card to all of them (in stud the up cards and the down cards one has seen, in any
order; in a draw game the cards kept for the draw). Cards seen elsewhere (other players' folded or
exposed cards, one's own discards) are dead cards. A random hand has no known card. Every card still
to come is dealt from the cards left, so an exact run enumerates every way to give each player their
missing cards (:meth:`BoardlessGame.completions` of them), and a Monte Carlo trial deals them.

The families are :mod:`equity.games.boardless.stud` (seven-card stud, stud hi-lo, razz) and
:mod:`equity.games.boardless.draw` (2-7 single draw, five-card draw, badugi); they differ only in how a hand
is valued, which the kernels read from :attr:`BoardlessGame.kind` (:mod:`equity.games.boardless.scoring`).
Ranges are not played in these games: a player is known cards or ``random``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from equity.cards import SUITS, check_distinct, parse_cards, specific_hand
from equity.engines.protocol import Spot
from equity.errors import HandSizeError, RangeError, ScenarioError, TooLarge
from equity.games.base import Enumeration, Game, Query
from equity.games.boardless.value_kinds import HIGH
from equity.ranges import Range

#: The most completions an exact run enumerates (about two minutes on two cores).
MAX_COMPLETIONS = 10_000_000_000


def _card_like(text: str) -> bool:
    """Whether ``text`` is written as cards (a suit letter after every rank, ``AsXh``), so that a bad one
    is named as a bad card rather than as a range, which these games do not play (``AA``, ``QQ+``)."""
    body = "".join(text.split())
    return len(body) >= 2 and len(body) % 2 == 0 and all(ch.lower() in SUITS for ch in body[1::2])


@dataclass(frozen=True)
class BoardlessGame(Game):
    """A game without a board whose players hold ``hole`` cards each (7 in stud, 5 or 4 in the draw
    games); :attr:`kind` says how the kernels value a hand."""

    board: int = 0
    #: How the kernels value a hand: one of :mod:`equity.games.boardless.value_kinds`.
    kind = HIGH
    hand_example = "AsAh7d"
    range_example = "random"
    #: The first street's cards, as messages describe the deal (stud: three; a draw game: its hand).
    what = "cards"

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(range(1, self.hole + 1))

    def board_dealt(self, round_: int) -> int:
        return 0

    @property
    def board_sizes(self) -> tuple[int, ...]:
        return (0,)

    @property
    def two_card_grid(self) -> bool:
        return False

    def warmup_lines(self) -> list[dict[str, Any]]:
        """The hands of :attr:`hand_example`'s size, and of all but two of the cards for the exact
        engine."""
        n = min(3, self.hole - 1)
        first, second = "AsKd5h8c7d3s9c"[:2 * n], "2d4s6d7hTsQc8d"[:2 * n]
        late = max(1, self.hole - 2)
        exact = ["AsKd5h8c7d3s9c"[:2 * late], "2d4s6d7hTsQc8d"[:2 * late]]
        return [
            {"players": exact, "dead": "2c", "method": "exact"},
            {"players": exact, "dead": "2c", "method": "exact", "categories": True},
            {"players": [first, second, 1], "dead": "2c", "trials": 20_000, "seed": 1},
            {"players": [first, "random"], "trials": 20_000, "seed": 1, "categories": True},
        ]

    @property
    def eval_sizes(self) -> tuple[int, ...]:
        """The card counts ``equity eval`` takes: 5 to 7 in stud (its best five), the whole hand else."""
        return tuple(range(min(5, self.hole), self.hole + 1))

    def named(self, cards: Any, evaluate: Any, category: Any, describe: Any,
              rank: Any = None) -> dict[str, Any]:
        """``equity eval``'s ``rank``, ``category`` and ``description`` of ``cards`` valued by
        ``evaluate`` (``rank``: the value's place for people, when it is not the value itself).

        Raises:
            HandSizeError: a hand of a size :attr:`eval_sizes` does not list.
        """
        if len(cards) not in self.eval_sizes:
            sizes = self.eval_sizes
            want = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else f"{sizes[0]}"
            raise HandSizeError(f"a {self.title} hand to evaluate has {want} cards; got {len(cards)}")
        value = evaluate(list(cards))
        return {"rank": value if rank is None else rank(value), "category": category(value),
                "description": describe(value)}

    def category_slots(self) -> tuple[str, ...]:
        """The game's own categories, in its order: the high ones, or the lows' (razz, 2-7, badugi)."""
        return self.category_names()

    def check_hole(self, cards: Any, text: str, whose: str) -> None:
        """Raise :class:`~equity.errors.HandSizeError` unless a hand has 1 .. ``hole`` known cards."""
        if len(cards) not in self.hand_sizes:
            raise HandSizeError(f"{whose} hand {text!r} has {len(cards)} cards; a {self.title} hand has at "
                                f"most {self.hole}")

    def parse_range(self, text: str) -> Range | None:
        """A player's known cards (one combo of 1 .. ``hole`` cards), or ``None`` for ``random``.

        Raises:
            RangeError: anything else (ranges are not played here), naming the text.
        """
        if text.strip().lower() in ("random", "any", "*"):
            return None
        cards = specific_hand(text)
        if cards is None and _card_like(text):
            parse_cards(text)  # names the bad card ("unknown rank 'X' in card 'Xh' ..."); raises
        if cards is None:
            raise RangeError(f"ranges are not played in {self.title}: a player is known cards (e.g. "
                             f"{self.hand_example!r}) or 'random'")
        check_distinct(cards, f"the hand {text!r}")
        row = np.array(sorted(cards, reverse=True), np.uint8)[None, :]
        return Range(row, np.ones(1), text.replace(" ", ""))

    # -- the deal's shape ------------------------------------------------------------------------------
    def missing(self, scenario: Spot) -> list[int]:
        """The cards still to come of each player, in seat order."""
        return [int(np.sum(row == -1)) for row in scenario.holes]

    def exact_deals(self, scenario: Spot) -> tuple[np.ndarray, np.ndarray]:
        """One deal: the players' known cards (:attr:`Scenario.holes`); their missing cards are its
        completions.

        Raises:
            TooLarge: more than :data:`MAX_COMPLETIONS` completions (minutes of enumeration).
        """
        ways = self.completions(scenario)
        if ways > MAX_COMPLETIONS:
            raise TooLarge(f"{ways:,} ways to deal the cards to come")
        return np.zeros((1, len(scenario.players), 0), np.uint8), np.ones(1)

    def deal_bound(self, scenario: Spot) -> float:
        return 1.0

    def completions(self, scenario: Spot) -> int:
        """The ways to give every player their missing cards from the cards left: a multinomial."""
        left = len(scenario.live)
        ways = 1
        for m in self.missing(scenario):
            ways *= math.comb(left, m)
            left -= m
        return ways

    def exact_work(self, deals: float, players: int, boards: int, to_deal: int,
                   uniform: bool = True) -> float:
        """Every completion values one hand (the last player's) and counts the deal's case; the other
        hands are valued as their cards change. About eight of hold'em's board evaluations, measured."""
        return deals * boards * 8

    # -- what the engines are handed ---------------------------------------------------------------------
    def simulation(self, scenario: Spot, categories: bool, stages: int = 4) -> tuple[Any, Any, Any]:
        from equity.games.boardless import montecarlo as boardless_mc

        return boardless_mc.prepare(scenario, self, categories)

    def simulation_cached(self, ranged: bool = False, one_table: bool = True) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games.boardless import montecarlo as boardless_mc

        return in_jit_cache(boardless_mc._chunks)

    def enumeration(self, scenario: Spot, plan: Any, categories: bool, per_deal: bool = False) -> Enumeration:
        if per_deal:
            raise ScenarioError(f"per-combo results need ranges, which {self.title} does not play")
        from equity.games.boardless import exact as boardless_exact

        return boardless_exact.enumeration(scenario, self, plan, categories)

    def enumeration_cached(self, scenario: Spot | None = None, plan: Any = None) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games.boardless import exact as boardless_exact

        return in_jit_cache(boardless_exact._completions)

    @property
    def query(self) -> Query:
        from equity.games.boardless.query import BoardlessQuery

        return BoardlessQuery(self)

    def value_tables(self) -> Any:
        """The tables the kernels value hands with (:func:`equity.games.boardless.scoring.score_tables`)."""
        from equity.games.boardless.scoring import score_tables

        return score_tables(self.kind)
