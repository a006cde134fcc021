"""Terminal pieces of the ``equity`` command: the trial-count parameter, the progress bar, and saving
what is on screen as a picture. Used by :mod:`equity.cli` only."""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

import click
from rich.console import Console, RenderableType

from equity.engines.montecarlo import MAX_TRIALS
from equity.errors import EquityError
from equity.questions.spec import whole_number

PICTURE_WIDTH = 80


class Count(click.ParamType):
    """A positive whole number, which may also be written 1e6, 2.5M, 500k, 1_000_000 or 1,000,000."""

    name = "count"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = value if isinstance(value, int) else whole_number(str(value))
        if number is None or number < 1:
            self.fail(f"{value!r} is not a positive whole number (e.g. 1000000, 1e6 or 1M)", param, ctx)
        if number > MAX_TRIALS:
            self.fail(f"{value!r} is more than the most trials a run can play, 10**15", param, ctx)
        return number


class ProgressBar:
    """A rich progress bar on stderr that appears only once a run has taken about a second."""

    def __init__(self, enabled: bool, label: str = "", unit: str = "") -> None:
        self.enabled = enabled
        self.label, self.unit = label, unit
        self.start = time.perf_counter()
        self.bar: Any = None  # a rich Progress once shown
        self.task: Any = None

    def begin(self, label: str, unit: str) -> None:
        """Name what is counted, and start the clock."""
        self.label, self.unit = label, unit
        self.start = time.perf_counter()

    def show(self, done: int, total: int | None) -> None:
        """Show the bar now, however short the run so far (for steps that each take seconds)."""
        self.start -= 1.0
        self(done, total)

    def __call__(self, done: int, total: int | None) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < 1.0:
                return
            from equity.cli.progress import progress_bar

            self.bar = progress_bar(self.label, self.unit)
            self.bar.start()
            self.task = self.bar.add_task("", total=total, completed=done)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def save_pictures(renderable: RenderableType, title: str, svg: str | None, html: str | None) -> None:
    """Save ``renderable`` as it looks at an 80-column colour terminal: an SVG and/or an HTML page
    (rich's own export).

    Raises:
        EquityError: a file cannot be written, naming it.
    """
    if not svg and not html:
        return
    console = Console(record=True, width=PICTURE_WIDTH, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", highlight=False)
    console.print(renderable)
    for path, export in ((svg, lambda: console.export_svg(title=title, clear=False)),
                         (html, lambda: console.export_html(clear=False, inline_styles=True))):
        if path:
            try:
                Path(path).write_text(export(), encoding="utf-8")
            except OSError as exc:
                raise EquityError(f"cannot write {path}: {exc.strerror or exc}") from None
