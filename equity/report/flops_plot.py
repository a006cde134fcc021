"""The picture of ``equity flops --svg FILE``: the hero's equity over every flop, drawn with matplotlib as
SVG or PNG (by the file's suffix). Never prints.

Two panels. On the left a heat map of the hero's equity by the flop's high card (rows, ace on top) and its
second card (columns: the middle rank of the three, so KsKhTd counts under K, K), each cell the weighted
mean over its flops with the weights of the means over all flops (a row's flops times its live combo
pairs); a cell without a flop is blank. On the right one sorted equity curve a suit texture (monotone,
two-tone, rainbow), each over its own flops on a common 0 .. 100% axis: the flops best for the hero first,
each a step as wide as its share of the texture's weight (the same weights), so that the area under a
curve is the texture's mean in the texture table; the legend gives each texture's flops and mean, and a
dashed line the mean over every flop. Blocked rows are left out of both.

matplotlib is optional (``pip install 'equity[plot]'``) and imported only when a picture is drawn, on its
own canvas (never pyplot), so drawing opens no window.
"""

from __future__ import annotations

import math
from pathlib import Path

from equity.games import GAMES
from equity.questions.flops.rows import FlopRow, FlopsResult
from equity.questions.flops.sets import RANK_NAMES, SUITS
from equity.report import figures

#: The textures' curves' colours, solid, so that a test can find them in a rendering.
MONOTONE = "#9467bd"
TWO_TONE = "#1f77b4"
RAINBOW = "#ff7f0e"
TEXTURE_COLOURS = {"monotone": MONOTONE, "two-tone": TWO_TONE, "rainbow": RAINBOW}
MEAN = "#333333"
#: Each curve's width and layer: the commonest widest and lowest, so that where two curves meet both show.
CURVE_STYLE = {"two-tone": (2.8, 2), "rainbow": (1.5, 3), "monotone": (1.5, 4)}
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


def texture_curves(result: FlopsResult) -> dict[str, list[tuple[float, float, float]]]:
    """The sorted equity curve of each suit texture with a played flop, in the order of ``SUITS``
    (monotone first): per row of the texture, best for the hero first, ``(start, end, equity)``, the row's
    span (0 .. 1) of the texture's weight (each row's flops times its live pairs, as the means weigh it;
    the last ``end`` is 1) and the hero's equity (0 .. 1) there."""
    out = {}
    for suits in SUITS:
        rows = sorted((r for r in _played(result) if r.suits == suits), key=lambda r: r.hero.equity,
                      reverse=True)
        if not rows:
            continue
        total = math.fsum(r.weight * r.pairs for r in rows)
        curve, done = [], 0.0
        for r in rows:
            end = done + r.weight * r.pairs
            curve.append((done / total, end / total, r.hero.equity))
            done = end
        curve[-1] = (curve[-1][0], 1.0, curve[-1][2])  # 1 exactly, whatever the rounding
        out[suits] = curve
    return out


def title(result: FlopsResult) -> str:
    """The picture's title: the matchup, the flops counted, the game unless hold'em."""
    counted = result.overall.counted
    text = f"{result.hero} vs {result.villain}: hero's equity on {counted:,} flops"
    if not GAMES[result.game].is_default:
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
    means = {m.name: m for m in result.textures}
    for suits, curve in texture_curves(result).items():
        m, (width, layer) = means[suits], CURVE_STYLE[suits]
        ax.stairs([100 * eq for _, _, eq in curve], [100 * curve[0][0]] + [100 * end for _, end, _ in curve],
                  color=TEXTURE_COLOURS[suits], linewidth=width, zorder=layer, baseline=None,
                  label=f"{suits}: {m.counted:,} flops, mean {m.hero_equity:.1%}")
    mean = result.overall.hero_equity
    if mean is not None:
        ax.axhline(100 * mean, color=MEAN, linestyle="--", linewidth=1.1, zorder=0.5,
                   label=f"all flops: mean {mean:.1%}")
    ax.legend(loc="best", frameon=False, fontsize=8)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xticks(range(0, 101, 25))
    ax.set_yticks(range(0, 101, 25))
    ax.grid(True, alpha=0.3)
    ax.set_xlabel("share of the texture's flops × live combo pairs, best for the hero first (%)")
    ax.set_ylabel("hero's equity (%)")
    ax.set_title("each suit texture's flops, sorted", fontsize=10)


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

