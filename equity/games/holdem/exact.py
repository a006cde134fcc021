"""Exact enumeration for hold'em and short deck: every board of each deal, in chunks of deals on all
threads.

The kernel, :func:`equity.games.holdem.exact_kernels._deals`, enumerates a range of chunks of deals,
each chunk into its own tally row; a batch's chunks are shared among threads
(:func:`~equity.engines.parallel.run_split`), and a run of one chunk stays on the calling thread. The
deals come from :func:`equity.engines.exact.plan`, one per suit-symmetry orbit.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from typing import Any

import numba
import numpy as np

from equity.cards import ASCII_CARD_PARTS
from equity.engines.parallel import next_batch, run_split, using_threads
from equity.engines.protocol import Spot
from equity.games.base import Game
from equity.games.holdem.exact_kernels import Board, _deals, _fixed_deal
from equity.tally import Tally

CHUNK_WORK = 4_000_000  # boards per kernel chunk, about 10-20 ms
MAX_ROWS = 65_536  # deals per batch at most when each deal has a row of its own


@functools.cache
def _no_rows(n_players: int) -> Tally:
    """The per-deal rows of a run that keeps none (zero rows: nothing is ever written to them)."""
    return Tally.zeros(0, n_players, False, np.float64, ways=n_players + 1, categories=False)


@functools.cache
def one_deal_kernel(game: Game) -> tuple[Any, tuple[Any, ...]]:
    """The game's one-deal kernel (:meth:`~equity.games.base.Game.one_deal_kernel`),
    :func:`~equity.games.holdem.exact_kernels._fixed_deal`, loaded (or compiled) on a river spot of two hands,
    and its arguments after the deal's: the characters' card parts, the deck's lowest card and the
    tables it walks.

    What is handed back is the compiled function of those argument types itself
    (``Dispatcher.get_overload``), not the dispatcher: the caller's arguments are always of them
    (``bytes``, two ints, these arrays), and the dispatcher's typing of each one costs a cold call some
    5 us."""
    t = game.tables()
    args = (ASCII_CARD_PARTS, game.low_card, t.rank_step, t.rank_last, t.card_word, t.suit_shift,
            t.suited_class)
    river = (b"AsAhKsKhQsQhJsJhTs", 2, 5, *args)
    _fixed_deal(*river)
    return _fixed_deal.get_overload(tuple(numba.typeof(a) for a in river)), args


def enumeration(scenario: Spot, game: Game, deals: Any, categories: bool, per_deal: bool = False):
    """The enumeration of ``deals`` (a :class:`~equity.engines.exact.Plan`) for
    :func:`equity.engines.exact.enumerate_exact`, its kernel loaded: ``run(n_threads)`` yields
    ``(tally, boards, trials done, rows)`` for each batch of chunks of deals; ``rows``, when
    ``per_deal``: each deal's counts on its own, a tally row each (else None)."""
    t = game.tables()
    n_players = len(scenario.players)
    b = Board(np.array(scenario.board, np.uint8), game.cards_left((*scenario.board, *scenario.dead)),
              categories, game.category_table())
    n = len(deals.orbit)
    per_chunk = max(1, CHUNK_WORK // max(1, deals.boards_per_deal * n_players))
    bounds = np.array([*range(0, n, per_chunk), n], np.int64)
    n_chunks = len(bounds) - 1

    def counts(k: int) -> Tally:
        return Tally.zeros(k, n_players, False, np.float64)

    def rows(k: int) -> Tally:
        return Tally.zeros(k, n_players, False, np.float64, ways=n_players + 1, categories=False)

    none = _no_rows(n_players)
    serial = n_chunks == 1 and not per_deal  # one chunk: on the calling thread, no batches

    def chunks(within: np.ndarray, part: Tally, boards: np.ndarray, one: Tally, lo: int, hi: int) -> None:
        """Chunks ``lo .. hi - 1`` of the batch whose bounds are ``within``."""
        _deals(deals.holes, deals.weight, deals.orbit, within, lo, hi, b, t, part, boards, one.wins,
               one.ties)

    def one_chunk(holes: np.ndarray, weight: np.ndarray, orbit: np.ndarray) -> tuple[Tally, int]:
        part, boards = counts(1), np.zeros((1, 1), np.int64)
        _deals(holes, weight, orbit, np.array([0, len(orbit)], np.int64), 0, 1, b, t, part, boards, none.wins,
               none.ties)
        return part, int(boards[0, 0])

    # Load (or compile) the kernel now, so no batch's time includes that.
    if not _deals.overloads:
        one_chunk(deals.holes[:0], deals.weight[:0], deals.orbit[:0])

    def run(n_threads: int) -> Iterator[tuple[Tally, int, int]]:
        if serial:
            part, boards = one_chunk(deals.holes, deals.weight, deals.orbit)
            yield part, boards, deals.trials, None
            return
        with using_threads(n_threads):
            yield from batches(n_threads)

    def batches(n_threads: int) -> Iterator[tuple[Tally, int, int]]:
        done = 0
        batch = 2 * n_threads
        while done < n_chunks:
            k = min(batch, n_chunks - done)
            if per_deal:  # a row per deal: keep a batch's rows in memory bounded
                k = max(1, min(k, int(np.searchsorted(bounds, bounds[done] + MAX_ROWS)) - done - 1))
            part = counts(k)
            boards = np.zeros((k, 1), np.int64)
            one = rows(int(bounds[done + k] - bounds[done])) if per_deal else none
            t0 = time.perf_counter()
            run_split(functools.partial(chunks, bounds[done:done + k + 1], part, boards, one), k)
            spent = time.perf_counter() - t0
            done += k
            yield (part, int(boards.sum()), int(deals.orbit[:bounds[done]].sum()) * deals.boards_per_deal,
                   one if per_deal else None)
            batch = next_batch(batch, k, spent, n_threads)

    return run
