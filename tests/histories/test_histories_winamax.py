"""The Winamax reader on hand histories written for these tests (tests/histories/winamax/): every field of
every hand worked out by hand from its text, the all-in hands priced (their invariants, and a single pot's
equity against :func:`equity.calculate`), and each broken hand's error."""

from decimal import Decimal as D
from pathlib import Path

import pytest
from history_helpers import acts, cards, chips_in, split

import equity
from equity.errors import HistoryError
from equity.histories import ggpoker, pokerstars, sites, winamax
from equity.histories.chips import check, count
from equity.histories.files import Source, read_source
from equity.histories.model import Player
from equity.questions.hands.allin import price

HERE = Path(__file__).parent.parent / "histories" / "winamax"
EXAMPLE = Path(__file__).parents[2] / "examples" / "sites" / "winamax.txt"



def read(name: str) -> dict:
    path = HERE / name
    return {h.id: h for h in (winamax.parse(lines, str(path), n) for n, lines in split(path, winamax))}





def invariants(hand):
    """The checks every hand read must pass; its PricedHand."""
    check(hand)
    assert chips_in(hand) + hand.added == sum(hand.collected, hand.rake)
    assert hand.rake == sum(hand.fees.values(), D(0))
    priced = price(hand)
    assert sum(f.ev for f in priced.players) == pytest.approx(float(hand.added - hand.rake), abs=1e-9)
    assert sum(f.actual for f in priced.players) == pytest.approx(float(hand.added - hand.rake), abs=1e-9)
    assert sum((p.amount for p in priced.pots), D(0)) == priced.total == chips_in(hand) + hand.added
    return priced


def same_equity(priced, hands: list[str], board: str, game: str = "holdem"):
    """A single pot's equities are those equity.calculate gives for the same cards and board."""
    assert len(priced.pots) == 1
    result = equity.calculate(hands, board=board, game=game)
    mine = [f.equity for f in priced.players if f.equity is not None]
    by_cards = {f.cards: f.equity for f in priced.players if f.equity is not None}
    assert len(mine) == len(hands)
    for text, theirs in zip(hands, result.players, strict=True):
        assert by_cards[text] == pytest.approx(theirs.equity, abs=1e-9)


def test_headers_are_told_apart():
    cash = ("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€) - "
            "2026/11/27 09:03:11 UTC")
    tour = ('Winamax Poker - Tournament "X - Y" buyIn: 0.90€ + 0.10€ level: 1 - HandId: #4-5-6 - Holdem no '
            'limit (10/20) - 2026/11/27 09:03:11 UTC')
    assert winamax.SITE.header(cash) and winamax.SITE.header(tour)
    assert winamax.SITE.header('Winamax Poker - Go Fast "Buzau" - HandId: #1-2-3 - Omaha5 pot limit (1€/2€)')
    assert not winamax.SITE.header("Winamax Poker - Tournament summary : Freeroll(232395298)")
    assert not winamax.SITE.header("PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2026/11/27 9:03 ET")
    assert not winamax.SITE.header("Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - 2026/11/27 14:03:11")
    assert not pokerstars.is_header(cash) and not ggpoker.is_header(cash)
    assert sites.site("winamax") is winamax.SITE and winamax.SITE.title == "Winamax"


def test_no_body_line_starts_a_hand_of_any_site():
    for path in sorted(HERE.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line.startswith(("Winamax Poker - ", "PokerStars Hand #")):
                continue
            assert not [s.name for s in sites.text_sites() if s.header(line)], line


def test_amounts():
    assert winamax.amount("0.50€") == D("0.50") and winamax.amount("100€") == D(100)
    assert winamax.amount("1,250") == D(1250) and winamax.amount("1,250.50€") == D("1250.50")
    assert winamax.amount("0,90€") == D("0.90")


def test_cash_side_pot_uncalled_all_in_and_names_with_spaces():
    h = read("cash.txt")["8812345-101-1795773391"]
    assert (h.site, h.game, h.limit, h.currency) == ("winamax", "holdem", "no-limit", "EUR")
    assert (h.small_blind, h.big_blind, h.ante, h.tournament) == (D("0.25"), D("0.50"), 0, None)
    assert (h.date, h.table, h.button, h.hero) == ("2026-11-27T09:03:11 UTC", "Carcassonne 03", 1, 3)
    assert h.players == (Player(1, "Léa B.", D(60)), Player(2, "zorro_44", D("50.50")),
                         Player(3, "Bob", D("38.75")), Player(4, "Bob le Bricoleur", D(100)))
    assert h.actions == acts((0, 1, "blind", "0.25"), (0, 2, "blind", "0.50"), (0, 3, "raise", "1.50"),
                             (0, 0, "fold"), (0, 1, "fold"), (0, 2, "raise", "4.50"),
                             (0, 3, "raise", "98.50"), (0, 2, "call", "33.75"))
    # Winamax prints no uncalled bet: Bob le Bricoleur's 61.25 above Bob's 38.75 comes back, and the 61.25
    # "collected from side pot 1" is that bet, not a win
    assert h.uncalled == {3: D("61.25")} and h.collected == (0, 0, D("76.25"), 0) and h.line == 1
    assert h.rake == D("1.50") and h.fees == {"rake": D("1.50")}
    assert h.cards == {3: cards("AhKh"), 2: cards("QdQc")} and h.showed == {2, 3}
    assert h.boards == (cards("Qs7d2cKc4h"),)
    assert chips_in(h) == D("77.75")
    priced = invariants(h)
    assert priced.priced and priced.street == "preflop" and priced.players_in == (2, 3)
    same_equity(priced, ["QdQc", "AhKh"], "")


def test_cash_dead_small_blind_out_of_position_and_an_empty_seat():
    h = read("cash.txt")["8812345-102-1795773460"]
    assert [p.name for p in h.players] == ["Léa B.", "zorro_44", "Bob", "Bob le Bricoleur", "N00b#5"]
    assert h.button == 2
    assert h.actions == acts((0, 2, "blind", "0.25"), (0, 3, "blind", "0.50"), (0, 4, "dead-blind", "0.25"),
                             (0, 4, "blind", "0.50"), (0, 4, "check"), (0, 0, "raise", "1.50"),
                             (0, 1, "fold"), (0, 2, "fold"), (0, 3, "call", "1"), (0, 4, "call", "1"),
                             (1, 3, "check"),
                             (1, 4, "bet", "3"), (1, 0, "fold"), (1, 3, "raise", "9"), (1, 4, "fold"))
    assert h.uncalled == {3: D(6)} and h.collected == (0, 0, 0, D("10.75"), 0) and h.rake == D("0.25")
    assert h.cards == {3: cards("9s9d")} and h.showed == frozenset() and h.boards == (cards("Jd8s3h"),)
    priced = invariants(h)
    assert not priced.priced and priced.reason == "no all-in"


def test_hold_up_money_is_added_by_the_site():
    h = read("cash.txt")["21000555-4412-1795780000"]
    assert h.added == D("0.20") and h.uncalled == {} and h.collected == (0, D("15.82"), 0)
    assert h.actions == acts((0, 1, "blind", "0.05"), (0, 2, "blind", "0.10"), (0, 0, "fold"),
                             (0, 1, "raise", "0.25"), (0, 2, "call", "0.20"), (1, 1, "bet", "0.40"),
                             (1, 2, "raise", "1.60"), (1, 1, "raise", "7.30"), (1, 2, "call", "6.10"))
    assert h.rake == D("0.38") and chips_in(h) == D(16)
    priced = invariants(h)
    assert priced.priced and priced.street == "flop" and priced.board == "Qh9c4c"
    same_equity(priced, ["AcQc", "9h9d"], "Qh9c4c")


def test_tournament_antes_bounties_and_a_side_pot():
    h = read("tournament.txt")["6131418277190123-41-1795773500"]
    assert (h.tournament, h.currency, h.table) == ("912345678", "chips", "LE BIG 5(912345678)#004")
    assert (h.ante, h.small_blind, h.big_blind, h.button, h.hero) == (25, 100, 200, 3, 3)
    assert [(p.seat, p.name, p.stack) for p in h.players] == [
        (1, "Dédé", 4000), (2, "P0k3r Fac3", 1500), (3, "mimi", 9000), (4, "Joe", 100)]
    assert h.actions == acts((0, 0, "ante", "25"), (0, 1, "ante", "25"), (0, 2, "ante", "25"),
                             (0, 3, "ante", "25"), (0, 3, "blind", "75"), (0, 0, "blind", "200"),
                             (0, 1, "raise", "1475"), (0, 2, "call", "1475"), (0, 0, "fold"))
    assert h.uncalled == {} and h.collected == (0, 0, D(3325), 0) and h.rake == 0
    assert h.showed == {1, 2, 3} and h.cards[3] == cards("7s2d")
    pots = count(h).pots
    assert [(p.amount, p.eligible) for p in pots] == [(D(400), (1, 2, 3)), (D(2925), (1, 2))]
    priced = invariants(h)
    assert priced.priced and priced.street == "preflop" and priced.players_in == (1, 2, 3)


def test_tournament_flop_all_in_with_the_uncalled_bet_in_the_pot_collected():
    h = read("tournament.txt")["6131418277190123-42-1795773560"]
    # seat 2 sits out: listed, but does nothing, so it is not dealt in
    assert [p.seat for p in h.players] == [1, 3, 5] and h.hero == 2 and h.button == 1
    assert h.actions == acts((0, 0, "ante", "25"), (0, 1, "ante", "25"), (0, 2, "ante", "25"),
                             (0, 1, "blind", "100"), (0, 2, "blind", "200"), (0, 0, "raise", "450"),
                             (0, 1, "fold"), (0, 2, "call", "250"), (1, 2, "check"), (1, 0, "bet", "600"),
                             (1, 2, "raise", "5525"), (1, 0, "call", "2700"))
    assert h.uncalled == {2: D(2225)} and h.collected == (0, 0, D(7675))
    priced = invariants(h)
    assert priced.priced and priced.street == "flop"
    same_equity(priced, ["AcTc", "JhTs"], "Td7h2s")


def test_omaha_flop_all_in_table_without_colon_and_boards_with_one():
    h = read("omaha.txt")["15990001-77-1795790000"]
    assert (h.game, h.limit, h.table, h.button) == ("omaha", "pot-limit", "Nagasaki 02", 2)
    assert h.actions == acts((0, 2, "blind", "0.50"), (0, 0, "blind", "1"), (0, 1, "raise", "3.50"),
                             (0, 2, "fold"), (0, 0, "call", "2.50"), (1, 0, "bet", "7.50"),
                             (1, 1, "raise", "79.90"), (1, 0, "call", "72.40"))
    assert h.collected == (D("164.30"), 0, 0) and h.rake == 3 and h.uncalled == {}
    assert h.boards == (cards("Ts9h2s3cKd"),) and h.cards[1] == cards("TcTd9c9d")
    priced = invariants(h)
    assert priced.priced and priced.street == "flop"
    same_equity(priced, ["AsKsQhJh", "TcTd9c9d"], "Ts9h2s", "omaha")


def test_omaha_hilo_play_money_split_pot():
    h = read("omaha.txt")["8976324-501-1795790100"]
    assert (h.game, h.currency, h.small_blind, h.big_blind) == ("omaha-hilo", "chips", D("0.05"), D("0.10"))
    assert h.actions == acts((0, 1, "blind", "0.05"), (0, 0, "blind", "0.10"), (0, 1, "call", "0.05"),
                             (0, 0, "check"), (1, 0, "bet", "0.20"), (1, 1, "raise", "0.80"),
                             (1, 0, "raise", "3.70"), (1, 1, "call", "3.10"))
    assert h.collected == (D("3.80"), D("3.80")) and h.rake == D("0.40") and h.showed == {0, 1}
    priced = invariants(h)
    assert priced.priced and priced.street == "flop"
    same_equity(priced, ["2c3dKhQs", "JhJc6s7d"], "4c5hJd", "omaha-hilo")


def test_five_card_omaha_fold_to_a_raise_and_a_denied_big_blind():
    h = read("omaha.txt")["8812346-5-1795790200"]
    assert (h.game, h.table) == ("omaha5", "Kinshasa") and h.cards == {1: cards("AhKd7c7s2h")}
    assert h.actions == acts((0, 3, "fold"), (0, 1, "blind", "1"), (0, 2, "blind", "2"), (0, 0, "raise", "7"),
                             (0, 1, "fold"), (0, 2, "fold"))
    assert h.uncalled == {0: D(5)} and h.collected == (D(5), 0, 0, 0) and h.rake == 0
    assert invariants(h).reason == "no all-in"


@pytest.mark.parametrize(("index", "line", "token"), [
    (0, 8, "'1x' is not a card"),
    (1, 26, "card Ah is dealt twice (line 22"),
    (2, 40, "unknown action 'dances 0.05€'"),
    (3, 46, "unknown game 'Pineapple no limit'"),
    (4, 64, "a player with no seat in this hand: 'ghost calls 0.02€'"),
    (5, 78, "truncated hand"),
])
def test_a_broken_hand_names_its_line_and_token(index, line, token):
    n, lines = split(HERE / "bad.txt", winamax)[index]
    with pytest.raises(HistoryError) as error:
        winamax.parse(lines, "bad.txt", n)
    assert error.value.where == f"bad.txt:{line}"
    assert token in error.value.reason


def test_a_file_of_broken_hands_reads_on():
    out = list(read_source(Source(str(HERE / "bad.txt"))))
    assert [isinstance(h, HistoryError) for h in out] == [True] * 6 + [False]
    h = out[-1]
    assert h.id == "9000001-7-1795800360" and h.uncalled == {1: D("0.10")} and h.collected == (0, D("0.12"))
    assert invariants(h).reason == "no all-in"


def test_a_file_mixing_sites():
    out = list(read_source(Source(str(HERE / "mixed.txt"))))
    assert [(h.site, h.line) for h in out] == [("pokerstars", 1), ("winamax", 16)]
    assert out[1].uncalled == {1: D("0.01")} and out[1].collected == (0, D("0.02"))


def test_whole_files_read_and_the_example_prices_every_hand():
    for name in ("cash.txt", "tournament.txt", "omaha.txt"):
        for h in read_source(Source(str(HERE / name))):
            assert not isinstance(h, HistoryError), h
            invariants(h)
    example = list(read_source(Source(str(EXAMPLE))))
    assert {h.tournament is None for h in example} == {True, False}
    assert all(invariants(h).priced for h in example)
