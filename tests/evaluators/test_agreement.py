"""The three evaluator designs give the same class to every one of the 133,784,560 seven-card hands
(and Kev and the DAG to every five-card hand): not just the same histogram, hand by hand; and
equity.evaluators.reference.designs puts them behind one interface."""

import numpy as np
import pytest
from conftest import random_hands
from numba import njit

from equity.evaluators import tables
from equity.evaluators.high import _evaluate_rows_parallel
from equity.evaluators.reference import designs, kev, keysum
from equity.evaluators.reference.kev import _kev_rows_parallel
from equity.evaluators.reference.keysum import _keysum_rows_parallel


@njit(cache=True)
def _hands_from(a, b, out):
    """Write every 7-card hand whose two lowest cards are ``a < b`` into ``out`` (uint8 (>= n, 7)) in
    lexicographic order; return how many (C(51 - b, 5))."""
    n = 0
    for c in range(b + 1, 48):
        for d in range(c + 1, 49):
            for e in range(d + 1, 50):
                for f in range(e + 1, 51):
                    for g in range(f + 1, 52):
                        out[n, 0] = a
                        out[n, 1] = b
                        out[n, 2] = c
                        out[n, 3] = d
                        out[n, 4] = e
                        out[n, 5] = f
                        out[n, 6] = g
                        n += 1
    return n


@pytest.mark.slow
def test_every_seven_card_hand_gets_the_same_class_from_all_three():
    dag_t, kev_t, key_t = tables.get(), kev.tables(), keysum.tables()
    buf = np.empty((2_118_760, 7), np.uint8)  # C(50, 5), the most hands one prefix has
    outs = [np.empty(len(buf), np.int16) for _ in range(3)]
    total = 0
    for a in range(46):
        for b in range(a + 1, 47):
            n = _hands_from(a, b, buf)
            hands = buf[:n]
            _evaluate_rows_parallel(hands, dag_t, outs[0][:n], 16)
            _kev_rows_parallel(hands, kev_t, outs[1][:n], 16)
            _keysum_rows_parallel(hands, key_t, outs[2][:n], 16)
            assert np.array_equal(outs[0][:n], outs[1][:n]), (a, b, "kev")
            assert np.array_equal(outs[0][:n], outs[2][:n]), (a, b, "keysum")
            total += n
    assert total == 133_784_560


def test_every_five_card_hand_gets_the_same_class_from_kev_and_the_dag():
    assert np.array_equal(designs.all_five_card_classes("kev"), designs.all_five_card_classes())


def test_the_three_designs_agree_through_one_interface():
    assert designs.DESIGNS == ("dag", "kev", "keysum")
    hands = random_hands(100_000, 7, 77)
    dag = designs.evaluate_many(hands)
    for name in designs.DESIGNS[1:]:
        assert np.array_equal(designs.evaluate_many(hands, name), dag), name
        assert np.array_equal(designs.evaluate_many(hands[:1000], name, parallel=False), dag[:1000]), name
    five = random_hands(20_000, 5, 78)
    assert np.array_equal(designs.evaluate_many(five, "kev"), designs.evaluate_many(five))
    sizes = [sum(a.nbytes for a in tables.get()), kev.table_bytes(), keysum.table_bytes()]
    assert [designs.table_bytes(name) for name in designs.DESIGNS] == sizes


@pytest.mark.parametrize("call", [lambda: designs.evaluate_many(np.zeros((1, 7), np.uint8), "treys"),
                                  lambda: designs.seven_card_histogram("treys"),
                                  lambda: designs.all_five_card_classes("keysum")])
def test_designs_reject_unknown_or_unsuited_names(call):
    with pytest.raises(ValueError, match="design must be one of dag, kev, keysum|7-card hands only"):
        call()
