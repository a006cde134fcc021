"""Omaha from the flop on, board by board (:mod:`equity.games.omaha.postflop`), against a second
implementation: the deal-by-deal enumeration of :mod:`equity.games.omaha.exact`, which the oracle tests
of tests/games/test_games.py and tests/games/test_hilo.py checked before the board-by-board one took
these spots over. Both must count every (deal, board) into the same tally, to the bit, on one thread or
two; the spots that now run board by board against tests/naive.py are in those files (every Omaha exact
spot there from the flop on with unweighted hands)."""

import pytest
from same_counts import assert_counts_as_deal_by_deal

from equity.engines import exact
from equity.games.omaha import postflop as omaha_postflop
from equity.scenario import Scenario

# Most of the deck dead keeps a random opponent's deals few enough for the deal-by-deal kernel.
DEAD = "2c2d3c3d4c4d5c5d6c6d7c7d8c8dJcJdQcQd"
# In hi-lo the high cards go instead, so that lows are made (and missed) on the boards.
HIGH_DEAD = "8c8d9c9dTcTdJcJdJhJsQcQdKcKd"

SPOTS = [
    # heads-up against a random hand (two counters), with a flush suit on some boards
    ("omaha", ["AsAhKsKh", None], "9s9hTs", DEAD),
    ("omaha", ["AsAhKsKh", None], "9s9hTsTh", DEAD),
    ("omaha", ["AsAhKsKh", None], "9s9hTsThKc", DEAD),
    # hi-lo heads-up against a random hand (twelve cases)
    ("omaha-hilo", ["As2h3s4h", None], "5c7h9s", HIGH_DEAD),
    # three players, one random; the hero's hand is not fixed in every deal (a range)
    ("omaha", ["AsAhKsKh", "QhQsJhJs", None], "9s9hTs", DEAD),
    ("omaha", ["AAxx", "QhQsJhJs"], "9s9hTs2h", DEAD),
    ("omaha-hilo", ["As2h3s4h", "KhKsQhQs", None], "5c7h9sTs", HIGH_DEAD),
    # five- and six-card hands
    ("omaha5", ["AsAhKsKhQs", None], "9s9hTsTh", DEAD + "2h2s"),
    ("omaha6", ["AsAhKsKhQsQh", None], "9s9hTsTh", DEAD + "2h2s3h3s"),
    ("omaha6-hilo", ["As2h3s4h5s6h", "KhKsQhQsJhJs"], "5c7h9s", ""),
]


@pytest.mark.slow
@pytest.mark.parametrize("categories", [False, True])
@pytest.mark.parametrize(("game", "players", "board", "dead"), SPOTS)
def test_board_by_board_counts_what_deal_by_deal_counts(game, players, board, dead, categories):
    scenario = Scenario.build(players, board=board, dead=dead, game=game)
    assert_counts_as_deal_by_deal(omaha_postflop, scenario, categories)


def test_it_counts_every_deal_and_board_once():
    scenario = Scenario.build(["AsAhKsKh", None], board="9s9hTs", dead=DEAD)
    plan = exact.plan(scenario)
    boards = sum(b for _, b, _, _ in omaha_postflop.enumeration(scenario, scenario.game, plan, False)(2))
    assert boards == plan.trials


def test_weighted_ranges_and_per_deal_rows_stay_deal_by_deal():
    """Weights other than 1 would make the counts fractions summed in another order; per-deal rows need
    each deal on its own: both keep the deal-by-deal enumeration."""
    weighted = Scenario.build(["AsAhKsKh", "QQxx@50,JJxx"], board="9s9hTs", dead=DEAD)
    assert not omaha_postflop.applies(weighted, exact.plan(weighted), per_deal=False)
    plain = Scenario.build(["AsAhKsKh", None], board="9s9hTs", dead=DEAD)
    assert not omaha_postflop.applies(plain, exact.plan(plain), per_deal=True)
    preflop = Scenario.build(["AsAhKsKh", "QdQcJdJc"], game="omaha")
    assert not omaha_postflop.applies(preflop, exact.plan(preflop), per_deal=False)
