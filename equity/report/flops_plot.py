"""The picture of ``equity flops --svg FILE``: the hero's equity over every flop, drawn with matplotlib as
SVG or PNG (by the file's suffix). Never prints.

Two panels. On the left a heat map of the hero's equity by the flop's high card (rows, ace on top) and its
second card (columns: the middle rank of the three, so KsKhTd counts under K, K), each cell the weighted
mean over its flops with the weights of the means over all flops (a row's flops times its live combo
pairs); a cell without a flop is blank. On the right the sorted equity curve: the flops best for the hero
first, each a point as wide as its share of the flops, coloured by its suits, under the dashed mean over
every flop. Blocked rows are left out of both.

matplotlib is optional (``pip install 'equity[plot]'``) and imported only when a picture is drawn, on its
own canvas (never pyplot), so drawing opens no window.
"""

from __future__ import annotations

import math
from pathlib import Path

from equity.games import GAMES
from equity.questions.flop_rows import FlopRow, FlopsResult
from equity.questions.flop_sets import RANK_NAMES
from equity.report import figures

#: The suits' colours on the curve, solid, so that a test can find them in a rendering.
MONOTONE = "#9467bd"
TWO_TONE = "#1f77b4"
RAINBOW = "#ff7f0e"
TEXTURE_COLOURS = {"monotone": MONOTONE, "two-tone": TWO_TONE, "rainbow": RAINBOW}
MEAN = "#333333"
#: The heat map's colormap: diverging, red for the villain, green for the hero, yellow at 50%.
CMAP = "RdYlGn"


def check_target(path: str | Path) -> str:
    """``--svg``'s format, checked before the run (:func:`equity.report.figures.check_target`)."""
    return figures.check_target(path, "--svg")


def _ranks(flop: str) -> tuple[str, str]:
    """The high card's rank and the second card's (the middle of the three) of a flop's text."""
    ranks = sorted((flop[i].upper() for i in range(0, len(flop), 2)), key=RANK_NAMES.index, reverse=True)
    return ranks[0], ranks[1]


def _played(result: FlopsResult) -> list[FlopRow]:
    return [r for r in result.rows if not r.blocked and r.hero is not None]


def heat_cells(result: FlopsResult) -> dict[tuple[str, str], tuple[float, int, float]]:
    """The heat map's cells: per ``(high, second)`` rank pair with a played flop, ``(equity, flops,
    weight)``: the hero's equity (0 .. 1), the mean over its flops weighted by each row's flops times its
    live pairs; the flops it holds; and the sum of those weights (the cells' means, so weighted, make the
    mean over every flop)."""
    weights: dict[tuple[str, str], list[float]] = {}
    equities: dict[tuple[str, str], list[float]] = {}
    flops: dict[tuple[str, str], int] = {}
    for r in _played(result):
        key = _ranks(r.flop)
        weights.setdefault(key, []).append(r.weight * r.pairs)
        equities.setdefault(key, []).append(r.weight * r.pairs * r.hero.equity)
        flops[key] = flops.get(key, 0) + r.weight
    out = {}
    for key, w in weights.items():
        total = math.fsum(w)
        out[key] = (math.fsum(equities[key]) / total, flops[key], total)
    return out


def equity_curve(result: FlopsResult) -> list[tuple[float, float, float, str]]:
    """The sorted equity curve: per played row, best for the hero first, ``(start, end, equity, suits)``,
    the row's span of the played flops (shares, 0 .. 1) and the hero's equity (0 .. 1) there."""
    played = sorted(_played(result), key=lambda r: r.hero.equity, reverse=True)
    total = sum(r.weight for r in played)
    out, done = [], 0
    for r in played:
        out.append((done / total, (done + r.weight) / total, r.hero.equity, r.suits))
        done += r.weight
    return out


def title(result: FlopsResult) -> str:
    """The picture's title: the matchup, the flops counted, the game unless hold'em."""
    counted = result.overall.counted
    text = f"{result.hero} vs {result.villain}: hero's equity on {counted:,} flops"
    if result.game != "holdem":
        text += f" ({GAMES[result.game].title})"
    return text


def _subtitle(result: FlopsResult) -> str:
    parts = ["exact" if result.method == "exact" else f"Monte Carlo, seed {result.seed}"]
    if result.narrowed and result.asked:
        parts.append(f"flops {result.asked}")
    blocked = result.overall.flops - result.overall.counted
    if blocked:
        parts.append(f"{blocked:,} blocked flops left out")
    if result.preflop is not None:
        parts.append(f"preflop {result.preflop[0].equity:.1%}")
    return " · ".join(parts)


def _heat_panel(fig, ax, result: FlopsResult) -> None:
    import numpy as np
    from matplotlib.colors import Normalize

    ranks = RANK_NAMES[GAMES[result.game].low_card // 4:][::-1]  # ace first
    cells = heat_cells(result)
    grid = np.full((len(ranks), len(ranks)), np.nan)
    for (high, second), (eq, _, _) in cells.items():
        grid[ranks.index(high), ranks.index(second)] = 100 * eq
    norm = Normalize(0, 100)
    mesh = ax.pcolormesh(np.ma.masked_invalid(grid), cmap=CMAP, norm=norm, edgecolors="white",
                         linewidth=0.6)
    cmap = mesh.get_cmap()
    for (high, second), (eq, _, _) in cells.items():
        red, green, blue, _ = cmap(norm(100 * eq))
        dark = 0.299 * red + 0.587 * green + 0.114 * blue < 0.5
        ax.text(ranks.index(second) + 0.5, ranks.index(high) + 0.5, f"{100 * eq:.0f}", ha="center",
                va="center", fontsize=6.5, color="white" if dark else "black")
    ticks = [i + 0.5 for i in range(len(ranks))]
    ax.set_xticks(ticks, list(ranks))
    ax.set_yticks(ticks, list(ranks))
    ax.set_xlim(0, len(ranks))
    ax.set_ylim(len(ranks), 0)  # the ace on top
    ax.set_aspect("equal")
    ax.tick_params(length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.set_xlabel("second card")
    ax.set_ylabel("high card")
    ax.set_title("mean by the flop's two highest cards", fontsize=10)
    bar = fig.colorbar(mesh, ax=ax, shrink=0.85, pad=0.02)
    bar.set_ticks(range(0, 101, 25))
    bar.set_label("hero's equity (%)")
    bar.outline.set_visible(False)


def _curve_panel(ax, result: FlopsResult) -> None:
    from matplotlib.lines import Line2D

    curve = equity_curve(result)
    xs = [50 * (start + end) for start, end, _, _ in curve]
    ys = [100 * eq for _, _, eq, _ in curve]
    ax.plot(xs, ys, color="#bbbbbb", linewidth=0.8, zorder=1)
    shares = {}
    for suits in ("rainbow", "two-tone", "monotone"):  # the rarest drawn last, on top
        picked = [i for i, c in enumerate(curve) if c[3] == suits]
        shares[suits] = sum(curve[i][1] - curve[i][0] for i in picked)
        if picked:
            ax.scatter([xs[i] for i in picked], [ys[i] for i in picked], s=10, color=TEXTURE_COLOURS[suits],
                       linewidths=0, zorder=2)
    mean = result.overall.hero_equity
    if mean is not None:
        ax.axhline(100 * mean, color=MEAN, linestyle="--", linewidth=1.1, zorder=3)
        ax.annotate(f"all flops {mean:.1%}", (100, 100 * mean), xytext=(-4, 4), textcoords="offset points",
                    ha="right", va="bottom", color=MEAN, fontsize=8)
    handles = [Line2D([], [], linestyle="none", marker="o", markersize=6, color=TEXTURE_COLOURS[s],
                      label=f"{s} ({shares[s]:.0%})") for s in ("monotone", "two-tone", "rainbow")
               if shares[s]]
    ax.legend(handles=handles, loc="lower left", frameon=False, fontsize=8)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xticks(range(0, 101, 25))
    ax.set_yticks(range(0, 101, 25))
    ax.grid(True, alpha=0.3)
    ax.set_xlabel("share of the flops, best for the hero first (%)")
    ax.set_ylabel("hero's equity (%)")
    ax.set_title("every flop, sorted, by its suits", fontsize=10)


def save_flops_picture(result: FlopsResult, path: str | Path) -> None:
    """Draw ``result`` (module docstring) and write it to ``path`` (``.svg`` or ``.png``).

    Raises:
        EquityError: another suffix, matplotlib not installed, or the file cannot be written.
    """
    fmt = check_target(path)
    fig = figures.new_figure(fmt, (12, 5))
    fig.get_layout_engine().set(wspace=0.06)
    heat, curve = fig.subplots(1, 2, width_ratios=[1, 1.15])
    _heat_panel(fig, heat, result)
    _curve_panel(curve, result)
    fig.suptitle(f"{title(result)}\n{_subtitle(result)}", fontsize=11)
    figures.write(fig, path, fmt)

