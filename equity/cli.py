"""The ``equity`` command: a thin click layer over the public API, and the only writer to the terminal.

Exit status: 0 success; 1 a ``check`` run with regressions; 2 any bad input, with a one-line message
naming the offending token and no traceback; 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import numba
from rich.console import Console, Group

from . import __version__, report
from .cards import parse_cards
from .engines import choose as engine
from .errors import EquityError, HandSizeError, ScenarioError
from .games import NAMES, evaluate_in, get_game
from .players import parse_players
from .result import Result
from .terminal import Count, ProgressBar, save_pictures

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
INTERRUPTED = 130  # 128 + SIGINT


class UserError(click.ClickException):
    """A bad-input error: printed as one ``Error: ...`` line on stderr, exit status 2."""

    exit_code = 2


def user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the library's :class:`EquityError` into :class:`UserError`."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except EquityError as exc:
            raise UserError(str(exc)) from None

    return wrapper


class Main(click.Group):
    """A group whose arguments, when they do not start with a subcommand, go to the default one.

    So ``equity AsKs vs 2`` means ``equity run AsKs vs 2`` while ``equity eval ...`` stays a subcommand.
    """

    default_command = "run"

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if (args and args[0] not in self.commands and args[0] not in ctx.help_option_names
                and args[0] != "--version" and self.default_command in self.commands):
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        """Ctrl-C ends a run with status 130, as shells do, rather than click's 1: for ``equity
        check`` in a script, 1 means an equity drifted."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\nInterrupted.", err=True)
            ctx.exit(INTERRUPTED)


def stdout_console() -> Console:
    return Console(highlight=False)


def emit_json(obj: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout: strict JSON (RFC 8259), so never NaN or infinity."""
    click.echo(json.dumps(obj, indent=2, allow_nan=False))


@click.group(cls=Main, context_settings=CONTEXT, invoke_without_command=False)
@click.version_option(__version__, "--version", prog_name="equity")
def cli() -> None:
    """A fast poker equity calculator: hold'em, Omaha high and hi-lo (4, 5 or 6 cards) and short deck.

    \b
    Usage:
      equity HERO [vs] OPPONENT... [options]   equities, e.g. equity AsKs vs 2 --board Th9h2c
                                               (--game plo, plo5, plo6, plo8, big-o, 6+ ...)
      equity eval CARDS                        the value of a 5-, 6- or 7-card hand
      equity check SCENARIOS.toml              compare pinned equities; exit 1 if any drifted
      equity range RANGE                       a range on the 13 x 13 grid
      equity grid HERO_RANGE vs OPPONENT...    each class's equity on the grid
      equity dist HERO vs OPPONENT...          each combo's equity: the curve, bands, breakdown
      equity batch [FILE]                      many scenarios, one per line (JSON Lines or CSV)

    Run 'equity run --help' for the options of the first form.
    """


def game_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--game NAME``: the game, by any of its names or aliases."""
    return click.option(
        "--game", "-g", metavar="NAME",
        help=f"The game: {', '.join(NAMES)}; aliases such as plo, plo5, plo6, 6+ work too [default: "
             "hold'em, or Omaha when the hands have 4 to 6 cards].")(func)


@cli.command("eval", context_settings=CONTEXT)
@click.argument("cards", nargs=-1, required=True)
@game_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@user_errors
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
    board = parse_cards(out["board"]) if "board" in out else None
    stdout_console().print(report.evaluation(
        parse_cards(out["cards"]), out["rank"], out["category"], out["description"],
        n_classes=chosen.n_classes, board=board, game=None if chosen is get_game(None) else chosen.title,
        low=out["low"]["description"] if "low" in out else None))


def engine_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options of every command that runs the engines: board, dead cards, method, stop, seed,
    threads, JSON and the progress bar."""
    options = [
        click.option("--board", "-b", default="", metavar="CARDS", help="Board cards: 3 (flop), 4 or 5."),
        click.option("--dead", "-d", default="", metavar="CARDS", help="Cards known to be out of play."),
        click.option("--exact", is_flag=True,
                     help="Enumerate every deal and board, however long it takes [default: when cheap]."),
        click.option("--mc", is_flag=True, help="Use Monte Carlo even when exact enumeration is cheap."),
        click.option("--trials", "-n", type=Count(), metavar="N",
                     help="Monte Carlo: play exactly N trials (1000000, 1e6 and 1M are the same)."),
        click.option("--precision", "-p", type=click.FloatRange(min=0, min_open=True), metavar="P",
                     help="Monte Carlo: stop once every equity's standard error is at most P percentage "
                          "points [default: 0.05]."),
        click.option("--time", "-t", "time_s", type=click.FloatRange(min=0, min_open=True), metavar="S",
                     help="Monte Carlo: play for about S seconds."),
        click.option("--seed", type=click.IntRange(0, 2**64 - 1), metavar="N",
                     help="Monte Carlo: seed (0 .. 2**64-1) for a repeatable run; drawn and shown if "
                          "omitted."),
        click.option("--threads", type=click.IntRange(1, numba.config.NUMBA_NUM_THREADS), metavar="N",
                     help="Threads to use [default: all cores]."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys in the README)."),
        click.option("--no-progress", is_flag=True, help="Never show a progress bar."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def picture_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--svg FILE`` and ``--html FILE``: save the picture as it looks."""
    func = click.option("--html", metavar="FILE", help="Also save the picture as an HTML page.")(func)
    return click.option("--svg", metavar="FILE", help="Also save the picture as an SVG image.")(func)


def _method(exact: bool, mc: bool) -> str:
    if exact and mc:
        raise ScenarioError("choose --exact or --mc, not both")
    return "exact" if exact else "monte-carlo" if mc else "auto"


def _starting(err: Console, bar: ProgressBar) -> Callable[[str, bool], None]:
    """The engines' ``on_start`` hook: the compiling notice on a cold JIT cache, and the bar's label."""
    def on_start(method: str, compiled: bool) -> None:
        label, unit, kind = (("enumerating", "boards", "enumeration") if method == "exact"
                             else ("simulating", "trials", "simulation"))
        if not compiled:
            err.print(f"[dim]Compiling the {kind} kernel for this machine (first run only, 10-20 s)...[/dim]")
        bar.begin(label, unit)

    return on_start


@cli.command("run", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO [vs] OPPONENT...")
@game_option
@engine_options
@click.option("--categories", "-c", is_flag=True,
              help="Also show how often each player ends with each hand category, and wins with it.")
@user_errors
def run_command(players: tuple[str, ...], game: str | None, board: str, dead: str, exact: bool, mc: bool,
                trials: int | None, precision: float | None, time_s: float | None, seed: int | None,
                threads: int | None, categories: bool, as_json: bool, no_progress: bool) -> None:
    """Equity of HERO against each OPPONENT.

    HERO and each OPPONENT are a hand (QdQc) or a range (QQ+,AKs,A5s-A2s); a pocket pair may be written
    with digits (77). An OPPONENT may also be a count of random hands (2, or 2x). Two equal digits are a
    pocket pair: 'vs 22' is pocket deuces, 'vs 22x' is 22 random hands. The answer is exact when
    enumerating every deal is cheap (or with --exact), else a Monte Carlo estimate with its standard
    error.

    Omaha hands have 4, 5 or 6 cards (AsAhKsKh: the game follows from them) and Omaha ranges are rank
    patterns (AAxx, KQJTds, AAKKss, or AAxx@50 weighted; see the README); short deck (--game 6+) plays
    the 36 cards 6 through A with the hold'em grammar.

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
    method = _method(exact, mc)
    chosen, specs = parse_players(players, game)
    err = Console(stderr=True, highlight=False)
    bar = ProgressBar(not as_json and not no_progress and err.is_terminal)
    try:
        result = engine.calculate(specs, board, dead, game=chosen, method=method, trials=trials,
                                  precision=None if precision is None else precision / 100, time_s=time_s,
                                  seed=seed, threads=threads, categories=categories, progress=bar,
                                  on_start=_starting(err, bar))
    finally:
        bar.close()
    show(result, as_json)


def present(view: Group, data: dict[str, Any], title: str, as_json: bool, svg: str | None,
            html: str | None) -> None:
    """Save the picture where asked, then print it, or its data as JSON."""
    save_pictures(view, title, svg, html)
    if as_json:
        emit_json(data)
    else:
        stdout_console().print(view)


@cli.command("range", context_settings=CONTEXT)
@click.argument("text", nargs=-1, required=True, metavar="RANGE")
@click.option("--board", "-b", default="", metavar="CARDS", help="Board cards, removed from the range.")
@click.option("--dead", "-d", default="", metavar="CARDS", help="Dead cards, removed from the range.")
@click.option("--game", "-g", metavar="NAME", help="holdem (the default) or short-deck (6+).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys in the README).")
@picture_options
@user_errors
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
    from .grid import range_grid
    from .grid_report import range_view

    grid = range_grid(" ".join(text), board, dead, game=game)
    present(range_view(grid), grid.to_dict(), f"equity range {grid.text}", as_json, svg, html)


@cli.command("grid", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO_RANGE [vs] OPPONENT...")
@click.option("--game", "-g", metavar="NAME", help="holdem (the default) or short-deck (6+).")
@engine_options
@picture_options
@user_errors
def grid_command(players: tuple[str, ...], game: str | None, board: str, dead: str, exact: bool, mc: bool,
                 trials: int | None, precision: float | None, time_s: float | None, seed: int | None,
                 threads: int | None, as_json: bool, no_progress: bool, svg: str | None,
                 html: str | None) -> None:
    """Each class of HERO_RANGE on the 13 x 13 grid, coloured by its equity against the OPPONENTs.

    One pass over the whole range counts every combo, and each cell adds up its class (exact when
    cheap, else Monte Carlo until the cells' standard errors are --precision points in root mean square,
    default 0.25, none above twice it); the line below the grid is the whole range's equity, which the
    cells add up to. OPPONENTs are as for 'equity HERO vs OPPONENT...'.

    \b
    Examples:
      equity grid 15% vs 15%
      equity grid 22+,A2s+,KTo+ vs 2 --board Th9h2c --svg grid.svg
      equity grid 88+,AJs+ vs 1 --game 6+
    """
    from .grid import equity_grid, two_card_game
    from .grid_report import equity_view

    method = _method(exact, mc)
    chosen, (hero, *opponents) = parse_players(players, two_card_game(game))
    hero = "random" if hero is None else hero
    err = Console(stderr=True, highlight=False)
    bar = ProgressBar(not as_json and not no_progress and err.is_terminal)
    try:
        grid = equity_grid(hero, opponents, board, dead, game=chosen, method=method, trials=trials,
                           precision=None if precision is None else precision / 100, time_s=time_s, seed=seed,
                           threads=threads, progress=bar, on_start=_starting(err, bar))
    finally:
        bar.close()
    present(equity_view(grid), grid.to_dict(), f"equity grid {' '.join(players)}", as_json, svg, html)


@cli.command("dist", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO [vs] OPPONENT...")
@click.option("--game", "-g", metavar="NAME",
              help="holdem (the default), omaha, plo8, 6+ ... (as for 'equity').")
@click.option("--buckets", metavar="BANDS", help="Equity bands in percent, e.g. 0-33,33-66,66-100 "
              "[default: 75-100,50-75,25-50,0-25].")
@click.option("--by-combo", is_flag=True, help="Also list every combo, and break the hero's equity down by "
              "the opponents' combos rather than their classes.")
@engine_options
@click.option("--svg", metavar="FILE", help="Also save the curves and breakdowns as an SVG chart "
              "(needs matplotlib: pip install 'equity[plot]').")
@user_errors
def dist_command(players: tuple[str, ...], game: str | None, buckets: str | None, by_combo: bool, board: str,
                 dead: str, exact: bool, mc: bool, trials: int | None, precision: float | None,
                 time_s: float | None, seed: int | None, threads: int | None, as_json: bool,
                 no_progress: bool, svg: str | None) -> None:
    """How each player's equity spreads over the combos of its range, from one pass.

    For every player with a range or a hand: the combos sorted by equity (a sparkline of the curve),
    the share of the range in each equity band, the percentiles and the mean (the player's equity);
    then the hero's equity against each class of each opponent's range, and how much of that range the
    class is. Exact when cheap, else Monte Carlo until the classes' standard errors are --precision
    points in root mean square (default 0.25), none above twice it (see docs/dist.md).

    \b
    Examples:
      equity dist QQ+,AK,T9s vs 20% --board Th9h2c
      equity dist AsKs vs 15% --board Th9h2c --by-combo
      equity dist AAxx vs 10% --game plo --board Kh8d3c
    """
    from .dist import equity_distribution
    from .dist_report import dist_view

    method = _method(exact, mc)
    chosen, specs = parse_players(players, game)
    err = Console(stderr=True, highlight=False)
    bar = ProgressBar(not as_json and not no_progress and err.is_terminal)
    try:
        dist = equity_distribution(specs, board, dead, game=chosen, method=method, trials=trials,
                                   precision=None if precision is None else precision / 100, time_s=time_s,
                                   seed=seed, threads=threads, buckets=buckets,
                                   by="combo" if by_combo else "class", progress=bar,
                                   on_start=_starting(err, bar))
    finally:
        bar.close()
    if svg:
        from .dist_plot import save_svg

        save_svg(dist, svg, f"equity dist {' '.join(players)}")
    if as_json:
        emit_json(dist.to_dict())
    else:
        stdout_console().print(dist_view(dist, by_combo))


@cli.command("batch", context_settings=CONTEXT)
@click.argument("source", default="-", metavar="[FILE|-]")
@click.option("--output", "-o", metavar="FILE", help="Write the answers to FILE instead of stdout.")
@click.option("--resume", is_flag=True,
              help="With --output: keep the answers FILE already has (dropping a cut-off last line) and "
                   "append the rest.")
@click.option("--format", "fmt", type=click.Choice(["auto", "jsonl", "csv"]), default="auto",
              help="The input's format [default: from the file name, else from its first line].")
@click.option("--workers", type=click.IntRange(0, 256), metavar="N",
              help="Worker processes on this machine [default: one per core; 0: run in this process].")
@click.option("--cluster", metavar="ADDRESS",
              help="Run on Dask: a scheduler's address, or local:N for a LocalCluster of N worker processes "
                   "(needs pip install 'equity[cluster]').")
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
@click.pass_context
@user_errors
def batch_command(ctx: click.Context, source: str, output: str | None, resume: bool, fmt: str,
                  workers: int | None, cluster: str | None, no_progress: bool) -> None:
    """Answer many scenarios, one per line of FILE (or standard input), in input order.

    Each line is a JSON object (JSON Lines) with the keys of a check-file scenario, players, board, dead,
    method, trials, precision, time, seed, categories, and an optional id; or a CSV row under a header
    naming them (players in one cell, separated by ' vs '). Each answer is one line of JSON: the keys of
    'equity ... --json' with the line's number and id, or an error naming the line and the token. Exit
    status 2 if any line could not be run, else 0.

    \b
    Examples:
      equity batch spots.jsonl --output answers.jsonl
      equity batch spots.csv -o answers.jsonl --resume
      equity batch spots.jsonl --cluster local:4
      echo '{"players": ["AsKs", 2], "board": "Th9h2c", "seed": 1}' | equity batch
    """
    from . import batch

    if resume and not output:
        raise ScenarioError("--resume needs --output FILE: the answers to finish")
    if workers is not None and cluster:
        raise ScenarioError("choose --workers or --cluster, not both")
    skip, prior_errors = None, 0
    if output and resume and os.path.exists(output):
        skip, prior_errors = batch.answered(Path(output))
    elif output and os.path.exists(output) and os.path.getsize(output):
        raise ScenarioError(f"{output} exists; add --resume to finish it, or remove it first")
    lines, total = batch.open_input(source, fmt, skip)
    err = Console(stderr=True, highlight=False)
    bar = ProgressBar(not no_progress and err.is_terminal, "answering", "lines")
    out = open(output, "a" if resume else "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    try:
        with batch.executor(workers, cluster) as (submit, n_workers):
            tally = batch.run(lines, submit, write, window=4 * n_workers + 4, group=batch.group_size(source),
                              progress=bar, total=total, skip=skip)
    finally:
        bar.close()
        if output:
            out.close()
    bad = tally.errors + prior_errors
    if bad:
        click.echo(f"{bad:,} line{'s' * (bad != 1)} could not be run: see the \"error\" of each", err=True)
        ctx.exit(2)


@cli.command("check", context_settings=CONTEXT)
@click.argument("file", metavar="SCENARIOS.toml")
@click.option("--update", is_flag=True,
              help="Write the actual equities into the file (keeping its comments and order).")
@click.option("--threads", type=click.IntRange(1, numba.config.NUMBA_NUM_THREADS), metavar="N",
              help="Threads to use [default: all cores].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys in the README).")
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
@click.pass_context
@user_errors
def check_command(ctx: click.Context, file: str, update: bool, threads: int | None, as_json: bool,
                  no_progress: bool) -> None:
    """Run every scenario of SCENARIOS.toml and compare each player's equity with the file.

    Exit status 0 when every equity is within its tolerance, 1 when any is not (or is not pinned yet),
    2 when the file is invalid. With --update, the actual equities are written into the file and the
    exit status is 0. The file format is in the README ("Checking equities in CI").

    \b
    Examples:
      equity check examples/classics.toml
      equity check pinned.toml --update
    """
    from . import check

    pinned = check.load(file)
    err = Console(stderr=True, highlight=False)
    bar = ProgressBar(not as_json and not no_progress and err.is_terminal, "checking", "scenarios")
    try:
        outcomes = check.run(pinned, threads=threads, progress=bar)
    finally:
        bar.close()
    if update:
        check.update(file, outcomes)
    if as_json:
        emit_json(check.summary(file, outcomes))
    else:
        stdout_console().print(report.check_view(outcomes, updated=update))
    if not update and not all(o.ok for o in outcomes):
        ctx.exit(1)


def show(result: Result, as_json: bool) -> None:
    """Print a result as JSON or as the equity table."""
    if as_json:
        emit_json(result.to_dict())
    else:
        stdout_console().print(report.result_view(result))


def main() -> None:
    """Console-script entry point.

    Ends with :func:`os._exit` once the output is flushed: with numba loaded, the interpreter's own
    teardown takes about 150 ms, a quarter of a warm run, and nothing needs it (numba writes its cache
    when it compiles). An unexpected exception still ends the normal way, with its traceback.
    """
    code: int = 0
    try:
        cli(prog_name="equity")
    except SystemExit as exc:
        if isinstance(exc.code, int):
            code = exc.code
        elif exc.code is not None:
            print(exc.code, file=sys.stderr)
            code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away (e.g. `| head`): nothing more to say
        code = code or 1
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
