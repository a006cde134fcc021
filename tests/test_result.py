"""equity.result.exact_figures: one player's exact win, tie and equity from whole counts, the figures every
exact one-pot result is given (player_results, the flops' rows and means), against exact fractions."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from equity.result import exact_figures


@st.composite
def whole_counts(draw):
    """A player's whole counts over ``total`` deals at a table of ``n``: pots won alone, and k-way ties."""
    n = draw(st.integers(2, 9))
    total = draw(st.integers(1, 10**9))
    wins = draw(st.integers(0, total))
    ties = [0, 0, *(draw(st.integers(0, total - wins)) for _ in range(2, n + 1))]
    return wins, ties, total


@settings(max_examples=300, deadline=None)
@given(whole_counts(), st.booleans())
def test_each_figure_is_its_exact_fraction_rounded_once(counts, as_floats):
    wins, ties, total = counts
    args = (float(wins), [float(t) for t in ties], float(total)) if as_floats else (wins, ties, total)
    win, tie, equity = exact_figures(*args)
    assert win == float(Fraction(wins, total))
    assert tie == float(Fraction(sum(ties), total))
    assert equity == float((wins + sum(Fraction(t, k) for k, t in enumerate(ties) if k >= 2)) / total)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 10**12), st.data())
def test_two_way_figures_are_what_the_flops_wrote(total, data):
    """Regression pin: equity flops formed a side's figures as ``(2 * wins + ties) / (2 * total)``."""
    wins = data.draw(st.integers(0, total))
    ties = data.draw(st.integers(0, total - wins))
    assert exact_figures(wins, (0, 0, ties), total) == (wins / total, ties / total,
                                                        (2 * wins + ties) / (2 * total))
