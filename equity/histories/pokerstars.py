"""PokerStars text hand histories: hold'em, 6+ hold'em, Omaha and Omaha hi-lo with 4 or 5 cards, cash
games (dollars, euros, pounds, play chips; capped tables) and tournaments.

The header names the hand, the game and the stakes::

    PokerStars Hand #254112233445:  Hold'em No Limit ($0.25/$0.50 USD) - 2026/11/27 9:03:11 ET
    PokerStars Zoom Hand #254112233446:  Omaha Hi/Lo Pot Limit ($0.05/$0.10) - ...
    PokerStars Hand #254112233447: Tournament #3811223344, $10+$1 USD Hold'em No Limit - Level V (100/200)
        - 2026/11/27 21:40:05 CET [2026/11/27 15:40:05 ET]

(``PokerStars Game #`` and ``PokerStars Home Game Hand #`` as well; a tournament's chips are
``"chips"``; the date is the first one printed, with its zone). The body is
:mod:`equity.histories.text`'s, plus All-in Cash Out: ``Name cashed out the hand for $9.53 | Cash Out
Fee $0.10``; the cashed-out player gets that amount, and a pot they would have won goes to the site.
Run it twice: ``*** FIRST TURN *** [..] [..]`` .. ``*** SECOND RIVER ***``, ``FIRST Board [..]``.
"""

from __future__ import annotations

from equity.histories.model import ZERO, CashOut, Hand
from equity.histories.reader import Site
from equity.histories.text import HandText
from equity.histories.tokens import currency_of, iso_date, money, variant

HEADERS = ("PokerStars Hand #", "PokerStars Zoom Hand #", "PokerStars Game #", "PokerStars Home Game Hand #",
           "PokerStars Zoom Game #")
GAMES = (("5 Card Omaha Hi/Lo", "omaha5-hilo"), ("5 Card Omaha", "omaha5"),
         ("6 Card Omaha Hi/Lo", "omaha6-hilo"), ("6 Card Omaha", "omaha6"),
         ("Omaha Hi/Lo", "omaha-hilo"), ("Omaha", "omaha"),
         ("6+ Hold'em", "short-deck-trips"), ("Hold'em", "holdem"))


def is_header(line: str) -> bool:
    """Whether ``line`` starts a PokerStars hand."""
    return line.startswith("PokerStars ") and line.startswith(HEADERS)


def parse(lines: list[str], source: str, line: int) -> Hand:
    """One hand's lines (the header first), ``line`` the number of the header in ``source``.

    Raises:
        HistoryError: a truncated hand, an unknown game, an impossible card, an action line of an unknown
            shape; its ``where`` is the ``file:line`` of the offending line.
    """
    return _Stars.parse(lines, source, line)


class _Stars(HandText):
    site = "pokerstars"

    def header(self, line: str) -> None:
        head, _, rest = line.partition(": ")
        self.id = head.rpartition("#")[2]
        rest = rest.strip()
        if rest.startswith("{"):
            rest = rest.partition("}")[2].strip()
        desc, _, when = rest.rpartition(" - ")
        day, time, *zone = when.partition(" [")[0].split()
        self.date = iso_date(day, time, zone[0] if zone else "")
        self.described(desc)

    def describe(self, desc: str) -> None:
        desc, stakes = self.stakes(desc)
        self.game, self.limit = variant(desc, GAMES, self.where(0))
        words = stakes.split()
        if stakes.startswith("Button Blind "):
            self.big_blind, self.ante = money(words[2]), money(words[5])
        else:
            small, _, big = words[0].partition("/")
            self.small_blind, self.big_blind = money(small), money(big)
            if "Cap" in words:
                self.cap = money(words[words.index("Cap") - 1])
        if self.tournament is None:
            code = words[-1]
            self.currency = code if len(code) == 3 and code.isalpha() else currency_of(words[0]) or "chips"

    def loose(self, line: str, k: int) -> None:
        name, cashed, rest = line.partition(" cashed out the hand for ")
        if cashed:
            amount, _, fee = rest.partition(" | Cash Out Fee ")
            fee = money(fee.strip()) if fee else ZERO
            self.cash_outs[self.who(name, k)] = CashOut(money(amount.strip()), fee)


SITE = Site("pokerstars", "PokerStars", heads=HEADERS, parse=parse, is_header=is_header)
