"""The Python API gives the CLI's numbers, and the JSON contract only ever grows."""

import json
import re

import pytest
from click.testing import CliRunner

import equity
from equity.cli import cli

# The JSON keys as first published; later versions may add keys, never rename or remove these.
RESULT_KEYS_0_1 = {"version", "method", "trials", "seed", "board", "dead", "elapsed_s", "players"}
PLAYER_KEYS_0_1 = {"hand", "win", "tie", "equity", "stderr"}


def cli_json(*args):
    result = CliRunner().invoke(cli, [*args, "--json"], prog_name="equity")
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(("args", "kwargs"), [
    (["AsKs", "vs", "2", "--board", "Th9h2c", "--trials", "50000", "--seed", "4"],
     dict(players=["AsKs", 2], board="Th9h2c", trials=50_000, seed=4)),
    (["QQ+,AKs", "JJ-99,AQs+", "--categories"], dict(players=["QQ+,AKs", "JJ-99,AQs+"], categories=True)),
    (["AhKh", "QQ", "1", "--board", "Qh5h2c", "--dead", "3s"],
     dict(players=["AhKh", "QQ", None], board="Qh5h2c", dead="3s")),
])
def test_to_dict_is_exactly_the_cli_json(args, kwargs):
    players = kwargs.pop("players")
    result = equity.calculate(players, **kwargs)
    assert isinstance(result, equity.Result)
    assert all(isinstance(p, equity.PlayerResult) for p in result.players)
    ours, theirs = result.to_dict(), json.loads(cli_json(*args))
    ours["elapsed_s"] = theirs["elapsed_s"] = 0
    assert json.dumps(ours, indent=2) == json.dumps(theirs, indent=2)


def test_json_keys_only_grow():
    out = json.loads(cli_json("AsKs", "QdQc"))
    assert out["version"] == equity.__version__
    assert RESULT_KEYS_0_1 <= set(out)
    for p in out["players"]:
        assert PLAYER_KEYS_0_1 <= set(p)


def test_calculate_options():
    exact = equity.calculate(["AsKs", "QdQc"], method="exact")
    mc = equity.calculate(["AsKs", "QdQc"], method="monte-carlo", trials=20_000, seed=9)
    assert (exact.method, mc.method, mc.trials, mc.seed) == ("exact", "monte-carlo", 20_000, 9)
    assert abs(mc.players[0].equity - exact.players[0].equity) <= 4 * mc.players[0].stderr
    assert equity.calculate(["AsKs", equity.parse_range("QQ")], precision=0.002).method == "monte-carlo"
    seen = []
    equity.calculate(["AA", "KK"], progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] == 36 * 1_712_304


@pytest.mark.parametrize(("players", "kwargs", "error", "needle"), [
    (["AsKs", 0], {}, equity.ScenarioError, "a count of random hands is 1 .. 22; got 0"),
    (["AsKs", "QQ+x"], {}, equity.RangeError, "villain 1: range element 'QQ+x'"),
    (["AsKs", "QdQc"], {"method": "fast"}, equity.ScenarioError, "method must be one of"),
    (["AsKs", "QdQc"], {"method": "exact", "seed": 3}, equity.ScenarioError, "seed is a Monte Carlo option"),
    (["AsKs", "QdQc"], {"board": "Ah"}, equity.ScenarioError, "0, 3, 4 or 5 cards"),
    (["AsKs", "QdQc"], {"threads": 0}, equity.ScenarioError, "threads must be"),
])
def test_calculate_rejects_bad_input(players, kwargs, error, needle):
    with pytest.raises(error, match=re.escape(needle)):
        equity.calculate(players, **kwargs)


@pytest.mark.parametrize(("players", "kwargs", "needle"), [
    (["AsKs", True], {}, "villain 1: expected a hand or range"),
    (["AsKs", 2.5], {}, "villain 1: expected a hand or range"),
    ([1.0, "AsKs"], {}, "the hero: expected a hand or range"),
    (["AsKs", {"hand": "QQ"}], {}, "villain 1: expected"),
    (["AsKs", 2, b"QQ"], {}, "villain 3: expected"),
    ("AsKs", {}, "players must be a list of the hero and the opponents"),
    (["AsKs", 1], {"board": 5}, "the board must be cards"),
    (["AsKs", 1], {"dead": 3.5}, "the dead cards must be cards"),
])
def test_arguments_of_the_wrong_type_name_the_player_and_what_was_expected(players, kwargs, needle):
    with pytest.raises(TypeError, match=re.escape(needle)):
        equity.calculate(players, **kwargs)


@pytest.mark.parametrize(("kwargs", "needle"), [
    ({"trials": True}, "trials must be a whole number"),
    ({"trials": 1.5}, "trials must be a whole number"),
    ({"precision": "0.1"}, "precision must be a positive number"),
    ({"precision": float("nan")}, "precision must be a positive number"),
    ({"time_s": float("inf")}, "time must be a positive number"),
    ({"seed": -1}, "seed must be a whole number"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"threads": True}, "threads must be a whole number"),
])
def test_bad_options_are_equity_errors(kwargs, needle):
    with pytest.raises(equity.EquityError, match=re.escape(needle)):
        equity.calculate(["AsKs", 1], **kwargs)


def test_pocket_pairs_as_digit_strings_and_counts_as_ints():
    deuces = equity.calculate(["AsKs", "22"])
    assert [p.hand for p in deuces.players] == ["AsKs", "22"] and deuces.players[1].combos == 6
    spelled = equity.calculate(["AsKs", "2c2d,2c2h,2c2s,2d2h,2d2s,2h2s"])
    assert [p.equity for p in deuces.players] == [p.equity for p in spelled.players]
    crowd = equity.calculate(["77", 22], trials=2000, seed=1)
    assert [p.hand for p in crowd.players] == ["77"] + ["random"] * 22
    assert equity.calculate(["77,AKs", "QQ"]).players[0].combos == 10


def test_one_trial_has_no_standard_error_and_two_have_one():
    one = equity.calculate(["AsKs", 1], trials=1, seed=4)
    assert all(p.stderr is None and p.win_stderr is None and p.tie_stderr is None for p in one.players)
    json.dumps(one.to_dict(), allow_nan=False)
    two = equity.calculate(["AsKs", 1], trials=2, seed=4)
    assert all(isinstance(p.stderr, float) for p in two.players)
