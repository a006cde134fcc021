"""The games without a board (stud, stud hi-lo, razz, 2-7, five-card draw, badugi): the engines against
a brute-force oracle, counts by hand and invariants.

Expected numbers come from tests/naive.py: ``naive_boardless_equity`` deals every player's missing cards
in every way in plain Python and values hands with the plain evaluators there (``naive_class``,
``best_razz_key``, ``low8_key``, ``deuce_key``, ``badugi_key``); from counts of outs made by hand; and
from invariants (shares sum to one, swapping players swaps results, Monte Carlo within four standard
errors of exact).
"""

import math

import naive
import pytest

from equity import calculate
from equity.cards import parse_cards
from equity.engines.montecarlo import simulate
from equity.errors import CardError, DuplicateCardError, HandSizeError, RangeError, ScenarioError
from equity.games import get_game
from equity.scenario import Scenario

# The oracle's value of a whole hand in each game: smaller is better (a key, as the engines' values).
VALUES = {
    "stud": naive.naive_class,
    "stud8": naive.naive_class,
    "razz": naive.best_razz_key,
    "2-7": naive.deuce_key,
    "draw": naive.naive_class,
    "badugi": naive.badugi_key,
}
LOWS = {"stud8": naive.low8_key}


def ids(text):
    return tuple(parse_cards(text))


def oracle(game, hands, dead=""):
    g = get_game(game)
    return naive.naive_boardless_equity([ids(h) if h != "random" else () for h in hands], ids(dead), g.hole,
                                        VALUES[game], LOWS.get(game))


def close(x, fraction):
    return math.isclose(x, float(fraction), rel_tol=0, abs_tol=1e-12)


SPOTS = [
    # sixth street heads-up: one card each to come
    ("stud", ["AsAh7d5c9h2s", "KcQcJcTc3d4d"], ""),
    ("stud", ["9s9h4d4c2s", "KcKd8c8h3d"], "2c2d3s3h4s4h5c5d6c6d7c7d7h"),  # two cards each, 25 dead
    ("stud8", ["As2h3d4c9h8s", "KcQc5c6d7d2d"], "Ad"),
    ("stud8", ["As2h3dKsKh", "4c5c6cQdQh"], "7c7d7h7s8c8d8h8s9c9d9h9sTc"),
    ("razz", ["As2h3d9c9hKs", "4c5c6cQdQhJs"], "2c"),
    ("razz", ["As2h3dKsKh", "4c5c6cQdQh"], "7c7d7h7s8c8d8h8s9c9d9h9sTc"),
    # three players, a card each to come, most of the deck dead: three levels of the enumeration
    ("stud", ["AsAh7d5c9h2s", "KcQcJcTc3d4d", "2h3h4h5h6s6d"],
     "7c7h7s8c8d8h8s9c9d9sTdTh"),
    ("razz", ["As2h3d9c9hKs", "4c5c6cQdQhJs", "7s8s8d9dTsTc"], "2c2d3c3s4d4h5d5s6h6d7c7d"),
    ("stud8", ["As2h3d9c9hKs", "4c5c6cQdQhJs", "7s8s8d9dTsTc"], "2c2d3c3s4d4h5d5s6h6d7c7d"),
    # the draw games: the cards kept for the draw, the rest dealt
    ("2-7", ["7d5c3h2s", "8s6d4c3c"], ""),
    ("2-7", ["7d5c3h2s4d", "8s6d4c3c"], "9h"),  # a pat hand against a one-card draw
    ("draw", ["AsAhKdKc", "QsQhQd2c"], ""),
    ("badugi", ["As2d3h", "4c5d6h"], ""),
    ("badugi", ["As2d3h", "4c5d6hKs"], "7c"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hands", "dead"), SPOTS)
def test_exact_matches_brute_force(game, hands, dead):
    want, deals = oracle(game, hands, dead)
    got = calculate(hands, dead=dead, game=game, method="exact")
    assert got.method == "exact" and got.trials == deals
    for p, w in zip(got.players, want, strict=True):
        assert close(p.equity, w["equity"]) and close(p.win, w["win"]) and close(p.tie, w["tie"])
    assert math.isclose(sum(p.equity for p in got.players), 1.0, abs_tol=1e-12)


def test_every_card_known_is_one_deal():
    hands = ["AsAh7d5c9h2s3s", "KcQcJcTc3d4d9c"]  # seventh street: a flush against aces
    got = calculate(hands, game="stud", method="exact")
    assert got.trials == 1 and [p.equity for p in got.players] == [0.0, 1.0]
    got = calculate(hands, game="razz", method="exact")
    want, _ = oracle("razz", hands)
    assert [p.equity for p in got.players] == [float(w["equity"]) for w in want]


def test_dead_cards_change_the_count_of_outs():
    # Seventh street, the hero complete with trip aces; the villain needs one card, with four hearts and
    # no straight draw: only a heart wins (a flush). 13 hearts less the Ah, Kh, Qh, 8h and 4h leave 8 of
    # the 52 - 7 - 6 = 39 cards.
    hero, villain = "AsAhAd7c5c3d2s", "KhQh8h4h9c2d"
    got = calculate([hero, villain], game="stud", method="exact")
    assert got.trials == 39 and close(got.players[1].equity, 8 / 39)
    got = calculate([hero, villain], dead="2h3h", game="stud", method="exact")  # two hearts folded
    assert got.trials == 37 and close(got.players[1].equity, 6 / 37)
    got = calculate([hero, villain], dead="2h3h9s", game="stud", method="exact")  # and a spade
    assert got.trials == 36 and close(got.players[1].equity, 6 / 36)


def test_swapping_players_swaps_results():
    a, b = "As2h3d9c9h", "4c5c6cQdQh"
    for game in ("stud", "stud8", "razz"):
        ab = calculate([a, b], dead="Kd", game=game, method="exact")
        ba = calculate([b, a], dead="Kd", game=game, method="exact")
        swapped = [p.equity for p in ba.players][::-1]
        assert [p.equity for p in ab.players] == pytest.approx(swapped, abs=1e-15)
        assert [p.win for p in ab.players] == pytest.approx([p.win for p in ba.players][::-1], abs=1e-15)


def test_suits_and_order_of_typed_cards_do_not_matter():
    one = calculate(["7d2s5c4h3s9d", "KcQcJcTs9s8s"], game="razz", method="exact", categories=True)
    two = calculate(["2s7d9d3s5c4h", "8sJcKcQc9sTs"], game="razz", method="exact", categories=True)
    assert one.players[0].equity == two.players[0].equity
    assert one.players[0].categories == two.players[0].categories


@pytest.mark.parametrize(("game", "hands", "dead", "name_of"), [
    ("stud", ["AsAh7d5c9h2s", "KcQcJcTc3d4d"], "", lambda k: naive.CATEGORY_NAMES[naive.category_of(k)]),
    ("razz", ["As2h3d9c9hKs", "4c5c6cQdQhJs"], "2c", naive.razz_category_of),
    ("2-7", ["7d5c3h2s", "8s6d4c3c"], "", naive.deuce_category_of),
])
def test_categories_match_brute_force(game, hands, dead, name_of):
    g = get_game(game)
    got = calculate(hands, dead=dead, game=game, method="exact", categories=True)
    tally = [dict.fromkeys(g.category_names(), 0) for _ in hands]
    wins = [dict.fromkeys(g.category_names(), 0) for _ in hands]
    deals = 0
    for dealt in naive.boardless_deals([ids(h) for h in hands], ids(dead), g.hole):
        deals += 1
        keys = [VALUES[game](h) for h in dealt]
        for i, k in enumerate(keys):
            tally[i][name_of(k)] += 1
            if k == min(keys) and keys.count(k) == 1:
                wins[i][name_of(k)] += 1
    for p, t, w in zip(got.players, tally, wins, strict=True):
        by_name = dict(zip(g.category_names(), p.categories.values(), strict=True))
        for name in g.category_names():
            assert close(by_name[name]["frequency"], t[name] / deals)
            assert close(by_name[name]["win"], w[name] / deals)
        assert math.isclose(sum(c["win"] for c in p.categories.values()), p.win, abs_tol=1e-12)


@pytest.mark.parametrize(("game", "hands", "dead"), [
    ("stud", ["AsAh7d", "KcQcJc"], "2c3c"),
    ("stud8", ["As2h3d", "KcQc5c", "6d6h"], "8s"),
    ("razz", ["As2h3d4c", "random"], ""),
    ("2-7", ["7d5c3h", "8s6d"], ""),
    ("draw", ["AsAh", "random", "KdKc"], ""),
    ("badugi", ["As2d", "4c5d6h"], ""),
])
def test_monte_carlo_within_four_standard_errors_of_exact(game, hands, dead):
    scenario = Scenario.build(hands, dead=dead, game=game)
    mc = simulate(scenario, trials=400_000, seed=2026)
    exact = calculate(hands, dead=dead, game=game, method="exact") if scenario.game.completions(
        scenario) < 50_000_000 else None
    if exact is None:  # too many deals for a unit test: the shares still add up, the errors are sane
        assert math.isclose(sum(p.equity for p in mc.players), 1.0, abs_tol=1e-9)
        return
    for p, q in zip(mc.players, exact.players, strict=True):
        for got, want, se in ((p.win, q.win, p.win_stderr), (p.tie, q.tie, p.tie_stderr),
                              (p.equity, q.equity, p.stderr)):
            assert abs(got - want) <= 4 * se + 1e-12


def test_monte_carlo_repeats_from_its_seed_on_any_thread_count():
    hands = ["As2h3d", "KcQc5c", "random"]
    one = calculate(hands, game="stud8", trials=200_000, seed=7, threads=1)
    two = calculate(hands, game="stud8", trials=200_000, seed=7, threads=2)
    assert one.to_dict()["players"] == two.to_dict()["players"]


@pytest.mark.parametrize(("players", "game", "error", "words"), [
    (["AsKsQsJsTs9s8s7s", "random"], "stud", HandSizeError, "'AsKsQsJsTs9s8s7s' has 8 cards"),
    (["AsKsQsJsTs9s", "random"], "2-7", HandSizeError, "has 6 cards"),
    (["AsKsQsJsTs", "random"], "badugi", HandSizeError, "has 5 cards"),
    (["AA", "random"], "stud", RangeError, "ranges are not played in seven-card stud: a player is known"),
    (["AsXh", "random"], "stud", CardError, "unknown rank 'X' in card 'Xh'"),
    (["AsAh", "AsKd"], "razz", DuplicateCardError, "As"),
    (["AsAh", 7], "stud", ScenarioError, "1 .. 6"),
])
def test_bad_input_names_the_token(players, game, error, words):
    with pytest.raises(error, match=words):
        Scenario.build(players, game=game)


def test_table_size_limits():
    assert get_game("stud").max_players == 7 and get_game("2-7").max_players == 10
    assert get_game("badugi").max_players == 13
    with pytest.raises(ScenarioError, match="8 players is too many: at most 7"):
        Scenario.build(["AsAh"] + ["random"] * 7, game="stud")
    with pytest.raises(ScenarioError, match="not enough cards"):
        Scenario.build(["AsAh"] + ["random"] * 6, dead="2c2d2h2s", game="stud")  # 49 + 4 cards
    with pytest.raises(DuplicateCardError, match="Kd"):
        Scenario.build(["AsAhKd", "random"], dead="Kd", game="stud")
    with pytest.raises(ScenarioError, match="has no board"):
        Scenario.build(["AsAh", "random"], board="2c3c4c", game="stud")


# -- the command line ----------------------------------------------------------------------------------

def invoke(*args):
    from click.testing import CliRunner

    from equity.cli import cli

    return CliRunner().invoke(cli, list(args), prog_name="equity")


@pytest.mark.parametrize("args", [
    ("AsAh7d2c3c4c5c6c", "vs", "2", "--game", "stud"),
    ("AsAh7d", "vs", "KK", "--game", "razz"),
    ("AsAh", "vs", "7", "--game", "stud8"),
    ("AsAh7d", "vs", "KcKh9s", "--game", "stud", "--dead", "7d"),
    ("AsAh7d", "vs", "KcKh9s", "--game", "stud", "--board", "2c3c4c"),
    ("7d5c3h2s4d8s", "vs", "1", "--game", "2-7"),
    ("eval", "--game", "badugi", "AsKsQs"),
    ("eval", "--game", "razz", "AsKsQs2c"),
    ("dist", "AsAh7d", "vs", "KcKh9s", "--game", "stud"),
])
def test_bad_input_exits_2_with_one_line(args):
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.output.startswith("Error: ")
    assert len(result.output.strip().splitlines()) == 1


def test_json_is_strict_and_matches_the_api():
    import json

    result = invoke("As3d6h", "vs", "KcKh8s", "--game", "stud8", "--dead", "2c4dJsQh", "--seed", "5",
                    "--json")
    assert result.exit_code == 0
    got = json.loads(result.output, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
    api = calculate(["As3d6h", "KcKh8s"], dead="2c4dJsQh", game="stud8", seed=5).to_dict()
    got.pop("elapsed_s")
    api.pop("elapsed_s")
    assert got == api and got["game"] == "stud8" and "low_equity" in got["players"][0]


@pytest.mark.parametrize(("game", "cards", "category", "rank"), [
    ("razz", "As2d3h4c5s", "5-low", 1),
    ("razz", "AsAd2h2c3s3d4h", "One Pair", None),  # four ranks: A-A-4-3-2 beats two pair
    ("razz", "AsAd2h2c3s3dAh", "Two Pair", None),
    ("2-7", "7s5d4h3c2s", "7-low", 1),
    ("2-7", "AsKsQsJsTs", "Straight Flush", 7462),
    ("2-7", "As5d4h3c2s", "A-low", None),
    ("draw", "AsKsQsJsTs", "Straight Flush", 1),
    ("badugi", "As2d3h4c", "Badugi", 1),
    ("stud", "AsAdAhKcKdQs2c", "Full House", None),
])
def test_eval_of_each_game(game, cards, category, rank):
    import json

    result = invoke("eval", "--game", game, cards, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["game"] == get_game(game).name and out["category"] == category
    assert rank is None or out["rank"] == rank


def test_stud8_eval_names_the_low_of_all_seven_cards():
    import json

    out = json.loads(invoke("eval", "--game", "stud8", "As2d5h8cKd9s3h", "--json").stdout)
    assert out["low"] == {"qualifies": True, "ranks": [8, 5, 3, 2, 1], "description": "8-5-3-2-A low"}
    assert naive.low8_key(ids("As2d5h8cKd9s3h")) == (8, 5, 3, 2, 1)


def test_a_batch_line_plays_a_board_less_game(tmp_path):
    import json

    path = tmp_path / "spots.jsonl"
    spot = {"players": ["As2d5h8cKd", "3c4s6d7hTs"], "game": "razz", "dead": "9s9h2c"}
    path.write_text(json.dumps(spot) + "\n")
    result = invoke("batch", str(path))
    assert result.exit_code == 0, result.output
    got = json.loads(result.output.splitlines()[0])
    want = calculate(["As2d5h8cKd", "3c4s6d7hTs"], dead="9s9h2c", game="razz")
    assert got["game"] == "razz" and [p["equity"] for p in got["players"]] == [p.equity for p in want.players]
