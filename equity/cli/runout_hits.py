"""The commands about the cards to come: ``runout`` (each next card's equities) and ``hits`` (what a range
makes on a board)."""

from __future__ import annotations

import click

from equity.cli.app import (
    CONTEXT,
    cli,
    engine_options,
    picture_options,
    present,
    running,
    starting,
    user_errors,
)
from equity.cli.output import width_option
from equity.cli.terminal import ProgressBar
from equity.options import RunOptions
from equity.questions.players import parse_players


@cli.command("runout", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO [vs] OPPONENT...")
@click.option("--game", "-g", metavar="NAME",
              help="holdem (the default), omaha, plo8, 6+ ... (as for 'equity').")
@click.option("--street", type=click.Choice(["turn", "river"]),
              help="How far to look: the next street [default], or from a flop 'river' for every two-card "
                   "runout.")
@engine_options(precision="0.25 a card, 1 a two-card runout")
@picture_options
@user_errors
@width_option
def runout_command(players: tuple[str, ...], game: str | None, street: str | None, board: str, dead: str,
                   options: RunOptions, as_json: bool, no_progress: bool, svg: str | None,
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
    from equity.questions.runouts import runout
    from equity.report.runout import runout_view

    chosen, specs = parse_players(players, game)
    with running(options, as_json, no_progress, "running out", "runouts") as run:
        result = runout(specs, board, dead, game=chosen, street=street, options=run)
    present(runout_view(result), result.to_dict(), f"equity runout {' '.join(players)}", as_json, svg, html)


@cli.command("hits", context_settings=CONTEXT)
@click.argument("text", nargs=-1, required=True, metavar="RANGE")
@click.option("--board", "-b", default="", metavar="CARDS", help="The flop, turn or river: 3, 4 or 5 cards.")
@click.option("--dead", "-d", default="", metavar="CARDS", help="Cards out of play: no combo holds them and "
              "no draw counts them as outs.")
@click.option("--game", "-g", metavar="NAME",
              help="holdem (the default), 6+, omaha (plo, plo5, plo6, plo8 ...).")
@click.option("--list", "show_hands", is_flag=True, help="Also list the combos of each line.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys: equity help hits).")
@picture_options
@user_errors
@width_option
def hits_command(text: tuple[str, ...], board: str, dead: str, game: str | None, show_hands: bool,
                 as_json: bool, svg: str | None, html: str | None) -> None:
    """What the live combos of RANGE make on --board, as Flopzilla counts them.

    Each combo counts once under its made hand (straight flush .. high card; one pair split into
    overpair, top pair, pocket pair between board cards, middle, bottom, underpair and board pair only)
    and, while cards are to come, under each draw it holds (flush draw, nut flush draw, backdoor flush
    draw on the flop, open-ended, gutshot, two overcards, combo draw). Weights count; combos holding a
    board or dead card are removed. Omaha hands use two hole cards and three board cards. In hold'em and
    short deck the range grid shows what most of each class makes. Definitions: 'equity help hits'.

    \b
    Examples:
      equity hits 20% --board Th9h2c
      equity hits QQ+,AK,T9s --board Th9h2c --list
      equity hits AAxx,KQJTds --board Th9h2c --game plo
    """
    from equity.questions.hits import range_hits
    from equity.report.hits import hits_view

    # no bar (it answers in milliseconds): the hook only says when its kernel compiles
    hits = range_hits(" ".join(text), board, dead, game=game, on_start=starting(ProgressBar(False)))
    present(hits_view(hits, show_hands), hits.to_dict(), f"equity hits {' '.join(text)}", as_json, svg, html)
