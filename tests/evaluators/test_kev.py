"""Cactus Kev's evaluator (equity.evaluators.reference.kev) against the DAG evaluator, and its tables from
first principles.

The exhaustive 7-card test walks all 133,784,560 hands with 21 lookups each: about 2 s on 2 threads
(3.6 s on one), plus 1-3 s to compile the kernels when numba's cache is cold.
"""

import builtins
import hashlib
import io
from math import comb

import numpy as np
import pytest
from conftest import random_hands

from equity.errors import CardError, DuplicateCardError, HandSizeError
from equity.evaluators import dag
from equity.evaluators import high as evaluator
from equity.evaluators.reference import kev

LAST = np.array([10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462])

# SHA-256 of the five arrays of kev.tables() (little-endian, in field order) and the multiplier.
TABLES_DIGEST = "0c191eb6b8537581f0aabb05f100d691a7474d047b3f993d1186c06c89ec345c"


def categories(hist: np.ndarray) -> list[int]:
    cats = np.searchsorted(LAST, np.arange(1, 7463))
    return np.bincount(cats, weights=hist[1:], minlength=9).astype(np.int64).tolist()


def digest(t: kev.KevTables) -> str:
    h = hashlib.sha256()
    for a in t[:5]:
        h.update(np.ascontiguousarray(a, a.dtype.newbyteorder("<")).tobytes())
    h.update(str(t.mult).encode())
    return h.hexdigest()


def slots(keys: np.ndarray, t: kev.KevTables) -> np.ndarray:
    """The perfect hash's slot of each prime product, computed in NumPy from the module docstring."""
    h = (keys * t.mult) & 0xFFFFFFFF
    slot = ((h & (2**21 - 1)) * kev.N_SLOTS >> 21) + t.displace[h >> 21].astype(np.int64)
    return np.where(slot >= kev.N_SLOTS, slot - kev.N_SLOTS, slot)


def test_card_layout():
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    assert kev.CARD.dtype == np.uint32 and kev.CARD.shape == (52,)
    for card_id, c in enumerate(kev.CARD.tolist()):
        rank, suit = card_id >> 2, card_id & 3
        assert c == primes[rank] | rank << 8 | 1 << (15 - suit) | 1 << (16 + rank), card_id
        assert c >> 16 == 1 << rank and (c >> 12) & 0xF == 8 >> suit
        assert (c >> 8) & 0xF == rank and c & 0x3F == primes[rank] and c & 0xE00000C0 == 0
    assert int(kev.CARD[4 * 11 + 1]) == 0x08004B25  # Kev's king of diamonds
    assert (kev.tables().card == kev.CARD).all()


def test_tables_are_rebuilt_from_first_principles(monkeypatch):
    def no_io(*args, **kwargs):
        raise AssertionError("the tables must not read files")

    monkeypatch.setattr(builtins, "open", no_io)
    monkeypatch.setattr(io, "open", no_io)
    monkeypatch.setattr(np, "load", no_io)
    monkeypatch.setattr(np, "fromfile", no_io)
    fresh = kev.tables.__wrapped__()
    monkeypatch.undo()
    cached = kev.tables()
    assert fresh.mult == cached.mult
    for a, b in zip(fresh[:5], cached[:5], strict=True):
        assert a.dtype == b.dtype and (a == b).all()
    assert digest(fresh) == TABLES_DIGEST
    assert kev.table_bytes() == 52 * 4 + 8192 * 2 * 2 + kev.N_BUCKETS * 2 + kev.N_SLOTS * 2 == 46_848


def test_flush_and_unique5_tables():
    nonflush, flush = dag.kev_classes()
    t = kev.tables()
    five_bits = np.array([bin(q).count("1") == 5 for q in range(8192)])
    assert ((t.flushes != 0) == five_bits).all() and ((t.unique5 != 0) == five_bits).all()
    for mask, cls in flush.items():
        assert t.flushes[mask] == cls
        ranks = [r for r in range(13) if mask >> r & 1]
        assert t.unique5[mask] == nonflush[sum(5**r for r in ranks)]
    fl, u5 = t.flushes[five_bits], t.unique5[five_bits]
    assert (((fl >= 1) & (fl <= 10)) | ((fl >= 323) & (fl <= 1599))).all()
    assert (((u5 >= 1600) & (u5 <= 1609)) | (u5 >= 6186)).all()


def test_perfect_hash_is_collision_free_and_covers_exactly_the_products():
    products, classes = kev.sorted_products()
    assert len(products) == kev.N_PRODUCTS == 7462 - 2 * 1287
    assert (np.diff(products) > 0).all() and products.max() == 41**4 * 37 < 2**31
    nonflush, _ = dag.kev_classes()
    paired = {code: cls for code, cls in nonflush.items() if max((code // 5**r) % 5 for r in range(13)) > 1}
    assert sorted(classes.tolist()) == sorted(paired.values())
    t = kev.tables()
    assert t.mult % 2 == 1 and t.mult < 2**32 and t.displace.max() < kev.N_SLOTS
    slot = slots(products, t)
    assert sorted(slot.tolist()) == list(range(kev.N_SLOTS))  # a bijection: minimal and collision-free
    assert (t.values[slot] == classes).all()  # agrees with Kev's sorted table (binary search)
    # ... and with what a binary search would find for every product.
    assert (classes[np.searchsorted(products, products)] == t.values[slot]).all()


def test_perfect_hash_builder_on_other_keys():
    keys = np.unique(np.random.default_rng(7).integers(1, 2**31, 3000))
    mult, displace, slot = kev._perfect_hash(keys, n_slots=len(keys))
    assert sorted(slot.tolist()) == list(range(len(keys)))
    bucket, base = kev._hash_parts(keys, mult, len(keys))
    again = base + displace[bucket]
    assert (np.where(again >= len(keys), again - len(keys), again) == slot).all()


@pytest.fixture(scope="module")
def five():
    return kev.all_five_card_classes()


def test_all_five_card_hands_match_the_dag(five):
    assert five.dtype == np.int16 and len(five) == kev.N_FIVE_CARD_HANDS
    assert (five == evaluator.all_five_card_classes()).all()
    assert categories(np.bincount(five, minlength=7463)) == [
        40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]


def test_kev5_one_hand_at_a_time():
    hands = random_hands(2000, 5, seed=5)
    t = kev.tables()
    got = [kev._kev5(*(int(kev.CARD[c]) for c in hand), t) for hand in hands]
    assert got == evaluator.evaluate_many(hands).tolist()


@pytest.mark.slow
def test_all_seven_card_hands_match_the_dag():
    hist = kev.seven_card_histogram()
    assert hist.dtype == np.int64 and hist.shape == (7463,) and hist[0] == 0
    assert hist.sum() == kev.N_SEVEN_CARD_HANDS
    assert (hist == evaluator.seven_card_histogram()).all()
    assert categories(hist) == [
        41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460]
    assert np.count_nonzero(hist) == 4824  # classes reachable as the best of seven cards


@pytest.mark.parametrize("n_chunks", [1, 2, 3, 8, 46, 50])
def test_first_card_chunks_cover_each_first_card_once(n_chunks):
    firsts = kev._first_card_chunks(n_chunks)
    assert firsts.shape[0] == n_chunks
    assert sorted(firsts[firsts >= 0].tolist()) == list(range(46))
    loads = [sum(comb(51 - a, 6) for a in row if a >= 0) for row in firsts]
    assert max(loads) - min(loads) <= comb(51, 6)


@pytest.mark.parametrize("m", [5, 6, 7])
def test_random_hands_match_the_dag(m):
    hands = random_hands(200_000, m, seed=100 + m)
    expected = evaluator.evaluate_many(hands)
    got = kev.evaluate_many(hands)  # the parallel kernel
    assert got.dtype == np.int16 and (got == expected).all()
    out = np.empty(1000, np.int16)
    kev._kev_rows(hands[:1000], kev.tables(), out)  # the serial kernel
    assert (out == expected[:1000]).all()


def test_order_does_not_matter():
    hands = random_hands(10_000, 7, seed=3)
    shuffled = np.random.default_rng(4).permuted(hands, axis=1)
    assert (kev.evaluate_many(hands) == kev.evaluate_many(shuffled)).all()


def test_evaluate_many_validates():
    with pytest.raises(HandSizeError, match="shape"):
        kev.evaluate_many(np.zeros((3, 4), np.uint8))
    with pytest.raises(CardError, match="row 1"):
        kev.evaluate_many(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 52]]))
    with pytest.raises(DuplicateCardError, match="row 0"):
        kev.evaluate_many(np.array([[0, 1, 2, 3, 3]]))
    assert kev.evaluate_many(np.zeros((0, 7), np.uint8)).shape == (0,)
