"""The rich view of ``equity dist`` (:mod:`equity.questions.dist`): per player a sparkline of the sorted
curve, the buckets as bars, the percentiles, optionally every combo; then the hero's breakdown against each
opponent's range. Never prints.

The sparkline samples the curve at even steps of the range (best combos on the left), one block
character (``▁`` .. ``█``) per step for the equity there, so a range that is half nuts and half air reads
as a cliff. Numbers carry everything when colour is off.
"""

from __future__ import annotations

from rich.bar import Bar
from rich.console import Group
from rich.table import Table
from rich.text import Text

from equity.questions.dist import Breakdown, Distribution, PlayerDistribution

BLOCKS = "▁▂▃▄▅▆▇█"
SPARK_WIDTH = 48
MAX_ROWS = 20  # breakdown and combo rows shown; --json has all


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def sparkline(player: PlayerDistribution, width: int = SPARK_WIDTH) -> str:
    """The curve sampled at ``width`` even steps of the range, best first, one block per step."""
    curve = player.curve()
    if not curve:
        return ""
    out = []
    at = 0
    for i in range(width):
        x = (i + 0.5) / width * curve[-1][1]
        while at < len(curve) - 1 and curve[at][1] < x:
            at += 1
        out.append(BLOCKS[min(len(BLOCKS) - 1, int(curve[at][2] * len(BLOCKS)))])
    return "".join(out)


def _player(p: PlayerDistribution, title: str, by_combo: bool) -> Group:
    head = Text(f"{title} {p.hand}", style="bold")
    head.append(f"   equity {100 * p.equity:.2f}%", style="bold")
    if p.stderr:
        head.append(f" ± {100 * 1.959964 * p.stderr:.2f}")
    head.append(f"   {len(p.combos)} combo{'s' if len(p.combos) != 1 else ''}")
    spark = Text("  curve ", style="dim")
    spark.append(sparkline(p), style="cyan")
    spark.append("  best first, by share", style="dim")
    bands = Table(box=None, padding=(0, 1), show_edge=False)
    for name, justify in (("equity band", "left"), ("share of range", "right"), ("", "left"),
                          ("combos", "right"), ("mean equity", "right")):
        bands.add_column(name, justify=justify)  # type: ignore[arg-type]
    for b in p.buckets:
        top = "]" if b.high == 100 else ")"
        bands.add_row(f"[{b.low:g}, {b.high:g}{top}%", f"{100 * b.share:.1f}%",
                      Bar(1.0, 0, b.share, width=20), str(b.combos), _pct(b.equity))
    pct = Text("  percentiles ", style="dim")
    pct.append("  ".join(f"p{q} {100 * e:.1f}" for q, e in p.percentiles.items()))
    parts = [head, spark, bands, pct]
    if by_combo:
        parts.append(_combo_table(p))
    return Group(*parts)


def _combo_table(p: PlayerDistribution) -> Table:
    table = Table(box=None, padding=(0, 1), title_justify="left", show_edge=False)
    simulated = any(c.stderr for c in p.combos)
    for name in ("combo", "share", "equity", "win", "tie", *(["±"] if simulated else [])):
        table.add_column(name, justify="left" if name == "combo" else "right")
    rows = [([c.hand, f"{100 * c.share:.2f}%", _pct(c.equity), _pct(c.win), _pct(c.tie)], c.stderr)
            for c in p.combos]
    return _fill(table, rows, simulated, "combos")


def _breakdown(b: Breakdown, hero: str) -> Group:
    head = Text(f"{hero} against each {b.by} of {b.hand}", style="bold")
    head.append(f"   equity {100 * b.equity:.2f}%", style="bold")
    table = Table(box=None, padding=(0, 1), show_edge=False)
    simulated = any(r.stderr for r in b.rows)
    for name in (b.by, "share of range", "combos", "hero equity", "", "win", "tie",
                 *(["±"] if simulated else [])):
        table.add_column(name, justify="left" if name in (b.by, "") else "right")
    rows = [([r.name, f"{100 * r.share:.1f}%", str(r.combos), _pct(r.equity),
              Bar(1.0, 0, r.equity, width=20), _pct(r.win), _pct(r.tie)], r.stderr) for r in b.rows]
    return Group(head, _fill(table, rows, simulated, b.by + "es" if b.by == "class" else b.by + "s"))


def _fill(table: Table, rows: list[tuple[list[object], float | None]], simulated: bool, what: str) -> Table:
    """Add the first :data:`MAX_ROWS` rows (cells, standard error), a 95% interval column when
    ``simulated``, and a caption counting the rows left out."""
    for cells, stderr in rows[:MAX_ROWS]:
        if simulated:
            cells = [*cells, "-" if stderr is None else f"{100 * 1.959964 * stderr:.2f}"]
        table.add_row(*cells)  # type: ignore[arg-type]
    if len(rows) > MAX_ROWS:
        table.caption = f"... and {len(rows) - MAX_ROWS} more {what} (--json has all)"
        table.caption_justify = "left"
    return table


def dist_view(dist: Distribution, by_combo: bool = False) -> Group:
    """``equity dist``: each player's distribution, then the hero's breakdowns, then how it was computed."""
    r = dist.result
    parts: list[object] = []
    for p in dist.players:
        parts += [_player(p, "Hero" if p.seat == 0 else f"Player {p.seat + 1}", by_combo), Text("")]
    hero = r.players[0].hand
    for b in dist.breakdowns:
        parts += [_breakdown(b, hero), Text("")]
    if not dist.players:
        parts.append(Text("No player has a range or a hand to show: every player is a random hand.",
                          style="yellow"))
    where = f"board {r.board}" if r.board else "preflop"
    foot = Text(f"{where}; ", style="dim")
    if r.method == "exact":
        foot.append(f"exact: {r.trials:,} (deal, board) pairs", style="dim")
    else:
        foot.append(f"Monte Carlo: {r.trials:,} trials, seed {r.seed}; ± is a 95% interval", style="dim")
    foot.append(f"; {dist.elapsed_s:.2f} s", style="dim")
    parts.append(foot)
    return Group(*parts)  # type: ignore[arg-type]
