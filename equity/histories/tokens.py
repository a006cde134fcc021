"""The tokens of PokerStars and GGPoker text histories: amounts, cards, dates, game names; and the
actions, one shared copy of each."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from equity.cards import CARD_NAMES, parse_cards
from equity.errors import EquityError, HistoryError
from equity.games import GAMES
from equity.histories.model import ZERO, Action, Player

CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₮": "USDT", "₹": "INR"}
_SYMBOLS = "".join(CURRENCIES)
_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
#: Hole cards per game, to tell a whole hand from a card or two shown: the games registry's.
HOLE = {name: game.hole for name, game in GAMES.items()}
#: Actions and seats are values; one copy of each serves every hand (a cache is cleared when it grows
#: large): a seat line repeats from hand to hand while its player's stack stays the same.
_ACTIONS: dict[tuple, Action] = {}
_SEATS: dict[str, Player | None] = {}
_LARGE = 50_000


STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
POSTS = (("small blind ", "blind"), ("big blind ", "blind"), ("the ante ", "ante"), ("ante ", "ante"),
          ("button blind ", "blind"), ("missed blind ", "dead-blind"), ("dead blind ", "dead-blind"),
          ("small & big blinds ", "both"))
#: Lines of a player that neither move chips nor show cards.
QUIET = ("is sitting out", "sits out", "has returned", "has timed out", "is disconnected", "is connected",
          "leaves the table", "will be allowed", "was removed", "said,", "joins", "finished the tournament",
          "wins the", "re-buys", "takes the add-on", "stands up", "sits down", "get an all-in insurance",
          "pay premium of all-in insurance", "is low with", "is high with")
_LIMITS = ((" No Limit", "no-limit"), (" Pot Limit", "pot-limit"), (" Fixed Limit", "fixed-limit"),
           (" Limit", "fixed-limit"))


def variant(text: str, games: tuple[tuple[str, str], ...], where: str) -> tuple[str, str]:
    """The game and limit that ``text`` ends with (``"... Omaha Hi/Lo Pot Limit"``), from a site's
    ``games`` (its names, longest first, and equity's); a game with no limit word is pot-limit
    (GGPoker's ``PLO``)."""
    text = text.strip()
    limit = "pot-limit"
    for word, name in _LIMITS:
        if text.endswith(word):
            text, limit = text[:-len(word)], name
            break
    for word, game in games:
        if text.endswith(word):
            return game, limit
    raise HistoryError(f"unknown game {text!r}", where)


def money(token: str) -> Decimal:
    """``'$1,059.65'`` -> ``Decimal('1059.65')``: a currency symbol and thousands commas dropped."""
    if token[:1] in _SYMBOLS:
        token = token[1:]
    if "," in token:
        token = token.replace(",", "")
    return Decimal(token)


def currency_of(amount: str) -> str | None:
    """The currency an amount's symbol names (``'$0.02'`` -> ``'USD'``), else None."""
    return CURRENCIES.get(amount[:1])


def iso_date(day: str, time: str, zone: str = "") -> str:
    """``'2026/11/27', '4:03:11', 'ET'`` -> ``'2026-11-27T04:03:11 ET'``."""
    if len(time) == 7:
        time = "0" + time
    return day.replace("/", "-") + "T" + time + (" " + zone if zone else "")


def card_ids(text: str, where: str) -> tuple[int, ...]:
    """The cards of ``'Ah Kd'`` (brackets allowed) as ids; a token that is no card is a HistoryError."""
    tokens = text.replace("[", " ").replace("]", " ").split()
    try:
        return tuple([_CARD[token] for token in tokens])
    except KeyError:
        pass
    out = []
    for token in tokens:
        card = _CARD.get(token)
        if card is None:
            try:
                (card,) = parse_cards(token)
            except (EquityError, ValueError):
                raise HistoryError(f"{token!r} is not a card", where) from None
        out.append(card)
    return tuple(out)


def action(street: int, player: int, kind: str, amount: Decimal = ZERO) -> Action:
    key = (street, player, kind, amount)
    found = _ACTIONS.get(key)
    if found is None:
        if len(_ACTIONS) > _LARGE:
            _ACTIONS.clear()
        found = _ACTIONS[key] = Action(street, player, kind, amount)
    return found


def amount_in(text: str, where: str) -> Decimal:
    """The amount inside the first ``( )`` of ``text``."""
    start = text.find("(")
    try:
        return money(text[start + 1:text.index(")", start)])
    except (ValueError, InvalidOperation):
        raise HistoryError(f"no amount in {text!r}", where) from None


def table_of(line: str) -> tuple[str, int | None]:
    """The table's name and the button's seat of ``Table 'Name' 6-max Seat #3 is the button``."""
    end = line.rfind("' ")
    at = line.find("Seat #", end)
    return line[7:end], int(line[at + 6:].partition(" ")[0]) if at >= 0 else None


def seat_of(line: str) -> Player | None:
    """The player of ``Seat 3: Name ($12.40 in chips)``; None for a seat not dealt in (sitting out)."""
    found = _SEATS.get(line, ZERO)
    if found is not ZERO:
        return found
    head, _, rest = line.partition(": ")
    end = rest.find(" in chips")
    if end < 0 or rest.endswith(("is sitting out", "out of hand")) or " out of hand " in rest:
        found = None
    else:
        start = rest.rfind(" (", 0, end)
        found = Player(int(head[5:]), rest[:start], money(rest[start + 2:end]))
    if len(_SEATS) > _LARGE:
        _SEATS.clear()
    _SEATS[line] = found
    return found
