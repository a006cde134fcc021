"""Short-deck evaluator: against the naive oracle (tests/naive.py) and hand-derived counts."""

from collections import Counter
from itertools import chain, combinations
from math import comb, prod

import numpy as np
import pytest
from naive import SHORT_RULES, naive_short_category, naive_short_key

from equity.errors import CardError, DuplicateCardError, EquityError, HandSizeError
from equity.evaluators.shortdeck import (
    CATEGORIES_SHORT,
    N_SHORT_CLASSES,
    category_index_short,
    category_short,
    evaluate_short,
    evaluate_short_many,
)

DECK = range(16, 52)
NAMES = ("Straight Flush", "Four of a Kind", "Flush", "Full House", "Straight", "Three of a Kind",
         "Two Pair", "One Pair", "High Card")

# Five-card counts derived by hand: 6 straights (A6789 .. TJQKA), 9 ranks, 4 suits.
FIVE_COUNTS = {
    "Straight Flush": 6 * 4,
    "Four of a Kind": 9 * 8 * 4,
    "Flush": comb(9, 5) * 4 - 6 * 4,
    "Full House": 9 * comb(4, 3) * 8 * comb(4, 2),
    "Straight": 6 * 4 ** 5 - 6 * 4,
    "Three of a Kind": 9 * 4 * comb(8, 2) * 16,
    "Two Pair": comb(9, 2) * 36 * 7 * 4,
    "One Pair": 9 * 6 * comb(8, 3) * 64,
    "High Card": (comb(9, 5) - 6) * (4 ** 5 - 4),
}


def _combos(k: int) -> np.ndarray:
    flat = np.fromiter(chain.from_iterable(combinations(DECK, k)), np.uint8, count=comb(36, k) * k)
    return flat.reshape(-1, k)


@pytest.fixture(scope="module")
def fives():
    return _combos(5)


@pytest.fixture(scope="module")
def sevens():
    return _combos(7)


def _histogram(classes: np.ndarray, rules: str) -> dict[str, int]:
    lasts = [last for _, last in CATEGORIES_SHORT[rules]]
    idx = np.searchsorted(lasts, classes)
    names = [name for name, _ in CATEGORIES_SHORT[rules]]
    return {names[i]: int(n) for i, n in enumerate(np.bincount(idx, minlength=9))}


def test_hand_counts_add_up():
    assert sum(FIVE_COUNTS.values()) == comb(36, 5) == 376_992


@pytest.mark.slow
@pytest.mark.parametrize("rules", SHORT_RULES)
def test_five_card_order_matches_oracle(fives, rules):
    classes = evaluate_short_many(fives, rules)
    keys = [naive_short_key(h, rules) for h in fives.tolist()]
    class_of: dict[tuple, int] = {}
    for key, cls in zip(keys, classes.tolist(), strict=True):
        assert class_of.setdefault(key, cls) == cls          # equal keys -> equal classes
    assert len(class_of) == len(set(class_of.values())) == N_SHORT_CLASSES   # and conversely
    ordered = [class_of[k] for k in sorted(class_of, reverse=True)]
    assert ordered == list(range(1, N_SHORT_CLASSES + 1))    # stronger key <=> smaller class
    assert _histogram(classes, rules) == FIVE_COUNTS


def test_category_order_per_rules():
    std, tbs = (tuple(n for n, _ in CATEGORIES_SHORT[r]) for r in SHORT_RULES)
    assert std == NAMES
    assert tbs == NAMES[:4] + ("Three of a Kind", "Straight") + NAMES[6:]
    assert evaluate_short("9h8d7c6sAh") < evaluate_short("AcAdAhKsQd")
    assert evaluate_short("9h8d7c6sAh", "trips-beat-straight") > evaluate_short(
        "AcAdAhKsQd", "trips-beat-straight")
    assert evaluate_short("As9s8s7s6s") == 6 and category_short(6) == "Straight Flush"
    assert evaluate_short("Kc9c8c7c6c") < evaluate_short("AhAdAcKsKd")     # flush > full house
    assert category_index_short(1404) == 8


def _seven_counts_by_hand(rules: str) -> Counter:
    """7-card category counts from rank multisets: suit assignments counted combinatorially, the
    categories taken from the naive oracle (non-flush layout, and the flush suit's rank set)."""
    strength = {name: -i for i, name in enumerate(n for n, _ in CATEGORIES_SHORT[rules])}
    out: Counter = Counter()
    ranks = range(4, 13)

    def multisets(i, left):
        if i == len(ranks):
            if left == 0:
                yield ()
            return
        for c in range(min(4, left) + 1):
            for rest in multisets(i + 1, left - c):
                yield (c, *rest)

    for counts in multisets(0, 7):
        held = [(r, c) for r, c in zip(ranks, counts, strict=True) if c]
        cards = [4 * r + i % 4 for i, r in enumerate(r for r, c in held for _ in range(c))]
        plain = naive_short_category(cards, rules)
        total = prod(comb(4, c) for _, c in held)
        flushed = 0
        distinct = [r for r, _ in held]
        for k in range(5, len(distinct) + 1):
            for suited in combinations(distinct, k):
                # one suit holds exactly the ranks ``suited``; 4 choices of that suit
                ways = 4 * prod(comb(3, c - 1) if r in suited else comb(3, c) for r, c in held)
                if ways:
                    fl = naive_short_category([4 * r for r in suited], rules)
                    out[max(fl, plain, key=strength.get)] += ways
                    flushed += ways
        out[plain] += total - flushed
    return out


@pytest.mark.slow
@pytest.mark.parametrize("rules", SHORT_RULES)
def test_seven_card_histogram(sevens, rules):
    classes = evaluate_short_many(sevens, rules)
    hist = _histogram(classes, rules)
    assert sum(hist.values()) == comb(36, 7) == 8_347_680
    assert hist == dict(_seven_counts_by_hand(rules))
    relabel = np.array([4 * (c >> 2) + (3 - (c & 3)) for c in range(52)], np.uint8)
    assert np.array_equal(evaluate_short_many(relabel[sevens], rules), classes)


@pytest.mark.slow
@pytest.mark.parametrize("rules", SHORT_RULES)
def test_random_seven_and_six_match_oracle(rules):
    rng = np.random.default_rng(6)
    for m, n in ((7, 20_000), (6, 2_000)):
        hands = (16 + np.argsort(rng.random((n, 36)), axis=1)[:, :m]).astype(np.uint8)
        classes = evaluate_short_many(hands, rules, parallel=False)
        got = [category_short(int(c), rules) for c in classes]
        assert got == [naive_short_category(h, rules) for h in hands.tolist()]
        assert [evaluate_short(h, rules) for h in hands[:200].tolist()] == classes[:200].tolist()


def test_bad_input():
    with pytest.raises(CardError, match="card 5h is not in the short deck"):
        evaluate_short("5hAsKsQsJs")
    with pytest.raises(CardError, match="card 2c is not in the short deck"):
        evaluate_short_many(np.array([[0, 20, 24, 28, 32]]))
    with pytest.raises(HandSizeError):
        evaluate_short("AsKsQsJs")
    with pytest.raises(HandSizeError):
        evaluate_short("AsKsQsJsTs9s8s7s")
    with pytest.raises(HandSizeError):
        evaluate_short_many(np.zeros((2, 4), np.uint8) + 16)
    with pytest.raises(DuplicateCardError):
        evaluate_short("AsAsQsJsTs")
    with pytest.raises(DuplicateCardError):
        evaluate_short_many(np.array([[51, 51, 40, 36, 32]]))
    with pytest.raises(EquityError, match="standard, trips-beat-straight"):
        evaluate_short("AsKsQsJsTs", "omaha")
    with pytest.raises(EquityError, match="trips-beat-straight"):
        evaluate_short_many(np.array([[51, 47, 43, 39, 35]]), "nope")
    with pytest.raises(ValueError):
        category_short(1405)
