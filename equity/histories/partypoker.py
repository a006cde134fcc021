"""partypoker text hand histories: hold'em, Omaha, Omaha hi-lo and short deck (trips above a straight);
no-limit, pot-limit and fixed-limit; cash games and tournaments; both of the site's text exports.

The classic export (to about 2019; cash games, and tournaments in dollars or chips)::

    ***** Hand History for Game 26011223344 *****
    $0.25/$0.50 USD NL Texas Hold'em - Friday, November 27, 11:30:00 GMT 2026
    Table Alderney (Real Money)
    Seat 3 is the button
    Total number of players : 6/6
    Seat 1: Quill Dancer ( $50 USD )
    Quill Dancer posts small blind [$0.25 USD].
    ** Dealing down cards **
    Dealt to Quill Dancer [  Ah Kd ]
    Bram raises [$1.50 USD]
    ** Dealing Flop ** [ 5h, 7d, Qs ]
    Quill Dancer is all-In  [$48.50 USD]
    Quill Dancer shows [ Ah, Kd ]a pair of Aces.
    Bram wins $98.10 USD from the main pot with a pair of Queens.

(``$2 USD PL Omaha``: a buy-in, the blinds then are the posts'; ``FL`` or no limit word is fixed-limit,
whose first stake is the big blind; tournaments: ``NL Texas Hold'em $11 USD Buy-in Trny: 59658935
Level: 7  Blinds(300/600) - ...``, or ``Tourney Hand NL Texas Hold'em - ...``, chips without symbol, and
blinds often not printed: they are posted from the ``Blinds(..)`` by the seats after the button). The
newer client's export::

    ***** Hand History For Game 1790012345678abcdefgh *****
    0.10/0.25 Omaha Hi Game Table (PL) - Mon Nov 30 12:55:26 EST 2026
    70000/140000 Tourney Texas Holdem Game Table (NL) (MTT Tournament #3011223) (Buyin $10 + $1) - ...
    Table Table 7488952 (Real Money) -- Seat 1 is the button
    Seat 1: Lark ($56.64)
    Lark posts big blind (0.25)  /  Lark raises 2.40 to 2.65  /  Lark calls (1.80)  /  Lark is all-In.
    ** Summary **
    Main Pot: $38.50 Rake: $2.0
    Lark balance $44.16, bet $23.17, collected $41.47, net +$18.30[ 9c, 7h, 8h, 4d ] [ a straight .. ]

Read in both: the seats (listed in any order; a seat that takes no part in the hand is not dealt in),
antes, blinds (``posts big blind + dead``: the small blind's part is dead), button blinds, bets, calls,
raises, all-ins, hero's cards, shown and mucked cards, the board, the winnings (``wins``, ``wins Lo``;
the newer summary's ``collected``), the newer export's cash-out (``opted for cash-out`` .. ``Cashout
Amount is``). The amounts of the classic export's actions (``raises [$x]``, ``is all-In [$x]``) and the
newer ``calls (x)``, ``raises x to y`` are the chips *added*. Neither export prints the uncalled bet: it
is what the actions give, and the site adds it to the winnings printed, so it is taken off them. The
classic export prints no rake: it is what was put in less what was won. Decimal commas (``$26,02``,
the Mac client) and thousands separators (``$2,127.50``, ``3,000``) are read.

Not read (a :class:`~equity.errors.HistoryError`): stud, Double Hold'em, and a hand whose blind was
posted by a player with no seat line.
"""

from __future__ import annotations

import re

from equity.errors import HistoryError
from equity.histories.model import Hand
from equity.histories.partypoker_body import PartyHand, amount, blinds
from equity.histories.reader import Site
from equity.histories.tokens import CURRENCIES, iso_date

HEADS = ("***** Hand History for Game ", "***** Hand History For Game ")
#: Game words, longest first, and equity's game.
GAMES = (("Omaha Hi-Lo", "omaha-hilo"), ("Omaha Hi/Lo", "omaha-hilo"), ("Omaha", "omaha"),
         ("Short Deck", "short-deck-trips"), ("Hold'em", "holdem"), ("Holdem", "holdem"))
LIMITS = {"NL": "no-limit", "PL": "pot-limit", "FL": "fixed-limit"}
MONTHS = {m: i + 1 for i, m in enumerate(("January", "February", "March", "April", "May", "June", "July",
                                          "August", "September", "October", "November", "December"))}
_CLASSIC_DATE = re.compile(r"\s*-?\s*(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,\s*([A-Z][a-z]+)\s+(\d+),\s+"
                           r"(\d+:\d\d:\d\d)\s+(?:([A-Z]+)\s+)?(\d{4})\s*$")
_NEW_DATE = re.compile(r"\s+-\s+[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d+) (\d+:\d\d:\d\d) "
                       r"(?:([A-Z]+) )?(\d{4})\s*$")
_TOURNEY = re.compile(r"(?:Trny:\s*|Tournament #)(\d+)")


def is_header(line: str) -> bool:
    """Whether ``line`` starts a partypoker hand."""
    return line.startswith(HEADS)


def parse(lines: list[str], source: str, line: int) -> Hand:
    """One hand's lines (the header first), ``line`` the number of the header in ``source``.

    Raises:
        HistoryError: an unknown game, an impossible card, an action line of an unknown shape, a hand with
            no winner; its ``where`` is the ``file:line`` of the offending line.
    """
    hand = PartyHand(lines, source, line)
    hand.id = lines[0][len(HEADS[0]):].partition(" ")[0]
    if len(lines) < 3:
        raise hand.fail("truncated hand: no game line", len(lines) - 1)
    desc = lines[1].strip()
    if " Game Table (" in desc:
        _newer(hand, desc)
    else:
        _classic(hand, desc)
    return hand.read()


def _game(hand: PartyHand, words: str) -> None:
    for word, game in GAMES:
        if word in words and "Double" not in words and "Stud" not in words:
            hand.game = game
            return
    raise hand.fail(f"unknown game {words.strip()!r}", 1)


def _newer(hand: PartyHand, desc: str) -> None:
    """``0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026`` and its tournament form."""
    found = _NEW_DATE.search(desc)
    if found is None:
        raise hand.fail(f"no date in {desc!r}", 1)
    month, day, time, zone, year = found.groups()
    month = next(n for name, n in MONTHS.items() if name.startswith(month))
    hand.date = iso_date(f"{year}/{month:02d}/{int(day):02d}", time, zone or "")
    desc = desc[:found.start()]
    stakes, _, rest = desc.partition(" ")
    words, _, tail = rest.partition(" Game Table (")
    _game(hand, words)
    hand.limit = LIMITS.get(tail[:2], "")
    if not hand.limit:
        raise hand.fail(f"unknown limit in {desc!r}", 1)
    small, _, big = stakes.partition("/")
    hand.small_blind, hand.big_blind = amount(small), amount(big)
    tourney = _TOURNEY.search(tail)
    if tourney or words.startswith("Tourney"):
        hand.tournament = tourney.group(1) if tourney else ""
    hand.newer = True


def _classic(hand: PartyHand, desc: str) -> None:
    """``$0.25/$0.50 USD NL Texas Hold'em - Friday, November 27, 11:30:00 GMT 2026`` and its other forms."""
    found = _CLASSIC_DATE.search(desc)
    if found is None:
        raise hand.fail(f"no date in {desc!r}", 1)
    month, day, time, zone, year = found.groups()
    hand.date = iso_date(f"{year}/{MONTHS.get(month, 0):02d}/{int(day):02d}", time, zone or "")
    desc = desc[:found.start()]
    words = desc.split()
    _game(hand, desc)
    limit = next((w for w in words if w in LIMITS), "FL")
    hand.limit = LIMITS[limit]
    cash = desc[:1] in CURRENCIES and "Buy-in" not in desc and "Trny" not in desc
    if not cash:
        tourney = _TOURNEY.search(desc)
        hand.tournament = tourney.group(1) if tourney else ""
        blinds(hand, desc)
        return
    stakes = words[0]
    code = next((w for w in words[1:3] if w in CURRENCIES.values()), CURRENCIES[stakes[0]])
    hand.currency = code
    if "/" in stakes:
        small, _, big = stakes.partition("/")
        if hand.limit == "fixed-limit":
            hand.big_blind = amount(small)  # the small bet; the small blind is posted
        else:
            hand.small_blind, hand.big_blind = amount(small), amount(big)


SITE = Site("partypoker", "partypoker", heads=HEADS, parse=parse, is_header=is_header)

__all__ = ["SITE", "HistoryError", "is_header", "parse"]
