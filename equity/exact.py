"""Exact enumeration: every deal of the players' combos, then every completion of the board.

A *deal* gives each player one combo: their specific hand, one combo of their range, or (for a random
player) any two cards still live. Deals that reuse a card are impossible and skipped. For each deal the
board is completed in every possible way from the cards left. Each (deal, board) counts once, times the
product of the combos' range weights.

**Suit symmetry.** Relabelling the four suits maps a deal's boards one to one onto another deal's boards
with the same outcomes. So when the board, the dead cards and every player's weighted range are
unchanged by a permutation of the suits (a random opponent always is), only one deal per orbit of that
group is enumerated, counted times the orbit's size. AA against one random hand needs a quarter of the
deals; AKs preflop a sixth.

**Kernel.** Per deal, each player's hole cards and the fixed board are walked once; the missing board
cards are enumerated as combinations of the live cards in ascending order, and each player's walk state
is extended one board card at a time, so a deal's last board card costs each player one lookup in the
row of its six-card state (see :func:`equity.evaluator._seven_card_histogram`). When no player's six
cards hold four of a suit, no last card can make a flush and that load is all: the suit words
(:mod:`equity.dag`) are not even read.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from itertools import permutations
from typing import NamedTuple

import numpy as np
from numba import njit, prange, uint64

from .batches import Progress, check_threads, in_jit_cache, next_batch, using_threads
from .cards import format_cards
from .errors import TooLarge
from .evaluator import _COUNTS, _MASK, _TWO
from .result import MAX_SPLIT, N_CATEGORIES, Result, player_results
from .scenario import Scenario

#: The top bit of each suit's 3-bit card count in a suit word (:mod:`equity.dag`): set from four cards.
_FOUR_OF_A_SUIT = uint64(0b100100100100 << 52)


class Board(NamedTuple):
    """What every deal shares: board: uint8 (b,), the fixed board, 0 <= b <= 5; live: uint8 (m,),
    ascending, every card not on the board or dead; want_cats: count categories; cat_of: uint8 (7463,),
    class -> category 0..8."""

    board: np.ndarray
    live: np.ndarray
    want_cats: bool
    cat_of: np.ndarray


@njit(cache=True)
def _deals(holes, weight, orbit, b, t, wins_out, ties_out, cats_out, boards_out):
    """Enumerate every board for each deal; add the weighted counts.

    holes: uint8 (n, P, 2), the deals (distinct cards within each). weight: float64 (n,), each deal's
    weight (orbit size times the combos' range weights). orbit: int64 (n,), its orbit size. b: a
    :class:`Board` (a deal's own cards are skipped from ``b.live`` here). t: the evaluator's
    :class:`~equity.tables.Tables`. Outputs, added to: wins_out float64 (P,), ties_out float64
    (P, MAX_SPLIT) by the number of players splitting, cats_out float64 (P, 9, 3) (ends with, wins with,
    ties with) when ``b.want_cats``, boards_out int64 (1,) the number of (deal, board) pairs times orbit
    sizes.
    """
    board, live, want_cats, cat_of = b.board, b.live, b.want_cats, b.cat_of
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    n_players = holes.shape[1]
    to_deal = 5 - board.shape[0]
    n_fixed = board.shape[0] if to_deal else 4  # board cards walked before the enumeration
    deck = np.empty(max(live.shape[0], 1), np.uint64)
    R = np.empty((6, n_players), np.uint64)
    W = np.empty((6, n_players), np.uint64)
    idx = np.zeros(6, np.int64)
    vals = np.empty(n_players, np.int64)
    wins = np.zeros(n_players, np.int64)
    ties = np.zeros((n_players, MAX_SPLIT), np.int64)
    cats = np.zeros((n_players, N_CATEGORIES, 3), np.int64)
    heads_up = n_players == 2 and not want_cats
    rr = np.empty(n_players, np.uint64)
    ww = np.empty(n_players, np.uint64)
    for i in range(holes.shape[0]):
        used = np.uint64(0)
        for p in range(n_players):
            used |= np.uint64(1) << np.uint64(holes[i, p, 0])
            used |= np.uint64(1) << np.uint64(holes[i, p, 1])
        m = 0
        if to_deal:
            for c in live:
                if not (used >> np.uint64(c)) & np.uint64(1):
                    deck[m] = c
                    m += 1
        else:  # a full board: its last card is the one "dealt", once
            deck[0] = board[n_fixed]
            m = 1
        for p in range(n_players):
            r = uint64(0)
            w = uint64(0)
            for j in range(n_fixed):
                c = board[j]
                r = uint64(rank_step[r + (c >> _TWO)])
                w += card_word[c]
            for j in range(2):
                c = holes[i, p, j]
                r = uint64(rank_step[r + (c >> _TWO)])
                w += card_word[c]
            R[0, p] = r
            W[0, p] = w
        wins[:] = 0
        ties[:, :] = 0
        cats[:, :, :] = 0
        n_boards = 0
        pre = max(to_deal, 1) - 1  # board cards before the last: combinations of deck[0 .. m-2]
        for j in range(pre):
            idx[j] = j
        t_from = 0
        while True:
            # Walk the prefix from depth t_from (earlier depths are unchanged).
            for j in range(t_from, pre):
                c = deck[idx[j]]
                k = c >> _TWO
                cw = card_word[c]
                for p in range(n_players):
                    R[j + 1, p] = rank_step[R[j, p] + k]
                    W[j + 1, p] = W[j, p] + cw
            start = idx[pre - 1] + 1 if pre > 0 else 0
            # A flush needs four cards of a suit before the last: else the ranks decide alone.
            suited = uint64(0)
            for p in range(n_players):
                suited |= W[pre, p] & _FOUR_OF_A_SUIT
            if heads_up:
                # Two players, no categories: the common case, with scalar state and counters.
                r0 = R[pre, 0]
                r1 = R[pre, 1]
                w0 = 0
                w1 = 0
                if suited:
                    x0 = W[pre, 0]
                    x1 = W[pre, 1]
                    for j in range(start, m):
                        c = deck[j]
                        k = c >> _TWO
                        y = x0 + card_word[c]
                        v0 = min(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK], rank_last[r0 + k])
                        y = x1 + card_word[c]
                        v1 = min(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK], rank_last[r1 + k])
                        w0 += v0 < v1
                        w1 += v1 < v0
                else:
                    for j in range(start, m):
                        k = deck[j] >> _TWO
                        v0 = rank_last[r0 + k]
                        v1 = rank_last[r1 + k]
                        w0 += v0 < v1
                        w1 += v1 < v0
                wins[0] += w0
                wins[1] += w1
                ties[0, 2] += m - start - w0 - w1
                ties[1, 2] += m - start - w0 - w1
            else:
                for p in range(n_players):
                    rr[p] = R[pre, p]
                    ww[p] = W[pre, p]
                for j in range(start, m):
                    c = deck[j]
                    k = c >> _TWO
                    cw = card_word[c]
                    best = 1 << 30
                    n_best = 0
                    winner = 0
                    for p in range(n_players):
                        v = np.int64(rank_last[rr[p] + k])
                        if suited:
                            y = ww[p] + cw
                            v = min(v, np.int64(suited_class[(y >> suit_shift[y >> _COUNTS]) & _MASK]))
                        vals[p] = v
                        if v < best:
                            best = v
                            n_best = 1
                            winner = p
                        elif v == best:
                            n_best += 1
                    if n_best == 1:
                        wins[winner] += 1
                    else:
                        for p in range(n_players):
                            if vals[p] == best:
                                ties[p, n_best] += 1
                    if want_cats:
                        for p in range(n_players):
                            x = cat_of[vals[p]]
                            cats[p, x, 0] += 1
                            if vals[p] == best:
                                cats[p, x, 1 if n_best == 1 else 2] += 1
            n_boards += m - start
            # Next prefix, in lexicographic order.
            j = pre - 1
            while j >= 0 and idx[j] == m - 1 - pre + j:
                j -= 1
            if j < 0:
                break
            idx[j] += 1
            for u in range(j + 1, pre):
                idx[u] = idx[u - 1] + 1
            t_from = j
        w = weight[i]
        for p in range(n_players):
            wins_out[p] += w * wins[p]
            for s in range(MAX_SPLIT):
                ties_out[p, s] += w * ties[p, s]
            if want_cats:
                for c in range(N_CATEGORIES):
                    for x in range(3):
                        cats_out[p, c, x] += w * cats[p, c, x]
        boards_out[0] += orbit[i] * n_boards


@njit(cache=True, parallel=True)
def _deals_parallel(holes, weight, orbit, bounds, b, t, wins, ties, cats, boards):
    """:func:`_deals` over the chunks ``bounds[j] .. bounds[j + 1]`` of the deals, one per prange step,
    each into its own row of the outputs (float64 (chunks, P), (chunks, P, MAX_SPLIT), (chunks, P, 9, 3)
    and int64 (chunks, 1))."""
    for j in prange(bounds.shape[0] - 1):
        lo = bounds[j]
        hi = bounds[j + 1]
        _deals(holes[lo:hi], weight[lo:hi], orbit[lo:hi], b, t, wins[j], ties[j], cats[j], boards[j])


_SUIT_PERMUTATIONS = list(permutations(range(4)))
MAX_DEALS = 5_000_000  # deals listed in memory at most (before symmetry)
CHUNK_WORK = 4_000_000  # boards per kernel chunk, about 10-20 ms


@dataclass(frozen=True)
class Plan:
    """The deals an exact run enumerates, one per suit-symmetry orbit.

    holes: uint8 (n, P, 2); weight: float64 (n,) orbit size times range weights; orbit: int64 (n,).
    """

    holes: np.ndarray
    weight: np.ndarray
    orbit: np.ndarray
    boards_per_deal: int
    symmetries: int

    @property
    def deals(self) -> int:
        """Every deal (all orbits counted in full)."""
        return int(self.orbit.sum())

    @property
    def trials(self) -> int:
        """The (deal, board) pairs the result stands for."""
        return self.deals * self.boards_per_deal

    @property
    def work(self) -> float:
        """Board evaluations the kernel performs: its cost, in about 3-4 ns each on one core."""
        return float(len(self.orbit)) * self.boards_per_deal * self.holes.shape[1]


def _symmetries(scenario) -> list[np.ndarray]:
    """Card maps (int64 (52,)) of the suit permutations that leave the board, the dead cards and every
    player's weighted combos unchanged; the identity first."""
    combos = scenario.combos()
    maps = []
    for perm in _SUIT_PERMUTATIONS:
        cmap = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], np.int64)
        if set(cmap[list(scenario.board)].tolist()) != set(scenario.board):
            continue
        if set(cmap[list(scenario.dead)].tolist()) != set(scenario.dead):
            continue
        if all(_same_weighted(cmap, c, w) for c, w in combos):
            maps.append(cmap)
    return maps


def _keys(combos: np.ndarray) -> np.ndarray:
    """A combo's index ``hi * 52 + lo`` (int64), whatever order its two cards come in."""
    a, b = combos[..., 0].astype(np.int64), combos[..., 1].astype(np.int64)
    return np.maximum(a, b) * 52 + np.minimum(a, b)


def _same_weighted(cmap: np.ndarray, combos: np.ndarray, weights: np.ndarray) -> bool:
    before = dict(zip(_keys(combos).tolist(), weights.tolist(), strict=True))
    after = dict(zip(_keys(cmap[combos]).tolist(), weights.tolist(), strict=True))
    return before == after


def boards_per_deal(scenario) -> int:
    """The completions of the board each deal has."""
    n_players = len(scenario.players)
    left = scenario.game.deck_size - len(scenario.board) - len(scenario.dead) - scenario.game.hole * n_players
    return math.comb(left, 5 - len(scenario.board))


def upper_bound(scenario) -> float:
    """Board evaluations an exact run would need at most, before card collisions and symmetry."""
    deals = math.prod(scenario.n_combos())
    return float(deals) * boards_per_deal(scenario) * len(scenario.players)


def symmetries(scenario) -> list[np.ndarray]:
    """The card maps of the suit permutations that leave the scenario unchanged (1 .. 24 of them)."""
    return _symmetries(scenario)


def list_deals(scenario) -> tuple[np.ndarray, np.ndarray]:
    """Every way to give each player one of their combos with no card twice: ``(holes uint8 (n, P,
    hole), weight float64 (n,))``, the weight the product of the combos' range weights.

    Raises:
        TooLarge: more than :data:`MAX_DEALS` combinations of the players' combos.
    """
    bound = math.prod(scenario.n_combos())
    if bound > MAX_DEALS:
        raise TooLarge(f"{bound:,} combinations of the players' hands")
    holes = np.zeros((1, 0, scenario.game.hole), np.uint8)
    masks = np.zeros(1, np.uint64)
    weight = np.ones(1)
    bits = np.uint64(1) << np.arange(52, dtype=np.uint64)
    for c, w in scenario.combos():
        m = np.bitwise_or.reduce(bits[c], axis=1)
        ok = (masks[:, None] & m[None, :]) == 0
        rows, cols = np.nonzero(ok)
        holes = np.concatenate([holes[rows], c[cols][:, None, :]], axis=1)
        masks = masks[rows] | m[cols]
        weight = weight[rows] * w[cols]
    return holes, weight


def plan(scenario, maps: list[np.ndarray] | None = None) -> Plan:
    """List the deals to enumerate: every way to give each player one of their combos with no card
    twice, keeping one deal per symmetry orbit.

    Args:
        scenario: a validated scenario.
        maps: its :func:`symmetries`, if the caller has them already.

    Raises:
        TooLarge: more than :data:`MAX_DEALS` deals would have to be listed.
    """
    holes, weight = list_deals(scenario)
    orbit = np.ones(len(holes), np.int64)
    if holes.shape[1] > 5:  # deal keys no longer fit an int64
        maps = [np.arange(52)]
    elif maps is None:
        maps = _symmetries(scenario)
    if len(maps) > 1 and len(holes):
        shift = 12 * np.arange(holes.shape[1] - 1, -1, -1, dtype=np.int64)
        keys = np.stack([(_keys(cmap[holes]) << shift).sum(axis=1) for cmap in maps])
        canonical = keys[0] == keys.min(axis=0)
        ordered = np.sort(keys, axis=0)
        orbit = 1 + (ordered[1:] != ordered[:-1]).sum(axis=0)
        holes, weight, orbit = holes[canonical], weight[canonical] * orbit[canonical], orbit[canonical]
    return Plan(np.ascontiguousarray(holes, np.uint8), weight.astype(np.float64), orbit.astype(np.int64),
                boards_per_deal(scenario), len(maps))


def kernels_cached() -> bool:
    """Whether the compiled enumeration kernel is already in numba's on-disk cache."""
    return in_jit_cache(_deals_parallel)


def enumerate_exact(scenario, *, threads: int | None = None, categories: bool = False,
                    progress: Progress | None = None, deals: Plan | None = None) -> Result:
    """Every player's exact win, tie and equity, by enumerating every deal and every board.

    Args:
        scenario: a validated scenario.
        threads: numba threads to use (default: all).
        categories: also count each player's final hand category and wins by category.
        progress: called as ``progress(trials_done, trials_total)`` after each batch of deals.
        deals: the :func:`plan`, if the caller has it already.

    Returns:
        A :class:`Result` with method ``"exact"``, seed ``None`` and ``trials`` the number of
        (deal, board) pairs.

    Raises:
        TooLarge: too many deals to list.
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"expected a Scenario; got {type(scenario).__name__}")
    check_threads(threads)
    deals = deals if deals is not None else plan(scenario)
    game = scenario.game
    t = game.tables()
    n_players = len(scenario.players)
    known = set(scenario.board) | set(scenario.dead)
    live = np.array([c for c in game.deck if c not in known], np.uint8)
    b = Board(np.array(scenario.board, np.uint8), live, categories, game.category_table())
    n = len(deals.orbit)
    per_chunk = max(1, CHUNK_WORK // max(1, deals.boards_per_deal * n_players))
    bounds = np.unique(np.append(np.arange(0, n, per_chunk), n)).astype(np.int64)
    n_chunks = len(bounds) - 1

    def counts(k: int) -> tuple[np.ndarray, ...]:
        return (np.zeros((k, n_players)), np.zeros((k, n_players, MAX_SPLIT)),
                np.zeros((k, n_players, N_CATEGORIES, 3)), np.zeros((k, 1), np.int64))

    # Load (or compile) the kernel before the clock starts: elapsed_s is the run, not the JIT.
    _deals_parallel(deals.holes, deals.weight, deals.orbit, bounds[:1], b, t, *counts(0))
    start = time.perf_counter()
    parts = []
    done = 0
    with using_threads(threads) as n_threads:
        batch = 2 * n_threads
        while done < n_chunks:
            k = min(batch, n_chunks - done)
            part = counts(k)
            t0 = time.perf_counter()
            _deals_parallel(deals.holes, deals.weight, deals.orbit, bounds[done:done + k + 1], b, t, *part)
            spent = time.perf_counter() - t0
            parts.append(part)
            done += k
            if progress is not None:
                progress(int(deals.orbit[:bounds[done]].sum()) * deals.boards_per_deal, deals.trials)
            batch = next_batch(batch, k, spent, n_threads)
    return exact_result(scenario, deals, parts if parts else [counts(1)], categories, start)


def exact_result(scenario: Scenario, deals: Plan, parts: list[tuple[np.ndarray, ...]], categories: bool,
                 start: float) -> Result:
    """The :class:`Result` of an enumeration whose kernels counted ``parts`` (each ``(wins, ties, cats,
    boards)`` with a leading axis of chunks), begun at ``start`` (``time.perf_counter()``)."""
    wins, ties, cats, boards = (np.concatenate(x).sum(axis=0) for x in zip(*parts, strict=True))
    assert int(boards.sum()) == deals.trials, (int(boards.sum()), deals.trials)
    total = float(deals.weight.sum()) * deals.boards_per_deal
    game = scenario.game
    players = player_results(scenario.labels(), scenario.n_combos(), wins, ties, total,
                             cats if categories else None, exact=True, order=game.category_names())
    return Result("exact", deals.trials, None, format_cards(scenario.board), format_cards(scenario.dead),
                  time.perf_counter() - start, players, game.name)
