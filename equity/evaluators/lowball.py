"""Lowball values for the board-less games: ace-to-five (razz), eight-or-better (stud hi-lo) and 2-7.

**Ace-to-five** (razz). The ace is low; straights and flushes don't count; pairs do. Five-card rank
multisets (6,175 of them) are ordered by pair structure first (no pair, one pair, two pair, trips, full
house, quads, best first), then by their ranks as high-hand poker compares them (the largest group
first, then higher ranks first) with the ace lowest and lower better. The *razz value* is the dense rank
1 (5-4-3-2-A) .. 6175 (K-K-K-K-Q); lower is better; a hand of six or seven cards takes its best five.

**Eight-or-better** (stud hi-lo): five different ranks eight or lower among all the cards, encoded as in
:mod:`equity.evaluators.low` (an 8-bit mask, ace = bit 0 .. eight = bit 7, ``NO_LOW`` = 255 without one).

**2-7** (deuce-to-seven): five cards, the ace high only (A-5-4-3-2 is ace-high, not a straight), and
straights and flushes count against the hand: the order is high-hand poker's reversed. The *deuce value*
is the dense rank 1 (7-5-4-3-2 unsuited) .. 7462 (A-K-Q-J-T suited).

Tables (:class:`LowballTables`, built from the DAG's node codes by :func:`build_lowball_tables`):

- ``razz``: uint16 (76156,), by rank node ``r // 13``: the razz value of the node's best five ranks at
  levels 5..7, 0 below level 5 and at the sentinel.
- ``low8``: uint8 (76156,), by rank node: the eight-or-better low of the node's ranks at levels 5..7,
  ``NO_LOW`` elsewhere.
- ``deuce``: uint16 (7463,), by Cactus Kev class: the deuce value of a 5-card hand of that class (the
  wheel, class 1609, is A-5-4-3-2 ace-high; the steel wheel, class 10, an ace-high flush); ``deuce[0] = 0``.
- ``razz_category``: uint8 (6176,), by razz value: the index into :data:`RAZZ_CATEGORIES` (255 at 0).
- ``deuce_category``: uint8 (7463,), by deuce value: the index into :data:`DEUCE_CATEGORIES` (255 at 0).

A walk is :mod:`equity.evaluators.high`'s: ``r = rank_step[r + (c >> 2)]`` from ``r = 0``; then the razz
value is ``razz[r // 13]`` (:func:`_razz_at`) and the low ``low8[r // 13]`` (:func:`_low8_at`); the 2-7
value of five cards is ``deuce[class]`` (:func:`_deuce_of`).

>>> describe_razz(evaluate_razz("As2d3h4c5s")), describe_razz(evaluate_razz("9s9d7h4cAs"))
('5-4-3-2-A', 'pair of 9s, 7-4-A')
>>> describe_deuce(evaluate_deuce("7s5d4h3c2s")), deuce_category(evaluate_deuce("As2d3h4c5s"))
('7-5-4-3-2', 'A-low')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from equity.cards import format_cards, parse_cards
from equity.errors import EquityError, HandSizeError
from equity.evaluators import dag
from equity.evaluators import tables as _tables
from equity.evaluators.hands import valid_hands
from equity.evaluators.high import _walk as _high_class
from equity.evaluators.low import NO_LOW

RAZZ_CATEGORIES = ("5-low", "6-low", "7-low", "8-low", "9-low", "10-low", "J-low", "Q-low", "K-low",
                   "One Pair", "Two Pair", "Three of a Kind", "Full House", "Four of a Kind")
DEUCE_CATEGORIES = ("7-low", "8-low", "9-low", "10-low", "J-low", "Q-low", "K-low", "A-low", "One Pair",
                    "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House", "Four of a Kind",
                    "Straight Flush")
N_RAZZ_VALUES = 6175
N_DEUCE_VALUES = dag.N_CLASSES

_POW5 = 5 ** np.arange(dag.N_RANKS, dtype=np.int64)
#: Pair structure index by (largest group, distinct ranks): 0 no pair .. 5 quads.
_STRUCTURE = {(1, 5): 0, (2, 4): 1, (2, 3): 2, (3, 3): 3, (3, 2): 4, (4, 2): 5}
_LOW_NAMES = "A23456789TJQK"  # by ace-low rank 0..12
_TWO, _COUNTS, _MASK = uint64(2), uint64(dag.SUIT_COUNT_SHIFT), uint64(0x1FFF)
_PLURALS = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "tens", "jacks", "queens", "kings")


class LowballTables(NamedTuple):
    """The lowball tables, in kernel argument order (layout in the module docstring)."""

    razz: np.ndarray
    low8: np.ndarray
    deuce: np.ndarray
    razz_category: np.ndarray
    deuce_category: np.ndarray


def _grouped_key(counts: np.ndarray, cat: np.ndarray) -> np.ndarray:
    """int64 sort keys of five-card rank counts (n, 13), indexed by a rank that orders them: ``cat`` first,
    then the ranks by (count, rank) descending."""
    rank = np.arange(dag.N_RANKS)
    score = np.sort(np.where(counts > 0, counts * 16 + rank, -1), axis=1)[:, ::-1][:, :5]
    groups = np.where(score >= 0, score % 16, 0)
    return cat.astype(np.int64) * 13 ** 5 + groups @ (13 ** np.arange(4, -1, -1))


def _structure(counts: np.ndarray) -> np.ndarray:
    table = np.zeros((5, 6), np.int64)
    for (m, d), s in _STRUCTURE.items():
        table[m, d] = s
    return table[counts.max(axis=1), (counts > 0).sum(axis=1)]


def _dense(keys: np.ndarray) -> np.ndarray:
    """1-based dense ranks of ``keys`` (ascending)."""
    return np.unique(keys, return_inverse=True)[1].reshape(-1) + 1


def _build() -> tuple[LowballTables, np.ndarray, np.ndarray, np.ndarray]:
    """The tables, with per value the razz node code, the deuce rank code and the deuce flush flag."""
    levels = dag._levels_of_codes()
    full = np.concatenate([[0], np.cumsum([len(lv) for lv in levels])])
    codes = np.concatenate(levels)
    counts = (codes[:, None] // _POW5[None, :]) % 5
    level = counts.sum(axis=1)

    # Ace-to-five: ranks re-indexed ace-low (ace -> 0, deuce -> 1 .. king -> 12).
    five = counts[full[5]:full[6]]
    low = np.roll(five, 1, axis=1)
    structure = _structure(low)
    razz5 = _dense(_grouped_key(low, structure))
    assert razz5.max() == N_RAZZ_VALUES
    razz = np.zeros(dag.N_NODES + 1, np.int64)
    razz[full[5]:full[6]] = razz5
    dag._best_of_parents(levels, full, razz, _POW5, counts > 0)
    razz_code = np.zeros(N_RAZZ_VALUES + 1, np.int64)
    razz_code[razz5] = levels[5]
    razz_category = np.full(N_RAZZ_VALUES + 1, 255, np.uint8)
    top = (low > 0).cumsum(axis=1).argmax(axis=1)
    razz_category[razz5] = np.where(structure == 0, top - 4, 8 + structure)

    # Eight-or-better: the five lowest of the ace and the deuce .. eight present.
    present = (np.concatenate([counts[:, 12:], counts[:, :7]], axis=1) > 0).astype(np.int64)
    mask = present @ (1 << np.arange(8))
    lowest5 = np.full(256, NO_LOW, np.int64)
    for m in range(256):
        bits = [1 << k for k in range(8) if m >> k & 1]
        if len(bits) >= 5:
            lowest5[m] = sum(bits[:5])
    low8 = np.append(np.where(level >= 5, lowest5[mask], NO_LOW), NO_LOW)

    # 2-7: high-hand strength with the ace high only; the weakest is the best.
    nonflush, flush = dag.kev_classes()
    kev = np.array(list(nonflush.values()) + list(flush.values()))
    dcodes = np.array(list(nonflush) + [int((_POW5 * (m >> np.arange(13) & 1)).sum()) for m in flush])
    is_flush = np.arange(len(kev)) >= len(nonflush)
    dc = (dcodes[:, None] // _POW5[None, :]) % 5
    shape = _structure(dc)
    high = dc.cumsum(axis=1).argmax(axis=1)
    straight = (shape == 0) & (high - (dc > 0).argmax(axis=1) == 4)
    cat = np.select([straight & is_flush, shape == 5, shape == 4, is_flush, straight, shape == 3, shape == 2,
                     shape == 1], [8, 7, 6, 5, 4, 3, 2, 1], 0)
    values = _dense(_grouped_key(dc, cat))
    assert values.max() == N_DEUCE_VALUES
    deuce = np.zeros(dag.N_CLASSES + 1, np.uint16)
    deuce[kev] = values
    deuce_category = np.full(N_DEUCE_VALUES + 1, 255, np.uint8)
    deuce_category[values] = np.where(cat == 0, high - 5, 7 + cat)
    deuce_code = np.zeros(N_DEUCE_VALUES + 1, np.int64)
    deuce_code[values] = dcodes
    deuce_flush = np.zeros(N_DEUCE_VALUES + 1, bool)
    deuce_flush[values] = is_flush
    lt = LowballTables(razz.astype(np.uint16), low8.astype(np.uint8), deuce, razz_category, deuce_category)
    return lt, razz_code, deuce_code, deuce_flush


def build_lowball_tables() -> LowballTables:
    """The lowball tables, built from first principles (a few hundredths of a second)."""
    return _build()[0]


@cache
def _built() -> tuple[LowballTables, np.ndarray, np.ndarray, np.ndarray]:
    return _build()


@cache
def lowball_tables() -> LowballTables:
    """The process-wide lowball tables (built once).

    >>> lt = lowball_tables()
    >>> int(lt.razz[dag.N_NODES]), int(lt.low8[0]), int(lt.deuce[7462]), int(lt.deuce[1609])
    (0, 255, 1, 785)
    """
    return _built()[0]


@njit(inline="always")
def _razz_at(r, lt):
    """The razz value at walk state ``r`` (5..7 cards walked). lt: :class:`LowballTables`."""
    return lt.razz[r // 13]


@njit(inline="always")
def _low8_at(r, lt):
    """The eight-or-better low at walk state ``r`` (5..7 cards walked): a mask, or ``NO_LOW``."""
    return lt.low8[r // 13]


@njit(inline="always")
def _deuce_of(cls, lt):
    """The 2-7 value of a 5-card hand of Cactus Kev class ``cls``."""
    return lt.deuce[cls]


@njit(cache=True)
def _node_rows(hands, t, table, out):
    """``out[i] = table[node of hands[i]]``: hands uint8 (n, m), 5 <= m <= 7, valid; table ``razz``
    or ``low8``; t: :class:`~equity.evaluators.tables.Tables`."""
    rank_step = t.rank_step
    n, m = hands.shape
    for i in range(n):
        r = uint64(0)
        for j in range(m):
            r = uint64(rank_step[r + (hands[i, j] >> _TWO)])
        out[i] = table[r // 13]


@njit(cache=True)
def _deuce_rows(hands, t, lt, out):
    """``out[i]`` = the 2-7 value of ``hands[i]``: uint8 (n, 5), valid. out: uint16 (n,)."""
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    for i in range(hands.shape[0]):
        r = uint64(0)
        w = card_word[hands[i, 0]]
        for j in range(4):
            r = uint64(rank_step[r + (hands[i, j] >> _TWO)])
        for j in range(1, 5):
            w += card_word[hands[i, j]]
        cls = min(suited_class[(w >> suit_shift[w >> _COUNTS]) & _MASK], rank_last[r + (hands[i, 4] >> _TWO)])
        out[i] = _deuce_of(cls, lt)


def _hand(cards: str | Sequence[int] | Sequence[str], sizes: tuple[int, ...], game: str) -> list[int]:
    hand = parse_cards(cards)
    if len(hand) not in sizes:
        named = repr(cards) if isinstance(cards, str) else format_cards(hand)
        want = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else f"exactly {sizes[0]}"
        raise HandSizeError(f"a {game} hand has {want} cards; got {len(hand)} in {named}")
    return hand


def _node(hand: list[int]) -> int:
    rank_step, r = _tables.get().rank_step, 0
    for card in hand:
        r = int(rank_step[r + (card >> 2)])
    return r // 13


def evaluate_razz(cards: str | Sequence[int] | Sequence[str]) -> int:
    """The ace-to-five value of the best five of 5..7 cards: 1 (5-4-3-2-A) .. 6175; lower is better.

    Raises:
        CardError, DuplicateCardError, HandSizeError: naming the offending input.

    >>> describe_razz(evaluate_razz("KsKdAh2c3d4s4c")), describe_razz(evaluate_razz("KsKdAh2c3d"))
    ('K-4-3-2-A', 'pair of kings, 3-2-A')
    """
    return int(lowball_tables().razz[_node(_hand(cards, (5, 6, 7), "razz"))])


def evaluate_low8(cards: str | Sequence[int] | Sequence[str]) -> int:
    """The eight-or-better low of 5..7 cards (any five): a :mod:`~equity.evaluators.low` mask or ``NO_LOW``.

    >>> from equity.evaluators.low import describe_low
    >>> describe_low(evaluate_low8("8s7d2hAc9d2s3c")), describe_low(evaluate_low8("8s7d2hAc9d2s9c"))
    ('8-7-3-2-A low', 'no low')
    """
    return int(lowball_tables().low8[_node(_hand(cards, (5, 6, 7), "stud hi-lo"))])


def evaluate_deuce(cards: str | Sequence[int] | Sequence[str]) -> int:
    """The 2-7 value of exactly 5 cards: 1 (7-5-4-3-2 unsuited) .. 7462 (A-K-Q-J-T suited).

    >>> describe_deuce(evaluate_deuce("6s5s4s3s2s")), describe_deuce(evaluate_deuce("As5d4h3c2c"))
    ('straight flush, 6 high', 'A-5-4-3-2')
    """
    return int(lowball_tables().deuce[_high_class(_hand(cards, (5,), "2-7"), _tables.get())])


def _many(hands: np.ndarray, sizes: tuple[int, ...], dtype: type, table: str) -> np.ndarray:
    hands = valid_hands(hands, sizes)
    out = np.empty(len(hands), dtype)
    lt = lowball_tables()
    if table == "deuce":
        _deuce_rows(hands, _tables.get(), lt, out)
    else:
        _node_rows(hands, _tables.get(), getattr(lt, table), out)
    return out


def evaluate_razz_many(hands: np.ndarray) -> np.ndarray:
    """Razz values (uint16, (n,)) of an (n, 5..7) array of card ids, distinct per row."""
    return _many(hands, (5, 6, 7), np.uint16, "razz")


def evaluate_low8_many(hands: np.ndarray) -> np.ndarray:
    """Eight-or-better lows (uint8, (n,)) of an (n, 5..7) array of card ids, distinct per row."""
    return _many(hands, (5, 6, 7), np.uint8, "low8")


def evaluate_deuce_many(hands: np.ndarray) -> np.ndarray:
    """2-7 values (uint16, (n,)) of an (n, 5) array of card ids, distinct per row."""
    return _many(hands, (5,), np.uint16, "deuce")


def _checked(value: int, last: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not 1 <= value <= last:
        raise EquityError(f"{value!r} is not a {what} value; they are 1..{last}")
    return int(value)


def _name(counts: list[int], names: str, flush: bool = False) -> str:
    """A hand's name from its rank counts (indexed by rank in ``names``' order)."""
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    top, ranks = groups[0][1], [r for _, r in groups]
    kick = "-".join(names[r] for n, r in groups if n == 1)
    plural = [_PLURALS[_LOW_NAMES.index(x)] for x in names]
    shape = tuple(n for n, _ in groups)
    if shape == (1,) * 5:
        straight = top - ranks[-1] == 4 and names[0] == "2"
        if straight:
            return f"straight{' flush' if flush else ''}, {names[top]} high"
        return f"flush, {kick}" if flush else kick
    if shape == (2, 2, 1):
        return f"two pair, {plural[top]} and {plural[ranks[1]]}, {kick}"
    if shape == (3, 2):
        return f"{plural[top]} full of {plural[ranks[1]]}"
    return {2: "pair of", 3: "three", 4: "four"}[shape[0]] + f" {plural[top]}, {kick}"


def describe_razz(value: int) -> str:
    """``'8-6-4-2-A'``, ``'pair of 9s, 7-4-A'``, ``'two pair, kings and 2s, A'``, ``'9s full of 4s'``...

    >>> describe_razz(1), describe_razz(N_RAZZ_VALUES)
    ('5-4-3-2-A', 'four kings, Q')
    """
    code = int(_built()[1][_checked(value, N_RAZZ_VALUES, "razz")])
    counts = [(code // 5 ** r) % 5 for r in range(13)]
    return _name(counts[12:] + counts[:12], _LOW_NAMES)


def razz_category(value: int) -> str:
    """``'5-low'`` .. ``'K-low'``, ``'One Pair'`` .. ``'Four of a Kind'``."""
    return RAZZ_CATEGORIES[lowball_tables().razz_category[_checked(value, N_RAZZ_VALUES, "razz")]]


def describe_deuce(value: int) -> str:
    """``'7-5-4-3-2'``, ``'A-5-4-3-2'``, ``'pair of 3s, 7-5-4'``, ``'straight, 6 high'``,
    ``'flush, J-9-5-3-2'``...

    >>> describe_deuce(1), describe_deuce(N_DEUCE_VALUES)
    ('7-5-4-3-2', 'straight flush, A high')
    """
    _, _, codes, flush = _built()
    code = int(codes[_checked(value, N_DEUCE_VALUES, "2-7")])
    return _name([(code // 5 ** r) % 5 for r in range(13)], _LOW_NAMES[1:] + "A", bool(flush[value]))


def deuce_category(value: int) -> str:
    """``'7-low'`` .. ``'A-low'``, ``'One Pair'`` .. ``'Straight Flush'``."""
    return DEUCE_CATEGORIES[lowball_tables().deuce_category[_checked(value, N_DEUCE_VALUES, "2-7")]]
