import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from equity.cards import RANKS, format_cards, parse_cards
from equity.classes import all_classes, class_combos, hand_class
from equity.errors import EquityError, RangeError
from equity.ranges import N_COMBOS, Range, format_range, parse_range, top_percent

ALL = [(hi, lo) for hi in range(52) for lo in range(hi)]


def combos_of(*names: str) -> set[tuple[int, int]]:
    return {c for name in names for c in class_combos(name)}


def as_set(r: Range) -> set[tuple[int, int]]:
    return {(int(hi), int(lo)) for hi, lo in r.combos}


def make_range(entries: dict[tuple[int, int], float]) -> Range:
    keys = sorted(entries)
    return Range(np.array(keys, np.uint8).reshape(-1, 2), np.array([entries[k] for k in keys]), "")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("QQ+", 18), ("22-55", 24), ("55-22", 24),
        ("random", 1326), ("xx", 1326), ("RANDOM", 1326), ("XX", 1326), ("A2s+", 48), ("KTo+", 36),
        ("K9+", 64), ("A5s-A2s", 16), ("A2s-A5s", 16), ("KTo-K7o", 48), ("A5-A2", 64), ("AhKh", 1),
        ("10h9h", 1), ("QQ+,AKs", 22), ("22+", 78), ("AKs+", 4), ("AA+", 6), ("ak", 16), ("aKS", 4),
        (" QQ+ , AKs ", 22), ("AA,AA,AsAh", 6), ("random,AA", 1326),
    ],
)
def test_combo_counts(text, count):
    assert len(parse_range(text)) == count


def test_array_layout():
    r = parse_range("K9+, QQ+@50, AhKh, 7c2d")
    assert r.combos.dtype == np.uint8 and r.combos.shape == (len(r), 2)
    assert r.weights.dtype == np.float64 and r.weights.shape == (len(r),)
    assert np.all(r.combos[:, 0] > r.combos[:, 1])
    keys = r.combos[:, 0].astype(int) * 52 + r.combos[:, 1]
    assert np.all(np.diff(keys) > 0)
    assert np.all((r.weights > 0) & (r.weights <= 1))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("KAs", "AKs"), ("KhAh", "AhKh"), ("10h9h", "Th9h"), ("QQ+", "AA,KK,QQ"), ("22-55", "55-22"),
        ("A2s+", "A2s-AKs"), ("KTo+", "KTo,KJo,KQo"), ("K9+", "K9s+,K9o+"), ("AK", "AKs,AKo"),
        ("xx", "random"), ("A5s-A2s", "A2s,A3s,A4s,A5s"), ("AKs", "AsKs,AhKh,AdKd,AcKc"), ("T9", "9T"),
        ("As Kh", "AsKh"), ("A♠K♥", "AsKh"), ("A♤ K♡, Q♣Q♢@50", "AsKh,QcQd@50"), ("Q♥️Q♦️", "QhQd"),
        ("As Ks @ 50", "AsKs@50"),
    ],
)
def test_equivalent_spellings(a, b):
    assert parse_range(a).same_as(parse_range(b))


def test_exact_classes():
    assert as_set(parse_range("AKs")) == {(4 * 12 + s, 4 * 11 + s) for s in range(4)}
    assert all(hand_class(c) == "AKo" for c in parse_range("AKo").combos)
    assert {hand_class(c) for c in parse_range("K9+").combos} == {
        f"K{r}{s}" for r in "9TJQ" for s in "so"
    }
    assert as_set(parse_range("KTo-K7o")) == combos_of("KTo", "K9o", "K8o", "K7o")


def test_later_weight_wins():
    r = parse_range("QQ+,KK@50")
    weight = {hand_class(c): w for c, w in zip(r.combos, r.weights.tolist(), strict=True)}
    assert weight == {"AA": 1.0, "KK": 0.5, "QQ": 1.0}
    assert parse_range("KK@50,QQ+").weights.tolist() == [1.0] * 18


@pytest.mark.parametrize(("w", "weight"), [("50", 0.5), ("12.5", 0.125), ("100", 1.0), (".5", 0.005),
                                           ("30", 0.3), ("0.1", 0.001)])
def test_weights(w, weight):
    assert parse_range(f"AKs@{w}").weights.tolist() == [weight] * 4


def test_text_is_whitespace_free_input():
    assert parse_range(" QQ+ ,  aks@50 ").text == "QQ+,aks@50"


def test_random_and_hand():
    assert parse_range("random").is_random()
    assert parse_range("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32").is_random()
    assert not parse_range("random@50").is_random()
    assert not parse_range("random").without([0]).is_random()
    assert parse_range("AhKh").is_hand() and parse_range("AhKh@50").is_hand()
    assert not parse_range("AA").is_hand()


def test_card_removal():
    aa = parse_range("AA")
    assert len(aa.without([parse_cards("As")[0]])) == 3
    assert len(aa.without("As")) == 3
    ak = parse_range("AK").without(parse_cards("As Kd"))
    assert len(ak) == 9
    assert all(51 not in c and 45 not in c for c in ak.combos.tolist())
    emptied = parse_range("AhKh").without("Kh")
    assert len(emptied) == 0 and emptied.combos.shape == (0, 2) and emptied.text == "AhKh"
    assert len(parse_range("random").without(parse_cards("AsKd"))) == 1326 - 2 * 51 + 1


@given(st.sampled_from(["AA@50,KK", "random", "QQ+,AKs,A5s-A2s@25", "T9s", "22+,AKo@75"]),
       st.lists(st.integers(0, 51), max_size=8), st.sampled_from([None, range(16), range(0, 52, 4)]))
@settings(max_examples=60, deadline=None)
def test_removal_matches_a_range_checked_afresh(text, cards, run):
    """``without`` takes its subset unchecked: it must equal a Range built (and checked) from the combos
    that use none of the cards, and be read-only; removing nothing gives the range itself."""
    r = parse_range(text)
    dead = set(cards) | set(run or ())
    got = r.without(run) if run is not None and not cards else r.without(sorted(dead))
    keep = [not (set(c) & dead) for c in r.combos.tolist()]
    want = Range(r.combos[keep], r.weights[keep], r.text)
    assert got.same_as(want) and got.text == want.text and got.combos.dtype == np.uint8
    assert not got.combos.flags.writeable and not got.weights.flags.writeable
    assert (got is r) == all(keep)


def test_removal_keeps_weights():
    r = parse_range("AA@50,KK").without("Ac")
    assert sorted(r.weights.tolist()) == [0.5, 0.5, 0.5] + [1.0] * 6


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("AKx", "'AKx' is not a hand class: expected a suffix s (suited) or o (offsuit), e.g. AKs"),
        ("AKs+-", "'AKs+-'"),
        ("QQ++", "'QQ++'"),
        ("A", "'A' is not a hand"),
        ("AKsx", "'AKsx'"),
        ("AXs", "'AXs' has unknown rank 'X'"),
        ("ZZ", "unknown rank 'Z'"),
        ("1K", "unknown rank '1'"),
        ("AAs", "'AAs': a pair is neither suited nor offsuit"),
        ("AAo", "a pair is neither suited nor offsuit"),
        ("22s-55s", "a pair is neither suited nor offsuit"),
        ("A5s-K2s", "'A5s-K2s' is not a span: a span runs between hands with the same first rank and suffix"),
        ("A5s-A2o", "'A5s-A2o' is not a span"),
        ("AA-AK", "'AA-AK' is not a span"),
        ("AhAh", "'AhAh' names Ah twice"),
        ("AhKx", "'AhKx' is not a combo: unknown suit 'x'"),
        ("AhKhQh", "'AhKhQh' is not a combo"),
        ("As", "'As' is not a combo"),
        ("AK@0", "'AK@0' has weight '0'"),
        ("AK@150", "'AK@150' has weight '150'"),
        ("AK@abc", "'AK@abc' has weight 'abc'"),
        ("AK@", "'AK@' has weight ''"),
        ("AK@50@50", "'AK@50@50'"),
        ("AK@1e2", "'AK@1e2'"),
        ("AK@nan", "'AK@nan'"),
        ("@50", "'@50' is not a hand"),
        ("0%", "'0%' is not a top percentage"),
        ("150%", "'150%' is not a top percentage"),
        ("x%", "'x%'"),
        ("15%%", "'15%%'"),
        ("random2", "'random2'"),
        ("AA KK", "'AA KK' contains a space"),
        ("As Ks Qs", "'As Ks Qs' contains a space"),
        ("A♠K♥Q♦", "'A♠K♥Q♦' is not a combo"),
        ("A♠K♪", "'A♠K♪' is not a combo: unknown suit '♪'"),
        ("AA,,KK", "range element 2 of 'AA,,KK' is empty"),
        ("AA,", "range element 2 of 'AA,' is empty"),
        (",AA", "range element 1 of ',AA' is empty"),
        ("", "the range is empty"),
        ("  ", "the range is empty"),
    ],
)
def test_malformed_elements_are_named(text, needle):
    with pytest.raises(RangeError) as info:
        parse_range(text)
    assert needle in str(info.value)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, EquityError) and isinstance(info.value, ValueError)


def test_classes_partition_all_combos():
    classes = all_classes()
    assert len(classes) == len(set(classes)) == 169
    combos = [c for name in classes for c in class_combos(name)]
    assert sorted(combos) == ALL and len(ALL) == N_COMBOS
    assert all(hand_class(c) == name for name in classes for c in class_combos(name))
    assert [len(class_combos(n)) for n in ("AA", "AKs", "AKo", "AK")] == [6, 4, 12, 16]


@pytest.mark.parametrize("name", ["AKs+", "AAs", "A", "AKx", "AhKh"])
def test_class_combos_rejects_non_classes(name):
    with pytest.raises(RangeError, match=name.replace("+", r"\+")):
        class_combos(name)


def test_top_percent_rounds_to_nearest_class_boundary():
    ranked = all_classes()  # AA(6) AKs(4) AKo(12) AQs(4) AQo(12) ...
    assert top_percent(0.01, ranked) == ["AA"]  # always at least one class
    assert top_percent(100 * 8.01 / 1326, ranked) == ["AA"] + ["AKs"]  # 6 + 4/2 <= 8
    assert top_percent(100 * 7.9 / 1326, ranked) == ["AA"]
    assert top_percent(100 * 16.01 / 1326, ranked) == ["AA", "AKs", "AKo"]  # 10 + 12/2 <= 16
    assert top_percent(100 * 15.9 / 1326, ranked) == ["AA", "AKs"]
    assert top_percent(100, ranked) == ranked
    for percent in (0.5, 2.5, 10, 15, 33.3, 50, 99):
        taken = sum(len(class_combos(n)) for n in top_percent(percent, ranked))
        assert abs(taken - percent * 13.26) <= 6


@pytest.mark.parametrize("percent", [0, -1, 100.5, float("nan")])
def test_top_percent_range(percent):
    with pytest.raises(RangeError, match="out of range"):
        top_percent(percent, all_classes())


def test_top_percent_element():
    from equity import parse_range as parse_holdem_range
    from equity.games.holdem.preflop import ranked_classes

    ranked = ranked_classes()
    r = parse_holdem_range("15%")
    assert as_set(r) == combos_of(*top_percent(15, ranked))
    assert abs(len(r) - 0.15 * 1326) <= 6
    assert combos_of("AA") <= as_set(r)
    assert parse_holdem_range("100%").is_random()
    assert parse_holdem_range("15%@50").weights.tolist() == [0.5] * len(r)
    assert r.same_as(parse_range("15%", ranked_classes))  # the ranking hold'em hands down


def test_top_percent_element_uses_the_ranking_handed_in():
    assert as_set(parse_range("1%", all_classes)) == combos_of("AA", "AKs")
    assert parse_range("2.5%", all_classes).same_as(parse_range(",".join(top_percent(2.5, all_classes()))))
    assert parse_range("100%", all_classes).is_random()


def test_a_top_percentage_without_a_ranking_is_refused():
    """The vocabulary floor has no ranking of its own: the game hands it one (hold'em's preflop table)."""
    with pytest.raises(RangeError, match=r"'15%' is a top percentage, which needs a game's ranking"):
        parse_range("15%")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("random", "random"), ("xx", "random"), ("AA@50,random@10", "random@10"),
        ("QQ+", "QQ+"), ("AA", "AA"), ("22-55", "55-22"),
        ("AKs", "AKs"), ("A2s+", "A2s+"), ("AK", "AK"), ("K9+", "K9+"), ("KTo-K7o", "KTo-K7o"),
        ("A2s+,AKo", "A2s+,AKo"), ("AKs,AKo", "AK"), ("QQ+,KK@50", "AA,QQ,KK@50"),
        ("AhKh,Th9h", "AhKh,Th9h"), ("AKs@12.5", "AKs@12.5"), ("AKs@30", "AKs@30"),
        ("22,33,44,66", "66,44-22"), ("AA,KK@50,QQ@25", "AA,KK@50,QQ@25"),
        ("A5s-A2s,A9s-A7s,KK", "KK,A9s-A7s,A5s-A2s"), ("AsAh,AsAd", "AsAh,AsAd"),
    ],
)
def test_canonical_format(text, canonical):
    r = parse_range(text)
    assert format_range(r.combos, r.weights) == canonical
    assert parse_range(canonical).same_as(r)


def test_format_empty_and_bad_input():
    assert format_range(np.zeros((0, 2), np.uint8), []) == ""
    with pytest.raises(RangeError, match="distinct"):
        format_range([(51, 50), (50, 51)], [1, 1])
    with pytest.raises(RangeError, match="distinct"):
        format_range([(5, 5)], [1])
    with pytest.raises(RangeError, match="weights"):
        format_range([(51, 50)], [0])
    with pytest.raises(RangeError, match="weights"):
        format_range([(51, 50)], [1, 1])


WEIGHTS = st.sampled_from([1.0, 0.5, 0.25, 0.125, 0.3])


@st.composite
def weighted_combos(draw, weights=WEIGHTS):
    """Whole classes (so the compact forms appear) overlaid with single combos, each with a weight."""
    entries = {}
    for name in draw(st.lists(st.sampled_from(all_classes()), max_size=40)):
        entries.update(dict.fromkeys(class_combos(name), draw(weights)))
    for combo in draw(st.lists(st.sampled_from(ALL), max_size=40)):
        entries[combo] = draw(weights)
    return entries


def assert_round_trips(entries):
    r = make_range(entries)
    text = format_range(r.combos, r.weights)
    if not entries:
        assert text == ""
        return
    back = parse_range(text)
    assert back.same_as(r), text
    assert format_range(back.combos, back.weights) == text


@given(weighted_combos())
def test_format_parse_round_trip(entries):
    assert_round_trips(entries)


@given(weighted_combos(st.floats(min_value=0, max_value=1, exclude_min=True)))
def test_any_weight_round_trips_exactly(entries):
    assert_round_trips(entries)


@settings(max_examples=40)
@given(st.sets(st.sampled_from(ALL), max_size=126), WEIGHTS)
def test_large_ranges_round_trip(dropped, weight):
    assert_round_trips(dict.fromkeys([c for c in ALL if c not in dropped], weight))


RANK = st.sampled_from(RANKS)
SUFFIX = st.sampled_from(["", "s", "o"])


def rank_pair(distinct: bool):
    return st.tuples(RANK, RANK).filter(lambda p: (p[0] != p[1]) == distinct)


ELEMENT = st.one_of(
    st.sampled_from(["random", "xx", "XX"]),
    RANK.map(lambda r: r + r),
    RANK.map(lambda r: r + r + "+"),
    rank_pair(False).map(lambda p: p[0] * 2),
    st.tuples(RANK, RANK).map(lambda p: f"{p[0] * 2}-{p[1] * 2}"),
    st.tuples(rank_pair(True), SUFFIX, st.sampled_from(["", "+"])).map(lambda t: "".join(t[0]) + t[1] + t[2]),
    st.tuples(st.integers(1, 12), st.integers(0, 11), st.integers(0, 11), SUFFIX)
    .filter(lambda t: t[1] < t[0] and t[2] < t[0])
    .map(lambda t: f"{RANKS[t[0]]}{RANKS[t[1]]}{t[3]}-{RANKS[t[0]]}{RANKS[t[2]]}{t[3]}"),
    st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True).map(format_cards),
)
WEIGHT_TEXT = st.sampled_from(["", "", "@50", "@25", "@12.5", "@100", "@30", "@33.3", "@0.1"])


@given(st.lists(st.tuples(ELEMENT, WEIGHT_TEXT, st.booleans()).map(
    lambda t: (t[0] + t[1]).lower() if t[2] else t[0] + t[1]), min_size=1, max_size=8))
def test_parse_format_parse(elements):
    r = parse_range(", ".join(elements))
    text = format_range(r.combos, r.weights)
    assert parse_range(text).same_as(r), text


@pytest.mark.parametrize(("combos", "weights", "needle"), [
    ([[51, 60]], [1.0], "card ids 51 >= hi > lo >= 0"),
    ([[47, 51]], [1.0], "card ids 51 >= hi > lo >= 0"),
    ([[51, 51]], [1.0], "card ids 51 >= hi > lo >= 0"),
    ([[51, -1]], [1.0], "card ids 51 >= hi > lo >= 0"),
    ([[51, 47], [51, 47]], [1.0, 1.0], "unique and sorted"),
    ([[51, 47], [50, 46]], [1.0, 1.0], "unique and sorted"),
    ([[51, 47]], [0.0], "weights must be in (0, 1]"),
    ([[51, 47]], [1.5], "weights must be in (0, 1]"),
    ([[51, 47]], [float("nan")], "weights must be in (0, 1]"),
    ([[51, 47]], [1.0, 1.0], "1 combos need 1 weights"),
    ([51, 47], [1.0], "shape (n, 2)"),
])
def test_a_hand_built_range_is_checked(combos, weights, needle):
    with pytest.raises(RangeError, match=re.escape(needle)):
        Range(np.array(combos), np.array(weights), "hand-built")


def test_a_range_cannot_be_changed_after_it_is_checked():
    r = parse_range("AKs")
    with pytest.raises(ValueError, match="read-only"):
        r.combos[0, 0] = 0
    with pytest.raises(ValueError, match="read-only"):
        r.weights[0] = 5.0
    assert len(Range(np.zeros((0, 2), np.uint8), np.zeros(0), "")) == 0  # empty is allowed (card removal)
