"""``equity dist`` as a user runs it: strict JSON that agrees with the API, and bad input as one line."""

import json

import pytest
from click.testing import CliRunner

from equity.cli import cli
from equity.questions.dist import equity_distribution


def _strict(text):
    return json.loads(text, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))


@pytest.mark.parametrize("args", [
    ["QQ+,AK,T9s", "vs", "20%", "--board", "Th9h2c"],  # exact
    ["AA,KK", "vs", "QQ,JJ", "-n", "1", "--seed", "4"],  # one trial: no standard error can be estimated
    ["AAxx", "vs", "KKxx", "--game", "plo8", "--board", "Kh8d3c", "-n", "5000", "--seed", "1", "--by-combo"],
])
def test_json_is_strict_and_is_what_the_api_returns(args):
    result = CliRunner().invoke(cli, ["dist", *args, "--json"])
    assert result.exit_code == 0, result.output
    out = _strict(result.stdout)
    assert set(out) == {"version", "game", "method", "trials", "seed", "board", "dead", "elapsed_s",
                        "buckets", "players", "breakdowns", "result"}
    for player in out["players"]:
        assert sum(c["share"] for c in player["curve"]) == pytest.approx(1.0, rel=1e-9)
        assert sum(b["share"] for b in player["buckets"]) == pytest.approx(1.0, rel=1e-9)
    if out["method"] == "exact":  # the same spot through the API: the same figures
        same = equity_distribution(["QQ+,AK,T9s", "20%"], "Th9h2c").to_dict()
        assert out["players"] == same["players"] and out["breakdowns"] == same["breakdowns"]
    else:  # a seed fixes every figure
        again = _strict(CliRunner().invoke(cli, ["dist", *args, "--json"]).stdout)
        assert again["players"] == out["players"]


def test_one_trial_has_no_standard_error_rather_than_nan():
    out = _strict(CliRunner().invoke(cli, ["dist", "AA,KK", "vs", "QQ,JJ", "-n", "1", "--seed", "4",
                                           "--json"]).stdout)
    assert all(c["stderr"] is None for p in out["players"] for c in p["curve"])


@pytest.mark.parametrize(("args", "needle"), [
    (["AsKx", "vs", "QQ"], "unknown suit 'x' in card 'Kx'"),
    (["AsKs", "vs", "AsQd"], "card As appears in the hero's hand and in villain 1's hand"),
    (["AsKs", "vs", "30"], "a count of random hands is 1 .. 22; got 30"),
    (["AsKs", "vs", "QQ", "--buckets", "0-50,60-100"], "'0-50' and '60-100' leave a gap from 50 to 60"),
    (["AsKs", "vs", "QQ", "--buckets", "0-60,50-100"], "buckets '0-60' and '50-100' overlap"),
    (["AsKs", "vs", "QQ", "--buckets", "0-50,x"], "bucket 'x' is not LOW-HIGH"),
])
def test_bad_input_is_one_line_and_exit_2(args, needle):
    result = CliRunner().invoke(cli, ["dist", *args])
    assert result.exit_code == 2 and needle in result.output, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
