"""Rich renderables for :mod:`equity.questions.hits`. Never prints.

The hits table lists the made hands (the one-pair line followed by its parts, indented), then the
draws, each with its combos, weight and share of the range, and a bar. In hold'em and short deck the
range grid follows, each class coloured by the made hand most of its live weight makes (viridis, from
high card, dark, to a straight flush, yellow) and labelled with that hand's short name and the share of
the class's weight that makes it.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from equity.cards import parse_cards
from equity.games import GAMES
from equity.games.base import CATEGORY_NAMES
from equity.questions.hits import HitLine, Hits, category_key
from equity.report.equity_table import cards_text
from equity.report.grid import VIRIDIS, _grid, _interpolate, _legend, _style

#: Each made category's short name in the grid, straight flush first.
SHORT = {"straight_flush": "SF", "four_of_a_kind": "4K", "full_house": "FH", "flush": "FL",
         "straight": "ST", "three_of_a_kind": "3K", "two_pair": "2P", "one_pair": "1P", "high_card": "HC"}
BAR = 24


def category_colour(key: str) -> tuple[int, int, int]:
    """A made category's colour: viridis by strength, high card darkest, straight flush yellow."""
    keys = [category_key(name) for name in CATEGORY_NAMES]
    return _interpolate(VIRIDIS, 1 - keys.index(key) / (len(keys) - 1))


def _row(table: Table, line: HitLine, indent: str, show_hands: bool) -> None:
    bar = Text("█" * round(BAR * line.percent / 100), style="cyan")
    weight = f"{line.weight:,.2f}".rstrip("0").rstrip(".")
    table.add_row(f"{indent}{line.name}", f"{line.combos:,}", weight, f"{line.percent:.1f}", bar,
                  style="dim" if not line.combos else None)
    if show_hands and line.combos:
        hands = Text(" ".join(line.hands), style="dim")
        table.add_row(Text(""), "", "", "", hands)


def hits_table(hits: Hits, show_hands: bool = False) -> Table:
    """Made hands (with the parts of one pair under it), then draws: combos, weight, percent."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("made hands" if not hits.draws else "made hands, then draws")
    table.add_column("combos", justify="right")
    table.add_column("weight", justify="right")
    table.add_column("%", justify="right")
    table.add_column("", min_width=BAR, overflow="fold", max_width=60 if show_hands else BAR)
    for line in hits.made:
        _row(table, line, "", show_hands)
        if line.key == "one_pair":
            for part in hits.pair:
                _row(table, part, "  ", show_hands)
    if hits.draws:
        table.add_section()
        for line in hits.draws:
            _row(table, line, "", show_hands)
    return table


def class_grid(hits: Hits) -> Group:
    """The range grid, each class coloured and labelled by what most of its live weight makes."""
    cells: dict[str, tuple[str, Style | None]] = {}
    for name, weights in hits.classes.items():
        total = sum(weights.values())
        if total <= 0:
            continue
        key = max(weights, key=lambda k: (weights[k], -list(SHORT).index(k)))
        share = round(100 * weights[key] / total)
        label = SHORT[key] if share == 100 else f"{SHORT[key]} {share:d}"
        cells[name] = (label, _style(category_colour(key)))
    keys = [category_key(name) for name in GAMES[hits.game].category_names()]
    legend = _legend("what most of each class makes", [(SHORT[k], category_colour(k)) for k in keys])
    return Group(_grid(cells, hits.game), Text(""), legend,
                 Text("each cell: the hand most of the class's live weight makes, and that share in % "
                      "when not all", style="dim"))


def hits_view(hits: Hits, show_hands: bool = False) -> Group:
    """``equity hits``: a heading, the table, and in two-card games the range grid."""
    head = Text(f"{hits.range} on ", style="bold")
    head.append_text(cards_text(parse_cards(hits.board)))
    if hits.dead:
        head.append(" · dead ")
        head.append_text(cards_text(parse_cards(hits.dead)))
    title = GAMES[hits.game].title
    weight = f"{hits.weight:,.2f}".rstrip("0").rstrip(".")
    weighted = f", weight {weight}" if weight != f"{hits.combos:,}" else ""
    size = Text(f"{hits.combos:,} live combos{weighted} · {title} · the {hits.street}", style="dim")
    parts: list[object] = [head, size, hits_table(hits, show_hands)]
    if hits.classes:
        parts += [class_grid(hits)]
    return Group(*parts)
