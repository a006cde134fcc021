"""The generator of the exact preflop table: each of the 169 starting-hand classes against one random hand.

A class's equity is its pot share (1 for a win, 1/2 for a tie) averaged over every deal: each of its
combos, each of the C(50,5) = 2,118,760 boards of the other 50 cards, each of the C(45,2) = 990
opponent holdings of the 45 left. Counting ``2 * wins + ties`` keeps every total an integer, so the
table in :mod:`equity.games.holdem.preflop_table` is exact; a class's equity is its total over
``n_combos * DENOMINATOR_PER_COMBO`` with ``DENOMINATOR_PER_COMBO = 2 * 2,118,760 * 990``. This module
computes and writes that table offline; :mod:`equity.games.holdem.preflop` reads it at run time.

The method evaluates 134,459 x 1,081 = 1.5 x 10^8 seven-card hands where dealing every class against
every opponent on every board would take 169 x 1,225 x 1.7 x 10^6 = 3.5 x 10^11 deals; it runs in about
2 s on one thread and 1.1 s on two, once compiled:

1. **Boards up to suit relabelling.** A board ``B`` and ``sigma(B)`` (``sigma`` one of the 24 suit
   permutations) give the same total per hand class, since ``sigma`` maps each class's combos, and the
   opponents, onto themselves without changing any hand's value. A board's suit-major mask has bit
   ``13 * suit + rank`` per card, i.e. four 13-bit rank fields, and ``sigma`` permutes the fields::

       mask = field[0] | field[1] << 13 | field[2] << 26 | field[3] << 39

   The canonical board of an orbit is its image with the smallest mask, which is the one whose fields
   do not increase from suit 0 to suit 3; the orbit has ``24 / prod(m!)`` boards, ``m`` running over
   the multiplicities of equal fields. That leaves 134,459 boards of the 2,598,960, each with its
   weight (:func:`canonical_boards`).
2. **Every holding's value on a board.** The board is walked once (:mod:`equity.evaluators.high`); each of
   the C(47,2) = 1,081 holdings continues from that state: one step for its first card, then the
   ``rank_last``/flush finish for the second, the second card looping innermost.
3. **Counting opponents by inclusion-exclusion.** Holding ``h = (a, b)`` of value ``v`` faces the 990
   holdings disjoint from it; ``better``, ``equal`` and ``worse`` count those that beat it, tie it and
   lose to it. With ``L(v)`` the holdings of value ``< v`` and ``L_c(v)`` those of them that hold card
   ``c`` (none holds both ``a`` and ``b``: that is ``h``, of value ``v``)::

       better(h) = L(v) - L_a(v) - L_b(v)
       equal(h)  = E(v) - E_a(v) - E_b(v) + 1      (E: value == v; h is in all three terms)
       worse(h)  = 990 - better(h) - equal(h)

   The 1,081 keys ``value << 12 | a << 6 | b`` are sorted by a two-pass radix sort on the value's 13
   bits, then one pass over the groups of equal value keeps ``L`` and the 52 counters ``L_c``
   (:func:`_board_scores`). (The whole generation took 2.0 s on one thread with the radix sort against
   5.7 s with ``np.sort``; the values alone take 0.7 s of it.)
4. **Totals per class.** Each holding adds ``weight * (2 * worse + equal)`` to its class's total.

Kernels (``_``-prefixed) take the evaluator's tables as one argument ``t``
(:class:`equity.evaluators.tables.Tables`, its arrays bound to locals) and assume valid input.
``python -m tools.preflop_gen`` regenerates ``equity/games/holdem/preflop_table.py``;
``tests/games/test_preflop.py`` checks the shipped table against a fresh run.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numba import get_num_threads, njit, prange

from equity.cards import parse_cards
from equity.classes import CLASS_NAMES, class_index_table, n_combos
from equity.errors import HandSizeError
from equity.evaluators import tables as _tables
from equity.games.holdem.flop_counting import counting_pass

N_BOARDS = 2_598_960
N_CANONICAL_BOARDS = 134_459
N_HOLDINGS = 1_081  # C(47, 2): hole pairs left beside a board
N_OPPONENTS = 990  # C(45, 2)
DENOMINATOR_PER_COMBO = 2 * 2_118_760 * 990

_TABLE_PATH = Path(__file__).resolve().parent.parent / "equity" / "games" / "holdem" / "preflop_table.py"


# ---------------------------------------------------------------------------------------------------------
# Kernels

@njit(cache=True)
def _canonical_boards():
    """(boards uint8 (n, 5), weights int64 (n,)): one board per suit-relabelling orbit, cards ascending,
    boards in lexicographic order, with the orbit's size. n = 134,459 and the weights sum to 2,598,960."""
    boards = np.empty((N_BOARDS, 5), np.uint8)
    weights = np.empty(N_BOARDS, np.int64)
    field = np.zeros(4, np.int64)
    n = 0
    for a in range(48):
        for b in range(a + 1, 49):
            for c in range(b + 1, 50):
                for d in range(c + 1, 51):
                    for e in range(d + 1, 52):
                        field[:] = 0
                        field[a & 3] |= 1 << (a >> 2)
                        field[b & 3] |= 1 << (b >> 2)
                        field[c & 3] |= 1 << (c >> 2)
                        field[d & 3] |= 1 << (d >> 2)
                        field[e & 3] |= 1 << (e >> 2)
                        if field[0] < field[1] or field[1] < field[2] or field[2] < field[3]:
                            continue
                        stabiliser = 1  # prod(m!) over runs of equal fields
                        run = 1
                        for s in range(1, 4):
                            run = run + 1 if field[s] == field[s - 1] else 1
                            stabiliser *= run
                        boards[n, 0] = a
                        boards[n, 1] = b
                        boards[n, 2] = c
                        boards[n, 3] = d
                        boards[n, 4] = e
                        weights[n] = 24 // stabiliser
                        n += 1
    return boards[:n].copy(), weights[:n].copy()


@njit(cache=True)
def _board_scores(board, t, keys, scratch, score):
    """Every holding's ``2 * wins + ties`` against the 990 others on one board.

    board: uint8 (5,), distinct cards. t: :class:`~equity.evaluators.tables.Tables`. keys, scratch, score:
    int32 (1081,), overwritten. On return
    ``keys[i] = value << 12 | a << 6 | b`` (``a < b`` the hole cards, ``value`` their class with the
    board), ascending, and ``score[i]`` is that holding's ``2 * worse + equal`` over the 990 opponent
    holdings disjoint from it.
    """
    rank_step, rank_last, flush_step, flush_value = t.rank_step, t.rank_last, t.flush_step, t.flush_value
    rest = np.empty(47, np.int64)
    f = np.zeros(4, np.int32)
    g = np.zeros(4, np.int32)
    count_lo = np.zeros(128, np.int32)
    count_hi = np.zeros(64, np.int32)
    less = np.zeros(52, np.int32)
    equal = np.zeros(52, np.int32)

    used = np.int64(0)
    r = 0
    for i in range(5):
        c = np.int64(board[i])
        used |= np.int64(1) << c
        r = rank_step[r + (c >> 2)]
        f[c & 3] = flush_step[f[c & 3] + (c >> 2)]
    m = 0
    for c in range(52):
        if not (used >> c) & 1:
            rest[m] = c
            m += 1

    # Values, and the radix histograms of both digits on the way (digits: value bits 0-6 and 7-12).
    n = 0
    for i in range(46):
        a = rest[i]
        ka = a >> 2
        r6 = rank_step[r + ka]
        g[0] = f[0]
        g[1] = f[1]
        g[2] = f[2]
        g[3] = f[3]
        g[a & 3] = flush_step[g[a & 3] + ka]
        total6 = flush_value[g[0]] + flush_value[g[1]] + flush_value[g[2]] + flush_value[g[3]]
        for j in range(i + 1, 47):
            b = rest[j]
            k = b >> 2
            q = g[b & 3]
            flush = total6 - flush_value[q] + flush_value[flush_step[q + k]]
            value = np.int32(flush if flush else rank_last[r6 + k])
            scratch[n] = value << 12 | a << 6 | b
            count_lo[value & 127] += 1
            count_hi[value >> 7] += 1
            n += 1

    # LSD radix sort, scratch -> keys by the low digit, then keys -> scratch by the high one.
    counting_pass(scratch, keys, count_lo, n, 12, 127)
    counting_pass(keys, scratch, count_hi, n, 19, 63)

    # Groups of equal value in ascending order: below = L(v), less[c] = L_c(v), equal[c] = E_c(v).
    below = 0
    lo = 0
    while lo < n:
        v = scratch[lo] >> 12
        hi = lo
        while hi < n and scratch[hi] >> 12 == v:
            key = scratch[hi]
            equal[(key >> 6) & 63] += 1
            equal[key & 63] += 1
            keys[hi] = key
            hi += 1
        size = hi - lo
        for i in range(lo, hi):
            a = (keys[i] >> 6) & 63
            b = keys[i] & 63
            better = below - less[a] - less[b]
            tied = size - equal[a] - equal[b] + 1
            score[i] = 2 * (990 - better - tied) + tied
        for i in range(lo, hi):
            a = (keys[i] >> 6) & 63
            b = keys[i] & 63
            less[a] += 1
            less[b] += 1
            equal[a] = 0
            equal[b] = 0
        below += size
        lo = hi


@njit(cache=True)
def _chunk_totals(boards, weights, t, class_of, out):
    """``out[cls] = sum over boards of weight * (2 * wins + ties)`` of the holdings of class ``cls``.

    boards: uint8 (n, 5); weights: int64 (n,); t: :class:`~equity.evaluators.tables.Tables`; class_of: int32
    (4096,) from :func:`equity.classes.class_index_table`; out: int64 (169,), overwritten.
    """
    keys = np.empty(N_HOLDINGS, np.int32)
    scratch = np.empty(N_HOLDINGS, np.int32)
    score = np.empty(N_HOLDINGS, np.int32)
    out[:] = 0
    for i in range(boards.shape[0]):
        _board_scores(boards[i], t, keys, scratch, score)
        w = weights[i]
        for j in range(N_HOLDINGS):
            out[class_of[keys[j] & 4095]] += w * score[j]


@njit(cache=True, parallel=True)
def _chunk_totals_parallel(boards, weights, t, class_of, out):
    """:func:`_chunk_totals` over ``out.shape[0]`` contiguous chunks of boards, chunk ``k`` into
    ``out[k]``."""
    n = boards.shape[0]
    n_chunks = out.shape[0]
    for chunk in prange(n_chunks):
        lo, hi = chunk * n // n_chunks, (chunk + 1) * n // n_chunks
        _chunk_totals(boards[lo:hi], weights[lo:hi], t, class_of, out[chunk])


# ---------------------------------------------------------------------------------------------------------
# Public API

def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """One board per orbit of the 24 suit relabellings, and the orbit sizes.

    Returns:
        ``(boards, weights)``: uint8 (134459, 5), cards ascending, boards in lexicographic order; int64
        (134459,), summing to 2,598,960.
    """
    return _canonical_boards()


def board_scores(board: str | Sequence[int] | Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every holding's value and ``2 * wins + ties`` against the other 990 on one board (step 2 and 3).

    Args:
        board: five distinct cards (a card string, card strings or ids).

    Returns:
        ``(holdings, values, scores)``: int (1081, 2) hole cards ``a < b``, their classes with the board
        (ascending), and their doubled pot shares.

    Raises:
        CardError, DuplicateCardError, HandSizeError: not five distinct cards.
    """
    cards = parse_cards(board)
    if len(cards) != 5:
        raise HandSizeError(f"a board has 5 cards; got {len(cards)}")
    board = np.array(cards, np.uint8)
    keys = np.empty(N_HOLDINGS, np.int32)
    scratch = np.empty(N_HOLDINGS, np.int32)
    score = np.empty(N_HOLDINGS, np.int32)
    _board_scores(board, _tables.get(), keys, scratch, score)
    holdings = np.stack([(keys >> 6) & 63, keys & 63], axis=1)
    return holdings, keys >> 12, score


def class_totals(n_chunks: int = 64) -> np.ndarray:
    """int64 (169,): each class's ``2 * wins + ties`` over all its deals, by class index.

    Args:
        n_chunks: chunks of boards for the threads (the result does not depend on it).
    """
    if n_chunks < 1:
        raise ValueError(f"n_chunks must be at least 1; got {n_chunks}")
    boards, weights = _canonical_boards()
    out = np.empty((n_chunks, 169), np.int64)
    _chunk_totals_parallel(boards, weights, _tables.get(), class_index_table(), out)
    totals = np.zeros(169, np.int64)
    for row in out:
        totals += row
    return totals


def generate() -> list[tuple[str, int]]:
    """Compute the table: ``(class name, 2 * wins + ties over all its deals)``, best class first.

    Ties in equity would be broken by name. A class's equity is its number over
    ``n_combos(name) * DENOMINATOR_PER_COMBO``. Takes a few seconds.
    """
    totals = class_totals()
    rows = [(name, int(total)) for name, total in zip(CLASS_NAMES, totals, strict=True)]
    # Best first: compare total / n_combos exactly, by cross-multiplying with a common multiple (12).
    return sorted(rows, key=lambda row: (-row[1] * (12 // n_combos(row[0])), row[0]))


def render_table(rows: list[tuple[str, int]]) -> str:
    """The source text of ``equity/games/holdem/preflop_table.py`` for the rows of :func:`generate`."""
    lines = [
        '"""Exact preflop equity of the 169 hand classes against one random hand. GENERATED: do not edit.',
        "",
        "Regenerate with ``python -m tools.preflop_gen``; ``tests/games/test_preflop.py`` recomputes it and",
        "checks this file. ``RANKED`` lists ``(class, 2 * wins + ties)`` best first, the count over every",
        "deal of each combo of the class: a class's equity is its number over",
        "``n_combos * DENOMINATOR_PER_COMBO`` (6 combos for a pair, 4 suited, 12 offsuit); see",
        ":mod:`tools.preflop_gen`; :mod:`equity.games.holdem.preflop` reads it.",
        '"""',
        "",
        "#: 2 (pot shares are doubled) * C(50, 5) boards * C(45, 2) opponent holdings.",
        "DENOMINATOR_PER_COMBO = 2 * 2_118_760 * 990",
        "",
        "RANKED = (",
    ]
    lines += [f'    ("{name}", {total}),' for name, total in rows]
    lines += [")", ""]
    return "\n".join(lines)


def main() -> None:
    """Regenerate ``equity/games/holdem/preflop_table.py`` and print how long it took."""
    start = time.perf_counter()
    rows = generate()
    elapsed = time.perf_counter() - start
    _TABLE_PATH.write_text(render_table(rows))
    best, worst = rows[0], rows[-1]
    for name, total in (best, worst):
        print(f"{name}: {100 * total / (n_combos(name) * DENOMINATOR_PER_COMBO):.4f}%")
    print(f"wrote {_TABLE_PATH} in {elapsed:.1f} s on {get_num_threads()} threads")


if __name__ == "__main__":
    main()
