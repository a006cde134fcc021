"""Range grammar -> weighted two-card combos; card removal.

A range is a comma-separated union of elements, each a body with an optional weight ``@W``: ``W`` is a
percentage of full frequency, ``0 < W <= 100`` (``AKs@50`` holds AKs half as often as ``AKs``). Rank
letters, the ``s``/``o`` suffix and ``random``/``xx`` may be in either case; spaces around commas are
ignored. The bodies::

    random, xx     every two-card hand                                               1326 combos
    15%            the top 15% of hands by preflop equity against one random hand     ~199
                   (the ranking handed in: hold'em's, :mod:`equity.games.holdem.preflop`)
    AhKh           one exact combo, either card first (10h9h works too)                  1
    QQ  QQ+        a pair; it and every higher pair                                   6, 18
    55-22          the pairs from 55 to 22, either end first                             24
    AKs AKo AK     suited, offsuit, both; the higher rank may come second (KAs)   4, 12, 16
    A2s+  KTo+     the lower rank climbs to one below the higher: A2s..AKs, KTo..KQo  48, 36
    A5s-A2s        A5s, A4s, A3s, A2s: both ends share the first rank and suffix         16

A combo named twice is kept once and the *later* element's weight wins: ``QQ+,KK@50`` holds AA and QQ at
full weight and KK at half.

A :class:`Range` holds ``combos``, uint8 ``(n, 2)``, each row ``(hi, lo)`` of card ids with ``hi > lo``,
rows unique and sorted by ``hi * 52 + lo``; and ``weights``, float64 ``(n,)``, each in ``(0, 1]``. An
Omaha range (:mod:`equity.games.omaha.ranges`) has the same layout with 4, 5 or 6 cards per row, each row
descending, the rows sorted by :func:`combo_keys`.

>>> r = parse_range("QQ+, AKs@50")
>>> len(r), r.text
(22, 'QQ+,AKs@50')
>>> format_range(r.combos, r.weights)
'QQ+,AKs@50'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache

import numpy as np

from equity.cards import RANKS, SUIT_SYMBOLS, format_card, format_cards, parse_cards
from equity.classes import Combo, class_combos
from equity.classes import rank_combos as _combos
from equity.errors import CardError, RangeError

N_COMBOS = 1326
HOLE_SIZES = (1, 2, 3, 4, 5, 6, 7)  # hold'em 2, Omaha 4/5/6; 1 .. 7 known cards of a board-less game

_RANK = "[2-9TJQKA]"
_CLASS = re.compile(rf"({_RANK})({_RANK})([so]?)(\+?)", re.IGNORECASE)
_SPAN = re.compile(rf"({_RANK})({_RANK})([so]?)-({_RANK})({_RANK})([so]?)", re.IGNORECASE)
_SUIT = rf"[cdhs{SUIT_SYMBOLS}]\ufe0f?"
_COMBO = re.compile(rf"(?:10|[2-9TJQKA]){_SUIT}\s*(?:10|[2-9TJQKA]){_SUIT}", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]*\.?[0-9]+")
_EXAMPLES = "e.g. QQ+, 55-22, AKs, A2s+, A5s-A2s, AK, AhKh, 15% or random"
_ALL = [(hi, lo) for hi in range(52) for lo in range(hi)]


@dataclass(frozen=True, eq=False)
class Range:
    """Weighted two-card combos; see the module docstring for the array layout.

    Attributes:
        combos: uint8 ``(n, 2)``, rows ``(hi, lo)`` with ``hi > lo``, unique, sorted by ``hi * 52 + lo``.
        weights: float64 ``(n,)``, each in ``(0, 1]``; 1 is full frequency.
        text: the text it was parsed from, whitespace removed (or :func:`format_range`'s output).
    """

    combos: np.ndarray
    weights: np.ndarray
    text: str

    def __post_init__(self) -> None:
        """Check the layout (so a hand-built Range is as sound as a parsed one) and freeze the arrays.

        Raises:
            RangeError: combos or weights that break the layout above, saying which rule.
            TypeError: ``text`` not a string.
        """
        if not isinstance(self.text, str):
            raise TypeError(f"a Range's text is a string; got {self.text!r}")
        combos, weights = np.asarray(self.combos), np.asarray(self.weights)
        if combos.size == 0:
            combos = combos.reshape(0, combos.shape[-1] if combos.ndim == 2 and combos.shape[-1] else 2)
        if (combos.ndim != 2 or combos.shape[1] not in HOLE_SIZES
                or not np.issubdtype(combos.dtype, np.integer)):
            raise RangeError(f"range {self.text!r}: combos must be integer card ids of shape (n, 2) (or "
                             f"(n, 4..6) for Omaha, (1, 1..7) for a stud or draw hand); got {combos.dtype} "
                             f"{combos.shape}")
        if weights.shape != (len(combos),) or not np.issubdtype(weights.dtype, np.number):
            raise RangeError(f"range {self.text!r}: {len(combos)} combos need {len(combos)} weights; got "
                             f"shape {weights.shape}")
        rows = combos.astype(np.int64)
        if len(rows) and not (rows.min() >= 0 and rows.max() <= 51 and np.all(np.diff(rows, axis=1) < 0)):
            raise RangeError(f"range {self.text!r}: each combo is (hi, lo), card ids 51 >= hi > lo >= 0 "
                             "(an Omaha combo: 4 to 6 ids, descending)")
        if np.any(np.diff(combo_keys(rows)) <= 0):
            raise RangeError(f"range {self.text!r}: combos must be unique and sorted (by hi * 52 + lo)")
        weights = weights.astype(np.float64)
        if not np.all((weights > 0) & (weights <= 1)):
            raise RangeError(f"range {self.text!r}: weights must be in (0, 1]")
        combos, weights = combos.astype(np.uint8), weights.copy()
        combos.flags.writeable = weights.flags.writeable = False
        object.__setattr__(self, "combos", combos)
        object.__setattr__(self, "weights", weights)

    @property
    def hole(self) -> int:
        """Cards per combo: 2 for hold'em, 4..6 for Omaha."""
        return int(self.combos.shape[1])

    def __len__(self) -> int:
        return len(self.weights)

    def is_random(self, deck: int = 52) -> bool:
        """Every combo of a ``deck``-card deck (1326 hold'em hands of 52 cards), each at weight 1."""
        return len(self) == math.comb(deck, self.hole) and bool(np.all(self.weights == 1.0))

    def is_hand(self) -> bool:
        """Exactly one combo, whatever its weight."""
        return len(self) == 1

    def without(self, cards: Iterable[int] | str) -> Range:
        """Card removal: the combos that use none of ``cards`` (ids, or text such as ``'AsKd'``).

        The text is unchanged; a range can come out empty, which the caller reports.

        >>> len(parse_range("AA").without([51]))
        3
        """
        dead = np.zeros(52, dtype=bool)
        if isinstance(cards, range) and 0 <= cards.start <= cards.stop <= 52 and cards.step > 0:
            dead[cards.start:cards.stop:cards.step] = True  # a run of ids (short deck's off-deck cards)
        else:
            dead[parse_cards(cards if isinstance(cards, str) else list(cards), distinct=False)] = True
        keep = ~dead[self.combos].any(axis=1)
        if keep.all():  # nothing removed: the range itself (it cannot change)
            return self
        return self._subset(keep)

    def _subset(self, keep: np.ndarray) -> Range:
        """The combos ``keep`` (bool) selects, with their weights and this text: rows taken in order from
        a sound range stay unique, sorted and in range, so the layout is not checked again."""
        combos, weights = self.combos[keep], self.weights[keep]
        combos.flags.writeable = weights.flags.writeable = False
        out = object.__new__(Range)
        for name, value in (("combos", combos), ("weights", weights), ("text", self.text)):
            object.__setattr__(out, name, value)
        return out

    def same_as(self, other: Range) -> bool:
        """The same combos at the same weights (the texts may differ).

        >>> parse_range("KAs").same_as(parse_range("AsKs,AhKh,AdKd,AcKc"))
        True
        """
        return np.array_equal(self.combos, other.combos) and np.array_equal(self.weights, other.weights)


def combo_keys(rows: np.ndarray) -> np.ndarray:
    """Each row's place in the combos' order (int64): its cards, highest first, as base-52 digits (so
    ``hi * 52 + lo`` for two cards)."""
    rows = np.asarray(rows, np.int64)
    return (rows * 52 ** np.arange(rows.shape[1] - 1, -1, -1, dtype=np.int64)).sum(axis=1)


def top_percent(percent: float, ranked: Sequence[str]) -> list[str]:
    """The best classes making up about ``percent`` of the 1326 combos, rounded to whole classes.

    Walking ``ranked`` best first, a class is taken while the combos taken so far plus half of its own
    are at most ``percent / 100 * 1326``; the first class is always taken.

    Args:
        percent: in ``(0, 100]``.
        ranked: class names, best first.

    Raises:
        RangeError: ``percent`` out of range, or a name in ``ranked`` not a class.

    >>> top_percent(1, ["AA", "AKs", "AKo", "AQs"])
    ['AA', 'AKs']
    """
    if not 0 < percent <= 100:
        raise RangeError(f"top percentage {percent}% is out of range; it must be in (0, 100]")
    budget = percent * N_COMBOS / 100
    chosen: list[str] = []
    taken = 0
    for name in ranked:
        size = len(class_combos(name))
        if chosen and taken + size / 2 > budget:
            break
        chosen.append(name)
        taken += size
    return chosen


@lru_cache(maxsize=4096)
def parse_range(text: str, ranking: Callable[[], Sequence[str]] | None = None) -> Range:
    """Parse a range such as ``'QQ+, AKs, A5s-A2s@50, 15%'`` (grammar in the module docstring).

    Cached: a :class:`Range` cannot change (frozen, read-only arrays), and a batch or a loop over the API
    reads the same ranges again and again; a malformed text raises each time.

    Args:
        text: the range.
        ranking: the 169 classes best first, for a top percentage (``15%``), called when one is read: the
            game hands down its own (hold'em's :func:`equity.games.holdem.preflop.ranked_classes`, as
            ``equity.parse_range`` and the hold'em game do); without one a percentage is refused.

    Raises:
        RangeError: an empty or malformed element, quoting it and saying what is expected.

    >>> r = parse_range("QQ+,KK@50")
    >>> len(r), sorted(set(r.weights.tolist()))
    (18, [0.5, 1.0])
    """
    elements = [element.strip() for element in text.split(",")]
    if elements == [""]:
        raise RangeError("the range is empty; give hands such as 'QQ+,AKs' or 'random'")
    chosen: dict[Combo, float] = {}
    for i, element in enumerate(elements, 1):
        if not element:
            raise RangeError(f"range element {i} of {text!r} is empty; remove the extra comma")
        body, at, weight_text = (part.strip() for part in element.partition("@"))
        if any(ch.isspace() for ch in body) and not _COMBO.fullmatch(body):
            raise RangeError(f"range element {element!r} contains a space; separate elements with commas "
                             "(a hand may be written 'As Ks')")
        weight = _weight(element, weight_text) if at else 1.0
        chosen.update(dict.fromkeys(_body(element, body, ranking), weight))
    keys = sorted(chosen)
    return Range(np.array(keys, dtype=np.uint8).reshape(-1, 2),
                 np.array([chosen[k] for k in keys], dtype=np.float64), ",".join(elements))


def _weight(element: str, text: str) -> float:
    weight = float(Fraction(text) / 100) if _NUMBER.fullmatch(text) else 0.0
    if not 0 < weight <= 1:
        raise RangeError(f"range element {element!r} has weight {text!r}; a weight is a percentage of "
                         "full frequency, 0 < W <= 100, e.g. AKs@50")
    return weight


def _ranks(element: str, first: str, second: str, suffix: str) -> tuple[int, int, str]:
    """``(high, low, suffix)`` of a class written with ranks in either order."""
    high, low = sorted((RANKS.index(first.upper()), RANKS.index(second.upper())), reverse=True)
    if high == low and suffix:
        raise RangeError(f"range element {element!r}: a pair is neither suited nor offsuit; "
                         f"write {RANKS[high] * 2} without {suffix!r}")
    return high, low, suffix.lower()


def _body(element: str, body: str, ranking: Callable[[], Sequence[str]] | None) -> list[Combo]:
    if body.lower() in ("random", "xx"):
        return _ALL
    if body.endswith("%"):
        percent = Fraction(body[:-1]) if _NUMBER.fullmatch(body[:-1]) else Fraction(0)
        if not 0 < percent <= 100:
            raise RangeError(f"range element {element!r} is not a top percentage: P% needs 0 < P <= 100, "
                             "e.g. 15%")
        if ranking is None:
            raise RangeError(f"range element {element!r} is a top percentage, which needs a game's ranking "
                             "of its hands: parse the range in its game (equity.parse_range for hold'em)")
        return [c for name in top_percent(float(percent), ranking()) for c in class_combos(name)]
    if _COMBO.fullmatch(body):
        hi, lo = sorted(parse_cards(body, distinct=False), reverse=True)
        if hi == lo:
            raise RangeError(f"range element {element!r} names {format_card(hi)} twice; "
                             "a combo is two different cards")
        return [(hi, lo)]
    if match := _CLASS.fullmatch(body):
        high, low, suffix = _ranks(element, *match.group(1, 2, 3))
        if high == low:
            return [c for r in (range(high, 13) if match[4] else [high]) for c in _combos(r, r)]
        return [c for r in (range(low, high) if match[4] else [low]) for c in _combos(high, r, suffix)]
    if match := _SPAN.fullmatch(body):
        a, b = _ranks(element, *match.group(1, 2, 3)), _ranks(element, *match.group(4, 5, 6))
        if a[0] == a[1] and b[0] == b[1]:
            return [c for r in range(min(a[0], b[0]), max(a[0], b[0]) + 1) for c in _combos(r, r)]
        if a[0] == b[0] and a[2] == b[2] and a[0] != a[1] and b[0] != b[1]:
            return [c for r in range(min(a[1], b[1]), max(a[1], b[1]) + 1) for c in _combos(a[0], r, a[2])]
        raise RangeError(f"range element {element!r} is not a span: a span runs between hands with the "
                         "same first rank and suffix, e.g. A5s-A2s, or between pairs, e.g. 55-22")
    raise _unrecognised(element, body)


def _unrecognised(element: str, body: str) -> RangeError:
    """The most specific error for a body no form matched."""
    if body[1:2] in tuple("cdhsCDHS" + SUIT_SYMBOLS) or body.startswith("10"):
        try:
            parse_cards(body, distinct=False)
        except CardError as error:
            return RangeError(f"range element {element!r} is not a combo: {error}")
        return RangeError(f"range element {element!r} is not a combo: write exactly two cards, e.g. AhKh")
    bad = next((ch for ch in body[:2] + body.partition("-")[2][:2] if ch.upper() not in RANKS), None)
    if bad and re.fullmatch(r"\w\w[so]?\+?(-\w\w[so]?)?", body, re.IGNORECASE):
        return RangeError(f"range element {element!r} has unknown rank {bad!r}; ranks are 2-9, T, J, Q, K, A")
    if re.fullmatch(rf"{_RANK}{_RANK}[^so+\-]", body, re.IGNORECASE):
        return RangeError(f"range element {element!r} is not a hand class: expected a suffix s (suited) "
                          f"or o (offsuit), e.g. {body[:2].upper()}s")
    return RangeError(f"range element {element!r} is not a hand, class, span or percentage; {_EXAMPLES}")


def format_range(combos: np.ndarray | Sequence[Sequence[int]], weights: np.ndarray | Sequence[float]) -> str:
    """Canonical text for weighted combos; :func:`parse_range` reads it back exactly.

    The combos are grouped by weight, heaviest first. A group of all 1326 combos is ``random``; another
    is written as: its complete pairs (``QQ+`` for a run up to AA, ``55-22`` for another
    run, ``QQ`` alone); then for each higher rank from A down, its complete suited and offsuit classes
    (``A2s+`` for a run up to one below the higher rank, ``A5s-A2s`` for another run, ``AKs`` alone),
    without the suffix (``K9+``, ``AK``) where the suited and offsuit runs are the same; then the other
    combos as exact cards (``AhKh``), strongest card first. Every element of a group below weight 1 ends in
    ``@W``, ``W`` the shortest decimal that parses back to that weight exactly. An empty range is ``''``,
    which :func:`parse_range` rejects.

    Raises:
        RangeError: a row that is not two distinct card ids, a combo given twice, or a weight out of
            ``(0, 1]``.

    >>> format_range(class_combos("AKs") + class_combos("AA")[:1], [1, 1, 1, 1, 0.125])
    'AKs,AdAc@12.5'
    """
    rows = np.asarray(combos, dtype=np.int64).reshape(-1, 2).tolist()
    values = np.asarray(weights, dtype=np.float64).reshape(-1).tolist()
    if len(rows) != len(values):
        raise RangeError(f"format_range got {len(rows)} combos but {len(values)} weights")
    entries = {(max(row), min(row)): w for row, w in zip(rows, values, strict=True)}
    if len(entries) != len(rows) or not all(0 <= lo < hi < 52 for hi, lo in entries):
        raise RangeError("format_range needs distinct combos of two different card ids 0..51")
    if not all(0 < w <= 1 for w in values):
        raise RangeError(f"format_range needs weights in (0, 1], not {min(values)}..{max(values)}")
    groups: dict[float, set[Combo]] = {}
    for combo, w in entries.items():
        groups.setdefault(w, set()).add(combo)
    return ",".join(element + ("" if w == 1 else f"@{_percent_text(w)}") for w in sorted(groups, reverse=True)
                    for element in (["random"] if len(groups[w]) == N_COMBOS else _compact(groups[w])))


def _compact(combos: set[Combo]) -> list[str]:
    """One weight group's elements: complete classes as runs, then the leftover combos."""
    def complete(high: int, low: int, suffix: str = "") -> bool:
        return combos.issuperset(_combos(high, low, suffix))

    pairs = [r for r in range(12, -1, -1) if complete(r, r)]
    out = _runs(pairs, 12, "{0}{0}")
    covered = {c for r in pairs for c in _combos(r, r)}
    for high in range(12, 0, -1):
        suited = [r for r in range(high - 1, -1, -1) if complete(high, r, "s")]
        offsuit = [r for r in range(high - 1, -1, -1) if complete(high, r, "o")]
        for suffix, lows in [("", suited)] if suited == offsuit else [("s", suited), ("o", offsuit)]:
            out += _runs(lows, high - 1, RANKS[high] + "{0}" + suffix)
            covered.update(c for r in lows for c in _combos(high, r, suffix))
    return out + [format_cards(c) for c in sorted(combos - covered, reverse=True)]


def _runs(ranks: list[int], top: int, pattern: str) -> list[str]:
    """Descending ``ranks`` as runs: ``X+`` for a run of 2+ from ``top``, ``X-Y`` for another run of 2+,
    ``X`` alone; ``pattern.format(rank letter)`` names one class."""
    out = []
    start = 0
    for i, r in enumerate(ranks):
        if i + 1 < len(ranks) and ranks[i + 1] == r - 1:
            continue
        first, last = pattern.format(RANKS[ranks[start]]), pattern.format(RANKS[r])
        if first == last:
            out.append(first)
        else:
            out.append(last + "+" if ranks[start] == top else f"{first}-{last}")
        start = i + 1
    return out


def _percent_text(weight: float) -> str:
    """The shortest decimal ``W`` (at most 17 digits) whose ``@W`` parses back to ``weight`` exactly."""
    digits = 1
    while True:
        with localcontext(prec=digits):
            text = f"{Decimal(weight) * 100:f}"
        if float(Fraction(text) / 100) == weight:
            return text
        digits += 1
