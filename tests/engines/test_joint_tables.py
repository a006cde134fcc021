"""The ranged players' joint tables (equity.engines.dealing.held_tables) against tests/naive.py's
joint_units, written from the contract: units in seat order, every choice of combos that shares no card,
weighted by the product of the weights."""

import math

import naive
import numpy as np
import pytest

from equity.engines.dealing import _ALWAYS, JOINT_MAX, held_tables, units
from equity.engines.held_cards import ROW_WIDTH
from equity.games import get_game
from equity.scenario import Scenario


def test_players_join_the_unit_before_them_while_its_table_stays_small():
    assert units([22, 26]) == [[0, 1]]
    assert units([256, 256]) == [[0, 1]]
    assert units([256, 257]) == [[0], [1]]
    assert units([78, 64, 18]) == [[0, 1], [2]]
    assert units([90_090]) == [[0]]  # one range alone, however large
    assert units([2, 3, 4, 5]) == [[0, 1, 2, 3]]
    assert units([1326, 2, 2]) == [[0, 1, 2]]
    assert units([1326, 50, 2]) == [[0], [1, 2]]


@pytest.mark.parametrize(("players", "board", "game"), [
    (["QQ+,AKs", "JJ-99,AQs+", None], "", "holdem"),
    (["QQ+,AKs@60", "JJ-99@30,AQs+", "AK@50,KK"], "", "holdem"),
    (["22+", "A2s+,K9s+", "QQ+", None], "", "holdem"),
    (["AhKh", "TT+", None], "9c7d8d", "short-deck"),
    (["AsAhKsKh", "QQxx@30,JJxx", None], "Qd7c2h", "plo"),
])
def test_tables_list_every_way_the_ranges_can_be_held_together(players, board, game):
    sc = Scenario.build(players, board=board, game=get_game(game))
    ranged = sc.ranged()
    h = held_tables(ranged, sc.live)
    combos = np.concatenate([c for c, _ in ranged])
    expected = naive.joint_units(ranged, JOINT_MAX)
    assert len(h.unit_start) - 1 == len(expected)
    for u, (members, rows, weights) in enumerate(expected):
        lo, hi = h.unit_start[u], h.unit_start[u + 1]
        assert h.unit_of[members].tolist() == [u] * len(members)
        got = [tuple(tuple(int(c) for c in combos[h.members[r, g]]) for g in members) for r in range(lo, hi)]
        assert sorted(got) == sorted(rows)
        # The alias table draws each row by its weight: keep i with prob[i] / 2**64, else go to alias[i].
        n = hi - lo
        keep = np.where(h.alias_prob[lo:hi] == _ALWAYS, 1.0, h.alias_prob[lo:hi] / 2.0**64)
        law = keep / n
        np.add.at(law, h.alias_idx[lo:hi], (1 - keep) / n)
        want = dict(zip(rows, np.array(weights) / math.fsum(weights), strict=True))
        assert law == pytest.approx([want[row] for row in got], rel=1e-9, abs=1e-15)
        # Each row's mask of positions in live holds exactly its cards.
        for r, row in zip(range(lo, hi), got, strict=True):
            cards = {c for hand in row for c in hand}
            assert {int(sc.live[i]) for i in range(len(sc.live)) if int(h.pmask[r]) >> i & 1} == cards
    if len(expected) == 1:  # one unit: each row's cards, then the cards nobody holds, in live's order
        assert h.row_cards.shape == (h.unit_start[1], ROW_WIDTH)
        n_held = sum(len(hand) for hand in expected[0][1][0])
        for r in range(h.unit_start[1]):
            held = [int(c) for g in range(len(ranged)) for c in combos[h.members[r, g]]]
            free = [int(c) for c in sc.live if int(c) not in held]
            assert h.row_cards[r, :len(sc.live)].tolist() == held + free
            assert len(held) == n_held
    else:
        assert h.row_cards is None


def test_without_ranged_players_there_is_no_table():
    sc = Scenario.build(["AsKs", None])
    h = held_tables(sc.ranged(), sc.live)
    assert h.pmask is None and h.row_cards is None and len(h.alias_prob) == 0
