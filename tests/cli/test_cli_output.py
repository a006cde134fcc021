"""What the ``equity`` command prints when stdout is a pipe, a file or a CI log: every table at its natural
width, no cell cut, no line wrapped, no line ending in spaces; ``--width N`` and ``COLUMNS`` set a width
on purpose, and even then no number is cut. Run as a script runs it: CliRunner's stdout is not a terminal,
and COLUMNS is unset unless a test sets it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from equity.cli import cli

ROOT = Path(__file__).resolve().parents[2]
#: A range as long as players type them (the issue's, cut at 80 columns to '22+,A2s+,...,T9s,9…').
LONG_RANGE = "22+,A2s+,K9s+,Q9s+,J9s+,T9s,98s,87s,76s,65s,54s,A2o+,K9o+,Q9o+,J9o+,T9o"
#: Player names of 20 characters.
NAMES = ["AliceTheGrinder_2024", "BobbyBluffsTooMuch77", "CharlieCallsStation9", "DeeDeeDonkBetter1234"]


@pytest.fixture(autouse=True)
def piped(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)


def run(*args, env=None):
    result = CliRunner().invoke(cli, [*map(str, args)], env=env, catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return result


def whole(text: str) -> list[str]:
    """The lines of ``text``, checked to be whole: nothing cut (no ellipsis) and no trailing spaces."""
    lines = text.splitlines()
    assert "…" not in text
    assert all(line == line.rstrip() for line in lines)
    return lines


def players(lines: list[str]) -> list[str]:
    """The equity table's player rows."""
    return [line for line in lines if line.startswith(("hero", "villain"))]


def pct(x: float) -> str:
    return f"{100 * x:.2f}"


def test_a_long_range_prints_whole_on_one_line_with_every_number():
    args = ["AsKs", "vs", LONG_RANGE, "QQ+,AK", "--board", "Th9h2c"]
    numbers = json.loads(run(*args, "--json").stdout)
    lines = whole(run(*args).output)
    (row,) = [line for line in lines if line.startswith("villain 1")]
    assert LONG_RANGE in row
    for p, line in zip(numbers["players"], players(lines), strict=True):
        assert line.split()[-3:] == [pct(p["win"]), pct(p["tie"]), pct(p["equity"])]
        assert f"({p['combos']:,} combos)" in line or p["combos"] == 1
    assert max(map(len, lines)) > 80  # its natural width, wider than any terminal default


def test_hi_lo_halves_and_categories_are_whole():
    args = ["AsAd2c3d", "vs", "KsKdQsJh", "vs", "AhAc4c5h", "--game", "plo8", "--board", "5c8d9s",
            "--categories"]
    numbers = json.loads(run(*args, "--json").stdout)
    text = run(*args).output
    whole(text)
    for p in numbers["players"]:
        for key in ("high_win", "high_tie", "low_win", "low_tie", "high_equity", "low_equity"):
            assert pct(p[key]) in text
        for c in p["categories"].values():
            assert pct(c["frequency"]) in text and pct(c["win"]) in text


def _million_hand(tmp_path: Path) -> Path:
    """A PHH all-in of four players with 20-character names and stacks in the hundreds of millions."""
    m = 1_000_000
    text = f"""variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [{1 * m}, {2 * m}, 0, 0]
min_bet = {2 * m}
starting_stacks = [{300 * m}, {150 * m}, {500 * m}, {80 * m}]
actions = [
  "d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 7c2h", "d dh p4 QhJh",
  "p3 cbr {6 * m}", "p4 cbr {80 * m}", "p1 cbr {300 * m}", "p2 cc", "p3 f",
  "p4 sm QhJh", "p1 sm AsAd", "p2 sm KcKd",
  "d db 2c7d9h", "d db Ts", "d db 8c",
]
hand = 77
players = {json.dumps(NAMES)}
winnings = [{140 * m}, 0, 0, {246 * m}]
"""
    path = tmp_path / "millions.phh"
    path.write_text(text)
    return path


def test_hands_list_and_summary_are_whole_with_long_names_and_millions(tmp_path):
    path = _million_hand(tmp_path)
    out = json.loads(run("hands", path, "--json").stdout)
    (hand,) = out["hands"]
    text = run("hands", path, "--list").output
    lines = whole(text)
    for name in NAMES:
        assert any(name in line for line in lines), name
    for p in hand["players"]:
        if p["in"]:
            assert pct(p["equity"]) in text
        for key in ("ev", "actual", "luck"):  # whole, to the chip (chips in the millions show no cents)
            assert f"{p[key]:,.0f}" in text or f"{p[key]:,.2f}" in text, (key, p[key])
    assert any(abs(p["luck"]) >= 1e6 for p in hand["players"])  # numbers in the millions


def test_check_names_and_numbers_are_whole(tmp_path):
    file = tmp_path / "pins.toml"
    name = "aces against a very wide opening range from the button, pinned for CI"
    file.write_text(f'[[scenario]]\nname = "{name}"\nplayers = ["AsAh", "{LONG_RANGE}"]\n'
                    'equity = [80, 20]\ntolerance = 50\n')
    result = run("check", file)
    lines = whole(result.output)
    assert any(name in line for line in lines)
    assert any(LONG_RANGE in line for line in lines)


def test_runout_and_hits_tables_are_whole():
    args = ["runout", "AsKs", "vs", LONG_RANGE, "--board", "Th9h2c7d"]
    data = json.loads(run(*args, "--json").stdout)
    text = run(*args).output
    lines = whole(text)
    assert any(LONG_RANGE in line for line in lines)
    for runout in data["runouts"]:
        assert pct(runout["players"][0]["equity"]) in text
    hits = run("hits", LONG_RANGE, "--board", "Th9h2c").output
    whole(hits)
    data = json.loads(run("hits", LONG_RANGE, "--board", "Th9h2c", "--json").stdout)
    assert f"{data['combos']:,}" in hits


@pytest.mark.parametrize("how", ["option", "COLUMNS"])
def test_a_width_set_on_purpose_narrows_names_never_numbers(how):
    args = ["AsKs", "vs", LONG_RANGE, "QQ+,AK", "--board", "Th9h2c"]
    numbers = json.loads(run(*args, "--json").stdout)
    result = run(*args, "--width", "60") if how == "option" else run(*args, env={"COLUMNS": "60"})
    lines = result.output.splitlines()
    assert max(map(len, lines)) <= 60 and all(line == line.rstrip() for line in lines)
    rows = [line for line in lines if re.match(r"(hero|villain \d)\s", line)]
    for p, row in zip(numbers["players"], rows, strict=True):
        assert row.split()[-3:] == [pct(p["win"]), pct(p["tie"]), pct(p["equity"])]
    folded = "".join(line[12:].split("  ")[0].strip() for line in lines[2:])
    assert LONG_RANGE in folded  # the range folds onto continuation lines, every character kept


def test_a_width_too_narrow_for_the_numbers_prints_the_table_whole():
    args = ["AsKs", "vs", LONG_RANGE, "--board", "Th9h2c"]
    numbers = json.loads(run(*args, "--json").stdout)
    lines = run(*args, "--width", "24").output.splitlines()
    for p, row in zip(numbers["players"], players(lines), strict=True):
        assert row.split()[-3:] == [pct(p["win"]), pct(p["tie"]), pct(p["equity"])]
    assert any(LONG_RANGE in line for line in lines)


def test_a_bad_width_is_refused_with_one_line():
    result = CliRunner().invoke(cli, ["AsKs", "vs", "QQ", "--width", "abc"])
    assert result.exit_code == 2 and "--width" in result.output and "Traceback" not in result.output


# -- a long run says so when nobody watches ------------------------------------------------------------


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.mark.parametrize(("seconds_per_tenth", "said"), [(0.2, False), (2.0, True)])
def test_a_long_run_says_so_once_on_stderr_when_no_terminal_shows_a_bar(monkeypatch, capsys,
                                                                         seconds_per_tenth, said):
    """The estimate is measured from the first report on (after any compiling): a run with under 2 s to
    go says nothing, one with 16 s to go says one line, once."""
    from equity.cli import terminal

    clock = Clock()
    monkeypatch.setattr(terminal.time, "perf_counter", clock)
    bar = terminal.ProgressBar(False, notice=True)
    bar.begin("enumerating", "boards", "--mc answers in about a second")
    clock.now += 30.0  # compiling: not the run's rate
    for tenth in range(1, 10):
        bar(tenth * 1000, 10_000)
        clock.now += seconds_per_tenth
    err = capsys.readouterr().err
    if said:
        left = 8 * seconds_per_tenth  # at the second report, measured over the first tenth's steps
        assert err == (f"Note: enumerating 10,000 boards: about {left:.0f} s to go at this rate; "
                       "--mc answers in about a second.\n")
    else:
        assert err == ""


def test_no_notice_at_a_terminal_or_without_a_notice():
    from equity.cli import terminal

    assert not terminal.ProgressBar(True, notice=True).notice  # the bar shows it
    assert not terminal.ProgressBar(False, notice=False).notice


@pytest.mark.slow
def test_a_long_exact_run_piped_says_how_long_and_what_answers_sooner():
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "equity", "AsKs", "vs", "2", "--exact", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        line = proc.stderr.readline()
        while line.startswith("Compiling"):
            line = proc.stderr.readline()
    finally:
        proc.kill()
        proc.communicate()
    assert line.startswith("Note: enumerating ") and " boards: about " in line and "--mc" in line
    assert re.search(r"about \d+ (min|h)", line)  # half an hour on two cores: minutes, never seconds


def test_a_short_run_piped_says_nothing_on_stderr():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "equity", "AsKs", "vs", "QQ", "--board", "Th9h2c"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0 and proc.stderr == ""
