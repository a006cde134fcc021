"""Players as people type them: a count of random hands, or a hand or range, pocket pairs as digits.

One rule for every place players are typed (the command line, check files, batch input): a token of
digits is a count of random hands (``2``, also ``2x``), except that two equal digits spell a pocket pair
(``77``; ``22`` is pocket deuces, and ``22x`` is 22 random hands); anything else is a hand or a range
of the game (:meth:`equity.games.base.Game.parse_range`): given, or implied by the specific hands (four to
six cards are Omaha). Each token is parsed once, here.

>>> count_of("3"), count_of("22"), count_of("22x"), count_of("AsKs")
(3, None, 22, None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from equity.cards import parse_cards, specific_hand
from equity.errors import EquityError, ScenarioError
from equity.games import Game, get_game, infer_game
from equity.ranges import Range

Player = Range | int | None  # a hand or range, a count of random hands, or one random hand

_COUNT = re.compile(r"(\d+)(x?)", re.IGNORECASE)
_PAIR = re.compile(r"([2-9])\1")


def count_of(token: str) -> int | None:
    """The number of random hands a token asks for (``'2'``, ``'3x'``, ``'22x'``), or None for a hand or
    range. Two equal digits spell a pocket pair (``'77'``, and ``'22'``: pocket deuces), not a count;
    ``'22x'`` is 22 random hands."""
    match = _COUNT.fullmatch(token)
    if not match or (_PAIR.fullmatch(token) and not match[2]):
        return None
    return int(match[1])


def hand_or_range(role: str, token: str, game: Game) -> Range | None:
    """The hand or range ``token`` names in ``game`` (``None``: any hand), errors naming the ``role``."""
    cards = specific_hand(token)
    if cards is not None and len(cards) > 1:
        game.check_hole(cards, token, f"{role}'s")
    try:
        return game.parse_range(token)
    except EquityError as exc:
        if _one_card(token):
            raise ScenarioError(f"{role} {token!r} is a single card; write a hand's two cards as one "
                                "argument, AsKs or 'As Ks', and the board as one, --board 'Th 9h 2c'"
                                ) from None
        count = "" if role == "the hero" else "a count of random hands (e.g. 2), "
        raise type(exc)(f"{role} {token!r} is not {count}a hand (e.g. {game.hand_example}) or a range (e.g. "
                        f"{game.range_example}): {exc}") from None


def _one_range_split(tokens: Sequence[str]) -> None:
    """Raise where a range typed with a space after a comma reached us as two arguments (``QQ+,`` and
    ``AK`` from ``QQ+, AK``), naming both and the fix: one argument, quoted or without spaces."""
    for a, b in zip(tokens[:-1], tokens[1:], strict=True):
        if a.endswith(",") or b.startswith(","):
            joined = f"{a.rstrip(',')},{b.lstrip(',')}"
            raise ScenarioError(f"{a!r} and {b!r} look like one range split at a space: a range is one "
                                f"argument, so quote it, \"{a} {b}\", or write it without spaces, {joined}")


def _one_card(token: str) -> bool:
    try:
        return len(parse_cards(token)) == 1
    except EquityError:
        return False


def _game(given: str | Game | None, tokens: Sequence[object]) -> Game:
    """The game asked for, else the one the specific hands imply."""
    return get_game(given) if given is not None else infer_game(
        [t for t in tokens if not (isinstance(t, str) and count_of(t) is not None)])


def parse_players(tokens: tuple[str, ...], game: str | Game | None = None) -> tuple[Game, list[Player]]:
    """``('AsKs', 'vs', '2', 'QQ+,AKs', '77')`` -> ``(hold'em, [Range AsKs, 2, Range QQ+,AKs, Range 77])``:
    the game (``game``, or the one the specific hands imply), then each token parsed once in it, a count
    of random hands as an int (see :func:`count_of`), ``None`` for ``random``; ``vs`` is optional."""
    tokens = tuple(t for t in tokens if t.lower() != "vs")
    if not tokens:
        raise ScenarioError("give the hero's hand and at least one opponent, e.g. 'equity AsKs vs 2'")
    _one_range_split(tokens)
    hero, *rest = tokens
    if count_of(hero) is not None:
        raise ScenarioError("the first argument is the hero's hand or range (e.g. AsKs or 77), not "
                            f"{hero!r}; e.g. 'equity AsKs vs {hero}'")
    if not rest:
        raise ScenarioError(f"no opponent given after the hero's hand {hero!r}; e.g. 'equity {hero} vs 2'")
    chosen = _game(game, tokens)
    players: list[Player] = [hand_or_range("the hero", hero, chosen)]
    for token in rest:
        count = count_of(token)
        players.append(hand_or_range("opponent", token, chosen) if count is None else count)
    return chosen, players


def players_from_list(items: Sequence[object], game: str | Game | None = None) -> tuple[Game, list[Player]]:
    """Players from a list as a file gives them (JSON or TOML): strings follow the token rule, whole
    numbers are counts of random hands; the first is the hero and is not a count.

    Returns:
        The game (``game``, or the one the specific hands imply) and the players parsed in it.

    Raises:
        EquityError: naming the bad item.
    """
    if isinstance(items, str) or not isinstance(items, Sequence) or len(items) < 2:
        raise ScenarioError("players must be a list of at least two: the hero's hand or range, then the "
                            "opponents (hands, ranges, \"random\" or counts of random hands)")
    chosen = _game(game, items)
    players: list[Player] = []
    for i, item in enumerate(items):
        if isinstance(item, int) and not isinstance(item, bool) and i > 0:
            players.append(item)
        elif isinstance(item, str):
            count = count_of(item)
            if count is not None and i == 0:
                raise ScenarioError(f"the hero (the first player) is a hand or range, not a count: {item!r}")
            players.append(hand_or_range("the hero" if i == 0 else "opponent", item, chosen)
                           if count is None else count)
        else:
            what = "a hand or range (a string)" if i == 0 else "a hand or range (a string) or a count"
            raise ScenarioError(f"player {i + 1} must be {what}; got {item!r}")
    return chosen, players
