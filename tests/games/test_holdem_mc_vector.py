"""The hold'em Monte Carlo kernel's two ways to a showdown: each seat's seven cards walked as vectors
(equity.evaluators.seats, what it takes preflop and on the flop where the CPU has AVX-512) and the
DAG's steps on from the board's state (everywhere else). Both run here whatever the CPU (the vectors'
loads go lane by lane without AVX-512), on the same seed, and must count every trial alike: the same
cards are dealt, so any difference is a showdown scored differently."""

import numpy as np
import pytest

from equity.engines.combo_rows import ComboRows
from equity.engines.montecarlo import CHUNK
from equity.games import get_game
from equity.games.holdem.montecarlo import prepare
from equity.scenario import Scenario
from equity.tally import Tally

SPOTS = [
    (["AsKs", None], "", ""),
    (["AsKs", None, None], "Th9h2c", ""),
    (["7h2c", None, None, None, None, None], "", ""),
    (["QQ+,AKs", "JJ-99,AQs+", None], "", ""),  # one joint table: the ranged cards from its rows
    (["QQ+@60,AKs@30", "AK,KK", None], "2c3d4h", "9s"),  # weighted, a dead card
    (["22+,A2s+,K9s+", "22+,A2s+,K9s+", "QQ+", None], "", ""),  # two joint tables
    (["AhKh", "QsQd", "JcTc"], "9h8h2c", ""),  # three specific hands on the flop
    (["AhKh", "QsQd", None], "9h8h7c2d", ""),  # the turn: the DAG's steps both ways
]


def _counts(scenario, vector, categories, seats):
    """The kernel's tally and per-combo rows over 3 chunks and a part (every chunk size), seed 11."""
    game = scenario.game
    run, d, t = prepare(scenario, game, categories)
    per_combo = ComboRows(scenario, seats, len(d.ranged))
    d = d._replace(vector=vector, counted=per_combo.counted)
    chunks, total = 4, 3 * CHUNK + 37
    tally = Tally.zeros(chunks, len(scenario.players), game.split, n_categories=len(game.category_slots()))
    combos = per_combo.zeros(chunks)
    run(np.uint64(11), 0, chunks, total, d, t, tally, *combos)
    return tally, combos


@pytest.mark.parametrize(("players", "board", "dead"), SPOTS)
@pytest.mark.parametrize("categories", [False, True])
def test_the_vector_walk_counts_as_the_dags_steps(players, board, dead, categories):
    scenario = Scenario.build(players, board=board, dead=dead)
    seats = [p for p, spec in enumerate(players) if spec is not None and "," in spec]
    vector, steps = (_counts(scenario, v, categories, seats) for v in (True, False))
    for (tally, _), what in ((vector, "vector"), (steps, "steps")):
        assert tally.wins.sum() + tally.ties.sum() > 0, what
    np.testing.assert_array_equal(vector[1][0], steps[1][0])
    for name, x, y in zip(Tally._fields, vector[0], steps[0], strict=True):
        np.testing.assert_array_equal(x, y, err_msg=name)
    for name, x, y in zip(Tally._fields, vector[1][1], steps[1][1], strict=True):
        np.testing.assert_array_equal(x, y, err_msg=f"per combo {name}")


def test_short_deck_counts_alike_both_ways():
    scenario = Scenario.build(["AhKh", None, "JJ+"], game=get_game("shortdeck"))
    vector, steps = (_counts(scenario, v, True, [2]) for v in (True, False))
    for name, x, y in zip(Tally._fields, vector[0], steps[0], strict=True):
        np.testing.assert_array_equal(x, y, err_msg=name)
    assert vector[0].wins.sum() > 0
