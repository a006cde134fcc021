"""Omaha before the flop, by rank (:mod:`equity.games.omaha.preflop`), against a second implementation:
the deal-by-deal enumeration of :mod:`equity.games.omaha.exact`, which scores every board one by one
(and which the oracle tests of tests/games/test_games.py and tests/games/test_hilo.py checked before the
by-rank one took the preflop spots over). Both must count every (deal, board) into the same tally, to the bit,
on one thread or two."""

import pytest
from same_counts import assert_counts_as_deal_by_deal

from equity.engines import exact
from equity.games.omaha import preflop as omaha_preflop
from equity.questions.calculate import choose
from equity.scenario import Scenario


def dead_but(*live: str) -> str:
    """Every card but ``live`` (hands or cards, concatenated) dead: a random opponent's deals few enough
    for the deal-by-deal kernel."""
    keep = {"".join(live)[i:i + 2] for i in range(0, len("".join(live)), 2)}
    return "".join(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in keep)


# Fourteen live cards with two suits to flush in; in hi-lo the low cards, so that lows are made (and
# missed) on the boards.
HIGH = "AcAdKcKdQhQsJhJsThTs9h9s8h8s"
LOW = "AcAd2c2d3c5c5d5h6h6s7h7sKcKd"

SPOTS = [
    # heads-up, every suit one some hand can flush in; spades and hearts alike (counted once, twice)
    ("omaha", ["AsAhKsKh", "JdTd9c8c"], ""),
    # a dead card that tells spades from hearts: the two suits may no longer be folded together
    ("omaha", ["AsAhKsKh", "JdTd9c8c"], "2s"),
    # the suits' hands alike but for the rank: not folded either
    ("omaha", ["AsKsAhQh", "2c3c4d5d"], ""),
    # no hand can flush in two suits; quads on the board (all four of a rank live)
    ("omaha", ["AsKhQdJc", "Ts9h8d7c"], ""),
    # three players, and a player with three cards of a suit
    ("omaha", ["AsAhKsKh", "JdTd9c8c", "7s7h6s6h"], ""),
    ("omaha", ["AsKsQsJh", "AdKdQc2c", "9h8h7c6d"], "2h"),
    # hi-lo: heads-up (twelve cases) and three-way
    ("omaha-hilo", ["AsAd2s3d", "KhKcQhQc"], ""),
    ("omaha-hilo", ["As2h3s4h", "Ac2d5c6d"], "7s"),
    ("omaha-hilo", ["AsAd2s3d", "KhKcQhQc", "7s7h6s6h"], ""),
    # five- and six-card hands
    ("omaha5", ["AsAhKsKh2c", "JdTd9c8c7h"], ""),
    ("omaha6-hilo", ["As2h3s4h5s6h", "KhKsQhQsJhJs"], ""),
    # random hands and an unweighted range, most of the deck dead
    ("omaha", ["AsAhKsKh", None], dead_but(HIGH, "AsAhKsKh")),
    ("omaha", ["AAxx", "KhKsQhQs"], dead_but(HIGH, "AsAhKhKsQhQs")),
    ("omaha-hilo", ["As2h3s4h", None], dead_but(LOW, "As2h3s4h")),
    ("omaha", ["AsAhKsKh", "QhQs8h8s", None], dead_but(HIGH, "AsAhKsKhQhQs8h8s")),
]


@pytest.mark.parametrize("categories", [False, True])
@pytest.mark.parametrize(("game", "players", "dead"), SPOTS)
def test_by_rank_counts_what_deal_by_deal_counts(game, players, dead, categories):
    scenario = Scenario.build(players, dead=dead, game=game)
    assert_counts_as_deal_by_deal(omaha_preflop, scenario, categories)


def test_it_counts_every_deal_and_board_once():
    scenario = Scenario.build(["AsAhKsKh", None], dead=dead_but(HIGH, "AsAhKsKh"))
    plan = exact.plan(scenario)
    run = omaha_preflop.enumeration(scenario, scenario.game, plan, False)
    assert sum(b for _, b, _, _ in run(2)) == plan.trials


def test_weighted_ranges_per_deal_rows_and_boards_stay_elsewhere():
    """Weights other than 1 would make the counts fractions summed in another order; per-deal rows need
    each deal on its own; a board is for the board-by-board kernel."""
    weighted = Scenario.build(["AsAhKsKh", "QQxx@50,JJxx"])
    assert not omaha_preflop.applies(weighted, exact.plan(weighted), per_deal=False)
    plain = Scenario.build(["AsAhKsKh", "QdQcJdJc"], game="omaha")
    assert not omaha_preflop.applies(plain, exact.plan(plain), per_deal=True)
    flop = Scenario.build(["AsAhKsKh", "QdQcJdJc"], board="2c7h9s", game="omaha")
    assert not omaha_preflop.applies(flop, exact.plan(flop), per_deal=False)


def test_auto_prices_the_fast_kernels_and_weighted_ranges_apart():
    """The work ``auto`` weighs is each kernel's: PLO against a random hand on a flop (122 M deal-boards
    board by board, a few tenths of a second) is enumerated; a weighted range, which goes deal by deal,
    is priced as that, above the same range unweighted; so is a run that keeps rows per deal or per
    board (per-combo counts, runouts: deal by deal there too, some 50 s for that flop)."""
    flop = Scenario.build(["AsAhKsKh", None], board="7h8d2c", game="omaha")
    assert choose(flop)[0] == "exact"
    assert choose(flop, rows=True)[0] == "monte-carlo"
    plain = exact.plan(Scenario.build(["AsAhKsKh", "QQxx,JJxx"], game="omaha"))
    weighted = exact.plan(Scenario.build(["AsAhKsKh", "QQxx@50,JJxx"], game="omaha"))
    assert len(plain.weight) == len(weighted.weight)
    assert weighted.work > 10 * plain.work
