from itertools import combinations
from math import comb

import naive
import numpy as np
import pytest

from equity.cards import parse_cards
from equity.errors import EquityError, RangeError
from equity.games.omaha import ranges as omaha_ranges
from equity.games.omaha.ranges import MAX_RANGE_COMBOS, is_omaha_pattern, parse_omaha_range
from equity.ranges import Range, combo_keys

# Every card of ranks A, K, Q, 7 and 2: a 20-card deck small enough to brute-force PLO5 and PLO6 over.
SMALL_DECK = tuple(4 * r + s for r in (0, 5, 10, 11, 12) for s in range(4))


def as_dict(r: Range) -> dict[tuple[int, ...], float]:
    return {tuple(row): w for row, w in zip(r.combos.tolist(), r.weights.tolist(), strict=True)}


def check_layout(r: Range, hole: int) -> None:
    assert r.combos.dtype == np.uint8 and r.combos.shape == (len(r), hole) and r.hole == hole
    assert r.weights.dtype == np.float64 and np.all((r.weights > 0) & (r.weights <= 1))
    assert np.all(np.diff(r.combos.astype(int), axis=1) < 0)
    assert np.all(np.diff(combo_keys(r.combos)) > 0)


@pytest.mark.parametrize(
    "text",
    [
        "AAxx", "aaXX", "AAKK", "AAKKds", "AAKKss", "AAKKr", "KQJT", "KQJTds", "KQJTss", "KQJTr", "AAAx",
        "AAAA", "AAAAr", "xxxxds", "xxxxr", "T9xxss", "AKxxDS@25", "AAxx@50,AAKKds", "AAKKds,AAxx@50",
        "AsAhKsKh, AAKK@10", "KQJT, As Ah Ks Kh@30, 2c3d4h5s, 10h9h8h7h@12.5",
    ],
)
def test_plo4_matches_the_brute_force_oracle(text):
    r = parse_omaha_range(text, 4)
    check_layout(r, 4)
    assert as_dict(r) == naive.naive_omaha_range(text, 4)


@pytest.mark.parametrize(
    ("text", "hole"),
    [
        ("AAKKx", 5), ("AKxxxds", 5), ("AQ7xxss", 5), ("xxxxxds", 5), ("AAxxx@50, KKxxx", 5), ("A2xxx", 5),
        ("AAKKxx", 6), ("AKxxxxds", 6), ("AAxxxx, KQ72xxds@20", 6), ("AAAKxx", 6), ("772xxxds", 6),
    ],
)
def test_plo5_and_plo6_match_the_oracle_on_a_small_deck(text, hole):
    """Every hand of the 20-card deck is in the range exactly when the brute force says so (the totals are
    pinned by the formulas below)."""
    r = parse_omaha_range(text, hole)
    check_layout(r, hole)
    inside = np.isin(r.combos, SMALL_DECK).all(axis=1)
    got = as_dict(Range(r.combos[inside], r.weights[inside], r.text))
    assert got == naive.naive_omaha_range(text, hole, SMALL_DECK)


def at_least(hole: int, need: list[int]) -> int:
    """Hands of ``hole`` cards holding at least ``need[i]`` cards of named rank ``i``, counted by taking
    exactly ``c_i`` of each named rank and the rest from the ranks not named."""
    free = 52 - 4 * len(need)

    def ways(i: int, left: int) -> int:
        if i == len(need):
            return comb(free, left)
        return sum(comb(4, c) * ways(i + 1, left - c) for c in range(need[i], min(4, left) + 1))

    return ways(0, hole)


@pytest.mark.parametrize(
    ("text", "hole", "count"),
    [
        ("AAxx", 4, comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1),
        ("AAKK", 4, comb(4, 2) ** 2),
        ("AAKKds", 4, comb(4, 2)),  # the kings' suits are the aces' suits
        ("AAKKss", 4, comb(4, 2) * 2 * 2),  # keep one of the aces' suits, add one of the other two
        ("AAKKr", 4, comb(4, 2)),  # the kings take the other two suits
        ("KQJT", 4, 4 ** 4),
        ("KQJTr", 4, 24),
        ("KQJTds", 4, comb(4, 2) * comb(4, 2)),  # two suits, then which two cards take the first
        ("KQJTss", 4, 4 * comb(4, 2) * 3 * 2),  # paired suit, its two cards, the others' suits in order
        ("xxxxds", 4, comb(4, 2) * comb(13, 2) ** 2),
        ("xxxxss", 4, 4 * comb(13, 2) * comb(3, 2) * 13 ** 2),
        ("xxxxr", 4, 13 ** 4),
        ("AAKKx", 5, 36 * 44 + 2 * 4 * 6),
        ("Axxxx", 5, comb(52, 5) - comb(48, 5)),
        ("AKQJTss", 5, 4 * comb(5, 2) * 6),  # paired suit, its two cards, the other suits to the rest
        ("xxxxxds", 5, comb(4, 2) * 2 * comb(13, 2) ** 2 * 13),
        ("AAKKxx", 6, at_least(6, [2, 2])),
        ("AAxxxx", 6, at_least(6, [2])),
        ("KQJT98ds", 6, comb(4, 2) * 720 // 4),
        ("AKQxxx", 6, at_least(6, [1, 1, 1])),
    ],
)
def test_sizes_agree_with_combinatorics(text, hole, count):
    assert len(parse_omaha_range(text, hole)) == count


def test_at_least_is_the_textbook_count():
    assert at_least(4, [2]) == 6961 and at_least(6, [2, 2]) == 34056 + 2112 + 12 + 16
    assert at_least(6, [1]) == comb(52, 6) - comb(48, 6)


@pytest.mark.parametrize(
    ("text", "hole", "cards"),
    [
        ("AsAhKsKh", 4, "AsAhKsKh"), ("kh ks ah as", 4, "AsAhKsKh"), ("10h9h2c3d", 4, "Th9h3d2c"),
        ("AsAhKsKhQd", 5, "AsAhKsKhQd"), ("2c2d2h2s3c3d", 6, "3d3c2s2h2d2c"), ("A♠A♥K♠K♥", 4, "AsAhKsKh"),
    ],
)
def test_a_hand_is_one_descending_row(text, hole, cards):
    r = parse_omaha_range(text, hole)
    check_layout(r, hole)
    assert r.combos.tolist() == [parse_cards(cards)] and r.weights.tolist() == [1.0] and r.text == text


@pytest.mark.parametrize(
    ("text", "hole"),
    [("random", 4), ("RANDOM", 5), ("random", 6), ("xxxx", 4), ("XXXXX", 5), ("xxxxxx", 6),
     (" random@50 ", 4)],
)
def test_every_hand_is_none(text, hole):
    assert parse_omaha_range(text, hole) is None


def test_text_weights_and_the_later_weight():
    r = parse_omaha_range(" AAxx@50 , AAKK ,AsAhKsKh@12.5", 4)
    assert r.text == "AAxx@50,AAKK,AsAhKsKh@12.5"
    weights = as_dict(r)
    assert weights[tuple(parse_cards("AsAhKsKh"))] == 0.125
    assert weights[tuple(parse_cards("AsAhKdKc"))] == 1.0
    assert weights[tuple(parse_cards("AsAh3d2c"))] == 0.5
    assert sorted(set(weights.values())) == [0.125, 0.5, 1.0]


@pytest.mark.parametrize(
    ("text", "hole", "words"),
    [
        ("AAK", 4, ["'AAK' has 3 ranks", "PLO4 pattern has 4", "AAxx"]),
        ("AAxxx", 4, ["'AAxxx' has 5 ranks", "PLO4 pattern has 4"]),
        ("xxxx", 5, ["'xxxx' has 4 ranks", "PLO5 pattern has 5", "AAxxx"]),
        ("AAAAA", 5, ["'AAAAA'", "four of each rank"]),
        ("AAAAds", 4, ["'AAAAds' matches no hand", "double-suited"]),
        ("AAAAKds", 5, ["'AAAAKds' matches no hand"]),  # four aces and a king are 2-1-1-1
        ("AAxxxxss", 6, ["'AAxxxxss'", "single-suited", "impossible with 6 cards"]),
        ("AAKKxr", 5, ["'AAKKxr'", "rainbow", "impossible with 5 cards"]),
        ("AAKKxxr", 6, ["'AAKKxxr'", "impossible with 6 cards"]),
        ("AsAhKs", 4, ["'AsAhKs' has 3 cards", "(PLO4) hand has 4"]),
        ("AsAhKsKh", 5, ["'AsAhKsKh' has 4 cards", "(PLO5) hand has 5"]),
        ("AsAsKhKh", 4, ["'AsAsKhKh' names As twice"]),
        ("2c2c3d4h", 4, ["'2c2c3d4h' names 2c twice"]),
        ("AsAhKsKz", 4, ["'AsAhKsKz' is not a hand", "unknown suit 'z'"]),
        ("random,AAxx", 4, ["'random' already holds every hand"]),
        ("AAxx,xxxx@50", 4, ["'xxxx@50' already holds every hand"]),
        ("AKs", 4, ["'AKs' is not an Omaha hand or pattern", "AsAhKsKh", "KQJTds"]),
        ("QQ+", 4, ["'QQ+' is not an Omaha"]),
        ("15%", 4, ["'15%' is not an Omaha"]),
        ("AAKKd", 4, ["'AAKKd' is not an Omaha"]),
        ("AA xx", 4, ["'AA xx' contains a space"]),
        ("AAxx@0", 4, ["'AAxx@0' has weight '0'", "0 < W <= 100"]),
        ("AAxx@101", 4, ["'AAxx@101'"]),
        ("AAxx@", 4, ["'AAxx@' has weight ''"]),
        ("", 4, ["the range is empty"]),
        ("AAxx,,KKxx", 4, ["range element 2 of 'AAxx,,KKxx' is empty"]),
        ("Axxxxx", 6, ["'Axxxxx' holds 8,087,008 PLO6 hands", "2,500,000", "random"]),
        ("xxxxxxds", 6, ["'xxxxxxds' holds 6,169,176 PLO6 hands"]),  # C(4,2) * C(13,2)**2 * 13**2
        ("AAxx", 3, ["4, 5 or 6 cards"]),
    ],
)
def test_errors_name_the_element(text, hole, words):
    with pytest.raises(RangeError) as info:
        parse_omaha_range(text, hole)
    assert isinstance(info.value, EquityError)
    for word in words:
        assert word in str(info.value)


def test_the_size_cap_counts_the_union(monkeypatch):
    monkeypatch.setattr(omaha_ranges, "MAX_RANGE_COMBOS", 10_000)
    assert len(parse_omaha_range("AAxx", 4)) == 6961
    with pytest.raises(RangeError, match=r"the range up to 'KKxx' holds 13,886 PLO4"):
        parse_omaha_range("AAxx,KKxx", 4)  # 2 * 6961 - 36 hands with both
    with pytest.raises(RangeError, match=r"'xxxxds' holds 36,504"):
        parse_omaha_range("AKQJ,xxxxds", 4)


def test_the_cap_is_checked_before_building():
    assert MAX_RANGE_COMBOS == 2_500_000
    with pytest.raises(RangeError, match="'Kxxxxx@50' holds 8,087,008"):
        parse_omaha_range("AAKKxx,Kxxxxx@50", 6)


def test_every_hand_of_a_pattern_set_is_there_once():
    r = parse_omaha_range("AKxx", 4)
    expected = {hand[::-1] for hand in combinations(range(52), 4)
                if any(c >> 2 == 12 for c in hand) and any(c >> 2 == 11 for c in hand)}
    assert set(as_dict(r)) == expected and len(r) == len(expected)


@pytest.mark.parametrize(
    "text",
    ["AAKKds", "AAxx", "KQJT", "AsAhKsKh", "aakkxds", "xxxxxx", "AsAhKsKhQsQh", "KQJTr", "QQ+, AAxx@50",
     "As Ah Ks Kh", "KQJT98ss"],
)
def test_omaha_looking_text(text):
    assert is_omaha_pattern(text)


@pytest.mark.parametrize(
    "text",
    ["AKs", "QQ+", "15%", "AhKh", "random", "xx", "AA", "55-22", "AAAAA", "KQJ", "AKQJT98", "AAxxz",
     "AsAhKsKhQsQhJs", ""],
)
def test_holdem_and_junk_text(text):
    assert not is_omaha_pattern(text)
