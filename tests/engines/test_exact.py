import math
from fractions import Fraction

import naive
import numpy as np
import pytest

from equity.cards import parse_cards
from equity.engines import exact
from equity.engines.montecarlo import simulate
from equity.errors import ScenarioError
from equity.options import RunOptions
from equity.questions import calculate as engine
from equity.ranges import parse_range
from equity.result import CATEGORY_KEYS
from equity.scenario import Scenario


def run(players, board="", dead="", **kw):
    return exact.enumerate_exact(Scenario.build(players, board, dead), **kw)


def counts(result):
    """(wins, ties, losses) of each player, as whole numbers of (deal, board) pairs."""
    out = []
    for p in result.players:
        win, tie = round(p.win * result.trials), round(p.tie * result.trials)
        assert abs(win - p.win * result.trials) < 1e-3 and abs(tie - p.tie * result.trials) < 1e-3
        out.append((win, tie, result.trials - win - tie))
    return out


def percent(result):
    return [round(100 * p.equity, 4) for p in result.players]


# Public counts (PokerStove / ProPokerTools), to the board.
def test_aces_against_kings_over_all_combos():
    result = run(["AA", "KK"])
    assert result.method == "exact" and result.seed is None
    assert result.trials == 36 * 1_712_304
    assert counts(result)[0] == (50_371_344, 285_228, 10_986_372)
    assert percent(result) == [81.9461, 18.0539]


def test_acad_against_khks():
    result = run(["AcAd", "KhKs"])
    assert result.trials == 1_712_304
    assert counts(result) == [(1_388_072, 6_538, 317_694), (317_694, 6_538, 1_388_072)]


@pytest.mark.parametrize(("players", "dead", "want"), [
    (["QQ", "87s"], "", [78.2594, 21.7406]),
    (["AA", "QQ", "AKo"], "", [76.1347, 18.7420, 5.1233]),
    (["AA", "QQ", "AKo"], "AsTs", [73.4955, 21.0303, 5.4743]),
])
def test_public_equities(players, dead, want):
    assert percent(run(players, dead=dead)) == want


@pytest.mark.parametrize(("hero", "want"), [("AA", 85.2037), ("72o", 34.5836)])
def test_against_one_random_hand(hero, want):
    result = run([hero, None])
    assert percent(result)[0] == want
    assert result.trials == len(parse_range(hero)) * math.comb(50, 2) * math.comb(48, 5)


# Small cases against the brute-force oracle, fractions and all.
CASES = [
    (["AhAd", None], "2c7s9dJc", ""),
    (["AhAd", "KK", None], "2c7s9dJc", "Qh"),
    (["QQ+,AKs", "JJ-99,AQs+"], "Ts9s2d3c", ""),
    (["AKs@50,QQ", "KQ,22@25"], "Kh7d2c5s", "As"),
    (["7d8d", None, None], "2c3d4h5s6c", ""),
    (["AA,KK@50", "QQ+,AKs", "JhTh"], "2c7s9dJcQh", ""),
    (["AhKh", "AA,KK,QQ@30"], "Qh5h2c", "Jh Td 3s 4s 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d"),
]


def oracle_player(p):
    if p is None:
        return None
    rng = parse_range(p)
    if rng.is_hand():
        return tuple(int(c) for c in rng.combos[0])
    return {tuple(int(c) for c in combo): w for combo, w in zip(rng.combos, rng.weights, strict=True)}


@pytest.mark.slow
@pytest.mark.parametrize(("players", "board", "dead"), CASES)
def test_against_the_oracle(players, board, dead):
    result = run(players, board, dead)
    want = naive.naive_range_equity([oracle_player(p) for p in players], tuple(parse_cards(board)),
                                    tuple(parse_cards(dead)))
    for p, (win, tie, eq) in zip(result.players, want, strict=True):
        assert p.win == pytest.approx(float(win), rel=1e-12, abs=1e-15)
        assert p.tie == pytest.approx(float(tie), rel=1e-12, abs=1e-15)
        assert p.equity == pytest.approx(float(eq), rel=1e-12, abs=1e-15)
        assert p.stderr == 0


def test_equities_sum_to_one_and_counts_add_up():
    result = run(["AA", "QQ", "AKo", None], board="Qs7h2c")
    assert abs(sum(Fraction(p.equity) for p in result.players) - 1) < 1e-15
    for win, tie, loss in counts(result):
        assert win + tie + loss == result.trials


def test_swapping_players_swaps_results():
    a = run(["QQ+,AKs", "JJ-99,AQs+", "AhKh"], board="Ts9s2d")
    b = run(["AhKh", "JJ-99,AQs+", "QQ+,AKs"], board="Ts9s2d")
    assert [p.equity for p in a.players] == [p.equity for p in reversed(b.players)]
    assert [p.tie for p in a.players] == [p.tie for p in reversed(b.players)]


def test_symmetry_only_saves_work(monkeypatch):
    scenario = Scenario.build(["AA", None], board="Kd7c2d")
    with_symmetry = exact.plan(scenario)
    assert with_symmetry.symmetries == 2  # the board fixes clubs and diamonds; hearts <-> spades is free
    reduced = exact.enumerate_exact(scenario, deals=with_symmetry)
    monkeypatch.setattr(exact, "_symmetries", lambda scenario: [np.arange(52)])
    full = exact.enumerate_exact(scenario)
    assert exact.plan(scenario).deals == with_symmetry.deals
    assert len(exact.plan(scenario).orbit) > len(with_symmetry.orbit)
    assert ([(p.win, p.tie, p.equity) for p in reduced.players]
            == [(p.win, p.tie, p.equity) for p in full.players])


def _maps_kept_one_by_one(scenario):
    """The suit maps that keep the board, the dead cards, each fixed hand and each weighted range, found
    the plain way: every one of the 24 maps, every card set and range compared as a set, one at a time."""
    out = []
    for cmap in exact._SUIT_MAPS:
        sets = [scenario.board, scenario.dead, *(c[0] for c, _ in scenario.combos() if len(c) == 1)]
        if any({int(cmap[c]) for c in cards} != {int(c) for c in cards} for cards in sets):
            continue
        pairs = [list(zip(c.tolist(), w.tolist(), strict=True)) for c, w in scenario.combos()]
        if all({frozenset(int(cmap[x]) for x in row): w for row, w in rows}
               == {frozenset(row): w for row, w in rows} for rows in pairs):
            out.append(cmap.tolist())
    return out


@pytest.mark.parametrize(("players", "board", "dead"), [
    (["AA", None], "Kd7c2d", ""), (["AKs", "QQ"], "", ""), (["AsKs", "QdQc", None], "Th9h2c", ""),
    (["QQ+,AKs", "JJ-99,AQs+"], "", ""), (["AKs@50,AKo", "QQ"], "", ""),
    (["AhKh,AsKs", "KK@25,QQ"], "", "7c"), (["AhKh,AsKs,AcKc", "JJ"], "2d3d4c", ""),
    ([None, None], "9h8h7h", ""), (["AKs", "T9s@50"], "", "2c3d"), (["AA", "KK", None], "", ""),
    (["AhKh,AsKs@50", "QQ"], "", ""), (["AhKh,AsKs@50", "QQ"], "", "Ac"),
])
def test_suit_symmetries_are_the_maps_that_keep_every_set_and_range(players, board, dead):
    scenario = Scenario.build(players, board, dead)
    assert [m.tolist() for m in exact.symmetries(scenario)] == _maps_kept_one_by_one(scenario)


@pytest.mark.slow
def test_a_plan_with_symmetry_counts_every_deal_once():
    """Each orbit's deals, written out under every map kept, are exactly the deals listed without
    symmetry, each reached as often as the orbit size says."""
    scenario = Scenario.build(["QQ+,AKs", "JJ-99,AQs+@50", None], board="Ts9s2d")
    plan = exact.plan(scenario)
    assert plan.symmetries == 2
    holes, weight = exact.list_deals(scenario)

    def key(deal):  # each seat's two cards, in seat order
        return tuple(map(tuple, np.sort(deal, axis=1).tolist()))

    every = {key(d): w for d, w in zip(holes, weight.tolist(), strict=True)}
    assert len(every) == len(holes)
    reached = {}
    for deal, orbit, w in zip(plan.holes, plan.orbit.tolist(), plan.weight.tolist(), strict=True):
        images = {key(m[deal]) for m in plan.maps}
        assert all(every[image] * orbit == w for image in images)
        assert len(images) == orbit and images <= every.keys()
        for image in images:
            assert image not in reached
            reached[image] = orbit
    assert reached.keys() == every.keys()


def test_threads_do_not_change_the_answer():
    scenario = Scenario.build(["AKs,QQ", None], board="Jc8d3h")
    one = exact.enumerate_exact(scenario, threads=1)
    two = exact.enumerate_exact(scenario, threads=2)
    assert [(p.win, p.tie, p.equity) for p in one.players] == [(p.win, p.tie, p.equity) for p in two.players]


def test_categories_against_the_oracle():
    players, board = ["AhKh", "QQ", "Js9d"], "Qh5h2c9s"
    result = run(players, board=board, categories=True)
    for p in result.players:
        cats = p.categories
        assert list(cats) == list(CATEGORY_KEYS)
        assert sum(c["frequency"] for c in cats.values()) == pytest.approx(1, abs=1e-12)
        assert sum(c["win"] for c in cats.values()) == pytest.approx(p.win, abs=1e-12)
        assert sum(c["tie"] for c in cats.values()) == pytest.approx(p.tie, abs=1e-12)
    # By hand: every villain-1 combo, every river.
    hero, third, cards = parse_cards("AhKh"), parse_cards("Js9d"), parse_cards(board)
    tally = [{key: [0, 0, 0] for key in CATEGORY_KEYS} for _ in players]
    deals = 0
    for combo in parse_range("QQ").without(hero + third + cards).combos.tolist():
        for river in set(range(52)) - set(hero + third + cards + combo):
            values = [naive.naive_class(h + cards + [river]) for h in (hero, combo, third)]
            best = min(values)
            winners = values.count(best)
            deals += 1
            for i, v in enumerate(values):
                row = tally[i][CATEGORY_KEYS[naive.category_of(v)]]
                row[0] += 1
                if v == best:
                    row[1 if winners == 1 else 2] += 1
    assert result.trials == deals
    for p, want in zip(result.players, tally, strict=True):
        for key, (made, won, tied) in want.items():
            assert p.categories[key] == {"frequency": made / deals, "win": won / deals, "tie": tied / deals}


def test_auto_picks_exact_only_when_cheap():
    cheap = Scenario.build(["AsKs", "QdQc"])
    assert engine.choose(cheap)[0] == "exact"
    assert engine.choose(cheap, RunOptions(trials=1000))[0] == "monte-carlo"
    assert engine.choose(cheap, RunOptions(method="monte-carlo"))[0] == "monte-carlo"
    assert engine.choose(Scenario.build(["AsKs", None, None], board="Th9h2c"))[0] == "monte-carlo"
    assert engine.choose(Scenario.build(["AsKs", None], board="Th9h2c"))[0] == "exact"
    with pytest.raises(ScenarioError, match="too many deals to enumerate exactly"):
        engine.choose(Scenario.build(["AsKs", None, None, None]), RunOptions(method="exact"))
    with pytest.raises(ScenarioError, match="trials is a Monte Carlo option and cannot be combined"):
        engine.choose(cheap, RunOptions(method="exact", trials=5))


@pytest.mark.parametrize(("players", "board", "dead"), [
    (["QQ+,AKs", "JJ-99,AQs+"], "", ""),
    (["AKs@50,QQ", "KQ,22@25", None], "Kh7d2c", "As"),
    (["AsAh,KsKh,AdAc", "AsKh,QdQc"], "2c3d7h8sJd", ""),  # joint draws only; one at a time would bias
    (["15%", "AA,KK", None], "Jd7c2h5s", ""),
])
def test_monte_carlo_with_ranges_within_four_standard_errors_of_exact(players, board, dead):
    scenario = Scenario.build(players, board, dead)
    truth = exact.enumerate_exact(scenario)
    mc = simulate(scenario, trials=300_000, seed=11, categories=True)
    for p, q in zip(mc.players, truth.players, strict=True):
        assert abs(p.equity - q.equity) <= 4 * p.stderr, (p.hand, p.equity, q.equity, p.stderr)
        assert abs(p.win - q.win) <= 4 * p.win_stderr + 1e-12
        assert p.combos == q.combos


def test_progress_reaches_the_total():
    seen = []
    result = run(["AKs,QQ", None], board="Jc8d3h", progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (result.trials, result.trials)
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:], strict=False))


@pytest.mark.parametrize(("players", "dead", "want"), [
    (["AA", "KK"], "", [81.9461, 18.0539]),
    (["AcAd", "KhKs"], "", [81.2555, 18.7445]),
    (["QQ", "87s"], "", [78.2594, 21.7406]),
    (["AA", "QQ", "AKo"], "", [76.1347, 18.7420, 5.1233]),
    (["AA", "QQ", "AKo"], "AsTs", [73.4955, 21.0303, 5.4743]),
    (["AA", None], "", [85.2037, 14.7963]),
    (["72o", None], "", [34.5836, 65.4164]),
])
def test_monte_carlo_on_the_public_matchups(players, dead, want):
    """Within 4 standard errors of the published exact equities (given to 4 decimals: +- 0.00005%)."""
    result = simulate(Scenario.build(players, dead=dead), trials=400_000, seed=5)
    for p, pct in zip(result.players, want, strict=True):
        assert abs(p.equity - pct / 100) <= 4 * p.stderr + 5e-7, (p.hand, p.equity, pct, p.stderr)


@pytest.mark.parametrize(("players", "board"), [
    (["AhKh", "QhJh"], "Th9h2c"), (["AhKh", "QdJd"], "2h3h5d"), (["7c6c", "AsAd"], "8c9cKd"),
    (["AhKh", "QhJh"], "Th9h2c3h"), (["2h3h", "AsKs"], "Qh9h4c"),
])
def test_the_heads_up_path_agrees_with_the_general_one_on_flush_boards(players, board):
    # Heads-up without categories runs its own loop, with a rank-only branch when no suit can reach
    # five cards; with categories the general loop runs. Suited hands on suited boards take both branches.
    sc = Scenario.build(players, board=board)
    plain = exact.enumerate_exact(sc, threads=1)
    with_cats = exact.enumerate_exact(sc, threads=1, categories=True)
    assert counts(plain) == counts(with_cats)
    exp = naive.naive_equity([parse_cards(p) for p in players], parse_cards(board), [])
    for p, (win, tie, _) in zip(plain.players, exp, strict=True):
        assert Fraction(p.win).limit_denominator(10**7) == win
        assert Fraction(p.tie).limit_denominator(10**7) == tie


def every_board_counts(holes, board="", dead=""):
    """(wins, ties, equity sum) of each player over every completion of the board, each board listed
    with itertools and every hand scored by ``evaluate_many`` (the evaluator is checked on all 133
    million hands in test_evaluator): a second implementation of the enumeration."""
    from itertools import combinations

    from equity.evaluators.high import evaluate_many

    hands = [parse_cards(h) for h in holes]
    fixed = parse_cards(board)
    gone = set(fixed) | set(parse_cards(dead)) | {c for h in hands for c in h}
    live = [c for c in range(52) if c not in gone]
    rest = np.array(list(combinations(live, 5 - len(fixed))), np.int64).reshape(-1, 5 - len(fixed))
    boards = np.hstack([np.tile(np.array(fixed, np.int64), (len(rest), 1)), rest])
    classes = np.stack([evaluate_many(np.hstack([np.tile(np.array(h), (len(boards), 1)), boards]))
                        for h in hands], axis=1)
    best = classes.min(axis=1, keepdims=True)
    top = classes == best
    n_top = top.sum(axis=1, keepdims=True)
    wins = (top & (n_top == 1)).sum(axis=0)
    ties = (top & (n_top > 1)).sum(axis=0)
    shares = [sum(Fraction(int((top[:, p] & (n_top[:, 0] == k)).sum()), k) for k in range(1, len(hands) + 1))
              for p in range(len(hands))]
    return len(boards), wins, ties, shares


@pytest.mark.slow
@pytest.mark.parametrize(("holes", "board", "dead"), [
    (["AsKs", "QdQc"], "", ""),
    (["AhKh", "7h6h"], "", "2h"),
    (["2c3c", "4c5c", "6d7d"], "", ""),
    (["AsAd", "KsKd", "QhJh", "Tc9c"], "", "8h"),
    (["9h8h", "7h6h"], "", "2h3h"),
    (["AsKs", "QdQc", "Jh8h"], "", "Th9h"),
    (["AsKs", "QdQc", "Jh8h"], "Th9h2c", ""),
    (["AhKh", "7h6h"], "2h5h9c", ""),
    (["AhKh", "7c6c"], "2h5h9h", ""),
])
def test_preflop_and_early_boards_against_every_board_scored(holes, board, dead):
    # The kernel groups board cards of suits that can no longer make a flush by rank, and scores the
    # last two cards by pairs of ranks: every path (heads-up, several players, categories) must count
    # what scoring every board one by one counts.
    n, wins, ties, shares = every_board_counts(holes, board, dead)
    for categories in (False, True):
        result = run(holes, board, dead, threads=1, categories=categories)
        assert result.trials == n
        for p, w, t, s in zip(result.players, wins, ties, shares, strict=True):
            assert p.win * n == pytest.approx(w, abs=1e-6)
            assert p.tie * n == pytest.approx(t, abs=1e-6)
            assert p.equity * n == pytest.approx(float(s), rel=1e-12)


@pytest.mark.parametrize(("players", "board"), [(["AsKs", "QdQc"], ""), (["AsKs", "QdQc", "JhTh"], "2c3d4h"),
                                                (["QQ+,AKs", "77"], "Th9h2c"), (["AA", None], "")])
def test_plan_within_is_the_plan_when_its_work_is_within_the_limit(players, board):
    scenario = Scenario.build(players, board)
    full = exact.plan(scenario)
    for rows in (False, True):
        work = exact.plan(scenario, rows=rows).work
        within = exact.plan_within(scenario, work, rows)
        assert within is not None and within.work == work and np.array_equal(within.holes, full.holes)
        assert exact.plan_within(scenario, work - 1, rows) is None


def test_plan_within_refuses_by_the_bound_without_listing_the_deals():
    scenario = Scenario.build(["random", "random", "random"])  # listing these deals would take minutes
    assert exact.upper_bound(scenario) / len(exact.symmetries(scenario)) > 8 * engine.AUTO_WORK
    assert exact.plan_within(scenario, engine.AUTO_WORK) is None
