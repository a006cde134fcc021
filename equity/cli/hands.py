"""``equity hands``: all-in EV from hand histories (:mod:`equity.questions.hands`)."""

from __future__ import annotations

import csv
import json
import re
import sys
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from equity.cli.app import (
    CONTEXT,
    cli,
    compiling,
    no_progress_option,
    one_pool,
    pool_options,
    progress_bar,
    stdout_console,
    user_errors,
)
from equity.cli.output import width_option
from equity.errors import EquityError, ScenarioError
from equity.options import RunOptions


@cli.command("hands", context_settings=CONTEXT)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--hero", metavar="NAME", help="Show this player only (first in the list).")
@click.option("--list", "as_list", is_flag=True, help="Also list every priced hand, like a tracker's all-in "
              "report.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys: equity help hands).")
@click.option("--csv", "as_csv", is_flag=True,
              help="Print CSV: one row per hand and player, every hand read.")
@click.option("--plot", metavar="FILE", help="Save the running net won and all-in EV of the hero (or the "
              "player with the most hands) as FILE, .svg or .png (needs pip install 'equity[plot]').")
@click.option("--to-phh", metavar="DIR", help="Also write every hand read as a PHH file into DIR.")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), metavar="N",
              help="Offsets every hand's own Monte Carlo seed [default: 0; the numbers repeat either way].")
@pool_options("Price on N worker processes [default: 0, this process on all cores].", "Price")
@no_progress_option
@click.pass_context
@user_errors
@width_option
def hands_command(ctx: click.Context, paths: tuple[str, ...], hero: str | None, as_list: bool, as_json: bool,
                  as_csv: bool, plot: str | None, to_phh: str | None, seed: int | None, workers: int | None,
                  cluster: str | None, no_progress: bool) -> None:
    """All-in EV from hand histories: per player the net won, the all-in EV and the luck.

    PATH is a file, a folder (read recursively: .txt, .phh, .phhs and .xml files) or - for standard
    input: PokerStars, GGPoker, Winamax, ACR, 888poker and partypoker text, iPoker XML (hold'em, Omaha,
    Omaha hi-lo, 5-card Omaha; cash and tournaments; PokerStars also stud, razz and the draw games) and
    PHH files (every game; triple draws counted but not priced). A hand is priced when its players
    still in are all in (or all but one, who has called) with cards to come and every one of them has
    shown: each pot shared by exact equity over every
    runout (Monte Carlo to 0.05 points, seeded, when exact would be slow). Exit status 0 when every hand
    was read, 1 when some could not be (each is reported with its file, line and reason), 2 for a path
    that does not exist or a file that is not a hand history.

    \b
    Examples:
      equity hands examples/hands/
      equity hands ~/PokerStars/HandHistory --hero Alice --list
      equity hands histories/ --json > allin.json
      equity hands histories/ --csv > hands.csv
      equity hands histories/ --hero Alice --plot luck.svg --workers 4
    """
    from equity.questions import hands as run_hands
    from equity.report import hands as report

    if as_json and as_csv:
        raise ScenarioError("choose --json or --csv, not both")
    one_pool(workers, cluster)
    if plot:
        from equity.report.hands_plot import check_target

        check_target(plot)
    options = RunOptions(seed=seed, on_start=_compiling_notice())
    listed: list[Any] = []
    series: dict[str, tuple[array[float], array[float], str]] = {}  # per player, 16 bytes a hand
    out = _Output(as_json, as_csv)
    phh_dir = _phh_folder(to_phh)

    def on_hand(priced: Any) -> None:
        if phh_dir is not None:
            _write_phh(phh_dir, priced.hand)
        if as_list and priced.priced and not as_json and not as_csv:
            if hero is None or any(f.name == hero for f in priced.players):
                listed.append(report.list_row(priced, hero))
        if plot:
            for f in priced.players:
                if hero is None or f.name == hero:
                    net, ev, _ = series.setdefault(f.name, (array("d"), array("d"), priced.hand.currency))
                    net.append(f.actual)
                    ev.append(f.ev)
        out.hand(priced, hero)

    with progress_bar(not as_json and not as_csv and not no_progress, "reading", "files",
                      notice=not no_progress) as bar:
        summary = run_hands.run(list(paths), options, workers=workers or 0, cluster=cluster, on_hand=on_hand,
                                progress=lambda done, total, _hands: bar(done, total))
    if as_json:
        out.finish(summary, hero)
    elif not as_csv:
        console = stdout_console()
        if listed:
            console.print(report.list_table(listed, hero))
            console.print()
        console.print(report.summary_view(summary, hero))
    else:
        for line in report.problems(summary, most=len(summary.errors) + len(summary.duplicates)):
            click.echo(line.plain, err=True)
    if plot:
        _plot(plot, series, summary, hero)
    if summary.errors:
        ctx.exit(1)


class _Output:
    """``--json`` written as it goes (the hands array streamed, the rest at the end: the document of
    :mod:`equity.questions.hands.document`, from its parts) or ``--csv`` rows."""

    def __init__(self, as_json: bool, as_csv: bool) -> None:
        self.as_json, self.as_csv = as_json, as_csv
        self.first = True
        self.writer: Any = None
        if as_json:
            from equity.questions.hands.document import head, shown, tail

            self.shown, self.tail = shown, tail
            start = json.dumps({**head(), "hands": []}, indent=2, allow_nan=False)
            sys.stdout.write(start[:-len("[]\n}")] + "[")
        if as_csv:
            from equity.report.hands import CSV_COLUMNS, csv_rows

            self.rows = csv_rows
            self.writer = csv.DictWriter(sys.stdout, CSV_COLUMNS, lineterminator="\n")
            self.writer.writeheader()

    def hand(self, priced: Any, hero: str | None) -> None:
        if self.as_csv:
            for row in self.rows(priced):
                self.writer.writerow({k: "" if v is None else v for k, v in row.items()})
        elif self.as_json and self.shown(priced, hero):
            text = json.dumps(priced.to_dict(), indent=2, allow_nan=False).replace("\n", "\n    ")
            sys.stdout.write(("\n    " if self.first else ",\n    ") + text)
            self.first = False

    def finish(self, summary: Any, hero: str | None) -> None:
        body = json.dumps(self.tail(summary, hero), indent=2, allow_nan=False)[1:].lstrip("\n")
        sys.stdout.write(("\n  ],\n" if not self.first else "],\n") + body + "\n")


def _phh_folder(to_phh: str | None) -> Path | None:
    if to_phh is None:
        return None
    folder = Path(to_phh)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EquityError(f"--to-phh {to_phh}: cannot make the folder ({exc.strerror or exc})") from None
    return folder


def _write_phh(folder: Path, hand: Any) -> None:
    from equity.histories.phh_write import write

    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{hand.site}-{hand.id}") + ".phh"
    try:
        (folder / name).write_text(write(hand), encoding="utf-8")
    except OSError as exc:
        raise EquityError(f"cannot write {folder / name}: {exc.strerror or exc}") from None


def _plot(path: str, series: dict[str, tuple[array[float], array[float], str]], summary: Any,
          hero: str | None) -> None:
    from equity.report.hands_plot import save_graph

    if hero is None:
        rows = summary.rows()
        if not rows:
            raise EquityError("--plot: no hand was read, nothing to draw")
        hero = rows[0].name
    if hero not in series:
        raise EquityError(f"--plot: no hand of {hero!r} was read")
    net, ev, unit = series[hero]
    save_graph(net, ev, path, f"{hero}: net won and all-in EV over {len(net):,} hands", unit)


def _compiling_notice() -> Callable[[str, bool, str], None]:
    """The pricing's ``on_start`` hook: the one line that says a game's kernel is about to compile, once a
    game and method."""
    said: set[tuple[str, str]] = set()

    def on_start(method: str, compiled: bool, game: str) -> None:
        if not compiled and (method, game) not in said:
            said.add((method, game))
            kind = "exact enumeration" if method == "exact" else "Monte Carlo"
            compiling(f"the {game} {kind} kernel to price its all-ins", "5-40 s")

    return on_start
