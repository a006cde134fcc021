"""``equity query`` as a user runs it: text, a file, JSON, CSV, batch lines, and every mistake named at its
token with exit status 2 (docs/query.md). The numbers themselves are checked against the equity engine
here and against tests/naive.py's oracles in tests/questions/test_query_oracle.py."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from equity.cli import cli
from equity.questions.asking import batch, registry


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), prog_name="equity")


SPOT = ("select avg(riverEquity(hero)) as eq, count(winsHi(hero)) as wins "
        "from hero='AhKd', villain='QQ+,77', board='Kh7d2c'")


def test_a_query_answers_what_the_equity_command_answers():
    """The same spot asked both ways (a second implementation: the equity engine)."""
    query = json.loads(invoke("query", SPOT, "--json").stdout)["statements"][0]
    engine = json.loads(invoke("AhKd", "vs", "QQ+,77", "--board", "Kh7d2c", "--json").stdout)["players"][0]
    eq, wins = query["selectors"]
    assert query["method"] == "exact" and eq["value"] == pytest.approx(engine["equity"], abs=1e-12)
    assert wins["value"] == pytest.approx(engine["win"], abs=1e-12)
    assert eq["fraction"] == "318/715"  # regression pin: 318/715 = the engine's 0.44475524475524475


def test_text_output_names_the_spot_and_prints_fractions():
    done = invoke("query", SPOT)
    assert done.exit_code == 0, done.output
    assert "holdem: hero AhKd, villain QQ+,77, board Kh7d2c: exact, 12,870 deals" in done.output
    assert "eq   = 0.4448 (318/715)" in done.output


def test_a_query_file_with_several_statements(tmp_path):
    path = tmp_path / "spots.pql"
    path.write_text("/* two spots */\nselect avg(riverEquity(hero)) as eq\n"
                    "  from hero='AhKd', villain='QsQc', board='Kh7d2c';\n"
                    "select count(pairedBoard(flop)) as paired from game='holdem'\n")
    done = invoke("query", str(path), "--json")
    assert done.exit_code == 0, done.output
    first, second = json.loads(done.stdout)["statements"]
    assert first["selectors"][0]["fraction"] == "301/330"  # the published example
    # a paired flop: 1 - (48 * 44) / (51 * 50), the published 17.18%
    assert second["selectors"][0]["fraction"] == "73/425"


def test_csv_has_a_row_per_selector_and_per_bucket():
    done = invoke("query", "select avg(riverEquity(hero)) as eq, histogram(handType(hero, river)) as made "
                  "from hero='AhKd', villain='QsQc', board='Kh7d2c'", "--csv")
    rows = list(csv.DictReader(io.StringIO(done.output)))
    assert rows[0]["name"] == "eq" and rows[0]["fraction"] == "301/330"
    buckets = [r for r in rows if r["name"] == "made"]
    assert sum(float(r["value"]) for r in buckets) == pytest.approx(1.0)
    assert sum(int(r["count"]) for r in buckets) == 990


def test_monte_carlo_is_repeatable_and_reports_its_error():
    args = ("query", "select avg(riverEquity(hero)) as eq from hero='AhKd', villain='QQ'", "--seed", "5",
            "--trials", "20000", "--json")
    one, two = (json.loads(invoke(*args).stdout)["statements"][0] for _ in range(2))
    assert one["method"] == "monte-carlo" and one["seed"] == 5 and one["trials"] == 20000
    assert one["selectors"] == two["selectors"]
    eq = one["selectors"][0]
    # AKo vs QQ preflop, exactly 0.4308 (the engine's exact run of AhKd vs QQ's six combos)
    exact = json.loads(invoke("AhKd", "vs", "QQ", "--exact", "--json").stdout)["players"][0]["equity"]
    assert abs(eq["value"] - exact) < 5 * eq["se"]


@pytest.mark.parametrize(("query", "needle"), [
    ("select avg(riverEquity(hero) from hero='AhKd'", "line 1, column 30: expected ')'"),
    ("select avg(riverEquty(hero)) from hero='AhKd'", "did you mean 'riverEquity'"),
    ("select count(handType(hero, river) > 0.5) from hero='AhKd'", "compares a hand type with a number"),
    ("select avg(riverEquity(hero)) from hero='AhKx', villain='QQ'", "hero='AhKx'"),
    ("select avg(riverEquity(hero)) from hero='AhKd', board='Kh7d2'", "board="),
    ("select avg(riverEquity(hero)) from game='pineapple', hero='AhKd'", "game='pineapple'"),
    ("select count(nutLo(hero, river)) from hero='AhKd'", "plays no low half"),
    ("select count(flopHandCategory(hero) = flopset) from game='omahahi', hero='AsAhKsKh'", "two-card"),
    ("select count(turnCard() = 'Zz') from hero='AhKd', board='Kh7d2c'", "'Zz' is not a card"),
    ("select avg(riverEquity(hero)) from hero='AhKd', villain='AhKd'", "card Ah appears"),
    ("select count(pairedBoard(river)) from hero='AhKd', villain='AhKd'", "share a card"),
    ("select avg(riverEquity(hero)) from hero='AwKw', villain='QQ'", "syntax='generic'"),
])
def test_mistakes_are_named_with_exit_status_2(query, needle):
    done = invoke("query", query)
    assert done.exit_code == 2, done.output
    assert needle in done.output and "Traceback" not in done.output


def test_a_missing_file_and_both_formats_are_refused():
    assert invoke("query", "no-such-file.pql").exit_code == 2
    assert invoke("query", SPOT, "--json", "--csv").exit_code == 2


def test_a_where_that_keeps_nothing_and_a_hindsight_average_say_so():
    done = invoke("query", "select avg(riverEquity(hero)) as eq from hero='AhKd', villain='QsQc', "
                  "board='Kh7d2c' where handType(hero, flop) = quads", "--json")
    statement = json.loads(done.stdout)["statements"][0]
    assert statement["selectors"][0]["value"] is None and "keeps no deal" in statement["notes"][0]
    done = invoke("query", "select avg(equity(hero, flop)) as eq from hero='AhKd', villain='QsQc', "
                  "board='Kh7d2c' where handType(villain, river) >= trips", "--json")
    assert "hindsight" in json.loads(done.stdout)["statements"][0]["notes"][0]


def test_batch_runs_query_lines_and_reports_a_bad_one(tmp_path):
    lines = tmp_path / "spots.jsonl"
    lines.write_text(json.dumps({"id": "a", "question": "query", "query": SPOT}) + "\n"
                     + json.dumps({"id": "b", "question": "query", "query": "select nonsense"}) + "\n")
    done = invoke("batch", str(lines))
    out = [json.loads(line) for line in done.output.splitlines() if line.startswith("{")]
    good = next(o for o in out if o.get("id") == "a")
    bad = next(o for o in out if o.get("id") == "b")
    assert good["statements"][0]["selectors"][0]["fraction"] == "318/715"
    assert "error" in bad
    assert "query" in registry.QUESTIONS and batch is not None


def test_a_division_by_zero_leaves_its_selector_without_a_value_and_says_so():
    done = invoke("query", "select avg(riverEquity(hero) / (boardSuitCount(river) - 4)) as x, "
                  "avg(riverEquity(hero)) as eq from hero='AhKd', villain='QsQc', board='Kh7d2c'", "--json")
    assert done.exit_code == 0, done.output
    statement = json.loads(done.stdout)["statements"][0]  # strict JSON: no NaN
    x, eq = statement["selectors"]
    assert x["value"] is None and eq["fraction"] == "301/330"
    # four suits on a river of Kh 7d 2c: the turn and river add a spade and one more card of any suit
    assert any(note.startswith("x: divides by zero on ") for note in statement["notes"])
