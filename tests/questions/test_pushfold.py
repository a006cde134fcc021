"""``equity pushfold`` (equity/questions/tournaments): the shipped heads-up table against equity's own
range engine and the combinatorics of card removal; the equilibrium's exploitability measured here by a
best response written apart from the solver's; invariants of the ranges; the command and bad input. The
table is rebuilt and compared in a slow test."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from click.testing import CliRunner

import equity
from equity.classes import CLASS_NAMES, class_combos
from equity.cli import cli
from equity.errors import EquityError
from equity.questions.asking import registry
from equity.questions.tournaments import headsup_table
from equity.questions.tournaments.pushfold import chart, pushfold


def class_equity(hero: str, villain: str) -> float:
    shares, pairs, _ = headsup_table.table()
    i, j = CLASS_NAMES.index(hero), CLASS_NAMES.index(villain)
    return shares[i, j] / (pairs[i, j] * headsup_table.PER_PAIR)


@pytest.mark.parametrize(("hero", "villain"), [("AA", "KK"), ("AKs", "QQ"), ("72o", "32s"), ("T9s", "AKo"),
                                               ("55", "AKs"), ("JJ", "JJ")])
def test_the_table_is_the_range_engines_exact_equity(hero, villain):
    engine = equity.calculate([hero, villain], method="exact").players[0]
    assert class_equity(hero, villain) == pytest.approx(engine.equity, abs=1e-12)
    _, pairs, wins = headsup_table.table()
    i, j = CLASS_NAMES.index(hero), CLASS_NAMES.index(villain)
    assert wins[i, j] / (pairs[i, j] * headsup_table.BOARDS) == pytest.approx(engine.win, abs=1e-12)


def test_the_table_counts_every_compatible_pair_of_combos():
    shares, pairs, wins = headsup_table.table()
    assert pairs.sum() == 1326 * 1225  # every ordered pair of disjoint combos
    for name in ("AA", "AKs", "AKo", "72o"):
        i = CLASS_NAMES.index(name)
        assert pairs[i].sum() == len(class_combos(name)) * 1225
    assert pairs[CLASS_NAMES.index("AA"), CLASS_NAMES.index("AA")] == 6  # the other two aces
    assert pairs[CLASS_NAMES.index("AKs"), CLASS_NAMES.index("AKs")] == 4 * 3
    # the shares of a pot sum to one: (i against j) + (j against i) = every pair's whole pot
    assert np.array_equal(shares + shares.T, pairs * headsup_table.PER_PAIR)
    # a chop is a chop for both: the ties seen from either side are the same count
    assert np.array_equal(shares - 2 * wins, (shares - 2 * wins).T)


def _best_response_gap(r, stack: float, ante: float) -> float:
    """Both players' best responses to the answer, written out here: what they gain together (bb)."""
    shares, pairs, _ = headsup_table.table()
    w = pairs.astype(float)
    eq = np.divide(shares, pairs * headsup_table.PER_PAIR, out=np.full(w.shape, 0.5), where=pairs > 0)
    push, call = np.array(r.push), np.array(r.call)
    total = w.sum()
    sb_best = 0.0
    for i in range(169):
        shove = sum(w[i, j] * (call[j] * stack * (2 * eq[i, j] - 1) + (1 - call[j]) * (1 + ante))
                    for j in range(169))
        sb_best += max(shove, -(0.5 + ante) * w[i].sum())
    bb_best = sum(-(0.5 + ante) * w[i].sum() * (1 - push[i]) for i in range(169))
    for j in range(169):
        called = sum(w[i, j] * push[i] * stack * (2 * eq[i, j] - 1) for i in range(169))
        folded = sum(w[i, j] * push[i] * (1 + ante) for i in range(169))
        bb_best += min(called, folded)  # the small blind's gain, which the big blind minimises
    return (sb_best - bb_best) / total


@pytest.mark.parametrize(("stack", "ante"), [(1.5, 0.0), (10, 0.0), (8, 0.125), (25, 0.0)])
def test_the_equilibrium_is_at_most_a_millionth_of_a_blind_exploitable(stack, ante):
    r = pushfold(stack, ante)
    assert r.exploitability <= 1e-6
    assert _best_response_gap(r, stack, ante) == pytest.approx(r.exploitability, abs=1e-9)
    assert _best_response_gap(r, stack, ante) <= 1e-6


def test_the_ranges_narrow_as_the_stacks_deepen():
    shares = [pushfold(s) for s in (1, 3, 6, 10, 15, 20, 30)]
    assert shares[0].push_share == shares[0].call_share == 1.0  # at one big blind everything goes in
    pushes = [r.push_share for r in shares]
    calls = [r.call_share for r in shares]
    assert all(a >= b - 1e-9 for a, b in zip(pushes, pushes[1:], strict=False))
    assert all(a >= b - 1e-9 for a, b in zip(calls, calls[1:], strict=False))
    r = pushfold(10)
    aces, seven_deuce = CLASS_NAMES.index("AA"), CLASS_NAMES.index("72o")
    assert r.push[aces] == r.call[aces] == 1.0 and r.call[seven_deuce] == 0.0


def test_an_ante_widens_the_shoves():
    assert pushfold(10, 0.125).push_share > pushfold(10).push_share


@pytest.mark.slow
def test_the_shipped_table_is_what_the_exact_engine_counts():
    shares, pairs, wins = headsup_table.build()
    assert headsup_table.digest(shares, pairs, wins) == headsup_table.DIGEST
    assert math.comb(48, 5) == headsup_table.BOARDS


def invoke(*args):
    return CliRunner().invoke(cli, list(args), prog_name="equity")


def test_the_command_and_a_batch_line_give_one_document():
    done = invoke("pushfold", "10", "--json")
    assert done.exit_code == 0, done.output
    document = json.loads(done.stdout)
    assert document == registry.ask({"question": "pushfold", "stack": 10})
    assert document["exploitability"] <= 1e-6 and len(document["push"]) == 169
    text = invoke("pushfold", "10").output
    assert "small blind shoves" in text and "big blind calls" in text


@pytest.mark.parametrize(("args", "needle"), [
    (["pushfold", "0.5"], "cannot post the big blind"),
    (["pushfold", "ten"], "'ten' is not a number"),
    (["pushfold", "10", "--ante", "x"], "the ante in big blinds 'x'"),
    (["pushfold", "10", "12"], "one effective stack"),
])
def test_bad_input_exits_2(args, needle):
    done = invoke(*args)
    assert done.exit_code == 2, done.output
    assert needle in done.output and "Traceback" not in done.output


def test_bad_input_in_the_api():
    with pytest.raises(EquityError, match="cannot post"):
        pushfold(1.0, 0.5)


def test_a_chart_is_each_stacks_answer_read_by_class():
    from equity.questions.tournaments.pushfold import chart

    c = chart(2, 8, 1.5)
    assert [a.stack for a in c.answers] == [2, 3.5, 5, 6.5, 8]
    for answer in c.answers:
        alone = pushfold(answer.stack)
        assert alone.push_share == pytest.approx(answer.push_share, abs=1e-3)  # both within 1e-6 bb
        for i, name in enumerate(CLASS_NAMES):
            inside = any(a <= answer.stack <= b for a, b in c.push[name])
            assert inside == (answer.push[i] >= 0.5)
    assert c.push["AA"] == ((2, 8),)
    assert c.call["72o"] in (((2, 2),), ())
    done = invoke("pushfold", "--chart", "2-8", "--step", "1.5", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["push"]["AA"] == [[2, 8]]
    assert invoke("pushfold", "10", "--chart", "1-5").exit_code == 2
    assert invoke("pushfold", "--chart", "5").exit_code == 2


@pytest.mark.slow
def test_the_chart_matches_the_published_heads_up_nash_charts():
    """HoldemResources' heads-up Nash charts (holdemresources.net, "Using the Nash Charts", 2014) print,
    at a tenth of a big blind: T3s is shoved up to 7.7 bb; 63s between 5.1 and 7.1 bb and below 2.3 bb;
    Q2o is called up to 5.6 bb. A class counts as played where its frequency is at least a half."""
    c = chart(1.5, 8.5, 0.1)
    assert c.push["T3s"][-1][1] == pytest.approx(7.7)
    spans = c.push["63s"]
    assert spans[0] == pytest.approx((1.5, 2.3))
    assert spans[1][0] == pytest.approx(5.1) and spans[-1][1] == pytest.approx(7.1)
    assert c.call["Q2o"][-1][1] == pytest.approx(5.6)


def test_the_csv_is_the_json_by_rows():
    import csv
    import io

    document = json.loads(invoke("pushfold", "6", "--json").stdout)
    done = invoke("pushfold", "6", "--csv")
    assert done.exit_code == 0, done.output
    head, shoves, calls = list(csv.reader(io.StringIO(done.output)))
    assert head[:6] == ["stack", "position", "facing", "action", "share", "reached"] and len(head) == 175
    assert sorted(head[6:]) == sorted(CLASS_NAMES)
    assert shoves[1:4] == ["SB", "", "shove"] and calls[1:4] == ["BB", "SB", "call"]
    assert float(shoves[4]) == document["push_share"] and float(calls[5]) == document["push_share"]
    for name, a, b in zip(head[6:], shoves[6:], calls[6:], strict=True):
        assert float(a) == document["push"][name] and float(b) == document["call"][name]
    assert invoke("pushfold", "6", "--csv", "--json").exit_code == 2
    chart_rows = list(csv.reader(io.StringIO(invoke("pushfold", "--chart", "2-3", "--csv").output)))
    assert [row[0] for row in chart_rows[1:]] == ["2.0", "2.0", "2.5", "2.5", "3.0", "3.0"]
