"""The helpers that are kept written out a second time for speed, each compared with the helper it copies
(the copies' comments give the measurements): the compiled exact figures of the small-spot front door
against :func:`equity.result.player_results`, and the showdown scoring that the hold'em Monte Carlo kernel
writes out against :func:`equity.engines.showdown._score_lanes`, which is itself checked against a plain
count."""

import ast
import inspect
import textwrap

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from equity.engines import showdown
from equity.games.holdem import montecarlo as holdem_mc
from equity.result import player_results
from equity.tally import MAX_SPLIT, Tally


@st.composite
def one_pot_counts(draw):
    """Whole one-pot counts of ``n`` players over ``total`` deals: who won alone, and k-way ties."""
    n = draw(st.integers(2, 9))
    total = draw(st.integers(1, 10**6))
    wins = np.array([draw(st.integers(0, total)) for _ in range(n)], np.float64)
    ties = np.zeros((n, MAX_SPLIT))
    for p in range(n):
        for k in range(2, n + 1):
            if draw(st.booleans()):
                ties[p, k] = draw(st.integers(0, total))
    return n, total, wins, ties


@settings(max_examples=300, deadline=None)
@given(one_pot_counts())
def test_the_compiled_exact_figures_are_player_results_to_the_bit(counts):
    n, total, wins, ties = counts
    out = np.empty(3 * n)
    showdown._exact_figures(wins, ties, float(total), out)
    tally = Tally.one_pot(wins[None], ties[None]).total()
    expected = player_results(["x"] * n, [1] * n, tally, float(total), exact=True)
    for p, player in enumerate(expected):
        assert (out[3 * p], out[3 * p + 1], out[3 * p + 2]) == (player.win, player.tie, player.equity)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 8), st.integers(1, 40), st.integers(0, 2**32 - 1), st.booleans())
def test_score_lanes_counts_as_a_plain_loop_does(n_players, lanes, seed, want_cats):
    rng = np.random.default_rng(seed)
    values = rng.integers(1, 30, size=(n_players, lanes)).astype(np.int32)  # few classes: many ties
    cat_of = (np.arange(7463) % 9).astype(np.uint8)
    wins, ties = np.zeros(n_players, np.int64), np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, 9, 3), np.int64)
    best, n_best = np.zeros(lanes, np.int32), np.zeros(lanes, np.int32)
    showdown._score_lanes(values, lanes, n_players, best, n_best, wins, ties, cats, want_cats, cat_of)
    plain_wins, plain_ties = np.zeros_like(wins), np.zeros_like(ties)
    plain_cats = np.zeros_like(cats)
    for lane in range(lanes):
        column = values[:, lane]
        winners = np.flatnonzero(column == column.min())
        for p in range(n_players):
            if want_cats:
                plain_cats[p, cat_of[column[p]], 0] += 1
            if p in winners:
                if len(winners) == 1:
                    plain_wins[p] += 1
                else:
                    plain_ties[p, len(winners)] += 1
                if want_cats:
                    plain_cats[p, cat_of[column[p]], 1 if len(winners) == 1 else 2] += 1
    assert (wins == plain_wins).all() and (ties == plain_ties).all() and (cats == plain_cats).all()
    assert (best == values.min(axis=0)).all()


def _tree(func) -> ast.FunctionDef:
    return ast.parse(textwrap.dedent(inspect.getsource(func.py_func))).body[0]


def test_the_hold_em_kernel_scores_as_score_lanes_statement_for_statement():
    body = [ast.dump(node) for node in _tree(showdown._score_lanes).body[1:]]  # without its docstring
    blocks = [[ast.dump(node) for node in n.body] for n in ast.walk(_tree(holdem_mc._chunks))
              if isinstance(getattr(n, "body", None), list)]
    found = [b for b in blocks for i in range(len(b)) if b[i:i + len(body)] == body]
    assert len(found) == 1
