"""A query's meaning checked before any deal is counted (issue 55): the types of the published shapes,
and each kind of mistake said at its place: an unknown function with the closest names, a call with the
wrong arguments, a type error naming the types that met, a selector given what it cannot sum up."""

from __future__ import annotations

import pytest

from equity.errors import QueryError
from equity.questions.query.functions import FLOP_CATEGORIES, FUNCTIONS, HAND_TYPES
from equity.questions.query.syntax import parse
from equity.questions.query.types import check


def checked(text):
    return check(parse(text), text)


def test_the_published_shapes_type_check():
    (first,) = checked("select avg(riverEquity(hero)) as eq, count(minHandType(villain, flop, trips)) as "
                       "sets from game='holdem', hero='AhKd', villain='QQ+,77', board='Kh7d2c'")
    assert first.players == ("hero", "villain") and first.types == ("number", "bool")
    (second,) = checked("select histogram(handType(hero, river)), max(flopHandCategory(hero)), "
                        "avg(case when winsHi(hero) then 1 else 0 end), count(handType(hero, flop) >= pair) "
                        "from hero='AsKs', villain='*', dead='2c' "
                        "where not pairedBoard(flop) and minFlopHandCategory(villain, flopTopPair)")
    assert second.types == ("handtype", "flopcategory", "number", "bool")


def test_the_tables_hold_pqls_names():
    """Eighteen flop categories and nine hand types (ProPokerTools' lists), every function named once."""
    assert len(FLOP_CATEGORIES) == len(set(FLOP_CATEGORIES)) == 18
    assert HAND_TYPES[0] == "highcard" and HAND_TYPES[-1] == "straightflush" and len(HAND_TYPES) == 9
    for name in ("riverEquity", "fractionalRiverEquity", "winsHi", "tiesHi", "winsLo", "tiesLo", "scoops",
                 "handType", "exactHandType", "minHandType", "winningHandType", "equity", "minEquity",
                 "flopHandCategory", "nutHi", "madeLo", "nutLo", "pairedBoard", "monotoneBoard",
                 "flushingBoard", "straightBoard", "boardSuitCount", "boardInRange", "inRange", "turnCard",
                 "riverCard", "hiRating", "rateHiHand", "outsToHandType", "minOutsToHandType", "nutHiOuts",
                 "threeFlush", "fourFlush"):
        assert FUNCTIONS[name.lower()][0] == name


@pytest.mark.parametrize(("text", "needle", "token"), [
    ("select avg(riverEquty(hero)) from hero='AA'", "unknown function 'riverEquty'; did you mean "
     "'riverEquity'", "riverEquty"),
    ("select count(handType(hero, river) > 0.5) from hero='AA'", "'>' compares a hand type with a number",
     "> 0.5"),
    ("select avg(equity(hero)) from hero='AA'", "equity takes 2 arguments (a player, a street); got 1",
     "equity(hero)"),
    ("select avg(equity(hero, fourth)) from hero='AA'", "unknown name 'fourth'", "fourth"),
    ("select avg(riverEquity(villian)) from hero='AA', villain='KK'", "did you mean 'villain'?", "villian"),
    ("select avg(riverEquity(flop)) from hero='AA'", "riverEquity takes a player here; this is a street",
     "flop"),
    ("select avg(winsHi(hero)) from hero='AA'", "avg takes a number (count a true-or-false); this is true "
     "or false", "winsHi"),
    ("select count(riverEquity(hero)) from hero='AA'", "count takes true or false (avg a number)",
     "riverEquity"),
    ("select avg(riverEquity(hero)) from hero='AA' where riverEquity(hero)", "'where' takes true or false",
     "riverEquity(hero)\n"),
    ("select avg(riverEquity(hero) + winsHi(hero)) from hero='AA'", "'+' takes numbers; it meets a number "
     "and true or false", "+"),
    ("select count(turnCard() < riverCard()) from hero='AA'", "'<' orders values; a card has no order",
     "<"),
    ("select avg(case when winsHi(hero) then 1 else pair end) from hero='AA'",
     "a case's answers are of one type; these are a hand type and a number", "case"),
    ("select count(not riverEquity(hero)) from hero='AA'", "'not' takes true or false; this is a number",
     "not"),
    ("select count(inRange(hero, 7)) from hero='AA'", "inRange takes a range here; this is a number", "7"),
])
def test_a_mistake_is_said_at_its_place(text, needle, token):
    with pytest.raises(QueryError) as caught:
        checked(text)
    assert needle in str(caught.value)
    at = text.index(token.rstrip("\n")) if not token.endswith("\n") else text.rindex(token.rstrip("\n"))
    assert (caught.value.line, caught.value.column) == (1, at + 1)


def test_a_statement_may_name_no_player():
    """PQL runs a statement about the board alone (RunPQL's own example: select avg(6) from game='holdem')."""
    [info] = checked("select avg(boardSuitCount(flop)) from game='holdem', board='Kh7d2c'")
    assert info.players == () and info.types == ("number",)
