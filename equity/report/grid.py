"""Rich renderables for the 13 x 13 grids of :mod:`equity.questions.grid`, and their colour scales. Never
prints.

Each cell is five characters wide and two lines high: the class, then its number (the share of the
class in the range, or its equity, in percent), so the numbers carry everything when colour is off
(``NO_COLOR``). Thirteen cells and their gaps take 77 columns.

Both scales read for the common forms of colour blindness: the range grid uses viridis (dark blue to
yellow, rising in lightness), the equity grid a blue–orange scale centred on a fair share of the pot
(1 / players): blue below, orange above, pale near break-even.
"""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text

from equity.games import GAMES
from equity.questions.grid import EquityGrid, RangeGrid, name_at
from equity.report.equity_table import plural

RGB = tuple[int, int, int]

#: Viridis at ten evenly spaced points, 0 to 1.
VIRIDIS: tuple[RGB, ...] = ((68, 1, 84), (72, 40, 120), (62, 74, 137), (49, 104, 142), (38, 130, 142),
                            (31, 158, 137), (53, 183, 121), (109, 205, 89), (180, 222, 44), (253, 231, 37))
#: Blue to orange through a pale grey, -1 to 1.
BLUE_ORANGE: tuple[RGB, ...] = ((33, 102, 172), (103, 169, 207), (240, 240, 240), (253, 174, 97),
                                (230, 97, 1))

CELL = 5


def _interpolate(stops: tuple[RGB, ...], t: float) -> RGB:
    """The colour at ``t`` in [0, 1] along evenly spaced ``stops``, linearly in RGB."""
    t = min(max(t, 0.0), 1.0) * (len(stops) - 1)
    i = min(int(t), len(stops) - 2)
    f = t - i
    return tuple(round(a + (b - a) * f) for a, b in zip(stops[i], stops[i + 1], strict=True))  # type: ignore


def share_colour(share: float) -> RGB:
    """The range grid's colour of a class held at ``share`` (0 < share <= 1) of its combos."""
    return _interpolate(VIRIDIS, share)


def equity_colour(equity: float, fair: float) -> RGB:
    """The equity grid's colour: ``fair`` (1 / players) is the pale centre, 0 full blue, 1 full orange."""
    t = (equity - fair) / fair if equity < fair else (equity - fair) / (1 - fair)
    return _interpolate(BLUE_ORANGE, (t + 1) / 2)


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _style(rgb: RGB) -> Style:
    """Background ``rgb`` with black or white text, whichever contrasts more (WCAG luminance)."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
    dark = (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05)  # contrast with black beats contrast with white
    return Style(color="#000000" if dark else "#ffffff", bgcolor=_hex(rgb))


def _grid(cells: dict[str, tuple[str, Style | None]], game: str = "holdem") -> Text:
    """The 13 x 13 cells (9 x 9 in short deck: aces to sixes), two lines each: ``cells[name] = (number
    text, style)``; a class not in ``cells`` is drawn dim with no number."""
    size = GAMES[game].ranks
    text = Text()
    for row in range(size):
        for line in range(2):
            for col in range(size):
                name = name_at(row, col)
                number, style = cells.get(name, ("", None))
                if col:
                    text.append(" ")
                label = (name if line == 0 else number).center(CELL)
                text.append(label, style=style if style is not None else ("dim" if line == 0 else ""))
            text.append("\n")
    text.rstrip()
    return text


def _legend(title: str, ticks: list[tuple[str, RGB]]) -> Text:
    text = Text(title + "  ", style="dim")
    for label, rgb in ticks:
        text.append(label.center(CELL), style=_style(rgb))
        text.append(" ")
    text.rstrip()
    return text


def _pct(x: float) -> str:
    return f"{100 * x:.1f}" if x < 0.9995 else "100"


def range_view(grid: RangeGrid) -> Group:
    """``equity range``: the grid coloured by each class's share in the range, a legend, the range's
    size and its canonical form."""
    cells: dict[str, tuple[str, Style | None]] = {}
    for c in grid.cells:
        if c.live == 0:
            cells[c.name] = ("-", Style(dim=True))
        elif c.held:
            cells[c.name] = (_pct(c.share), _style(share_colour(c.share)))
    legend = _legend("share of each class's combos, %", [(str(p), share_colour(p / 100))
                                                         for p in (10, 25, 50, 75, 100)])
    size = Text(f"{grid.combos:,} combos")
    if grid.weight != grid.combos:
        size.append(f" ({grid.weight:,.2f} weighted)")
    size.append(f", {grid.percent:.2f}% of all {grid.deck_combos:,}")
    lines = [Text(grid.text, style="bold"), size]
    if grid.board or grid.dead:
        known = " ".join(f"{label} {cards}" for label, cards in (("board", grid.board), ("dead", grid.dead))
                         if cards)
        lines.append(Text(f"{grid.held:,} combos left after card removal ({known})"))
    lines.append(Text(f"compact form: {grid.compact or '(empty)'}", style="dim"))
    return Group(_grid(cells, grid.game), Text(""), legend, *lines)


def equity_view(grid: EquityGrid) -> Group:
    """``equity grid``: each class of the hero's range coloured by its equity, a legend centred on a fair
    share, the whole range's equity, and how the cells were computed."""
    fair = 1 / grid.n_players
    equities = {c.name: c.result.players[0].equity for c in grid.cells}
    cells = {name: (_pct(e), _style(equity_colour(e, fair))) for name, e in equities.items()}
    ticks = sorted({0.0, fair / 2, fair, (1 + fair) / 2, 1.0})
    legend = _legend("equity %, fair share in the middle", [(f"{100 * t:.0f}", equity_colour(t, fair))
                                                             for t in ticks])
    hero, *opponents = grid.overall.players
    against = ", ".join(p.hand for p in opponents)
    summary = Text(f"{hero.hand} ({plural(hero.combos, 'combo')}) vs {against}: "
                   f"equity {100 * hero.equity:.2f}%", style="bold")
    if hero.stderr:
        summary.append(f" ± {100 * 1.959964 * hero.stderr:.2f}", style="bold")
    parts = [plural(len(grid.cells), "class"), "one pass"]
    if grid.overall.method == "exact":
        parts.append("exact")
    else:
        worst = max((c.result.players[0].stderr or 0.0 for c in grid.cells), default=0.0)
        parts.append(f"Monte Carlo, {grid.overall.trials:,} trials, cells ± {100 * 1.959964 * worst:.2f} "
                     "at most")
    if grid.seed is not None:
        parts.append(f"seed {grid.seed}")
    parts.append(f"{grid.elapsed_s:.2f} s")
    footer = Text(" · ".join(parts), style="dim")
    for label, cards in (("board", grid.overall.board), ("dead", grid.overall.dead)):
        if cards:
            pairs = " ".join(cards[i:i + 2] for i in range(0, len(cards), 2))
            footer.append(f"\n{label} {pairs}", style="dim")
    return Group(_grid(cells, grid.overall.game), Text(""), legend, summary, footer)
