"""The ``equity`` click group and what its commands share: errors, options, output and the entry point.

The commands live in the modules beside this one, by role, and register on :data:`cli`.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click
import numba

from equity import __version__, cache
from equity.cli.terminal import Count, ProgressBar, save_pictures
from equity.errors import EquityError
from equity.games import NAMES
from equity.options import RunOptions, percent
from equity.result import Result

if TYPE_CHECKING:  # rich, the output and the reports load when a command prints a table, not for --json
    from rich.console import Group

    from equity.cli.output import Output

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
    #: The question whose command is the default one (``equity HERO vs ...``).
    default_question = "equity"
    #: Makes a registered question's command (:func:`equity.cli.questions.make_command`, which sets it).
    make_command: Callable[[Any], click.Command] | None = None

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if (args and args[0] not in self.commands and args[0] not in ctx.help_option_names
                and args[0] != "--version" and self.default_command in self.commands
                and args[0] not in _questions()):
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A command written here, else a registered question's, made from the registry on first use."""
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in _questions() and cmd_name != self.default_question:
            question = _questions()[cmd_name]
            if self.make_command is not None and question.command is not None and question.command.run:
                found = self.make_command(question)
                self.add_command(found, cmd_name)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command: those written here and every registered question's."""
        names = [n for n in _questions() if n != self.default_question]
        return sorted({*super().list_commands(ctx), *names})

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The help, its usage block made from :data:`TOOLS` and the registry (``{usage}``)."""
        template = self.help or ""
        indent = template[:template.find("{usage}")].rpartition("\n")[2]  # the docstring's own
        self.help = template.replace("{usage}", usage_block().replace("\n", "\n" + indent))
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = template

    def invoke(self, ctx: click.Context) -> Any:
        """Ctrl-C ends a run with status 130, as shells do, rather than click's 1: for ``equity
        check`` in a script, 1 means an equity drifted. A cache folder that cannot be written gets its
        one notice first."""
        if (line := cache.notice()) is not None:
            click.echo(f"Note: {line}", err=True)
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\nInterrupted.", err=True)
            ctx.exit(INTERRUPTED)


def stdout_console() -> Output:
    """stdout: tables fit a terminal; whole, at their natural width, in a pipe or file (cli/output.py)."""
    from equity.cli.output import Output

    return Output()


def emit_json(obj: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout: strict JSON (RFC 8259), so never NaN or infinity."""
    click.echo(json.dumps(obj, indent=2, allow_nan=False))


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version, and where the tables and compiled kernels are cached."""
    if not value or ctx.resilient_parsing:
        return
    where = cache.info()
    kernels = str(where.kernels) + ("" if where.writable else f" (cannot be written: {where.problem})")
    click.echo(f"equity {__version__} (numba {numba.__version__}, Python {sys.version.split()[0]})\n"
               f"cache folder: {where.folder}\ncompiled kernels: {kernels}")
    ctx.exit()


@click.group(cls=Main, context_settings=CONTEXT, invoke_without_command=False)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version and where the compiled kernels and tables are cached, and exit.")
def cli() -> None:
    """A fast poker equity calculator: hold'em, Omaha high and hi-lo (4, 5 or 6 cards), short deck,
    seven-card stud, stud hi-lo, razz, 2-7 single draw, five-card draw and badugi.

    \b
    Usage:
    {usage}

    Run 'equity run --help' for the options of the first form.
    """


#: The commands that are no question (they run the others, or look one thing up), by where the usage
#: block lists them: before the questions or after, each with its usage and what it does.
TOOLS: dict[str, tuple[bool, str, str]] = {
    "eval": (True, "CARDS", "the value of a 5-, 6- or 7-card hand"),
    "check": (True, "SCENARIOS.toml", "compare pinned equities; exit 1 if any drifted"),
    "range": (True, "RANGE", "a range on the 13 x 13 grid"),
    "batch": (False, "[FILE]", "many scenarios, one per line (JSON Lines or CSV)"),
    "warmup": (False, "[--game NAME]", "compile every kernel now, so no later run does"),
    "help": (False, "[TOPIC]", "the reference pages, e.g. equity help hands"),
}
#: Where the usage block's second column starts, and the block's width.
_COLUMN, _WIDTH = 43, 100


def _questions() -> Any:
    """The registry of questions (names known without loading a question)."""
    from equity.questions.asking.registry import QUESTIONS

    return QUESTIONS


def usage_block() -> str:
    """The usage lines of ``equity --help``: the default question's, the tools before the questions, every
    other registered question's (its :class:`~equity.questions.question.Command` usage and summary), the
    tools after."""
    import textwrap

    questions = _questions()
    default = questions[Main.default_question].command
    rows = [(f"equity {default.usage} [options]", default.summary)]
    rows += [(f"equity {name} {usage}", what) for name, (before, usage, what) in TOOLS.items() if before]
    for name in questions:
        command = questions[name].command
        if name != Main.default_question and command is not None:
            rows.append((f"equity {name} {command.usage}", command.summary))
    rows += [(f"equity {name} {usage}", what) for name, (before, usage, what) in TOOLS.items() if not before]
    lines = []
    for left, what in rows:
        wrapped = [line for part in what.split("\n")
                   for line in textwrap.wrap(part, _WIDTH - _COLUMN)] or [""]
        if len(left) > _COLUMN - 3:  # no room beside it: the summary goes below
            lines.append(f"  {left}")
        else:
            lines.append(f"  {left.ljust(_COLUMN - 2)}{wrapped.pop(0)}")
        lines += [" " * _COLUMN + more for more in wrapped]
    return "\n".join(lines)


def game_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--game NAME``: the game, by any of its names or aliases."""
    return click.option(
        "--game", "-g", metavar="NAME",
        help=f"The game: {', '.join(NAMES)}; aliases such as plo, plo5, plo6, 6+ work too [default: "
             "hold'em, or Omaha when the hands have 4 to 6 cards].")(func)


def engine_options(func: Callable[..., Any] | None = None, *,
                   board: bool = True, precision: str = "0.05") -> Any:
    """The options of every command that runs the engines: board, dead cards, method, stop, seed,
    threads, JSON and the progress bar. The command gets the method, stop, seed and threads as one
    ``options`` (:class:`~equity.options.RunOptions`, its precision a fraction), and ``board``, ``dead``,
    ``as_json`` and ``no_progress`` as they are (for :func:`running`). ``board=False`` (as
    ``@engine_options(board=False)``): no ``--board``, for a command that deals the boards itself.
    ``precision``: the default ``--precision`` the command runs to, as its help says it."""
    if func is None:
        return functools.partial(engine_options, board=board, precision=precision)

    @functools.wraps(func)
    def command(*args: Any, exact: bool, mc: bool, trials: int | None, precision: float | None,
                time_s: float | None, seed: int | None, threads: int | None, **kwargs: Any) -> Any:
        if exact and mc:
            raise UserError("choose --exact or --mc, not both")
        method = "exact" if exact else "monte-carlo" if mc else "auto"
        run = RunOptions(method=method, trials=trials, precision=percent(precision), time_s=time_s, seed=seed,
                         threads=threads)
        return func(*args, options=run, **kwargs)

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
                          f"points [default: {precision}]."),
        click.option("--time", "-t", "time_s", type=click.FloatRange(min=0, min_open=True), metavar="S",
                     help="Monte Carlo: play for about S seconds."),
        click.option("--seed", type=click.IntRange(0, 2**64 - 1), metavar="N",
                     help="Monte Carlo: seed (0 .. 2**64-1) for a repeatable run; drawn and shown if "
                          "omitted."),
        click.option("--threads", type=click.IntRange(1, numba.config.NUMBA_NUM_THREADS), metavar="N",
                     help="Threads to use [default: all cores]."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object (keys: equity help json, "
                     "and equity help COMMAND)."),
        no_progress_option,
    ]
    if not board:
        options = options[1:]
    for option in reversed(options):
        command = option(command)
    return command


#: ``--no-progress``: no bar at a terminal, no long-run line elsewhere.
no_progress_option = click.option("--no-progress", is_flag=True,
                                  help="Never show a progress bar, nor a long run's line on stderr.")


def pool_options(workers_help: str, verb: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--workers N`` (worker processes on this machine, ``workers_help`` saying the default) and
    ``--cluster ADDRESS`` (a Dask scheduler, or ``local:N``), for the commands that run many items:
    ``verb`` says what happens there (``"Run"``, ``"Price"``)."""
    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        func = click.option("--cluster", metavar="ADDRESS",
                            help=f"{verb} on Dask: a scheduler's address, or local:N for a LocalCluster of N "
                                 "worker processes (needs pip install 'equity[cluster]').")(func)
        return click.option("--workers", type=click.IntRange(0, 256), metavar="N", help=workers_help)(func)

    return decorate


def one_pool(workers: int | None, cluster: str | None) -> None:
    """Raise :class:`UserError` when both ``--workers`` and ``--cluster`` are given."""
    if workers is not None and cluster:
        raise UserError("choose --workers or --cluster, not both")


def picture_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--svg FILE`` and ``--html FILE``: save the picture as it looks."""
    func = click.option("--html", metavar="FILE", help="Also save the picture as an HTML page.")(func)
    return click.option("--svg", metavar="FILE", help="Also save the picture as an SVG image.")(func)


def stderr_is_terminal() -> bool:
    """Whether rich takes stderr for a terminal (what its progress bar needs), without importing rich
    when it plainly is not one: no tty, and neither ``TTY_COMPATIBLE`` nor ``FORCE_COLOR`` set."""
    try:
        tty = sys.stderr.isatty()
    except (AttributeError, ValueError):  # no stderr, or a closed one
        tty = False
    if not tty and "TTY_COMPATIBLE" not in os.environ and "FORCE_COLOR" not in os.environ:
        return False
    from rich.console import Console

    return Console(stderr=True, highlight=False).is_terminal


@contextlib.contextmanager
def progress_bar(shown: bool, label: str = "", unit: str = "",
                 notice: bool | None = None) -> Iterator[ProgressBar]:
    """A progress bar on stderr, when ``shown`` and stderr is a terminal, closed at the end (before the
    command prints its answer); when stderr is not a terminal and ``notice`` (default: ``shown``), the
    one line that says a run will be long."""
    terminal = stderr_is_terminal()
    bar = ProgressBar(shown and terminal, label, unit,
                      notice=(shown if notice is None else notice) and not terminal)
    try:
        yield bar
    finally:
        bar.close()


@contextlib.contextmanager
def running(options: RunOptions, as_json: bool, no_progress: bool, label: str = "",
            unit: str = "") -> Iterator[RunOptions]:
    """``options`` with the progress bar hooked in (at a terminal, unless ``--json`` or
    ``--no-progress``) and the notice that a kernel compiles on a cold cache; the bar closed at the end."""
    with progress_bar(not as_json and not no_progress, label, unit, notice=not no_progress) as bar:
        yield options.replace(progress=bar, on_start=starting(bar))


def compiling(what: str, how_long: str) -> None:
    """The one line on stderr that says a kernel is about to be compiled: what, about how long, and that
    ``equity warmup`` does it ahead."""
    from rich.console import Console

    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[dim]Compiling {what} for this machine (first run only, about {how_long}; `equity warmup` "
        "compiles every kernel ahead)...[/dim]")


#: By the method an engine starts: what the bar counts, what compiles on a cold cache and about how long,
#: and the option that answers a long run sooner.
STARTS = {
    "exact": ("enumerating", "boards", "enumeration kernel", "3-15 s",
              "--mc answers in about a second, with a standard error"),
    "monte-carlo": ("simulating", "trials", "simulation kernel", "3-15 s",
                    "a larger --precision (or fewer --trials) answers sooner"),
    "flops": ("counting", "flops", "flops kernels", "20-40 s", "--flops narrows the flops to count"),
    "hits": ("classifying", "combos", "hits kernel", "2-5 s", ""),
}


def starting(bar: ProgressBar) -> Callable[[str, bool, str], None]:
    """The engines' ``on_start`` hook: the compiling notice on a cold JIT cache, and the bar's label."""
    def on_start(method: str, compiled: bool, game: str) -> None:
        label, unit, kernel, how_long, sooner = STARTS[method]
        if not compiled:
            compiling(f"the {game} {kernel}", how_long)
        bar.begin(label, unit, sooner)

    return on_start


def present(view: Group, data: dict[str, Any], title: str, as_json: bool, svg: str | None,
            html: str | None) -> None:
    """Save the picture where asked, then print it, or its data as JSON."""
    save_pictures(view, title, svg, html)
    if as_json:
        emit_json(data)
    else:
        stdout_console().print(view)


def show(result: Result, as_json: bool) -> None:
    """Print a result as JSON or as the equity table."""
    if as_json:
        emit_json(result.to_dict())
    else:
        from equity.report import equity_table as report

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
    cache.cleanup()  # a private kernels folder, when the cache folder could not be written
    os._exit(code)
