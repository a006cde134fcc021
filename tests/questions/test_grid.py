"""The 13 x 13 grid: placement, card removal, weights, per-class equities, pictures."""

import json
import math
from io import StringIO
from itertools import combinations

import pytest
from click.testing import CliRunner
from conftest import needs_chromium, screenshot
from rich.console import Console

import equity
from equity.cli import cli
from equity.engines import exact
from equity.questions.grid import equity_grid, name_at, position, range_grid
from equity.questions.per_combo import CELL_PRECISION
from equity.report.grid import BLUE_ORANGE, VIRIDIS, equity_colour, equity_view, range_view, share_colour
from equity.scenario import Scenario

ORDER = "AKQJT98765432"  # rows and columns, top to bottom and left to right
CLASSES = [a + b + s for i, a in enumerate(ORDER) for b in ORDER[i:]
           for s in (["s", "o"] if a != b else [""])]


def test_every_class_has_its_place():
    assert len(CLASSES) == 169
    seen = set()
    for name in CLASSES:
        hi, lo = ORDER.index(name[0]), ORDER.index(name[1])
        expected = (hi, hi) if len(name) == 2 else (hi, lo) if name.endswith("s") else (lo, hi)
        assert position(name) == expected, name
        assert name_at(*expected) == name
        seen.add(expected)
        row, col = expected
        assert (row == col) == (len(name) == 2)  # pairs on the diagonal
        assert (col > row) == name.endswith("s")  # suited above it, offsuit below
    assert len(seen) == 169


def render(renderable, width=80, **kw):
    buf = StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=True, **kw).print(renderable)
    return buf.getvalue()


def test_the_rendered_grid_puts_each_class_where_it_belongs():
    lines = render(range_view(range_grid("AA,AKs@50"))).splitlines()
    for name in CLASSES:
        row, col = position(name)
        assert lines[2 * row][6 * col:6 * col + 5].strip() == name
    assert (lines[1][0:5].strip(), lines[1][6:11].strip()) == ("100", "50.0")  # AA all held, AKs at half
    assert max(len(line.rstrip()) for line in lines) <= 80


def naive_live(name, known):
    """Combos of a class left once ``known`` cards are out: counted from the card strings."""
    suits = "cdhs"
    cards = lambda rank: [rank + s for s in suits if rank + s not in known]  # noqa: E731
    if len(name) == 2:
        return len(list(combinations(cards(name[0]), 2)))
    pairs = [(a, b) for a in cards(name[0]) for b in cards(name[1])]
    return sum((a[1] == b[1]) == name.endswith("s") for a, b in pairs)


@pytest.mark.parametrize(("board", "dead"),
                         [("", ""), ("AsKsQs", ""), ("Ah7d2c", "7h7s"), ("2c3c4c5c", "Td")])
def test_card_removal_per_cell(board, dead):
    known = {cards[i:i + 2] for cards in (board, dead) for i in range(0, len(cards), 2)}
    grid = range_grid("random", board, dead)
    for name in CLASSES:
        cell = grid.cell(name)
        assert cell.live == cell.held == naive_live(name, known), name
        assert cell.share == (1.0 if cell.live else 0.0)
    assert grid.held == math.comb(52 - len(known), 2)


def test_weights_count():
    grid = range_grid("AA,AKs@50,AKo@25,KK@12.5")
    assert [grid.cell(n).weight for n in ("AA", "AKs", "AKo", "KK")] == [6, 2, 3, 0.75]
    assert [grid.cell(n).share for n in ("AA", "AKs", "AKo", "KK")] == [1, 0.5, 0.25, 0.125]
    assert grid.combos == 28 and grid.weight == 11.75
    assert grid.percent == pytest.approx(100 * 11.75 / 1326)
    assert grid.compact == "AA,AKs@50,AKo@25,KK@12.5"


def test_range_json_is_strict_and_complete():
    result = CliRunner().invoke(cli, ["range", "QQ+,", "AKs@50", "--board", "As7d2c", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout, parse_constant=lambda c: pytest.fail(c))
    assert out["range"] == "QQ+,AKs@50" and out["compact"] == "QQ+,AKs@50"
    assert out["combos"] == 22 and out["held"] == 18 and out["board"] == "As7d2c"
    assert len(out["classes"]) == 169
    aa = next(c for c in out["classes"] if c["class"] == "AA")
    assert aa == {"class": "AA", "row": 0, "col": 0, "combos": 6, "live": 3, "held": 3, "weight": 3.0,
                  "share": 1.0}


def hero_equity(players, board=""):
    return equity.calculate(players, board=board, method="exact").players[0].equity


def test_cells_equal_single_runs_and_average_to_the_range_with_a_random_opponent():
    grid = equity_grid("AA,KQs,72o", [1], board="Jc8d3h")
    assert all(c.result.method == "exact" for c in grid.cells) and grid.overall.method == "exact"
    assert [c.name for c in grid.cells] == ["AA", "KQs", "72o"]
    for c in grid.cells:
        assert c.result.players[0].equity == pytest.approx(hero_equity([c.name, None], "Jc8d3h"), rel=1e-12)
    # A random opponent has as many holdings against every hero combo: the combo-weighted mean is exact.
    mean = sum(c.weight * c.result.players[0].equity for c in grid.cells) / sum(c.weight for c in grid.cells)
    assert mean == pytest.approx(grid.overall.players[0].equity, abs=1e-12)
    assert [c.held for c in grid.cells] == [6, 4, 12]  # the board Jc 8d 3h blocks none of them


def test_cells_average_to_the_range_by_their_deals_against_a_range():
    # Against a range, blockers change how many deals each hero class has: weighting each cell by its
    # deals (an exact plan's total weight) gives the whole range's equity exactly.
    villain, board = "KK,AQs", "Kd9c4h"
    parts = {"AA": "AA", "AKs": "AKs@50", "KQo": "KQo"}
    grid = equity_grid(",".join(parts.values()), [villain], board=board)
    assert grid.overall.method == "exact" and [c.name for c in grid.cells] == list(parts)
    weights = []
    for c in grid.cells:
        assert c.result.players[0].equity == pytest.approx(hero_equity([parts[c.name], villain], board),
                                                           rel=1e-12)
        weights.append(exact.plan(Scenario.build([parts[c.name], villain], board)).weight.sum())
    equities = [c.result.players[0].equity for c in grid.cells]
    mean = sum(w * e for w, e in zip(weights, equities, strict=True)) / sum(weights)
    assert mean == pytest.approx(grid.overall.players[0].equity, abs=1e-12)
    combos = [c.weight for c in grid.cells]
    by_combos = sum(w * e for w, e in zip(combos, equities, strict=True)) / sum(combos)
    assert abs(by_combos - mean) > 1e-4  # and weighting by combos alone would not
    # The cells' shares are those deals' parts, from the one pass.
    assert [c.share for c in grid.cells] == pytest.approx([w / sum(weights) for w in weights], rel=1e-12)


def test_a_monte_carlo_grid_is_one_seeded_pass_that_adds_up():
    grid = equity_grid("QQ+,AKs", [2], trials=200_000, seed=5)
    again = equity_grid("QQ+,AKs", [2], trials=200_000, seed=5, threads=1)
    assert grid.seed == 5 and grid.overall.method == "monte-carlo"
    assert [c.to_dict() for c in grid.cells] == [c.to_dict() for c in again.cells]  # bit for bit
    assert {c.result.seed for c in grid.cells} == {5}
    assert sum(c.result.trials for c in grid.cells) == grid.overall.trials == 200_000
    hero = grid.overall.players[0]
    for key in ("equity", "win", "tie"):
        mean = sum(c.share * getattr(c.result.players[0], key) for c in grid.cells)
        assert mean == pytest.approx(getattr(hero, key), rel=1e-12)
    assert sum(c.share for c in grid.cells) == pytest.approx(1.0, rel=1e-12)


def test_monte_carlo_cells_are_within_four_standard_errors_of_exact():
    # AA, KK, QQ and AKs against one random hand preflop: the exact table of equity.games.holdem.preflop is
    # an independent count (tests/games/test_preflop.py checks it against an enumeration).
    from equity.games.holdem.preflop import equity_vs_random

    grid = equity_grid("QQ+,AKs", [1], seed=11)
    assert grid.overall.method == "monte-carlo"
    for c in grid.cells:
        p = c.result.players[0]
        assert p.stderr <= CELL_PRECISION  # the default stop: every cell within 0.3 points
        assert abs(p.equity - equity_vs_random(c.name)) <= 4 * p.stderr, c.name


def test_a_seed_is_drawn_once_for_the_pass():
    grid = equity_grid("KK+", [2], precision=0.005)
    assert grid.seed is not None and {c.result.seed for c in grid.cells} == {grid.seed}
    assert all(c.result.players[0].stderr <= 0.005 for c in grid.cells)


def test_grid_json_and_table():
    runner = CliRunner()
    result = runner.invoke(cli, ["grid", "AA,72o", "vs", "QQ", "--board", "Qh7d2c", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout, parse_constant=lambda c: pytest.fail(c))
    assert [c["class"] for c in out["classes"]] == ["AA", "72o"]
    assert set(out["classes"][0]) == {"class", "row", "col", "combos", "weight", "share", "equity", "win",
                                      "tie", "stderr", "method", "trials"}
    assert out["overall"]["players"][0]["hand"] == "AA,72o" and out["opponents"] == ["QQ"]
    table = runner.invoke(cli, ["grid", "AA,72o", "vs", "QQ", "--board", "Qh7d2c"]).output
    assert "AA,72o (13 combos) vs QQ: equity" in table  # 7d and 2c on the board leave 7 of 72o
    assert "2 classes · one pass · exact" in table
    one = runner.invoke(cli, ["grid", "AA", "vs", "AsAh"]).output  # card removal leaves AA one combo
    assert "AA (1 combo) vs AsAh: equity 50.00%" in one and "1 class · one pass · exact" in one


def test_no_color_keeps_the_numbers(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    grid = range_grid("AKs@50")
    buf = StringIO()
    Console(file=buf, width=80, force_terminal=True).print(range_view(grid))
    text = buf.getvalue()
    assert "\x1b[4" not in text and "48;" not in text  # no background colours
    assert "50.0" in text


def test_colour_scales_read_without_hue():
    def luminance(rgb):
        return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]

    shares = [share_colour(i / 20) for i in range(21)]
    assert shares[0] == VIRIDIS[0] and shares[-1] == VIRIDIS[-1]
    assert all(luminance(a) < luminance(b) for a, b in zip(shares, shares[1:], strict=False))  # lighter up
    fair = 1 / 3
    assert equity_colour(0, fair) == BLUE_ORANGE[0] and equity_colour(1, fair) == BLUE_ORANGE[-1]
    assert equity_colour(fair, fair) == BLUE_ORANGE[2]
    below, above = equity_colour(fair / 2, fair), equity_colour((1 + fair) / 2, fair)
    assert below[2] > below[0] and above[0] > above[2]  # blue below a fair share, orange above


def test_equity_view_fits_80_columns():
    grid = equity_grid("AA,AKs,KQo", [1], board="Jc8d3h")
    text = render(equity_view(grid))
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    assert "equity %, fair share in the middle" in text


def test_short_deck_ranges_on_the_grid():
    grid = range_grid("77+,ATs+,KQo@50", board="Ah", game="6+")
    assert grid.game == "short-deck" and grid.deck_combos == math.comb(36, 2) == 630
    # 8 pairs (77..AA) x 6, ATs..AKs 4 x 4, KQo 12 at half weight: counted by hand.
    assert grid.combos == 8 * 6 + 4 * 4 + 12 and grid.weight == 8 * 6 + 4 * 4 + 6
    assert grid.percent == pytest.approx(100 * grid.weight / 630)
    for c in grid.cells:  # classes with a rank below 6 have no combo in the short deck
        low = any(rank in c.name for rank in "2345")
        assert (c.live == 0) == low and (c.held == 0 or not low)
    assert grid.cell("AA").live == 3 and grid.cell("ATs").live == 3 and grid.cell("KQo").held == 12
    assert range_grid("random", game="short-deck").held == 630
    text = render(range_view(grid))
    assert "of all 630" in text and "A6s" in text and "A5s" not in text and "22" not in text


def test_short_deck_grid_cells_equal_single_runs():
    grid = equity_grid("AA,KQs,76o", [1], board="Jc8d6h", game="6+")
    assert [c.name for c in grid.cells] == ["AA", "KQs", "76o"] and grid.overall.game == "short-deck"
    for c in grid.cells:
        single = equity.calculate([c.name, None], board="Jc8d6h", game="6+", method="exact")
        assert c.result.players[0].equity == pytest.approx(single.players[0].equity, rel=1e-12)
    mean = sum(c.weight * c.result.players[0].equity for c in grid.cells) / sum(c.weight for c in grid.cells)
    assert mean == pytest.approx(grid.overall.players[0].equity, abs=1e-12)
    assert json.loads(json.dumps(grid.to_dict()))["game"] == "short-deck"


@pytest.mark.parametrize(("args", "needle"), [
    (["range", "AAxx", "--game", "plo"], "the 13 x 13 grid holds two-card hands"),
    (["grid", "AA", "vs", "KK", "--game", "plo"], "the 13 x 13 grid holds two-card hands"),
    (["grid", "AA", "vs", "KK", "--game", "omaha6"], "the 13 x 13 grid holds two-card hands"),
    (["range", "22+", "--game", "6+"], "names rank 2, which is not in the short deck"),
    (["range", "AA", "--game", "6+", "--board", "2c"], "card 2c in the board is not in the short deck"),
    (["range", "QQ+x"], "the range: range element 'QQ+x'"),
    (["range", "AA", "--board", "AsAs"], "card As appears twice"),
    (["range", "AA", "--board", "As", "--dead", "As"], "card As appears in the board and in the dead cards"),
    (["grid", "AsAh", "vs", "AsKd"], "card As appears in the hero's hand and in villain 1's hand"),
    (["grid", "3", "vs", "AA"], "the first argument is the hero's hand or range"),
    (["grid", "AA", "vs", "KK", "--exact", "--seed", "1"], "seed is a Monte Carlo option"),
    (["range", "AA", "--svg", "/nonexistent/dir/x.svg"], "cannot write /nonexistent/dir/x.svg"),
])
def test_bad_input_exits_2(args, needle):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert needle in result.output and "Traceback" not in result.output


def test_pictures_are_saved(tmp_path):
    svg, html = tmp_path / "g.svg", tmp_path / "g.html"
    result = CliRunner().invoke(cli, ["range", "AA,AKs@50", "--svg", str(svg), "--html", str(html)])
    assert result.exit_code == 0, result.output
    picture = svg.read_text()
    assert picture.startswith("<svg") and 'fill="#fde725"' in picture  # AA at full share: viridis yellow
    assert "&#160;AKs&#160;" in picture and "equity&#160;range&#160;AA,AKs@50" in picture  # title
    assert "background-color: #fde725" in html.read_text()


@needs_chromium
def test_the_saved_picture_in_a_real_browser(tmp_path):
    svg, png = tmp_path / "r.svg", tmp_path / "r.png"
    result = CliRunner().invoke(cli, ["range", "AA,KK@50", "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    image = screenshot(svg, png, "1000,900")
    pixels = image.load()

    def block(rgb):
        """The bounding box of the pixels of exactly this colour near its top-left-most one (the legend
        further down shows the same colours)."""
        hits = [(y, x) for y in range(image.height) for x in range(image.width) if pixels[x, y] == rgb]
        assert hits, f"no pixel of colour {rgb}"
        y0, x0 = hits[0]
        near = [(y, x) for y, x in hits if y0 <= y < y0 + 120 and x0 - 10 <= x < x0 + 120]
        return x0, y0, max(x for _, x in near), max(y for y, _ in near)

    aa, kk = block(share_colour(1.0)), block(share_colour(0.5))
    assert aa[2] - aa[0] > 30 and aa[3] - aa[1] > 30  # a whole cell, two lines high
    assert kk[0] > aa[2] and kk[1] >= aa[3]  # KK sits right of and below AA, on the diagonal
