import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import heads_up_counts

from equity import __version__
from equity.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args), prog_name="equity")


def run_json(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    # stdout alone: on a cold JIT cache stderr also carries the compiling notice.
    return json.loads(result.stdout)


def test_json_keys_and_types():
    out = run_json("AsKs", "vs", "2", "--board", "Th9h2c", "--dead", "2d", "--trials", "50000", "--seed", "9")
    assert set(out) == {"version", "game", "method", "trials", "seed", "board", "dead", "elapsed_s",
                        "players"}
    assert out["game"] == "holdem"
    assert out["version"] == __version__ and out["method"] == "monte-carlo"
    assert out["trials"] == 50_000 and out["seed"] == 9
    assert out["board"] == "Th9h2c" and out["dead"] == "2d"
    assert isinstance(out["elapsed_s"], float) and out["elapsed_s"] >= 0
    assert [p["hand"] for p in out["players"]] == ["AsKs", "random", "random"]
    for p in out["players"]:
        assert set(p) == {"hand", "win", "tie", "equity", "stderr", "combos"}
        for key in ("win", "tie", "equity", "stderr"):
            assert isinstance(p[key], float) and 0 <= p[key] <= 1
    assert abs(sum(p["equity"] for p in out["players"]) - 1) < 1e-12
    assert [p["combos"] for p in out["players"]] == [1, 1035, 1035]  # C(46, 2) random holdings


def test_hands_may_be_pasted_with_a_space_and_suit_symbols():
    a = run_json("As Ks", "vs", "Q♥ Q♦", "--trials", "20000", "--seed", "3")
    b = run_json("AsKs", "vs", "QhQd", "--trials", "20000", "--seed", "3")
    assert [p["equity"] for p in a["players"]] == [p["equity"] for p in b["players"]]
    assert [p["hand"] for p in a["players"]] == ["As Ks", "Q♥ Q♦"]  # as the user wrote them


def test_vs_is_optional_and_hands_may_be_opponents():
    a = run_json("AsKs", "vs", "QdQc", "1", "--trials", "20000", "--seed", "3")
    b = run_json("AsKs", "QdQc", "1", "--trials", "20000", "--seed", "3")
    assert a["players"] == b["players"]
    assert [p["hand"] for p in a["players"]] == ["AsKs", "QdQc", "random"]


@pytest.mark.parametrize("trials", ["30000", "3e4", "30k", "30K", "0.03M", "30_000", "30,000"])
def test_trials_may_be_written_with_exponents_suffixes_and_separators(trials):
    assert run_json("AsKs", "vs", "1", "--trials", trials, "--seed", "1")["trials"] == 30_000


def test_seeded_cli_runs_repeat_whatever_the_threads():
    args = ("7h7d", "vs", "3", "--trials", "200000", "--seed", "123")
    one = run_json(*args, "--threads", "1")
    two = run_json(*args, "--threads", "2")
    assert one["players"] == two["players"] == run_json(*args)["players"]


def test_the_table():
    result = run("AsKs", "vs", "2", "--board", "Th9h2c", "--trials", "20000", "--seed", "1")
    assert result.exit_code == 0
    for needle in ("hero", "villain 2", "Equity %", "± 95% CI", "Monte Carlo", "20,000 trials",
                   "seed 1", "board Th 9h 2c"):
        assert needle in result.output


def test_json_stdout_is_one_object_even_when_piped():
    proc = subprocess.run([sys.executable, "-m", "equity", "AsKs", "vs", "2", "--trials", "10000",
                           "--seed", "1", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout)["trials"] == 10_000
    assert "simulating" not in proc.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["AsXs", "vs", "2"], "unknown rank 'X' in card 'Xs' at position 3 of 'AsXs'"),
        (["AsKs", "vs", "2", "--board", "Th9hZz"], "unknown rank 'Z'"),
        (["AsKs", "vs", "2", "--board", "Th"], "a board has 0, 3, 4 or 5 cards; 'Th' has 1"),
        (["AsKs", "vs", "2", "--board", "Th9h"], "'Th9h' has 2"),
        (["AsKs", "vs", "2", "--board", "Th9h2c3c4c5c"], "has 6"),
        (["AsKs", "vs", "2", "--board", "Th9hAs"], "card As appears in the hero's hand and in the board"),
        (["AsKs", "vs", "2", "--board", "Th9h2c", "--dead", "9h"],
         "card 9h appears in the board and in the dead"),
        (["AsKs", "vs", "2", "--dead", "2c2c"], "card 2c appears twice in the dead cards"),
        (["AsKs", "vs", "0"], "a count of random hands is 1 .. 22; got 0"),
        (["AsKs", "vs", "23"], "a count of random hands is 1 .. 22; got 23"),
        (["AsKs", "vs", "23x"], "a count of random hands is 1 .. 22; got 23"),
        (["AsKs", "vs", "12", "11"], "24 players is too many: at most 23"),
        (["AsKs", "vs", "QQ+x"], "opponent 'QQ+x' is not a count of random hands (e.g. 2), a hand"),
        (["AsKs", "vs", "AA,,KK"], "range element 2 of 'AA,,KK' is empty"),
        (["AsKs", "vs", "AsAh"], "card As appears in the hero's hand and in villain 1's hand"),
        (["AsKs", "vs", "AA", "--board", "AhAdAc"], "villain 1's range 'AA' has no combo left"),
        (["AsKs", "vs", "2", "--exact", "--mc"], "choose --exact or --mc, not both"),
        (["AsKs", "vs", "2", "--exact", "--trials", "9"],
         "trials is a Monte Carlo option and cannot be combined with exact"),
        (["AsKs"], "no opponent given after the hero's hand 'AsKs'"),
        (["As", "Ks", "vs", "2"], "the hero 'As' is a single card; write a hand's two cards as one argument"),
        (["AsKs", "vs", "2", "--board", "Th9h2c", "5d"], "opponent '5d' is a single card"),
        (["vs", "2"], "the first argument is the hero's hand or range (e.g. AsKs or 77), not '2'"),
        (["AsKs", "vs", "2", "--trials", "0"], "'--trials' / '-n': '0' is not a positive whole number"),
        (["AsKs", "vs", "2", "--trials", "-5"], "'-5' is not a positive whole number"),
        (["AsKs", "vs", "2", "--trials", "1.5"], "'1.5' is not a positive whole number (e.g. 1000000, 1e6"),
        (["AsKs", "vs", "2", "--trials", "1e6x"], "'1e6x' is not a positive whole number"),
        (["AsKs", "vs", "2", "--trials", "1,5M"], "'1,5M' is not a positive whole number"),
        (["AsKs", "vs", "2", "--trials", "10,00"], "'10,00' is not a positive whole number"),
        (["AsKs", "vs", "2", "--trials", "1e400"], "'1e400' is more than the most trials a run can play"),
        (["AsKs", "vs", "2", "--precision", "0"], "'--precision' / '-p': 0.0 is not in the range x>0"),
        (["AsKs", "vs", "2", "--time", "-1"], "'--time' / '-t'"),
        (["AsKs", "vs", "2", "--threads", "0"], "'--threads': 0 is not in the range"),
        (["AsKs", "vs", "2", "--threads", "many"], "'many' is not a valid integer"),
        (["AsKs", "vs", "2", "--trials", "5", "--precision", "1"], "choose one way to stop"),
        (["AsKs", "vs", "2", "--bogus"], "No such option '--bogus'"),
        # a range typed with a space after its comma reaches the command as two arguments
        (["AKo", "vs", "QQ+,", "AK"], "'QQ+,' and 'AK' look like one range split at a space"),
        (["AKo", "vs", "QQ+,", "AK"], 'quote it, "QQ+, AK", or write it without spaces, QQ+,AK'),
        (["AKo", "vs", "QQ+", ",AK"], "'QQ+' and ',AK' look like one range split at a space"),
        (["AKo", "vs", "QQ+,"], "remove the extra comma"),
    ],
)
def test_bad_input_exits_2_without_a_traceback(args, needle):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert needle in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_help_lists_the_main_form_and_its_options():
    assert "equity HERO [vs] OPPONENT..." in run("--help").output
    text = run("run", "--help").output
    for option in ("--board", "--dead", "--exact", "--mc", "--trials", "--precision", "--time", "--seed",
                   "--threads", "--categories", "--json", "--no-progress"):
        assert option in text


def test_exact_when_cheap_and_monte_carlo_when_asked():
    out = run_json("AsKs", "QdQc")
    assert out["method"] == "exact" and out["seed"] is None and out["trials"] == 1_712_304
    assert [p["stderr"] for p in out["players"]] == [0.0, 0.0]
    wins, ties, _ = heads_up_counts("AsKs", "QdQc")  # counted by another evaluator design
    assert round(out["players"][0]["win"] * 1_712_304) == wins
    assert round(out["players"][0]["tie"] * 1_712_304) == ties
    assert run_json("AsKs", "QdQc", "--mc", "--trials", "20000", "--seed", "1")["method"] == "monte-carlo"
    assert run_json("AsKs", "QdQc", "--trials", "20000")["method"] == "monte-carlo"
    assert run_json("AsKs", "vs", "2", "--board", "Th9h2c", "--trials", "20000")["method"] == "monte-carlo"
    flop = run_json("AsKs", "vs", "1", "--board", "Th9h2c", "--exact")
    assert flop["method"] == "exact" and flop["trials"] == 1081 * 990


def test_ranges_and_categories_in_json():
    out = run_json("QQ+,AKs", "vs", "JJ-99,AQs+", "1", "--board", "Ts9s2d", "--categories",
                   "--trials", "20000", "--seed", "4")
    assert [p["hand"] for p in out["players"]] == ["QQ+,AKs", "JJ-99,AQs+", "random"]
    assert [p["combos"] for p in out["players"]][:2] == [22, 20]  # the board leaves 3 combos of TT, 3 of 99
    for p in out["players"]:
        cats = p["categories"]
        assert list(cats) == ["straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
                              "three_of_a_kind", "two_pair", "one_pair", "high_card"]
        assert abs(sum(c["frequency"] for c in cats.values()) - 1) < 1e-12
        assert abs(sum(c["win"] for c in cats.values()) - p["win"]) < 1e-12
    table = run("AA", "vs", "KK", "--categories").output
    assert "Exact enumeration · 61,642,944 boards" in table and "Full House" in table and "won %" in table


@pytest.mark.parametrize(("target", "args"), [
    ("equity.engines.montecarlo.simulate", ["AsKs", "vs", "2", "--trials", "1e9"]),
    ("equity.questions.asking.spec.calculate", ["check", "examples/classics.toml"]),
])
def test_ctrl_c_exits_130_not_the_drift_status(monkeypatch, target, args):
    def interrupted(*_, **__):
        raise KeyboardInterrupt

    monkeypatch.setattr(target, interrupted)
    monkeypatch.chdir(Path(__file__).parents[2])
    result = run(*args)
    assert result.exit_code == 130
    assert "Interrupted." in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(("done", "total", "text"), [
    (1_250_000, 4_000_000, "1,250,000/4,000,000"),
    (5, None, "5/?"),
    (5_722_519_968, 12_585_434_400, "5.7/12.6 billion"),
])
def test_progress_counts_stay_short(done, total, text):
    from rich.progress import Progress

    from equity.cli.progress import Done

    bar = Progress()
    bar.add_task("", total=total, completed=done)
    task = bar.tasks[0]
    assert Done().render(task).plain == text


PAIRS = [d * 2 for d in "23456789"]


def combos_of_pair(digit):
    """The six combos of a pocket pair, written out card by card (not via the pair grammar)."""
    cards = [digit + suit for suit in "cdhs"]
    return ",".join(a + b for i, a in enumerate(cards) for b in cards[i + 1:])


@pytest.mark.parametrize("pair", PAIRS)
def test_pocket_pairs_typed_as_digits_are_pairs_for_hero_and_opponent(pair):
    as_digits = run_json(pair, "vs", "AKs")
    spelled = run_json(combos_of_pair(pair[0]), "vs", "AKs")
    assert [p["equity"] for p in as_digits["players"]] == [p["equity"] for p in spelled["players"]]
    assert as_digits["players"][0]["hand"] == pair and as_digits["players"][0]["combos"] == 6
    villain = run_json("AsKs", "vs", pair, "--trials", "20000", "--seed", "2")
    assert len(villain["players"]) == 2 and villain["players"][1]["hand"] == pair
    assert villain["players"][1]["combos"] == 6


def test_twenty_two_is_pocket_deuces_and_22x_is_twenty_two_random_hands():
    deuces = run_json("AsKs", "vs", "22")
    assert [p["hand"] for p in deuces["players"]] == ["AsKs", "22"] and deuces["method"] == "exact"
    crowd = run_json("AsKs", "vs", "22x", "--trials", "2000", "--seed", "1")
    assert [p["hand"] for p in crowd["players"]] == ["AsKs"] + ["random"] * 22
    counted = [run_json("AsKs", "vs", n, "--trials", "2000", "--seed", "1")["players"]
               for n in ("3", "3x", "3X")]
    assert counted[0] == counted[1] == counted[2] and len(counted[0]) == 4


def test_digit_pairs_mix_with_ranges_counts_and_the_board():
    out = run_json("77,AKs", "vs", "99", "2", "--board", "Th9h2c", "--trials", "20000", "--seed", "5")
    assert [p["hand"] for p in out["players"]] == ["77,AKs", "99", "random", "random"]
    assert [p["combos"] for p in out["players"]][:2] == [10, 3]  # the board's 9h leaves 3 combos of 99


def strict_json(text):
    def reject(constant):
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=reject)


@pytest.mark.parametrize("trials", ["1", "2", "16385", "100000"])
def test_json_is_strict_for_any_number_of_trials(trials):
    result = run("AsKs", "vs", "2", "--trials", trials, "--seed", "11", "--json")
    assert result.exit_code == 0, result.output
    out = strict_json(result.stdout)
    assert out["trials"] == int(trials)
    for p in out["players"]:
        if trials == "1":
            assert p["stderr"] is None  # one trial: no estimate of the error
        else:
            assert isinstance(p["stderr"], float) and 0 <= p["stderr"] <= 1


def test_a_single_trial_reads_well_in_the_table():
    result = run("AsKs", "vs", "1", "--trials", "1", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "nan" not in result.output.lower()
    assert "1 trial ·" in result.output and "n/a" in result.output
