"""The fast way for small spots of specific hands (equity.questions.small_spots): the same results as the
general way, field for field, and the general way for everything else.

Expected values come from the general way (Scenario, Plan, batched enumeration: a second implementation)
and from the naive oracle (tests/naive.py), never from the fast way's own output.
"""

import json
from fractions import Fraction

import naive
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import equity
from equity.cards import ASCII_CARD_PARTS, CARD_NAMES, _read_cards, format_cards, parse_cards
from equity.errors import CardError, DuplicateCardError, EquityError, RangeError
from equity.options import RunOptions
from equity.questions import calculate as choose
from equity.questions.asking import batch
from equity.questions.small_spots import calculate_fixed
from equity.scenario import Scenario


def general(players, board="", dead="", game=None):
    """The general way's exact result."""
    return choose.calculate_scenario(Scenario.build(players, board, dead, game), RunOptions(method="exact"))


def same(fast, slow):
    """Every field of two results but their clocks."""
    assert fast is not None
    assert fast.players == slow.players
    for name in ("method", "trials", "seed", "board", "dead", "game", "low", "combos"):
        assert getattr(fast, name) == getattr(slow, name), name
    assert fast.to_dict() | {"elapsed_s": 0} == slow.to_dict() | {"elapsed_s": 0}


def spelled(cards, draw):
    """Cards run together, each in a spelling the card parser reads (either case)."""
    out = []
    for card in cards:
        name = format_cards([card])
        spellings = [name, name.lower(), name.upper(), name[0].lower() + name[1].upper()]
        out.append(draw(st.sampled_from(spellings)))
    return "".join(out)


@st.composite
def spots(draw, low_card=0):
    deck = list(range(low_card, 52))
    n_players = draw(st.integers(2, 6))
    n_board = draw(st.sampled_from([3, 4, 5]))
    n_dead = draw(st.integers(0, 3))
    cards = draw(st.permutations(deck))[:2 * n_players + n_board + n_dead]
    hands = [spelled(cards[2 * i:2 * i + 2], draw) for i in range(n_players)]
    board = spelled(cards[2 * n_players:2 * n_players + n_board], draw)
    dead = spelled(cards[2 * n_players + n_board:], draw)
    return hands, board, dead


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots())
def test_holdem_spots_are_the_general_ways_results(spot):
    hands, board, dead = spot
    fast = calculate_fixed(hands, board, dead)
    same(fast, general(hands, board, dead))
    same(equity.calculate(hands, board, dead), fast)
    same(equity.calculate(hands, board, dead, method="exact", threads=1), fast)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(low_card=16), st.sampled_from(["short-deck", "short-deck-trips"]))
def test_short_deck_spots_are_the_general_ways_results(spot, game):
    hands, board, dead = spot
    same(calculate_fixed(hands, board, dead, game), general(hands, board, dead, game))


@pytest.mark.parametrize("hands, board, dead", [
    (["AsKs", "QdQc", "Jh8h"], "Th9h2c", ""),
    (["AhAd", "7c6c"], "8c9dKs", "2c"),
    (["5s4s", "AcKd", "QhQs"], "6s7dTc2h", ""),
    (["2c2d", "3c3d", "4c4d", "5h5s"], "AcKcQc", "JcTd"),  # every hand plays the board's royal flush
])
def test_against_the_naive_oracle(hands, board, dead):
    fast = calculate_fixed(hands, board, dead)
    want = naive.naive_equity([tuple(parse_cards(h)) for h in hands], parse_cards(board), parse_cards(dead))
    assert fast is not None
    for p, (win, tie, share) in zip(fast.players, want, strict=True):
        assert (p.win, p.tie, p.equity) == (float(win), float(tie), float(share))
    assert sum(Fraction(p.equity) for p in fast.players) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("players, board, dead, game", [
    (["AsKs", "QQ"], "Th9h2c", "", None),  # a range
    (["AsKs", "random"], "Th9h2c", "", None),
    (["AsKs", None], "Th9h2c", "", None),
    (["AsKs", 2], "Th9h2c", "", None),
    (["As Ks", "QdQc"], "Th9h2c", "", None),  # spelled with a space
    (["AsKs", "QdQc"], "Th 9h 2c", "", None),
    (["10sKs", "QdQc"], "Th9h2c", "", None),
    (["A♠️K♠", "QdQc"], "Th9h2c", "", None),  # a symbol with its presentation selector
    (["AsKs", "QdQc"], "Th9h2c", "Ks", None),  # a duplicate: the general way names it
    (["AsKs", "AsQc"], "Th9h2c", "", None),
    (["AsXs", "QdQc"], "Th9h2c", "", None),  # an unknown card
    (["AsKs", "QdQc"], "Th9h", "", None),  # two board cards
    (["AsKs", "QdQc"], "", "", None),  # preflop: 1.7 M boards, worth threads
    (["AsKsQsJs", "2c3d4h5c"], "Th9h2c", "", None),  # Omaha
    (["AsKs", "QdQc"], "Th9h2c", "", "plo"),
    (["AsKs", "QdQc"], "Th9h2c", "", "omaha-hilo"),
    (["AsKs", "5d5c"], "Th9h2c", "", "short-deck"),  # a card below the short deck's six
    (["AsKs", "QdQc"], "Th9h2c", "", "no such game"),
    (["AsKs"], "Th9h2c", "", None),
    ("AsKs", "Th9h2c", "", None),
    (["AsKs", "QdQc"], [34, 30, 0], "", None),  # card ids
])
def test_everything_else_goes_the_general_way(players, board, dead, game):
    assert calculate_fixed(players, board, dead, game) is None


@pytest.mark.parametrize("players, board, dead, error, named", [
    (["AsKs", "QdQc"], "Th9h2c", "Ks", DuplicateCardError, "Ks"),
    (["AsKs", "AsQc"], "Th9h2c", "", DuplicateCardError, "As"),
    (["AsXs", "QdQc"], "Th9h2c", "", RangeError, "Xs"),
    (["AsKs", "QdQc"], "Th9h2x", "", CardError, "2x"),
    (["AsKs", "QdQc"], "Th9h", "", EquityError, "Th9h"),
    (["AsKs"], "Th9h2c", "", EquityError, "opponent"),
])
def test_bad_input_gets_the_general_ways_message(players, board, dead, error, named):
    with pytest.raises(error, match=named):
        equity.calculate(players, board, dead)


def test_calculate_takes_it_without_building_a_scenario(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the general way ran")

    want = general(["AsKs", "QdQc", "Jh8h"], "Th9h2c")
    monkeypatch.setattr(Scenario, "build", refuse)
    same(equity.calculate(["AsKs", "QdQc", "Jh8h"], "Th9h2c"), want)
    with pytest.raises(AssertionError, match="general way"):  # any option it does not take: the general way
        equity.calculate(["AsKs", "QdQc", "Jh8h"], "Th9h2c", categories=True)
    with pytest.raises(AssertionError, match="general way"):
        equity.calculate(["AsKs", "QdQc", "Jh8h"], "Th9h2c", threads=2)


def test_options_it_does_not_take_keep_their_meaning():
    spot = (["AsKs", "QdQc", "Jh8h"], "Th9h2c")
    assert equity.calculate(*spot, seed=7).method == "monte-carlo"
    assert equity.calculate(*spot, method="monte-carlo", trials=1000).trials == 1000
    cats = equity.calculate(*spot, categories=True)
    assert cats.players[0].categories is not None
    assert [p.equity for p in cats.players] == [p.equity for p in equity.calculate(*spot).players]


def test_a_batch_line_of_specific_hands_answers_as_the_general_way():
    record = {"id": "x", "players": ["AsKs", "QdQc", "Jh8h"], "board": "Th9h2c", "dead": "2d"}
    text, failed = batch.answer(batch.Line(1, json.dumps(record)))
    assert not failed
    got = json.loads(text)
    want = general(record["players"], record["board"], record["dead"]).to_dict()
    assert got | {"elapsed_s": 0} == {"line": 1, "id": "x", **want} | {"elapsed_s": 0}
    bad, failed = batch.answer(batch.Line(2, json.dumps(record | {"dead": "Ks"})))
    assert failed and "Ks" in json.loads(bad)["error"]


@pytest.mark.parametrize("n_players, n_board", [(10, 3), (20, 3), (23, 3), (22, 4), (12, 5)])
def test_many_players_are_the_general_ways_results(n_players, n_board):
    """Up to 23 players: the kernel's exact figures over lcm(1 .. 23), the widest scale it forms."""
    cards = [format_cards([c]) for c in range(51, 51 - 2 * n_players - n_board, -1)]
    hands = ["".join(cards[2 * i:2 * i + 2]) for i in range(n_players)]
    board = "".join(cards[2 * n_players:])
    same(calculate_fixed(hands, board), general(hands, board))


def test_suit_symbols_take_it_too(monkeypatch):
    spot = (["A♠K♠", "Q♦Q♣"], "T♥9♡2♧", "7♦")
    want = general(*spot)
    monkeypatch.setattr(Scenario, "build", lambda *a, **k: pytest.fail("the general way ran"))
    got = equity.calculate(*spot)
    same(got, want)
    assert (got.board, got.dead, [p.hand for p in got.players]) == ("Th9h2c", "7d", ["A♠K♠", "Q♦Q♣"])


def test_the_kernel_reads_every_pair_of_ascii_characters_as_the_parser():
    """Each of the 128 x 128 pairs: the one card parse_cards reads from it, or none (an error, no card,
    or not one card); and the pairs the table's spelling row passes are those CARD_NAMES writes."""
    read = np.empty((128, 128), np.int64)
    want = np.full((128, 128), -1)
    spelled_as_names = set()
    for a in range(128):
        for b in range(128):
            cards, ok = _read_cards(bytes([a, b]), ASCII_CARD_PARTS, 0)
            read[a, b] = cards[0] if ok else -1
            if ok and ASCII_CARD_PARTS[2, a] == ASCII_CARD_PARTS[2, b] == 1:
                spelled_as_names.add(chr(a) + chr(b))
            try:
                parsed = parse_cards(chr(a) + chr(b))
            except EquityError:
                continue
            if len(parsed) == 1:
                want[a, b] = parsed[0]
    assert (read == want).all()
    assert (want >= 0).sum() == 18 * 8  # 2-9, T J Q K A in either case; each suit in either case
    assert spelled_as_names == set(CARD_NAMES)


@pytest.mark.parametrize("text, low_card, n_read", [
    ("AsKsAs", 0, 2),  # a duplicate
    ("AsKs5d", 16, 2),  # below the short deck's six
    ("AsXs", 0, 1),
    ("As\u00e9s", 0, 1),  # a character past ASCII (as one byte would read)
])
def test_the_kernel_refuses_what_is_no_card_of_the_deck(text, low_card, n_read):
    cards, ok = _read_cards(np.frombuffer(text.encode("latin-1"), np.uint8), ASCII_CARD_PARTS, low_card)
    assert not ok and len(cards) == n_read
