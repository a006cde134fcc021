"""equity: a fast poker equity calculator: hold'em, Omaha high and hi-lo (4, 5 or 6 cards), short deck,
seven-card stud, stud hi-lo, razz, 2-7 single draw, five-card draw and badugi.

>>> import equity
>>> equity.evaluate("AhKhQhJhTh")
1
>>> equity.describe(equity.evaluate("7c 5d 4h 3s 2c"))
'High Card, Seven'
"""

from equity import cache as _cache  # noqa: F401 - first: it files the kernels in the cache folder
from equity._version import __version__
from equity.cards import format_cards, parse_cards
from equity.errors import (
    CardError,
    DuplicateCardError,
    EquityError,
    GameError,
    HandSizeError,
    QueryError,
    RangeError,
    ScenarioError,
)
from equity.evaluators.high import category, describe, evaluate, evaluate_many
from equity.games import GAMES, Game, evaluate_in, get_game
from equity.games.holdem.preflop import ranked_classes as _ranked_classes
from equity.jit import install as _lean_cache_loads
from equity.options import RunOptions
from equity.questions.calculate import calculate
from equity.ranges import Range, format_range
from equity.ranges import parse_range as _parse_range
from equity.result import PlayerResult, Result
from equity.scenario import Scenario

_lean_cache_loads()  # before any kernel is called: equity's cached kernels skip numba's compiler set-up

#: Loaded on first use, so that hold'em never loads the other games' kernels (nor a plain run the
#: grid's and distributions' modules).
_LAZY_MODULES = {
    "equity.evaluators.omaha": ("evaluate_omaha", "evaluate_omaha_many"),
    "equity.evaluators.low": ("evaluate_omaha_low", "evaluate_omaha_low_many", "describe_low"),
    "equity.evaluators.shortdeck": ("evaluate_short", "evaluate_short_many", "describe_short",
    "category_short"), "equity.games.omaha.ranges": ("parse_omaha_range",),
    "equity.questions.per_combo": ("ComboResult", "combo_results"),
    "equity.questions.dist": ("Distribution", "equity_distribution"),
    "equity.questions.runouts": ("Runout", "runout"),
    "equity.questions.hits": ("Hits", "range_hits"),
    "equity.questions.flops": ("flops", "FlopsResult", "FlopRow"),
    "equity.evaluators.lowball": ("evaluate_razz", "describe_razz", "evaluate_low8", "evaluate_deuce",
    "describe_deuce"), "equity.evaluators.badugi": ("evaluate_badugi", "describe_badugi"),
    "equity.questions.grid": ("EquityGrid", "RangeGrid", "equity_grid", "range_grid"),
    "equity.questions.query.run": ("query",), "equity.questions.query.result": ("QueryResult",),
    "equity.questions.tournaments.icm": ("icm", "IcmResult"),
    "equity.questions.tournaments.pushfold": ("pushfold", "PushFold", "chart"),
    "equity.questions.tournaments.multiway_solve": ("table_pushfold", "TableResult"),
}
_LAZY = {name: module for module, names in _LAZY_MODULES.items() for name in names}


def parse_range(text: str) -> Range:
    """A hold'em range such as ``'QQ+, AKs, A5s-A2s@50, 15%'``: :func:`equity.ranges.parse_range` with
    hold'em's preflop ranking for a top percentage (:func:`equity.games.holdem.preflop.ranked_classes`).

    Raises:
        RangeError: an empty or malformed element, quoting it and saying what is expected.

    >>> len(parse_range("QQ+,AKs@50")), len(parse_range("15%"))
    (22, 200)
    """
    return _parse_range(text, _ranked_classes)


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
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
    "QueryError",
    "Range",
    "RangeError",
    "Result",
    "RunOptions",
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
