"""``equity pushfold --stacks ... --payouts ...`` (equity/questions/tournaments/multiway*.py): the table
push/fold game valued by ICM against a second, slow implementation written from the model's statement
(tests/naive.py: ``naive_table_*``, a recursive walk of the lines of play, exact side pots in Fractions,
ICM by enumerating finishing orders, the deals summed densely over the members' classes); invariants of
the chips and prizes; the heads-up game against ``equity pushfold STACK``; the solver's exploitability
against the oracle's best responses; the command's bad input.

Everything from three players on needs the sampled three-way table (built in about a minute when
``$EQUITY_CACHE_DIR`` does not hold it, 250 MB once spread by ``joint()``), so those tests are slow. The
fast code reads the three-way probabilities as float32 (``threeway_table.joint``): a value with a pot of
three in it differs from the oracle's float64 by the float32 rounding (6e-8 of each entry) averaged over
the sums, 1e-9 relative at most here; the heads-up parts agree to rounding (1e-15)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner
from naive import (
    naive_table_gains,
    naive_table_lines,
    naive_table_prizes,
    naive_table_stacks,
    naive_table_values,
)

import equity
from equity.classes import class_combos
from equity.cli import cli
from equity.questions.tournaments import headsup_table
from equity.questions.tournaments import multiway as mw
from equity.questions.tournaments import multiway_solve as ms
from equity.questions.tournaments import threeway_table as tw

#: Tables (stacks, payouts, ante): short stacks that make side pots and bust, equal stacks (no side pot,
#: busted players sharing places), antes, one to three payouts.
HEADS_UP = [([10, 6], [65, 35], 0.1), ([4, 9], [1], 0.0), ([3, 3], [1], 0.5), ([1.2, 20], [70, 30], 0.0)]
THREE = [([12, 3, 20], [50, 30, 20], 0.125), ([10, 10, 10], [1], 0.0), ([5, 5, 9], [60, 40], 0.2),
         ([8, 15, 2.5], [50, 30], 0.1)]
FOUR = [([10, 2.5, 15, 8], [50, 30], 0.1), ([6, 2, 2, 9], [50, 30, 20], 0.1)]
FIVE = [([7, 2.2, 11, 4, 9], [50, 30, 20], 0.1)]
TABLES = HEADS_UP + THREE + FOUR + FIVE

#: Relative agreement of the fast code and the oracle: heads-up, rounding; with pots of three, float32.
HEADS_UP_RTOL = 1e-12
FLOAT32_RTOL = 1e-8


def three_way():
    counts, combos = tw.table()
    return counts, combos, tw.OUTCOMES, tw.triple_index


def random_profile(n_decisions: int, seed: int, whole_rows: bool = True) -> np.ndarray:
    """Random chances of going in, a fifth of them exactly 0 and a fifth exactly 1; with ``whole_rows`` one
    decision never goes in and another always does."""
    rng = np.random.default_rng(seed)
    sigma = rng.random((n_decisions, 169))
    u = rng.random(sigma.shape)
    sigma[u < 0.2] = 0.0
    sigma[u > 0.8] = 1.0
    if whole_rows and n_decisions > 1:
        never, always = rng.choice(n_decisions, 2, replace=False)
        sigma[never], sigma[always] = 0.0, 1.0
    return sigma


def oracle(stacks, payouts, ante, decisions, sigma, model="mh"):
    profile = {d: sigma[k] for k, d in enumerate(decisions)}
    three = three_way() if len(stacks) >= 3 else None
    return profile, naive_table_values(stacks, payouts, ante, profile, headsup_table.table(), three, model)


def against_the_oracle(stacks, payouts, ante, sigma=None, seed=0, model="mh", rtol=FLOAT32_RTOL):
    game = mw.spot(stacks, payouts, ante, model)
    g = mw.tree(game)
    if sigma is None:
        sigma = random_profile(len(g.decisions), seed)
    cv_in, cv_fold, ev = ms._values(sigma, ms._arrays(g))
    _, (ev2, in2, fold2) = oracle(stacks, payouts, ante, g.decisions, sigma, model)
    pool = sum(payouts)
    atol = 1e-14 * pool  # for values that are exactly zero on one side
    np.testing.assert_allclose(ev, ev2, rtol=rtol, atol=atol)
    assert ev2.sum() == pytest.approx(pool, rel=1e-12)  # every prize is paid at every end
    assert ev.sum() == pytest.approx(pool, rel=rtol)
    for k, d in enumerate(g.decisions):
        np.testing.assert_allclose(cv_in[k], in2[d], rtol=rtol, atol=atol, err_msg=f"cv_in {d}")
        np.testing.assert_allclose(cv_fold[k], fold2[d], rtol=rtol, atol=atol, err_msg=f"cv_fold {d}")
    return ev2


# --- the game's structure, chips and prizes: no tables needed -----------------------------------------------


@pytest.mark.parametrize("n", range(2, 8))
def test_the_lines_of_play_are_the_trees(n):
    g = mw.tree(mw.spot([10.0] * n, [1.0]))
    ours = {members: {((seat, entered), went_in) for seat, entered, went_in in path}
            for members, path in naive_table_lines(n)}
    theirs = {members: {(g.decisions[k], went_in) for k, went_in in path}
              for members, path in zip(g.terminals, g.paths, strict=True)}
    assert ours == theirs
    assert len(g.terminals) == len(ours)  # no line twice
    assert set(g.decisions) == {d for path in ours.values() for d, _ in path}
    assert len(set(g.decisions)) == len(g.decisions)


def weak_orders(k):
    from itertools import product

    return {p for p in product(range(k), repeat=k) if sorted(set(p)) == list(range(len(set(p))))}


@pytest.mark.parametrize(("stacks", "payouts", "ante"), TABLES)
def test_final_stacks_conserve_chips_and_are_the_exact_side_pots(stacks, payouts, ante):
    game = mw.spot(stacks, payouts, ante)
    g = mw.tree(game)
    total = sum(Fraction(str(s)) for s in stacks)
    for members, places in zip(g.terminals, g.places, strict=True):
        assert set(places) == weak_orders(len(members)) and len(places) == len(set(places))
        for p in places:
            exact = naive_table_stacks(stacks, ante, members, p)
            assert sum(exact) == total and min(exact) >= 0
            fast = mw.final_stacks(game, members, p)
            assert fast.sum() == pytest.approx(float(total), rel=1e-12)
            np.testing.assert_allclose(fast, [float(x) for x in exact], rtol=0, atol=1e-12)


def test_side_pots_by_hand():
    # BB all in for 2.9 live against the first player's 11.9 (ante 0.1, SB folds its 0.5): the first player
    # risks 2.9; dead money 0.3 + 0.5 = 0.8; the BB winning takes 2 * 2.9 + 0.8
    after = naive_table_stacks([12, 10, 3], 0.1, (0, 2), (1, 0))
    assert after == [Fraction(12) - Fraction(3), Fraction(10) - Fraction("0.6"), Fraction("6.6")]
    # three in, no blinds or antes dead, the short stack best: it takes the main pot (3 x 3), the next best
    # the side pot (2 x 9); the big stack keeps what the second largest stack cannot cover
    after = naive_table_stacks([12, 3, 20], 0, (0, 1, 2), (1, 0, 2))
    assert after == [18, 9, 8]
    # the main pot chopped between the short stack and the big one, who takes the side pot too
    after = naive_table_stacks([12, 3, 20], 0, (0, 1, 2), (1, 0, 0))
    assert after == [0, Fraction(9, 2), 8 + Fraction(9, 2) + 18]
    game = mw.spot([12, 3, 20], [50, 30, 20])
    np.testing.assert_allclose(mw.final_stacks(game, (0, 1, 2), (1, 0, 0)), [0, 4.5, 30.5], atol=1e-12)


@pytest.mark.parametrize("model", ["mh", "mw"])
@pytest.mark.parametrize(("stacks", "payouts", "ante"), TABLES)
def test_payoffs_are_the_prize_equities_of_the_final_stacks(stacks, payouts, ante, model):
    game = mw.spot(stacks, payouts, ante, model)
    g = mw.tree(game)
    pool = sum(payouts)
    for members, places, payoff in zip(g.terminals, g.places, g.payoffs, strict=True):
        for p, row in zip(places, payoff, strict=True):
            exact = naive_table_prizes(naive_table_stacks(stacks, ante, members, p), stacks, payouts, model)
            assert sum(exact) == sum(Fraction(str(x)) for x in payouts)
            np.testing.assert_allclose(row, [float(x) for x in exact], rtol=1e-12, atol=1e-12 * pool,
                                       err_msg=f"{members} {p}")


def test_busted_players_finish_by_their_stacks_before_the_hand():
    # both short stacks bust to the big stack in a three-way pot: the bigger of them finishes second
    after = naive_table_stacks([2, 3, 20], 0, (0, 1, 2), (2, 1, 0))
    assert after[:2] == [0, 0]
    prizes = naive_table_prizes(after, [2, 3, 20], [50, 30, 20])
    assert prizes == [20, 30, 50]
    # equal stacks before: they share the two places
    after = naive_table_stacks([3, 3, 20], 0, (0, 1, 2), (1, 1, 0))
    assert naive_table_prizes(after, [3, 3, 20], [50, 30, 20]) == [25, 25, 50]


# --- values against the oracle ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize(("stacks", "payouts", "ante"), HEADS_UP)
def test_heads_up_values_are_the_oracles(stacks, payouts, ante, seed):
    against_the_oracle(stacks, payouts, ante, seed=seed, rtol=HEADS_UP_RTOL)


def test_heads_up_values_under_malmuth_weitzman():
    against_the_oracle([10, 6], [65, 35], 0.1, seed=3, model="mw", rtol=HEADS_UP_RTOL)


@pytest.mark.parametrize("fill", [0.0, 1.0])
def test_heads_up_nobody_in_and_everybody_in(fill):
    ev = against_the_oracle([10, 6], [65, 35], 0.1, sigma=np.full((2, 169), fill), rtol=HEADS_UP_RTOL)
    if fill == 0.0:  # the small blind folds: the big blind takes 0.5 + 2 antes
        expected = naive_table_prizes(naive_table_stacks([10, 6], 0.1, (), ()), [10, 6], [65, 35])
        np.testing.assert_allclose(ev, [float(x) for x in expected], rtol=1e-13)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize(("stacks", "payouts", "ante"), THREE)
def test_three_handed_values_are_the_oracles(stacks, payouts, ante, seed):
    against_the_oracle(stacks, payouts, ante, seed=seed)


@pytest.mark.slow
def test_three_handed_values_under_malmuth_weitzman():
    against_the_oracle([12, 3, 20], [50, 30, 20], 0.125, seed=4, model="mw")


@pytest.mark.slow
@pytest.mark.parametrize(("stacks", "payouts", "ante"), FOUR)
def test_four_handed_values_are_the_oracles(stacks, payouts, ante):
    against_the_oracle(stacks, payouts, ante, seed=5)


@pytest.mark.slow
def test_five_handed_values_are_the_oracles():
    # two folds after two players in (seats 2 and 3 behind 0 and 1), several after one
    stacks, payouts, ante = FIVE[0]
    against_the_oracle(stacks, payouts, ante, seed=6)


@pytest.mark.slow
def test_four_handed_nobody_in():
    stacks, payouts, ante = FOUR[1]
    g = mw.tree(mw.spot(stacks, payouts, ante))
    ev = against_the_oracle(stacks, payouts, ante, sigma=np.zeros((len(g.decisions), 169)))
    expected = naive_table_prizes(naive_table_stacks(stacks, ante, (), ()), stacks, payouts)
    np.testing.assert_allclose(ev, [float(x) for x in expected], rtol=1e-13)


# --- the solver ---------------------------------------------------------------------------------------------


def profile_of(result) -> tuple[list, np.ndarray]:
    """The decisions ``(seat, entered seats)`` and the profile, read back from a solve's answer."""
    game = result.spot
    seat_of = {game.position(s): s for s in range(game.n)}
    decisions = [(d.seat, tuple(seat_of[name] for name in d.entered)) for d in result.decisions]
    assert decisions == list(mw.tree(game).decisions)
    return decisions, np.array([d.frequencies for d in result.decisions])


def check_solution(result, rtol):
    game = result.spot
    decisions, sigma = profile_of(result)
    profile, (ev, cv_in, cv_fold) = oracle(game.stacks, game.payouts, game.ante, decisions, sigma, game.model)
    gains = naive_table_gains(profile, cv_in, cv_fold, game.n)
    pool = sum(game.payouts)
    np.testing.assert_allclose(result.gains, gains, rtol=0, atol=rtol * pool)
    assert result.exploitability == pytest.approx(gains.sum(), rel=0, abs=rtol * pool)
    assert result.exploitability <= ms.TOLERANCE * pool
    np.testing.assert_allclose(result.equities, ev, rtol=rtol)
    assert sum(result.equities) == pytest.approx(pool, rel=rtol)
    return ev


@pytest.mark.slow
def test_a_heads_up_solve_is_the_chip_game_within_its_exploitability():
    from equity.questions.tournaments.pushfold import pushfold

    r = ms.table_pushfold([10, 10], [1])
    ev = check_solution(r, HEADS_UP_RTOL)
    chips = pushfold(10)
    # one payout: the prize is the share of the chips, so the game is the chip game; the small blind's
    # equity is within both answers' exploitability of the game's value
    assert abs(ev[0] - (10 + chips.value) / 20) <= r.exploitability + chips.exploitability / 20


@pytest.mark.slow
def test_a_heads_up_solve_converges_to_the_chip_games_answer():
    from equity.questions.tournaments.pushfold import pushfold

    r = ms.table_pushfold([10, 10], [1], tolerance=1e-7)
    chips = pushfold(10)
    assert r.equities[0] == pytest.approx((10 + chips.value) / 20, abs=1e-6)
    assert r.equities[1] == pytest.approx((10 - chips.value) / 20, abs=1e-6)
    assert r.decisions[0].share == pytest.approx(chips.push_share, abs=1e-3)
    assert r.decisions[1].share == pytest.approx(chips.call_share, abs=1e-3)


@pytest.mark.slow
def test_a_three_handed_solves_exploitability_is_the_oracles_best_responses():
    r = ms.table_pushfold([12, 3, 20], [50, 30, 20], 0.125)
    check_solution(r, FLOAT32_RTOL)


# --- the command --------------------------------------------------------------------------------------------


def invoke(*args):
    return CliRunner().invoke(cli, list(args), prog_name="equity")


@pytest.mark.parametrize(("args", "needle"), [
    (["--stacks", "10,x", "--payouts", "50,30"], "the stack 'x' is not a number"),
    (["--stacks", "10", "--payouts", "1"], "give the stacks of 2 to 10 players"),
    (["--stacks", "10,0.4,10", "--payouts", "1"], "the SB's stack of 0.4 big blinds cannot post 0.5"),
    (["--stacks", "10,10", "--payouts", "50,30,20"], "3 payouts for 2 players"),
    (["--stacks", "10,10,10", "--payouts", "0"], "must be above 0"),
    (["--stacks", "10,10", "--payouts", "1", "--chart", "1-5"], "not two of them"),
    (["--stacks", "10,10"], "a table needs both --stacks"),
    (["10", "--model", "mw"], "give --stacks and --payouts with it"),
])
def test_bad_input_exits_2(args, needle):
    done = invoke("pushfold", *args)
    assert done.exit_code == 2, done.output
    assert needle in done.output and "Traceback" not in done.output


@pytest.mark.slow
def test_the_command_and_a_batch_line_give_one_strict_json_document():
    import json

    from equity.questions.asking import registry

    done = CliRunner().invoke(cli, ["pushfold", "--stacks", "12,8,15", "--payouts", "65,35", "--ante", "0.1",
                                    "--json"], prog_name="equity")
    assert done.exit_code == 0, done.output

    def refuse(constant):
        raise ValueError(f"not strict JSON: {constant}")

    document = json.loads(done.output, parse_constant=refuse)
    line = registry.ask({"question": "pushfold", "stacks": [12, 8, 15], "payouts": [65, 35], "ante": 0.1})
    assert document == line
    assert sum(p["equity"] for p in document["players"]) == pytest.approx(100)
    assert document["exploitability_share"] <= ms.TOLERANCE
    for d in document["decisions"]:  # the range text reads back as the frequencies it rounds
        rng = equity.parse_range(d["range_text"]) if d["range_text"] else None
        played = {name for name, f in d["range"].items() if f >= 0.005}
        assert (rng is None and not played) or len(rng) == sum(len(class_combos(n)) for n in played)
