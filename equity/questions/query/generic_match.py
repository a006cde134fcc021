"""How a hand is tested against a pattern of PQL's generic syntax (:mod:`equity.questions.query.generic`
reads the text): the hands that might match, narrowed by the pattern's narrowest cards, each tried
position by position with its variables bound consistently, vectorised with numpy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from equity.cards import combinations_of
from equity.errors import RangeError
from equity.ranges import combo_keys

#: The most hands one pattern may have tested (PLO6's ``*`` is 20,358,520).
MAX_CONSIDERED = 3_000_000
_EMPTY = np.zeros(0, np.int64)
_EMPTY.flags.writeable = False
_MOST_ANCHORS = 20_000  # the most sets of cards for a pattern's narrowest cards tried as anchors


@dataclass(frozen=True)
class Card:
    """One card of a pattern: the ranks, suits or cards it may be (None: any), its variables ('' for
    none), and whether its rank or suit was written alone (which variables then avoid)."""

    ranks: frozenset[int] | None = None
    suits: frozenset[int] | None = None
    cards: frozenset[int] | None = None
    rank_var: str = ""
    suit_var: str = ""
    rank_written: bool = False
    suit_written: bool = False

    def free(self) -> bool:
        """Any card at all (``*``)."""
        return self == Card()


@lru_cache(maxsize=8)
def _all_hands(hole: int, low_card: int) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of the deck ``low_card`` .. 51: uint8 rows (descending, sorted) and their keys."""
    rows = (combinations_of(52 - low_card, hole)[:, ::-1] + low_card).astype(np.uint8)
    keys = combo_keys(rows)
    order = np.argsort(keys, kind="stable")
    rows, keys = np.ascontiguousarray(rows[order]), keys[order]
    rows.flags.writeable = keys.flags.writeable = False
    return rows, keys


def every(hole: int, low_card: int, what: str) -> np.ndarray:
    """The keys of every hand, or a RangeError when there are more than :data:`MAX_CONSIDERED`."""
    size = math.comb(52 - low_card, hole)
    if size > MAX_CONSIDERED:
        raise RangeError(f"generic range {what!r} needs all {size:,} {hole}-card hands, more than the "
                         f"{MAX_CONSIDERED:,} a pattern may consider; name a card (e.g. AA) or use 'random' "
                         "in equity's own syntax")
    return _all_hands(hole, low_card)[1]


def _allowed(card: Card, ranks: set[int], suits: set[int], low_card: int) -> np.ndarray:
    """bool ``(52,)``: the cards ``card`` may be, its variables avoiding the written ``ranks``, ``suits``."""
    ids = np.arange(52)
    ok = ids >= low_card
    for items, values in ((card.cards, ids), (card.ranks, ids >> 2), (card.suits, ids & 3)):
        if items is not None:
            ok &= np.isin(values, sorted(items))
    if card.rank_var:
        ok &= ~np.isin(ids >> 2, sorted(ranks))
    if card.suit_var:
        ok &= ~np.isin(ids & 3, sorted(suits))
    return ok


def matches(cards: tuple[Card, ...], hole: int, low_card: int, source: str) -> np.ndarray:
    """The sorted keys of the ``hole``-card hands that match the pattern ``cards``."""
    ranks = {min(c.ranks) for c in cards if c.rank_written and c.ranks}
    suits = {min(c.suits) for c in cards if c.suit_written and c.suits}
    specs = [(c, _allowed(c, ranks, suits, low_card)) for c in cards if not c.free()]
    if not specs:
        return every(hole, low_card, source)
    if not all(allowed.any() for _, allowed in specs):
        return _EMPTY
    specs.sort(key=lambda spec: (int(spec[1].sum()), repr(spec[0])))  # narrowest first, equal ones together
    rows, keys = _candidates(specs, hole, low_card, source)
    return keys[_matching(rows, specs)] if len(rows) else _EMPTY


def _candidates(specs: list[tuple[Card, np.ndarray]], hole: int, low_card: int,
                source: str) -> tuple[np.ndarray, np.ndarray]:
    """The hands worth testing (rows, sorted unique keys): every hand, or when under half as many, the
    hands that hold distinct cards for the first (narrowest) groups of equal cards of the pattern."""
    groups: list[tuple[np.ndarray, int]] = []
    for i, (card, allowed) in enumerate(specs):
        if i and specs[i - 1][0] == card:
            groups[-1] = (allowed, groups[-1][1] + 1)
        else:
            groups.append((allowed, 1))
    deck = 52 - low_card
    best, size = None, math.comb(deck, hole)
    sets: set[tuple[int, ...]] = {()}
    for allowed, count in groups:
        options = list(combinations(np.flatnonzero(allowed).tolist(), count))
        if len(sets) * len(options) > _MOST_ANCHORS:
            break
        sets = {tuple(sorted(s + o)) for s in sets for o in options if not set(s) & set(o)}
        taken = len(next(iter(sets), ()))
        ways = len(sets) * math.comb(deck - taken, hole - taken) if sets else 0
        if 2 * ways < size:
            best, size = sets, ways
    if size > MAX_CONSIDERED:
        raise RangeError(f"generic range {source!r} needs {size:,} {hole}-card hands considered, more than "
                         f"the {MAX_CONSIDERED:,} a pattern may; name more cards")
    return _all_hands(hole, low_card) if best is None else _anchored(best, hole, low_card)


def _anchored(sets: set[tuple[int, ...]], hole: int, low_card: int) -> tuple[np.ndarray, np.ndarray]:
    """The hands holding one of the card ``sets`` (each sorted, all one size): rows and sorted keys."""
    if not sets:
        return np.zeros((0, hole), np.uint8), _EMPTY
    anchors = np.array(sorted(sets), np.int64)
    taken = anchors.shape[1]
    fill = combinations_of(52 - low_card - taken, hole - taken).astype(np.intp)
    free = np.ones((len(anchors), 52), bool)
    free[:, :low_card] = False
    free[np.arange(len(anchors))[:, None], anchors] = False
    rest = np.nonzero(free)[1].reshape(len(anchors), -1)
    hands = np.concatenate([np.repeat(anchors, len(fill), axis=0),
                            rest[:, fill].reshape(len(anchors) * len(fill), hole - taken)], axis=1)
    hands = -np.sort(-hands, axis=1)
    keys, first = np.unique(combo_keys(hands), return_index=True)
    return hands[first].astype(np.uint8), keys


def _matching(rows: np.ndarray, specs: list[tuple[Card, np.ndarray]]) -> np.ndarray:
    """bool ``(n,)``: the rows that match. Rows alike in all the search reads (which cards of the
    pattern each position may be, which positions share a rank, which a suit) match alike, so only one
    row of each kind is searched."""
    kinds = _kinds(rows, specs)
    if kinds is None:
        return _Search(rows, specs).run()
    _, first, inverse = np.unique(kinds, return_index=True, return_inverse=True)
    return _Search(rows[first], specs).run()[inverse.ravel()]


def _kinds(rows: np.ndarray, specs: list[tuple[Card, np.ndarray]]) -> np.ndarray | None:
    """int64 ``(n,)``: each row's kind (see :func:`_matching`), or None when it would not fit 63 bits."""
    masks = sum(allowed.astype(np.int64) << i for i, (_, allowed) in enumerate(specs))
    _, group = np.unique(masks, return_inverse=True)
    groups, hole = int(group.max()) + 1, rows.shape[1]
    parts = [part for part, used in ((rows >> 2, any(c.rank_var for c, _ in specs)),
                                     (rows & 3, any(c.suit_var for c, _ in specs))) if used]
    pairs = list(combinations(range(hole), 2))
    if groups ** hole * 2 ** (len(parts) * len(pairs)) >= 2 ** 62:
        return None
    kinds = np.zeros(len(rows), np.int64)
    for p in range(hole):
        kinds = kinds * groups + group.ravel()[rows[:, p]]
    for part in parts:
        for i, j in pairs:
            kinds = kinds * 2 + (part[:, i] == part[:, j])
    return kinds


class _Search:
    """Which rows match: a depth-first walk giving each pattern card (narrowest first) a position of the
    hand, vectorised over the rows still alive; equal cards take positions in increasing order, and rows
    already matched leave every later branch."""

    def __init__(self, rows: np.ndarray, specs: list[tuple[Card, np.ndarray]]) -> None:
        self.specs, self.hole = specs, rows.shape[1]
        self.cols = [np.ascontiguousarray(rows[:, p]) for p in range(self.hole)]
        self.values = {"rank": [col >> 2 for col in self.cols], "suit": [col & 3 for col in self.cols]}
        self.matched = np.zeros(len(rows), bool)

    def run(self) -> np.ndarray:
        self.visit(0, np.arange(len(self.matched), dtype=np.int32), (), {})
        return self.matched

    def visit(self, level: int, live: np.ndarray, used: tuple[int, ...],
              bound: dict[tuple[str, str], int]) -> None:
        """Give the pattern's card ``level`` each free position in turn, for the ``live`` rows; ``used``
        the positions the earlier cards took, ``bound`` where each variable took its value."""
        card, allowed = self.specs[level]
        first = used[-1] + 1 if level and self.specs[level - 1][0] == card else 0
        for p in range(first, self.hole):
            if p in used:
                continue
            live = live[~self.matched[live]]
            if not len(live):
                return
            ok = allowed[self.cols[p][live]]
            now = dict(bound)
            for kind, name in (("rank", card.rank_var), ("suit", card.suit_var)):
                if name:
                    ok &= self.consistent(kind, name, live, p, bound)
                    now.setdefault((kind, name), p)
            if level + 1 == len(self.specs):
                self.matched[live[ok]] = True
            else:
                self.visit(level + 1, live[ok], (*used, p), now)

    def consistent(self, kind: str, name: str, live: np.ndarray, p: int,
                   bound: dict[tuple[str, str], int]) -> np.ndarray:
        """The rows whose card at ``p`` gives variable ``name`` the value it has (if bound), else a value
        no other variable of its kind has."""
        values = self.values[kind]
        here = values[p][live]
        if (kind, name) in bound:
            return here == values[bound[kind, name]][live]
        ok = np.ones(len(live), bool)
        for (other_kind, _), q in bound.items():
            if other_kind == kind:
                ok &= here != values[q][live]
        return ok
