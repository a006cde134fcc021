"""The Monte Carlo showdown's vector walk (equity.evaluators.seats): a block's board once, then each
seat's two cards, against the oracle of tests/naive.py (short deck's against its own evaluator).

The walk compiles on every machine (where the CPU has no gather instruction, LLVM loads the lanes one by
one), so these run everywhere; the hold'em kernel takes it where the CPU has AVX-512, and
tests/games/test_holdem_mc_vector.py checks its counts against the DAG's steps."""

import itertools

import naive
import numpy as np
import pytest
from numba import njit

from equity.evaluators import shortdeck, tables
from equity.evaluators.gathers import WIDTH
from equity.evaluators.seats import BOARD_NETWORK, BOARD_ROWS, _walk_board, _walk_held, _walk_hole


@njit(cache=False)
def _classes(dealt, board_rows, hole_rows, t):
    """Every seat's classes in the block ``dealt`` (uint64 (rows, WIDTH)): int32 (P, WIDTH)."""
    scratch = np.empty((BOARD_ROWS, WIDTH), np.int32)
    values = np.full((hole_rows.shape[0], WIDTH), -1, np.int32)
    _walk_board(dealt, board_rows, scratch)
    for p in range(hole_rows.shape[0]):
        _walk_hole(dealt, hole_rows, p, scratch, values, t.rank_sorted, t.suited_class)
    return values


@njit(cache=False)
def _held_classes(dealt, board_rows, row_cards, rows, at, t):
    """A ranged seat's classes, its cards bytes ``at``, ``at + 1`` of each lane's row: int32 (WIDTH,)."""
    scratch = np.empty((BOARD_ROWS, WIDTH), np.int32)
    values = np.full((1, WIDTH), -1, np.int32)
    _walk_board(dealt, board_rows, scratch)
    _walk_held(row_cards, rows, at, 0, scratch, values, t.rank_sorted, t.suited_class)
    return values[0]


def _block(deals: np.ndarray, board_at: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A block of WIDTH deals (int (WIDTH, 5 + 2P): board, then each seat's two cards) laid out as the
    kernel keeps them: card x of every lane in a row, the board's rows at ``board_at`` (any order)
    and the seats' after, in reverse, so that no layout is assumed."""
    n_seats = (deals.shape[1] - 5) // 2
    rows = max(board_at) + 1 + 2 * n_seats
    dealt = np.zeros((rows + 3, WIDTH), np.uint64)
    for x, r in enumerate(board_at):
        dealt[r] = deals[:, x]
    hole_rows = np.empty((n_seats, 2), np.int64)
    for p in range(n_seats):
        for k in range(2):
            hole_rows[p, k] = rows - 1 - (2 * p + k)
            dealt[hole_rows[p, k]] = deals[:, 5 + 2 * p + k]
    return dealt, np.array(board_at, np.int64), hole_rows


def _seat(deals: np.ndarray, p: int, evaluate=naive.naive_class) -> list[int]:
    """Seat ``p``'s classes in each deal of ``deals`` (rows as :func:`_block` takes them)."""
    return [evaluate(d[:5] + d[5 + 2 * p: 7 + 2 * p]) for d in deals.tolist()]


def _expected(deals: np.ndarray) -> np.ndarray:
    return np.array([_seat(deals, p) for p in range((deals.shape[1] - 5) // 2)])


def test_the_board_network_sorts_every_zero_one_input():
    # the 0-1 principle: a comparator network that sorts every 0-1 sequence sorts every sequence
    for bits in itertools.product((0, 1), repeat=5):
        x = list(bits)
        for i, j in BOARD_NETWORK:
            x[i], x[j] = min(x[i], x[j]), max(x[i], x[j])
        assert x == sorted(x)
    assert len(BOARD_NETWORK) == 9


@pytest.mark.parametrize("n_seats", [1, 2, 6])
def test_random_deals_agree_with_the_oracle(n_seats):
    rng = np.random.default_rng(40 + n_seats)
    for b in range(25):
        deals = np.argsort(rng.random((WIDTH, 52)), axis=1)[:, :5 + 2 * n_seats]
        board_at = [int(r) for r in rng.permutation(np.arange(5, dtype=np.int64) * 2 + b % 2)]
        dealt, board_rows, hole_rows = _block(deals, board_at)
        got = _classes(dealt, board_rows, hole_rows, tables.get())
        np.testing.assert_array_equal(got, _expected(deals))


def _hand(ranks_suits):
    return [4 * r + s for r, s in ranks_suits]


# Boards and holes where the walk's parts each decide: flushes of every suit (two suits to a word, so
# both halves of both words), a flush and a straight flush made by the hole cards alone or with a board
# of four suited cards, quads and full houses split between board and hole, wheels, a board that plays.
SHAPES = [
    (_hand([(12, s), (11, s), (10, s), (2, (s + 1) % 4), (3, (s + 2) % 4)]), _hand([(9, s), (8, s)]))
    for s in range(4)
] + [
    (_hand([(12, 0), (5, 0), (7, 0), (1, 0), (9, 1)]), _hand([(3, 0), (3, 1)])),
    (_hand([(12, 2), (5, 2), (7, 2), (1, 3), (9, 3)]), _hand([(3, 3), (4, 3)])),
    (_hand([(0, 0), (1, 1), (2, 2), (3, 3), (9, 0)]), _hand([(12, 1), (8, 2)])),
    (_hand([(0, 3), (1, 3), (2, 3), (3, 3), (9, 0)]), _hand([(12, 3), (8, 2)])),
    (_hand([(6, 0), (6, 1), (6, 2), (2, 0), (2, 1)]), _hand([(6, 3), (2, 2)])),
    (_hand([(6, 0), (6, 1), (11, 2), (2, 0), (2, 1)]), _hand([(11, 3), (11, 1)])),
    (_hand([(8, 0), (9, 1), (10, 2), (11, 3), (12, 0)]), _hand([(0, 1), (1, 2)])),
    (_hand([(12, 0), (12, 1), (12, 2), (12, 3), (11, 0)]), _hand([(10, 1), (10, 2)])),
]


def test_hands_where_each_part_of_the_walk_decides():
    deals = np.array([board + hole for board, hole in (SHAPES * 2)[:WIDTH]], np.int64)
    dealt, board_rows, hole_rows = _block(deals, [0, 1, 2, 3, 4])
    got = _classes(dealt, board_rows, hole_rows, tables.get())
    np.testing.assert_array_equal(got, _expected(deals))


def test_a_ranged_seat_reads_its_cards_from_its_lanes_rows():
    rng = np.random.default_rng(9)
    n_rows, width = 300, 64
    row_cards = np.zeros((n_rows, width), np.uint8)
    for b in range(10):
        deals = np.argsort(rng.random((WIDTH, 52)), axis=1)[:, :9]  # board, a seat's two, another's two
        rows = rng.choice(n_rows - 1, WIDTH, replace=False).astype(np.int64)
        rows[b % WIDTH] = n_rows - 1  # the last row too: its read stays inside the table
        for j in range(WIDTH):  # row j holds the two seats' combos at bytes 0-3, noise after
            row_cards[rows[j], :4] = deals[j, 5:9]
            row_cards[rows[j], 4:] = rng.integers(0, 52, width - 4)
        dealt, board_rows, _ = _block(deals[:, :5], [4, 3, 2, 1, 0])
        t = tables.get()
        for seat, at in ((0, 0), (1, 2)):
            got = _held_classes(dealt, board_rows, row_cards, rows[None, :], at, t)
            assert got.tolist() == _seat(deals, seat), (b, seat)


def test_short_deck_tables_walk_the_same_way():
    rng = np.random.default_rng(12)
    t = shortdeck.tables()
    for _ in range(5):
        deals = 16 + np.argsort(rng.random((WIDTH, 36)), axis=1)[:, :9]
        dealt, board_rows, hole_rows = _block(deals, [0, 1, 2, 3, 4])
        got = _classes(dealt, board_rows, hole_rows, t)
        want = [_seat(deals, p, shortdeck.evaluate_short) for p in range(2)]
        np.testing.assert_array_equal(got, want)
