"""The README's and docs/'s transcripts are real output: every ``$ equity ...`` line in a ``console`` block
is run and its output compared, line by line (trailing spaces ignored). Their Python snippets run as
doctests."""

import doctest
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from equity.cli import cli

README = Path(__file__).parent.parent / "README.md"
#: The README and the reference pages under docs/, held to the same rule.
PAGES = [README, *sorted((README.parent / "docs").glob("*.md"))]


def transcripts() -> list[tuple[str, str]]:
    cases = []
    text = "\n".join(page.read_text() for page in PAGES)
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, expected = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    cases.append((command, "\n".join(expected)))
                command, expected = line[2:], []
            else:
                expected.append(line)
        if command:
            cases.append((command, "\n".join(expected)))
    return cases


# Timings differ from run to run; everything else in a transcript must match exactly.
_TIMINGS = [(re.compile(r"\d+\.\d+ s\b"), "<time> s"), (re.compile(r"\d+\.\d+ M/s"), "<rate> M/s"),
            (re.compile(r'"elapsed_s": [0-9.e-]+'), '"elapsed_s": <time>')]


# Said on stderr only by the first run on a machine, so never part of a transcript.
_COMPILING = re.compile(r"^Compiling the .* kernel.*\n", re.M)


def normalise(text: str) -> str:
    text = _COMPILING.sub("", text)
    for pattern, placeholder in _TIMINGS:
        text = pattern.sub(placeholder, text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


@pytest.mark.parametrize(("command", "expected"), transcripts())
def test_transcript(command, expected, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
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
    assert "make demo" in README.read_text() and "make test" in README.read_text()
    assert re.search(r"^demo:", makefile, re.M) and re.search(r"^test:", makefile, re.M)


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
