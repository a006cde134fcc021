"""``equity help``: every reference page is a topic, printed whole; the help texts point there rather than
at files an installed package does not have. (That the wheel carries the pages and its installed command
prints them: tests/test_packaging.py.)"""

import ast
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from equity.cli import cli
from equity.cli import help as topics_module

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md"))


def invoke(*args: str):
    return CliRunner().invoke(cli, ["help", *args], prog_name="equity")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_page_is_a_topic_printed_whole(page):
    result = invoke(page.stem)
    assert result.exit_code == 0, result.output
    assert result.output == page.read_text(encoding="utf-8").rstrip("\n") + "\n"


def test_the_readme_and_its_sections():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert invoke("readme").output == readme.rstrip("\n") + "\n"
    assert invoke("run").output == invoke("readme").output  # the first form's page
    json = invoke("json").output
    assert json.startswith("### JSON output\n") and "`players[].equity`" in json
    assert "### Accuracy" not in json and json in readme
    ranges = invoke("ranges").output
    assert ranges.startswith("### Ranges\n") and "`AKs@50`" in ranges and "### Hand categories" not in ranges
    assert invoke("eval").output.startswith("## Evaluating a hand\n")


def test_a_section_ends_at_the_next_heading_of_its_level_not_at_a_comment_in_code():
    text = "# A\n## B\ntext\n```sh\n# a comment\n## not a heading\n```\n### C\nmore\n## D\nlast\n"
    assert topics_module.section(text, "B") == text[len("# A\n"):text.index("## D")]
    assert topics_module.section(text, "D") == "## D\nlast\n"
    with pytest.raises(LookupError):
        topics_module.section(text, "E")


def test_the_list_names_every_page_with_its_first_heading():
    result = invoke()
    assert result.exit_code == 0
    for page in PAGES:
        title = page.read_text(encoding="utf-8").splitlines()[0].lstrip("#").strip().replace("`", "")
        assert re.search(rf"^  {re.escape(page.stem)} +{re.escape(title)}$", result.output, re.M), page.name
    assert re.search(r"^  readme +", result.output, re.M)


@pytest.mark.parametrize("name", ["HANDS", "hands.md", "docs/hands.md"])
def test_a_topic_may_be_spelt_as_its_file(name):
    assert invoke(name).output == invoke("hands").output


def test_an_unknown_topic_is_one_line_and_status_2():
    result = invoke("nope")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert result.output.startswith("Error: no help topic 'nope'; topics: readme, ")
    assert all(page.stem in result.output for page in PAGES)


def test_every_command_has_a_topic():
    found = topics_module.topics()
    for name in cli.commands:
        if name != "help":
            assert topics_module.find(found, name).name in found, name


def _texts(command: click.Command):
    yield command.help or ""
    for param in command.params:
        yield getattr(param, "help", None) or ""
    for sub in getattr(command, "commands", {}).values():
        yield from _texts(sub)


def test_help_texts_point_at_topics_not_at_files():
    texts = list(_texts(cli))
    for text in texts:
        assert "docs/" not in text and "README" not in text, text
    found = topics_module.topics()
    named = {m for text in texts for m in re.findall(r"equity help ([a-z][a-z-]*)", text)}
    assert {"hands", "hits", "json", "check", "grid", "dist", "games"} <= named
    for name in named:
        topics_module.find(found, name)  # raises if there is no such topic


def test_the_pages_are_found_in_the_package_first(tmp_path, monkeypatch):
    package = tmp_path / "equity"
    (package / "cli").mkdir(parents=True)
    (package / "docs").mkdir()
    (package / "docs" / "README.md").write_text("# equity\n")
    (package / "docs" / "hands.md").write_text("# shipped\n")
    monkeypatch.setattr(topics_module, "__file__", str(package / "cli" / "help.py"))
    assert topics_module.sources() == (package / "docs", package / "docs" / "README.md")
    assert invoke("hands").output == "# shipped\n"
    (package / "docs" / "README.md").unlink()
    (package / "docs" / "hands.md").unlink()
    result = invoke("hands")
    assert result.exit_code == 2 and "reference pages are not installed" in result.output


def test_help_imports_nothing_heavy_of_its_own():
    """Its own imports: the standard library, click, rich (at a terminal) and the CLI's group. (The
    package it lives in loads numba all the same.)"""
    tree = ast.parse(Path(topics_module.__file__).read_text())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    allowed = {"__future__", "sys", "dataclasses", "pathlib", "click", "rich.console", "rich.markdown",
               "equity.cli.app"}
    assert names <= allowed, names - allowed
