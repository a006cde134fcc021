from itertools import combinations

import naive
import numpy as np
import pytest

from equity.cards import parse_cards
from equity.errors import CardError, DuplicateCardError, HandSizeError
from equity.evaluators import tables
from equity.evaluators.high import category, evaluate_many
from equity.evaluators.omaha import _omaha_rows, evaluate_omaha, evaluate_omaha_many

SIZES = (4, 5, 6)


def deal(n: int, h: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random (holes (n, h), boards (n, 5)) uint8 rows of distinct cards: a partial Fisher-Yates
    shuffle of one deck per row, vectorised over rows."""
    rng = np.random.default_rng(seed)
    deck = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for j in range(h + 5):
        pick = rng.integers(j, 52, n)
        deck[rows, j], deck[rows, pick] = deck[rows, pick], deck[rows, j]
    return deck[:, :h].copy(), deck[:, h:h + 5].copy()


def best_of_subsets(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The second implementation: every two-hole, three-board five-card hand through the hold'em
    evaluator, min-reduced with numpy."""
    best = np.full(len(holes), 0x7FFF, np.int16)
    for two in combinations(range(holes.shape[1]), 2):
        for three in combinations(range(5), 3):
            five = np.hstack([holes[:, two], boards[:, three]])
            np.minimum(best, evaluate_many(five), out=best)
    return best


@pytest.mark.slow
@pytest.mark.parametrize("h", SIZES)
def test_random_hands_match_the_oracle(h):
    holes, boards = deal(3_000, h, seed=100 + h)
    got = evaluate_omaha_many(holes, boards)
    expected = [naive.naive_omaha(hole.tolist(), board.tolist())
                for hole, board in zip(holes, boards, strict=True)]
    assert got.tolist() == expected


@pytest.mark.slow
@pytest.mark.parametrize("h", SIZES)
def test_a_million_random_hands_match_the_best_of_holdem_subsets(h):
    holes, boards = deal(1_000_000, h, seed=200 + h)
    got = evaluate_omaha_many(holes, boards)
    assert got.dtype == np.int16
    np.testing.assert_array_equal(got, best_of_subsets(holes, boards))
    # The extremes of the scale turn up, and no row is left at the no-hand value.
    assert {category(int(v)) for v in np.unique(got)} >= {"Straight Flush", "High Card", "Four of a Kind"}
    assert 1 <= got.min() and got.max() <= 7462


@pytest.mark.parametrize("h", SIZES)
def test_serial_parallel_and_one_at_a_time_agree(h):
    holes, boards = deal(100_000, h, seed=300 + h)
    parallel = evaluate_omaha_many(holes, boards)
    np.testing.assert_array_equal(evaluate_omaha_many(holes, boards, parallel=False), parallel)
    out = np.empty(1_000, np.int16)
    _omaha_rows(holes[:1_000], boards[:1_000], tables.get(), out)
    np.testing.assert_array_equal(out, parallel[:1_000])
    for i in range(50):
        assert evaluate_omaha(holes[i].tolist(), boards[i].tolist()) == parallel[i]


def test_value_is_unchanged_by_card_order_and_suit_relabelling():
    rng = np.random.default_rng(400)
    holes, boards = deal(20_000, 6, seed=401)
    base = evaluate_omaha_many(holes, boards)
    shuffled = evaluate_omaha_many(rng.permuted(holes, axis=1), rng.permuted(boards, axis=1))
    np.testing.assert_array_equal(shuffled, base)
    suits = np.array([2, 0, 3, 1], np.uint8)
    relabel = lambda cards: (cards & ~np.uint8(3)) | suits[cards & 3]  # noqa: E731
    np.testing.assert_array_equal(evaluate_omaha_many(relabel(holes), relabel(boards)), base)


def cls(five: str) -> int:
    """The expected class, from the oracle on five explicitly chosen cards."""
    return naive.naive_class(parse_cards(five))


@pytest.mark.parametrize(("hole", "board", "five", "name"), [
    # Four hearts in hand and one on board: no flush (and no straight) -- ace-king high.
    ("AhKh7h6h", "Th9c4d2s3c", "AhKhTh9c4d", "High Card"),
    # ... while three hearts on board make one with any two hearts in hand.
    ("AhKh7c6d", "Th9h4h2s3c", "AhKhTh9h4h", "Flush"),
    # One hole heart to a four-heart royal board is not a flush: two hole cards, three from the board.
    ("Ah4s3d2c", "KhQhJhTh5c", "Ah4sKhQhJh", "High Card"),
    # Board quads play as trips with a best two-card kicker, never as quads.
    ("AhKdQs3c", "9c9d9h9s2c", "9c9d9hAhKd", "Three of a Kind"),
    # A pocket pair with board quads: a full house, nines full.
    ("2d2hKdQs", "9c9d9h9s2c", "9c9d9h2d2h", "Full House"),
    # Quads need two of them in hand with a board pair, or one in hand with board trips.
    ("9c9dAhKs", "9h9s5c3d2h", "9c9d9h9s5c", "Four of a Kind"),
    ("9sAhKd2c", "9c9d9h7s5c", "9s9c9d9hAh", "Four of a Kind"),
    # A straight on board doesn't count: two aces and three board cards.
    ("AcAdKhKs", "5c6d7h8s9c", "AcAd9c8s7h", "One Pair"),
    # Two hole cards that complete a straight with three board cards do.
    ("JcTd3hKs", "5c6d7h8s9c", "JcTd9c8s7h", "Straight"),
    ("Qc4d3hAs", "5c6d7h8sKc", "4d3h5c6d7h", "Straight"),
    # Four aces in hand are one pair of aces.
    ("AcAdAhAs", "Kc8d6h4s2c", "AcAdKc8d6h", "One Pair"),
    # PLO5 and PLO6: still exactly two; a flush needs two suited hole cards with three suited board cards.
    ("AhKcQdJs2h", "Th9h8h3c4d", "Ah2hTh9h8h", "Flush"),
    ("AhAcAdKsKhKd", "2c3c7h8sTd", "AhAcTd8s7h", "One Pair"),
])
def test_omaha_rule(hole, board, five, name):
    expected = cls(five)
    assert category(expected) == name
    assert evaluate_omaha(hole, board) == expected
    assert naive.naive_omaha(parse_cards(hole), parse_cards(board)) == expected
    assert evaluate_omaha_many([parse_cards(hole)], [parse_cards(board)]).tolist() == [expected]


def test_accepts_strings_card_lists_and_ids():
    ids = parse_cards("AsKsQsJs"), parse_cards("Ts9s2c3d4h")
    assert evaluate_omaha("As Ks Qs Js", "Ts,9s,2c,3d,4h") == evaluate_omaha(*ids) == \
        evaluate_omaha(["As", "Ks", "Qs", "Js"], ["Ts", "9s", "2c", "3d", "4h"])


@pytest.mark.parametrize(("hole", "board", "error", "message"), [
    ("AhKh", "2c3c4c5c6c", HandSizeError, r"an Omaha hole has 4 to 6 cards; got 2 in hole 'AhKh'"),
    ("AhKhQhJhTh9h8h", "2c3c4c5c6c", HandSizeError, r"4 to 6 cards; got 7"),
    ("AhKhQhJh", "2c3c4c5c", HandSizeError, r"an Omaha board has exactly 5 cards; got 4 in board '2c3c4c5c'"),
    ("AhKhQhJh", "2c3c4c5c6c7c", HandSizeError, r"exactly 5 cards; got 6"),
    ("AhKhQhJh", "2c3cAh5c6c", DuplicateCardError, r"card Ah appears twice in the hole cards and the board"),
    ("AhAhQhJh", "2c3c4c5c6c", DuplicateCardError, r"card Ah appears twice in hole 'AhAhQhJh'"),
    ("AhKhQhXx", "2c3c4c5c6c", CardError, r"'Xx'"),
    ([51, 50, 49, 52], [0, 1, 2, 3, 4], CardError, r"52"),
])
def test_bad_single_hands(hole, board, error, message):
    with pytest.raises(error, match=message):
        evaluate_omaha(hole, board)


def good_rows(n: int = 4) -> tuple[np.ndarray, np.ndarray]:
    return deal(n, 4, seed=500)


@pytest.mark.parametrize(("change", "error", "message"), [
    (lambda h, b: (h[:, :3], b), HandSizeError, r"holes must have shape \(n, 4..6\); got \(4, 3\)"),
    (lambda h, b: (np.hstack([h, h[:, :3] ^ 1]), b), HandSizeError, r"got \(4, 7\)"),
    (lambda h, b: (h[0], b), HandSizeError, r"holes must have shape \(n, 4..6\); got \(4,\)"),
    (lambda h, b: (h, b[:, :4]), HandSizeError, r"boards must have shape \(n, 5\); got \(4, 4\)"),
    (lambda h, b: (h, b[:3]), HandSizeError, r"same number of rows; got 4 and 3"),
    (lambda h, b: (np.where(np.arange(4)[:, None] == 2, 60, h), b), CardError, r"row 2 of holes .*60"),
    (lambda h, b: (h, np.where(np.arange(4)[:, None] == 1, -1, b.astype(int))), CardError,
     r"row 1 of boards .*-1"),
    (lambda h, b: (h.astype(float), b), CardError, r"integer card ids"),
    (lambda h, b: (h, np.where(np.arange(4)[:, None] == 3, h[:, :1], b)), DuplicateCardError,
     r"row 3 repeats a card"),
    (lambda h, b: (np.where(np.arange(4)[:, None] == 0, h[:, :1], h), b), DuplicateCardError,
     r"row 0 repeats a card"),
    (lambda h, b: (h, np.where(np.arange(4)[:, None] == 2, b[:, :1], b)), DuplicateCardError,
     r"row 2 repeats a card"),
])
def test_bad_rows_name_the_first_offending_row(change, error, message):
    holes, boards = change(*good_rows())
    with pytest.raises(error, match=message):
        evaluate_omaha_many(holes, boards)


def test_empty_input():
    out = evaluate_omaha_many(np.empty((0, 5), np.uint8), np.empty((0, 5), np.uint8))
    assert out.shape == (0,) and out.dtype == np.int16


def test_pair_table_entries_match_the_oracle():
    """The pair tables' contents, entry by entry on a seeded sample, against the plain-Python oracle:
    a non-flush entry is the best of the board's triples with the hole pair, the cards suited so that no
    five share a suit; a flush entry the best all-spades hand of the pair with three of the mask's ranks."""
    from equity.evaluators.omaha_tables import FIRST_FIVE, N_PAIRS, N_SUITED_PAIRS, pair_tables

    t = tables.get()
    pt = pair_tables(t)
    rng = np.random.default_rng(500)
    checked = 0
    while checked < 400:
        board = sorted(rng.integers(0, 13, 5).tolist())
        a, b = sorted(rng.integers(0, 13, 2).tolist(), reverse=True)
        counts = np.bincount(board + [a, b], minlength=13)
        if counts.max() > 4 or board.count(board[0]) == 5:
            continue
        node = 0
        for r in board:
            node = int(t.rank_step[node + r])
        row = (node // 13 - FIRST_FIVE) * N_PAIRS
        # Suits go round in rank order: equal ranks get different suits, and no suit gets five of seven.
        ranks = sorted(board + [a, b])
        cards = [4 * r + i % 4 for i, r in enumerate(ranks)]
        first = ranks.index(a)
        pair_cards = [cards[first], cards[first + 1] if a == b else cards[ranks.index(b)]]
        board_cards = [c for c in cards if c not in pair_cards]
        expected = min(naive.naive_class(pair_cards + list(three)) for three in combinations(board_cards, 3))
        assert pt.pair[row + pt.pair_of[13 * a + b]] == expected, (board, a, b)
        checked += 1
    for _ in range(300):
        size = int(rng.integers(3, 6))
        ranks = rng.choice(13, size + 2, replace=False).tolist()
        mask_ranks, (a, b) = ranks[:size], ranks[size:]
        mask = sum(1 << r for r in mask_ranks)
        expected = min(naive.naive_class([4 * a + 3, 4 * b + 3] + [4 * r + 3 for r in three])
                       for three in combinations(mask_ranks, 3))
        assert pt.flush[mask * N_SUITED_PAIRS + pt.suited_of[13 * max(a, b) + min(a, b)]] == expected
