"""equity: a fast poker equity calculator: hold'em, Omaha high and hi-lo (4, 5 or 6 cards), short deck,
seven-card stud, stud hi-lo, razz, 2-7 single draw, five-card draw and badugi.

>>> import equity
>>> equity.evaluate("AhKhQhJhTh")
1
>>> equity.describe(equity.evaluate("7c 5d 4h 3s 2c"))
'High Card, Seven'
"""

from ._version import __version__
from .cards import format_cards, parse_cards
from .engines.choose import calculate
from .errors import (
    CardError,
    DuplicateCardError,
    EquityError,
    GameError,
    HandSizeError,
    RangeError,
    ScenarioError,
)
from .evaluators.high import category, describe, evaluate, evaluate_many
from .games import GAMES, Game, evaluate_in, get_game
from .jit import install as _lean_cache_loads
from .ranges import Range, format_range, parse_range
from .result import PlayerResult, Result
from .scenario import Scenario

_lean_cache_loads()  # before any kernel is called: equity's cached kernels skip numba's compiler set-up

#: Loaded on first use, so that hold'em never loads the other games' kernels (nor a plain run the
#: grid's and distributions' modules).
_LAZY = {"evaluate_omaha": "evaluators.omaha", "evaluate_omaha_many": "evaluators.omaha",
         "evaluate_omaha_low": "evaluators.low", "evaluate_omaha_low_many": "evaluators.low",
         "describe_low": "evaluators.low", "evaluate_short": "evaluators.shortdeck",
         "evaluate_short_many": "evaluators.shortdeck", "describe_short": "evaluators.shortdeck",
         "category_short": "evaluators.shortdeck", "parse_omaha_range": "games.omaha_ranges",
         "ComboResult": "combos", "combo_results": "combos", "Distribution": "dist",
         "equity_distribution": "dist", "Runout": "runouts", "runout": "runouts",
         "Hits": "hits", "range_hits": "hits", "evaluate_razz": "evaluators.lowball",
         "describe_razz": "evaluators.lowball", "evaluate_low8": "evaluators.lowball",
         "evaluate_deuce": "evaluators.lowball", "describe_deuce": "evaluators.lowball",
         "evaluate_badugi": "evaluators.badugi", "describe_badugi": "evaluators.badugi",
         "EquityGrid": "grid", "RangeGrid": "grid", "equity_grid": "grid", "range_grid": "grid"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'equity' has no attribute {name!r}")


__all__ = [
    *_LAZY,
    "GAMES",
    "Game",
    "GameError",
    "evaluate_in",
    "get_game",
    "CardError",
    "DuplicateCardError",
    "EquityError",
    "HandSizeError",
    "PlayerResult",
    "Range",
    "RangeError",
    "Result",
    "Scenario",
    "ScenarioError",
    "__version__",
    "calculate",
    "category",
    "describe",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "format_range",
    "parse_cards",
    "parse_range",
]
