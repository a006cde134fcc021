"""The PokerStars and GGPoker readers on hand histories written for these tests (tests/histories/):
every field of every hand worked out by hand from its text, and each broken hand's error."""

from decimal import Decimal as D
from pathlib import Path

import pytest
from history_helpers import acts, cards, chips_in, split

from equity.errors import HistoryError
from equity.histories import ggpoker, pokerstars
from equity.histories.model import CashOut

HERE = Path(__file__).parent.parent / "histories"



def read(site, name: str) -> dict:
    path = HERE / site.__name__.rpartition(".")[2] / name
    return {h.id: h for h in (site.parse(lines, str(path), n) for n, lines in split(path, site))}





def test_headers_are_told_apart():
    assert pokerstars.is_header("PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2026/11/27 9:03:11 ET")
    assert pokerstars.is_header("PokerStars Zoom Hand #1:  Hold'em No Limit ($0.01/$0.02) - ...")
    assert pokerstars.is_header("PokerStars Game #1:  Hold'em No Limit ($0.01/$0.02) - ...")
    assert pokerstars.is_header("PokerStars Home Game Hand #1: {Club #3}  Hold'em No Limit (50/100) - ...")
    assert not pokerstars.is_header("Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11")
    assert ggpoker.is_header("Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11")
    assert not ggpoker.is_header("PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - ...")


def test_stars_side_pots_with_dead_money_and_a_covering_call():
    h = read(pokerstars, "cash.txt")["254100000001"]
    assert (h.site, h.game, h.limit) == ("pokerstars", "holdem", "no-limit")
    assert (h.currency, h.tournament) == ("USD", None)
    assert (h.date, h.table, h.button, h.line) == ("2026-11-27T09:03:11 ET", "Aludra III", 6, 1)
    assert h.where.endswith("cash.txt:1")
    assert [(p.seat, p.name, p.stack) for p in h.players] == [
        (1, "Alfa", D("50")), (2, "Bravo", D("12.40")), (3, "Charlie", D("75.10")), (4, "Delta", D("50")),
        (5, "Echo", D("31.25")), (6, "Foxtrot", D("62"))]
    assert (h.small_blind, h.big_blind, h.ante) == (D("0.25"), D("0.50"), 0)
    assert h.actions == acts((0, 0, "blind", "0.25"), (0, 1, "blind", "0.50"), (0, 2, "raise", "1.50"),
                             (0, 3, "call", "1.50"), (0, 4, "raise", "5.50"), (0, 5, "fold"),
                             (0, 0, "call", "5.25"), (0, 1, "raise", "11.90"), (0, 2, "call", "10.90"),
                             (0, 3, "fold"), (0, 4, "raise", "25.75"), (0, 0, "fold"),
                             (0, 2, "call", "18.85"))
    assert h.boards == (cards("8c 2d Ks 7h 3c"),)
    assert h.hero == 3
    assert h.cards == {3: cards("9h 9d"), 4: cards("Jd Js"), 2: cards("Qs Qc"), 1: cards("Ah Kc")}
    assert h.showed == {1, 2, 4}
    assert h.collected == (0, D("42.60"), D("36.30"), 0, 0, 0)
    assert (h.uncalled, h.rake, h.fees, h.cash_outs) == ({}, D(3), {"rake": D(3)}, {})
    assert chips_in(h) == D("81.90") == sum(h.collected) + h.rake


def test_stars_multiway_river_all_in_and_a_mucked_hand():
    h = read(pokerstars, "cash.txt")["254100000002"]
    assert h.actions[-3:] == acts((3, 3, "bet", "18"), (3, 4, "raise", "35.80"), (3, 3, "call", "17.80"))
    assert [a.street for a in h.actions].count(1) == 5
    assert h.cards == {3: cards("Ac Qd"), 4: cards("7h 7d")}
    assert h.showed == {4}
    assert h.collected == (0, 0, 0, 0, D("100.45"), 0)
    assert chips_in(h) == D("103.45") == sum(h.collected) + h.rake


def test_stars_uncalled_bet_and_small_and_big_blinds():
    h = read(pokerstars, "cash.txt")["254100000003"]
    posts = acts((0, 2, "blind", "0.25"), (0, 3, "blind", "0.50"), (0, 5, "dead-blind", "0.25"))
    assert h.actions[:5] == posts + acts((0, 5, "blind", "0.50"), (0, 4, "raise", "1.50"))
    assert h.uncalled == {4: D(1)}
    assert h.boards == ()
    assert h.collected == (0, 0, 0, 0, D(2), 0)
    assert (h.rake, h.showed, h.cards) == (0, frozenset(), {3: cards("5c 4c")})
    assert chips_in(h) == D(2)


def test_stars_run_it_twice():
    h = read(pokerstars, "cash.txt")["254100000004"]
    assert [p.name for p in h.players] == ["Golf", "Hotel", "India", "Juliet"]  # Kappa sat out
    assert h.actions == acts((0, 0, "blind", "0.50"), (0, 1, "blind", "1"), (0, 3, "raise", "3"),
                             (0, 2, "fold"), (0, 0, "fold"), (0, 1, "raise", "10"), (0, 3, "raise", "29"),
                             (0, 1, "raise", "76.50"), (0, 3, "call", "55.50"))
    assert h.boards == (cards("Tc 6h 2s 9d Ah"), cards("Qd 8s 3h 5c Jc"))
    assert h.collected == (0, D("86.25"), 0, D("86.25"))
    assert h.showed == {1, 3}
    assert chips_in(h) == D("175.50") == sum(h.collected) + h.rake


def test_stars_all_in_cash_out():
    h = read(pokerstars, "cash.txt")["254100000005"]
    assert h.actions[6:] == acts((1, 3, "bet", "0.20"), (1, 0, "raise", "0.60"), (1, 3, "raise", "5.00"),
                                 (1, 0, "call", "4.25"))
    assert h.uncalled == {3: D("0.35")}
    assert h.cash_outs == {0: CashOut(D("6.33"), D("0.06"))}
    assert h.collected == (0, 0, 0, D("9.57"))
    assert (h.rake, h.hero) == (D("0.45"), 0)
    assert chips_in(h) == D("10.02") == sum(h.collected) + h.rake


def test_stars_omaha_hilo_quartered_pot():
    h = read(pokerstars, "omaha.txt")["254100000201"]
    assert (h.game, h.limit, h.small_blind, h.big_blind) == ("omaha-hilo", "pot-limit", D("0.10"), D("0.25"))
    assert h.cards == {0: cards("Ac 2d Kc Qh"), 1: cards("Ah 2s 9d 9c")}
    assert h.collected == (D("28.54"), D("9.51"), 0, 0)
    assert h.actions[-2:] == acts((3, 0, "bet", "10.65"), (3, 1, "call", "10.65"))
    assert chips_in(h) == D("39.55") == sum(h.collected) + h.rake


def test_stars_five_card_omaha_in_euros():
    h = read(pokerstars, "omaha.txt")["254100000202"]
    assert (h.game, h.currency, h.date) == ("omaha5", "EUR", "2026-11-28T18:30:12 CET")
    assert h.actions[5:] == acts((1, 2, "check"), (1, 0, "bet", "2.50"), (1, 2, "raise", "10"),
                                 (1, 0, "call", "7.50"), (2, 2, "bet", "23.75"), (2, 0, "fold"))
    assert h.boards == (cards("Jh 8h 3c Qd"),)
    assert (h.uncalled, h.collected, h.rake) == ({2: D("23.75")}, (0, 0, D("22.56")), D("1.19"))
    assert h.cards == {2: cards("Ac Ad 9s Th 2h")}


def test_stars_tournament_big_blind_ante_and_an_all_in_blind():
    h = read(pokerstars, "tournament.txt")["254100000101"]
    assert (h.currency, h.tournament, h.table) == ("chips", "3811223344", "3811223344 12")
    assert (h.small_blind, h.big_blind, h.ante) == (100, 200, 200)
    assert h.actions[:3] == acts((0, 5, "ante", "200"), (0, 4, "blind", "80"), (0, 5, "blind", "200"))
    assert h.actions[-3:] == acts((1, 5, "check"), (1, 2, "bet", "700"), (1, 5, "fold"))
    assert h.uncalled == {2: D(700)}
    assert h.collected == (0, 0, D(1040), 0, D(440), 0)
    assert h.cards == {2: cards("Ad Tc"), 4: cards("9s 9c")}
    assert chips_in(h) == D(1480) == sum(h.collected)


def test_gg_fees_and_ev_cashout_of_the_winner():
    h = read(ggpoker, "cash.txt")["RC2026112701"]
    assert (h.site, h.game, h.limit, h.currency, h.date) == (
        "ggpoker", "holdem", "no-limit", "USD", "2026-11-27T14:03:11")
    assert (h.table, h.button, h.hero, h.big_blind) == ("RushAndCash7021", 1, 2, D("0.5"))
    assert h.players[3].stack == D("61.4")
    assert h.actions == acts((0, 1, "blind", "0.25"), (0, 2, "blind", "0.5"), (0, 3, "fold"),
                             (0, 4, "raise", "1.25"), (0, 5, "raise", "23.9"), (0, 0, "fold"), (0, 1, "fold"),
                             (0, 2, "call", "23.4"), (0, 4, "fold"))
    assert h.cards == {2: cards("Qh Qd"), 5: cards("Ac Kc")}
    assert h.showed == {2, 5}
    assert h.fees == {"rake": D("2.1"), "jackpot": D("0.5"), "bingo": 0, "fortune": 0, "tax": 0}
    assert h.rake == D("2.6")
    assert h.collected == (0, 0, D("46.7"), 0, 0, 0)
    assert h.cash_outs == {2: CashOut(D("38.21"))}
    assert chips_in(h) == D("49.3") == sum(h.collected) + h.rake


def test_gg_plo_ev_cashout_of_the_loser():
    h = read(ggpoker, "cash.txt")["RC2026112702"]
    assert (h.game, h.limit, h.hero) == ("omaha", "pot-limit", 0)
    assert h.actions[7:] == acts((1, 3, "bet", "1.95"), (1, 0, "raise", "7.8"), (1, 3, "raise", "9.8"),
                                 (1, 0, "call", "3.95"))
    assert h.cash_outs == {3: CashOut(D("8.11"))}
    assert h.collected == (D("24.15"), 0, 0, 0, 0)
    assert chips_in(h) == D("25.45") == sum(h.collected) + h.rake


def test_gg_plo5_run_it_twice():
    h = read(ggpoker, "cash.txt")["OM2026112703"]
    assert (h.game, h.limit) == ("omaha5", "pot-limit")
    assert h.boards == (cards("Th 9h 4c 3d 6s"), cards("Th 9h 4c Kd 2h"))
    assert h.cards == {0: cards("Ah Kh Qc Jd 5s"), 3: cards("9s 9d 8c 7c 2s")}
    assert h.collected == (D("30.9"), 0, 0, D("30.9"))
    assert chips_in(h) == D("64.8") == sum(h.collected) + h.rake


def test_gg_tournament_with_antes_and_side_pots():
    h = read(ggpoker, "tournament.txt")["TM2026112801"]
    assert (h.currency, h.tournament, h.table, h.date) == ("chips", "270011", "14", "2026-11-28T20:11:09")
    assert (h.small_blind, h.big_blind, h.ante) == (150, 300, 40)
    assert h.players[2].stack == D(15280)
    assert [a.kind for a in h.actions[:6]] == ["ante"] * 6
    assert h.actions[6:] == acts((0, 5, "blind", "150"), (0, 0, "blind", "300"), (0, 1, "raise", "2090"),
                                 (0, 2, "raise", "5400"), (0, 3, "fold"), (0, 4, "fold"), (0, 5, "fold"),
                                 (0, 0, "raise", "8110"), (0, 2, "call", "3010"))
    assert h.collected == (0, 0, D(19300), 0, 0, 0)
    assert h.showed == {0, 1, 2}
    assert chips_in(h) == D(19300) == sum(h.collected)


def test_a_hand_whose_chips_do_not_add_up_is_read_as_printed():
    (n, lines), *_ = split(HERE / "pokerstars" / "bad.txt", pokerstars)
    h = pokerstars.parse(lines, "bad.txt", n)
    assert h.collected == (0, D("2.50"), 0)
    assert sum(h.collected) + h.rake != chips_in(h) == D("1.25")


@pytest.mark.parametrize(("site", "index", "line", "token"), [
    (pokerstars, 1, 36, "truncated hand"),
    (pokerstars, 2, 50, "card Ah is dealt twice (line 46"),
    (pokerstars, 3, 72, "Charlie: raises $2"),
    (pokerstars, 4, 78, "unknown game 'Courchevel'"),
    (pokerstars, 5, 100, "'1x' is not a card"),
    (ggpoker, 0, 15, "card Ah is dealt twice (line 10"),
    (ggpoker, 1, 43, "truncated hand"),
])
def test_a_broken_hand_names_its_line_and_token(site, index, line, token):
    folder = "ggpoker" if site is ggpoker else "pokerstars"
    n, lines = split(HERE / folder / "bad.txt", site)[index]
    with pytest.raises(HistoryError) as error:
        site.parse(lines, "bad.txt", n)
    assert error.value.where == f"bad.txt:{line}"
    assert token in error.value.reason
    assert str(error.value).startswith(f"bad.txt:{line}: ")


def test_gg_cash_drop_is_chips_the_site_added():
    h = read(ggpoker, "cash_drop.txt")["RC2026112903"]
    assert h.added == D(5) and h.collected == (0, D("5.5"), 0) and h.uncalled == {1: D("0.25")}
    assert chips_in(h) + h.added == sum(h.collected) + h.rake
