"""What a question is to the front ends: :class:`Question`, one per question, registered by name in
:mod:`equity.questions.asking.registry`, which ``equity batch``, :func:`equity.questions.asking.registry.ask`,
the ``equity`` command line and its help texts all read.

A question reads its keys from a scenario line (a batch line's JSON object or CSV row, a Python dict),
checks them, runs, and answers with the JSON object its command prints with ``--json``: the ``to_dict()``
of the result it runs to. Its :class:`Command` says how the command line asks it: the usage line of
``equity --help``, the parameters (each a line's key and the command's option, declared once as a
:class:`Param`), how it runs (the keys and a :class:`~equity.options.RunOptions` in, a result with
``to_dict()`` out) and the rich view that prints the result (a function of :mod:`equity.report`, by name,
since nothing below the reports imports them). A new question is one module that defines its
:class:`Question` and one line in the registry; the command, batch, the API and both help texts follow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from equity.errors import EquityError
from equity.options import RunOptions

#: How many threads a line may use: ``"auto"`` (one for a small run, so that a pool runs one line on
#: every core at once; all for a big one), a count, or None (all).
Threads = int | str | None
#: ``answer(keys, as_text, threads)``: the JSON object answering a line's ``keys`` (its ``id`` and
#: ``question`` taken out; ``as_text``: the values are CSV text, an empty one counting as absent).
Answer = Callable[[dict[str, Any], bool, Threads], dict[str, Any]]

#: How CSV text says true and false (an empty cell is no value; a flag left empty is false).
TRUE_WORDS, FALSE_WORDS = ("true", "yes", "1"), ("false", "no", "0")


@dataclass(frozen=True)
class Param:
    """One parameter of a question: a line's key and, on the command line, an option or the words.

    Attributes:
        key: the line's key, and the name the command's value goes by.
        help: what it is, for the command's help.
        option: the option that gives it (``"--board"``), or None for the command's words (``RANGE``,
            ``HERO vs OPPONENT...``): a tuple of words, as the command line gives them, or as a line
            gives them (a list of texts, or one text as one word).
        short: a one-letter alias (``"-b"``), or None.
        metavar: how the help names its value (``CARDS``); for the words, their usage.
        flag: an on/off option (a line's ``true``/``false``).
        choices: the values it may take, or () for any text.
        line: whether a line has the key; False for an option of the command's view alone (``--list``).
        required: whether the words must be given.
    """

    key: str
    help: str
    option: str | None = None
    short: str | None = None
    metavar: str | None = None
    flag: bool = False
    choices: tuple[str, ...] = ()
    line: bool = True
    required: bool = True


#: ``run(keys, options)``: the question's result for a line's ``keys`` (each :class:`Param`'s key to its
#: value: a tuple of words, text, True/False for a flag, None when not given) run under ``options``; a
#: result with ``to_dict()``.
Run = Callable[[dict[str, Any], RunOptions], Any]


@dataclass(frozen=True)
class Command:
    """How the command line asks a question: ``equity NAME USAGE [options]``.

    Attributes:
        usage: the arguments as the usage block of ``equity --help`` shows them
            (``"RANGE --board CARDS"``).
        summary: what it answers, in a few words, for that block (a new line where the block should
            break it).
        help: the command's help text (click's layout: a paragraph, then ``\\b`` and the examples).
        params: its parameters, the words first.
        run: how it runs (:data:`Run`), or None for a question whose command the command line writes
            itself (streamed or CSV output, a default command).
        view: the function of :mod:`equity.report` that lays the result out, as ``"module:function"``,
            called with the result and the values of ``view_args``; None prints the JSON.
        view_args: the keys whose values the view takes after the result.
        engine: whether it takes the engines' options, ``--board``, ``--dead``, ``--exact``, ``--mc``,
            ``--trials`` ... with a progress bar (its run gets ``board`` and ``dead`` among the keys, the
            rest in the :class:`~equity.options.RunOptions`); ``precision``: the default of
            ``--precision`` as its help says it.
        pictures: whether ``--svg`` and ``--html`` save the view.
        progress: what the progress bar says and counts (``("running out", "runouts")``).
        csv: the function of :mod:`equity.report` that gives the result as CSV rows (a header first),
            as ``"module:function"``, for ``--csv``; None for no ``--csv``.
    """

    usage: str
    summary: str
    help: str = ""
    params: tuple[Param, ...] = ()
    run: Run | None = None
    view: str | None = None
    view_args: tuple[str, ...] = ()
    engine: bool = False
    precision: str = "0.05"
    pictures: bool = False
    progress: tuple[str, str] = ("", "")
    csv: str | None = None


@dataclass(frozen=True)
class Question:
    """One question, as a line and the command line ask it.

    Attributes:
        name: the value of a line's ``question`` key that asks it (``"equity"``, ``"dist"`` ...), and its
            command's name.
        keys: the keys its lines may have (default: its command's parameters that a line has, with the
            engines' run keys when it takes them).
        answer: reads the keys, runs, and returns the JSON object (:data:`Answer`); raises
            :class:`~equity.errors.EquityError` naming a bad key or token. Default: the command's ``run``
            on the keys, its result's ``to_dict()``.
        flag: a key that asks this question when true, as lines did before the ``question`` key
            (``"dist": true``), or None.
        command: how the command line asks it, or None for a question only lines ask.
    """

    name: str
    keys: tuple[str, ...] = ()
    answer: Answer | None = None
    flag: str | None = None
    command: Command | None = None

    def __post_init__(self) -> None:
        if not self.keys and self.command is not None:
            own = tuple(p.key for p in self.command.params if p.line)
            object.__setattr__(self, "keys", own + (RUN_KEYS if self.command.engine else ()))
        if self.answer is None and (self.command is None or self.command.run is None):
            raise ValueError(f"question {self.name!r} has neither an answer nor a command that runs")


#: The keys of the engines' options, as a line gives them (``time`` for ``time_s``).
RUN_KEYS = ("board", "dead", "method", "trials", "precision", "time", "seed")


def truth(key: str, value: Any, as_text: bool, also: tuple[str, ...] = ()) -> bool | str:
    """A line's true-or-false value: ``True``/``False``, or in CSV text ``true``/``yes``/``1`` and
    ``false``/``no``/``0`` or empty; one of the words ``also`` may stand instead (and is returned).

    Raises:
        EquityError: anything else, naming the key.
    """
    given = value
    if as_text and isinstance(value, str):
        low = value.strip().lower()
        value = True if low in TRUE_WORDS else False if low in (*FALSE_WORDS, "") else low
    if isinstance(value, bool) or value in also:
        return value
    words = ["true", "false", *(f'"{w}"' for w in also)]
    raise EquityError(f"{key!r} must be {', '.join(words[:-1])} or {words[-1]}; got {given!r}")


def text_key(keys: Mapping[str, Any], key: str, what: str) -> str | None:
    """A line's text value of ``key`` (None if absent or empty).

    Raises:
        EquityError: a value that is not text, naming the key and ``what`` is expected.
    """
    value = keys.get(key)
    if value is not None and not isinstance(value, str):
        raise EquityError(f"{key!r} must be {what}; got {value!r}")
    return value if value is not None and value.strip() else None
