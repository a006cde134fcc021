"""The ``equity`` command: a thin click layer over the public API, and the only writer to the terminal.

Exit status: 0 success; 1 a ``check`` run with regressions; 2 any bad input, with a one-line message
naming the offending token and no traceback.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console

from . import __version__, report
from .cards import format_cards, parse_cards
from .errors import EquityError
from .evaluator import HandSizeError, category, describe, evaluate

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


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


def stdout_console() -> Console:
    return Console(highlight=False)


def emit_json(obj: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout."""
    click.echo(json.dumps(obj, indent=2))


@click.group(cls=Main, context_settings=CONTEXT, invoke_without_command=False)
@click.version_option(__version__, "--version", prog_name="equity")
def cli() -> None:
    """A fast Texas Hold'em equity calculator.

    \b
    Commands:
      equity eval CARDS           the value of a 5-, 6- or 7-card hand
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


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="equity")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
