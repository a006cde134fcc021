"""Start-up: a command imports what it needs and no more (issue 53 item 7).

A script's ``equity AsKs vs 2 --board Th9h2c --json`` pays for every module the process imports; ``make
bench`` times it beside ``python -c "import numba"``. Here, the modules such a run leaves in
``sys.modules``, read in a fresh process: none of the other commands' pieces (histories, pictures, Dask,
TOML, the other questions) and, for ``--json``, not rich either; the same run printing its table does
load rich and the report, so the check sees what it looks for.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SPOT = ["AsKs", "vs", "2", "--board", "Th9h2c"]

#: What the spot never needs (a name covers the modules under it).
NOT_FOR_A_SPOT = ("equity.histories", "equity.questions.grid", "equity.questions.dist",
                  "equity.questions.flops", "equity.questions.hands", "equity.questions.asking.batch",
                  "equity.questions.check", "matplotlib", "distributed", "dask", "tomlkit", "tomllib",
                  "difflib")
#: What only a printed table needs.
FOR_A_TABLE = ("rich", "equity.report")

RUN = """
import json, sys
from equity.cli import cli
try:
    cli.main(sys.argv[2:], prog_name="equity", standalone_mode=False)
finally:
    with open(sys.argv[1], "w") as f:
        json.dump(sorted(sys.modules), f)
"""


def imported(args: list[str], tmp_path: Path) -> set[str]:
    """The modules a fresh process has imported once ``equity ARGS`` has run in it."""
    out = tmp_path / "modules.json"
    proc = subprocess.run([sys.executable, "-c", RUN, str(out), *args], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(out.read_text()))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_a_json_spot_imports_neither_other_commands_pieces_nor_rich(tmp_path):
    modules = imported([*SPOT, "--json"], tmp_path)
    assert {"numba", "equity.questions.calculate", "equity.cli.run"} <= modules  # the run did happen
    assert loaded(modules, NOT_FOR_A_SPOT + FOR_A_TABLE) == []


@pytest.mark.parametrize("args", [SPOT, ["eval", "AsKsQsJsTs"]])
def test_a_printed_table_loads_rich_and_nothing_else_extra(args, tmp_path):
    modules = imported(args, tmp_path)
    assert loaded(modules, FOR_A_TABLE) != []
    assert loaded(modules, NOT_FOR_A_SPOT) == []


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("tty", [False, True])
@pytest.mark.parametrize("env", [{}, {"FORCE_COLOR": "1"}, {"FORCE_COLOR": ""}, {"TTY_COMPATIBLE": "1"},
                                 {"TTY_COMPATIBLE": "0"}, {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}])
def test_the_terminal_check_without_rich_agrees_with_rich(tty, env, monkeypatch):
    from rich.console import Console

    from equity.cli.app import stderr_is_terminal

    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "stderr", _Stream(tty))
    assert stderr_is_terminal() == Console(stderr=True).is_terminal
