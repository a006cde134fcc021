"""The registry of questions and the run options: every question asked from a batch line (or
``registry.ask``) answers as its own API call does, a line asks one question, a new question is
reachable from batch without touching batch, and one RunOptions value runs what the keywords run."""

import json

import pytest
from documents import timeless

import equity
from equity.errors import EquityError
from equity.options import RunOptions, percent
from equity.questions.asking import batch, registry
from equity.questions.dist import equity_distribution
from equity.questions.grid import equity_grid
from equity.questions.hands.document import read_hands
from equity.questions.hits import range_hits
from equity.questions.question import Question
from equity.questions.runouts import runout


def line_answer(keys, threads="auto"):
    text, failed = batch.answer(batch.Line(1, json.dumps(keys)), threads)
    answer = json.loads(text)
    assert not failed, answer
    assert answer.pop("line") == 1 and answer.pop("id") is None
    return timeless(answer)


@pytest.mark.parametrize(("keys", "direct"), [
    ({"players": ["AsKs", "QQ+,AK"], "board": "Th9h2c"},
     lambda: equity.calculate(["AsKs", "QQ+,AK"], "Th9h2c").to_dict()),
    ({"question": "equity", "players": ["AsKs", 2], "trials": 20_000, "seed": 3},
     lambda: equity.calculate(["AsKs", 2], trials=20_000, seed=3).to_dict()),
    ({"question": "runout", "players": ["AsKs", "QdQc"], "board": "Th9h2c", "street": "river"},
     lambda: runout(["AsKs", "QdQc"], "Th9h2c", street="river").to_dict()),
    ({"question": "grid", "players": ["QQ+,AKs", "JJ"], "board": "Th9h2c"},
     lambda: equity_grid("QQ+,AKs", ["JJ"], "Th9h2c").to_dict()),
    ({"question": "grid", "players": ["TT+", "random"], "seed": 5, "precision": 1.0},
     lambda: equity_grid("TT+", [None], seed=5, precision=0.01).to_dict()),
    ({"question": "hits", "range": "QQ+,AK,T9s", "board": "Th9h2c", "dead": "As"},
     lambda: range_hits("QQ+,AK,T9s", "Th9h2c", "As").to_dict()),
    ({"question": "hits", "range": "AAxx", "board": "Kh8d3c", "game": "plo"},
     lambda: range_hits("AAxx", "Kh8d3c", game="plo").to_dict()),
    ({"question": "dist", "players": ["QQ+,AKs", "JJ"], "board": "Kh7c2d"},
     lambda: equity_distribution(["QQ+,AKs", "JJ"], "Kh7c2d").line_dict()),
    ({"question": "hands", "paths": ["examples/hands"], "hero": "Alice"},
     lambda: read_hands(["examples/hands"], "Alice").to_dict()),
])
def test_each_question_answers_a_line_as_its_api_call_does(keys, direct):
    expected = timeless(direct())
    assert line_answer(keys) == expected
    assert timeless(registry.ask(keys)) == expected


def test_one_csv_file_asks_every_question(tmp_path):
    """A CSV header names every question's columns; each row leaves the others' cells empty."""
    path = tmp_path / "mixed.csv"
    path.write_text("id,question,players,board,range,street,dist,runout\n"
                    "a,,AsKs vs QdQc,Th9h2c,,,,\n"
                    "b,hits,,Ah7c2d,AK,,,\n"
                    "c,,AsKs vs QdQc,Th9h2c,,,no,River\n"
                    "d,runout,AsKs vs QdQc,Th9h2c,,river,,\n")
    with open(path, newline="") as stream:
        answers = [json.loads(batch.answer(line)[0]) for line in batch.read_lines(stream, "csv")]
    assert [a["id"] for a in answers] == ["a", "b", "c", "d"] and not any("error" in a for a in answers)
    expected = timeless(equity.calculate(["AsKs", "QdQc"], "Th9h2c").to_dict())
    assert timeless(answers[0])["players"] == expected["players"]
    assert timeless(answers[1])["made"] == timeless(range_hits("AK", "Ah7c2d").to_dict())["made"]
    assert answers[2]["street"] == answers[3]["street"] == "river"
    assert answers[2]["runouts"] == answers[3]["runouts"]


@pytest.mark.parametrize(("keys", "needle"), [
    ({"question": "solve", "players": ["AA", "KK"]}, "unknown question 'solve'; the questions are equity"),
    ({"question": "grid", "players": ["AA", "KK"], "dist": True}, "not both"),
    ({"players": ["AA", "KK"], "board": "Th9h2c", "dist": True, "runout": "turn"}, "not both"),
    ({"question": "hits", "board": "Th9h2c"}, "'range' is missing"),
    ({"question": "hits", "range": "AK", "board": "Th9h2c", "seed": 1}, "unknown key 'seed'"),
    ({"question": "hits", "range": 7, "board": "Th9h2c"}, "'range' must be text"),
    ({"question": "grid", "players": ["AK", "QQ"], "categories": True},
     "'categories' is not counted in a grid"),
    ({"question": "grid", "players": ["AAxx", "KKxx"], "game": "plo"},
     "the 13 x 13 grid holds two-card hands"),
    ({"players": ["AA", "KK"], "dist": "maybe"}, "'dist' must be true or false; got 'maybe'"),
    ({"players": ["AA", "KK"], "buckets": "0-50,50-100"},
     "'buckets' is for a dist line: give \"question\": \"dist\""),
    ({"players": ["AA", "KK"], "dist": False, "street": "river"}, "'street' is for a runout line"),
])
def test_a_line_asks_one_known_question_with_its_own_keys(keys, needle):
    text, failed = batch.answer(batch.Line(1, json.dumps(keys)))
    assert failed and needle in json.loads(text)["error"]
    with pytest.raises(EquityError, match=needle.split(";")[0].replace("(", r"\(")):
        registry.ask(keys)


def test_a_flag_left_false_asks_nothing():
    expected = timeless(equity.calculate(["AsKs", "QdQc"], "Th9h2c").to_dict())
    keys = {"players": ["AsKs", "QdQc"], "board": "Th9h2c", "dist": False, "runout": False}
    assert line_answer(keys) == expected


def test_a_new_question_is_answered_by_batch_once_registered(monkeypatch):
    seen = []

    def answer(keys, as_text, threads):
        seen.append((keys, as_text, threads))
        return {"echo": keys["say"]}

    monkeypatch.setitem(registry.QUESTIONS, "echo", Question("echo", ("say",), answer))
    text, failed = batch.answer(batch.Line(9, json.dumps({"id": "e", "question": "echo", "say": "hi"})), 1)
    assert not failed and json.loads(text) == {"line": 9, "id": "e", "echo": "hi"}
    assert seen == [({"say": "hi"}, False, 1)]
    # the API asks it too, and `equity batch --help` names it with its keys
    assert registry.ask({"question": "echo", "say": "yo"}) == {"echo": "yo"}
    from click.testing import CliRunner

    from equity.cli import cli

    shown = " ".join(CliRunner().invoke(cli, ["batch", "--help"]).output.split())
    assert "or echo (say)" in shown


def test_batch_help_names_every_question_and_the_keys_of_each():
    from click.testing import CliRunner

    from equity.cli import cli

    shown = " ".join(CliRunner().invoke(cli, ["batch", "--help"]).output.split())
    for name, question in registry.QUESTIONS.items():
        if name != "equity":
            assert f" {name}" in shown, name
        for key in question.keys:
            assert key in shown, (name, key)


def test_every_question_key_is_a_csv_column():
    for question in registry.QUESTIONS.values():
        assert set(question.keys) <= set(registry.keys())
    assert {"id", "question"} <= set(registry.keys())


# -- RunOptions -----------------------------------------------------------------------------------------

def test_options_and_keywords_are_the_same_run():
    by_value = equity.calculate(["AsKs", "QQ+"], "Th9h2c", options=RunOptions(trials=30_000, seed=9))
    by_words = equity.calculate(["AsKs", "QQ+"], "Th9h2c", trials=30_000, seed=9)
    assert timeless(by_value.to_dict()) == timeless(by_words.to_dict())
    # keywords replace the value's fields
    mixed = equity.calculate(["AsKs", "QQ+"], "Th9h2c", options=RunOptions(trials=10, seed=1), trials=30_000,
                             seed=9)
    assert timeless(mixed.to_dict()) == timeless(by_words.to_dict())


def test_build_names_an_unknown_keyword_and_a_wrong_value():
    with pytest.raises(TypeError, match="unexpected keyword argument 'trails'"):
        equity.calculate(["AsKs", "QdQc"], trails=5)
    with pytest.raises(TypeError, match="options must be a RunOptions"):
        equity.calculate(["AsKs", "QdQc"], options={"trials": 5})
    with pytest.raises(EquityError, match="seed is a Monte Carlo option and cannot be combined with exact"):
        equity.calculate(["AsKs", "QdQc"], options=RunOptions(method="exact", seed=1))


def test_what_the_options_say():
    assert RunOptions().monte_carlo_asked == ()
    assert RunOptions(time_s=1.0, seed=0).monte_carlo_asked == ("time", "seed")
    assert RunOptions().plain and RunOptions(method="exact", threads=1).plain
    assert not RunOptions(threads=2).plain and not RunOptions(method="monte-carlo").plain
    assert not RunOptions(progress=lambda done, total: None).plain
    assert percent(None) is None and percent(0.05) == 0.05 / 100
    options = RunOptions(trials=5)
    assert RunOptions.build(options) is options
    assert RunOptions.build(options, seed=2) == RunOptions(trials=5, seed=2)


@pytest.mark.parametrize("run", [{}, {"method": "exact"}, {"method": "auto", "threads": 1}, {"threads": 2},
                                 {"method": "monte-carlo"}, {"trials": None, "seed": None}, {"seed": 0},
                                 {"threads": True}, {"progress": print}, {"time_s": 1.0}])
def test_the_front_doors_check_of_keywords_is_run_options_plain(run):
    """calculate reads the keywords without building RunOptions (a small spot's call is 8 us); the same
    answer as the value's own."""
    from equity.questions.calculate import _plain

    assert _plain(run) == RunOptions.build(**run).plain
    assert not _plain({"trails": 5}) and not _plain({"trails": None})


def test_keywords_beside_options_are_read_before_the_front_door():
    """A small spot with options that are plain but keywords that are not goes the keywords' way."""
    result = equity.calculate(["AsKs", "QdQc"], "Th9h2c", options=RunOptions(), trials=5_000, seed=2)
    assert result.method == "monte-carlo" and result.trials == 5_000 and result.seed == 2
