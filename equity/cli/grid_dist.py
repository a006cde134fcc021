"""The picture commands written here: ``range`` on the 13 x 13 grid, and ``dist``'s curves (``grid``'s is made
from its question: :mod:`equity.cli.questions`)."""

from __future__ import annotations

import click

from equity.cli.app import (
    CONTEXT,
    cli,
    emit_json,
    engine_options,
    picture_options,
    present,
    running,
    stdout_console,
    user_errors,
)
from equity.cli.output import width_option
from equity.options import RunOptions
from equity.questions.players import parse_players


@cli.command("range", context_settings=CONTEXT)
@click.argument("text", nargs=-1, required=True, metavar="RANGE")
@click.option("--board", "-b", default="", metavar="CARDS", help="Board cards, removed from the range.")
@click.option("--dead", "-d", default="", metavar="CARDS", help="Dead cards, removed from the range.")
@click.option("--game", "-g", metavar="NAME", help="holdem (the default) or short-deck (6+).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys: equity help grid).")
@picture_options
@user_errors
@width_option
def range_command(text: tuple[str, ...], board: str, dead: str, game: str | None, as_json: bool,
                  svg: str | None, html: str | None) -> None:
    """Show RANGE on the 13 x 13 grid: pairs on the diagonal, suited hands above it, offsuit below.

    Each class is coloured by the share of its combos the range holds (weights count), after removing
    the combos a board or dead card blocks; the numbers say the same in percent.

    \b
    Examples:
      equity range 15%
      equity range QQ+,AKs,A5s-A2s@50 --board Ah7d2c
      equity range 22+,A2s+,KTo+ --svg range.svg
      equity range 77+,ATs+,KQo --game 6+
    """
    from equity.questions.grid import range_grid
    from equity.report.grid import range_view

    grid = range_grid(" ".join(text), board, dead, game=game)
    present(range_view(grid), grid.to_dict(), f"equity range {grid.text}", as_json, svg, html)


@cli.command("dist", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO [vs] OPPONENT...")
@click.option("--game", "-g", metavar="NAME",
              help="holdem (the default), omaha, plo8, 6+ ... (as for 'equity').")
@click.option("--buckets", metavar="BANDS", help="Equity bands in percent, e.g. 0-33,33-66,66-100 "
              "[default: 75-100,50-75,25-50,0-25].")
@click.option("--by-combo", is_flag=True, help="Also list every combo, and break the hero's equity down by "
              "the opponents' combos rather than their classes.")
@engine_options(precision="0.25 in root mean square")
@click.option("--svg", metavar="FILE", help="Also save the curves and breakdowns as an SVG chart "
              "(needs matplotlib: pip install 'equity[plot]').")
@user_errors
@width_option
def dist_command(players: tuple[str, ...], game: str | None, buckets: str | None, by_combo: bool, board: str,
                 dead: str, options: RunOptions, as_json: bool, no_progress: bool, svg: str | None) -> None:
    """How each player's equity spreads over the combos of its range, from one pass.

    For every player with a range or a hand: the combos sorted by equity (a sparkline of the curve),
    the share of the range in each equity band, the percentiles and the mean (the player's equity);
    then the hero's equity against each class of each opponent's range, and how much of that range the
    class is. Exact when cheap, else Monte Carlo until the classes' standard errors are --precision
    points in root mean square (default 0.25), none above twice it ('equity help dist').

    \b
    Examples:
      equity dist QQ+,AK,T9s vs 20% --board Th9h2c
      equity dist AsKs vs 15% --board Th9h2c --by-combo
      equity dist AAxx vs 10% --game plo --board Kh8d3c
    """
    from equity.questions.dist import equity_distribution
    from equity.report.dist import dist_view

    chosen, specs = parse_players(players, game)
    with running(options, as_json, no_progress) as run:
        dist = equity_distribution(specs, board, dead, game=chosen, buckets=buckets,
                                   by="combo" if by_combo else "class", options=run)
    if svg:
        from equity.report.dist_plot import save_svg

        save_svg(dist, svg, f"equity dist {' '.join(players)}")
    if as_json:
        emit_json(dist.to_dict())
    else:
        stdout_console().print(dist_view(dist, by_combo))

