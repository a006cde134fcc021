"""``equity warmup``: compile every kernel ahead of the first run, into the cache folder."""

from __future__ import annotations

import click

from equity.cli.app import (
    CONTEXT,
    cli,
    emit_json,
    no_progress_option,
    progress_bar,
    stdout_console,
    user_errors,
)
from equity.cli.output import width_option


@cli.command("warmup", context_settings=CONTEXT)
@click.option("--game", "-g", "games", metavar="NAME", multiple=True,
              help="Warm this game only (repeat for more) [default: every game].")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), metavar="N",
              help="Worker processes [default: one per core].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@no_progress_option
@user_errors
@width_option
def warmup_command(games: tuple[str, ...], jobs: int | None, as_json: bool, no_progress: bool) -> None:
    """Compile every kernel the commands may need, for every game or the ones named, into the cache
    folder (EQUITY_CACHE_DIR; 'equity --version' shows it), so that no later run compiles anything.
    With no --game it also warms icm and pushfold and builds pushfold's three-way table there.

    Run it once on a new machine, or in CI before restoring and saving the cache folder; running it
    again loads what is there and compiles nothing. It takes about two minutes on two cores.

    \b
    Examples:
      equity warmup
      equity warmup --game holdem --game plo
      EQUITY_CACHE_DIR=.equity-cache equity warmup --json
    """
    from equity.games import GAMES, get_game
    from equity.warmup import TOURNAMENTS, warmup

    names = [get_game(name).name for name in games]  # a misspelt name is refused before any work
    total = len(set(names)) or len(GAMES) + 1  # every game and the tournament questions
    with progress_bar(not as_json and not no_progress, "warming up", "games",
                      notice=not no_progress) as bar:
        done: list[str] = []

        def on_game(name: str) -> None:
            done.append(name)
            bar(len(done), total)

        bar.show(0, total)
        report = warmup(names, jobs, on_game)
    if as_json:
        emit_json(report.to_dict())
        return
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold")
    for heading in ("Kernels of", "Signatures", "Compiled now", "Already cached"):
        table.add_column(heading, justify="left" if heading == "Kernels of" else "right")
    for family in report.families:
        table.add_row(family.name, f"{family.compiled + family.loaded}", f"{family.compiled}",
                      f"{family.loaded}")
    console = stdout_console()
    console.print(table)
    games_warmed = [g for g in report.games if g != TOURNAMENTS]
    also = " and the tournament questions" if TOURNAMENTS in report.games else ""
    console.print(f"{len(games_warmed)} games{also} warmed up in {report.seconds:.1f} s on {report.jobs} "
                  f"process{'es' if report.jobs > 1 else ''}: {report.compiled} of {report.kernels} kernel "
                  f"signatures compiled now, the rest already cached.\nCache folder: {report.folder}")
