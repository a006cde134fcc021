"""Ace-to-five, eight-or-better (any five), 2-7 and badugi values against the plain oracles in naive.py:
every 5-card hand, every 4-card badugi hand, random 6- and 7-card hands."""

import hashlib
import random
from functools import cache

import naive
import numpy as np
import pytest
from conftest import random_hands
from numba import njit, uint64

from equity.cards import parse_cards
from equity.errors import CardError, DuplicateCardError, EquityError, HandSizeError
from equity.evaluators import dag, lowball
from equity.evaluators import tables as _tables
from equity.evaluators.badugi import (
    BADUGI_CATEGORIES,
    NUT_BADUGI,
    WORST_BADUGI,
    _badugi_value,
    badugi_category,
    badugi_category_table,
    badugi_ranks,
    describe_badugi,
    evaluate_badugi,
    evaluate_badugi_many,
)
from equity.evaluators.low import NO_LOW, describe_low, low_ranks
from equity.evaluators.lowball import (
    DEUCE_CATEGORIES,
    N_DEUCE_VALUES,
    N_RAZZ_VALUES,
    RAZZ_CATEGORIES,
    LowballTables,
    _deuce_of,
    _low8_at,
    _razz_at,
    build_lowball_tables,
    describe_deuce,
    describe_razz,
    deuce_category,
    evaluate_deuce,
    evaluate_deuce_many,
    evaluate_low8,
    evaluate_low8_many,
    evaluate_razz,
    evaluate_razz_many,
    lowball_tables,
    razz_category,
)

LOW_CARDS = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]  # A and 2..8


@njit
def all_hands(k):
    """uint8 (C(52, k), k): every k-card hand, k in (4, 5), in lexicographic order."""
    n = 270_725 if k == 4 else 2_598_960
    out = np.empty((n, k), np.uint8)
    idx = np.arange(k)
    for i in range(n):
        out[i] = idx
        j = k - 1
        while j >= 0 and idx[j] == 52 - k + j:
            j -= 1
        if j >= 0:
            idx[j] += 1
            for m in range(j + 1, k):
                idx[m] = idx[m - 1] + 1
    return out


def representative(code: int, flush: bool = False) -> list[int]:
    """Cards with the rank multiset of base-5 ``code``: all clubs when ``flush``, else suits cycling
    (equal ranks adjacent, so their suits differ; five cards never share one suit)."""
    ranks = [r for r in range(13) for _ in range((code // 5 ** r) % 5)]
    return [4 * r if flush else 4 * r + i % 4 for i, r in enumerate(ranks)]


def dense(keys: list) -> np.ndarray:
    """The rank (0-based, ties equal) of each key among the distinct keys."""
    order = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array([order[k] for k in keys], np.int64)


def assert_same_order(values: np.ndarray, oracle: np.ndarray) -> None:
    """Equal values exactly where the oracle's ranks are equal, and in the same order."""
    pairs = np.unique(values.astype(np.int64) << 32 | oracle.astype(np.int64))
    v, o = pairs >> 32, pairs & 0xFFFFFFFF
    assert len(np.unique(values)) == len(np.unique(oracle)) == len(pairs)
    assert (np.diff(v) > 0).all() and (np.diff(o) > 0).all()


@pytest.fixture(scope="module")
def five() -> np.ndarray:
    return all_hands(5)


@pytest.fixture(scope="module")
def five_codes(five):
    """(unique base-5 codes, inverse index per hand, flush flag per hand) of every 5-card hand."""
    codes = (5 ** (five >> 2).astype(np.int64)).sum(axis=1)
    uniq, inverse = np.unique(codes, return_inverse=True)
    flush = (five & 3 == (five[:, :1] & 3)).all(axis=1)
    return uniq, inverse.reshape(-1), flush


@pytest.fixture(scope="module")
def razz_keys(five, five_codes) -> dict[int, tuple]:
    """razz value -> oracle key, every value checked against every 5-card hand's oracle order."""
    uniq, inverse, _ = five_codes
    keys = [naive.razz_key(representative(int(code))) for code in uniq]
    values = evaluate_razz_many(five)
    assert values.dtype == np.uint16
    assert_same_order(values, dense(keys)[inverse])
    table = dict(zip(values[np.unique(inverse, return_index=True)[1]].tolist(), keys, strict=True))
    assert sorted(table) == list(range(1, N_RAZZ_VALUES + 1))
    return table


@pytest.fixture(scope="module")
def deuce_keys(five, five_codes) -> dict[int, tuple]:
    """2-7 value -> oracle key, every value checked against every 5-card hand's oracle order."""
    uniq, inverse, flush = five_codes
    cache_ = {}
    for code in uniq.tolist():
        cache_[code, False] = naive.deuce_key(representative(code))
        if all((code // 5 ** r) % 5 <= 1 for r in range(13)):
            cache_[code, True] = naive.deuce_key(representative(code, flush=True))
    keys = [cache_[k] for k in zip(uniq[inverse].tolist(), flush.tolist(), strict=True)]
    values = evaluate_deuce_many(five)
    assert values.dtype == np.uint16
    assert_same_order(values, dense(keys))
    table = {}
    for v, k in zip(values.tolist(), keys, strict=True):
        assert table.setdefault(v, k) == k
    assert sorted(table) == list(range(1, N_DEUCE_VALUES + 1))
    return table


# ---------------------------------------------------------------------------------------------
# The tables


def test_tables_shapes_dtypes_and_rebuild():
    lt = lowball_tables()
    assert isinstance(lt, LowballTables) and lowball_tables() is lt
    expected = {"razz": (np.uint16, dag.N_NODES + 1), "low8": (np.uint8, dag.N_NODES + 1),
                "deuce": (np.uint16, dag.N_CLASSES + 1), "razz_category": (np.uint8, N_RAZZ_VALUES + 1),
                "deuce_category": (np.uint8, N_DEUCE_VALUES + 1)}
    for name, (dtype, size) in expected.items():
        assert getattr(lt, name).dtype == dtype and getattr(lt, name).shape == (size,), name
    fresh = build_lowball_tables()
    lowball_tables.cache_clear()
    lowball._built.cache_clear()
    again = lowball_tables()
    assert again is not lt
    for a, b, c in zip(lt, fresh, again, strict=True):
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(a, c)
    digest = hashlib.sha256(b"".join(np.ascontiguousarray(a).tobytes() for a in fresh)).hexdigest()
    assert digest == PINNED_DIGEST


#: sha256 of the five tables' bytes in field order: a change of any value or encoding shows here.
PINNED_DIGEST = "f3a3ae1d8dce2ab49cdf6d385c9827b2dccda5a623bb33f5e7c3cb513fbf6d43"


def test_tables_by_level():
    lt = lowball_tables()
    built = dag.build_tables()
    level = np.append(built["level"][:-1], 255)
    below, at = level < 5, (level >= 5) & (level <= 7)
    assert (lt.razz[below] == 0).all() and lt.razz[dag.SENTINEL] == 0
    assert (lt.low8[below] == NO_LOW).all() and lt.low8[dag.SENTINEL] == NO_LOW
    assert lt.razz[at].min() == 1 and lt.razz[at].max() == N_RAZZ_VALUES
    lows = lt.low8[at][lt.low8[at] != NO_LOW]
    assert set(np.unique(lows).tolist()) == {m for m in range(256) if bin(m).count("1") == 5}
    assert lt.deuce[0] == 0 and sorted(lt.deuce[1:].tolist()) == list(range(1, N_DEUCE_VALUES + 1))
    assert lt.razz_category[0] == lt.deuce_category[0] == 255
    # The natural tables' node numbering is the one the values were built on.
    np.testing.assert_array_equal(_tables._natural()["rank_next"], built["rank_next"])


# ---------------------------------------------------------------------------------------------
# Every 5-card hand


@pytest.mark.slow
def test_every_five_card_razz_hand(razz_keys):
    lt = lowball_tables()
    assert razz_keys[1] == (0, (5, 4, 3, 2, 1)) and razz_keys[N_RAZZ_VALUES] == (5, (13, 12))
    for value, key in razz_keys.items():
        assert RAZZ_CATEGORIES[lt.razz_category[value]] == naive.razz_category_of(key) == razz_category(value)
    assert evaluate_razz("As2d3h4c5s") == evaluate_razz("Ac2c3c4c5c") == 1
    assert describe_razz(1) == "5-4-3-2-A" and razz_category(1) == "5-low"


def test_every_five_card_deuce_hand(deuce_keys):
    lt = lowball_tables()
    for value, key in deuce_keys.items():
        name = naive.deuce_category_of(key)
        assert DEUCE_CATEGORIES[lt.deuce_category[value]] == name == deuce_category(value)
    assert evaluate_deuce("7s5d4h3c2s") == 1 and describe_deuce(1) == "7-5-4-3-2"
    wheel = evaluate_deuce("As2d3h4c5s")
    assert deuce_category(wheel) == "A-low" and describe_deuce(wheel) == "A-5-4-3-2"
    assert wheel == evaluate_deuce("KsQdJhTc8s") + 1  # right after the worst king-high hand
    assert deuce_category(evaluate_deuce("7s5s4s3s2s")) == "Flush"
    assert deuce_category(evaluate_deuce("8s7d6h5c4s")) == "Straight"
    steel = evaluate_deuce("As2s3s4s5s")
    assert deuce_category(steel) == "Flush" and describe_deuce(steel) == "flush, A-5-4-3-2"
    assert steel == evaluate_deuce("KsQsJsTs8s") + 1
    assert lt.deuce[1609] == wheel and lt.deuce[10] == steel and lt.deuce[7462] == 1


def test_random_five_card_hands_match_the_oracle_on_their_own_cards(razz_keys, deuce_keys):
    hands = random_hands(3_000, 5, seed=7)
    razz, deuce = evaluate_razz_many(hands).tolist(), evaluate_deuce_many(hands).tolist()
    for hand, r, d in zip(hands.tolist(), razz, deuce, strict=True):
        assert razz_keys[r] == naive.razz_key(hand) and deuce_keys[d] == naive.deuce_key(hand)


def test_category_counts_of_every_five_card_hand(five):
    lt = lowball_tables()
    razz = np.bincount(lt.razz_category[evaluate_razz_many(five)], minlength=len(RAZZ_CATEGORIES))
    assert razz[:9].sum() == 1287 * 4 ** 5 and razz[9:].tolist() == [1_098_240, 123_552, 54_912, 3_744, 624]
    deuce = np.bincount(lt.deuce_category[evaluate_deuce_many(five)], minlength=len(DEUCE_CATEGORIES))
    assert deuce[:8].sum() == 1_302_540 + 1020 and deuce[7] == 494 * 1020  # A-5-4-3-2 unsuited: A-low
    assert deuce[8:].tolist() == [1_098_240, 123_552, 54_912, 9 * 1020, 1278 * 4, 3_744, 624, 9 * 4]


# ---------------------------------------------------------------------------------------------
# Six and seven cards


@pytest.mark.slow
@pytest.mark.parametrize("m", [6, 7])
def test_random_hands_razz_and_low8(m, razz_keys):
    lowish = np.array(LOW_CARDS + [28, 32, 44, 45], np.uint8)  # many lows, and many paired no-lows
    picks = np.argsort(np.random.default_rng(10 + m).random((4_000, len(lowish))), axis=1)[:, :m]
    hands = np.vstack([random_hands(16_000, m, seed=m), lowish[picks]])
    razz, low8 = evaluate_razz_many(hands), evaluate_low8_many(hands)
    assert low8.dtype == np.uint8 and razz.dtype == np.uint16
    rows = hands.tolist()
    assert [razz_keys[v] for v in razz.tolist()] == [naive.best_razz_key(h) for h in rows]
    keys = [naive.low8_key(h) for h in rows]
    assert [low_ranks(v) for v in low8.tolist()] == [k or () for k in keys]
    assert None in keys and len({k for k in keys if k}) > 50
    for h, v, w in zip(rows[:200], razz[:200].tolist(), low8[:200].tolist(), strict=True):
        assert evaluate_razz(h) == v and evaluate_low8(h) == w


def test_every_six_card_rank_multiset(razz_keys):
    lt = lowball_tables()
    levels = dag._levels_of_codes()
    nodes = np.arange(len(levels[6])) + sum(len(lv) for lv in levels[:6])
    for node, code in zip(nodes.tolist(), levels[6].tolist(), strict=True):
        cards = representative(code)
        assert razz_keys[int(lt.razz[node])] == naive.best_razz_key(cards)
        assert low_ranks(int(lt.low8[node])) == (naive.low8_key(cards) or ())


@njit
def _helpers(hands, t, lt, out):
    """The game kernels' use: walk a rank pointer, read the values with the inline helpers."""
    for i in range(hands.shape[0]):
        r = uint64(0)
        w = uint64(0)
        for j in range(5):
            r = uint64(t.rank_step[r + (hands[i, j] >> 2)])
            w += t.card_word[hands[i, j]]
        cls = min(t.suited_class[(w >> t.suit_shift[w >> uint64(52)]) & uint64(0x1FFF)], t.rank_value[r])
        out[i, 0] = _razz_at(r, lt)
        out[i, 1] = _low8_at(r, lt)
        out[i, 2] = _deuce_of(cls, lt)
        out[i, 3] = _badugi_value(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3])


def test_inline_helpers_in_a_kernel():
    hands = random_hands(5_000, 5, seed=3)
    out = np.zeros((len(hands), 4), np.int64)
    _helpers(hands, _tables.get(), lowball_tables(), out)
    np.testing.assert_array_equal(out[:, 0], evaluate_razz_many(hands))
    np.testing.assert_array_equal(out[:, 1], evaluate_low8_many(hands))
    np.testing.assert_array_equal(out[:, 2], evaluate_deuce_many(hands))
    np.testing.assert_array_equal(out[:, 3], evaluate_badugi_many(hands[:, :4]))


# ---------------------------------------------------------------------------------------------
# Badugi


def test_every_badugi_hand():
    hands = all_hands(4)
    values = evaluate_badugi_many(hands)
    assert values.dtype == np.uint16

    @cache
    def key(canonical):
        return naive.badugi_key([4 * r + s for r, s in canonical])

    keys = []
    for hand in hands.tolist():  # suits relabelled in order of appearance: the same key
        suits: dict[int, int] = {}
        keys.append(key(tuple((c >> 2, suits.setdefault(c & 3, len(suits))) for c in hand)))
    assert_same_order(values, dense(keys))
    for v, k in dict(zip(values.tolist(), keys, strict=True)).items():
        assert (4 - len(badugi_ranks(v)), badugi_ranks(v)) == k
        assert BADUGI_CATEGORIES[badugi_category_table()[v]] == badugi_category(v) == BADUGI_CATEGORIES[k[0]]
    counts = np.bincount(badugi_category_table()[values], minlength=4)
    assert counts[0] == 715 * 24 and counts.sum() == 270_725
    assert values.min() == NUT_BADUGI and values.max() == WORST_BADUGI
    perm = np.random.default_rng(1).permuted(hands[:20_000], axis=1)
    np.testing.assert_array_equal(evaluate_badugi_many(perm), values[:20_000])


def test_badugi_category_table():
    table = badugi_category_table()
    assert table.dtype == np.uint8 and table.shape == (1 << 15,)
    valid = np.nonzero(table != 255)[0]
    assert len(valid) == 715 + 286 + 78 + 13
    assert [int(table[v]) for v in (15, 1 << 13 | 7, 2 << 13 | 3, 3 << 13 | 1)] == [0, 1, 2, 3]


@pytest.mark.parametrize("cards, expected", [
    ("Ac2d3h4s", "4-card badugi 4-3-2-A"),
    ("Kc2d7h4s", "4-card badugi K-7-4-2"),
    ("Ac2c3h4s", "3-card 4-3-A"),  # A and 2 share a suit: the ace plays
    ("Ac2d2h4s", "3-card 4-2-A"),
    ("7c7d7h7s", "1-card 7"),
    ("Ac2c3c4c", "1-card A"),
    ("5c5d6c6d", "2-card 6-5"),
    ("AsKs2d2h", "2-card 2-A"),
])
def test_badugi_hands(cards, expected):
    value = evaluate_badugi(cards)
    assert describe_badugi(value) == expected
    assert (4 - len(badugi_ranks(value)), badugi_ranks(value)) == naive.badugi_key(parse_cards(cards))


# ---------------------------------------------------------------------------------------------
# Descriptions


def test_descriptions_are_distinct_and_name_the_category(razz_keys, deuce_keys):
    razz = [describe_razz(v) for v in range(1, N_RAZZ_VALUES + 1)]
    deuce = [describe_deuce(v) for v in range(1, N_DEUCE_VALUES + 1)]
    assert len(set(razz)) == N_RAZZ_VALUES and len(set(deuce)) == N_DEUCE_VALUES
    words = {"One Pair": "pair of ", "Two Pair": "two pair, ", "Three of a Kind": "three ",
             "Full House": " full of ", "Four of a Kind": "four ", "Straight": "straight, ",
             "Flush": "flush, ", "Straight Flush": "straight flush, "}
    for names, category in ((razz, razz_category), (deuce, deuce_category)):
        for v, name in enumerate(names, start=1):
            cat = category(v)
            if cat.endswith("-low"):
                assert name.startswith(cat[:-4].replace("10", "T") + "-") and len(name) == 9, name
            else:
                assert words[cat] in name and not any(w in name for c, w in words.items()
                                                      if c != cat and w not in words[cat]), name


@pytest.mark.parametrize("cards, expected", [
    ("8s6d4h2cAs", "8-6-4-2-A"),
    ("9s9d7h4cAs", "pair of 9s, 7-4-A"),
    ("AsAd7h4c8s", "pair of aces, 8-7-4"),
    ("KsKdAh2c3d4s4c", "K-4-3-2-A"),
    ("KsKdKhKcQsQdJs", "two pair, kings and queens, J"),
    ("3s3d3h2c2d", "3s full of 2s"),
    ("TsTdThJcJd", "tens full of jacks"),
    ("9s9d9h4c2d", "three 9s, 4-2"),
    ("QsQdQhQc3d", "four queens, 3"),
    ("6s5s4s3s2s8s9s", "6-5-4-3-2"),
])
def test_describe_razz(cards, expected):
    value = evaluate_razz(cards)
    assert describe_razz(value) == expected
    assert value == evaluate_razz_many(np.array([parse_cards(cards)]))[0]


@pytest.mark.parametrize("cards, expected, category", [
    ("7s5d4h3c2s", "7-5-4-3-2", "7-low"),
    ("As5d4h3c2s", "A-5-4-3-2", "A-low"),
    ("KsQdJhTc8s", "K-Q-J-T-8", "K-low"),
    ("3s3d7h5c4s", "pair of 3s, 7-5-4", "One Pair"),
    ("9s9d4h4c7s", "two pair, 9s and 4s, 7", "Two Pair"),
    ("6s5d4h3c2s", "straight, 6 high", "Straight"),
    ("AsKdQhJcTs", "straight, A high", "Straight"),
    ("Js9s5s3s2s", "flush, J-9-5-3-2", "Flush"),
    ("8s8d8h2c2s", "8s full of 2s", "Full House"),
    ("TsJsQsKsAs", "straight flush, A high", "Straight Flush"),
])
def test_describe_deuce(cards, expected, category):
    value = evaluate_deuce(cards)
    assert (describe_deuce(value), deuce_category(value)) == (expected, category)


def test_low8_hands():
    assert describe_low(evaluate_low8("8s7d2hAc9d2s3c")) == "8-7-3-2-A low"
    assert evaluate_low8("8s7d2hAc9d2s9c") == NO_LOW
    assert describe_low(evaluate_low8("As2s3s4s5s")) == "5-4-3-2-A low"  # straights and flushes don't count
    assert describe_low(evaluate_low8("AsAd2s3s4s5s6d")) == "5-4-3-2-A low"


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize("evaluate, cards, error, token", [
    (evaluate_razz, "As2d3h4c", HandSizeError, "As2d3h4c"),
    (evaluate_razz, "As2d3h4c5s6s7s8s", HandSizeError, "As2d3h4c5s6s7s8s"),
    (evaluate_razz, [51, 1, 6, 11], HandSizeError, "As2d3h4s"),
    (evaluate_razz, "As2d3hAs5s", DuplicateCardError, "As"),
    (evaluate_razz, "As2d3hXs5s", CardError, "Xs"),
    (evaluate_low8, "As2d3h", HandSizeError, "As2d3h"),
    (evaluate_low8, [48, 1, 6, 11, 52], CardError, "52"),
    (evaluate_deuce, "As2d3h4c5s6s", HandSizeError, "As2d3h4c5s6s"),
    (evaluate_deuce, "7s5d4h3c7s", DuplicateCardError, "7s"),
    (evaluate_deuce, "7s5d4h3c2x", CardError, "2x"),
    (evaluate_badugi, "As2d3h", HandSizeError, "As2d3h"),
    (evaluate_badugi, "As2d3h4c5s", HandSizeError, "As2d3h4c5s"),
    (evaluate_badugi, "As2d3hAs", DuplicateCardError, "As"),
    (evaluate_badugi, "As2d3hQq", CardError, "Qq"),
])
def test_bad_hands_name_the_token(evaluate, cards, error, token):
    with pytest.raises(error, match=token):
        evaluate(cards)


def test_bad_arrays():
    with pytest.raises(HandSizeError, match=r"\(2, 4\)"):
        evaluate_razz_many(np.zeros((2, 4), np.uint8))
    with pytest.raises(HandSizeError, match=r"\(2, 6\)"):
        evaluate_deuce_many(random_hands(2, 6, seed=1))
    with pytest.raises(HandSizeError, match=r"\(2, 5\)"):
        evaluate_badugi_many(random_hands(2, 5, seed=1))
    with pytest.raises(DuplicateCardError, match="row 0"):
        evaluate_low8_many([[1, 2, 3, 4, 1]])
    with pytest.raises(CardError, match="row 0"):
        evaluate_badugi_many([[1, 2, 3, 52]])
    assert evaluate_razz_many(np.empty((0, 7), np.uint8)).shape == (0,)


@pytest.mark.parametrize("value", [0, -1, True, 1.0, "1", 10 ** 6])
def test_bad_values(value):
    for describe in (describe_razz, razz_category, describe_deuce, deuce_category, describe_badugi,
                     badugi_category):
        with pytest.raises(EquityError):
            describe(value)
    with pytest.raises(EquityError):
        describe_razz(N_RAZZ_VALUES + 1)
    with pytest.raises(EquityError):
        describe_deuce(N_DEUCE_VALUES + 1)
    with pytest.raises(EquityError):
        describe_badugi(1 << 13 | 0b1111)  # four ranks in a three-card code


def test_random_order_and_suit_relabelling_leave_values_unchanged():
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.sample(range(52), 7)
        suits = rng.sample(range(4), 4)
        other = [c & ~3 | suits[c & 3] for c in rng.sample(hand, 7)]
        assert evaluate_razz(hand) == evaluate_razz(other) and evaluate_low8(hand) == evaluate_low8(other)
        assert evaluate_deuce(hand[:5]) == evaluate_deuce([c & ~3 | suits[c & 3] for c in hand[4::-1]])
        assert evaluate_badugi(hand[:4]) == evaluate_badugi([c & ~3 | suits[c & 3] for c in hand[3::-1]])
