"""888poker text hand histories (and Pacific Poker's, Cassava's, 888.es/.ro/.pt/.ca-on's before and
beside them): hold'em, Omaha and Omaha hi-lo; no-limit, pot-limit and fixed-limit; cash games (dollars,
euros, pounds, practice chips; jackpot tables) and tournaments (BLAST included).

A hand starts::

    #Game No : 1455001122
    ***** 888poker Hand History for Game 1455001122 *****
    $0.01/$0.02 Blinds No Limit Holdem - *** 27 11 2026 14:03:11
    Table Ostrava 6 Max (Real Money)
    Seat 3 is the button
    Total number of players : 6
    Seat 1: Name ( $2.00 )

(``***** Cassava Hand History ..``, ``***** 888poker Snap Poker Hand History ..``; stakes such as
``0,01 $/0,02 $`` or ``25 000/50 000``; ``Pot Limit OmahaHL``, ``Fix Limit Holdem``, ``.. Holdem Jackpot
table``; the date is day, month, year, sometimes left out; a tournament's fourth line is
``Tournament #900112233 $10 + $1 - Table #4 9 Max (Real Money)`` or ``Tournament #900112234 Free 10
Max (Real Money)``, and its chips are ``"chips"``, as practice play's are). A hand is cut at its
``*****`` line (partypoker writes ``#Game No`` lines too); the ``#Game No`` line before it is skipped,
and the hand's ``line`` is that of the ``*****`` line. The body
(:mod:`equity.histories.poker888_body`): ``Name posts small blind [$0.01]``, ``.. posts ante [$0.05]``,
``.. posts dead blind [$0.01 + $0.02]``, ``Name folds | checks | calls [x] | bets [x] | raises [x]``
(each amount what it adds), ``** Dealing down cards **``, ``** Dealing flop ** [ 5h, 7d, Qs ]``,
``** Dealing turn ** [ 2c ]``, ``Dealt to Name [ Ah, Kd ]``, ``** Summary **``, ``Name shows [ .. ]``,
``Name mucks [ .. ]``, ``(Hi: ..)``, ``Name collected [ $0.10 ]`` (twice for hi and lo). 888 deals no
run twice and offers no cash-out; its histories print no rake: the rake (jackpot fee included) is the
pot less what was collected, 0 in a tournament (where a summary that misses chips is an error). A hand
with no ``collected`` line (a pot the site never awarded) is read without winnings. A BLAST's forced
all-in, where every player posts the whole stack as an ante, is read as live bets, so the biggest
stack's excess comes back. Not read: histories written in another language's card names
(``[ 8Pik, Knh ]``): their cards are errors.
"""

from __future__ import annotations

from equity.histories.model import Hand
from equity.histories.poker888_body import Body, amount
from equity.histories.reader import Site

HEADS = ("***** 888", "***** Cassava ", "***** Pacific ", "***** LuckyAcePoker")
LIMITS = (("No Limit ", "no-limit"), ("Pot Limit ", "pot-limit"), ("Fix Limit ", "fixed-limit"),
          ("Fixed Limit ", "fixed-limit"), ("Limit ", "fixed-limit"))
GAMES = {"Holdem": "holdem", "Hold'em": "holdem", "Texas Hold'em": "holdem", "Omaha": "omaha",
         "OmahaHL": "omaha-hilo", "Omaha Hi/Lo": "omaha-hilo", "Omaha Hi-Lo": "omaha-hilo"}
CURRENCIES = {"$": "USD", "€": "EUR", "\x80": "EUR", "£": "GBP"}
_PLAY = ("(Practice Play)", "(Play Money)")
_TABLE = ("Seat ", "Table ", "Tournament #", "Total number of players")


def is_header(line: str) -> bool:
    """Whether ``line`` starts an 888poker hand: its ``*****`` line (the ``#Game No`` line before it is
    skipped: partypoker writes one too)."""
    return line.startswith(HEADS) and " Hand History for Game " in line


def parse(lines: list[str], source: str, line: int) -> Hand:
    """One hand's lines (the header first), ``line`` the number of the header in ``source``.

    Raises:
        HistoryError: a truncated hand, an unknown game, an impossible card, an action line of an unknown
            shape, chips that do not add up; its ``where`` is the ``file:line`` of the offending line.
    """
    while len(lines) > 1 and (not lines[-1].strip() or lines[-1].startswith("#Game No : ")):
        lines = lines[:-1]  # the next hand's first line
    body = Body(lines, source, line)
    fields = {"id": lines[0].rpartition(" for Game ")[2].strip(" *"), "button": None, "table": None,
              "tournament": None}
    if len(lines) < 3:
        raise body.fail(f"truncated hand: nothing after {lines[-1]!r}", len(lines) - 1)
    try:
        _stakes(lines[1], fields)
    except (ValueError, LookupError) as e:
        raise body.fail(f"cannot read the game and stakes of {lines[1]!r} ({e})", 1) from None
    body.game = fields["game"]
    k = 2
    while k < len(lines) and (not lines[k].strip() or lines[k].startswith(_TABLE)):
        try:
            _table_line(body, lines[k].rstrip(), k, fields)
        except (ValueError, LookupError) as e:
            raise body.fail(f"cannot read {lines[k]!r} ({e})", k) from None
        k += 1
    if not body.players:
        raise body.fail(f"no seat after {lines[k - 1]!r}", k - 1)
    summary = body.body(k)
    if summary < 0:
        raise body.fail(f"truncated hand: no '** Summary **' after {lines[-1]!r}", len(lines) - 1)
    if any(w in lines[2] for w in _PLAY) or fields["tournament"] is not None:
        fields["currency"] = "chips"
    return body.hand(fields, summary)


def _stakes(line: str, fields: dict) -> None:
    """``$0.01/$0.02 Blinds No Limit Holdem - *** 27 11 2026 14:03:11``."""
    stakes, blinds, desc = line.partition(" Blinds ")
    if not blinds:
        raise ValueError("no ' Blinds '")
    small, _, big = stakes.partition("/")
    fields["small_blind"], fields["big_blind"] = amount(small), amount(big)
    fields["currency"] = next((code for sign, code in CURRENCIES.items() if sign in stakes), "chips")
    desc, _, when = desc.partition(" - ***")
    desc = desc.strip().removesuffix(" Jackpot table")
    prefix, fields["limit"] = next((word, limit) for word, limit in LIMITS if desc.startswith(word))
    game = desc[len(prefix):].strip()
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    fields["game"] = GAMES[game]
    day = when.split()
    if len(day) == 4:
        time = day[3] if len(day[3]) == 8 else "0" + day[3]
        fields["date"] = f"{day[2]}-{day[1]}-{day[0]}T{time}"
    elif day:
        raise ValueError(f"no date in {when!r}")


def _table_line(body: Body, line: str, k: int, fields: dict) -> None:
    """A line between the stakes and the first post: the table, the button, the count, a seat."""
    if line.startswith("Seat ") and line.endswith(" is the button"):
        fields["button"] = int(line[5:-14])
    elif line.startswith("Seat "):
        body.seat(line, k)
    elif line.startswith("Tournament #"):
        fields["tournament"], _, rest = line[12:].partition(" ")
        at = rest.find(" - Table #")
        fields["table"] = rest[at + 10:].split(" ")[0] if at >= 0 else None
    elif line.startswith("Table "):
        name = line[6:]
        for tail in (" (Real Money)", *(" " + play for play in _PLAY)):
            name = name.removesuffix(tail)
        words = name.split(" ")
        if len(words) > 2 and words[-1] == "Max" and words[-2].isdigit():
            name = " ".join(words[:-2])
        fields["table"] = name


SITE = Site("888poker", "888poker", heads=HEADS, parse=parse, is_header=is_header)
