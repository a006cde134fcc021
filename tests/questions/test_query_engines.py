"""A statement that asks only what ``equity HERO vs ...`` counts runs on the equity engines
(equity/questions/query/engine_path.py); the same statement counted deal by deal by the query's own
enumeration must give the same numbers, exactly (two implementations of one answer)."""

from __future__ import annotations

import pytest

from equity.options import RunOptions
from equity.questions.query.run import run_query

EXACT = RunOptions(method="exact")


@pytest.mark.parametrize("query", [
    "select avg(riverEquity(a)), count(winsHi(a)), count(tiesHi(a)), count(scoops(b)) "
    "from a='AhKd', b='QQ+,77,AK', board='Kh7d2c'",
    "select avg(riverEquity(a)), avg(riverEquity(b)), avg(riverEquity(c)), count(tiesHi(c)), "
    "count(winsHi(b)) from a='AsKs', b='QdQc,JJ', c='*', board='Th9h2c7d'",
    "select avg(riverEquity(a)), count(scoops(a)), count(winsLo(b)), count(tiesLo(a)), count(tiesHi(b)) "
    "from game='omaha8', a='As2s3dKd', b='QhQdJcTc', board='4h7c9s'",
    "select avg(riverEquity(a)), count(winsHi(a)), count(tiesHi(b)) from game='shortdeck', a='AsKs', "
    "b='QQ+,JTs', board='Ts9s6d'",
    "select avg(riverEquity(a)), count(winsLo(a)), count(tiesLo(b)) from game='razz', a='As2d3h4c7s8d', "
    "b='2s3d5h6c9dTh'",
    "select avg(riverEquity(a)), count(scoops(a)), count(winsHi(b)), count(winsLo(a)) from game='stud8', "
    "a='As2d3h4c7s8dKh', b='2s3d5h6c9dTh'",
])
def test_the_engines_and_the_deal_by_deal_count_agree(query):
    fast = run_query(query, EXACT).statements[0]
    slow = run_query(query, EXACT, engines=False).statements[0]
    assert fast.why == "the equity engine" and slow.why == "asked"
    assert fast.deals == slow.deals
    for a, b in zip(fast.selectors, slow.selectors, strict=True):
        assert a.fraction == b.fraction and a.value == pytest.approx(b.value, abs=1e-12), (a, b)
        assert a.count == b.count


def test_a_where_or_a_weight_keeps_a_statement_off_the_engines():
    kept = run_query("select avg(riverEquity(a)) from a='AhKd', b='QQ', board='Kh7d2c' "
                     "where pairedBoard(river)")
    weighted = run_query("select avg(riverEquity(a)) from a='AhKd', b='QQ@50,JJ', board='Kh7d2c'")
    assert kept.statements[0].why != "the equity engine" and weighted.statements[0].why != "the equity engine"


@pytest.mark.parametrize(("spot", "early"), [
    pytest.param("hero='AhKd', villain='QQ+,77', board='Kh7d2c'", "handType(villain, turn) >= twopair",
                 id="flop, whole deals a block"),
    pytest.param("hero='AhKd', villain='QsQc'", "handType(hero, flop) >= pair",
                 id="preflop, a deal split into blocks", marks=pytest.mark.slow),
])
def test_where_prunes_the_branches_it_rules_out_and_counts_the_same(spot, early):
    """A 'where' of an earlier street than the selectors values the later terms only on the branches it
    keeps; written as one condition that also looks at the river it cannot prune, and the answers must be
    the same."""
    late = f"not (not ({early}) or (pairedBoard(river) and not pairedBoard(river)))"  # = early
    selectors = "avg(riverEquity(hero)), count(winsHi(villain)), histogram(handType(hero, river))"
    pruned = run_query(f"select {selectors} from {spot} where {early}", EXACT).statements[0]
    whole = run_query(f"select {selectors} from {spot} where {late}", EXACT).statements[0]
    for a, b in zip(pruned.selectors, whole.selectors, strict=True):
        assert (a.fraction, a.count, a.kept, a.histogram) == (b.fraction, b.count, b.kept, b.histogram)
