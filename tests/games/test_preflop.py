"""Tests of the exact preflop table: regenerated (tools.preflop_gen) and compared with the shipped file,
known values looked up (equity.games.holdem.preflop), the invariant that the average hand has equity 1/2,
the class helpers (equity.classes), and each step of the method against a naive count."""

from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path

import numpy as np
import pytest

from equity import classes
from equity.cards import parse_cards
from equity.errors import HandSizeError, RangeError
from equity.evaluators import tables
from equity.evaluators.high import evaluate_many
from equity.games.holdem import preflop, preflop_table
from tools import preflop_gen


@pytest.fixture(scope="module")
def generated():
    return preflop_gen.generate()


@pytest.fixture(scope="module")
def boards():
    return preflop_gen.canonical_boards()


def _equity(name: str, total: int) -> Fraction:
    return Fraction(total, classes.n_combos(name) * preflop_gen.DENOMINATOR_PER_COMBO)


@pytest.mark.slow
def test_shipped_table_is_regenerated_exactly(generated):
    assert generated == list(preflop_table.RANKED)
    assert preflop_gen.render_table(generated) == Path(preflop_table.__file__).read_text()
    assert preflop_table.DENOMINATOR_PER_COMBO == preflop_gen.DENOMINATOR_PER_COMBO == 2 * 2_118_760 * 990


def test_known_values():
    assert round(100 * preflop.equity_vs_random("AA"), 4) == 85.2037
    assert round(100 * preflop.equity_vs_random("72o"), 4) == 34.5836
    assert round(100 * preflop.equity_vs_random("KK"), 1) == 82.4
    ranked = preflop.ranked_classes()
    assert ranked[0] == "AA" and ranked[-1] == "32o"


def test_combo_weighted_mean_is_exactly_half():
    mean = sum(classes.n_combos(name) * _equity(name, total) for name, total in preflop_table.RANKED) / 1326
    assert mean == Fraction(1, 2)


def test_169_distinct_classes_best_first():
    names = [name for name, _ in preflop_table.RANKED]
    assert len(names) == 169 and sorted(names) == sorted(classes.CLASS_NAMES)
    equities = [_equity(name, total) for name, total in preflop_table.RANKED]
    assert len(set(equities)) == 169
    assert equities == sorted(equities, reverse=True)
    assert preflop.ranked_classes() == names


def test_class_names_and_combos():
    assert sum(classes.n_combos(name) for name in classes.CLASS_NAMES) == 1326
    combos = [pair for name in classes.CLASS_NAMES for pair in classes.class_combos(name)]
    assert sorted(combos) == sorted((a, b) for a in range(52) for b in range(a))
    names = classes.CLASS_NAMES
    index = classes.class_index
    assert all(names[index(a, b)] == names[index(b, a)] == classes.hand_class((a, b)) for a, b in combos)
    table = classes.class_index_table()
    assert all(table[a << 6 | b] == table[b << 6 | a] == classes.class_index(a, b) for a, b in combos)
    assert classes.class_combos("AKs") == [(48 + s, 44 + s) for s in range(4)]
    assert classes.class_name("kas") == "AKs"
    assert preflop.equity_vs_random("27o") == preflop.equity_vs_random("72o")
    for bad in ("AAs", "AK", "AKx", "A1o", "", "AKs2"):
        with pytest.raises(RangeError) as info:
            classes.class_name(bad)
        assert repr(bad) in str(info.value) or f"'{bad}'" in str(info.value)


def _suit_major_mask(cards) -> int:
    return sum(1 << (13 * (c & 3) + (c >> 2)) for c in cards)


def _images(cards) -> set[int]:
    """The suit-major masks of the board under all 24 suit permutations."""
    return {_suit_major_mask(4 * (c >> 2) + perm[c & 3] for c in cards) for perm in permutations(range(4))}


def test_canonical_boards_cover_every_board_once(boards):
    cards, weights = boards
    assert cards.shape == (134_459, 5) == (preflop_gen.N_CANONICAL_BOARDS, 5)
    assert int(weights.sum()) == 2_598_960
    masks = {_suit_major_mask(row): i for i, row in enumerate(cards.tolist())}
    assert len(masks) == len(cards)
    rng = np.random.default_rng(7)
    for i in rng.choice(len(cards), 300, replace=False).tolist():
        images = _images(cards[i].tolist())
        assert _suit_major_mask(cards[i].tolist()) == min(images)
        assert weights[i] == len(images)
    for _ in range(300):  # a random board's orbit has exactly one canonical board, of its orbit size
        board = rng.choice(52, 5, replace=False).tolist()
        images = _images(board)
        assert weights[masks[min(images)]] == len(images)


def _naive_scores(board: list[int]) -> dict[tuple[int, int], int]:
    """``2 * wins + ties`` of every holding against every disjoint holding: an O(n^2) count with values
    from the public evaluator."""
    rest = [c for c in range(52) if c not in board]
    holdings = np.array(list(combinations(rest, 2)))
    values = evaluate_many(np.concatenate([np.tile(board, (len(holdings), 1)), holdings], axis=1)).astype(int)
    a, b = holdings[:, 0], holdings[:, 1]
    disjoint = ((a[:, None] != a[None, :]) & (a[:, None] != b[None, :])
                & (b[:, None] != a[None, :]) & (b[:, None] != b[None, :]))
    assert (disjoint.sum(axis=1) == 990).all()
    wins = (disjoint & (values[:, None] < values[None, :])).sum(axis=1)
    ties = (disjoint & (values[:, None] == values[None, :])).sum(axis=1)
    return {(int(x), int(y)): int(2 * w + t) for x, y, w, t in zip(a, b, wins, ties, strict=True)}


BOARDS = ["AsKsQsJsTs", "2c2d2h2s3c", "7c7d7h8c8d", "2c3d4h5s7c", "AcAdKhKs9c", "5h6h7h8h9c"]


@pytest.mark.parametrize("board", BOARDS + [f"random-{seed}" for seed in range(4)])
def test_board_scores_match_naive_count(board):
    if board.startswith("random"):
        cards = np.random.default_rng(int(board.split("-")[1])).choice(52, 5, replace=False).tolist()
    else:
        cards = parse_cards(board)
    holdings, values, scores = preflop_gen.board_scores(cards)
    assert holdings.shape == (1081, 2) and (np.diff(values) >= 0).all()
    expected = _naive_scores(cards)
    got = {(int(x), int(y)): int(s) for (x, y), s in zip(holdings, scores, strict=True)}
    assert got == expected
    evaluated = evaluate_many(np.concatenate([np.tile(cards, (1081, 1)), holdings], axis=1))
    assert (values == evaluated).all()


def _board_class_totals(cards: list[int]) -> np.ndarray:
    holdings, _, scores = preflop_gen.board_scores(cards)
    totals = np.zeros(169, np.int64)
    for (a, b), score in zip(holdings.tolist(), scores.tolist(), strict=True):
        totals[classes.class_index(a, b)] += score
    return totals


def test_class_totals_are_invariant_under_suit_relabelling():
    rng = np.random.default_rng(11)
    for _ in range(3):
        board = rng.choice(52, 5, replace=False).tolist()
        perm = rng.permutation(4).tolist()
        relabelled = [4 * (c >> 2) + perm[c & 3] for c in board]
        assert (_board_class_totals(board) == _board_class_totals(relabelled)).all()


def test_chunk_totals_weight_and_sum_board_scores(boards):
    cards, weights = boards
    pick = np.random.default_rng(5).choice(len(cards), 12, replace=False)
    out = np.empty(169, np.int64)
    preflop_gen._chunk_totals(cards[pick], weights[pick], tables.get(), classes.class_index_table(), out)
    expected = sum(int(weights[i]) * _board_class_totals(cards[i].tolist()) for i in pick)
    assert (out == expected).all()


def test_board_scores_validates():
    with pytest.raises(HandSizeError):
        preflop_gen.board_scores("AsKsQs")
    with pytest.raises(ValueError):
        preflop_gen.class_totals(0)
