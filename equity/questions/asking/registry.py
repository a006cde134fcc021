"""Every question by name, for the front ends that ask many: ``equity batch`` (one question a line) and
:func:`ask` (the same from Python).

==========  ======================================================  =====================================
question    a line's keys (besides ``id`` and ``question``)          its answer: the JSON of
==========  ======================================================  =====================================
equity      players, board, dead, game, method, trials, precision,  ``equity HERO vs ... --json``
            time, seed, categories (:mod:`equity.questions.asking.spec`)
dist        those and ``buckets`` (or ``"dist": true``)             ``--json`` with ``dist`` added
runout      those and ``street`` (or ``"runout": true``,            ``equity runout --json``
            ``"turn"`` or ``"river"``)
grid        those but ``categories``                                ``equity grid --json``
hits        range, board, dead, game                                ``equity hits --json``
flops       players (the two ranges), flops, dead, game, method,    ``equity flops --json``
            trials, precision, time, seed, preflop
hands       paths, hero, seed                                       ``equity hands --json``
query       query, method, trials, precision, time, seed            ``equity query --json``
icm         stacks, payouts, model, allin, trials, seed             ``equity icm --json``
pushfold    stack, ante                                             ``equity pushfold --json``
==========  ======================================================  =====================================

A line asks the question its ``question`` key names, or the one whose flag it sets true (``dist``,
``runout``), else ``equity``. Adding a question is its :class:`~equity.questions.question.Question`
in its own module and a line in :data:`QUESTIONS`: ``equity batch`` and its help, :func:`ask`, the
question's command and the usage block of ``equity --help`` all read them here.

>>> ask({"question": "hits", "range": "AsKs", "board": "QsJs2c"})["range"]
'AsKs'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any

from equity.errors import EquityError
from equity.options import RunOptions
from equity.questions.question import FALSE_WORDS, Question, Threads, text_key, truth


class Registry(MutableMapping[str, Question]):
    """The questions by name, in order; each given as its :class:`Question` or as where it is,
    ``"module:attribute"``, imported the first time it is asked for. The names alone import nothing, so
    the command line knows its commands without loading every question."""

    def __init__(self, where: Mapping[str, str | Question]) -> None:
        self._where: dict[str, str | Question] = dict(where)
        self._tables: tuple[tuple[str, ...], dict[str, str], set[str]] | None = None

    def tables(self) -> tuple[tuple[str, ...], dict[str, str], set[str]]:
        """What every line is read by, worked out once (again after a question is added or removed):
        every key a line may have (``id``, ``question`` and each question's), the keys only one
        question reads (``buckets``, ``street``, ``range`` ...) by that question, and the flags."""
        if self._tables is None:
            questions = list(self.values())
            keys = tuple(dict.fromkeys(("id", "question", *(k for q in questions for k in q.keys))))
            own = {key: q.name for q in questions for key in q.keys
                   if sum(key in other.keys for other in questions) == 1}
            self._tables = keys, own, {q.flag for q in questions if q.flag}
        return self._tables

    def __getitem__(self, name: str) -> Question:
        found = self._where[name]
        if isinstance(found, str):
            module, _, attribute = found.partition(":")
            found = self._where[name] = getattr(importlib.import_module(module), attribute)
        return found  # type: ignore[return-value]

    def __setitem__(self, name: str, question: str | Question) -> None:
        self._where[name] = question
        self._tables = None

    def __delitem__(self, name: str) -> None:
        del self._where[name]
        self._tables = None

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._where))

    def __len__(self) -> int:
        return len(self._where)


#: Every question, in the order the help texts list them. A new question is a line here.
QUESTIONS = Registry({
    "equity": "equity.questions.asking.spec:EQUITY",
    "dist": "equity.questions.dist:QUESTION",
    "runout": "equity.questions.runouts:QUESTION",
    "grid": "equity.questions.grid:QUESTION",
    "hits": "equity.questions.hits:QUESTION",
    "flops": "equity.questions.flops:QUESTION",
    "hands": "equity.questions.hands.document:QUESTION",
    "query": "equity.questions.query.question:QUESTION",
    "icm": "equity.questions.tournaments.question:QUESTION",
    "pushfold": "equity.questions.tournaments.question:PUSHFOLD",
})


def keys() -> tuple[str, ...]:
    """Every key a line may have, for a CSV header: ``id``, ``question`` and each question's."""
    return QUESTIONS.tables()[0]


def described() -> str:
    """The questions a line may ask besides an equity, for help texts: each by name, with the keys it adds
    to an equity's (``dist (with buckets)``), or its own keys where it reads others (``hits (range, board,
    dead, game)``)."""
    base = set(QUESTIONS["equity"].keys) - {"categories"}
    parts = []
    for question in QUESTIONS.values():
        if question.name == "equity":
            continue
        if base <= set(question.keys):
            extra = [k for k in question.keys if k not in QUESTIONS["equity"].keys and k != question.flag]
            parts.append(question.name + (f" (with {', '.join(extra)})" if extra else ""))
        else:
            parts.append(f"{question.name} ({', '.join(question.keys)})")
    return ", ".join(parts[:-1]) + f" or {parts[-1]}" if len(parts) > 1 else "".join(parts)


def pick(keys: Mapping[str, Any], as_text: bool) -> Question:
    """The question a line asks (module docstring); ``keys`` without its ``id``.

    Raises:
        EquityError: an unknown question, or a line that asks two.
    """
    named = keys.get("question")
    if as_text and isinstance(named, str) and not named.strip():
        named = None
    asked = []
    if named is not None:
        if named not in QUESTIONS:
            raise EquityError(f"unknown question {named!r}; the questions are {', '.join(QUESTIONS)}")
        asked.append(QUESTIONS[named])
    for question in QUESTIONS.values():
        if question.flag and question.flag in keys and _set(keys[question.flag], as_text) \
                and question not in asked:
            asked.append(question)
    if len(asked) > 1:
        names = " or ".join(f"a {q.name}" for q in asked[:2])
        raise EquityError(f"a line asks one question: {names}, not both")
    return asked[0] if asked else QUESTIONS["equity"]


def _set(value: Any, as_text: bool) -> bool:
    """Whether a flag's value asks its question: anything but false (its question names a bad value)."""
    if as_text and isinstance(value, str):
        return value.strip().lower() not in (*FALSE_WORDS, "")
    return value is not False


def answer(keys: Mapping[str, Any], *, as_text: bool = False, threads: Threads = None) -> dict[str, Any]:
    """The JSON object that answers a line's ``keys`` (its ``id`` taken out), by the question it asks.

    Raises:
        EquityError: bad input, naming the key or token.
    """
    if as_text:  # an empty CSV cell is no value (a column that other rows' questions use)
        keys = {k: v for k, v in keys.items() if not (isinstance(v, str) and not v.strip())}
    question = pick(keys, as_text)
    _, own, flags = QUESTIONS.tables()
    line = {}
    for key, value in keys.items():
        if key == "question" or (key in flags and key != question.flag and not _set(value, as_text)):
            continue  # another question's flag, false: it asks nothing
        if key in own and key not in question.keys:
            raise EquityError(f"{key!r} is for a {own[key]} line: give \"question\": \"{own[key]}\" too")
        line[key] = value
    if question.answer is not None:
        return question.answer(line, as_text, threads)
    return _run_line(question, line, as_text, threads)


def _run_line(question: Question, keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    """A line of a question that says only how its command runs: its keys read by its parameters (text,
    or true/false for a flag; the engines' run keys when it takes them), run, and its result's
    ``to_dict()``. Under ``"auto"`` threads it runs on one (a pool runs a line on every core)."""
    command = question.command
    assert command is not None and command.run is not None
    for key in keys:
        if key not in question.keys:
            raise EquityError(f"unknown key {key!r}; a {question.name} line has {', '.join(question.keys)}")
    values: dict[str, Any] = {}
    for param in command.params:
        given = keys.get(param.key) if param.line else None
        if param.flag:
            values[param.key] = given is not None and truth(param.key, given, as_text) is True
            continue
        if param.option is None:  # the words: a list of texts, or one text
            values[param.key] = _words(param, given)
            continue
        value = text_key(keys, param.key, "text")
        if value is not None and param.choices and value.strip().lower() not in param.choices:
            choices = f"{', '.join(param.choices[:-1])} or {param.choices[-1]}"
            raise EquityError(f"{param.key!r} must be {choices}; got {value!r}")
        values[param.key] = value.strip().lower() if value is not None and param.choices else value
    from equity.questions.asking.spec import read_run  # the equity question's module: loaded on use

    options = RunOptions()
    if command.engine:
        options = read_run(keys, text=as_text)
        for key in ("board", "dead"):
            values[key] = text_key(keys, key, "cards") or ""
    return command.run(values, options.replace(threads=threads).sized(False)).to_dict()


def ask(keys: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one question given as a batch line gives it (a dict of the keys above): what the
    question's command prints with ``--json``, on all threads.

    Raises:
        EquityError: bad input, naming the key or token.
    """
    return answer(keys, threads=None)


def _words(param: Any, given: Any) -> tuple[str, ...]:
    """A line's value of a question's words: a list of texts, or one text (one word).

    Raises:
        EquityError: none given where they are required, or a value that is neither.
    """
    if isinstance(given, str):
        given = [given] if given.strip() else []
    if given is None:
        given = []
    if not (isinstance(given, list) and all(isinstance(w, str) and w.strip() for w in given)):
        raise EquityError(f"{param.key!r} must be text or a list of texts; got {given!r}")
    if not given and param.required:
        what = param.help[:1].lower() + param.help[1:].rstrip(".")
        raise EquityError(f"{param.key!r} is missing: {what}")
    return tuple(w.strip() for w in given)
