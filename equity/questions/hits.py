"""What a range makes on a board (``equity hits``, in the manner of Flopzilla): made hands, the parts of
one pair, and draws, each as combos, weight and a share of the range.

:func:`range_hits` takes a range in the game's grammar (or a :class:`~equity.ranges.Range`), a board
of 3, 4 or 5 cards and dead cards. The combos that use a board or dead card are removed; each
remaining (*live*) combo counts once under its made hand, once under its part of one pair when it
makes one pair (hold'em and short deck), and once under every draw it holds. A line's ``weight`` is
the sum of its combos' weights (a class at ``@50`` counts half), its ``percent`` is 100 x that weight
over the live combos' total weight.

**Made hands** (group ``made``, the game's categories in its order, strongest first): the category of
the best five-card hand under the game's rules, with the cards now on the board. Hold'em and short
deck: the best five of the hole and board cards (5, 6 or 7 cards); Omaha (4, 5 or 6 hole cards, high
or hi-lo alike): exactly two hole cards and three board cards. Short deck ranks a flush above a full
house and, under ``short-deck-trips``, three of a kind above a straight. Keys: ``straight_flush``,
``four_of_a_kind``, ``full_house``, ``flush``, ``straight``, ``three_of_a_kind``, ``two_pair``,
``one_pair``, ``high_card``; their combos add up to the live combos.

==============================  =================================================================
key                             a hand of one pair (hold'em and short deck; group ``pair``)
==============================  =================================================================
``overpair``                    a pocket pair above every board card
``top_pair``                    one hole card pairs the highest board rank
``pocket_pair_between``         a pocket pair below the highest board card and above the lowest
``middle_pair``                 one hole card pairs a board rank neither the highest nor the lowest
``bottom_pair``                 one hole card pairs the lowest board rank
``underpair``                   a pocket pair below every board card
``board_pair``                  the pair is the board's: no hole card pairs (board pair only)
==============================  =================================================================

With one pair made exactly one of these holds: two hole cards pairing the board, a pocket pair on a
paired board, or a pocket pair matching a board card would make two pair or better, so the pair is
either the pocket pair (over, between or under the board's distinct ranks), or one hole card's rank
on an unpaired board (top, middle or bottom), or the board's own. The parts add up to ``one_pair``.

**Draws** (group ``draw``, listed under ``draws`` in JSON) exist only while cards are to come: on the
flop and the turn; the river has none. The cards that can come are the deck's cards that are neither
in the hand, on the board, nor dead (a draw whose every out is dead is no draw). *Better* and
*weaker* follow the game's order.

==========================  =====================================================================
key                         the hand ...
==========================  =====================================================================
``combo_draw``              has a flush draw and an open-ended or gutshot straight draw
``flush_draw``              is weaker than a flush, and a card that can come would give it a
                            flush better than any flush of the board and that card alone. Hold'em
                            and short deck: four cards of a suit, at least one in the hand; Omaha:
                            two or more of the suit in the hand and two on the board
``nut_flush_draw``          has a flush draw and holds the highest card of its suit that is
                            neither on the board nor dead (a subset of ``flush_draw``; the best
                            flush, not always the nuts on a paired board)
``open_ended``              is weaker than a straight, and cards of two or more ranks that can
                            come would each give it a straight: double gutshots and Omaha wraps
                            are counted here
``gutshot``                 as ``open_ended`` with exactly one such rank
``backdoor_flush_draw``     on the flop only: is weaker than a flush, has no flush draw, and two
                            cards that can come would give it a flush (as for a flush draw).
                            Hold'em and short deck: three of a suit, at least one in the hand;
                            Omaha: two of the suit in the hand and one on the board
``two_overcards``           hold'em and short deck: makes high card only, and both hole cards are
                            above every board card
==========================  =====================================================================

A straight *for the hand* is one that uses a hole card: in hold'em and short deck a straight higher
than any the board and the new card make alone (with 5-6-7-8 on the board, T-x draws to 6-7-8-9-T
with a 9, a gutshot, but a 4 gives everyone 4-5-6-7-8, so 4 is no out); in Omaha any straight, being
two hole cards and three board cards. Straights include A-2-3-4-5 (hold'em, Omaha) and A-6-7-8-9
(short deck). A combo counts under every draw it holds and beside its made hand: a made straight with
four to a flush counts as a straight and a flush draw.

Where Flopzilla's conventions differ, these are the choices made here: one pair is cut into the seven
parts above, which do not match Flopzilla's pair lines one for one; three of a kind is one line, not a
set and trips apart; straight and flush draws are not split by how many hole cards they use; backdoor
straight draws are not counted; a double gutshot is an open-ended draw; dead cards remove combos and
outs.

>>> hits = range_hits("QQ+,AKs,A5s-A2s@50", "Kh8h3c")
>>> hits.combos, hits.weight
(33, 25.5)
>>> [(line.key, line.combos) for line in hits.made if line.combos]
[('three_of_a_kind', 3), ('one_pair', 18), ('high_card', 12)]
>>> [(line.key, line.combos, line.weight) for line in hits.pair if line.combos]
[('overpair', 6, 6.0), ('top_pair', 3, 3.0), ('pocket_pair_between', 6, 6.0), ('bottom_pair', 3, 1.5)]
>>> hits.line("nut_flush_draw").hands
('Ah3h', 'Ah5h', 'Ah4h', 'Ah2h')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from equity.cards import card_tuple, check_places, format_card, format_cards
from equity.classes import CLASS_NAMES, all_classes, class_indexes
from equity.errors import GameError, RangeError, ScenarioError
from equity.games import Game, get_game
from equity.games.base import CATEGORY_NAMES
from equity.options import OnStart, RunOptions
from equity.questions.question import Command, Param, Question
from equity.ranges import Range
from equity.scenario import cards_out, every_hand_range

#: The groups of lines, in ``Hits.lines`` order.
GROUPS = ("made", "pair", "draw")

_PAIR_NAMES = {
    "overpair": "Overpair",
    "top_pair": "Top pair",
    "pocket_pair_between": "Pocket pair between board cards",
    "middle_pair": "Middle pair",
    "bottom_pair": "Bottom pair",
    "underpair": "Underpair",
    "board_pair": "Board pair only",
}
_DRAW_NAMES = {
    "combo_draw": "Combo draw",
    "flush_draw": "Flush draw",
    "nut_flush_draw": "Nut flush draw",
    "open_ended": "Open-ended straight draw",
    "gutshot": "Gutshot",
    "backdoor_flush_draw": "Backdoor flush draw",
    "two_overcards": "Two overcards",
}
#: Most combos a range may hold here (as many as :mod:`equity.games.omaha.ranges` lists).
MAX_COMBOS = 2_500_000


def category_key(name: str) -> str:
    """A category's key: ``'Straight Flush'`` -> ``'straight_flush'``."""
    return name.lower().replace(" ", "_")


@dataclass(frozen=True)
class HitLine:
    """One line of :class:`Hits`: the live combos that make ``name`` (``key``) in ``group`` (``made``,
    ``pair`` or ``draw``), how many, their total ``weight`` and its ``percent`` of the range's.

    ``cards``: uint8 ``(combos, hole)``, those combos, strongest made hand first, then in the range's
    order; :attr:`hands` gives them as text.
    """

    key: str
    name: str
    group: str
    combos: int
    weight: float
    percent: float
    cards: np.ndarray = field(repr=False, compare=False)

    @property
    def hands(self) -> tuple[str, ...]:
        """The line's combos as text (``'AsKs'``), strongest made hand first."""
        return tuple(format_cards(row) for row in self.cards.tolist())

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "combos": self.combos, "weight": self.weight,
                "percent": self.percent}


@dataclass(frozen=True)
class Hits:
    """What a range makes on a board (:func:`range_hits`).

    Attributes:
        game: the game's name.
        range: the range's text.
        board, dead: the cards, as text.
        combos: the live combos (those that use no board or dead card).
        weight: their weights, summed.
        lines: the made hands (the game's nine categories in its order), then in hold'em and short deck
            the parts of one pair, then on the flop and turn the draws; lines with no combo included.
        classes: hold'em and short deck: for each starting-hand class with live combos (``'AKs'``,
            ``'QQ'``; in chart order, AA first) the weight of its live combos in each made category,
            by key; empty in Omaha.
    """

    game: str
    range: str
    board: str
    dead: str
    combos: int
    weight: float
    lines: tuple[HitLine, ...]
    classes: dict[str, dict[str, float]] = field(default_factory=dict)

    @property
    def street(self) -> str:
        """``'flop'``, ``'turn'`` or ``'river'``, by the board's size."""
        return {6: "flop", 8: "turn", 10: "river"}[len(self.board)]

    def group(self, name: str) -> tuple[HitLine, ...]:
        """The lines of one group: ``'made'``, ``'pair'`` or ``'draw'``."""
        return tuple(line for line in self.lines if line.group == name)

    @property
    def made(self) -> tuple[HitLine, ...]:
        return self.group("made")

    @property
    def pair(self) -> tuple[HitLine, ...]:
        return self.group("pair")

    @property
    def draws(self) -> tuple[HitLine, ...]:
        return self.group("draw")

    def line(self, key: str) -> HitLine:
        """The line of ``key`` (``'top_pair'``, ``'flush'``...).

        Raises:
            KeyError: no line has that key here (a pair part in Omaha, a draw on the river).
        """
        for line in self.lines:
            if line.key == key:
                return line
        raise KeyError(f"no line {key!r}; the lines are {', '.join(line.key for line in self.lines)}")

    def to_dict(self) -> dict[str, Any]:
        """A strict-JSON-able dict: ``game``, ``range``, ``board``, ``dead``, ``combos``, ``weight``,
        ``made``, ``pair`` and ``draws`` (lists of ``{key, name, combos, weight, percent}``) and
        ``classes``."""
        return {"game": self.game, "range": self.range, "board": self.board, "dead": self.dead,
                "combos": self.combos, "weight": self.weight,
                "made": [line.to_dict() for line in self.made],
                "pair": [line.to_dict() for line in self.pair],
                "draws": [line.to_dict() for line in self.draws],
                "classes": {name: dict(weights) for name, weights in self.classes.items()}}


def range_hits(range_text: str | Range, board: str | Sequence[int], dead: str | Sequence[int] = "", *,
               game: str | Game | None = None, on_start: OnStart | None = None) -> Hits:
    """What each live combo of a range makes on ``board`` (definitions in the module docstring).

    Args:
        range_text: a range in the game's grammar (``'QQ+,AKs,A5s-A2s@50'``, ``'20%'``, ``'AsKs'``;
            Omaha ``'AAxx'``, ``'KQJTds'``), or a :class:`~equity.ranges.Range`.
        board: 3, 4 or 5 cards (text such as ``'Ah8h3c'`` or card ids).
        dead: cards known to be out of play: their combos are removed, and they cannot come.
        game: a game's name or alias, or a :class:`~equity.games.Game`; hold'em by default.
        on_start: called as ``on_start("hits", compiled, game)`` before the kernel runs (the CLI's
            notice that it compiles).

    Returns:
        The :class:`Hits`.

    Raises:
        ScenarioError: a board of other than 3, 4 or 5 cards.
        GameError: an unknown game, one without a board, or a Range of another hand size.
        RangeError: a malformed range, or one whose every combo uses a board or dead card.
        CardError, DuplicateCardError: a bad card, a card twice, or a card both on the board and dead.

    >>> hits = range_hits("AsKs", "Qs Js 2c", game="holdem")
    >>> [line.key for line in hits.lines if line.combos]
    ['high_card', 'combo_draw', 'flush_draw', 'nut_flush_draw', 'gutshot', 'two_overcards']
    """
    chosen = get_game(game)
    best_five = _best_five(chosen)
    board_cards = list(card_tuple(board, "the board"))
    dead_cards = list(card_tuple(() if dead is None else dead, "the dead cards"))
    if len(board_cards) not in (3, 4, 5):
        given = f"{len(board_cards)} ({format_cards(board_cards)})" if board_cards else "none"
        raise ScenarioError(f"hits needs a board: 3, 4 or 5 cards; got {given}")
    check_places([("the board", board_cards), ("the dead cards", dead_cards)])
    chosen.check_cards(board_cards, "the board")
    chosen.check_cards(dead_cards, "the dead cards")
    combos, weights, text = _range(range_text, chosen)
    gone = cards_out(chosen, board_cards + dead_cards)
    live = ~gone[combos].any(axis=1)  # (a range holds no card off the deck)
    if not live.any():
        raise _blocked(combos, text, board_cards, dead_cards)
    combos = np.ascontiguousarray(combos[live])
    weights = weights[live]
    if on_start is not None:
        on_start("hits", chosen.hits.cached(), chosen.title)
    out = chosen.hits.classify(combos, np.array(board_cards, np.uint8), gone)
    return _hits(chosen, best_five, text, board_cards, dead_cards, combos, weights, *out)


def _best_five(game: Game) -> bool:
    """Whether ``game`` plays the best five of the hole and board cards (else exactly two hole cards
    with three board cards: :attr:`~equity.games.base.Hits.rule`).

    Raises:
        GameError: a game without a board or whose hands are neither kind.
    """
    if game.board == 0 or 3 not in game.board_sizes:
        raise GameError(f"{game.title} has no board, so nothing to hit; hits plays hold'em, short deck "
                        "and Omaha")
    if game.hits is None:
        raise GameError(f"hits plays hold'em, short deck and Omaha, not {game.title}")
    return game.hits.rule == "best-five"


def _range(spec: str | Range, game: Game) -> tuple[np.ndarray, np.ndarray, str]:
    """``(combos, weights, text)`` of the range: uint8 ``(n, hole)`` rows, descending, in the range's
    order; float64 ``(n,)``."""
    if isinstance(spec, Range):
        if spec.hole != game.hole:
            raise GameError(f"the range {spec.text!r} has {spec.hole}-card hands; {game.title} deals "
                            f"{game.hole}")
        rng = spec.without(game.off_deck) if game.low_card else spec
        return np.asarray(rng.combos), np.asarray(rng.weights), rng.text
    if not isinstance(spec, str):
        raise TypeError(f"the range must be text such as 'QQ+,AKs' or a Range; got {spec!r}")
    rng = game.parse_range(spec)
    if rng is not None:
        return np.asarray(rng.combos), np.asarray(rng.weights), rng.text
    text = spec.strip()
    count = math.comb(game.deck_size, game.hole)
    if count > MAX_COMBOS:
        raise RangeError(f"range {text!r} is every hand: {count:,} of them in {game.title}, more than "
                         f"{MAX_COMBOS:,} to list; give a pattern such as {game.range_example}")
    rng = every_hand_range(game)
    return np.asarray(rng.combos), np.asarray(rng.weights), text


def _blocked(combos: np.ndarray, text: str, board: list[int], dead: list[int]) -> RangeError:
    """The error for a range left without a live combo, naming a card and a combo it blocks."""
    if not len(combos):
        return RangeError(f"the range {text!r} holds no combo")
    row = combos[0].tolist()
    hand = format_cards(row)
    on_board = [c for c in row if c in board]
    card, where = (on_board[0], "on the board") if on_board else (next(c for c in row if c in dead), "dead")
    if len(combos) == 1:
        return RangeError(f"{format_card(card)} is {where} and in {hand}, the range's only combo")
    return RangeError(f"every combo of the range {text!r} uses a board or dead card ({len(combos)} combos; "
                      f"e.g. {format_card(card)} is {where} and in {hand})")


def _hits(game: Game, best_five: bool, text: str, board: list[int], dead: list[int], combos: np.ndarray,
          weights: np.ndarray, cls: np.ndarray, cat: np.ndarray, part: np.ndarray,
          draw: np.ndarray) -> Hits:
    from equity.games.hits import DRAW_BITS, PAIR_PARTS

    total = float(weights.sum())
    strongest = np.lexsort((np.arange(len(cls)), cls))
    cards, cat, part, draw = combos[strongest], cat[strongest], part[strongest], draw[strongest]
    ordered = weights[strongest]

    def line(key: str, name: str, group: str, keep: np.ndarray) -> HitLine:
        weight = float(ordered[keep].sum())
        rows = cards[keep]
        rows.flags.writeable = False
        return HitLine(key, name, group, int(keep.sum()), weight, 100 * weight / total, rows)

    lines = [line(category_key(name), name, "made", cat == CATEGORY_NAMES.index(name))
             for name in game.category_names()]
    if best_five:
        lines += [line(key, _PAIR_NAMES[key], "pair", part == i) for i, key in enumerate(PAIR_PARTS)]
    if len(board) < 5:
        for key, name in _DRAW_NAMES.items():
            if ((key == "backdoor_flush_draw" and len(board) != 3)
                    or (key == "two_overcards" and not best_five)):
                continue
            lines.append(line(key, name, "draw", (draw & DRAW_BITS[key]) != 0))
    classes = _class_weights(combos, weights, game.category_table()[cls]) if best_five else {}
    return Hits(game.name, text, format_cards(board), format_cards(dead), len(combos), total, tuple(lines),
                classes)


def _class_weights(combos: np.ndarray, weights: np.ndarray, cat: np.ndarray) -> dict[str, dict[str, float]]:
    """Per starting-hand class with live combos, chart order: its live weight in each made category."""
    index = class_indexes(combos)
    table = np.bincount(index * 9 + cat, weights, minlength=169 * 9).reshape(169, 9)
    held = np.bincount(index, minlength=169) > 0
    keys = [category_key(name) for name in CATEGORY_NAMES]
    return {name: {key: float(table[i, j]) for j, key in enumerate(keys)}
            for name, i in _chart_order() if held[i]}


@cache
def _chart_order() -> tuple[tuple[str, int], ...]:
    """``(class, grid index)`` of the 169 classes in chart order (AA, AKs, AKo, ...)."""
    index = {name: i for i, name in enumerate(CLASS_NAMES)}
    return tuple((name, index[name]) for name in all_classes())


__all__ = ["GROUPS", "HitLine", "Hits", "category_key", "range_hits"]


def _run(keys: dict[str, Any], options: RunOptions) -> Hits:
    """``equity hits``'s run: the keys as a line or the command gives them."""
    return range_hits(" ".join(keys["range"]), keys.get("board") or "", keys.get("dead") or "",
                      game=keys.get("game"), on_start=options.on_start)


#: ``equity hits``: what a range makes on a board. A line's keys: ``range``, ``board`` (3, 4 or 5
#: cards), ``dead`` and ``game``, as the command takes them.
QUESTION = Question("hits", command=Command(
    "RANGE --board CARDS", "what a range makes: made hands, pairs, draws",
    help="""What the live combos of RANGE make on --board, as Flopzilla counts them.

    Each combo counts once under its made hand (straight flush .. high card; one pair split into
    overpair, top pair, pocket pair between board cards, middle, bottom, underpair and board pair only)
    and, while cards are to come, under each draw it holds (flush draw, nut flush draw, backdoor flush
    draw on the flop, open-ended, gutshot, two overcards, combo draw). Weights count; combos holding a
    board or dead card are removed. Omaha hands use two hole cards and three board cards. In hold'em and
    short deck the range grid shows what most of each class makes. Definitions: 'equity help hits'.

    \b
    Examples:
      equity hits 20% --board Th9h2c
      equity hits QQ+,AK,T9s --board Th9h2c --list
      equity hits AAxx,KQJTds --board Th9h2c --game plo
    """,
    params=(Param("range", "The range whose hits to count, such as \"QQ+,AK\".", metavar="RANGE"),
            Param("board", "The flop, turn or river: 3, 4 or 5 cards.", "--board", "-b", "CARDS"),
            Param("dead", "Cards out of play: no combo holds them and no draw counts them as outs.", "--dead",
                  "-d", "CARDS"),
            Param("game", "holdem (the default), 6+, omaha (plo, plo5, plo6, plo8 ...).", "--game", "-g",
                  "NAME"),
            Param("list", "Also list the combos of each line.", "--list", flag=True, line=False)),
    run=_run, view="equity.report.hits:hits_view", view_args=("list",), pictures=True))
