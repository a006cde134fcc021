"""equity hits (:mod:`equity.questions.hits`): what a range makes on a board, against the brute-force oracle
of tests/naive.py on random boards and ranges, by hand for each draw, and its errors."""

import json
import math

import numpy as np
import pytest
from naive import naive_hand_hits, naive_hits

from equity.cards import parse_cards
from equity.errors import CardError, DuplicateCardError, EquityError, GameError, RangeError, ScenarioError
from equity.games import get_game
from equity.questions.grid import range_grid
from equity.questions.hits import range_hits
from equity.ranges import Range, combo_keys, parse_range

MADE = ("straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind", "two_pair",
        "one_pair", "high_card")
PAIR = ("overpair", "top_pair", "pocket_pair_between", "middle_pair", "bottom_pair", "underpair",
        "board_pair")


def random_range(rng, game, n):
    """``n`` distinct random hands of ``game``'s deck at weights 1, 1/2 and 1/4, as a Range."""
    g = get_game(game)
    rows = set()
    while len(rows) < n:
        rows.add(tuple(sorted(rng.choice(np.arange(g.low_card, 52), g.hole, replace=False).tolist(),
                              reverse=True)))
    combos = np.array(sorted(rows), np.int64)
    combos = combos[np.argsort(combo_keys(combos))]
    return Range(combos.astype(np.uint8), rng.choice([0.25, 0.5, 1.0], n), "random test range")


def random_spot(seed, game, board_size, n_combos):
    """A random board, 0 to 2 dead cards and a random range, from ``seed``."""
    rng = np.random.default_rng(seed)
    g = get_game(game)
    cards = rng.choice(np.arange(g.low_card, 52), board_size + seed % 3, replace=False).tolist()
    return cards[:board_size], cards[board_size:], random_range(rng, game, n_combos)


def assert_matches_oracle(hits, rng, board, dead, game):
    expected = naive_hits(rng.combos.tolist(), rng.weights.tolist(), board, dead, game)
    assert hits.combos == expected["live"][0]
    assert hits.weight == pytest.approx(expected["live"][1])
    for line in hits.lines:
        count, weight, hands = expected[line.key]
        assert {tuple(row) for row in line.cards.tolist()} == hands, (line.key, board, dead)
        assert (line.combos, line.weight) == (count, pytest.approx(weight)), line.key


def line_sums_hold(hits):
    made = hits.made
    assert sum(line.combos for line in made) == hits.combos
    assert sum(line.weight for line in made) == pytest.approx(hits.weight)
    assert sum(line.percent for line in made) == pytest.approx(100)
    if hits.pair:
        one_pair = hits.line("one_pair")
        assert sum(line.combos for line in hits.pair) == one_pair.combos
        assert sum(line.weight for line in hits.pair) == pytest.approx(one_pair.weight)
    for line in hits.lines:
        assert len(line.hands) == line.combos
        assert line.percent == pytest.approx(100 * line.weight / hits.weight)


# -- against the oracle -----------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("game", ["holdem", "short-deck", "short-deck-trips"])
def test_two_card_games_match_the_oracle_on_random_boards_and_ranges(game, board_size):
    for seed in range(12):
        board, dead, rng = random_spot(seed, game, board_size, 80)
        hits = range_hits(rng, board, dead, game=game)
        assert_matches_oracle(hits, rng, board, dead, game)
        line_sums_hold(hits)


@pytest.mark.slow
@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "omaha-hilo"])
def test_omaha_matches_the_oracle_on_random_boards_and_ranges(game, board_size):
    for seed in range(5):
        board, dead, rng = random_spot(100 + seed, game, board_size, 30)
        hits = range_hits(rng, board, dead, game=game)
        assert_matches_oracle(hits, rng, board, dead, game)
        line_sums_hold(hits)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "board"), [("holdem", "9h8h6c"), ("holdem", "Th9h5h8c"),
                                             ("short-deck", "Ah8h7c"), ("short-deck-trips", "9s9hJcQc")])
def test_every_hand_on_a_drawing_board_matches_the_oracle(game, board):
    rng = parse_range("random").without(get_game(game).off_deck)
    hits = range_hits("random", board, game=game)
    assert_matches_oracle(hits, rng, parse_cards(board), [], game)


def test_made_hands_and_pair_parts_add_up_on_many_random_boards():
    """The kernel's own sums, over many more boards than the oracle can afford (the oracle asserts that
    exactly one pair part holds for every one-pair hand it sees)."""
    for seed in range(300):
        game = ("holdem", "short-deck", "omaha")[seed % 3]
        board, dead, rng = random_spot(1000 + seed, game, 3 + seed % 3, 150 if game != "omaha" else 60)
        line_sums_hold(range_hits(rng, board, dead, game=game))


# -- by hand --------------------------------------------------------------------------------------------

def hand(combo, board, dead="", game="holdem"):
    """The non-zero line keys of one combo."""
    return {line.key for line in range_hits(combo, board, dead, game=game).lines if line.combos}


def oracle(combo, board, dead="", game="holdem"):
    made, part, draws = naive_hand_hits(parse_cards(combo), parse_cards(board), parse_cards(dead), game)
    return {made.lower().replace(" ", "_"), *([part] if part else []), *draws}


@pytest.mark.parametrize(("combo", "board", "dead", "game", "keys"), [
    # an open-ender on a two-tone board; with the suit, a combo draw
    ("JcTd", "9h8h2c", "", "holdem", {"high_card", "open_ended", "two_overcards"}),
    ("JhTh", "9h8h2c", "", "holdem",
     {"high_card", "open_ended", "two_overcards", "flush_draw", "combo_draw"}),
    # a gutshot (only a ten), and a double gutshot (a six or a ten) counted as open-ended
    ("Jc7d", "9h8h2c", "", "holdem", {"high_card", "gutshot"}),
    ("Jc7d", "9h5c8s", "", "holdem", {"high_card", "open_ended"}),
    # a gutshot whose four outs are dead is no draw
    ("Jc7d", "9h8h2c", "TcTdThTs", "holdem", {"high_card"}),
    # 4 makes a straight on the board alone, not the hand's: T-x on 5-6-7-8 draws to the 9 only
    ("Td2c", "5h6c7d8s", "", "holdem", {"high_card", "gutshot"}),
    # the wheel
    ("Ad2c", "3h4s9c", "", "holdem", {"high_card", "gutshot"}),
    # a flush draw with one hole card: the nut one with the ace, not with the queen
    ("Ah2c", "Kh8h3h", "", "holdem", {"high_card", "flush_draw", "nut_flush_draw"}),
    ("Qh2c", "Kh8h3h", "", "holdem", {"high_card", "flush_draw"}),
    # the king is the nut card with the ace on the board; the queen when the king is dead
    ("KhQh", "Ah8h3c", "", "holdem", {"high_card", "flush_draw", "nut_flush_draw"}),
    ("QhJh", "Ah8h3c", "Kh", "holdem", {"high_card", "flush_draw", "nut_flush_draw"}),
    # four of a suit on the board: no flush draw without one (a hole card of the suit is a flush)
    ("AcQc", "Kh8h3h2h", "", "holdem", {"high_card"}),
    ("QhJc", "Kh8h3h2h", "", "holdem", {"flush"}),
    # a backdoor flush draw on the flop; the turn has none
    ("KhQh", "Ah8c3d", "", "holdem", {"high_card", "backdoor_flush_draw"}),
    ("KhQh", "Ah8c3d2s", "", "holdem", {"high_card"}),
    # a made straight with a flush draw
    ("Th9h", "8h7h6c", "", "holdem", {"straight", "flush_draw"}),
    # the pair parts
    ("QhQd", "Jh8c3d", "", "holdem", {"one_pair", "overpair"}),
    ("9s9d", "Jh8c3d", "", "holdem", {"one_pair", "pocket_pair_between"}),
    ("2s2d", "Jh8c3d", "", "holdem", {"one_pair", "underpair"}),
    ("AsJd", "Jh8c3d", "", "holdem", {"one_pair", "top_pair"}),
    ("As8d", "Jh8c3d", "", "holdem", {"one_pair", "middle_pair"}),
    ("As3s", "Jh8c3d", "", "holdem", {"one_pair", "bottom_pair"}),
    ("AsKd", "Jh8c8d", "", "holdem", {"one_pair", "board_pair"}),
    # short deck: A-6-7-8-9 is a straight; trips draw to a straight only where a straight beats them
    ("9sKd", "Ah7c8d", "", "short-deck", {"high_card", "gutshot"}),
    ("9sKd", "Ah7c8d", "", "holdem", {"high_card"}),
    ("Td9d", "9h9cJsQc", "", "short-deck", {"three_of_a_kind", "open_ended"}),
    ("Td9d", "9h9cJsQc", "", "short-deck-trips", {"three_of_a_kind"}),
    ("Td9d", "9h9cJsQc", "", "holdem", {"three_of_a_kind", "open_ended"}),
    # Omaha: a flush draw needs two hole cards of the suit; a backdoor two in the hand and one on the board
    ("AhQcJd2s", "Kh8h3c", "", "omaha", {"high_card"}),
    ("Ah5hJd2s", "Kh8h3c", "", "omaha", {"high_card", "flush_draw", "nut_flush_draw"}),
    ("Ah5hJd2s", "Kh8c3c", "", "omaha", {"high_card", "backdoor_flush_draw"}),
    # an Omaha wrap: 20 outs of six ranks
    ("JdTs7c6h", "9h8c2d", "", "omaha", {"high_card", "open_ended"}),
    # an Omaha gutshot (Q-J with a ten), none when the tens are dead
    ("QcJd4s3s", "9h8c2d", "", "omaha", {"high_card", "gutshot"}),
    ("QcJd4s3s", "9h8c2d", "TcTdThTs", "omaha", {"high_card"}),
])
def test_each_draw_by_hand(combo, board, dead, game, keys):
    assert hand(combo, board, dead, game) == keys
    assert oracle(combo, board, dead, game) == keys


def test_the_backdoor_line_is_on_the_flop_only_and_draws_not_on_the_river():
    keys = lambda board: [line.key for line in range_hits("AKs", board).lines]  # noqa: E731
    assert "backdoor_flush_draw" in keys("Ah8c3d")
    assert "backdoor_flush_draw" not in keys("Ah8c3d2s")
    assert [k for k in keys("Ah8c3d2s9h") if k not in MADE + PAIR] == []
    omaha = [line.key for line in range_hits("AAxx", "Kh8c3d", game="plo").lines]
    assert [k for k in omaha if k in PAIR or k == "two_overcards"] == []


def test_weights_count_in_proportion():
    hits = range_hits("AKs@50,QQ", "Kh8c3d")
    assert (hits.combos, hits.weight) == (9, 7.5)  # AhKh and the other three AKs, half each; six QQ
    top = hits.line("top_pair")
    assert (top.combos, top.weight, top.percent) == (3, 1.5, pytest.approx(20))
    assert hits.line("pocket_pair_between").weight == 6
    assert hits.classes["AKs"]["one_pair"] == 1.5


def test_dead_cards_remove_combos_and_board_cards_too():
    assert range_hits("AA", "Kh8c3d").combos == 6
    assert range_hits("AA", "Kh8c3d", "As").combos == 3
    assert range_hits("AA", "Ah8c3d", "As").combos == 1
    hits = range_hits("AA,KK", "Kh8c3d", "AsAd")
    assert (hits.combos, hits.line("three_of_a_kind").combos, hits.line("overpair").combos) == (4, 3, 1)


def test_classes_hold_each_class_live_weight_by_category_as_the_grid_counts_it():
    hits = range_hits("22+,A2s+,KTo+@50,76s", "Ks7s2d", "Ac")
    grid = range_grid("22+,A2s+,KTo+@50,76s", "Ks7s2d", "Ac")
    assert list(hits.classes)[:4] == ["AA", "AKs", "AQs", "AJs"]  # chart order; no AKo in this range
    for name, weights in hits.classes.items():
        assert list(weights) == list(MADE)
        assert sum(weights.values()) == pytest.approx(grid.cell(name).weight), name
    assert {c.name for c in grid.cells if c.held} == set(hits.classes)
    assert hits.classes["KK"]["three_of_a_kind"] == 3 and hits.classes["77"]["three_of_a_kind"] == 3
    assert range_hits("AAxx", "Ks7s2d", game="plo").classes == {}


def test_hands_are_listed_strongest_first():
    hits = range_hits("AsKs,AcAd,7c7h,QsJs", "Ts7s2s")
    assert hits.line("flush").hands == ("AsKs", "QsJs")
    assert hits.line("three_of_a_kind").hands == ("7h7c",)
    assert hits.line("flush").cards.tolist() == [parse_cards("AsKs"), parse_cards("QsJs")]


def test_inputs_as_text_ranges_card_ids_and_games():
    text = range_hits("QQ+,AKs", "Ah8h3c", "2c")
    ids = range_hits(parse_range("QQ+,AKs"), parse_cards("Ah8h3c"), parse_cards("2c"), game=get_game("nlhe"))
    assert text.to_dict() == ids.to_dict()
    assert (text.game, text.range, text.board, text.dead) == ("holdem", "QQ+,AKs", "Ah8h3c", "2c")
    assert text.street == "flop"
    assert range_hits("20%", "Ah8h3c4d").street == "turn"
    assert range_hits("random", "Ah8h3c").combos == math.comb(49, 2)
    assert range_hits("random", "Ah8h7c", game="6+").combos == math.comb(33, 2)
    assert range_hits("random", "Ah8h3c", game="plo").combos == math.comb(49, 4)
    big_o = range_hits("AAxxx", "Ah8h3c2d", game="big-o")
    assert big_o.game == "omaha5-hilo" and big_o.pair == () and big_o.combos > 0


def test_to_dict_is_strict_json_with_the_documented_keys():
    hits = range_hits("QQ+,AKs,A5s-A2s@50", "Kh8h3c", "2c")
    data = json.loads(json.dumps(hits.to_dict(), allow_nan=False))
    assert list(data) == ["game", "range", "board", "dead", "combos", "weight", "made", "pair", "draws",
                          "classes"]
    assert [item["key"] for item in data["made"]] == list(MADE)
    assert [item["key"] for item in data["pair"]] == list(PAIR)
    assert all(list(item) == ["key", "name", "combos", "weight", "percent"]
               for item in data["made"] + data["pair"] + data["draws"])
    assert data["made"][7] == {"key": "one_pair", "name": "One Pair", "combos": 18, "weight": 16.5,
                               "percent": pytest.approx(100 * 16.5 / hits.weight)}
    short = range_hits("TT+", "Kh8h7c", game="short-deck").to_dict()
    assert [item["key"] for item in short["made"]][2:4] == ["flush", "full_house"]  # its own order


# -- errors ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "kwargs", "error", "message"), [
    (("AA", ""), {}, ScenarioError, "hits needs a board: 3, 4 or 5 cards; got none"),
    (("AA", "AhKd"), {}, ScenarioError, "hits needs a board: 3, 4 or 5 cards; got 2 (AhKd)"),
    (("AA", "AhKdQc2c3c4c"), {}, ScenarioError, "hits needs a board: 3, 4 or 5 cards; got 6"),
    (("QQ+,AKz", "AhKdQc"), {}, RangeError, "range element 'AKz'"),
    (("AAxx", "AhKdQc"), {}, RangeError, "--game plo"),
    (("AsKs", "AhKdQc", "Qc"), {}, DuplicateCardError, "card Qc appears in the board and in the dead cards"),
    (("AsKs", "AhKdAh"), {}, DuplicateCardError, "card Ah appears twice in the board"),
    (("AsKs", "AhKdQx"), {}, CardError, "unknown suit 'x'"),
    (("AsKs", "AhKdQc", "5c"), {"game": "6+"}, CardError, "card 5c in the dead cards is not in"),
    (("AsKs", "AsKdQc"), {}, RangeError, "As is on the board and in AsKs, the range's only combo"),
    (("AsKs", "AhKdQc", "Ks"), {}, RangeError, "Ks is dead and in AsKs, the range's only combo"),
    (("AhAd", "AhKdQc"), {}, RangeError, "Ah is on the board and in AhAd, the range's only combo"),
    (("AA", "AhAdQc", "AsAc"), {}, RangeError, "every combo of the range 'AA' uses a board or dead card (6"),
    (("AA", "AhKdQc"), {"game": "courchevel"}, GameError, "unknown game 'courchevel'"),
    (("random", "AhKdQc"), {"game": "plo5"}, RangeError, "2,598,960"),
])
def test_bad_input_is_one_line_naming_the_token(args, kwargs, error, message):
    with pytest.raises(error) as info:
        range_hits(*args, **kwargs)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, EquityError)


def test_a_game_without_a_board_or_a_range_of_another_size_is_refused():
    with pytest.raises(GameError, match="seven-card stud has no board"):
        range_hits("AA", "AhKdQc", game="stud")
    with pytest.raises(GameError, match="has 4-card hands; hold'em deals 2"):
        range_hits(get_game("plo").parse_range("AAKK"), "AhKdQc")
