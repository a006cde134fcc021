"""The 888poker reader on hand histories written for these tests (tests/histories/poker888/): every field
worked out by hand from the text, the all-in hands priced against ``equity.calculate``, each broken hand's
error and the hands after it."""

from decimal import Decimal as D
from pathlib import Path

import pytest
from history_helpers import acts, cards, chips_in

import equity
from equity.errors import HistoryError
from equity.histories import poker888
from equity.histories.chips import check, count
from equity.histories.files import Source, read_source
from equity.histories.poker888_body import amount
from equity.questions.hands.allin import price

HERE = Path(__file__).parent.parent / "histories" / "poker888"
STARS = Path(__file__).parent.parent / "histories" / "pokerstars" / "cash.txt"


def read(name: str) -> dict:
    return {h.id: h for h in read_source(Source(str(HERE / name)))}





def invariants(hand):
    """The pricing's invariants: chips in = the pots; EVs and actual results sum to minus the rake."""
    chips = check(hand)
    priced = price(hand)
    assert chips_in(hand) == chips.total == sum((p.amount for p in priced.pots), D(0))
    assert sum(hand.collected, hand.rake) == chips.total
    assert sum(f.ev for f in priced.players) == pytest.approx(-float(hand.rake), abs=1e-9)
    assert sum(f.actual for f in priced.players) == pytest.approx(-float(hand.rake), abs=1e-9)
    return priced


@pytest.mark.parametrize("line", [
    "***** 888poker Hand History for Game 1455001122 *****",
    "***** 888poker Snap Poker Hand History for Game 1455001123 *****",
    "***** 888poker.ca-on Hand History for Game 6551093 *****",
    "***** 888.es Hand History for Game 1 *****",
    "***** 888.ro BLAST Hand History for Game 2 *****",
    "***** Cassava Hand History for Game 79911308 *****",
    "***** Pacific Poker Hand History for Game 3 *****"])
def test_the_header_is_told_apart_from_other_sites_first_lines(line):
    from equity.histories import sites

    assert poker888.SITE.header(line)
    assert [s.name for s in sites.text_sites() if s.header(line)] == ["888poker"]


@pytest.mark.parametrize("line", [
    "#Game No : 1455001122",  # partypoker writes it too: the hand starts at the ***** line
    "***** Hand History for Game 11614201072 *****",
    "PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2026/11/27 9:03:11 ET",
    "Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11"])
def test_other_sites_first_lines_are_not_ours(line):
    assert not poker888.SITE.header(line)


def test_no_body_line_starts_any_sites_hand():
    from equity.histories import sites

    heads = tuple(h for s in sites.text_sites() for h in s.heads)
    for path in HERE.glob("*.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("***** "):
                continue
            assert not line.startswith(heads), line


@pytest.mark.parametrize(("text", "value"), [
    ("[$0.06]", "0.06"), ("[ $1,250.75 ]", "1250.75"), ("0,38 $", "0.38"), ("42.797,60 $", "42797.60"),
    ("3.530 $", "3530"), ("[25 000]", "25000"), ("1 123 698", "1123698"), ("15\u00a0788,50 $", "15788.50"),
    ("$ 3", "3"), ("1.183.764 $", "1183764"), ("28,031.33", "28031.33"), ("500 \u20ac", "500")])
def test_amounts_in_every_language(text, value):
    assert amount(text) == D(value)


@pytest.mark.parametrize("text", ["$0.0x", "", "1,2345", "$"])
def test_what_is_no_amount(text):
    with pytest.raises(ValueError):
        amount(text)


def test_cash_side_pots_raises_that_add_and_rake():
    h = read("cash.txt")["900000001"]
    assert (h.site, h.game, h.limit) == ("888poker", "holdem", "no-limit")
    assert (h.currency, h.tournament) == ("USD", None)
    assert (h.date, h.table, h.button, h.line) == ("2026-11-27T14:03:11", "Ostrava", 1, 2)
    assert [(p.seat, p.name, p.stack) for p in h.players] == [
        (1, "Alfa", D(50)), (2, "Bravo Two", D("20.50")), (4, "Charlie", D("1250.75")), (6, "Delta", D(35))]
    assert (h.small_blind, h.big_blind, h.ante) == (D("0.25"), D("0.50"), 0)
    # each bracket is what the action adds: Alfa 1.50 + 48.50 = 50, all in; Delta 1.50 + 6 + 27.50 = 35
    assert h.actions == acts((0, 1, "blind", "0.25"), (0, 2, "blind", "0.50"), (0, 3, "raise", "1.50"),
                             (0, 0, "call", "1.50"), (0, 1, "call", "1.25"), (0, 2, "fold"),
                             (1, 1, "bet", "2"), (1, 3, "raise", "6"), (1, 0, "raise", "48.50"),
                             (1, 1, "call", "17"), (1, 3, "call", "27.50"))
    assert h.boards == (cards("2c7dJhQs3d"),)
    assert h.hero == 0
    assert h.cards == {0: cards("AhKh"), 1: cards("QcQd"), 3: cards("Ts9s")}
    assert h.showed == {0, 1, 3}
    # Alfa's 50 against Delta's 35: 15 back; pot 50 - 15 + 20.50 + 0.50 + 35 = 91; collected 59 + 29
    assert h.uncalled == {0: D(15)}
    assert h.collected == (D(29), D(59), 0, 0)
    assert (h.rake, h.fees) == (D(3), {"rake": D(3)})
    assert chips_in(h) == D(91)
    priced = invariants(h)
    assert priced.priced and priced.street == "flop" and priced.players_in == (0, 1, 3)
    main, side = priced.pots
    assert (main.amount, main.eligible, side.amount, side.eligible) == (D(62), (0, 1, 3), D(29), (0, 3))
    three = equity.calculate(["AhKh", "QcQd", "Ts9s"], board="2c7dJh")
    assert main.shares == pytest.approx([p.equity for p in three.players], abs=1e-12)
    two = equity.calculate(["AhKh", "Ts9s"], board="2c7dJh", dead="QcQd")
    assert side.shares == pytest.approx([p.equity for p in two.players], abs=1e-12)


def test_cash_euros_dead_blind_uncalled_bet_and_jackpot_fee():
    h = read("cash.txt")["900000002"]
    assert (h.currency, h.table, h.button, h.date) == ("EUR", "Brno", 5, "2026-11-27T14:05:40")
    assert [(p.seat, p.name, p.stack) for p in h.players] == [
        (2, "Echo", D(10)), (3, "Fox-Trot", D("1234.56")), (5, "Golf", D("9.90")), (7, "Hotel", D("12.35"))]
    assert (h.small_blind, h.big_blind) == (D("0.05"), D("0.10"))
    assert h.actions == acts((0, 3, "blind", "0.05"), (0, 0, "blind", "0.10"), (0, 1, "dead-blind", "0.05"),
                             (0, 1, "blind", "0.10"), (0, 1, "check"), (0, 2, "raise", "0.40"),
                             (0, 3, "fold"), (0, 0, "call", "0.30"), (0, 1, "call", "0.30"), (1, 0, "check"),
                             (1, 1, "bet", "0.60"), (1, 2, "raise", "2"), (1, 0, "fold"),
                             (1, 1, "call", "1.40"), (2, 1, "check"), (2, 2, "bet", "3.50"), (2, 1, "fold"))
    assert h.boards == (cards("8hKd4s4c"),)
    assert (h.hero, h.cards, h.showed) == (2, {2: cards("8c8d")}, frozenset())
    # Golf's turn bet of 3.50 back; pot 0.05 + 0.40 + 2.45 + 2.40 = 5.30, 5.05 collected: 0.25 kept
    assert h.uncalled == {2: D("3.50")}
    assert h.collected == (0, 0, D("5.05"), 0)
    assert h.rake == D("0.25")
    assert price(h).reason == "no all-in"
    invariants(h)


def test_an_older_collected_that_holds_the_uncalled_bet():
    h = read("cash.txt")["900000003"]
    assert (h.limit, h.date, h.table, h.hero) == ("fixed-limit", "2011-02-03T20:05:13", "Plzen", 1)
    assert h.actions == acts((0, 2, "blind", "1"), (0, 0, "blind", "2"), (0, 1, "fold"), (0, 2, "raise", "3"),
                             (0, 0, "fold"))
    # Kilo's 4 against India's 2: 2 back; "collected [ $6 ]" is the pot of 4 and those 2
    assert h.uncalled == {2: D(2)}
    assert (h.collected, h.rake, h.fees) == ((0, 0, D(4)), 0, {})
    invariants(h)


def test_tournament_antes_and_a_preflop_all_in():
    h = read("tournament.txt")["900000101"]
    assert (h.currency, h.tournament, h.table, h.button) == ("chips", "700123456", "4", 3)
    assert [(p.name, p.stack) for p in h.players] == [
        ("Lima", D(45250)), ("Mike", D(18700)), ("November", D(60050))]
    assert (h.small_blind, h.big_blind, h.ante) == (D(1000), D(2000), D(250))
    assert h.actions == acts((0, 0, "ante", "250"), (0, 1, "ante", "250"), (0, 2, "ante", "250"),
                             (0, 2, "blind", "1000"), (0, 0, "blind", "2000"), (0, 1, "raise", "18450"),
                             (0, 2, "fold"), (0, 0, "call", "16450"))
    assert (h.uncalled, h.collected, h.rake) == ({}, (D(38650), 0, 0), 0)
    priced = invariants(h)
    assert priced.priced and priced.street == "preflop"
    run = equity.calculate(["KdJd", "AsQd"])
    assert priced.pots[0].shares == pytest.approx([p.equity for p in run.players], abs=1e-12)


def test_a_blast_forced_all_in_of_antes():
    h = read("tournament.txt")["900000102"]
    assert (h.tournament, h.table, h.date) == ("700123999", "1", None)
    assert (h.small_blind, h.big_blind) == (D(12000), 0)
    assert [p.stack for p in h.players] == [D(4100), D(2500), D(5400)]
    # every stack posted: read as live bets, so Quebec's 1,300 over Oscar's comes back
    assert h.actions == acts((0, 0, "blind", "4100"), (0, 1, "blind", "2500"), (0, 2, "blind", "5400"))
    assert h.uncalled == {2: D(1300)}
    assert h.collected == (D(3200), D(7500), 0)
    priced = invariants(h)
    assert priced.priced and [(p.amount, p.eligible) for p in priced.pots] == [(D(7500), (0, 1, 2)),
                                                                              (D(3200), (0, 2))]
    run = equity.calculate(["Ad8d", "JcJs", "QhTc"])
    assert priced.pots[0].shares == pytest.approx([p.equity for p in run.players], abs=1e-12)


def test_a_river_all_in_is_not_priced():
    h = read("tournament.txt")["900000103"]
    assert (h.tournament, h.table, h.currency) == ("700124000", None, "chips")
    assert [(p.name, p.stack) for p in h.players] == [("Romeo", D(3000)), ("Sierra", D(1480))]
    assert h.actions[-2:] == acts((3, 1, "bet", "1180"), (3, 0, "call", "1180"))
    assert h.collected == (D(2960), 0)
    assert price(h).reason == "river"
    invariants(h)


def test_omaha_turn_all_in():
    h = read("omaha.txt")["900000201"]
    assert (h.game, h.limit, h.currency) == ("omaha", "pot-limit", "USD")
    assert h.actions == acts((0, 2, "blind", "1"), (0, 0, "blind", "2"), (0, 1, "raise", "7"),
                             (0, 2, "fold"), (0, 0, "call", "5"), (1, 0, "bet", "15"), (1, 1, "raise", "60"),
                             (1, 0, "call", "45"), (2, 0, "bet", "133"), (2, 1, "call", "83.40"))
    # Tango's 200 against Uniform's 150.40: 49.60 back; pot 1 + 2 x 150.40 = 301.80, 298.80 collected
    assert h.uncalled == {0: D("49.60")}
    assert (h.collected, h.rake) == ((0, D("298.80"), 0), D(3))
    assert h.cards == {1: cards("AhAdJcTs"), 0: cards("KdKc5h6h")}
    priced = invariants(h)
    assert priced.priced and priced.street == "turn"
    run = equity.calculate(["KdKc5h6h", "AhAdJcTs"], board="KhQd4c9s", game="omaha")
    assert priced.pots[0].shares == pytest.approx([p.equity for p in run.players], abs=1e-12)


def test_omaha_hilo_split_in_practice_chips():
    h = read("omaha.txt")["900000202"]
    assert (h.game, h.currency, h.table) == ("omaha-hilo", "chips", "Jihlava")
    assert h.actions == acts((0, 0, "blind", "1"), (0, 1, "blind", "2"), (0, 0, "raise", "5"),
                             (0, 1, "call", "4"), (1, 1, "bet", "12"), (1, 0, "raise", "48"),
                             (1, 1, "raise", "46.50"), (1, 0, "call", "10.50"))
    assert (h.uncalled, h.collected, h.rake) == ({}, (D("64.50"), D("64.50")), 0)
    priced = invariants(h)
    assert priced.priced and priced.street == "flop"
    run = equity.calculate(["Ac2d3hKs", "KhKc9sTs"], board="4s7cKd", game="omaha-hilo")
    assert priced.pots[0].shares == pytest.approx([p.equity for p in run.players], abs=1e-12)


def test_bad_hands_name_their_line_and_the_next_hands_still_read():
    path = str(HERE / "bad.txt")
    out = list(read_source(Source(path)))
    errors = [h for h in out if isinstance(h, HistoryError)]
    expected = [(12, "dances"), (30, "'1x'"), (50, "Ah is dealt twice"), (67, "no '** Summary **'"),
                (71, "unknown game 'Stud'"), (100, "0.40 collected of a pot of 0.04"), (114, "'$0.0x'")]
    assert [e.where for e in errors] == [f"{path}:{n}" for n, _ in expected]
    for e, (_, token) in zip(errors, expected, strict=True):
        assert token in str(e)
    assert not isinstance(out[-1], HistoryError) and out[-1].id == "900000308"
    assert out[-1].uncalled == {1: D("0.04")} and out[-1].collected == (0, D("0.04"))


def test_a_file_mixing_888_and_pokerstars_hands(tmp_path):
    mixed = tmp_path / "mixed.txt"
    ours = (HERE / "cash.txt").read_text(encoding="utf-8")
    stars = STARS.read_text(encoding="utf-8-sig").split("\n\n\n")[0]
    mixed.write_text(stars + "\n\n\n" + ours + "\n\n" + stars.replace("254100000001", "254100000099"),
                     encoding="utf-8")
    hands = list(read_source(Source(str(mixed))))
    assert [(h.site, h.id) for h in hands] == [
        ("pokerstars", "254100000001"), ("888poker", "900000001"), ("888poker", "900000002"),
        ("888poker", "900000003"), ("pokerstars", "254100000099")]
    first = stars.count("\n") + 3
    assert hands[1].line == first + 2 and count(hands[3]).total == D(4)
