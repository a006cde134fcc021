"""Terminal pieces of the ``equity`` command: the trial-count parameter, the progress bar, and saving
what is on screen as a picture. Used by :mod:`equity.cli` only."""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from equity.engines.montecarlo import MAX_TRIALS
from equity.errors import EquityError

if TYPE_CHECKING:  # rich loads when a picture is saved or a bar shown, not for --json
    from rich.console import RenderableType

PICTURE_WIDTH = 80


class Count(click.ParamType):
    """A positive whole number, which may also be written 1e6, 2.5M, 500k, 1_000_000 or 1,000,000."""

    name = "count"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from equity.questions.asking.spec import whole_number

        number = value if isinstance(value, int) else whole_number(str(value))
        if number is None or number < 1:
            self.fail(f"{value!r} is not a positive whole number (e.g. 1000000, 1e6 or 1M)", param, ctx)
        if number > MAX_TRIALS:
            self.fail(f"{value!r} is more than the most trials a run can play, 10**15", param, ctx)
        return number


#: A run with more than this many seconds to go says so on stderr when no terminal shows a bar.
LONG_RUN_S = 5.0
#: How long a run goes before its rate is trusted for that estimate (and before a bar appears).
_SETTLE_S = 1.0


class ProgressBar:
    """A rich progress bar on stderr that appears only once a run has taken about a second.

    When stderr is not a terminal (a script, a CI log) there is no bar; instead, with ``notice``, a run
    with more than :data:`LONG_RUN_S` to go prints one line, once: what it is doing, about how long it
    will take, and the option that answers sooner (``hint``)."""

    def __init__(self, enabled: bool, label: str = "", unit: str = "", notice: bool = False) -> None:
        self.enabled = enabled
        self.notice = notice and not enabled
        self.label, self.unit, self.hint = label, unit, ""
        self.first: tuple[float, int] | None = None  # when and how far the first report came
        self.named = bool(label)  # named by the command (runouts, flops): the engines' runs inside keep it
        self.start = time.perf_counter()
        self.bar: Any = None  # a rich Progress once shown
        self.task: Any = None

    def begin(self, label: str, unit: str, hint: str = "") -> None:
        """Name what is counted (unless the command did) and the option that answers sooner, and start
        the clock."""
        if not self.named:
            self.label, self.unit = label, unit
        self.hint = hint
        self.start = time.perf_counter()
        self.first = None

    def show(self, done: int, total: int | None) -> None:
        """Show the bar now, however short the run so far (for steps that each take seconds)."""
        self.start -= _SETTLE_S
        self(done, total)

    def __call__(self, done: int, total: int | None) -> None:
        if self.notice:
            self._long_run(done, total)
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < _SETTLE_S:
                return
            from equity.cli.progress import progress_bar

            self.bar = progress_bar(self.label, self.unit)
            self.bar.start()
            self.task = self.bar.add_task("", total=total, completed=done)
        self.bar.update(self.task, completed=done, total=total)

    def _long_run(self, done: int, total: int | None) -> None:
        """The one line for a long run nobody watches, once the rate has settled: measured from the first
        report on (after any compiling), over at least :data:`_SETTLE_S`."""
        now = time.perf_counter()
        if not total or done >= total:
            return
        if self.first is None:
            self.first = (now, done)
            return
        since, done_then = self.first
        if now - since < _SETTLE_S or done <= done_then:
            return
        self.notice = False  # one estimate, the first trusted one: said or not, never again
        left = (total - done) * (now - since) / (done - done_then)
        if left < LONG_RUN_S:
            return
        what = f"{self.label} {total:,} {self.unit}".strip()
        click.echo(f"Note: {what}: about {duration(left)} to go at this rate"
                   + (f"; {self.hint}" if self.hint else "") + ".", err=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def duration(seconds: float) -> str:
    """``'8 s'``, ``'4 min'``, ``'2.5 h'``: about how long, for a person."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.0f} days"


def save_pictures(renderable: RenderableType, title: str, svg: str | None, html: str | None) -> None:
    """Save ``renderable`` as it looks at an 80-column colour terminal: an SVG and/or an HTML page
    (rich's own export).

    Raises:
        EquityError: a file cannot be written, naming it.
    """
    if not svg and not html:
        return
    from rich.console import Console

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
