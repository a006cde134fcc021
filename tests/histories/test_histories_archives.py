"""Hand histories as players have them (issue 52): archives whose hand numbers repeat, draw games played
to the final hands, PHH ``finishing_stacks``, and triple draws read and counted though not priced. The
histories are written for these tests (tests/histories/archives/); every expected figure is worked out
from their text in the comments, or comes from the game's rules stated beside it."""

from __future__ import annotations

import shutil
from decimal import Decimal as D
from pathlib import Path

import pytest

from equity.cards import parse_cards
from equity.errors import HistoryError
from equity.histories import phh, phh_write, sites
from equity.histories.files import Source, read_source
from equity.questions.hands import run
from equity.questions.hands.allin import classify, price

HERE = Path(__file__).parent.parent / "histories" / "archives"
ROOT = Path(__file__).resolve().parents[2]


def one(name: str):
    (hand,) = phh.read((HERE / name).read_text(), str(HERE / name))
    return hand


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


# --- 1. duplicates: the same hand read twice, not the same number -------------------------------------

def _session_hand(number: int, stacks: tuple[int, int], extra: str = "") -> str:
    """A heads-up hand numbered ``number`` with no venue, table or time (as a match's session files are)."""
    return (f'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            f"starting_stacks = [{stacks[0]}, {stacks[1]}]\n"
            'actions = ["d dh p1 AsKs", "d dh p2 7c7d", "p2 cbr 6", "p1 f"]\n'
            f'hand = {number}\nplayers = ["Ana", "Bo"]\n{extra}')


def _match(folder: Path) -> Path:
    """Two session folders, each numbering its hands 0, 1, 2 afresh: six different hands."""
    for session, base in (("s1", 100), ("s2", 200)):
        for number in range(3):
            path = folder / session / f"{number}.phh"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_session_hand(number, (base + number, 150)))
    return folder


def test_hands_that_share_a_number_are_different_hands(tmp_path):
    summary = run([str(_match(tmp_path / "match"))], workers=0)
    assert (summary.read, len(summary.duplicates)) == (6, 0)
    assert summary.players[("Bo", "chips")].hands == 6


def test_the_same_folder_twice_is_every_hand_once(tmp_path):
    match = str(_match(tmp_path / "match"))
    summary = run([match, match], workers=0)
    assert (summary.read, len(summary.duplicates)) == (6, 6)
    assert summary.players[("Bo", "chips")].hands == 6


def test_identity_fields_name_a_hand(tmp_path):
    """Given a table or a date with the number, those fields decide: the same fields are one hand (even
    if a copy was edited), another date is another hand."""
    table = 'table = 4\nyear = 2026\nmonth = 11\nday = 27\n'
    (tmp_path / "a.phh").write_text(_session_hand(7, (100, 150), table))
    (tmp_path / "b.phh").write_text(_session_hand(7, (100, 150), table + "# a copy\n"))
    (tmp_path / "c.phh").write_text(_session_hand(7, (100, 150), table.replace("27", "28")))
    summary = run([str(tmp_path)], workers=0)
    assert (summary.read, [d["file"] for d in summary.duplicates]) == (2, [str(tmp_path / "b.phh")])


def test_a_sites_history_and_its_phh_copy_are_one_hand(tmp_path):
    """``--to-phh`` writes the site as ``venue`` and its id as ``hand``: read together, one hand each."""
    text = ROOT / "examples" / "hands" / "pokerstars-aludra.txt"
    hands = [h for h in read_source(Source(str(text))) if not isinstance(h, HistoryError)]
    out = tmp_path / "phh"
    out.mkdir()
    for hand in hands:
        (out / f"{hand.id}.phh").write_text(phh_write.write(hand))
    back = [h for p in sorted(out.iterdir()) for h in phh.read(p.read_text(), str(p))]
    keys = {("pokerstars", h.id) for h in hands}
    assert {sites.key(h) for h in back} == {sites.key(h) for h in hands} == keys
    shutil.copy(text, tmp_path / "stars.txt")
    summary = run([str(tmp_path / "stars.txt"), str(out)], workers=0)
    assert (summary.read, len(summary.duplicates)) == (len(hands), len(hands))


def test_content_is_the_identity_when_no_field_names_the_hand():
    a = phh.read(_session_hand(0, (100, 150)), "a.phh")
    b = phh.read(_session_hand(0, (100, 150)) + "# the same hand\n", "b.phh")
    c = phh.read(_session_hand(0, (101, 150)), "c.phh")
    (a,), (b,), (c,) = a, b, c
    assert a.identity == b.identity == c.identity == ()
    assert sites.key(a) == sites.key(b) != sites.key(c)


# --- 2. draw games: drawn cards kept, the showdown on the final hands ---------------------------------

def test_single_draw_keeps_the_drawn_cards_and_plays_the_final_hands():
    hand = one("deuce_single_draw_showdown.phh")
    ana, bo = hand.index("Ana"), hand.index("Bo")
    assert hand.cards[ana] == cards("6c4d3h2sKd") and hand.draws[ana] == ((cards("Kd"), cards("6h")),)
    assert hand.final(ana) == cards("6c4d3h2s6h") and hand.final(bo) == cards("Ah8c7d5s3c")
    priced = price(hand)
    # 2-7: a hand without a pair (A-8-7-5-3) beats a pair of sixes; the 20-chip pot is Bo's.
    assert [f.collected for f in priced.players] == [D(0), D(20), D(0)]
    assert [f.actual for f in priced.players] == [-10.0, 10.0, 0.0]
    assert priced.priced and priced.street == "predraw"


def test_triple_draw_is_read_and_its_showdown_played_on_the_final_hands():
    hand = one("deuce_triple_draw.phh")
    ana, bo = hand.index("Ana"), hand.index("Bo")
    assert (hand.game, hand.draw_rounds) == ("2-7", 3)
    assert hand.draws[ana] == ((cards("Kd"), cards("9s")), (cards("9s"), cards("2c")), ((), ()))
    assert hand.final(ana) == cards("7c5d4h3s2c") and hand.final(bo) == cards("8c6d4s2h3c")
    priced = price(hand)
    # Each put in 2 + 2 + 4 = 8; 7-5-4-3-2 beats 8-6-4-3-2: Ana takes the 16.
    assert [f.actual for f in priced.players] == [8.0, -8.0, 0.0]
    assert (priced.priced, priced.reason) == (False, "no all-in")
    assert {a.street for a in hand.actions} == {0, 1, 2, 3}


def test_a_triple_draw_all_in_is_counted_and_says_why_it_is_not_priced():
    priced = price(one("deuce_triple_draw_allin.phh"))
    assert (priced.priced, priced.reason) == (False, "triple draw")
    assert [f.actual for f in priced.players] == [4.0, -4.0, 0.0]
    assert [f.ev for f in priced.players] == [4.0, -4.0, 0.0]


def test_draws_survive_a_trip_through_phh():
    for name in ("deuce_single_draw_showdown.phh", "deuce_triple_draw.phh", "deuce_triple_draw_allin.phh",
                 "badugi_triple_draw.phh"):
        hand = one(name)
        text = phh_write.write(hand)
        (back,) = phh.read(text, "back.phh")
        assert (back.game, back.draw_rounds, back.draws, back.cards) == (
            hand.game, hand.draw_rounds, hand.draws, hand.cards), text
        assert [back.final(i) for i in range(len(back.players))] == [
            hand.final(i) for i in range(len(hand.players))]
        assert [f.actual for f in price(back).players] == [f.actual for f in price(hand).players]


def test_a_draw_dealt_face_down_and_shown_at_showdown_is_known():
    text = (HERE / "deuce_single_draw_showdown.phh").read_text().replace('"d dh p1 6h"', '"d dh p1 ??"')
    (hand,) = phh.read(text, "x.phh")
    assert hand.draws[hand.index("Ana")] == ((cards("Kd"), cards("6h")),)


def test_drawing_more_often_than_the_game_is_an_error():
    text = (HERE / "deuce_single_draw_showdown.phh").read_text().replace(
        '"p1 sm 6c4d3h2s6h",', '"p1 sd 6h",\n  "d dh p1 9d",')
    (error,) = phh.read(text, "x.phh")
    assert isinstance(error, HistoryError) and "p1 draws 2 times in a single-draw game" in str(error)


# --- 3. finishing stacks ------------------------------------------------------------------------------

def test_finishing_stacks_are_the_actual_results():
    hand = one("finishing_stacks.phh")
    assert hand.finishing == (D(99), D(88), D(113))
    priced = price(hand)  # nobody all in; Bo mucked, so only the finishing stacks give the result
    assert [f.actual for f in priced.players] == [-1.0, -12.0, 13.0]
    assert [f.collected for f in priced.players] == [D(0), D(0), D(25)]


def test_finishing_stacks_and_winnings_that_disagree_are_reported_with_the_difference():
    hand = one("finishing_disagrees.phh")
    with pytest.raises(HistoryError, match=r"finishing_stacks and winnings disagree for Cy: winnings 24, "
                                           r"but .* = 25 collected \(a difference of 1\)"):
        classify(hand)


def test_a_triple_draw_with_finishing_stacks_and_no_showdown():
    priced = price(one("badugi_triple_draw.phh"))
    assert [f.actual for f in priced.players] == [6.0, -6.0]
    assert priced.reason == "no all-in"


# --- 4. every hand counted in hands and net won -------------------------------------------------------

def test_a_folder_of_mixed_games_loses_no_chips():
    """Net won per player over every file equals the sum of finishing less starting stacks, worked out
    from the files' comments: Ana -10 + 8 + 4 - 1 = 1, Bo 10 - 8 - 4 - 12 = -14, Cy 13, Dee 6, Eve -6."""
    summary = run([str(HERE)], workers=0)
    assert summary.unreadable == 1  # finishing_disagrees.phh
    net = {name: t.net for (name, _), t in summary.players.items()}
    assert net == pytest.approx({"Ana": 1.0, "Bo": -14.0, "Cy": 13.0, "Dee": 6.0, "Eve": -6.0})
    assert summary.not_priced["triple draw"] == 1


# --- archives' own ways ------------------------------------------------------------------------------

WALK = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\n'
        'starting_stacks = [1000, 1000]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n'
        'players = ["Big", "Small"]\n')


def test_a_walk_whose_winnings_count_the_big_blinds_own_returned_bet():
    """Heads-up, p1 the big blind (10) and p2 the small blind (5), who folds: the big blind gets its 5
    unmatched back and wins the 5. An archive that writes winnings [15, 0] counts the returned 5 in them;
    one that writes [10, 0] does not: both are the same result, +5 and -5."""
    for winnings in ("[15, 0]", "[10, 0]"):
        (hand,) = phh.read(WALK + f"winnings = {winnings}\n", "walk.phh")
        priced = price(hand)
        assert [f.actual for f in priced.players] == [5.0, -5.0] and priced.hand.rake == 0, winnings
    (hand,) = phh.read(WALK + "winnings = [16, 0]\n", "walk.phh")  # one chip more than that: refused
    with pytest.raises(HistoryError, match="chips do not add up"):
        price(hand)


def test_one_path_as_a_string_is_one_path():
    from equity.histories.files import sources

    path = str(HERE / "finishing_stacks.phh")
    assert [s.path for s in sources(path)] == [path]
