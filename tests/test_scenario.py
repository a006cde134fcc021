"""A Scenario is valid by construction: no public path reaches an engine with a bad one."""

import re
from itertools import combinations
from math import comb

import numpy as np
import pytest

import equity
from equity.engines import exact
from equity.engines import montecarlo as simulate
from equity.errors import CardError, DuplicateCardError, RangeError, ScenarioError
from equity.games import get_game
from equity.questions import calculate as engine
from equity.ranges import parse_range
from equity.scenario import Scenario, cards_out, every_hand_range

AKS, QQ = parse_range("AsKs"), parse_range("QQ")


@pytest.mark.parametrize(("args", "kwargs", "error", "needle"), [
    (((None,) * 24,), {}, ScenarioError, "24 players is too many: at most 23"),
    (((None,) * 30,), {}, ScenarioError, "30 players is too many"),
    (((AKS,),), {}, ScenarioError, "at least one opponent"),
    (((AKS, None),), {"board": (0, 1, 2, 3, 4, 5)}, ScenarioError, "a board has 0, 3, 4 or 5 cards"),
    (((AKS, None),), {"board": (0, 1)}, ScenarioError, "has 2"),
    (((AKS, None),), {"board": (0, 1, 60)}, CardError, "card id 60 is out of range"),
    (((AKS, None),), {"board": (0, 1, -1)}, CardError, "card id -1 is out of range"),
    (((AKS, None),), {"dead": (True,)}, CardError, "True is not a card"),
    (((AKS, None),), {"board": (51, 1, 2)}, DuplicateCardError,
     "card As appears in the hero's hand and in the board"),
    (((AKS, parse_range("AsAh")),), {}, DuplicateCardError, "card As appears"),
    (((AKS, parse_range("AA")),), {"board": (50, 49, 48)}, RangeError,
     "villain 1's range 'AA' has no combo left"),
])
def test_constructing_a_bad_scenario_raises(args, kwargs, error, needle):
    with pytest.raises(error, match=re.escape(needle)):
        Scenario(*args, **kwargs)


@pytest.mark.parametrize("player", ["AsKs", 2, ("As", "Ks"), [51, 47], True])
def test_a_scenario_holds_ranges_or_none_only(player):
    with pytest.raises(TypeError, match="villain 1: a Scenario's players are Range objects or None"):
        Scenario((AKS, player))


def test_a_valid_scenario_is_normalised():
    s = Scenario([AKS, QQ, parse_range("random")], board=np.array([0, 4, 8]), dead=["Td"])
    assert s.players == (AKS, QQ, None)  # a random range is a random hand
    assert s.board == (0, 4, 8) and s.dead == (33,)
    assert Scenario.build(["AsKs", "QQ", "random"], board="2c3c4c", dead="Td").labels() == s.labels()


@pytest.mark.parametrize(("players", "board", "dead", "game"), [
    (["AsKs", "QQ", "random"], "2c3c4c", "Td", None),
    (["AhAd", "KsKc"], "Th9h6c", "", "6+"),
    (["AsAhKsKh", "JdTd9c8c"], "", "2c", None),
])
def test_live_cards_and_holes_are_fresh_copies(players, board, dead, game):
    """The deck less every known card (a plain filter over the deck); kernels may deal from these arrays
    in place, so each read is a copy the scenario does not share."""
    s = Scenario.build(players, board=board, dead=dead, game=game)
    known = set(s.known)
    assert s.live.tolist() == [c for c in s.game.deck if c not in known] and s.live.dtype == np.uint8
    live, holes = s.live, s.holes
    live[:] = 0
    holes[:] = 0
    assert s.live.tolist() == [c for c in s.game.deck if c not in known]
    assert (s.holes != 0).any()


def test_engines_take_only_scenarios():
    for run in (simulate.simulate, exact.enumerate_exact, engine.calculate_scenario):
        with pytest.raises(TypeError, match="expected a Scenario"):
            run(["AsKs", "QdQc"])


def test_a_direct_scenario_gives_the_built_ones_numbers():
    direct = engine.calculate_scenario(Scenario((AKS, QQ)))
    built = equity.calculate(["AsKs", "QQ"])
    assert direct.to_dict() | {"elapsed_s": 0} == built.to_dict() | {"elapsed_s": 0}


@pytest.mark.parametrize("cards", [[-1], [52], [True], [1.5], ["As", 99]])
def test_card_formatting_rejects_what_is_not_a_card_id(cards):
    with pytest.raises(CardError):
        equity.format_cards(cards)


@pytest.mark.parametrize(("game", "hole", "deck"), [("holdem", 2, 52), ("short deck", 2, 36), ("plo", 4, 52)])
def test_every_hand_range_is_every_hand_of_the_deck_once(game, hole, deck):
    rng = every_hand_range(get_game(game))
    assert len(rng) == comb(deck, hole) and rng.text == "random" and (rng.weights == 1.0).all()
    low = 52 - deck
    assert {tuple(r) for r in rng.combos.tolist()} == set(combinations(range(51, low - 1, -1), hole))
    assert rng.is_random(deck)


@pytest.mark.parametrize("game", ["holdem", "short deck"])
def test_every_two_card_range_is_what_the_questions_built_before(game):
    """Regression pin: grid, hits and dist each wrote ``parse_range("random").without(game.off_deck)``."""
    chosen = get_game(game)
    old = parse_range("random").without(chosen.off_deck)
    new = every_hand_range(chosen)
    assert np.array_equal(new.combos, old.combos) and np.array_equal(new.weights, old.weights)


@pytest.mark.parametrize(("game", "known"), [("holdem", []), ("holdem", [0, 17, 51]),
                                             ("short deck", [51, 40]), ("plo", [3, 4, 5])])
def test_cards_out_are_the_known_cards_and_the_cards_off_the_deck(game, known):
    chosen = get_game(game)
    out = cards_out(chosen, known)
    assert out.dtype == np.uint8 and out.shape == (52,)
    assert int(out.sum()) == len(set(known)) + chosen.low_card  # a count: short deck's 16 low cards
    assert np.array_equal(np.flatnonzero(out == 0), chosen.cards_left(known))  # the deck's complement
