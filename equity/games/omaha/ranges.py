"""Omaha range grammar -> weighted 4-, 5- or 6-card combos (PLO4, PLO5, PLO6).

A range is a comma-separated union of elements, each a body with an optional weight ``@W``, ``W`` a
percentage of full frequency, ``0 < W <= 100``, as in :mod:`equity.ranges`. Rank letters, ``x``,
``random`` and the suit qualifiers may be in either case; spaces around commas are ignored. The bodies,
with the combos each holds (counted by hand and checked by brute force in the tests)::

    random, xxxx   every hand (None): PLO4 270,725, PLO5 2,598,960, PLO6 20,358,520
    AsAhKsKh       one hand of exactly ``hole`` cards in any order; As Ah Ks Kh and 10h work       1
    KQJT           ``hole`` positions, each a rank 2-9TJQKA or x (any card): 4**4 =               256
    AAxx           at least two aces: C(4,2)*C(48,2) + C(4,3)*48 + 1 =                           6961
    AAKK           at least two aces and two kings: C(4,2)**2 =                                    36
    AAKKds         ... double-suited: the kings take the aces' two suits                            6
    AAKKss         ... single-suited: the kings share exactly one suit with the aces: 6*4 =        24
    KQJTr          rainbow: one card of each suit: 4! =                                            24
    xxxxds         every double-suited hand: C(4,2) * C(13,2)**2 =                             36,504
    AAKKx          PLO5, at least AAKK: 36*44 + 2*(4*6) =                                        1632
    KQJT98ds       PLO6, suits 2-2-1-1: C(4,2) * 6!/(2!*2!) =                                    1080
    AAxx@50        any body at weight 50%

A hand matches a pattern when it holds, of every rank, at least as many cards as the pattern names, so
``AAxx`` includes AAAx and AAAA. A suit qualifier after the ranks restricts the cards per suit (the
shapes it admits for PLO4, PLO5, PLO6)::

    ds   double-suited   exactly two suits hold two cards, none more   2-2      2-2-1       2-2-1-1
    ss   single-suited   exactly one suit holds two cards, none more   2-1-1    2-1-1-1     impossible
    r    rainbow         no two cards share a suit                     1-1-1-1  impossible  impossible

A body that alternates rank and suit (``AsAhKsKh``) is a hand; any other is a pattern, so ``ds`` and
``ss`` never read as cards. All wildcards with no qualifier (``xxxx``) is ``random``, and so is
``random@W``: every hand at one weight is the same draw as every hand. ``random`` cannot share a range
with other elements. A hand named twice is kept once and the *later* element's weight wins.

A range lists every combo, so one may hold at most :data:`MAX_RANGE_COMBOS`: PLO6's ``Axxxxx`` (8,087,008
hands) is refused with a hint. Each element's size is counted exactly before it is built (a closed form,
or with a qualifier a walk over the ranks that tracks the cards left per suit); the hands are then built
directly, each once: per way of taking at least the named count of each named rank, the suits of those
ranks times the other cards from the ranks not named. The result is a :class:`~equity.ranges.Range`,
each row descending, rows sorted by :func:`~equity.ranges.combo_keys`.

>>> r = parse_omaha_range("AAKKds, KQJTr@50", 4)
>>> len(r), r.hole, r.text
(30, 4, 'AAKKds,KQJTr@50')
>>> parse_omaha_range("xxxx", 4) is None
True
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np

from equity.cards import RANKS, SUIT_SYMBOLS, format_card, parse_cards
from equity.errors import CardError, RangeError
from equity.ranges import Range, combo_keys

HOLE_SIZES = (4, 5, 6)
MAX_RANGE_COMBOS = 2_500_000

_CARD = rf"(?:10|[2-9TJQKA])[cdhs{SUIT_SYMBOLS}]\ufe0f?"
_HAND = re.compile(rf"{_CARD}(?:[ \t\n]*{_CARD})*", re.IGNORECASE)
_PATTERN = re.compile(r"([2-9TJQKAX]+)(ds|ss|r)?", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]*\.?[0-9]+")
_QUALIFIER_NAMES = {"ds": "double-suited (ds)", "ss": "single-suited (ss)", "r": "rainbow (r)"}
_SUIT_SETS = tuple(product((0, 1), repeat=4))
_SUIT_BIT = (1 << 3 * (np.arange(52) & 3)).astype(np.uint16)  # card id -> its suit's 3-bit counter


@dataclass(frozen=True)
class _Pattern:
    """A rank pattern: ``need[r]`` the fewest cards of rank ``r`` (13 entries), its qualifier ('' for
    none) and ``size``, the hands it matches."""

    need: tuple[int, ...]
    qualifier: str
    size: int


@lru_cache(maxsize=4096)
def parse_omaha_range(text: str, hole: int) -> Range | None:
    """Parse an Omaha range such as ``'AAxx, KQJTds@50, AsAhKsKh'`` (grammar in the module docstring).

    Cached, as hold'em's :func:`~equity.ranges.parse_range`: a :class:`~equity.ranges.Range` cannot
    change, and a batch or a loop over the API reads the same hands and ranges again and again; a
    malformed text raises each time.

    Args:
        text: the range.
        hole: cards per hand, 4, 5 or 6.

    Returns:
        None when the range is every hand (``random``, ``xxxx`` for PLO4, at any one weight), else a
        :class:`~equity.ranges.Range` of ``(n, hole)`` combos.

    Raises:
        RangeError: an empty or malformed element, a qualifier no hand can meet, or a range of more than
            :data:`MAX_RANGE_COMBOS` hands, quoting the element and saying what is expected.

    >>> len(parse_omaha_range("AAxx", 4)), len(parse_omaha_range("AAKKx", 5))
    (6961, 1632)
    """
    if hole not in HOLE_SIZES:
        raise RangeError(f"an Omaha hand has 4, 5 or 6 cards (PLO4, PLO5, PLO6), not {hole}")
    elements = [element.strip() for element in text.split(",")]
    if elements == [""]:
        raise RangeError(f"the range is empty; give hands such as '{_examples(hole)}' or 'random'")
    parsed = []
    for i, element in enumerate(elements, 1):
        if not element:
            raise RangeError(f"range element {i} of {text!r} is empty; remove the extra comma")
        body, at, weight_text = (part.strip() for part in element.partition("@"))
        weight = _weight(element, weight_text, hole) if at else 1.0
        parsed.append((element, _element(element, body, hole), weight))
    if any(spec is None for _, spec, _ in parsed):
        if len(parsed) == 1:
            return None
        element = next(element for element, spec, _ in parsed if spec is None)
        raise RangeError(f"range element {element!r} already holds every hand, so it cannot be combined "
                         "with other elements; give it alone, or drop it")
    for element, spec, _ in parsed:
        if isinstance(spec, _Pattern):
            _check_size(element, spec.size, hole)
    rows, weights = np.zeros((0, hole), np.uint8), np.zeros(0)
    for element, spec, weight in parsed:
        new = _build(spec, hole) if isinstance(spec, _Pattern) else spec
        rows, weights = _merge(rows, weights, new, weight)
        _check_size(element, len(rows), hole, union=True)
    return Range(rows, weights, ",".join(elements))


def is_omaha_pattern(text: str) -> bool:
    """Whether some comma-separated element of ``text`` reads as an Omaha hand or rank pattern for some
    hole size 4..6 (to hint at Omaha when a hold'em range fails to parse).

    >>> [is_omaha_pattern(t) for t in ("AAKKds", "QQ+, AAxx", "AsAhKsKh", "AKs", "AhKh", "random")]
    [True, True, True, False, False, False]
    """
    for element in text.split(","):
        body = element.partition("@")[0].strip()
        if _HAND.fullmatch(body) and len(parse_cards(body, distinct=False)) in HOLE_SIZES:
            return True
        match = _PATTERN.fullmatch(body)
        if match and len(match[1]) in HOLE_SIZES and _most_named(match[1])[1] <= 4:
            return True
    return False


def _examples(hole: int) -> str:
    return f"AA{'x' * (hole - 2)}, {'KQJT98'[:hole]}ds"


def _weight(element: str, text: str, hole: int) -> float:
    weight = float(Fraction(text) / 100) if _NUMBER.fullmatch(text) else 0.0
    if not 0 < weight <= 1:
        raise RangeError(f"range element {element!r} has weight {text!r}; a weight is a percentage of "
                         f"full frequency, 0 < W <= 100, e.g. AA{'x' * (hole - 2)}@50")
    return weight


def _most_named(ranks: str) -> tuple[str, int]:
    """The rank a pattern names most often and how often (``('', 0)`` for all wildcards)."""
    return max(Counter(ranks.upper().replace("X", "")).items(), key=lambda item: item[1], default=("", 0))


def _element(element: str, body: str, hole: int) -> np.ndarray | _Pattern | None:
    """One body as a hand (uint8 ``(1, hole)``, descending), a pattern, or None for every hand."""
    if body.lower() == "random":
        return None
    if _HAND.fullmatch(body):
        cards = parse_cards(body, distinct=False)
        if len(cards) != hole:
            raise RangeError(f"range element {element!r} has {len(cards)} cards; an Omaha (PLO{hole}) hand "
                             f"has {hole}, e.g. {'AsAhKsKhQsQh'[:2 * hole]}")
        if (twice := next((c for c in cards if cards.count(c) > 1), None)) is not None:
            raise RangeError(f"range element {element!r} names {format_card(twice)} twice; a hand is "
                             f"{hole} different cards")
        return np.array([sorted(cards, reverse=True)], np.uint8)
    if any(ch.isspace() for ch in body):
        raise RangeError(f"range element {element!r} contains a space; separate elements with commas "
                         "(a hand may be written 'As Ah Ks Kh')")
    match = _PATTERN.fullmatch(body)
    if not match:
        raise _unrecognised(element, body, hole)
    ranks, qualifier = match[1].upper(), (match[2] or "").lower()
    if len(ranks) != hole:
        raise RangeError(f"range element {element!r} has {len(ranks)} ranks; a PLO{hole} pattern has {hole} "
                         f"(ranks 2-9TJQKA or x), e.g. {_examples(hole)}")
    rank, most = _most_named(ranks)
    if most > 4:
        raise RangeError(f"range element {element!r} names {rank} {most} times; a deck has four of each rank")
    if (qualifier == "ss" and hole == 6) or (qualifier == "r" and hole > 4):
        raise RangeError(f"range element {element!r} is {_QUALIFIER_NAMES[qualifier]}, impossible with "
                         f"{hole} cards in four suits; use ds (or no qualifier)")
    need = tuple(ranks.count(r) for r in RANKS)
    if not any(need) and not qualifier:
        return None
    if (size := _count(need, hole, qualifier)) == 0:
        raise RangeError(f"range element {element!r} matches no hand: no hand holding "
                         f"{ranks.replace('X', 'x')} is {_QUALIFIER_NAMES[qualifier]}")
    return _Pattern(need, qualifier, size)


def _unrecognised(element: str, body: str, hole: int) -> RangeError:
    """The most specific error for a body that is neither a hand nor a pattern."""
    if body[1:2] in tuple("cdhsCDHS" + SUIT_SYMBOLS) or body.startswith("10"):
        try:
            parse_cards(body, distinct=False)
        except CardError as error:
            return RangeError(f"range element {element!r} is not a hand: {error}")
    return RangeError(f"range element {element!r} is not an Omaha hand or pattern: write {hole} cards, "
                      f"e.g. {'AsAhKsKhQsQh'[:2 * hole]}, or {hole} ranks (2-9TJQKA or x) with an optional "
                      f"suit qualifier ds, ss or r, e.g. {_examples(hole)}")


def _check_size(element: str, size: int, hole: int, union: bool = False) -> None:
    if size > MAX_RANGE_COMBOS:
        what = f"the range up to {element!r}" if union else f"range element {element!r}"
        raise RangeError(f"{what} holds {size:,} PLO{hole} hands, more than the {MAX_RANGE_COMBOS:,} a range "
                         f"may list; name more ranks (e.g. AA{'x' * (hole - 2)}) or use random")


def _suited(counts: np.ndarray, qualifier: str) -> np.ndarray:
    """counts: integer ``(n, 4)``, each row's cards per suit. The rows ``qualifier`` admits, bool ``(n,)``."""
    most = counts.max(axis=1)
    if qualifier == "r":
        return most <= 1
    return (most <= 2) & ((counts == 2).sum(axis=1) == (2 if qualifier == "ds" else 1))


def _count(need: tuple[int, ...], hole: int, qualifier: str) -> int:
    """The hands of ``hole`` cards holding at least ``need[r]`` of each rank ``r`` and meeting
    ``qualifier`` ('' for none)."""
    named = [k for k in need if k]
    if not qualifier:
        free = 52 - 4 * len(named)
        return sum(math.prod(math.comb(4, c) for c in takes) * math.comb(free, hole - sum(takes))
                   for takes in product(*(range(k, 5) for k in named)) if sum(takes) <= hole)
    vectors = np.array([v for v in product(range(hole + 1), repeat=4) if sum(v) == hole])
    shapes = Counter(tuple(sorted(v, reverse=True)) for v in vectors[_suited(vectors, qualifier)].tolist())
    total = 0
    for shape, times in shapes.items():
        ways = {shape: 1}  # cards still to place per suit -> ways so far, rank by rank
        for k in need:
            nxt: Counter[tuple[int, ...]] = Counter()
            for left, n in ways.items():
                for suits in _SUIT_SETS:
                    if sum(suits) >= k and all(a >= b for a, b in zip(left, suits, strict=True)):
                        nxt[tuple(a - b for a, b in zip(left, suits, strict=True))] += n
            ways = nxt
        total += times * ways[(0, 0, 0, 0)]
    return total


def _combinations(n: int, k: int) -> np.ndarray:
    """Every ``k``-subset of ``range(n)``, uint8 ``(C(n, k), k)``, each row ascending, rows in
    lexicographic order (one empty row for ``k = 0``)."""
    rows = np.zeros((1, 0), np.uint8)
    for i in range(k):
        start = rows[:, -1].astype(np.int64) + 1 if i else np.zeros(1, np.int64)
        counts = np.maximum(n - k + i + 1 - start, 0)
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        column = (np.repeat(start, counts) + offsets).astype(np.uint8)
        rows = np.hstack([np.repeat(rows, counts, axis=0), column[:, None]])
    return rows


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Every row of ``a`` joined with every row of ``b``."""
    return np.hstack([np.repeat(a, len(b), axis=0), np.tile(b, (len(a), 1))])


def _build(pattern: _Pattern, hole: int) -> np.ndarray:
    """The hands matching ``pattern``, uint8 ``(n, hole)``, each once, each row descending."""
    named = [r for r in range(13) if pattern.need[r]]
    free = np.array([c for c in range(52) if not pattern.need[c >> 2]], np.uint8)
    packs = np.arange(1 << 12)
    admits = _suited(np.stack([(packs >> 3 * s) & 7 for s in range(4)], axis=1), pattern.qualifier)
    chunks = []
    for takes in product(*(range(pattern.need[r], 5) for r in named)):
        if sum(takes) > hole:
            continue
        rows = np.zeros((1, 0), np.uint8)
        for r, c in zip(named, takes, strict=True):
            rows = _cross(rows, _combinations(4, c) + np.uint8(4 * r))
        rows = _cross(rows, free[_combinations(len(free), hole - sum(takes))])
        if pattern.qualifier:
            packed = np.zeros(len(rows), np.uint16)
            for column in rows.T:
                packed += _SUIT_BIT[column]
            rows = rows[admits[packed]]
        chunks.append(rows)
    return np.ascontiguousarray(np.sort(np.concatenate(chunks), axis=1)[:, ::-1])


def _merge(rows: np.ndarray, weights: np.ndarray, new: np.ndarray, weight: float) -> tuple[np.ndarray, ...]:
    """The union of weighted ``rows`` and ``new`` rows at ``weight`` (which wins where both hold a hand),
    sorted by :func:`~equity.ranges.combo_keys`."""
    rows = np.concatenate([rows, new])
    weights = np.concatenate([weights, np.full(len(new), weight)])
    _, first = np.unique(combo_keys(rows)[::-1], return_index=True)
    keep = len(rows) - 1 - first
    return rows[keep], weights[keep]
