"""The partypoker reader on hand histories written for these tests (tests/histories/partypoker/): every
figure worked out by hand from the text, the all-in hands priced (their equity that of
``equity.calculate`` for the same cards), and each broken hand's error."""

from decimal import Decimal as D
from pathlib import Path

import pytest
from history_helpers import acts, cards, chips_in, split

import equity
from equity.errors import HistoryError
from equity.histories import partypoker, sites
from equity.histories.chips import check
from equity.histories.files import Source, read_source
from equity.histories.model import CashOut
from equity.questions.hands.allin import price

HERE = Path(__file__).parent.parent / "histories" / "partypoker"



def read(name: str) -> dict:
    path = HERE / name
    return {h.id: h for h in (partypoker.parse(lines, name, n) for n, lines in split(path, partypoker))}





def priced(hand, hands: list[str], board: str = ""):
    """``hand`` priced, checked: the invariants, and each player in's equity that of equity.calculate."""
    check(hand)
    p = price(hand)
    assert p.priced and p.reason is None
    assert sum(f.ev for f in p.players) == pytest.approx(float(hand.added - hand.rake), abs=1e-9)
    if not hand.cash_outs:
        assert sum(f.actual for f in p.players) == pytest.approx(float(-hand.rake), abs=1e-9)
    assert chips_in(hand) == sum((pot.amount for pot in p.pots), D(0)) == p.total
    result = equity.calculate(hands, board, game=hand.game, method="exact")
    assert [p.players[i].equity for i in p.players_in] == pytest.approx([r.equity for r in result.players])
    return p


def test_header_and_heads_are_this_sites_alone():
    assert partypoker.is_header("***** Hand History for Game 26010000001 *****")
    assert partypoker.is_header("***** Hand History For Game 1790012345678abcdefgh *****")
    for line in ("PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2026/11/27 9:03:11 ET",
                 "Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11", "#Game No : 1"):
        assert not partypoker.SITE.header(line)
    assert sites.site("partypoker") is partypoker.SITE
    heads = [h for s in sites.text_sites() for h in s.heads]
    for name in ("cash.txt", "tournament.txt", "omaha.txt"):
        for _, lines in split(HERE / name, partypoker):
            for line in lines[1:]:
                assert not line.startswith(tuple(heads)) or line.startswith("#Game No")


def test_a_side_pot_that_is_the_uncalled_bet():
    h = read("cash.txt")["26010000001"]
    assert (h.site, h.game, h.limit, h.currency, h.tournament) == (
        "partypoker", "holdem", "no-limit", "USD", None)
    assert (h.date, h.table, h.button, h.line, h.where) == (
        "2026-11-27T11:30:00 GMT", "Alderney", 3, 1, "cash.txt:1")
    assert [(p.seat, p.name, p.stack) for p in h.players] == [
        (1, "Quill Dancer", D(20)), (3, "mr. fox", D("1250.75")), (4, "Zed", D("45.10")), (5, "Bram", D(80))]
    assert (h.small_blind, h.big_blind, h.ante, h.hero) == (D("0.25"), D("0.50"), 0, 0)
    assert h.actions == acts((0, 2, "blind", "0.25"), (0, 3, "blind", "0.50"), (0, 0, "raise", "1.50"),
                             (0, 1, "call", "1.50"), (0, 2, "raise", "5.25"), (0, 3, "fold"),
                             (0, 0, "raise", "18.50"), (0, 1, "fold"), (0, 2, "raise", "39.60"))
    assert h.boards == (cards("5h 7d Qs 2c 9d"),)
    assert h.cards == {0: cards("Ah Kd"), 2: cards("Qh Qc")} and h.showed == {0, 2}
    assert h.uncalled == {2: D("25.10")}
    assert h.collected == (0, 0, D(41), 0)
    assert (h.rake, h.fees) == (D(1), {"rake": D(1)})
    assert chips_in(h) == D(42) == sum(h.collected) + h.rake
    p = priced(h, ["AhKd", "QhQc"])
    assert p.street == "preflop" and p.players_in == (0, 2)


def test_a_dead_blind_an_uncalled_bet_in_the_winnings_and_a_seat_sitting_out():
    h = read("cash.txt")["26010000002"]
    assert [p.name for p in h.players] == ["Quill Dancer", "mr. fox", "Zed", "Bram", "Ola"]  # Sleeper sat out
    assert h.actions == acts((0, 3, "blind", "0.25"), (0, 4, "blind", "0.50"), (0, 0, "dead-blind", "0.25"),
                             (0, 0, "blind", "0.50"), (0, 0, "raise", "1.50"), (0, 1, "fold"),
                             (0, 2, "call", "2"), (0, 3, "fold"), (0, 4, "call", "1.50"), (1, 4, "check"),
                             (1, 0, "bet", "3"), (1, 2, "raise", "9"), (1, 4, "fold"), (1, 0, "call", "6"),
                             (2, 0, "bet", "11"), (2, 2, "fold"))
    assert h.uncalled == {0: D(11)}
    assert h.collected == (D("24.25"), 0, 0, 0, 0) and h.rake == D("0.25")
    assert h.boards == (cards("7h Jd 2s Kc"),) and h.cards == {0: cards("7s 7c")} and h.showed == set()
    assert chips_in(h) == D("24.50") == sum(h.collected) + h.rake
    assert price(h).reason == "no all-in"


def test_euros_with_decimal_commas_and_a_flop_all_in():
    h = read("cash.txt")["26010000003"]
    assert (h.currency, h.date, h.table, h.hero) == ("EUR", "2026-11-28T09:05:00 CET", "Brest", None)
    assert [p.stack for p in h.players] == [D("10.50"), D("9.80"), D(4)]
    assert h.actions[3:] == acts((0, 2, "fold"), (0, 0, "call", "0.20"), (1, 0, "bet", "0.45"),
                                 (1, 1, "raise", "9.50"), (1, 0, "call", "9.05"))
    assert h.collected == (D("19.20"), 0, 0) and h.rake == D("0.45") and h.uncalled == {}
    p = priced(h, ["KcQc", "ThTd"], "Tc9c3h")
    assert p.street == "flop"


def test_classic_tournament_with_silent_blinds_and_antes():
    h = read("tournament.txt")["26010000101"]
    assert (h.currency, h.tournament, h.table) == ("chips", "4401122", "$2,500 Gtd (4401122) Table #7")
    assert (h.small_blind, h.big_blind, h.ante, h.date) == (100, 200, 25, "2026-11-29T20:15:45 EST")
    assert [p.stack for p in h.players] == [D(3500), D(1025), D(2210), D(6000)]
    assert h.actions == acts((0, 0, "ante", "25"), (0, 1, "ante", "25"), (0, 2, "ante", "25"),
                             (0, 3, "ante", "25"), (0, 2, "blind", "100"), (0, 3, "blind", "200"),
                             (0, 0, "raise", "600"), (0, 1, "raise", "1000"), (0, 2, "fold"), (0, 3, "fold"),
                             (0, 0, "call", "400"))
    assert h.collected == (D(2400), 0, 0, 0) and h.rake == 0 and h.fees == {}
    priced(h, ["JdJs", "AcQh"])


def test_newer_tournament_export_with_its_summary():
    h = read("tournament.txt")["1790012345678abcdefgh"]
    assert (h.tournament, h.table, h.button, h.date) == (
        "3011223", "(3011223) Table #4", 3, "2026-11-30T21:40:05 EST")
    assert [(p.seat, p.name) for p in h.players] == [(1, "Pia"), (3, "Rune"), (5, "Sol Man")]
    assert h.actions[3:] == acts((0, 2, "blind", "1000"), (0, 0, "blind", "2000"), (0, 1, "raise", "4000"),
                                 (0, 2, "fold"), (0, 0, "raise", "10000"), (0, 1, "call", "5550"))
    assert h.uncalled == {0: D(2450)} and h.collected == (D(20850), 0, 0) and h.rake == 0
    assert h.cards == {0: cards("9h 9d"), 1: cards("Ah Qs")} and h.showed == {0, 1}
    assert chips_in(h) == D(20850)
    priced(h, ["9h9d", "AhQs"])


def test_newer_plo_with_a_cash_out():
    h = read("omaha.txt")["1790099887766omahaplo1"]
    assert (h.game, h.limit, h.currency, h.hero) == ("omaha", "pot-limit", "USD", 2)
    assert h.actions[2:] == acts((0, 1, "raise", "0.85"), (0, 0, "fold"), (0, 2, "raise", "2.40"),
                                 (0, 1, "call", "1.80"), (1, 2, "bet", "4.00"), (1, 1, "raise", "22.85"),
                                 (1, 2, "call", "18.85"))
    assert h.cash_outs == {2: CashOut(D("19.80"))}
    assert h.collected == (0, D("48.60"), 0) and h.rake == D("2.50") and h.uncalled == {}
    assert h.cards == {1: cards("8c 5c Td Ts"), 2: cards("Ah As Kd Qd")}
    p = priced(h, ["8c5cTdTs", "AhAsKdQd"], "Jc7d6c")
    assert p.players[2].actual == pytest.approx(19.80 - 25.50)


def test_classic_omaha_hilo_scoop_with_blinds_from_the_posts():
    h = read("omaha.txt")["26010000201"]
    assert (h.game, h.limit, h.small_blind, h.big_blind) == ("omaha-hilo", "pot-limit", D("0.50"), D(1))
    assert [p.name for p in h.players] == ["Yara", "Wren"]
    assert h.actions == acts((0, 0, "blind", "0.50"), (0, 1, "blind", "1"), (0, 0, "raise", "2.50"),
                             (0, 1, "raise", "6"), (0, 0, "raise", "32"), (0, 1, "call", "28"))
    assert h.collected == (0, D("66.50")) and h.rake == D("3.50")
    priced(h, ["9s9c7h6h", "Ac2dKcQh"])


@pytest.mark.parametrize(("index", "line", "token"), [
    (0, 13, "truncated hand"),
    (1, 27, "card Ah is dealt twice (line 24)"),
    (2, 40, "unknown action 'dances [$1 USD]'"),
    (3, 42, "unknown game"),
    (4, 55, "'1x' is not a card"),
])
def test_a_broken_hand_names_its_line_and_token(index, line, token):
    n, lines = split(HERE / "bad.txt", partypoker)[index]
    with pytest.raises(HistoryError) as error:
        partypoker.parse(lines, "bad.txt", n)
    assert error.value.where == f"bad.txt:{line}"
    assert token in error.value.reason


def test_a_file_mixing_sites_and_broken_hands_reads_on():
    hands = list(read_source(Source(str(HERE / "mixed.txt"))))
    assert [(h.site, h.id) for h in hands] == [("partypoker", "26010000001"), ("pokerstars", "254100000001"),
                                               ("partypoker", "26010000003")]
    assert hands[0].line == 1 and hands[2].line == 76
    got = list(read_source(Source(str(HERE / "bad.txt"))))
    assert [type(h).__name__ for h in got] == ["HistoryError"] * 5 + ["Hand"]
    assert got[-1].collected == (D("0.10"), 0) and got[-1].uncalled == {0: D("0.05")}
