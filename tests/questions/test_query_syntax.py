"""The Poker Query Language's text (issue 55): the published shapes parse to the trees they mean, a
tree written back parses to itself (hypothesis), and a query that cannot be read says where, with a
caret under the token."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from equity.errors import EquityError, QueryError
from equity.questions.query.syntax import (
    KEYWORDS,
    Binary,
    Call,
    Case,
    Name,
    Number,
    Query,
    Selector,
    Statement,
    Text,
    Unary,
    parse,
    tokens,
    unparse,
)

ISSUE = """select avg(riverEquity(hero)) as eq, count(minHandType(villain, flop, trips)) as sets
              from game='holdem', hero='AhKd', villain='QQ+,77', board='Kh7d2c'"""


def test_the_issues_example():
    (statement,) = parse(ISSUE).statements
    assert statement.selectors == (
        Selector("avg", Call("riverEquity", (Name("hero"),)), "eq"),
        Selector("count", Call("minHandType", (Name("villain"), Name("flop"), Name("trips"))), "sets"))
    assert statement.sources == (("game", "holdem"), ("hero", "AhKd"), ("villain", "QQ+,77"),
                                 ("board", "Kh7d2c"))
    assert statement.where is None


def test_statements_comments_case_and_keywords_in_any_case():
    text = """/* two questions */ SELECT Avg(equity(hero, turn)) FROM hero='AsKs', villain="*"
              WHERE handType(hero, flop) >= pair AND NOT pairedBoard(flop);
              select histogram(case when winsHi(hero) then 1 when tiesHi(hero) then 0.5 else 0 end)
              from hero='AA', villain='KK' /* trailing */ ;"""
    first, second = parse(text).statements
    assert first.selectors[0].kind == "avg" and first.sources[1] == ("villain", "*")
    assert first.where == Binary("and", Binary(">=", Call("handType", (Name("hero"), Name("flop"))),
                                               Name("pair")),
                                 Unary("not", Call("pairedBoard", (Name("flop"),))))
    assert second.selectors[0].expr == Case(
        ((Call("winsHi", (Name("hero"),)), Number(1.0)), (Call("tiesHi", (Name("hero"),)), Number(0.5))),
        Number(0.0))


@pytest.mark.parametrize(("text", "tree"), [
    ("1 + 2 * 3", Binary("+", Number(1.0), Binary("*", Number(2.0), Number(3.0)))),
    ("1 - 2 - 3", Binary("-", Binary("-", Number(1.0), Number(2.0)), Number(3.0))),
    ("-a * b", Binary("*", Unary("-", Name("a")), Name("b"))),
    ("a or b and c", Binary("or", Name("a"), Binary("and", Name("b"), Name("c")))),
    ("not a = b", Unary("not", Binary("=", Name("a"), Name("b")))),
    ("a != b", Binary("<>", Name("a"), Name("b"))),
    ("(a or b) and c", Binary("and", Binary("or", Name("a"), Name("b")), Name("c"))),
    ("f() + g(1, 'x')", Binary("+", Call("f", ()), Call("g", (Number(1.0), Text("x"))))),
])
def test_precedence_as_sql_has_it(text, tree):
    assert parse(f"select avg({text}) from hero='AA'").statements[0].selectors[0].expr == tree


@pytest.mark.parametrize(("text", "line", "column", "needle"), [
    ("select avg(x) form hero='AA'", 1, 15, "expected ',' or 'from', found 'form'"),
    ("select average(x) from hero='AA'", 1, 8, "unknown selector 'average'"),
    ("select avrg(x) from hero='AA'", 1, 8, "did you mean 'avg'?"),
    ("select avg(x)\nfrom hero='AA',\n     hero='KK'", 3, 6, "'hero' is given twice"),
    ("select avg(x) from hero=AA", 1, 25, "the quoted value of 'hero'"),
    ("select avg(x) from hero='AA", 1, 25, "a quoted value that is never closed"),
    ("select avg(x) /* from hero='AA'", 1, 15, "never closed with '*/'"),
    ("select avg(x +) from hero='AA'", 1, 15, "expected a value"),
    ("select avg(a < b < c) from hero='AA'", 1, 18, "'and' or 'or' between two comparisons"),
    ("select avg(x) from hero='AA' where", 1, 35, "found the end of the query"),
    ("select avg(x) from hero='AA' # y", 1, 30, "unexpected character '#'"),
    ("select avg(case x end) from hero='AA'", 1, 17, "'when' after 'case'"),
    ("select avg(f(x, y from hero='AA'", 1, 19, "expected ',' or ')' in the call of f, found 'from'"),
    ("select avg(f(x, y)) from hero='AA' where g(", 1, 44, "found the end of the query"),
])
def test_an_unreadable_query_says_where(text, line, column, needle):
    with pytest.raises(QueryError) as caught:
        parse(text)
    error = caught.value
    assert isinstance(error, EquityError) and needle in str(error)
    assert (error.line, error.column) == (line, column)
    shown, caret = str(error).splitlines()[-2:]
    assert shown == "  " + text.splitlines()[line - 1]  # the line, then the caret under the token
    assert caret == " " * (2 + column - 1) + "^"
    assert str(error).startswith(f"line {line}, column {column}: ")


def test_tokens_know_their_lines_and_columns():
    found = [(t.kind, t.value, t.line, t.column) for t in tokens("select\n  avg( 'a b' )")]
    assert found == [("keyword", "select", 1, 1), ("name", "avg", 2, 3), ("op", "(", 2, 6),
                     ("text", "a b", 2, 8), ("op", ")", 2, 14), ("end", "", 2, 15)]


# -- a tree written back reads as itself ------------------------------------------------------------------

names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,6}", fullmatch=True).filter(
    lambda n: n.lower() not in KEYWORDS)
leaves = st.one_of(
    st.floats(min_value=0, max_value=1e6, allow_nan=False, allow_infinity=False).map(Number),
    st.text(alphabet="AKQJT98xyz+,%@ ", max_size=8).map(Text),
    names.map(Name))


def _grow(children):
    return st.one_of(
        st.tuples(names, st.lists(children, max_size=3)).map(lambda t: Call(t[0], tuple(t[1]))),
        st.tuples(st.sampled_from(["not", "-"]), children).map(lambda t: Unary(*t)),
        st.tuples(st.sampled_from(["or", "and", "=", "<>", "<", "<=", ">", ">=", "+", "-", "*", "/"]),
                  children, children).map(lambda t: Binary(*t)),
        st.tuples(st.lists(st.tuples(children, children), min_size=1, max_size=2),
                  st.none() | children).map(lambda t: Case(tuple(t[0]), t[1])))


expressions = st.recursive(leaves, _grow, max_leaves=12)
queries = st.lists(
    st.builds(Statement,
              st.lists(st.builds(Selector, st.sampled_from(["avg", "count", "max", "min", "histogram"]),
                                 expressions, st.none() | names), min_size=1, max_size=3).map(tuple),
              st.dictionaries(names.map(str.lower), st.text(alphabet="AKQJT98shdc+,%", max_size=10),
                              min_size=1, max_size=4).map(lambda d: tuple(d.items())),
              st.none() | expressions),
    min_size=1, max_size=3).map(lambda s: Query(tuple(s)))


@settings(max_examples=300, deadline=None)
@given(queries)
def test_a_query_written_back_reads_as_itself(query):
    assert parse(unparse(query)) == query
