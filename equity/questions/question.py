"""What a question is to the front ends that ask many: :class:`Question`, one per question, registered by
name in :mod:`equity.questions.asking.registry` (which ``equity batch`` and
:func:`equity.questions.asking.registry.ask` read).

A question reads its keys from a scenario line (a batch line's JSON object or CSV row, a Python dict),
checks them, runs, and answers with the JSON object its command prints with ``--json``. Each lives beside
its question: ``equity`` in :mod:`equity.questions.asking.spec`, ``dist`` in :mod:`equity.questions.dist`,
``runout`` in :mod:`equity.questions.runouts`, ``grid`` in :mod:`equity.questions.grid`, ``hits`` in
:mod:`equity.questions.hits`. A new question is a :class:`Question` in its module and a line in the
registry; batch finds it there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from equity.errors import EquityError

#: How many threads a line may use: ``"auto"`` (one for a small run, so that a pool runs one line on
#: every core at once; all for a big one), a count, or None (all).
Threads = int | str | None
#: ``answer(keys, as_text, threads)``: the JSON object answering a line's ``keys`` (its ``id`` and
#: ``question`` taken out; ``as_text``: the values are CSV text, an empty one counting as absent).
Answer = Callable[[dict[str, Any], bool, Threads], dict[str, Any]]

#: How CSV text says true and false (an empty cell is no value; a flag left empty is false).
TRUE_WORDS, FALSE_WORDS = ("true", "yes", "1"), ("false", "no", "0")


@dataclass(frozen=True)
class Question:
    """One question as a line asks it.

    Attributes:
        name: the value of a line's ``question`` key that asks it (``"equity"``, ``"dist"`` ...).
        keys: the keys its lines may have.
        answer: reads the keys, runs, and returns the JSON object (:data:`Answer`); raises
            :class:`~equity.errors.EquityError` naming a bad key or token.
        flag: a key that asks this question when true, as lines did before the ``question`` key
            (``"dist": true``), or None.
    """

    name: str
    keys: tuple[str, ...]
    answer: Answer
    flag: str | None = None


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


def threads_for(threads: Threads, big: bool) -> int | None:
    """The threads of a line: ``threads`` as given, or under ``"auto"`` all (None) for a big run and one
    for a small one."""
    if threads != "auto":
        return threads  # type: ignore[return-value]
    return None if big else 1
