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

import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import numpy as np

from equity.cards import RANKS, SUITS
from equity.errors import RangeError
from equity.questions.query.generic_match import Card, every, matches
from equity.ranges import HOLE_SIZES, Range

#: The most hands one pattern may consider (all of PLO5's 2,598,960 fit; PLO6 needs a named card).
SUIT_VARIABLES = "wxyz"

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)}
_SUIT_OF = {ch: i for i, ch in enumerate(SUITS)}
_ENDS = ("", ",", ":", "!", "(", ")", "@", "+")
_NUMBER = re.compile(r"[0-9]*\.?[0-9]+")


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
            return np.setdiff1d(every(self.hole, self.low_card, self.text), self.term(), assume_unique=True)
        if ch in _ENDS:
            raise self.error("expected a hand pattern such as AxKx, RR or (AA, KK)")
        return self.pattern()

    def pattern(self) -> np.ndarray:
        start = self.pos
        cards: list[Card] = []
        while self.peek() not in _ENDS:
            cards.append(self.card())
        source = self.text[start:self.pos]
        if len(cards) > self.hole:
            raise self.error(f"the pattern {source!r} names {len(cards)} cards; a hand has {self.hole}",
                             start)
        if self.peek() != "+":
            return matches(tuple(cards), self.hole, self.low_card, source)
        written = {min(c.ranks) for c in cards if c.rank_written and c.ranks}
        if len(written) != 1 or any(c.cards or (c.ranks and not c.rank_written) for c in cards):
            raise self.error(f"a trailing '+' follows a pattern of one rank (TT+, A+), not {source!r}; for "
                             "others write a rank list such as [A-T]")
        self.pos += 1
        (rank,) = written
        found = [matches(tuple(_shift(c, rank, top) for c in cards), self.hole, self.low_card, source + "+")
                 for top in range(rank, 13)]
        return np.unique(np.concatenate(found))

    def card(self) -> Card:
        """One card: a rank part with an optional suit part, or a suit part alone."""
        ch = self.peek()
        if ch == "[":
            kind, items = self.bracket()
            if kind != "ranks":
                return Card(suits=items) if kind == "suits" else Card(cards=items)
            base = Card(ranks=items)
        elif ch in _RANK_OF:
            base = Card(ranks=frozenset({_RANK_OF[ch]}), rank_written=True)
            self.pos += 1
        elif ch == "*":
            base = Card()
            self.pos += 1
        elif ch.isascii() and ch.isupper():
            base = Card(rank_var=ch)
            self.pos += 1
        elif ch in _SUIT_OF or ch in SUIT_VARIABLES:
            return self.suit(Card())
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

    def suit(self, card: Card) -> Card:
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


def _shift(card: Card, rank: int, top: int) -> Card:
    """``card`` with its written rank ``rank`` made ``top`` (for ``TT+``)."""
    return replace(card, ranks=frozenset({top})) if card.rank_written and card.ranks == {rank} else card
