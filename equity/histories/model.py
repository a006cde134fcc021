"""What a hand history says, whatever its site: :class:`Hand`, the one value every reader
(:mod:`equity.histories.pokerstars`, :mod:`~equity.histories.ggpoker`, :mod:`~equity.histories.phh`)
returns and everything after them reads (:mod:`equity.histories.chips`, the pricing in
:mod:`equity.questions.hands.allin`, the PHH writer).

A hand is a list of :class:`Action`\\ s in the order they happened, each by a player (an index into
``players``) on a betting round (``street``: 0 is the first round: preflop, third street, or before
the draw), each with the chips it *added* to the pot (a raise "to 6" after a 2 bet adds 4). Antes are
dead money; blinds, bring-ins, bets, calls and raises are live. The cards are the board of every run and
each player's cards as far as the history shows them (a draw game's as dealt, and each draw's discards
and new cards apart, so the hand at showdown is known). Money is :class:`~decimal.Decimal`, exactly as
printed (dollars, euros or tournament chips), so sums are exact.

Streets by family: a board game's rounds are preflop (0), flop (1), turn (2), river (3), with 0, 3, 4
and 5 board cards; stud's are third to seventh street (0 .. 4), a player holding 3 .. 7 cards; a single
draw game's are before (0) and after (1) the draw, a triple draw's before the first draw (0) and after
each draw (1 .. 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

ZERO = Decimal(0)

#: Action kinds. ``ante`` is dead money; ``blind`` a live blind or straddle (it counts toward the first
#: round's bet); ``dead-blind`` the dead part of a blind posted out of turn ("posts small & big blinds":
#: the small blind is dead); ``bring-in`` stud's forced opening bet (live).
KINDS = ("ante", "blind", "dead-blind", "bring-in", "fold", "check", "call", "bet", "raise")
POSTS = ("ante", "blind", "dead-blind", "bring-in")
#: Board cards dealt before each betting round of a board game.
BOARD_AT = (0, 3, 4, 5)


@dataclass(frozen=True)
class Player:
    """A seat at the table: its number as printed (1-based), the name, the chips at the start of the
    hand (before antes and blinds)."""

    seat: int
    name: str
    stack: Decimal


@dataclass(frozen=True)
class Action:
    """One thing a player did: ``kind`` one of :data:`KINDS`; ``amount`` the chips it added to the pot
    (0 for a check or fold); ``street`` the betting round (module docstring)."""

    street: int
    player: int
    kind: str
    amount: Decimal = ZERO


@dataclass(frozen=True)
class CashOut:
    """A player who took the site's cash-out offer (PokerStars' All-in Cash Out, GGPoker's EV Cashout):
    the amount the site paid, and its fee (reported apart)."""

    amount: Decimal
    fee: Decimal = ZERO


#: One draw of one player: the cards discarded and the cards drawn (None where not shown).
Draw = tuple[tuple[int | None, ...], tuple[int | None, ...]]


@dataclass(frozen=True)
class Hand:
    """One hand as read.

    Attributes:
        site: ``"pokerstars"``, ``"ggpoker"`` or ``"phh"``.
        id: the hand's id as printed (a PHH file's ``hand`` or its file name and index).
        game: the equity game's name (:mod:`equity.games`): ``"holdem"``, ``"omaha"``, ``"omaha5"``,
            ``"omaha-hilo"``, ``"short-deck"``, ``"stud"``, ``"razz"`` ...
        limit: ``"no-limit"``, ``"pot-limit"`` or ``"fixed-limit"``.
        players: the seats dealt in, in seat order.
        actions: every post, bet, call, raise, check and fold in order.
        boards: the board of each run (one run, or two when run twice), each the whole board dealt,
            the runs sharing the cards dealt before the all-in; empty for games without a board.
        cards: each player's cards as the history shows them (dealt to the hero, or shown), in the
            order dealt (stud: all seven in order; a draw game: the hand before the draw); absent when
            unknown. ``discards``: a draw game's cards discarded at the (first) draw per player, when
            shown. ``draws``: a draw game's every draw per player, in order, each the cards discarded and
            the cards drawn (None for a card not shown), so that :meth:`final` knows the hand at showdown.
        draw_rounds: the draws of a hand whose variant draws more often than its game (3 for 2-7 or badugi
            triple draw: the hand values of the single-draw game, four betting rounds), else 0.
        showed: the players whose cards were shown to the table (at showdown, or face up after an all-in).
        collected: chips each player collected, over all runs (uncalled bets not included).
        uncalled: chips returned to a player as an uncalled bet, as printed (checked against the
            actions), per player.
        rake: everything the site took from the pot (rake, jackpot and other fees: ``fees`` names each).
        added: chips the site put in the pot that no player put in (GGPoker's Cash Drop): dead money in
            the main pot.
        cash_outs: per player who cashed out.
        small_blind, big_blind, ante, bring_in: the stakes (0 where the game has none); ``big_blind``
            is the unit of the figures "in big blinds" (a fixed-limit game's small bet where no blind).
        cap: a capped table's most chips a player may put in a hand, else None.
        currency: ``"USD"``, ``"EUR"`` ... or ``"chips"`` (tournaments and play money).
        tournament: the tournament's id, else None.
        date: when it was played, ISO 8601 as printed (with the site's time zone name after a space when
            printed), or None.
        table: the table's name, or None; ``button``: the button's seat number, or None.
        source: the file it was read from (``"-"`` for standard input) and ``line`` its first line.
        hero: the player the history was written for (the one cards were dealt to), or None.
        finishing: each player's chips at the end of the hand, where the history gives them (PHH's
            ``finishing_stacks``): the actual result is finishing less starting stack.
        identity: what makes two copies the same hand, where the site's ids do not (:attr:`key`): None
            for a site whose ids are unique, the identity fields a PHH file gives, or ``()`` where it
            gives none (the hand is then known by its content).
    """

    site: str
    id: str
    game: str
    limit: str
    players: tuple[Player, ...]
    actions: tuple[Action, ...]
    boards: tuple[tuple[int, ...], ...] = ()
    cards: dict[int, tuple[int, ...]] = field(default_factory=dict)
    discards: dict[int, tuple[int, ...]] = field(default_factory=dict)
    draws: dict[int, tuple[Draw, ...]] = field(default_factory=dict)
    draw_rounds: int = 0
    showed: frozenset[int] = frozenset()
    collected: tuple[Decimal, ...] = ()
    uncalled: dict[int, Decimal] = field(default_factory=dict)
    rake: Decimal = ZERO
    fees: dict[str, Decimal] = field(default_factory=dict)
    added: Decimal = ZERO
    cash_outs: dict[int, CashOut] = field(default_factory=dict)
    small_blind: Decimal = ZERO
    big_blind: Decimal = ZERO
    ante: Decimal = ZERO
    bring_in: Decimal = ZERO
    cap: Decimal | None = None
    currency: str = "chips"
    tournament: str | None = None
    date: str | None = None
    table: str | None = None
    button: int | None = None
    source: str = ""
    line: int = 0
    hero: int | None = None
    finishing: tuple[Decimal, ...] = ()
    identity: tuple | None = None

    @property
    def where(self) -> str:
        """``file:line`` of the hand's first line."""
        return f"{self.source}:{self.line}"

    @property
    def key(self) -> tuple:
        """What makes two copies of a hand the same hand: the site and the id where the site's ids are
        unique; else the identity fields the history gives; else its content (players, stacks, cards,
        actions, boards, results), so that two different hands sharing a number are two hands."""
        if self.identity is None:
            return self.site, self.id
        if self.identity:
            return self.identity
        return ("content", self.game, self.limit, self.players, self.actions, self.boards,
                tuple(sorted(self.cards.items())), tuple(sorted(self.draws.items())), self.collected,
                self.finishing, self.rake, self.tournament, self.currency)

    def final(self, p: int) -> tuple[int, ...] | None:
        """Player ``p``'s cards at showdown, when all are known: a draw game's dealt cards less every
        draw's discards plus its new cards; any other game's as dealt."""
        cards = self.cards.get(p)
        if cards is None:
            return None
        draws = self.draws.get(p)
        if not draws:
            return cards
        held = list(cards)
        for thrown, drawn in draws:
            if None in thrown or None in drawn:
                return None
            for card in thrown:
                if card not in held:
                    return None
                held.remove(card)
            held.extend(drawn)  # type: ignore[arg-type]
        return tuple(held)  # type: ignore[arg-type]

    def index(self, name: str) -> int:
        """The player named ``name`` (KeyError if none)."""
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)


def first_discards(draws: dict[int, tuple[Draw, ...]]) -> dict[int, tuple[int, ...]]:
    """Each player's cards thrown at the first draw, where every one is known (:attr:`Hand.discards`,
    from :attr:`Hand.draws`)."""
    return {p: d[0][0] for p, d in draws.items() if d and None not in d[0][0]}  # type: ignore[misc]


def money(amount: Decimal) -> str:
    """An amount as messages print it: ``40``, ``39.5``, ``0.25`` (no exponent, no trailing zeros)."""
    text = format(amount.normalize(), "f")
    return text
