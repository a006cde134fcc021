"""Runouts (equity.runout): each next card's equities against single exact runs with that card added,
the average identity, card removal and card probabilities counted by hand, Monte Carlo against exact,
the CLI's views, JSON and picture, and bad input."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import needs_chromium, screenshot

import equity
from equity.cards import parse_cards
from equity.cli import cli
from equity.questions.runouts import runout
from equity.report.grid import equity_colour

SPOTS = [
    (["AsKs", "QdQc"], "Th9h2c", "", None),
    (["AsKs", "QdQc", "Jh8h"], "Th9h2c", "", None),
    (["AsKs", "QQ+,AK,T9s@50"], "Th9h2c", "3d", None),
    (["random", "random"], "7h8h9h", "", None),  # six suit symmetries: the folded rows
    (["AA", "KK"], "2c7d9h", "", None),
    (["AsKs", "QdQc"], "Th9h2c5d", "", None),
    (["QQ+,AK", "JTs"], "Th9h2c5d", "", None),
    (["AhAd", "KsKc"], "Th9h7c", "", "6+"),
    (["AsAhKsKh", "JdTd9c8c"], "Th9h2c", "", "plo"),
    (["As2hKs3h", "JdTd4c5c", "7c8c9dQs"], "Th6h2c", "", "plo8"),
    (["As2hKs3h", "JdTd4c5c"], "Th6h2c4d", "", "plo8"),
]


def _cards(text: str) -> list[int]:
    return list(parse_cards(text))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "board", "dead", "game"), SPOTS)
def test_each_card_equals_a_run_with_it_on_the_board(players, board, dead, game):
    r = runout(players, board, dead, game=game, method="exact")
    assert r.method == "exact" and r.depth == 1
    for o in r.outcomes:
        single = equity.calculate(players, _cards(board) + _cards(o.cards), dead, game=game, method="exact")
        for p, got in enumerate(o.equity):
            assert got == pytest.approx(single.players[p].equity, abs=1e-12), (o.cards, p)
            assert o.win[p] == pytest.approx(single.players[p].win, abs=1e-12)
            assert o.tie[p] == pytest.approx(single.players[p].tie, abs=1e-12)


@pytest.mark.parametrize(("players", "board", "dead", "game"), SPOTS)
def test_the_average_over_the_cards_is_the_equity_now(players, board, dead, game):
    r = runout(players, board, dead, game=game, method="exact")
    now = equity.calculate(players, board, dead, game=game, method="exact")
    assert math.fsum(o.probability for o in r.outcomes) == pytest.approx(1.0, abs=1e-12)
    for p in range(len(r.now)):
        assert r.average[p] == pytest.approx(now.players[p].equity, abs=1e-12)
        assert r.now[p].equity == pytest.approx(now.players[p].equity, abs=1e-12)
        assert r.now[p].win == pytest.approx(now.players[p].win, abs=1e-12)
        assert r.now[p].tie == pytest.approx(now.players[p].tie, abs=1e-12)
        assert (r.now[p].split is None) == (now.players[p].split is None)
        for key, value in (now.players[p].split or {}).items():  # split-pot games: every figure of the halves
            assert r.now[p].split[key] == pytest.approx(value, abs=1e-12), key
        weighted = math.fsum(o.probability * o.equity[p] for o in r.outcomes)
        assert weighted == pytest.approx(r.average[p], abs=1e-12)
    assert math.fsum(r.average) == pytest.approx(1.0, abs=1e-12)


def test_card_removal_and_probabilities_counted_by_hand():
    # AsKs vs QdQc on Th9h2c: 52 - 4 - 3 = 45 cards, each 1 in 45; no held, board or dead card comes.
    r = runout(["AsKs", "QdQc"], "Th9h2c", dead="8d")
    cards = {o.cards for o in r.outcomes}
    assert len(cards) == 44 and not cards & {"As", "Ks", "Qd", "Qc", "Th", "9h", "2c", "8d"}
    assert all(o.probability == pytest.approx(1 / 44) for o in r.outcomes)
    # Against QQ (six combos), a queen comes less often: a queen is held by 3 of the 6 combos, so it is
    # in the deck in 3 of them, every other card in all 6: 4 queens * 3 + 43 cards * 6.
    r = runout(["AsKs", "QQ"], "Th9h2c")
    prob = {o.cards: o.probability for o in r.outcomes}
    assert len(prob) == 47
    assert prob["Qh"] == pytest.approx(3 / (4 * 3 + 43 * 6))
    assert prob["7c"] == pytest.approx(6 / (4 * 3 + 43 * 6))


def test_outs_and_bad_cards_by_hand():
    # AK against QQ on T92: an ace or a king makes the better pair (6 outs); nothing else helps.
    r = runout(["AsKs", "QdQc"], "Th9h2c")
    assert r.status == "behind" and r.bad == []
    assert sorted(o.cards for o in r.outs) == sorted(["Ah", "Ad", "Ac", "Kh", "Kd", "Kc"])
    assert r.outcomes[0].cards in ("Ah", "Ad", "Ac")  # best first
    flipped = runout(["QdQc", "AsKs"], "Th9h2c")
    assert flipped.status == "ahead" and flipped.outs == []
    assert {o.cards for o in flipped.bad} == {o.cards for o in r.outs}
    for a in r.outcomes:  # swapping the players swaps the equities
        b = next(o for o in flipped.outcomes if o.cards == a.cards)
        assert a.equity == pytest.approx(b.equity[::-1], abs=1e-12)
        assert a.change == pytest.approx(-b.change, abs=1e-12)


def test_two_card_runouts_from_the_flop():
    r = runout(["AsKs", "QQ+,AK"], "Th9h2c", street="river")
    assert r.depth == 2 and r.street == "river"
    n_live = 52 - 2 - 3
    assert len(r.outcomes) == math.comb(n_live, 2)
    assert math.fsum(o.probability for o in r.outcomes) == pytest.approx(1.0, abs=1e-12)
    now = equity.calculate(["AsKs", "QQ+,AK"], "Th9h2c", method="exact")
    assert r.average[0] == pytest.approx(now.players[0].equity, abs=1e-12)
    assert math.fsum(p for _, _, p in r.histogram()) == pytest.approx(1.0, abs=1e-12)
    rng = np.random.default_rng(3)
    for i in rng.choice(len(r.outcomes), 12, replace=False):
        o = r.outcomes[i]
        single = equity.calculate(["AsKs", "QQ+,AK"], _cards("Th9h2c") + _cards(o.cards), method="exact")
        assert o.equity[0] == pytest.approx(single.players[0].equity, abs=1e-12)
    # From a turn the river is the next street: the same as the default.
    a, b = runout(["AsKs", "QdQc"], "Th9h2c5d", street="river"), runout(["AsKs", "QdQc"], "Th9h2c5d")
    assert [o.equity for o in a.outcomes] == [o.equity for o in b.outcomes]


def test_monte_carlo_is_within_four_standard_errors_and_seeded():
    exact = runout(["AsKs", "QQ+,AK"], "Th9h2c")
    mc = runout(["AsKs", "QQ+,AK"], "Th9h2c", method="monte-carlo", seed=11, precision=0.005)
    assert mc.method == "monte-carlo" and mc.seed == 11
    by_card = {o.cards: o for o in exact.outcomes}
    assert {o.cards for o in mc.outcomes} == set(by_card)
    for o in mc.outcomes:
        assert 0 < o.stderr[0] <= 0.005 + 1e-12
        assert abs(o.equity[0] - by_card[o.cards].equity[0]) <= 4 * o.stderr[0], o.cards
        assert o.probability == pytest.approx(by_card[o.cards].probability, abs=1e-12)  # weighed exactly
    assert abs(mc.now[0].equity - exact.now[0].equity) <= 4 * mc.now[0].stderr
    again = runout(["AsKs", "QQ+,AK"], "Th9h2c", method="monte-carlo", seed=11, precision=0.005, threads=1)
    assert [o.equity for o in again.outcomes] == [o.equity for o in mc.outcomes]


def test_random_opponents_run_out_by_monte_carlo():
    r = runout(["AsKs", 2], "Th9h2c", seed=5, trials=20_000)
    assert r.method == "monte-carlo" and len(r.outcomes) == 47 and r.trials == 47 * 20_000
    assert all(o.probability == pytest.approx(1 / 47) for o in r.outcomes)
    assert math.fsum(r.average) == pytest.approx(1.0, abs=1e-9)


BAD = [
    (["runout", "AsKs", "QdQc"], "got no board"),
    (["runout", "AsKs", "QdQc", "-b", "Th9h2c5d7s"], "is a river: nothing is to come"),
    (["runout", "AsKs", "QdQc", "-b", "Th9h2c5d", "--street", "turn"], "the turn 5d is on the board already"),
    (["runout", "AsKs", "QdQc", "-b", "Th9h2c", "--street", "flop"], "'flop' is not one of"),
    (["runout", "AsKs", "QdQc", "-b", "Th9h2x"], "2x"),
    (["runout", "AsKs", "AsQc", "-b", "Th9h2c"], "As"),
]


@pytest.mark.parametrize(("args", "needle"), BAD)
def test_bad_input_is_one_line_and_exit_2(args, needle):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert needle in result.output and "Traceback" not in result.output


def test_the_json_is_strict_and_matches_the_api():
    result = CliRunner().invoke(cli, ["runout", "AsKs", "vs", "QdQc", "--board", "Th9h2c", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
    api = runout(["AsKs", "QdQc"], "Th9h2c").to_dict()
    for key in ("game", "method", "board", "street", "status", "average", "outs", "bad", "runouts"):
        assert data[key] == api[key], key
    assert data["outs"] == ["Ah", "Ad", "Ac", "Kh", "Kd", "Kc"]
    assert len(data["runouts"]) == 45 and data["runouts"][0]["players"][0]["equity"] == pytest.approx(21 / 22)
    river = CliRunner().invoke(cli, ["runout", "AsKs", "QdQc", "-b", "Th9h2c", "--street", "river", "--json"])
    hist = json.loads(river.stdout)["histogram"]
    assert [h["from"] for h in hist] == [10.0 * i for i in range(10)]


def test_the_terminal_view_says_it_all():
    result = CliRunner().invoke(cli, ["runout", "AsKs", "vs", "QdQc", "--board", "Th9h2c"],
                                env={"COLUMNS": None})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Outs: Ah Ad Ac Kh Kd Kc" in out and "Bad cards: none" in out
    assert "the equity now" in out and "board" in out and "held" in out
    assert " A   95.5    95.5    95.5    held" in out  # the aces' row of the grid: the spade is held


@needs_chromium
def test_the_card_grid_in_a_real_browser(tmp_path):
    svg, png = tmp_path / "r.svg", tmp_path / "r.png"
    result = CliRunner().invoke(cli, ["runout", "AsKs", "QdQc", "-b", "Th9h2c", "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    r = runout(["AsKs", "QdQc"], "Th9h2c")
    image = screenshot(svg, png, "1000,1100")
    pixels = image.load()

    def spots(rgb):
        return [(x, y) for y in range(image.height) for x in range(image.width) if pixels[x, y] == rgb]

    eq = {o.cards: o.equity[0] for o in r.outcomes}
    ace, king, blank = (spots(equity_colour(eq[c], 0.5)) for c in ("Ah", "Kh", "7c"))
    assert ace and king and blank
    # The aces' row (three cards) sits above the kings', and the blanks fill most of the grid below.
    assert max(y for _, y in ace) < min(y for _, y in king) < min(y for _, y in blank)
    assert max(x for x, _ in ace) - min(x for x, _ in ace) > 100  # three cells side by side
    assert len(blank) > 10 * len(ace)


def test_batch_lines_ask_for_runouts_and_name_bad_values():
    lines = "\n".join([
        '{"players": ["AsKs", "QdQc"], "board": "Th9h2c", "runout": true}',
        'players,board,runout\nAsKs vs QdQc,Th9h2c5d,river',
    ])
    jsonl, csv = lines.split("\n", 1)
    for text, fmt in ((jsonl, "jsonl"), (csv, "csv")):
        result = CliRunner().invoke(cli, ["batch", "--workers", "0", "--format", fmt], input=text + "\n")
        assert result.exit_code == 0, result.output
        answer = json.loads(result.output.splitlines()[0])
        board = "Th9h2c" if fmt == "jsonl" else "Th9h2c5d"
        assert answer["runouts"] == runout(["AsKs", "QdQc"], board).to_dict()["runouts"]
    for value, needle in (('"flop"', "'runout' must be true, false"), ('true, "dist": true', "not both"),
                          ('true, "categories": true', "'categories' is not counted")):
        line = '{"players": ["AsKs", "QdQc"], "board": "Th9h2c", "runout": ' + value + "}\n"
        result = CliRunner().invoke(cli, ["batch", "--workers", "0"], input=line)
        assert result.exit_code == 2 and needle in json.loads(result.output.splitlines()[0])["error"]


@pytest.mark.parametrize(("players", "board", "game"), [
    (["AsKs", "QQ+,AK,T9s"], "Th9h2c", "holdem"),
    (["AA", "KK@40,QQ"], "Kh7d2c", "holdem"),  # suit symmetries fold the rows
    (["AsAhKsKh", "JdTd9c8c"], "Th9h2c", "plo"),
    (["AhAd2s3s", "KcQcJh9h"], "Kh7d2c", "plo8"),
])
def test_rows_per_card_add_up_the_two_card_rows(players, board, game):
    # A second implementation: the flop's two-card rows, added up in numpy by each of their cards, are
    # the rows the kernels count per card directly.
    from equity.engines.exact import plan
    from equity.engines.runout_rows import board_rows
    from equity.scenario import Scenario

    scenario = Scenario.build(players, board=board, game=game)
    deals = plan(scenario)
    pairs = board_rows(scenario, deals, threads=1)
    cards = board_rows(scenario, deals, threads=1, per_card=True)
    for got, part in zip((*cards.tally, cards.mass), (*pairs.tally, pairs.mass), strict=True):
        want = np.zeros((52, *part.shape[1:]))
        np.add.at(want, pairs.cards[:, 0], part)
        np.add.at(want, pairs.cards[:, 1], part)
        assert np.allclose(got, want[cards.cards[:, 0]], rtol=1e-12, atol=1e-9)
    assert sorted(cards.cards[:, 0].tolist()) == sorted(set(pairs.cards.ravel().tolist()))
