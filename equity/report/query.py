"""Rich renderables for ``equity query`` (:mod:`equity.questions.query`). Never prints.

Each statement: a heading (the game and how its deals were counted), then a line per selector in
ProPokerTools' manner, ``NAME = VALUE``: the value to four places, the exact fraction when there is one
(``0.9121 (301/330)``), the standard error of a Monte Carlo estimate, the raw count of a ``count``; a
histogram as a table of its buckets with bars; then any notes.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from equity.questions.query.result import QueryResult, SelectorResult, StatementResult

BAR = 30


def query_view(result: QueryResult) -> Group:
    """Every statement's answer, one after the other."""
    parts: list = []
    for i, statement in enumerate(result.statements):
        if i:
            parts.append(Text(""))
        parts.extend(statement_parts(statement, i + 1 if len(result.statements) > 1 else None))
    return Group(*parts)


def _heading(st: StatementResult, number: int | None) -> Text:
    head = Text()
    if number is not None:
        head.append(f"statement {number}: ", style="bold")
    said = [f"{name} {hand}" for name, hand in st.players]
    said += [f"board {st.board}"] * bool(st.board) + [f"dead {st.dead}"] * bool(st.dead)
    head.append(f"{st.game}{': ' if said else ''}{', '.join(said)}: ", style="bold")
    if st.method == "exact":
        head.append(f"exact, {st.deals:,} deal{'s' * (st.deals != 1)}", style="green")
    else:
        head.append(f"Monte Carlo, {st.deals:,} trials, seed {st.seed}", style="yellow")
    head.append(f" ({st.seconds:.2f} s)", style="dim")
    return head


def statement_parts(st: StatementResult, number: int | None = None) -> list:
    parts: list = [_heading(st, number)]
    width = max((len(s.name) for s in st.selectors), default=0)
    for s in st.selectors:
        if s.kind == "histogram":
            parts.append(Text(f"  {s.name}:"))
            parts.append(_histogram(s))
        else:
            parts.append(_line(s, width))
    for note in st.notes:
        parts.append(Text(f"  note: {note}", style="yellow"))
    return parts


def _line(s: SelectorResult, width: int) -> Text:
    line = Text(f"  {s.name.ljust(width)} = ")
    if s.value is None:
        line.append("none (no deal kept)", style="dim")
        return line
    if s.label is not None:
        line.append(s.label, style="bold")
        return line
    line.append(f"{s.value:.4f}", style="bold")
    if s.fraction is not None and "/" in s.fraction:
        line.append(f" ({s.fraction})")
    if s.se is not None:
        line.append(f" ± {s.se:.4f} SE", style="dim")
    if s.count is not None:
        line.append(f"   {s.count:,} of {s.kept:,}", style="dim")
    return line


def _histogram(s: SelectorResult) -> Table:
    table = Table(box=box.SIMPLE, show_header=True, pad_edge=False, padding=(0, 1))
    table.add_column("value", style="bold")
    table.add_column("share", justify="right")
    table.add_column("deals", justify="right")
    table.add_column("")
    for b in s.histogram:
        table.add_row(b.label, f"{100 * b.share:.2f}%", f"{b.rows:,}", Text("█" * round(BAR * b.share),
                                                                              style="cyan"))
    return table
