"""A player's text in a given game -> its range; the game a table of specific hands implies.

Hold'em reads the grammar of :mod:`equity.ranges`; short deck reads the same grammar on the 36-card
deck (an element that names a rank below 6, such as ``22+`` or ``A5s``, is refused, and ``random`` is
the 630 hands of the short deck); Omaha reads :mod:`equity.omaha_ranges`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .cards import parse_cards
from .errors import CardError, EquityError, GameError, RangeError
from .games import HOLDEM, Game, game_for_hole
from .ranges import Range, parse_range

_LOW_RANK = re.compile(r"(?<![0-9])[2-5]")


def parse_player_range(text: str, game: Game) -> Range | None:
    """The range ``text`` names in ``game``; ``None`` when it is every hand (a random hand).

    Raises:
        RangeError, CardError: a malformed range or a card outside the game's deck, naming the element.
    """
    if game.omaha:
        from .omaha_ranges import parse_omaha_range

        return parse_omaha_range(text, game.hole)
    try:
        rng = parse_range(text)
    except RangeError as exc:
        if game is HOLDEM and _omaha_like(text):
            raise RangeError(f"{exc} (an Omaha hand or pattern? give the game: --game plo, or game='plo' "
                             "in the API)") from None
        raise
    if game.low_card:
        rng = _short(rng, game)
    return None if rng.is_random(game.deck_size) else rng


def _omaha_like(text: str) -> bool:
    from .omaha_ranges import is_omaha_pattern

    return all(is_omaha_pattern(element.partition("@")[0].strip()) for element in text.split(","))


def _short(rng: Range, game: Game) -> Range:
    """A hold'em range read on the short deck: each element checked for ranks below 6."""
    for element in rng.text.split(","):
        body = element.partition("@")[0].strip()
        if body.endswith("%"):
            raise RangeError(f"range element {element!r}: a top percentage ranks hold'em hands, not "
                             "short-deck ones; list the hands, e.g. 99+,AJs+,AKo")
        if body.lower() in ("random", "xx"):
            continue
        low = _LOW_RANK.search(body)
        if low:
            raise CardError(f"range element {element!r} names rank {low.group()}, which is not in the short "
                            "deck (6 through A)")
    return rng.without(range(game.low_card))


def specific_hand(text: str) -> list[int] | None:
    """The cards of ``text`` when it is one specific hand (cards only: no comma, weight or pattern)."""
    if "," in text or "@" in text:
        return None
    try:
        return parse_cards(text, distinct=False)
    except EquityError:
        return None


def hand_sizes(specs: Sequence[object]) -> list[tuple[str, int]]:
    """``(text, cards)`` of each player given as a specific hand (text that is only cards, or card ids)."""
    out = []
    for spec in specs:
        if isinstance(spec, str):
            cards = specific_hand(spec)
            if cards is not None:
                out.append((spec, len(cards)))
        elif isinstance(spec, Sequence) and not isinstance(spec, bytes | Range) and spec and all(
                isinstance(c, int) and not isinstance(c, bool) for c in spec):
            out.append((str(list(spec)), len(spec)))
    return out


def infer_game(specs: Sequence[object]) -> Game:
    """The game the specific hands imply: Omaha when they hold 4 to 6 cards, else hold'em.

    Raises:
        GameError: specific hands of different sizes.
    """
    sizes = [size for size in hand_sizes(specs) if size[1] in (2, 4, 5, 6)]  # others: refused later
    if not sizes:
        return HOLDEM
    first = sizes[0]
    for other in sizes[1:]:
        if other[1] != first[1]:
            raise GameError(f"hands of different sizes at one table: {first[0]!r} has {first[1]} cards, "
                            f"{other[0]!r} has {other[1]}")
    return game_for_hole(first[1])
