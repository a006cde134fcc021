"""Published Poker Query Language queries, run as written: ProPokerTools' own examples (its PQL overview
and RunPQL's usage text) and the figures published for them or for the spots they ask about."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import equity
from equity.errors import EquityError
from equity.options import RunOptions
from equity.questions.query.run import run_query


def first(query: str, options: RunOptions | None = None):
    return run_query(query, options).statements[0]


def test_aces_against_a_random_hand():
    """ProPokerTools' first example; AA against a random hand is 85.20% (PokerStove's published table)."""
    st = first("select avg(riverEquity(hero)) as heroEquity from game='holdem', hero='AA', villain='**'",
               RunOptions(seed=2026, trials=2_000_000))
    [eq] = st.selectors
    assert st.method == "monte-carlo" and eq.name == "heroEquity"
    assert abs(eq.value - 0.8520) < 4 * eq.se + 0.00005  # the published figure is rounded to 0.01 points


def test_aces_in_omaha_sucked_out_on_and_resucking():
    """ProPokerTools' second example runs as written ('AA**', '****', HvHequity) and means what it says:
    the share is among deals where the aces lead on the flop, and it is below the share of turns where
    the villain leads at all (a subset of them)."""
    text = ("select count(HvHequity(villain, turn) > 0.5 and winsHi(hero)) as suckAndResuck, "
            "count(HvHequity(villain, turn) > 0.5) as outdrawn "
            "from game='omahahi', hero='AA**', villain='****' where HvHequity(hero, flop) > 0.5")
    st = first(text, RunOptions(seed=7, trials=4_000))
    both, outdrawn = st.selectors
    assert both.kept == outdrawn.kept < 4_000  # the flops where the aces lead
    assert 0 < both.count <= outdrawn.count


def test_omaha_percentages_are_refused_clearly():
    """The third example ranks Omaha hands by ProPokerTools' own table, which equity does not have."""
    text = ("select count(tiesLo(hero)) as lostSomeChips from game='omaha8', hero='A2**', villain1='15%', "
            "villain2='15%' where nutLo(hero, river) and not (winsHi(hero) or tiesHi(hero))")
    with pytest.raises(EquityError, match="villain1='15%'"):
        run_query(text)


def test_stud_winning_hand_types_in_a_five_handed_race():
    """The fourth example: every deal has one winning type, so the histogram's shares sum to 1; two pair
    wins most often five-handed."""
    st = first("select histogram(winningHandType()) from game='studhi', syntax='generic', p1='*', p2='*', "
               "p3='*', p4='*', p5='*'", RunOptions(seed=3, trials=50_000))
    [hist] = st.selectors
    assert math.isclose(sum(b.share for b in hist.histogram), 1.0)
    assert max(hist.histogram, key=lambda b: b.share).label == "twopair"


def test_runpql_usage_examples():
    """RunPQL's usage text: 'select avg(riverEquity(p1)) from game='holdem', p1='AK', p2='JT'' and two
    statements at once."""
    st = first("select avg(riverEquity(p1)) from game='holdem', p1='AK', p2='JT'")
    assert st.method == "exact" and st.deals == 16 * 16 * math.comb(48, 5)
    assert st.selectors[0].value == pytest.approx(equity.calculate(["AK", "JT"]).players[0].equity, abs=1e-15)
    six, one = run_query("select avg(6) from game='holdem'; select avg(1) from game='omahahi'").statements
    assert six.selectors[0].value == 6 and one.selectors[0].value == 1


def test_a_paired_flop():
    """A flop is paired 1 - (48/51)(44/50) of the time: 17.18%."""
    st = first("select count(pairedBoard(flop)) from game='holdem'")
    assert Fraction(st.selectors[0].fraction) == 1 - Fraction(48 * 44, 51 * 50)


def test_the_issue_example_street_equity():
    """AhKd against QsQc on Kh7d2c: 301/330 on the flop, as equity's own engine counts it."""
    st = first("select avg(equity(hero, flop)) as fe, avg(riverEquity(hero)) as re from hero='AhKd', "
               "villain='QsQc', board='Kh7d2c'")
    assert [s.fraction for s in st.selectors] == ["301/330", "301/330"]


def test_the_published_flop_odds():
    """The flop odds every poker book prints, counted over every flop. A pocket pair flops a set or
    better 11.8% of the time (1 - C(48,3)/C(50,3): a card of its rank), to which PQL's categories add the
    48 flops of trips of another rank (a full house with the pair). Suited cards flop a flush 0.84%
    (C(11,3)/C(50,3)) and a four-flush 10.9% (C(11,2) * 39/C(50,3)); two unpaired cards see one of their
    ranks on the flop 32.4% (1 - C(44,3)/C(50,3))."""
    flops = math.comb(50, 3)
    st = first("select count(minFlopHandCategory(hero, flopset)) from syntax='generic', hero='RR'")
    book = 1 - Fraction(math.comb(48, 3), flops)
    assert Fraction(st.selectors[0].fraction) == book + Fraction(12 * 4, flops)
    st = first("select count(exactFlopHandCategory(hero, flopflush) "
               "or exactFlopHandCategory(hero, flopstraightflush)) as flush, "
               "count(fourFlush(hero, flop)) as draw, "
               "count(boardInRange('A**') or boardInRange('K**')) as paired from hero='AsKs'")
    flush, draw, paired = (Fraction(s.fraction) for s in st.selectors)
    assert flush == Fraction(math.comb(11, 3), flops)
    assert draw == Fraction(math.comb(11, 2) * 39, flops)
    assert paired == 1 - Fraction(math.comb(44, 3), flops)


def test_a_generated_query_with_players_named_in_capitals():
    """A query as a public script writes it for ProPokerTools' RunPQL: comments inside the select list,
    players named PLAYER_1 and PLAYER_2 (names are read in any case), Omaha 5 in the generic syntax."""
    text = ("select /* Start equity stats */avg(riverEquity(PLAYER_1)) as PLAYER_1_equity1,"
            "count(winsHi(PLAYER_1)) as PLAYER_1_winsHi1,count(tiesHi(PLAYER_1)) as PLAYER_1_tiesHi1,"
            "avg(riverEquity(PLAYER_2)) as PLAYER_2_equity1/* End equity stats */ from game='omahahi5', "
            "syntax='Generic',board='2s5sTs',PLAYER_1='4h6c5c9h9d',PLAYER_2='AsKs***'")
    for engines in (True, False):
        st = run_query(text, RunOptions(seed=1, trials=20_000), engines=engines).statements[0]
        hero, wins, ties, villain = st.selectors
        assert hero.value + villain.value == pytest.approx(1.0)
        assert wins.value <= hero.value <= wins.value + ties.value
