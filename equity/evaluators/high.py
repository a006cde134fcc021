"""Hand evaluation: njit walks of Hammer's rank DAG, with the four flush pointers as one suit word.

A walk state is a rank pointer ``r``, a row offset into the tables of
:func:`equity.evaluators.dag.walk_layout`, and a suit word ``w`` (uint64; its layout is drawn in
:mod:`equity.evaluators.dag`: the four suits' rank masks, which number the flush sub-DAG's nodes, and their
card counts). Every kernel takes the tables as one :class:`equity.evaluators.tables.Tables` argument ``t``
and binds the arrays it uses to locals (``rank_step = t.rank_step``, and likewise ``rank_last``,
``card_word``, ``suit_shift``, ``suited_class``). The empty hand is ``r = 0, w = 0``. Adding a card ``c`` of
rank ``k = c >> 2``::

    r = rank_step[r + k]
    w = w + card_word[c]

and the class of a 5- to 7-card hand whose last card is ``c`` is, with ``x = w + card_word[c]``::

    min(suited_class[(x >> suit_shift[x >> 52]) & 0x1FFF], rank_last[r + k])

A rank step is a load whose address depends on the previous load, so one hand at a time leaves the
memory system waiting. :func:`_evaluate_rows` therefore walks :data:`LANES` hands together, card by
card, their pointers in a small array: the lanes' loads are independent and overlap; a seven-card hand's
first three ranks take one load (``rank_three``, the walk's state after any three ranks). Where the CPU
has AVX-512 it takes seven-card rows sixteen to a vector instead, their ranks sorted so that the walk
is additions and one gather (:mod:`equity.evaluators.gathers`, :mod:`equity.evaluators.colex`: 2.3x the
lanes' rate). A shared board is walked once and each player's hole cards continue from its state,
copied as two integers.

Kernels (``_``-prefixed) assume valid input: card ids 0..51, distinct within a hand, 5..7 cards. The
public functions validate and convert, then call them. The two other designs the DAG is measured
against live in :mod:`equity.evaluators.reference.kev` and :mod:`equity.evaluators.reference.keysum`;
:mod:`equity.evaluators.reference.designs` puts the three behind one interface.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit, prange, types, uint64
from numba.extending import intrinsic

from equity.cards import RANK_NAMES, RANK_PLURALS, parse_cards
from equity.errors import DuplicateCardError, HandSizeError
from equity.evaluators import tables as _tables
from equity.evaluators.dag import CATEGORIES, SUIT_COUNT_SHIFT
from equity.evaluators.gathers import BLOCK, GATHERS, _walk_block
from equity.evaluators.hands import N_CHUNKS, PARALLEL_MIN, valid_hands

N_FIVE_CARD_HANDS = 2_598_960
N_SEVEN_CARD_HANDS = 133_784_560
#: Hands walked together by :func:`_evaluate_rows` (16 and 32 measured best; 4 and 8 left loads idle).
LANES = 32

_ONE, _TWO, _THREE, _SIX, _SEVEN = uint64(1), uint64(2), uint64(3), uint64(6), uint64(7)
_RANKS = uint64(13)
_LANES = uint64(LANES)
_COUNTS = uint64(SUIT_COUNT_SHIFT)
_MASK = uint64(0x1FFF)
_CARD_BITS = uint64((1 << SUIT_COUNT_SHIFT) - 1)


@intrinsic
def _popcount(typingctx, x):
    """The number of set bits of a uint64 (LLVM's ctpop: one instruction where the CPU has one)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@njit(inline="always")
def _cards_in(x):
    """How many cards the suit word ``x`` holds in its masks: the hand's count when its cards are
    distinct, fewer when one repeats (adding a card's word twice carries into another bit)."""
    return _popcount(x & _CARD_BITS)


@njit(cache=True)
def _evaluate_rows(hands, t, out, check=False, gathers=GATHERS):
    """``out[i]`` = class of ``hands[i]``; with ``check``, returns the first row that repeats a card
    (else -1).

    hands: uint8 (n, m), 5 <= m <= 7, card ids 0..51, distinct per row unless ``check`` (a row that
    repeats one gets a meaningless class: the walk stays inside the tables, and its suit word's masks
    hold fewer than ``m`` bits, which is how the check finds it after each block's walk; left out, the
    default, numba compiles the check away). t: :class:`~equity.evaluators.tables.Tables`.
    out: int16 (n,), C-contiguous. Seven-card rows go :data:`~equity.evaluators.gathers.BLOCK` at a
    time as vectors where ``gathers`` (the default where the CPU has AVX-512:
    :func:`~equity.evaluators.gathers._walk_block`), the rest :data:`LANES` at a time, card by card
    across the lanes (a fixed card loop: with ``m`` in the loop bound it measured 7% slower); the
    rest one by one.
    """
    n, m = hands.shape
    done = n - n % BLOCK if m == 7 and gathers else 0
    bad = _gathered_rows(hands, t, out, done, check) if done else -1
    first = _lane_rows(hands, t, out, done, check)
    return bad if bad >= 0 else first


@njit(cache=True)
def _gathered_rows(hands, t, out, n, check):
    """:func:`_evaluate_rows` on the first ``n`` rows (a multiple of :data:`~equity.evaluators.gathers.
    BLOCK`) of seven-card ``hands``, by :func:`~equity.evaluators.gathers._walk_block`."""
    flat = hands.ravel()
    # Every block's flag in one word, the row looked for after the walk: a call in the loop made the
    # checked walk 18% slower than the unchecked one; this, the same.
    repeats = uint64(0)
    for b in range(n // BLOCK):
        repeats |= _walk_block(flat, b * BLOCK * 7, out, b * BLOCK, t.rank_sorted, t.suited_class)
    return _first_repeat(hands, t, 0, n) if check and repeats else -1


@njit(cache=True)
def _lane_rows(hands, t, out, done, check):
    """:func:`_evaluate_rows` on rows ``done..n-1``: seven-card ones :data:`LANES` at a time from row
    ``done``, the rest one by one."""
    rank_step, rank_last, rank_three = t.rank_step, t.rank_last, t.rank_three
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    n, m = hands.shape
    bad = -1
    # The rows' bytes as one run (a view of C-contiguous rows), read at unsigned offsets: numba checks
    # signed indices for negative values, unsigned ones not (with the three-rank start, 10% faster).
    flat = hands.ravel()
    walked = n - (n - done) % LANES if m == 7 else done
    r = np.zeros(LANES, np.uint64)
    w = np.zeros(LANES, np.uint64)
    for b in range((walked - done) // LANES):
        base = uint64(done + b * LANES)
        first = base * _SEVEN
        for lane in range(_LANES):
            at = first + lane * _SEVEN
            c0, c1, c2 = flat[at], flat[at + _ONE], flat[at + _TWO]
            r[lane] = rank_three[((c0 >> _TWO) * _RANKS + (c1 >> _TWO)) * _RANKS + (c2 >> _TWO)]
            w[lane] = card_word[c0] + card_word[c1] + card_word[c2]
        for j in range(_THREE, _SIX):
            for lane in range(_LANES):
                c = flat[first + lane * _SEVEN + j]
                r[lane] = rank_step[r[lane] + (c >> _TWO)]
                w[lane] += card_word[c]
        for lane in range(_LANES):
            c = flat[first + lane * _SEVEN + _SIX]
            x = w[lane] + card_word[c]
            out[base + lane] = min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK],
                                   rank_last[r[lane] + (c >> _TWO)])
            if check:
                w[lane] = x
        if not check:
            continue
        repeats = uint64(0)  # after the walk, branch-free: a row that repeats a card is rare
        for lane in range(LANES):
            repeats |= _cards_in(w[lane]) ^ uint64(7)
        if repeats and bad < 0:
            for lane in range(LANES):
                if _cards_in(w[lane]) != 7 and bad < 0:
                    bad = base + lane
    for i in range(walked, n):
        q = uint64(0)
        x = uint64(0)
        for j in range(m - 1):
            c = hands[i, j]
            q = uint64(rank_step[q + (c >> _TWO)])
            x += card_word[c]
        c = hands[i, m - 1]
        x += card_word[c]
        out[i] = min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK], rank_last[q + (c >> _TWO)])
        if check and _cards_in(x) != m and bad < 0:
            bad = i
    return bad


@njit(cache=True)
def _first_repeat(hands, t, lo, hi):
    """The first of rows ``lo..hi-1`` of ``hands`` that repeats a card (its suit word counts fewer
    cards than the row has), else -1."""
    card_word = t.card_word
    for i in range(lo, hi):
        x = uint64(0)
        for j in range(hands.shape[1]):
            x += card_word[hands[i, j]]
        if _cards_in(x) != hands.shape[1]:
            return i
    return -1


@njit(cache=True, parallel=True)
def _evaluate_rows_parallel(hands, t, out, n_chunks, check=False):
    """:func:`_evaluate_rows` over ``n_chunks`` contiguous chunks on all threads; with ``check``,
    returns the first row that repeats a card (else -1)."""
    n = hands.shape[0]
    bad = np.full(n_chunks, -1, np.int64)
    for chunk in prange(n_chunks):
        lo, hi = chunk * n // n_chunks, (chunk + 1) * n // n_chunks
        first = _evaluate_rows(hands[lo:hi], t, out[lo:hi], check)
        bad[chunk] = first + lo if first >= 0 else -1
    for chunk in range(n_chunks):
        if bad[chunk] >= 0:
            return bad[chunk]
    return -1


@njit(cache=True)
def _all_five_card_classes(t):
    """int16 (2598960,): the class of every 5-card hand, in lexicographic order of card ids.
    t: :class:`~equity.evaluators.tables.Tables`."""
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    out = np.empty(2_598_960, np.int16)
    i = 0
    for a in range(48):
        r1 = rank_step[a >> 2]
        w1 = card_word[a]
        for b in range(a + 1, 49):
            r2 = rank_step[r1 + (b >> 2)]
            w2 = w1 + card_word[b]
            for c in range(b + 1, 50):
                r3 = rank_step[r2 + (c >> 2)]
                w3 = w2 + card_word[c]
                for d in range(c + 1, 51):
                    r4 = rank_step[r3 + (d >> 2)]
                    w4 = w3 + card_word[d]
                    for e in range(d + 1, 52):
                        x = w4 + card_word[e]
                        out[i] = min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK],
                                     rank_last[r4 + (e >> 2)])
                        i += 1
    return out


@njit(cache=True)
def _seven_card_histogram(t):
    """int64 (7463,): how many of the 133,784,560 seven-card hands have each class (index 0 unused).
    t: :class:`~equity.evaluators.tables.Tables`.

    Walks the enumeration tree incrementally: each hand costs one step from its six-card prefix, and
    the last card's hands are independent of each other, so their loads overlap.
    """
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    hist = np.zeros(7463, np.int64)
    for a in range(46):
        r1 = rank_step[a >> 2]
        w1 = card_word[a]
        for b in range(a + 1, 47):
            r2 = rank_step[r1 + (b >> 2)]
            w2 = w1 + card_word[b]
            for c in range(b + 1, 48):
                r3 = rank_step[r2 + (c >> 2)]
                w3 = w2 + card_word[c]
                for d in range(c + 1, 49):
                    r4 = rank_step[r3 + (d >> 2)]
                    w4 = w3 + card_word[d]
                    for e in range(d + 1, 50):
                        r5 = rank_step[r4 + (e >> 2)]
                        w5 = w4 + card_word[e]
                        for g in range(e + 1, 51):
                            r6 = rank_step[r5 + (g >> 2)]
                            w6 = w5 + card_word[g]
                            for h in range(g + 1, 52):
                                x = w6 + card_word[h]
                                hist[min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK],
                                         rank_last[r6 + (h >> 2)])] += 1
    return hist


def _as_hand(cards: str | Sequence[int] | Sequence[str]) -> np.ndarray:
    hand = parse_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise HandSizeError(f"a hand to evaluate has 5 to 7 cards; got {len(hand)}"
                            + (f" in {cards!r}" if isinstance(cards, str) else ""))
    return np.array([hand], np.uint8)


def evaluate(cards: str | Sequence[int] | Sequence[str]) -> int:
    """The Cactus Kev class of a 5-, 6- or 7-card hand: 1 (royal flush) .. 7462 (7-5-4-3-2).

    Lower is better; equal classes split the pot.

    Args:
        cards: a card string (``"AsKsQsJsTs9c2d"``, spaces or commas allowed), card strings, or ids.

    Raises:
        CardError, DuplicateCardError, HandSizeError: with a message naming the problem.

    >>> evaluate("AsKsQsJsTs9c2d")
    1
    >>> describe(evaluate("Kh Kd 9c 9s 2h 3d 4c"))
    'Two Pair, Kings and Nines'
    """
    hand = _as_hand(cards)[0].tolist()
    return _walk(hand, _tables.get())


def _walk(hand: list[int], t: _tables.Tables) -> int:
    """The same walk as the kernels, in plain Python: for one hand it beats a JIT call's start-up.
    The tests check it against the kernels."""
    r, w = 0, 0
    for card in hand:
        r = int(t.rank_step[r + (card >> 2)])
        w += int(t.card_word[card])
    suited = int(t.suited_class[(w >> int(t.suit_shift[w >> SUIT_COUNT_SHIFT])) & 0x1FFF])
    return min(suited, int(t.rank_value[r]))


def evaluate_many(hands: np.ndarray, *, parallel: bool = True) -> np.ndarray:
    """Classes (int16, (n,)) of many hands at once.

    Args:
        hands: integer array of shape (n, m), 5 <= m <= 7, card ids 0..51 distinct within each row.
        parallel: use all of numba's threads (for 65,536 hands or more).

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> evaluate_many(np.array([[48, 44, 40, 36, 32], [51, 50, 49, 48, 47]])).tolist()
    [1, 11]
    """
    hands = valid_hands(hands, distinct=False)  # the kernel finds a repeated card as it walks
    out = np.empty(len(hands), np.int16)
    t = _tables.get()
    if parallel and len(hands) >= PARALLEL_MIN:
        bad = _evaluate_rows_parallel(hands, t, out, N_CHUNKS, True)
    else:
        bad = _evaluate_rows(hands, t, out, True)
    if bad >= 0:
        raise DuplicateCardError(f"row {bad} repeats a card: {hands[bad].tolist()}")
    return out


def _check_class(value: int) -> int:
    if not 1 <= value <= 7462:
        raise ValueError(f"a hand class is 1..7462; got {value}")
    return value


_LAST = [last for _, last in CATEGORIES]


def category_index(value: int) -> int:
    """0 (straight flush) .. 8 (high card) for a class.

    >>> category_index(1), category_index(7462)
    (0, 8)
    """
    return int(np.searchsorted(_LAST, _check_class(value)))


def category(value: int) -> str:
    """The category's name: ``'Straight Flush'`` .. ``'High Card'``."""
    return CATEGORIES[category_index(value)][0]


def _class_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a class, grouped by (count, rank) descending; the wheel as 5-4-3-2-A."""
    ranks = tuple(int(r) for r in _tables.class_ranks()[value])
    return ranks[1:] + ranks[:1] if ranks == (12, 3, 2, 1, 0) else ranks


def describe(value: int) -> str:
    """A plain-English name for a class.

    >>> describe(1), describe(10), describe(1608)
    ('Royal Flush', 'Five-high Straight Flush', 'Six-high Straight')
    >>> describe(167), describe(6186)
    ('Full House, Aces over Kings', 'High Card, Ace')
    """
    ranks = _class_ranks(_check_class(value))
    return name_hand(category(value), ranks, royal=value == 1)


def name_hand(name: str, ranks: tuple[int, ...], royal: bool = False) -> str:
    """A hand's plain-English name from its category ``name`` and its five ranks, most frequent first,
    then highest (a straight's highest card first); every game names hands alike."""
    first = ranks[0]
    if royal:
        return "Royal Flush"
    if name in ("Straight Flush", "Straight", "Flush"):
        return f"{RANK_NAMES[first]}-high {name}"
    if name == "Full House":
        return f"Full House, {RANK_PLURALS[first]} over {RANK_PLURALS[ranks[3]]}"
    if name == "Two Pair":
        return f"Two Pair, {RANK_PLURALS[first]} and {RANK_PLURALS[ranks[2]]}"
    if name in ("Four of a Kind", "Three of a Kind", "One Pair"):
        return f"{name}, {RANK_PLURALS[first]}"
    return f"High Card, {RANK_NAMES[first]}"


def all_five_card_classes() -> np.ndarray:
    """int16 (2598960,): every 5-card hand's class, hands in lexicographic order of card ids."""
    return _all_five_card_classes(_tables.get())


def seven_card_histogram() -> np.ndarray:
    """int64 (7463,): the number of 7-card hands of each class (index 0 is unused and 0), on one thread."""
    return _seven_card_histogram(_tables.get())

