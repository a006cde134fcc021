"""``equity hands``: every hand of a set of hand-history files read, priced where it went all in, and
summed per player, streaming (DESIGN.md section 11).

Hands are read one at a time (:mod:`equity.histories.files`), each counted once (a hand whose site and
id were seen already is a duplicate, reported with its file and line), and priced
(:func:`equity.questions.hands.allin.price`) in this process or, in groups, on worker processes or a Dask
cluster (:func:`equity.questions.asking.batch.executor`): there only the hands with an all-in to price go (the
rest are done here, in microseconds), at most a window of groups in flight; the results come
back in reading order, whoever priced them, with the same numbers (each hand's Monte Carlo seed is its
own). Every hand read is priced, not priced (with its reason) or unreadable (with its file, line and
reason): ``read == priced + not_priced + unreadable``.

Per player (and currency: chips and dollars are never added together), :class:`PlayerTotals` sums the
hands dealt in, the all-ins priced, the net won, the all-in EV (the EV of priced hands and the result of
the others, as trackers' "all-in adjusted winnings") and the luck (net won less all-in EV), each also in
big blinds of its own hand.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from equity.errors import HistoryError, NotRead
from equity.histories import sites
from equity.histories.chips import REASONS
from equity.histories.files import Source, read_source, sources
from equity.histories.model import Hand
from equity.options import DEFAULT, RunOptions
from equity.questions.asking.pool import executor, ordered_map
from equity.questions.hands.allin import PricedHand, classify, price, price_classified
from equity.questions.question import Threads

#: The reasons a hand with an all-in is not priced.
ALL_INS = ("river", "cards not shown", "betting went on")
#: Hands a task prices at once on a worker, and the most tasks in flight a worker.
GROUP, WINDOW = 32, 4


@dataclass
class PlayerTotals:
    """One player's sums over the hands read (module docstring): ``priced`` the all-ins priced it was in,
    ``not_priced`` its all-ins not priced (on the river, cards not shown, betting that went on) that it
    stayed in to the end; ``*_bb`` in big blinds."""

    name: str
    currency: str
    hands: int = 0
    priced: int = 0
    not_priced: int = 0
    net: float = 0.0
    ev: float = 0.0
    net_bb: float = 0.0
    ev_bb: float = 0.0

    @property
    def luck(self) -> float:
        return self.net - self.ev

    @property
    def luck_bb(self) -> float:
        return self.net_bb - self.ev_bb

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.name, "currency": self.currency, "hands": self.hands, "priced": self.priced,
                "not_priced": self.not_priced, "net": self.net, "ev": self.ev, "luck": self.luck,
                "net_bb": self.net_bb, "ev_bb": self.ev_bb, "luck_bb": self.luck_bb}


@dataclass
class Summary:
    """What a run read: files, hands by outcome, errors (``file:line: reason``), duplicates, and the
    per-player totals."""

    files: int = 0
    files_without_hands: list[str] = field(default_factory=list)
    files_not_read: list[dict[str, str]] = field(default_factory=list)
    read: int = 0
    priced: int = 0
    not_priced: Counter[str] = field(default_factory=Counter)
    errors: list[HistoryError] = field(default_factory=list)
    duplicates: list[dict[str, Any]] = field(default_factory=list)
    players: dict[tuple[str, str], PlayerTotals] = field(default_factory=dict)

    @property
    def unreadable(self) -> int:
        return len(self.errors)

    def add(self, priced: PricedHand) -> None:
        """Count one hand's figures in."""
        hand = priced.hand
        self.priced += priced.priced
        if not priced.priced:
            self.not_priced[priced.reason or "no all-in"] += 1
        bb = float(hand.big_blind) or 1.0
        for f in priced.players:
            key = (f.name, hand.currency)
            totals = self.players.get(key)
            if totals is None:
                totals = self.players[key] = PlayerTotals(f.name, hand.currency)
            totals.hands += 1
            if priced.priced:
                totals.priced += f.index in priced.players_in
            elif priced.reason in ALL_INS and not f.folded:
                totals.not_priced += 1
            totals.net += f.actual
            totals.ev += f.ev
            totals.net_bb += f.actual / bb
            totals.ev_bb += f.ev / bb

    def rows(self, hero: str | None = None) -> list[PlayerTotals]:
        """The players' totals, the hero's first (only the hero's when ``hero`` is given), then by hands."""
        rows = sorted(self.players.values(), key=lambda t: (-t.hands, t.name, t.currency))
        return [t for t in rows if t.name == hero] if hero is not None else rows

    def to_dict(self, hero: str | None = None) -> dict[str, Any]:
        return {"files": self.files, "files_without_hands": self.files_without_hands,
                "files_not_read": self.files_not_read, "read": self.read,
                "priced": self.priced, "not_priced": sum(self.not_priced.values()),
                "unreadable": self.unreadable, "duplicates": len(self.duplicates),
                "players": [t.to_dict() for t in self.rows(hero)]}

    def reasons(self) -> dict[str, int]:
        """Hands not priced, by reason, every reason named (0 where none)."""
        return {reason: self.not_priced.get(reason, 0) for reason in REASONS}


class Seen:
    """The hands read so far, as a 64-bit digest of each one's site and id in an open-addressing table:
    at most 16 bytes a hand (a Python set of the keys would take about 150), so that a run over millions of
    hands stays small. Two different hands collide with a chance of about n² / 2⁶⁵ (for a million hands,
    three in a hundred million)."""

    def __init__(self) -> None:
        self.table = np.zeros(1 << 12, np.uint64)
        self.size = 0

    def add(self, key: tuple[str, str]) -> bool:
        """Note ``key``; whether it was new."""
        digest = hash(key) & 0xFFFF_FFFF_FFFF_FFFF or 1
        table = self.table
        mask = len(table) - 1
        i = digest & mask
        while (held := int(table[i])) != 0:
            if held == digest:
                return False
            i = (i + 1) & mask
        table[i] = digest
        self.size += 1
        if 2 * self.size > len(table):
            self._grow()
        return True

    def _grow(self) -> None:
        old = self.table[self.table != 0]
        self.table = np.zeros(2 * len(self.table), np.uint64)
        mask = len(self.table) - 1
        for digest in old.tolist():
            i = digest & mask
            while self.table[i] != 0:
                i = (i + 1) & mask
            self.table[i] = digest


def error_dict(error: HistoryError) -> dict[str, Any]:
    """An unreadable hand as JSON: its file, line and reason."""
    path, _, line = error.where.rpartition(":")
    return {"file": path or error.where, "line": int(line) if line.isdigit() else None,
            "reason": error.reason}


def price_group(hands: list[Hand], threads: Threads = None, options: RunOptions = DEFAULT
                ) -> list[PricedHand | HistoryError]:
    """Price each of ``hands`` with ``options`` (a task on a worker: one thread each under ``"auto"``)."""
    options = options.replace(threads=threads).sized(False)
    out: list[PricedHand | HistoryError] = []
    for hand in hands:
        try:
            out.append(price(hand, options))
        except HistoryError as exc:
            out.append(exc)
    return out


def run(paths: Sequence[str], options: RunOptions = DEFAULT, *, workers: int | None = 0,
        cluster: str | None = None, on_hand: Callable[[PricedHand], None] | None = None,
        on_error: Callable[[HistoryError], None] | None = None,
        progress: Callable[[int, int, int], None] | None = None) -> Summary:
    """Read and price every hand of ``paths``, in reading order; return the summary.

    Args:
        paths: files, folders (recursively) or ``-``.
        options: ``seed`` (offsets every hand's own Monte Carlo seed), ``method``, ``precision``.
        workers: processes to price on (0: this process, all threads; None: one per core).
        cluster: a Dask scheduler's address or ``local:N`` (:mod:`equity.questions.asking.cluster`).
        on_hand: called with each hand's :class:`PricedHand`, in reading order.
        on_error: called with each unreadable hand's error, in reading order.
        progress: ``progress(files_read, files, hands_priced)`` after each file is read (its last
            hands may still be pricing on the workers).

    Raises:
        EquityError: a path that does not exist, or a named file that is not a hand history.
    """
    files = sources(paths)
    summary = Summary(files=len(files))
    seen = Seen()
    remote = bool(cluster) or workers != 0  # then only the hands with an all-in to price travel
    job = functools.partial(price_group, options=options.replace(on_start=None) if remote else options)
    first: set[str] = set()  # the games an all-in was priced in this process

    def groups() -> Iterator[list[Any]]:
        for done, source in enumerate(files):
            group: list[Hand] = []
            for item in _hands(source, summary):
                if isinstance(item, HistoryError):
                    group.append(item)  # type: ignore[arg-type]  # passes through, in order
                    continue
                if not seen.add(sites.key(item)):
                    summary.duplicates.append({"site": item.site, "id": item.id, "file": item.source,
                                               "line": item.line})
                    continue
                if remote:  # a hand with nothing to price gets its figures here, in microseconds
                    try:
                        classified = classify(item)
                        if classified[3].round is None:
                            group.append(price_classified(classified, options))  # type: ignore[arg-type]
                            continue
                        if item.game not in first:  # priced here: its kernels compile once, with
                            first.add(item.game)  # the notice, and the workers load them from the cache
                            group.append(price_classified(classified, options))  # type: ignore[arg-type]
                            continue
                    except HistoryError as exc:
                        group.append(exc)  # type: ignore[arg-type]
                        continue
                group.append(item)
                if len(group) >= GROUP:
                    yield group
                    group = []
            if group:
                yield group
            if progress is not None:  # the file is read; its last hands may still be pricing
                progress(done + 1, len(files), summary.read)

    with executor(workers, cluster, job) as (submit, n_workers):
        for priced in ordered_map(functools.partial(_send, submit), groups(), WINDOW * n_workers):
            for item in priced:
                _take(summary, item, on_hand, on_error)
    return summary


def _hands(source: Source, summary: Summary) -> Iterator[Hand | HistoryError]:
    found = False
    try:
        for item in read_source(source):
            found = True
            yield item
    except NotRead as exc:
        if source.named:
            raise
        summary.files_not_read.append({"file": exc.path, "site": exc.site})
        return
    if not found:
        summary.files_without_hands.append(source.path)


def _send(submit: Callable[[list[Any]], Future[list[Any]]], group: list[Any]) -> Future[list[Any]]:
    """Submit the hands of ``group`` and hand its other items (errors, hands priced here) through in
    place."""
    hands = [h for h in group if isinstance(h, Hand)]
    if len(hands) == len(group):
        return submit(group)
    inner = submit(hands) if hands else None
    out: Future[list[Any]] = Future()

    def merge(_: Any = None) -> None:
        results = iter(inner.result() if inner is not None else ())
        out.set_result([next(results) if isinstance(h, Hand) else h for h in group])

    if inner is None:
        merge()
    else:
        inner.add_done_callback(merge)
    return out


def _take(summary: Summary, item: PricedHand | HistoryError, on_hand: Callable[[PricedHand], None] | None,
          on_error: Callable[[HistoryError], None] | None) -> None:
    summary.read += 1
    if isinstance(item, HistoryError):
        summary.errors.append(item)
        if on_error is not None:
            on_error(item)
        return
    summary.add(item)
    if on_hand is not None:
        on_hand(item)
