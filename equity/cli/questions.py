"""The commands of the registered questions, made from the registry (:mod:`equity.questions.asking.registry`).

A question whose :class:`~equity.questions.question.Command` says how it runs gets its command here, the
first time it is asked for: its words and options from its parameters, the engines' options when it
takes them, ``--svg``/``--html`` when its view is a picture, ``--csv`` when it has rows, ``--json`` (its
result's ``to_dict()``, the document ``equity batch`` and the Python API give) and ``--width``. A
question whose output needs more (streamed, a default command) has its command written beside this
module; the registry still names it, gives its usage line and finds it.
"""

from __future__ import annotations

import csv
import importlib
import sys
from collections.abc import Callable
from typing import Any

import click

from equity.cli.app import CONTEXT, cli, emit_json, engine_options, present, running, user_errors
from equity.cli.output import width_option
from equity.errors import EquityError
from equity.options import RunOptions
from equity.questions.question import Param, Question


def make_command(question: Question) -> click.Command:
    """The command of ``question``, whose command runs (:attr:`Command.run`)."""
    command = question.command
    assert command is not None and command.run is not None
    run = command.run

    def callback(options: RunOptions | None = None, as_json: bool = False, no_progress: bool = False,
                 svg: str | None = None, html: str | None = None, as_csv: bool = False,
                 **given: Any) -> None:
        keys = {p.key: _value(p, given[p.key]) for p in command.params}
        if as_json and as_csv:
            raise EquityError("choose --json or --csv, not both")
        if command.engine:
            keys.update(board=given["board"], dead=given["dead"])
        label, unit = command.progress
        # a question that takes no engine options answers at once, unless it names what its bar counts
        quiet = no_progress or not (command.engine or command.progress[0])
        with running(options or RunOptions(), as_json or as_csv, quiet, label, unit) as run_options:
            result = run(keys, run_options)
        if as_csv:
            writer = csv.writer(sys.stdout, lineterminator="\n")
            writer.writerows(_function(command.csv)(result))  # type: ignore[arg-type]
            return
        if command.view is None:
            emit_json(result.to_dict())
            return
        view = _function(command.view)(result, *(keys[k] for k in command.view_args))
        words = " ".join(w for p in command.params if p.option is None for w in keys[p.key])
        present(view, result.to_dict(), f"equity {question.name} {words}".rstrip(), as_json, svg, html)

    func: Callable[..., Any] = width_option(user_errors(callback))
    if command.csv:
        func = click.option("--csv", "as_csv", is_flag=True,
                            help="Print CSV, a header row first (columns: equity help "
                                 f"{question.name}).")(func)
    if command.pictures:
        func = click.option("--html", metavar="FILE", help="Also save the picture as an HTML page.")(func)
        func = click.option("--svg", metavar="FILE", help="Also save the picture as an SVG image.")(func)
    if command.engine:
        func = engine_options(precision=command.precision)(func)
    else:
        func = click.option("--json", "as_json", is_flag=True,
                            help=f"Print one JSON object (keys: equity help {question.name}).")(func)
    for param in reversed(command.params):
        func = _declare(param)(func)
    return click.command(question.name, context_settings=CONTEXT, help=command.help)(func)


def _declare(param: Param) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A parameter as click declares it: the words (``nargs=-1``) or an option."""
    if param.option is None:
        return click.argument(param.key, nargs=-1, required=param.required, metavar=param.metavar)
    names = [param.option, *([param.short] if param.short else []), param.key]
    if param.flag:
        return click.option(*names, is_flag=True, help=param.help)
    kind = click.Choice(param.choices, case_sensitive=False) if param.choices else None
    return click.option(*names, type=kind, metavar=None if param.choices else param.metavar, help=param.help)


def _value(param: Param, given: Any) -> Any:
    """A parameter's value as the question takes it: the words as a tuple, a choice in lower case."""
    if param.option is None:
        return tuple(given)
    if isinstance(given, str) and param.choices:
        return given.lower()
    return given


def _function(where: str) -> Callable[..., Any]:
    """The report's function at ``"module:function"``."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


cli.make_command = make_command  # type: ignore[attr-defined]
