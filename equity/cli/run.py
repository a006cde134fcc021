"""The ``eval`` and ``run`` commands: one hand's value, and the equities of one spot."""

from __future__ import annotations

import click

from equity.cards import parse_cards
from equity.cli.app import (
    CONTEXT,
    cli,
    emit_json,
    engine_options,
    game_option,
    running,
    show,
    stdout_console,
    user_errors,
)
from equity.cli.output import width_option
from equity.errors import HandSizeError
from equity.games import evaluate_in, get_game
from equity.options import RunOptions
from equity.questions import calculate as engine
from equity.questions.players import parse_players


@cli.command("eval", context_settings=CONTEXT)
@click.argument("cards", nargs=-1, required=True)
@game_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@user_errors
@width_option
def eval_command(cards: tuple[str, ...], game: str | None, as_json: bool) -> None:
    """Evaluate a 5-, 6- or 7-card hand: its class (1 = royal flush .. 7462), category and name.

    CARDS may be run together (AsKsQsJsTs) or separated by spaces or commas. In Omaha give the hole cards
    then the five board cards: the best hand uses exactly two of the first and three of the second; in
    Omaha hi-lo (--game o8) the low half is described too. In short deck the classes run 1 .. 1404 and
    a flush beats a full house.

    \b
    Examples:
      equity eval AsKsQsJsTs
      equity eval Kh Kd 9c 9s 2h 3d 4c --json
      equity eval --game plo AhKhQdJd Th9h2c3d4s
      equity eval --game o8 As2d5hKc 3c4d8sQhJh
      equity eval --game 6+ 9h8d7c6sAh
    """
    text = " ".join(cards)
    hand = parse_cards(text)
    chosen = get_game(game)
    if game is None and len(hand) > 7 and chosen.size_hint(len(hand) - 5):
        raise HandSizeError(f"{text!r} has {len(hand)} cards; for an Omaha hand and board give the game"
                            f"{chosen.size_hint(len(hand) - 5)}")
    sizes = chosen.eval_sizes
    if len(hand) not in sizes:
        want = (f"{sizes[0]} to {sizes[-1]} cards" if len(sizes) > 1
                else f"{sizes[0]} cards ({chosen.hole} hole + {chosen.board} board) in {chosen.title}")
        raise HandSizeError(f"'equity eval' takes {want}; {text!r} has {len(hand)}")
    out = evaluate_in(hand, chosen)
    if as_json:
        emit_json(out)
        return
    from equity.report import equity_table as report  # rich: for a table only, not --json

    board = parse_cards(out["board"]) if "board" in out else None
    stdout_console().print(report.evaluation(
        parse_cards(out["cards"]), out["rank"], out["category"], out["description"],
        n_classes=chosen.n_classes, board=board, game=None if chosen.is_default else chosen.title,
        low=out["low"]["description"] if "low" in out else None, best=chosen.best_hand))


@cli.command("run", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO [vs] OPPONENT...")
@game_option
@engine_options
@click.option("--categories", "-c", is_flag=True,
              help="Also show how often each player ends with each hand category, and wins with it.")
@user_errors
@width_option
def run_command(players: tuple[str, ...], game: str | None, board: str, dead: str, options: RunOptions,
                categories: bool, as_json: bool, no_progress: bool) -> None:
    """Equity of HERO against each OPPONENT.

    HERO and each OPPONENT are a hand (QdQc) or a range (QQ+,AKs,A5s-A2s); a pocket pair may be written
    with digits (77). An OPPONENT may also be a count of random hands (2, or 2x). Two equal digits are a
    pocket pair: 'vs 22' is pocket deuces, 'vs 22x' is 22 random hands. The answer is exact when
    enumerating every deal is cheap (or with --exact), else a Monte Carlo estimate with its standard
    error.

    Omaha hands have 4, 5 or 6 cards (AsAhKsKh: the game follows from them) and Omaha ranges are rank
    patterns (AAxx, KQJTds, AAKKss, or AAxx@50 weighted; see 'equity help games'); short deck (--game
    6+) plays the 36 cards 6 through A with the hold'em grammar.

    \b
    Examples:
      equity AsKs vs 2 --board Th9h2c
      equity AsKs QdQc
      equity QQ+,AKs vs JJ-99,AQs+ --categories
      equity AsKs QdQc --trials 1000000 --seed 7
      equity 77 vs AKs 2
      equity 7h7d vs 3 --precision 0.1 --json
      equity AsAhKsKh vs JdTd9c8c
      equity AAKKds vs 2 --game plo
      equity AhAd vs KsKc --game short-deck
    """
    chosen, specs = parse_players(players, game)
    with running(options, as_json, no_progress) as run:
        result = engine.calculate(specs, board, dead, game=chosen, options=run, categories=categories)
    show(result, as_json)
