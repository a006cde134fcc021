"""equity: a fast Texas Hold'em equity calculator.

>>> import equity
>>> equity.evaluate("AhKhQhJhTh")
1
>>> equity.describe(equity.evaluate("7c 5d 4h 3s 2c"))
'High Card, Seven'
"""

from ._version import __version__
from .cards import format_cards, parse_cards
from .engine import calculate
from .errors import (
    CardError,
    DuplicateCardError,
    EquityError,
    HandSizeError,
    RangeError,
    ScenarioError,
)
from .evaluator import category, describe, evaluate, evaluate_many
from .grid import EquityGrid, RangeGrid, equity_grid, range_grid
from .ranges import Range, format_range, parse_range
from .result import PlayerResult, Result
from .scenario import Scenario

__all__ = [
    "CardError",
    "EquityGrid",
    "DuplicateCardError",
    "EquityError",
    "HandSizeError",
    "PlayerResult",
    "Range",
    "RangeGrid",
    "RangeError",
    "Result",
    "Scenario",
    "ScenarioError",
    "__version__",
    "calculate",
    "category",
    "describe",
    "equity_grid",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "format_range",
    "parse_cards",
    "parse_range",
    "range_grid",
]
