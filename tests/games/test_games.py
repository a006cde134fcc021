"""Omaha (PLO4/5/6) and short deck through the public API and the CLI, against tests/naive.py.

Expected numbers come from the brute-force oracles of tests/naive.py (every completion of the board,
Fractions), from combinatorial counts, from a second enumeration with the already-tested evaluators, or
from invariants. Monte Carlo is held to four standard errors of the exact answer with fixed seeds.
"""

import json
import math
import subprocess
import sys
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import naive
import numpy as np
import pytest
from click.testing import CliRunner

import equity
from equity.cards import parse_cards
from equity.cli import cli
from equity.evaluators.omaha import evaluate_omaha_many
from equity.evaluators.shortdeck import evaluate_short_many
from equity.games import get_game

SHORT_DECK = range(16, 52)
RULES = {"short-deck": "standard", "short-deck-trips": "trips-beat-straight"}
HOLE = {"omaha": 4, "omaha5": 5, "omaha6": 6}
KEYS = {name: name.lower().replace(" ", "_") for name in naive.CATEGORY_NAMES}


omaha_value = lru_cache(maxsize=None)(naive.naive_omaha_value)


def ids(text):
    return tuple(parse_cards(text)) if text else ()


def hands_of(players):
    return [ids(p) if p is not None else None for p in players]


def calc(players, board="", dead="", **kw):
    result = equity.calculate(players, board, dead, **kw)
    assert math.isclose(sum(p.equity for p in result.players), 1.0, abs_tol=1e-12)
    return result


def assert_exact(result, want):
    assert result.method == "exact"
    for p, (win, tie, eq) in zip(result.players, want, strict=True):
        assert abs(p.win - float(win)) <= 1e-12, (p.hand, p.win, float(win))
        assert abs(p.tie - float(tie)) <= 1e-12, (p.hand, p.tie, float(tie))
        assert abs(p.equity - float(eq)) <= 1e-12, (p.hand, p.equity, float(eq))
        assert p.stderr == 0


def numbers(result):
    return [(p.win, p.tie, p.equity) for p in result.players]


def completions(deck, players, board, dead, hole):
    """(board, deal) pairs an exact run enumerates: completions of the board times the random hands."""
    known = sum(len(p) for p in players if p is not None) + len(board) + len(dead)
    left = len(deck) - known
    total = math.comb(left, 5 - len(board))
    left -= 5 - len(board)
    for p in players:
        if p is None:
            total *= math.comb(left, hole)
            left -= hole
    return total


# --- Omaha exact against the oracle ---------------------------------------------------------------

OMAHA_CASES = [
    # (game, players, board, dead)
    # Four hearts in hand on a two-heart turn: a flush needs a heart on the river (exactly two in hand).
    ("omaha", ["AhKh7h6h", "QcQdJsTs"], "Th5h2c3c", ""),
    # Three hearts on the board: both hands flush, straight flushes possible.
    ("omaha", ["AhKh7h6h", "QhJh9c8c"], "Th5h2h8d", ""),
    # River: a straight flush over quads made with a pocket pair and a board pair.
    ("omaha", ["JhThKcKd", "2s2dAcAs"], "9h8h7h2c2h", ""),
    # River: a three-way board where two players split a king-high straight.
    ("omaha", ["Tc9c3d4h", "Td9d3c4s", "AhAd6c6s"], "AsKdQhJc5h", ""),
    # Board quads play as trips with the best two-card kicker: both kick with an ace-king, a split.
    ("omaha", ["AhKd7c2s", "AdKh8c3s"], "9c9d9h9s4c", ""),
    # Three players on the turn with dead cards.
    ("omaha", ["AsAhKsKh", "QdQcJdJc", "9s8s7h6h"], "Ts5d2h3c", "4s4d"),
    # Flops.
    ("omaha", ["AsAhKsKh", "QdQcJdJc"], "2s3s7d", ""),
    ("omaha", ["AhKhQhJh", "9s9c8s8c"], "Th2h3d", "4c"),
    # PLO5: four spades in hand, one spade dead.
    ("omaha5", ["AsKsQsJs2d", "AhAdKhKd9c"], "Ts9s3h4c", "8s"),
    ("omaha5", ["AhKhQcJc9d", "8s8d7s7d2c"], "Th9h3s", "As"),
    ("omaha5", ["AhKhQcJc9d", "8s8d7s7d2c", "6h6c5h5c4d"], "Th9h3s2h", ""),
    # PLO6.
    ("omaha6", ["AsKsQhJh9c8c", "AdAcKdKc7s6s", "2h3h4d5d6d7d"], "Th9h8d2c", ""),
    ("omaha6", ["AsKsQhJh9c8c", "AdAcKdKc7s6s"], "Th9h8d", ""),
    ("omaha6", ["AsKsQsJsTs9s", "AhKhQhJhThTd"], "2s3s4h5c6d", ""),
]


@pytest.mark.parametrize(("game", "players", "board", "dead"), OMAHA_CASES)
def test_omaha_exact_matches_the_oracle(game, players, board, dead):
    hands = hands_of(players)
    want = naive.naive_game_equity(hands, ids(board), ids(dead), omaha_value)
    result = calc(players, board, dead, game=game, method="exact")
    assert result.game == game
    assert_exact(result, want)
    assert result.trials == completions(range(52), hands, ids(board), ids(dead), HOLE[game])


# With most of the deck dead a random opponent is small enough for the oracle to deal every hand.
RIVER_DEAD = "2c2d2h3c3d3h4c4d4h5c5d5h6c6d6h7c7d7h8c8d8h9c9d9hJcJdJhQcQdQh"


@pytest.mark.parametrize(("game", "players", "board"), [
    ("omaha", ["AsAhKsKh", None], "2s3s7sTcTs"),
    ("omaha", ["AsAhKsKh", None], "2s3s7sTc"),
    ("omaha5", ["AsAhKsKhQs", None], "2s3s7sTcTd"),
])
def test_omaha_exact_random_opponent_matches_the_oracle(game, players, board):
    hands = hands_of(players)
    want = naive.naive_game_equity(hands, ids(board), ids(RIVER_DEAD), omaha_value,
                                   hole=HOLE[game])
    result = calc(players, board, RIVER_DEAD, game=game, method="exact")
    assert_exact(result, want)
    assert result.trials == completions(range(52), hands, ids(board), ids(RIVER_DEAD), HOLE[game])
    left = 52 - len(ids(RIVER_DEAD)) - len(hands[0]) - len(ids(board))
    assert result.players[1].combos == math.comb(left, HOLE[game])


def test_omaha_hand_is_implied_by_four_to_six_cards():
    for players, game in ((["AsAhKsKh", "QdQcJdJc"], "omaha"), (["AsAhKsKh2c", "QdQcJdJc3c"], "omaha5"),
                          (["AsAhKsKh2c3c", "QdQcJdJc4c5c"], "omaha6")):
        assert calc(players, "Ts9s8d7c").game == game
        assert calc(players, "Ts9s8d7c").to_dict()["game"] == game


@pytest.mark.parametrize(("alias", "name"), [
    ("plo", "omaha"), ("PLO4", "omaha"), ("Pot-Limit Omaha", "omaha"), ("PLO 5", "omaha5"),
    ("plo6", "omaha6"),
    ("6+", "short-deck"), ("short_deck", "short-deck"), ("6+trips", "short-deck-trips"),
])
def test_game_aliases(alias, name):
    players = {"omaha": ["AsAhKsKh", "QdQcJdJc"], "omaha5": ["AsAhKsKh2c", "QdQcJdJc3c"],
               "omaha6": ["AsAhKsKh2c3c", "QdQcJdJc4c5c"]}.get(name, ["AsKs", "QdQc"])
    result = calc(players, "Ts9s8d7c", game=alias)
    assert result.game == name and result.to_dict()["game"] == name


# --- Short deck exact against the oracle ----------------------------------------------------------

SHORT_CASES = [
    # (players, board, dead)
    # Trips against a made straight: the rule sets disagree.
    (["KhKs", "Ts6d"], "Kc9h8s7c", ""),
    (["KhKs", "Ts6d"], "Kc9h8s7cQd", ""),
    # Trips against A-6-7-8-9, the lowest straight.
    (["KhKs", "As6s"], "9c8d7hKc", ""),
    (["KhKs", "As6s"], "9c8d7hKcQd", ""),
    # A ten-high straight beats A-6-7-8-9 (the ace plays low).
    (["Th6h", "As6s"], "9c8d7hKcQd", ""),
    # A flush beats a full house.
    (["AhTh", "Ks9c"], "KhKd9h8h7c", ""),
    # Trips and a straight in one hand.
    (["9s9d", "AcKc"], "9c8d7h6sTd", ""),
    # Flop, and three players on the turn with a dead card.
    (["AsKs", "QdQc"], "Ts9s8d", ""),
    (["AhKh", "JcJd", "9s8s"], "Th7h6cQs", "Ad"),
]


@pytest.mark.parametrize("game", RULES)
@pytest.mark.parametrize(("players", "board", "dead"), SHORT_CASES)
def test_short_deck_exact_matches_the_oracle(game, players, board, dead):
    hands = hands_of(players)
    want = naive.naive_game_equity(hands, ids(board), ids(dead), naive.naive_short_value(RULES[game]),
                                   deck=SHORT_DECK)
    result = calc(players, board, dead, game=game, method="exact")
    assert result.game == game
    assert_exact(result, want)
    assert result.trials == completions(SHORT_DECK, hands, ids(board), ids(dead), 2)


@pytest.mark.parametrize(("players", "board", "hero"), [
    (["KhKs", "Ts6d"], "Kc9h8s7cQd", (0, 1)),   # trips vs T-high straight: (standard, trips) hero equity
    (["KhKs", "As6s"], "9c8d7hKcQd", (0, 1)),   # trips vs A-6-7-8-9
    (["KhKs", "Ts6d"], "Kc9h8s7c", None),
    (["KhKs", "As6s"], "9c8d7hKc", None),
])
def test_the_rule_sets_disagree_on_trips_against_a_straight(players, board, hero):
    oracle = [naive.naive_game_equity(hands_of(players), ids(board), (), naive.naive_short_value(rules),
                                      deck=SHORT_DECK)[0][2] for rules in RULES.values()]
    got = [calc(players, board, game=game, method="exact").players[0].equity for game in RULES]
    assert oracle[0] != oracle[1] and got[0] != got[1]
    assert oracle[0] < oracle[1] and got[0] < got[1]       # trips gain when they beat a straight
    if hero is not None:
        assert tuple(oracle) == hero and tuple(got) == hero


def test_short_deck_is_not_holdem():
    # A flush over a full house, in short deck only.
    players, board = ["AhTh", "Ks9c"], "KhKd9h8h7c"
    assert [p.equity for p in calc(players, board, game="6+").players] == [1.0, 0.0]
    assert [p.equity for p in calc(players, board).players] == [0.0, 1.0]


def pairs_of(ranks, deck=SHORT_DECK):
    """Every two-card hand of a pair of each rank letter in ``ranks``, as the oracle's tuples."""
    wanted = {"23456789TJQKA".index(r) for r in ranks}
    return [h for h in combinations(deck, 2) if h[0] >> 2 == h[1] >> 2 and h[0] >> 2 in wanted]


def offsuit_and_suited(high, low, deck=SHORT_DECK):
    r1, r2 = "23456789TJQKA".index(high), "23456789TJQKA".index(low)
    return [h for h in combinations(deck, 2) if {h[0] >> 2, h[1] >> 2} == {r1, r2}]


@pytest.mark.parametrize("game", RULES)
@pytest.mark.parametrize(("players", "board", "dead"), [
    (["AsKs", "QQ+,AK@50"], "Ts9s8d7c", ""),
    (["AsKs", "QQ+,AK@50", None], "Ts9s8d7cJh", "6c6d6h7d7h8c8h9c9dTcTd"),
])
def test_short_deck_ranges_match_the_oracle(game, players, board, dead):
    villain = {h: 1 for h in pairs_of("QKA")} | {h: Fraction(1, 2) for h in offsuit_and_suited("A", "K")}
    spec = [ids(players[0]), villain, *([None] if len(players) > 2 else [])]
    want = naive.naive_game_range_equity(spec, ids(board), ids(dead), naive.naive_short_value(RULES[game]),
                                         deck=SHORT_DECK, hole=2)
    result = calc(players, board, dead, game=game, method="exact")
    assert_exact(result, want)
    known = set(ids(players[0]) + ids(board) + ids(dead))
    assert result.players[1].combos == sum(not set(h) & known for h in villain)


def test_omaha_range_and_random_opponent_match_the_oracle():
    hero, board = "AsKhQhJh", "AdKd7c5s2h"
    dead = "3c3d3h4c4d4h5c5d5h6c6d6h7d7h8c8d8h9c9d9hTcTdThJcJdJsQcQd"
    known = ids(hero) + ids(board) + ids(dead)
    spec = [ids(hero), live_combos("AAxx@50,KKxx", known), None]
    want = naive.naive_game_range_equity(spec, ids(board), ids(dead), omaha_value, hole=4)
    result = calc([hero, "AAxx@50,KKxx", None], board, dead, method="exact")
    assert_exact(result, want)


# --- Invariants and published counts ---------------------------------------------------------------

SWAP_CASES = [
    ("omaha", ["AsAhKsKh", "QdQcJdJc", "9s8s7h6h"], "Ts5d2h", "4s"),
    ("omaha5", ["AsKsQsJs2d", "AhAdKhKd9c"], "Ts9s3h4c", ""),
    ("omaha6", ["AsKsQhJh9c8c", "AdAcKdKc7s6s"], "Th9h8d2c", ""),
    ("short-deck", ["AhKh", "JcJd", "9s8s"], "Th7h6c", ""),
    ("short-deck-trips", ["KhKs", "As6s"], "9c8d7h", ""),
]


@pytest.mark.parametrize(("game", "players", "board", "dead"), SWAP_CASES)
def test_swapping_players_swaps_the_results(game, players, board, dead):
    base = numbers(calc(players, board, dead, game=game, method="exact"))
    for order in ([1, 0, *range(2, len(players))], list(reversed(range(len(players))))):
        swapped = numbers(calc([players[i] for i in order], board, dead, game=game, method="exact"))
        assert swapped == [base[i] for i in order]


def relabel(text, perm="hsdc"):
    """The cards with suits c, d, h, s renamed to ``perm``."""
    return "".join(perm["cdhs".index(ch)] if ch in "cdhs" else ch for ch in text)


@pytest.mark.parametrize(("game", "players", "board", "dead"), SWAP_CASES)
def test_relabelling_suits_gives_the_same_result(game, players, board, dead):
    base = numbers(calc(players, board, dead, game=game, method="exact"))
    for perm in ("hsdc", "dchs", "scdh"):
        moved = calc([relabel(p, perm) for p in players], relabel(board, perm), relabel(dead, perm),
                     game=game, method="exact")
        assert numbers(moved) == base


def vectorised_counts(players, deck, score):
    """(wins, ties) per player over every 5-card board of ``deck`` left by the players' cards, from
    ``score(holes (n, h), boards (n, 5))`` (the tested evaluators, lower is better): a second enumeration."""
    hands = [ids(p) for p in players]
    rest = [c for c in deck if c not in {c for h in hands for c in h}]
    boards = np.fromiter((c for five in combinations(rest, 5) for c in five), np.uint8).reshape(-1, 5)
    vals = np.stack([score(np.tile(np.array(h, np.uint8), (len(boards), 1)), boards) for h in hands])
    best = vals.min(axis=0)
    at_best = vals == best
    alone = at_best.sum(axis=0) == 1
    return len(boards), [(int((at_best[i] & alone).sum()), int((at_best[i] & ~alone).sum()))
                         for i in range(len(hands))]


@pytest.mark.parametrize(("game", "players", "boards"), [
    ("omaha", ["AsAhKsKh", "QdQcJdJc"], math.comb(44, 5)),        # 1,086,008 boards
    ("omaha5", ["AsAhKsKh2c", "QdQcJdJc3c"], math.comb(42, 5)),   # 850,668
    ("omaha6", ["AsAhKsKh2c3c", "QdQcJdJcTsTh"], math.comb(40, 5)),  # 658,008
])
def test_preflop_omaha_exact_counts_every_board(game, players, boards):
    result = calc(players, game=game, method="exact")
    assert result.trials == boards
    total, counts = vectorised_counts(players, range(52), evaluate_omaha_many)
    assert total == boards
    for p, (win, tie) in zip(result.players, counts, strict=True):
        assert p.win * boards == pytest.approx(win, abs=1e-6)
        assert p.tie * boards == pytest.approx(tie, abs=1e-6)


@pytest.mark.parametrize("dead", ["", "Ah", "6c7c8c9cTc"])
@pytest.mark.parametrize("game", RULES)
def test_preflop_short_deck_exact_counts_every_board(game, dead):
    players = ["AsKs", "QdQc"]
    result = calc(players, dead=dead, game=game, method="exact")
    boards = math.comb(32 - len(ids(dead)), 5)
    assert result.trials == boards
    deck = [c for c in SHORT_DECK if c not in ids(dead)]
    total, counts = vectorised_counts(
        players, deck, lambda holes, boards: evaluate_short_many(np.hstack([holes, boards]), RULES[game]))
    assert total == boards
    for p, (win, tie) in zip(result.players, counts, strict=True):
        assert p.win * total == pytest.approx(win, abs=1e-6)
        assert p.tie * total == pytest.approx(tie, abs=1e-6)


# --- Monte Carlo against exact ---------------------------------------------------------------------

def assert_within_four_se(mc, exact):
    assert mc.method == "monte-carlo" and exact.method == "exact"
    for p, q in zip(mc.players, exact.players, strict=True):
        for got, want, se in ((p.win, q.win, p.win_stderr), (p.tie, q.tie, p.tie_stderr),
                              (p.equity, q.equity, p.stderr)):
            if se == 0:
                assert got == want
            else:
                assert abs(got - want) <= 4 * se, (p.hand, got, want, se)


@pytest.mark.parametrize(("game", "players", "board", "dead"), [
    ("omaha", ["AsKsQdJd", "AhKhQcJc"], "", ""),
    ("omaha", ["AsAhKsKh", "QdQcJdJc", "9h8h7c6c"], "", ""),
    ("omaha5", ["AsAhKsKh2c", "QdQcJdJcTs"], "", ""),
    ("omaha6", ["AsAhKsKh2c3c", "QdQcJdJcTsTh"], "", ""),
    ("short-deck", ["AsKs", "QdQc"], "", ""),
    ("short-deck-trips", ["AhAd", "KsQs", "9c8c"], "", ""),
    # A random opponent on the river: the exact run deals every hand the opponent may hold.
    ("omaha", ["AsAhKsKh", None], "2s3s7d9hTc", ""),
    ("omaha5", ["AsAhKsKh9c", None], "2s3s7d9hTc", ""),
    ("omaha6", ["AsAhKsKh9c8c", None], "2s3s7d9hTc", "4c4d4h5c5d5h6c6d6h"),
    ("short-deck", ["AsKs", None], "Ts9s8d7c", ""),
])
def test_monte_carlo_within_four_standard_errors_of_exact(game, players, board, dead):
    exact = calc(players, board, dead, game=game, method="exact")
    mc = calc(players, board, dead, game=game, trials=400_000, seed=2026)
    assert mc.trials == 400_000 and mc.seed == 2026 and mc.game == game
    assert_within_four_se(mc, exact)


@pytest.mark.parametrize(("game", "players"), [
    ("omaha", ["AsKsQdJd", "AhAcTh9c"]),
    ("short-deck", ["AsKs", "QdQc"]),
    ("short-deck-trips", ["AhAd", "9c8c"]),
])
def test_monte_carlo_categories_within_four_standard_errors_of_exact(game, players):
    exact = calc(players, game=game, method="exact", categories=True)
    mc = calc(players, game=game, trials=400_000, seed=99, categories=True)
    for p, q in zip(mc.players, exact.players, strict=True):
        assert list(p.categories) == list(q.categories)
        for key, got in p.categories.items():
            for stat in ("frequency", "win", "tie"):
                want = q.categories[key][stat]
                se = math.sqrt(want * (1 - want) / mc.trials)   # binomial, at the exact frequency
                assert abs(got[stat] - want) <= 4 * se, (p.hand, key, stat, got[stat], want, se)


# --- Reproducibility -------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players", "board"), [
    ("omaha", ["AsAhKsKh", None, None], ""),
    ("omaha", ["AsAhKsKh", "AAxx@50,KKxx"], "Ts9s2d"),
    ("omaha5", ["AAKKxds", 2], ""),
    ("short-deck", ["AsKs", None, "QQ+,AK"], ""),
])
def test_same_seed_same_numbers_whatever_the_threads(game, players, board):
    def go(threads, seed=7):
        result = calc(players, board, game=game, trials=200_000, seed=seed, threads=threads)
        return [(p.win, p.tie, p.equity, p.stderr) for p in result.players]

    one = go(1)
    assert one == go(2) == go(None)
    assert go(1, seed=8) != one


@pytest.mark.parametrize(("game", "players", "board"), [
    ("omaha", ["AsAhKsKh", "QdQcJdJc", "9s8s7h6h"], "Ts5d2h"),
    ("omaha", ["AsAhKsKh", None], "Ts5d2h3c"),
    ("short-deck", ["AsKs", "QQ+,AK", None], "Ts9s8d"),
])
def test_exact_results_do_not_depend_on_the_threads(game, players, board):
    one = calc(players, board, game=game, method="exact", threads=1)
    assert numbers(one) == numbers(calc(players, board, game=game, method="exact", threads=2))


# --- Omaha ranges ----------------------------------------------------------------------------------

def live_combos(text, known, hole=4):
    """``{hand: weight}`` of an Omaha range (the brute-force oracle) without the hands that share a card
    with ``known``."""
    return {h: Fraction(w).limit_denominator(1000) for h, w in naive.naive_omaha_range(text, hole).items()
            if not set(h) & set(known)}


def river_share(hands, board):
    """Each hand's exact pot share on a complete board, by the oracle."""
    vals = [naive.naive_omaha(h, board) for h in hands]
    best = min(vals)
    k = vals.count(best)
    return [Fraction(1, k) if v == best else Fraction(0) for v in vals]


@pytest.mark.parametrize("villain", ["AAxx", "AAxx@50,KKxx", "KKxx,AAxx@25"])
def test_a_range_is_the_weighted_mean_of_its_hands(villain):
    hero, board = "AsKhQhJh", "AdKd7c5s2h"
    known = ids(hero) + ids(board)
    combos = live_combos(villain, known)
    shares = sum(w * river_share([ids(hero), h], ids(board))[0] for h, w in combos.items())
    want = shares / sum(combos.values())
    result = calc([hero, villain], board, method="exact")
    assert result.game == "omaha"
    assert result.players[1].combos == len(combos)
    assert abs(result.players[0].equity - float(want)) <= 1e-12
    assert abs(result.players[1].equity - float(1 - want)) <= 1e-12


def test_aaxx_combos_after_card_removal():
    # Aces left: Ah and Ac, so AAxx is AhAc with any two of the other 41 live cards.
    result = calc(["AsKhQhJh", "AAxx"], "AdKd7c5s2h", method="exact")
    assert result.players[1].combos == math.comb(41, 2) == 820
    assert result.trials == 820


def test_two_ranges_that_collide_count_only_the_disjoint_pairs():
    # Both ranges want two aces: each hero combo leaves the villain the other two aces.
    hero, villain, board = "AAKK", "AAQQ@50,AAJJ", "2c3d7h8s9c"
    mine, theirs = live_combos(hero, ids(board)), live_combos(villain, ids(board))
    total, share = Fraction(0), Fraction(0)
    pairs = 0
    for a, wa in mine.items():
        for b, wb in theirs.items():
            if not set(a) & set(b):
                pairs += 1
                total += wa * wb
                share += wa * wb * river_share([a, b], ids(board))[0]
    assert pairs == 36 * 12
    result = calc([hero, villain], board, game="plo", method="exact")
    assert result.trials == pairs
    assert abs(result.players[0].equity - float(share / total)) <= 1e-12


# --- Categories ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players", "board", "kw"), [
    ("omaha", ["AsAhKsKh", "QdQcJdJc", None], "", {"trials": 100_000, "seed": 3}),
    ("omaha5", ["AsAhKsKh2c", "AAxxx"], "Ts9s2d3c", {"method": "exact"}),
    ("short-deck", ["AsKs", "QdQc"], "Ts9s8d", {"method": "exact"}),
    ("short-deck-trips", ["AsKs", None], "", {"trials": 100_000, "seed": 3}),
])
def test_categories_add_up(game, players, board, kw):
    result = calc(players, board, game=game, categories=True, **kw)
    for p in result.players:
        cats = p.categories
        assert math.isclose(sum(c["frequency"] for c in cats.values()), 1.0, abs_tol=1e-9)
        assert math.isclose(sum(c["win"] for c in cats.values()), p.win, abs_tol=1e-9)
        assert math.isclose(sum(c["tie"] for c in cats.values()), p.tie, abs_tol=1e-9)
    order = list(result.players[0].categories)
    if game.startswith("short"):
        middle = ["straight", "three_of_a_kind"] if game == "short-deck" else ["three_of_a_kind", "straight"]
        assert order == ["straight_flush", "four_of_a_kind", "flush", "full_house", *middle, "two_pair",
                         "one_pair", "high_card"]
    else:
        assert order.index("full_house") < order.index("flush")
    assert "categories" in result.to_dict()["players"][0]


def only_category(player):
    (name,) = [k for k, c in player.categories.items() if c["frequency"]]
    assert player.categories[name]["frequency"] == 1.0
    return name


@pytest.mark.parametrize(("players", "board"), [
    (["9s9d", "AcKc"], "9c8d7h6sTd"),    # trips and a straight: the rules pick the category
    (["AhTh", "Ks9c"], "KhKd9h8h7c"),    # flush and a full house
    (["KhKs", "As6s"], "9c8d7hKcQd"),    # trips and A-6-7-8-9
])
@pytest.mark.parametrize("game", RULES)
def test_short_deck_river_categories_follow_the_rules(game, players, board):
    result = calc(players, board, game=game, categories=True)
    for p, text in zip(result.players, players, strict=True):
        want = naive.naive_short_category(ids(text) + ids(board), RULES[game])
        assert only_category(p) == KEYS[want]


@pytest.mark.parametrize(("players", "board"), [
    (["AhKh7h6h", "QhJc9d8s"], "Th5h2c3c8d"),   # four hearts in hand, two on board: no flush
    (["JhThKcKd", "2s2dAcAs"], "9h8h7h2c2h"),
    (["AhKd7c2s", "2d2hKsQs"], "9c9d9h9s2c"),   # board quads: trips, and a full house with 22
])
def test_omaha_river_categories_follow_the_oracle(players, board):
    result = calc(players, board, categories=True)
    for p, text in zip(result.players, players, strict=True):
        want = naive.CATEGORY_NAMES[naive.category_of(naive.naive_omaha(ids(text), ids(board)))]
        assert only_category(p) == KEYS[want]


def omaha_category(hand, board5):
    return KEYS[naive.CATEGORY_NAMES[naive.category_of(naive.naive_omaha(hand, board5))]]


def short_category(rules):
    return lambda hand, board5: KEYS[naive.naive_short_category(tuple(hand) + tuple(board5), rules)]


@pytest.mark.parametrize(("game", "players", "board"), [
    ("omaha", ["AhKh7h6h", "QhJh9c8c"], "Th5h2h"),           # flop, two players
    ("omaha", ["AsAhKsKh", "QdQcJdJc", "9s8s7h6h"], "Ts5d2h"),   # flop, three players
    ("omaha5", ["AsKsQsJs2d", "AhAdKhKd9c"], "Ts9s3h4c"),     # turn
    ("short-deck", ["KhKs", "Ts6d"], "Kc9h8s"),
    ("short-deck-trips", ["KhKs", "Ts6d", "AhQh"], "Kc9h8s"),
])
def test_exact_categories_match_the_oracle(game, players, board):
    if game in RULES:
        value, category, deck = naive.naive_short_value(RULES[game]), short_category(RULES[game]), SHORT_DECK
    else:
        value, category, deck = omaha_value, omaha_category, range(52)
    want = naive.naive_game_categories(hands_of(players), ids(board), (), value, category, deck)
    result = calc(players, board, game=game, method="exact", categories=True)
    for p, cats in zip(result.players, want, strict=True):
        for key, got in p.categories.items():
            expected = cats.get(key, (0, 0, 0))
            for x, y in zip((got["frequency"], got["win"], got["tie"]), expected, strict=True):
                assert abs(x - float(y)) <= 1e-12, (p.hand, key, got, expected)


# --- The command line ------------------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(cli, list(args), prog_name="equity")


def strict_json(text):
    def refuse(name):
        raise ValueError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


PLO4_HANDS = ["AsAhAdAc", "KsKhKdKc", "QsQhQdQc", "JsJhJdJc", "TsThTdTc", "9s9h9d9c", "8s8h8d8c",
              "7s7h7d7c", "6s6h6d6c", "5s5h5d5c", "4s4h4d4c", "3s3h3d3c"]


@pytest.mark.parametrize(("args", "needle"), [
    (["AsKs", "vs", "QdQcJdJc", "--game", "plo"], "'AsKs'"),
    (["QdQcJdJc", "vs", "AsKs", "--game", "plo"], "'AsKs'"),
    (["AsKs", "vs", "AsAhKsKh"], "'AsAhKsKh'"),
    (["AsAhKsKh", "vs", "QdQc"], "'QdQc'"),
    (["AsAhKsKh2c", "vs", "QdQcJdJc"], "'QdQcJdJc'"),
    (["AsAhKsKh", "vs", "QdQcJdJc", "--game", "plo5"], "'AsAhKsKh'"),
    (["5sKs", "vs", "QdQc", "--game", "6+"], "5s"),
    (["AsKs", "vs", "Qd5c", "--game", "6+"], "5c"),
    (["AsKs", "vs", "QdQc", "--game", "6+", "--board", "Th9h5d"], "5d"),
    (["AsKs", "vs", "QdQc", "--game", "6+", "--dead", "2c"], "2c"),
    (["AsAhKsKh", "vs", "11", "--game", "plo"], "got 11"),
    ([PLO4_HANDS[0], "vs", *PLO4_HANDS[1:12]], "12 players"),
    ([PLO4_HANDS[0], "vs", *PLO4_HANDS[1:6], "6"], "12 players"),
    (["AsAhKsKh2c", "vs", "9"], "got 9"),
    (["AsAhKsKh2c3c", "vs", "7"], "got 7"),
    (["AsKs", "vs", "15", "--game", "6+"], "got 15"),
    (["AsKs", "vs", "QdQc", "--game", "courchevel"], "'courchevel'"),
    (["AsAhKsKh", "vs", "QQ+", "--game", "plo"], "'QQ+'"),
    (["AsAhKsKh", "vs", "QQ+"], "'QQ+'"),
    (["AsAhAdKh", "vs", "AAxx", "--board", "Ac2c3c"], "'AAxx'"),
    (["AsAhKsKh", "vs", "AAKKds", "--board", "Ad2c3c"], "'AAKKds'"),
    (["AsAhKsKh", "vs", "AAxx@150"], "'AAxx@150'"),
    (["eval", "--game", "plo", "AhKhQhJh", "Th9h2c3d"], "has 8"),
    (["eval", "--game", "plo", "AhKhQhJh", "AhKd2c3d4s"], "Ah"),
    (["AAAK", "vs", "AAKK", "--game", "plo"], "cannot be dealt together"),
    (["eval", "--game", "6+", "5h8d7c6sAh"], "5h"),
    (["eval", "--game", "plo7", "AhKhQhJh", "Th9h2c3d4s"], "'plo7'"),
])
def test_bad_input_exits_2_with_one_line(args, needle):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    assert needle in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# (52 - 5) // hole players fit: 11 PLO4, 9 PLO5, 7 PLO6, and (36 - 5) // 2 = 15 in short deck.
@pytest.mark.parametrize("args", [
    [PLO4_HANDS[0], "vs", *PLO4_HANDS[1:11]],
    ["AsAhKsKh", "vs", "10"],
    ["AsAhKsKh2c", "vs", "8"],
    ["AsAhKsKh2c3c", "vs", "6"],
    ["AsKs", "vs", "14", "--game", "6+"],
])
def test_the_player_limits_are_what_one_deck_seats(args):
    result = run(*args, "--trials", "1000", "--seed", "1")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("args", "game"), [
    (["AsAhKsKh", "vs", "QdQcJdJc", "--board", "Ts9s8d"], "omaha"),
    (["AAKKds", "vs", "2", "--game", "plo", "--trials", "20000", "--seed", "1"], "omaha"),
    (["AsKsQsJsTs", "vs", "1", "--board", "2c3d4h5s9d", "--exact"], "omaha5"),
    (["AsKs", "vs", "QdQc", "--game", "6+", "--board", "Ts9s8d"], "short-deck"),
    (["AsKs", "vs", "QdQc", "--game", "6+trips", "--board", "Ts9s8d", "--categories"], "short-deck-trips"),
])
def test_json_is_strict_and_names_the_game(args, game):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    out = strict_json(result.stdout)
    assert out["game"] == game
    assert abs(sum(p["equity"] for p in out["players"]) - 1) < 1e-12


def test_json_equities_are_the_oracles():
    out = strict_json(run("AsKs", "vs", "QdQc", "--game", "6+", "--board", "Ts9s8d", "--json").stdout)
    want = naive.naive_game_equity([ids("AsKs"), ids("QdQc")], ids("Ts9s8d"), (), naive.naive_short_value(),
                                   deck=SHORT_DECK)
    assert out["method"] == "exact"
    assert [p["equity"] for p in out["players"]] == [float(eq) for _, _, eq in want]


@pytest.mark.parametrize(("game", "hole", "board"), [
    ("plo", "AhKhQhJh", "Th9h2c3d4s"),     # four hearts, two on board: ace high
    ("plo", "AhKh7c6d", "Th9h4h2s3c"),     # a flush
    ("plo5", "AhAcAdKsKh", "2c3c7h8sTd"),
    ("plo6", "AhAcAdKsKhKd", "9c9d9h9s2c"),
])
def test_eval_omaha_matches_the_oracle(game, hole, board):
    result = run("eval", "--game", game, hole, board, "--json")
    assert result.exit_code == 0, result.output
    out = strict_json(result.stdout)
    rank = naive.naive_omaha(ids(hole), ids(board))
    assert out["rank"] == rank
    assert out["category"] == naive.CATEGORY_NAMES[naive.category_of(rank)]
    assert ids(out["cards"]) == ids(hole) and ids(out["board"]) == ids(board)


@pytest.mark.parametrize(("game", "cards", "description"), [
    ("6+", "9h8d7c6sAh", "Nine-high Straight"),
    ("6+trips", "9h8d7c6sAh", "Nine-high Straight"),
    ("6+", "9h8d7c6sAhAsAd", "Nine-high Straight"),
    ("6+trips", "9h8d7c6sAhAsAd", None),
    ("6+", "KhKd9h8h7cAhTh", None),
    ("short-deck", "AsKsQsJsTs", None),
    ("6+", "6c6d6h7s8s9c", None),
])
def test_eval_short_deck_matches_the_oracle(game, cards, description):
    result = run("eval", "--game", game, cards, "--json")
    assert result.exit_code == 0, result.output
    out = strict_json(result.stdout)
    rules = "trips-beat-straight" if "trips" in game else "standard"
    assert out["game"] == ("short-deck-trips" if "trips" in game else "short-deck")
    assert out["rank"] == naive.naive_short_class(ids(cards), rules)
    assert out["category"] == naive.naive_short_category(ids(cards), rules)
    if description is not None:
        assert out["description"] == description


def test_eval_short_deck_rank_one_is_the_royal_flush_and_the_table_shows_the_scale():
    result = run("eval", "--game", "6+", "AsKsQsJsTs")
    assert result.exit_code == 0
    assert "1 of 1,404" in result.output
    assert "of 7,462" in run("eval", "--game", "plo", "AhKhQhJh", "Th9h2c3d4s").output


# --- Hold'em stays hold'em ------------------------------------------------------------------------

def test_a_holdem_run_loads_no_omaha_or_short_deck_module():
    code = (
        "import sys, equity\n"
        "equity.calculate(['AsKs', 'QdQc'])\n"
        "equity.calculate(['AsKs', None], trials=10_000, seed=1)\n"
        "equity.calculate(['AsKs', 'QQ+,AK'], board='Th9h2c', method='exact')\n"
        "mods = ['equity.evaluators.omaha', 'equity.games.omaha.montecarlo', 'equity.games.omaha.exact',\n"
        "        'equity.evaluators.omaha_tables', 'equity.games.omaha.ranges',\n"
        "        'equity.evaluators.shortdeck', 'equity.evaluators.low']\n"
        "print(','.join(m for m in mods if m in sys.modules))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == ""


# --- the showdown of known hands (hand histories without winnings) ------------------------------------

def _showdown_oracle(game: str, hands, board):
    """The naive evaluators' shares of one complete deal (tests/naive.py), as Fractions."""
    if game == "holdem":
        def strength(hand, full):
            return -naive.naive_class(tuple(hand) + tuple(full))

        shares = naive.naive_game_equity(hands, board, (), strength)
        return [s[2] for s in shares]
    if game == "omaha-hilo":
        highs = [naive.naive_omaha(h, board) for h in hands]
        lows = [naive.omaha_low(h, board) for h in hands]
        out = [Fraction(0)] * len(hands)
        made = [k for k in lows if k is not None]
        halves = [(highs, Fraction(1, 2)), (lows, Fraction(1, 2))] if made else [(highs, Fraction(1))]
        for keys, part in halves:
            best = min(k for k in keys if k is not None)
            won = [i for i, k in enumerate(keys) if k == best]
            for i in won:
                out[i] += part / len(won)
        return out
    values = {"stud": naive.naive_class, "stud8": naive.naive_class, "razz": naive.best_razz_key,
              "2-7": naive.deuce_key, "draw": naive.naive_class, "badugi": naive.badugi_key}
    rows, deals = naive.naive_boardless_equity(hands, (), len(hands[0]), values[game],
                                               naive.low8_key if game == "stud8" else None)
    assert deals == 1
    return [r["equity"] for r in rows]


@pytest.mark.parametrize("game", ["holdem", "omaha-hilo", "stud", "stud8", "razz", "2-7", "draw", "badugi"])
def test_showdown_of_known_hands_agrees_with_the_oracle(game):
    """``Game.showdown`` (the pot of a history without winnings) against the naive evaluators, on random
    complete deals of 2-4 players, a fifth of them with a second hand of the first one's ranks (ties)."""
    import random

    g = get_game(game)
    rng = random.Random(52)
    for _ in range(150):
        players = rng.choice((2, 3, 4))
        deck = rng.sample(range(52), players * g.hole + g.board)
        hands = [tuple(deck[i * g.hole:(i + 1) * g.hole]) for i in range(players)]
        board = tuple(deck[players * g.hole:])
        twin = tuple(c ^ 1 for c in hands[0])  # the same ranks, clubs and diamonds, hearts and spades swapped
        others = {c for h in (hands[0], *hands[2:]) for c in h} | set(board)
        if rng.random() < 0.2 and not others & set(twin):
            hands[1] = twin
        assert g.showdown(hands, board) == _showdown_oracle(game, hands, board), (hands, board)
