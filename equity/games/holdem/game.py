"""Hold'em and short deck: two hole cards, the best five of seven.

Short deck (6+) is hold'em on the 36 cards 6 through A with other class tables
(:mod:`equity.evaluators.shortdeck`): the kernels are the same, only the tables that carry the classes
differ. Ranges read the grammar of :mod:`equity.ranges`; in short deck an element that names a rank
below 6 (``22+``, ``A5s``) is refused, and ``random`` is the 630 hands of the short deck. The Monte
Carlo kernel is :mod:`equity.games.holdem.montecarlo`, the exact one :mod:`equity.games.holdem.exact`, each
loaded on first use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from equity.engines.protocol import Spot
from equity.errors import CardError, HandSizeError, RangeError
from equity.games.base import Enumeration, Flops, Game, Hits, Query, Runouts
from equity.games.board_hits import BestFiveHits
from equity.games.board_query import BestFiveQuery
from equity.games.holdem.preflop import ranked_classes
from equity.ranges import Range, parse_range

_LOW_RANK = re.compile(r"(?<![0-9])[2-5]")


@dataclass(frozen=True)
class HoldemGame(Game):
    """Hold'em (``rules`` None) or short deck (``rules`` one of
    :data:`equity.evaluators.shortdeck.RULES`)."""

    suit_symmetry = True

    @property
    def is_default(self) -> bool:
        return self.rules is None

    def warmup_lines(self) -> list[dict[str, Any]]:
        """Cards of ranks six and up, so that short deck plays them too."""
        hands, board, ranged = ["AsKs", "QdQc", "JhTh"], "Td9h6c", ["AA,KK", "QdQc"]
        return [
            {"players": hands[:2], "method": "exact"},  # the enumeration's general path, on threads
            {"players": hands[:2], "board": board},  # a small spot's one-deal kernel
            {"players": hands, "board": board, "categories": True},
            {"players": ["AA,KK", "QQ"], "method": "exact"},
            {"players": ranged, "board": board, "method": "exact", "categories": True},
            {"players": [hands[0], 2], "board": board, "trials": 20_000, "seed": 1},
            {"players": [hands[0], 1], "trials": 20_000, "seed": 1, "categories": True},
            {"players": ranged, "board": board, "method": "monte-carlo", "trials": 20_000, "seed": 1},
            # ranges too wide for one joint table (weighted: the alias tables' pairing compiles too)
            {"players": ["66+,A6s+,K9s+@50", "66+,A6s+,K9s+", "QQ+"], "method": "monte-carlo",
             "trials": 20_000, "seed": 1},
            {"question": "dist", "players": ranged, "board": board},
            {"question": "dist", "players": ranged, "method": "monte-carlo", "trials": 20_000, "seed": 1},
            {"question": "runout", "players": hands[:2], "board": board},
            {"question": "runout", "players": ranged, "board": board},
            {"question": "grid", "players": ["KK+,AK", "QQ"], "board": board},
            {"question": "grid", "players": ["KK+,AK", "QQ"], "method": "monte-carlo", "trials": 20_000,
             "seed": 1},
            {"question": "hits", "range": ranged[0], "board": board},
            # equity flops: whole counts and weighted sums compile apart
            {"question": "flops", "players": ranged, "flops": board, "preflop": False},
            {"question": "flops", "players": ["AA,KK@50", "QQ"], "flops": board, "preflop": False},
        ]

    @property
    def n_classes(self) -> int:
        return 7462 if self.rules is None else 1404

    def categories(self) -> tuple[tuple[str, int], ...]:
        if self.rules is None:
            return super().categories()
        from equity.evaluators.shortdeck import CATEGORIES_SHORT

        return CATEGORIES_SHORT[self.rules]

    def tables(self) -> Any:
        if self.rules is None:
            return super().tables()
        from equity.evaluators.shortdeck import tables

        return tables(self.rules)

    def parse_range(self, text: str) -> Range | None:
        """The range ``text`` names; ``None`` when it is every hand of the deck.

        Raises:
            RangeError, CardError: a malformed range or a rank outside the deck, naming the element.
        """
        try:
            rng = parse_range(text, ranked_classes)  # a top percentage by hold'em's preflop ranking
        except RangeError as exc:
            if self.low_card == 0 and _omaha_like(text):
                raise RangeError(f"{exc} (an Omaha hand or pattern? give the game: --game plo, or "
                                 "game='plo' in the API)") from None
            raise
        if self.low_card:
            rng = self._short(rng)
        return None if rng.is_random(self.deck_size) else rng

    def _short(self, rng: Range) -> Range:
        """A range read on the short deck: each element checked for ranks below 6."""
        for element in rng.text.split(","):
            body = element.partition("@")[0].strip()
            if body.endswith("%"):
                raise RangeError(f"range element {element!r}: a top percentage ranks hold'em hands, not "
                                 "short-deck ones; list the hands, e.g. 99+,AJs+,AKo")
            if body.lower() in ("random", "xx"):
                continue
            low = _LOW_RANK.search(body)
            if low:
                raise CardError(f"range element {element!r} names rank {low.group()}, which is not in the "
                                "short deck (6 through A)")
        return rng.without(self.off_deck)

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        if not 5 <= len(cards) <= 7:
            raise HandSizeError(f"a hand to evaluate has 5 to 7 cards; got {len(cards)}")
        if self.rules is None:
            from equity.evaluators.high import category, describe, evaluate

            value = evaluate(list(cards))
            return {"rank": value, "category": category(value), "description": describe(value)}
        from equity.evaluators.shortdeck import category_short, describe_short, evaluate_short

        self.check_cards(cards, "the hand")
        value = evaluate_short(list(cards), self.rules)
        return {"rank": value, "category": category_short(value, self.rules),
                "description": describe_short(value, self.rules)}

    def simulation(self, scenario: Spot, categories: bool, stages: int = 4) -> tuple[Any, Any, Any]:
        from equity.games.holdem import montecarlo as holdem_mc

        return holdem_mc.prepare(scenario, self, categories, stages)

    def simulation_cached(self, ranged: bool = False, one_table: bool = True) -> bool:
        from equity.engines.dealing import compiled_for
        from equity.engines.parallel import in_jit_cache
        from equity.games.holdem import montecarlo as holdem_mc

        return in_jit_cache(holdem_mc._chunks, compiled_for(ranged, one_table))

    def enumeration(self, scenario: Spot, plan: Any, categories: bool, per_deal: bool = False) -> Enumeration:
        from equity.games.holdem import exact as holdem_exact

        return holdem_exact.enumeration(scenario, self, plan, categories, per_deal)

    def enumeration_cached(self, scenario: Spot | None = None, plan: Any = None) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games.holdem import exact_kernels as holdem_deals

        return in_jit_cache(holdem_deals._deals)

    def one_deal_cached(self) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games.holdem import exact_kernels as holdem_deals

        return in_jit_cache(holdem_deals._fixed_deal)

    def one_deal_kernel(self) -> tuple[Any, tuple[Any, ...]]:
        from equity.games.holdem import exact as holdem_exact

        return holdem_exact.one_deal_kernel(self)

    @property
    def hits(self) -> Hits:
        return BestFiveHits(self)

    @property
    def flops(self) -> Flops:
        return HoldemFlops(self)

    @property
    def runouts(self) -> Runouts:
        return HoldemRunouts(self)

    @property
    def query(self) -> Query:
        return BestFiveQuery(self)


class HoldemRunouts(Runouts):
    """Hold'em's and short deck's boards by the cards they add (:mod:`equity.games.holdem.runouts`)."""

    def board_rows(self, scenario: Spot, plan: Any, n_threads: int,
                   per_card: bool = False) -> tuple[Any, Any]:
        from equity.games.holdem import runouts as holdem_boards

        return holdem_boards.board_rows(scenario, self.game, plan, n_threads, per_card)

    def cached(self) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games.holdem import runouts as holdem_boards

        return in_jit_cache(holdem_boards._boards)


class HoldemFlops(Flops):
    """Every flop at once in hold'em and short deck (:mod:`equity.games.holdem.flops`)."""

    def counts(self, flops: np.ndarray, hero: tuple[np.ndarray, np.ndarray],
               villain: tuple[np.ndarray, np.ndarray], gone: np.ndarray, threads: int) -> np.ndarray:
        from equity.games.holdem.flops import flop_counts

        return flop_counts(flops, hero, villain, gone, self.game.tables(), threads)

    def cached(self, weighted: bool) -> bool:
        from equity.engines.parallel import in_jit_cache
        from equity.games import hits
        from equity.games.holdem import flop_kernels

        def right_weights(signature: tuple) -> bool:  # int16 weights count, float64 ones weigh
            return ("int16" in str(signature)) != weighted

        return in_jit_cache(flop_kernels._flops, right_weights) and in_jit_cache(hits._flop_hits)

    def hits(self, flops: np.ndarray, combos: np.ndarray, weights: np.ndarray,
             gone: np.ndarray) -> np.ndarray:
        from equity.games.hits import flop_hits

        return flop_hits(flops, combos, weights, gone, self.game)


def _omaha_like(text: str) -> bool:
    from equity.games.omaha.ranges import is_omaha_pattern

    return all(is_omaha_pattern(element.partition("@")[0].strip()) for element in text.split(","))
