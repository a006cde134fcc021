"""Ranges as the 13 x 13 grid of starting-hand classes, and each class's equity against opponents.

The grid as players draw it: ranks from the ace (row and column 0) down to the deuce (12); a pair on the
diagonal, a suited hand above it (row of the higher rank, column of the lower), an offsuit one below it
(row of the lower rank, column of the higher)::

         A    K    Q   ...
    A   AA   AKs  AQs
    K   AKo  KK   KQs
    Q   AQo  KQo  QQ

:func:`range_grid` says how much of each class a range holds; :func:`equity_grid` gives every class of a
range its own equity against the opponents, from one pass over the whole range through the same engine
entry as ``equity.calculate`` (exact when cheap, else Monte Carlo), which counts every combo on its own
(:mod:`equity.questions.per_combo`); a cell adds up its class's combos.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from equity._version import __version__
from equity.cards import card_tuple, check_places, format_cards
from equity.classes import CLASS_NAMES, class_combos, class_name
from equity.errors import EquityError, GameError, RangeError
from equity.games import Game, get_game
from equity.options import RunOptions
from equity.questions.asking.spec import SPEC_KEYS, read_spec
from equity.questions.calculate import calculate_combos
from equity.questions.per_combo import (
    combo_classes,
    counts_of,
    dealable,
    group_counts,
    group_results,
)
from equity.questions.players import parse_players
from equity.questions.question import Command, Param, Question, Threads
from equity.ranges import N_COMBOS, Range, format_range
from equity.result import Result
from equity.scenario import PlayerSpec, Scenario, cards_out, every_hand_range

SIZE = 13


def position(name: str) -> tuple[int, int]:
    """``(row, column)`` of a class in the grid, both 0 (ace) .. 12 (deuce).

    >>> position("AA"), position("AKs"), position("AKo"), position("32o")
    ((0, 0), (0, 1), (1, 0), (12, 11))
    """
    index = _INDEX.get(name)
    if index is None:  # another spelling ('kas'): its canonical name, checked
        index = _INDEX[class_name(name)]
    rank_row, rank_col = divmod(index, SIZE)
    return SIZE - 1 - rank_row, SIZE - 1 - rank_col


_INDEX = {name: i for i, name in enumerate(CLASS_NAMES)}  # each canonical class name's place


def name_at(row: int, col: int) -> str:
    """The class at ``(row, col)``: ``name_at(0, 1) == 'AKs'``."""
    return CLASS_NAMES[SIZE * (SIZE - 1 - row) + SIZE - 1 - col]


@dataclass(frozen=True)
class RangeCell:
    """One class of a range: ``combos`` in the class (6, 4 or 12), ``live`` of them not blocked by a known
    card, ``held`` of those in the range, whose weights sum to ``weight``; ``share = weight / live`` (0
    when every combo is blocked)."""

    name: str
    row: int
    col: int
    combos: int
    live: int
    held: int
    weight: float

    @property
    def share(self) -> float:
        return self.weight / self.live if self.live else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"class": self.name, "row": self.row, "col": self.col, "combos": self.combos,
                "live": self.live, "held": self.held, "weight": self.weight, "share": self.share}


@dataclass(frozen=True)
class RangeGrid:
    """A range on the grid (:func:`range_grid`): its 169 cells in class-index order, its text and its
    canonical compact form, and the board and dead cards removed from it."""

    text: str
    compact: str
    board: str
    dead: str
    combos: int  # before card removal
    weight: float  # the weights of those combos, summed
    cells: list[RangeCell] = field(default_factory=list)
    game: str = "holdem"
    deck_combos: int = N_COMBOS  # every hand of the game's deck: 1,326, or 630 in short deck

    @property
    def held(self) -> int:
        """Combos left after card removal."""
        return sum(c.held for c in self.cells)

    @property
    def live_weight(self) -> float:
        return sum(c.weight for c in self.cells)

    @property
    def percent(self) -> float:
        """The range's weighted combos as a percentage of every hand of the deck (1,326, or 630 in short
        deck), before card removal."""
        return 100 * self.weight / self.deck_combos

    def cell(self, name: str) -> RangeCell:
        row, col = position(name)
        return next(c for c in self.cells if (c.row, c.col) == (row, col))

    def to_dict(self) -> dict[str, Any]:
        return {"version": __version__, "game": self.game, "range": self.text, "compact": self.compact,
                "board": self.board,
                "dead": self.dead, "combos": self.combos, "weight": self.weight, "percent": self.percent,
                "held": self.held, "held_weight": self.live_weight,
                "classes": [c.to_dict() for c in self.cells]}


def two_card_game(game: str | Game | None) -> Game:
    """The game of a grid: hold'em (``None``) or short deck.

    Raises:
        GameError: an unknown game, or Omaha.
    """
    chosen = get_game(game)
    if not chosen.two_card_grid:
        raise GameError(f"the 13 x 13 grid holds two-card hands: hold'em or short deck, not {chosen.title}")
    return chosen


def _as_range(spec: str | Range, role: str, game: Game) -> Range:
    if isinstance(spec, Range):
        return spec.without(game.off_deck) if game.off_deck else spec
    if not isinstance(spec, str):
        raise TypeError(f"{role}: expected a range (e.g. 'QQ+,AKs') or a Range; got {spec!r}")
    try:
        rng = game.parse_range(spec)
    except EquityError as exc:
        raise type(exc)(f"{role}: {exc}") from None
    return every_hand_range(game) if rng is None else rng


def range_grid(rng: str | Range, board: str | Sequence[int] = "",
               dead: str | Sequence[int] = "", *, game: str | Game | None = None) -> RangeGrid:
    """How much of each of the 169 classes a range holds, after removing the combos a known card blocks.

    Args:
        rng: a range (``"QQ+,AKs@50"``) or a :class:`~equity.ranges.Range`.
        board, dead: cards out of the deck.
        game: hold'em (the default) or short deck, whose classes with a rank below 6 hold nothing.

    Raises:
        EquityError: a malformed range or card, a card given twice, or an Omaha game.

    >>> g = range_grid("QQ+,AKs@50", board="As")
    >>> g.cell("AA").live, g.cell("AA").held, g.cell("AKs").weight, g.held
    (3, 3, 1.5, 18)
    """
    chosen = two_card_game(game)
    rng = _as_range(rng, "the range", chosen)
    board_cards, dead_cards = list(card_tuple(board, "the board")), list(card_tuple(dead, "the dead cards"))
    check_places([("the board", board_cards), ("the dead cards", dead_cards)])
    chosen.check_cards(board_cards, "the board")
    chosen.check_cards(dead_cards, "the dead cards")
    left = rng.without(board_cards + dead_cards)
    blocked = cards_out(chosen, board_cards + dead_cards)
    held_class = combo_classes(left.combos)
    cells = []
    for index, name in enumerate(CLASS_NAMES):
        in_class = held_class == index
        row, col = position(name)
        combos = class_combos(name)
        live = sum(1 for a, b in combos if not (blocked[a] or blocked[b]))
        cells.append(RangeCell(name, row, col, len(combos), live, int(in_class.sum()),
                               float(left.weights[in_class].sum())))
    return RangeGrid(rng.text, format_range(rng.combos, rng.weights), format_cards(board_cards),
                     format_cards(dead_cards), len(rng), float(rng.weights.sum()), cells, chosen.name,
                     chosen.deck_size * (chosen.deck_size - 1) // 2)


@dataclass(frozen=True)
class EquityCell:
    """One class of the hero's range against the opponents: the class's combos left in the range
    (``held``, weights summing to ``weight``), its result over the deals where the hero holds one of
    them, hero first (``result.players[0]``), and ``share``: those deals' part of all the hero's deals
    (the weights of the cells' mean that is the whole range's equity)."""

    name: str
    row: int
    col: int
    held: int
    weight: float
    result: Result
    share: float = 1.0

    def to_dict(self) -> dict[str, Any]:
        hero = self.result.players[0]
        return {"class": self.name, "row": self.row, "col": self.col, "combos": self.held,
                "weight": self.weight, "share": self.share, "equity": hero.equity, "win": hero.win,
                "tie": hero.tie,
                "stderr": hero.stderr, "method": self.result.method, "trials": self.result.trials}


@dataclass(frozen=True)
class EquityGrid:
    """Every class of the hero's range with its own equity (:func:`equity_grid`), and the whole range's
    result against the same opponents (``overall``). ``seed``: the one seed of every Monte Carlo run
    (None when all were exact)."""

    overall: Result
    cells: list[EquityCell]
    seed: int | None
    elapsed_s: float

    @property
    def n_players(self) -> int:
        return len(self.overall.players)

    def cell(self, name: str) -> EquityCell | None:
        row, col = position(name)
        return next((c for c in self.cells if (c.row, c.col) == (row, col)), None)

    def to_dict(self) -> dict[str, Any]:
        overall = self.overall.to_dict()
        return {"version": overall["version"], "game": self.overall.game,
                "hero": self.overall.players[0].hand,
                "opponents": [p.hand for p in self.overall.players[1:]], "board": self.overall.board,
                "dead": self.overall.dead, "seed": self.seed, "elapsed_s": round(self.elapsed_s, 6),
                "overall": overall, "classes": [c.to_dict() for c in self.cells]}


def equity_grid(hero: str | Range, opponents: Sequence[PlayerSpec | int], board: str | Sequence[int] = "",
                dead: str | Sequence[int] = "", *, game: str | Game | None = None,
                options: RunOptions | None = None, **run: Any) -> EquityGrid:
    """Each class of the hero's range: its equity against the opponents, as if the hero held only that
    class's combos of the range (at their weights); and the whole range's equity.

    One pass of the engine entry of :func:`equity.calculate` over the whole range counts every combo
    (:mod:`equity.questions.per_combo`), and each cell adds up its class's combos, so the cells and the whole
    range agree exactly: the whole range's equity is the cells' mean weighted by their deals. The pass is
    exact when its enumeration is cheap, else Monte Carlo, which stops once the whole range's equity has
    the standard error of a single run (0.05 points) and the cells' standard errors have a root mean
    square (weighted by their deals) of at most ``precision`` (default
    :data:`equity.questions.per_combo.CELL_PRECISION`, 0.25 points), none above twice it; a seed (``seed``,
    or one drawn and reported) fixes it. Unlike in :func:`equity.calculate`, a seed alone does not ask for
    Monte Carlo.

    Args:
        hero: the hero's range (``"random"`` for every class).
        opponents: as in :func:`equity.calculate`: hands, ranges, ``None`` or counts of random hands.
        board, dead: as in :func:`equity.calculate`.
        game: hold'em (the default) or short deck.
        options, run: how to run it, as in :func:`equity.calculate` (a :class:`~equity.options.RunOptions`
            and keywords that replace its fields), but for ``precision``: the cells' root-mean-square
            standard error (a fraction; none may be above twice it), which asks for Monte Carlo.

    Raises:
        EquityError: bad input (naming the hand, range, card or option) or a scenario that cannot be
            played, including a class whose combos can never be dealt beside the opponents'.
    """
    start = time.perf_counter()
    options = RunOptions.build(options, **run)
    chosen = two_card_game(game)
    # The hero's range stays a list of combos even when it holds every hand, so each is counted.
    whole = Scenario.build([_as_range(hero, "the hero", chosen), *opponents], board, dead, chosen,
                           keep_random=True)
    combos, _ = whole.combos()[0]
    classes = combo_classes(combos)
    live = dealable(whole, 0)
    present = sorted(set(classes.tolist()), key=lambda i: position(CLASS_NAMES[i]))
    for index in present:
        if not live[classes == index].any():
            raise RangeError(f"the hero's class {CLASS_NAMES[index]}: no combo of it can be dealt beside the "
                             "opponents' hands")
    overall, shared_seed = calculate_combos(whole, options, [0], [np.where(live, classes, -1)])
    counts = counts_of(overall, 0)
    cells = []
    slot = np.full(len(CLASS_NAMES), -1, np.int64)
    slot[present] = np.arange(len(present))
    # The counts' rows are the combos of whole.combos(), in order.
    totals = group_counts(counts, slot[classes], len(present))
    everyone = float(counts.deals.sum())
    for index, (_, deals, _), result in zip(present, totals, group_results(overall, totals), strict=True):
        if result is None:  # a Monte Carlo pass cut short (by trials or time) before the class was dealt
            continue
        name, mask = CLASS_NAMES[index], classes == index
        cells.append(EquityCell(name, *position(name), int(mask.sum()), float(counts.weights[mask].sum()),
                                result, deals / everyone))
    simulated = overall.method == "monte-carlo"
    return EquityGrid(overall, cells, shared_seed if simulated else None, time.perf_counter() - start)


def _answer(keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    """A ``grid`` line: the keys of ``equity grid --json``; its players the hero's range and the
    opponents, as ``equity grid`` takes them (hold'em or short deck)."""
    spec = read_spec(keys, EquityError, text=as_text)
    if spec.categories:
        raise EquityError("'categories' is not counted in a grid")
    hero, *opponents = spec.players
    options = spec.options.replace(threads=threads)  # "auto": sized by the run (calculate.run_chosen)
    return equity_grid("random" if hero is None else hero, opponents, spec.board, spec.dead,  # type: ignore[arg-type]
                       game=spec.game, options=options).to_dict()


def _run(keys: dict[str, Any], options: RunOptions) -> EquityGrid:
    """``equity grid``'s run: the hero's range and the opponents as the command's words."""
    chosen, (hero, *opponents) = parse_players(keys["players"], two_card_game(keys.get("game")))
    return equity_grid("random" if hero is None else hero, opponents, keys.get("board") or "",  # type: ignore[arg-type]
                       keys.get("dead") or "", game=chosen, options=options)


#: ``equity grid``: each class of the hero's range on the 13 x 13 grid.
QUESTION = Question("grid", SPEC_KEYS, _answer, command=Command(
    "HERO_RANGE vs OPPONENT...", "each class's equity on the grid",
    help="""Each class of HERO_RANGE on the 13 x 13 grid, coloured by its equity against the OPPONENTs.

    One pass over the whole range counts every combo, and each cell adds up its class (exact when
    cheap, else Monte Carlo until the cells' standard errors are --precision points in root mean square,
    default 0.25, none above twice it); the line below the grid is the whole range's equity, which the
    cells add up to. OPPONENTs are as for 'equity HERO vs OPPONENT...'.

    \b
    Examples:
      equity grid 15% vs 15%
      equity grid 22+,A2s+,KTo+ vs 2 --board Th9h2c --svg grid.svg
      equity grid 88+,AJs+ vs 1 --game 6+
    """,
    params=(Param("players", "The hero's range, then each opponent's.",
                  metavar="HERO_RANGE [vs] OPPONENT..."),
            Param("game", "holdem (the default) or short-deck (6+).", "--game", "-g", "NAME")),
    run=_run, view="equity.report.grid:equity_view", engine=True, precision="0.25 in root mean square",
    pictures=True))
