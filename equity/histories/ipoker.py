"""iPoker network hand histories: the XML files its client exports (one ``<session>`` per table sitting,
its ``<game>`` elements the hands); hold'em, 6+ hold'em, Omaha (4 and 5 cards) and Omaha hi-lo, no-limit,
pot-limit and fixed-limit, cash games and tournaments. A file (the names, ids and cards invented)::

    <?xml version="1.0" encoding="utf-8"?>
    <session sessioncode="7000001">
     <general>
      <client_version>23.5.1.8</client_version>
      <gametype>Holdem NL €0.05/€0.10</gametype>      (Omaha PL .., Omaha Hi-Lo PL .., Holdem L ..)
      <tablename>Aurora, 600000001</tablename>
      <currency>EUR</currency>
      <nickname>Hero</nickname>                       (the player the file was written for)
      <tournamentcode>8100001</tournamentcode>        (tournaments; also <tournamentname>)
     </general>
     <game gamecode="9100000001">
      <general>
       <startdate>2026-11-27 14:03:11</startdate>
       <players>
        <player seat="1" name="Ann Lee" chips="€10" dealer="1" win="€0" bet="€0.10"/> ...
       </players>
      </general>
      <round no="0"><action no="1" player="Ann Lee" type="1" sum="€0.05"/> ...</round>
      <round no="1"><cards type="Pocket" player="Hero">SA D10</cards> <action no="3" .../></round>
      <round no="2"><cards type="Flop" player="">C2 H9 DK</cards> ...</round>
     </game>
    </session>

Read: the players dealt in (a seat that only sits out is left out), the button (``dealer="1"``), every
action with the chips it adds (:mod:`equity.histories.ipoker_body` has the action codes), the board, the
hero's pocket cards and the cards shown, what each player won, the uncalled bet, the rake; stakes from
the gametype (a tournament's from its posts), the table, the tournament's id (``<tournamentcode>``, else
``(#N)`` in its name, else the table's number), the date as ISO 8601. Amounts keep their exact value
whatever the currency sign (``$``, ``€``, ``£``, ``kr``, ``RSD``), its place, the decimal comma and
the thousands separator. Not read: stud and draw games (an error names the game); iPoker writes no
run-it-twice or cash-out. A ``<game>`` that cannot be read, or is not well-formed XML, is a
:class:`~equity.errors.HistoryError` naming ``file:line`` of its ``<game`` tag; the file's other games
go on, even when the file as a whole is not well-formed (each ``<game>`` is parsed on its own).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from equity.errors import HistoryError
from equity.histories.ipoker_body import Session, read_game
from equity.histories.model import Hand
from equity.histories.reader import Site

_MARK = re.compile(r"<(session|game)\b")
_FIELD = re.compile(r"<([a-z_]+)>([^<]*)</\1>")
_DECLARATION = re.compile(r"\s*<\?xml[^>]*\?>\s*")
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                       "nov", "dec"), 1)}
_DATE = re.compile(r"(\d{4})-(\d\d)-(\d\d)[ T](\d\d?:\d\d(?::\d\d)?)$"
                   r"|(\d\d?)[./-](\w+)[./-](\d{4}) (\d\d?:\d\d(?::\d\d)?)$")


def sniff(name: str, head: str) -> bool:
    """Whether a file is iPoker XML: text that starts (after a byte-order mark, blanks and an XML
    declaration) with ``<session`` (``head``: the file's first few KB)."""
    text = head.lstrip("\ufeff \t\r\n")
    declared = _DECLARATION.match(text)
    if declared:
        text = text[declared.end():].lstrip(" \t\r\n")
    return text.startswith("<session")


def read(text: str, source: str) -> Iterator[Hand | HistoryError]:
    """Every hand of an iPoker XML file's ``text`` read from ``source``, in order: a :class:`Hand`, or a
    :class:`HistoryError` for a ``<game>`` that cannot be read (module docstring)."""
    session: Session | None = None
    line, at = 1, 0
    found = False
    marks = list(_MARK.finditer(text))
    for k, mark in enumerate(marks):
        line += text.count("\n", at, mark.start())
        at = mark.start()
        following = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        if mark[1] == "session":
            session = _session(text[at:following])
            continue
        found = True
        end = text.find("</game>", at, following)
        where = f"{source}:{line}"
        chunk = text[at:end + 7] if end >= 0 else _unclosed(text[at:following])
        if chunk is None:
            yield HistoryError("a <game> without its </game>: the game is cut short", where)
            continue
        if session is None:
            yield HistoryError("a <game> outside any <session>", where)
            continue
        yield _game(chunk, session, source, line)
    if not found:
        yield HistoryError("no <game> in this iPoker file", f"{source}:1")


def _unclosed(chunk: str) -> str | None:
    """A game whose closing tags are missing (a file cut after its last round), closed; else None."""
    body = chunk.rstrip()
    if body.endswith("</session>"):
        body = body[:-10].rstrip()
    return body + "</game>" if body.endswith("</round>") else None


def _game(chunk: str, session: Session, source: str, line: int) -> Hand | HistoryError:
    try:
        element = ET.fromstring(chunk)
    except ET.ParseError as exc:
        row, column = line + exc.position[0] - 1, exc.position[1] + 1
        return HistoryError(f"not well-formed XML: {str(exc).split(':')[0]} (line {row}, column {column})",
                            f"{source}:{line}")
    start = element.find("./general/startdate")
    date = _iso(start.text.strip()) if start is not None and start.text else None
    try:
        return read_game(element, session, source, line, date)
    except HistoryError as exc:
        return exc
    except (ArithmeticError, LookupError, ValueError) as exc:  # a shape not foreseen
        return HistoryError(f"cannot read this game ({type(exc).__name__}: {exc})", f"{source}:{line}")


def _session(text: str) -> Session:
    """The facts of a ``<session>``'s ``<general>`` (``text`` runs from its tag to the first game)."""
    end = text.find("</general>")
    fields: dict[str, str] = {}
    for m in _FIELD.finditer(text, 0, end if end >= 0 else len(text)):
        fields.setdefault(m[1], html.unescape(m[2]).strip())
    flag = fields.get("uncalled_bet_enabled", "").lower()
    version = fields.get("client_version", "")
    major = int(version.partition(".")[0]) if version.partition(".")[0].isdigit() else 0
    exclude = flag == "true" if flag in ("true", "false") else major >= 20
    name = fields.get("tournamentname")
    tournament = fields.get("tournamentcode") or None
    table = fields.get("tablename") or None
    if tournament is None and name is not None:
        number = re.search(r"\(#(\d+)\)", name) or re.search(r", (\d+)\b", table or "")
        tournament = number[1] if number else name
    currency = fields.get("tablecurrency") or fields.get("currency") or "chips"
    return Session(gametype=fields.get("gametype", ""), table=table, currency=currency,
                   hero=fields.get("nickname") or None, tournament=tournament,
                   small_blind=fields.get("smallblind"), big_blind=fields.get("bigblind"),
                   wins_exclude_uncalled=exclude)


def _iso(text: str) -> str:
    """``2026-11-27 14:03:11``, ``27.11.2026 14:03:11``, ``27-Nov-2026 14:03:11`` or ``27/11/2026 14:03``
    as ISO 8601 (``2026-11-27T14:03:11``); other text as printed."""
    m = _DATE.match(text)
    if m is None:
        return text
    if m[1]:
        year, month, day, time = m[1], m[2], m[3], m[4]
    else:
        day, month, year, time = m[5], m[6], m[7], m[8]
        month = str(_MONTHS.get(month[:3].lower(), month))
        if not month.isdigit():
            return text
    if len(time) < 8:
        time = time.zfill(5) + ":00" if time.count(":") == 1 else time.zfill(8)
    return f"{year}-{int(month):02d}-{int(day):02d}T{time}"


SITE = Site("ipoker", "iPoker", sniff=sniff, read=read)

__all__ = ["SITE", "read", "sniff"]
