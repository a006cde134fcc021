"""``equity flops``: range against range on every flop (:mod:`equity.questions.flops`)."""

from __future__ import annotations

import csv
import json
import sys

import click

from equity.cli.app import (
    CONTEXT,
    cli,
    engine_options,
    one_pool,
    pool_options,
    running,
    stdout_console,
    user_errors,
)
from equity.cli.output import width_option
from equity.errors import ScenarioError
from equity.options import RunOptions
from equity.questions.players import parse_players

#: Rows the table shows unless --top says otherwise.
TABLE_ROWS = 20


@cli.command("flops", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO_RANGE [vs] VILLAIN_RANGE")
@click.option("--flops", "flop_set", metavar="SET",
              help="Only these flops: flops (Ks8h3d) and textures (monotone, two-tone, rainbow, unpaired, "
                   "paired, trips, connected, unconnected, A-high .. 2-high), comma-separated; one value of "
                   "each kind given must match.")
@click.option("--sort", "sort", default="equity", show_default=True, metavar="COLUMN",
              help="Order the rows by equity, villain, win, tie, flop, weight, combos, villain_combos or a "
                   "hit share (pair_or_better, flush_draw ...; villain_pair_or_better ...).")
@click.option("--ascending", is_flag=True, help="Lowest first (the flop: in order of its cards).")
@click.option("--top", type=click.IntRange(min=0), metavar="N",
              help=f"Show N rows [default: {TABLE_ROWS} in the table, all in JSON and CSV]; 0 for all.")
@click.option("--game", "-g", metavar="NAME", help="holdem (the default) or short deck (6+).")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV: one row per flop with its weight.")
@click.option("--svg", metavar="FILE", help="Save a picture of the equity over the flops: a heat map by high "
              "and second card, and the sorted equity by texture (.svg or .png; needs pip install "
              "'equity[plot]').")
@click.option("--no-preflop", is_flag=True, help="Skip the exact preflop equity shown beside the mean.")
@engine_options(board=False, precision="0.5 a flop")
@pool_options("Count on N worker processes [default: 0, this process on all cores].", "Count")
@user_errors
@width_option
def flops_command(players: tuple[str, ...], flop_set: str | None, sort: str, ascending: bool, top: int | None,
                  game: str | None, as_csv: bool, svg: str | None, no_preflop: bool, dead: str,
                  options: RunOptions, as_json: bool, no_progress: bool, workers: int | None,
                  cluster: str | None) -> None:
    """Range against range on every flop: each flop's exact equities, live combos and hits, the mean over
    the flops beside the preflop equity, and the means by texture.

    The 22,100 flops fall into 1,755 classes when both ranges are the same under every relabelling of the
    suits (QQ+,AKs is; AsKs is not): then each class is one row weighing the flops it stands for, else
    the rows are the classes the ranges' own symmetry allows. Each flop's row is what 'equity HERO vs
    VILLAIN --board FLOP --exact' prints; --mc (or --trials, --precision, --seed) makes each flop a
    seeded Monte Carlo run of its own, to 0.5 points unless told. Hits: the share of each range's live
    combos that makes pair or better, two pair or better, three of a kind, a straight, a flush, or holds
    a flush draw, an open-ended draw or a gutshot (as 'equity hits' counts them).

    \b
    Examples:
      equity flops QQ+,AKs,AKo vs JJ-77,AQs-ATs,KQs,AQo
      equity flops 20% vs 20% --flops monotone --top 10
      equity flops AA vs KK --sort equity --ascending --top 5
      equity flops QQ+,AK vs 22+,A2s+ --json > flops.json
      equity flops QQ+,AK vs 22+,A2s+ --csv > flops.csv
      equity flops QQ+,AK vs JJ-99 --svg flops.svg
    """
    from equity.questions.flops import flops, sort_key
    from equity.report import flops as report

    if as_json and as_csv:
        raise ScenarioError("choose --json or --csv, not both")
    one_pool(workers, cluster)
    sort_key(sort)  # an unknown column is said before the run
    if svg:
        from equity.report.flops_plot import check_target

        check_target(svg)
    chosen, parsed = parse_players(players, game)
    if len(parsed) != 2:
        raise ScenarioError(f"equity flops takes two ranges, the hero's and the villain's; got {len(parsed)} "
                            "players")
    hero, villain = parsed  # a count of random hands other than 1: equity.flops says so
    with running(options, as_json or as_csv, no_progress, "counting", "flops") as run:
        if not run.progress.enabled:  # type: ignore[union-attr]  # no bar to move: one call counts it all
            run = run.replace(progress=None)
        result = flops(hero, villain, flops=flop_set, dead=dead, game=chosen, options=run,
                       workers=workers or 0, cluster=cluster, preflop=not no_preflop)
    if svg:
        from equity.report.flops_plot import save_flops_picture

        save_flops_picture(result, svg)
    if as_json:
        _emit(result.to_dict(result.sorted_rows(sort, ascending, top or None)))
    elif as_csv:
        writer = csv.DictWriter(sys.stdout, report.CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in report.csv_rows(result.sorted_rows(sort, ascending, top or None)):
            writer.writerow(row)
    else:
        shown = TABLE_ROWS if top is None else top or None
        rows = result.sorted_rows(sort, ascending, shown)
        view = report.flops_view(result, rows, sort, ascending, len(rows) == len(result.rows))
        stdout_console().print(view)


def _emit(data: dict) -> None:
    """The JSON object, indented, with each row on a line of its own (the standard library's compact
    encoder, in C, writes 1,755 rows in a tenth of the time of the indenting one, in Python)."""
    rows = data.pop("rows")
    head = json.dumps({**data, "rows": []}, indent=2, allow_nan=False)
    assert head.endswith('"rows": []\n}')
    body = ",\n    ".join(json.dumps(row, allow_nan=False) for row in rows)
    click.echo(head[:-len("[]\n}")] + ("[\n    " + body + "\n  ]\n}" if rows else "[]\n}"))
