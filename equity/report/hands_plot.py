"""The tracker's graph of ``equity hands --plot``: a player's running net won and running all-in EV over
the hands, drawn with matplotlib as SVG or PNG (by the file's suffix). Never prints.

matplotlib is optional (``pip install 'equity[plot]'``) and imported only when a picture is drawn, on its
own canvas (never pyplot), so drawing opens no window.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from equity.report import figures

#: The lines' colours, solid, so that a test can find them in a rendering.
NET = "#2ca02c"
EV = "#ff7f0e"


def check_target(path: str | Path) -> str:
    """``--plot``'s format, checked before the run (:func:`equity.report.figures.check_target`)."""
    return figures.check_target(path, "--plot")


def save_graph(net: Sequence[float], ev: Sequence[float], path: str | Path, title: str, unit: str) -> None:
    """Draw the running sums of ``net`` and ``ev`` (one value per hand, in order) and write them to
    ``path`` (``.svg`` or ``.png``), under ``title``, the amounts in ``unit``.

    Raises:
        EquityError: another suffix, matplotlib not installed, or the file cannot be written.
    """
    fmt = check_target(path)
    running_net, running_ev = _running(net), _running(ev)
    hands = list(range(len(net) + 1))
    fig = figures.new_figure(fmt, (8, 4.5))
    ax = fig.subplots()
    ax.plot(hands, running_net, color=NET, linewidth=1.4, label=f"net won ({running_net[-1]:,.2f})")
    ax.plot(hands, running_ev, color=EV, linewidth=1.4, label=f"all-in EV ({running_ev[-1]:,.2f})")
    ax.axhline(0, color="#999999", linewidth=0.6)
    ax.set_xlabel("hands")
    ax.set_ylabel(unit)
    ax.margins(x=0)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best", frameon=False)
    fig.suptitle(title, fontsize=11)
    figures.write(fig, path, fmt)


def _running(values: Sequence[float]) -> list[float]:
    out = [0.0]
    for x in values:
        out.append(out[-1] + x)
    return out
