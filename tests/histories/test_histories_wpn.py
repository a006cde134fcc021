"""The Winning Poker Network (ACR) reader on hand histories written for these tests (tests/histories/wpn/):
every figure worked out by hand from the text, each broken hand's error, and the all-in hands priced."""

from decimal import Decimal as D
from pathlib import Path

import pytest
from history_helpers import acts, cards, chips_in

import equity
from equity.errors import HistoryError
from equity.histories import ggpoker, pokerstars, wpn
from equity.histories.chips import check, count
from equity.histories.files import Source, read_source
from equity.questions.hands.allin import price

HERE = Path(__file__).parent.parent / "histories" / "wpn"


def read(name: str) -> dict:
    hands = [h for h in read_source(Source(str(HERE / name))) if not isinstance(h, HistoryError)]
    return {h.id: h for h in hands}





def invariants(hand):
    check(hand)
    assert chips_in(hand) == sum(hand.collected, hand.rake)
    priced = price(hand)
    assert sum(count(hand).put) == priced.total
    assert sum(f.ev for f in priced.players) == pytest.approx(float(-hand.rake), abs=1e-9)
    assert sum(f.actual for f in priced.players) == pytest.approx(float(-hand.rake), abs=1e-9)
    return priced


HEADERS = ["Hand #2000123456 - Holdem(No Limit) - $0.01/$0.02 - 2026/11/27 14:03:11 UTC",
           "Hand #2000123457 - Omaha H/L(Pot Limit) - $0.25/$0.50 - 2026/11/27 14:05:40 UTC",
           "Game Hand #2000123458 - Tournament #41 - Holdem(No Limit) - Level 7 (150.00/300.00)- 2026/11/27",
           "Game Hand #2000123459 - $5,000 GTD Tournament #4 - 5Card Omaha (Pot Limit) - Level 1 (5/10) - x"]


def test_headers_are_told_apart():
    for line in HEADERS:
        assert wpn.is_header(line) and wpn.SITE.header(line)
        assert not pokerstars.is_header(line) and not ggpoker.is_header(line)
    for other in ("PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2026/11/27 9:03:11 ET",
                  "Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11",
                  "Hand #CAKE-1 - Holdem(No Limit) - $1/$2", "Hand #12 was cancelled", "Hand #12 - no game",
                  "Game Hand #12"):
        assert not wpn.is_header(other)


def test_no_body_line_starts_a_hand_of_any_site():
    from equity.histories.sites import text_sites
    for path in HERE.glob("*.txt"):
        for line in path.read_text().splitlines():
            if wpn.is_header(line):
                continue
            assert not any(site.header(line) for site in text_sites()), line


def test_cash_side_pots_rake_and_jackpot_fee():
    hand = read("cash.txt")["2000100001"]
    assert (hand.site, hand.game, hand.limit, hand.currency) == ("acr", "holdem", "no-limit", "USD")
    assert (hand.small_blind, hand.big_blind) == (D("0.05"), D("0.10"))
    assert (hand.table, hand.button) == ("Blue Ridge", 1)
    assert hand.date == "2026-11-27T14:03:11 UTC" and hand.tournament is None and hand.line == 1
    # Zed sits out: not dealt in; a name with a space; a stack with a thousands separator
    assert [(p.seat, p.name, p.stack) for p in hand.players] == [
        (1, "Ann Lee", D(10)), (2, "bo_b", D(4)), (3, "Hero", D(1250)), (5, "quin", D(6))]
    assert hand.actions == acts((0, 1, "blind", "0.05"), (0, 2, "blind", "0.10"), (0, 3, "raise", "0.30"),
                                (0, 0, "fold"), (0, 1, "raise", "3.95"), (0, 2, "raise", "11.90"),
                                (0, 3, "call", "5.70"))
    assert hand.uncalled == {2: D(6)} and hand.hero == 2
    assert hand.fees == {"rake": D("0.60"), "jackpot": D("0.20")} and hand.rake == D("0.80")
    assert hand.collected == (D(0), D(0), D("15.20"), D(0))
    assert hand.boards == (cards("2c7dTsJcQd"),) and hand.showed == {1, 2, 3}
    assert hand.cards == {2: cards("AhKh"), 1: cards("9s9c"), 3: cards("7s7h")}
    assert chips_in(hand) == D(16)  # bo_b 4, Hero 12 - 6, quin 6
    priced = invariants(hand)
    assert priced.priced and priced.street == "preflop" and priced.players_in == (1, 2, 3)
    assert [p.amount for p in priced.pots] == [D(12), D(4)]


def test_a_walk_returns_the_big_blinds_unprinted_uncalled_bet():
    hand = read("cash.txt")["2000100002"]
    assert hand.actions == acts((0, 2, "blind", "0.05"), (0, 0, "blind", "0.10"), (0, 1, "fold"),
                                (0, 2, "fold"))
    assert hand.uncalled == {0: D("0.05")} and hand.collected == (D("0.10"), D(0), D(0))
    assert price(hand).reason == "no all-in"
    invariants(hand)


def test_dead_and_returning_posts_and_a_flop_all_in_priced():
    hand = read("cash.txt")["2000100003"]
    assert [p.name for p in hand.players] == ["Ann Lee", "bo_b", "Hero", "quin", "Dot.Com!"]
    assert hand.actions == acts(
        (0, 2, "blind", "0.05"), (0, 3, "blind", "0.10"), (0, 4, "dead-blind", "0.05"),
        (0, 4, "blind", "0.10"), (0, 0, "blind", "0.10"), (0, 4, "check"), (0, 0, "raise", "0.40"),
        (0, 1, "fold"), (0, 2, "call", "0.45"),
        (0, 3, "fold"), (0, 4, "call", "0.40"), (1, 2, "check"), (1, 4, "bet", "2.45"), (1, 0, "fold"),
        (1, 2, "call", "2.45"))
    assert hand.uncalled == {} and chips_in(hand) == D("6.55")
    assert hand.collected[2] == D("5.80") and hand.rake == D("0.75")
    priced = invariants(hand)
    assert priced.priced and priced.street == "flop" and priced.players_in == (2, 4)
    calc = equity.calculate(["QsQd", "Ac8c"], board="Qc8h3s")
    assert priced.players[2].equity == pytest.approx(calc.players[0].equity, abs=1e-12)
    assert priced.players[4].equity == pytest.approx(calc.players[1].equity, abs=1e-12)


def test_omaha_flop_all_in_priced_like_the_calculator():
    hand = read("omaha.txt")["2000200001"]
    assert (hand.game, hand.limit) == ("omaha", "pot-limit")
    assert hand.actions == acts((0, 3, "blind", "0.25"), (0, 0, "blind", "0.50"), (0, 1, "raise", "1.75"),
                                (0, 2, "fold"), (0, 3, "call", "1.50"), (0, 0, "raise", "5.75"),
                                (0, 1, "call", "4.50"), (0, 3, "fold"), (1, 0, "bet", "13.75"),
                                (1, 1, "call", "13.75"))
    assert chips_in(hand) == D("41.75") and hand.collected == (D("39.75"), D(0), D(0), D(0))
    priced = invariants(hand)
    assert priced.priced and priced.street == "flop"
    calc = equity.calculate(["AsAdKcQh", "9s8s7d6d"], board="JdTc2h", game="omaha")
    assert priced.players[0].equity == pytest.approx(calc.players[0].equity, abs=1e-12)


def test_omaha_hilo_run_twice():
    hand = read("omaha.txt")["2000200002"]
    assert (hand.game, hand.limit) == ("omaha-hilo", "no-limit")
    assert hand.boards == (cards("4c5h9sJdQc"), cards("Ad3hKd5sTs"))
    assert hand.uncalled == {0: D(15)} and hand.collected == (D("46.50"), D(0), D("46.50"))
    assert hand.fees == {"rake": D("2.80"), "jackpot": D("0.20")} and chips_in(hand) == D(96)
    priced = invariants(hand)
    assert priced.priced and priced.street == "preflop" and priced.players_in == (0, 2)


def test_five_card_omaha_not_all_in():
    hand = read("omaha.txt")["2000200003"]
    assert hand.game == "omaha5" and hand.cards == {0: cards("KcKd9h8h2s")}
    assert hand.uncalled == {0: D("0.60")} and hand.collected == (D("0.60"), D(0), D(0))
    assert invariants(hand).reason == "no all-in"


def test_tournament_antes_sitting_out_and_the_button_draw():
    hands = read("tournament.txt")
    hand = hands["2000300001"]
    assert (hand.tournament, hand.currency, hand.table, hand.button) == ("41122334", "chips", "7", 1)
    assert (hand.small_blind, hand.big_blind, hand.ante) == (D(150), D(300), D(30))
    assert [p.name for p in hand.players] == ["Hero", "Pat Q", "AFK guy", "Vee"]  # sitting out: dealt in
    assert hand.actions[:6] == acts(*((0, p, "ante", "30.00") for p in range(4)), (0, 1, "blind", "150.00"),
                                    (0, 2, "blind", "300.00"))
    assert hand.actions[6:] == acts((0, 3, "fold"), (0, 0, "raise", "600"), (0, 1, "raise", "4320"),
                                    (0, 2, "fold"), (0, 0, "call", "3870"))
    assert hand.cards == {0: cards("KdKh"), 1: cards("AcQc")}  # the button draw's cards are not hole cards
    assert chips_in(hand) == D(9360) and hand.collected[0] == D(9360)
    priced = invariants(hand)
    assert priced.priced and priced.street == "preflop"
    calc = equity.calculate(["KdKh", "AcQc"])
    assert priced.players[0].equity == pytest.approx(calc.players[0].equity, abs=1e-9)
    won = hands["2000300002"]  # no collected line: the summary's "won"
    assert won.tournament == "41122335" and won.big_blind == D(2000)
    assert won.uncalled == {1: D(2000)} and won.collected == (D(0), D(5750), D(0))
    assert invariants(won).reason == "no all-in"


def test_bad_hands_name_their_line_and_the_rest_read():
    path = str(HERE / "bad.txt")
    out = list(read_source(Source(path)))
    errors = [h for h in out if isinstance(h, HistoryError)]
    assert [e.where for e in errors] == [f"{path}:8", f"{path}:22", f"{path}:26", f"{path}:38"]
    assert "'Xx'" in errors[0].reason and "juggles" in errors[1].reason
    assert "7Stud" in errors[2].reason and "truncated" in errors[3].reason
    assert [h.id for h in out if not isinstance(h, HistoryError)] == ["2000400005"]


def test_a_file_mixing_sites(tmp_path):
    stars_first = "\n".join([
        "PokerStars Hand #254112233445:  Hold'em No Limit ($0.25/$0.50 USD) - 2026/11/27 9:03:11 ET",
        "Table 'Aludra' 6-max Seat #1 is the button", "Seat 1: Ann ($50 in chips)",
        "Seat 2: Bo ($50 in chips)",
        "Ann: posts small blind $0.25", "Bo: posts big blind $0.50", "*** HOLE CARDS ***", "Ann: folds",
        "Uncalled bet ($0.25) returned to Bo", "Bo collected $0.50 from pot", "*** SUMMARY ***",
        "Total pot $0.50 | Rake $0", "Seat 2: Bo (big blind) collected ($0.50)"])
    ours = (HERE / "cash.txt").read_text().split("\n\n")[1]
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(ours + "\n\n" + stars_first + "\n\n" + ours.replace("2000100002", "2000100009") + "\n")
    out = list(read_source(Source(str(mixed))))
    assert [h.site for h in out] == ["acr", "pokerstars", "acr"]
    assert out[2].line == ours.count("\n") + stars_first.count("\n") + 5


def test_the_real_shapes_of_the_current_client():
    """Header spacing variants: ``Holdem (No Limit)``, ``Level 1 (10.00/20.00) - date``; ``posts ante ..
    and is all-in``; a seat allowed to play after the button."""
    lines = ["Game Hand #7 - Tournament #9 - Holdem (No Limit) - Level 1 (10.00/20.00) - 2026/07/21 13:37:40",
             "Table '1' 3-max Seat #3 is the button", "Seat 1: a (300.00)", "Seat 2: b (10.00)",
             "Seat 3: c will be allowed to play after the button", "b posts ante 10.00 and is all-in",
             "a posts the small blind 10.00", "*** HOLE CARDS ***", "*** FLOP *** [2c 3c 4c]",
             "*** TURN *** [2c 3c 4c] [5d]", "*** RIVER *** [2c 3c 4c 5d] [6h]", "*** SHOW DOWN ***",
             "a collected 20.00 from main pot", "*** SUMMARY ***", "Total pot 20.00"]
    hand = wpn.parse(lines, "x", 1)
    assert [p.name for p in hand.players] == ["a", "b"] and hand.tournament == "9"
    assert hand.actions == acts((0, 1, "ante", "10"), (0, 0, "blind", "10"))
    assert hand.uncalled == {0: D(10)} and hand.collected == (D(10), D(0))  # the unprinted uncalled blind
