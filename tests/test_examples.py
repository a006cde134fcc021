"""Every example runs, the way a user would run it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from equity import calculate

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
BIN = Path(sys.executable).parent


def run(*cmd, **kw):
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PYTHON=sys.executable)
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, **kw)


def test_every_example_is_tested():
    tested = {"classics.toml", "games.toml", "boardless.toml", "equities.sh", "api.py", "preflop_matrix.py",
              "spots.jsonl",
              "spots.csv", "dist.jsonl", "runout.jsonl", "questions.jsonl",
              "hands",  # examples/hands/: tests/cli/test_hands_cli.py and the README's transcript
              "sites"}  # examples/sites/: one file a site, tests/cli/test_hands_cli.py and docs/hands.md
    assert {p.name for p in EXAMPLES.iterdir() if not p.name.startswith(".")} == tested


@pytest.mark.slow
def test_the_shell_script_reads_equities_from_json():
    proc = run("sh", str(EXAMPLES / "equities.sh"))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("hand") and len(lines) == 6
    # The script must print the hero's equity from the JSON: the same seeded run through the API.
    seeded = calculate(["AsKs", 2], board="Th9h2c", seed=1)
    assert lines[1].split()[:2] == ["AsKs", f"{100 * seeded.players[0].equity:.2f}%"]
    assert all(line.endswith("monte-carlo") for line in lines[1:])


def test_the_python_example():
    proc = run(sys.executable, str(EXAMPLES / "api.py"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "AA vs KK: 81.9461% (exact, 61,642,944 boards)" in out
    assert "Two Pair, Kings and Nines" in out and "84 combos" in out
    assert "error: card As appears in the hero's hand and in villain 1's hand" in out


@pytest.mark.parametrize(("drift", "status"), [(False, 0), (True, 1)])
def test_the_scenario_file_through_the_installed_command(tmp_path, drift, status):
    path = EXAMPLES / "classics.toml"
    if drift:
        text = path.read_text().replace("81.94605046767397", "81.9", 1)
        assert text != path.read_text()
        path = tmp_path / "drifted.toml"
        path.write_text(text)
    proc = run("equity", "check", str(path))
    assert proc.returncode == status, proc.stdout + proc.stderr
    assert ("DRIFTED" in proc.stdout) == drift


def test_the_games_scenario_file_through_the_installed_command():
    proc = run("equity", "check", str(EXAMPLES / "games.toml"), "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    summary = json.loads(proc.stdout)
    games = [s["result"]["game"] for s in summary["scenarios"]]
    assert summary["ok"] and {"omaha", "omaha5", "omaha6", "short-deck", "short-deck-trips"} <= set(games)


def test_the_boardless_scenario_file_through_the_installed_command():
    proc = run("equity", "check", str(EXAMPLES / "boardless.toml"), "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["ok"] and [s["result"]["game"] for s in summary["scenarios"]] == ["stud", "stud8", "razz",
                                                                                    "2-7"]
    # Each pinned number is also what the API computes for the same spot (same seed and trials, or exact).
    for spot in summary["scenarios"]:
        r = spot["result"]
        again = calculate([p["hand"] for p in r["players"]], dead=r["dead"], game=r["game"], seed=r["seed"],
                          trials=r["trials"] if r["seed"] is not None else None)
        pinned = [p["equity"] for p in r["players"]]
        assert [p.equity for p in again.players] == pytest.approx(pinned, abs=1e-6)


@pytest.mark.slow
def test_the_preflop_matrix_on_a_few_classes(tmp_path):
    proc = run(sys.executable, str(EXAMPLES / "preflop_matrix.py"), "--classes", "5", "--dir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "25 pairs in" in proc.stdout and "e(a,b) + e(b,a) = 1" in proc.stdout
    rows = (tmp_path / "matrix.csv").read_text().splitlines()
    assert rows[0] == "hero \\ villain,AA,AKs,AKo,AQs,AQo" and rows[1].startswith("AA,50.0000,")
    again = run(sys.executable, str(EXAMPLES / "preflop_matrix.py"), "--classes", "5", "--dir", str(tmp_path))
    assert again.returncode == 0 and (tmp_path / "answers.jsonl").read_text().count("\n") == 25  # resumed


def test_the_distribution_lines_match_the_api():
    proc = run("equity", "batch", str(EXAMPLES / "dist.jsonl"), "--workers", "0")
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["id"] for a in answers] == ["set vs overpairs", "AK vs a calling range"]
    from equity.questions.dist import equity_distribution

    for line, answer in zip((EXAMPLES / "dist.jsonl").read_text().splitlines(), answers, strict=True):
        spec = json.loads(line)
        same = equity_distribution(spec["players"], spec["board"], buckets=spec.get("buckets")).to_dict()
        assert answer["dist"]["players"] == same["players"]
        assert answer["dist"]["breakdowns"] == same["breakdowns"]


def test_the_question_lines_match_the_api():
    proc = run("equity", "batch", str(EXAMPLES / "questions.jsonl"), "--workers", "0")
    assert proc.returncode == 0, proc.stderr
    grid, hits = [json.loads(line) for line in proc.stdout.splitlines()]
    from equity.questions.grid import equity_grid
    from equity.questions.hits import range_hits

    expected = equity_grid("KK+", ["QQ"], "Kh7c2d").to_dict()
    assert grid["id"] == "grid" and grid["classes"] == expected["classes"]
    assert grid["overall"]["players"] == expected["overall"]["players"]
    assert {k: v for k, v in hits.items() if k not in ("line", "id")} == range_hits("AKs", "Ah7c2d").to_dict()


def test_the_runout_lines_match_the_api():
    proc = run("equity", "batch", str(EXAMPLES / "runout.jsonl"), "--workers", "0")
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    from equity.questions.runouts import runout

    for line, answer in zip((EXAMPLES / "runout.jsonl").read_text().splitlines(), answers, strict=True):
        spec = json.loads(line)
        street = None if spec["runout"] is True else spec["runout"]
        expected = runout(spec["players"], spec["board"], street=street).to_dict()
        assert answer["id"] == spec["id"] and answer["method"] == "exact"
        for key in ("street", "players", "average", "runouts", "outs", "bad"):
            assert answer[key] == expected[key], key


@pytest.mark.parametrize("name", ["spots.jsonl", "spots.csv"])
def test_the_batch_examples(name):
    proc = run("equity", "batch", str(EXAMPLES / name), "--workers", "0")
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["id"] for a in answers] == (["flip", "flop", "typo", "big-o"] if name.endswith("jsonl")
                                          else ["flip", "flop", "three-way"])
    assert proc.returncode == (2 if name.endswith("jsonl") else 0)
