"""What every game is: :class:`Game`, one object with the rules that the engines and commands ask for.

A game says its deck (``low_card``: the lowest card id, 0 or short deck's 16), its hole and board card
counts, how a showdown is scored (``split``: one high pot, or a high half and a low half), its range
grammar (:meth:`Game.parse_range`), how ``equity eval`` describes a hand (:meth:`Game.evaluate`), its
class tables, and what it hands the engines: its Monte Carlo chunk kernel (:meth:`Game.simulation`) and
its exact enumeration (:meth:`Game.enumeration`, with :attr:`Game.suit_symmetry` and
:meth:`Game.exact_work` for planning). The engines (:mod:`equity.engines`) call these and never ask
which game it is. What only some games answer is an optional part of the game, None in the others:
:attr:`Game.hits` (:class:`Hits`), :attr:`Game.flops` (:class:`Flops`), :attr:`Game.runouts`
(:class:`Runouts`); a question asks ``if game.flops is None`` and refuses the game. A family of games
is a subclass in its own module (:mod:`equity.games.holdem.game`, :mod:`equity.games.omaha.game`); its
kernels live in modules it loads on first use, so a hold'em run never loads another game's kernels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

import numpy as np

from equity.cards import format_card
from equity.engines.protocol import Spot
from equity.errors import CardError, HandSizeError
from equity.evaluators.dag import CATEGORIES

#: The category keys of results (``straight_flush`` .. ``high_card``), in hold'em's order.
CATEGORY_NAMES = tuple(name for name, _ in CATEGORIES)
_BITS = np.uint64(1) << np.arange(52, dtype=np.uint64)  # each card id's bit
_DECK = np.arange(52, dtype=np.uint8)

#: Hand size -> what such a hand is played in, e.g. ``" (a 4-card hand is Omaha: --game plo)"``; the
#: registry (:mod:`equity.games`) fills it once its games are defined.
SIZE_HINTS: dict[int, str] = {}

#: ``run(n_threads)``: yields ``(tally part, boards, trials done, per-deal rows)`` as an exact
#: enumeration goes (see :meth:`Game.enumeration`).
Enumeration = Callable[[int], Iterator[tuple[Any, int]]]


@dataclass(frozen=True)
class Game:
    """One game's rules. ``name`` (as in JSON), ``title`` (as in tables), ``hole`` cards per hand,
    ``low_card`` (the lowest card id of the deck), ``rules`` (a family's variant, e.g. short deck's rule
    set), ``split`` (a high half and an eight-or-better low half), ``board`` (cards on a full board),
    ``aliases`` (other names, matched ignoring case, spaces, dashes and underscores)."""

    name: str
    title: str
    hole: int
    low_card: int = 0
    rules: str | None = None
    split: bool = False
    board: int = 5
    aliases: tuple[str, ...] = ()

    #: What class 1 is, as ``equity eval`` says it.
    best_hand = "a royal flush"
    #: A specific hand and a range, as messages give them for examples.
    hand_example = "QdQc"
    range_example = "QQ+,AKs or 77"

    # -- the deck and the table ---------------------------------------------------------------------
    @property
    def deck(self) -> range:
        """The card ids of the deck."""
        return range(self.low_card, 52)

    @property
    def deck_size(self) -> int:
        return 52 - self.low_card

    def cards_left(self, out: Sequence[int]) -> np.ndarray:
        """The deck's cards not in ``out`` (uint8, ascending)."""
        gone = 0
        for card in out:
            gone |= 1 << int(card)
        low = self.low_card
        return _DECK[low:][(_BITS[low:] & np.uint64(gone)) == 0]

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """The boards a scenario may give: none, the flop, the turn, the river."""
        return (0, 3, 4, 5)

    @property
    def max_players(self) -> int:
        """Players one deck can seat with a full board: 23 in hold'em, 11 in PLO4, 15 in short deck."""
        return (self.deck_size - self.board) // self.hole

    #: How a hand is dealt, as hand histories record it: ``"board"`` (hole cards, then a shared board),
    #: ``"stud"`` (three cards, then one a street; a bring-in and no button) or ``"draw"`` (the whole hand,
    #: then draws).
    deal: ClassVar[str] = "board"
    #: Whether a dealer button goes round the table, the blinds posted by the two seats after it (not in
    #: stud: its forced bets are antes and a bring-in, and its players are listed in seat order).
    has_button: ClassVar[bool] = True
    #: Whether the first betting round opens with a bring-in, the forced bet of the lowest (razz: the
    #: highest) card showing: the stud games.
    bring_in: ClassVar[bool] = False
    #: Whether players discard and draw new cards between betting rounds: the draw games.
    has_draw: ClassVar[bool] = False

    @property
    def first_deal(self) -> int:
        """The cards each player is dealt at once before the first betting round: stud's three, else the
        whole hand."""
        return 3 if self.deal == "stud" else self.hole

    @property
    def is_default(self) -> bool:
        """Whether this is the game played when none is named (hold'em): messages and tables name every
        other game, and not this one."""
        return False

    @property
    def two_card_grid(self) -> bool:
        """Whether hands are two cards, drawn on the 13 x 13 grid of starting-hand classes."""
        return self.hole == 2

    @property
    def off_deck(self) -> range:
        """The card ids not in the deck (short deck's deuces to fives), for removing from ranges."""
        return range(self.low_card)

    @property
    def ranks(self) -> int:
        """How many ranks the deck has: 13, or 9 in short deck (aces to sixes)."""
        return 13 - self.low_card // 4

    def check_cards(self, cards: Iterable[int], where: str) -> None:
        """Raise :class:`~equity.errors.CardError` for a card not in this game's deck."""
        for card in cards:
            if card < self.low_card:
                deck = self.title.removesuffix(" deck")  # "the short deck", not "the short deck deck"
                raise CardError(f"card {format_card(card)} in {where} is not in the {deck} deck "
                                f"({format_card(self.low_card)[0]} through A)")

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The card counts a player's typed hand may have: ``hole`` in games with a board; 1 .. ``hole``
        known cards in a board-less game (:mod:`equity.games.boardless.game`)."""
        return (self.hole,)

    def check_hole(self, cards: Sequence[int], text: str, whose: str) -> None:
        """Raise :class:`~equity.errors.HandSizeError` unless a specific hand has ``hole`` cards."""
        if len(cards) not in self.hand_sizes:
            raise HandSizeError(f"{whose} hand {text!r} has {len(cards)} cards; a hand has {self.hole} in "
                                f"{self.title}{self.size_hint(len(cards))}")

    def size_hint(self, n_cards: int) -> str:
        """What a hand of ``n_cards`` would mean instead, for messages (as the registry of
        :mod:`equity.games` recorded it in :data:`SIZE_HINTS`)."""
        return SIZE_HINTS.get(n_cards, "")

    # -- values ---------------------------------------------------------------------------------------
    @property
    def n_classes(self) -> int:
        return 7462

    def categories(self) -> tuple[tuple[str, int], ...]:
        """(name, last class) of each high category, best first."""
        return CATEGORIES

    def category_names(self) -> tuple[str, ...]:
        """The high categories, best first (short deck: a flush above a full house)."""
        return tuple(name for name, _ in self.categories())

    def category_slots(self) -> tuple[str, ...]:
        """The category names in the order of the tally's category axis (what :meth:`category_table`
        indexes): :data:`CATEGORY_NAMES` for the high games, so every one keeps hold'em's keys."""
        return CATEGORY_NAMES

    def category_table(self) -> np.ndarray:
        """uint8 (7463,): each class's category as an index into :data:`CATEGORY_NAMES` (so results
        keep one set of keys in every game); index 0 and classes past the game's last are unused."""
        return _category_table(self)

    def tables(self) -> Any:
        """The evaluator's :class:`~equity.evaluators.tables.Tables` with this game's classes."""
        from equity.evaluators import tables

        return tables.get()

    @property
    def eval_sizes(self) -> tuple[int, ...]:
        """The card counts :meth:`evaluate` takes."""
        return (5, 6, 7)

    def parse_range(self, text: str) -> Any:
        """The :class:`~equity.ranges.Range` ``text`` names in this game; ``None`` for every hand."""
        raise NotImplementedError

    def evaluate(self, cards: Sequence[int]) -> dict[str, object]:
        """One hand's value (what ``equity eval`` prints): see :func:`equity.games.evaluate_in`."""
        raise NotImplementedError

    # -- what the engines are handed -------------------------------------------------------------------
    #: Whether exact enumeration may list one deal per suit-symmetry orbit.
    suit_symmetry = False

    def simulation(self, scenario: Spot, categories: bool, stages: int = 4) -> tuple[Any, Any, Any]:
        """``(run_chunks, deal, tables)``: the Monte Carlo kernel, what it deals from and the
        evaluator's tables, for :func:`equity.engines.montecarlo.simulate`. ``run_chunks(seed, first,
        n_chunks, total, deal, tables, tally)`` plays chunks ``first .. first + n_chunks - 1`` into the
        rows of a :class:`~equity.tally.Tally`, counting in its layout (and in the split-pot
        arrays when the game is ``split``). ``stages`` below 4 stops each trial early, for the
        benchmark's breakdown of a trial's time (hold'em's kernel; others may ignore it)."""
        raise NotImplementedError

    def simulation_cached(self, ranged: bool = False, one_table: bool = True) -> bool:
        """Whether the Monte Carlo kernel is already in numba's on-disk cache (for deals with ranged
        players when ``ranged``, and of one joint table or several (``one_table``,
        :func:`equity.engines.dealing.one_table`): a kernel compiles apart for each kind)."""
        raise NotImplementedError

    def exact_deals(self, scenario: Spot) -> tuple[np.ndarray, np.ndarray]:
        """The deals an exact run lists before completing them: every way to give each player one of
        their combos with no card twice, ``(holes uint8 (n, P, hole), weight float64 (n,))``, the weight
        the product of the combos' range weights.

        Raises:
            TooLarge: too many combinations of the players' combos to list.
        """
        from equity.engines.exact import deals_of

        holes, weight, _ = deals_of(scenario.combos(), self.hole)
        return holes, weight

    def deal_bound(self, scenario: Spot) -> float:
        """At most how many deals :meth:`exact_deals` lists (before card collisions and symmetry)."""
        return float(math.prod(scenario.n_combos()))

    def completions(self, scenario: Spot) -> int:
        """The ways to deal what is still to come for each deal of :meth:`exact_deals`: the board's
        missing cards."""
        left = self.deck_size - len(scenario.board) - len(scenario.dead) - self.hole * len(scenario.players)
        return math.comb(left, self.board - len(scenario.board))

    def exact_work(self, deals: float, players: int, boards: int, to_deal: int,
                   uniform: bool = True) -> float:
        """An enumeration's cost in board evaluations of the hold'em kernel (about 3 ns each), for the
        choice between exact and Monte Carlo. ``uniform``: every deal weighs 1 (no weighted range), which
        some games' faster kernels need."""
        return deals * boards * players

    def enumeration(self, scenario: Spot, plan: Any, categories: bool, per_deal: bool = False) -> Enumeration:
        """The exact enumeration of ``plan``'s deals (an :class:`equity.engines.exact.Plan`), its kernels
        loaded (so that the caller's clock measures the run, not the JIT): called with the thread count,
        which it sets around its parallel kernels (:func:`equity.engines.parallel.using_threads`), it
        yields ``(tally, boards, trials done, rows)`` per batch, the tally weighted (float64) and its
        boards counting every orbit in full. ``rows``: with ``per_deal``, the batch's deals each counted
        into a tally row of its own, in the plan's order (for :mod:`equity.engines.combo_counts`); else
        None."""
        raise NotImplementedError

    def enumeration_cached(self, scenario: Spot | None = None, plan: Any = None) -> bool:
        """Whether the exact enumeration kernel is already in numba's on-disk cache: the one that
        :meth:`enumeration` of ``scenario`` and ``plan`` would run, when given, else every one."""
        raise NotImplementedError

    def one_deal_cached(self) -> bool:
        """Whether the one-deal kernel (:meth:`one_deal_kernel`) is in numba's on-disk cache (True for a
        game without one: nothing to compile)."""
        return True

    def one_deal_kernel(self) -> tuple[Any, tuple[Any, ...]] | None:
        """The kernel that counts one deal of fixed hands on every completion of its board, loaded, and
        its arguments after the deal's; None for a game without one (:mod:`equity.questions.small_spots` then
        leaves every spot to the general way).

        The kernel is called as ``kernel(text, n_players, n_board, *args)``, on the calling thread:
        ``text`` (ASCII ``bytes``) the players' hole cards, ``hole`` each in order, then the board's
        ``n_board`` cards, then the dead cards, two characters a card as the card parser reads them;
        the boards times lcm(1 .. players) under 2**53. It returns float64: each player's win, tie and
        equity (the exact figures of a one-pot game, :func:`~equity.engines.showdown._exact_figures`), 3 a
        player, the boards counted, 1.0 where the board and dead cards are written as
        :data:`~equity.cards.CARD_NAMES` writes them (else 0.0), and their ids; where the text is not
        distinct cards of the deck, -1 boards (the caller goes the general way, which names the
        mistake)."""
        return None

    # -- what only some games answer: optional parts, None where the game does not -------------------
    @property
    def hits(self) -> Hits | None:
        """What a range makes on a board (``equity hits``): hold'em, short deck and Omaha; None in a game
        without a board."""
        return None

    @property
    def flops(self) -> Flops | None:
        """Every flop at once (``equity flops``): hold'em and short deck (two hole cards, the best five);
        None elsewhere."""
        return None

    @property
    def runouts(self) -> Runouts | None:
        """What each next card does (``equity runout``): the games with a board; None without one."""
        return None

    @property
    def query(self) -> Query | None:
        """How ``equity query`` values the game's hands street by street: every game has one."""
        return None

    # -- a hand as played (equity hands) ------------------------------------------------------------
    #: The betting rounds' names, first to last: preflop, flop, turn, river in the board games.
    round_names: ClassVar[tuple[str, ...]] = ("preflop", "flop", "turn", "river")

    def board_dealt(self, round_: int) -> int:
        """How many board cards are out when betting round ``round_`` (0 = the first) is played."""
        return (0, 3, 4, 5)[round_]

    def known_cards(self, cards: Sequence[int], discards: Sequence[int] | None,
                    round_: int) -> tuple[int, ...] | None:
        """A player's cards that count at betting round ``round_`` of a hand as played, from ``cards``
        (as dealt, in order) and ``discards`` (a draw game's, None when not shown): its hole cards here;
        None when the history does not show enough of them."""
        return tuple(cards) if len(cards) == self.hole else None

    def showdown(self, hands: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
        """Each of ``hands``' share of one pot on a complete deal (every card known, the board whole),
        from the hands' values as :meth:`evaluate` gives them: the best high hand's (lowest ``rank``),
        split among ties; in a split game the low half to the best qualifying low (lowest ``ranks``),
        split among ties, and the whole pot to the high where no low qualifies. No enumeration, so no
        kernel is compiled."""
        values = [self.evaluate([*hand, *board]) for hand in hands]
        shares = [Fraction(0)] * len(hands)
        lows = [tuple(v["low"]["ranks"]) if isinstance(v.get("low"), dict) and v["low"]["qualifies"]
                else None for v in values]
        halves: list[tuple[Fraction, list[Any]]] = [(Fraction(1), [v["rank"] for v in values])]
        if self.split and any(low is not None for low in lows):
            halves = [(Fraction(1, 2), halves[0][1]), (Fraction(1, 2), lows)]
        for part, keys in halves:
            best = min(k for k in keys if k is not None)
            winners = [i for i, k in enumerate(keys) if k == best]
            for i in winners:
                shares[i] += part / len(winners)
        return shares

    # -- warming up ---------------------------------------------------------------------------------
    def warmup_lines(self) -> list[dict[str, Any]]:
        """Small questions, as batch lines (:mod:`equity.questions.asking.registry`, this game's ``game`` key
        added by the caller), that between them load or compile every kernel this game's commands
        call: each engine (exact and Monte Carlo), specific, random and ranged players, categories, and
        each question the game answers. ``equity warmup`` asks them; its test runs them all."""
        raise NotImplementedError

    def warmup_cards(self) -> list[list[int]]:
        """Hands of each size ``equity eval`` takes in this game, for ``equity warmup``."""
        deck = list(self.deck)
        return [deck[-n:] for n in self.eval_sizes]


@dataclass(frozen=True)
class Part:
    """What only some games answer, for one question: a game's optional part (:attr:`Game.hits`,
    :attr:`Game.flops`, :attr:`Game.runouts`), None in a game that does not; its kernels load on first
    use."""

    game: Game


class Hits(Part):
    """How ``equity hits`` reads the game's hands on a board (:attr:`Game.hits`), by :attr:`rule`, with
    the kernels of :mod:`equity.games.hits`."""

    #: ``"best-five"`` (the best five of the hole and board cards) or ``"two-plus-three"`` (exactly two
    #: hole cards and three board cards).
    rule: ClassVar[str]

    def classify(self, combos: np.ndarray, board: np.ndarray,
                 gone: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """What each combo makes on ``board`` and what it draws to: :func:`equity.games.hits.classify`'s
        four arrays."""
        raise NotImplementedError

    def cached(self) -> bool:
        """Whether the kernel of :attr:`rule` is already in numba's on-disk cache."""
        raise NotImplementedError


class Flops(Part):
    """How ``equity flops`` counts every flop at once in the game (:attr:`Game.flops`), for
    :mod:`equity.questions.flops`."""

    def counts(self, flops: np.ndarray, hero: tuple[np.ndarray, np.ndarray],
               villain: tuple[np.ndarray, np.ndarray], gone: np.ndarray, threads: int) -> np.ndarray:
        """Each flop's exact counts over every turn and river: ``(F, 3)`` hero wins, ties and pairs of
        live combos times boards (int64 for unit weights, else float64), from ``flops`` uint8 ``(F, 3)``,
        each side's ``(combos, weights)`` and ``gone`` uint8 ``(52,)`` (1 for a dead or off-deck card), on
        ``threads`` threads."""
        raise NotImplementedError

    def cached(self, weighted: bool) -> bool:
        """Whether the kernels of :meth:`counts` (and :meth:`hits`) are already in numba's on-disk cache,
        for ranges with weights other than 1 when ``weighted`` (they compile apart)."""
        raise NotImplementedError

    def hits(self, flops: np.ndarray, combos: np.ndarray, weights: np.ndarray,
             gone: np.ndarray) -> np.ndarray:
        """float64 ``(F, K + 1)``: per flop the live weight of the range's combos in each of
        :data:`equity.games.hits.FLOP_HIT_KEYS`, then the live weight."""
        raise NotImplementedError


class Runouts(Part):
    """How ``equity runout`` counts the game's boards by the cards they add (:attr:`Game.runouts`), for
    :func:`equity.engines.runout_rows.board_rows`."""

    def board_rows(self, scenario: Spot, plan: Any, n_threads: int,
                   per_card: bool = False) -> tuple[Any, np.ndarray]:
        """Every (deal, board) of ``plan`` from a flop or a turn, counted by the cards the board adds:
        ``(tally, mass)``, a weighted :class:`~equity.tally.Tally` of K rows (row ``c`` from a
        turn, K = 52; row ``52 * c1 + c2``, ``c1 < c2``, from a flop, K = 52 * 52, or with ``per_card``
        rows ``c1`` and ``c2`` both, K = 52; ties of ``P + 1`` ways, no categories) and float64 (K,) the
        weight of the deals counted in each row."""
        raise NotImplementedError

    def cached(self) -> bool:
        """Whether :meth:`board_rows`'s kernel is already in numba's on-disk cache."""
        raise NotImplementedError


class Query(Part):
    """How ``equity query`` (:mod:`equity.questions.query`) values the game's hands: ratings of many
    deals at once, at any street, in the game's order (:mod:`equity.games.board_query`,
    :mod:`equity.games.boardless.query`).

    A rating is an int32, lower better (the game's class); a low rating an eight-or-better low mask,
    ``NO_LOW`` (255) for none. ``holes`` are uint8 ``(N, P, hole)``, every card known; ``boards`` uint8
    ``(N, k)``, ``k`` the cards out at the street (none in a game without a board)."""

    #: The streets a query may name, with the board cards out at each.
    streets: ClassVar[tuple[tuple[str, int], ...]] = (("preflop", 0), ("flop", 3), ("turn", 4), ("river", 5))
    #: What the pot is played for: ``"high"``, ``"hilo"`` (a high half and an eight-or-better low
    #: half) or ``"low"`` (razz, 2-7, badugi: one pot to the lowest hand).
    pot: ClassVar[str] = "high"

    def hand_types(self) -> tuple[str, ...]:
        """PQL's hand-type names in this game's order, worst first (short deck: a flush above a full
        house); () in a game whose pot is not won by a high hand."""
        return ()

    def rate(self, holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """``(pot, low)``: each hand's rating for the pot (the high one, or the low pot of a low game),
        int32 ``(N, P)``, and in a hi-lo game its eight-or-better low (else None). ``boards`` hold at
        least three cards in a board game."""
        raise NotImplementedError

    def types(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """int8 ``(N, P)``: each hand's type as an index into :meth:`hand_types` (before the flop in a
        board game: a pair or high card from the hole cards)."""
        raise NotImplementedError

    def class_types(self) -> np.ndarray:
        """int8 ``(classes + 1,)``: each high class's index into :meth:`hand_types`."""
        names = self.hand_types()
        out = np.full(self.game.n_classes + 1, -1, np.int8)
        first = 1
        for name, last in self.game.categories():
            out[first:last + 1] = names.index(PQL_TYPES[name])
            first = last + 1
        return out

    def node_equities(self, holes: np.ndarray, boards: np.ndarray, dead: np.ndarray) -> np.ndarray | None:
        """float64 ``(G, P)``: each node's exact equities over every completion of its board (every
        player's cards known; ``dead`` uint8 card ids out of play), by the game's one-deal kernel
        (:meth:`Game.one_deal_kernel`); None where the game has none (the caller counts them itself)."""
        return None

    def nut_ratings(self, boards: np.ndarray, gone: np.ndarray) -> np.ndarray:
        """int32 ``(N,)``: the best high rating any hand of cards not on the board nor ``gone`` (uint8
        (52,), 1 for a dead or off-deck card) makes on each board."""
        raise NotImplementedError

    def nut_lows(self, boards: np.ndarray, gone: np.ndarray) -> np.ndarray:
        """int32 ``(N,)``: the best eight-or-better low (or ``NO_LOW``) any hand makes on each board."""
        raise NotImplementedError


#: PQL's name of each high category (:data:`equity.evaluators.dag.CATEGORIES`).
PQL_TYPES = {"Straight Flush": "straightflush", "Four of a Kind": "quads", "Full House": "fullhouse",
             "Flush": "flush", "Straight": "straight", "Three of a Kind": "trips", "Two Pair": "twopair",
             "One Pair": "pair", "High Card": "highcard"}


@cache
def _category_table(game: Game) -> np.ndarray:
    out = np.zeros(7463, np.uint8)
    first = 1
    for name, last in game.categories():
        out[first:last + 1] = CATEGORY_NAMES.index(name)
        first = last + 1
    return out
