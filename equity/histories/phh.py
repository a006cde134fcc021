"""PHH, the open Poker Hand History standard (uoftcprg/phh-std): ``.phh`` files (one hand) and ``.phhs``
files (hands as the tables ``[1]``, ``[2]`` ...) read into :class:`~equity.histories.model.Hand`; the
writer is :mod:`equity.histories.phh_write` (:func:`write`).

A hand is TOML: the ``variant`` code, forced bets (``antes``, ``blinds_or_straddles``, ``bring_in``), bet
sizes, ``starting_stacks`` and ``actions``, one string each, in the order they happened::

    d dh p1 AsKs      deal p1 hole cards (``??`` for a card not shown)   d db Jc3d5c   deal the board
    p2 cbr 60         complete, bet or raise TO 60 on this street      p3 cc   check or call
    p3 f              fold          p1 pb   post the bring-in          p1 sd 7h2c   discard (none: stand pat)
    p1 sm AsKs        show (``-``: the cards dealt; nothing: muck)    ``# ...``   commentary, ignored

Players are listed by position (the small blind first, the button last; heads-up the big blind first);
per-player arrays follow that order, and heads-up the ``antes`` and ``blinds_or_straddles`` arrays apply
reversed, as the standard says. A :class:`Hand` lists its players in seat order (``seats``, else the
file's order). Posts are automatic in PHH: they become actions at street 0, antes first, then blinds
and straddles from the small blind on, each capped at the player's stack.

Variants: the standard's codes, a limit letter (``N`` no-limit, ``P`` pot-limit, ``F`` fixed-limit) and a
game (:data:`GAME_CODES`): ``NT`` ``FT`` hold'em, ``NS`` short deck (pokerkit, the standard's reference,
ranks a straight above three of a kind: equity's ``short-deck``), ``PO`` Omaha, ``FO/8`` Omaha hi-lo,
``F7S`` stud, ``F7S/8`` stud hi-lo, ``FR`` razz, ``N2L1D`` 2-7 single draw. The same pattern names the
games the standard has no code for (``PO5``, ``PO/8``, ``NB1D`` ...); triple draws (``F2L3D``, ``FB``)
are games equity does not play, so such hands are errors. The standard has no field for rake, fees,
run-it-twice boards, cash-outs and a few more; the writer keeps them in user-defined ``_`` fields
(:data:`USER_FIELDS`) that this reader reads back and other PHH tools ignore.

A hand that cannot be read (bad TOML, an unknown variant, a malformed action, a card that is no card or
is dealt twice, more chips than a stack holds) is a :class:`~equity.errors.HistoryError` naming its
``file:line`` (the action's own line where there is one) and the token; the file's other hands go on.
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from collections.abc import Iterator
from decimal import Decimal
from pathlib import PurePath
from typing import Any

from equity.cards import CARD_NAMES
from equity.errors import HistoryError
from equity.histories.model import ZERO, Action, CashOut, Hand, Player

#: equity's game for each PHH game code (a variant less its limit letter): the standard's codes, and in
#: their pattern those of games the standard does not name (Omaha 5 and 6, their hi-lo forms, short deck
#: with trips above straights, five-card draw, single-draw badugi).
GAME_CODES = {"T": "holdem", "S": "short-deck", "ST": "short-deck-trips", "O": "omaha", "O5": "omaha5",
              "O6": "omaha6", "O/8": "omaha-hilo", "O5/8": "omaha5-hilo", "O6/8": "omaha6-hilo",
              "7S": "stud", "7S/8": "stud8", "R": "razz", "2L1D": "2-7", "5CD": "draw", "B1D": "badugi"}
#: PHH games equity does not play.
UNPLAYED = {"2L3D": "2-7 triple draw", "B": "badugi (triple draw)"}
LIMITS = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}
#: Each game's family (``board``, ``stud`` or ``draw``) and the hole cards dealt at once (stud: the
#: three of third street).
SHAPES = {"holdem": ("board", 2), "short-deck": ("board", 2), "short-deck-trips": ("board", 2),
          "omaha": ("board", 4), "omaha5": ("board", 5), "omaha6": ("board", 6), "omaha-hilo": ("board", 4),
          "omaha5-hilo": ("board", 5), "omaha6-hilo": ("board", 6), "stud": ("stud", 3),
          "stud8": ("stud", 3), "razz": ("stud", 3), "2-7": ("draw", 5), "draw": ("draw", 5),
          "badugi": ("draw", 4)}
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
_KEY = re.compile(r"[ \t]*(?:([A-Za-z_][A-Za-z0-9_]*)[ \t]*=|\[[^\[\]\n]+\][ \t]*(?:#.*)?$)")
_HEADER = re.compile(r"^[ \t]*\[[ \t]*([\"']?)([^\[\]\"'\n]+?)\1[ \t]*\][ \t]*(?:#[^\n]*)?$", re.M)
_ACTIONS_KEY = re.compile(r"^[ \t]*actions[ \t]*=[ \t]*\[", re.M)
_STRINGS = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|#[^\n]*|\]")
_AT_LINE = re.compile(r"at line (\d+), column (\d+)")
_CARD = {name: i for i, name in enumerate(CARD_NAMES)} | {"??": None}
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def is_phh(name: str, text: str) -> bool:
    """Whether a file is PHH: named ``.phh`` or ``.phhs``, or text whose first line that is neither blank
    nor a comment sets a PHH field (``variant = "NT"``) or opens a hand's table (``[1]``)."""
    if name.lower().endswith((".phh", ".phhs")):
        return True
    for line in text.lstrip("\ufeff").splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            match = _KEY.match(line)
            return bool(match) and (match[1] is None or match[1] in FIELDS or match[1].startswith("_"))
    return False


def read(text: str, source: str) -> Iterator[Hand | HistoryError]:
    """Every hand of a PHH file's ``text`` read from ``source`` (a path, or ``"-"``), in order: a
    :class:`Hand`, or a :class:`HistoryError` for a hand that cannot be read (module docstring).

    A ``.phh`` file is one hand (its id the ``hand`` field, else the file's name); a ``.phhs`` file
    holds hands as tables (ids, where a hand has no ``hand``, the file's name and ``#N`` for the N-th).
    Text that is not TOML is one error naming its line; in a ``.phhs`` file, only the hand it is in.
    """
    text = text.lstrip("\ufeff")
    name = PurePath(source).name if source != "-" else "-"
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        yield from _read_chunks(text, source, name, exc)
        return
    if not data:
        yield HistoryError("no hand: the file sets no PHH field", f"{source}:1")
    elif "variant" in data or "actions" in data:
        yield _one(data, source, 1, name, text, 0, len(text))
    else:
        yield from _tables(data, text, source, name, 1)


def _tables(data: dict, text: str, source: str, name: str, first: int, before: int = 0
            ) -> Iterator[Hand | HistoryError]:
    """The hands of a ``.phhs`` file's tables (``text`` its part from line ``first``, after ``before``
    hands)."""
    headers = list(_HEADER.finditer(text))
    where = {}  # each table's line and where its text starts and ends
    line, at = first, 0
    for i, m in enumerate(headers):
        line += text.count("\n", at, m.start())
        at = m.start()
        where[m[2].strip()] = line, at, headers[i + 1].start() if i + 1 < len(headers) else len(text)
    tables = [(key, table) for key, table in data.items() if not key.startswith("_")]  # "_": user-defined
    for n, (key, table) in enumerate(tables, before + 1):
        line, start, end = where.get(key, (first, 0, 0))
        if not isinstance(table, dict):
            yield HistoryError(f"{key!r} is not a hand: a .phhs file holds hands as tables ([1], [2] ...)",
                               f"{source}:{line}")
            continue
        yield _one(table, source, line, f"{name}#{n}", text, start, end)


def _read_chunks(text: str, source: str, name: str, exc: tomllib.TOMLDecodeError
                 ) -> Iterator[Hand | HistoryError]:
    """A file that is not TOML as a whole: each hand's table parsed on its own, so that only the bad
    ones are errors; without tables, the one error."""
    starts = [m.start() for m in _HEADER.finditer(text)]
    if not starts:
        yield _toml_error(exc, source, 1)
        return
    before = 0
    for i, start in enumerate(starts):
        chunk = text[start:starts[i + 1] if i + 1 < len(starts) else len(text)]
        line = 1 + text.count("\n", 0, start)
        try:
            data = tomllib.loads(chunk, parse_float=Decimal)
        except tomllib.TOMLDecodeError as bad:
            yield _toml_error(bad, source, line)
            before += 1
            continue
        yield from _tables(data, chunk, source, name, line, before)
        before += len(data)


def _toml_error(exc: tomllib.TOMLDecodeError, source: str, first: int) -> HistoryError:
    at = _AT_LINE.search(str(exc))
    line = first + int(at[1]) - 1 if at else first
    reason = str(exc).split(" (at ")[0]
    column = f" (column {at[2]})" if at else ""
    return HistoryError(f"not TOML: {reason}{column}", f"{source}:{line}")


def _one(fields: dict, source: str, line: int, default_id: str, text: str, start: int, end: int
         ) -> Hand | HistoryError:
    try:
        return _Hand(fields, source, line, (text, start, end)).read(default_id)
    except HistoryError as exc:
        return exc
    except (ArithmeticError, LookupError, TypeError, ValueError) as exc:  # a field of a type not foreseen
        return HistoryError(f"cannot read the hand: {exc}", f"{source}:{line}")


def _amount(value: Any, what: str, where: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal) or value != value or value < 0:
        raise HistoryError(f"{what} is {value!r}: a number of chips (0 or more) was expected", where)
    return Decimal(value)


def stakes(family: str, antes: list[Decimal], blinds: list[Decimal], small_bet: Decimal | None,
           min_bet: Decimal | None) -> tuple[Decimal, Decimal, Decimal]:
    """The small blind, big blind and ante the forced bets give (as the fields ``antes`` and
    ``blinds_or_straddles`` are written: heads-up not yet reversed): a blind game's first two blinds (its
    big blind else its small bet or min bet), a stud game's small bet; the ante all players post, else
    0."""
    small = blinds[0] if family != "stud" and blinds else ZERO
    big = blinds[1] if family != "stud" and len(blinds) > 1 else ZERO
    if not big:
        big = small_bet or min_bet or ZERO
    ante = antes[0] if antes and all(a == antes[0] for a in antes) else ZERO
    return small, big, ante


class _Hand:
    """One hand's fields being read; :meth:`read` makes the :class:`Hand`."""

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
        return [_amount(v, f"{key}[{i}]", self.where) for i, v in enumerate(values)]

    def optional(self, key: str) -> Decimal | None:
        value = self.f.get(key)
        return None if value is None else _amount(value, key, self.where)

    def game(self) -> tuple[str, str]:
        variant = self.need("variant", str)
        limit, code = LIMITS.get(variant[:1]), variant[1:]
        if limit is not None and code in GAME_CODES:
            return GAME_CODES[code], limit
        if limit is not None and code in UNPLAYED:
            raise self.fail(f"variant {variant!r} is {UNPLAYED[code]}, a game equity does not play")
        raise self.fail(f"unknown variant {variant!r}: the PHH variants are a limit (N, P, F) and a game "
                        f"({', '.join(GAME_CODES)}), as in NT, PO, FO/8, F7S, N2L1D")

    def cards(self, text: str, k: int, short: bool) -> list[int | None]:
        if len(text) % 2:
            raise self.fail(f"cards {text!r}: each card is two characters (As, Td, ?? when unknown)", k)
        out = []
        for i in range(0, len(text), 2):
            card = _CARD.get(text[i:i + 2], -1)
            if card == -1 or short and card is not None and card < 16:
                deck = " in short deck (6 to A)" if card != -1 else ""
                raise self.fail(f"{text[i:i + 2]!r} is not a card{deck}: a rank 2-9 T J Q K A and a suit "
                                "c d h s, or ?? when unknown", k)
            out.append(card)
        return out

    def read(self, default_id: str) -> Hand:
        game, limit = self.game()
        family, hole = SHAPES[game]
        stacks = self.amounts("starting_stacks", None)
        n = len(stacks)
        if n < 2:
            raise self.fail(f"starting_stacks has {n} value: a hand has 2 players or more")
        antes = self.amounts("antes", n)
        stud = family == "stud"
        blinds = [ZERO] * n if stud and "blinds_or_straddles" not in self.f else self.amounts(
            "blinds_or_straddles", n)
        bring_in = self.optional("bring_in") or ZERO
        if stud and "bring_in" not in self.f:
            self.need("bring_in", (int, Decimal))
        seats = self.f.get("seats", list(range(1, n + 1)))
        if (not isinstance(seats, list) or len(seats) != n or len(set(seats)) != n
                or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in seats)):
            raise self.fail(f"seats is {seats!r}: {n} different seat numbers were expected")
        names = self.f.get("players", [""] * n)
        if not isinstance(names, list) or len(names) != n or not all(isinstance(s, str) for s in names):
            raise self.fail(f"players is {names!r}: {n} names were expected")
        order = sorted(range(n), key=seats.__getitem__)  # the PHH players in seat order
        at = [0] * n  # each PHH player's index in the Hand
        for i, p in enumerate(order):
            at[p] = i
        play = _Play(self, family, hole, game.startswith("short-deck"), stacks, bring_in)
        play.post(antes, blinds, at)
        actions = self.need("actions", list)
        for k, action in enumerate(actions):
            if not isinstance(action, str):
                raise self.fail(f"action {k + 1} is {action!r}, not a string")
            play.act(action, k)
        small, big, ante = stakes(family, antes, blinds, self.optional("small_bet"), self.optional("min_bet"))
        collected: tuple[Decimal, ...] = ()
        if "winnings" in self.f:
            won = self.amounts("winnings", n)
            collected = tuple(won[p] for p in order)
        boards = (tuple(play.board),) if play.board else ()
        button = None if stud else seats[-1]
        user = _User(self, at)
        table = self.f.get("table")
        return Hand(
            site="phh", id=str(self.f.get("hand", default_id)), game=game, limit=limit,
            players=tuple(Player(seats[p], names[p] or f"p{p + 1}", stacks[p]) for p in order),
            actions=tuple(Action(a.street, at[a.player], a.kind, a.amount) for a in play.actions),
            boards=user.boards(boards), cards={at[p]: c for p, c in play.known().items()},
            discards={at[p]: d for p, d in play.discards.items()},
            showed=frozenset(at[p] for p in play.showed), collected=collected,
            rake=user.amount("_rake") or ZERO, fees=user.fees(), added=user.amount("_added") or ZERO,
            cash_outs=user.cash_outs(),
            small_blind=user.amount("_small_blind", small), big_blind=user.amount("_big_blind", big),
            ante=user.amount("_ante", ante), bring_in=user.amount("_bring_in", bring_in),
            cap=user.amount("_cap"), currency=str(self.f.get("currency", "chips")),
            tournament=user.text("_tournament"), date=user.text("_date") or self.date(),
            table=None if table is None else str(table), button=user.seat("_button", button),
            source=self.source, line=self.line, hero=user.player("_hero"))

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


class _User:
    """The user-defined fields this reader knows (:data:`USER_FIELDS`)."""

    def __init__(self, hand: _Hand, at: list[int]) -> None:
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
        match = _PLAYER.fullmatch(value) if isinstance(value, str) else None
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
            match = _PLAYER.fullmatch(label)
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


class _Play:
    """The actions of one hand as they happen: chips in on the street and left behind, the cards
    each player holds (None where unknown), the board."""

    def __init__(self, hand: _Hand, family: str, hole: int, short: bool, stacks: list[Decimal],
                 bring_in: Decimal) -> None:
        self.hand, self.family, self.hole, self.short = hand, family, hole, short
        self.left = list(stacks)
        self.bet = [ZERO] * len(stacks)
        self.high = ZERO
        self.street = 0
        self.bring_in = bring_in
        self.actions: list[Action] = []
        self.held: list[list[int | None]] = [[] for _ in stacks]
        self.before_draw: dict[int, list[int | None]] = {}
        self.discards: dict[int, tuple[int, ...]] = {}
        self.showed: set[int] = set()
        self.folded: set[int] = set()
        self.board: list[int] = []
        self.seen: set[int] = set()

    def post(self, antes: list[Decimal], blinds: list[Decimal], at: list[int]) -> None:
        """Antes from p1 on, then blinds and straddles from the small blind on, each capped at the
        stack (heads-up, the arrays apply reversed)."""
        n = len(self.left)
        for amounts, kind in ((antes, "ante"), (blinds, "blind")):
            for i in range(n):
                p = 1 - i if n == 2 and kind == "blind" else i
                amount = min(amounts[1 - p if n == 2 else p], self.left[p])
                if amount:
                    self.left[p] -= amount
                    if kind == "blind":
                        self.bet[p] += amount
                    self.actions.append(Action(0, p, kind, amount))
        self.high = max(self.bet)

    def known(self) -> dict[int, tuple[int, ...]]:
        """Each player's cards when all are known: as dealt (a draw game's: before the draw)."""
        out = {}
        for p, held in enumerate(self.held):
            cards = self.before_draw.get(p, held)
            if cards and None not in cards:
                out[p] = tuple(cards)  # type: ignore[arg-type]
        return out

    def act(self, action: str, k: int) -> None:
        words = action.split("#", 1)[0].split()
        if not words:
            return
        fail = self.hand.fail
        if words[0] == "d":
            if len(words) == 3 and words[1] == "db":
                return self.deal_board(words[2], k)
            if len(words) == 4 and words[1] == "dh":
                return self.deal_hole(self.player(words[2], k), words[3], k)
            raise fail("the dealer's actions are 'd db CARDS' and 'd dh pN CARDS'", k)
        p = self.player(words[0], k)
        verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
        if verb == "sm" and len(args) <= 1:
            return self.show(p, args[0] if args else "", k)
        if p in self.folded:
            raise fail(f"{words[0]} has folded", k)
        if verb == "sd" and len(args) <= 1:
            return self.draw(p, args[0] if args else "", k)
        if (verb, len(args)) not in (("f", 0), ("cc", 0), ("pb", 0), ("cbr", 1)):
            raise fail(f"{verb or 'nothing'!r} is not an action: a player's are f, cc, cbr AMOUNT, pb, "
                       "sd [CARDS], sm [CARDS]", k)
        self.move(p, verb, args, k)

    def player(self, label: str, k: int) -> int:
        match = _PLAYER.fullmatch(label)
        n = len(self.left)
        if match is None or int(match[1]) > n:
            raise self.hand.fail(f"{label!r} is not a player: p1 .. p{n}", k)
        return int(match[1]) - 1

    def round(self) -> int:
        """The betting round the next bet is in."""
        if self.family == "board":
            return max(0, len(self.board) - 2)
        if self.family == "stud":
            return max(0, max(map(len, self.held)) - 3)
        return 1 if self.before_draw else 0

    def move(self, p: int, verb: str, args: list[str], k: int) -> None:
        street = self.round()
        if street != self.street:
            self.street, self.bet, self.high = street, [ZERO] * len(self.bet), ZERO
        if verb == "f":
            self.folded.add(p)
            self.actions.append(Action(street, p, "fold"))
            return
        if not self.left[p]:
            raise self.hand.fail(f"p{p + 1} is all in: no chips left to act with", k)
        if verb == "cc":
            amount = min(self.high - self.bet[p], self.left[p])
            kind = "call" if amount else "check"
        elif verb == "pb":
            if self.family != "stud" or not self.bring_in:
                raise self.hand.fail("a bring-in is posted in stud games with a bring_in only", k)
            amount, kind = min(self.bring_in, self.left[p]), "bring-in"
        else:
            if _AMOUNT.fullmatch(args[0]) is None:
                raise self.hand.fail(f"{args[0]!r} is not an amount of chips", k)
            to = Decimal(args[0])
            amount, kind = to - self.bet[p], "raise" if self.high else "bet"
            if to <= self.high:
                raise self.hand.fail(f"cbr {args[0]} does not raise the bet of {self.high}", k)
            if amount > self.left[p]:
                raise self.hand.fail(f"cbr {args[0]} puts in {amount}; p{p + 1} has {self.left[p]} left", k)
        self.left[p] -= amount
        self.bet[p] += amount
        self.high = max(self.high, self.bet[p])
        self.actions.append(Action(street, p, kind, amount))

    def new_cards(self, text: str, k: int) -> list[int | None]:
        cards = self.hand.cards(text, k, self.short)
        for card in cards:
            if card is not None:
                if card in self.seen:
                    raise self.hand.fail(f"{CARD_NAMES[card]} is dealt twice", k)
                self.seen.add(card)
        return cards

    def deal_board(self, text: str, k: int) -> None:
        if self.family != "board":
            raise self.hand.fail("no board is dealt in stud and draw games", k)
        cards = self.new_cards(text, k)
        if None in cards or len(self.board) + len(cards) > 5:
            raise self.hand.fail("the board is five cards, all known", k)
        self.board.extend(cards)  # type: ignore[arg-type]

    def deal_hole(self, p: int, text: str, k: int) -> None:
        cards = self.new_cards(text, k)
        held = self.held[p]
        most = 7 if self.family == "stud" else self.hole
        if len(held) + len(cards) > most:
            raise self.hand.fail(f"p{p + 1} would hold {len(held) + len(cards)} cards; the game deals "
                                 f"{most}", k)
        if p in self.folded:
            raise self.hand.fail(f"p{p + 1} has folded", k)
        held.extend(cards)

    def show(self, p: int, text: str, k: int) -> None:
        held = self.held[p]
        if text in ("", "-"):
            if text and any(c is not None for c in held):
                self.showed.add(p)
            return
        cards = self.hand.cards(text, k, self.short)
        if len(cards) != len(held):
            raise self.hand.fail(f"p{p + 1} shows {len(cards)} cards and holds {len(held)}", k)
        for i, card in enumerate(cards):
            if card is None or card == held[i]:
                continue
            if held[i] is not None:
                raise self.hand.fail(f"p{p + 1} shows {CARD_NAMES[card]} where {CARD_NAMES[held[i]]} was "
                                     "dealt", k)
            if card in self.seen:
                raise self.hand.fail(f"{CARD_NAMES[card]} is dealt twice", k)
            self.seen.add(card)
            held[i] = card
        if any(c is not None for c in cards):
            self.showed.add(p)

    def draw(self, p: int, text: str, k: int) -> None:
        if self.family != "draw":
            raise self.hand.fail("players draw (sd) in draw games only", k)
        if p in self.before_draw:
            raise self.hand.fail(f"p{p + 1} draws twice in a single-draw game", k)
        cards = self.hand.cards(text, k, self.short)
        held = self.held[p]
        self.before_draw[p] = list(held)
        for card in cards:
            slot = card if card in held else None
            if slot is None and card is not None and card not in self.seen:
                self.seen.add(card)
            elif slot is None and card is not None:
                raise self.hand.fail(f"{CARD_NAMES[card]} is dealt twice", k)
            if slot not in held:
                shown = CARD_NAMES[card] if card is not None else "??"
                raise self.hand.fail(f"p{p + 1} discards {shown}, a card it does not hold", k)
            held.remove(slot)
        if None not in cards:
            self.discards[p] = tuple(cards)  # type: ignore[arg-type]




__all__ = ["GAME_CODES", "LIMITS", "SHAPES", "USER_FIELDS", "is_phh", "read", "stakes"]
