"""Reading hand histories from files, folders and standard input, one hand at a time.

A text file (PokerStars, GGPoker) is read line by line and cut into hands at each site's first line
(:func:`equity.histories.pokerstars.is_header`, :func:`equity.histories.ggpoker.is_header`), the site
detected per hand, so one file may mix them; a PHH file (``.phh``, ``.phhs``, or text that starts as
one) is TOML, read whole. Text is UTF-8 with or without a byte-order mark, or UTF-16 (with its mark, or
without one when every other byte is zero); Windows line ends are read as any other. Memory stays flat
whatever the number of hands: one hand's lines at a time (one PHH file at a time).

A folder is read recursively, its ``.txt``, ``.phh`` and ``.phhs`` files in name order; a file named on
the command line is read whatever its name. A hand that cannot be read is yielded as a
:class:`~equity.errors.HistoryError` (its file, line and reason) and the rest go on.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from equity.errors import EquityError, HistoryError
from equity.histories import ggpoker, phh, pokerstars
from equity.histories.model import Hand

#: The suffixes read in a folder.
SUFFIXES = (".txt", ".phh", ".phhs")
_SITES = (pokerstars, ggpoker)
_SNIFF = 1 << 16
#: Characters read at a time; how every site's first line starts (its ``is_header`` decides).
_BLOCK, _HEAD = 1 << 20, "Poker"


@dataclass(frozen=True)
class Source:
    """One file to read: its path as named (``"-"`` for standard input), and whether it was named
    itself (not found in a folder)."""

    path: str
    named: bool = True


def sources(paths: Sequence[str]) -> list[Source]:
    """The files ``paths`` name, folders walked recursively (their :data:`SUFFIXES` files, sorted).

    Raises:
        EquityError: a path that does not exist, naming it.
    """
    out = []
    for path in paths:
        if path == "-":
            out.append(Source("-"))
        elif os.path.isdir(path):
            found = sorted(p for p in Path(path).rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file())
            out.extend(Source(str(p), named=False) for p in found)
        elif os.path.exists(path):
            out.append(Source(path))
        else:
            raise EquityError(f"no such file or folder: {path}")
    return out


def encoding_of(head: bytes) -> str:
    """The text encoding of a file that starts with ``head``: UTF-8 (with its mark or not) or UTF-16."""
    if head.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    sample = head[:200]
    if len(sample) >= 4 and sample[1::2].count(0) > len(sample) // 4:
        return "utf-16-le"
    if len(sample) >= 4 and sample[0::2].count(0) > len(sample) // 4:
        return "utf-16-be"
    return "utf-8"


def _open(source: Source) -> IO[str]:
    if source.path == "-":
        data = sys.stdin.buffer
        head = data.peek(_SNIFF)[:_SNIFF] if hasattr(data, "peek") else b""
        return io.TextIOWrapper(data, encoding=encoding_of(head), errors="replace", newline=None)
    try:
        with open(source.path, "rb") as f:
            head = f.read(_SNIFF)
        return open(source.path, encoding=encoding_of(head), errors="replace", newline=None)  # noqa: SIM115
    except OSError as exc:
        raise EquityError(f"cannot read {source.path}: {exc.strerror or exc}") from None


def read_source(source: Source) -> Iterator[Hand | HistoryError]:
    """Every hand of one file, in order (module docstring).

    Raises:
        EquityError: the file cannot be opened, or (when named itself) holds no hand history at all.
    """
    with _open(source) as f:
        head: list[str] = []
        for line in f:  # up to the first line that is not blank nor a TOML comment
            head.append(line)
            if line.strip() and not line.lstrip().startswith("#"):
                break
        if phh.is_phh(source.path, "".join(head)):
            yield from phh.read("".join(head) + f.read(), source.path)
            return
        yield from _text_hands(source, "".join(head), f)


def _text_hands(source: Source, text: str, f: IO[str]) -> Iterator[Hand | HistoryError]:
    """The hands of a site's text file, cut at each hand's first line: ``text`` its start, read already,
    ``f`` the rest. The file is read :data:`_BLOCK` characters at a time and searched for the lines
    that start with :data:`_HEAD`, so no Python code runs per line here."""
    site = None
    hand: list[str] = []  # the text of the hand being cut, so far
    start = 0
    found = False
    number = 1  # the line number of ``text``'s first line
    while True:
        more = f.read(_BLOCK)
        text += more
        cut = text.rfind("\n") + 1 if more else len(text)
        if more and not cut:
            continue  # not one whole line yet
        body, text = text[:cut], text[cut:]
        at = counted = 0
        following = 0 if body.startswith(_HEAD) else body.find("\n" + _HEAD) + 1 or -1
        while following >= 0:
            head = following
            end = body.find("\n", head)
            following = body.find("\n" + _HEAD, end) + 1 or -1 if end >= 0 else -1
            line = body[head:] if end < 0 else body[head:end]
            candidate = next((s for s in _SITES if s.is_header(line)), None)
            if candidate is None:
                continue
            number += body.count("\n", counted, head)
            counted = head
            if site is not None:
                hand.append(body[at:head])
                yield _parse(site, "".join(hand).split("\n"), source.path, start)
            site, hand, start, found, at = candidate, [], number, True, head
        if site is not None:
            hand.append(body[at:])
        number += body.count("\n", counted)
        if not more:
            break
    if site is not None:
        yield _parse(site, "".join(hand).split("\n"), source.path, start)
    if not found and source.named:
        raise EquityError(f"{source.path} is not a hand history (no PokerStars, GGPoker or PHH hand in it)")


def _parse(site: object, block: list[str], path: str, start: int) -> Hand | HistoryError:
    while block and not block[-1].strip():
        block.pop()
    try:
        return site.parse(block, path, start)  # type: ignore[attr-defined]
    except HistoryError as exc:
        return exc
    except (ValueError, IndexError, KeyError) as exc:  # a reader's slip on a shape it did not foresee
        return HistoryError(f"cannot read this hand ({type(exc).__name__}: {exc})", f"{path}:{start}")


def read(paths: Sequence[str]) -> Iterator[Hand | HistoryError]:
    """Every hand of ``paths`` (files, folders, ``-``), in order; a folder's files that hold no hand
    history are skipped.

    Raises:
        EquityError: a path that does not exist, or a named file that is not a hand history.
    """
    for source in sources(paths):
        yield from read_source(source)
