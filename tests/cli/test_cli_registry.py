"""The registry drives the command line (issue 54, item 1): a question registered with one module and one
line has its command, its line in ``equity --help`` and in ``equity batch --help``, and answers batch
and the API; every registered question has a command whose ``--json`` is the document a batch line gets."""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner
from documents import timeless

from equity.cli import cli
from equity.cli.app import TOOLS, Main
from equity.questions.asking import batch, registry

TOY = '''
"""A toy question: the words said back, louder if asked."""
from dataclasses import dataclass

from equity.errors import EquityError
from equity.questions.question import Command, Param, Question


@dataclass
class Echo:
    words: tuple
    shout: bool

    def to_dict(self):
        said = " ".join(self.words)
        return {"said": said.upper() if self.shout else said, "words": len(self.words)}


def run(keys, options):
    if "nonsense" in keys["words"]:
        raise EquityError("'nonsense' is no word to echo")
    return Echo(keys["words"], keys["shout"])


QUESTION = Question("echo", command=Command(
    "WORDS...", "say the words back", help="Say WORDS back.",
    params=(Param("words", "The words to say back.", metavar="WORDS..."),
            Param("shout", "Say them louder.", "--shout", flag=True)),
    run=run))
'''


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy question: its module on the path, its one line in the registry."""
    (tmp_path / "toy_question.py").write_text(textwrap.dedent(TOY))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry.QUESTIONS, "echo", "toy_question:QUESTION")
    yield
    cli.commands.pop("echo", None)  # the command made on first use


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_registered_question_is_a_command_with_its_help(toy):
    done = invoke("echo", "hello", "world", "--shout")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == {"said": "HELLO WORLD", "words": 2}
    assert "Say WORDS back." in invoke("echo", "--help").output
    bad = invoke("echo", "nonsense")
    assert bad.exit_code == 2 and "Error: 'nonsense' is no word to echo" in bad.output


def test_a_registered_question_is_in_both_help_texts(toy):
    assert "equity echo WORDS... say the words back" in flat(invoke("--help").output)
    assert "or echo (words, shout)" in flat(invoke("batch", "--help").output)


def test_a_registered_question_answers_batch_and_the_api(toy):
    assert registry.ask({"question": "echo", "words": ["hi", "there"]}) == {"said": "hi there", "words": 2}
    text, failed = batch.answer(batch.Line(3, json.dumps({"id": "t", "question": "echo", "words": "yo",
                                                          "shout": True})))
    assert not failed and json.loads(text) == {"line": 3, "id": "t", "said": "YO", "words": 1}
    text, failed = batch.answer(batch.Line(4, json.dumps({"question": "echo", "words": "a", "volume": 3})))
    assert failed and "unknown key 'volume'; a echo line has words, shout" in json.loads(text)["error"]
    text, failed = batch.answer(batch.Line(5, json.dumps({"question": "echo", "shout": True})))
    assert failed and "'words' is missing: the words to say back" in json.loads(text)["error"]


def test_every_question_has_a_command_and_a_usage_line():
    shown = flat(invoke("--help").output)
    ctx = cli.make_context("equity", ["--help"], resilient_parsing=True)
    for name in registry.QUESTIONS:
        question = registry.QUESTIONS[name]
        assert question.command is not None, name
        command_name = Main.default_command if name == Main.default_question else name
        assert cli.get_command(ctx, command_name) is not None, name
        prefix = "equity" if name == Main.default_question else f"equity {name}"
        assert f"{prefix} {question.command.usage}" in shown, name
    # and nothing else is a command but the tools
    others = set(cli.list_commands(ctx)) - set(registry.QUESTIONS) - {Main.default_command}
    assert others == set(TOOLS)


def test_each_view_is_a_function_of_the_reports():
    import importlib

    for name in registry.QUESTIONS:
        command = registry.QUESTIONS[name].command
        if command.view is not None:
            module, _, function = command.view.partition(":")
            assert module.startswith("equity.report."), name
            assert callable(getattr(importlib.import_module(module), function)), name


@pytest.mark.parametrize(("args", "line"), [
    (["AsKs", "vs", "QdQc", "--board", "Th9h2c"], {"players": ["AsKs", "QdQc"], "board": "Th9h2c"}),
    (["runout", "AsKs", "vs", "QdQc", "--board", "Th9h2c7d"],
     {"question": "runout", "players": ["AsKs", "QdQc"], "board": "Th9h2c7d"}),
    (["grid", "QQ+,AKs", "vs", "JJ", "--board", "Th9h2c"],
     {"question": "grid", "players": ["QQ+,AKs", "JJ"], "board": "Th9h2c"}),
    (["hits", "QQ+,AK", "--board", "Th9h2c", "--dead", "As"],
     {"question": "hits", "range": "QQ+,AK", "board": "Th9h2c", "dead": "As"}),
    (["flops", "AA", "vs", "KK", "--flops", "AsKd2c,7h7d2s", "--no-preflop"],
     {"question": "flops", "players": ["AA", "KK"], "flops": "AsKd2c,7h7d2s", "preflop": False}),
    (["hands", "examples/hands"], {"question": "hands", "paths": ["examples/hands"]}),
    (["query", "select avg(riverEquity(hero)) as eq from hero='AhKd', villain='QQ+', board='Kh7d2c'"],
     {"question": "query", "query": "select avg(riverEquity(hero)) as eq from hero='AhKd', villain='QQ+', "
                                    "board='Kh7d2c'"}),
    (["icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--model", "mw"],
     {"question": "icm", "stacks": [5000, 3000, 2000], "payouts": [50, 30, 20], "model": "mw"}),
    (["query", "select count(winsHi(hero)) from hero='AhKd', villain='QQ'", "--seed", "3",
      "--trials", "5000"],
     {"question": "query", "query": "select count(winsHi(hero)) from hero='AhKd', villain='QQ'", "seed": 3,
      "trials": 5000}),
])
def test_a_command_and_a_batch_line_give_one_document(args, line):
    done = invoke(*args, "--json")
    assert done.exit_code == 0, done.output
    assert timeless(json.loads(done.stdout)) == timeless(registry.ask(line))
