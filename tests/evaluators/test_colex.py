"""The sorted walk (equity.evaluators.colex): the seven-card level of the rank DAG in colex order.

Its table is checked against the slow oracle of tests/naive.py for every seven-rank multiset, each
listed here by itertools and numbered by the combinatorial number system written out, not by the
module's level-by-level construction; its sorting network by the 0-1 principle.
"""

import math
from collections import Counter
from itertools import combinations_with_replacement, product

import naive
import numpy as np
import pytest

from equity.evaluators import colex, dag, shortdeck, tables


def _index(ranks):
    return sum(math.comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))


def _cards(ranks):
    """Seven cards of these ranks with no five of a suit: the sorted ranks' suits go round 0, 1, 2, 3
    (a rank's copies sit side by side, so they take different suits)."""
    return [4 * r + i % 4 for i, r in enumerate(sorted(ranks))]


def test_the_colex_index_numbers_every_multiset_once():
    seen = sorted(_index(s) for s in combinations_with_replacement(range(13), 7))
    assert seen == list(range(colex.N_SORTED)) and colex.N_SORTED == 50_388


def test_each_step_table_row_is_that_positions_binomial():
    for i, row in enumerate(colex.binomials()):
        assert row[:13] == [math.comb(s + i, i + 1) for s in range(13)]
    assert colex.binomials()[0][:13] == list(range(13))  # why the kernel adds position 0's rank as is


def _multisets():
    """(ranks, whether a hand of distinct cards can hold them: no rank five times) for every
    seven-rank multiset."""
    for ranks in combinations_with_replacement(range(13), 7):
        yield ranks, max(Counter(ranks).values()) <= 4


def test_rank_sorted_is_the_dag_walk_of_every_multiset_and_the_oracle_of_some():
    # Every multiset walked here one step at a time on the natural tables; every 25th valid one also
    # against the slow oracle (all of them: the slow test below).
    table = tables.get().rank_sorted
    assert table.dtype == np.int16 and table.shape == (1 + colex.N_SORTED,)
    assert table[0] == 0
    natural = tables.load_natural()
    rank_next, rank_class = natural["rank_next"], natural["rank_class"]
    valid = 0
    for ranks, ok in _multisets():
        node = 0
        for r in ranks:
            node = rank_next[node, r]
        entry = table[1 + _index(ranks)]
        assert entry == (rank_class[node] if ok else 0), ranks
        if ok:
            valid += 1
            if valid % 25 == 0:
                assert entry == naive.naive_class(_cards(ranks)), ranks
    assert valid == 49_205  # the DAG's seven-card level (test_dag.py's node counts)


@pytest.mark.slow
def test_rank_sorted_is_the_oracle_class_of_every_multiset():
    table = tables.get().rank_sorted
    for ranks, ok in _multisets():
        assert table[1 + _index(ranks)] == (naive.naive_class(_cards(ranks)) if ok else 0), ranks


def test_rank_sorted_is_derived_for_short_deck_too():
    # Short deck's classes come from its own DAG; its rank multisets use the ranks 6..A (4..12).
    table = shortdeck.tables().rank_sorted
    for ranks in [(12, 12, 11, 11, 10, 4, 5), (12, 8, 7, 6, 5, 4, 4), (9, 9, 9, 5, 5, 5, 12)]:
        assert table[1 + _index(ranks)] == shortdeck.evaluate_short(_cards(ranks))


def test_the_network_sorts_every_seven_zeros_and_ones():
    # The 0-1 principle: a comparator network that sorts every 0-1 input sorts every input.
    assert len(colex.NETWORK) == 16
    for bits in product((0, 1), repeat=7):
        x = list(bits)
        for i, j in colex.NETWORK:
            if x[i] > x[j]:
                x[i], x[j] = x[j], x[i]
        assert x == sorted(bits), bits


def test_the_table_is_rebuilt_from_the_natural_tables_alike():
    built = dag.build_tables()
    again = colex.sorted_classes(built["rank_next"], built["rank_class"])
    assert np.array_equal(again, tables.get().rank_sorted)
