"""The commands about the cards to come: ``runout`` (each next card's equities) and ``hits`` (what a range
makes on a board)."""

from __future__ import annotations

import click
from rich.console import Console

from ..players import parse_players
from ..terminal import ProgressBar
from .app import (
    CONTEXT,
    _method,
    _starting,
    cli,
    engine_options,
    picture_options,
    present,
    user_errors,
)


@cli.command("runout", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO [vs] OPPONENT...")
@click.option("--game", "-g", metavar="NAME",
              help="holdem (the default), omaha, plo8, 6+ ... (as for 'equity').")
@click.option("--street", type=click.Choice(["turn", "river"]),
              help="How far to look: the next street [default], or from a flop 'river' for every two-card "
                   "runout.")
@engine_options
@picture_options
@user_errors
def runout_command(players: tuple[str, ...], game: str | None, street: str | None, board: str, dead: str,
                   exact: bool, mc: bool, trials: int | None, precision: float | None, time_s: float | None,
                   seed: int | None, threads: int | None, as_json: bool, no_progress: bool, svg: str | None,
                   html: str | None) -> None:
    """Every player's equity after each card that can come next on a flop or turn --board.

    A grid of the deck coloured by the hero's equity once each card has come, the cards best to worst
    (cards with the same equities on one line) with the hero's change, the outs (cards that put the hero
    ahead) and bad cards (that put the hero behind), and the average over the cards, each as likely as it
    comes, which is the equity now. From a flop, --street river sums up every two-card runout as a
    histogram of the hero's final equity. Exact when cheap; else each card is a Monte Carlo run of its
    own, to --precision points (default 0.25 per card, 1 per two-card runout) or --trials each.

    \b
    Examples:
      equity runout AsKs vs QdQc --board Th9h2c
      equity runout AsKs vs QdQc --board Th9h2c --street river
      equity runout AsKs vs QQ+,AK --board Th9h2c5d --svg turn.svg
      equity runout AsAhKsKh vs JdTd9c8c --board Th9h2c
    """
    from ..runout_report import runout_view
    from ..runouts import runout

    method = _method(exact, mc)
    chosen, specs = parse_players(players, game)
    err = Console(stderr=True, highlight=False)
    bar = ProgressBar(not as_json and not no_progress and err.is_terminal, "running out", "runouts")
    try:
        result = runout(specs, board, dead, game=chosen, street=street, method=method, trials=trials,
                        precision=None if precision is None else precision / 100, time_s=time_s, seed=seed,
                        threads=threads, progress=bar, on_start=_starting(err, bar))
    finally:
        bar.close()
    present(runout_view(result), result.to_dict(), f"equity runout {' '.join(players)}", as_json, svg, html)
