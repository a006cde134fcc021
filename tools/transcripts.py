"""Rewrite the transcripts of the README and docs/*.md with what each command prints today, as a pipe
prints it (no terminal, no COLUMNS): every ``$ equity ...`` line of a ``console`` block is run and the
lines after it, up to the next ``$`` line or the block's end, replaced by its output.

    python tools/transcripts.py [PAGE.md ...]      # default: README.md and docs/*.md

tests/test_readme.py runs the same commands the same way and compares; run this after a change to what
a command prints, then read the diff: it is what a user will see.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from equity.cli import cli  # noqa: E402

# Said on stderr only by the first run on a machine (a kernel compiled, the three-way push/fold table
# built), so never part of a transcript.
_COMPILING = re.compile(r"^(Compiling the .* kernel|Note: building the three-way table).*\n", re.M)
# Timings differ from run to run; everything else in a transcript must match exactly.
_TIMINGS = [(re.compile(r"\d+\.\d+ s\b"), "<time> s"), (re.compile(r"\d+\.\d+ M/s"), "<rate> M/s"),
            (re.compile(r'"elapsed_s": [0-9.e-]+'), '"elapsed_s": <time>')]


def normalise(text: str) -> str:
    """``text`` as transcripts are compared: no compile notice, timings as placeholders, no trailing
    spaces."""
    text = _COMPILING.sub("", text)
    for pattern, placeholder in _TIMINGS:
        text = pattern.sub(placeholder, text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def transcripts(pages: list[Path]) -> list[tuple[str, str]]:
    """Each ``$ equity ...`` line of the pages' ``console`` blocks, with the lines shown after it."""
    cases = []
    for page in pages:
        for block in re.findall(r"```console\n(.*?)```", page.read_text(), re.S):
            cases += _cases(block)
    return cases


def _cases(block: str) -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            cases.append((line[2:], ""))
        elif cases:
            command, shown = cases[-1]
            cases[-1] = (command, shown + line + "\n")
    return cases


def run(command: str) -> str:
    """What ``command`` (``equity ...``) prints, stdout then stderr as the tests see it."""
    args = shlex.split(command)
    assert args[0] == "equity", command
    result = CliRunner().invoke(cli, args[1:], prog_name="equity")
    text = _COMPILING.sub("", result.output)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def rewrite_block(block: str) -> str:
    """The block with each command's output as it is now; a shown output that differs only in timings is
    kept as it was."""
    out: list[str] = []
    for command, shown in _cases(block):
        now = run(command)
        kept = shown.rstrip("\n") if normalise(now) == normalise(shown) else now
        out += [f"$ {command}", *kept.splitlines()]
    return "\n".join(out) + "\n"


def rewrite(page: Path) -> bool:
    text = page.read_text()
    new = re.sub(r"(```console\n)(.*?)(```)", lambda m: m[1] + rewrite_block(m[2]) + m[3], text, flags=re.S)
    if new != text:
        page.write_text(new)
    return new != text


def main(pages: list[str]) -> None:
    os.environ.pop("COLUMNS", None)
    os.chdir(ROOT)  # transcripts name files relative to the repository root
    paths = [Path(p) for p in pages] or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for path in paths:
        print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: "
              f"{'rewritten' if rewrite(path.resolve()) else 'unchanged'}")


if __name__ == "__main__":
    main(sys.argv[1:])
