"""The ``equity`` command: a thin click layer over the public API, and the only writer to the terminal.

Exit status: 0 success; 1 a ``check`` run with regressions; 2 any bad input, with a one-line message
naming the offending token and no traceback; 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import click
import numba
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

from . import __version__, engine, report
from .cards import format_cards, parse_cards
from .errors import EquityError, HandSizeError, ScenarioError
from .evaluator import category, describe, evaluate
from .ranges import Range, parse_range
from .result import Result
from .simulate import MAX_TRIALS

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


class Count(click.ParamType):
    """A positive whole number, which may also be written 1e6, 2.5M, 500k, 1_000_000 or 1,000,000."""

    name = "count"
    _SCALE = {"k": 10**3, "m": 10**6, "g": 10**9, "b": 10**9}

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            number = Fraction(value)
        else:
            text = str(value).strip().replace("_", "")
            if "," in text and re.fullmatch(r"\d{1,3}(,\d{3})+", text):  # commas only between thousands
                text = text.replace(",", "")
            scale = self._SCALE.get(text[-1:].lower(), 1)
            try:
                number = Fraction(text[:-1] if scale > 1 else text) * scale
            except (ValueError, ZeroDivisionError):
                number = None
        if number is None or number.denominator != 1 or number < 1:
            self.fail(f"{value!r} is not a positive whole number (e.g. 1000000, 1e6 or 1M)", param, ctx)
        if number > MAX_TRIALS:
            self.fail(f"{value!r} is more than the most trials a run can play, 10**15", param, ctx)
        return int(number)


def stdout_console() -> Console:
    return Console(highlight=False)


def emit_json(obj: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout: strict JSON (RFC 8259), so never NaN or infinity."""
    click.echo(json.dumps(obj, indent=2, allow_nan=False))


@click.group(cls=Main, context_settings=CONTEXT, invoke_without_command=False)
@click.version_option(__version__, "--version", prog_name="equity")
def cli() -> None:
    """A fast Texas Hold'em equity calculator.

    \b
    Usage:
      equity HERO [vs] OPPONENT... [options]   equities, e.g. equity AsKs vs 2 --board Th9h2c
      equity eval CARDS                        the value of a 5-, 6- or 7-card hand
      equity check SCENARIOS.toml              compare pinned equities; exit 1 if any drifted

    Run 'equity run --help' for the options of the first form.
    """


@cli.command("eval", context_settings=CONTEXT)
@click.argument("cards", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@user_errors
def eval_command(cards: tuple[str, ...], as_json: bool) -> None:
    """Evaluate a 5-, 6- or 7-card hand: its class (1 = royal flush .. 7462), category and name.

    CARDS may be run together (AsKsQsJsTs) or separated by spaces or commas.

    \b
    Examples:
      equity eval AsKsQsJsTs
      equity eval Kh Kd 9c 9s 2h 3d 4c --json
    """
    text = " ".join(cards)
    hand = parse_cards(text)
    if not 5 <= len(hand) <= 7:
        raise HandSizeError(f"'equity eval' takes 5 to 7 cards; {text!r} has {len(hand)}")
    value = evaluate(hand)
    if as_json:
        emit_json({"cards": format_cards(hand), "rank": value, "category": category(value),
                   "description": describe(value)})
        return
    stdout_console().print(report.evaluation(hand, value, category(value), describe(value)))


_COUNT = re.compile(r"(\d+)(x?)", re.IGNORECASE)
_PAIR = re.compile(r"([2-9])\1")


def _count(token: str) -> int | None:
    """The number of random hands a token asks for (``'2'``, ``'3x'``, ``'22x'``), or None for a hand or
    range. Two equal digits spell a pocket pair (``'77'``, and ``'22'``: pocket deuces), not a count;
    ``'22x'`` is 22 random hands."""
    match = _COUNT.fullmatch(token)
    if not match or (_PAIR.fullmatch(token) and not match[2]):
        return None
    return int(match[1])


def _hand_or_range(role: str, token: str) -> Range:
    try:
        return parse_range(token)
    except EquityError as exc:
        if _one_card(token):
            raise ScenarioError(f"{role} {token!r} is a single card; write a hand's two cards as one "
                                "argument, AsKs or 'As Ks', and the board as one, --board 'Th 9h 2c'"
                                ) from None
        raise type(exc)(f"{role} {token!r} is not a count of random hands (e.g. 2), a hand (e.g. QdQc) or "
                        f"a range (e.g. QQ+,AKs or 77): {exc}") from None


def _one_card(token: str) -> bool:
    try:
        return len(parse_cards(token)) == 1
    except EquityError:
        return False


def parse_players(tokens: tuple[str, ...]) -> list[Range | int]:
    """``('AsKs', 'vs', '2', 'QQ+,AKs', '77')`` -> ``[Range AsKs, 2, Range QQ+,AKs, Range 77]``: each token
    parsed once, a count of random hands as an int (see :func:`_count`); ``vs`` is optional."""
    tokens = tuple(t for t in tokens if t.lower() != "vs")
    if not tokens:
        raise ScenarioError("give the hero's hand and at least one opponent, e.g. 'equity AsKs vs 2'")
    hero, *rest = tokens
    if _count(hero) is not None:
        raise ScenarioError("the first argument is the hero's hand or range (e.g. AsKs or 77), not "
                            f"{hero!r}; e.g. 'equity AsKs vs {hero}'")
    if not rest:
        raise ScenarioError(f"no opponent given after the hero's hand {hero!r}; e.g. 'equity {hero} vs 2'")
    players: list[Range | int] = [_hand_or_range("the hero", hero)]
    for token in rest:
        count = _count(token)
        players.append(_hand_or_range("opponent", token) if count is None else count)
    return players


class _Done(ProgressColumn):
    """Done and total with thousands separators, 1,250,000/4,000,000, or in billions from a billion
    on (5.7/12.6 billion), so the bar fits 80 columns."""

    def render(self, task: Task) -> Text:
        done, total = int(task.completed), None if task.total is None else int(task.total)
        if total is not None and total >= 10**9:
            text = f"{done / 1e9:.1f}/{total / 1e9:.1f} billion"
        else:
            text = f"{done:,}/{'?' if total is None else f'{total:,}'}"
        return Text(text, style="progress.download")


class _ProgressBar:
    """A rich progress bar on stderr that appears only once a run has taken about a second."""

    def __init__(self, enabled: bool, label: str = "", unit: str = "") -> None:
        self.enabled = enabled
        self.label, self.unit = label, unit
        self.start = time.perf_counter()
        self.bar: Progress | None = None
        self.task: Any = None

    def begin(self, label: str, unit: str) -> None:
        """Name what is counted, and start the clock."""
        self.label, self.unit = label, unit
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int | None) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < 1.0:
                return
            self.bar = Progress(TextColumn(f"[dim]{self.label}"), BarColumn(bar_width=16), _Done(),
                                TextColumn(self.unit), TimeElapsedColumn(), TextColumn("eta"),
                                TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("", total=total, completed=done)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@cli.command("run", context_settings=CONTEXT)
@click.argument("players", nargs=-1, required=True, metavar="HERO [vs] OPPONENT...")
@click.option("--board", "-b", default="", metavar="CARDS", help="Board cards: 3 (flop), 4 or 5.")
@click.option("--dead", "-d", default="", metavar="CARDS", help="Cards known to be out of play.")
@click.option("--exact", is_flag=True,
              help="Enumerate every deal and board, however long it takes [default: when cheap].")
@click.option("--mc", is_flag=True, help="Use Monte Carlo even when exact enumeration is cheap.")
@click.option("--trials", "-n", type=Count(), metavar="N",
              help="Monte Carlo: play exactly N trials (1000000, 1e6 and 1M are the same).")
@click.option("--precision", "-p", type=click.FloatRange(min=0, min_open=True), metavar="P",
              help="Monte Carlo: stop once every equity's standard error is at most P percentage points "
                   "[default: 0.05].")
@click.option("--time", "-t", "time_s", type=click.FloatRange(min=0, min_open=True), metavar="S",
              help="Monte Carlo: play for about S seconds.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), metavar="N",
              help="Monte Carlo: seed (0 .. 2**64-1) for a repeatable run; drawn and shown if omitted.")
@click.option("--threads", type=click.IntRange(1, numba.config.NUMBA_NUM_THREADS), metavar="N",
              help="Threads to use [default: all cores].")
@click.option("--categories", "-c", is_flag=True,
              help="Also show how often each player ends with each hand category, and wins with it.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys in the README).")
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
@user_errors
def run_command(players: tuple[str, ...], board: str, dead: str, exact: bool, mc: bool, trials: int | None,
                precision: float | None, time_s: float | None, seed: int | None, threads: int | None,
                categories: bool, as_json: bool, no_progress: bool) -> None:
    """Equity of HERO against each OPPONENT.

    HERO and each OPPONENT are a hand (QdQc) or a range (QQ+,AKs,A5s-A2s); a pocket pair may be written
    with digits (77). An OPPONENT may also be a count of random hands (2, or 2x). Two equal digits are a
    pocket pair: 'vs 22' is pocket deuces, 'vs 22x' is 22 random hands. The answer is exact when
    enumerating every deal is cheap (or with --exact), else a Monte Carlo estimate with its standard
    error.

    \b
    Examples:
      equity AsKs vs 2 --board Th9h2c
      equity AsKs QdQc
      equity QQ+,AKs vs JJ-99,AQs+ --categories
      equity AsKs QdQc --trials 1000000 --seed 7
      equity 77 vs AKs 2
      equity 7h7d vs 3 --precision 0.1 --json
    """
    if exact and mc:
        raise ScenarioError("choose --exact or --mc, not both")
    specs = parse_players(players)
    err = Console(stderr=True, highlight=False)
    bar = _ProgressBar(not as_json and not no_progress and err.is_terminal)

    def on_start(method: str, compiled: bool) -> None:
        label, unit, kind = (("enumerating", "boards", "enumeration") if method == "exact"
                             else ("simulating", "trials", "simulation"))
        if not compiled:
            err.print(f"[dim]Compiling the {kind} kernel for this machine (first run only, ~10 s)...[/dim]")
        bar.begin(label, unit)

    method = "exact" if exact else "monte-carlo" if mc else "auto"
    try:
        result = engine.calculate(specs, board, dead, method=method, trials=trials,
                                  precision=None if precision is None else precision / 100, time_s=time_s,
                                  seed=seed, threads=threads, categories=categories, progress=bar,
                                  on_start=on_start)
    finally:
        bar.close()
    show(result, as_json)


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
    bar = _ProgressBar(not as_json and not no_progress and err.is_terminal, "checking", "scenarios")
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
