"""``equity batch``: many scenarios in one run, one per input line, answered in input order.

**Input.** JSON Lines (one object per line: an optional ``id``, and the keys of the question it asks,
:mod:`equity.questions.asking.registry`: an equity by default; blank lines are skipped) or CSV with a header
row naming those keys (``players`` as one cell, the players separated by `` vs ``). A line is numbered
as in the file, from 1 (a CSV row by the line it ends on, the header being line 1).

**Output.** One JSON object per answered line, in input order: ``line``, ``id`` (null when not given) and
the keys of the question's ``--json`` (``equity ... --json`` for an equity); or, for a line that cannot
be run, ``line``, ``id``, ``version`` and ``error`` (the message, naming the key or token). Every line gets
exactly one answer.

**Running.** The lines are read lazily and at most ``window`` of them are in flight at once, so memory
stays flat however long the input is; each answer is written as soon as it and every earlier one are
done. A line runs wherever the executor puts it (:func:`answer` is the whole job, a plain function of
the line): in this process, in a pool of worker processes (one per core: a small scenario takes one
thread, a big one all of them), or on a Dask cluster (:mod:`equity.questions.asking.cluster`). A seeded
or exact line gives the same numbers wherever and in whatever order it runs.

**Resuming.** :func:`answered` reads an output file left by an interrupted run: the lines it answered,
and a cut-off last line, which it removes; the run then skips those lines and appends the rest.
"""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from equity._version import __version__
from equity.errors import EquityError
from equity.options import Progress
from equity.questions.asking import pool, registry
from equity.questions.question import Threads

FORMATS = ("jsonl", "csv")


Answer = tuple[str, bool]  # an output line (JSON) and whether it is an error


@dataclass(frozen=True)
class Line:
    """One input line: its number in the file, and its JSON text or CSV row."""

    number: int
    record: str | dict[str, Any]


def sniff(first: str) -> str:
    """The format of an input whose first non-blank line is ``first``."""
    return "jsonl" if first.lstrip().startswith("{") else "csv"


def read_lines(stream: IO[str], fmt: str) -> Iterator[Line]:
    """The lines of ``stream``, lazily.

    Raises:
        EquityError: a CSV header with a column that is not a scenario key, naming it.
    """
    if fmt == "jsonl":
        for number, text in enumerate(stream, 1):
            if text.strip():
                yield Line(number, text)
        return
    reader = csv.DictReader(stream, restkey="\0extra")
    columns = registry.keys()  # every question's keys
    for column in reader.fieldnames or []:
        if column not in columns:
            raise EquityError(f"CSV header: unknown column {column!r}; the columns are {', '.join(columns)}")
    for row in reader:
        yield Line(reader.line_num, row)


def _error(line: Line, scenario_id: Any, message: str) -> dict[str, Any]:
    return {"line": line.number, "id": scenario_id, "version": __version__, "error": message}


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


class _LineError(EquityError):
    """A bad line whose id is known."""

    def __init__(self, message: str, scenario_id: Any) -> None:
        super().__init__(message)
        self.scenario_id = scenario_id


def _record(line: Line) -> tuple[Any, dict[str, Any], bool]:
    """``(id, keys, as_text)`` of a line: its id (None if not given), its other keys, and whether their
    values are CSV text. Raises :class:`EquityError` naming what is wrong."""
    if isinstance(line.record, dict):
        row = dict(line.record)
        extra = row.pop("\0extra", None)
        scenario_id = (row.pop("id", None) or "").strip() or None
        if extra:
            raise _LineError("the row has more cells than the header has columns", scenario_id)
        return scenario_id, row, True
    try:
        obj = json.loads(line.record, parse_constant=_reject_constant)
    except ValueError as exc:
        raise EquityError(f"not a JSON object: {exc}") from None
    if not isinstance(obj, dict):
        raise EquityError(f"not a JSON object: {line.record.strip()[:40]!r}")
    scenario_id = obj.pop("id", None)
    if isinstance(scenario_id, bool) or not isinstance(scenario_id, str | int | None):
        raise EquityError(f"'id' must be a string or a whole number; got {scenario_id!r}")
    return scenario_id, obj, False


def answer(line: Line, threads: Threads = "auto") -> Answer:
    """The output line (JSON, no newline) for an input line, its answer or an error naming the problem,
    and whether it is an error. Never raises for bad input. The line asks one question
    (:mod:`equity.questions.asking.registry`).

    Args:
        line: the input line.
        threads: ``"auto"`` (one thread for a small scenario, all for a big one), a count, or None (all).
    """
    scenario_id = None
    try:
        scenario_id, table, as_text = _record(line)
        found = registry.answer(table, as_text=as_text, threads=threads)
        out = {"line": line.number, "id": scenario_id, **found}
    except EquityError as exc:
        scenario_id = getattr(exc, "scenario_id", scenario_id)
        return json.dumps(_error(line, scenario_id, str(exc))), True
    return json.dumps(out, allow_nan=False), False


def work(lines: list[Line], threads: int | str | None = "auto") -> list[Answer]:
    """:func:`answer` for each line, in a worker process that shares the machine with others: numba's
    OpenMP threads sleep between kernels instead of spinning (``OMP_WAIT_POLICY=PASSIVE`` unless set),
    or the idle threads of one worker steal the cores the others compute on (measured: 3x slower)."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    return [answer(line, threads) for line in lines]


def answered(path: Path) -> tuple[bytearray, int]:
    """What an earlier run wrote to ``path``: a bitmap of the line numbers answered (``bits[n]`` set) and
    how many of the answers were errors. A cut-off last line (no newline) is removed from the file.

    Raises:
        EquityError: a complete line of the file is not an answer (not the output of ``equity batch``).
    """
    done = bytearray()
    errors = 0
    with open(path, "rb+") as f:
        data = f.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            f.truncate(end)
    for i, raw in enumerate(data[:end].splitlines(), 1):
        try:
            obj = json.loads(raw)
            number = obj["line"]
        except (ValueError, KeyError, TypeError):
            raise EquityError(f"cannot resume: line {i} of {path} is not an answer of equity batch") from None
        if not isinstance(number, int) or number < 1:
            raise EquityError(f"cannot resume: line {i} of {path} has no line number")
        if number >= len(done):
            done.extend(bytes(number + 1 - len(done)))
        done[number] = 1
        errors += "error" in obj
    return done, errors


Submit = Callable[[list[Line]], "Future[list[Answer]]"]


@dataclass
class Written:
    """What a run wrote: answers, and how many of them were errors."""

    answers: int = 0
    errors: int = 0


def run(lines: Iterable[Line], submit: Submit, write: Callable[[str], None], *,
        window: int, group: int = 1, progress: Progress | None = None, total: int | None = None,
        skip: bytearray | None = None) -> Written:
    """Answer ``lines`` through ``submit`` and ``write`` each answer line in input order, as soon as it
    and every earlier one are done, even while the input waits.

    Lines go out in groups of ``group`` (one task each: fewer, larger messages to the workers when the
    input is a file; 1 for a stream, so no line waits for the next), at most ``window`` groups in
    flight (:func:`~equity.questions.asking.pool.ordered_map`: a thread of its own reads and submits; this
    one writes).

    Args:
        lines: the input, read lazily.
        submit: starts :func:`work` on a group of lines somewhere; returns its future.
        write: takes one output line (with its newline).
        window: the most groups in flight.
        group: lines per task.
        progress: ``progress(done, total)`` after each answer.
        total: the lines to answer, if known.
        skip: line numbers already answered (see :func:`answered`).
    """
    tally = Written()
    unread: list[Exception] = []  # an error reading the input: raised as it is, once the answers are out

    def groups() -> Iterator[list[Line]]:
        pending: list[Line] = []
        try:
            for line in lines:
                if skip is not None and line.number < len(skip) and skip[line.number]:
                    continue
                pending.append(line)
                if len(pending) >= group:
                    yield pending
                    pending = []
            if pending:
                yield pending
        except Exception as exc:
            unread.append(exc)

    try:
        for answers in pool.ordered_map(submit, groups(), window, reader=True):
            for text, failed in answers:
                write(text + "\n")
                tally.answers += 1
                tally.errors += failed
                if progress is not None:
                    progress(tally.answers, total)
    except EquityError:
        raise
    except Exception as exc:
        raise EquityError(f"a worker failed ({type(exc).__name__}: {exc}); the {tally.answers:,} answers "
                          "written so far are whole and in order: run the same command with --output and "
                          "--resume to finish") from None
    if unread:
        raise unread[0]
    return tally


def inline(lines: list[Line]) -> Future[list[Answer]]:
    """Answer ``lines`` in this process, on all threads, and return them as a finished future."""
    future: Future[list[Answer]] = Future()
    future.set_result([answer(line, threads=None) for line in lines])
    return future


def group_size(source: str) -> int:
    """Lines per task: 8 from a file (or standard input redirected from one), whose lines are all there
    to read; 1 from a pipe or a terminal, where a line may be waiting for the next to be typed."""
    try:
        mode = os.stat(source).st_mode if source != "-" else os.fstat(sys.stdin.fileno()).st_mode
        regular = stat.S_ISREG(mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        regular = False
    return 8 if regular else 1


def open_input(source: str, fmt: str, skip: bytearray | None) -> tuple[Iterator[Any], int | None]:
    """The lines of ``source`` (a file or ``-`` for standard input), lazily, and how many there are to
    answer if known. ``fmt``: ``"jsonl"``, ``"csv"`` or ``"auto"`` (by the file's suffix, else by its first
    non-blank line).

    Raises:
        EquityError: the file cannot be read, naming it.
    """
    if source == "-":
        stream: Any = sys.stdin
        total = None
    else:
        try:
            stream = open(source, encoding="utf-8", newline="")  # noqa: SIM115 - read lazily, closed at exit
        except OSError as exc:
            raise EquityError(f"cannot read {source}: {exc.strerror or exc}") from None
        with open(source, encoding="utf-8", newline="") as f:
            total = sum(1 for text in f if text.strip())
    head: list[str] = []
    if fmt == "auto":
        suffix = Path(source).suffix.lower()
        fmt = "csv" if suffix == ".csv" else "jsonl" if suffix in (".jsonl", ".ndjson", ".json") else ""
    if not fmt:
        for text in stream:
            head.append(text)
            if text.strip():
                break
        fmt = sniff(head[-1] if head else "")
    if total is not None:
        total -= (fmt == "csv") + (sum(skip) if skip else 0)
    return read_lines(itertools.chain(head, stream), fmt), total


@contextlib.contextmanager
def executor(workers: int | None, cluster: str | None) -> Iterator[tuple[Any, int]]:
    """``(submit, workers)`` for batch lines: :func:`equity.questions.asking.pool.executor` with
    :func:`work` as its job, answered by :func:`inline` in this process."""
    with pool.executor(workers, cluster, work, inline) as running:
        yield running
