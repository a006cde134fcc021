"""ProPokerTools' *generic range syntax*, which published Poker Query Language queries use for their hands
(``hero='AxKx'``, ``villain='RR'``, ``p='AA:xxyy'``), read into a :class:`~equity.ranges.Range`.

A *pattern* is a run of cards; each card is a rank part with an optional suit part right after it, or a
suit part alone (a card of any rank)::

    rank part   A K Q J T 9 8 7 6 5 4 3 2   that rank (upper case only)
                *                           any rank
                R O N P ... (any other      a rank variable: the same letter is the same rank, different
                upper-case letter)          letters different ranks, never a rank written alone (A)
                [A-T]  [A,K,Q]  [AKQ]       one rank of the list; a span A-T runs between its two ranks
    suit part   s h d c                     that suit (lower case only)
                w x y z                     a suit variable: the same letter is the same suit, different
                                            letters different suits, never a suit written alone (s)
                [sh]  [s,h]                 one suit of the list
    card list   [As,Kh]  [AsKh]             one card of the list (takes no suit part)

Ranks and suits in lists constrain only their own card; variables avoid only ranks and suits written
alone. Variables belong to their pattern: hold'em ``xx:yy`` is the suited hands (each side binds its
own suit), ``xx:xy`` none. A hand matches a pattern when the pattern's cards can be given distinct cards of
the hand, each meeting its constraints, the variables bound consistently. A pattern shorter than the
hand leaves the other cards free: Omaha ``AA`` is *at least* two aces, hold'em ``A`` any hand with an
ace; ``*`` (or a pattern of ``*`` only) is every hand. A pattern of one written rank may end in ``+``:
``TT+`` is ``TT, JJ, QQ, KK, AA`` (the rank climbs to the ace, suits kept).

Patterns combine, and a range is a ``,``-separated list of elements, each with an optional weight::

    A , B      union (lowest precedence)
    A : B      intersection (``:`` and ``!`` bind tighter than ``,``, and equally, left to right)
    A ! B      difference; a leading ``!B`` is every hand but B
    ( ... )    grouping (``,`` inside is a union; a weight goes only after a whole element)
    A @ W      a top-level element at weight W percent, 0 < W <= 100; a hand named twice keeps the
               weight of the later element

The counts each shape gives (tests/questions/test_query_generic.py checks them, and hold'em and small
decks against a brute-force matcher)::

    hold'em   AxKx 4   AxKy 12   AsKx 3   AK 16   AA 6   RR 78   RO 1248   A 198   xx 312   TT+ 30
              [A-T][A-T] 190   *  1326;  short deck (low_card=16): * 630, RR 54
    PLO4      AA 6961   JJ!JJJ 6768   AA:xxyy 864   AxAyxy 864   xxyy 36504   sshh 6084   wxyz 28561
              wxy 186745   RROO 2808   RRON 82368   RxRyOxOy 468   AARR 432   ssxx 18252   * 270725
    PLO5      AA 108336
    PLO6      AA 1237792   AAKKQQ 216   ssssss 1716

Not read (each a :class:`~equity.errors.RangeError` naming the character): percentages (``15%``, use
equity's own range syntax), macros (``$ds``), spans and ``-`` outside brackets (``AA-TT``), ``+`` after
any other pattern, lower-case ranks (``ak``), ``10`` for ten, stud's card order. A pattern is tested
against every hand of the deck (cards ``low_card`` .. 51), or, when fewer, every hand holding cards for
its narrowest cards (PLO6 ``AA``: the hands holding two aces); one that needs more than
:data:`MAX_CONSIDERED` hands tested is refused (PLO6 ``*``, ``A``, ``xxyy``), as is a range that
matches no hand.

>>> [len(parse_generic(t, 2)) for t in ("AxKx", "AxKy", "RR", "TT+, AxKx@50")]
[4, 12, 78, 34]
>>> len(parse_generic("AA:xxyy, JJ!JJJ", 4)), parse_generic("AA:xxyy, JJ!JJJ", 4).text
(7626, 'AA:xxyy,JJ!JJJ')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import numpy as np

from equity.cards import RANKS, SUITS
from equity.errors import RangeError
from equity.ranges import HOLE_SIZES, Range, combo_keys

#: The most hands one pattern may consider (all of PLO5's 2,598,960 fit; PLO6 needs a named card).
MAX_CONSIDERED = 3_000_000
SUIT_VARIABLES = "wxyz"

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)}
_SUIT_OF = {ch: i for i, ch in enumerate(SUITS)}
_ENDS = ("", ",", ":", "!", "(", ")", "@", "+")
_NUMBER = re.compile(r"[0-9]*\.?[0-9]+")
_EMPTY = np.zeros(0, np.int64)
_EMPTY.flags.writeable = False
_MOST_ANCHORS = 20_000  # the most sets of cards for a pattern's narrowest cards tried as anchors


@dataclass(frozen=True)
class _Card:
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
        return self == _Card()


@lru_cache(maxsize=64)
def parse_generic(text: str, hole: int, low_card: int = 0) -> Range:
    """Read a range in ProPokerTools' generic syntax (grammar in the module docstring).

    Cached: a :class:`~equity.ranges.Range` cannot change; a malformed text raises each time.

    Args:
        text: the range, e.g. ``'AA:xxyy, JJ!JJJ, KK@50'``; whitespace is ignored.
        hole: cards per hand: 2 hold'em and short deck, 4, 5, 6 Omaha (any of 1..7).
        low_card: the lowest card id of the deck (16 for short deck); no hand holds a card below it.

    Returns:
        The hands, each row descending, rows sorted by :func:`~equity.ranges.combo_keys`, each at its
        element's weight; ``text`` is ``text`` without whitespace.

    Raises:
        RangeError: a malformed range, naming the character and its position; a percentage; a pattern
            longer than the hand or needing more than :data:`MAX_CONSIDERED` hands; no hand matched.
    """
    if hole not in HOLE_SIZES:
        raise RangeError(f"a hand has 1 to 7 cards (2 hold'em, 4, 5, 6 Omaha), not {hole}")
    if not 0 <= low_card <= 52 - hole:
        raise RangeError(f"the deck's lowest card id must be 0 .. {52 - hole}, not {low_card}")
    body = "".join(text.split())
    if not body:
        raise RangeError("the generic range is empty; give hands such as 'AxKx', 'RR' or 'AA:xxyy'")
    if "%" in body:
        raise RangeError(f"generic range {body!r}: '%' at position {body.index('%') + 1}: percentages are "
                         "not part of the generic syntax here; give the range in equity's own syntax (15%)")
    keys, weights = _Parser(body, hole, low_card).range_()
    if not len(keys):
        raise RangeError(f"generic range {body!r} matches no {hole}-card hand")
    rows = (keys[:, None] // 52 ** np.arange(hole - 1, -1, -1, dtype=np.int64)) % 52
    return Range(rows.astype(np.uint8), weights, body)


def is_generic_only(text: str) -> bool:
    """Whether ``text`` uses something only the generic syntax has, so it cannot be read as equity's
    own range syntax: ``*``, brackets, ``:``, ``!``, parentheses, a suit variable ``w``, ``y`` or
    ``z``, an ``x`` right after a rank (a suit: ``AxKx``), an element that starts with a suit
    (``sshh``), or an upper-case rank variable other than S, O and X (which equity's own syntax reads as
    suited, offsuit and any card).

    Equity's Omaha patterns put ``x`` after ranks too (``AAxx``), so they count as generic here: a
    caller that reads both should try equity's own syntax for those first.

    >>> [is_generic_only(t) for t in ("AxKx", "RR", "sshh", "AA:xxyy", "*", "QQ+, AKs", "xx", "random")]
    [True, True, True, True, True, False, False, False]
    """
    body = "".join(text.split())
    if any(ch in body for ch in "*[]:!()"):
        return True
    for element in body.split(","):
        element = element.partition("@")[0]
        if element.lower() == "random":
            continue
        if element[:1] in _SUIT_OF:
            return True
        for i, ch in enumerate(element):
            if ch in "wyz" or (ch == "x" and i and element[i - 1] in _RANK_OF):
                return True
            if ch.isascii() and ch.isupper() and ch not in _RANK_OF and ch not in "SOX":
                return True
    return False


class _Parser:
    """Recursive descent over the whitespace-free text, evaluating as it reads: each expression is the
    sorted, unique :func:`~equity.ranges.combo_keys` (int64) of the hands it holds."""

    def __init__(self, text: str, hole: int, low_card: int) -> None:
        self.text, self.hole, self.low_card, self.pos = text, hole, low_card, 0

    def peek(self, at: int | None = None) -> str:
        at = self.pos if at is None else at
        return self.text[at] if at < len(self.text) else ""

    def error(self, reason: str, at: int | None = None) -> RangeError:
        """A RangeError quoting the range, the character at ``at`` (default: here) and its position."""
        at = self.pos if at is None else at
        where = f"{self.text[at]!r} at position {at + 1}" if at < len(self.text) else "at the end"
        return RangeError(f"generic range {self.text!r}: {where}: {reason}")

    def range_(self) -> tuple[np.ndarray, np.ndarray]:
        """The elements, each at its weight; a hand in several keeps the later weight."""
        parts: list[tuple[np.ndarray, float]] = []
        while True:
            keys = self.expr()
            weight = self.weight() if self.peek() == "@" else 1.0
            parts.append((keys, weight))
            if self.peek() == "":
                break
            if self.peek() != ",":
                raise self.unexpected()
            self.pos += 1
        if len(parts) == 1:
            return parts[0][0], np.full(len(parts[0][0]), parts[0][1])
        keys = np.concatenate([k for k, _ in parts])
        weights = np.concatenate([np.full(len(k), w) for k, w in parts])
        unique, first = np.unique(keys[::-1], return_index=True)
        return unique, weights[::-1][first]

    def weight(self) -> float:
        start = self.pos = self.pos + 1
        while self.peek() and self.peek() in "0123456789.":
            self.pos += 1
        number = self.text[start:self.pos]
        value = float(Fraction(number) / 100) if _NUMBER.fullmatch(number) else 0.0
        if not 0 < value <= 1:
            raise self.error(f"the weight {number!r} after '@' must be a percentage, 0 < W <= 100, "
                             "e.g. AA@50", start - 1)
        if self.peek() not in ("", ","):
            raise self.error("a weight ends its element; put ',' before the next one")
        return value

    def unexpected(self) -> RangeError:
        ch = self.peek()
        if ch == ")":
            return self.error("')' closes no '('")
        if ch == "@":
            return self.error("a weight @W goes after a whole element, not inside parentheses")
        return self.error("expected ',', ':', '!' or the end of the range")

    def expr(self) -> np.ndarray:
        """Terms joined by ':' (intersection) and '!' (difference), left to right."""
        keys = self.term()
        while self.peek() in (":", "!"):
            op = self.peek()
            self.pos += 1
            right = self.term()
            keys = (np.intersect1d(keys, right, assume_unique=True) if op == ":"
                    else np.setdiff1d(keys, right, assume_unique=True))
        return keys

    def term(self) -> np.ndarray:
        """A parenthesised union, ``!term`` (every hand but it), or a pattern."""
        ch, start = self.peek(), self.pos
        if ch == "(":
            self.pos += 1
            keys = self.expr()
            while self.peek() == ",":
                self.pos += 1
                keys = np.union1d(keys, self.expr())
            if self.peek() == "":
                raise self.error("this '(' is never closed; add ')'", start)
            if self.peek() != ")":
                raise self.unexpected()
            self.pos += 1
            return keys
        if ch == "!":
            self.pos += 1
            return np.setdiff1d(_every(self.hole, self.low_card, self.text), self.term(), assume_unique=True)
        if ch in _ENDS:
            raise self.error("expected a hand pattern such as AxKx, RR or (AA, KK)")
        return self.pattern()

    def pattern(self) -> np.ndarray:
        start = self.pos
        cards: list[_Card] = []
        while self.peek() not in _ENDS:
            cards.append(self.card())
        source = self.text[start:self.pos]
        if len(cards) > self.hole:
            raise self.error(f"the pattern {source!r} names {len(cards)} cards; a hand has {self.hole}",
                             start)
        if self.peek() != "+":
            return _matches(tuple(cards), self.hole, self.low_card, source)
        written = {min(c.ranks) for c in cards if c.rank_written and c.ranks}
        if len(written) != 1 or any(c.cards or (c.ranks and not c.rank_written) for c in cards):
            raise self.error(f"a trailing '+' follows a pattern of one rank (TT+, A+), not {source!r}; for "
                             "others write a rank list such as [A-T]")
        self.pos += 1
        (rank,) = written
        found = [_matches(tuple(_shift(c, rank, top) for c in cards), self.hole, self.low_card, source + "+")
                 for top in range(rank, 13)]
        return np.unique(np.concatenate(found))

    def card(self) -> _Card:
        """One card: a rank part with an optional suit part, or a suit part alone."""
        ch = self.peek()
        if ch == "[":
            kind, items = self.bracket()
            if kind != "ranks":
                return _Card(suits=items) if kind == "suits" else _Card(cards=items)
            base = _Card(ranks=items)
        elif ch in _RANK_OF:
            base = _Card(ranks=frozenset({_RANK_OF[ch]}), rank_written=True)
            self.pos += 1
        elif ch == "*":
            base = _Card()
            self.pos += 1
        elif ch.isascii() and ch.isupper():
            base = _Card(rank_var=ch)
            self.pos += 1
        elif ch in _SUIT_OF or ch in SUIT_VARIABLES:
            return self.suit(_Card())
        else:
            raise self.bad_character()
        return self.suit(base) if self.suit_follows() else base

    def suit_follows(self) -> bool:
        ch = self.peek()
        if ch != "[":
            return ch != "" and (ch in _SUIT_OF or ch in SUIT_VARIABLES)
        start = self.pos
        kind, _ = self.bracket()
        self.pos = start
        return kind == "suits"

    def suit(self, card: _Card) -> _Card:
        """``card`` with the suit part that starts here."""
        ch = self.peek()
        if ch == "[":
            return replace(card, suits=self.bracket()[1])
        self.pos += 1
        if ch in SUIT_VARIABLES:
            return replace(card, suit_var=ch)
        return replace(card, suits=frozenset({_SUIT_OF[ch]}), suit_written=True)

    def bracket(self) -> tuple[str, frozenset[int]]:
        """The list ``[...]`` that starts here: its kind ('ranks', 'suits' or 'cards') and its items."""
        start = self.pos
        end = self.text.find("]", start)
        if end < 0:
            raise self.error("this '[' is never closed; end the list with ']', e.g. [A-T]", start)
        found: dict[str, set[int]] = {"ranks": set(), "suits": set(), "cards": set()}
        i = start + 1
        while i < end:
            i = self.list_item(i, found)
        kinds = [kind for kind, items in found.items() if items]
        if len(kinds) != 1:
            reason = "is empty" if not kinds else f"mixes {' and '.join(kinds)}"
            raise self.error(f"the list {self.text[start:end + 1]!r} {reason}; a list holds ranks ([A-T], "
                             "[AKQ]), suits ([sh]) or cards ([As,Kh])", start)
        self.pos = end + 1
        return kinds[0], frozenset(found[kinds[0]])

    def list_item(self, i: int, found: dict[str, set[int]]) -> int:
        """Read the list item at ``i`` into ``found``; the position after it."""
        ch, nxt = self.peek(i), self.peek(i + 1)
        if ch == ",":
            return i + 1
        if ch in _SUIT_OF:
            found["suits"].add(_SUIT_OF[ch])
            return i + 1
        if ch not in _RANK_OF:
            raise self.error("a list holds ranks (A-T spans), suits (s h d c) or cards (As), not this", i)
        rank = _RANK_OF[ch]
        if nxt == "-":
            if self.peek(i + 2) not in _RANK_OF:
                raise self.error(f"the span '{ch}-' needs a rank after '-', e.g. [{ch}-T]", i + 1)
            low, high = sorted((rank, _RANK_OF[self.peek(i + 2)]))
            found["ranks"].update(range(low, high + 1))
            return i + 3
        if nxt != "" and nxt in _SUIT_OF:
            found["cards"].add(4 * rank + _SUIT_OF[nxt])
            return i + 2
        found["ranks"].add(rank)
        return i + 1

    def bad_character(self) -> RangeError:
        ch = self.peek()
        if ch == "-":
            return self.error("rank spans go inside brackets, e.g. [A-T] or [K-T]x")
        if ch == "$":
            return self.error("syntax macros ($...) are not supported; spell the pattern out")
        if ch in "10":
            return self.error("write ten as T")
        if ch.isascii() and ch.islower():
            return self.error("lower-case letters are suits (s h d c) or suit variables (w x y z); ranks "
                              "are upper case (A K Q J T 9-2), other upper-case letters rank variables")
        if ch == "]":
            return self.error("']' closes no '['")
        return self.error("not part of the generic syntax (ranks AKQJT98765432 and *, suits shdc, "
                          "variables R/O/N and w/x/y/z, lists [...], and , : ! ( ) @ +)")


def _shift(card: _Card, rank: int, top: int) -> _Card:
    """``card`` with its written rank ``rank`` made ``top`` (for ``TT+``)."""
    return replace(card, ranks=frozenset({top})) if card.rank_written and card.ranks == {rank} else card


@lru_cache(maxsize=8)
def _combos(m: int, k: int) -> np.ndarray:
    """Every k of ``range(m)``: int64 ``(C(m, k), k)``, each row descending, rows in ascending order."""
    rows = np.zeros((1, 0), np.int64)
    for j in range(1, k + 1):
        counts = np.array([math.comb(c, j - 1) for c in range(m)], np.int64)
        tops = np.repeat(np.arange(m), counts)
        below = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.column_stack([tops, rows[below]])
    rows.flags.writeable = False
    return rows


@lru_cache(maxsize=8)
def _all_hands(hole: int, low_card: int) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of the deck ``low_card`` .. 51: uint8 rows (descending, sorted) and their keys."""
    rows = (_combos(52 - low_card, hole) + low_card).astype(np.uint8)
    keys = combo_keys(rows)
    rows.flags.writeable = keys.flags.writeable = False
    return rows, keys


def _every(hole: int, low_card: int, what: str) -> np.ndarray:
    """The keys of every hand, or a RangeError when there are more than :data:`MAX_CONSIDERED`."""
    size = math.comb(52 - low_card, hole)
    if size > MAX_CONSIDERED:
        raise RangeError(f"generic range {what!r} needs all {size:,} {hole}-card hands, more than the "
                         f"{MAX_CONSIDERED:,} a pattern may consider; name a card (e.g. AA) or use 'random' "
                         "in equity's own syntax")
    return _all_hands(hole, low_card)[1]


def _allowed(card: _Card, ranks: set[int], suits: set[int], low_card: int) -> np.ndarray:
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


def _matches(cards: tuple[_Card, ...], hole: int, low_card: int, source: str) -> np.ndarray:
    """The sorted keys of the ``hole``-card hands that match the pattern ``cards``."""
    ranks = {min(c.ranks) for c in cards if c.rank_written and c.ranks}
    suits = {min(c.suits) for c in cards if c.suit_written and c.suits}
    specs = [(c, _allowed(c, ranks, suits, low_card)) for c in cards if not c.free()]
    if not specs:
        return _every(hole, low_card, source)
    if not all(allowed.any() for _, allowed in specs):
        return _EMPTY
    specs.sort(key=lambda spec: (int(spec[1].sum()), repr(spec[0])))  # narrowest first, equal ones together
    rows, keys = _candidates(specs, hole, low_card, source)
    return keys[_matching(rows, specs)] if len(rows) else _EMPTY


def _candidates(specs: list[tuple[_Card, np.ndarray]], hole: int, low_card: int,
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
    fill = _combos(52 - low_card - taken, hole - taken)
    free = np.ones((len(anchors), 52), bool)
    free[:, :low_card] = False
    free[np.arange(len(anchors))[:, None], anchors] = False
    rest = np.nonzero(free)[1].reshape(len(anchors), -1)
    hands = np.concatenate([np.repeat(anchors, len(fill), axis=0),
                            rest[:, fill].reshape(len(anchors) * len(fill), hole - taken)], axis=1)
    hands = -np.sort(-hands, axis=1)
    keys, first = np.unique(combo_keys(hands), return_index=True)
    return hands[first].astype(np.uint8), keys


def _matching(rows: np.ndarray, specs: list[tuple[_Card, np.ndarray]]) -> np.ndarray:
    """bool ``(n,)``: the rows that match. Rows alike in all the search reads (which cards of the
    pattern each position may be, which positions share a rank, which a suit) match alike, so only one
    row of each kind is searched."""
    kinds = _kinds(rows, specs)
    if kinds is None:
        return _Search(rows, specs).run()
    _, first, inverse = np.unique(kinds, return_index=True, return_inverse=True)
    return _Search(rows[first], specs).run()[inverse.ravel()]


def _kinds(rows: np.ndarray, specs: list[tuple[_Card, np.ndarray]]) -> np.ndarray | None:
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

    def __init__(self, rows: np.ndarray, specs: list[tuple[_Card, np.ndarray]]) -> None:
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
