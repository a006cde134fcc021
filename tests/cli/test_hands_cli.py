"""``equity hands``: the command over real hand-history files (the examples and tests/histories), its
outputs (table, list, strict JSON, CSV, the picture, PHH files), its exit statuses, and the same numbers
from worker processes and a real Dask LocalCluster."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import needs_chromium, screenshot

from equity.cli import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "hands"
HISTORIES = ROOT / "tests" / "histories"
BIN = Path(sys.executable).parent


@pytest.fixture(autouse=True)
def piped(monkeypatch):
    """As a script runs it: no COLUMNS, so every table at its natural width."""
    monkeypatch.delenv("COLUMNS", raising=False)


def hands(*args, input=None):
    return CliRunner().invoke(cli, ["hands", *map(str, args)], input=input, catch_exceptions=False)


def as_json(*args):
    result = hands(*args, "--json")
    return result.exit_code, json.loads(result.stdout)


def test_the_examples_are_read_and_priced_with_nothing_lost():
    code, out = as_json(EXAMPLES)
    assert code == 0
    s = out["summary"]
    assert s["read"] == s["priced"] + s["not_priced"] + s["unreadable"] == 7
    assert s["priced"] == len(out["hands"]) == 5 and s["unreadable"] == 0 and out["errors"] == []
    assert sum(out["not_priced"].values()) == s["not_priced"]
    for hand in out["hands"]:
        # EVs sum to minus the rake, as the actual results do (no cash-out here), and each pot's shares to 1
        assert sum(p["ev"] for p in hand["players"]) == pytest.approx(-hand["rake"], abs=1e-9)
        assert sum(p["actual"] for p in hand["players"]) == pytest.approx(-hand["rake"], abs=1e-9)
        assert sum(p["amount"] for p in hand["pots"]) == pytest.approx(hand["pot"])
        for pot in hand["pots"]:
            assert sum(pot["shares"]) == pytest.approx(1.0, abs=1e-12)
        for p in hand["players"]:
            assert p["luck"] == pytest.approx(p["actual"] - p["ev"])
    # a player's totals are the sums of its hands
    alice = next(p for p in s["players"] if p["player"] == "Alice")
    assert alice["priced"] == 3 and alice["not_priced"] == 1 and alice["hands"] == 5
    assert alice["luck"] == pytest.approx(alice["net"] - alice["ev"])
    priced_luck = sum(p["luck"] for h in out["hands"] for p in h["players"] if p["name"] == "Alice")
    assert alice["luck"] == pytest.approx(priced_luck)


SITES = {"winamax.txt": "winamax", "acr.txt": "acr", "888poker.txt": "888poker",
         "partypoker.txt": "partypoker", "ipoker.xml": "ipoker"}


@pytest.mark.parametrize("name", sorted(SITES))
def test_each_sites_example_reads_cash_and_tournament_hands_and_prices_their_all_ins(name):
    """examples/sites/: a file a site (docs/hands.md), each with cash and tournament all-ins."""
    code, out = as_json(ROOT / "examples" / "sites" / name)
    assert code == 0 and out["errors"] == []
    s = out["summary"]
    assert s["read"] == s["priced"] >= 2 and s["unreadable"] == 0
    assert {h["site"] for h in out["hands"]} == {SITES[name]}
    assert any(h["tournament"] for h in out["hands"]) and any(h["tournament"] is None for h in out["hands"])
    for hand in out["hands"]:
        net = hand["cash_drop"] - hand["rake"]  # what the hand's EVs and results sum to
        assert sum(p["ev"] for p in hand["players"]) == pytest.approx(net, abs=1e-9)
        assert sum(p["actual"] for p in hand["players"]) == pytest.approx(net, abs=1e-9)


def test_every_test_history_is_read_priced_or_reported():
    code, out = as_json(HISTORIES)
    assert code == 1  # some hands are unreadable on purpose
    s = out["summary"]
    assert s["read"] == s["priced"] + s["not_priced"] + s["unreadable"]
    assert s["unreadable"] == len(out["errors"]) > 0
    for error in out["errors"]:
        assert Path(error["file"]).exists() and error["line"] >= 1 and error["reason"]
    reasons = {e["reason"] for e in out["errors"]}
    assert any(r.startswith("chips do not add up") for r in reasons)
    assert any(r.startswith("truncated hand") for r in reasons)
    for hand in out["hands"]:
        cashed = any(p["cash_out"] is not None for p in hand["players"])
        gives = hand["cash_drop"] - hand["rake"]
        assert sum(p["ev"] for p in hand["players"]) == pytest.approx(gives, abs=1e-6)
        if not cashed:
            assert sum(p["actual"] for p in hand["players"]) == pytest.approx(gives, abs=1e-6)


def test_the_table_and_the_list():
    result = hands(EXAMPLES, "--list", "--hero", "Alice")
    assert result.exit_code == 0
    text = result.output
    assert "255000000003" in text and "Th9h4c" in text and "TdTc" in text
    assert "7 hands read from 3 files: 5 all-ins priced, 2 not priced, 0 unreadable" in text
    assert "not priced: 1 no all-in, 1 river" in text
    assert "Bruno" not in text.split("Player")[-1]  # --hero: only Alice's row in the summary
    assert "OM2026112001" not in text  # nor hands she did not play in the list


def test_csv_has_a_row_per_hand_and_player():
    result = hands(EXAMPLES, "--csv")
    rows = list(csv.DictReader(io.StringIO(result.output)))
    _, out = as_json(EXAMPLES)
    assert len({(r["site"], r["hand"]) for r in rows}) == out["summary"]["read"]
    priced = [r for r in rows if r["priced"] == "True"]
    assert len(priced) == sum(len(h["players"]) for h in out["hands"])
    net = sum(float(r["actual"]) for r in rows if r["player"] == "Alice")
    alice = next(p for p in out["summary"]["players"] if p["player"] == "Alice")
    assert net == pytest.approx(alice["net"])


def test_duplicates_are_counted_once():
    code, out = as_json(EXAMPLES / "pokerstars-aludra.txt", EXAMPLES)
    assert out["summary"]["read"] == 7 and out["summary"]["duplicates"] == 5
    assert {d["id"] for d in out["duplicates"]} == {f"25500000000{i}" for i in range(1, 6)}


@pytest.mark.parametrize("name", ["ggpoker-plo.txt", "home-game.phh"])
def test_standard_input(name):
    text = (EXAMPLES / name).read_text()  # the PHH file starts with a comment line
    result = CliRunner().invoke(cli, ["hands", "-", "--json"], input=text)
    out = json.loads(result.stdout)
    assert result.exit_code == 0 and out["summary"]["priced"] == 1 and out["hands"][0]["file"] == "-"


@pytest.mark.parametrize(("args", "message"), [
    (["no/such/folder"], "no such file or folder: no/such/folder"),
    ([str(ROOT / "README.md")], "README.md is not a hand history"),
    ([str(EXAMPLES), "--json", "--csv"], "choose --json or --csv, not both"),
    ([str(EXAMPLES), "--plot", "x.gif"], "the picture is an .svg or a .png file"),
])
def test_bad_paths_and_options_exit_2(args, message):
    proc = subprocess.run([str(BIN / "equity"), "hands", *args], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def test_an_unreadable_hand_exits_1_and_the_rest_go_on(tmp_path):
    broken = tmp_path / "broken.txt"
    text = (EXAMPLES / "pokerstars-aludra.txt").read_text()
    broken.write_text(text.replace("[Jd 7c 2s]", "[Jd 7c 2x]"))
    proc = subprocess.run([str(BIN / "equity"), "hands", str(broken), "--json"], capture_output=True,
                          text=True, timeout=300)
    out = json.loads(proc.stdout)
    assert proc.returncode == 1
    assert out["summary"]["read"] == 5 and out["summary"]["unreadable"] == 1 and out["summary"]["priced"] == 2
    assert out["errors"][0]["file"] == str(broken) and "'2x' is not a card" in out["errors"][0]["reason"]


def test_worker_processes_give_the_same_numbers():
    _, here = as_json(HISTORIES, EXAMPLES)
    _, pool = as_json(HISTORIES, EXAMPLES, "--workers", "2")
    assert pool == here


def test_a_dask_local_cluster_gives_the_same_numbers():
    pytest.importorskip("distributed", reason="the cluster extra: pip install 'equity[cluster]'")
    proc = subprocess.run([str(BIN / "equity"), "hands", str(EXAMPLES), "--json", "--cluster", "local:2"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    _, here = as_json(EXAMPLES)
    assert json.loads(proc.stdout) == here


def test_to_phh_writes_every_hand_and_they_read_back_to_the_same_figures(tmp_path):
    folder = tmp_path / "phh"
    code, out = as_json(EXAMPLES, "--to-phh", folder)
    written = sorted(folder.glob("*.phh"))
    assert len(written) == out["summary"]["read"] == 7
    _, again = as_json(folder)
    assert again["summary"]["priced"] == out["summary"]["priced"]
    by_id = {h["id"]: h for h in out["hands"]}
    for hand in again["hands"]:
        first = by_id[hand["id"]]
        for mine, theirs in zip(hand["players"], first["players"], strict=True):
            assert mine["ev"] == pytest.approx(theirs["ev"], abs=1e-9)
            assert mine["actual"] == pytest.approx(theirs["actual"])


needs_matplotlib = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                                      reason="the plot extra: pip install 'equity[plot]'")


@needs_matplotlib
@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_the_graph_is_written(tmp_path, suffix):
    path = tmp_path / f"luck.{suffix}"
    result = hands(EXAMPLES, "--hero", "Alice", "--plot", path)
    assert result.exit_code == 0 and path.stat().st_size > 1000
    if suffix == "svg":
        from equity.report.hands_plot import EV, NET

        text = path.read_text()
        assert EV in text and NET in text and "Alice" in text


@needs_matplotlib
@needs_chromium
def test_the_graph_in_a_real_browser(tmp_path):
    from equity.report.hands_plot import EV, NET

    svg, png = tmp_path / "g.svg", tmp_path / "g.png"
    assert hands(EXAMPLES, "--hero", "Alice", "--plot", svg).exit_code == 0
    image = screenshot(svg, png, "900,520")
    pixels = {colour for _, colour in image.getcolors(1 << 24)}
    for colour in (NET, EV):
        assert tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5)) in pixels, colour


def test_a_cash_drop_travels_through_phh(tmp_path):
    source = HISTORIES / "ggpoker" / "cash_drop.txt"
    _, out = as_json(source, "--to-phh", tmp_path)
    _, again = as_json(tmp_path)
    for first in (out, again):
        assert first["summary"]["read"] == 1 and first["summary"]["unreadable"] == 0
        hero = next(p for p in first["summary"]["players"] if p["player"] == "Hero")
        assert hero["net"] == pytest.approx(5.25)  # 5.5 collected, 0.25 of her blind called: the drop is hers


def test_a_folders_files_without_hands_are_said(tmp_path):
    (tmp_path / "a.txt").write_text((EXAMPLES / "ggpoker-plo.txt").read_text())
    (tmp_path / "notes.txt").write_text("my notes\n")
    result = hands(tmp_path)
    assert result.exit_code == 0
    assert f"1 file in the folders held no hand: {tmp_path / 'notes.txt'}" in result.output.replace("\n", "")


def test_the_help_and_the_docs_name_every_site_read():
    from equity.histories import sites

    help_text = " ".join(CliRunner().invoke(cli, ["hands", "--help"]).output.split())
    docs = (ROOT / "docs" / "hands.md").read_text()
    for site in sites.SITES:
        assert site.title in help_text and site.title in docs, site.title
    for example in (ROOT / "examples" / "sites").iterdir():
        assert f"examples/sites/{example.name}" in docs


FULL_TILT = ("Full Tilt Poker Game #33000000001: Table Arcade (6 max) - $0.25/$0.50 - No Limit Hold'em - "
             "14:03:11 ET - 2026/11/27\n") + """Seat 1: Ana ($50)
Seat 2: Bo ($50)
Ana posts the small blind of $0.25
Bo posts the big blind of $0.50
"""
CHICO = """Game started at: 2026/11/27 14:03:11
Game ID: 900000001 0.25/0.50 BetOnline Holdem
Seat 1: Ana (50)
"""


def test_a_history_of_a_site_not_read_says_so(tmp_path):
    """Named, it is an error naming the site (exit 2); in a folder, a line under the summary and the
    JSON's files_not_read, the folder's other hands read."""
    (tmp_path / "tilt.txt").write_text(FULL_TILT)
    (tmp_path / "chico.txt").write_text(CHICO)
    for name, site in (("tilt.txt", "Full Tilt"), ("chico.txt", "Chico")):
        result = CliRunner().invoke(cli, ["hands", str(tmp_path / name)])
        assert result.exit_code == 2 and f"{site} hand histories are not read" in result.output
        assert "Traceback" not in result.output
    (tmp_path / "stars.txt").write_text((EXAMPLES / "pokerstars-aludra.txt").read_text())
    code, out = as_json(tmp_path)
    assert code == 0 and out["summary"]["read"] == 5
    assert out["summary"]["files_not_read"] == [{"file": str(tmp_path / "chico.txt"), "site": "Chico"},
                                                {"file": str(tmp_path / "tilt.txt"), "site": "Full Tilt"}]
    shown = CliRunner().invoke(cli, ["hands", str(tmp_path)]).output
    assert "Full Tilt hand histories are not read" in shown and "Chico hand histories are not read" in shown


def test_the_list_folds_a_long_hand_id_rather_than_cut_a_number():
    """Winamax ids run to 33 characters: at 80 columns (a pipe) the id folds, and every figure of the
    list is printed whole."""
    files = [str(ROOT / "examples" / "sites" / n) for n in ("winamax.txt", "acr.txt", "ipoker.xml")]
    code, out = as_json(*files)
    listed = CliRunner().invoke(cli, ["hands", *files, "--list"], env={"COLUMNS": "80"}).output
    assert "…" not in listed and max(len(line) for line in listed.splitlines()) <= 80
    assert "7700112-31-" in listed and "3011596205" in listed  # folded ids
    for hand in out["hands"]:
        for p in hand["players"]:
            if p["in"]:
                assert f"{100 * p['equity']:.2f}" in listed
