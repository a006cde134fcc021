"""PHH reading and writing (equity.histories.phh, phh_write): every field of the hands in
tests/histories/phh/ (written for these tests) checked against what the file says, worked out by hand;
the bad ones are errors naming their line and token; and every hand written as PHH reads back the same.
"""

import dataclasses
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from equity.cards import parse_cards
from equity.errors import HistoryError
from equity.histories import phh, phh_write, sites
from equity.histories.model import Action, CashOut, Hand, Player

HERE = Path(__file__).parent.parent / "histories" / "phh"
D = Decimal


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def read(name: str) -> list:
    path = HERE / name
    return list(phh.read(path.read_text(), str(path)))


def one(name: str) -> Hand:
    (hand,) = read(name)
    assert isinstance(hand, Hand), hand
    return hand


def acts(*rows: tuple) -> tuple[Action, ...]:
    return tuple(Action(s, p, k, D(a)) for s, p, k, a in rows)


def fields_of(hand: Hand, skip: tuple[str, ...] = ()) -> dict:
    return {f.name: getattr(hand, f.name) for f in dataclasses.fields(hand)
            if f.name not in ("source", "line", *skip)}


# --- reading ------------------------------------------------------------------------------------------

def test_side_pots_every_field() -> None:
    """NT, four players in PHH order SB seat 3 (Ana), BB seat 5 (Bo), seat 6 (Cy), button seat 1 (Dee):
    the Hand lists them by seat (Dee, Ana, Bo, Cy = 0..3)."""
    hand = one("nlhe_side_pots.phh")
    assert hand == Hand(
        site="phh", id="1001", game="holdem", limit="no-limit",
        players=(Player(1, "Dee", D(80)), Player(3, "Ana", D(300)), Player(5, "Bo", D(150)),
                 Player(6, "Cy", D(500))),
        actions=acts((0, 1, "blind", 1), (0, 2, "blind", 2), (0, 3, "raise", 6), (0, 0, "raise", 80),
                     (0, 1, "raise", 299), (0, 2, "call", 148), (0, 3, "fold", 0)),
        boards=(cards("2c7d9hTs8c"),),
        cards={1: cards("AsAd"), 2: cards("KcKd"), 0: cards("QhJh")},
        showed=frozenset({0, 1, 2}),
        collected=(D(246), D(140), D(0), D(0)),
        small_blind=D(1), big_blind=D(2), currency="USD", date="2024-03-07T21:04:30 America/Toronto",
        table="Kestrel", button=1, source=str(HERE / "nlhe_side_pots.phh"), line=1,
        identity=("venue", "Home game", "1001"))


def test_fixed_limit_cents_rake_and_a_muck() -> None:
    hand = one("limit_holdem.phh")
    assert (hand.id, hand.game, hand.limit) == ("LHE-7", "holdem", "fixed-limit")
    assert [p.stack for p in hand.players] == [D("12.75"), D(20), D("9.1")]
    assert hand.actions == acts(
        (0, 0, "blind", "0.25"), (0, 1, "blind", "0.5"), (0, 2, "raise", 1), (0, 0, "call", "0.75"),
        (0, 1, "call", "0.5"), (1, 0, "check", 0), (1, 1, "bet", "0.5"), (1, 2, "raise", 1),
        (1, 0, "fold", 0), (1, 1, "call", "0.5"), (2, 1, "check", 0), (2, 2, "bet", 1), (2, 1, "call", 1),
        (3, 1, "bet", 1), (3, 2, "call", 1))
    assert hand.boards == (cards("Qc8s3h2d9h"),)
    assert hand.cards == {1: cards("9s9c"), 2: cards("AhQd")}
    assert hand.showed == {1}  # p3 mucked
    assert hand.collected == (0, D("8.75"), 0) and hand.rake == D("0.25")
    assert (hand.small_blind, hand.big_blind) == (D("0.25"), D("0.5"))
    assert hand.date == "2023-11-30T09:15:00 CET" and hand.currency == "chips"
    assert [p.name for p in hand.players] == ["west", "north", "east"]
    assert sum(a.amount for a in hand.actions) == sum(hand.collected) + hand.rake


def test_heads_up_blinds_apply_reversed() -> None:
    """PO heads-up: blinds [1, 2] make p1 (seat 4) the big blind and p2 (seat 2, the button) the small."""
    hand = one("plo_heads_up.phh")
    assert [p.name for p in hand.players] == ["Uma", "Ivo"] and hand.button == 2
    assert hand.actions == acts((0, 0, "blind", 1), (0, 1, "blind", 2), (0, 0, "raise", 5),
                                (0, 1, "raise", 16), (0, 0, "call", 12), (1, 1, "bet", 20),
                                (1, 0, "raise", 82), (1, 1, "call", 62))
    assert hand.cards == {0: cards("JsTs9d8d"), 1: cards("AhAcKd7s")}
    assert hand.boards == (cards("Tc9h2c3dJd"),) and hand.collected == (200, 0)
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind) == ("omaha", "pot-limit", 1, 2)


def test_omaha_hilo() -> None:
    hand = one("omaha_hilo.phh")
    assert (hand.id, hand.game, hand.limit) == ("88", "omaha-hilo", "fixed-limit")
    assert hand.cards == {0: cards("Ad2dKsQs"), 1: cards("Ac3cJhJd")}  # p3's ???????? stay unknown
    assert [a.street for a in hand.actions if a.kind == "bet"] == [1, 3]
    assert hand.collected == (18, 0, 0) and hand.button == 3


def test_short_deck_ranks_straights_above_trips() -> None:
    """NS is pokerkit's short deck, a straight above three of a kind: equity's short-deck. Uniform antes
    give the ante; a button blind alone gives no small or big blind, so the min bet is the unit."""
    hand = one("short_deck.phh")
    assert hand.game == "short-deck"
    assert hand.actions == acts((0, 0, "ante", 1), (0, 1, "ante", 1), (0, 2, "ante", 1), (0, 2, "blind", 2),
                                (0, 0, "raise", 49), (0, 1, "fold", 0), (0, 2, "call", 37))
    assert (hand.ante, hand.small_blind, hand.big_blind) == (1, 0, 2)
    assert hand.cards == {0: cards("AhKh"), 2: cards("6s6c")} and hand.showed == {0, 2}


def test_stud_all_in_on_fifth_street() -> None:
    """Streets are third to seventh (0 .. 4); hidden down cards become known when shown; cards dealt after
    the all-in complete each hand to seven."""
    hand = one("stud_allin_fifth.phh")
    assert (hand.game, hand.limit, hand.button, hand.boards) == ("stud", "fixed-limit", None, ())
    assert hand.actions == acts(
        (0, 0, "ante", 1), (0, 1, "ante", 1), (0, 2, "ante", 1), (0, 0, "bring-in", 1), (0, 1, "raise", 4),
        (0, 2, "call", 4), (0, 0, "call", 3), (1, 1, "check", 0), (1, 2, "bet", 4), (1, 0, "call", 4),
        (1, 1, "call", 4), (2, 1, "bet", 8), (2, 2, "call", 8), (2, 0, "raise", 16), (2, 1, "call", 8),
        (2, 2, "fold", 0))
    assert hand.cards == {0: cards("AsAd5c7dJc4h6s"), 1: cards("QcQhKh3sKs9c2c"), 2: cards("9d8dQsTh2h")}
    assert hand.showed == {0, 1}
    assert (hand.ante, hand.bring_in, hand.big_blind) == (1, 1, 4)
    assert sum(a.amount for a in hand.actions) == 67 == sum(hand.collected)


def test_razz_and_stud_hilo() -> None:
    razz = one("razz.phh")
    assert razz.game == "razz" and [a.street for a in razz.actions][-2:] == [4, 4]
    assert razz.actions[:2] == acts((0, 0, "ante", 1), (0, 1, "ante", 1))
    assert razz.showed == frozenset() and len(razz.cards[0]) == 7
    stud8 = one("stud_hilo.phh")
    assert stud8.game == "stud8" and stud8.cards == {2: cards("As2s4d")}  # ????3h: not all known
    assert (stud8.ante, stud8.bring_in, stud8.collected) == (D("0.5"), D("0.5"), (0, 0, D("2.5")))


def test_draw_games() -> None:
    """2-7 single draw: the hand before the draw and what was discarded (standing pat: nothing)."""
    deuce = one("deuce_single_draw.phh")
    assert (deuce.game, deuce.limit) == ("2-7", "no-limit")
    assert deuce.cards == {1: cards("7h6c4c3d2s"), 2: cards("Kc8h5s4h2c")}
    assert deuce.discards == {1: (), 2: cards("Kc8h")}
    assert deuce.actions[-2:] == acts((0, 1, "raise", 290), (0, 2, "call", 270))
    badugi = one("badugi_single.phh")
    assert (badugi.game, badugi.limit) == ("badugi", "fixed-limit")
    assert badugi.cards == {0: cards("As2d3h9c"), 1: cards("KsKd4h5c")}
    assert badugi.discards == {0: cards("9c"), 1: cards("KsKd")} and badugi.showed == {0, 1}
    assert [a.street for a in badugi.actions if a.kind not in ("blind",)] == [0, 0, 1, 1]


def test_phhs_one_bad_hand_and_the_rest() -> None:
    first, bad, third = read("session.phhs")
    where = str(HERE / "session.phhs")
    assert (first.id, first.line, first.collected) == ("41", 2, (0, 2, 0))
    assert isinstance(bad, HistoryError) and bad.where == f"{where}:20" and "'d dh p2 AsQd'" in str(bad)
    assert "As is dealt twice" in bad.reason
    assert (third.id, third.line) == ("session.phhs#3", 24)


@pytest.mark.parametrize(("name", "line", "words"), [
    ("bad_action.phh", 11, ("'p1 raise 20'", "'raise' is not an action")),
    ("bad_card.phh", 8, ("'d dh p2 Qs1h'", "'1h' is not a card")),
    ("unknown_variant.phh", 1, ("unknown variant 'NZ'",)),
])
def test_bad_files_name_line_and_token(name: str, line: int, words: tuple[str, ...]) -> None:
    (error,) = read(name)
    assert isinstance(error, HistoryError) and error.where == f"{HERE / name}:{line}"
    for word in words:
        assert word in str(error)


HEAD = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 50]\n')


@pytest.mark.parametrize(("actions", "words"), [
    (["d dh p1 AsKs", "d dh p2 ????", "p9 f"], "'p9' is not a player: p1 .. p2"),
    (["p2 cbr 200"], "puts in 199; p2 has 49 left"),
    (["p2 cbr 2"], "does not raise the bet of 2"),
    (["p2 cbr 1e3"], "'1e3' is not an amount"),
    (["p2 f", "p2 cc"], "p2 has folded"),
    (["p2 cbr 50", "p1 cc", "p2 cc"], "p2 is all in"),
    (["d dh p1 AsKs", "p1 sm AsKsQs"], "shows 3 cards and holds 2"),
    (["d dh p1 AsKs", "p1 sm AsKd"], "shows Kd where Ks was dealt"),
    (["d dh p1 AsKsQs"], "would hold 3 cards; the game deals 2"),
    (["d db AsKs??"], "the board is five cards, all known"),
    (["d dh p1 AsK"], "each card is two characters"),
    (["p1 sd As"], "draw games only"),
    (["d deal p1"], "the dealer's actions"),
])
def test_bad_actions(actions: list[str], words: str) -> None:
    text = HEAD + "actions = [\n" + "".join(f'  "{a}",\n' for a in actions) + "]\n"
    (error,) = phh.read(text, "t.phh")
    assert isinstance(error, HistoryError), error
    assert words in error.reason and error.where == f"t.phh:{6 + len(actions)}"


@pytest.mark.parametrize(("text", "words"), [
    ('variant = "NS"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [9, 9]\n'
     'actions = ["d dh p1 4hAs"]', "'4h' is not a card in short deck"),
    (HEAD.replace("antes = [0, 0]\n", ""), "no 'antes'"),
    (HEAD.replace("[100, 50]", "[100, 50, 10]") + "actions = []", "antes has 2 values for 3 players"),
    (HEAD + 'actions = []\nseats = [3, 3]', "2 different seat numbers"),
    (HEAD + 'actions = []\n_hero = "p5"', "_hero is 'p5'"),
    (HEAD.replace("[100, 50]", '[100, "x"]') + "actions = []", "starting_stacks[1] is 'x'"),
    (HEAD.replace('"NT"', '"F2L4D"') + "actions = []", "unknown variant 'F2L4D'"),
    ('variant = "F2L1D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nstarting_stacks = [9, 9]\n'
     'actions = ["d dh p1 AsKsQsJs9s", "p2 cc", "p1 cc", "p1 sd 2c"]',
     "discards 2c, a card it does not hold"),
])
def test_bad_fields(text: str, words: str) -> None:
    (error,) = phh.read(text, "t.phh")
    assert isinstance(error, HistoryError) and words in error.reason, error


def test_fields_of_unforeseen_types_are_errors() -> None:
    (error,) = phh.read(HEAD + 'actions = []\n_fees = {a = {b = 1}}', "u.phh")
    assert isinstance(error, HistoryError) and error.where == "u.phh:1"


def test_not_toml() -> None:
    (error,) = phh.read('variant = "NT"\nthis is not toml\n', "x.phh")
    assert isinstance(error, HistoryError) and error.where == "x.phh:2"
    assert error.reason.startswith("not TOML")
    (error,) = phh.read("", "x.phh")
    assert isinstance(error, HistoryError) and "no hand" in error.reason


def test_a_phhs_table_that_is_not_toml_spoils_only_its_hand() -> None:
    good = (HERE / "session.phhs").read_text().split("[2]")[0]
    text = good + '[2]\nvariant = "NT"\nantes = [0, 0\n\n[3]\n' + good.split("[1]\n")[1]
    hands = list(phh.read(text, "s.phhs"))
    assert [type(h).__name__ for h in hands] == ["Hand", "HistoryError", "Hand"]
    assert hands[1].where.startswith("s.phhs:") and int(hands[1].where.split(":")[1]) > 10
    assert hands[2].id == "41"  # the third table is a copy of the first, its hand field too


def test_float_amounts_are_exact_and_commentary_ignored() -> None:
    text = (HEAD.replace("[100, 50]", "[0.3, 0.7]").replace("[1, 2]", "[0.1, 0.2]")
            + 'actions = ["d dh p1 ???? # hidden", "", "# a note", "p2 cc"]\nhand = 7\ntable = 3')
    (hand,) = phh.read(text, "f.phh")
    assert hand.actions == acts((0, 1, "blind", "0.1"), (0, 0, "blind", "0.2"), (0, 1, "call", "0.1"))
    assert [p.stack for p in hand.players] == [D("0.3"), D("0.7")] and (hand.id, hand.table) == ("7", "3")


def test_is_phh() -> None:
    assert phh.is_phh("a.PHH", "") and phh.is_phh("b.phhs", "")
    assert phh.is_phh("-", '\ufeff# a comment\n\nvariant = "NT"\n')
    assert phh.is_phh("-", "[1]\nvariant = 'NT'")
    assert not phh.is_phh("-", "PokerStars Hand #1: Hold'em No Limit")
    assert not phh.is_phh("x.txt", "name = 'not a hand'") and not phh.is_phh("-", "# only a comment\n")


# --- writing and round trips --------------------------------------------------------------------------

GOOD = sorted(p.name for p in HERE.iterdir() if p.name not in
              ("bad_action.phh", "bad_card.phh", "unknown_variant.phh"))


@pytest.mark.parametrize("name", GOOD)
def test_round_trip_of_every_test_hand(name: str) -> None:
    for hand in read(name):
        if isinstance(hand, HistoryError):
            continue
        text = phh_write.write(hand)
        (back,) = phh.read(text, "back.phh")
        assert isinstance(back, Hand), (back, text)
        assert fields_of(back) == fields_of(hand), text


def test_written_fields_are_in_the_standards_order() -> None:
    text = phh_write.write(one("nlhe_side_pots.phh"))
    keys = [line.split(" = ")[0] for line in text.splitlines() if " = " in line and not line.startswith(" ")]
    assert keys == ["variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions",
                    "venue", "time", "time_zone", "day", "month", "year", "hand", "seats", "table", "players",
                    "winnings", "currency"]
    assert [k for k in keys if k in phh.FIELDS] == sorted(keys, key=phh.FIELDS.index)
    assert tomllib.loads(text)["actions"][:5] == ["d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 ????",
                                                 "d dh p4 QhJh", "p3 cbr 6"]


def run_twice() -> Hand:
    """A PokerStars-like hand: seats 2, 4, 7 with the button on 4 (PHH order: 7, 2, 4); all in preflop,
    run twice, a fee breakdown, the hero cashing out."""
    return Hand(
        site="pokerstars", id="245000111222", game="holdem", limit="no-limit",
        players=(Player(2, "alice", D("50.00")), Player(4, "bob \"b\"", D("80.50")),
                 Player(7, "carol", D(25))),
        actions=acts((0, 2, "blind", "0.25"), (0, 0, "blind", "0.50"), (0, 1, "raise", "1.50"),
                     (0, 2, "raise", "24.75"), (0, 0, "fold", 0), (0, 1, "call", "23.50")),
        boards=(cards("AhKd2c7h9s"), cards("QsJd4c8h3s")), cards={1: cards("TcTd"), 2: cards("AcQc")},
        showed=frozenset({1, 2}), collected=(D(0), D("24.25"), D("24.25")), uncalled={},
        rake=D("2.00"), fees={"rake": D("1.50"), "jackpot fee": D("0.50")},
        cash_outs={1: CashOut(D("23.10"), D("0.25"))}, small_blind=D("0.25"), big_blind=D("0.50"),
        currency="USD", date="2024-05-02T18:30:00 ET", table="Procyon IV", button=4, hero=1)


def tournament() -> Hand:
    """Seats 1, 3, 5, 6, a dead button on seat 2: a short small blind all in for 30 of 50, a big-blind
    ante, a dead blind, an uncalled bet, a date as a site prints it."""
    return Hand(
        site="ggpoker", id="TM77", game="holdem", limit="no-limit",
        players=(Player(1, "t1", D(1000)), Player(3, "t2", D(30)), Player(5, "t3", D(2000)),
                 Player(6, "t4", D(800))),
        actions=acts((0, 2, "ante", 100), (0, 3, "dead-blind", 50), (0, 1, "blind", 30), (0, 2, "blind", 100),
                     (0, 3, "blind", 100), (0, 0, "raise", 300), (0, 2, "call", 200), (0, 3, "fold", 0),
                     (1, 2, "check", 0), (1, 0, "bet", 400), (1, 2, "fold", 0)),
        boards=(cards("8h8d3c"),), cards={0: cards("AsAc"), 1: cards("7s2d"), 2: cards("KhQh")},
        showed=frozenset({0, 1}), collected=(D(1000), D(0), D(0), D(0)), uncalled={0: D(400)},
        small_blind=D(50), big_blind=D(100), ante=D(100), tournament="3456789",
        date="2024/05/02 18:30:00 CET", table="7", button=2, hero=2, cap=D(1500))


def test_round_trip_run_twice_and_cash_out() -> None:
    """All survives but the site (a PHH file is read as site "phh"; the site goes to ``venue``)."""
    hand = run_twice()
    text = phh_write.write(hand)
    assert 'players = ["alice", "bob \\"b\\"", "carol"]' not in text  # PHH order: carol, alice, bob
    assert 'players = ["carol", "alice", "bob \\"b\\""]' in text and "seats = [7, 2, 4]" in text
    assert 'venue = "PokerStars"' in text and "_boards = " in text
    assert "_cash_outs = {p3 = [23.10, 0.25]}" in text
    (back,) = phh.read(text, "rt.phh")
    assert back.site == "phh" and sites.key(back) == sites.key(hand) == ("pokerstars", hand.id)
    assert fields_of(back, ("site", "identity")) == fields_of(hand, ("site", "identity"))


def test_round_trip_tournament_what_survives() -> None:
    """Lost: the site, the uncalled bet as printed (the actions give it), the dead blind's kind (an ante:
    dead money either way). The short blind is written at its size, the BB ante and dead button in
    user-defined fields."""
    hand = tournament()
    text = phh_write.write(hand)
    data = tomllib.loads(text)
    assert data["blinds_or_straddles"] == [50, 100, 100, 0] and data["antes"] == [0, 100, 50, 0]
    assert (data["_ante"], data["_button"], data["_hero"]) == (100, 2, "p2")
    assert data["_date"] == "2024/05/02 18:30:00 CET"
    assert data["table"] == 7 and data["hand"] == "TM77" and data["_cap"] == 1500
    (back,) = phh.read(text, "rt.phh")
    lost = ("site", "uncalled", "actions", "identity")
    assert fields_of(back, lost) == fields_of(hand, lost) and sites.key(back) == sites.key(hand)
    assert (back.site, back.uncalled) == ("phh", {})
    assert back.actions == tuple(a if a.kind != "dead-blind" else Action(0, 3, "ante", D(50))
                                 for a in hand.actions)


def test_round_trip_games_without_a_standard_code() -> None:
    plo5 = Hand(site="phh", id="5", game="omaha5", limit="pot-limit",
                players=(Player(1, "a", D(10)), Player(2, "b", D(10))),
                actions=acts((0, 1, "blind", 1), (0, 0, "blind", 2), (0, 1, "raise", 5), (0, 0, "call", 4)),
                cards={0: cards("AsKsQsJsTs")}, small_blind=D(1), big_blind=D(2), button=2)
    text = phh_write.write(plo5)
    assert 'variant = "PO5"' in text and '"d dh p2 ??????????"' in text
    (back,) = phh.read(text, "x.phh")
    assert fields_of(back, ("identity",)) == fields_of(plo5, ("identity",)) and back.identity == ()
    with pytest.raises(HistoryError, match="cannot write a spread-limit holdem hand"):
        phh_write.write(dataclasses.replace(plo5, game="holdem", limit="spread-limit"))


def test_round_trip_draw_with_unknown_discards() -> None:
    """A draw game player whose discards are unknown: written as commentary, read back as unknown."""
    hand = one("deuce_single_draw.phh")
    hand = dataclasses.replace(hand, discards={1: ()}, draws={1: hand.draws[1]})
    text = phh_write.write(hand)
    assert '"# p3 draws: cards not known"' in text
    (back,) = phh.read(text, "x.phh")
    assert fields_of(back) == fields_of(hand)
