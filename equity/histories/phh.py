"""PHH, the open Poker Hand History standard (uoftcprg/phh-std): ``.phh`` files (one hand) and ``.phhs``
files (hands as the tables ``[1]``, ``[2]`` ...) read into :class:`~equity.histories.model.Hand`: a hand's
fields are read in :mod:`~equity.histories.phh_fields`, its actions replayed in
:mod:`~equity.histories.phh_actions`; the writer is :mod:`equity.histories.phh_write` (:func:`write`).

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
games the standard has no code for (``PO5``, ``PO/8``, ``NB1D`` ...). Triple draws (``F2L3D``, ``FB``)
are read as the single-draw game of the same hand values with three draws (``Hand.draw_rounds``): their
chips and results count, their all-ins are not priced. ``finishing_stacks``, where given, are the
players' actual results (checked against ``winnings`` where both are given); ``venue``, ``event``,
``table``, ``hand`` and the date name the hand for the duplicates rule (``Hand.identity``).
The standard has no field for rake, fees, run-it-twice boards, cash-outs and a few more; the writer keeps
them in user-defined ``_`` fields (:data:`USER_FIELDS`) that this reader reads back and other PHH tools
ignore.

A hand that cannot be read (bad TOML, an unknown variant, a malformed action, a card that is no card or
is dealt twice, more chips than a stack holds) is a :class:`~equity.errors.HistoryError` naming its
``file:line`` (the action's own line where there is one) and the token; the file's other hands go on.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from decimal import Decimal
from pathlib import PurePath

from equity.errors import HistoryError
from equity.games import GAMES
from equity.histories import phh_toml
from equity.histories.model import ZERO, Hand, Player, first_discards
from equity.histories.phh_actions import Play
from equity.histories.phh_fields import (
    FIELDS,
    GAME_CODES,
    LIMITS,
    TRIPLE_DRAWS,
    USER_FIELDS,
    Fields,
    UserFields,
    stakes,
)
from equity.histories.reader import Site

_KEY = re.compile(r"[ \t]*(?:([A-Za-z_][A-Za-z0-9_]*)[ \t]*=|\[[^\[\]\n]+\][ \t]*(?:#.*)?$)")
_HEADER = re.compile(r"^[ \t]*\[[ \t]*([\"']?)([^\[\]\"'\n]+?)\1[ \t]*\][ \t]*(?:#[^\n]*)?$", re.M)
_AT_LINE = re.compile(r"at line (\d+), column (\d+)")


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
    data = phh_toml.loads(text)  # the part of TOML a .phh file uses, fast; else tomllib
    if data is None:
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


class _Hand(Fields):
    """One hand's fields being read; :meth:`read` makes the :class:`Hand`."""

    def read(self, default_id: str) -> Hand:
        game, limit, draw_rounds = self.game()
        rules = GAMES[game]
        stacks = self.amounts("starting_stacks", None)
        n = len(stacks)
        if n < 2:
            raise self.fail(f"starting_stacks has {n} value: a hand has 2 players or more")
        antes = self.amounts("antes", n)
        blinds = [ZERO] * n if not rules.has_button and "blinds_or_straddles" not in self.f else self.amounts(
            "blinds_or_straddles", n)
        bring_in = self.optional("bring_in") or ZERO
        if rules.bring_in and "bring_in" not in self.f:
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
        play = Play(self, rules, stacks, bring_in, draw_rounds or 1)
        play.post(antes, blinds, at)
        actions = self.need("actions", list)
        for k, action in enumerate(actions):
            if not isinstance(action, str):
                raise self.fail(f"action {k + 1} is {action!r}, not a string")
            play.act(action, k)
        small, big, ante = stakes(rules, antes, blinds, self.optional("small_bet"), self.optional("min_bet"))
        collected: tuple[Decimal, ...] = ()
        if "winnings" in self.f:
            won = self.amounts("winnings", n)
            collected = tuple(won[p] for p in order)
        finishing: tuple[Decimal, ...] = ()
        if "finishing_stacks" in self.f:
            final = self.amounts("finishing_stacks", n)
            finishing = tuple(final[p] for p in order)
        boards = (tuple(play.board),) if play.board else ()
        draws = {at[p]: tuple((tuple(thrown), tuple(drawn)) for thrown, drawn in d)
                 for p, d in play.draws.items()}
        button = seats[-1] if rules.has_button else None
        user = UserFields(self, at)
        table = self.f.get("table")
        return Hand(
            site="phh", id=str(self.f.get("hand", default_id)), game=game, limit=limit,
            players=tuple(Player(seats[p], names[p] or f"p{p + 1}", stacks[p]) for p in order),
            actions=tuple(play.actions),
            boards=user.boards(boards), cards={at[p]: c for p, c in play.known().items()},
            discards=first_discards(draws), draws=draws,
            draw_rounds=draw_rounds,
            showed=frozenset(at[p] for p in play.showed), collected=collected,
            rake=user.amount("_rake") or ZERO, fees=user.fees(), added=user.amount("_added") or ZERO,
            cash_outs=user.cash_outs(),
            small_blind=user.amount("_small_blind", small), big_blind=user.amount("_big_blind", big),
            ante=user.amount("_ante", ante), bring_in=user.amount("_bring_in", bring_in),
            cap=user.amount("_cap"), currency=str(self.f.get("currency", "chips")),
            tournament=user.text("_tournament"), date=user.text("_date") or self.date(),
            table=None if table is None else str(table), button=user.seat("_button", button),
            source=self.source, line=self.line, hero=user.player("_hero"), finishing=finishing,
            identity=self.identity())


SITE = Site("phh", "PHH", sniff=is_phh, read=read, unique_ids=False)

__all__ = ["GAME_CODES", "LIMITS", "SITE", "TRIPLE_DRAWS", "USER_FIELDS", "is_phh", "read",
           "stakes"]
