"""``equity help [TOPIC]``: the reference pages, read from the installed package.

The pages are the repository's docs/*.md and README.md. A wheel carries them as ``equity/docs/`` (copied
there when it is built: setup.py); a checkout, and an editable install of it, reads them where they are.
Each page is a topic named by its file (``hands`` for docs/hands.md), the README is ``readme``, and a
few of its sections are topics of their own (``json``, ``ranges``, ...). A command's name shows its page.

Printed as it is (Markdown, whole lines) to a pipe or a file; at a terminal, laid out by rich and paged.
Nothing here imports numba or the engines.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import click

from equity.cli.app import CONTEXT, UserError, cli

#: Topics that are one section of the README: name -> the section's heading.
README_SECTIONS = {"ranges": "Ranges", "json": "JSON output", "eval": "Evaluating a hand",
                   "cards": "Card notation"}
#: Other names a topic answers to: a command whose page has another name.
ALIASES = {"run": "readme", "overview": "readme", "range": "grid", "icm": "tournaments",
           "pushfold": "tournaments"}


@dataclass(frozen=True)
class Topic:
    """One help topic: a whole page, or one section of the README."""

    name: str
    path: Path
    section: str | None = None

    @property
    def title(self) -> str:
        """The page's first heading (or the section's), without its ``#`` marks and backticks."""
        if self.name == "readme":
            return "the tour: every command by example, ranges, JSON output, the Python API"
        if self.section is not None:
            return f"{self.section} (from the README)"
        with self.path.open(encoding="utf-8") as page:
            for line in page:
                if line.startswith("#"):
                    return line.lstrip("#").strip().replace("`", "")
        return self.name

    def text(self) -> str:
        """The topic's Markdown, as the page has it, ending in one newline."""
        text = self.path.read_text(encoding="utf-8")
        if self.section is not None:
            text = section(text, self.section)
        return text.rstrip("\n") + "\n"


def section(text: str, heading: str) -> str:
    """The section of Markdown ``text`` under ``heading`` (its title, any level): from that heading to
    the next one of the same level or above. Lines inside code blocks are never headings."""
    lines = text.splitlines(keepends=True)
    start = level = None
    fenced = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not line.startswith("#"):
            continue
        depth = len(line) - len(line.lstrip("#"))
        if start is None:
            if line[depth:].strip() == heading:
                start, level = i, depth
        elif depth <= level:
            return "".join(lines[start:i])
    if start is None:
        raise LookupError(f"no section {heading!r}")
    return "".join(lines[start:])


def sources() -> tuple[Path, Path]:
    """The folder of the reference pages and the README: shipped in the package, else the checkout's."""
    package = Path(__file__).resolve().parent.parent
    shipped = package / "docs"
    if (shipped / "README.md").is_file():
        return shipped, shipped / "README.md"
    return package.parent / "docs", package.parent / "README.md"


def topics() -> dict[str, Topic]:
    """Every topic by name: the README, its sections, then the pages in name order."""
    folder, readme = sources()
    pages = sorted(p for p in folder.glob("*.md") if p.name != "README.md")
    if not readme.is_file() or not pages:
        raise UserError(f"the reference pages are not installed (looked in {folder})")
    found = {"readme": Topic("readme", readme)}
    found.update((name, Topic(name, readme, heading)) for name, heading in README_SECTIONS.items())
    found.update((page.stem, Topic(page.stem, page)) for page in pages)
    return found


def listing(found: dict[str, Topic]) -> str:
    """What ``equity help`` prints: each topic's name and title, and the aliases."""
    width = max(map(len, found)) + 3
    lines = ["Reference pages, shipped with equity; 'equity help TOPIC' prints one:", ""]
    lines += [f"  {name:<{width}}{topic.title}" for name, topic in found.items()]
    aliases = ", ".join(f"{alias} ({target})" for alias, target in ALIASES.items())
    lines += ["", f"A command's name shows its page; also {aliases}."]
    return "\n".join(lines) + "\n"


def find(found: dict[str, Topic], name: str) -> Topic:
    """The topic called ``name`` (any case; ``hands.md`` and ``docs/hands.md`` too), or a UserError."""
    key = name.strip().lower().removeprefix("docs/").removesuffix(".md")
    key = ALIASES.get(key, key)
    if key not in found:
        raise UserError(f"no help topic {name!r}; topics: {', '.join(found)}")
    return found[key]


def show(text: str, markdown: bool) -> None:
    """Print ``text``: as it is to a pipe or a file; laid out by rich and paged at a terminal."""
    if not (markdown and sys.stdout.isatty()):
        click.echo(text, nl=False)
        return
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console(highlight=False, emoji=False)
    with console.capture() as captured:
        console.print(Markdown(text, hyperlinks=False))
    click.echo_via_pager(captured.get(), color=True)


@cli.command("help", context_settings=CONTEXT)
@click.argument("topic", required=False, metavar="[TOPIC]")
def help_command(topic: str | None) -> None:
    """The reference pages, from the installed package: with no TOPIC, list them; with one, print it
    (Markdown; laid out and paged at a terminal, as it is in a pipe).

    A TOPIC is a page (hands, flops, games, how-it-works ...), the tour (readme) or one of its sections
    (ranges, json, eval, cards), or a command's name (run, range ...).

    \b
    Examples:
      equity help
      equity help hands
      equity help json | less
    """
    found = topics()
    if topic is None:
        show(listing(found), markdown=False)
    else:
        show(find(found, topic).text(), markdown=True)
