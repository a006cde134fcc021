"""The games, by name: hold'em, Omaha high and hi-lo with 4, 5 or 6 hole cards, short deck (6+), and
the games without a board: seven-card stud, stud hi-lo, razz, 2-7 single draw, five-card draw, badugi.

A :class:`~equity.games.base.Game` carries its rules and hands the engines its kernels; this module is
the registry that names them. Adding a game is a module (or a new :class:`Game` of an existing family)
and a line here.

==================  =================================================  =====  ====  =======  =====
name                aliases                                            hole   deck  classes  pot
==================  =================================================  =====  ====  =======  =====
holdem              hold'em, texas, nlhe, nl, lhe                      2      52    7,462    high
omaha               plo, plo4, omaha4, pot-limit-omaha                 4      52    7,462    high
omaha5              plo5, 5-card-omaha                                 5      52    7,462    high
omaha6              plo6, 6-card-omaha                                 6      52    7,462    high
omaha-hilo          plo8, o8, omaha8, omaha-8, omaha-hi-lo, plo-hilo   4      52    7,462    hi-lo
omaha5-hilo         big-o, bigo, plo5-8, o8-5, omaha5-8, 5-card-o8     5      52    7,462    hi-lo
omaha6-hilo         plo6-8, o8-6, omaha6-8, 6-card-o8                  6      52    7,462    hi-lo
short-deck          shortdeck, 6+, sixplus, short                      2      36    1,404    high
short-deck-trips    6+trips, short-deck-trips-beat-straight            2      36    1,404    high
stud                7stud, seven-card-stud, 7cs                        7      52    7,462    high
stud8               stud-hi-lo, studhl, 7stud8                         7      52    7,462    hi-lo
razz                7-card-razz                                        7      52    6,175    low
2-7                 27, deuce-to-seven, 2-7-single-draw, kansas-city   5      52    7,462    low
draw                five-card-draw, 5cd                                5      52    7,462    high
badugi                                                                 4      52    1,092    badugi
==================  =================================================  =====  ====  =======  =====

The last six have no board (:mod:`equity.games.boardless.game`): a player's hand is the cards of it that
are known, the rest are dealt (:mod:`equity.games.boardless.stud`, :mod:`equity.games.boardless.draw`).

Names are matched ignoring case, spaces, dashes, apostrophes and underscores (``"PLO 5"`` is
``omaha5``, ``"Big O"`` is ``omaha5-hilo``); a misspelt name gets the closest ones suggested. Short
deck is played without deuces to fives; under ``short-deck`` a straight beats three of a kind (as
pokerkit ranks it), under ``short-deck-trips`` three of a kind beats a straight; in both a flush beats
a full house and A-6-7-8-9 is the lowest straight. The hi-lo games split the pot between the best high
hand and the best eight-or-better low (:mod:`equity.games.omaha.game`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from equity.cards import format_cards, specific_hand
from equity.errors import GameError
from equity.games.base import CATEGORY_NAMES, SIZE_HINTS, Game
from equity.games.boardless.draw import BadugiGame, DeuceGame, DrawGame
from equity.games.boardless.stud import RazzGame, StudGame
from equity.games.holdem.game import HoldemGame
from equity.games.omaha.game import OmahaGame

HOLDEM = HoldemGame("holdem", "hold'em", 2,
                    aliases=("hold'em", "texas", "texasholdem", "nlhe", "nl", "lhe", "nlh"))
GAMES: dict[str, Game] = {g.name: g for g in (
    HOLDEM,
    OmahaGame("omaha", "Omaha (PLO4)", 4, aliases=("plo", "plo4", "omaha4", "potlimitomaha", "omahahigh")),
    OmahaGame("omaha5", "Omaha 5 (PLO5)", 5, aliases=("plo5", "5cardomaha", "fivecardomaha")),
    OmahaGame("omaha6", "Omaha 6 (PLO6)", 6, aliases=("plo6", "6cardomaha", "sixcardomaha")),
    OmahaGame("omaha-hilo", "Omaha hi-lo (PLO8)", 4, split=True,
              aliases=("plo8", "o8", "omaha8", "omahahilo", "omahahl", "omaha8orbetter", "plohilo",
                       "omaha4hilo", "plo4hilo", "o8b", "omahahilo8")),
    OmahaGame("omaha5-hilo", "Big O (Omaha 5 hi-lo)", 5, split=True,
              aliases=("bigo", "big-o", "plo58", "plo5hilo", "o85", "omaha58", "5cardo8", "fivecardo8",
                       "omaha5hilo8")),
    OmahaGame("omaha6-hilo", "Omaha 6 hi-lo", 6, split=True,
              aliases=("plo68", "plo6hilo", "o86", "omaha68", "6cardo8", "sixcardo8", "omaha6hilo8")),
    HoldemGame("short-deck", "short deck", 2, 16, "standard",
               aliases=("shortdeck", "6+", "sixplus", "short", "6plus", "shortdeckholdem")),
    HoldemGame("short-deck-trips", "short deck, trips beat a straight", 2, 16, "trips-beat-straight",
               aliases=("6+trips", "shortdecktrips", "shortdecktripsbeatstraight", "sixplustrips")),
    StudGame("stud", "seven-card stud", 7,
             aliases=("7stud", "sevencardstud", "7cardstud", "7cs", "studhigh")),
    StudGame("stud8", "stud hi-lo", 7, split=True,
             aliases=("studhilo", "stud8orbetter", "studhl", "7stud8", "7studhilo", "sevencardstudhilo",
                      "studeight", "stud8b", "studhilo8")),
    RazzGame("razz", "razz", 7, aliases=("7cardrazz", "sevencardrazz", "razzstud")),
    DeuceGame("2-7", "2-7 single draw", 5,
              aliases=("27", "27sd", "27singledraw", "deucetoseven", "deuce7", "27lowball", "kansascity",
                       "kclowball", "27draw")),
    DrawGame("draw", "five-card draw", 5, aliases=("5carddraw", "fivecarddraw", "5cd", "drawhigh")),
    BadugiGame("badugi", "badugi", 4, aliases=("badugisingledraw",)),
)}
#: Every game's name, for help texts.
NAMES = tuple(GAMES)


def _key(text: str) -> str:
    return re.sub(r"[\s_\-']", "", text.lower())


_BY_KEY = {_key(alias): game.name for game in GAMES.values() for alias in (game.name, *game.aliases)}
#: The game a specific hand of that many cards implies (Omaha high for 4 to 6 cards).
_BY_HOLE = {2: HOLDEM, **{g.hole: g for g in reversed(GAMES.values())
                          if not g.split and not g.low_card and g.board}}
SIZE_HINTS.update({2: " (a 2-card hand is hold'em or short deck)", **{
    n: f" (a {n}-card hand is {g.title} or its hi-lo form: --game {g.aliases[0]} or --game "
       f"{next(h.aliases[0] for h in GAMES.values() if h.split and h.hole == n)})"
    for n, g in _BY_HOLE.items() if n > 2}})
SIZE_HINTS.update({n: " (a 3- or 7-card hand is stud's: --game stud, stud8 or razz)" for n in (3, 7)})


def get_game(game: str | Game | None) -> Game:
    """The :class:`Game` named ``game`` (any alias, any case), ``HOLDEM`` for ``None``.

    Raises:
        GameError: an unknown name, suggesting the closest known ones.
        TypeError: neither a string, a Game nor None.

    >>> get_game("PLO5").name, get_game("6+").name, get_game(None).name, get_game("Big O").name
    ('omaha5', 'short-deck', 'holdem', 'omaha5-hilo')
    """
    if game is None:
        return HOLDEM
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a name such as 'holdem', 'plo' or 'short-deck'; got {game!r}")
    name = _BY_KEY.get(_key(game))
    if name is None:
        import difflib

        close = difflib.get_close_matches(_key(game), list(_BY_KEY), n=3, cutoff=0.6)
        names = list(dict.fromkeys(_BY_KEY[c] for c in close))
        hint = f"did you mean {' or '.join(names)}? " if names else ""
        raise GameError(f"unknown game {game!r}; {hint}the games are {', '.join(NAMES)} (aliases: plo, plo5, "
                        "plo8, o8, big-o, 6+ ...)")
    return GAMES[name]


def hand_sizes(specs: Sequence[object]) -> list[tuple[str, int]]:
    """``(text, cards)`` of each player given as a specific hand (text that is only cards, or card ids)."""
    out = []
    for spec in specs:
        if isinstance(spec, str):
            cards = specific_hand(spec)
            if cards is not None:
                out.append((spec, len(cards)))
        elif isinstance(spec, Sequence) and not isinstance(spec, bytes) and spec and all(
                isinstance(c, int) and not isinstance(c, bool) for c in spec):
            out.append((str(list(spec)), len(spec)))
    return out


def infer_game(specs: Sequence[object]) -> Game:
    """The game the specific hands imply (the one place a game is guessed from cards): Omaha high when
    they hold 4 to 6 cards, else hold'em.

    Raises:
        GameError: specific hands of different sizes.
    """
    sizes = [size for size in hand_sizes(specs) if size[1] in _BY_HOLE]  # others: refused later
    if not sizes:
        return HOLDEM
    first = sizes[0]
    for other in sizes[1:]:
        if other[1] != first[1]:
            raise GameError(f"hands of different sizes at one table: {first[0]!r} has {first[1]} cards, "
                            f"{other[0]!r} has {other[1]}")
    return _BY_HOLE[first[1]]


def evaluate_in(cards: Sequence[int], game: Game) -> dict[str, object]:
    """One hand's value in ``game`` (what ``equity eval --game`` prints): ``game``, ``cards`` (Omaha: the
    hole cards) and ``board`` (Omaha: the five after them), ``rank`` (the class, 1 = royal flush),
    ``category`` and ``description``; in hi-lo games also ``low`` (whether it qualifies, its ranks from
    the highest, ace = 1, and its name).

    Raises:
        HandSizeError: a hold'em or short-deck hand not of 5 to 7 cards, an Omaha one not of ``hole + 5``.
        CardError, DuplicateCardError: a card twice, or (short deck) below 6.
    """
    from equity.cards import check_distinct

    check_distinct(cards, "the hand")
    value = game.evaluate(cards)
    board = value.pop("board", None)
    hole = list(cards)[:len(cards) - len(board)] if board is not None else list(cards)
    out: dict[str, object] = {"game": game.name, "cards": format_cards(hole)}
    if board is not None:
        out["board"] = format_cards(board)
    return {**out, **value}


__all__ = ["CATEGORY_NAMES", "GAMES", "HOLDEM", "NAMES", "Game", "evaluate_in", "get_game", "hand_sizes",
           "infer_game"]
