"""GGPoker text hand histories: hold'em, PLO, PLO-5, PLO-6 and short deck; cash games and tournaments.

The header::

    Poker Hand #RC2026112701: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11
    Poker Hand #OM2026112702: PLO-5 ($0.25/$0.5) - ...
    Poker Hand #TM2026112703: Tournament #270011, Sunday Special $25 Hold'em No Limit - Level9(150/300) - ...

(``Omaha Pot Limit`` and ``PLO`` are both Omaha; ``ShortDeck`` is short deck with three of a kind above a
straight; no time zone is printed). Every seat gets a ``Dealt to Name`` line, with cards only for the
hero. The body is :mod:`equity.histories.text`'s; the summary's ``Total pot $x | Rake $r | Jackpot $j |
Bingo $b | Fortune $f | Tax $t`` gives every fee. Run it twice: ``*** FIRST FLOP ***`` ..
``Hand was run two times``, ``SECOND Board [..]`` listing only the cards of its own run.

EV Cashout: ``Name: Chooses to EV Cashout``, then ``Name: Pays Cashout Risk ($x)`` when the player
goes on to win (the pot is collected and the risk paid back) or ``Name: Receives Cashout ($x)`` when
the player loses; the cash-out is what the player ends with: collected + received - risk (GGPoker does
not print its fee). A ``Cash Drop to Pot : total $x`` is chips the site put in the pot (the hand's
``added``).
"""

from __future__ import annotations

from decimal import Decimal

from equity.histories.model import ZERO, CashOut, Hand
from equity.histories.reader import Site
from equity.histories.text import HandText
from equity.histories.tokens import amount_in, currency_of, iso_date, money, variant

GAMES = (("PLO-5", "omaha5"), ("PLO-6", "omaha6"), ("PLO5", "omaha5"), ("PLO6", "omaha6"), ("PLO", "omaha"),
         ("5 Card Omaha", "omaha5"), ("6 Card Omaha", "omaha6"), ("Omaha", "omaha"),
         ("ShortDeck", "short-deck-trips"), ("6+ Hold'em", "short-deck-trips"), ("Hold'em", "holdem"))


def is_header(line: str) -> bool:
    """Whether ``line`` starts a GGPoker hand."""
    return line.startswith("Poker Hand #")


def parse(lines: list[str], source: str, line: int) -> Hand:
    """As :func:`equity.histories.pokerstars.parse`, for a GGPoker hand."""
    return _GG.parse(lines, source, line)


class _GG(HandText):
    site = "ggpoker"

    def header(self, line: str) -> None:
        head, _, rest = line.partition(": ")
        self.id = head[12:]
        desc, _, when = rest.rpartition(" - ")
        day, time = when.split()[:2]
        self.date = iso_date(day, time)
        self.described(desc)
        self.chose: set[int] = set()
        self.risk: dict[int, Decimal] = {}
        self.received: dict[int, Decimal] = {}

    def describe(self, desc: str) -> None:
        desc, stakes = self.stakes(desc)
        if self.tournament is None:
            self.currency = currency_of(stakes) or "chips"
        self.game, self.limit = variant(desc, GAMES, self.where(0))
        small, _, big = stakes.partition("/")
        if big:
            self.small_blind, self.big_blind = money(small), money(big)
        else:
            self.ante = self.big_blind = money(small)

    def verb(self, p: int, rest: str, k: int) -> bool:
        if rest.startswith("Chooses to EV Cashout"):
            self.chose.add(p)
        elif rest.startswith("Pays Cashout Risk ("):
            self.risk[p] = self.risk.get(p, ZERO) + amount_in(rest, self.where(k))
        elif rest.startswith("Receives Cashout ("):
            self.received[p] = self.received.get(p, ZERO) + amount_in(rest, self.where(k))
        else:
            return False
        return True

    def loose(self, line: str, k: int) -> None:
        if line.startswith("Cash Drop to Pot"):
            self.added += money(line.rpartition(" ")[2])

    def settle(self) -> None:
        for p in sorted(self.chose | self.risk.keys() | self.received.keys()):
            paid = self.won.get(p, ZERO) + self.received.get(p, ZERO) - self.risk.get(p, ZERO)
            self.cash_outs[p] = CashOut(paid)


SITE = Site("ggpoker", "GGPoker", heads=("Poker Hand #",), parse=parse, is_header=is_header)
