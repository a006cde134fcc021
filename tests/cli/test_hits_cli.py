"""``equity hits`` at the command line: the table and grid, --list, strict JSON equal to the API, the
picture in a real browser, and bad input as one line with exit status 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import needs_chromium, screenshot

from equity.cli import cli
from equity.questions.hits import range_hits
from equity.report.hits import category_colour


def invoke(*args):
    return CliRunner().invoke(cli, ["hits", *args], env={"COLUMNS": None})


def test_the_table_lists_every_line_and_the_grid_what_classes_make():
    result = invoke("QQ+,AK,T9s", "--board", "Th9h2c")
    assert result.exit_code == 0, result.output
    out = result.output
    hits = range_hits("QQ+,AK,T9s", "Th9h2c")
    for line in hits.lines:
        assert line.name in out
    # Counted by hand: T9s makes two pair (3 combos: Th and 9h are on the board), QQ-AA overpairs (18),
    # AK high card with two overcards (16): 37 live combos.
    assert "37 live combos" in out
    assert hits.line("two_pair").combos == 3 and hits.line("overpair").combos == 18
    assert hits.line("two_overcards").combos == 16
    assert "what most of each class makes" in out and "2P" in out and "HC" in out


def test_list_shows_the_combos_of_each_line():
    result = invoke("QQ+,AK,T9s", "--board", "Th9h2c", "--list")
    assert result.exit_code == 0, result.output
    assert "Tc9c Td9d Ts9s" in result.output


def test_json_is_strict_and_the_api_s():
    result = invoke("20%", "--board", "Th9h2c", "--dead", "Ah", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
    assert data == json.loads(json.dumps(range_hits("20%", "Th9h2c", "Ah").to_dict()))
    assert sum(line["combos"] for line in data["made"]) == data["combos"]
    one_pair = next(line for line in data["made"] if line["key"] == "one_pair")
    assert sum(line["combos"] for line in data["pair"]) == one_pair["combos"]


def test_omaha_has_no_pair_parts_and_no_grid():
    result = invoke("AAxx,KQJTds", "--board", "Th9h2c", "--game", "plo")
    assert result.exit_code == 0, result.output
    assert "Overpair" not in result.output and "what most of each class makes" not in result.output
    assert "Flush draw" in result.output


@pytest.mark.parametrize(("args", "needle"), [
    (["AsKs", "--board", "As7d2c"], "As is on the board and in AsKs, the range's only combo"),
    (["AsKs"], "hits needs a board"),
    (["AsKs", "--board", "Th9h"], "got 2 (Th9h)"),
    (["22+", "--board", "Th9h2c", "--dead", "Th"], "card Th appears in the board and in the dead cards"),
    (["QQ+x", "--board", "Th9h2c"], "QQ+x"),
    (["77", "--board", "2c3c4c", "--game", "6+"], "card 2c in the board is not in the short deck (6"),
])
def test_bad_input_is_one_line_and_exit_2(args, needle):
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert needle in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@needs_chromium
def test_the_class_grid_in_a_real_browser(tmp_path):
    svg, png = tmp_path / "h.svg", tmp_path / "h.png"
    result = invoke("AA,99,T9s", "--board", "Th9h2c", "--svg", str(svg))
    assert result.exit_code == 0, result.output
    image = screenshot(svg, png, "1000,1400")
    pixels = image.load()

    def spots(rgb):
        return [(x, y) for y in range(image.height) for x in range(image.width) if pixels[x, y] == rgb]

    # AA makes one pair, 99 a set, T9s two pair; in the grid AA is top left, T9s and 99 further down.
    pair, trips, two = (spots(category_colour(k)) for k in ("one_pair", "three_of_a_kind", "two_pair"))
    assert pair and trips and two
    assert min(y for _, y in pair) < min(y for _, y in two) < min(y for _, y in trips)
    assert min(x for x, _ in pair) < min(x for x, _ in two)
