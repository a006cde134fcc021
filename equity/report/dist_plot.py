"""Pictures of :mod:`equity.questions.dist`'s distributions: one SVG drawn with matplotlib. Never prints.

Each player with a range gets its equity curve, as GTO Wizard draws it: the combos best first, each a
step as wide as its share of the range, over 0-100% of the range; the mean (the player's equity) is a
dashed line and the bucket edges faint ones. Each breakdown gets a bar per class (or combo) of the
opponent's range, the largest 30 by share: the bar is the hero's equity against it, the number beside
it the class's share of that range.

matplotlib is optional (``pip install 'equity[plot]'``) and imported only when a picture is drawn. The
figure is built on its own SVG canvas, never through pyplot, so drawing opens no window and touches no
global figure state.
"""

from __future__ import annotations

from pathlib import Path

from equity.errors import EquityError
from equity.games import GAMES
from equity.questions.dist import Breakdown, Distribution, PlayerDistribution
from equity.report.equity_table import plural

#: The curve's colour, solid, so that a test can find it in a rendering.
CURVE = "#1f77b4"
MEAN = "#d62728"
BAR = "#ff7f0e"
EDGE = "#999999"
MAX_ROWS = 30
MISSING = "pictures of distributions need matplotlib: pip install 'equity[plot]'"


def _curve_panel(ax, p: PlayerDistribution, edges: list[float]) -> None:
    """``p``'s equity curve, best combos on the left, with its mean and the bucket edges."""
    xs, ys = [], []
    for start, end, eq in p.curve():
        xs += [start * 100, end * 100]
        ys += [eq * 100, eq * 100]
    if xs:  # the shares sum to 1, up to rounding: close the last step at 100%
        xs[-1] = 100.0
    for edge in edges:
        ax.axhline(edge, color=EDGE, linewidth=0.6, alpha=0.6, zorder=1)
    ax.axhline(p.equity * 100, color=MEAN, linestyle="--", linewidth=1.2, zorder=2)
    ax.annotate(f"mean {p.equity:.1%}", (100, p.equity * 100), xytext=(-4, 3), textcoords="offset points",
                ha="right", va="bottom", color=MEAN, fontsize=8)
    ax.plot(xs, ys, color=CURVE, linewidth=2, solid_joinstyle="miter", zorder=3)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xticks(range(0, 101, 25))
    ax.set_yticks(range(0, 101, 25))
    ax.set_xlabel(f"share of the range, best first (%): {plural(len(p.combos), 'combo')}")
    ax.set_ylabel("equity (%)")
    ax.set_title(f"{p.hand}: {p.equity:.1%}", fontsize=10)


def _breakdown_panel(ax, b: Breakdown, hero: str) -> None:
    """A bar per row of ``b`` (the largest :data:`MAX_ROWS` by share): the hero's equity against it."""
    rows = b.rows[:MAX_ROWS]
    ys = range(len(rows))
    ax.barh(ys, [r.equity * 100 for r in rows], color=BAR, height=0.7)
    for y, r in zip(ys, rows, strict=True):
        ax.text(r.equity * 100 + 1, y, f"{r.share:.1%}", va="center", fontsize=7)
    ax.set_yticks(list(ys), [r.name for r in rows], fontsize=7 if len(rows) > 12 else 9)
    ax.set_ylim(len(rows) - 0.5, -0.5)  # the largest share on top
    ax.set_xlim(0, 112)
    ax.set_xticks(range(0, 101, 25))
    ax.axvline(b.equity * 100, color=MEAN, linestyle="--", linewidth=1.2)
    ax.set_xlabel(f"{hero}'s equity (%); beside each bar its share of {b.hand}")
    noun = "class" if b.by == "class" else "combo"
    more = len(b.rows) - len(rows)
    ax.set_ylabel(f"{b.hand}: {plural(len(b.rows), noun)}" + (f", {more} more not shown" if more else ""))
    ax.set_title(f"{hero} vs {b.hand}: equity by {b.by}", fontsize=10)


def _subtitle(dist: Distribution) -> str:
    """The game, board and method under the title."""
    r = dist.result
    how = "exact enumeration" if r.method == "exact" else f"Monte Carlo, {plural(r.trials, 'trial')}"
    return f"{GAMES[r.game].title} · board {r.board or '(none)'} · {how}"


def save_svg(dist: Distribution, path: str | Path, title: str) -> None:
    """Draw ``dist`` (module docstring) and write it to ``path`` as SVG: a curve per player with a
    range, then a bar chart per breakdown, under ``title`` and the game, board and method.

    Raises:
        EquityError: matplotlib is not installed.
    """
    try:
        from matplotlib.backends.backend_svg import FigureCanvasSVG
        from matplotlib.figure import Figure
    except ImportError:
        raise EquityError(MISSING) from None
    hero = dist.result.players[0].hand
    edges = sorted({e for band in dist.buckets for e in band} - {0.0, 100.0})
    heights = [3.2] * len(dist.players)
    heights += [max(2.2, 0.8 + 0.22 * min(len(b.rows), MAX_ROWS)) for b in dist.breakdowns]
    fig = Figure(figsize=(8, sum(heights) + 0.9), layout="constrained")
    FigureCanvasSVG(fig)
    if heights:
        axes = fig.subplots(len(heights), 1, squeeze=False, height_ratios=heights)[:, 0]
        for ax, p in zip(axes, dist.players, strict=False):
            _curve_panel(ax, p, edges)
        for ax, b in zip(axes[len(dist.players):], dist.breakdowns, strict=True):
            _breakdown_panel(ax, b, hero)
    fig.suptitle(f"{title}\n{_subtitle(dist)}", fontsize=11)
    try:  # no date in the file: the same distribution saves the same bytes
        fig.savefig(Path(path), format="svg", metadata={"Date": None})
    except OSError as exc:
        raise EquityError(f"cannot write {path}: {exc.strerror or exc}") from None
