"""What a hand-history site is to equity: a :class:`Site` value, one per module, listed once in
:mod:`equity.histories.sites`.

Two kinds of site:

- a **text** site writes hands one after another, each starting with a header line; ``heads`` are the
  strings such a line starts with (searched for in large blocks of a file, so they need not be long,
  but must be specific enough to start no other line), ``is_header`` decides (defaults to a match of
  ``heads``), and ``parse(lines, source, line)`` reads one hand's lines, its header on line ``line``;
- a **file** site (PHH's TOML, iPoker's XML) is read a file at a time: ``sniff(name, head)`` says
  whether a file named ``name`` that starts with the text ``head`` is one, and ``read(text, source)``
  yields its hands.

``parse`` raises, and ``read`` yields, :class:`~equity.errors.HistoryError` for a hand that cannot be
read. ``unique_ids``: whether the site's hand ids identify a hand (two hands read with the same id are
the same hand, read twice: the duplicates rule of :attr:`equity.histories.model.Hand.key`).

A :class:`Foreign` is a site whose histories equity does not read: its files are named in messages
(``Chico hand histories are not read``) instead of being called empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from equity.errors import HistoryError
from equity.histories.model import Hand


@dataclass(frozen=True)
class Site:
    """A hand-history site (module docstring).

    Attributes:
        name: the name hands carry (``Hand.site``): ``"pokerstars"``.
        title: as people write it: ``"PokerStars"`` (messages, the PHH ``venue``).
        heads: a text site's header prefixes.
        parse: a text site's reader of one hand.
        is_header: a text site's test of a line that starts with one of ``heads``.
        sniff: a file site's test of a file.
        read: a file site's reader of a whole file.
        unique_ids: whether an id names one hand.
    """

    name: str
    title: str
    heads: tuple[str, ...] = ()
    parse: Callable[[list[str], str, int], Hand] | None = None
    is_header: Callable[[str], bool] | None = None
    sniff: Callable[[str, str], bool] | None = None
    read: Callable[[str, str], Iterator[Hand | HistoryError]] | None = None
    unique_ids: bool = True

    def header(self, line: str) -> bool:
        """Whether ``line`` starts a hand of this (text) site."""
        if self.is_header is not None:
            return self.is_header(line)
        return line.startswith(self.heads)


@dataclass(frozen=True)
class Foreign:
    """A site equity does not read: its name, and how its hands' first lines start (``heads``) or
    what text near a file's start gives it away (``marks``)."""

    title: str
    heads: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()

    def owns(self, head: str) -> bool:
        """Whether a file that starts with ``head`` (its first few KB) is this site's."""
        if self.heads and any(line.lstrip().startswith(self.heads)
                              for line in head.lstrip("\ufeff").splitlines()[:50]):
            return True
        return any(mark in head for mark in self.marks)


__all__ = ["Foreign", "Site"]
