"""``equity query``: the Poker Query Language (:mod:`equity.questions.query`)."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import click

from equity.cli.app import CONTEXT, cli, emit_json, engine_options, running, stdout_console, user_errors
from equity.cli.output import width_option
from equity.errors import EquityError, ScenarioError
from equity.options import RunOptions

_CSV = ("statement", "name", "selector", "method", "value", "fraction", "count", "kept", "se", "bucket")


@cli.command("query", context_settings=CONTEXT)
@click.argument("query", nargs=-1, required=True, metavar="QUERY | FILE.pql")
@click.option("--csv", "as_csv", is_flag=True,
              help="Print CSV: a row per selector (a histogram: per bucket).")
@engine_options(board=False, precision="none: --trials 100000")
@user_errors
@width_option
def query_command(query: tuple[str, ...], as_csv: bool, dead: str, options: RunOptions, as_json: bool,
                  no_progress: bool) -> None:
    """Ask your own question in the Poker Query Language (PQL, as ProPokerTools wrote it): averages,
    counts, extremes and histograms over every deal of the players' ranges and the board, exact when the
    deals can be counted, else a seeded Monte Carlo estimate with its standard error.

    QUERY is the text (one or more statements separated by ';'), or a file holding it. A statement is
    select SELECTOR(EXPR) [as NAME], ... from KEY='VALUE', ... [where CONDITION]; the keys are game,
    board, dead, syntax ('generic' reads PQL's generic ranges) and one per player. Every function,
    rule and output key: 'equity help query'.

    \b
    Examples:
      equity query "select avg(riverEquity(hero)) as eq from hero='AhKd', villain='QQ+,77', board='Kh7d2c'"
      equity query "select count(minHandType(villain, flop, trips)) from hero='AhKd', villain='QQ+,77'"
      equity query "select avg(riverEquity(hero)) from game='omaha8', hero='As2s3dKd', villain='*'" --mc
      equity query queries.pql --json
    """
    from equity.questions.query.run import run_query

    if as_json and as_csv:
        raise ScenarioError("choose --json or --csv, not both")
    if dead:
        raise ScenarioError(f"--dead {dead}: a query names its dead cards in each statement, as "
                            f"dead='{dead}'")
    text = _text(query)
    with running(options, as_json or as_csv, no_progress, "querying", "deals") as run_options:
        result = run_query(text, run_options)
    if as_json:
        emit_json(result.to_dict())
    elif as_csv:
        writer = csv.DictWriter(sys.stdout, fieldnames=_CSV, lineterminator="\n")
        writer.writeheader()
        writer.writerows(result.csv_rows())
    else:
        from equity.report.query import query_view

        stdout_console().print(query_view(result))


def _text(words: tuple[str, ...]) -> str:
    """The query: the words, or the file one word names."""
    if len(words) == 1 and not any(ch in words[0] for ch in "(='") and words[0].strip():
        path = Path(words[0])
        if not path.is_file():
            raise EquityError(f"{words[0]!r} is neither a query (select ... from ...) nor a file")
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise EquityError(f"cannot read the query file {words[0]!r}: {exc}") from None
    return " ".join(words)
