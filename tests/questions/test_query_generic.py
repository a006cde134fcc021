"""ProPokerTools' generic range syntax (equity/questions/query/generic.py): the published shapes hold the
hands counted in closed form, hold'em and small decks hold exactly what a brute-force matcher finds (a
second implementation: every hand, every ordering of its cards against the pattern), the combinators
and weights combine as documented, and each malformed range says which character is wrong."""

from __future__ import annotations

import math
import random
from itertools import combinations, permutations

import numpy as np
import pytest

from equity.cards import RANKS, SUITS
from equity.errors import RangeError
from equity.questions.query import generic_match
from equity.questions.query.generic import is_generic_only, parse_generic
from equity.ranges import combo_keys

SUIT_VARIABLES = "wxyz"


def brute_pattern(text: str) -> list[tuple[str, str]]:
    """A basic pattern (ranks, ``*``, rank variables, suits, suit variables; no lists) as (rank, suit)
    tokens, ``'*'`` for a rank left open and ``''`` for a suit left open."""
    cards: list[tuple[str, str]] = []
    for i, ch in enumerate(text):
        if ch in SUITS or ch in SUIT_VARIABLES:
            if i and (text[i - 1] not in SUITS + SUIT_VARIABLES) and cards[-1][1] == "":
                cards[-1] = (cards[-1][0], ch)
            else:
                cards.append(("*", ch))
        else:
            cards.append((ch, ""))
    return cards


def brute_matches(pattern: list[tuple[str, str]], hand: tuple[int, ...]) -> bool:
    """Whether some ordering of distinct cards of ``hand`` meets ``pattern`` card by card."""
    written_ranks = {RANKS.index(r) for r, _ in pattern if r in RANKS}
    written_suits = {SUITS.index(s) for _, s in pattern if s and s in SUITS}
    for cards in permutations(hand, len(pattern)):
        ranks, suits = {}, {}
        ok = True
        for (r, s), card in zip(pattern, cards, strict=True):
            rank, suit = card >> 2, card & 3
            if r in RANKS:
                ok = ok and rank == RANKS.index(r)
            elif r != "*":
                ok = ok and rank not in written_ranks and ranks.setdefault(r, rank) == rank
            if s and s in SUITS:
                ok = ok and suit == SUITS.index(s)
            elif s:
                ok = ok and suit not in written_suits and suits.setdefault(s, suit) == suit
        if ok and len(set(ranks.values())) == len(ranks) and len(set(suits.values())) == len(suits):
            return True
    return False


def brute(text: str, hole: int, low_card: int = 0) -> set[tuple[int, ...]]:
    pattern = brute_pattern(text)
    return {hand for hand in combinations(range(51, low_card - 1, -1), hole) if brute_matches(pattern, hand)}


def hands(text: str, hole: int, low_card: int = 0) -> set[tuple[int, ...]]:
    return set(map(tuple, parse_generic(text, hole, low_card).combos.tolist()))


@pytest.mark.parametrize(("text", "hole", "low_card", "count"), [
    ("AxKx", 2, 0, 4), ("AxKy", 2, 0, 12), ("AsKx", 2, 0, 3), ("AK", 2, 0, 16), ("AA", 2, 0, 6),
    ("RR", 2, 0, 78), ("XX", 2, 0, 78), ("RO", 2, 0, 1326 - 78), ("A", 2, 0, 1326 - math.comb(48, 2)),
    ("A*", 2, 0, 198), ("xx", 2, 0, 4 * math.comb(13, 2)), ("xy", 2, 0, 1326 - 312), ("TT+", 2, 0, 30),
    ("[A-T][A-T]", 2, 0, math.comb(20, 2)), ("[T-A]x[A,K,Q,J,T]x", 2, 0, 4 * math.comb(5, 2)),
    ("[AK]s", 2, 0, 101), ("[sh][sh]", 2, 0, math.comb(26, 2)), ("[As,Kh]*", 2, 0, 101),
    ("[AsKh][AsKh]", 2, 0, 1), ("T+", 2, 0, 1326 - math.comb(32, 2)), ("*", 2, 0, 1326), ("**", 2, 0, 1326),
    ("*", 2, 16, math.comb(36, 2)), ("RR", 2, 16, 9 * 6), ("A", 2, 16, 630 - math.comb(32, 2)),
    ("22", 2, 16, 0),
    ("AA", 4, 0, 6961), ("JJ!JJJ", 4, 0, 6 * math.comb(48, 2)), ("AA:xxyy", 4, 0, 864), ("AxAyxy", 4, 0, 864),
    ("xxyy", 4, 0, 6 * math.comb(13, 2) ** 2), ("sshh", 4, 0, math.comb(13, 2) ** 2), ("wxyz", 4, 0, 13 ** 4),
    ("wxy", 4, 0, 270725 - 4 * math.comb(13, 4) - 6 * (math.comb(26, 4) - 2 * math.comb(13, 4))),
    ("RROO", 4, 0, math.comb(13, 2) * 36), ("RRON", 4, 0, 13 * 6 * math.comb(12, 2) * 16),
    ("RxRyOxOy", 4, 0, math.comb(13, 2) * 6), ("AARR", 4, 0, 6 * 12 * 6), ("ssxx", 4, 0, 78 * 3 * 78),
    ("AsKhJd2c", 4, 0, 1), ("AAKK", 4, 0, 36), ("AAAA", 4, 0, 1), ("*", 4, 0, 270725),
    ("(AA,KK):xxyy", 4, 0, 864 + 864 - 6), ("AA,KK:xxyy", 4, 0, 6961 + 864 - 6),
    ("AA", 5, 0, 6 * math.comb(48, 3) + 4 * math.comb(48, 2) + 48),
    ("AA", 6, 0, 6 * math.comb(48, 4) + 4 * math.comb(48, 3) + math.comb(48, 2)), ("AAKKQQ", 6, 0, 216),
    ("AAKK", 6, 0, 36 * math.comb(44, 2) + 2 * 4 * 6 * 44 + 2 * 6 + 4 * 4),
    ("AxKxQxJx", 6, 0, 4 * math.comb(48, 2)), ("ssssss", 6, 0, math.comb(13, 6)),
])
def test_counts_in_closed_form(text, hole, low_card, count):
    if count == 0:
        with pytest.raises(RangeError, match="matches no"):
            parse_generic(text, hole, low_card)
        return
    assert len(parse_generic(text, hole, low_card)) == count


HOLDEM = ["AxKx", "AxKy", "AsKx", "AK", "AA", "RR", "RO", "A", "A*", "xx", "xy", "Ax", "As", "s", "sx",
          "xs", "Rx", "RxRy", "RxOx", "Ts9x", "Rs", "Rsx", "**", "*", "KQ", "Kw", "wx", "ww", "Kxx", "Q*"]


@pytest.mark.parametrize("text", HOLDEM)
def test_holdem_matches_brute_force(text):
    assert hands(text, 2) == brute(text, 2)


def test_random_holdem_patterns_match_brute_force():
    pick = random.Random(55)
    alphabet = list("AKT2") + ["*", "R", "O"]
    for _ in range(40):
        text = "".join(pick.choice(alphabet) + pick.choice(["", "", "s", "h", "x", "y"])
                       for _ in range(pick.randint(1, 2)))
        expected = brute(text, 2)
        if expected:
            assert hands(text, 2) == expected, text
        else:
            with pytest.raises(RangeError, match="matches no"):
                parse_generic(text, 2)


@pytest.mark.parametrize(("text", "hole"), [
    ("AA", 4), ("AxAyxy", 4), ("xxyy", 4), ("RROO", 4), ("RRON", 4), ("AARR", 4), ("ssxx", 4), ("wxy", 4),
    ("RxRyOxOy", 4), ("KxQ", 4), ("Rxxx", 4), ("AKx", 5), ("RRx", 5),
])
def test_small_deck_omaha_matches_brute_force(text, hole):
    low_card = 36 if hole == 4 else 40  # ranks J-A (16 cards) or Q-A (12): every hand tried quickly
    assert hands(text, hole, low_card) == brute(text, hole, low_card)


def test_every_row_searched_gives_the_same_hands(monkeypatch):
    """Rows are searched once per kind (generic_match._kinds); searching each row finds the same hands."""
    patterns = [("RxRyOxOy", 4), ("wxy", 4), ("AxAyxy", 4), ("RRON", 4), ("[A-T]x[A-T]xR", 4), ("ssxx", 4)]
    grouped = [hands(text, hole, 32) for text, hole in patterns]
    monkeypatch.setattr(generic_match, "_kinds", lambda rows, specs: None)
    parse_generic.cache_clear()
    try:
        assert [hands(text, hole, 32) for text, hole in patterns] == grouped
    finally:
        parse_generic.cache_clear()


def test_combinators():
    aces, ds, jacks = hands("AA", 4), hands("xxyy", 4), hands("JJ", 4)
    assert hands("AA:xxyy", 4) == aces & ds
    assert hands("JJ!JJJ", 4) == jacks - hands("JJJ", 4)
    assert hands("AA:xxyy, JJ!JJJ, KK", 4) == (aces & ds) | (jacks - hands("JJJ", 4)) | hands("KK", 4)
    assert hands("AA!AAA:xxyy", 4) == (aces - hands("AAA", 4)) & ds  # left to right
    assert hands("AA,KK:xxyy", 4) == aces | (hands("KK", 4) & ds)
    assert hands("!A", 2) == hands("*", 2) - hands("A", 2)
    assert hands("xx:yy", 2) == hands("xx", 2) and hands("(AxKx,QxJx)", 2) == hands("AxKx,QxJx", 2)
    assert hands("[AK]", 2) == hands("A,K", 2) and hands("TT+", 2) == hands("TT,JJ,QQ,KK,AA", 2)


def test_layout_weights_and_text():
    r = parse_generic(" AxKx @ 25 , AsKs, QQ@50 ", 2)
    assert r.text == "AxKx@25,AsKs,QQ@50" and r.hole == 2 and len(r) == 10
    weights = dict(zip(map(tuple, r.combos.tolist()), r.weights.tolist(), strict=True))
    assert weights[(51, 47)] == 1.0 and weights[(50, 46)] == 0.25 and weights[(43, 42)] == 0.5
    omaha = parse_generic("AA:xxyy, KK@50", 4)
    for got in (r, omaha):
        assert np.all(np.diff(got.combos.astype(int), axis=1) < 0) and got.combos.dtype == np.uint8
        assert np.all(np.diff(combo_keys(got.combos)) > 0)
    assert parse_generic("AA@50, AsAh", 2).weights.tolist() == [0.5] * 5 + [1.0]


@pytest.mark.parametrize(("text", "hole", "message"), [
    ("AQz?", 2, "'?' at position 4"),
    ("[A-", 2, "'[' at position 1: this '[' is never closed"),
    ("[A-]", 2, "'-' at position 3: the span 'A-' needs a rank"),
    ("(AA,KK", 4, "'(' at position 1: this '(' is never closed"),
    ("AA)", 4, "')' at position 3: ')' closes no '('"),
    ("15%", 2, "percentages are not part of the generic syntax"),
    ("", 2, "empty"), ("AA,", 2, "at the end: expected a hand pattern"),
    ("ak", 2, "'a' at position 1: lower-case letters are suits"),
    ("AA-TT", 2, "'-' at position 3: rank spans go inside brackets"),
    ("10s", 2, "'1' at position 1: write ten as T"), ("$ds", 4, "'$' at position 1: syntax macros"),
    ("AK+", 2, "'+' at position 3: a trailing '+'"), ("[Ash]", 2, "mixes suits and cards"),
    ("AA@0", 4, "weight '0'"), ("(AA@50)", 4, "'@' at position 4: a weight @W goes after a whole element"),
    ("AAKKQ", 4, "names 5 cards; a hand has 4"), ("AAAAA", 5, "matches no 5-card hand"),
    ("*", 6, "20,358,520"), ("A", 6, "more than the 3,000,000"),
])
def test_errors_name_the_character(text, hole, message):
    with pytest.raises(RangeError, match="generic range" if text else "empty") as error:
        parse_generic(text, hole)
    assert message in str(error.value)


def test_bad_arguments():
    with pytest.raises(RangeError, match="not 8"):
        parse_generic("AA", 8)
    with pytest.raises(RangeError, match="lowest card"):
        parse_generic("AA", 2, 51)


@pytest.mark.parametrize(("text", "generic"), [
    ("AxKx", True), ("RR", True), ("AA:xxyy", True), ("*", True), ("[A-T]s", True), ("JJ!JJJ", True),
    ("sshh", True), ("wxy", True), ("(AA)", True), ("QQ+, AKs", False), ("AKo", False), ("xx", False),
    ("random", False), ("15%", False), ("AhKh", False), ("AA@50, 55-22", False),
])
def test_is_generic_only(text, generic):
    assert is_generic_only(text) is generic
