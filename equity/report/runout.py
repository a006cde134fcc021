"""Rich renderables for :mod:`equity.questions.runouts`. Never prints.

The next card's view is a grid of the deck, a row per rank (aces first) and a column per suit, each card
coloured by the hero's equity once it has come (the equity grid's blue-orange scale, centred on a fair
share); cards that cannot come say why (board, held, dead). Then the cards best to worst for the hero,
those with the same equities on one line, the outs and bad cards, and the average identity. From a flop to
the river, a histogram of the hero's final equity instead of the grid.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from equity.cards import parse_cards
from equity.games import GAMES
from equity.questions.runouts import Outcome, Runout
from equity.report.equity_table import cards_text, plural
from equity.report.grid import _legend, _style, equity_colour

SUITS = "♣♦♥♠"
SUIT_LETTERS = "cdhs"
RANKS = "23456789TJQKA"
CELL = 7
BAR = 40


def _pct(x: float) -> str:
    return f"{100 * x:.2f}"


def card_grid(r: Runout) -> Text:
    """The deck as a rank x suit grid, each card coloured by the hero's equity after it."""
    game = GAMES[r.game]
    fair = 1 / len(r.now)
    after = {o.cards: o.equity[0] for o in r.outcomes}
    why = {}
    for label, text in (("board", r.board), ("held", r.held), ("dead", r.dead)):
        for c in parse_cards(text):
            why[c] = label
    out = Text("   ")
    for s in range(4):
        out.append(f"{SUITS[s]} {SUIT_LETTERS[s]}".center(CELL) + " ")
    out.rstrip()
    out.append("\n")
    for rank in range(12, game.low_card // 4 - 1, -1):
        out.append(f" {RANKS[rank]} ")
        for s in range(4):
            card = 4 * rank + s
            name = RANKS[rank] + SUIT_LETTERS[s]
            if name in after:
                colour = equity_colour(after[name], fair)
                out.append(f"{100 * after[name]:.1f}".center(CELL), style=_style(colour))
            else:
                out.append(why.get(card, "·").center(CELL), style="dim")
            out.append(" ")
        out.rstrip()
        out.append("\n")
    out.rstrip()
    return out


def _groups(outcomes: list[Outcome]) -> list[list[Outcome]]:
    """Runouts with the same equities for every player (to 1e-9), in order, one group each."""
    groups: list[list[Outcome]] = []
    for o in outcomes:
        if groups and all(abs(a - b) < 1e-9 for a, b in zip(groups[-1][0].equity, o.equity, strict=True)):
            groups[-1].append(o)
        else:
            groups.append([o])
    return groups


def _cards_of(group: list[Outcome]) -> Text:
    return cards_text([c for o in group for c in parse_cards(o.cards)])


def best_to_worst(r: Runout) -> Table:
    """The cards best to worst for the hero; cards with the same equities share a line."""
    simulated = r.method != "exact"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.add_column("cards", overflow="fold", max_width=48)
    table.add_column("prob %", justify="right")
    table.add_column(r.now[0].hand, justify="right")
    table.add_column("change", justify="right")
    if simulated:
        table.add_column("± 95%", justify="right", style="dim")
    for p in r.now[1:]:
        table.add_column(p.hand, justify="right")
    for group in _groups(r.outcomes):
        o = group[0]
        row: list[object] = [_cards_of(group), f"{100 * sum(g.probability for g in group):.1f}",
                             _pct(o.equity[0]), Text(f"{100 * o.change:+.2f}",
                                                     style="green" if o.change > 1e-9 else
                                                     "red" if o.change < -1e-9 else "")]
        if simulated:
            row.append(f"{100 * 1.959964 * o.stderr[0]:.2f}")
        row.extend(_pct(e) for e in o.equity[1:])
        table.add_row(*row)
    return table


def _summary(label: str, group: list[Outcome], verb: str) -> Text:
    text = Text(f"{label}: ", style="bold")
    if not group:
        return text.append("none", style="dim")
    text.append(" ".join(o.cards for o in group))
    often = 100 * sum(o.probability for o in group)
    return text.append(f"  ({plural(len(group), 'card')}, {often:.1f}% of the time: {verb})", style="dim")


def histogram(r: Runout) -> Table:
    """From a flop to the river: how likely the hero ends in each band of equity."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(f"{r.now[0].hand}'s equity %", justify="right")
    table.add_column("runouts %", justify="right")
    table.add_column("", min_width=BAR)
    bands = r.histogram()
    top = max(p for _, _, p in bands) or 1.0
    for lo, hi, p in reversed(bands):
        name = f"{lo:.0f}-{hi:.0f}" if hi < 100 else f"{lo:.0f}-100"
        table.add_row(name, f"{100 * p:.1f}", Text("█" * round(BAR * p / top), style="cyan"))
    return table


def runout_view(r: Runout) -> Group:
    """``equity runout``: the grid or histogram, the cards best to worst, outs, bad cards, the average."""
    hero, *opponents = r.now
    head = Text(f"{hero.hand} vs {', '.join(p.hand for p in opponents)} · board ", style="bold")
    head.append_text(cards_text(parse_cards(r.board)))
    to_come = "turn and river" if r.depth == 2 else r.street
    head.append(f" · the {to_come} to come", style="bold")
    now = Text("equity now: ")
    now.append(" · ".join(f"{p.hand} {_pct(p.equity)}%" for p in r.now))
    now.append(f"  ({hero.hand} {r.status})", style="dim")
    parts: list[object] = [head, now]
    word = "runout" if r.depth == 2 else "card"
    if r.depth == 2:  # the table's own top line separates it
        ahead = sum(o.probability for o in r.outcomes if o.status == "ahead")
        parts += [histogram(r), Text(f"{hero.hand} is ahead after {100 * ahead:.1f}% of the "
                                     f"{len(r.outcomes):,} two-card runouts.")]
    else:
        ticks = sorted({0.0, 0.5 / len(r.now), 1 / len(r.now), (1 + 1 / len(r.now)) / 2, 1.0})
        parts += [Text(""), card_grid(r), Text(""),
                  _legend(f"{hero.hand}'s equity % after the card", [(f"{100 * t:.0f}", equity_colour(
                      t, 1 / len(r.now))) for t in ticks]),
                  best_to_worst(r),
                  _summary("Outs", r.outs, f"{hero.hand} goes from {r.status} to ahead"),
                  _summary("Bad cards", r.bad, f"{hero.hand} goes from {r.status} to behind")]
    avg = " · ".join(f"{p.hand} {_pct(a)}%" for p, a in zip(r.now, r.average, strict=True))
    parts.append(Text(f"Average over the {len(r.outcomes):,} {word}s, each as likely as it comes: {avg}, the "
                      "equity now.", style="dim"))
    how = ["exact" if r.method == "exact" else f"Monte Carlo, {r.trials:,} trials"]
    if r.seed is not None:
        how.append(f"seed {r.seed}")
    how.append(f"{r.elapsed_s:.2f} s")
    parts.append(Text(" · ".join(how), style="dim"))
    return Group(*parts)
