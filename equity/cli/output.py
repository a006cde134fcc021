"""What the ``equity`` command prints on stdout, for whoever reads it: a person at a terminal, or a
script, a file or a CI log read later.

- At a terminal, tables fit the terminal as rich lays them out; only a name or a range column gives way
  (numbers are never narrowed: :func:`numbers_whole`), and a table whose
  numbers alone would not fit prints at its natural width for the terminal to wrap rather than cut.
- Anywhere else (a pipe, a file, a CI log), tables print at their natural width and text is never
  wrapped: nothing is cut, no line is broken, and no line ends in spaces, so ``grep`` and ``diff`` see
  whole lines.
- ``--width N``, or ``COLUMNS`` in the environment, sets a width on purpose, for either.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:  # rich loads when something is printed, not for --json
    from rich.console import Console, RenderableType
    from rich.table import Table

#: Wide enough that no table or line is ever narrowed: "natural width".
NATURAL = 100_000
#: The least width a name column (one that may wrap) keeps at a narrow terminal.
_NAME_MIN = 4
_META = "equity.width"


def width_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--width N``: lay tables out for N columns (what ``COLUMNS`` does), wherever stdout goes."""
    def remember(ctx: click.Context, _param: click.Parameter, value: int | None) -> None:
        if value is not None:
            ctx.meta[_META] = value

    return click.option("--width", type=click.IntRange(20, 10_000), metavar="N", expose_value=False,
                        callback=remember,
                        help="Lay tables out for N columns [default: the terminal's width; whole lines, "
                             "every table at its natural width, when stdout is a pipe or a file].")(func)


def chosen_width() -> int | None:
    """The width set on purpose: ``--width N``, else ``COLUMNS``; None when neither is set."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.meta.get(_META) is not None:
        return int(ctx.meta[_META])
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() and int(columns) > 0 else None


class Output:
    """stdout as the ``equity`` command prints to it: :meth:`print` as rich's, laid out as the module
    says."""

    def __init__(self) -> None:
        from rich.console import Console

        stdout = Console()
        self.width = chosen_width()
        self.terminal = stdout.is_terminal
        if self.terminal and self.width is None:
            self.width = stdout.width

    def print(self, *objects: RenderableType) -> None:
        """Print ``objects`` (none: an empty line), each table at a width that cuts no number."""
        from rich.console import Console

        buffer = None if self.terminal else io.StringIO()
        # As wide as can be: each part is then printed at the width it needs (rich never widens one).
        console = Console(file=buffer, width=NATURAL, highlight=False, emoji=False,
                          **({} if self.terminal else {"color_system": None, "force_terminal": False}))
        for part in _parts(objects):
            console.print(part, width=self._width_for(console, part))
        if buffer is not None:
            click.echo("\n".join(line.rstrip() for line in buffer.getvalue().split("\n")), nl=False)

    def _width_for(self, console: Console, part: RenderableType) -> int:
        """The width set (or the terminal's); the natural width when none is set (a pipe, a file) or
        for a table whose numbers would not fit in it."""
        if self.width is None:
            return NATURAL
        from rich.table import Table

        if isinstance(part, Table):
            numbers_whole(part)
            if least_width(console, part) > self.width:
                return NATURAL
        return self.width


def numbers_whole(table: Table) -> None:
    """Make the columns of numbers (the right-justified ones, in every equity table) never wrap, so that
    a table narrower than its natural width takes the room from its names, never from a number."""
    for column in table.columns:
        if column.justify == "right":
            column.no_wrap = True


def least_width(console: Console, table: Table) -> int:
    """The narrowest ``table`` can be with every cell that may not wrap whole (numbers, hands): its
    columns that may not wrap at their widest, the others at :data:`_NAME_MIN`, plus padding and edges."""
    options = console.options.update_width(NATURAL)
    total = table._extra_width  # the edges and the lines between columns
    for column in table.columns:
        widest = table._measure_column(console, options, column).maximum
        total += widest if column.no_wrap or column.width is not None else min(widest, _NAME_MIN + 2)
    return total


def _parts(objects: tuple[RenderableType, ...]) -> list[RenderableType]:
    """A group's parts one by one (each table its own width), or an empty line for no objects."""
    if not objects:
        return [""]
    from rich.console import Group

    parts: list[RenderableType] = []
    for obj in objects:
        parts.extend(_parts(tuple(obj.renderables)) if isinstance(obj, Group) else [obj])
    return parts
