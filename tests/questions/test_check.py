import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import heads_up_counts

from equity.cli import cli

EXAMPLE = Path(__file__).parents[2] / "examples" / "classics.toml"

PINNED = '''# pinned equities
tolerance = 0  # exact and seeded: bit for bit

[[scenario]]
name = "kings vs queens"   # the classic
players = ["KhKs", "QdQc"]
equity = [81.7, 18.3]  # rounded by hand

[[scenario]]
name = "seeded flop"
players = ["AsKs", "random"]
board = "Th9h2c"
trials = 50000
seed = 3
'''


def run(*args):
    return CliRunner().invoke(cli, ["check", *map(str, args)], prog_name="equity")


def write(tmp_path, text, name="pinned.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_the_example_file_passes():
    result = run(EXAMPLE)
    assert result.exit_code == 0, result.output
    assert "all 10 scenarios within tolerance" in result.output


def test_drift_and_unpinned_scenarios_exit_1(tmp_path):
    result = run(write(tmp_path, PINNED))
    assert result.exit_code == 1
    assert "DRIFTED > 0" in result.output and "not pinned" in result.output
    assert "2 of 2 scenarios drifted or not pinned" in result.output


def test_update_writes_values_and_keeps_comments_and_order(tmp_path):
    path = write(tmp_path, PINNED)
    assert run(path, "--update").exit_code == 0
    text = path.read_text()
    for kept in ("# pinned equities", "# exact and seeded: bit for bit", "# the classic", 'board = "Th9h2c"'):
        assert kept in text
    assert text.index('name = "kings vs queens"') < text.index('name = "seeded flop"')
    again = run(path, "--json")
    assert again.exit_code == 0, again.output
    out = json.loads(again.stdout)
    assert out["ok"] is True and [s["name"] for s in out["scenarios"]] == ["kings vs queens", "seeded flop"]
    first = out["scenarios"][0]
    assert first["players"][0]["difference_pct"] == 0.0
    assert first["result"]["method"] == "exact" and first["result"]["trials"] == 1_712_304
    assert out["scenarios"][1]["result"]["seed"] == 3


def test_json_reports_each_player(tmp_path):
    result = run(write(tmp_path, PINNED), "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert set(out) == {"version", "file", "ok", "scenarios"} and out["ok"] is False
    kings = out["scenarios"][0]
    assert set(kings) == {"name", "ok", "tolerance_pct", "players", "result"}
    hero = kings["players"][0]
    assert set(hero) == {"hand", "expected_pct", "actual_pct", "difference_pct", "ok"}
    wins, ties, _ = heads_up_counts("KhKs", "QdQc")  # counted by another evaluator design
    assert abs(hero["actual_pct"] - 100 * (wins + ties / 2) / 1_712_304) < 1e-9
    assert hero["expected_pct"] == 81.7 and hero["ok"] is False
    assert out["scenarios"][1]["players"][0]["expected_pct"] is None


BAD = [
    ("", "no scenarios"),
    ("tolerance = 0\nscenario = 3\n", "no scenarios"),
    ('tolerence = 0\n[[scenario]]\nname = "a"\n', "top level: unknown key 'tolerence'"),
    ('[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\n', "scenario 'a': 'tolerance' is missing"),
    ('tolerance = 0\n[[scenario]]\nplayers = ["AA", "KK"]\n',
     "scenario 1: 'name' must be a non-empty string"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\n', "scenario 'a': 'players' is missing"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA"]\n', "scenario 'a': 'players' must be"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\nequity = [50]\n',
     "scenario 'a': 'equity' has 1 numbers for 2 players"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\nmethod = "fast"\n',
     "scenario 'a': 'method' must be 'auto' or 'exact' or 'monte-carlo'; got 'fast'"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\ntrails = 5\n',
     "scenario 'a': unknown key 'trails'"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\ntrials = 0\n',
     "scenario 'a': 'trials' must be a whole number from 1 to 10**15; got 0"),
    ('tolerance = -1\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\n',
     "'tolerance' must be a number >= 0"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\n[[scenario]]\nname = "a"\n'
     'players = ["AA", "KK"]\n',
     "scenario 'a': 'name' is used by an earlier scenario"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KQx"]\n',
     "scenario 'a': opponent 'KQx' is not a count of random hands"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AsKs", "AsQd"]\n',
     "scenario 'a': card As appears in the hero's hand and in villain 1's hand"),
    ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\nmethod = "exact"\nseed = 1\n',
     "scenario 'a': seed is a Monte Carlo option"),
    ('[[scenario]\nname = "a"\n', "is not valid TOML"),
]


@pytest.mark.parametrize(("text", "needle"), BAD)
def test_invalid_files_exit_2_naming_the_scenario_and_key(tmp_path, text, needle):
    result = run(write(tmp_path, text))
    assert result.exit_code == 2, result.output
    assert needle in result.output
    assert "Traceback" not in result.output


def test_a_missing_file_exits_2(tmp_path):
    result = run(tmp_path / "nope.toml")
    assert result.exit_code == 2 and "cannot read" in result.output and "nope.toml" in result.output


def test_an_invalid_file_is_never_updated(tmp_path):
    text = ('tolerance = 0\n[[scenario]]\nname = "a"\nplayers = ["AA", "KK"]\n'
            '[[scenario]]\nname = "b"\nplayers = ["AA"]\n')
    path = write(tmp_path, text)
    assert run(path, "--update").exit_code == 2
    assert path.read_text() == text


def test_pocket_pairs_written_as_digits_in_a_check_file(tmp_path):
    text = ('tolerance = 0\n[[scenario]]\nname = "deuces"\nplayers = ["AKs", "22"]\n'
            '[[scenario]]\nname = "spelled"\nplayers = ["AKs", "2c2d,2c2h,2c2s,2d2h,2d2s,2h2s"]\n'
            '[[scenario]]\nname = "mixed"\nplayers = ["77,AKs", "99", "random"]\nboard = "Th9h2c"\n'
            'trials = 20000\nseed = 1\n')
    result = run(write(tmp_path, text), "--json")
    assert result.exit_code == 1, result.output  # nothing pinned yet
    deuces, spelled, mixed = json.loads(result.stdout)["scenarios"]
    assert [p["hand"] for p in deuces["result"]["players"]] == ["AKs", "22"]
    assert [p["actual_pct"] for p in deuces["players"]] == [p["actual_pct"] for p in spelled["players"]]
    assert [p["combos"] for p in mixed["result"]["players"]][:2] == [10, 3]


EVERY_KIND = '''tolerance = 0

[[scenario]]
name = "exact"
players = ["AhKh", "QsQc"]
board = "Th9h2c"

[[scenario]]
name = "Monte Carlo, no seed, a precision stop"
players = ["AsKs", "random", "random"]
board = "Th9h2c"
precision = 0.2  # the stop the update replaces

[[scenario]]
name = "Monte Carlo, no seed, a time stop"
players = ["AA", "random"]
method = "monte-carlo"
time = 0.05

[[scenario]]
name = "Monte Carlo, trials and no seed"
players = ["QQ+,AKs", "JJ-99"]
method = "monte-carlo"
trials = 30000

[[scenario]]
name = "seeded Monte Carlo"
players = ["7h6h", "AsAd"]
board = "5h4h2c"
trials = 20000
seed = 11

[[scenario]]
name = "Omaha hi-lo, auto"
players = ["AsAd2s3d", "random"]
game = "plo8"
win = [0, 0]
low_share = [0, 0]
'''


def test_update_pins_what_the_next_check_accepts(tmp_path):
    """Every kind of scenario under a tolerance of 0 (issue 53): --update writes the seed and the trials
    a Monte Carlo run used (a precision or time stop replaced), so the very next check passes; the
    example files, updated in a copy, pass too."""
    path = write(tmp_path, EVERY_KIND)
    assert run(path, "--update").exit_code == 0
    text = path.read_text()
    assert "precision =" not in text and "time =" not in text
    again = run(path, "--json")
    assert again.exit_code == 0, again.output
    out = json.loads(again.stdout)
    assert out["ok"] is True and all(s["ok"] for s in out["scenarios"])
    methods = [s["result"]["method"] for s in out["scenarios"]]
    assert methods[0] == "exact" and methods[1:5] == ["monte-carlo"] * 4
    assert out["scenarios"][4]["result"]["seed"] == 11 and out["scenarios"][4]["result"]["trials"] == 20000
    for example in sorted(EXAMPLE.parent.glob("*.toml")):
        copy = write(tmp_path, example.read_text(), example.name)
        assert run(copy, "--update").exit_code == 0, example.name
        assert run(copy).exit_code == 0, (example.name, run(copy).output)
