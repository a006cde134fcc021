"""Reading hand histories from files, folders and standard input, one hand at a time.

The sites are those of :mod:`equity.histories.sites`. A file that a file site claims (PHH's ``.phh``,
``.phhs`` or text that starts as one; iPoker's XML) is read whole by that site; any other is a text file,
cut into hands at each text site's first line (its ``heads``, searched for in blocks; its ``is_header``
decides), the site detected per hand, so one file may mix them. A file that holds no hand of a site read is
named as another site's when :data:`~equity.histories.sites.FOREIGN` knows it. Text is UTF-8 with or without
a byte-order mark, or UTF-16 (with its mark, or without one when every other byte is zero); Windows line
ends are read as any other. Memory stays flat whatever the number of hands: one hand's lines at a time (one
PHH file at a time).

A folder is read recursively, its ``.txt``, ``.phh``, ``.phhs`` and ``.xml`` files in name order; a file
named on the command line is read whatever its name. A hand that cannot be read is yielded as a
:class:`~equity.errors.HistoryError` (its file, line and reason) and the rest go on.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO

from equity.errors import EquityError, HistoryError, NotRead
from equity.histories import sites
from equity.histories.model import Hand
from equity.histories.reader import Site

#: The suffixes read in a folder.
SUFFIXES = (".txt", ".phh", ".phhs", ".xml")
_SNIFF = 1 << 16
#: Characters read at a time; the start of a file a file site's ``sniff`` is shown.
_BLOCK, _HEAD = 1 << 20, 1 << 13
_FILE_SITES, _TEXT_SITES = sites.file_sites(), sites.text_sites()
#: A line that may start a text site's hand: one of the heads at the start of a line.
_ANY_HEAD = "(?:" + "|".join(sorted({re.escape(h) for s in _TEXT_SITES for h in s.heads}, key=len,
                                     reverse=True)) + ")"
_HEADS = re.compile(f"({_ANY_HEAD})")  # matched at a block's start
_NEXT_HEAD = re.compile(f"\n({_ANY_HEAD})")  # searched for: a literal line end first, which is fast
#: The sites whose hands may start with each head.
_BY_HEAD = {head: [s for s in _TEXT_SITES if head in s.heads] for s in _TEXT_SITES for head in s.heads}


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
    for path in [paths] if isinstance(paths, str) else paths:  # one path given as a string is one path
        if path == "-":
            out.append(Source("-"))
        elif os.path.isdir(path):
            out.extend(Source(p, named=False) for p in sorted(_walk(path), key=_parts))
        elif os.path.exists(path):
            out.append(Source(path))
        else:
            raise EquityError(f"no such file or folder: {path}")
    return out


def _walk(folder: str) -> Iterator[str]:
    """The :data:`SUFFIXES` files under ``folder``, its folders walked (not those a link points to)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                yield from _walk(entry.path)
            elif os.path.splitext(entry.name)[1].lower() in SUFFIXES and entry.is_file():
                yield entry.path


def _parts(path: str) -> list[str]:
    """A path's folders and name, to sort as paths sort: folder by folder."""
    return path.split(os.sep)


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
            if len(head) < _SNIFF:  # the whole file: read once
                text = head.decode(encoding_of(head), errors="replace")
                if "\r" in text:
                    text = text.replace("\r\n", "\n").replace("\r", "\n")
                return io.StringIO(text)
        return open(source.path, encoding=encoding_of(head), errors="replace", newline=None)  # noqa: SIM115
    except OSError as exc:
        raise EquityError(f"cannot read {source.path}: {exc.strerror or exc}") from None


def read_source(source: Source) -> Iterator[Hand | HistoryError]:
    """Every hand of one file, in order (module docstring).

    Raises:
        EquityError: the file cannot be opened, or (when named itself) holds no hand history at all.
    """
    with _open(source) as f:
        text = f.read(_HEAD)
        for site in _FILE_SITES:
            if site.sniff(source.path, text):  # type: ignore[misc]
                yield from site.read(text + f.read(), source.path)  # type: ignore[misc]
                return
        yield from _text_hands(source, text, f)


def _text_hands(source: Source, text: str, f: IO[str]) -> Iterator[Hand | HistoryError]:
    """The hands of a site's text file, cut at each hand's first line: ``text`` its start, read already,
    ``f`` the rest. The file is read :data:`_BLOCK` characters at a time and searched for the lines
    that start with a site's head (:data:`_HEADS`), so no Python code runs per line here."""
    site: Site | None = None
    hand: list[str] = []  # the text of the hand being cut, so far
    start = 0
    found = False
    number = 1  # the line number of ``text``'s first line
    first = ""  # the file's start, to name the site of a file that holds no hand read here
    while True:
        more = f.read(_BLOCK)
        text += more
        if not first:
            first = text[:_SNIFF]
        cut = text.rfind("\n") + 1 if more else len(text)
        if more and not cut:
            continue  # not one whole line yet
        body, text = text[:cut], text[cut:]
        at = counted = 0
        first_head = _HEADS.match(body)
        starts = [(0, first_head[1])] if first_head else []
        starts += [(m.start() + 1, m[1]) for m in _NEXT_HEAD.finditer(body)]
        for head, said in starts:
            end = body.find("\n", head)
            line = body[head:] if end < 0 else body[head:end]
            candidate = next((s for s in _BY_HEAD[said] if s.header(line)), None)
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
    if not found:
        other = sites.foreign(first)
        if other is not None:
            raise NotRead(source.path, other.title)
        if source.named:
            names = ", ".join(s.title for s in sites.SITES)
            raise EquityError(f"{source.path} is not a hand history (no hand of {names} in it)")


def _parse(site: Site, block: list[str], path: str, start: int) -> Hand | HistoryError:
    while block and not block[-1].strip():
        block.pop()
    try:
        return site.parse(block, path, start)  # type: ignore[misc]
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
