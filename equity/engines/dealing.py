"""What a Monte Carlo kernel deals from: :class:`Deal`, and the ranged players' combos from joint tables.

Every game's chunk kernel deals in the same order (:mod:`equity.engines.deck`): in each lane the ranged
players' combos first, then the missing board cards, then each random hand's cards in seat order, from
the cards nobody holds (:mod:`equity.engines.held_cards`).

**Joint tables.** The ranged players are taken in seat order into *units*: a unit's table lists every
way its players' combos can be held together without sharing a card, each weighted by the product of
the combos' weights, so one alias draw deals the whole unit and never collides within it. A player
joins the unit before it while the unit's table would list at most :data:`JOINT_MAX` ways (counted
before the ways that share a card go). With one unit of at most that many rows (any one hold'em range,
two of up to 256 combos each), a draw is one bounded draw and, when weighted, one alias coin, with
nothing to reject but Lemire's rare biased product (:func:`_draw_one`); each row keeps its players'
cards and then the cards nobody holds (``row_cards``), and the lane deals from a copy of its row
(:func:`~equity.engines.held_cards._deal_rows`). With more units a draw where two units share a card
is drawn again whole (:func:`_draw_lanes`), and the cards nobody holds are found by skip thresholds.
Since 0.5.0; until then each ranged player was drawn alone and the whole draw rejected on a shared card.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from equity.engines.deck import _LOW, LANES, _bounded, _fill_lanes, _xoshiro
from equity.engines.held_cards import ROW_WIDTH

_ALWAYS = np.uint64(2**64 - 1)
_HIGH = uint64(32)
#: ``holes[p, 0]`` of a random hand and of a ranged player (whose ``holes[p, 1]`` is its row group).
RANDOM_HAND, RANGED = -1, -2
#: The most ways a unit's joint table may list before those that share a card are dropped: two ranges
#: of 256 combos each (about 20% of hands), 3.4 MB of row cards for a hold'em preflop unit at most.
JOINT_MAX = 1 << 16


class Deal(NamedTuple):
    """What the kernel deals from, for one scenario (see :func:`_chunk` for the arrays). ``stages``
    below 4 stops each block after the ranged players' draws (0), dealing (1), walking the boards (2)
    or the players' hands (3), for the benchmark's breakdown of a trial's time; the counts are then
    zero (hold'em and short deck's kernel)."""

    holes: np.ndarray
    board: np.ndarray
    live: np.ndarray
    ranged: np.ndarray
    ranged_start: np.ndarray
    #: The units' Walker alias tables, over the rows of their joint tables (:class:`Held`).
    alias_prob: np.ndarray
    alias_idx: np.ndarray
    want_cats: bool
    cat_of: np.ndarray
    stages: int = 4
    #: bool (G,): which ranged players' combos the kernel counts one by one when it is handed per-combo
    #: rows (:mod:`equity.engines.combo_counts`); :func:`base_deal` marks them all.
    counted: np.ndarray = np.ones(0, np.bool_)
    #: The rest of :class:`Held`: None without ranged players (``row_cards`` None also with two or
    #: more units).
    pmask: np.ndarray | None = None
    lemire: np.ndarray | None = None
    weighted: np.ndarray | None = None
    unit_start: np.ndarray | None = None
    members: np.ndarray | None = None
    unit_of: np.ndarray | None = None
    row_cards: np.ndarray | None = None
    #: Hold'em's :func:`equity.games.holdem.seat_ranks.seat_ranks` (none here).
    seat_ranks: np.ndarray = np.zeros((0, 0), np.int16)
    first_five: int = 0
    #: Hold'em's: whether its kernel walks the seats' seven cards as vectors where it may
    #: (:func:`equity.games.holdem.montecarlo.prepare` sets it where the CPU has AVX-512; the tests
    #: run both ways).
    vector: bool = False


class Held(NamedTuple):
    """The ranged players' units (module docstring), as a :class:`Deal` holds them. With R rows in all,
    U units and G ranged players:

    - ``alias_prob`` uint64 (R,), ``alias_idx`` int64 (R,): each unit's alias table over its rows (an
      index from the unit's first row; a probability of 2**64 - 1 means "always keep");
    - ``pmask`` uint64 (R,): each row's mask of the positions in ``live`` that its combos hold;
    - ``lemire`` uint64 (U,): ``2**32 mod n`` of each unit's row count ``n``; ``weighted`` bool (U,):
      whether its rows weigh differently (then a draw takes an alias coin);
    - ``unit_start`` int64 (U + 1,): the units' first rows; ``members`` int64 (R, G): the combo (a row
      of the deal's ``ranged``) each of the row's unit's players holds, 0 for the others';
      ``unit_of`` int64 (G,): each ranged player's unit;
    - ``row_cards`` uint8 (R, ROW_WIDTH) with one unit (:func:`one_table`), else None: each row's cards,
      its players' combos in order (player ``g``'s ``hole`` cards at ``hole * g``), then the ``m`` cards
      that nobody holds in ``live``'s order (position ``v`` of a lane's deck is card
      ``row_cards[row, n_held + v]``), then zeros.
    """

    alias_prob: np.ndarray
    alias_idx: np.ndarray
    pmask: np.ndarray | None
    lemire: np.ndarray | None
    weighted: np.ndarray | None
    unit_start: np.ndarray | None
    members: np.ndarray | None
    unit_of: np.ndarray | None
    row_cards: np.ndarray | None


def units(sizes: list[int]) -> list[list[int]]:
    """The ranged players (by their combo counts ``sizes``) taken in order into units: each player
    joins the unit before it while the product of the unit's sizes stays at most :data:`JOINT_MAX`."""
    out: list[list[int]] = []
    product = JOINT_MAX + 1
    for g, n in enumerate(sizes):
        if product * n > JOINT_MAX:
            out.append([])
            product = 1
        out[-1].append(g)
        product *= n
    return out


def one_table(sizes: list[int]) -> bool:
    """Whether ranged players with ``sizes`` combos each make one unit whose rows a lane deals from
    (:class:`Held`'s ``row_cards``): one unit of at most :data:`JOINT_MAX` ways (one range alone may
    hold more; its rows are then not copied)."""
    return len(units(sizes)) == 1 and math.prod(sizes) <= JOINT_MAX


def _joint(combos: list[np.ndarray], weights: list[np.ndarray],
           masks: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A unit's rows: ``(rows, weights, masks)``, every choice of one combo per player (int64 (R, k),
    indices into each player's combos, the first player's slowest) that shares no card (``masks``: each
    combo's card mask), with the product of their weights and the union of their masks."""
    rows = np.arange(len(combos[0]), dtype=np.int64)[:, None]
    w = np.asarray(weights[0], np.float64)
    m = masks[0]
    for k in range(1, len(combos)):
        keep = (m[:, None] & masks[k][None, :]) == 0
        left, right = np.nonzero(keep)
        rows = np.concatenate([rows[left], right[:, None]], axis=1)
        w = w[left] * np.asarray(weights[k], np.float64)[right]
        m = m[left] | masks[k][right]
    return rows, w, m


def held_tables(ranged: list[tuple[np.ndarray, np.ndarray]], live: np.ndarray) -> Held:
    """The :class:`Held` tables of the ranged players (``(combos, weights)`` each, as
    :meth:`equity.scenario.Scenario.ranged`), cards in ``live`` (uint8); without any, None in every
    field but the alias arrays (empty). A kernel handed ``pmask`` None compiles without its ranged code
    (numba prunes the branches, a quarter of its compile time), and one handed ``row_cards`` None without
    the one-unit path. Separate fields of a deal, not a tuple: a tuple within the deal cannot cross numba's
    prange."""
    if not ranged:
        return Held(np.zeros(0, np.uint64), np.zeros(0, np.int64), *(None,) * 7)
    at = np.zeros(52, np.uint64)
    at[live] = np.arange(len(live), dtype=np.uint64)
    one = np.uint64(1)
    masks = [np.bitwise_or.reduce(one << at[combos.astype(np.int64)], axis=1) for combos, _ in ranged]
    first = np.concatenate([[0], np.cumsum([len(c) for c, _ in ranged])]).astype(np.int64)
    groups = units([len(c) for c, _ in ranged])
    probs, aliases, pmasks, members, lemire, weighted, starts = [], [], [], [], [], [], [0]
    unit_of = np.zeros(len(ranged), np.int64)
    for u, group in enumerate(groups):
        rows, w, m = _joint([ranged[g][0] for g in group], [ranged[g][1] for g in group],
                            [masks[g] for g in group])
        prob, alias = alias_table(w)
        member = np.zeros((len(rows), len(ranged)), np.int64)
        for k, g in enumerate(group):
            member[:, g] = first[g] + rows[:, k]
            unit_of[g] = u
        probs.append(prob)
        aliases.append(alias)
        pmasks.append(m)
        members.append(member)
        n = np.uint64(len(rows))
        lemire.append((np.uint64(2**32) - n) % n)
        weighted.append(bool((prob != _ALWAYS).any()))
        starts.append(starts[-1] + len(rows))
    pmask = np.concatenate(pmasks)
    member = np.concatenate(members)
    row_cards = None
    if one_table([len(c) for c, _ in ranged]):
        row_cards = np.zeros((len(pmask), ROW_WIDTH), np.uint8)
        _fill_rows(np.concatenate([c for c, _ in ranged]).astype(np.uint8), member, pmask, live, row_cards)
    return Held(np.concatenate(probs), np.concatenate(aliases), pmask, np.array(lemire, np.uint64),
                np.array(weighted, np.bool_), np.array(starts, np.int64), member, unit_of, row_cards)


@njit(cache=True)
def _fill_rows(combos, members, pmask, live, row_cards):
    """Each row's cards into ``row_cards`` (:class:`Held`): its players' combos (rows of ``combos``
    by ``members``), then the cards of ``live`` outside its mask of positions ``pmask``."""
    for r in range(members.shape[0]):
        k = 0
        for g in range(members.shape[1]):
            for j in range(combos.shape[1]):
                row_cards[r, k] = combos[members[r, g], j]
                k += 1
        held = pmask[r]
        for i in range(live.shape[0]):  # branch-free: each card written, kept when it is not held
            row_cards[r, k] = live[i]
            k += 1 - np.int64((held >> np.uint64(i)) & np.uint64(1))
        if k < row_cards.shape[1]:
            row_cards[r, k] = 0  # (the last written card of a row that ends on a held one)


@functools.cache
def compiled_for(ranged: bool, one: bool = True) -> Callable[[tuple], bool]:
    """Whether a chunk kernel's signature is the one compiled for deals with ranged players (``ranged``)
    or the one without (the deal's ``pmask`` None), and with ranged players, the one for a single joint
    table (``one``, :func:`one_table`) or the one for several (``row_cards`` None): they compile apart
    (:func:`held_tables`). The deal is the first named tuple with a ``pmask`` among the arguments."""
    def matches(sig: tuple) -> bool:
        deal = next((a for a in sig if "pmask" in getattr(a, "fields", ())), None)
        if deal is None:
            return False
        kinds = {name: str(kind) != "none" for name, kind in zip(deal.fields, deal.types, strict=True)}
        return kinds["pmask"] == ranged and (not ranged or kinds["row_cards"] == one)

    return matches


@njit
def _ranged_state(lemire, weighted, n_ranged):
    """The buffers :func:`_draw_lanes` and :func:`_pick_lanes` fill for a chunk: ``(rr, used, ok, rows,
    picked)``, the random numbers of a block (uint64 (U, LANES), or (2U, LANES) when a unit is weighted;
    ``lemire`` and ``weighted`` as :class:`Held`'s); each lane's mask of held positions (uint64
    (LANES,)) and whether its first draw stands (bool (LANES,)); each lane's row of each unit (int64 (U,
    LANES)) and the combo each of the ``n_ranged`` players holds (int64 (G, LANES)). The kernels unpack
    it once per chunk and hand the helpers arrays: a helper that unpacks a tuple (or reads a deal's
    fields) updates each array's reference count on every call, which cost the one-unit draw 2.5 ns a
    lane where 1.2 ns is its own."""
    n_units = lemire.shape[0]
    n = n_units * (2 if np.any(weighted) else 1)
    return (np.empty((n, LANES), np.uint64), np.zeros(LANES, np.uint64), np.ones(LANES, np.bool_),
            np.zeros((n_units, LANES), np.int64), np.zeros((n_ranged, LANES), np.int64))


@njit(inline="always")
def _draw_lanes(st, rr, used, ok, rows, unit_start, alias_prob, alias_idx, pmask, lemire, weighted):
    """Draw every lane's row of every unit for a block into ``rows`` (int64 (U, LANES)), with each lane's
    mask of held positions into ``used`` (``rr``, ``ok``: :func:`_ranged_state`'s buffers; the rest
    :class:`Held`'s arrays): unit ``u`` takes row ``unit_start[u] + i``, ``i`` by Lemire's multiply-shift
    on the high 32 bits of lane output ``u`` and, when its rows are weighted, kept or aliased by output
    ``U + u`` (when any unit is weighted, every unit draws two outputs). This runs across the lanes; a
    lane whose draw must be rejected (a product Lemire rejects, about one in 10**8, or two units sharing
    a card) is drawn again whole by :func:`_draw_ranged`. Throwing a rejected draw away whole leaves each
    lane a draw of the wanted law (the weights' product, given that no two combos share a card), however
    the next draw is made. :func:`_pick_lanes` then gives each player's combo, where a kernel needs it.
    :func:`_draw_one` draws the same for one unit, faster."""
    n_units = unit_start.shape[0] - 1
    _fill_lanes(st, rr, rr.shape[0])
    for j in range(LANES):
        used[j] = 0
        ok[j] = True
    for u in range(n_units):
        lo = unit_start[u]
        bound = uint64(unit_start[u + 1] - lo)
        t = lemire[u]
        for j in range(LANES):
            m = (rr[u, j] >> _HIGH) * bound
            i = lo + np.int64(m >> _HIGH)
            if weighted[u] and rr[n_units + u, j] >= alias_prob[i]:
                i = lo + alias_idx[i]
            rows[u, j] = i
            p = pmask[i]
            ok[j] &= ((m & _LOW) >= t) & ((used[j] & p) == 0)
            used[j] |= p
    _redraw_lanes(st, ok, used, rows, unit_start, alias_prob, alias_idx, pmask)


@njit(inline="always")
def _draw_one(st, rr, used, ok, rows, unit_start, alias_prob, alias_idx, pmask, lemire, weighted):
    """:func:`_draw_lanes` for a single unit (the same draws, without the masks of held positions, which
    its kernels do not read), which has nothing to collide with: the bounded draws run as vectors and
    the alias coins apart. (A kernel compiles one of the two: with both paths in one function, the
    one-unit draws ran at 4 ns a lane, not 1.4.)"""
    _fill_lanes(st, rr, rr.shape[0])
    bound = uint64(unit_start[1])
    t = lemire[0]
    for j in range(LANES):
        m = (rr[0, j] >> _HIGH) * bound
        rows[0, j] = np.int64(m >> _HIGH)
        ok[j] = (m & _LOW) >= t
    if weighted[0]:
        for j in range(LANES):
            i = rows[0, j]
            if rr[1, j] >= alias_prob[i]:
                rows[0, j] = alias_idx[i]
    _redraw_lanes(st, ok, used, rows, unit_start, alias_prob, alias_idx, pmask)


@njit(inline="always")
def _redraw_lanes(st, ok, used, rows, unit_start, alias_prob, alias_idx, pmask):
    """Draw again whole (:func:`_draw_ranged`) each lane whose first draw was rejected (``ok`` False)."""
    for j in range(LANES):
        if not ok[j]:
            st[0, j], st[1, j], st[2, j], st[3, j] = _draw_ranged(
                st[0, j], st[1, j], st[2, j], st[3, j], unit_start, alias_prob, alias_idx, pmask, rows, j)
            used[j] = 0
            for u in range(unit_start.shape[0] - 1):
                used[j] |= pmask[rows[u, j]]


@njit(inline="always")
def _pick_lanes(rows, picked, members, unit_of):
    """Each lane's combo of each ranged player (a row of the deal's ``ranged``) into ``picked`` (int64
    (G, LANES)), from its units' ``rows`` (:func:`_draw_lanes`; ``members``, ``unit_of``: :class:`Held`'s)."""
    for g in range(picked.shape[0]):
        u = unit_of[g]
        for j in range(LANES):
            picked[g, j] = members[rows[u, j], g]


@njit
def _draw_ranged(s0, s1, s2, s3, unit_start, alias_prob, alias_idx, pmask, rows, j):
    """Draw one row for each unit together, into ``rows[:, j]`` (int64 (U, LANES)): unit ``u`` from rows
    ``unit_start[u] ..`` by its alias table (a :class:`Deal`'s arrays); a draw where two rows share a card
    (``pmask``, each row's mask of positions) is rejected whole and drawn again. Out of line, with few
    arguments, so a call is cheap. Returns the generator's state."""
    while True:
        used = uint64(0)
        for u in range(unit_start.shape[0] - 1):
            lo = unit_start[u]
            i, s0, s1, s2, s3 = _bounded(s0, s1, s2, s3, unit_start[u + 1] - lo)
            i += lo
            if alias_prob[i] != _ALWAYS:
                x, s0, s1, s2, s3 = _xoshiro(s0, s1, s2, s3)
                if x >= alias_prob[i]:
                    i = lo + alias_idx[i]
            rows[u, j] = i
            if used & pmask[i]:
                used = _ALWAYS  # collision: draw every unit again
                break
            used |= pmask[i]
        if used != _ALWAYS:
            return s0, s1, s2, s3


def alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table for drawing index ``i`` with probability ``weights[i] / sum(weights)``.

    Returns ``(prob, alias)``: draw ``i`` uniformly, keep it if a uniform 64-bit number is below
    ``prob[i]`` (always when ``prob[i]`` is 2**64 - 1), else take ``alias[i]``. Equal weights give
    "always keep" everywhere, so a uniform range costs one draw.
    """
    n = len(weights)
    scaled = np.asarray(weights, np.float64) * n / float(np.sum(weights))
    prob = np.full(n, _ALWAYS, np.uint64)
    alias = np.arange(n, dtype=np.int64)
    if np.all(weights == weights[0]):
        return prob, alias
    _pair_off(scaled, prob, alias)
    return prob, alias


@njit(cache=True)
def _pair_off(scaled, prob, alias):
    """Walker's pairing for :func:`alias_table`, compiled (a joint table's rows are many: 145 ms for
    54,420 weighted rows in Python): each column below 1 (``scaled``, the weights times n over their
    sum) takes its probability in ``prob`` (a 64-bit threshold) and is topped up from a column of 1 or
    more, ``alias``; what is left has probability 1 up to rounding: always keep."""
    n = scaled.shape[0]
    small = np.empty(n, np.int64)
    large = np.empty(n, np.int64)
    n_small = n_large = 0
    for i in range(n):
        if scaled[i] < 1.0:
            small[n_small] = i
            n_small += 1
        else:
            large[n_large] = i
            n_large += 1
    cap = np.uint64(_ALWAYS - np.uint64(1))
    while n_small and n_large:
        n_small -= 1
        n_large -= 1
        s, g = small[n_small], large[n_large]
        x = scaled[s] * 2.0**64
        prob[s] = cap if x >= 2.0**64 else min(np.uint64(x), cap)
        alias[s] = g
        scaled[g] -= 1.0 - scaled[s]
        if scaled[g] < 1.0:
            small[n_small] = g
            n_small += 1
        else:
            large[n_large] = g
            n_large += 1


def ranged_arrays(scenario) -> tuple[np.ndarray, np.ndarray]:
    """The ranged players' combos (uint8 (n, hole)) and each one's first row (int64 (G + 1,))."""
    ranged = scenario.ranged()
    if not ranged:
        return np.zeros((0, scenario.game.hole), np.uint8), np.zeros(1, np.int64)
    return (np.concatenate([combos for combos, _ in ranged]).astype(np.uint8),
            np.concatenate([[0], np.cumsum([len(c) for c, _ in ranged])]).astype(np.int64))


def check_scenario(scenario: object) -> None:
    """Raise ``TypeError`` unless ``scenario`` is a validated scenario (what :class:`equity.scenario.
    Scenario` builds: the engines read its game, hands, board, live cards and ranges)."""
    kind, own = type(scenario), getattr(scenario, "__dict__", {})  # not hasattr(scenario): it would
    if not all(hasattr(kind, name) or name in own  # compute the properties
               for name in ("game", "holes", "live", "ranged", "labels")):
        raise TypeError(f"expected a Scenario; got {type(scenario).__name__} (equity.calculate takes text)")


def base_deal(scenario, game, categories: bool, stages: int = 4) -> Deal:
    """The :class:`Deal` of a validated scenario: its holes, fixed board, live cards and ranged players,
    and ``game``'s class-to-category table."""
    ranged, start = ranged_arrays(scenario)
    live = scenario.live
    h = held_tables(scenario.ranged(), live)
    return Deal(scenario.holes, np.array(scenario.board, np.uint8), live, ranged, start, h.alias_prob,
                h.alias_idx, categories, game.category_table(), stages, np.ones(len(start) - 1, np.bool_),
                *h[2:])
