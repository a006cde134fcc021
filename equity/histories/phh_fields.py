"""A PHH hand's fields (:mod:`equity.histories.phh`): the variant codes and the games they name, the
stakes the forced bets give, the standard's fields and the user-defined ``_`` ones equity writes for what
the standard cannot hold (:data:`USER_FIELDS`), each read and checked into chips, cards, seats and players.

A field that is missing or of the wrong type is a :class:`~equity.errors.HistoryError` at the hand's
``file:line``; a bad card in an action, at the action's own line.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

from equity.cards import CARD_NAMES
from equity.errors import HistoryError
from equity.games import Game
from equity.histories.model import ZERO, CashOut

#: equity's game for each PHH game code (a variant less its limit letter): the standard's codes, and in
#: their pattern those of games the standard does not name (Omaha 5 and 6, their hi-lo forms, short deck
#: with trips above straights, five-card draw, single-draw badugi).
GAME_CODES = {"T": "holdem", "S": "short-deck", "ST": "short-deck-trips", "O": "omaha", "O5": "omaha5",
              "O6": "omaha6", "O/8": "omaha-hilo", "O5/8": "omaha5-hilo", "O6/8": "omaha6-hilo",
              "7S": "stud", "7S/8": "stud8", "R": "razz", "2L1D": "2-7", "5CD": "draw", "B1D": "badugi"}
#: The triple draws: equity's single-draw game with the same hand values, for each PHH code. Their hands
#: are read (chips, results, the showdown on the final hands); their all-ins are not priced.
TRIPLE_DRAWS = {"2L3D": "2-7", "B": "badugi"}
LIMITS = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}
#: The standard's fields, in its order.
FIELDS = ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet",
          "big_bet", "min_bet", "starting_stacks", "actions", "author", "event", "url", "venue", "address",
          "city", "region", "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day",
          "month", "year", "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks",
          "winnings", "currency", "currency_symbol", "time_limit", "time_banks")
#: The user-defined fields equity writes and reads, for what the standard cannot hold: ``_rake`` and
#: ``_fees`` (name = amount), ``_added`` (chips the site put in the pot: a cash drop), ``_cash_outs``
#: (``pN = [amount, fee]``), ``_boards`` (every run's board when run more than once), ``_tournament``,
#: ``_hero`` (``pN``), ``_button`` (a seat), ``_cap``, ``_date`` (a date the fields year .. time_zone
#: cannot spell), and the stakes where the forced bets do not give them: ``_small_blind``,
#: ``_big_blind``, ``_ante``, ``_bring_in``.
USER_FIELDS = ("_rake", "_fees", "_added", "_cash_outs", "_boards", "_tournament", "_hero", "_button", "_cap",
               "_date", "_small_blind", "_big_blind", "_ante", "_bring_in")
#: The fields that, with ``hand``, name a hand.
_IDENTITY = ("event", "_tournament", "table", "year", "month", "day", "time")
_ACTIONS_KEY = re.compile(r"^[ \t]*actions[ \t]*=[ \t]*\[", re.M)
_STRINGS = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|#[^\n]*|\]")
_CARD = {name: i for i, name in enumerate(CARD_NAMES)} | {"??": None}
#: A player's label: ``p1``, ``p2`` ...
PLAYER = re.compile(r"p([1-9][0-9]*)")


def _amount(value: Any, what: str, where: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal) or value != value or value < 0:
        raise HistoryError(f"{what} is {value!r}: a number of chips (0 or more) was expected", where)
    return Decimal(value)


def stakes(game: Game, antes: list[Decimal], blinds: list[Decimal], small_bet: Decimal | None,
           min_bet: Decimal | None) -> tuple[Decimal, Decimal, Decimal]:
    """The small blind, big blind and ante the forced bets give in ``game`` (as the fields ``antes`` and
    ``blinds_or_straddles`` are written: heads-up not yet reversed): a blind game's first two blinds (its
    big blind else its small bet or min bet), a stud game's small bet; the ante all players post, else
    0."""
    small = blinds[0] if game.has_button and blinds else ZERO
    big = blinds[1] if game.has_button and len(blinds) > 1 else ZERO
    if not big:
        big = small_bet or min_bet or ZERO
    ante = antes[0] if antes and all(a == antes[0] for a in antes) else ZERO
    return small, big, ante


class Fields:
    """One hand's ``fields``, the table read from line ``line`` of ``source`` (``text``: the file's text,
    where the hand's part starts and ends), read and checked on demand."""

    def __init__(self, fields: dict, source: str, line: int, text: tuple[str, int, int]) -> None:
        self.f, self.source, self.line, self.text = fields, source, line, text
        self.where = f"{source}:{line}"

    def fail(self, reason: str, k: int | None = None) -> HistoryError:
        """An error at the hand's line, or at action ``k``'s (quoted)."""
        if k is None:
            return HistoryError(reason, self.where)
        action = self.f["actions"][k]
        return HistoryError(f"action {action!r}: {reason}", f"{self.source}:{self._action_line(k)}")

    def _action_line(self, k: int) -> int:
        text, start, end = self.text
        text = text[start:end]
        key = _ACTIONS_KEY.search(text)
        if key is None:
            return self.line
        n = -1
        for m in _STRINGS.finditer(text, key.end()):
            token = m[0]
            if token == "]":
                break
            if token[0] != "#":
                n += 1
                if n == k:
                    return self.line + text.count("\n", 0, m.start())
        return self.line

    def need(self, key: str, kind: type | tuple[type, ...]) -> Any:
        value = self.f.get(key)
        if value is None:
            raise self.fail(f"no {key!r}: a PHH hand sets variant, antes, blinds_or_straddles (stud: "
                            "bring_in), starting_stacks and actions")
        if not isinstance(value, kind):
            raise self.fail(f"{key} is {value!r}, not a {getattr(kind, '__name__', 'value of its type')}")
        return value

    def amounts(self, key: str, n: int | None) -> list[Decimal]:
        values = self.need(key, list)
        if n is not None and len(values) != n:
            raise self.fail(f"{key} has {len(values)} values for {n} players")
        if all((type(v) is int or type(v) is Decimal and v.is_finite()) and v >= 0 for v in values):
            return [Decimal(v) for v in values]  # the usual case, at once
        return [_amount(v, f"{key}[{i}]", self.where) for i, v in enumerate(values)]

    def optional(self, key: str) -> Decimal | None:
        value = self.f.get(key)
        return None if value is None else _amount(value, key, self.where)

    def game(self) -> tuple[str, str, int]:
        """The variant's game, limit and, for a triple draw, its draws (3; else 0)."""
        variant = self.need("variant", str)
        limit, code = LIMITS.get(variant[:1]), variant[1:]
        if limit is not None and code in GAME_CODES:
            return GAME_CODES[code], limit, 0
        if limit is not None and code in TRIPLE_DRAWS:
            return TRIPLE_DRAWS[code], limit, 3
        raise self.fail(f"unknown variant {variant!r}: the PHH variants are a limit (N, P, F) and a game "
                        f"({', '.join(GAME_CODES)}), as in NT, PO, FO/8, F7S, N2L1D")

    def cards(self, text: str, k: int, low_card: int) -> list[int | None]:
        """The cards of ``text`` (None for ``??``), each in the deck from ``low_card`` (16 in short deck)."""
        if len(text) == 4 and not low_card:  # two cards, the usual deal
            a, b = _CARD.get(text[:2], -1), _CARD.get(text[2:], -1)
            if a != -1 and b != -1:
                return [a, b]
        if len(text) % 2:
            raise self.fail(f"cards {text!r}: each card is two characters (As, Td, ?? when unknown)", k)
        out = []
        for i in range(0, len(text), 2):
            card = _CARD.get(text[i:i + 2], -1)
            if card == -1 or card is not None and card < low_card:
                deck = " in short deck (6 to A)" if card != -1 else ""
                raise self.fail(f"{text[i:i + 2]!r} is not a card{deck}: a rank 2-9 T J Q K A and a suit "
                                "c d h s, or ?? when unknown", k)
            out.append(card)
        return out

    def identity(self) -> tuple:
        """What names the hand (:attr:`~equity.histories.model.Hand.identity`): ``("venue", VENUE, HAND)``
        where the file names the venue and the hand's number (the venue's own id); else the number with the
        other identity fields (event, table, date and time) where any is given; else ``()``: the hand is
        known by its content (a number alone repeats from session to session)."""
        number = self.f.get("hand")
        venue = self.f.get("venue")
        if number is not None and isinstance(venue, str) and venue.strip():
            return "venue", venue.strip(), str(number)
        others = tuple(self.f.get(k) for k in _IDENTITY)
        if number is not None and any(v is not None for v in others):
            return ("phh", str(number), *(str(v) if v is not None else None for v in others))
        return ()

    def date(self) -> str | None:
        """``YYYY[-MM[-DD]][THH:MM:SS][ zone]`` from year, month, day, time and the time zone."""
        parts = [self.f.get(k) for k in ("year", "month", "day")]
        if not isinstance(parts[0], int):
            return None
        date = f"{parts[0]:04d}"
        for part in parts[1:]:
            if not isinstance(part, int):
                break
            date += f"-{part:02d}"
        time = self.f.get("time")
        if isinstance(time, dt.time) and date.count("-") == 2:
            date += f"T{time.isoformat()}"
        zone = self.f.get("time_zone_abbreviation") or self.f.get("time_zone")
        return f"{date} {zone}" if isinstance(zone, str) and zone else date


class UserFields:
    """The user-defined fields this reader knows (:data:`USER_FIELDS`)."""

    def __init__(self, hand: Fields, at: list[int]) -> None:
        self.hand, self.f, self.at = hand, hand.f, at

    def amount(self, key: str, default: Decimal | None = None) -> Decimal | None:
        return default if key not in self.f else _amount(self.f[key], key, self.hand.where)

    def text(self, key: str) -> str | None:
        value = self.f.get(key)
        return None if value is None else str(value)

    def player(self, key: str) -> int | None:
        value = self.f.get(key)
        if value is None:
            return None
        match = PLAYER.fullmatch(value) if isinstance(value, str) else None
        if match is None or int(match[1]) > len(self.at):
            raise self.hand.fail(f"{key} is {value!r}: a player (p1 .. p{len(self.at)}) was expected")
        return self.at[int(match[1]) - 1]

    def seat(self, key: str, default: int | None) -> int | None:
        value = self.f.get(key, default)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.hand.fail(f"{key} is {value!r}: a seat number was expected")
        return value

    def fees(self) -> dict[str, Decimal]:
        fees = self.f.get("_fees", {})
        if not isinstance(fees, dict):
            raise self.hand.fail(f"_fees is {fees!r}: a table of fee = amount was expected")
        return {str(k): _amount(v, f"_fees.{k}", self.hand.where) for k, v in fees.items()}

    def cash_outs(self) -> dict[int, CashOut]:
        outs = self.f.get("_cash_outs", {})
        if not isinstance(outs, dict) or not all(isinstance(v, list) and len(v) == 2 for v in outs.values()):
            raise self.hand.fail(f"_cash_outs is {outs!r}: a table of pN = [amount, fee] was expected")
        out = {}
        for label, (amount, fee) in outs.items():
            match = PLAYER.fullmatch(label)
            if match is None or int(match[1]) > len(self.at):
                raise self.hand.fail(f"_cash_outs names {label!r}: a player (p1 .. p{len(self.at)}) was "
                                     "expected")
            where = self.hand.where
            out[self.at[int(match[1]) - 1]] = CashOut(_amount(amount, label, where),
                                                      _amount(fee, label, where))
        return out

    def boards(self, dealt: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        runs = self.f.get("_boards")
        if runs is None:
            return dealt
        if not isinstance(runs, list) or not all(isinstance(r, str) for r in runs):
            raise self.hand.fail(f"_boards is {runs!r}: each run's board as cards was expected")
        boards = tuple(tuple(self.hand.cards(r, None, False)) for r in runs)  # type: ignore[arg-type]
        if None in (c for b in boards for c in b) or boards[:1] != dealt[:1]:
            raise self.hand.fail(f"_boards {runs!r} does not start with the board dealt")
        return boards  # type: ignore[return-value]


__all__ = ["FIELDS", "GAME_CODES", "LIMITS", "PLAYER", "TRIPLE_DRAWS", "USER_FIELDS", "Fields",
           "UserFields", "stakes"]
