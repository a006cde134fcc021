import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from equity import __version__
from equity.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args), prog_name="equity")


def test_eval_table():
    result = run("eval", "AsKsQsJsTs")
    assert result.exit_code == 0, result.output
    assert "Royal Flush" in result.output
    assert "1 of 7,462" in result.output


def test_eval_accepts_separate_tokens():
    result = run("eval", "Kh", "Kd", "9c", "9s", "2h", "3d", "4c", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "game": "holdem", "cards": "KhKd9c9s2h3d4c", "rank": 2641, "category": "Two Pair",
        "description": "Two Pair, Kings and Nines"}
    pasted = run("eval", "K♥", "K♦", "9♣", "9♠", "2♥", "3♦", "4♣", "--json")
    assert json.loads(pasted.stdout) == json.loads(result.stdout)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["eval", "AsKsQsJsXs"], "unknown rank 'X' in card 'Xs' at position 9"),
        (["eval", "AsKsQsJsAs"], "card As appears twice"),
        (["eval", "AsKs"], "takes 5 to 7 cards; 'AsKs' has 2"),
        (["eval", "AsKsQsJsTs9s8s7s"], "has 8"),
        (["eval", "AsKsQsJsTx"], "unknown suit 'x'"),
        (["eval", "AsKsQsJsTs", "--bogus"], "No such option '--bogus'"),
    ],
)
def test_eval_bad_input_exits_2_with_one_clear_line(args, needle):
    result = run(*args)
    assert result.exit_code == 2
    assert needle in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_missing_cards_is_a_usage_error():
    result = run("eval")
    assert result.exit_code == 2
    assert "Missing argument 'CARDS" in result.output


def test_version_and_help():
    assert __version__ in run("--version").output
    assert "eval" in run("--help").output
    assert "Evaluate" in run("eval", "-h").output


def test_python_dash_m_and_the_real_process():
    proc = subprocess.run([sys.executable, "-m", "equity", "eval", "7c5d4h3s2c", "--json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["rank"] == 7462
    bad = subprocess.run([sys.executable, "-m", "equity", "eval", "7c5d4h3s2c2c"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert bad.stderr.strip() == "Error: card 2c appears twice"
    assert bad.stdout == ""
