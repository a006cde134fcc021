"""The deck's straights, written once (equity.evaluators.straights), against a brute force over every five
ranks of the deck: five in a row, or the ace under the four lowest."""

from itertools import combinations

import numpy as np
import pytest

from equity.evaluators.straights import straight_masks, straights
from equity.games.hits import _straights as hit_straights


def brute_force(low_rank: int) -> list[tuple[int, ...]]:
    """Every straight of the ranks ``low_rank`` .. 12, as sorted rank tuples, by its top card (the wheel's
    top is its fourth rank: the ace plays low there)."""
    out = []
    for five in combinations(range(low_rank, 13), 5):
        if five[-1] - five[0] == 4:
            out.append((five[-1], five))
        elif five == (*range(low_rank, low_rank + 4), 12):
            out.append((low_rank + 3, five))
    return [five for _, five in sorted(out)]


@pytest.mark.parametrize(("low_rank", "count"), [(0, 10), (4, 6)])
def test_the_straights_are_every_five_in_a_row_and_the_wheel(low_rank, count):
    lowest_first = brute_force(low_rank)
    assert len(lowest_first) == count  # ten in a whole deck; six in short deck (A-6-7-8-9 .. T-J-Q-K-A)
    ranked = straights(low_rank)
    assert [tuple(sorted(s)) for s in reversed(ranked)] == lowest_first
    assert all(list(s) == sorted(s, reverse=True) for s in ranked[:-1])  # highest rank first
    assert ranked[-1] == (low_rank + 3, low_rank + 2, low_rank + 1, low_rank, 12)  # the wheel, last
    assert list(straight_masks(low_rank)) == [sum(1 << r for r in s) for s in lowest_first]


@pytest.mark.parametrize("low_card", [0, 16])
def test_the_hits_kernels_get_the_same_masks(low_card):
    assert np.array_equal(hit_straights(low_card), np.array(straight_masks(low_card // 4), np.int64))
