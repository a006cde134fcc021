"""``equity flops``: the flop classes, each row against the single-flop engine and a naive count, the
aggregate against the preflop engine, hits against ``equity hits``, both ways of counting, Monte Carlo
rows, textures, workers and a Dask cluster."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
from naive import naive_flop_classes, naive_range_equity

import equity
from equity.cards import format_cards, parse_cards
from equity.engines.exact import _SUIT_MAPS
from equity.engines.montecarlo import board_seed
from equity.errors import CardError, DuplicateCardError, EquityError, GameError, RangeError, ScenarioError
from equity.games import get_game
from equity.games.hits import FLOP_HIT_KEYS
from equity.games.holdem import flops as holdem_flops
from equity.questions.asking.registry import ask
from equity.questions.flops import flops
from equity.questions.flops import sets as flop_sets
from equity.questions.hits import range_hits

SPOT = ("QQ+,AKs", "JJ-99,AQs,KQs")


def _canonical(flop_text: str) -> tuple[int, ...]:
    from itertools import permutations

    cards = parse_cards(flop_text)
    return min(tuple(sorted(4 * (c // 4) + p[c % 4] for c in cards)) for p in permutations(range(4)))


@pytest.fixture(scope="module")
def spot():
    return flops(*SPOT)


# --- the flops and their classes ------------------------------------------------------------------------

def test_the_1755_classes_and_their_weights_match_an_independent_count():
    shown, weights = flop_sets.classes(flop_sets.every_flop(np.arange(52)), _SUIT_MAPS)
    naive = naive_flop_classes()
    assert len(naive) == 1755 and sum(naive.values()) == 22_100  # the published counts
    ours = {_canonical(format_cards(f)): int(w) for f, w in zip(shown, weights, strict=True)}
    assert ours == naive


def test_classes_under_the_suit_permutations_that_keep_spades():
    keep_spades = _SUIT_MAPS[[i for i, m in enumerate(_SUIT_MAPS) if m[51] == 51]]
    shown, weights = flop_sets.classes(flop_sets.every_flop(np.arange(52)), keep_spades)
    naive = naive_flop_classes(keep=lambda p: p[3] == 3)
    assert len(shown) == len(naive) and sorted(weights.tolist()) == sorted(naive.values())
    assert weights.sum() == 22_100


def test_asymmetric_ranges_use_their_own_symmetry(spot):
    r = flops("AsKs", "QQ")
    assert r.symmetries == 6 and r.flops == 22_100
    assert len(r.rows) == len(naive_flop_classes(keep=lambda p: p[3] == 3))
    assert spot.symmetries == 24 and len(spot.rows) == 1755 and spot.flops == 22_100


def test_blocked_rows_are_counted_apart():
    r = flops("AsKs", "QQ")
    # flops holding As or Ks (all but C(50, 3)) block the hero; the four of three queens block QQ
    assert sum(row.weight for row in r.blocked) == 22_100 - math.comb(50, 3) + 4
    assert r.overall.flops == 22_100 and r.overall.counted == math.comb(50, 3) - 4
    assert all(row.hero is None and row.blocked for row in r.blocked)


# --- each row is the single-flop run --------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("hero", "villain", "dead"), [
    (*SPOT, ""),
    ("AsKs", "QQ", ""),
    ("QQ+", "random", ""),
    ("random", "AA,KK", ""),  # 1,326 hero combos: the pairwise sums added up after every river
    ("AKs,TT", "AKs,KQo", "2c"),  # the same combos on both sides; a dead card
])
def test_sampled_rows_equal_the_single_flop_exact_run_to_the_bit(hero, villain, dead):
    r = flops(hero, villain, dead=dead, preflop=False)
    played = [row for row in r.rows if not row.blocked]
    rng = np.random.default_rng(7)
    for row in [played[i] for i in rng.choice(len(played), 6, replace=False)]:
        one = equity.calculate([hero, villain], row.flop, dead, method="exact")
        for side, p in zip((row.hero, row.villain), one.players, strict=True):
            got, want = (side.win, side.tie, side.equity, side.combos), (p.win, p.tie, p.equity, p.combos)
            assert got == want, row.flop
        assert row.trials == one.trials


@pytest.mark.slow
def test_a_row_against_a_naive_count():
    r = flops("AA,KhKd", "KK,QsJs", flops="Ks8h3d,QhJh2c")
    for row in r.rows:
        flop = parse_cards(row.flop)
        ranges = [{tuple(c): 1 for c in equity.parse_range(text).combos.tolist()}
                  for text in ("AA,KhKd", "KK,QsJs")]
        naive = naive_range_equity(ranges, flop)
        assert row.hero.win == pytest.approx(float(naive[0][0]), abs=1e-15)
        assert row.hero.equity == pytest.approx(float(naive[0][2]), abs=1e-15)
        assert row.villain.equity == pytest.approx(float(naive[1][2]), abs=1e-15)


def test_weighted_ranges_match_the_single_flop_run():
    hero, villain = "QQ+@50,AKs", "JJ-77,AQs-ATs@25"
    r = flops(hero, villain, flops="Kh8h3c,2c3d4h,AsKsQs,7c7d2h", preflop=False)
    for row in r.rows:
        one = equity.calculate([hero, villain], row.flop, method="exact")
        assert row.hero.equity == pytest.approx(one.players[0].equity, abs=1e-13)
        assert row.hero.win == pytest.approx(one.players[0].win, abs=1e-13)


def test_short_deck_rows_equal_the_single_flop_run():
    r = flops("AA,KK", "QQ,AKs", game="6+", flops="As9h6c,KhQhJh,TsTd7c", preflop=False)
    for row in r.rows:
        one = equity.calculate(["AA,KK", "QQ,AKs"], row.flop, game="6+", method="exact")
        assert (row.hero.equity, row.hero.win) == (one.players[0].equity, one.players[0].win)


def test_the_pairwise_and_the_sorted_counts_agree(monkeypatch):
    game = get_game("holdem")
    some = flop_sets.every_flop(np.arange(52))[::997]
    gone = np.zeros(52, np.uint8)
    # the sorted count, and for the same range on both sides its own count of ties (mirrored)
    for hero, villain in (SPOT, ("random", "QQ+,AKs"), ("TT+,AKs@50", "JJ,AQo@25"),
                          ("AKs,QQ,T9s", "AKs,QQ,T9s"), ("AKs@50,QQ", "AKs@50,QQ")):
        sides = [(np.asarray(r.combos), np.asarray(r.weights)) for r in
                 (equity.parse_range(hero), equity.parse_range(villain))]
        got = []
        for pairwise in (True, False):
            monkeypatch.setattr(holdem_flops, "choose_pairwise", lambda nh, nv, mirror, p=pairwise: p)
            got.append(game.flops.counts(some, sides[0], sides[1], gone, 0))
        assert np.allclose(got[0], got[1], rtol=0, atol=1e-9) and got[0].dtype == got[1].dtype


def test_mirrored_ranges_are_an_even_split():
    r = flops("AKs,QQ", "AKs,QQ", flops="rainbow,A-high", preflop=False)
    for row in r.rows:
        assert row.hero.equity == pytest.approx(0.5, abs=1e-15)  # the same range: a fair game
        assert row.hero.win == row.villain.win


# --- the aggregate is the preflop equity ----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("hero", "villain"), [SPOT, ("AA,KK,QQ", "random"), ("AsKs", "QdQc")])
def test_the_weighted_mean_over_every_flop_is_the_preflop_equity(hero, villain):
    r = flops(hero, villain, preflop=False)
    pre = equity.calculate([hero, villain], method="exact")  # the preflop engine, on its own
    assert r.overall.hero_equity == pytest.approx(pre.players[0].equity, abs=1e-12)
    assert r.overall.villain_equity == pytest.approx(pre.players[1].equity, abs=1e-12)
    assert r.overall.hero_win == pytest.approx(pre.players[0].win, abs=1e-12)
    assert r.overall.hero_equity + r.overall.villain_equity == pytest.approx(1, abs=1e-15)


def test_the_preflop_is_shown_beside_the_mean(spot):
    assert spot.preflop is not None and spot.preflop_note is None
    assert spot.preflop[0].equity == pytest.approx(spot.overall.hero_equity, abs=1e-12)
    narrowed = flops(*SPOT, flops="monotone")
    assert narrowed.preflop is None and narrowed.narrowed


def test_texture_means_add_up_to_the_overall_mean(spot):
    by_name = {m.name: m for m in spot.textures}
    for facet in (flop_sets.SUITS, flop_sets.PAIRING, [f"{k}-high" for k in flop_sets.RANK_NAMES]):
        parts = [by_name[name] for name in facet]
        assert sum(m.flops for m in parts) == 22_100
    # each texture's mean is its rows' weighted mean: the suits' means weighted by their pairs give the whole
    weight = {name: sum(r.weight * r.pairs for r in spot.rows if r.suits == name) for name in flop_sets.SUITS}
    whole = sum(weight[n] * by_name[n].hero_equity for n in flop_sets.SUITS) / sum(weight.values())
    assert whole == pytest.approx(spot.overall.hero_equity, abs=1e-12)


# --- hits ----------------------------------------------------------------------------------------------

def test_hit_shares_equal_equity_hits_on_the_same_flops(spot):
    keys = {"three_of_a_kind": ["three_of_a_kind"], "straight": ["straight"], "flush": ["flush"],
            "flush_draw": ["flush_draw"], "open_ended": ["open_ended"], "gutshot": ["gutshot"],
            "pair_or_better": ["straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
                               "three_of_a_kind", "two_pair", "one_pair"],
            "two_pair_or_better": ["straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
                                   "three_of_a_kind", "two_pair"]}
    assert set(keys) == set(FLOP_HIT_KEYS)
    for row in spot.rows[::173]:
        for text, side in ((SPOT[0], row.hero), (SPOT[1], row.villain)):
            hits = range_hits(text, row.flop)
            assert side.combos == hits.combos or row.hero.combos == 1 or row.villain.combos == 1
            for key, lines in keys.items():
                want = sum(hits.line(k).percent for k in lines) / 100
                assert side.hits[key] == pytest.approx(want, abs=1e-12), (row.flop, key)


# --- the flops asked for ------------------------------------------------------------------------------

def test_textures_narrow_the_flops_by_facet():
    deck = list(range(52))

    def count(test):
        return sum(1 for f in combinations(deck, 3) if test(f))

    def suits(f):
        return len({c % 4 for c in f})

    def high(f):
        return max(c // 4 for c in f)

    r = flops("AA", "KK", flops="monotone,two-tone,A-high", preflop=False)
    assert r.flops == count(lambda f: suits(f) in (1, 2) and high(f) == 12)
    r = flops("AA", "KK", flops="paired", preflop=False)
    assert r.flops == count(lambda f: len({c // 4 for c in f}) == 2) == 3744
    r = flops("AA", "KK", flops="connected,rainbow", preflop=False)
    ranks = [{12, 0, 1, 2, 3}] + [set(range(k, k + 5)) for k in range(9)]
    assert r.flops == count(lambda f: suits(f) == 3 and len({c // 4 for c in f}) == 3
                            and any({c // 4 for c in f} <= s for s in ranks))


def test_listed_flops_are_rows_of_their_own():
    r = flops(*SPOT, flops="Kh8h3c, 2c3d4h,Kh8h3c", preflop=False)
    assert [row.flop for row in r.rows] == ["Kh8h3c", "4h3d2c"] and r.flops == 2 and r.symmetries == 1
    r = flops(*SPOT, flops="Kh8h3c,Ks8s3s,monotone", preflop=False)
    assert [row.flop for row in r.rows] == ["Ks8s3s"]


@pytest.mark.parametrize(("text", "error", "token"), [
    ("monotoen", ScenarioError, "monotoen"),
    ("Kh8h", CardError, "Kh8h"),
    ("KhKh3c", DuplicateCardError, "KhKh3c"),
    ("Kh8h3x", ScenarioError, "Kh8h3x"),
    ("", ScenarioError, "empty"),
    ("monotone,paired", ScenarioError, "keeps no flop"),
])
def test_a_bad_flop_set_names_the_token(text, error, token):
    with pytest.raises(error, match=token):
        flops("AA", "KK", flops=text)


def test_bad_matchups_say_why():
    with pytest.raises(RangeError, match="cannot be dealt together"):
        flops("AsKs,AsQs", "AsJs,AsTs")
    with pytest.raises(DuplicateCardError, match="As appears"):
        flops("AsKs", "AsKs")
    with pytest.raises(GameError, match="hold'em and short deck"):
        flops("AAKK", "QQJJ", game="plo")
    with pytest.raises(ScenarioError, match="one opponent"):
        flops("AA", 2)
    with pytest.raises(CardError, match="dead"):
        flops("AA", "KK", flops="2c3c4c", dead="2c")


# --- Monte Carlo --------------------------------------------------------------------------------------

def test_a_monte_carlo_row_is_its_own_seeded_run_and_near_the_exact_one():
    asked = "Kh8h3c,2c3d4h,AsKsQs"
    mc = flops(*SPOT, flops=asked, seed=11, trials=40_000, preflop=False)
    exact = flops(*SPOT, flops=asked, preflop=False)
    assert mc.method == "monte-carlo" and mc.seed == 11
    for row, truth in zip(mc.rows, exact.rows, strict=True):
        assert row.seed == board_seed(11, parse_cards(row.flop))
        one = equity.calculate(list(SPOT), row.flop, trials=40_000, seed=row.seed)
        assert row.hero.equity == one.players[0].equity and row.hero.stderr == one.players[0].stderr
        assert abs(row.hero.equity - truth.hero.equity) < 5 * row.hero.stderr
    again = flops(*SPOT, flops=asked, seed=11, trials=40_000, preflop=False)
    assert [r.hero.equity for r in again.rows] == [r.hero.equity for r in mc.rows]


# --- elsewhere: the registry, workers, a cluster ----------------------------------------------------------

def _same(a: dict, b: dict) -> None:
    a, b = dict(a), dict(b)
    a.pop("elapsed_s"), b.pop("elapsed_s")
    assert a == b


def test_a_batch_line_asks_the_same_question():
    line = {"question": "flops", "players": list(SPOT), "flops": "monotone,A-high", "preflop": False}
    _same(ask(line), flops(*SPOT, flops="monotone,A-high", preflop=False).to_dict())
    with pytest.raises(EquityError, match="'board' is not read"):
        ask({**line, "board": "Kh8h3c"})


def test_workers_give_the_same_numbers():
    here = flops(*SPOT, flops="two-tone,K-high", preflop=False)
    there = flops(*SPOT, flops="two-tone,K-high", preflop=False, workers=2)
    _same(here.to_dict(), there.to_dict())


def test_a_dask_cluster_gives_the_same_numbers():
    pytest.importorskip("distributed")
    here = flops(*SPOT, flops="monotone", preflop=False)
    there = flops(*SPOT, flops="monotone", preflop=False, cluster="local:2")
    _same(here.to_dict(), there.to_dict())


def test_a_flop_where_every_weighted_pair_collides_is_blocked():
    # on Ah3d2c each side keeps one combo and both hold the As: no pair can be dealt
    r = flops("AsKs@30,AhKh@30", "AsQs@30,AhQh@30", flops="Ah2c3d,2c3d4h", preflop=False)
    blocked, played = r.rows
    assert blocked.flop == "Ah3d2c" and blocked.blocked == "every pair of live combos shares a card"
    assert played.blocked is None and r.overall.counted == 1
    one = equity.calculate(["AsKs@30,AhKh@30", "AsQs@30,AhQh@30"], "4h3d2c", method="exact")
    assert played.hero.equity == pytest.approx(one.players[0].equity, abs=1e-13)
