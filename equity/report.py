"""Rich renderables for results. Builds, never prints: only the CLI writes to the terminal."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from .cards import format_card

_SUIT_STYLE = {0: "green", 1: "blue", 2: "red", 3: "default"}


def cards_text(cards: list[int], sep: str = " ") -> Text:
    """Cards as text, each suit in its four-colour-deck colour."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(sep)
        text.append(format_card(card), style=_SUIT_STYLE[card & 3])
    return text


def evaluation(cards: list[int], value: int, category: str, description: str) -> Table:
    """The ``equity eval`` report: a two-column table of hand, description, category and class."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    table.add_row("Hand", cards_text(cards))
    table.add_row("Best hand", Text(description, style="bold"))
    table.add_row("Category", category)
    table.add_row("Class", f"{value:,} of 7,462 (1 is a royal flush; lower is better)")
    return table
