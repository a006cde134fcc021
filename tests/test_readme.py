"""The README's and docs/'s transcripts are real output: every ``$ equity ...`` line in a ``console`` block
is run as a pipe runs it and its output compared, line by line (timings aside; tools/transcripts.py).
Their Python snippets run as doctests."""

import doctest
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from equity.cli import cli
from tools.transcripts import normalise, transcripts

README = Path(__file__).parent.parent / "README.md"
#: The README and the reference pages under docs/, held to the same rule.
PAGES = [README, *sorted((README.parent / "docs").glob("*.md"))]


@pytest.mark.parametrize(("command", "expected"), transcripts(PAGES))
def test_transcript(command, expected, monkeypatch):
    """Run as a script runs it: stdout a pipe, no COLUMNS, so every table at its natural width
    (tools/transcripts.py rewrites them the same way)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.chdir(README.parent)  # transcripts name files relative to the repository root
    args = shlex.split(command)
    assert args[0] == "equity"
    result = CliRunner().invoke(cli, args[1:], prog_name="equity")
    assert normalise(result.output) == normalise(expected)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_python_snippets(page):
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert blocks or page != README
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"{page.name}[{i}]", str(page), 0))
    assert runner.summarize(verbose=False).failed == 0


def test_the_quick_start_commands_are_in_the_makefile():
    makefile = (README.parent / "Makefile").read_text()
    for target in ("demo", "test", "test-all"):
        assert f"make {target}" in README.read_text() and re.search(rf"^{target}:", makefile, re.M)
    # the everyday run leaves the slow tests out; CI runs them all
    test_recipe = re.search(r"^test:.*\n\t(.*)", makefile, re.M)[1]
    all_recipe = re.search(r"^test-all:.*\n\t(.*)", makefile, re.M)[1]
    assert test_recipe.endswith("pytest -q -m \"not slow\"") and all_recipe.endswith("pytest -q")
    assert re.search(r"^make test-all$", (README.parent / ".ci" / "run").read_text(), re.M)


def _options(command, seen=None):
    import click

    names = set()
    for param in command.params:
        if isinstance(param, click.Option):
            names.update(n for n in param.opts if n.startswith("--"))
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            names |= _options(sub)
    return names


def test_every_command_and_option_is_in_the_readme():
    text = "\n".join(page.read_text() for page in PAGES)
    options = _options(cli)
    assert {"--board", "--exact", "--update", "--json", "--version"} <= options
    missing = sorted(o for o in options if f"`{o}" not in text)
    assert not missing, f"options missing from README.md: {missing}"
    for command in cli.commands:
        if not cli.commands[command].hidden:
            assert f"equity {command}" in text, command
