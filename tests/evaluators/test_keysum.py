import hashlib
import time
from itertools import combinations_with_replacement

import numpy as np
import pytest
from conftest import random_hands

from equity.errors import CardError, DuplicateCardError, HandSizeError
from equity.evaluators import high as evaluator
from equity.evaluators.dag import kev_classes
from equity.evaluators.reference import keysum
from equity.evaluators.reference.keysum import (
    RANK_KEYS,
    SUIT_KEYS,
    SUIT_SPLITS,
    evaluate_many,
    flush_suit_table,
    rank_multisets,
    seven_card_histogram,
    table_bytes,
    tables,
)

LAST = np.array([10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462])
MAX_KEY = 4 * RANK_KEYS[12] + 3 * RANK_KEYS[11]


def categories(hist: np.ndarray) -> list[int]:
    cats = np.searchsorted(LAST, np.arange(1, 7463))
    return np.bincount(cats, weights=hist[1:], minlength=9).astype(np.int64).tolist()


def multisets(k: int) -> list[tuple[int, ...]]:
    """Sorted k-tuples of ranks with no rank five times (a sorted tuple has one iff r[i] == r[i + 4])."""
    return [m for m in combinations_with_replacement(range(13), k)
            if all(m[i] != m[i + 4] for i in range(k - 4))]


def mask(ranks) -> int:
    return sum(1 << r for r in ranks)


@pytest.mark.parametrize(("k", "count"), [(5, 6175), (6, 18395), (7, 49205)])
def test_rank_keys_give_distinct_sums_within_each_size(k, count):
    sums = {sum(RANK_KEYS[r] for r in m) for m in multisets(k)}
    assert len(sums) == count == len(rank_multisets(k))


def test_largest_seven_card_key_sizes_the_rank_table():
    assert max(sum(RANK_KEYS[r] for r in m) for m in multisets(7)) == MAX_KEY == 7_825_759
    assert tables().rank_class.shape == (MAX_KEY + 1,)


def test_keys_collide_across_sizes_so_the_table_is_seven_card_only():
    # The deuce's key is 0: A-K-Q-J-9 and A-K-Q-J-9-2-2 share a key but not a class.
    high_card = (12, 11, 10, 9, 7)
    assert sum(RANK_KEYS[r] for r in high_card) == sum(RANK_KEYS[r] for r in high_card + (0, 0))
    with pytest.raises(HandSizeError, match="shape"):
        evaluate_many(random_hands(3, 5, 0))
    with pytest.raises(HandSizeError, match="shape"):
        evaluate_many(random_hands(3, 6, 0))


def test_suit_keys_are_the_smallest_that_work():
    # Exhaustive search, suit 0's key 0 and the others ascending (any other set is a relabelling):
    # the first set found, by largest key, then the middle one, then the smallest.
    def search() -> tuple[int, int, int, int]:
        for c in range(1, 64):
            for b in range(1, c):
                for a in range(1, b):
                    if flush_suit_table((0, a, b, c)) is not None:
                        return 0, a, b, c
        raise AssertionError("no suit keys below 64")

    assert search() == SUIT_KEYS


@pytest.mark.parametrize("split", SUIT_SPLITS)
def test_flush_suit_is_right_for_every_suit_count_pattern(split):
    total = sum(n * k for n, k in zip(split, SUIT_KEYS, strict=True))
    expected = next((s for s in range(4) if split[s] >= 5), -1)
    assert tables().flush_suit[total] == expected
    # The kernels read the suit-key sum from the packed card keys.
    cards = [4 * 12 - 4 * i + s for s, n in enumerate(split) for i in range(n)]  # any ranks will do
    key = sum(int(tables().card_key[c]) for c in cards)
    assert key >> keysum.RANK_BITS == total


def test_suit_splits_and_bad_suit_keys():
    assert len(SUIT_SPLITS) == 120
    assert flush_suit_table((0, 1, 2, 3)) is None
    assert flush_suit_table((0, 1, 8, 57)) is not None


def test_rank_table_has_one_entry_per_multiset():
    t = tables()
    keys = rank_multisets(7) @ np.array(RANK_KEYS)
    assert np.count_nonzero(t.rank_class) == 49205
    assert (t.rank_class[keys] >= 1).all() and t.rank_class.max() <= 7462
    assert t.rank_class[4 * RANK_KEYS[12] + 3 * RANK_KEYS[11]] == 11  # AAAA KKK: quad aces, king kicker
    assert t.rank_class[sum(RANK_KEYS[r] for r in (12, 11, 10, 9, 8, 0, 0))] == 1600  # ace-high straight
    # 9-8-7-5-4-3-2: the best five are 9-8-7-5-4, found among the 5-card classes by base-5 code.
    assert t.rank_class[sum(RANK_KEYS[r] for r in (7, 6, 5, 3, 2, 1, 0))] == kev_classes()[0][
        sum(5**r for r in (7, 6, 5, 3, 2))]


def test_flush_table():
    fc = tables().flush_class
    popcount = np.array([bin(m).count("1") for m in range(8192)])
    assert (fc[popcount < 5] == 0).all() and (fc[popcount >= 5] >= 1).all()
    assert fc[mask((12, 11, 10, 9, 8))] == 1
    assert fc[mask((12, 11, 10, 9, 8, 1, 0))] == 1
    assert fc[mask((12, 3, 2, 1, 0))] == 10  # steel wheel
    assert fc[mask((12, 3, 2, 1, 0, 10, 9))] == 10  # beats the ace-high flush beside it
    assert fc[mask((5, 3, 2, 1, 0))] == 1599  # 7-5-4-3-2
    assert fc[mask((12, 11, 10, 9, 7, 6, 5))] == 323  # best flush


# Pinned digest of the tables (name, then little-endian bytes, in KeySumTables order). Confirmed by the
# exhaustive histogram and the random-hand tests below against the DAG evaluator.
TABLES_DIGEST = "f06441050164516ad97a1bfb299364c87616e4f4f06af15a1199f88017bc6931"


def test_tables_digest_and_size():
    h = hashlib.sha256()
    t = tables()
    for name, array in zip(t._fields, t, strict=True):
        h.update(name.encode())
        h.update(array.astype(array.dtype.newbyteorder("<")).tobytes())
    assert h.hexdigest() == TABLES_DIGEST
    assert [a.dtype for a in t] == [np.int32, np.int16, np.int8, np.int16]
    assert table_bytes() == 52 * 4 + (MAX_KEY + 1) * 2 + 225 + 8192 * 2 == 15_668_337


def test_tables_are_built_once():
    assert tables() is tables()


def test_all_seven_card_hands_match_the_dag_evaluator():
    # All 133,784,560 hands: about 0.1 s here, each way, once compiled.
    start = time.perf_counter()
    hist = seven_card_histogram()
    serial = seven_card_histogram(parallel=False)
    elapsed = time.perf_counter() - start
    assert hist.dtype == np.int64 and hist.shape == (7463,)
    assert (hist == serial).all()
    assert (hist == evaluator.seven_card_histogram()).all()
    assert hist.sum() == 133_784_560 and hist[0] == 0
    assert np.count_nonzero(hist) == 4824
    assert categories(hist) == [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400,
                                58627800, 23294460]
    assert elapsed < 60


@pytest.mark.parametrize("parallel", [True, False])
def test_random_hands_agree_with_the_dag_evaluator(parallel):
    hands = random_hands(200_000, 7, 7)
    got = evaluate_many(hands, parallel=parallel)
    assert got.dtype == np.int16
    assert (got == evaluator.evaluate_many(hands)).all()


def test_order_and_suit_relabelling_do_not_matter():
    hands = random_hands(20_000, 7, 8).astype(np.int64)
    expected = evaluate_many(hands)
    rng = np.random.default_rng(9)
    perm = rng.permutation(4)
    relabelled = hands - (hands & 3) + perm[hands & 3]
    assert (evaluate_many(relabelled[:, ::-1]) == expected).all()


def test_shared_board_plus_hole_cards_is_the_hand_key():
    # A board's packed key and suit masks, computed once, plus each player's two cards: the rank and suit
    # fields must equal sums of RANK_KEYS and SUIT_KEYS found from the cards directly (no carry between
    # fields), and the module docstring's lookups on them must give the class the kernel and the DAG give.
    t = tables()
    ck = t.card_key.astype(np.int64)
    players = 4
    deals = np.argsort(np.random.default_rng(12).random((5000, 52)), axis=1)[:, :5 + 2 * players]
    board, holes = deals[:, :5], deals[:, 5:].reshape(-1, players, 2)
    board_key = ck[board].sum(axis=1)
    board_masks = np.bitwise_or.reduce(1 << (13 * (board & 3) + (board >> 2)), axis=1)
    for p in range(players):
        hole = holes[:, p]
        hands = np.concatenate([board, hole], axis=1)
        key = board_key + ck[hole].sum(axis=1)
        masks = board_masks | np.bitwise_or.reduce(1 << (13 * (hole & 3) + (hole >> 2)), axis=1)
        assert (key & keysum.RANK_MASK == np.array(RANK_KEYS)[hands >> 2].sum(axis=1)).all()
        assert (key >> keysum.RANK_BITS == np.array(SUIT_KEYS)[hands & 3].sum(axis=1)).all()
        suit = t.flush_suit[key >> keysum.RANK_BITS]
        flush = t.flush_class[(masks >> (13 * np.maximum(suit, 0))) & 0x1FFF]
        value = np.where(suit < 0, t.rank_class[key & keysum.RANK_MASK], flush)
        assert (value == evaluate_many(hands, parallel=False)).all()
        assert (value == evaluator.evaluate_many(hands)).all()


def test_invalid_hands_are_rejected():
    assert evaluate_many(np.zeros((0, 7), np.uint8)).shape == (0,)
    with pytest.raises(HandSizeError, match="equity.evaluators.high"):
        evaluate_many(np.arange(8)[None, :])
    with pytest.raises(CardError, match="row 1"):
        evaluate_many([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 52]])
    with pytest.raises(DuplicateCardError, match="row 0"):
        evaluate_many([[0, 1, 2, 3, 4, 5, 5]])
