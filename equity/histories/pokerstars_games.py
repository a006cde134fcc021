"""PokerStars stud and draw hands: 7 Card Stud, 7 Card Stud Hi/Lo and Razz; 5 Card Draw, Single Draw
2-7 Lowball, Triple Draw 2-7 Lowball and Badugi (triple draw), alone or in a mixed game's rotation
(``8-Game (Razz Limit, $1/$2 USD)``, ``HORSE (..)``). :mod:`equity.histories.pokerstars` reads the
header and hands these games' bodies to :class:`StarsGames`, so that hold'em's reading never meets them.

Stud: ``Name: posts the ante $0.01``, ``*** 3rd STREET ***`` .. ``*** 6th STREET ***`` then
``*** RIVER ***`` (seventh street; ``*** RIVER *** [6h]`` when the deck runs short and one card is
dealt face up to all), ``Dealt to Name [Xx Yy Zz]`` (the hero's three) or ``[Zz]`` (another's door card),
then each street ``Dealt to Name [cards so far] [new]``; ``Name: brings in for $0.02``, ``Name: completes
it to $0.08``; a hand is shown at the end with all its cards in the order dealt. The header's stakes are
the small and the big bet: the Hand's ``big_blind`` is the small bet, with no small blind.

Draw: ``*** DEALING HANDS ***``, ``Dealt to Name [..]``; each draw is ``*** FIRST DRAW ***`` ..
``*** THIRD DRAW ***`` in a triple draw (a single draw has no line of its own, or ``*** DRAW ***``):
``Name: discards 2 cards [Xx Yy]`` (the hero's; another's cards are not shown), ``Name: stands pat``,
then the hero's ``Dealt to Name [kept] [new]``. A hand shown at the end is the hand after the draws: it
is checked against the draws where they are known, and is the hand as dealt for a player who stood pat
every time; for a player who drew unseen cards the hand as dealt is not known. A discarded card may be
dealt again (the discards are shuffled when the deck runs short), so only the cards first dealt are held
to one owner. A fixed-limit draw game's stakes are its bets: the Hand's blinds are the blinds posted.
"""

from __future__ import annotations

from decimal import Decimal

from equity.cards import CARD_NAMES
from equity.games import GAMES
from equity.histories.model import ZERO, Hand, first_discards
from equity.histories.pokerstars_text import StarsText
from equity.histories.tokens import HOLE, action, card_ids, money

#: The stud games (a bring-in, a card a street) and the draw games, as the games registry says.
STUD = tuple(name for name, game in GAMES.items() if game.bring_in)
DRAW = tuple(name for name, game in GAMES.items() if game.has_draw)
_STUD_STREETS = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4,
                 "RIVER": 4}
_DRAWS = {"DRAW": 1, "FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}
_QUIET_MARKERS = ("HOLE CARDS", "DEALING HANDS", "SHOW DOWN", "SHOWDOWN")


def parse(lines: list[str], source: str, line: int) -> Hand:
    """One stud or draw hand's lines (the header first)."""
    return StarsGames.parse(lines, source, line)


class StarsGames(StarsText):
    """A PokerStars stud or draw hand being read: :class:`~equity.histories.text.HandText`'s loop, with
    the lines of these games read in its hooks (:meth:`marker`, :meth:`dealt`, :meth:`verb`,
    :meth:`show`)."""

    def __init__(self, lines: list[str], source: str, line: int) -> None:
        super().__init__(lines, source, line)
        #: each player's cards: stud's in the order dealt (None where face down and not shown); a draw
        #: game's hand held now, when known
        self.held: dict[int, list[int | None]] = {}
        self.dealt_as: dict[int, tuple[int, ...]] = {}  # a draw game's hand as dealt, when known
        self.draws: dict[int, list[tuple[tuple[int | None, ...], list[int | None]]]] = {}
        self.bring_in = ZERO
        self.posted_small: Decimal | None = None
        self.community: int | None = None
        self.moved: list[tuple[int, int]] = []  # (first action, round) of a round begun at a draw

    def seat(self, line: str, k: int) -> None:
        """A tournament's player sitting out is dealt in (posts, folds when its turn comes)."""
        if self.tournament is not None and line.endswith(") is sitting out"):
            line = line[:-len(" is sitting out")]
        super().seat(line, k)

    def header(self, line: str) -> None:
        super().header(line)
        self.stud = self.game in STUD
        self.draw_rounds = 3 if self.game == "badugi" or "Triple Draw" in line else 0

    # -- streets -------------------------------------------------------------------------------------
    def marker(self, line: str, k: int) -> bool:
        label, _, rest = line[4:].partition(" ***")
        if label == "SUMMARY":
            return True
        if self.stud and label in _STUD_STREETS:
            self.new_street(_STUD_STREETS[label])
            if rest.strip():  # the one card dealt face up to all when the deck runs short
                (card,) = card_ids(rest, self.where(k))
                self.claim(card, -1, k)
                self.community = card
                for held in self.held.values():
                    if len(held) == 7:
                        held[6] = card
        elif not self.stud and label in _DRAWS:
            self.new_street(_DRAWS[label])
        elif label not in _QUIET_MARKERS:
            raise self.fail(f"unknown section {line!r}", k)
        return False

    def new_street(self, street: int, at_draw: bool = False) -> None:
        """Betting round ``street`` begins: at its ``*** ..`` line, or (``at_draw``) at a single draw's
        first discard, inside :meth:`HandText.read`'s loop, which goes on filing the round's checks, calls
        and bets under the round before: :meth:`hand` moves them (the chips in on the round are zeroed in
        place, the list the loop holds)."""
        self.street = street
        self.put[:] = [ZERO] * len(self.players)
        if at_draw:
            self.moved.append((len(self.actions), street))
        if self.stud:  # every player still in gets a card: face down until a line shows it
            folded = {a.player for a in self.actions if a.kind == "fold"}
            for p in range(len(self.players)):
                if p not in folded:
                    held = self.held.setdefault(p, [])
                    held.extend([None] * (3 + street - len(held)))

    # -- cards dealt ---------------------------------------------------------------------------------
    def dealt(self, line: str, k: int) -> None:
        rest = line[9:]
        at = rest.find(" [")
        if at < 0:
            return
        p = self.index.get(rest[:at])
        if p is None:  # a name holding ' ['
            names = [name for name in self.index if rest.startswith(name + " [")]
            p = self.who(max(names, key=len) if names else rest[:at], k)
            at = len(self.players[p].name)
        groups = [card_ids(g, self.where(k)) for g in rest[at:].replace("]", "]\0").split("\0") if "[" in g]
        if self.stud:
            self.dealt_stud(p, groups, line, k)
        else:
            self.dealt_draw(p, groups, line, k)

    def dealt_stud(self, p: int, groups: list[tuple[int, ...]], line: str, k: int) -> None:
        held = self.held.setdefault(p, [])
        street = self.street
        held.extend([None] * (3 + street - len(held)))
        if len(groups) == 1 and street == 0 and len(groups[0]) in (1, 3):
            new, start = groups[0], 3 - len(groups[0])
        elif len(groups) == 2 and street > 0 and len(groups[1]) == 1:
            before = [c for c in held[:2 + street] if c is not None]
            if list(groups[0]) != before:
                raise self.fail(f"{self.players[p].name}'s cards differ from those dealt before: {line!r}", k)
            new, start = groups[1], 2 + street
        else:
            raise self.fail(f"cards dealt that stud does not deal on this street: {line!r}", k)
        for i, card in enumerate(new, start):
            self.claim(card, p, k)
            held[i] = card
        if len(new) == 3:
            self.hero = p

    def dealt_draw(self, p: int, groups: list[tuple[int, ...]], line: str, k: int) -> None:
        hole = HOLE[self.game]
        draws = self.draws.get(p)
        if draws and len(draws[-1][1]) < len(draws[-1][0]):  # the new cards of its last draw
            thrown, drawn = draws[-1]
            new = groups[-1]
            kept = [c for g in groups[:-1] for c in g]  # none when all were thrown
            if len(groups) > 2 or len(new) != len(thrown) - len(drawn) or (
                    p in self.held and sorted(kept) != sorted(self.held[p])):
                raise self.fail(f"cards dealt that do not follow the draw of {self.players[p].name}: "
                                f"{line!r}", k)
            drawn.extend(new)
            if p in self.held:
                self.held[p].extend(new)
            return
        if len(groups) != 1 or len(groups[0]) != hole or draws:
            raise self.fail(f"{sum(map(len, groups))} cards dealt in {self.game}: {line!r}", k)
        if p in self.dealt_as:
            if sorted(self.dealt_as[p]) != sorted(groups[0]):
                raise self.fail(f"{self.players[p].name}'s cards differ from those dealt before: {line!r}", k)
            return
        for card in groups[0]:
            self.claim(card, p, k)
        self.dealt_as[p] = groups[0]
        self.held[p] = list(groups[0])
        self.hero = p

    # -- actions -------------------------------------------------------------------------------------
    def verb(self, p: int, rest: str, k: int) -> bool:
        if rest.startswith("brings in for "):
            amount = money(rest[14:].partition(" ")[0])
            self.bring_in = max(self.bring_in, amount)
            self.put[p] += amount
            self.add(p, "bring-in", amount)
        elif rest.startswith("completes it to "):
            self.raise_to(p, "raise", money(rest[16:].partition(" ")[0]), rest, k)
        elif rest.startswith(("discards ", "stands pat")) and not self.stud:
            self.draw(p, rest, k)
        else:
            return False
        return True

    def post(self, p: int, arg: str, line: str, k: int) -> None:
        super().post(p, arg, line, k)
        if arg.startswith("small blind ") and self.posted_small is None:
            self.posted_small = self.actions[-1].amount

    def draw(self, p: int, rest: str, k: int) -> None:
        draws = self.draws.setdefault(p, [])
        if draws and len(draws[-1][1]) < len(draws[-1][0]) and p in self.held:
            raise self.fail(f"{self.players[p].name} draws again before the cards of the last draw", k)
        if len(draws) >= (self.draw_rounds or 1):
            raise self.fail(f"{self.players[p].name} draws more often than {self.game} allows: "
                            f"{self.lines[k]!r}", k)
        if self.street < len(draws) + 1:  # a single draw has no line of its own: its first draw starts it
            self.new_street(len(draws) + 1, at_draw=True)
        at = rest.find("[")
        shown = card_ids(rest[at:], self.where(k)) if at >= 0 else None
        held = self.held.get(p)
        if rest.startswith("stands pat"):
            if shown is not None and held is not None and sorted(shown) != sorted(held):  # type: ignore
                raise self.fail(f"{self.players[p].name} stands pat on other cards than held: "
                                f"{self.lines[k]!r}", k)
            draws.append(((), []))
            return
        count = int(rest[9:].partition(" ")[0])
        if shown is None:
            draws.append(((None,) * count, []))
            if held is not None:  # the hero's draw, not shown: its hand is no longer known
                del self.held[p]
            return
        if len(shown) != count:
            raise self.fail(f"{self.players[p].name} discards {count} cards and shows {len(shown)}: "
                            f"{self.lines[k]!r}", k)
        if held is not None:
            for card in shown:
                if card not in held:
                    raise self.fail(f"{self.players[p].name} discards {CARD_NAMES[card]}, a card not held: "
                                    f"{self.lines[k]!r}", k)
                held.remove(card)
        draws.append((shown, []))

    # -- cards shown ---------------------------------------------------------------------------------
    def show(self, p: int, arg: str, k: int, shown: bool) -> None:
        cards = card_ids(arg[:arg.index("]") + 1], self.where(k))
        if self.stud:
            self.show_stud(p, cards, k, shown)
        else:
            self.show_draw(p, cards, k, shown)

    def show_stud(self, p: int, cards: tuple[int, ...], k: int, shown: bool) -> None:
        held = self.held.get(p, [])
        if self.community is not None and len(cards) == 6 and len(held) == 7:
            cards = (*cards, self.community)
        if len(cards) != len(held) or len(held) < 3:
            return  # some of its cards only
        for i, card in enumerate(cards):
            if held[i] is None:
                self.claim(card, p, k)
                held[i] = card
            elif held[i] != card:
                raise self.fail(f"{self.players[p].name} shows other cards than dealt: {self.lines[k]!r}", k)
        if shown:
            self.showed.add(p)

    def show_draw(self, p: int, cards: tuple[int, ...], k: int, shown: bool) -> None:
        if len(cards) != HOLE[self.game]:
            return
        draws = self.draws.get(p, [])
        held = self.held.get(p)
        if held is not None and len(held) == len(cards):
            if sorted(held) != sorted(cards):  # type: ignore[type-var]
                raise self.fail(f"{self.players[p].name} shows other cards than held: {self.lines[k]!r}", k)
        elif p not in self.dealt_as and all(not thrown for thrown, _ in draws):  # pat all along
            for card in cards:
                self.claim(card, p, k)
            self.dealt_as[p] = cards
            self.held[p] = list(cards)
        if shown:
            self.showed.add(p)

    def boards(self) -> tuple[tuple[int, ...], ...]:
        for said, k in self.said_boards.values():
            if self.community is None or said != (self.community,):
                raise self.fail(f"the summary's board is not the card dealt to all: {self.lines[k]!r}", k)
        return ()

    # -- the hand --------------------------------------------------------------------------------------
    def hand(self) -> Hand:
        if self.stud:
            self.cards = {p: tuple(held) for p, held in sorted(self.held.items())  # type: ignore[misc]
                          if held and None not in held}
            draws: dict[int, tuple] = {}
            discards: dict[int, tuple[int, ...]] = {}
        else:
            self.cards = {p: self.dealt_as[p] for p in sorted(self.dealt_as)}
            draws = {p: tuple((thrown, tuple(drawn) + (None,) * (len(thrown) - len(drawn)))
                              for thrown, drawn in d) for p, d in sorted(self.draws.items()) if d}
            discards = first_discards(draws)
        if self.moved:
            self.actions = self.restreeted()
        hand = super().hand()
        small, big = self.small_blind, self.big_blind
        if self.stud:
            small, big = ZERO, small
        elif self.limit == "fixed-limit":
            small, big = self.posted_small if self.posted_small is not None else small / 2, small
        hand.__dict__.update(discards=discards, draws=draws, draw_rounds=self.draw_rounds,
                             bring_in=self.bring_in, small_blind=small, big_blind=big,
                             button=None if self.stud else self.button)
        return hand

    def restreeted(self) -> list:
        """The actions, those filed under an earlier round than the draw that began before them moved."""
        out, moved, street = [], self.moved, 0
        i = 0
        for k, a in enumerate(self.actions):
            while i < len(moved) and moved[i][0] <= k:
                street = max(street, moved[i][1])
                i += 1
            out.append(action(street, a.player, a.kind, a.amount) if a.street < street else a)
        return out


__all__ = ["DRAW", "STUD", "StarsGames", "parse"]
