"""Rich renderables and rows for :mod:`equity.questions.hands`: the summary per player, the all-in list,
the CSV rows. Never prints.

Money is shown in the hands' own unit (a currency with two decimals, tournament chips whole), and again in
big blinds of each hand. The list is a tracker's all-in report: a row per priced hand, its players a line
each (cards, equity at the all-in, EV, actual result, luck).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from equity.cards import parse_cards
from equity.questions.hands import PlayerTotals, Summary, error_dict
from equity.questions.hands.allin import PricedHand
from equity.report.equity_table import cards_text, plural

#: The columns of ``equity hands --csv``: one row per (hand, player), every hand read.
CSV_COLUMNS = ("site", "hand", "date", "game", "currency", "big_blind", "file", "line", "priced", "reason",
               "street", "board", "runs", "pot", "rake", "method", "stderr", "player", "seat", "cards", "in",
               "equity", "put", "collected", "ev", "actual", "luck", "cash_out", "cash_out_fee")


#: The CSV columns of a hand's player, after its ``player`` column.
_PLAYER_COLUMNS = CSV_COLUMNS[CSV_COLUMNS.index("player") + 1:]


def amount(x: float, currency: str) -> str:
    """``12.50``, ``-3.00``; tournament chips whole: ``1,250``."""
    return f"{x:,.0f}" if currency == "chips" else f"{x:,.2f}"


def _signed(x: float, currency: str) -> Text:
    text = amount(x, currency)
    return Text(text, style="green" if x > 0.005 else "red" if x < -0.005 else "")


def counts_line(summary: Summary) -> Text:
    """What was read: hands read = priced + not priced + unreadable, then the reasons hands were not
    priced and the duplicates, a line each."""
    reasons = ", ".join(f"{n:,} {reason}" for reason, n in summary.reasons().items() if n)
    not_priced = sum(summary.not_priced.values())
    text = Text(f"{plural(summary.read, 'hand')} read from {plural(summary.files, 'file')}: ")
    text.append(f"{summary.priced:,} all-in{'s' * (summary.priced != 1)} priced", style="bold")
    text.append(f", {not_priced:,} not priced, {summary.unreadable:,} unreadable")
    if reasons:
        text.append(f"\nnot priced: {reasons}")
    if summary.duplicates:
        text.append(f"\n{plural(len(summary.duplicates), 'duplicate')} counted once")
    if summary.files_without_hands:
        empty = summary.files_without_hands
        text.append(f"\n{plural(len(empty), 'file')} in the folders held no hand: {', '.join(empty[:3])}"
                    + (" ..." if len(empty) > 3 else ""))
    by_site: dict[str, list[str]] = {}
    for item in summary.files_not_read:
        by_site.setdefault(item["site"], []).append(item["file"])
    for site, files in by_site.items():
        text.append(f"\n{plural(len(files), 'file')} in the folders: {site} hand histories are not read: "
                    f"{', '.join(files[:3])}" + (" ..." if len(files) > 3 else ""))
    return text


def summary_table(rows: list[PlayerTotals]) -> Table:
    """A row per player (and currency, named when there are several): hands, all-ins priced and not
    priced, net won, all-in EV and luck, each over the same in big blinds (so the table fits 80
    columns)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    units = len({t.currency for t in rows}) > 1
    heads = ["Player", *(["Unit"] * units), "Hands", "All-ins", "Not priced", "Net won", "All-in EV", "Luck"]
    for head in heads:
        # a narrow terminal narrows the names (cut with an ellipsis), never a figure
        table.add_column(head, justify="left" if head in ("Player", "Unit") else "right",
                         no_wrap=head != "Player")
    for t in rows:
        cur = t.currency
        figures = [Text("\n").join((_signed(x, cur), Text(f"{bb:,.1f} bb", style="dim")))
                   for x, bb in ((t.net, t.net_bb), (t.ev, t.ev_bb), (t.luck, t.luck_bb))]
        table.add_row(t.name, *([cur] * units), f"{t.hands:,}", f"{t.priced:,}", f"{t.not_priced:,}",
                      *figures)
    return table


def summary_view(summary: Summary, hero: str | None = None) -> Group:
    """The counts, the players' table, and the unreadable hands (the first ten) with their reasons."""
    parts: list[Any] = [counts_line(summary)]
    rows = summary.rows(hero)
    if rows:
        parts.append(Text())
        parts.append(summary_table(rows))
    elif hero is not None:
        parts.append(Text(f"No hand of {hero!r} was read.", style="yellow"))
    parts.extend(problems(summary))
    return Group(*parts)


def problems(summary: Summary, most: int = 10) -> Iterator[Text]:
    """The unreadable hands and the duplicates, a line each (the first ``most`` of each)."""
    for title, items in (("Unreadable", [error_dict(e) for e in summary.errors]),
                         ("Duplicate", summary.duplicates)):
        for item in items[:most]:
            what = item["reason"] if "reason" in item else f"hand {item['id']} read before"
            yield Text(f"{title}: {item['file']}:{item['line']}: {what}", style="yellow")
        if len(items) > most:
            yield Text(f"... and {len(items) - most:,} more (--json lists them all)", style="yellow")


class ListRow(NamedTuple):
    """What the all-in list shows of a hand, kept small (a run may list many thousands): its id, date,
    street, board, pot and unit, and per player still in (the hero's first) the name, cards, equity, EV,
    actual result and luck."""

    id: str
    when: str
    street: str
    board: str
    pot: float
    currency: str
    players: tuple[tuple[str, str, float, float, float, float], ...]


def list_row(priced: PricedHand, hero: str | None = None) -> ListRow:
    """The list's row of a priced hand."""
    hand = priced.hand
    shown = [f for f in priced.players if f.index in priced.players_in]
    if hero is not None:
        shown.sort(key=lambda f: f.name != hero)
    return ListRow(hand.id, (hand.date or "")[:10], priced.street or "", priced.board,
                   float(priced.total), hand.currency,
                   tuple((f.name, f.cards, f.equity or 0.0, f.ev, f.actual, f.luck) for f in shown))


def list_table(rows: list[ListRow], hero: str | None = None) -> Table:
    """A row per priced hand (:func:`list_row`): its id over its date, the street over the board at the
    all-in, then a line per player still in (the hero's first): cards, equity, EV, actual result and
    luck; and the pot."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for head in ("Hand", "All in", "Player", "Cards", "Eq %", "Pot", "EV", "Actual", "Luck"):
        # where the width is narrower than the table's own (a terminal, --width), a long id (Winamax's run
        # to 33 characters) folds onto the next lines (the date whole) and a long name is cut: never the
        # cards or a figure
        table.add_column(head, justify="left" if head in ("Hand", "All in", "Player", "Cards") else "right",
                         no_wrap=head not in ("Hand", "Player"),
                         overflow="fold" if head == "Hand" else "ellipsis",
                         min_width=10 if head == "Hand" else None)
    for row in rows:
        cur = row.currency
        cells = [(Text(name, style="bold" if name == hero else ""), cards_text(parse_cards(cards), ""),
                  Text(f"{100 * equity:.2f}"), Text(amount(ev, cur)), _signed(actual, cur),
                  _signed(luck, cur))
                 for name, cards, equity, ev, actual, luck in row.players]
        lines = [Text("\n").join(column) for column in zip(*cells, strict=True)]
        at = Text(row.street)
        if row.board:
            at.append("\n").append_text(cards_text(parse_cards(row.board), ""))
        table.add_row(Text(f"{row.id}\n{row.when}" if row.when else row.id), at, *lines[:3],
                      amount(row.pot, cur), *lines[3:])
    return table


def csv_rows(priced: PricedHand) -> Iterator[dict[str, Any]]:
    """The hand's rows for ``--csv`` (:data:`CSV_COLUMNS`), a player each."""
    record = priced.to_dict()
    head = {"site": record["site"], "hand": record["id"], "date": record["date"], "game": record["game"],
            "currency": record["currency"], "big_blind": record["big_blind"], "file": record["file"],
            "line": record["line"], "priced": record["priced"], "reason": record["reason"],
            "street": record["street"], "board": record["board"], "runs": " ".join(record["runs"]),
            "pot": record["pot"], "rake": record["rake"], "method": record["method"],
            "stderr": record["stderr"]}
    for p in record["players"]:
        yield {**head, "player": p["name"], **{k: p[k] for k in _PLAYER_COLUMNS}}

