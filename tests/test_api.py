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
    (["AsKs", "QdQc"], {"method": "exact", "seed": 3}, equity.ScenarioError, "seed apply to Monte Carlo"),
    (["AsKs", "QdQc"], {"board": "Ah"}, equity.ScenarioError, "0, 3, 4 or 5 cards"),
    (["AsKs", "QdQc"], {"threads": 0}, equity.ScenarioError, "threads must be"),
])
def test_calculate_rejects_bad_input(players, kwargs, error, needle):
    with pytest.raises(error, match=re.escape(needle)):
        equity.calculate(players, **kwargs)
