"""PokerStars stud and draw hands (equity.histories.pokerstars_games) on histories written for these tests
(tests/histories/pokerstars/stud.txt, draw.txt): every field worked out by hand from the text, the
pricing of a stud and a single-draw all-in, a triple draw's, the chips of every hand, a broken hand."""

from decimal import Decimal as D
from pathlib import Path

import pytest
from history_helpers import acts, cards, chips_in, split

import equity
from equity.errors import HistoryError
from equity.histories import pokerstars
from equity.histories.chips import check, count
from equity.questions.hands.allin import classify, price

HERE = Path(__file__).parent.parent / "histories" / "pokerstars"


def read(name: str) -> dict:
    path = HERE / name
    out = {}
    for n, lines in split(path, pokerstars):
        try:
            h = pokerstars.parse(lines, str(path), n)
        except HistoryError as exc:
            out[lines[0].split("#")[1].split(":")[0]] = exc
        else:
            out[h.id] = h
    return out


STUD, DRAW = read("stud.txt"), read("draw.txt")


def test_stud_all_in_on_sixth_street_is_priced_on_the_cards_shown():
    h = STUD["260100000001"]
    assert (h.game, h.limit, h.currency, h.tournament, h.line) == ("stud", "fixed-limit", "USD", None, 1)
    assert (h.date, h.table, h.button, h.hero) == ("2026-12-01T10:00:00 ET", "Stud Alpha", None, 0)
    assert [(p.seat, p.name, p.stack) for p in h.players] == [(1, "Ann", D(5)), (3, "Bob", D("1.07")),
                                                              (5, "Cid", D(4))]
    assert (h.small_blind, h.big_blind, h.ante, h.bring_in) == (0, D("0.10"), D("0.02"), D("0.05"))
    assert h.actions == acts((0, 0, "ante", "0.02"), (0, 1, "ante", "0.02"), (0, 2, "ante", "0.02"),
                             (0, 1, "bring-in", "0.05"), (0, 2, "fold"), (0, 0, "raise", "0.10"),
                             (0, 1, "call", "0.05"), (1, 0, "bet", "0.10"), (1, 1, "call", "0.10"),
                             (2, 1, "bet", "0.20"), (2, 0, "raise", "0.40"), (2, 1, "call", "0.20"),
                             (3, 0, "bet", "0.20"), (3, 1, "raise", "0.45"), (3, 0, "call", "0.25"))
    assert h.cards == {0: cards("As Ad 7c 9d 4s 5c 8h"), 1: cards("Jh Tc 2h Kh Qh 3c 6d")}
    assert (h.boards, h.draws, h.discards, h.draw_rounds) == ((), {}, {}, 0)
    assert h.showed == {0, 1}
    assert h.collected == (D("2.06"), 0, 0) and (h.rake, h.uncalled) == (D("0.10"), {})
    assert chips_in(h) == D("2.16") == sum(h.collected) + h.rake
    priced = price(h)
    assert priced.priced and priced.street == "sixth"
    # Cid's folded door card is no cards of his the history shows whole: not dead to the pricing either
    oracle = equity.calculate(["AsAd7c9d4s5c", "JhTc2hKhQh3c"], game="stud", dead="")
    assert list(priced.pots[0].shares) == pytest.approx([p.equity for p in oracle.players], abs=1e-9)
    assert priced.players[0].ev == pytest.approx(oracle.players[0].equity * 2.16 * (1 - 0.10 / 2.16) - 1.07)
    assert 0.5 < oracle.players[0].equity < 1


def test_stud_hilo_a_fold_on_fourth_street_and_the_bring_in_raised():
    h = STUD["260100000002"]
    assert (h.game, h.limit, h.hero) == ("stud8", "fixed-limit", 1)
    assert (h.small_blind, h.big_blind, h.ante, h.bring_in) == (0, D("0.10"), D("0.02"), D("0.05"))
    assert h.actions == acts((0, 0, "ante", "0.02"), (0, 1, "ante", "0.02"), (0, 1, "bring-in", "0.05"),
                             (0, 0, "raise", "0.10"), (0, 1, "raise", "0.15"), (0, 0, "call", "0.10"),
                             (1, 0, "bet", "0.20"), (1, 1, "fold"))
    assert h.cards == {1: cards("3d 4d 5h 2c")} and h.showed == frozenset()
    assert (h.collected, h.uncalled, h.rake) == ((D("0.42"), 0), {0: D("0.20")}, D("0.02"))
    assert chips_in(h) == D("0.44") == sum(h.collected) + h.rake
    assert price(h).reason == "no all-in"


def test_razz_in_a_mixed_tournament_with_a_player_sitting_out():
    h = STUD["260100000003"]
    assert (h.game, h.limit, h.currency, h.tournament) == ("razz", "fixed-limit", "chips", "3900000001")
    assert [p.name for p in h.players] == ["Dan", "Eve", "Fay"]
    assert (h.small_blind, h.big_blind, h.ante, h.bring_in) == (0, D(100), D(20), D(30))
    assert h.actions == acts((0, 0, "ante", "20"), (0, 1, "ante", "20"), (0, 2, "ante", "20"),
                             (0, 1, "bring-in", "30"), (0, 2, "fold"), (0, 0, "raise", "100"),
                             (0, 1, "call", "70"), (1, 0, "bet", "100"), (1, 1, "call", "100"),
                             (2, 1, "bet", "200"), (2, 0, "call", "200"), (3, 1, "bet", "200"),
                             (3, 0, "call", "200"), (4, 1, "bet", "200"), (4, 0, "call", "200"))
    assert h.cards == {0: cards("Ac 2d 3h 4c Qs 9d Td"), 1: cards("2s 3s Kh 5d 6c 7h Jc")}
    assert h.showed == {1} and h.hero == 0
    assert (h.collected, h.rake) == ((0, D(1660), 0), 0)
    assert chips_in(h) == D(1660)


def test_single_draw_all_in_before_the_draw_is_priced_on_the_cards_kept():
    h = DRAW["260200000001"]
    assert (h.game, h.limit, h.draw_rounds, h.button, h.hero) == ("2-7", "no-limit", 0, 1, 0)
    assert (h.small_blind, h.big_blind, h.ante, h.bring_in) == (D("0.25"), D("0.50"), 0, 0)
    assert h.actions == acts((0, 1, "blind", "0.25"), (0, 2, "blind", "0.50"), (0, 0, "raise", "1.50"),
                             (0, 1, "raise", "9.75"), (0, 2, "fold"), (0, 0, "call", "8.50"))
    assert h.cards == {0: cards("2c 3d 4h 7s Kd"), 1: cards("2s 3h 5c 6d 8h")}
    assert h.draws == {0: ((cards("Kd"), cards("8c")),), 1: (((), ()),)}
    assert h.discards == {0: cards("Kd"), 1: ()}
    assert h.final(0) == cards("2c 3d 4h 7s 8c") and h.final(1) == cards("2s 3h 5c 6d 8h")
    assert h.showed == {0, 1} and (h.collected, h.rake) == ((0, D(20), 0), D("0.50"))
    priced = price(h)
    assert priced.priced and priced.street == "predraw"
    oracle = equity.calculate(["2c3d4h7s", "2s3h5c6d8h"], game="2-7")
    assert list(priced.pots[0].shares) == pytest.approx([p.equity for p in oracle.players], abs=1e-9)


def test_triple_draw_all_in_is_not_priced_and_unseen_draws_stay_unknown():
    h = DRAW["260200000002"]
    assert (h.game, h.limit, h.draw_rounds, h.hero) == ("2-7", "fixed-limit", 3, 1)
    assert (h.small_blind, h.big_blind) == (D("0.50"), D(1))
    assert h.actions == acts((0, 1, "blind", "0.50"), (0, 0, "blind", "1"), (0, 1, "raise", "1.50"),
                             (0, 0, "call", "0.50"))
    assert h.cards == {1: cards("2d 4c 6h 9s 9c")}
    assert h.draws == {0: (((None, None), (None, None)), ((None,), (None,)), ((), ())),
                       1: ((cards("9c"), cards("3s")), (cards("9s"), cards("Kh")),
                           (cards("Kh"), cards("7c")))}
    assert h.discards == {1: cards("9c")}
    assert h.final(1) == cards("2d 4c 6h 3s 7c") and h.final(0) is None
    assert h.showed == {0, 1}
    assert (h.collected, h.uncalled, h.rake) == ((0, D("2.85")), {1: D("0.50")}, D("0.15"))
    assert classify(h)[3].reason == "triple draw" and price(h).reason == "triple draw"


def test_badugi_three_draws_a_player_pat_throughout():
    h = DRAW["260200000003"]
    assert (h.game, h.limit, h.draw_rounds, h.button, h.hero) == ("badugi", "fixed-limit", 3, 3, 1)
    assert (h.small_blind, h.big_blind) == (D("0.25"), D("0.50"))
    assert h.actions == acts((0, 0, "blind", "0.25"), (0, 1, "blind", "0.50"), (0, 2, "call", "0.50"),
                             (0, 0, "call", "0.25"), (0, 1, "check"), (1, 0, "check"), (1, 1, "check"),
                             (1, 2, "bet", "0.50"), (1, 0, "call", "0.50"), (1, 1, "fold"),
                             (2, 0, "check"), (2, 2, "bet", "1"), (2, 0, "call", "1"), (3, 0, "check"),
                             (3, 2, "check"))
    assert h.cards == {1: cards("Ac 3d 5h Kh"), 2: cards("As 2h 7d Jc")}
    assert h.draws == {0: (((None, None), (None, None)), ((None,), (None,)), ((), ())),
                       1: ((cards("Kh"), cards("9h")),), 2: (((), ()), ((), ()), ((), ()))}
    assert h.discards == {1: cards("Kh"), 2: ()}
    assert h.showed == {0, 2} and (h.collected, h.rake) == ((D("4.35"), 0, 0), D("0.15"))
    assert price(h).reason == "no all-in"


def test_five_card_draw_bets_after_a_draw_with_no_line_of_its_own():
    h = DRAW["260200000004"]
    assert (h.game, h.limit, h.draw_rounds, h.hero) == ("draw", "pot-limit", 0, 0)
    assert (h.small_blind, h.big_blind) == (D("0.10"), D("0.25"))
    assert h.actions == acts((0, 1, "blind", "0.10"), (0, 2, "blind", "0.25"), (0, 0, "raise", "0.75"),
                             (0, 1, "fold"), (0, 2, "call", "0.50"), (1, 2, "check"), (1, 0, "bet", "1.60"),
                             (1, 2, "fold"))
    assert h.cards == {0: cards("Qs Qd 7c 4h 2s")}
    assert h.draws == {0: ((cards("7c 4h 2s"), cards("Qc 9h 3d")),), 2: (((None,) * 3, (None,) * 3),)}
    assert h.final(0) == cards("Qs Qd Qc 9h 3d") and h.showed == frozenset()
    assert (h.collected, h.uncalled, h.rake) == ((D("1.52"), 0, 0), {0: D("1.60")}, D("0.08"))


HANDS = [h for h in [*STUD.values(), *DRAW.values()] if not isinstance(h, Exception)]


@pytest.mark.parametrize("hand", HANDS, ids=lambda h: h.id)
def test_every_hand_adds_up_and_its_evs_sum_to_minus_the_rake(hand):
    check(hand, count(hand))
    priced = price(hand)
    assert sum(p.ev for p in priced.players) == pytest.approx(-float(hand.rake), abs=1e-9)


def test_a_card_other_than_dealt_before_names_its_line():
    exc = STUD["260100000004"]
    assert isinstance(exc, HistoryError)
    assert exc.where.endswith("stud.txt:136") and "differ from those dealt before" in str(exc)
