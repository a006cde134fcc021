"""The PokerStars header, shared by every PokerStars game: the hand's id, date, game and stakes
(:class:`StarsText`), and the body lines of its own (All-in Cash Out); :mod:`equity.histories.pokerstars`
is the site, :mod:`equity.histories.pokerstars_games` the stud and draw games' body."""

from __future__ import annotations

from equity.games import GAMES as REGISTRY
from equity.histories.model import ZERO, CashOut
from equity.histories.text import HandText
from equity.histories.tokens import currency_of, iso_date, money, variant

HEADERS = ("PokerStars Hand #", "PokerStars Zoom Hand #", "PokerStars Game #", "PokerStars Home Game Hand #",
           "PokerStars Zoom Game #")
GAMES = (("5 Card Omaha Hi/Lo", "omaha5-hilo"), ("5 Card Omaha", "omaha5"),
         ("6 Card Omaha Hi/Lo", "omaha6-hilo"), ("6 Card Omaha", "omaha6"),
         ("Omaha Hi/Lo", "omaha-hilo"), ("Omaha", "omaha"),
         ("6+ Hold'em", "short-deck-trips"), ("Hold'em", "holdem"),
         ("7 Card Stud Hi/Lo", "stud8"), ("7 Card Stud", "stud"), ("Razz", "razz"), ("5 Card Draw", "draw"),
         ("2-7 Lowball", "2-7"), ("Badugi", "badugi"))
#: The games read by :mod:`equity.histories.pokerstars_games`: those dealt without a board.
STUD_DRAW = frozenset(name for name, game in REGISTRY.items() if not game.board)


class StarsText(HandText):
    """A PokerStars hand being read: its header, then the shared body (:class:`HandText`)."""

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
        if ", " in stakes:  # a mixed game's cash table: 8-Game (Razz Limit, $1/$2 USD)
            desc, _, stakes = stakes.rpartition(", ")
        elif desc.endswith(")"):  # a mixed game's tournament: .. 8-Game (Razz Limit) - Level I (10/20)
            desc = desc[desc.rindex("(") + 1:-1]
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
