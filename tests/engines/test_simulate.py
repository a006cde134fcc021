import itertools
import math
from fractions import Fraction

import naive
import numpy as np
import pytest

from equity import calculate, combo_results, parse_range
from equity.cards import parse_cards
from equity.engines.dealing import JOINT_MAX, alias_table
from equity.engines.montecarlo import (
    CHUNK,
    _chunks_for,
    _equity_stderr,
    _expected,
    _first_precise_prefix,
    board_seed,
    simulate,
)
from equity.errors import ScenarioError
from equity.evaluators.high import _walk
from equity.evaluators.omaha import evaluate_omaha
from equity.games import get_game
from equity.scenario import Scenario
from equity.tally import Tally


def numbers(result):
    return [(p.win, p.tie, p.equity, p.stderr) for p in result.players]


def test_same_seed_same_numbers_whatever_the_threads():
    sc = Scenario.build(["AsKs", None, None])
    one = simulate(sc, trials=300_000, seed=42, threads=1)
    two = simulate(sc, trials=300_000, seed=42, threads=2)
    again = simulate(sc, trials=300_000, seed=42)
    assert numbers(one) == numbers(two) == numbers(again)
    assert one.trials == 300_000 and one.seed == 42
    assert numbers(simulate(sc, trials=300_000, seed=43)) != numbers(one)


def test_a_seed_is_drawn_and_reported():
    sc = Scenario.build(["AsKs", None])
    result = simulate(sc, trials=10_000)
    assert isinstance(result.seed, int)
    assert numbers(simulate(sc, trials=10_000, seed=result.seed)) == numbers(result)


CASES = [
    # (players, board, dead): small enough for tests/naive.py to enumerate exactly
    (["AhAd", None], "2c7s9dJcQh", ""),
    (["7d8d", None], "2c3d4h5s6c", ""),
    (["KhQh", None], "Jh Th 2c 3d", ""),
    (["AhAd", "KhKd"], "2c7s9dJc", ""),
    (["AhAd", None, None], "2c7s9dJcQh", ""),
    (["9c9d", None, None], "2c7s9hJcQh", "Ks Kc"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "board", "dead"), CASES)
def test_monte_carlo_within_four_standard_errors_of_exact(players, board, dead):
    sc = Scenario.build(players, board=board, dead=dead)
    exact = naive.naive_equity([parse_cards(p) if p else None for p in players], parse_cards(board),
                               parse_cards(dead))
    result = simulate(sc, trials=400_000, seed=2026)
    for p, (win, tie, eq) in zip(result.players, exact, strict=True):
        for got, want, se in ((p.win, win, p.win_stderr), (p.tie, tie, p.tie_stderr),
                              (p.equity, eq, p.stderr)):
            if se == 0:
                assert got == float(want)
            else:
                assert abs(got - float(want)) <= 4 * se, (players, got, float(want), se)
    assert math.isclose(sum(p.equity for p in result.players), 1.0, abs_tol=1e-12)


def test_aa_vs_kk_preflop_matches_the_published_exact_equity():
    # AA vs KK over all combos: 81.9461% (public exhaustive count); here AcAd vs KhKs specifically:
    # 1,388,072 wins, 317,694 losses, 6,538 ties of 1,712,304 boards.
    exact = Fraction(1_388_072 * 2 + 6_538, 2 * 1_712_304)
    result = simulate(Scenario.build(["AcAd", "KhKs"]), trials=1_000_000, seed=7)
    hero = result.players[0]
    assert abs(hero.equity - float(exact)) <= 4 * hero.stderr
    assert abs(hero.win - 1_388_072 / 1_712_304) <= 4 * hero.win_stderr
    assert abs(hero.tie - 6_538 / 1_712_304) <= 4 * hero.tie_stderr


def test_symmetric_random_opponents_agree_and_equities_sum_to_one():
    result = simulate(Scenario.build(["7h7d", None, None, None], board="Ah8c2d"), trials=600_000, seed=3)
    opp = result.players[1:]
    for a in opp:
        for b in opp:
            assert abs(a.equity - b.equity) <= 4 * math.hypot(a.stderr, b.stderr)
    assert math.isclose(sum(p.equity for p in result.players), 1.0, abs_tol=1e-12)


def test_ties_are_shared_exactly():
    # The board plays for everyone: every trial is a 3-way split.
    result = simulate(Scenario.build(["2c3d", None, None], board="AsKsQsJsTs"), trials=50_000, seed=1)
    for p in result.players:
        assert p.win == 0 and p.tie == 1 and math.isclose(p.equity, 1 / 3) and p.stderr == 0


def test_precision_stops_at_the_first_chunk_boundary_that_meets_it():
    sc = Scenario.build(["AsKs", None, None], board="Th9h2c")
    target = 0.001
    result = simulate(sc, precision=target, seed=11)
    assert result.trials % CHUNK == 0
    assert all(p.stderr <= target for p in result.players)
    shorter = simulate(sc, trials=result.trials - CHUNK, seed=11)
    assert any(p.stderr > target for p in shorter.players)
    assert numbers(simulate(sc, trials=result.trials, seed=11)) == numbers(result)
    assert numbers(simulate(sc, precision=target, seed=11, threads=1)) == numbers(result)


def test_default_stop_is_a_precision_of_five_hundredths_of_a_point():
    result = simulate(Scenario.build(["AsKs", None, None], board="Th9h2c"), seed=5)
    assert all(p.stderr <= 0.0005 for p in result.players)


def test_time_budget_plays_whole_chunks():
    result = simulate(Scenario.build(["AsKs", None]), time_s=0.2, seed=1)
    assert result.trials >= CHUNK and result.trials % CHUNK == 0
    assert numbers(simulate(Scenario.build(["AsKs", None]), trials=result.trials, seed=1)) == numbers(result)


def test_first_precise_prefix_by_hand():
    # One player, every trial a win: zero variance from the start, so the minimum chunk count wins.
    tally = Tally.zeros(5, 1, False)
    tally.wins[:] = CHUNK
    assert _first_precise_prefix(_equity_stderr(tally), 1e-9, 2) == 2
    # Half wins: se = 0.5 / sqrt(n); 0.5 / sqrt(3 * CHUNK) <= target < 0.5 / sqrt(2 * CHUNK).
    tally.wins[:] = CHUNK // 2
    stderr = _equity_stderr(tally)
    np.testing.assert_allclose(stderr[:, 0], 0.5 / np.sqrt(CHUNK * np.arange(1, 6)), rtol=1e-4)
    target = 0.5 / math.sqrt(2.5 * CHUNK)
    assert _first_precise_prefix(stderr, target, 1) == 3


def test_chunks_for_predicts_from_the_worst_player():
    # Halving the worst error takes four times the chunks (plus the margin and one spare).
    stderr = np.array([[0.02, 0.04], [0.01, 0.02]])
    assert _chunks_for(stderr, 0.01) == math.ceil(2 * 1.03 * 4) + 1
    assert _chunks_for(stderr, 0.02) == math.ceil(2 * 1.03) + 1


def test_progress_is_reported():
    seen = []
    simulate(Scenario.build(["AsKs", None]), trials=3 * CHUNK + 5, seed=1,
             progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (3 * CHUNK + 5, 3 * CHUNK + 5)


def test_progress_estimates_the_total_of_a_precision_stop():
    # The first batch (4 chunks per thread) is fixed, so so is the first estimate: the error after it
    # predicts the final count well (the run below keeps 55 chunks).
    seen = []
    result = simulate(Scenario.build(["AsKs", None, None], board="Th9h2c"), seed=5, threads=1,
                      progress=lambda d, t: seen.append((d, t)))
    done, estimate = seen[0]
    assert done == 4 * CHUNK
    assert abs(estimate - result.trials) <= 0.1 * result.trials
    assert seen[-1] == (result.trials, result.trials)


def test_expected_trials_by_hand():
    assert _expected(1000, None, None, 3, 0.1) == 1000
    assert _expected(None, 7, None, 3, 0.1) == 10 * CHUNK
    assert _expected(None, None, 1.0, 4, 0.25) == 16 * CHUNK
    assert _expected(None, None, 1.0, 4, 2.0) == 4 * CHUNK  # past the budget: what is done
    assert _expected(None, None, None, 4, 0.25) is None


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"trials": 0}, "trials must be a whole number from 1 to 10"),
        ({"trials": 10**15 + 1}, "trials must be a whole number from 1 to 10"),
        ({"precision": 0}, "precision must be a positive number"),
        ({"time_s": -1}, "time must be a positive number"),
        ({"seed": -1}, "seed must be"),
        ({"threads": 0}, "threads must be"),
        ({"trials": 10, "time_s": 1}, "choose one way to stop"),
    ],
)
def test_bad_options(kwargs, needle):
    with pytest.raises(ScenarioError, match=needle):
        simulate(Scenario.build(["AsKs", None]), **kwargs)


@pytest.mark.parametrize(
    ("players", "board", "dead", "needle"),
    [
        (["AsKs"], "", "", "at least one opponent"),
        (["AsKs"] + [None] * 23, "", "", "too many"),
        (["AsKs", None], "Th9h", "", "0, 3, 4 or 5 cards"),
        (["AsKs", None], "Th", "", "0, 3, 4 or 5 cards"),
        (["AsKs", None], "Th9h2c3c4c5c", "", "0, 3, 4 or 5 cards"),
        (["AsKs", None], "Th9hAs", "", "As appears in the hero's hand and in the board"),
        (["AsKs", None], "", "Qs Qs", "Qs appears twice in the dead cards"),
        (["AsKs", "AsQd"], "", "", "As appears in the hero's hand and in villain 1's hand"),
        (["AsKsQs", None], "", "", "'AsKsQs' has 3 cards; a hand has 2 in hold'em"),
        (["AsKs"] + [None] * 21, "", " ".join(f"{r}c" for r in "23456789"), "not enough cards"),
    ],
)
def test_impossible_scenarios(players, board, dead, needle):
    with pytest.raises(ValueError, match=needle):
        Scenario.build(players, board=board, dead=dead)


def test_twenty_three_players_fit():
    result = simulate(Scenario.build(["AsKs"] + [None] * 22), trials=20_000, seed=1)
    assert len(result.players) == 23
    assert math.isclose(sum(p.equity for p in result.players), 1.0)


def replay(scenario, trials, seed, value):
    """Win and tie counts of a seeded run, played in plain Python from tests/naive.py's lanes:
    ``value(cards)`` gives a hand's class. Returns [(wins, ties)] per player."""
    units = [(players, rows, *alias_table(np.array(weights)))
             for players, rows, weights in naive.joint_units(scenario.ranged(), JOINT_MAX)]
    holes = scenario.holes.tolist()
    board = list(scenario.board)
    hole = scenario.game.hole
    n_dealt = 5 - len(board) + hole * sum(h[0] == -1 for h in holes)
    counts = [[0, 0] for _ in holes]
    for chunk in range(-(-trials // CHUNK)):
        deals = naive.lane_trials(seed, chunk, min(CHUNK, trials - chunk * CHUNK),
                                  scenario.live.tolist(), n_dealt, units, JOINT_MAX)
        for held, dealt in deals:
            full = board + dealt[:5 - len(board)]
            column = 5 - len(board)
            values = []
            for h in holes:
                if h[0] == -1:
                    cards = dealt[column:column + hole]
                    column += hole
                else:
                    cards = held[h[1]] if h[0] == -2 else h
                values.append(value(cards, full))
            best = min(values)
            n_best = values.count(best)
            for p, v in enumerate(values):
                counts[p][n_best > 1] += v == best
    return [tuple(c) for c in counts]


def _value(game):
    if game.hole > 2:
        return lambda hole, board: evaluate_omaha(list(hole), list(board))
    t = game.tables()
    return lambda hole, board: _walk(list(hole) + list(board), t)


@pytest.mark.parametrize(("players", "board", "game"), [
    (["AsKs", None, None], "", "holdem"),
    (["QQ+,AKs", "JJ-99@40,AQs+", None], "", "holdem"),
    (["7h7d", None, None, None], "Ah8c2d", "holdem"),
    (["KK", "AhQh"], "Jh9h2c4d", "holdem"),
    (["AhKh", "TT+", None], "9c7d8d", "short-deck"),
    (["AsAhKsKh", "QQxx@30,JJxx", None], "Qd7c2h", "plo"),
    (["AsAhKsKh2c", None], "", "plo5"),
    # Two units (78 x 64 combos together, then QQ+ apart), which collide: positions mapped past the held
    # cards; and one range of 90,090 combos, more than a unit's rows copy: likewise.
    (["22+", "A2s+,K9s+", "QQ+", None], "", "holdem"),
    (["AsAhKsKh", "Kxxx,Qxxx,Jxxx", None], "Qd7c2h", "plo"),
])
def test_seeded_counts_follow_the_lane_contract(players, board, game):
    # The deals of tests/naive.py's lane_trials (the contract of equity.engines.deck written out plainly),
    # scored in plain Python, give the kernels' counts exactly: a full chunk, then a partial chunk that ends
    # in a partial block; ranged players with and without weights; every game's kernel.
    sc = Scenario.build(players, board=board, game=get_game(game))
    trials = CHUNK + 1_003
    result = simulate(sc, trials=trials, seed=42, categories=True)
    got = [(round(p.win * trials), round(p.tie * trials)) for p in result.players]
    assert got == replay(sc, trials, 42, _value(sc.game))
    plain = simulate(sc, trials=trials, seed=42)
    assert numbers(plain) == numbers(result)


@pytest.mark.parametrize("players", [
    ["QQ+,AKs@60", "JJ-99@30,AQs+", None],  # weighted, and the ranges share cards (about 1 draw in 10)
    ["AA,KK,AKs", "AK,KK", "AA,AK@50"],  # three ranged players that collide often
])
def test_ranged_combos_are_drawn_by_weight_among_those_sharing_no_card(players):
    # The share of trials in which a seat holds each combo, against the law written out by hand: the
    # weights' product over every choice of combos that share no card, summed over the other seats.
    trials = 400_000
    result = calculate(players, trials=trials, seed=3, combos=True)
    ranges = [parse_range(p) if p else None for p in players]
    ranged = [(i, r) for i, r in enumerate(ranges) if r is not None]
    law = [dict() for _ in players]
    total = 0.0
    for choice in itertools.product(*[range(len(r)) for _, r in ranged]):
        hands = [tuple(r.combos[k]) for (_, r), k in zip(ranged, choice, strict=True)]
        if len({c for h in hands for c in h}) < 2 * len(hands):
            continue
        w = math.prod(r.weights[k] for (_, r), k in zip(ranged, choice, strict=True))
        total += w
        for (seat, _), h in zip(ranged, hands, strict=True):
            law[seat][h] = law[seat].get(h, 0.0) + w
    for seat, _ in ranged:
        rows = combo_results(result, seat)
        assert sum(r.deals for r in rows) == trials
        for row in rows:
            p = law[seat].get(tuple(sorted(parse_cards(row.hand), reverse=True)), 0.0) / total
            se = math.sqrt(p * (1 - p) / trials)
            assert abs(row.deals / trials - p) <= 4.5 * se + 1e-12, (seat, row.hand, row.deals / trials, p)


def test_a_fractions_standard_error_on_one_float_is_the_vectorised_ones():
    """player_results' scalar error of a win or tie fraction is mean_stderr's, bit for bit (a second
    implementation of the same operations), and None where mean_stderr gives NaN."""
    from equity.result import _share_stderr
    from equity.tally import mean_stderr

    rng = np.random.default_rng(7)
    for n in [0.0, 1.0, 2.0, 3.0, *rng.integers(4, 10**9, 300).astype(float).tolist()]:
        counted = (rng.integers(0, n + 1, 5) / max(n, 1)).tolist()  # k of n trials
        for share in [0.0, 1.0, 0.5, *rng.random(5).tolist(), *counted]:
            expected = mean_stderr(n, share, share)
            got = _share_stderr(n, share)
            assert (got is None) if np.isnan(expected) else (got == float(expected)), (n, share)


def test_a_boards_seed_is_the_runouts_rule_pinned():
    """Regression pin: the seeds equity runout gave its runouts (numpy's SeedSequence of the run's seed
    and the cards, ascending), computed before board_seed was shared with equity flops."""
    assert board_seed(7, [12]) == 3351848237134224232
    assert board_seed(7, [3, 40]) == 12854004860661162221
    assert board_seed(11, [1, 30, 50]) == 7779376479943832875


def test_a_boards_seed_ignores_the_cards_order_and_tells_boards_apart():
    assert board_seed(11, [50, 30, 1]) == board_seed(11, [1, 50, 30]) == board_seed(11, np.array([30, 1, 50]))
    seeds = {board_seed(5, pair) for pair in itertools.combinations(range(52), 2)}
    assert len(seeds) == 1326 and all(0 <= s < 2**64 for s in seeds)
    assert board_seed(2**64 - 1, [0]) != board_seed(0, [0])
