"""Per-combo results (``calculate(..., combos=True)``, :mod:`equity.questions.per_combo`), the one-pass grid
and the equity distribution.

Expected numbers come from independent sources only: single exact runs of the engine with each combo as
a fixed hand (or a class as the whole range), the brute-force oracle ``naive_combo_equities`` of
tests/naive.py (plain Python over every joint choice of combos and every board), and invariants (the
combos' share-weighted mean is the player's figure, shares add up to 1, suit symmetry, seeds).
"""

from fractions import Fraction
from itertools import combinations

import naive
import numpy as np
import pytest

import equity
from equity import calculate
from equity.errors import ScenarioError
from equity.questions.dist import equity_distribution, parse_buckets
from equity.questions.grid import equity_grid
from equity.questions.per_combo import class_groups, combo_results, counts_of, group_counts, group_result

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card(text):
    """A card id from two characters, written out here rather than parsed by the package."""
    return 4 * RANKS.index(text[0].upper()) + SUITS.index(text[1])


def hand_of(text):
    """A hand's card ids, from its text run together ('AsKs', 'AsAhKsKh')."""
    return tuple(card(text[i:i + 2]) for i in range(0, len(text), 2))


def key(text):
    return frozenset(hand_of(text))


def expand(spec):
    """``{hand: weight}`` of a small range written as pairs ('QQ'), suited or offsuit classes ('AKs',
    'AKo') and specific hands ('AsKs'), each with an optional '@percent' weight."""
    out = {}
    for element in spec.split(","):
        body, _, w = element.strip().partition("@")
        weight = Fraction(w) / 100 if w else Fraction(1)
        if len(body) == 2 and body[0] == body[1]:
            hands = [(4 * RANKS.index(body[0]) + a, 4 * RANKS.index(body[0]) + b)
                     for a, b in combinations(range(4), 2)]
        elif len(body) == 3:
            hi, lo = RANKS.index(body[0]), RANKS.index(body[1])
            hands = [(4 * hi + a, 4 * lo + b) for a in range(4) for b in range(4)
                     if (a == b) == (body[2] == "s")]
        else:
            hands = [hand_of(body)]
        for hand in hands:
            out[tuple(sorted(hand, reverse=True))] = weight
    return out


def approx(x):
    return pytest.approx(float(x), rel=1e-9, abs=1e-12)


def tight(x):
    return pytest.approx(float(x), rel=1e-12, abs=1e-14)


def single(players, seat, hand, board, **kw):
    """An exact run with ``seat`` holding ``hand`` and the others as given."""
    players = list(players)
    players[seat] = hand
    return calculate(players, board, method="exact", **kw)


# --- 1. Per-combo exact results against single runs of each combo ---------------------------------

SPOTS = [
    (["QQ+,AKs,T9s", "88,JTs"], "Th9h2c"),  # flop
    (["JJ+,AQs,87s", "TT,KQs@50"], "Qs9h6d2c"),  # turn, a weighted opponent
    (["AA,KQs", "JJ,QQ@25", "AhTh"], "Kh8h3c"),  # three players, a fixed hand
]


SHORT_DECK = (["AA,KQs@50", "JJ,T9s"], "Kh9d6c7s", "short-deck")


@pytest.mark.parametrize(("players", "board", "game"), [(p, b, None) for p, b in SPOTS] + [SHORT_DECK])
def test_each_combo_equals_a_single_run_with_that_combo(players, board, game):
    result = calculate(players, board, game=game, method="exact", combos=True)
    assert result.method == "exact"
    counted = sorted(c.player for c in result.combos)
    assert counted == list(range(len(players)))  # every player that is not a random hand
    for seat in range(len(players)):
        rows = combo_results(result, seat)
        assert rows and all(r.deals > 0 for r in rows)
        if len(rows) == 1:
            assert rows[0].hand == players[seat] and rows[0].share == 1
        for row in rows:
            want = single(players, seat, row.hand, board, game=game).players
            assert row.stderr == 0
            assert row.equity == approx(want[seat].equity), row.hand
            assert row.win == approx(want[seat].win), row.hand
            assert row.tie == approx(want[seat].tie), row.hand
            # Read at another column: that player's figures against this combo.
            for column in range(len(players)):
                other = combo_results(result, seat, column)[rows.index(row)]
                assert other.hand == row.hand and other.share == row.share
                assert other.equity == approx(want[column].equity), (row.hand, column)
                assert other.win == approx(want[column].win), (row.hand, column)
                assert other.tie == approx(want[column].tie), (row.hand, column)


def test_breakdown_direction_hero_range_against_each_opponent_combo():
    hero, villain, board = "QQ+,AKs,T9s", "88,JTs", "Th9h2c"
    result = calculate([hero, villain], board, method="exact", combos=True)
    rows = combo_results(result, 1, column=0)
    assert len(rows) == 6 + 3  # 88, and JTs less JhTh (the Th is on the board)
    for row in rows:
        want = calculate([hero, row.hand], board, method="exact").players[0]
        assert row.equity == approx(want.equity), row.hand
        assert row.win == approx(want.win) and row.tie == approx(want.tie)


def test_combos_follow_the_scenarios_order_and_cards():
    result = calculate(["QQ+,AKs,T9s", "88,JTs"], "Th9h2c", method="exact", combos=True)
    counts = counts_of(result, 0)
    want = equity.Scenario.build(["QQ+,AKs,T9s", "88,JTs"], "Th9h2c").combos()[0]
    assert np.array_equal(counts.combos, want[0]) and np.array_equal(counts.weights, want[1])
    assert [key(r.hand) for r in combo_results(result, 0)] == [frozenset(int(c) for c in row)
                                                                 for row in counts.combos]
    assert {key(r.hand) for r in combo_results(result, 0)} == {
        frozenset(h) for h in expand("QQ,KK,AA,AKs,T9s") if not {card("Th"), card("9h")} & set(h)}


# --- 2. Against the brute-force oracle ------------------------------------------------------------

ORACLE_SPOTS = [
    # river: weighted ranges on both sides
    (["AA,KK@50,AKs,QJs", "QQ,AQs@25,T9s,54s"], "AhQd9c4s2h", ""),
    # turn, weighted, a dead card
    (["AA,KK@50,JTs", "QQ@75,AKs,76s"], "KdQs7h2c", "Th"),
    # river, three players with ranges
    (["AA,KQs", "KK@50,QJs", "JJ,T9s@20"], "Kh9d5c3s2h", ""),
    # river of two suits: the enumeration keeps one deal per suit-symmetry orbit (d <-> s)
    (["AA,KQs@50,T9s", "KK,QJs,76s@40"], "Kh9h5c3c2h", ""),
]


def oracle_players(players):
    return [expand(p) for p in players]


@pytest.mark.parametrize(("players", "board", "dead"), ORACLE_SPOTS)
def test_each_combo_against_the_brute_force_oracle(players, board, dead):
    result = calculate(players, board, dead, method="exact", combos=True)
    ranges = oracle_players(players)
    b, d = hand_of(board), hand_of(dead)
    for seat in range(len(players)):
        for column in range(len(players)):
            oracle = naive.naive_combo_equities(ranges, b, d, seat, column)
            want = {frozenset(h): v for h, v in oracle.items()}
            rows = combo_results(result, seat, None if column == seat else column)
            assert {key(r.hand) for r in rows} == set(want)
            for row in rows:
                share, win, tie, eq = want[key(row.hand)]
                assert row.share == approx(share), (seat, row.hand)
                assert row.weight == float(ranges[seat][tuple(sorted(hand_of(row.hand), reverse=True))])
                assert row.equity == approx(eq), (seat, column, row.hand)
                assert row.win == approx(win), (seat, column, row.hand)
                assert row.tie == approx(tie), (seat, column, row.hand)


def test_against_a_random_opponent_only_the_range_is_counted():
    players, board = ["AA,KK@50,QJs", "random"], "AhQd9c4s2h"
    result = calculate(players, board, method="exact", combos=True)
    assert [c.player for c in result.combos] == [0]
    with pytest.raises(ScenarioError):
        combo_results(result, 1)
    want = naive.naive_combo_equities([expand(players[0]), None], hand_of(board))
    rows = combo_results(result, 0)
    assert {key(r.hand) for r in rows} == {frozenset(h) for h in want}
    for row in rows:
        share, win, tie, eq = want[tuple(sorted(hand_of(row.hand), reverse=True))]
        assert (row.share, row.equity) == (approx(share), approx(eq)), row.hand
        assert (row.win, row.tie) == (approx(win), approx(tie)), row.hand


# --- 3. The weighted-mean identity ------------------------------------------------------------------

def check_identity(result, rel=1e-12):
    for counts in result.combos:
        seat = counts.player
        assert counts.deals.sum() > 0
        for column, player in enumerate(result.players):
            rows = combo_results(result, seat, column)
            assert sum(r.share for r in rows) == pytest.approx(1.0, rel=1e-12)
            for field in ("equity", "win", "tie"):
                mean = sum(r.share * getattr(r, field) for r in rows)
                want = getattr(player, field)
                assert mean == pytest.approx(want, rel=rel, abs=1e-14), (seat, column, field)


@pytest.mark.parametrize(("players", "board", "dead"), [(p, b, "") for p, b in SPOTS] + ORACLE_SPOTS)
def test_share_weighted_mean_is_the_players_figure_exact(players, board, dead):
    check_identity(calculate(players, board, dead, method="exact", combos=True))


@pytest.mark.parametrize(("players", "board"), [
    (["QQ+,AKs,T9s", "88,JTs"], "Th9h2c"),
    (["AA,KK@50,JTs", "QQ@75,AKs,76s", "random"], "KdQs7h"),
    (["AA,KK@50,JTs", "AhQh", "QQ@75,AKs,76s"], "KdQs7h"),
])
def test_share_weighted_mean_is_the_players_figure_monte_carlo(players, board):
    result = calculate(players, board, trials=40_000, seed=3, combos=True)
    assert result.method == "monte-carlo" and result.trials == 40_000
    for counts in result.combos:
        assert counts.deals.sum() == result.trials  # every trial counted once per counted seat
    check_identity(result)
    # A Monte Carlo combo's share is its trials over all trials.
    for row in combo_results(result, 0):
        assert row.share == row.deals / result.trials
        assert row.stderr is not None and row.stderr > 0


def test_a_precision_stop_keeps_the_counts_consistent():
    result = calculate(["QQ+,AKs,T9s", "88,JTs", "AhKh"], "Th9h2c", precision=0.002, seed=5, combos=True)
    assert result.method == "monte-carlo"
    assert all(c.deals.sum() == result.trials for c in result.combos)
    check_identity(result)


def test_a_single_trial_has_no_standard_error():
    result = calculate(["QQ+,AKs,T9s", "88,JTs"], "Th9h2c", trials=1, seed=5, combos=True)
    dealt = [r for r in combo_results(result, 0) if r.deals]
    assert len(dealt) == 1 and dealt[0].share == 1 and dealt[0].stderr is None
    assert all(r.share == 0 and r.equity == 0 for r in combo_results(result, 0) if not r.deals)


# --- 4. Card removal --------------------------------------------------------------------------------

def test_a_combo_blocked_by_the_board_is_not_among_the_combos():
    result = calculate(["QQ+,AKs", "JJ"], "QhKs5d", method="exact", combos=True)
    hands = {key(r.hand) for r in combo_results(result, 0)}
    assert len(hands) == 3 + 3 + 6 + 3  # QQ less Qh, KK less Ks, AA, AKs less AsKs
    assert all(card("Qh") not in h and card("Ks") not in h for h in hands)
    assert all(h in hands for h in map(frozenset, expand("QQ,KK,AA,AKs")) if not {card("Qh"), card("Ks")} & h)


@pytest.mark.parametrize("method", ["exact", "monte-carlo"])
def test_a_combo_that_collides_with_every_opponent_combo_has_no_deals(method):
    # AsAh and KsKh each share a card with both AsKs and AhKh: no deal holds them.
    kw = {"method": "exact"} if method == "exact" else {"trials": 20_000, "seed": 1}
    result = calculate(["AsAh,KK", "AsKs,AhKh"], "2c3d4h", combos=True, **kw)
    rows = {r.hand: r for r in combo_results(result, 0)}
    assert len(rows) == 7
    for blocked in ("AsAh", "KsKh"):
        assert rows[blocked].deals == 0 and rows[blocked].share == 0
        assert rows[blocked].equity == rows[blocked].win == rows[blocked].tie == 0
    assert all(r.deals > 0 for h, r in rows.items() if h not in ("AsAh", "KsKh"))
    check_identity(result)
    if method == "exact":
        want = naive.naive_combo_equities([expand("AsAh,KK"), expand("AsKs,AhKh")], hand_of("2c3d4h"))
        for row in rows.values():
            share, win, tie, eq = want[tuple(sorted(hand_of(row.hand), reverse=True))]
            assert (row.share, row.equity) == (approx(share), approx(eq)), row.hand
        # The KK combos that can be dealt: against the one opponent combo their cards leave.
        for hand in ("KdKc", "KhKc", "KhKd", "KsKc", "KsKd"):
            assert rows[hand].equity == approx(calculate([hand, "AsKs,AhKh"], "2c3d4h",
                                                         method="exact").players[0].equity)


# --- 5. Suit symmetry ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("hero", "villain", "equal"), [
    ("AKs", "QQ", [("AcKc", "AdKd", "AhKh", "AsKs")]),
    ("AKs", "QsQh,QdQc", [("AsKs", "AhKh"), ("AdKd", "AcKc")]),
])
def test_preflop_symmetry_reduction_keeps_each_combo(hero, villain, equal):
    result = calculate([hero, villain], method="exact", combos=True)
    assert result.method == "exact"
    rows = {r.hand: r for r in combo_results(result, 0)}
    assert sorted(rows) == ["AcKc", "AdKd", "AhKh", "AsKs"]
    for hand, row in rows.items():
        want = calculate([hand, villain], method="exact").players[0]
        assert row.equity == approx(want.equity), hand
        assert row.win == approx(want.win) and row.tie == approx(want.tie), hand
    for group in equal:
        assert all(rows[h].equity == pytest.approx(rows[group[0]].equity, rel=1e-12) for h in group)
        assert all(rows[h].share == pytest.approx(rows[group[0]].share, rel=1e-12) for h in group)
    # The villain's combos, read both ways, against single runs too.
    for row in combo_results(result, 1, column=0):
        assert row.equity == approx(calculate([hero, row.hand], method="exact").players[0].equity), row.hand
    check_identity(result)


# --- 6. Omaha ---------------------------------------------------------------------------------------------

def test_omaha_each_combo_against_single_runs_and_the_oracle():
    players = ["AsAhKsKh,AcAdKcKd,QsQhJsJh@50,8s7s6d5d", "Tc9c8d7d,TdTh6c5c@25,JcJdQcQd"]
    board = "2s3h9h4c"
    result = calculate(players, board, game="omaha", method="exact", combos=True)
    assert result.game.startswith("omaha")
    ranges = oracle_players(players)
    b = hand_of(board)

    def solve(hands):
        return naive.naive_game_equity(hands, b, (), naive.naive_omaha_value)

    for seat in (0, 1):
        rows = combo_results(result, seat)
        want = {frozenset(h): v for h, v in
                naive.naive_combo_equities(ranges, b, (), seat, solve=solve).items()}
        assert {key(r.hand) for r in rows} == set(want)
        for row in rows:
            share, win, tie, eq = want[key(row.hand)]
            assert (row.share, row.equity, row.win, row.tie) == (approx(share), approx(eq), approx(win),
                                                                  approx(tie)), row.hand
            if row.deals:
                one = single(players, seat, row.hand, board, game="omaha").players[seat]
                assert row.equity == approx(one.equity), row.hand
                assert (row.win, row.tie) == (approx(one.win), approx(one.tie)), row.hand
    check_identity(result)


@pytest.mark.parametrize("board", ["2h4dJcTs", "2h4dJc"])
def test_omaha_hilo_split_figures_per_combo(board):
    players = ["As2sKhQh,Ac3cKdQd,AhAd5c5s", "Ad2d7h8h@50,3s4s5d6d,KsKcJdJs"]
    result = calculate(players, board, game="omaha-hilo", method="exact", combos=True)
    for seat in (0, 1):
        rows = combo_results(result, seat)
        assert rows and all(r.split is not None for r in rows)
        for row in rows:
            if not row.deals:
                continue
            one = single(players, seat, row.hand, board, game="omaha-hilo").players[seat]
            assert row.equity == approx(one.equity), row.hand
            assert row.win == approx(one.win) and row.tie == approx(one.tie), row.hand
            assert set(row.split) == set(one.split)
            for name, value in one.split.items():
                assert row.split[name] == approx(value), (row.hand, name)
        # The halves, share-weighted, are the player's too.
        for name in ("scoop", "high_win", "high_tie", "low_win", "low_tie", "high_equity", "low_equity"):
            mean = sum(r.share * r.split[name] for r in rows)
            assert mean == tight(result.players[seat].split[name]), (seat, name)
    check_identity(result)


def test_omaha_hilo_a_fixed_hand_per_combo_against_the_oracle():
    # Each combo of the hero's range against a fixed hand is an oracle run of two specific hands.
    players, board = ["As2sKhQh,Ac3cKdQd,AhAd5c5s", "3s4s5d6d"], "2h4dJcTs"
    result = calculate(players, board, game="omaha-hilo", method="exact", combos=True)
    for row in combo_results(result, 0):
        want = naive.omaha_hilo_equity([hand_of(row.hand), hand_of(players[1])], hand_of(board))["players"][0]
        assert row.equity == approx(want["equity"]) and row.win == approx(want["scoop"]), row.hand
        for name in ("high_win", "high_tie", "low_win", "low_tie"):
            assert row.split[name] == approx(want[name]), (row.hand, name)


# --- 7. Monte Carlo ---------------------------------------------------------------------------------------

MC_PLAYERS, MC_BOARD = ["QQ,T9s@40", "AKs@25,88"], "Th9h2c"


def combo_arrays(result):
    out = []
    for c in result.combos:
        out.append((c.player, c.combos.tobytes(), c.deals.tobytes(), c.pairs.tobytes(),
                    *(x.tobytes() for x in c.tally)))
    return out


def test_monte_carlo_combo_counts_are_reproducible():
    a = calculate(MC_PLAYERS, MC_BOARD, trials=60_000, seed=42, threads=1, combos=True)
    b = calculate(MC_PLAYERS, MC_BOARD, trials=60_000, seed=42, threads=1, combos=True)
    c = calculate(MC_PLAYERS, MC_BOARD, trials=60_000, seed=42, threads=2, combos=True)
    d = calculate(MC_PLAYERS, MC_BOARD, trials=60_000, seed=43, threads=2, combos=True)
    assert combo_arrays(a) == combo_arrays(b) == combo_arrays(c)
    assert combo_arrays(a) != combo_arrays(d)
    for seat in (0, 1):
        for column in (0, 1):
            assert combo_results(a, seat, column) == combo_results(c, seat, column)
    # The totals don't change with the per-combo counts asked for.
    plain = calculate(MC_PLAYERS, MC_BOARD, trials=60_000, seed=42, threads=2)
    assert [p.equity for p in plain.players] == [p.equity for p in a.players]


def test_monte_carlo_combos_within_four_standard_errors_of_exact():
    mc = calculate(MC_PLAYERS, MC_BOARD, trials=200_000, seed=2024, combos=True)
    truth = calculate(MC_PLAYERS, MC_BOARD, method="exact", combos=True)
    for seat in (0, 1):
        for column in (0, 1):
            got, want = combo_results(mc, seat, column), combo_results(truth, seat, column)
            assert [r.hand for r in got] == [r.hand for r in want]
            assert len(got) == (9, 10)[seat]  # QQ (6) + T9s less Th9h (3); AKs (4) + 88 (6)
            for g, w in zip(got, want, strict=True):
                assert g.stderr is not None and g.stderr > 0
                z = (g.equity - w.equity) / g.stderr
                assert abs(z) < 4, (seat, column, g.hand, g.equity, w.equity, g.stderr)
                # A combo's share is a binomial proportion of the trials.
                se_share = (w.share * (1 - w.share) / mc.trials) ** 0.5
                assert abs(g.share - w.share) < 4 * se_share + 1e-12, (seat, g.hand)


# --- 8. The grid from one pass ------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("hero", "villains", "board", "cells"), [
    ("AA,KK,QQ,AKs@50,T9s", ["88,JTs"], "Th9h2c",
     {"AA": "AA", "KK": "KK", "QQ": "QQ", "AKs": "AKs", "T9s": "T9s"}),
    ("AA,AsKs,AhKh@50,KQo@25", ["JJ,QJs", "AcTc"], "Kd7h2s9c",
     {"AA": "AA", "AKs": "AsKs,AhKh@50", "KQo": "KQo"}),
])
def test_grid_cells_equal_single_runs_of_each_class(hero, villains, board, cells):
    grid = equity_grid(hero, villains, board, method="exact")
    assert grid.overall.method == "exact"
    assert sorted(c.name for c in grid.cells) == sorted(cells)
    for cell in grid.cells:
        want = calculate([cells[cell.name], *villains], board, method="exact")
        for got, exp in zip(cell.result.players, want.players, strict=True):
            assert got.equity == approx(exp.equity), cell.name
            assert got.win == approx(exp.win) and got.tie == approx(exp.tie), cell.name
    assert sum(c.share for c in grid.cells) == pytest.approx(1.0, rel=1e-12)
    for p, player in enumerate(grid.overall.players):
        assert sum(c.share * c.result.players[p].equity for c in grid.cells) == tight(player.equity)
        assert sum(c.share * c.result.players[p].win for c in grid.cells) == tight(player.win)
    # A cell's share is the oracle's share of its combos.
    want = naive.naive_combo_equities([expand(hero), *(expand(v) for v in villains)], hand_of(board))
    for cell in grid.cells:
        in_cell = expand(cells[cell.name])
        assert cell.share == approx(sum(want[h][0] for h in in_cell if h in want)), cell.name
        assert cell.held == sum(1 for h in in_cell if h in want and want[h][0] > 0)


def test_grid_monte_carlo_cells_add_up_to_the_overall_result():
    grid = equity_grid("QQ+,AKs,T9s", ["88,JTs"], "Th9h2c", trials=50_000, seed=1)
    assert grid.overall.method == "monte-carlo" and grid.seed == 1
    assert sum(c.share for c in grid.cells) == pytest.approx(1.0, rel=1e-12)
    for p, player in enumerate(grid.overall.players):
        for field in ("equity", "win", "tie"):
            mean = sum(c.share * getattr(c.result.players[p], field) for c in grid.cells)
            assert mean == tight(getattr(player, field)), (p, field)
    again = equity_grid("QQ+,AKs,T9s", ["88,JTs"], "Th9h2c", trials=50_000, seed=1)
    assert [(c.name, c.share, c.result.players[0].equity) for c in again.cells] == [
        (c.name, c.share, c.result.players[0].equity) for c in grid.cells]


def test_group_result_of_a_class_equals_a_single_run():
    players, board = ["QQ+,AKs,T9s", "88,JTs"], "Th9h2c"
    result = calculate(players, board, method="exact", combos=True)
    names, groups = class_groups(result, 1)
    assert set(names) == {"88", "JTs"}
    for name, totals in zip(names, group_counts(counts_of(result, 1), groups, len(names)), strict=True):
        part = group_result(result, *totals)
        want = calculate([players[0], name], board, method="exact")
        for got, exp in zip(part.players, want.players, strict=True):
            assert got.equity == approx(exp.equity), name


# --- The distribution ------------------------------------------------------------------------------------

def test_distribution_from_per_combo_results():
    players, board = ["AA,KK,QQ,AKs,T9s", "88,JTs"], "Th9h2c"
    dist = equity_distribution(players, board, method="exact", buckets="0-50,50-80,80-100")
    hero = dist.players[0]
    rows = combo_results(calculate(players, board, method="exact", combos=True), 0)
    assert sorted(c.hand for c in hero.combos) == sorted(r.hand for r in rows)
    assert [c.equity for c in hero.combos] == sorted((c.equity for c in hero.combos), reverse=True)
    assert sum(c.share * c.equity for c in hero.combos) == tight(dist.result.players[0].equity)
    assert hero.equity == tight(dist.result.players[0].equity)
    for bucket in hero.buckets:
        inside = [r for r in rows if bucket.low / 100 <= r.equity < bucket.high / 100
                  or (bucket.high == 100 and r.equity == 1)]
        assert bucket.share == pytest.approx(sum(r.share for r in inside), abs=1e-12), bucket
        assert bucket.combos == len(inside)
    # Percentiles: the equity at which the cumulative share (worst first) reaches the percent.
    worst_first = sorted(rows, key=lambda r: r.equity)
    for q, value in hero.percentiles.items():
        at = 0.0
        for r in worst_first:
            at += r.share
            if at >= q / 100 - 1e-12:
                break
        assert value == r.equity, q
    # The breakdown by class: the hero's range against each class of the villain's, as single runs.
    (bd,) = dist.breakdowns
    assert bd.seat == 1 and bd.by == "class"
    assert {r.name for r in bd.rows} == {"88", "JTs"}
    assert sum(r.share for r in bd.rows) == pytest.approx(1.0, rel=1e-12)
    for row in bd.rows:
        want = calculate([players[0], row.name], board, method="exact").players[0]
        assert row.equity == approx(want.equity) and row.win == approx(want.win), row.name
    oracle = naive.naive_combo_equities([expand(p) for p in players], hand_of(board), seat=1)
    shares = {"88": sum(v[0] for h, v in oracle.items() if h[0] >> 2 == 6),
              "JTs": sum(v[0] for h, v in oracle.items() if h[0] >> 2 == 9)}
    for row in bd.rows:
        assert row.share == approx(shares[row.name]), row.name


def test_distribution_of_a_random_hero_covers_every_hand():
    board = "Kh9d6c7s2h"
    dist = equity_distribution(["random", "AA"], board, method="exact")
    hero = dist.players[0]
    assert len(hero.combos) == 47 * 46 // 2  # every hand of the cards off the board
    assert sum(c.share for c in hero.combos) == pytest.approx(1.0, rel=1e-12)
    assert sum(c.share * c.equity for c in hero.combos) == tight(dist.result.players[0].equity)
    by_hand = {key(c.hand): c for c in hero.combos}
    for hand in ("AsAh", "KsKd", "7h7d", "QcJc", "AcKd", "3c4c", "8s5s"):
        one = calculate([hand, "AA"], board, method="exact").players[0]
        assert by_hand[key(hand)].equity == approx(one.equity), hand
    # A hand holding two aces meets one combo of AA; one holding no ace, six.
    assert by_hand[key("AsAh")].share * 6 == pytest.approx(by_hand[key("QcJc")].share, rel=1e-12)


# --- 9. Buckets -------------------------------------------------------------------------------------------

def test_parse_buckets_accepts_any_order():
    want = ((75.0, 100.0), (50.0, 75.0), (25.0, 50.0), (0.0, 25.0))
    assert parse_buckets("0-25,75-100,25-50,50-75") == want
    assert parse_buckets(" 0 - 50 , 50-100% ") == ((50.0, 100.0), (0.0, 50.0))


@pytest.mark.parametrize(("text", "names"), [
    ("0-40,50-100", ["0-40", "50-100"]),  # a gap
    ("0-60,50-100", ["0-60", "50-100"]),  # an overlap
    ("10-50,50-100", ["10-50"]),  # not from 0
    ("0-50,50-90", ["50-90"]),  # not to 100
    ("0-50,abc,50-100", ["abc"]),  # not LOW-HIGH
    ("0-50,60-50,50-100", ["60-50"]),  # LOW above HIGH
    ("0-50,50-120", ["50-120"]),  # past 100
    ("0-100,x-y", ["x-y"]),
])
def test_parse_buckets_errors_name_the_band(text, names):
    with pytest.raises(ScenarioError) as info:
        parse_buckets(text)
    for name in names:
        assert name in str(info.value), (text, str(info.value))


def test_distribution_rejects_bad_buckets():
    with pytest.raises(ScenarioError, match="abc"):
        equity_distribution(["AA,KK", "QQ"], "2c3d4h", method="exact", buckets="0-50,abc,50-100")
