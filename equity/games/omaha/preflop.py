"""Exact Omaha before the flop, by rank: the boards counted by their ranks wherever the suits cannot
matter, as hold'em's enumeration counts them (:mod:`equity.games.holdem.exact_kernels`).

An Omaha hand is two hole cards and three board cards, so a flush needs three board cards of one suit
and two hole cards of it. A board without three cards of a suit some player holds two of is therefore
worth, to every player, what its ranks are worth: the pair tables' row of its rank multiset
(:class:`equity.evaluators.omaha_tables.PairTables`). The enumeration lists the rank multisets of the
cards to come (at most 6,188 of five ranks), walks the rank DAG to each,
scores every hand once on that row, and counts the outcome as many times as there are boards with those
ranks::

    boards(M) = prod over the ranks r of M:  C(live cards of rank r, times r is in M)

less the boards where a suit ``s`` that some hand can flush in gets three or more cards. Those are
scored apart: for each such suit, each set ``F`` of three or more of the multiset's ranks whose ``s`` card
comes (at most one suit can have three of five cards), the flush row of the mask ``F`` lowers the hands
holding two of ``s``, and the outcome counts::

    boards(M, s, F) = prod over r in F: C(live cards of rank r but the s one, times r is in M, less 1)
                    * prod over r not in F: C(live cards of rank r but the s one, times r is in M)

Omaha AsAhKsKh against JdTd9c8c: 6,175 multisets and some 80,000 flush sets in place of 1,086,008
boards. A low (hi-lo) is ranks only, so it is read once per multiset.

The counts are whole numbers, each board counted once: the tally is the one every board scored one by
one gives, to the bit (``tests/games/test_omaha_preflop.py`` checks it against
:mod:`equity.games.omaha.exact`). Deals must weigh 1 (weighted ranges and per-deal rows stay there).
Work is cut into items, one per deal and first two ranks to come.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numba import njit, uint64

from equity.engines.parallel import run_split, using_threads
from equity.engines.protocol import Spot
from equity.engines.showdown import (
    _add_into,
    _add_outcome_n,
    _add_split_n,
    _fold_heads_up,
    _heads_up_case,
    _like,
    _row,
)
from equity.evaluators.omaha_tables import FIRST_FIVE, N_PAIRS, N_SUITED_PAIRS, pair_tables
from equity.games.base import Game
from equity.games.omaha.exact import _bins
from equity.games.omaha.montecarlo import low_arrays
from equity.tally import Tally

#: Multiset leaves per batch (a progress report each): some tens of milliseconds on one thread.
BATCH_LEAVES = 40_000
_R = 13
#: C(n, k) for n, k <= 4 (a rank has four cards).
_CHOOSE = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)], np.int64)


def _subsets() -> tuple[np.ndarray, np.ndarray]:
    """The subsets of three or more bits of each 5-bit mask (a multiset of five ranks has at most five
    distinct ones): int64 (32, 16), and how many (32,)."""
    out = np.zeros((32, 16), np.int64)
    n = np.zeros(32, np.int64)
    for mask in range(32):
        for sub in range(1, 32):
            if sub & mask == sub and bin(sub).count("1") >= 3:
                out[mask, n[mask]] = sub
                n[mask] += 1
    return out, n


_SUBSETS, _N_SUBSETS = _subsets()


class PreflopInputs(NamedTuple):
    """What every item reads. holes: uint8 (D, P, h), the deals; live: uint8 (m,), the cards no fixed
    hand or dead card holds; choose: int64 (5, 5), C(n, k);
    subsets, n_subsets: int64 (32, 16) and (32,), the subsets of three or more bits of each 5-bit mask;
    split and the low tables (:func:`equity.games.omaha.montecarlo.low_arrays`); want_cats, cat_of; the pair
    tables' ``pair``, ``flush``, ``pair_of``, ``suited_of``."""

    holes: np.ndarray
    live: np.ndarray
    choose: np.ndarray
    subsets: np.ndarray
    n_subsets: np.ndarray
    split: bool
    low_bit: np.ndarray
    low_omaha: np.ndarray
    low_possible: np.ndarray
    no_low: int
    want_cats: bool
    cat_of: np.ndarray
    pair: np.ndarray
    flush: np.ndarray
    pair_of: np.ndarray
    suited_of: np.ndarray


# The deal's tables of :func:`_item`, made once per call: compiled on their own and inlined there by LLVM
# (``forceinline``), so that their arrays are still allocated in the kernel (arrays handed to hold'em's
# enumeration rather than allocated in it measured 5-30% slower).


@njit(cache=True, forceinline=True)
def _live_ranks(holes, d, live, low_bit):
    """The live cards of deal ``d`` (those of ``live`` no hand holds): int64 (13,), how many of each rank;
    int64 (4,), each suit's ranks as a 13-bit mask; and int64 (13,), each rank's low bit."""
    used = uint64(0)
    for p in range(holes.shape[1]):
        for j in range(holes.shape[2]):
            used |= uint64(1) << uint64(holes[d, p, j])
    cnt = np.zeros(_R, np.int64)
    live_of = np.zeros(4, np.int64)
    for c in live:
        if not (used >> uint64(c)) & uint64(1):
            cnt[c >> 2] += 1
            live_of[c & 3] |= 1 << (c >> 2)
    rank_low = np.zeros(_R, np.int64)
    for r in range(_R):
        rank_low[r] = low_bit[4 * r]
    return cnt, live_of, rank_low


@njit(cache=True, forceinline=True)
def _hand_columns(holes, d, pair_of, suited_of, low_bit):
    """Each hand of deal ``d`` (P hands of h cards): int64 (P, h(h-1)/2), its pairs' columns of the pair
    tables; int64 (P, 4, h(h-1)/2) and (P, 4), its suited pairs' columns by suit and how many; int64 (P,),
    its low ranks; int64 (4, P), its ranks of each suit."""
    n_players, h = holes.shape[1], holes.shape[2]
    n_pairs = h * (h - 1) // 2
    cols = np.empty((n_players, n_pairs), np.int64)
    scol = np.empty((n_players, 4, n_pairs), np.int64)
    n_scol = np.zeros((n_players, 4), np.int64)
    hole_low = np.zeros(n_players, np.int64)
    held = np.zeros((4, n_players), np.int64)
    for p in range(n_players):
        for j in range(h):
            c = np.int64(holes[d, p, j])
            held[c & 3, p] |= 1 << (c >> 2)
        k = 0
        for i in range(h - 1):
            a = np.int64(holes[d, p, i])
            for j in range(i + 1, h):
                b = np.int64(holes[d, p, j])
                cols[p, k] = pair_of[13 * (a >> 2) + (b >> 2)]
                k += 1
                if a & 3 == b & 3:
                    scol[p, a & 3, n_scol[p, a & 3]] = suited_of[13 * (a >> 2) + (b >> 2)]
                    n_scol[p, a & 3] += 1
            hole_low[p] |= low_bit[a]
        hole_low[p] |= low_bit[holes[d, p, h - 1]]
    return cols, scol, n_scol, hole_low, held


@njit(cache=True, forceinline=True)
def _flush_suits(live_of, held, n_scol):
    """The suits some hand can flush in (it holds a suited pair of them), one of each kind: two suits whose
    live ranks (``live_of``) and whose hands' suited ranks (``held``) are the same give the same flushes,
    so the second is counted by the first twice. Returns int64 (4,) the suits, int64 (4,) how many
    suits each stands for, and how many."""
    n_players = held.shape[1]
    flushable = np.zeros(4, np.int64)
    suit_times = np.zeros(4, np.int64)
    n_flushable = 0
    for su in range(4):
        if n_scol[:, su].sum() == 0:
            continue
        for fi in range(n_flushable):
            other = flushable[fi]
            same = live_of[su] == live_of[other]
            for p in range(n_players):
                same = same and (held[su, p] if n_scol[p, su] else 0) == (held[other, p] if n_scol[p, other]
                                                                         else 0)
            if same:
                suit_times[fi] += 1
                break
        else:
            flushable[n_flushable] = su
            suit_times[n_flushable] = 1
            n_flushable += 1
    return flushable, suit_times, n_flushable


@njit(cache=True)
def _item(s, t, d, firsts, acc):
    """The boards of deal ``d`` whose cards to come have the lowest ranks ``r1 <= r2``, for each row
    ``(r1, r2)`` of ``firsts`` (int64 (k, 2)), counted into the int64 tally row ``acc``; returns how many
    boards."""
    holes, live, choose, subsets, n_subsets = s.holes, s.live, s.choose, s.subsets, s.n_subsets
    pair, flush, pair_of, suited_of = s.pair, s.flush, s.pair_of, s.suited_of
    low_bit, low_omaha, low_possible, no_low = s.low_bit, s.low_omaha, s.low_possible, s.no_low
    split, want_cats, cat_of = s.split, s.want_cats, s.cat_of
    rank_step = t.rank_step
    wins, ties, cats = acc.wins, acc.ties, acc.cats
    n_players, h = holes.shape[1], holes.shape[2]
    n_pairs = h * (h - 1) // 2
    cnt, live_of, rank_low = _live_ranks(holes, d, live, low_bit)
    cols, scol, n_scol, hole_low, held = _hand_columns(holes, d, pair_of, suited_of, low_bit)
    flushable, suit_times, n_flushable = _flush_suits(live_of, held, n_scol)
    rk = np.empty(5, np.int64)  # the ranks to come, ascending
    mult = np.empty(5, np.int64)  # mult[j]: rk[j]'s copies among rk[:j + 1]
    node = np.empty(6, np.uint64)  # node[j]: the rank node after rk[:j]
    g_rank = np.empty(5, np.int64)  # the multiset's distinct ranks and their counts
    g_n = np.empty(5, np.int64)
    w_in = np.empty(5, np.int64)  # a group's ways with its suited card in F, and without
    w_out = np.empty(5, np.int64)
    nf = np.empty(n_players, np.int64)  # each hand's value by the ranks alone
    vals = np.empty(n_players, np.int64)
    lows = np.empty(n_players, np.int64)
    hu = np.zeros(15, np.int64)  # heads-up: won, lost, tied; hi-lo: the 12 cases, made lows, possible
    two = n_players == 2 and not want_cats

    def count(w, possible):
        """Count the outcome of ``vals`` (and ``lows`` in hi-lo) ``w`` times, in place (NUMBA-NOTES: a
        helper handed the counts' arrays costs reference counting on every call)."""
        if two:  # hi-lo heads-up (high heads-up is counted in the leaf's scalars)
            hu[_heads_up_case(vals[0], vals[1], lows[0], lows[1], no_low)] += w
        elif split:
            _add_split_n(vals, lows, possible, no_low, n_players, want_cats, cat_of, acc, w)
        elif want_cats:
            _add_outcome_n(vals, n_players, want_cats, cat_of, wins, ties, cats, w)
        else:  # one pass for the best and how many hold it; then branch-free (column 1 of ties, never
            # read, takes the zeros)
            best = vals[0]
            n_best = 1
            for p in range(1, n_players):
                v = vals[p]
                n_best = 1 if v < best else n_best + (v == best)
                best = min(best, v)
            for p in range(n_players):
                top = vals[p] == best
                wins[p] += w * (top & (n_best == 1))
                ties[p, n_best] += w * (top & (n_best > 1))


    boards = 0
    for q in range(firsts.shape[0]):
        r1, r2 = firsts[q, 0], firsts[q, 1]
        if cnt[r1] == 0 or cnt[r2] == 0 or (r1 == r2 and cnt[r1] < 2):
            continue
        rk[0], rk[1] = r1, r2
        mult[0] = 1
        mult[1] = 2 if r1 == r2 else 1
        node[0] = 0
        node[1] = uint64(rank_step[uint64(r1)])
        node[2] = uint64(rank_step[node[1] + uint64(r2)])
        # Depth-first over the ranks still to come, ascending: rk[j] is the rank being tried at depth j.
        j = 2
        rk[2] = r2 - 1
        while j >= 2:
            rk[j] += 1
            if rk[j] == _R:
                j -= 1
                continue
            r = rk[j]
            mult[j] = mult[j - 1] + 1 if rk[j - 1] == r else 1
            if mult[j] > cnt[r]:
                continue
            node[j + 1] = uint64(rank_step[node[j] + uint64(r)])
            if j == 4:
                ng = 0
                for i in range(5):
                    if i > 0 and rk[i] == rk[i - 1]:
                        g_n[ng - 1] += 1
                    else:
                        g_rank[ng] = rk[i]
                        g_n[ng] = 1
                        ng += 1
                ways = 1
                board_low = 0
                for g in range(ng):
                    ways *= choose[cnt[g_rank[g]], g_n[g]]
                    board_low |= rank_low[g_rank[g]]
                row = (np.int64(node[5]) // _R - FIRST_FIVE) * N_PAIRS
                for p in range(n_players):
                    v = pair[row + cols[p, 0]]
                    for i in range(1, n_pairs):
                        v = min(v, pair[row + cols[p, i]])
                    nf[p] = v
                possible = 0
                if split:
                    possible = np.int64(low_possible[board_low])
                    for p in range(n_players):
                        lows[p] = low_omaha[hole_low[p] * 256 + board_low]
                flushed = 0
                won = 0
                lost = 0
                for fi in range(n_flushable):
                    su = flushable[fi]
                    ls = live_of[su]
                    cand = 0  # the groups with a live card of the suit, and each group's ways in F and out
                    for g in range(ng):
                        r = g_rank[g]
                        has = (ls >> r) & 1
                        cand |= has << g
                        w_in[g] = choose[cnt[r] - has, g_n[g] - 1] * has
                        w_out[g] = choose[cnt[r] - has, g_n[g]]
                    for k in range(n_subsets[cand]):
                        sub = subsets[cand, k]
                        wf = suit_times[fi]
                        mask = 0
                        for g in range(ng):  # branch-free: which groups a subset takes is unpredictable
                            inside = (sub >> g) & 1
                            wf *= w_out[g] + inside * (w_in[g] - w_out[g])
                            mask |= inside << g_rank[g]
                        if wf:
                            frow = mask * N_SUITED_PAIRS
                            for p in range(n_players):
                                v = nf[p]
                                for i in range(n_scol[p, su]):
                                    v = min(v, flush[frow + scol[p, su, i]])
                                vals[p] = v
                            if two and not split:  # heads-up high: two scalars (the ties follow from them)
                                won += wf * (vals[0] < vals[1])
                                lost += wf * (vals[1] < vals[0])
                            else:
                                count(wf, possible)
                            flushed += wf
                for p in range(n_players):
                    vals[p] = nf[p]
                if two and not split:
                    won += (ways - flushed) * (nf[0] < nf[1])
                    lost += (ways - flushed) * (nf[1] < nf[0])
                    hu[0] += won
                    hu[1] += lost
                    hu[2] += ways - won - lost
                elif ways > flushed:
                    count(ways - flushed, possible)
                if two and split:
                    hu[12] += ways * (lows[0] != no_low)
                    hu[13] += ways * (lows[1] != no_low)
                    hu[14] += ways * possible
                boards += ways
                continue
            j += 1
            rk[j] = r - 1
    if two and split:
        _fold_heads_up(hu[:12], hu[12:14], hu[14], acc)
    elif two:
        wins[0] += hu[0]
        wins[1] += hu[1]
        ties[0, 2] += hu[2]
        ties[1, 2] += hu[2]
    return boards


@njit(cache=True, nogil=True)
def _items(s, items, bin_start, lo, hi, t, tally, boards_out):
    """The items ``items[bin_start[k] : bin_start[k + 1]]`` of each bin ``k``, ``lo <= k < hi``, into row
    ``k`` of ``tally`` (float64: the deals all weigh 1) and of ``boards_out`` (int64 (K, 1)): each item
    ``(deal, r1, r2)`` by :func:`_item`, a deal's items one after another in a bin (the deal read once).
    ``nogil``: :func:`enumeration` runs shares of a batch's bins on threads."""
    for k in range(lo, hi):
        out = _row(tally, k)
        acc = _like(out)
        i = bin_start[k]
        while i < bin_start[k + 1]:  # each deal's items, together
            e = i + 1
            while e < bin_start[k + 1] and items[e, 0] == items[i, 0]:
                e += 1
            boards_out[k, 0] += _item(s, t, items[i, 0], items[i:e, 1:], acc)
            i = e
        _add_into(out, 1.0, acc)


def applies(scenario: Spot, deals: Any, per_deal: bool) -> bool:
    """Whether :func:`enumeration` can run ``deals`` (a :class:`~equity.engines.exact.Plan`): before the
    flop, every deal of weight 1, no per-deal rows."""
    return not scenario.board and not per_deal and bool(np.all(deals.weight == 1.0))


def _item_sizes() -> tuple[np.ndarray, np.ndarray]:
    """int64 (91, 2), the items' lowest two ranks ``r1 <= r2``, and float64 (91,) their rough work: the
    multisets of three more ranks from ``r2`` up."""
    r1, r2 = np.triu_indices(_R)
    rest = np.array([math.comb(_R - b + 2, 3) for b in r2], np.float64)
    return np.stack([r1, r2], axis=1).astype(np.int64), rest


_FIRSTS, _SIZES = _item_sizes()


def enumeration(scenario: Spot, game: Game, deals: Any, categories: bool):
    """The by-rank enumeration of ``deals`` (:func:`applies`) for
    :func:`equity.engines.exact.enumerate_exact`: ``run(n_threads)`` yields ``(tally, boards, trials
    done, None)`` per batch of deals."""
    t = game.tables()
    n_players = len(scenario.players)
    holes = np.ascontiguousarray(deals.holes)
    n = len(holes)
    pairs = pair_tables(t)
    shared = PreflopInputs(holes, np.asarray(scenario.live, np.uint8), _CHOOSE, _SUBSETS, _N_SUBSETS,
                    *low_arrays(game.split), categories, game.category_table(), pairs.pair, pairs.flush,
                    pairs.pair_of, pairs.suited_of)
    firsts, sizes = _FIRSTS, _SIZES
    per_batch = max(1, BATCH_LEAVES // int(sizes.sum()))

    def counts(k: int) -> Tally:
        return Tally.zeros(k, n_players, game.split, np.float64)

    if not _items.overloads:  # load (or compile) the kernel now, not inside a batch's time
        _items(shared, np.zeros((0, 3), np.int64), np.zeros(1, np.int64), 0, 0, t, counts(0),
               np.zeros((0, 1), np.int64))

    def bins(items: np.ndarray, bin_start: np.ndarray, tally: Tally, boards: np.ndarray, lo: int,
             hi: int) -> None:
        """Bins ``lo .. hi - 1`` of a batch."""
        _items(shared, items, bin_start, lo, hi, t, tally, boards)

    def run(n_threads: int) -> Iterator[tuple[Tally, int, int, None]]:
        with using_threads(n_threads):
            for lo in range(0, n, per_batch):
                hi = min(n, lo + per_batch)
                d_idx = np.repeat(np.arange(lo, hi, dtype=np.int64), len(firsts))
                items = np.concatenate([d_idx[:, None], np.tile(firsts, (hi - lo, 1))], axis=1)
                order, bin_start = _bins(np.tile(sizes, hi - lo), min(len(items), 4 * n_threads))
                bin_of = np.repeat(np.arange(len(bin_start) - 1), np.diff(bin_start))
                order = order[np.lexsort((items[order, 0], bin_of))]  # in each bin, a deal's items together
                k = len(bin_start) - 1
                tally, boards = counts(k), np.zeros((k, 1), np.int64)
                ordered = np.ascontiguousarray(items[order])
                run_split(functools.partial(bins, ordered, bin_start, tally, boards), k)
                yield tally, int(boards.sum()), hi * deals.boards_per_deal, None

    return run
