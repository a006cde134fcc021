"""What the matplotlib pictures share (``equity hands --plot``, ``equity flops --svg``): the file's format
checked before a run, a figure on its own canvas (never pyplot, so drawing opens no window), and the file
written. matplotlib is optional (``pip install 'equity[plot]'``) and imported only here, when a picture
is drawn. Never prints."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from equity.errors import EquityError

FORMATS = ("svg", "png")


def missing(option: str) -> str:
    """What to say when matplotlib is not installed."""
    return f"{option} needs matplotlib: pip install 'equity[plot]'"


def check_target(path: str | Path, option: str) -> str:
    """The picture's format from ``path``'s suffix, once matplotlib is known to be there: ``"svg"`` or
    ``"png"`` (so that a long run does not end in an error it could have said first); ``option`` names
    the option in messages (``"--plot"``).

    Raises:
        EquityError: another suffix, or matplotlib not installed.
    """
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise EquityError(f"{option} {path}: the picture is an .svg or a .png file")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise EquityError(missing(option)) from None
    return fmt


def new_figure(fmt: str, size: tuple[float, float]) -> Any:
    """A matplotlib Figure of ``size`` inches on the canvas of ``fmt`` (``"svg"`` or ``"png"``)."""
    from matplotlib.figure import Figure

    if fmt == "svg":
        from matplotlib.backends.backend_svg import FigureCanvasSVG as Canvas
    else:
        from matplotlib.backends.backend_agg import FigureCanvasAgg as Canvas
    fig = Figure(figsize=size, layout="constrained")
    Canvas(fig)
    return fig


def write(fig: Any, path: str | Path, fmt: str) -> None:
    """Write ``fig`` to ``path`` (an SVG without a date, so that the same picture is the same file).

    Raises:
        EquityError: the file cannot be written, naming it.
    """
    try:
        fig.savefig(Path(path), format=fmt, metadata={"Date": None} if fmt == "svg" else None, dpi=120)
    except OSError as exc:
        raise EquityError(f"cannot write {path}: {exc.strerror or exc}") from None
