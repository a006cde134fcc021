"""Rich renderables for results. Builds, never prints: only the CLI writes to the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from equity.cards import format_card, parse_cards
from equity.errors import EquityError
from equity.games import GAMES
from equity.result import CATEGORY_KEYS, Result, category_key

if TYPE_CHECKING:
    from equity.questions.check import Checked

_SUIT_STYLE = {0: "green", 1: "blue", 2: "red", 3: "default"}


def cards_text(cards: list[int], sep: str = " ") -> Text:
    """Cards as text, each suit in its four-colour-deck colour."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(sep)
        text.append(format_card(card), style=_SUIT_STYLE[card & 3])
    return text


def evaluation(cards: list[int], value: int, category: str, description: str, *, n_classes: int = 7462,
               board: list[int] | None = None, game: str | None = None, low: str | None = None,
               best: str = "a royal flush") -> Table:
    """The ``equity eval`` report: a two-column table of hand (and board), description, category and
    class (of ``n_classes``, class 1 being ``best``), the low in split-pot games, and the game when it is
    not hold'em."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    if game is not None:
        table.add_row("Game", game)
    table.add_row("Hand", cards_text(cards))
    if board is not None:
        table.add_row("Board", cards_text(board))
    table.add_row("Best hand", Text(description, style="bold"))
    table.add_row("Category", category)
    table.add_row("Class", f"{value:,} of {n_classes:,} (1 is {best}; lower is better)")
    if low is not None:
        table.add_row("Low", Text(low, style="bold"))
    return table


def _pct(x: float) -> str:
    return f"{100 * x:.2f}"


def result_view(result: Result) -> Group:
    """The equity table, the category table when there is one, then a footer saying how it was
    computed."""
    parts: list[Table | Text] = [result_table(result)]
    if result.low is not None:
        parts += [Text(""), halves_table(result)]
    if result.players and result.players[0].categories is not None:
        parts += [Text(""), category_table(result)]
    return Group(*parts, footer(result))


def hand_text(hand: str, combos: int) -> Text:
    """A hand in suit colours; a range as typed, with its number of combos after card removal."""
    if hand == "random":
        return Text("random", style="dim")
    try:
        cards = parse_cards(hand)
    except EquityError:
        cards = []
    if cards and combos == 1:  # a hand, or a stud or draw player's known cards
        return cards_text(cards, "")
    return Text(hand).append(f" ({combos:,} combos)" if combos != 1 else " (1 combo)", style="dim")


def category_table(result: Result) -> Table:
    """Per hand category and player: how often the player ends with it and how often wins alone with it
    (summing to the player's win %; in split-pot games, to the high win %, and the last row is the low:
    how often the player made one and won the low half alone with it)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Category")
    for i in range(len(result.players)):
        name = "hero" if i == 0 else f"villain {i}"
        table.add_column(f"{name}\nmade %", justify="right")
        table.add_column(f"{name}\nwon %", justify="right")
    labels = {category_key(name): name for game in GAMES.values() for name in game.category_names()}
    labels["low"] = "Low (8 or better)"
    for key in result.players[0].categories or CATEGORY_KEYS:  # the game's order, best first
        cells = [labels[key]]
        for p in result.players:
            c = (p.categories or {})[key]
            cells += [_pct(c["frequency"]), _pct(c["win"])]
        table.add_row(*cells)
    return table


def result_table(result: Result) -> Table:
    """The equity table: one row per player, hero first. In split-pot games a win is a scoop (the whole
    pot alone) and a tie any part of the pot short of that; :func:`halves_table` has the halves."""
    exact = result.method == "exact"
    split = result.low is not None
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Player")
    table.add_column("Hand", overflow="fold")  # a long range folds, never cut
    table.add_column("Scoop %" if split else "Win %", justify="right")
    table.add_column("Split %" if split else "Tie %", justify="right")
    table.add_column("Equity %", justify="right", style="bold")
    if not exact:
        table.add_column("± 95% CI", justify="right")
    for i, p in enumerate(result.players):
        who = "hero" if i == 0 else f"villain {i}"
        cells = [who, hand_text(p.hand, p.combos), _pct(p.win), _pct(p.tie), _pct(p.equity)]
        if not exact:
            cells.append("n/a" if p.stderr is None else f"± {100 * 1.959964 * p.stderr:.2f}")
        table.add_row(*cells)
    return table


def halves_table(result: Result) -> Table:
    """A split-pot result's halves, one row per player: how often the player's high and low won alone
    and tied, and how much of the equity came from each half."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Player")
    for head in ("High win %", "High tie %", "Low win %", "Low tie %", "From high %", "From low %"):
        table.add_column(head, justify="right")
    for i, p in enumerate(result.players):
        halves = p.split or {}
        table.add_row("hero" if i == 0 else f"villain {i}", *(_pct(halves[key]) for key in (
            "high_win", "high_tie", "low_win", "low_tie", "high_equity", "low_equity")))
    return table


def plural(n: int, noun: str) -> str:
    """``'1 trial'``, ``'1,000 trials'``, ``'2 classes'``."""
    return f"{n:,} {noun}" + ("" if n == 1 else "es" if noun.endswith("s") else "s")


def footer(result: Result) -> Text:
    """How the numbers were computed: method, trials, seed, time, speed, board and dead cards."""
    game = GAMES[result.game]
    parts = [] if game.is_default else [game.title]
    unit = ("board" if game.board else "deal") if result.method == "exact" else "trial"
    parts += ["Exact enumeration" if result.method == "exact" else "Monte Carlo", plural(result.trials, unit)]
    if result.seed is not None:
        parts.append(f"seed {result.seed}")
    parts.append(f"{result.elapsed_s:.2f} s")
    if result.elapsed_s > 0 and result.method != "exact":
        parts.append(f"{result.trials / result.elapsed_s / 1e6:.1f} M/s")
    text = Text(" · ".join(parts), style="dim")
    if result.low is not None and not game.board:
        text.append(f"\na low was made on {_pct(result.low['low_qualified'])}% of the deals", style="dim")
    elif result.low is not None:
        text.append(f"\na low was possible on {_pct(result.low['low_possible'])}% of the boards and made on "
                    f"{_pct(result.low['low_qualified'])}%", style="dim")
    for label, cards in (("board", result.board), ("dead", result.dead)):
        if cards:
            text.append(f"\n{label} ", style="dim")
            text.append_text(cards_text(parse_cards(cards)))
    return text


def check_view(outcomes: list[Checked], updated: bool = False) -> Group:
    """The ``equity check`` table: each scenario's name, then a row per player, then a summary line."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Scenario / player")
    for name in ("Expected %", "Actual %", "Diff"):
        table.add_column(name, justify="right")
    table.add_column("Status")
    bad = 0
    for o in outcomes:
        diffs = o.differences
        table.add_row(Text(o.pinned.name, style="bold"), "", "", "", "")
        for i, (p, actual) in enumerate(zip(o.result.players, o.actual, strict=True)):
            if updated:
                status = Text("updated", style="cyan")
            elif diffs is None:
                status = Text("not pinned", style="yellow")
            elif abs(diffs[i]) <= o.pinned.tolerance:
                status = Text("ok", style="green")
            else:
                status = Text(f"DRIFTED > {o.pinned.tolerance:g}", style="bold red")
            who = "hero" if i == 0 else f"villain {i}"
            table.add_row(f"  {who} {p.hand}", "-" if diffs is None else f"{o.pinned.expected[i]:.4f}",
                          f"{actual:.4f}", "-" if diffs is None else f"{diffs[i]:+.4f}", status)
        for key, expected in o.pinned.others.items():
            for i, (e, a) in enumerate(zip(expected, o.figure(key), strict=True)):
                who = "hero" if i == 0 else f"villain {i}"
                ok = abs(a - e) <= o.pinned.tolerance
                status = Text("updated", style="cyan") if updated else Text("ok", style="green") if ok else \
                    Text(f"DRIFTED > {o.pinned.tolerance:g}", style="bold red")
                table.add_row(f"  {who} {key}", f"{e:.4f}", f"{a:.4f}", f"{a - e:+.4f}", status)
        bad += not o.ok
    n = len(outcomes)
    scenarios = f"scenario{'s' * (n != 1)}"
    if updated:
        line = Text(f"{n} {scenarios} run; the file now holds their equities", style="cyan")
    elif bad:
        line = Text(f"{bad} of {n} {scenarios} drifted or not pinned", style="bold red")
    else:
        line = Text(f"all {n} {scenarios} within tolerance", style="green")
    return Group(table, line)
