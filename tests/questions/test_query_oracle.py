"""``equity query`` against a brute-force oracle (tests/naive.py): on small spaces every statement is
counted exactly by the engine and, independently, by dealing every deal one at a time in plain Python
and valuing each function from its definition with the naive evaluators. Shares are compared exactly
(the engine's ``fraction``) where the deals are unweighted, and the raw row counts where the oracle deals
as far as the statement looks."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import pytest
from naive import (
    PQL_FLOP_CATEGORIES,
    naive_board_texture,
    naive_equity_on_street,
    naive_flop_category,
    naive_flush_cards,
    naive_hand_type,
    naive_nut_hi,
    naive_nut_lo,
    naive_outs,
    naive_pql_class,
    naive_pql_low,
    naive_query_deals,
    naive_query_histogram,
    naive_query_mean,
    naive_river_shares,
    naive_type_order,
    pql_deck,
)

from equity.cards import parse_cards
from equity.games import get_game
from equity.options import RunOptions
from equity.questions.query.run import run_query

#: PQL's game name -> (equity's game, the oracle's kind).
GAMES = {"holdem": ("holdem", "holdem"), "omahahi": ("omaha", "omaha"), "omaha8": ("omaha-hilo", "omaha8"),
         "shortdeck": ("short-deck", "short"), "studhi": ("stud", "stud"), "stud8": ("stud8", "stud8"),
         "razz": ("razz", "razz")}


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text)) if text.strip() else ()


class Spot:
    """One statement's ``from``: the engine's text for it, and the oracle's deals (rows ``(weight, hands,
    board, holes)``, ``hands`` by player name, ``holes`` in the players' order), the board dealt street by
    street to each of ``streets`` (board card counts): those the statement looks at, so that the oracle's
    rows are the engine's."""

    def __init__(self, game: str = "holdem", board: str = "", dead: str = "", streets: tuple[int, ...] = (5,),
                 **players: str):
        self.game, self.kind = game, GAMES[game][1]
        self.board, self.dead = cards(board), cards(dead)
        self.names = tuple(players)
        self.source = ", ".join([f"game='{game}'", f"board='{board}'", f"dead='{dead}'"]
                                + [f"{name}='{text}'" for name, text in players.items()])
        engine_game = get_game(GAMES[game][0])
        ranges = [self._range(engine_game, text) for text in players.values()]
        stud = not engine_game.board
        streets = () if stud else streets
        self.rows = [(w, dict(zip(self.names, hands, strict=True)), full, hands) for w, hands, full in
                     naive_query_deals(ranges, self.board, self.dead, streets, pql_deck(self.kind),
                                       engine_game.hole if stud else None)]
        self.memo: dict = {}

    def _range(self, game, text: str) -> dict[tuple[int, ...], Fraction]:
        if text.strip() == "*":
            return {hand: Fraction(1) for hand in combinations(pql_deck(self.kind), game.hole)}
        rng = game.parse_range(text)
        return {tuple(int(c) for c in row): Fraction(float(w)) for row, w in zip(rng.combos, rng.weights,
                                                                               strict=True)}

    def run(self, selectors: str, where: str = "", path: str = "any"):
        """The engine's exact answer. ``path="rows"``: counted deal by deal (an always-true ``where`` keeps
        a statement of showdown figures off the equity engines); ``path="engines"``: it must take them."""
        where = where or ("1 = 1" if path == "rows" else "")
        text = f"select {selectors} from {self.source}" + (f" where {where}" if where else "")
        result = run_query(text, RunOptions(method="exact"))
        assert len(result.statements) == 1
        statement = result.statements[0]
        assert statement.method == "exact"
        assert path != "engines" or statement.why == "the equity engine", statement.why
        assert path != "rows" or statement.why != "the equity engine", statement.why
        return statement

    # the oracle's values, one row at a time, each worked out once per deal (or per node of its street)
    def once(self, key, compute):
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]

    def shares(self, row):
        _, _, board, holes = row
        return self.once(("shares", holes, tuple(sorted(board))),
                         lambda: naive_river_shares(holes, board, self.kind))

    def share(self, name):
        return lambda row: self.shares(row)[0][self.names.index(name)]

    def wins_hi(self, name):
        return lambda row: self.shares(row)[1] == [self.names.index(name)]

    def ties_hi(self, name):
        return lambda row: self.names.index(name) in self.shares(row)[1] and len(self.shares(row)[1]) > 1

    def wins_lo(self, name):
        if self.kind == "razz":  # razz's one pot goes to the lowest hand
            return self.wins_hi(name)
        return lambda row: self.shares(row)[2] == [self.names.index(name)]

    def ties_lo(self, name):
        if self.kind == "razz":
            return self.ties_hi(name)
        return lambda row: self.names.index(name) in self.shares(row)[2] and len(self.shares(row)[2]) > 1

    def scoops(self, name):
        return lambda row: self.share(name)(row) == 1

    def hand_type(self, name, k):
        return lambda row: self.once(("type", row[1][name], row[2][:k]),
                                     lambda: naive_hand_type(row[1][name], row[2][:k], self.kind))

    def equity(self, name, k):
        return lambda row: self.once(("equity", row[3], row[2][:k]), lambda: naive_equity_on_street(
            row[3], row[2][:k], self.dead, self.kind))[self.names.index(name)]

    def outs(self, name, k, want):
        return lambda row: self.once(("outs", row[3], name, row[2][:k], want), lambda: naive_outs(
            row[3], self.names.index(name), row[2][:k], self.dead, want, self.kind))

    def nut_hi(self, name, k):
        return lambda row: naive_nut_hi(row[1][name], row[2][:k], self.dead, self.kind)

    def texture(self, what, k):
        return lambda row: self.once(("texture", row[2][:k]),
                                     lambda: naive_board_texture(row[2][:k], self.kind))[what]

    def flush_cards(self, name, k):
        return lambda row: naive_flush_cards(row[1][name], row[2][:k], self.kind)

    def mean(self, value, keep=None):
        return naive_query_mean(self.rows, value, keep)

    def histogram(self, value, keep=None):
        return naive_query_histogram(self.rows, value, keep)

    def true_rows(self, value, keep=None):
        return sum(1 for row in self.rows if (keep is None or keep(row)) and value(row))


def check(selector, expected: Fraction, exact: bool = True) -> None:
    """An avg or count selector against the oracle's Fraction, and the engine's fraction when it gives one;
    ``exact``: it must."""
    assert selector.value == pytest.approx(float(expected), abs=1e-12), selector
    assert not exact or selector.fraction is not None, selector
    if selector.fraction is not None:
        assert Fraction(selector.fraction) == expected, selector


def check_histogram(selector, expected: dict) -> None:
    """A histogram against the oracle's ``{label: share}`` (labels as the engine writes them)."""
    got = {b.label: b.share for b in selector.histogram}
    assert set(got) == {str(k) for k, v in expected.items() if v}, (got, expected)
    for label, share in expected.items():
        if share:
            assert got[str(label)] == pytest.approx(float(share), abs=1e-12), label


def number_histogram(selector) -> dict[Fraction, float]:
    """A number histogram's buckets by value (the engine writes '0', '1/2', '7' ...)."""
    return {Fraction(b.label): b.share for b in selector.histogram}


def check_showdown(spot: Spot, statement, names) -> None:
    """riverEquity, winsHi, tiesHi, scoops of ``names``, selected in that order for each player."""
    assert statement.deals == len(spot.rows)
    sels = iter(statement.selectors)
    for name in names:
        for value in (spot.share(name), spot.wins_hi(name), spot.ties_hi(name), spot.scoops(name)):
            sel = next(sels)
            check(sel, spot.mean(value))
            if sel.kind == "count":
                assert sel.count == spot.true_rows(value)


def showdown_selectors(names) -> str:
    return ", ".join(f"avg(riverEquity({n})), count(winsHi({n})), count(tiesHi({n})), count(scoops({n}))"
                     for n in names)


# -- hold'em showdown ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["engines", "rows"])
@pytest.mark.parametrize(("board", "dead", "players"), [
    ("Kh9s4c2d", "", {"hero": "AKs,QQ", "villain": "99,JTs"}),
    ("9h8d7c6s", "", {"hero": "AA,KhKd", "villain": "QQ,JcJd"}),  # a ten or a five splits the pot
    ("Jd8c3h2s", "2c 2d 3c 3d 4c 4d", {"hero": "AJs", "villain": "88", "v3": "T9s"}),
    ("QsJs5d5c", "", {"hero": "AsKs", "villain": "Q5s,55", "v3": "As3s,KdQd"}),
])
def test_holdem_showdown(board, dead, players, path):
    spot = Spot(board=board, dead=dead, **players)
    statement = spot.run(showdown_selectors(spot.names), path=path)
    check_showdown(spot, statement, spot.names)
    # every deal's pot is shared out whole
    total = sum(Fraction(sel.fraction) for sel in statement.selectors[::4])
    assert total == 1


@pytest.mark.parametrize("path", ["engines", "rows"])
def test_holdem_showdown_from_the_flop(path):
    spot = Spot(board="Ts9s4d", hero="AsKs", villain="8h7h")
    check_showdown(spot, spot.run(showdown_selectors(spot.names), path=path), spot.names)


def test_weighted_ranges():
    spot = Spot(board="Kh9s4c2d", hero="AKs@25,QQ", villain="99@50,JTs")
    statement = spot.run("avg(riverEquity(hero)), count(winsHi(villain)), count(tiesHi(hero))")
    assert statement.deals == len(spot.rows)
    for sel, value in zip(statement.selectors, (spot.share("hero"), spot.wins_hi("villain"),
                                                spot.ties_hi("hero")), strict=True):
        check(sel, spot.mean(value), exact=False)
        assert sel.fraction is None


def test_players_swapped_and_reordered():
    a, b, both = "AKs,QQ", "99,JTs", "avg(riverEquity(hero)), avg(riverEquity(villain))"
    first = Spot(board="Kh9s4c2d", hero=a, villain=b).run(both)
    swapped = Spot(board="Kh9s4c2d", hero=b, villain=a).run(both)
    reordered = Spot(board="Kh9s4c2d", villain=b, hero=a).run(both)
    assert first.selectors[0].fraction == swapped.selectors[1].fraction == reordered.selectors[0].fraction
    assert first.selectors[1].fraction == swapped.selectors[0].fraction == reordered.selectors[1].fraction
    assert Fraction(first.selectors[0].fraction) + Fraction(first.selectors[1].fraction) == 1


# -- where -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("where", "keep"), [
    ("minHandType(villain, river, twopair)",
     lambda s: lambda row: s.hand_type("villain", 5)(row) in ("twopair", "trips", "straight", "flush",
                                                             "fullhouse", "quads", "straightflush")),
    ("exactHandType(hero, turn, pair) and not flushingBoard(river)",
     lambda s: lambda row: s.hand_type("hero", 4)(row) == "pair" and not s.texture("flushingBoard", 5)(row)),
    ("not winsHi(hero)", lambda s: lambda row: not s.wins_hi("hero")(row)),
    ("riverEquity(villain) > 0", lambda s: lambda row: s.share("villain")(row) > 0),
])
def test_where(where, keep):
    spot = Spot(board="Kh9s4c2d", hero="AKs,QQ,T9s", villain="99,JTs,K4s")
    statement = spot.run("avg(riverEquity(hero)), count(winsHi(villain)), count(tiesHi(hero))", where)
    kept = keep(spot)
    n_kept = sum(1 for row in spot.rows if kept(row))
    for sel, value in zip(statement.selectors, (spot.share("hero"), spot.wins_hi("villain"),
                                                spot.ties_hi("hero")), strict=True):
        assert sel.kept == n_kept
        check(sel, spot.mean(value, kept))
        if sel.kind == "count":
            assert sel.count == spot.true_rows(value, kept)


def test_where_keeps_nothing():
    spot = Spot(board="Kh9s4c2d", hero="AKs", villain="99")
    statement = spot.run("avg(riverEquity(hero)), count(winsHi(hero))", "exactHandType(hero, river, quads)")
    assert all(sel.value is None and sel.kept == 0 for sel in statement.selectors)


# -- hand types ------------------------------------------------------------------------------------

def test_hand_types_by_street():
    spot = Spot(board="Ts9s4d", streets=(4, 5), hero="AsKs,QhQd", villain="8h7h")
    streets = (("preflop", 0), ("flop", 3), ("turn", 4), ("river", 5))
    selectors = [f"histogram(handType({n}, {s}))" for n in spot.names for s, _ in streets]
    selectors += ["count(minHandType(hero, river, twopair))",
                  "count(exactHandType(villain, river, straight))",
                  "count(minHandType(villain, turn, straight))", "max(handType(hero, river))",
                  "min(handType(villain, river))", "histogram(winningHandType())"]
    statement = spot.run(", ".join(selectors))
    assert statement.deals == len(spot.rows)
    sels = iter(statement.selectors)
    for name in spot.names:
        for _, k in streets:
            check_histogram(next(sels), spot.histogram(spot.hand_type(name, k)))
    order = naive_type_order("holdem")

    def at_least(name, k, t):
        return lambda r: order.index(spot.hand_type(name, k)(r)) >= order.index(t)
    check(next(sels), spot.mean(at_least("hero", 5, "twopair")))
    check(next(sels), spot.mean(lambda r: spot.hand_type("villain", 5)(r) == "straight"))
    check(next(sels), spot.mean(at_least("villain", 4, "straight")))
    top = max((spot.hand_type("hero", 5)(r) for r in spot.rows), key=order.index)
    assert next(sels).label == top
    bottom = min((spot.hand_type("villain", 5)(r) for r in spot.rows), key=order.index)
    assert next(sels).label == bottom

    def winning(row):
        _, hi, _ = spot.shares(row)
        return spot.hand_type(spot.names[hi[0]], 5)(row)
    check_histogram(next(sels), spot.histogram(winning))


# -- equity on a street ----------------------------------------------------------------------------

@pytest.mark.parametrize(("board", "dead", "players"), [
    ("Ts9s4d", "", {"hero": "AsKs,QhQd", "villain": "8h7h"}),
    ("Ah7d2c", "Kc Kd 3c 3d 3h 5c 5d 5h 6c 6d 6h 8c 8d 8h Jc Jd Jh",
     {"hero": "KhKs,AsQs", "villain": "7s7h,As2s"}),
])
def test_equity_on_flop_and_turn(board, dead, players):
    spot = Spot(board=board, dead=dead, streets=(4,), **players)
    statement = spot.run("avg(equity(hero, flop)), avg(equity(villain, flop)), avg(equity(hero, turn)), "
                         "count(minEquity(hero, turn, 0.5))", "equity(villain, flop) > 0")
    assert statement.deals == len(spot.rows)  # the turn is dealt, not the river
    river = spot.run("avg(riverEquity(hero))", "equity(villain, flop) > 0").selectors[0]
    hero_flop, villain_flop = spot.equity("hero", 3), spot.equity("villain", 3)
    hero_turn = spot.equity("hero", 4)
    sels = statement.selectors
    check(sels[0], spot.mean(hero_flop), exact=False)
    check(sels[1], spot.mean(villain_flop), exact=False)
    check(sels[2], spot.mean(hero_turn), exact=False)
    check(sels[3], spot.mean(lambda r: hero_turn(r) >= Fraction(1, 2)))
    # the turn's equity averages to the river's, and to the flop's (each node has as many leaves)
    assert river.value == pytest.approx(sels[2].value, abs=1e-12)
    assert sels[0].value == pytest.approx(sels[2].value, abs=1e-12)
    assert sels[0].value + sels[1].value == pytest.approx(1, abs=1e-12)


def test_equity_from_preflop_with_most_of_the_deck_dead():
    """Before the flop: 14 cards left to deal, so the oracle can run out every board."""
    dead = ("2c 2d 2h 3c 3d 3h 3s 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h 8c 8d 8h 9c 9d 9h "
            "Tc Td Th Jc Jd Jh Qc Qd Qh")
    spot = Spot(dead=dead, streets=(3,), hero="AsKs,AdAh", villain="Ts9s")
    statement = spot.run("avg(equity(hero, preflop)), avg(equity(villain, preflop)), "
                         "avg(equity(hero, flop)), "
                         "count(minEquity(hero, flop, 0.75)), histogram(handType(hero, preflop)), "
                         "histogram(handType(villain, flop))")
    assert statement.deals == len(spot.rows)
    sels = statement.selectors
    check(sels[0], spot.mean(spot.equity("hero", 0)), exact=False)
    check(sels[1], spot.mean(spot.equity("villain", 0)), exact=False)
    check(sels[2], spot.mean(spot.equity("hero", 3)), exact=False)
    check(sels[3], spot.mean(lambda r: spot.equity("hero", 3)(r) >= Fraction(3, 4)))
    check_histogram(sels[4], spot.histogram(spot.hand_type("hero", 0)))
    check_histogram(sels[5], spot.histogram(spot.hand_type("villain", 3)))
    river = spot.run("avg(riverEquity(hero))").selectors[0]
    assert river.value == pytest.approx(sels[0].value, abs=1e-12)


def test_equity_at_the_river_is_the_river_share():
    spot = Spot(board="Kh9s4c2d", hero="AKs,QQ", villain="99,JTs")
    statement = spot.run("avg(equity(hero, river)), avg(riverEquity(hero)), avg(fractionalRiverEquity(hero))")
    assert len({sel.fraction for sel in statement.selectors}) == 1
    check(statement.selectors[1], spot.mean(spot.share("hero")))


# -- outs ------------------------------------------------------------------------------------------

TYPES_WITH_OUTS = ("pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads", "straightflush")


def test_outs_on_the_flop():
    spot = Spot(board="Th9h4c", streets=(3,), hero="AhKh,QhJh,8h7h,J8s,QQ,99,AK,KJs,66,Th4h,5h5d",
                villain="4s4d")
    selectors = [f"avg(outsToHandType(hero, flop, {t}))" for t in TYPES_WITH_OUTS]
    selectors += ["histogram(outsToHandType(hero, flop, twopair))",
                  "count(minOutsToHandType(hero, flop, flush, 9))",
                  "avg(outsToHandType(villain, flop, fullhouse))",
                  "avg(outsToHandType(villain, flop, quads))"]
    statement = spot.run(", ".join(selectors))
    assert statement.deals == len(spot.rows)
    sels = iter(statement.selectors)
    for t in TYPES_WITH_OUTS:
        check(next(sels), spot.mean(spot.outs("hero", 3, t)))
    expected = spot.histogram(spot.outs("hero", 3, "twopair"))
    got = number_histogram(next(sels))
    assert set(got) == set(expected)
    assert all(got[k] == pytest.approx(float(v), abs=1e-12) for k, v in expected.items())
    check(next(sels), spot.mean(lambda r: spot.outs("hero", 3, "flush")(r) >= 9))
    check(next(sels), spot.mean(spot.outs("villain", 3, "fullhouse")))
    check(next(sels), spot.mean(spot.outs("villain", 3, "quads")))


def test_outs_on_the_turn():
    spot = Spot(board="Th9h4c2h", dead="Ac 3h", hero="AhKh,QhJh,8h7h,J8s,QQ,99,KJs,66,5s3s,4h4d",
                villain="2c2d")
    selectors = [f"avg(outsToHandType(hero, turn, {t}))" for t in TYPES_WITH_OUTS]
    statement = spot.run(", ".join(selectors))
    for sel, t in zip(statement.selectors, TYPES_WITH_OUTS, strict=True):
        check(sel, spot.mean(spot.outs("hero", 4, t)))


def test_outs_on_the_turn_dealt_from_the_flop():
    spot = Spot(board="Th9h4c", dead="2c 2d 3c 3d 5c 5d 6c 6d 7c 7d", streets=(4,), hero="QhJh,Ah5h",
                villain="4s4d")
    asked = (("hero", "turn", "straight"), ("hero", "turn", "flush"), ("hero", "flop", "straight"),
             ("villain", "turn", "fullhouse"))
    statement = spot.run(", ".join(f"avg(outsToHandType({n}, {s}, {t}))" for n, s, t in asked))
    assert statement.deals == len(spot.rows)
    for sel, (name, street, want) in zip(statement.selectors, asked, strict=True):
        check(sel, spot.mean(spot.outs(name, 3 if street == "flop" else 4, want)))


# -- nuts ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("board", "dead", "street", "k"), [
    ("QhJhTh2c2d", "", "river", 5),
    ("QhJhTh2c2d", "Ah", "river", 5),  # the royal is dead: K9 of hearts is the nuts
    ("QhJhTh2c", "", "turn", 4),
    ("8s8d3c", "", "flop", 3),
    ("8s8d3c", "3d 3h 3s", "flop", 3),
])
def test_nut_hi_on_a_given_board(board, dead, street, k):
    spot = Spot(board=board, dead=dead, streets=(k,),
                hero="AhKh,Kh9h,9h8h,22,AA,KQ,AK,88,83s,33,A3s,Th2h,Ac3c", villain="Qs Qd")
    statement = spot.run(f"count(nutHi(hero, {street})), count(nutHi(villain, {street}))")
    check(statement.selectors[0], spot.mean(spot.nut_hi("hero", k)))
    check(statement.selectors[1], spot.mean(spot.nut_hi("villain", k)))
    assert statement.selectors[0].count == spot.true_rows(spot.nut_hi("hero", k))


def test_nut_hi_with_the_river_dealt():
    dead = "2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h 8c 8d"
    spot = Spot(board="QhJhTs9s", dead=dead, hero="AhKh,KsKd,8s8h,AsTs", villain="Qc Qd")
    statement = spot.run("count(nutHi(hero, river)), count(nutHi(villain, river)), count(nutHi(hero, turn))")
    assert statement.deals == len(spot.rows)
    check(statement.selectors[0], spot.mean(spot.nut_hi("hero", 5)))
    check(statement.selectors[1], spot.mean(spot.nut_hi("villain", 5)))
    check(statement.selectors[2], spot.mean(spot.nut_hi("hero", 4)))


# -- flop categories -------------------------------------------------------------------------------

#: Flops, with dead cards that make the counts of categories that mirror each other (top pair and second
#: pair, top and bottom and bottom two ...) differ, so that a category's name is checked, not only its size.
FLOPS = (("AhKd7c", ""), ("AhKd7c", "Ac As Kc 7d"), ("8h8d3c", "3d"), ("5s5d5c", ""),
         ("JhTh9h", "Jc Js Td 8h"), ("Ah2d3c", "Ad 4c 5c"), ("KhKdQc", "Qh"), ("9c6d2h", "9d 6h 6s 2c"),
         ("QsTs3s", "Qh 3d As"), ("Ks8d8h", "Kd"), ("7c5d4h", "7d 6c 4d"))


@pytest.mark.parametrize(("flop", "dead"), FLOPS)
def test_flop_categories_of_every_hand(flop, dead):
    spot = Spot(board=flop, dead=dead, streets=(3,), hero="*")
    statement = spot.run("histogram(flopHandCategory(hero)), max(flopHandCategory(hero)), "
                         "min(flopHandCategory(hero)), count(exactFlopHandCategory(hero, floptoppair)), "
                         "count(minFlopHandCategory(hero, floptoptwo)), "
                         "count(exactFlopHandCategory(hero, flopset))")
    assert statement.deals == len(spot.rows) == math.comb(49 - len(spot.dead), 2)
    category = {}  # hole -> category, once

    def cat(row):
        hole = row[1]["hero"]
        if hole not in category:
            category[hole] = naive_flop_category(hole, row[2], "holdem")
        return category[hole]

    sels = statement.selectors
    expected = spot.histogram(cat)
    check_histogram(sels[0], expected)
    assert {b.label: b.rows for b in sels[0].histogram} == {
        k: sum(1 for r in spot.rows if cat(r) == k) for k in expected}
    assert sels[1].label == max(expected, key=PQL_FLOP_CATEGORIES.index)
    assert sels[2].label == min(expected, key=PQL_FLOP_CATEGORIES.index)
    check(sels[3], spot.mean(lambda r: cat(r) == "floptoppair"))
    at_least = PQL_FLOP_CATEGORIES.index("floptoptwo")
    check(sels[4], spot.mean(lambda r: PQL_FLOP_CATEGORIES.index(cat(r)) >= at_least))
    check(sels[5], spot.mean(lambda r: cat(r) == "flopset"))


def test_flop_categories_over_every_flop():
    spot = Spot(dead="2c 2d 3c 3d 4c 4d 5c 5d 6c 6d", streets=(3,), hero="AsKs,7h7d")
    statement = spot.run("histogram(flopHandCategory(hero)), avg(boardSuitCount(flop))")
    assert statement.deals == len(spot.rows)
    check_histogram(statement.selectors[0],
                    spot.histogram(lambda r: naive_flop_category(r[1]["hero"], r[2][:3], "holdem")))
    check(statement.selectors[1], spot.mean(spot.texture("boardSuitCount", 3)))


# -- the board's texture ---------------------------------------------------------------------------

TEXTURES = ("pairedBoard", "monotoneBoard", "twoToneBoard", "rainbowBoard", "flushingBoard", "straightBoard")


@pytest.mark.parametrize(("board", "dead", "street", "k"), [
    ("", "", "flop", 3),
    ("Ah7d2c", "", "turn", 4),
    ("Ah7h2h", "", "turn", 4),
    ("Ah7d2c9d", "", "river", 5),
    ("KhQh5s5c", "", "river", 5),
])
def test_board_texture(board, dead, street, k):
    spot = Spot(board=board, dead=dead, streets=(k,), hero="AsKs")
    selectors = [f"count({t}({street}))" for t in TEXTURES] + [f"avg(boardSuitCount({street}))"]
    statement = spot.run(", ".join(selectors))
    assert statement.deals == len(spot.rows)
    for sel, what in zip(statement.selectors, (*TEXTURES, "boardSuitCount"), strict=True):
        check(sel, spot.mean(spot.texture(what, k)))
        if sel.kind == "count":
            assert sel.count == spot.true_rows(spot.texture(what, k))


def test_board_texture_of_earlier_streets_from_the_river():
    spot = Spot(board="Ah7h2c", streets=(4, 5), hero="KhQh", villain="9s9d")
    selectors = ["count(rainbowBoard(turn))", "count(twoToneBoard(river))", "count(pairedBoard(river))",
                 "count(flushingBoard(turn))", "count(monotoneBoard(flop))"]
    statement = spot.run(", ".join(selectors))
    asked = (("rainbowBoard", 4), ("twoToneBoard", 5), ("pairedBoard", 5), ("flushingBoard", 4),
             ("monotoneBoard", 3))
    for sel, (what, k) in zip(statement.selectors, asked, strict=True):
        check(sel, spot.mean(spot.texture(what, k)))


# -- the hand itself -------------------------------------------------------------------------------

def test_pocket_pair_overpair_in_range_and_rating():
    spot = Spot(board="Ts7d2c", streets=(4,), hero="TT+,77,55,AK,KQs,T9s", villain="8h8d")
    within = {tuple(int(c) for c in row) for row in get_game("holdem").parse_range("QQ+,AK,T9s").combos}
    statement = spot.run("count(pocketPair(hero)), count(overpair(hero, flop)), "
                         "count(overpair(villain, turn)), count(inRange(hero, 'QQ+,AK,T9s')), "
                         "max(hiRating(hero, turn)), min(hiRating(hero, turn)), "
                         "count(minHiRating(villain, turn, rateHiHand('8h8d8sTs7d')))")
    assert statement.deals == len(spot.rows)

    def overpair(name, k):
        def value(row):
            a, b = (c >> 2 for c in row[1][name])
            return a == b and a > max(c >> 2 for c in row[2][:k])
        return value
    sels = statement.selectors
    check(sels[0], spot.mean(lambda r: r[1]["hero"][0] >> 2 == r[1]["hero"][1] >> 2))
    check(sels[1], spot.mean(overpair("hero", 3)))
    check(sels[2], spot.mean(overpair("villain", 4)))
    check(sels[3], spot.mean(lambda r: r[1]["hero"] in within))
    ratings = [7463 - naive_pql_class(r[1]["hero"], r[2][:4], "holdem") for r in spot.rows]
    assert (sels[4].value, sels[5].value) == (max(ratings), min(ratings))
    floor = 7463 - naive_pql_class(cards("8h8d8s"), cards("Ts7d"), "holdem")
    check(sels[6], spot.mean(
        lambda r: 7463 - naive_pql_class(r[1]["villain"], r[2][:4], "holdem") >= floor))


# -- flush draws -----------------------------------------------------------------------------------

def test_three_and_four_flush_holdem():
    spot = Spot(board="Kh7h2c", streets=(4,), hero="AhQh,Ah5d,KsQs,9h8h,JcTc,66,QcJc,AcKc", villain="2h2d")
    statement = spot.run("count(threeFlush(hero, flop)), count(fourFlush(hero, flop)), "
                         "count(threeFlush(hero, turn)), count(fourFlush(hero, turn)), "
                         "count(fourFlush(villain, turn))")
    assert statement.deals == len(spot.rows)
    for sel, (name, k, n) in zip(statement.selectors, (("hero", 3, 3), ("hero", 3, 4), ("hero", 4, 3),
                                                       ("hero", 4, 4), ("villain", 4, 4)), strict=True):
        check(sel, spot.mean(lambda r, name=name, k=k, n=n: spot.flush_cards(name, k)(r) == n))


def test_three_and_four_flush_omaha():
    spot = Spot(game="omahahi", board="Qh9h3c", streets=(4,), hero="AhKh5h2h", villain="AcKcQsJs")
    statement = spot.run("count(threeFlush(hero, flop)), count(fourFlush(hero, flop)), "
                         "count(fourFlush(hero, turn)), count(threeFlush(villain, turn)), "
                         "count(fourFlush(villain, turn))")
    for sel, (name, k, n) in zip(statement.selectors, (("hero", 3, 3), ("hero", 3, 4), ("hero", 4, 4),
                                                       ("villain", 4, 3), ("villain", 4, 4)), strict=True):
        check(sel, spot.mean(lambda r, name=name, k=k, n=n: spot.flush_cards(name, k)(r) == n))


def test_omaha_plays_exactly_two_hole_cards():
    """Four hearts on the board and one in hero's hand: no flush in Omaha, and no card makes one."""
    spot = Spot(game="omahahi", board="Qh9h3h2h", hero="AhKc5d5s", villain="KhJh8c7c,Td9d8s7s")
    statement = spot.run("histogram(handType(hero, turn)), histogram(handType(hero, river)), "
                         "histogram(handType(villain, river)), avg(riverEquity(hero)), count(tiesHi(hero)), "
                         "avg(outsToHandType(hero, turn, flush)), count(nutHi(villain, turn))")
    assert statement.deals == len(spot.rows)
    sels = statement.selectors
    check_histogram(sels[0], spot.histogram(spot.hand_type("hero", 4)))
    assert "flush" not in {b.label for b in sels[1].histogram}
    check_histogram(sels[1], spot.histogram(spot.hand_type("hero", 5)))
    check_histogram(sels[2], spot.histogram(spot.hand_type("villain", 5)))
    check(sels[3], spot.mean(spot.share("hero")))
    check(sels[4], spot.mean(spot.ties_hi("hero")))
    check(sels[5], spot.mean(spot.outs("hero", 4, "flush")))
    assert sels[5].value == 0
    check(sels[6], spot.mean(spot.nut_hi("villain", 4)))


# -- Omaha hi-lo -----------------------------------------------------------------------------------

def omaha8_selectors(names):
    return ", ".join(f"avg(riverEquity({n})), count(winsHi({n})), count(tiesHi({n})), count(winsLo({n})), "
                     f"count(tiesLo({n})), count(scoops({n}))" for n in names)


@pytest.mark.parametrize(("board", "dead", "players"), [
    # the low can be quartered
    ("8c5d3hKs", "Kc Kd Qc Qs Jh Js Tc Th", {"hero": "As2sQdQh", "villain": "4h6hJdJc", "v3": "Ac2c9d9h"}),
    # the nut low on a river three only
    ("7c6d2hTs", "5c Kc Kd Qc Qs Jh Js Tc Th", {"hero": "Ad4dKsKh", "villain": "Ac3c8s9s"}),
    ("8c5dKs", "", {"hero": "As2sQdQh", "villain": "4h6hJdJc"}),
    ("7c6d2h", "", {"hero": "Ad3d4s4h", "villain": "Ac3c8s9s"}),
])
def test_omaha_hilo(board, dead, players):
    spot = Spot(game="omaha8", board=board, dead=dead, streets=(4, 5), **players)
    nuts = len(spot.board) == 4  # the oracle's nuts try every two cards on every river: on one turn only
    statement = spot.run(omaha8_selectors(spot.names)
                         + ", count(madeLo(hero, river)), count(madeLo(hero, turn)), "
                         "histogram(handType(hero, river)), histogram(handType(villain, turn)), "
                         "histogram(handType(hero, preflop))"
                         + (", count(nutLo(hero, river)), count(nutHi(hero, river)), "
                            "count(nutLo(hero, turn)), count(nutHi(villain, turn))" if nuts else ""))
    assert statement.deals == len(spot.rows)
    sels = iter(statement.selectors)
    for name in spot.names:
        for value in (spot.share(name), spot.wins_hi(name), spot.ties_hi(name), spot.wins_lo(name),
                      spot.ties_lo(name), spot.scoops(name)):
            sel = next(sels)
            check(sel, spot.mean(value))
            assert sel.kind != "count" or sel.count == spot.true_rows(value)
    check(next(sels), spot.mean(lambda r: naive_pql_low(r[1]["hero"], r[2], "omaha8") is not None))
    check(next(sels), spot.mean(lambda r: naive_pql_low(r[1]["hero"], r[2][:4], "omaha8") is not None))
    check_histogram(next(sels), spot.histogram(spot.hand_type("hero", 5)))
    check_histogram(next(sels), spot.histogram(spot.hand_type("villain", 4)))
    check_histogram(next(sels), spot.histogram(spot.hand_type("hero", 0)))
    if nuts:
        check(next(sels), spot.mean(lambda r: naive_nut_lo(r[1]["hero"], r[2], spot.dead)))
        check(next(sels), spot.mean(spot.nut_hi("hero", 5)))
        check(next(sels), spot.mean(lambda r: naive_nut_lo(r[1]["hero"], r[2][:4], spot.dead)))
        check(next(sels), spot.mean(spot.nut_hi("villain", 4)))
    assert next(sels, None) is None
    engines = spot.run(omaha8_selectors(spot.names), path="engines")  # deals turn and river as one pair
    for sel, row in zip(engines.selectors, statement.selectors, strict=False):
        assert sel.fraction == row.fraction


# -- short deck ------------------------------------------------------------------------------------

def test_short_deck_flush_beats_full_house():
    spot = Spot(game="shortdeck", board="AhKh9h9c", hero="QhTh,JhTh", villain="KK,AK,98s")
    statement = spot.run("avg(riverEquity(hero)), count(winsHi(hero)), count(tiesHi(villain)), "
                         "histogram(handType(hero, river)), histogram(handType(villain, river)), "
                         "count(minHandType(villain, river, flush)), "
                         "count(minHandType(villain, river, fullhouse)), "
                         "max(handType(villain, river)), avg(outsToHandType(villain, turn, flush)), "
                         "avg(outsToHandType(villain, turn, fullhouse))")
    assert statement.deals == len(spot.rows)
    sels = statement.selectors
    check(sels[0], spot.mean(spot.share("hero")))
    check(sels[1], spot.mean(spot.wins_hi("hero")))
    check(sels[2], spot.mean(spot.ties_hi("villain")))
    check_histogram(sels[3], spot.histogram(spot.hand_type("hero", 5)))
    check_histogram(sels[4], spot.histogram(spot.hand_type("villain", 5)))
    order = naive_type_order("short")
    assert order.index("flush") > order.index("fullhouse")
    for sel, want in zip(sels[5:7], ("flush", "fullhouse"), strict=True):
        check(sel, spot.mean(lambda r, want=want: order.index(spot.hand_type("villain", 5)(r))
                             >= order.index(want)))
    assert sels[7].label == max((spot.hand_type("villain", 5)(r) for r in spot.rows), key=order.index)
    check(sels[8], spot.mean(spot.outs("villain", 4, "flush")))
    check(sels[9], spot.mean(spot.outs("villain", 4, "fullhouse")))
    # the flush over the full house, on its own: hero's flush beats a full house every time
    full = Spot(game="shortdeck", board="AhKh9h9c6s", hero="QhTh", villain="KsKd")
    assert full.run("avg(riverEquity(hero))").selectors[0].fraction == "1"


def test_short_deck_straights():
    """A-6-7-8-9 is short deck's lowest straight; no card below a six is dealt."""
    spot = Spot(game="shortdeck", board="Ah7d8c9s", hero="6h6d,6s6c", villain="TcJc,KK")
    statement = spot.run("avg(riverEquity(hero)), count(tiesHi(hero)), histogram(handType(hero, river)), "
                         "histogram(handType(villain, river)), count(straightBoard(turn)), "
                         "avg(outsToHandType(villain, turn, straight)), count(nutHi(hero, river))")
    assert statement.deals == len(spot.rows)
    sels = statement.selectors
    check(sels[0], spot.mean(spot.share("hero")))
    check(sels[1], spot.mean(spot.ties_hi("hero")))
    check_histogram(sels[2], spot.histogram(spot.hand_type("hero", 5)))
    check_histogram(sels[3], spot.histogram(spot.hand_type("villain", 5)))
    check(sels[4], spot.mean(spot.texture("straightBoard", 4)))
    check(sels[5], spot.mean(spot.outs("villain", 4, "straight")))
    check(sels[6], spot.mean(spot.nut_hi("hero", 5)))


# -- games without a board -------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players"), [
    ("studhi", {"hero": "AsAdKc7h5d2s", "villain": "QhQdJc9h8d3s"}),
    ("studhi", {"hero": "AsAdKc7h5d2s", "villain": "QhQdJc9h8d3s", "v3": "6c6d6hTs4c4d2c"}),
    ("studhi", {"hero": "9s8s7s6h2c2d", "villain": "9d8d7d6c3c3d"}),  # straights tie
    ("stud8", {"hero": "As2d3c7hKdKs", "villain": "4h5h6h8cQdQc"}),
    ("stud8", {"hero": "As2d3c7hKdKs", "villain": "Ah2h3d7cQsQh"}),  # the low ties
    ("studhi", {"hero": "AsAdKc7h5d2s3s", "villain": "QhQdJc9h8d"}),  # two cards to come
    ("razz", {"hero": "As2d3c4h9dKs", "villain": "2c3d5h6sJdJc"}),
    ("razz", {"hero": "As2d3c4h9dKs", "villain": "Ah2h3d4c9cQh"}),
])
@pytest.mark.parametrize("path", ["engines", "rows"])
def test_boardless(game, players, path):
    spot = Spot(game=game, **players)
    parts = []
    for n in spot.names:
        parts.append(f"avg(riverEquity({n})), count(scoops({n}))")
        if game != "razz":
            parts.append(f"count(winsHi({n})), count(tiesHi({n}))")
        if game != "studhi":
            parts.append(f"count(winsLo({n})), count(tiesLo({n}))")
    statement = spot.run(", ".join(parts), path=path)
    assert statement.deals == len(spot.rows)
    sels = iter(statement.selectors)
    for n in spot.names:
        for value in (spot.share(n), spot.scoops(n)):
            check(next(sels), spot.mean(value))
        if game != "razz":
            for value in (spot.wins_hi(n), spot.ties_hi(n)):
                check(next(sels), spot.mean(value))
        if game != "studhi":
            for value in (spot.wins_lo(n), spot.ties_lo(n)):
                check(next(sels), spot.mean(value))
    assert next(sels, None) is None
    if game != "razz" and path == "rows":
        types = spot.run("histogram(handType(hero, river)), histogram(winningHandType())")
        check_histogram(types.selectors[0], spot.histogram(spot.hand_type("hero", 0)))
        check_histogram(types.selectors[1], spot.histogram(
            lambda r: spot.hand_type(spot.names[spot.shares(r)[1][0]], 0)(r)))


# -- the turn and river cards, nut outs, board ranges, ProPokerTools' names ----------------------------

def test_turn_and_river_cards():
    spot = Spot(board="Kh7d2c", streets=(4, 5), hero="AhKd", villain="QQ,Ts9s")
    statement = spot.run("count(turnCard() = 'As'), count(riverCard() = 'As'), "
                         "count(turnCard() = riverCard()), count(turnCard() <> 'Qc' and riverCard() <> 'Qc')")
    ace = cards("As")[0]
    queen = cards("Qc")[0]
    check(statement.selectors[0], spot.mean(lambda r: r[2][3] == ace))
    check(statement.selectors[1], spot.mean(lambda r: r[2][4] == ace))
    check(statement.selectors[2], Fraction(0))
    check(statement.selectors[3], spot.mean(lambda r: queen not in r[2][3:5]))


def test_nut_outs_on_the_flop():
    """nutHiOuts: the next cards after which the hand is the nuts (nutHi on the turn), on a small deck."""
    dead = "2c 2d 2s 3c 3d 3h 3s 5c 5d 5s 6c 6d 6s 7c 7d 7s 8c 8d 8s Jc Jd Js Qd Qs"
    spot = Spot(board="Th9h4c", dead=dead, streets=(3,), hero="QhJh,AhKh,KcQc", villain="4s4d")
    statement = spot.run("avg(nutHiOuts(hero, flop)), histogram(nutHiOuts(villain, flop))")

    def outs(name):
        def value(row):
            used = {c for hole in row[3] for c in hole} | set(row[2][:3]) | set(spot.dead)
            return sum(naive_nut_hi(row[1][name], tuple(row[2][:3]) + (c,), spot.dead, "holdem")
                       for c in range(52) if c not in used)
        return value

    check(statement.selectors[0], spot.mean(outs("hero")))
    villain = spot.histogram(outs("villain"))
    check_histogram(statement.selectors[1], {Fraction(k): v for k, v in villain.items()})


@pytest.mark.parametrize(("pattern", "holds"), [
    ("AK*", lambda ranks, suits: 12 in ranks and 11 in ranks),
    ("xxx", lambda ranks, suits: len(set(suits)) == 1),
    ("xxy", lambda ranks, suits: sorted(suits.count(s) for s in set(suits)) == [1, 2]),
    ("RR*", lambda ranks, suits: len(set(ranks)) < 3),
    ("[A-T][A-T][A-T]", lambda ranks, suits: min(ranks) >= 8),
])
def test_board_in_range_reads_the_flop(pattern, holds):
    spot = Spot(streets=(3,), hero="AhKd")
    statement = spot.run(f"count(boardInRange('{pattern}'))")

    def value(row):
        flop = row[2][:3]
        return holds([c >> 2 for c in flop], [c & 3 for c in flop])

    check(statement.selectors[0], spot.mean(value))


def test_hvh_equity_is_equity_on_the_street():
    """ProPokerTools' HvHequity(p, street): hand against hand with every card known, the same as equity."""
    spot = Spot(board="Ts9s4d", streets=(3, 4), hero="AsKs,QhQd", villain="8h7h")
    statement = spot.run("avg(HvHequity(hero, flop)), avg(equity(hero, flop)), avg(HvHequity(villain, turn))")
    assert statement.selectors[0].fraction == statement.selectors[1].fraction
    check(statement.selectors[0], spot.mean(spot.equity("hero", 3)))
    check(statement.selectors[2], spot.mean(spot.equity("villain", 4)))
