"""Exact Omaha from the flop on, board by board: each completion of the board is walked once for every
deal.

:mod:`equity.games.omaha.exact` enumerates deal by deal: each deal walks every board again, to a row of
the pair tables (:class:`equity.evaluators.omaha_tables.PairTables`) that is somewhere else in a
megabyte of table each time, so a board costs cache misses that no hand repays (AsAd2s3d against a
random hand on a turn: about 150 ns a board). Here the loops are the other way round, as DESIGN.md has
the walk state shared: a completion of the board (every next card from a turn, every two from a flop,
the river itself) is walked once, its pair-table row and its flush row stay in L1, and every deal that
leaves the completion's cards in the deck is scored against it, a load per pair of hole cards. A
player whose hand is the same in every deal (a specific hand) is scored once per board.

The deals must all weigh 1 (random hands, unweighted ranges: each board of each deal counts once), so
the counts are whole numbers and the tally the one the deal-by-deal enumeration gives, to the bit; the
per-deal rows of :mod:`equity.engines.combo_counts` and weighted ranges stay deal by deal.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numba import njit, uint64

from equity.engines.parallel import run_split, using_threads
from equity.engines.protocol import Spot
from equity.engines.showdown import (
    _add_into,
    _add_outcome,
    _add_split,
    _fold_heads_up,
    _heads_up_case,
    _like,
    _row,
)
from equity.evaluators.high import _COUNTS, _MASK, _TWO
from equity.evaluators.omaha_tables import N_SUITED_PAIRS, PairTables, _walk_board, pair_tables
from equity.games.base import Game
from equity.games.omaha.montecarlo import low_arrays
from equity.tally import Tally

#: (deal, board) pairs per batch (a progress report each), about 20-40 ms on one thread.
BATCH_WORK = 4_000_000
_ONE = uint64(1)
_R = uint64(13)


class Deals(NamedTuple):
    """The deals a completion is scored for. holes: uint8 (D, P, h); used: uint64 (D,), each deal's
    cards as bits; varies: bool (P,), whether a player's hand differs between deals (else it is scored
    once per board, from deal 0); hole_low: int64 (D, P), each hand's low ranks as bits (hi-lo)."""

    holes: np.ndarray
    used: np.ndarray
    varies: np.ndarray
    hole_low: np.ndarray


@njit(inline="always")
def _value(holes, d, p, h, pv, s3, fv):
    """The Omaha class of hand ``holes[d, p]`` on a board whose rank-pair values are ``pv`` (int64 (169,),
    ``13 * a + b`` for hole ranks ``a, b``) and whose suit ``s3`` (or -1) holds three or more cards, the
    flushes of suited hole ranks ``a != b`` then ``fv`` (likewise). Unsigned offsets: no negative-index
    checks."""
    a = uint64(holes[d, p, 0]) >> _TWO
    b = uint64(holes[d, p, 1]) >> _TWO
    c = uint64(holes[d, p, 2]) >> _TWO
    e = uint64(holes[d, p, 3]) >> _TWO
    a13, b13, c13 = a * _R, b * _R, c * _R
    v = min(min(pv[a13 + b], pv[a13 + c]), min(pv[a13 + e], pv[b13 + c]), min(pv[b13 + e], pv[c13 + e]))
    if h >= 5:
        f = uint64(holes[d, p, 4]) >> _TWO
        f13 = f * _R
        v = min(v, min(pv[f13 + a], pv[f13 + b]), min(pv[f13 + c], pv[f13 + e]))
        if h == 6:
            g = uint64(holes[d, p, 5]) >> _TWO
            g13 = g * _R
            v = min(v, min(pv[g13 + a], pv[g13 + b]), min(pv[g13 + c], pv[g13 + e]), pv[g13 + f])
    if s3 >= 0:
        for i in range(h - 1):
            if np.int64(holes[d, p, i] & 3) == s3:
                ki = (uint64(holes[d, p, i]) >> _TWO) * _R
                for j in range(i + 1, h):
                    if np.int64(holes[d, p, j] & 3) == s3:
                        v = min(v, fv[ki + (uint64(holes[d, p, j]) >> _TWO)])
    return v


@njit(inline="always")
def _board_values(pt, row, w, pv, fv):
    """Fill ``pv`` and, when a suit holds three or more of the board's cards, ``fv`` (:func:`_value`) for
    a board walked to ``(row, w)``; returns that suit, or -1."""
    pair, pair_of = pt.pair, pt.pair_of
    for i in range(169):
        pv[i] = pair[row + pair_of[i]]
    s3 = pt.three_of[w >> _COUNTS]
    if s3 >= 0:
        frow = np.int64((w >> uint64(13 * s3)) & _MASK) * N_SUITED_PAIRS
        for i in range(169):
            fv[i] = pt.flush[frow + pt.suited_of[i]]
    return s3


class Scratch(NamedTuple):
    """What :func:`_board` reads and writes besides the deals, set up once per call: ``pv``, ``fv``
    int64 (169,), the board's values per hole-card pair (:func:`_board_values`); ``fixed`` int64 (P,), the
    values of the hands that do not vary; ``vals``, ``lows`` int64 (P,), one deal's values and lows;
    ``hu`` int64 (15,), the heads-up hi-lo cases."""

    pv: np.ndarray
    fv: np.ndarray
    fixed: np.ndarray
    vals: np.ndarray
    lows: np.ndarray
    hu: np.ndarray


class Scoring(NamedTuple):
    """How a deal is counted: ``split`` (hi-lo), ``lows_of``
    (:func:`equity.games.omaha.montecarlo.low_arrays`), ``want_cats`` and ``cat_of`` (the class ->
    category table)."""

    split: bool
    lows_of: Any
    want_cats: bool
    cat_of: np.ndarray


@njit(inline="always")
def _board(dl, mask, h, s3, board_low, two, sc, how, acc):
    """Score one board (``mask``: its added cards as bits) for every deal that holds none of its cards;
    returns how many did. ``h`` is passed as a constant by each caller: a hand size read at run time
    made this loop 8x slower. ``sc``: the :class:`Scratch`; ``how``: the :class:`Scoring`. ``two``:
    heads-up with the hero's hand fixed, counted in scalars, or in hi-lo into ``sc.hu``
    (:func:`~equity.engines.showdown._heads_up_case`'s 12 cases, the deals where each player made a low,
    the deals whose board allowed one)."""
    pv, fv, fixed, vals, lows, hu = sc
    split, lows_of, want_cats, cat_of = how
    low_omaha, low_possible, no_low = lows_of[2], lows_of[3], lows_of[4]
    holes, used, varies, hole_low = dl
    n_deals, n_players = holes.shape[0], holes.shape[1]
    wins, ties, cats = acc.wins, acc.ties, acc.cats
    n = 0
    if two and split:  # heads-up hi-lo, the hero's hand fixed: one of 12 cases a deal, folded at the end
        v0 = fixed[0]
        l0 = np.int64(low_omaha[hole_low[0, 0] * 256 + board_low])
        made1 = 0
        for d in range(n_deals):
            if used[d] & mask:
                continue
            v1 = fixed[1] if not varies[1] else _value(holes, d, 1, h, pv, s3, fv)
            l1 = np.int64(low_omaha[hole_low[d, 1] * 256 + board_low])
            hu[_heads_up_case(v0, v1, l0, l1, no_low)] += 1
            made1 += l1 != no_low
            n += 1
        hu[12] += n * (l0 != no_low)
        hu[13] += made1
        hu[14] += n * low_possible[board_low]
        return n
    if two:  # heads-up, the hero's hand fixed: two counters
        v0 = fixed[0]
        won = 0
        lost = 0
        for d in range(n_deals):
            if used[d] & mask:
                continue
            v1 = fixed[1] if not varies[1] else _value(holes, d, 1, h, pv, s3, fv)
            won += v0 < v1
            lost += v1 < v0
            n += 1
        wins[0] += won
        wins[1] += lost
        ties[0, 2] += n - won - lost
        ties[1, 2] += n - won - lost
        return n
    for d in range(n_deals):
        if used[d] & mask:
            continue
        n += 1
        for p in range(n_players):
            vals[p] = _value(holes, d, p, h, pv, s3, fv) if varies[p] else fixed[p]
        if split:
            for p in range(n_players):
                lows[p] = low_omaha[hole_low[d, p] * 256 + board_low]
            _add_split(vals, lows, low_possible[board_low], no_low, n_players, want_cats, cat_of, acc)
        elif want_cats:
            _add_outcome(vals, n_players, want_cats, cat_of, wins, ties, cats)
        else:  # as _add_outcome, written out: an inlined function that writes to the counts' arrays
            # (it, or one with just these lines) measured 33 ns a deal against 3.6 ns here
            best = vals[0]
            for p in range(1, n_players):
                best = min(best, vals[p])
            n_best = 0
            winner = 0
            for p in range(n_players):
                if vals[p] == best:
                    n_best += 1
                    winner = p
            if n_best == 1:
                wins[winner] += 1
            else:
                for p in range(n_players):
                    if vals[p] == best:
                        ties[p, n_best] += 1
    return n


@njit(cache=True, nogil=True)
def _completions(dl, comps, bounds, lo, hi, board, t, pt, how, tally, boards_out):
    """Every completion of the blocks ``comps[bounds[k] : bounds[k + 1]]``, ``lo <= k < hi``, of ``board``
    (uint8 (b,); ``comps`` uint8 (K, to_deal)), scored for every deal of ``dl`` (:class:`Deals`) that holds
    none of its cards, by ``how`` (a :class:`Scoring`): block ``k`` into row ``k`` of the float64
    :class:`~equity.tally.Tally` ``tally`` (the deals all weigh 1) and its (deal, board) pairs into
    ``boards_out[k, 0]`` (int64 (blocks, 1)). ``nogil``: :func:`enumeration` runs shares of a batch's
    blocks on threads."""
    split, low_bit = how.lows_of[0], how.lows_of[1]
    want_cats = how.want_cats
    holes, varies = dl.holes, dl.varies
    n_players, h = holes.shape[1], holes.shape[2]
    n_board, to_deal = board.shape[0], comps.shape[1]
    b = np.empty(5, np.uint64)
    for j in range(n_board):
        b[j] = board[j]
    pv = np.empty(169, np.int64)
    fv = np.empty(169, np.int64)
    vals = np.empty(n_players, np.int64)
    fixed = np.empty(n_players, np.int64)
    lows = np.empty(n_players, np.int64)
    two = n_players == 2 and not want_cats and not varies[0]
    hu = np.zeros(15, np.int64)
    sc = Scratch(pv, fv, fixed, vals, lows, hu)
    for blk in range(lo, hi):
        out = _row(tally, blk)
        acc = _like(out)
        for i in range(15):
            hu[i] = 0
        counted = 0
        for k in range(bounds[blk], bounds[blk + 1]):
            mask = uint64(0)
            for j in range(to_deal):
                c = comps[k, j]
                b[n_board + j] = c
                mask |= _ONE << uint64(c)
            row, w = _walk_board(b, t)
            s3 = _board_values(pt, row, w, pv, fv)
            board_low = 0
            if split:
                for j in range(5):
                    board_low |= low_bit[b[j]]
            for p in range(n_players):
                if not varies[p]:
                    fixed[p] = _value(holes, 0, p, h, pv, s3, fv)
            if h == 4:
                counted += _board(dl, mask, 4, s3, board_low, two, sc, how, acc)
            elif h == 5:
                counted += _board(dl, mask, 5, s3, board_low, two, sc, how, acc)
            else:
                counted += _board(dl, mask, 6, s3, board_low, two, sc, how, acc)
        if two and split:
            _fold_heads_up(hu[:12], hu[12:14], hu[14], acc)
        boards_out[blk, 0] = counted
        _add_into(out, 1.0, acc)


def applies(scenario: Spot, deals: Any, per_deal: bool) -> bool:
    """Whether :func:`enumeration` can run ``deals`` (a :class:`~equity.engines.exact.Plan`): from the flop
    on, every deal of weight 1, no per-deal rows."""
    return len(scenario.board) >= 3 and not per_deal and bool(np.all(deals.weight == 1.0))


def _completion_cards(live: np.ndarray, to_deal: int) -> np.ndarray:
    """uint8 (K, to_deal): every set of ``to_deal`` cards of ``live``, ascending (on the river, one empty
    set)."""
    if to_deal == 0:
        return np.zeros((1, 0), np.uint8)
    if to_deal == 1:
        return live[:, None].copy()
    i, j = np.triu_indices(len(live), 1)
    return np.stack([live[i], live[j]], axis=1)


def enumeration(scenario: Spot, game: Game, deals: Any, categories: bool):
    """The board-by-board enumeration of ``deals`` (:func:`applies`) for
    :func:`equity.engines.exact.enumerate_exact`: ``run(n_threads)`` yields ``(tally, boards, trials done,
    None)`` per batch of completions."""
    t = game.tables()
    n_players = len(scenario.players)
    board = np.array(scenario.board, np.uint8)
    holes = np.ascontiguousarray(deals.holes)
    n_deals = len(holes)
    bits = np.uint64(1) << holes.reshape(n_deals, -1).astype(np.uint64)
    lows = low_arrays(game.split)
    dl = Deals(holes, np.bitwise_or.reduce(bits, axis=1), (holes != holes[:1]).any(axis=(0, 2)),
               np.bitwise_or.reduce(lows[1][holes].astype(np.int64), axis=2) if game.split
               else np.zeros((1, 1), np.int64))
    comps = _completion_cards(np.asarray(scenario.live, np.uint8), game.board - len(board))
    pt = PairTables(*pair_tables(t))
    how = Scoring(game.split, lows, categories, game.category_table())
    per_batch = max(1, BATCH_WORK // max(1, n_deals))

    def counts(k: int) -> Tally:
        return Tally.zeros(k, n_players, game.split, np.float64)

    if not _completions.overloads:  # load (or compile) the kernel now, not inside a batch's time
        _completions(dl, comps[:0], np.zeros(1, np.int64), 0, 0, board, t, pt, how, counts(0),
                     np.zeros((0, 1), np.int64))

    def blocks(part: np.ndarray, bounds: np.ndarray, tally: Tally, boards: np.ndarray, lo: int,
               hi: int) -> None:
        """Blocks ``lo .. hi - 1`` of a batch (``part``, cut at ``bounds``)."""
        _completions(dl, part, bounds, lo, hi, board, t, pt, how, tally, boards)

    def run(n_threads: int) -> Iterator[tuple[Tally, int, int, None]]:
        with using_threads(n_threads):
            done = 0
            for lo in range(0, len(comps), per_batch):
                part = comps[lo:lo + per_batch]
                n_bins = max(1, min(len(part), 4 * n_threads))
                bounds = np.linspace(0, len(part), n_bins + 1).astype(np.int64)
                tally, boards = counts(n_bins), np.zeros((n_bins, 1), np.int64)
                run_split(functools.partial(blocks, part, bounds, tally, boards), n_bins)
                done += int(boards.sum())
                yield tally, int(boards.sum()), done, None

    return run
