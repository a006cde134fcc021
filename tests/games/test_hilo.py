"""Omaha hi-lo (eight or better): the engines against a brute-force oracle, published counts and invariants.

Expected numbers come from tests/naive.py's ``omaha_hilo_equity`` (every board enumerated in plain
Python), from pokenum's own regression test (poker-eval ``tests/bug1823``: three Omaha 8 flop spots,
820 boards each) and pypoker-eval's ``bug-1823.py`` (a river spot against a random hand), and from
invariants (shares sum to 1, the halves add up to the equity, swapping players swaps their results).
"""

import json
import math
import random
from fractions import Fraction

import naive
import pytest
from click.testing import CliRunner

from equity import calculate
from equity.cards import parse_cards
from equity.cli import cli
from equity.engines.montecarlo import CHUNK, simulate
from equity.errors import GameError, HandSizeError
from equity.games import get_game
from equity.scenario import Scenario


def cards(text):
    return tuple(parse_cards(text))


def close(x, fraction):
    return math.isclose(x, float(fraction), rel_tol=0, abs_tol=1e-12)


@pytest.mark.parametrize(("hands", "board", "dead", "game"), [
    (["AsAd2s3d", "KhKcQhQc"], "7h8d2c4s", "", "o8"),
    (["As2d5h9c", "Ah3c4dKs", "7s6s5s4c"], "2h8c9dQs", "", "o8"),
    (["As2dKhQc", "Ad2h3c4d"], "5c6d7hJsTs", "", "o8"),
    (["As2d3h4c5d", "Ac2c8h8d9s"], "6h7sKd", "", "big-o"),
    (["As2d3h4c5d6s", "Ac2c8h8d9sTs"], "7h4s3dQh", "Kc", "omaha6-hilo"),
    (["AhKh3c4c", "Ad2d3s4s", "QsJsTs9s"], "5h6h7h8s", "2c", "plo8"),
])
def test_exact_against_the_brute_force_oracle(hands, board, dead, game):
    result = calculate(hands, board, dead, game=game, method="exact")
    oracle = naive.omaha_hilo_equity([cards(h) for h in hands], cards(board), cards(dead))
    assert result.trials == oracle["boards"]
    assert close(result.low["low_qualified"], oracle["low"])
    for p, o in zip(result.players, oracle["players"], strict=True):
        assert close(p.equity, o["equity"])
        assert close(p.win, o["scoop"]) and close(p.split["scoop"], o["scoop"])
        for key in ("high_win", "high_tie", "low_win", "low_tie"):
            assert close(p.split[key], o[key]), key


# pokenum -o8 HANDS -- BOARD (poker-eval tests/bug1823): per player scoop, HIwin, HItie, LOwin, LOtie over
# 820 boards, and EV to three places.
POKENUM = [
    ("AsQsKhJh", "AcKd5d7h", "8sTsJc", [(500, 715, 90, 0, 0, 0.796), (15, 15, 90, 224, 0, 0.204)]),
    ("As6s7h5h", "Ac7d6d5d", "8sTsJc", [(250, 324, 496, 0, 168, 0.675), (0, 0, 496, 0, 168, 0.325)]),
    ("As6s7h5h", "Ac8d6d5d", "2sTsJc", [(289, 381, 87, 12, 157, 0.504), (314, 352, 87, 0, 157, 0.496)]),
]


@pytest.mark.parametrize(("hero", "villain", "board", "expected"), POKENUM)
def test_pokenum_published_flop_counts(hero, villain, board, expected):
    result = calculate([hero, villain], board, game="o8", method="exact")
    assert result.trials == 820
    for p, (scoop, hi_win, hi_tie, lo_win, lo_tie, ev) in zip(result.players, expected, strict=True):
        got = [round(820 * p.split[k]) for k in ("scoop", "high_win", "high_tie", "low_win", "low_tie")]
        assert got == [scoop, hi_win, hi_tie, lo_win, lo_tie]
        assert round(p.equity, 3) == ev


def test_pypoker_eval_river_spot_against_a_random_hand():
    # pypoker-eval bug-1823.py: As 3s 2s 6s vs a random hand on Ad Qs 2c 7c 5c, 123,410 hands.
    result = calculate(["As3s2s6s", "random"], "AdQs2c7c5c", game="o8", method="exact")
    assert result.trials == 123_410
    hero, villain = (p.split for p in result.players)
    n = result.trials
    assert [round(n * hero[k]) for k in ("low_win", "low_tie", "high_win", "scoop", "high_tie")] == \
        [109_375, 5_361, 73_190, 69_661, 1_242]
    assert [round(n * villain[k]) for k in ("low_win", "high_win", "scoop")] == [8_674, 48_978, 8_674]
    assert math.floor(1000 * result.players[0].equity) == 753


def test_quartering_by_hand():
    # Board 3c 4d 5h Kc Ks: the hero and villain 1 both make the wheel low (A-2-3-4-5) and a 5-high
    # straight; villain 2's KdKh makes four kings. The high half goes to villain 2, the low half is
    # shared: a quarter of the pot each.
    result = calculate(["As2sQdJd", "Ah2hTdJc", "KdKh9c9d"], "3c4d5hKcKs", game="o8")
    assert [p.equity for p in result.players] == [0.25, 0.25, 0.5]
    hero, v1, v2 = result.players
    assert hero.split["low_tie"] == v1.split["low_tie"] == 1 and v2.split["high_win"] == 1
    assert hero.win == 0 and hero.tie == 1 and v2.win == 0 and v2.tie == 1
    assert result.low == {"low_possible": 1.0, "low_qualified": 1.0}


def test_no_low_the_high_takes_the_whole_pot():
    # No board card below 9: no low. The hero has ace high, the villain's KhKd makes three kings.
    result = calculate(["As2s3d4d", "KhKdQcJc"], "9cTcJdQhKs", game="o8")
    assert [p.equity for p in result.players] == [0.0, 1.0]
    assert result.players[1].win == 1 and result.players[1].split["scoop"] == 1
    assert result.low == {"low_possible": 0.0, "low_qualified": 0.0}


def test_a_counterfeited_low_loses():
    # Board A 2 7 8 K: the hero's only low ranks, A and 2, are both on the board, so A-2 with three
    # board cards never makes five different ranks (only 7 and 8 are left): no low. The villain's 3-4
    # with the board's A-2-7 makes 7-4-3-2-A.
    result = calculate(["AsAd2s2d", "3h4hQcQd"], "Ac2c7d8hKs", game="o8")
    hero, villain = result.players
    assert hero.split["low_win"] == 0 and villain.split["low_win"] == 1
    assert result.players[1].categories is None
    assert naive.omaha_low(cards("AsAd2s2d"), cards("Ac2c7d8hKs")) is None
    assert naive.omaha_low(cards("3h4hQcQd"), cards("Ac2c7d8hKs")) == (7, 4, 3, 2, 1)


@pytest.mark.parametrize("game", ["o8", "big-o"])
def test_invariants_shares_sum_to_one_and_halves_add_up(game):
    hole = 4 if game == "o8" else 5
    rng = random.Random(7)
    for _ in range(4):
        deck = rng.sample(range(52), 3 * hole + 4)
        hands = [deck[i * hole:(i + 1) * hole] for i in range(3)]
        board = deck[3 * hole:]
        result = calculate(hands, board, game=game)
        assert math.isclose(sum(p.equity for p in result.players), 1.0, abs_tol=1e-12)
        for p in result.players:
            assert math.isclose(p.split["high_equity"] + p.split["low_equity"], p.equity, abs_tol=1e-12)
            assert p.split["low_equity"] <= 0.5 * p.split["low_win"] + 0.25 * p.split["low_tie"] + 1e-12
        swapped = calculate([hands[1], hands[0], hands[2]], board, game=game)
        assert swapped.players[0].to_dict() | {"hand": ""} == result.players[1].to_dict() | {"hand": ""}


def test_monte_carlo_within_four_standard_errors_of_exact_preflop():
    exact = calculate(["AsAd2s3d", "KhKcQhQc"], game="o8")
    mc = calculate(["AsAd2s3d", "KhKcQhQc"], game="o8", trials=300_000, seed=11)
    for e, m in zip(exact.players, mc.players, strict=True):
        assert abs(m.equity - e.equity) <= 4 * m.stderr
    assert abs(mc.low["low_qualified"] - exact.low["low_qualified"]) <= 4 * math.sqrt(0.25 / mc.trials)


@pytest.mark.slow
def test_seeded_hilo_replays_the_lane_contract():
    # The seeded deals of tests/naive.py's lane_trials, scored by the brute-force high and low and split
    # by hand, give the kernel's pot shares exactly (a full chunk, then a partial one).
    sc = Scenario.build(["AsAd2s3d", None], board="7h8d2c", game=get_game("o8"))
    trials = CHUNK + 777
    result = simulate(sc, trials=trials, seed=5)
    hero = list(sc.holes[0])
    shares = [Fraction(0), Fraction(0)]
    lows = 0
    for chunk in range(2):
        n = min(CHUNK, trials - chunk * CHUNK)
        for _, dealt in naive.lane_trials(5, chunk, n, sc.live.tolist(), 2 + 4):
            board = list(sc.board) + dealt[:2]
            hands = [hero, dealt[2:6]]
            highs = [naive.naive_omaha(h, board) for h in hands]
            low = [naive.omaha_low(h, board) for h in hands]
            made = [k for k in low if k is not None]
            hi_win = [i for i in range(2) if highs[i] == min(highs)]
            lo_win = [i for i in range(2) if made and low[i] == min(made)]
            lows += bool(lo_win)
            for i in hi_win:
                shares[i] += Fraction(1, len(hi_win) * (2 if lo_win else 1))
            for i in lo_win:
                shares[i] += Fraction(1, 2 * len(lo_win))
    assert [p.equity for p in result.players] == [float(s / trials) for s in shares]
    assert result.low["low_qualified"] == lows / trials


def test_seed_and_thread_count_fix_the_numbers():
    args = (["AAxx", "random"],)
    a = calculate(*args, game="o8", trials=100_000, seed=3, threads=1)
    b = calculate(*args, game="o8", trials=100_000, seed=3)
    assert [p.to_dict() for p in a.players] == [p.to_dict() for p in b.players] and a.low == b.low


def test_hilo_deals_the_same_cards_as_omaha_high():
    # Hi-lo deals the cards Omaha high deals from the same seed: on a flop with no low possible (two
    # cards above 8 to come cannot make three low board cards), hi-lo is exactly Omaha high.
    high = calculate(["AsKsQdJd", "random"], "9cTcKd", game="plo", trials=50_000, seed=2)
    hilo = calculate(["AsKsQdJd", "random"], "9cTcKd", game="plo8", trials=50_000, seed=2)
    assert [p.equity for p in hilo.players] == [p.equity for p in high.players]
    assert hilo.low == {"low_possible": 0.0, "low_qualified": 0.0}


def test_categories_add_the_low_row():
    result = calculate(["AsAd2s3d", "KhKcQhQc"], game="o8", categories=True)
    hero = result.players[0]
    assert list(hero.categories)[-1] == "low"
    assert math.isclose(hero.categories["low"]["win"], hero.split["low_win"])
    assert math.isclose(sum(c["win"] for k, c in hero.categories.items() if k != "low"),
    hero.split["high_win"])
    assert math.isclose(hero.categories["low"]["frequency"], result.low["low_qualified"])


# ---- the command line ------------------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_cli_json_is_strict_and_holds_the_halves():
    out = run("AsAd2s3d", "vs", "KhKcQhQc", "--game", "o8", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
    assert data["game"] == "omaha-hilo" and set(data) >= {"low_possible", "low_qualified"}
    hero = data["players"][0]
    assert set(hero) >= {"scoop", "high_win", "high_tie", "low_win", "low_tie", "high_equity", "low_equity",
                         "low_share"}


def test_cli_holdem_json_has_no_split_keys():
    data = json.loads(run("AsKs", "QdQc", "--json").stdout)
    assert "low_possible" not in data and "scoop" not in data["players"][0]


def test_cli_eval_describes_both_halves():
    out = run("eval", "--game", "o8", "As2d5hKc", "3c4d8sQhJh", "--json")
    data = json.loads(out.stdout)
    assert data["low"] == {"qualifies": True, "ranks": [8, 4, 3, 2, 1], "description": "8-4-3-2-A low"}
    assert data["description"] == "High Card, Ace"
    table = run("eval", "--game", "big-o", "As2d5hKcQs", "9c9dTsJhKs")
    assert table.exit_code == 0 and "no low" in table.output


@pytest.mark.parametrize(("args", "needle"), [
    (["AsKs", "vs", "2", "--game", "o8"], "has 2 cards; a hand has 4 in Omaha hi-lo"),
    (["AsAd2s3d", "vs", "1", "--game", "omaha-hilow"], "did you mean omaha-hilo"),
    (["AsAd2s3d", "vs", "11", "--game", "o8"], "a count of random hands is 1 .. 10"),
    (["eval", "--game", "o8", "As2d5hKc3c4d8sQh"], "takes 9 cards (4 hole + 5 board) in Omaha hi-lo"),
])
def test_cli_bad_input_one_line_exit_2(args, needle):
    out = run(*args)
    assert out.exit_code == 2
    assert needle in out.output and "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1


def test_game_names_and_errors():
    assert get_game("PLO8").name == get_game("o8").name == "omaha-hilo"
    assert get_game("Big O").name == "omaha5-hilo" and get_game("omaha6-hilo").hole == 6
    with pytest.raises(GameError, match="did you mean"):
        get_game("big-0")
    with pytest.raises(HandSizeError, match="a hand has 5 in Big O"):
        Scenario.build(["AsAd2s3d", 1], game="big-o")
