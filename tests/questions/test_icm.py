"""``equity icm`` (equity/questions/tournaments): the subset recursion against every finishing order
enumerated (tests/naive.py), both models; invariants (the prizes are conserved, equal stacks share
equally, more chips never less equity); the seeded race within its standard errors; bubble factors and
the risk premium from their definitions; the command, batch lines and bad input."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from naive import naive_icm_harville, naive_icm_weitzman, naive_place_probabilities

from equity.cli import cli
from equity.errors import EquityError
from equity.questions.asking import registry
from equity.questions.tournaments.icm import icm, prize_equity

ORACLE = {"mh": naive_icm_harville, "mw": naive_icm_weitzman}

SPOTS = [
    ([5000, 3000, 2000], [50, 30, 20]),
    ([5000, 3000, 2000, 1500], [50, 30, 20]),
    ([1, 1, 1, 1], [60, 40]),
    ([12000, 9000, 7000, 4000, 2500, 500], [500, 300, 200, 100]),
    ([7000, 0, 3000, 0], [50, 30, 20, 10]),  # no chips: the last places shared
    ([10, 20], [100]),  # winner take all: the chip shares
    ([3, 5, 8, 13, 21, 34, 55], [40, 25, 15, 10, 6, 4, 2, 1]),  # more payouts than players
]


@pytest.mark.parametrize("model", ["mh", "mw"])
@pytest.mark.parametrize(("stacks", "payouts"), SPOTS)
def test_the_recursion_is_every_finishing_order_counted(stacks, payouts, model):
    r = icm(stacks, payouts, model=model)
    want = ORACLE[model](stacks, payouts)
    assert r.method == "exact"
    assert r.equities == pytest.approx([float(x) for x in want], abs=1e-9)
    places = naive_place_probabilities(stacks, model)
    for i, row in enumerate(r.places):
        assert row == pytest.approx([float(p) for p in places[i][:len(row)]], abs=1e-12)
    assert sum(r.equities) == pytest.approx(sum(sorted(payouts, reverse=True)[:len(stacks)]))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=2, max_size=7).filter(lambda s: sum(s) > 0),
       st.lists(st.integers(0, 1000), min_size=1, max_size=8).filter(lambda p: sum(p) > 0),
       st.sampled_from(["mh", "mw"]))
def test_any_field_against_the_oracle(stacks, payouts, model):
    r = icm(stacks, payouts, model=model)
    assert r.equities == pytest.approx([float(x) for x in ORACLE[model](stacks, payouts)], abs=1e-9)


def test_winner_take_all_is_the_chip_share_under_harville():
    stacks = [4, 7, 11, 2]
    assert icm(stacks, [1]).equities == pytest.approx([s / sum(stacks) for s in stacks])


def test_more_chips_never_less_equity_and_equal_stacks_share_equally():
    rng = random.Random(5)
    for _ in range(30):
        stacks = sorted(rng.sample(range(1, 10_000), 6))
        for model in ("mh", "mw"):
            ev = icm(stacks, [50, 30, 20, 10], model=model).equities
            assert all(a <= b + 1e-12 for a, b in zip(ev, ev[1:], strict=False))
    ev = icm([3000, 3000, 3000], [50, 30, 20]).equities
    assert ev == pytest.approx([100 / 3] * 3)


def test_swapping_players_swaps_their_equities():
    a = icm([5000, 3000, 2000, 1500], [50, 30, 20]).equities
    b = icm([2000, 3000, 5000, 1500], [50, 30, 20]).equities
    assert (b[0], b[1], b[2], b[3]) == pytest.approx((a[2], a[1], a[0], a[3]))


@pytest.mark.parametrize("model", ["mh", "mw"])
def test_the_race_is_the_model_within_its_standard_errors(model):
    stacks, payouts = [5000, 3000, 2000, 1500, 800], [50, 30, 20]
    exact = icm(stacks, payouts, model=model)
    raced = icm(stacks, payouts, model=model, trials=200_000, seed=11)
    assert raced.method == "monte-carlo" and raced.seed == 11 and raced.trials == 200_000
    for e, m, se in zip(exact.equities, raced.equities, raced.stderr, strict=True):
        assert abs(e - m) < 5 * se
    again = icm(stacks, payouts, model=model, trials=200_000, seed=11)
    assert again.equities == raced.equities


def test_a_large_field_runs_the_race():
    stacks = [1000 + 37 * i for i in range(40)]
    r = icm(stacks, [25, 15, 10, 8, 6, 5, 4, 3, 2, 2], trials=20_000, seed=1)
    assert r.method == "monte-carlo"
    assert sum(r.equities) == pytest.approx(80)
    assert icm(stacks + [900] * 10, [25, 15, 10], seed=1, trials=5_000).method == "monte-carlo"


def test_bubble_factors_and_the_risk_premium_from_their_definitions():
    stacks, payouts = [5000, 3000, 2000, 1500], [50, 30, 20]
    r = icm(stacks, payouts, allin=(3, 1))
    ev = [float(x) for x in naive_icm_harville(stacks, payouts)]
    win = [float(x) for x in naive_icm_harville([3000, 3000, 4000, 1500], payouts)]  # 3 doubles through 1
    lose = [float(x) for x in naive_icm_harville([7000, 3000, 0, 1500], payouts)]
    assert r.bubble[2][0] == pytest.approx((ev[2] - lose[2]) / (win[2] - ev[2]))
    a = r.allin
    assert (a.hero, a.villain, a.stake) == (2, 0, 2000)
    assert a.needed == pytest.approx((ev[2] - lose[2]) / (win[2] - lose[2]))
    assert a.risk_premium == pytest.approx(a.needed - 0.5)
    bf = r.bubble[2][0]
    assert a.needed == pytest.approx(bf / (1 + bf))  # no other chips in the pot
    assert all(r.bubble[i][i] is None for i in range(4))


def test_prize_equity_is_exact_up_to_22_players():
    stacks = [1000 + 13 * i for i in range(22)]
    ev, _ = prize_equity(np.array(stacks, float), np.array([50.0, 30, 20]), "mh")
    assert math.isclose(ev.sum(), 100)
    assert icm(stacks, [50, 30, 20]).method == "exact"


@pytest.mark.parametrize(("stacks", "payouts", "kwargs", "needle"), [
    ([5000, -1, 2000], [50], {}, "stack -1"),
    ([5000, "x"], [50], {}, "stack 'x' is not a number"),
    ([0, 0], [50], {}, "no player has chips"),
    ([5000, 3000], [0, 0], {}, "no prize"),
    ([5000, 3000], [50, 30], {"model": "chen"}, "unknown ICM model 'chen'"),
    ([5000, 3000], [50, 30], {"allin": (1, 1)}, "two different players"),
    ([5000, 0], [50, 30], {"allin": (1, 2)}, "player 2 has no chips"),
])
def test_bad_input_is_named(stacks, payouts, kwargs, needle):
    with pytest.raises(EquityError, match=needle):
        icm(stacks, payouts, **kwargs)


def invoke(*args):
    return CliRunner().invoke(cli, list(args), prog_name="equity")


def test_the_command_and_a_batch_line_give_one_document():
    done = invoke("icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--allin", "3,1", "--json")
    assert done.exit_code == 0, done.output
    document = json.loads(done.stdout)
    line = {"question": "icm", "stacks": [5000, 3000, 2000], "payouts": "50,30,20", "allin": "3,1"}
    assert document == registry.ask(line)
    assert [p["equity"] for p in document["players"]] == pytest.approx(
        [float(x) for x in naive_icm_harville([5000, 3000, 2000], [50, 30, 20])])


@pytest.mark.parametrize(("args", "needle"), [
    (["icm", "5000", "3e", "--payouts", "50,30"], "stack '3e'"),
    (["icm", "5000", "3000"], "give the payouts"),
    (["icm", "5000", "3000", "--payouts", "50,x"], "payout 'x'"),
    (["icm", "5000", "3000", "--payouts", "50", "--allin", "1"], "two players' numbers"),
    (["icm", "5000", "3000", "--payouts", "50", "--trials", "1.5"], "'trials' must be a whole number"),
])
def test_bad_input_on_the_command_line_exits_2(args, needle):
    done = invoke(*args)
    assert done.exit_code == 2, done.output
    assert needle in done.output and "Traceback" not in done.output


# -- published examples (tests/questions/icm_published.py: every number as its source prints it) ------------

def _published():
    from icm_published import EXAMPLES

    return EXAMPLES


def _places_published():
    from icm_published import PLACE_PROBABILITIES

    return PLACE_PROBABILITIES


@pytest.mark.parametrize("example", _published(), ids=lambda e: f"{len(e['stacks'])}p-{e['stacks'][0]}")
def test_published_prize_equities(example):
    r = icm(example["stacks"], example["payouts"], model=example["model"])
    scale = {"prize": 1.0, "percent of pool": 100 / r.pool, "fraction of pool": 1 / r.pool}[example["units"]]
    for mine, published in zip(r.equities, example["equities"], strict=True):
        if published is not None:
            assert abs(mine * scale - float(published)) <= example["tolerance"], (mine * scale, published)


@pytest.mark.parametrize("example", _places_published(),
                         ids=lambda e: f"{len(e['stacks'])}p-{e['stacks'][0]}")
def test_published_place_probabilities(example):
    n = len(example["stacks"])
    r = icm(example["stacks"], list(range(n, 0, -1)), model=example["model"])  # every place paid
    scale = 100 if example["units"] == "percent" else 1
    for i, row in enumerate(example["probabilities"]):
        for k, published in enumerate(row):
            if published is not None:
                assert abs(r.places[i][k] * scale - float(published)) <= example["tolerance"] + 1e-12


@pytest.mark.parametrize(("n", "last"), [
    (10, [0.5184164152973668, 0.2151557713105984, 0.10893008631761322, 0.06109750853503585,
          0.036606485042195436, 0.022998223608975937, 0.014984758061417186, 0.010053105474764727,
          0.006909801915833682, 0.0048478444361987425]),
    (15, [0.5165407213004611, 0.21359514003346372, 0.10763726163687229, 0.06002971007838609,
          0.03572609821501513, 0.02227291325368989, 0.014387192991584257, 0.009560467771416203,
          0.006503209213545211, 0.0045117668120416956, 0.003183781349335634, 0.0022802773367725966,
          0.001654769973221269, 0.0012150347599461867, 0.0009016552742487154]),
])
def test_the_chance_of_finishing_last_with_stacks_one_to_n(n, last):
    """pzhon's table (Two Plus Two, 'Re: ICM problems', 2006-11-05), computed in Mathematica over every
    place: with stacks 1, 2, ..., n, the chance that each finishes last; too many orders for the naive
    oracle, so the recursion meets a published second implementation here."""
    r = icm(list(range(1, n + 1)), list(range(n, 0, -1)))
    assert [row[n - 1] for row in r.places] == pytest.approx(last, abs=1e-13)
