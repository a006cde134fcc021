"""``equity hands``'s JSON document, and the question as a line asks it.

The document is the version, every priced hand (the hero's, when one is named) in reading order, the
hands not priced by reason, the unreadable ones (file, line, reason), the duplicates and the summary
per player. :class:`HandsReport` holds a whole run and gives it as one object (``to_dict``, for a batch
line and the Python API); ``equity hands --json`` writes the same document as it goes, from the same
parts (:func:`head`, :func:`shown`, :func:`tail`), one hand at a time, so that an archive of a million
hands is never held at once.

A line: ``{"question": "hands", "paths": ["histories/"], "hero": "Alice", "seed": 0}``; ``paths`` a
list of files, folders or ``-``, or one path as text (a CSV cell).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from equity._version import __version__
from equity.errors import EquityError
from equity.options import RunOptions
from equity.questions.hands import Summary, error_dict, run
from equity.questions.hands.allin import PricedHand
from equity.questions.question import Command, Question, Threads, text_key

#: The largest ``--seed`` (a hand's own seed is offset by it).
MAX_SEED = 2**32 - 1


def head() -> dict[str, Any]:
    """The document's first key, before the hands."""
    return {"version": __version__}


def shown(priced: PricedHand, hero: str | None) -> bool:
    """Whether a hand is in the document's ``hands``: priced, and the hero's when one is named."""
    return priced.priced and (hero is None or any(f.name == hero for f in priced.players))


def tail(summary: Summary, hero: str | None) -> dict[str, Any]:
    """The document's keys after the hands."""
    return {"not_priced": summary.reasons(), "errors": [error_dict(e) for e in summary.errors],
            "duplicates": summary.duplicates, "summary": summary.to_dict(hero)}


@dataclass
class HandsReport:
    """A whole run of ``equity hands``: its summary and the hands its document lists."""

    summary: Summary
    hero: str | None = None
    hands: list[PricedHand] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {**head(), "hands": [h.to_dict() for h in self.hands], **tail(self.summary, self.hero)}


def read_hands(paths: Sequence[str], hero: str | None = None,
               options: RunOptions | None = None) -> HandsReport:
    """Read and price every hand of ``paths`` in this process (:func:`equity.questions.hands.run`) and
    keep the ones the document lists.

    Raises:
        EquityError: a path that does not exist, or a named file that is not a hand history.
    """
    kept: list[PricedHand] = []

    def on_hand(priced: PricedHand) -> None:
        if shown(priced, hero):
            kept.append(priced)

    summary = run(list(paths), options or RunOptions(), on_hand=on_hand)
    return HandsReport(summary, hero, kept)


_KEYS = ("paths", "hero", "seed")


def _answer(keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    """A ``hands`` line: ``equity hands --json``'s document (module docstring)."""
    for key in keys:
        if key not in _KEYS:
            raise EquityError(f"unknown key {key!r}; a hands line has {', '.join(_KEYS)}")
    paths = keys.get("paths")
    if isinstance(paths, str) and paths.strip():
        paths = [paths.strip()]
    if not (isinstance(paths, list) and paths and all(isinstance(p, str) and p.strip() for p in paths)):
        raise EquityError(f"'paths' must be a list of files or folders of hand histories; got {paths!r}")
    seed = keys.get("seed")
    if as_text and isinstance(seed, str):
        seed = int(seed) if seed.strip().isdigit() else None if not seed.strip() else seed
    if isinstance(seed, float) and seed.is_integer():
        seed = int(seed)
    whole = isinstance(seed, int) and not isinstance(seed, bool)
    if seed is not None and not (whole and 0 <= seed <= MAX_SEED):
        raise EquityError(f"'seed' must be a whole number 0 .. 2**32-1; got {keys.get('seed')!r}")
    options = RunOptions(seed=seed, threads=threads).sized(True)
    return read_hands(paths, text_key(keys, "hero", "text"), options).to_dict()


#: ``equity hands``: all-in EV from hand histories. Its command is written by the command line (the
#: document streamed, CSV, exit status 1 when a hand cannot be read).
QUESTION = Question("hands", _KEYS, _answer, command=Command(
    "PATH...", "all-in EV and luck from hand histories"))
