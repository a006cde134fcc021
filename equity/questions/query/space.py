"""A statement's deals: who holds what, the board, the dead cards, and how the rest is dealt
(DESIGN §13).

A :class:`Space` is read from a statement's ``from`` keys: ``game`` (PQL's names or equity's), ``board``
and ``dead`` (cards), ``syntax`` (``generic`` reads ranges as PQL's generic syntax; else equity's own),
and every other key a player's range. The deals are uniform over the non-conflicting ways to give each
player one of their hands (times its weight) and complete the board. A player whose range is every hand
(``*``, ``random``) is not listed hand by hand: their cards are dealt like the board's, so an exact count
stays small when the board is far along. In a game without a board a player is the cards of their hand
that are known, the rest dealt.

What is dealt, in order, is :attr:`Space.stages`: each random player's hole (or a board-less player's
missing cards), then the board street by street in the groups :func:`board_stages` cuts from the
streets a statement looks at (cards within a group are unordered: a statement that never looks at the
turn deals turn and river as one pair).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from equity.cards import format_cards, parse_cards
from equity.errors import EquityError, QueryError
from equity.games import get_game
from equity.games.base import Game
from equity.questions.query.functions import SETTINGS

#: PQL's game names, as its ``game`` key writes them, with equity's game for each.
PQL_GAMES = {"holdem": "holdem", "omahahi": "omaha", "omaha8": "omaha-hilo", "omahahi5": "omaha5",
             "omaha85": "omaha5-hilo", "omahahi6": "omaha6", "omaha86": "omaha6-hilo",
             "shortdeck": "short-deck", "studhi": "stud", "stud8": "stud8", "razz": "razz"}


@dataclass(frozen=True)
class Player:
    """One player: ``known`` uint8 ``(n, k)`` hands (k cards each: a board game's whole hole, a board-less
    game's known cards; k = 0 and n = 1 for a random player) with ``weights``; ``dealt`` the cards dealt
    to them besides (a random player's hole, a board-less hand's missing cards)."""

    name: str
    text: str
    known: np.ndarray
    weights: np.ndarray
    dealt: int


@dataclass(frozen=True)
class Space:
    """A statement's deals (module docstring)."""

    game: Game
    players: tuple[Player, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    stages: tuple[tuple[int, int], ...]  # (owner, cards): owner a player's index, or -1 the board
    syntax: str = "equity"  # how its ranges read: "equity" or "generic"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def left(self) -> int:
        """The cards left to deal from once the players' listed hands, board and dead cards are out."""
        held = sum(p.known.shape[1] for p in self.players)
        return self.game.deck_size - held - len(self.board) - len(self.dead)

    @property
    def hand_tuples(self) -> int:
        """At most how many ways to give every player one listed hand (before conflicts)."""
        return math.prod(len(p.known) for p in self.players)

    @property
    def leaves(self) -> int:
        """The ways to deal the stages after one tuple of listed hands."""
        n, ways = self.left, 1
        for _, k in self.stages:
            ways *= math.comb(n, k)
            n -= k
        return ways


def board_stages(game: Game, board: int, streets: set[int]) -> list[int]:
    """How the board's cards to come are dealt: group sizes that end at each street a statement looks at
    (``streets``: board card counts), the last at the latest of them; none past it, so that a statement
    that never looks beyond the flop counts flops."""
    sizes, at = [], board
    for k in sorted(k for k in streets if board < k <= game.board):
        sizes.append(k - at)
        at = k
    return sizes


def read_space(sources: tuple[tuple[str, str], ...], streets: set[int]) -> Space:
    """The :class:`Space` of a statement's ``from`` keys; ``streets`` the board card counts its terms look
    at (:func:`equity.questions.query.terms.streets_of`).

    Raises:
        QueryError, EquityError: an unknown game, a bad card or range, naming the key and the token.
    """
    keys = dict(sources)
    game = game_of(sources)
    syntax = (keys.get("syntax") or "equity").strip().lower()
    if syntax not in ("generic", "equity"):
        raise QueryError(f"syntax={syntax!r}: choose 'generic' (PQL's generic range syntax) or 'equity' "
                         "(equity's own)")
    board = tuple(_cards(keys.get("board"), "board"))
    dead = tuple(_cards(keys.get("dead"), "dead"))
    game.check_cards(board + dead, "the board and dead cards")
    if len(set(board + dead)) < len(board + dead):
        raise QueryError(f"a card is both on the board and dead, or given twice: "
                         f"board={format_cards(board)!r}, dead={format_cards(dead)!r}")
    if game.board and len(board) not in game.board_sizes:
        raise QueryError(f"board={format_cards(board)!r} has {len(board)} cards; a board has "
                         f"{', '.join(map(str, game.board_sizes[1:]))} (or none)")
    if not game.board and board:
        raise QueryError(f"{game.title} has no board; give each player's known cards instead")
    players = tuple(_player(game, key, text, syntax, board + dead) for key, text in sources
                    if key not in SETTINGS)
    stages = [(i, p.dealt) for i, p in enumerate(players) if p.dealt]
    stages += [(-1, size) for size in board_stages(game, len(board), streets)] if game.board else []
    space = Space(game, players, board, dead, tuple(stages), syntax)
    if space.left - sum(k for _, k in stages) < 0:
        raise QueryError(f"{len(players)} players and the board need more cards than {game.title}'s deck "
                         "holds")
    return space


def game_of(sources: tuple[tuple[str, str], ...]) -> Game:
    """The game a statement's ``game`` key names (PQL's names or equity's; hold'em when none).

    Raises:
        QueryError: an unknown game, with the closest names.
    """
    text = dict(sources).get("game")
    if text is None or not text.strip():
        return get_game(None)
    key = text.strip().lower()
    try:
        return get_game(PQL_GAMES.get(key, key))
    except EquityError as exc:
        raise QueryError(f"game={text!r}: {exc}") from None


def _cards(text: str | None, key: str) -> list[int]:
    if text is None or not text.strip():
        return []
    try:
        return parse_cards(text)
    except EquityError as exc:
        raise QueryError(f"{key}={text!r}: {exc}") from None


def _player(game: Game, key: str, text: str, syntax: str, out: tuple[int, ...]) -> Player:
    """One player's hands, less those holding a board or dead card."""
    try:
        rng = read_range(game, text, syntax)
    except EquityError as exc:
        raise QueryError(f"{key}={text!r}: {exc}") from None
    if rng is None:
        return Player(key, text, np.zeros((1, 0), np.uint8), np.ones(1), game.hole)
    live = rng.without(out) if out else rng
    if len(live) == 0:
        raise QueryError(f"{key}={text!r}: every hand of the range holds a board or dead card")
    known = np.ascontiguousarray(live.combos, dtype=np.uint8)
    return Player(key, text, known, np.asarray(live.weights, float), game.hole - known.shape[1])


#: An Omaha pattern of ranks and wildcards only (``AA**``, ``KQJ*``): at least those ranks in either syntax.
_STARRED = re.compile(r"(?:[2-9TJQKA*]+)(?:,[2-9TJQKA*]+)*")


def read_range(game: Game, text: str, syntax: str):
    """The player's range (None: every hand) in the statement's syntax; a range that means nothing in it
    but reads in the other is an error naming the other."""
    from equity.questions.query.generic import parse_generic

    body = text.strip()
    if set(body) <= {"*"} or body.lower() in ("random", "xx"):  # '*', '**', '****': every hand in both
        return None
    if syntax == "equity" and game.hole > 2 and _STARRED.fullmatch(body):
        body = body.replace("*", "x")  # Omaha's 'AA**' reads the same in both syntaxes: equity's 'AAxx'
    if syntax == "generic" and game.board:
        try:
            rng = parse_generic(body, game.hole, game.low_card)
        except EquityError as exc:
            try:
                game.parse_range(body)
            except EquityError:
                raise exc from None
            raise EquityError(f"{exc}; it reads in equity's own syntax: drop syntax='generic'") from None
        return None if len(rng) == math.comb(game.deck_size, game.hole) else rng
    try:
        return game.parse_range(body)
    except EquityError as exc:
        if game.board:
            try:
                parse_generic(body, game.hole, game.low_card)
            except EquityError:
                raise exc from None
            raise EquityError(f"{exc}; it reads in PQL's generic syntax: add syntax='generic' to the "
                              "statement's from") from None
        raise
