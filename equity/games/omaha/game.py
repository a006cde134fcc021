"""Omaha with 4, 5 or 6 hole cards: high, and hi-lo eight or better (split pot).

Every hand is exactly two hole cards with exactly three board cards. In Omaha high the best such hand
takes the pot. In **Omaha hi-lo** (``split``) the pot is split into halves: the high half goes to the
best Omaha high hand, the low half to the best qualifying low (:mod:`equity.evaluators.low`: two hole
cards and three board cards, five different ranks all 8 or lower, the ace low, straights and flushes
ignored), and the two halves may be won with different hole cards. With no qualifying low the high hand
takes the whole pot; tied halves are shared (two tied lows each take a quarter: quartering). Pot shares
are exact fractions: the engines split a pot as if it were infinitely divisible, so no odd chip is
awarded (in a real game it goes to the high half).

Ranges read the Omaha grammar of :mod:`equity.games.omaha.ranges`. The Monte Carlo kernel is
:mod:`equity.games.omaha.montecarlo`; the exact ones are :mod:`equity.games.omaha.preflop` (before the flop,
by rank), :mod:`equity.games.omaha.postflop` (from the flop on, board by board) and, for weighted ranges
and per-combo rows, :mod:`equity.games.omaha.exact` (deal by deal). All play high and hi-lo.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from equity.engines.protocol import Spot
from equity.errors import HandSizeError
from equity.games.base import Enumeration, Game, Hits, Query, Runouts
from equity.games.board_hits import TwoPlusThreeHits
from equity.games.board_query import TwoPlusThreeQuery
from equity.ranges import Range


@dataclass(frozen=True)
class OmahaGame(Game):
    """Omaha high (``split`` False) or hi-lo eight or better (``split`` True) with ``hole`` cards."""

    hand_example = "AsAhKsKh"
    range_example = "AAKKds or AAxx"

    @property
    def eval_sizes(self) -> tuple[int, ...]:
        return (self.hole + self.board,)

    def warmup_lines(self) -> list[dict[str, Any]]:
        h = self.hole
        hands = ["AsAhKsKh2c2d"[:2 * h], "JdTd9c8c3h3s"[:2 * h], "7h7s6h6s4c4d"[:2 * h]]
        board, ranged = "Qs9s5d", ["AAKK" + "QJ"[:h - 4] + "ds", hands[1]]  # few combos: quick to ask
        return [
            {"players": hands[:2], "method": "exact"},
            {"players": hands[:2], "board": board},
            {"players": hands, "board": board, "categories": True},
            {"players": ranged, "board": board, "method": "exact", "categories": True},
            {"players": [hands[0], 2], "board": board, "trials": 20_000, "seed": 1},
            {"players": [hands[0], 1], "trials": 20_000, "seed": 1, "categories": True},
            {"players": ranged, "board": board, "method": "monte-carlo", "trials": 20_000, "seed": 1},
            # ranges too wide for one joint table
            {"players": ["AAK" + "x" * (h - 3), "QQJ" + "x" * (h - 3)], "method": "monte-carlo",
             "trials": 20_000, "seed": 1},
            {"question": "dist", "players": ranged, "board": board},
            {"question": "runout", "players": hands[:2], "board": board},
            {"question": "runout", "players": ranged, "board": board},
            {"question": "hits", "range": ranged[0], "board": board},
        ]

    def parse_range(self, text: str) -> Range | None:
        from equity.games.omaha.ranges import parse_omaha_range

        return parse_omaha_range(text, self.hole)

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        """The hand's high value and, in hi-lo, its low: ``cards`` are the hole cards, then the board."""
        from equity.evaluators.high import category, describe
        from equity.evaluators.omaha import evaluate_omaha

        if len(cards) != self.hole + self.board:
            raise HandSizeError(f"an {self.title} hand to evaluate is {self.hole} hole cards then the "
                                f"{self.board} board cards ({self.hole + self.board} in all); got "
                                f"{len(cards)}")
        hole, board = list(cards[:self.hole]), list(cards[self.hole:])
        value = evaluate_omaha(hole, board)
        out: dict[str, object] = {"board": board, "rank": value, "category": category(value),
                                  "description": describe(value)}
        if self.split:
            from equity.evaluators.low import describe_low, evaluate_omaha_low, low_ranks

            low = evaluate_omaha_low(hole, board)
            ranks = low_ranks(low)
            out["low"] = {"qualifies": bool(ranks), "ranks": list(ranks), "description": describe_low(low)}
        return out

    def simulation(self, scenario: Spot, categories: bool, stages: int = 4) -> tuple[Any, Any, Any]:
        from equity.games.omaha import montecarlo as omaha_mc

        return omaha_mc.prepare(scenario, self, categories)

    def simulation_cached(self, ranged: bool = False, one_table: bool = True) -> bool:
        from equity.engines.dealing import compiled_for
        from equity.engines.parallel import in_jit_cache
        from equity.games.omaha import montecarlo as omaha_mc

        return in_jit_cache(omaha_mc._run_chunks_omaha, compiled_for(ranged, one_table))

    def exact_work(self, deals: float, players: int, boards: int, to_deal: int,
                   uniform: bool = True) -> float:
        """In the hold'em kernel's units, measured: with every deal of weight 1, preflop some 6,200 rank
        multisets and up to 80,000 flush sets a deal (:mod:`~equity.games.omaha.preflop`: 1.1 ms a deal
        heads-up, 1.7 ms three-way, on one thread), from the flop on a deal-board scored against its
        board's rows (:mod:`~equity.games.omaha.postflop`: 3 ns heads-up, 7 ns three-way, hi-lo about 2.5
        times that). Weighted
        ranges go deal by deal: a triple table per hand preflop, then about seven loads per hand per
        board; from the flop on a board walk and a load per pair of hole cards."""
        if uniform:
            if to_deal == self.board:
                return deals * players * (230_000 if self.split else 190_000)
            pairs = math.comb(self.hole, 2) / 6  # a hand's pairs of hole cards, PLO4's six as 1
            return deals * boards * pairs * (2.5 if self.split else 1) * (1 + 1.2 * (players - 2))
        if to_deal == self.board:
            return deals * players * (math.comb(self.hole, 2) * math.comb(48, 3) / 2 + 2.5 * boards)
        return deals * boards * (3 + players * (1 + math.comb(self.hole, 2) / 2))

    def enumeration(self, scenario: Spot, plan: Any, categories: bool, per_deal: bool = False) -> Enumeration:
        from equity.games.omaha import (
            exact as omaha_exact,
        )
        from equity.games.omaha import (
            postflop as omaha_postflop,
        )
        from equity.games.omaha import (
            preflop as omaha_preflop,
        )

        if omaha_preflop.applies(scenario, plan, per_deal):  # before the flop: by rank
            return omaha_preflop.enumeration(scenario, self, plan, categories)
        if omaha_postflop.applies(scenario, plan, per_deal):  # from the flop on: board by board
            return omaha_postflop.enumeration(scenario, self, plan, categories)
        return omaha_exact.enumeration(scenario, self, plan, categories, per_deal)

    def enumeration_cached(self, scenario: Spot | None = None, plan: Any = None) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games.omaha import (
            exact as omaha_exact,
        )
        from equity.games.omaha import (
            postflop as omaha_postflop,
        )
        from equity.games.omaha import (
            preflop as omaha_preflop,
        )

        if scenario is not None:  # the kernel enumeration() picks for it
            if omaha_preflop.applies(scenario, plan, False):
                return in_jit_cache(omaha_preflop._items)
            if omaha_postflop.applies(scenario, plan, False):
                return in_jit_cache(omaha_postflop._completions)
            return in_jit_cache(omaha_exact._items)
        return (in_jit_cache(omaha_exact._items) and in_jit_cache(omaha_postflop._completions)
                and in_jit_cache(omaha_preflop._items))

    @property
    def hits(self) -> Hits:
        return TwoPlusThreeHits(self)

    @property
    def runouts(self) -> Runouts:
        return OmahaRunouts(self)

    @property
    def query(self) -> Query:
        return TwoPlusThreeQuery(self)


class OmahaRunouts(Runouts):
    """Omaha's boards by the cards they add (:mod:`equity.games.omaha.runouts`)."""

    def board_rows(self, scenario: Spot, plan: Any, n_threads: int,
                   per_card: bool = False) -> tuple[Any, Any]:
        from equity.games.omaha import runouts as omaha_boards

        return omaha_boards.board_rows(scenario, self.game, plan, n_threads, per_card)

    def cached(self) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games.omaha import runouts as omaha_boards

        return in_jit_cache(omaha_boards._boards)
