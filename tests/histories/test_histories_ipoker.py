"""The iPoker XML reader on hand histories written for these tests (tests/histories/ipoker/): every field
worked out by hand from the XML, the all-in hands priced against equity.calculate, and each broken game's
error (the games after it still read)."""

from decimal import Decimal as D
from pathlib import Path

import pytest
from history_helpers import acts, cards, chips_in

import equity
from equity.cards import CARD_NAMES
from equity.errors import HistoryError
from equity.histories import files, ipoker, sites
from equity.histories.chips import check, count
from equity.histories.ipoker_body import money
from equity.questions.hands.allin import price

HERE = Path(__file__).parent.parent / "histories" / "ipoker"
EXAMPLE = Path(__file__).parents[2] / "examples" / "sites" / "ipoker.xml"


def read(name: str) -> list:
    return list(files.read_source(files.Source(str(HERE / name))))


def hands(name: str) -> dict:
    return {h.id: h for h in read(name)}





def invariants(hand):
    chips = check(hand)
    assert chips_in(hand) == chips.total == sum(hand.collected, hand.rake)
    priced = price(hand)
    if priced.priced:
        assert sum(p.ev for p in priced.players) == pytest.approx(-float(hand.rake), abs=1e-9)
    assert sum(p.actual for p in priced.players) == pytest.approx(-float(hand.rake), abs=1e-9)
    return priced


def same_equity(priced, hand, board: str, pot: int, who: list[int]):
    """The shares of pot ``pot`` are the equities equity.calculate gives the players ``who`` on ``board``,
    the other players' known cards dead."""
    named = ["".join(CARD_NAMES[c] for c in hand.cards[i]) for i in who]
    dead = "".join(CARD_NAMES[c] for i, held in hand.cards.items() if i not in who for c in held)
    result = equity.calculate(named, board=board, dead=dead, game=hand.game, method="exact")
    assert priced.pots[pot].eligible == tuple(who)
    assert priced.pots[pot].shares == pytest.approx([p.equity for p in result.players], abs=1e-9)


def test_sniff_and_heads():
    assert ipoker.sniff("a.xml", '<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="1">')
    assert not ipoker.sniff("a.xml", '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0">')
    assert ipoker.sniff("a.txt", '\ufeff  <?xml version="1.0"?><session sessioncode="1">')
    assert ipoker.sniff("a.txt", '<session sessioncode="1">\n')
    assert not ipoker.sniff("a.txt", "PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2026/11/27 9:03 ET")
    assert not ipoker.sniff("a.txt", "Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11")
    assert not ipoker.sniff("a.phh", 'variant = "NT"\n')
    assert ipoker.SITE.heads == () and not ipoker.SITE.header("<session sessioncode=\"1\">")
    assert sites.site("ipoker") is ipoker.SITE and ipoker.SITE in sites.file_sites()
    for path in HERE.glob("*.xml"):  # no line of an iPoker file starts any text site's hand
        for line in path.read_text(encoding="utf-8").splitlines():
            assert not files._HEADS.match(line) and not any(s.header(line) for s in sites.text_sites())


def test_money_forms():
    assert money("€1 001,24", "x") == D("1001.24") and money("1 040,50€", "x") == D("1040.50")
    assert money("$1,059.65", "x") == D("1059.65") and money("50,979.51kr", "x") == D("50979.51")
    assert money("0,50€", "x") == D("0.50") and money("RSD2", "x") == D(2) and money("1.500", "x") == D(1500)
    assert money("£0.05", "x") == D("0.05") and money("4,000", "x") == D(4000)
    with pytest.raises(HistoryError, match="no amount in 'DP'"):
        money("DP", "x")


def test_cash_all_in_preflop_with_uncalled_bet_and_rake():
    hand = hands("cash.xml")["9100000001"]
    assert (hand.site, hand.game, hand.limit, hand.currency) == ("ipoker", "holdem", "no-limit", "EUR")
    assert [(p.seat, p.name, p.stack) for p in hand.players] == [
        (1, "Ann Lee", D(10)), (3, "Hero", D("8.40")), (5, "O'Brien & Co", D("12.25")), (6, "Bo", D(5))]
    assert hand.actions == acts((0, 1, "blind", "0.05"), (0, 2, "blind", "0.10"), (0, 3, "fold"),
                                (0, 0, "raise", "0.30"), (0, 1, "raise", "1.15"), (0, 2, "raise", "12.15"),
                                (0, 0, "fold"), (0, 1, "call", "7.20"))
    assert hand.uncalled == {2: D("3.85")} and chips_in(hand) == D("17.10")
    assert hand.collected == (0, D("16.47"), 0, 0) and hand.rake == D("0.63")
    assert hand.fees == {"rake": D("0.63")}
    assert hand.cards == {1: cards("AsAd"), 2: cards("KhKc")} and hand.showed == {1, 2}
    assert hand.boards == (cards("2c9hKd5sAh"),)
    assert (hand.small_blind, hand.big_blind, hand.ante) == (D("0.05"), D("0.10"), 0)
    assert (hand.hero, hand.button, hand.table) == (1, 1, "Aurora, 600000001")
    assert (hand.date, hand.tournament) == ("2026-11-27T14:03:11", None)
    assert hand.where == f"{HERE / 'cash.xml'}:19"
    priced = invariants(hand)
    assert priced.priced and priced.street == "preflop"
    same_equity(priced, hand, "", 0, [1, 2])


def test_cash_post_both_dead_blind_and_sitting_out_uncontested():
    hand = hands("cash.xml")["9100000002"]
    assert [p.name for p in hand.players] == ["Ann Lee", "Hero", "O'Brien & Co", "Newcomer"]  # Bo sits out
    assert hand.actions == acts((0, 0, "blind", "0.05"), (0, 2, "blind", "0.10"), (0, 3, "blind", "0.10"),
                                (0, 3, "dead-blind", "0.05"), (0, 1, "raise", "0.40"), (0, 0, "fold"),
                                (0, 2, "fold"), (0, 3, "fold"))
    # a client of version 23: the win leaves out the uncalled 0.30 (0.40 is the whole pot, no rake)
    assert hand.uncalled == {1: D("0.30")} and hand.collected == (0, D("0.40"), 0, 0) and hand.rake == 0
    assert hand.cards == {1: cards("QcJc")} and hand.showed == frozenset() and hand.button == 3
    assert invariants(hand).reason == "no all-in"


def test_tournament_side_pot_on_the_flop():
    hand = hands("tournament.xml")["9200000001"]
    assert (hand.currency, hand.tournament, hand.table) == ("chips", "8100001", "Winter Cup (#8100001)")
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.date) == (50, 100, 10, "2026-11-27T20:41:09")
    assert [(p.name, p.stack) for p in hand.players] == [("Zed", 4000), ("Hero", 1500), ("Kim Park", 6250)]
    assert hand.actions == acts((0, 0, "ante", "10"), (0, 1, "ante", "10"), (0, 2, "ante", "10"),
                                (0, 0, "blind", "50"), (0, 1, "blind", "100"), (0, 2, "raise", "250"),
                                (0, 0, "call", "200"), (0, 1, "raise", "1390"), (0, 2, "call", "1240"),
                                (0, 0, "call", "1240"), (1, 0, "bet", "600"), (1, 2, "raise", "2000"),
                                (1, 0, "raise", "1900"), (1, 2, "call", "500"))
    assert hand.uncalled == {} and hand.collected == (0, 0, 9500) and hand.rake == 0
    pots = count(hand).pots
    assert [(p.amount, p.eligible) for p in pots] == [(4500, (0, 1, 2)), (5000, (0, 2))]
    assert hand.showed == {0, 1, 2} and hand.boards == (cards("7d8s2cJh2d"),)
    assert (hand.hero, hand.button) == (1, 7)
    priced = invariants(hand)
    assert priced.priced and priced.street == "flop"
    same_equity(priced, hand, "7d8s2c", 0, [0, 1, 2])
    same_equity(priced, hand, "7d8s2c", 1, [0, 2])


def test_tournament_win_counts_the_uncalled_bet_and_hero_absent():
    hand = hands("tournament.xml")["9200000002"]
    assert hand.actions == acts((0, 1, "ante", "10"), (0, 0, "ante", "10"), (0, 1, "blind", "50"),
                                (0, 0, "blind", "100"), (0, 1, "raise", "250"), (0, 0, "fold"))
    # an older client: Kim's win of 420 is the pot of 220 and the 200 returned
    assert hand.uncalled == {1: D(200)} and hand.collected == (0, 220) and hand.rake == 0
    assert hand.hero is None and hand.cards == {} and hand.players[1].stack == 11750
    assert invariants(hand).reason == "no all-in"


def test_omaha5_decimal_comma_all_in_on_the_turn():
    hand = hands("omaha.xml")["9300000001"]
    assert (hand.game, hand.limit, hand.currency) == ("omaha5", "pot-limit", "EUR")
    assert [(p.name, p.stack) for p in hand.players] == [("Hero", 100), ("Tüv Öz", D("1040.50"))]
    assert (hand.small_blind, hand.big_blind) == (D("0.50"), 1)
    assert hand.actions == acts((0, 0, "blind", "0.50"), (0, 1, "blind", "1"), (0, 0, "raise", "2.50"),
                                (0, 1, "call", "2"), (1, 1, "check"), (1, 0, "bet", "6"), (1, 1, "call", "6"),
                                (2, 1, "bet", "18"), (2, 0, "raise", "91"), (2, 1, "call", "73"))
    assert hand.collected == (197, 0) and hand.rake == 3 and hand.uncalled == {}
    assert hand.cards == {0: cards("AsKsTh4d3c"), 1: cards("QhJh9s8d7c")} and hand.showed == {0, 1}
    priced = invariants(hand)
    assert priced.priced and priced.street == "turn"
    same_equity(priced, hand, "2s5hQdAc", 0, [0, 1])


def test_omaha_hilo_second_session_in_the_file():
    hand = hands("omaha.xml")["9300000002"]
    assert (hand.game, hand.limit, hand.currency) == ("omaha-hilo", "pot-limit", "USD")
    assert hand.table == "Corvus, 488700004"
    assert hand.actions == acts((0, 0, "blind", "0.50"), (0, 1, "blind", "1"), (0, 0, "fold"))
    assert hand.uncalled == {1: D("0.50")} and hand.collected == (0, 1)
    assert hand.cards == {0: cards("Ah2h3sKd")}
    assert invariants(hand).reason == "no all-in"


def test_bad_games_name_file_line_and_token_and_the_rest_read():
    path = HERE / "bad.xml"
    out = read("bad.xml")
    assert [h.id for h in out if not isinstance(h, HistoryError)] == ["9400000002", "9400000005"]
    errors = [(e.where, e.reason) for e in out if isinstance(e, HistoryError)]
    assert errors == [(f"{path}:10", "'Z9' is not a card"),
                      (f"{path}:44", "unknown action type '42' of 'Hero'"),
                      (f"{path}:60", "not well-formed XML: mismatched tag (line 71, column 5)"),
                      (f"{path}:90", "a <game> without its </game>: the game is cut short")]
    good = next(h for h in out if getattr(h, "id", "") == "9400000002")
    assert good.collected == (D("0.02"), 0) and good.uncalled == {0: D("0.01")}


def test_a_folder_mixing_ipoker_and_pokerstars(tmp_path):
    (tmp_path / "a.xml").write_bytes((HERE / "omaha.xml").read_bytes())
    stars = Path(__file__).parent.parent / "histories" / "pokerstars" / "cash.txt"
    (tmp_path / "b.txt").write_bytes(stars.read_bytes())
    read_all = [h for h in files.read([str(tmp_path)]) if not isinstance(h, HistoryError)]
    assert {h.site for h in read_all} == {"ipoker", "pokerstars"}
    assert [h.id for h in read_all if h.site == "ipoker"] == ["9300000001", "9300000002"]


def test_example_file_prices_both_hands():
    out = list(files.read_source(files.Source(str(EXAMPLE))))
    assert all(not isinstance(h, HistoryError) for h in out) and len(out) >= 2
    priced = [invariants(h) for h in out]
    assert {h.tournament is None for h in out} == {True, False}
    assert all(p.priced for p in priced)
