"""Help that agrees with itself: the usage block of ``equity --help`` names every command, and each
command's ``--precision`` default is the one it runs to (the questions' own constants)."""

import re

import pytest
from click.testing import CliRunner

from equity.cli import cli
from equity.engines.montecarlo import DEFAULT_PRECISION
from equity.questions.flops import FLOP_PRECISION
from equity.questions.per_combo import CELL_PRECISION
from equity.questions.runouts import CARD_PRECISION, RIVER_PRECISION


def help_of(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_the_usage_block_names_every_command():
    usage = help_of().split("Options:")[0]
    for name in cli.commands:
        if name != "run":  # the first form: equity HERO [vs] OPPONENT...
            assert f"equity {name} " in usage, name


def percent(fraction: float) -> str:
    return f"{100 * fraction:g}"


@pytest.mark.parametrize(("command", "default"), [
    ("run", percent(DEFAULT_PRECISION)),
    ("runout", f"{percent(CARD_PRECISION)} a card, {percent(RIVER_PRECISION)} a two-card runout"),
    ("grid", f"{percent(CELL_PRECISION)} in root mean square"),
    ("dist", f"{percent(CELL_PRECISION)} in root mean square"),
    ("flops", f"{percent(FLOP_PRECISION)} a flop"),
])
def test_each_precision_default_is_the_one_the_command_runs_to(command, default):
    text = help_of(command)
    said = re.search(r"percentage points \[default: ([^\]]*)\]", text)
    assert said is not None and said[1] == default
