"""The games: hold'em, Omaha high with 4, 5 or 6 hole cards, and short deck (6+) under two rule sets.

A :class:`Game` says how many hole cards a hand has, which cards make the deck, and which class tables
score a hand. Every game runs on the same rank DAG: Omaha's kernels (:mod:`equity.omaha_engine`) take
two hole cards and three board cards from the DAG's walk state, and short deck swaps only the tables
that carry the classes (:mod:`equity.shortdeck`), so the hold'em kernels play it unchanged.

==================  =======================================  ==========  ======  =========
name                aliases                                  hole cards  deck    classes
==================  =======================================  ==========  ======  =========
holdem              hold'em, texas, nlhe, nl, lhe            2           52      7,462
omaha               plo, plo4, omaha4, pot-limit-omaha       4           52      7,462
omaha5              plo5, 5-card-omaha                       5           52      7,462
omaha6              plo6, 6-card-omaha                       6           52      7,462
short-deck          shortdeck, 6+, sixplus, short            2           36      1,404
short-deck-trips    6+trips, short-deck-trips-beat-straight  2           36      1,404
==================  =======================================  ==========  ======  =========

Names are matched ignoring case, spaces and underscores (``"PLO 5"`` is ``omaha5``). Short deck is
played without deuces to fives; under ``short-deck`` a straight beats three of a kind (as pokerkit
ranks it), under ``short-deck-trips`` three of a kind beats a straight; in both a flush beats a full
house and A-6-7-8-9 is the lowest straight.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from .cards import format_card
from .dag import CATEGORIES
from .errors import CardError, GameError, HandSizeError

#: The category keys of results (``straight_flush`` .. ``high_card``), in hold'em's order.
CATEGORY_NAMES = tuple(name for name, _ in CATEGORIES)


@dataclass(frozen=True)
class Game:
    """One game's rules: ``name`` (as in JSON), ``title`` (as in tables), ``hole`` cards per hand,
    ``low_card`` (the lowest card id in the deck: 0, or 16 for short deck's 6c) and ``rules`` (the
    short-deck rule set, else ``None``)."""

    name: str
    title: str
    hole: int
    low_card: int = 0
    rules: str | None = None

    @property
    def omaha(self) -> bool:
        return self.hole > 2

    @property
    def deck(self) -> range:
        """The card ids of the deck."""
        return range(self.low_card, 52)

    @property
    def deck_size(self) -> int:
        return 52 - self.low_card

    @property
    def max_players(self) -> int:
        """Players one deck can seat with a full board: 23 in hold'em, 11 in PLO4, 15 in short deck."""
        return (self.deck_size - 5) // self.hole

    @property
    def n_classes(self) -> int:
        return 7462 if self.rules is None else 1404

    def categories(self) -> tuple[tuple[str, int], ...]:
        """(name, last class) of each category, best first."""
        if self.rules is None:
            return CATEGORIES
        from .shortdeck import CATEGORIES_SHORT

        return CATEGORIES_SHORT[self.rules]

    def category_names(self) -> tuple[str, ...]:
        """The categories best first (short deck: a flush above a full house)."""
        return tuple(name for name, _ in self.categories())

    def tables(self):
        """The evaluator's :class:`~equity.tables.Tables` with this game's classes."""
        from . import tables

        if self.rules is None:
            return tables.get()
        from .shortdeck import tables as short_tables

        return short_tables(self.rules)

    def category_table(self) -> np.ndarray:
        """uint8 (7463,): each class's category as an index into :data:`CATEGORY_NAMES` (so results
        keep one set of keys in every game); index 0 and classes past the game's last are unused."""
        return _category_table(self)

    def check_cards(self, cards: Iterable[int], where: str) -> None:
        """Raise :class:`~equity.errors.CardError` for a card not in this game's deck."""
        for card in cards:
            if card < self.low_card:
                raise CardError(f"card {format_card(card)} in {where} is not in the short deck (6 through A)")

    def check_hole(self, cards: Sequence[int], text: str, whose: str) -> None:
        """Raise :class:`~equity.errors.HandSizeError` unless a specific hand has ``hole`` cards."""
        if len(cards) != self.hole:
            raise HandSizeError(f"{whose} hand {text!r} has {len(cards)} cards; a hand has {self.hole} in "
                                f"{self.title}{_hint(len(cards))}")


@cache
def _category_table(game: Game) -> np.ndarray:
    out = np.zeros(7463, np.uint8)
    first = 1
    for name, last in game.categories():
        out[first:last + 1] = CATEGORY_NAMES.index(name)
        first = last + 1
    return out


HOLDEM = Game("holdem", "hold'em", 2)
GAMES = {g.name: g for g in (
    HOLDEM,
    Game("omaha", "Omaha (PLO4)", 4),
    Game("omaha5", "Omaha 5 (PLO5)", 5),
    Game("omaha6", "Omaha 6 (PLO6)", 6),
    Game("short-deck", "short deck", 2, 16, "standard"),
    Game("short-deck-trips", "short deck, trips beat a straight", 2, 16, "trips-beat-straight"),
)}
_ALIASES = {
    "holdem": ("hold'em", "texas", "texasholdem", "nlhe", "nl", "lhe", "nlh"),
    "omaha": ("plo", "plo4", "omaha4", "potlimitomaha", "omahahigh"),
    "omaha5": ("plo5", "5cardomaha", "fivecardomaha"),
    "omaha6": ("plo6", "6cardomaha", "sixcardomaha"),
    "short-deck": ("shortdeck", "6+", "sixplus", "short", "6plus", "shortdeckholdem"),
    "short-deck-trips": ("6+trips", "shortdecktrips", "shortdecktripsbeatstraight", "sixplustrips"),
}


def _key(text: str) -> str:
    return re.sub(r"[\s_\-']", "", text.lower())


_BY_KEY = {_key(alias): name for name, aliases in _ALIASES.items() for alias in (name, *aliases)}
#: Every accepted spelling (as typed in the docs), for help texts.
NAMES = tuple(GAMES)


def _hint(n_cards: int) -> str:
    if n_cards == 2:
        return " (a 2-card hand is hold'em or short deck)"
    if n_cards in (4, 5, 6):
        return f" (a {n_cards}-card hand is {GAMES[_omaha_name(n_cards)].title}: --game plo" \
               f"{'' if n_cards == 4 else n_cards})"
    return ""


def _omaha_name(hole: int) -> str:
    return "omaha" if hole == 4 else f"omaha{hole}"


def get_game(game: str | Game | None) -> Game:
    """The :class:`Game` named ``game`` (any alias, any case), ``HOLDEM`` for ``None``.

    Raises:
        GameError: an unknown name, listing the known ones.
        TypeError: neither a string, a Game nor None.

    >>> get_game("PLO5").name, get_game("6+").name, get_game(None).name
    ('omaha5', 'short-deck', 'holdem')
    """
    if game is None:
        return HOLDEM
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a name such as 'holdem', 'plo' or 'short-deck'; got {game!r}")
    name = _BY_KEY.get(_key(game))
    if name is None:
        raise GameError(f"unknown game {game!r}; choose one of {', '.join(NAMES)} (or an alias: plo, plo5, "
                        "plo6, 6+ ...)")
    return GAMES[name]


def game_for_hole(n_cards: int) -> Game:
    """The game a specific hand of ``n_cards`` implies: hold'em for 2, Omaha for 4..6."""
    if n_cards == 2:
        return HOLDEM
    if n_cards in (4, 5, 6):
        return GAMES[_omaha_name(n_cards)]
    raise HandSizeError(f"a hand has 2 cards (hold'em) or 4 to 6 (Omaha); got {n_cards}")


def evaluate_in(cards: Sequence[int], game: Game) -> dict[str, object]:
    """One hand's value in ``game`` (what ``equity eval --game`` prints): ``hole`` and ``board`` (Omaha:
    the first ``hole`` cards and the five after them), ``rank`` (the class, 1 = royal flush),
    ``category`` and ``description``.

    Raises:
        HandSizeError: a hold'em or short-deck hand not of 5 to 7 cards, an Omaha one not of ``hole + 5``.
        CardError, DuplicateCardError: a card twice, or (short deck) below 6.
    """
    from .cards import check_distinct, format_cards

    check_distinct(cards, "the hand")
    hole, board = list(cards), None
    if game.omaha:
        from .evaluator import category, describe
        from .omaha import evaluate_omaha

        if len(cards) != game.hole + 5:
            raise HandSizeError(f"an {game.title} hand to evaluate is {game.hole} hole cards then the 5 "
                                f"board cards ({game.hole + 5} in all); got {len(cards)}")
        hole, board = list(cards[:game.hole]), list(cards[game.hole:])
        value = evaluate_omaha(hole, board)
        name, text = category(value), describe(value)
    elif not 5 <= len(cards) <= 7:
        raise HandSizeError(f"a hand to evaluate has 5 to 7 cards; got {len(cards)}")
    elif game.rules is not None:
        from .shortdeck import category_short, describe_short, evaluate_short

        game.check_cards(cards, "the hand")
        value = evaluate_short(list(cards), game.rules)
        name, text = category_short(value, game.rules), describe_short(value, game.rules)
    else:
        from .evaluator import category, describe, evaluate

        value = evaluate(list(cards))
        name, text = category(value), describe(value)
    out: dict[str, object] = {"game": game.name, "cards": format_cards(hole)}
    if board is not None:
        out["board"] = format_cards(board)
    return {**out, "rank": value, "category": name, "description": text}
