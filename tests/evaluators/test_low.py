import random
from fractions import Fraction
from itertools import combinations

import naive
import numpy as np
import pytest

from equity.cards import parse_cards
from equity.errors import CardError, DuplicateCardError, EquityError, HandSizeError
from equity.evaluators.low import (
    NO_LOW,
    NUT_LOW,
    WORST_LOW,
    LowTables,
    _hand_mask,
    _omaha_low_rows,
    describe_low,
    evaluate_omaha_low,
    evaluate_omaha_low_many,
    low_category,
    low_ranks,
    low_tables,
)

SIZES = (4, 5, 6)
LOW_CARDS = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]  # A and 2..8


def popcount(masks: np.ndarray) -> np.ndarray:
    return sum((masks >> k) & 1 for k in range(8))


def mask_of_ranks(ranks: tuple[int, ...]) -> int:
    """The low value of low ranks given as 1 (ace) .. 8."""
    return sum(1 << (r - 1) for r in set(ranks))


def rank_brute_force() -> np.ndarray:
    """(256, 256) the best low for every (hole mask, board mask), from every choice of two ranks for the
    hole and three other ranks for the board: the least five-rank mask that both masks can supply."""
    masks = np.arange(256)
    holes, boards = masks[:, None], masks[None, :]
    best = np.full((256, 256), NO_LOW)
    for two in combinations(range(1, 9), 2):
        for three in combinations(sorted(set(range(1, 9)) - set(two)), 3):
            p, t = mask_of_ranks(two), mask_of_ranks(three)
            assert mask_of_ranks(two + three) == p | t and len(low_ranks(p | t)) == 5
            fits = ((holes & p) == p) & ((boards & t) == t)
            best = np.where(fits, np.minimum(best, p | t), best)
    return best


def naive_ranks(key) -> tuple[int, ...]:
    return () if key is None else key


def deals(rng: random.Random, n: int, h: int, deck: list[int]) -> list[tuple[list[int], list[int]]]:
    out = []
    for _ in range(n):
        cards = rng.sample(deck, h + 5)
        out.append((cards[:h], cards[h:]))
    return out


# ---------------------------------------------------------------------------------------------
# The tables


def test_the_omaha_table_matches_a_rank_brute_force_on_every_entry():
    lt = low_tables()
    assert isinstance(lt, LowTables)
    assert lt.omaha.dtype == np.uint8 and lt.omaha.shape == (65_536,)
    np.testing.assert_array_equal(lt.omaha.reshape(256, 256), rank_brute_force())


def test_low_bit_per_card():
    lt = low_tables()
    assert lt.low_bit.dtype == np.uint8 and lt.low_bit.shape == (52,)
    for card in range(52):
        rank = card >> 2
        expected = 1 if rank == 12 else 1 << (rank + 1) if rank <= 6 else 0
        assert lt.low_bit[card] == expected, card
    assert np.bincount(lt.low_bit, minlength=256)[[0, 1, 2, 4, 8, 16, 32, 64, 128]].tolist() == [20] + [4] * 8


def test_possible_and_no_low_invariants():
    lt = low_tables()
    masks = np.arange(256)
    table = lt.omaha.reshape(256, 256).astype(np.int64)
    assert lt.possible.dtype == np.uint8 and lt.possible.shape == (256,)
    np.testing.assert_array_equal(lt.possible, (popcount(masks) >= 3).astype(np.uint8))
    # A board allows a low exactly when some hole mask makes one on it.
    np.testing.assert_array_equal(lt.possible, (table < NO_LOW).any(0))
    holes, boards = masks[:, None], masks[None, :]
    impossible = (popcount(holes) < 2) | (popcount(boards) < 3) | (popcount(holes | boards) < 5)
    assert (table[np.broadcast_to(impossible, table.shape)] == NO_LOW).all()
    lows = table[table != NO_LOW]
    assert lows.min() == NUT_LOW and lows.max() == WORST_LOW
    assert (popcount(lows) == 5).all()
    # Each low uses ranks the hole and the board have, at least two of the hole's and three of the board's.
    h, b = np.nonzero(table != NO_LOW)
    v = table[h, b]
    assert ((v & ~(h | b)) == 0).all()
    assert (popcount(v & h) >= 2).all() and (popcount(v & b) >= 3).all()
    # More low ranks never make a low worse.
    for bit in (1 << k for k in range(8)):
        assert (table[masks | bit, :] <= table).all()
        assert (table[:, masks | bit] <= table).all()


def test_tables_are_built_once():
    assert low_tables() is low_tables()


# ---------------------------------------------------------------------------------------------
# Against the oracle


@pytest.mark.parametrize("h", SIZES)
def test_random_hands_match_the_oracle(h):
    rng = random.Random(500 + h)
    hands = deals(rng, 2_000, h, list(range(52))) + deals(rng, 2_000, h, LOW_CARDS + [28, 32, 44, 45])
    values = [evaluate_omaha_low(hole, board) for hole, board in hands]
    keys = [naive.omaha_low(hole, board) for hole, board in hands]
    assert [low_ranks(v) for v in values] == [naive_ranks(k) for k in keys]
    # The same order: sorting by value and by the oracle's key (None last) agree, ties included.
    assert len({k for k in keys if k is not None}) > 40 and None in keys
    pairs = sorted({(v, (9,) if k is None else k) for v, k in zip(values, keys, strict=True)})
    assert [k for _, k in pairs] == sorted(k for _, k in pairs)
    assert len({v for v, _ in pairs}) == len({k for _, k in pairs}) == len(pairs)


@pytest.mark.parametrize("h", SIZES)
def test_many_rows_agree_with_one_at_a_time(h):
    rng = random.Random(600 + h)
    hands = deals(rng, 1_000, h, LOW_CARDS + list(range(28, 36)))
    holes = np.array([hole for hole, _ in hands], np.uint8)
    boards = np.array([board for _, board in hands], np.uint8)
    got = evaluate_omaha_low_many(holes, boards)
    assert got.dtype == np.uint8 and got.shape == (1_000,)
    assert got.tolist() == [evaluate_omaha_low(hole, board) for hole, board in hands]
    np.testing.assert_array_equal(evaluate_omaha_low_many(holes.astype(np.int64), boards.tolist()), got)
    out = np.empty(1_000, np.uint8)
    _omaha_low_rows(holes, boards, low_tables(), out)
    np.testing.assert_array_equal(out, got)
    # Card order and suits don't matter.
    perm = np.random.default_rng(h)
    shuffled = evaluate_omaha_low_many(perm.permuted(holes, axis=1), perm.permuted(boards, axis=1))
    np.testing.assert_array_equal(shuffled, got)
    suits = np.array([3, 2, 0, 1], np.uint8)
    relabel = lambda cards: (cards & ~np.uint8(3)) | suits[cards & 3]  # noqa: E731
    np.testing.assert_array_equal(evaluate_omaha_low_many(relabel(holes), relabel(boards)), got)


def test_hand_mask():
    lt = low_tables()
    cards = np.array(parse_cards("As2d9hAc8sKd"), np.uint8)
    assert _hand_mask(cards, 6, lt.low_bit) == 0b1000_0011
    assert _hand_mask(cards, 3, lt.low_bit) == 0b0000_0011
    assert _hand_mask(cards, 0, lt.low_bit) == 0


def test_every_five_rank_low_in_order():
    lows = []
    for ranks in combinations(range(1, 9), 5):
        cards = [48 if r == 1 else 4 * (r - 2) + i % 4 for i, r in enumerate(ranks)]  # mixed suits
        key = naive.low_key(cards)
        assert key == tuple(sorted(ranks, reverse=True))
        value = mask_of_ranks(ranks)
        assert low_ranks(value) == key
        lows.append((value, key))
    assert len(lows) == 56
    assert sorted(lows) == sorted(lows, key=lambda vk: vk[1])
    assert min(lows) == (NUT_LOW, (5, 4, 3, 2, 1)) and NUT_LOW == 31
    assert max(lows) == (WORST_LOW, (8, 7, 6, 5, 4)) and WORST_LOW == 248
    assert all(v < NO_LOW for v, _ in lows)


# ---------------------------------------------------------------------------------------------
# Hand-made cases


@pytest.mark.parametrize("hole, board, expected", [
    # Exactly two hole cards and three board cards.
    ("As2d3h4c", "5s6hKdQcJc", "no low"),  # four low hole cards, two low board ranks
    ("As2d3h4c", "5s6h7dKcQc", "7-6-5-2-A low"),
    ("AsKdQhJc", "2c3d4h5s6c", "no low"),  # a low board, one low hole rank
    ("6s7dKcQc", "As2d3h4c5s", "7-6-3-2-A low"),  # the board's wheel doesn't play
    ("As2d3h4c5d6h", "6s7d8hQcJs", "8-7-6-2-A low"),
    ("As2d3h4c5d", "6s7d8hQcJs", "8-7-6-2-A low"),
    # The ace plays low; nine and up never do.
    ("AsKd7h8c", "2s3h4dQcJc", "7-4-3-2-A low"),
    ("8s7dKcQc", "As2d3hJcTs", "8-7-3-2-A low"),
    ("9s7dKcQc", "As2d3hJcTs", "no low"),
    ("As2d3h4c", "9sTdJh2c3c", "no low"),  # board 9-T-J: no qualifier
    # Counterfeits: a rank can't be used twice.
    ("Ad2dKcKh", "Ac2h7d8sTs", "no low"),
    ("As2s3d9c", "Ah2c6d7h8s", "7-6-3-2-A low"),
    ("As2s3d4d", "Ah2c3c8dKs", "8-4-3-2-A low"),
    # A pair in the hole is one low rank.
    ("AsAdKcQh", "2c3d4hKsQs", "no low"),
    ("AsAd2c2h", "3c4d5hKsQs", "5-4-3-2-A low"),
    # Straights and flushes are ignored.
    ("As2s3s4s", "5s6s7sKdQc", "7-6-5-2-A low"),
    ("As2sKdKc", "3s4s5sJdQc", "5-4-3-2-A low"),
    ("3h4hKdKc", "5h6h7hJdQc", "7-6-5-4-3 low"),
    # Lows are compared highest card first.
    ("As2d9h9c", "4s5h8dJcQc", "8-5-4-2-A low"),
])
def test_hand_made(hole, board, expected):
    value = evaluate_omaha_low(hole, board)
    assert describe_low(value) == expected
    key = naive.omaha_low(parse_cards(hole), parse_cards(board))
    assert low_ranks(value) == naive_ranks(key)


def test_comparisons():
    board = "Ac2d3hJsQs"
    eight_five = evaluate_omaha_low("8d5cKhKd", board)
    seven_six = evaluate_omaha_low("7s6dKcKd", "3c4h5dJsQs")
    eight_six = evaluate_omaha_low("8d6cKhKd", board)
    assert describe_low(eight_five) == "8-5-3-2-A low" and describe_low(eight_six) == "8-6-3-2-A low"
    assert describe_low(seven_six) == "7-6-5-4-3 low"
    assert seven_six < eight_five < eight_six < NO_LOW


def test_describe_and_category_of_every_value():
    categories = {}
    for value in range(256):
        if value == NO_LOW or bin(value).count("1") == 5:
            categories.setdefault(low_category(value), []).append(value)
            assert describe_low(value).split("-")[0] == low_category(value).split("-")[0] or value == NO_LOW
    assert {k: len(v) for k, v in categories.items()} == {"5-low": 1, "6-low": 5, "7-low": 15, "8-low": 35,
                                                         "no low": 1}
    assert describe_low(NUT_LOW) == "5-4-3-2-A low" and describe_low(WORST_LOW) == "8-7-6-5-4 low"
    assert describe_low(np.uint8(171)) == "8-6-4-2-A low" and low_ranks(NO_LOW) == ()


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize("hole, board, error, token", [
    ("As2d3h", "5s6h7dKcQc", HandSizeError, "As2d3h"),
    ("As2d3h4c5d6h7s", "8s9hTdKcQc", HandSizeError, "As2d3h4c5d6h7s"),
    ("As2d3h4c", "5s6h7dKc", HandSizeError, "5s6h7dKc"),
    ("As2d3h4c", "5s6h7dKcQcJc", HandSizeError, "5s6h7dKcQcJc"),
    ([51, 1, 6], "5s6h7dKcQc", HandSizeError, "As2d3h"),
    ("As2d3hAs", "5s6h7dKcQc", DuplicateCardError, "As"),
    ("As2d3h4c", "5s6h7dKc4c", DuplicateCardError, "4c"),
    ("As2d3h4c", "5s6h7dKc5s", DuplicateCardError, "5s"),
    ("As2d3hXc", "5s6h7dKcQc", CardError, "Xc"),
    ("As2d3h4c", "5s6h7dKcQx", CardError, "Qx"),
    ([51, 1, 6, 52], "5s6h7dKcQc", CardError, "52"),
])
def test_bad_input_names_the_token(hole, board, error, token):
    with pytest.raises(error, match=token):
        evaluate_omaha_low(hole, board)


def test_bad_arrays():
    holes = np.array([[48, 1, 6, 11], [48, 1, 6, 11]])
    boards = np.array([[13, 17, 21, 40, 44], [13, 17, 21, 40, 11]])
    with pytest.raises(DuplicateCardError, match="row 1"):
        evaluate_omaha_low_many(holes, boards)
    with pytest.raises(HandSizeError, match=r"\(2, 3\)"):
        evaluate_omaha_low_many(holes[:, :3], boards)
    with pytest.raises(HandSizeError, match=r"\(2, 4\)"):
        evaluate_omaha_low_many(holes, boards[:, :4])
    with pytest.raises(HandSizeError, match="same number of rows"):
        evaluate_omaha_low_many(holes, boards[:1])
    with pytest.raises(CardError, match="row 0 of boards"):
        evaluate_omaha_low_many(holes[:1], [[13, 17, 21, 40, 52]])
    with pytest.raises(CardError, match="dtype"):
        evaluate_omaha_low_many(holes.astype(float), boards)
    assert evaluate_omaha_low_many(np.empty((0, 4), np.uint8), np.empty((0, 5), np.uint8)).shape == (0,)


@pytest.mark.parametrize("value", [0, 7, 0b0111_0111, 256, -1, 0b0111_1111, True, 31.0])
def test_bad_low_values(value):
    with pytest.raises(EquityError):
        describe_low(value)
    with pytest.raises(EquityError):
        low_category(value)


# ---------------------------------------------------------------------------------------------
# The hi-lo oracle


def test_naive_river_split_and_quartering():
    board = parse_cards("3c4d8hKsQs")
    low, high = parse_cards("As2dJcTc"), parse_cards("KdKcJdTd")
    result = naive.omaha_hilo_equity([low, high], board)
    assert result["boards"] == 1 and result["low"] == 1
    first, second = result["players"]
    assert (first["equity"], second["equity"]) == (Fraction(1, 2), Fraction(1, 2))
    assert (first["low_win"], first["high_win"], second["high_win"], second["low_win"]) == (1, 0, 1, 0)
    assert first["scoop"] == second["scoop"] == 0
    # Quartered: the second low ties the first and takes the high.
    quarter = naive.omaha_hilo_equity([low, parse_cards("Ah2cKdKc"), parse_cards("9h9dTsTh")], board)
    assert [p["equity"] for p in quarter["players"]] == [Fraction(1, 4), Fraction(3, 4), 0]
    assert [p["low_tie"] for p in quarter["players"]] == [1, 1, 0]
    # Scoop: the high and the only low.
    scoop = naive.omaha_hilo_equity([parse_cards("AhKdKc2c"), parse_cards("9h9dTsTh")], board)
    assert [(p["equity"], p["scoop"]) for p in scoop["players"]] == [(1, 1), (0, 0)]


def test_naive_no_low_gives_the_high_the_pot():
    board = parse_cards("9c9dTsJhQs")
    result = naive.omaha_hilo_equity([parse_cards("As2d3h4c"), parse_cards("KhKd8c7c")], board)
    assert result["low"] == 0
    assert [(p["equity"], p["scoop"], p["low_win"]) for p in result["players"]] == [(0, 0, 0), (1, 1, 0)]


def test_naive_turn_spot_agrees_with_the_low_evaluator():
    hands = [parse_cards("As2s3d9d"), parse_cards("Ah4h5cKc"), parse_cards("7c8cKdQd")]
    board, dead = parse_cards("6h7dTc2c"), parse_cards("3s")
    result = naive.omaha_hilo_equity(hands, board, dead)
    rivers = [c for c in range(52) if c not in {*sum(hands, []), *board, *dead}]
    assert result["boards"] == len(rivers) == 35
    lows = np.array([[evaluate_omaha_low(h, board + [r]) for h in hands] for r in rivers])
    best = lows.min(1)
    assert result["low"] == Fraction(int((best < NO_LOW).sum()), 35)
    for i, p in enumerate(result["players"]):
        sole = (lows[:, i] == best) & (best < NO_LOW) & ((lows == best[:, None]).sum(1) == 1)
        assert p["low_win"] == Fraction(int(sole.sum()), 35)
        assert p["scoop"] <= p["high_win"] and p["low_win"] + p["low_tie"] <= result["low"]
    assert sum(p["equity"] for p in result["players"]) == 1
