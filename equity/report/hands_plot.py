"""The tracker's graph of ``equity hands --plot``: a player's running net won and running all-in EV over
the hands, drawn with matplotlib as SVG or PNG (by the file's suffix). Never prints.

matplotlib is optional (``pip install 'equity[plot]'``) and imported only when a picture is drawn, on its
own canvas (never pyplot), so drawing opens no window.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from equity.errors import EquityError

#: The lines' colours, solid, so that a test can find them in a rendering.
NET = "#2ca02c"
EV = "#ff7f0e"
MISSING = "--plot needs matplotlib: pip install 'equity[plot]'"
FORMATS = ("svg", "png")


def check_target(path: str | Path) -> str:
    """The picture's format from ``path``'s suffix, once matplotlib is known to be there: ``"svg"`` or
    ``"png"`` (so that a run over many files does not end in an error it could have said first).

    Raises:
        EquityError: another suffix, or matplotlib not installed.
    """
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise EquityError(f"--plot {path}: the picture is an .svg or a .png file")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise EquityError(MISSING) from None
    return fmt


def save_graph(net: Sequence[float], ev: Sequence[float], path: str | Path, title: str, unit: str) -> None:
    """Draw the running sums of ``net`` and ``ev`` (one value per hand, in order) and write them to
    ``path`` (``.svg`` or ``.png``), under ``title``, the amounts in ``unit``.

    Raises:
        EquityError: another suffix, matplotlib not installed, or the file cannot be written.
    """
    fmt = check_target(path)
    from matplotlib.figure import Figure

    if fmt == "svg":
        from matplotlib.backends.backend_svg import FigureCanvasSVG as Canvas
    else:
        from matplotlib.backends.backend_agg import FigureCanvasAgg as Canvas
    running_net, running_ev = _running(net), _running(ev)
    hands = list(range(len(net) + 1))
    fig = Figure(figsize=(8, 4.5), layout="constrained")
    Canvas(fig)
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
    try:
        fig.savefig(Path(path), format=fmt, metadata={"Date": None} if fmt == "svg" else None, dpi=120)
    except OSError as exc:
        raise EquityError(f"cannot write {path}: {exc.strerror or exc}") from None


def _running(values: Sequence[float]) -> list[float]:
    out = [0.0]
    for x in values:
        out.append(out[-1] + x)
    return out
