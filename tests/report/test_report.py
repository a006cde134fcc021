"""Render tests on a fixed console (rich's own habit): whole screens, not substrings.

The results are built by hand, so every number on screen follows from the inputs by the documented
formatting: percentages to two decimals, the 95% interval as 1.96 standard errors.
"""

from io import StringIO

from rich.console import Console

from equity.options import RunOptions
from equity.questions.asking.spec import Spec
from equity.questions.check import Checked, Pinned
from equity.ranges import parse_range
from equity.report import equity_table as report
from equity.result import CATEGORY_KEYS, PlayerResult, Result


def render(renderable, width=100, color_system=None):
    buf = StringIO()
    Console(file=buf, width=width, color_system=color_system, force_terminal=True).print(renderable)
    return buf.getvalue()


def lines(text):
    return [line.rstrip() for line in text.rstrip("\n").split("\n")]


MC = Result("monte-carlo", 1_000_000, 7, "Th9h2c", "2d", 0.5, [
    PlayerResult("AsKs", 0.25, 0.0125, 0.25625, 0.001, 0.001, 0.0001, 1),
    PlayerResult("QQ+,AKs", 0.7375, 0.0125, 0.74375, 0.001, 0.001, 0.0001, 19),
])


def test_a_monte_carlo_result():
    assert lines(render(report.result_view(MC))) == [
        "Player      Hand                  Win %   Tie %   Equity %   ± 95% CI",
        "─────────────────────────────────────────────────────────────────────",
        "hero        AsKs                  25.00    1.25      25.62     ± 0.20",
        "villain 1   QQ+,AKs (19 combos)   73.75    1.25      74.38     ± 0.20",
        "Monte Carlo · 1,000,000 trials · seed 7 · 0.50 s · 2.0 M/s",
        "board Th 9h 2c",
        "dead 2d",
    ]


def test_an_exact_result_has_no_interval_and_counts_boards():
    exact = Result("exact", 1_712_304, None, "", "", 0.011, [
        PlayerResult("AcAd", 0.5, 0.25, 0.625, 0.0, 0.0, 0.0),
        PlayerResult("random", 0.25, 0.25, 0.375, 0.0, 0.0, 0.0, 1225),
    ])
    assert lines(render(report.result_view(exact))) == [
        "Player      Hand     Win %   Tie %   Equity %",
        "─────────────────────────────────────────────",
        "hero        AcAd     50.00   25.00      62.50",
        "villain 1   random   25.00   25.00      37.50",
        "Exact enumeration · 1,712,304 boards · 0.01 s",
    ]


def test_a_single_trial_says_there_is_no_interval():
    one = Result("monte-carlo", 1, 3, "", "", 0.001, [
        PlayerResult("AsKs", 1.0, 0.0, 1.0, None, None, None),
        PlayerResult("random", 0.0, 0.0, 0.0, None, None, None, 1225),
    ])
    assert lines(render(report.result_view(one))) == [
        "Player      Hand      Win %   Tie %   Equity %   ± 95% CI",
        "─────────────────────────────────────────────────────────",
        "hero        AsKs     100.00    0.00     100.00        n/a",
        "villain 1   random     0.00    0.00       0.00        n/a",
        "Monte Carlo · 1 trial · seed 3 · 0.00 s · 0.0 M/s",
    ]


def test_categories_table_has_made_and_won_columns_per_player():
    cats = {key: {"frequency": 0.0, "win": 0.0, "tie": 0.0} for key in CATEGORY_KEYS}
    cats["flush"] = {"frequency": 0.5, "win": 0.25, "tie": 0.0}
    cats["high_card"] = {"frequency": 0.5, "win": 0.25, "tie": 0.0}
    result = Result("exact", 4, None, "", "", 0.0, [
        PlayerResult("AsKs", 0.5, 0.0, 0.5, 0.0, 0.0, 0.0, categories=cats),
        PlayerResult("QdQc", 0.5, 0.0, 0.5, 0.0, 0.0, 0.0, categories=cats),
    ])
    text = lines(render(report.category_table(result)))
    assert text[:3] == [
        "                    hero    hero   villain 1   villain 1",
        "Category          made %   won %      made %       won %",
        "────────────────────────────────────────────────────────",
    ]
    assert text[3] == "Straight Flush      0.00    0.00        0.00        0.00"
    assert text[6] == "Flush              50.00   25.00       50.00       25.00"
    assert text[11] == "High Card          50.00   25.00       50.00       25.00"
    assert len(text) == 12


def test_cards_are_in_four_colour_deck_colours():
    styled = render(report.cards_text([51, 46, 33, 0]), color_system="standard")
    # spades in the default colour, hearts red (31), diamonds blue (34), clubs green (32)
    assert styled.startswith("\x1b[39mAs\x1b[0m \x1b[31mKh\x1b[0m \x1b[34mTd\x1b[0m \x1b[32m2c\x1b[0m")


def test_the_evaluation_report():
    assert lines(render(report.evaluation([51, 47, 43, 39, 35], 1, "Straight Flush", "Royal Flush"))) == [
        "Hand       As Ks Qs Js Ts",
        "Best hand  Royal Flush",
        "Category   Straight Flush",
        "Class      1 of 7,462 (1 is a royal flush; lower is better)",
    ]


def pinned(name, expected, tolerance):
    spec = Spec(tuple(parse_range(h) for h in ("AsKs", "QdQc")), options=RunOptions(method="exact"))
    return Pinned(name, spec, expected, tolerance)


def test_the_check_table():
    result = Result("exact", 10, None, "", "", 0.0, [
        PlayerResult("AsKs", 0.375, 0.125, 0.4375, 0.0, 0.0, 0.0),  # exact in binary, so x100 is too
        PlayerResult("QdQc", 0.5, 0.125, 0.5625, 0.0, 0.0, 0.0),
    ])
    outcomes = [Checked(pinned("pinned", [43.75, 56.25], 0.0), result),
                Checked(pinned("drifted", [44.25, 55.75], 0.1), result),
                Checked(pinned("new", None, 0.0), result)]
    assert lines(render(report.check_view(outcomes))) == [
        "Scenario / player   Expected %   Actual %      Diff   Status",
        "───────────────────────────────────────────────────────────────────",
        "pinned",
        "  hero AsKs            43.7500    43.7500   +0.0000   ok",
        "  villain 1 QdQc       56.2500    56.2500   +0.0000   ok",
        "drifted",
        "  hero AsKs            44.2500    43.7500   -0.5000   DRIFTED > 0.1",
        "  villain 1 QdQc       55.7500    56.2500   +0.5000   DRIFTED > 0.1",
        "new",
        "  hero AsKs                  -    43.7500         -   not pinned",
        "  villain 1 QdQc             -    56.2500         -   not pinned",
        "2 of 3 scenarios drifted or not pinned",
    ]
    assert lines(render(report.check_view(outcomes[:1])))[-1] == "all 1 scenario within tolerance"
    assert lines(render(report.check_view(outcomes, updated=True)))[-1] == \
        "3 scenarios run; the file now holds their equities"


def test_a_three_way_table_fits_80_columns():
    players = [PlayerResult(h, 1 / 3, 0.0, 1 / 3, 0.0005, 0.0005, 0.0, n)
               for h, n in (("AsKs", 1), ("QQ+,AKs,A5s-A2s", 34), ("random", 1035))]
    result = Result("monte-carlo", 901_120, 1, "Th9h2c", "", 0.03, players)
    text = render(report.result_view(result), width=80)
    assert max(len(line) for line in lines(text)) <= 80


def test_known_cards_show_as_cards_a_one_combo_range_as_a_range():
    """A stud or draw player's known cards (Qs: one card of seven) are cards, not 'Qs (1 combo)'; a
    range that card removal leaves one combo says so."""
    from equity.report.equity_table import hand_text

    assert hand_text("Qs", 1).plain == "Qs" and hand_text("AsKs", 1).plain == "AsKs"
    assert hand_text("AA", 1).plain == "AA (1 combo)" and hand_text("QQ+", 18).plain == "QQ+ (18 combos)"
