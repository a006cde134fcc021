"""Omaha high: the best hand of exactly two hole cards and exactly three board cards, on the rank DAG.

A player holds 4, 5 or 6 hole cards (PLO4, PLO5, PLO6) and the board has five. The hand's value is
the best (lowest) Cactus Kev class, 1 .. 7462 as :func:`equity.evaluators.high.evaluate` gives, over the
``C(h, 2) * C(5, 3)`` five-card hands made of two hole cards and three board cards: 60, 100 or 150.

:func:`evaluate_omaha_many` uses the pair tables of :mod:`equity.evaluators.omaha_tables`: one board walk to
its five-card rank node, then one load per pair of hole cards (6, 10 or 15), and flush loads only for a
suited pair on a board holding three of its suit. :func:`_omaha_rows` is the plain walk, kept as the
second implementation the tests compare with and the benchmark's baseline: each of the 10 board
triples is walked once per row, sharing its one- and two-card prefixes (3 + 6 + 10 rank steps) to a
state ``(r, w)``; from it each hole card ``a`` takes one rank step, ``q = rank_step[r + (a >> 2)]``, and
each pair ``a < b`` is finished by ``b``'s last-card load, with ``x = w + card_word[a] + card_word[b]``::

    min(suited_class[(x >> suit_shift[x >> 52]) & 0x1FFF], rank_last[q + (b >> 2)])

so a row costs ``19 + 10 * (h - 1)`` steps and ``10 * C(h, 2)`` finishes. ``benchmarks/omaha.py``
measures both beside PokerHandEvaluator's board x hole tables and its C function (README, "How it
works"): on one thread of the 2-core benchmark machine the pair tables do about 46, 33 and 24 M hands/s
for PLO4, PLO5 and PLO6, the walk 5.7, 4.1 and 3.0.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit, uint64

from equity.cards import check_distinct, format_cards, parse_cards
from equity.errors import CardError, DuplicateCardError, HandSizeError
from equity.evaluators import tables as _tables
from equity.evaluators.hands import N_CHUNKS, PARALLEL_MIN
from equity.evaluators.high import _COUNTS, _MASK, _TWO

#: Hole-card counts allowed: PLO4, PLO5, PLO6.
HOLE_SIZES = (4, 5, 6)
BOARD_SIZE = 5


@njit(cache=True)
def _omaha_rows(holes, boards, t, out):
    """``out[i]`` = Omaha high class of ``holes[i]`` with ``boards[i]``.

    holes: uint8 (n, h), 4 <= h <= 6. boards: uint8 (n, 5). Card ids 0..51, all h + 5 distinct per row.
    t: :class:`~equity.evaluators.tables.Tables`. out: int16 (n,).
    """
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    n, h = holes.shape
    hk = np.empty(6, np.uint64)
    hw = np.empty(6, np.uint64)
    bk = np.empty(5, np.uint64)
    bw = np.empty(5, np.uint64)
    for i in range(n):
        for j in range(h):
            c = holes[i, j]
            hk[j] = c >> _TWO
            hw[j] = card_word[c]
        for j in range(5):
            c = boards[i, j]
            bk[j] = c >> _TWO
            bw[j] = card_word[c]
        best = np.int16(0x7FFF)
        for p in range(3):
            r1 = uint64(rank_step[bk[p]])
            for s in range(p + 1, 4):
                r2 = uint64(rank_step[r1 + bk[s]])
                w2 = bw[p] + bw[s]
                for u in range(s + 1, 5):
                    r3 = uint64(rank_step[r2 + bk[u]])
                    w3 = w2 + bw[u]
                    for a in range(h - 1):
                        q = uint64(rank_step[r3 + hk[a]])
                        wa = w3 + hw[a]
                        for b in range(a + 1, h):
                            x = wa + hw[b]
                            best = min(best, suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK],
                                       rank_last[q + hk[b]])
        out[i] = best


@njit(cache=True)
def _first_repeat(holes, boards):
    """The first row whose hole and board cards are not all distinct, else -1.

    holes: uint8 (n, h). boards: uint8 (n, 5). Card ids 0..51 (checked before)."""
    one = uint64(1)
    for i in range(holes.shape[0]):
        seen = uint64(0)
        for j in range(holes.shape[1] + 5):
            bit = one << uint64(holes[i, j] if j < holes.shape[1] else boards[i, j - holes.shape[1]])
            if seen & bit:
                return i
            seen |= bit
    return -1


def _ids(cards: np.ndarray, what: str) -> np.ndarray:
    """``cards`` (integer, 2-D, shape checked) as uint8 after checking every id is 0..51."""
    if cards.size and not np.issubdtype(cards.dtype, np.integer):
        raise CardError(f"{what} must be integer card ids 0..51; got dtype {cards.dtype}")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        row = int(np.nonzero(((cards < 0) | (cards > 51)).any(1))[0][0])
        raise CardError(f"row {row} of {what} has a card id outside 0..51: {cards[row].tolist()}")
    return np.ascontiguousarray(cards, np.uint8)


def _valid_rows(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Checked contiguous uint8 copies of ``holes`` (n, 4..6) and ``boards`` (n, 5)."""
    holes, boards = np.asarray(holes), np.asarray(boards)
    if holes.ndim != 2 or holes.shape[1] not in HOLE_SIZES:
        raise HandSizeError(f"holes must have shape (n, 4..6); got {holes.shape}")
    if boards.ndim != 2 or boards.shape[1] != BOARD_SIZE:
        raise HandSizeError(f"boards must have shape (n, 5); got {boards.shape}")
    if len(holes) != len(boards):
        raise HandSizeError(f"holes and boards need the same number of rows; got {len(holes)} and "
                            f"{len(boards)}")
    holes, boards = _ids(holes, "holes"), _ids(boards, "boards")
    row = _first_repeat(holes, boards)
    if row >= 0:
        raise DuplicateCardError(f"row {row} repeats a card: holes {format_cards(holes[row].tolist())}, "
                                 f"board {format_cards(boards[row].tolist())}")
    return holes, boards


def _run(holes: np.ndarray, boards: np.ndarray, parallel: bool) -> np.ndarray:
    from equity.evaluators.omaha_tables import _pairs_rows, _pairs_rows_parallel, pair_tables

    t = _tables.get()
    pt = pair_tables(t)
    out = np.empty(len(holes), np.int16)
    if parallel and len(holes) >= PARALLEL_MIN:
        _pairs_rows_parallel(holes, boards, t, tuple(pt), out, N_CHUNKS)
    else:
        _pairs_rows(holes, boards, t, pt, out)
    return out


def _parse(cards: str | Sequence[int] | Sequence[str], what: str, sizes: tuple[int, ...]) -> list[int]:
    parsed = parse_cards(cards, distinct=False)
    named = f"{what} {cards!r}" if isinstance(cards, str) else f"{what} {format_cards(parsed)}"
    if len(parsed) not in sizes:
        want = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else f"exactly {sizes[0]}"
        raise HandSizeError(f"an Omaha {what} has {want} cards; got {len(parsed)} in {named}")
    check_distinct(parsed, named)
    return parsed


def one_hand(hole: str | Sequence[int] | Sequence[str],
             board: str | Sequence[int] | Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """One Omaha hand checked and as the kernels take it: ``(holes uint8 (1, h), boards uint8 (1, 5))``.

    Raises:
        CardError, DuplicateCardError, HandSizeError: naming the offending input.
    """
    h = _parse(hole, "hole", HOLE_SIZES)
    b = _parse(board, "board", (BOARD_SIZE,))
    check_distinct(h + b, "the hole cards and the board")
    return np.array([h], np.uint8), np.array([b], np.uint8)


def evaluate_omaha(hole: str | Sequence[int] | Sequence[str],
                   board: str | Sequence[int] | Sequence[str]) -> int:
    """The Omaha high class of one hand: exactly two of ``hole`` with exactly three of ``board``.

    Args:
        hole: 4, 5 or 6 hole cards: a card string (``"AsAhKdQc"``), card strings, or ids.
        board: the 5 board cards, in the same forms.

    Returns:
        The Cactus Kev class, 1 (royal flush) .. 7462; lower is better.

    Raises:
        CardError, DuplicateCardError, HandSizeError: naming the offending input.

    >>> from equity.evaluators.high import describe
    >>> describe(evaluate_omaha("AhKhQhJh", "Th9h2c3d4s"))  # two hearts on board: no flush
    'High Card, Ace'
    >>> describe(evaluate_omaha("AsAhAdAc", "Kd7c5h3s2d"))  # exactly two hole cards
    'One Pair, Aces'
    >>> describe(evaluate_omaha(["As", "Ks", "Qs", "Js"], [35, 31, 27, 5, 10]))
    'Queen-high Straight Flush'
    """
    return int(_run(*one_hand(hole, board), False)[0])


def evaluate_omaha_many(holes: np.ndarray, boards: np.ndarray, *, parallel: bool = True) -> np.ndarray:
    """Omaha high classes (int16, (n,)) of many hands at once.

    Args:
        holes: integer array of shape (n, h), h in 4..6, card ids 0..51.
        boards: integer array of shape (n, 5); no card in a row twice, hole or board.
        parallel: use all of numba's threads (for 65,536 rows or more).

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row.

    >>> evaluate_omaha_many([[51, 47, 43, 39], [51, 47, 43, 39]], [[35, 31, 27, 5, 10],
    ...                                                          [35, 31, 0, 5, 10]]).tolist()
    [3, 6270]
    """
    holes, boards = _valid_rows(holes, boards)
    return _run(holes, boards, parallel)

