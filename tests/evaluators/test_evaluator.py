import hashlib
from itertools import combinations

import naive
import numpy as np
import pytest
from conftest import random_hands
from hypothesis import given, settings
from hypothesis import strategies as st

from equity.cards import parse_cards
from equity.errors import CardError, DuplicateCardError, EquityError, HandSizeError
from equity.evaluators import tables
from equity.evaluators.high import (
    LANES,
    _evaluate_rows,
    _walk,
    all_five_card_classes,
    category,
    category_index,
    describe,
    evaluate,
    evaluate_many,
    seven_card_histogram,
)

LAST = np.array([10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462])


def categories(hist: np.ndarray) -> list[int]:
    cats = np.searchsorted(LAST, np.arange(1, 7463))
    return np.bincount(cats, weights=hist[1:], minlength=9).astype(np.int64).tolist()


@pytest.fixture(scope="module")
def five():
    return all_five_card_classes()


def test_all_five_card_hands_by_category(five):
    assert len(five) == 2_598_960
    assert len(np.unique(five)) == 7462
    assert categories(np.bincount(five, minlength=7463)) == [
        40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]


@pytest.mark.slow
def test_all_five_card_hands_agree_with_the_oracle(five):
    # One oracle call per (rank multiset, flush?) pattern; every hand is checked against it.
    memo = {}
    for i, hand in enumerate(combinations(range(52), 5)):
        key = (tuple(sorted(c >> 2 for c in hand)), len({c & 3 for c in hand}) == 1)
        expected = memo.get(key)
        if expected is None:
            expected = memo[key] = naive.naive_class(hand)
        assert five[i] == expected, hand
    assert len(memo) == 7462


# Pinned digest of all 2,598,960 five-card classes (int16 little-endian, hands in lexicographic order
# of card ids). Confirmed against tests/naive.py by the test above.
FIVE_CARD_DIGEST = "af14c746cc10125be8d2b9eac27f2f5ebeb464d28756f0a2c0f5ffe5192746fc"


def test_five_card_digest(five):
    assert hashlib.sha256(five.astype("<i2").tobytes()).hexdigest() == FIVE_CARD_DIGEST


def test_all_seven_card_hands_by_category():
    hist = seven_card_histogram()
    assert hist.sum() == 133_784_560
    assert np.count_nonzero(hist) == 4824
    assert categories(hist) == [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400,
                                58627800, 23294460]


@pytest.mark.slow
@pytest.mark.parametrize(("m", "n", "seed"), [(5, 50_000, 1), (6, 50_000, 2), (7, 100_000, 3)])
def test_random_hands_agree_with_the_oracle(m, n, seed):
    hands = random_hands(n, m, seed)
    got = evaluate_many(hands)
    for hand, value in zip(hands.tolist(), got.tolist(), strict=True):
        assert value == naive.naive_class(hand), hand


EDGE_CASES = {
    "wheel": "Ah 2c 3d 4h 5s Kd Kc",
    "steel wheel": "Ah 2h 3h 4h 5h Kd Kc",
    "six-high straight over wheel": "Ah 2c 3d 4h 5s 6c Kd",
    "three pairs, a lone card kicks": "Kh Kd 9c 9s 2h 2d Qc",
    "three pairs, third pair is the kicker": "Kh Kd 9c 9s Th Td 2c",
    "two sets of trips": "Kh Kd Kc 9s 9h 9d 2c",
    "quads beside trips": "7h 7d 7c 7s 9h 9d 9c",
    "quads beside a pair": "7h 7d 7c 7s Ah Ad 2c",
    "quads, kicker from the board": "7h 7d 7c 7s 2h 2d Kc",
    "six-card flush": "Ah Kh 9h 7h 4h 2h Kd",
    "seven-card flush": "Ah Kh 9h 7h 4h 3h 2h",
    "flush beside a straight": "9h 8h 7c 6h 5h 2h Td",
    "straight flush hidden in a six-card flush": "9h 8h 7h 6h 5h Ah Kc",
    "straight flush below a higher flush": "2c 3c 4c 5c 6c Kc Ac",
    "full house from trips and two pairs": "Qh Qd Qc 5s 5h 8d 8c",
    "five-card hand": "Ah Kd Qc Js 9h",
    "six-card hand": "Ah Ad Kc Ks 9h 9d",
}


@pytest.mark.parametrize("name", EDGE_CASES)
def test_edge_cases_agree_with_the_oracle(name):
    cards = parse_cards(EDGE_CASES[name])
    assert evaluate(cards) == naive.naive_class(cards)


@pytest.mark.parametrize(
    ("cards", "value", "text"),
    [
        ("AsKsQsJsTs", 1, "Royal Flush"),
        ("5h4h3h2hAh", 10, "Five-high Straight Flush"),
        ("AhAdAcAsKd", 11, "Four of a Kind, Aces"),
        ("KhKdKc9s9h", None, "Full House, Kings over Nines"),
        ("Kh Kd 9c 9s 2h 3d 4c", None, "Two Pair, Kings and Nines"),
        ("7c8d9hTsJc", None, "Jack-high Straight"),
        ("Ah2c3d4h5s", 1609, "Five-high Straight"),
        ("2c3c4c5c7c", 1599, "Seven-high Flush"),
        ("7c5d4h3s2c", 7462, "High Card, Seven"),
        ("TcTd2h3s4c", None, "One Pair, Tens"),
        ("9c9d9h3s4c", None, "Three of a Kind, Nines"),
    ],
)
def test_descriptions(cards, value, text):
    got = evaluate(cards)
    if value is not None:
        assert got == value
    assert describe(got) == text


def test_categories():
    assert [category(v) for v in (1, 10, 11, 166, 167, 322, 323, 1599, 1600, 1609, 1610, 2467,
                                  2468, 3325, 3326, 6185, 6186, 7462)] == [
        "Straight Flush", "Straight Flush", "Four of a Kind", "Four of a Kind", "Full House",
        "Full House", "Flush", "Flush", "Straight", "Straight", "Three of a Kind",
        "Three of a Kind", "Two Pair", "Two Pair", "One Pair", "One Pair", "High Card",
        "High Card"]
    assert category_index(7462) == 8
    for bad in (0, 7463):
        with pytest.raises(ValueError, match="1..7462"):
            category(bad)


def test_python_walk_matches_the_kernel():
    hands = random_hands(20_000, 7, 9)
    t = tables.get()
    out = np.empty(len(hands), np.int16)
    _evaluate_rows(hands, t, out)
    assert [_walk(h, t) for h in hands.tolist()] == out.tolist()


def test_parallel_and_serial_batches_agree():
    hands = random_hands(200_000, 7, 4)
    assert np.array_equal(evaluate_many(hands), evaluate_many(hands, parallel=False))


@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True), st.randoms(),
       st.permutations(range(4)))
@settings(max_examples=300, deadline=None)
def test_order_and_suit_relabelling_do_not_matter(cards, rnd, perm):
    value = evaluate(cards)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled) == value
    assert evaluate([(c & ~3) | perm[c & 3] for c in cards]) == value


@pytest.mark.parametrize(
    ("cards", "error", "needle"),
    [
        ("AsKsQsJs", HandSizeError, "5 to 7 cards; got 4"),
        ("AsKsQsJsTs9s8s7s", HandSizeError, "got 8"),
        ("", HandSizeError, "got 0"),
        ("AsKsQsJsAs", DuplicateCardError, "As appears twice"),
        ("AsKsQsJsZs", CardError, "'Zs'"),
        ([1, 2, 3, 4, 99], CardError, "99"),
    ],
)
def test_bad_hands(cards, error, needle):
    with pytest.raises(error) as info:
        evaluate(cards)
    assert needle in str(info.value)
    assert isinstance(info.value, EquityError)


def test_evaluate_many_validates():
    with pytest.raises(HandSizeError):
        evaluate_many(np.zeros((3, 4), np.uint8))
    with pytest.raises(CardError, match="row 1"):
        evaluate_many(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 52]]))
    with pytest.raises(DuplicateCardError, match="row 0"):
        evaluate_many(np.array([[0, 1, 2, 3, 3]]))
    assert evaluate_many(np.zeros((0, 7), np.uint8)).shape == (0,)



@pytest.mark.parametrize("n", [1, LANES - 1, LANES, LANES + 1, 3 * LANES + 5])
@pytest.mark.parametrize("m", [5, 6, 7])
def test_lanes_and_the_rows_left_over_agree_with_the_oracle(n, m):
    # 7-card rows go LANES at a time, the rest (and 5- and 6-card rows) one by one.
    hands = random_hands(n, m, 1000 * m + n)
    out = np.empty(n, np.int16)
    _evaluate_rows(hands, tables.get(), out)
    assert out.tolist() == [naive.naive_class(h) for h in hands.tolist()]


def test_flush_beside_other_categories_takes_the_minimum():
    # The class is min(suited class, rank class): a flush beats the straight and the pair on its ranks.
    for cards in ("9h8h7c6h5h2hTd", "AhKhQhJh9h9c9d", "2c3c4c5c6c6d6h", "AsAhAdKsQsJs9s"):
        assert evaluate(cards) == naive.naive_class(parse_cards(cards)), cards


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("n", [7, 32, 100, 70_000])
def test_evaluate_many_names_the_first_row_that_repeats_a_card(size, n):
    # The kernel finds repeats as it walks (the suit word's masks then hold fewer bits than the hand has
    # cards), in the lanes and in the tail, serial and parallel; the expected row comes from a plain
    # check of each row.
    rng = np.random.default_rng(size * n)
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)
    assert len(evaluate_many(hands)) == n
    for row in sorted({0, n // 3, n - 1}, reverse=True):
        col = row % size
        hands[row, col] = hands[row, (col + 1) % size]  # a repeat, every position over the cases
        first = next(i for i, h in enumerate(hands.tolist()) if len(set(h)) < size)
        for parallel in (False, True):
            with pytest.raises(DuplicateCardError, match=f"row {first} repeats a card"):
                evaluate_many(hands, parallel=parallel)
