"""The validated inputs of every engine: :class:`Scenario`.

A scenario is played in one :class:`~equity.games.Game` (hold'em unless told, or unless its specific
hands hold 4 to 6 cards: Omaha). A player holds a specific hand (``AsKs``, or ``AsAhKsKh`` in Omaha), a
range (``QQ+,AKs``: weighted combos, see :mod:`equity.ranges` and :mod:`equity.games.omaha.ranges`) or a
random hand. A scenario is validated when it is constructed, whichever way: every hand of the game's
size; every known card (fixed hands, board, dead cards) distinct and in the game's deck; a board of 0,
3, 4 or 5 cards; 2 players to as many as the deck seats (23 in hold'em); ranges stripped of the combos
that use a known card (a range left with one combo becomes a fixed hand, whose cards are then known
too), none left empty; at least one way to deal every range at once; enough cards left for the rest.
So no public path reaches a kernel with an invalid one, and the engines assume it valid.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from equity.cards import card_tuple, combinations_of, format_cards, parse_cards, specific_hand
from equity.engines.dealing import RANDOM_HAND, RANGED
from equity.errors import DuplicateCardError, EquityError, GameError, RangeError, ScenarioError
from equity.games import HOLDEM, Game, get_game, infer_game
from equity.ranges import Range, combo_keys, parse_range

PlayerSpec = str | Range | Sequence[int] | None
_EXPECTED = ("a hand or range (e.g. 'AsKs', '77', 'QQ+,AKs'), a Range, card ids, None for a random hand "
             "or a whole number of random hands")


def who(i: int) -> str:
    """``'the hero'`` for player 0, ``'villain i'`` for the others (as the equity table names them)."""
    return "the hero" if i == 0 else f"villain {i}"


def random_hands(count: int, game: Game = HOLDEM) -> list[None]:
    """``count`` random hands (``None`` each), for a count of random opponents.

    Raises:
        ScenarioError: ``count`` is not 1 .. the most opponents the game's deck seats (22 in hold'em).
    """
    most = game.max_players - 1
    if not 1 <= count <= most:
        raise ScenarioError(f"a count of random hands is 1 .. {most}{_in(game)}; got {count}")
    return [None] * count


def _in(game: Game) -> str:
    return "" if game.is_default else f" in {game.title}"


def _player(i: int, spec: PlayerSpec, game: Game) -> Range | None:
    """One player's hand or range from what the caller gave; ``None`` for a random hand."""
    if spec is None:
        return None
    if isinstance(spec, Range):
        return spec
    if isinstance(spec, str):
        text = spec
        cards = specific_hand(text)
        if cards is not None:
            game.check_hole(cards, text, f"{who(i)}'s")
    elif isinstance(spec, Sequence) and not isinstance(spec, bytes):
        cards = parse_cards(spec, distinct=False)
        game.check_hole(cards, format_cards(cards), f"{who(i)}'s")
        text = format_cards(cards)
    else:
        raise TypeError(f"{who(i)}: expected {_EXPECTED}; got {spec!r} ({type(spec).__name__})")
    try:
        return game.parse_range(text)  # None for any hand: dealt, not drawn from a list
    except EquityError as exc:
        raise type(exc)(f"{who(i)}: {exc}") from None


@dataclass(frozen=True)
class Scenario:
    """Players (a :class:`~equity.ranges.Range`, one combo for a specific hand, or ``None`` for a random
    hand), board and dead cards (card ids), validated on construction.

    :meth:`build` also parses text and expands counts of random hands.

    Raises:
        TypeError: a player that is not a :class:`~equity.ranges.Range` or ``None``.
        EquityError: a scenario that cannot be played, naming the offending hand, range or card.
    """

    players: tuple[Range | None, ...]
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    game: Game = HOLDEM
    #: Keep a range of every hand a range (drawn from its list, each combo counted on its own: for
    #: per-combo results) rather than dealing it as a random hand, which is faster.
    keep_random: bool = False

    def __post_init__(self) -> None:
        players = self.players
        if type(players) is not tuple and (isinstance(players, str | Range)
                                           or not isinstance(players, Sequence)):
            raise TypeError(f"players must be a sequence of Range or None, hero first; got {players!r}")
        for i, p in enumerate(players):
            if p is not None and not isinstance(p, Range):
                raise TypeError(f"{who(i)}: a Scenario's players are Range objects or None (a random hand), "
                                f"not {p!r} ({type(p).__name__}); Scenario.build parses text")
        game = get_game(self.game)
        object.__setattr__(self, "game", game)
        for i, p in enumerate(players):
            if p is not None and p.hole not in game.hand_sizes:
                raise GameError(f"{who(i)}'s range {p.text!r} has {p.hole}-card hands; {game.title} deals "
                                f"{game.hole}")
        dealt = not self.keep_random  # a range of every hand is dealt as a random hand: faster
        object.__setattr__(self, "players", tuple(
            None if p is not None and dealt and p.is_random(game.deck_size) else p for p in players))
        object.__setattr__(self, "board", card_tuple(self.board, "the board"))
        object.__setattr__(self, "dead", card_tuple(self.dead, "the dead cards"))
        self._validate()

    @classmethod
    def build(cls, players: Sequence[PlayerSpec | int], board: str | Sequence[int] = (),
              dead: str | Sequence[int] = (), game: str | Game | None = None,
              keep_random: bool = False) -> Scenario:
        """Parse and validate (``keep_random``: as the field).

        Args:
            players: the hero first, then the opponents. Each is a hand (``"AsKs"`` or two ids), a range
                (``"QQ+,AKs"``, ``"77"`` or a :class:`~equity.ranges.Range`), ``"random"`` or ``None``
                for a random hand, or an int ``n`` for ``n`` random hands.
            board: 0, 3, 4 or 5 cards.
            dead: cards known to be out of play.
            game: a game's name or alias (:mod:`equity.games`); by default the one the specific hands
                imply: Omaha for hands of 4 to 6 cards, else hold'em.

        Raises:
            TypeError: a player of the wrong type, naming it and what is expected.
            EquityError: naming the offending hand, range or card.
        """
        if type(players) not in (list, tuple) and (isinstance(players, str | bytes | Range)
                                                   or not isinstance(players, Sequence)):
            raise TypeError(f"players must be a list of the hero and the opponents, e.g. ['AsKs', 2]; "
                            f"got {players!r}")
        game = infer_game(players) if game is None else get_game(game)
        specs: list[Range | None] = []
        for spec in players:
            if isinstance(spec, int) and not isinstance(spec, bool):
                specs.extend(random_hands(spec, game))
            else:
                specs.append(_player(len(specs), spec, game))
        return cls(tuple(specs), board, dead, game, keep_random)  # type: ignore[arg-type]  # parses cards

    def _validate(self) -> None:
        n, game = len(self.players), self.game
        if n < 2:
            raise ScenarioError("at least one opponent is needed")
        if n > game.max_players:
            raise ScenarioError(f"{n} players is too many: at most {game.max_players} "
                                f"({game.max_players - 1} opponents) fit in one deck{_in(game)}")
        if self.board and game.board == 0:
            raise ScenarioError(f"{game.title} has no board: type each player's known cards as their hand "
                                f"and the cards seen elsewhere as dead cards; got the board "
                                f"{format_cards(self.board)!r}")
        if len(self.board) not in game.board_sizes:
            sizes = ", ".join(map(str, game.board_sizes[:-1])) + f" or {game.board_sizes[-1]}"
            raise ScenarioError(f"a board has {sizes} cards; {format_cards(self.board)!r} has "
                                f"{len(self.board)}")
        if game.low_card:  # a deck without the low cards (every card id is in a whole deck)
            game.check_cards(self.board, "the board")
            game.check_cards(self.dead, "the dead cards")
            for i, p in enumerate(self.players):
                if p is not None and p.is_hand():
                    game.check_cards(p.combos[0].tolist(), f"{who(i)}'s hand")
        self._resolved  # noqa: B018 - resolves ranges and checks every card conflict
        n_ranged = sum(1 for c in self._resolved if c is not None and len(c[0]) > 1)
        to_come = [game.hole - (0 if r is None else r[0].shape[1])  # each unranged hand's cards to come
                   for r in self._resolved if r is None or len(r[0]) == 1]
        needed = game.board - len(self.board) + sum(to_come)
        left = game.deck_size - len(self.known) - game.hole * n_ranged
        if needed > left:
            raise ScenarioError(f"not enough cards: {needed} must be dealt each time but only {left} "
                                "are left after the known cards and the ranged hands")

    @functools.cached_property
    def _resolved(self) -> list[tuple[np.ndarray, np.ndarray] | None]:
        """Per player ``(combos, weights)`` after card removal, or ``None`` for a random hand."""
        seen: dict[int, int | str] = {}  # card -> where it is: a seat, or the board or the dead cards

        def name(where: int | str) -> str:
            return f"{who(where)}'s hand" if isinstance(where, int) else where

        def take(where: int | str, cards: Sequence[int]) -> None:
            for card in cards:
                if card in seen:
                    first = seen[card]
                    also = (f"twice in {name(where)}" if first == where
                            else f"in {name(first)} and in {name(where)}")
                    raise DuplicateCardError(f"card {format_cards([card])} appears {also}")
                seen[card] = where

        hands = {i: p for i, p in enumerate(self.players) if p is not None and p.is_hand()}
        for i, hand in hands.items():
            take(i, hand.combos[0].tolist())
        take("the board", self.board)
        take("the dead cards", self.dead)
        resolved: list[tuple[np.ndarray, np.ndarray] | None] = [
            (p.combos, p.weights) if i in hands else None for i, p in enumerate(self.players)]
        pending = [i for i, p in enumerate(self.players) if p is not None and i not in hands]
        changed = True
        while changed:  # a range cut down to one combo fixes that hand, which removes more combos
            changed = False
            for i in pending:
                if resolved[i] is not None and len(resolved[i][0]) == 1:
                    continue
                rng = self.players[i].without(seen)
                if len(rng) == 0:
                    used = sorted({int(c) for c in self.players[i].combos.ravel()} & set(seen), reverse=True)
                    raise RangeError(f"{who(i)}'s range {self.players[i].text!r} has no combo left once the "
                                     f"known cards are removed ({format_cards(used, ' ')})")
                resolved[i] = (rng.combos, rng.weights)
                if len(rng) == 1:
                    take(i, rng.combos[0].tolist())
                    changed = True
        ranged = [i for i in pending if len(resolved[i][0]) > 1]
        if len(ranged) > 1 and not _can_deal([resolved[i][0] for i in ranged]):
            names = ", ".join(f"{who(i)} ({self.players[i].text})" for i in ranged)
            raise RangeError(f"the ranges of {names} cannot be dealt together: every way collides on a card")
        return resolved

    @property
    def known(self) -> list[int]:
        """Every card out of the deck before dealing: fixed hands, board and dead cards."""
        cards = [c for r in self._resolved if r is not None and len(r[0]) == 1 for c in r[0][0].tolist()]
        return [*cards, *self.board, *self.dead]

    @property
    def live(self) -> np.ndarray:
        """The cards that can still be dealt or held by a ranged player (uint8, ascending; a fresh copy:
        kernels may deal from it in place)."""
        return self._live.copy()

    @functools.cached_property
    def _live(self) -> np.ndarray:
        return self.game.cards_left(self.known)

    @property
    def holes(self) -> np.ndarray:
        """int16 (players, hole cards): a fixed hand's cards; ``(-1, -1, ..)`` for a random hand;
        ``(-2, k, -2, ..)`` for the k-th ranged player (see :meth:`ranged`). In a board-less game a hand's
        known cards come first and each card still to come is ``-1`` (a fresh copy)."""
        return self._holes.copy()

    @functools.cached_property
    def _holes(self) -> np.ndarray:
        h = self.game.hole
        out, k = [], 0
        for r in self._resolved:
            if r is None:
                out.append((RANDOM_HAND,) * h)
            elif len(r[0]) == 1:
                out.append(tuple(r[0][0].tolist()) + (RANDOM_HAND,) * (h - r[0].shape[1]))
            else:
                out.append((RANGED, k) + (RANGED,) * (h - 2))
                k += 1
        return np.array(out, np.int16).reshape(-1, h)

    def ranged(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """``(combos uint8 (n, hole), weights float64 (n,))`` of each player left with two or more combos."""
        return [r for r in self._resolved if r is not None and len(r[0]) > 1]

    @functools.cached_property
    def unweighted(self) -> bool:
        """Whether every combo of every player weighs 1 (no weighted range): then every deal does."""
        return all(r is None or (r[1][0] == 1.0 if len(r[1]) == 1 else bool((r[1] == 1.0).all()))
                   for r in self._resolved)

    def combos(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Every player's possible combos and weights after card removal; a random hand's are all the
        hands of live cards at weight 1 (check :meth:`n_combos` first: in Omaha they are many)."""
        return self._combos

    @functools.cached_property
    def _combos(self) -> list[tuple[np.ndarray, np.ndarray]]:
        if self.players.count(None) == 0:
            return list(self._resolved)  # type: ignore[arg-type]
        every = every_hand(self.live, self.game.hole)
        return [(every, np.ones(len(every))) if r is None else r for r in self._resolved]

    def labels(self) -> list[str]:
        """Each player as given: ``'AsKs'``, ``'QQ+,AKs'`` or ``'random'``."""
        return ["random" if p is None else p.text for p in self.players]

    def n_combos(self) -> list[int]:
        """How many combos each player may hold after card removal (pairs of live cards if random)."""
        random = any(r is None for r in self._resolved)
        n_random = math.comb(len(self.live), self.game.hole) if random else 0
        return [n_random if r is None else len(r[0]) for r in self._resolved]


def _deck_pairs() -> np.ndarray:
    i, j = np.triu_indices(52, 1)  # (lo, hi) in order of lo, then hi
    pairs = np.stack([j, i], axis=1).astype(np.uint8)
    pairs.flags.writeable = False
    return pairs


_PAIRS = _deck_pairs()


def every_hand(live: np.ndarray, hole: int) -> np.ndarray:
    """uint8 (C(len(live), hole), hole): every hand of ``hole`` of the ``live`` cards (ascending), each row
    descending, rows in the order of :func:`equity.ranges.combo_keys`."""
    if hole == 2:  # the deck's pairs in that order, those of live cards kept (the order holds)
        alive = np.zeros(52, np.bool_)
        alive[live] = True
        return _PAIRS[alive[_PAIRS[:, 0]] & alive[_PAIRS[:, 1]]]
    rows = live[combinations_of(len(live), hole)][:, ::-1].astype(np.int64)
    return np.ascontiguousarray(rows[np.argsort(combo_keys(rows), kind="stable")], np.uint8)


def cards_out(game: Game, known: Sequence[int]) -> np.ndarray:
    """uint8 (52,): 1 for each card that cannot be dealt in ``game`` (the ``known`` card ids: board, dead
    cards, ...; and the cards off its deck, short deck's deuces to fives), 0 for the rest.

    >>> out = cards_out(get_game("short deck"), [51])
    >>> int(out.sum()), int(out[51]), int(out[15]), int(out[16])
    (17, 1, 1, 0)
    """
    out = np.zeros(52, np.uint8)
    out[list(known)] = 1
    out[:game.low_card] = 1
    return out


@functools.cache
def every_hand_range(game: Game) -> Range:
    """Every hand of ``game``'s deck as a range, each at weight 1, written ``random``: a random hand when
    it has to be a list of combos (a hero each of whose combos is counted). Rows as
    :func:`every_hand` orders them (a two-card game's as :func:`equity.ranges.parse_range` lists
    ``random``, less short deck's cards off the deck). Omaha's are many (270,725 in PLO4, 20,358,520 in
    PLO6): a caller counts them first.

    >>> len(every_hand_range(get_game("holdem"))), len(every_hand_range(get_game("short deck")))
    (1326, 630)
    """
    if game.hole == 2:
        return parse_range("random").without(game.off_deck)
    rows = every_hand(np.arange(game.low_card, 52, dtype=np.uint8), game.hole)
    return Range(rows, np.ones(len(rows)), "random")


def _can_deal(ranges: list[np.ndarray], budget: int = 200_000) -> bool:
    """Whether one combo from each range can be dealt without sharing a card (a depth-first search,
    smallest range first; gives up and answers True after ``budget`` steps, leaving the engines to
    reject collisions)."""
    masks = sorted(([sum(1 << int(c) for c in row) for row in combos] for combos in ranges), key=len)
    steps = 0

    def search(k: int, used: int) -> bool:
        nonlocal steps
        if k == len(masks):
            return True
        for m in masks[k]:
            steps += 1
            if steps > budget:
                return True
            if not m & used and search(k + 1, used | m):
                return True
        return False

    return search(0, 0)
