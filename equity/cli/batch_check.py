"""The file commands: ``batch`` answers a file of scenarios, ``check`` compares pinned equities."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
import numba

from equity.cli.app import (
    CONTEXT,
    cli,
    emit_json,
    no_progress_option,
    one_pool,
    pool_options,
    progress_bar,
    stdout_console,
    user_errors,
)
from equity.cli.output import width_option
from equity.errors import ScenarioError


class _QuestionsHelp(click.Command):
    """A command whose help names what the registry holds, read only when the help is shown:
    ``{keys}``, an equity line's keys; ``{questions}``, the other questions and their keys."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from equity.questions.asking.registry import QUESTIONS, described

        template = self.help or ""
        self.help = template.replace("{keys}", ", ".join(QUESTIONS["equity"].keys)).replace(
            "{questions}", described())
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = template


@cli.command("batch", cls=_QuestionsHelp, context_settings=CONTEXT)
@click.argument("source", default="-", metavar="[FILE|-]")
@click.option("--output", "-o", metavar="FILE", help="Write the answers to FILE instead of stdout.")
@click.option("--resume", is_flag=True,
              help="With --output: keep the answers FILE already has (dropping a cut-off last line) and "
                   "append the rest.")
@click.option("--format", "fmt", type=click.Choice(["auto", "jsonl", "csv"]), default="auto",
              help="The input's format [default: from the file name, else from its first line].")
@pool_options("Worker processes on this machine [default: one per core; 0: run in this process].", "Run")
@no_progress_option
@click.pass_context
@user_errors
def batch_command(ctx: click.Context, source: str, output: str | None, resume: bool, fmt: str,
                  workers: int | None, cluster: str | None, no_progress: bool) -> None:
    """Answer many scenarios, one per line of FILE (or standard input), in input order.

    Each line is a JSON object (JSON Lines) with the keys of a check-file scenario ({keys}) and an
    optional id; or a CSV row under a header naming them (players in one cell, separated by ' vs '). A
    line may ask another question with a "question" key: {questions}. Each answer is one line of JSON:
    the keys of that command's --json ('equity ... --json' by default) with the line's number and id, or
    an error naming the line and the
    token. Exit status 2 if any line could not be run, else 0.

    \b
    Examples:
      equity batch spots.jsonl --output answers.jsonl
      equity batch spots.csv -o answers.jsonl --resume
      equity batch spots.jsonl --cluster local:4
      echo '{"players": ["AsKs", 2], "board": "Th9h2c", "seed": 1}' | equity batch
    """
    from equity.questions.asking import batch

    if resume and not output:
        raise ScenarioError("--resume needs --output FILE: the answers to finish")
    one_pool(workers, cluster)
    skip, prior_errors = None, 0
    if output and resume and os.path.exists(output):
        skip, prior_errors = batch.answered(Path(output))
    elif output and os.path.exists(output) and os.path.getsize(output):
        raise ScenarioError(f"{output} exists; add --resume to finish it, or remove it first")
    lines, total = batch.open_input(source, fmt, skip)
    out = open(output, "a" if resume else "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    try:
        with (progress_bar(not no_progress, "answering", "lines") as bar,
              batch.executor(workers, cluster) as (submit, n_workers)):
            tally = batch.run(lines, submit, write, window=4 * n_workers + 4, group=batch.group_size(source),
                              progress=bar, total=total, skip=skip)
    finally:
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
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys: equity help check).")
@no_progress_option
@click.pass_context
@user_errors
@width_option
def check_command(ctx: click.Context, file: str, update: bool, threads: int | None, as_json: bool,
                  no_progress: bool) -> None:
    """Run every scenario of SCENARIOS.toml and compare each player's equity with the file.

    Exit status 0 when every equity is within its tolerance, 1 when any is not (or is not pinned yet),
    2 when the file is invalid. With --update, the actual equities are written into the file and the
    exit status is 0. The file format: 'equity help check'.

    \b
    Examples:
      equity check examples/classics.toml
      equity check pinned.toml --update
    """
    from equity.questions import check

    pinned = check.load(file)
    with progress_bar(not as_json and not no_progress, "checking", "scenarios",
                      notice=not no_progress) as bar:
        outcomes = check.run(pinned, threads=threads, progress=bar)
    if update:
        check.update(file, outcomes)
    if as_json:
        emit_json(check.summary(file, outcomes))
    else:
        from equity.report import equity_table as report

        stdout_console().print(report.check_view(outcomes, updated=update))
    if not update and not all(o.ok for o in outcomes):
        ctx.exit(1)

