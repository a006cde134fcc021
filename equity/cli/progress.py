"""The rich progress bar the ``equity`` command shows on stderr once a run has taken about a second
(:class:`equity.cli.terminal.ProgressBar` imports this module then, so a quick run never loads
``rich.progress``)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class Done(ProgressColumn):
    """Done and total with thousands separators, 1,250,000/4,000,000, or in billions from a billion
    on (5.7/12.6 billion), so the bar fits 80 columns."""

    def render(self, task: Task) -> Text:
        done, total = int(task.completed), None if task.total is None else int(task.total)
        if total is not None and total >= 10**9:
            text = f"{done / 1e9:.1f}/{total / 1e9:.1f} billion"
        else:
            text = f"{done:,}/{'?' if total is None else f'{total:,}'}"
        return Text(text, style="progress.download")


def progress_bar(label: str, unit: str) -> Progress:
    """A transient bar on stderr: the label, the bar, done/total, the unit, time taken and left."""
    return Progress(TextColumn(f"[dim]{label}"), BarColumn(bar_width=16), Done(), TextColumn(unit),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True)
