"""``equity flops`` at the command line: the table and the texture table, sorting and --top, strict JSON
equal to the API, CSV rows with their weights, the picture, workers, and bad input as one line with
exit status 2."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from equity.cli import cli
from equity.questions.flops import flops
from equity.report.flops import CSV_COLUMNS

SPOT = ("QQ+,AKs", "JJ-99,AQs")


def invoke(*args):
    return CliRunner().invoke(cli, ["flops", *args], env={"COLUMNS": None})


def strict(text: str):
    return json.loads(text, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))


def test_the_view_shows_the_mean_the_preflop_the_top_rows_and_the_textures():
    result = invoke(SPOT[0], "vs", SPOT[1], "--top", "5")
    assert result.exit_code == 0, result.output
    out = result.output
    api = flops(*SPOT)
    assert "1,755 flop classes standing for 22,100 flops" in out
    assert f"hero {100 * api.overall.hero_equity:.2f}%" in out
    assert f"Preflop, exact:  hero {100 * api.preflop[0].equity:.2f}%" in out
    best = api.sorted_rows("equity", top=5)
    lines = [line for line in out.splitlines() if line.strip().startswith(tuple(r.flop for r in best))]
    assert [line.split()[0] for line in lines] == [r.flop for r in best]
    assert "By texture" in out and "monotone" in out and "A-high" in out and "connected" in out


def test_sorting_ascending_and_by_a_hit_column():
    result = invoke(*SPOT, "--sort", "flush_draw", "--top", "3", "--json")
    data = strict(result.output)
    shares = [row["hero"]["hits"]["flush_draw"] for row in data["rows"]]
    assert len(shares) == 3 and shares == sorted(shares, reverse=True)
    assert shares[0] == max(r.hero.hits["flush_draw"] for r in flops(*SPOT, preflop=False).rows)
    result = invoke(*SPOT, "--sort", "equity", "--ascending", "--top", "4", "--json")
    equities = [row["hero"]["equity"] for row in strict(result.output)["rows"]]
    assert equities == sorted(equities) and len(equities) == 4


def test_json_is_strict_and_the_api_s():
    result = invoke(*SPOT, "--flops", "monotone,A-high", "--json")
    assert result.exit_code == 0, result.output
    data = strict(result.output)
    api = flops(*SPOT, flops="monotone,A-high").to_dict()
    data.pop("elapsed_s"), api.pop("elapsed_s")
    api_rows = {row["flop"]: row for row in api.pop("rows")}
    rows = data.pop("rows")
    assert data == json.loads(json.dumps(api))
    assert len(rows) == len(api_rows) == 66 and all(row == api_rows[row["flop"]] for row in rows)


def test_csv_has_a_row_per_flop_with_its_weight():
    result = invoke(*SPOT, "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 1755 and sum(int(r["weight"]) for r in rows) == 22_100
    equities = [float(r["hero_equity"]) + float(r["villain_equity"]) for r in rows]
    assert all(abs(x - 1) < 1e-12 for x in equities)  # two players share the pot


def test_blocked_rows_say_why_in_every_output():
    result = invoke("AsKs", "vs", "QQ", "--flops", "A-high", "--sort", "flop", "--csv")
    rows = list(csv.DictReader(io.StringIO(result.output)))
    blocked = [r for r in rows if r["blocked"]]
    assert blocked and all(r["hero_equity"] == "" for r in blocked)
    assert "no live combo" in blocked[0]["blocked"]
    text = invoke("AsKs", "vs", "QQ", "--flops", "A-high").output
    assert "blocked, left out of the means" in text


def test_the_picture_is_saved(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "flops.svg"
    result = invoke(*SPOT, "--flops", "rainbow", "--svg", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_text().lstrip().startswith("<?xml")


def test_workers_print_the_same_rows():
    here = strict(invoke(*SPOT, "--flops", "paired", "--json").output)
    there = strict(invoke(*SPOT, "--flops", "paired", "--json", "--workers", "2").output)
    here.pop("elapsed_s"), there.pop("elapsed_s")
    assert here == there


@pytest.mark.parametrize(("args", "needle"), [
    ([*SPOT, "--flops", "monotoen"], "'monotoen' is neither a flop"),
    ([*SPOT, "--flops", "Kh8h"], "has 2 cards"),
    ([*SPOT, "--flops", "2c3c4c", "--dead", "2c"], "dead or not in the deck"),
    ([*SPOT, "--sort", "luck"], "--sort 'luck'"),
    (["AsKs,AsQs", "AsJs,AsTs"], "cannot be dealt together"),
    (["AAKK", "QQJJ", "--game", "plo"], "hold'em and short deck"),
    (["AA", "KK", "QQ"], "two ranges"),
    (["AA", "2"], "one opponent"),
    (["AA", "KK", "--json", "--csv"], "--json or --csv"),
    (["AA", "KK", "--exact", "--mc"], "--exact or --mc"),
    (["AA", "KK", "--svg", "x.pdf"], "x.pdf"),
    (["AA", "KX"], "KX"),
])
def test_bad_input_is_one_line_and_exit_status_2(args, needle):
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert needle in result.output and "Traceback" not in result.output


def test_the_installed_command_runs():
    out = subprocess.run([sys.executable, "-m", "equity", "flops", "AA", "vs", "KK", "--flops", "Ks8h3d",
                          "--json", "--no-preflop"], capture_output=True, text=True, check=True).stdout
    row = strict(out)["rows"][0]
    assert row["flop"] == "Ks8h3d" and row["hero"]["combos"] == 6 and row["villain"]["combos"] == 3


def test_equity_batch_asks_it_too(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(json.dumps({"id": "aa-kk", "question": "flops", "players": ["AA", "KK"],
                                 "flops": "Ks8h3d,rainbow", "preflop": False}) + "\n"
                     + json.dumps({"id": "bad", "question": "flops", "players": ["AA", "KK"],
                                   "flops": "monotoen"}) + "\n")
    result = CliRunner().invoke(cli, ["batch", str(spots), "--workers", "0"])
    answers = [strict(line) for line in result.output.splitlines() if line.startswith("{")]
    assert answers[0]["id"] == "aa-kk" and [r["flop"] for r in answers[0]["rows"]] == ["Ks8h3d"]
    assert answers[0]["rows"][0]["hero"]["equity"] == flops("AA", "KK", flops="Ks8h3d").rows[0].hero.equity
    assert answers[1]["id"] == "bad" and "monotoen" in answers[1]["error"]
