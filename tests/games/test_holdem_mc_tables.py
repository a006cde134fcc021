"""The hold'em Monte Carlo kernel's table of a specific hand's rank class on every five-card board
(equity.games.holdem.seat_ranks.seat_ranks), against tests/naive.py's evaluator."""

import itertools
import random

import naive
import numpy as np

from equity.games import get_game
from equity.games.holdem.seat_ranks import five_card_nodes, seat_ranks


def _multisets():
    """Every multiset of five ranks with at most four of a rank, as rank tuples."""
    return [m for m in itertools.combinations_with_replacement(range(13), 5)
            if max(m.count(r) for r in set(m)) <= 4]


def _no_flush(ranks):
    """Cards of ``ranks`` with suits dealt round-robin in rank order: at most two of a suit in seven, so
    no flush, and a rank's cards take distinct suits (at most four of a rank)."""
    return [4 * r + i % 4 for i, r in enumerate(sorted(ranks))]


def test_each_hand_row_holds_its_class_on_every_five_card_board():
    game = get_game("holdem")
    t = game.tables()
    boards = _multisets()
    assert len(boards) == 6175
    first, end = five_card_nodes(game, t)
    assert end - first == len(boards)  # the five-card nodes are numbered together
    hands = np.array([[48, 44], [0, 1], [51, 3], [20, 24]], np.int16)  # AK, 22, A2, 77 (suits aside)
    table, start = seat_ranks(np.vstack([hands, [[-1, -1]]]), game, t)
    assert start == first and not table[-1].any()  # a random hand's row is left empty
    rng = random.Random(5)
    picked = boards[:40] + boards[-40:] + rng.sample(boards, 400)  # quads boards at both ends
    for ranks in picked:
        node = 0
        for r in ranks:
            node = int(t.rank_step[node + r])
        assert first <= node // 13 < end
        for p, (a, b) in enumerate(hands.tolist()):
            seven = _no_flush(list(ranks) + [a >> 2, b >> 2])
            if max(seven.count(c) for c in seven) > 1:
                continue  # the hand's ranks with the board's make five of a rank: no such deal
            assert table[p, node // 13 - first] == naive.naive_class(seven), (ranks, a, b)
