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
==========  ======================================================  =====================================

A line asks the question its ``question`` key names, or the one whose flag it sets true (``dist``,
``runout``), else ``equity``. Adding a question is its :class:`~equity.questions.question.Question`
in its own module and a line in :data:`QUESTIONS`.

>>> ask({"question": "hits", "range": "AsKs", "board": "QsJs2c"})["range"]
'AsKs'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from equity.errors import EquityError
from equity.questions import dist, flops, grid, hits, runouts
from equity.questions.asking import spec
from equity.questions.question import FALSE_WORDS, Question, Threads

QUESTIONS: dict[str, Question] = {q.name: q for q in (
    spec.EQUITY,
    dist.QUESTION,
    runouts.QUESTION,
    grid.QUESTION,
    hits.QUESTION,
    flops.QUESTION,
)}
#: Every key a line may have, for a CSV header: ``id``, ``question`` and each question's.
KEYS = tuple(dict.fromkeys(("id", "question", *(k for q in QUESTIONS.values() for k in q.keys))))
#: The keys only one question reads (``buckets``, ``street``, ``range`` ...), by that question.
_OWN = {key: q.name for q in QUESTIONS.values() for key in q.keys
        if sum(key in other.keys for other in QUESTIONS.values()) == 1}
_FLAGS = {q.flag for q in QUESTIONS.values() if q.flag}


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
        if question.flag in keys and _set(keys[question.flag], as_text) and question not in asked:
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
    line = {}
    for key, value in keys.items():
        if key == "question" or (key in _FLAGS and key != question.flag and not _set(value, as_text)):
            continue  # another question's flag, false: it asks nothing
        if key in _OWN and key not in question.keys:
            raise EquityError(f"{key!r} is for a {_OWN[key]} line: give \"question\": \"{_OWN[key]}\" too")
        line[key] = value
    return question.answer(line, as_text, threads)


def ask(keys: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one question given as a batch line gives it (a dict of the keys above): what the
    question's command prints with ``--json``, on all threads.

    Raises:
        EquityError: bad input, naming the key or token.
    """
    return answer(keys, threads=None)
