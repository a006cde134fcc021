"""Rich renderables for results. Builds, never prints: only the CLI writes to the terminal."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from .cards import format_card, parse_cards
from .scenario import Result

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


def _pct(x: float) -> str:
    return f"{100 * x:.2f}"


def result_view(result: Result) -> Group:
    """The equity table, then a footer saying how it was computed."""
    return Group(result_table(result), footer(result))


def result_table(result: Result) -> Table:
    """The equity table: one row per player, hero first."""
    exact = result.method == "exact"
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Player")
    table.add_column("Hand")
    table.add_column("Win %", justify="right")
    table.add_column("Tie %", justify="right")
    table.add_column("Equity %", justify="right", style="bold")
    if not exact:
        table.add_column("± 95% CI", justify="right")
    for i, p in enumerate(result.players):
        who = "hero" if i == 0 else f"villain {i}"
        hand = Text("random", style="dim") if p.hand == "random" else cards_text(parse_cards(p.hand), "")
        cells = [who, hand, _pct(p.win), _pct(p.tie), _pct(p.equity)]
        if not exact:
            cells.append(f"± {100 * 1.959964 * p.stderr:.2f}")
        table.add_row(*cells)
    return table


def footer(result: Result) -> Text:
    """How the numbers were computed: method, trials, seed, time, speed, board and dead cards."""
    parts = [("Exact enumeration" if result.method == "exact" else "Monte Carlo"),
             f"{result.trials:,} {'boards' if result.method == 'exact' else 'trials'}"]
    if result.seed is not None:
        parts.append(f"seed {result.seed}")
    parts.append(f"{result.elapsed_s:.2f} s")
    if result.elapsed_s > 0:
        parts.append(f"{result.trials / result.elapsed_s / 1e6:.1f} M/s")
    text = Text(" · ".join(parts), style="dim")
    for label, cards in (("board", result.board), ("dead", result.dead)):
        if cards:
            text.append(f"\n{label} ", style="dim")
            text.append_text(cards_text(parse_cards(cards)))
    return text
