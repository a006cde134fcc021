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

This module is generic: it lists the deals (:func:`plan`), and the scenario's game enumerates their
boards (:meth:`equity.games.base.Game.enumeration`: hold'em's :mod:`equity.games.holdem.exact`,
Omaha's :mod:`equity.games.omaha.exact`), counting into :class:`~equity.tally.Tally` rows that
:func:`exact_result` turns into a :class:`~equity.result.Result`. A game says whether its enumeration
may use suit symmetry (:attr:`~equity.games.base.Game.suit_symmetry`) and what a plan costs
(:meth:`~equity.games.base.Game.exact_work`), for the choice between exact and Monte Carlo.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

import numba
import numpy as np

from equity.cards import format_cards
from equity.engines.combo_counts import ComboCounts, ComboIndex, empty_counts, fold_deals
from equity.engines.dealing import check_scenario
from equity.engines.parallel import check_threads
from equity.errors import TooLarge
from equity.options import Progress
from equity.result import Result, low_counts, player_results
from equity.tally import Tally

_SUIT_PERMUTATIONS = list(permutations(range(4)))
#: int64 (24, 52): each suit permutation's card map, the identity first.
_SUIT_MAPS = np.array([[4 * (c >> 2) + perm[c & 3] for c in range(52)] for perm in _SUIT_PERMUTATIONS],
                      np.int64)
#: int64 (1, 52): the identity alone (no symmetry used).
_IDENTITY = _SUIT_MAPS[:1]
_IDENTITY.flags.writeable = False
_BITS = np.uint64(1) << np.arange(52, dtype=np.uint64)
#: int64 (52 * 52,): entry 52 * a + b is the key ``hi * 52 + lo`` of the combo of cards a and b.
_PAIR_KEYS = (np.maximum.outer(np.arange(52), np.arange(52)) * 52
              + np.minimum.outer(np.arange(52), np.arange(52))).astype(np.int64).ravel()
MAX_DEALS = 5_000_000  # deals listed in memory at most (before symmetry)
#: An enumeration of at most this much work (:attr:`Plan.work`, about 3 ms on one core) runs on one
#: thread unless a thread count is given.
SERIAL_WORK = 1_000_000


@dataclass(frozen=True)
class Plan:
    """The deals an exact run enumerates, one per suit-symmetry orbit.

    holes: uint8 (n, P, hole); weight: float64 (n,) orbit size times range weights; orbit: int64 (n,);
    to_deal: the board cards each deal's boards add; work: the kernel's cost in the game's units
    (:meth:`~equity.games.base.Game.exact_work`); maps: int64 (symmetries, 52), the card maps of the
    suit symmetries the deals were reduced by (the identity alone when they were not).
    """

    holes: np.ndarray
    weight: np.ndarray
    orbit: np.ndarray
    boards_per_deal: int
    symmetries: int
    to_deal: int
    work: float
    maps: np.ndarray | None = None

    @functools.cached_property
    def deals(self) -> int:
        """Every deal (all orbits counted in full)."""
        return int(self.orbit.sum())

    @functools.cached_property
    def trials(self) -> int:
        """The (deal, board) pairs the result stands for."""
        return self.deals * self.boards_per_deal


def _symmetries(scenario) -> list[np.ndarray]:
    """Card maps (int64 (52,)) of the suit permutations that leave the board, the dead cards and every
    player's weighted combos unchanged; the identity first."""
    combos = scenario.combos()
    # Each set of known cards (the board, the dead cards, each one-combo hand) must map onto itself:
    # label each known card with its set; a map keeps every set when it keeps every known card's label
    # (the sets are disjoint, and a map is one-to-one). All 24 maps at once; then each range, combo by
    # combo, for the maps left.
    label = np.full(52, -1, np.int64)
    for i, cards in enumerate((scenario.board, scenario.dead, *(c[0] for c, _ in combos if len(c) == 1))):
        label[np.asarray(cards, np.int64)] = i
    known = np.flatnonzero(label >= 0)
    keep = (label[_SUIT_MAPS[:, known]] == label[known]).all(axis=1)
    # A random hand's combos (every hand of the live cards) are kept by any such map: not checked.
    for p, (c, w) in zip(scenario.players, combos, strict=True):
        if p is not None and len(c) != 1:
            keep[keep] = _weighted_kept(_SUIT_MAPS[keep], c, w)
    return list(_SUIT_MAPS[keep])


def _keys(combos: np.ndarray) -> np.ndarray:
    """A combo's index ``hi * 52 + lo`` (int64), whatever order its two cards come in."""
    a, b = combos[..., 0].astype(np.int64), combos[..., 1].astype(np.int64)
    return np.maximum(a, b) * 52 + np.minimum(a, b)


def _deal_keys(holes: np.ndarray) -> np.ndarray:
    """int64 (..., n): each deal's key, its players' combo keys (12 bits each, hero highest) run
    together, from uint8 (..., n, P, 2) holes (each combo's two cards in either order)."""
    combo = _PAIR_KEYS[holes[..., 0] * np.intp(52) + holes[..., 1]]
    keys = combo[..., 0]
    for p in range(1, holes.shape[-2]):
        keys = (keys << 12) | combo[..., p]
    return keys


def _weighted_kept(maps: np.ndarray, combos: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """bool (M,): which card maps (int64 (M, 52)) send the distinct two-card ``combos`` onto themselves,
    each combo's weight with it: all maps at once, each image sorted by key against the combos'."""
    keys = _keys(combos)
    mapped = _keys(maps[:, combos])  # (M, n): combo j's image under map i
    order = np.argsort(mapped, axis=1)
    mine = np.argsort(keys)
    return ((np.take_along_axis(mapped, order, axis=1) == keys[mine]).all(axis=1)
            & (weights[order] == weights[mine]).all(axis=1))


def boards_per_deal(scenario) -> int:
    """The completions each deal has (:meth:`~equity.games.base.Game.completions`: the board's missing
    cards, or in a board-less game every player's cards to come)."""
    return scenario.game.completions(scenario)


def _work(scenario, deals: float, rows: bool, boards: int) -> float:
    game = scenario.game
    return game.exact_work(deals, len(scenario.players), boards, game.board - len(scenario.board),
                           scenario.unweighted and not rows)


def upper_bound(scenario, rows: bool = False) -> float:
    """The work of an exact run at most, before card collisions and symmetry (``rows``: as :func:`plan`)."""
    return _work(scenario, scenario.game.deal_bound(scenario), rows, boards_per_deal(scenario))


def symmetries(scenario) -> list[np.ndarray]:
    """The card maps of the suit permutations that leave the scenario unchanged (1 .. 24 of them; the
    identity alone when the game's enumeration does not use symmetry)."""
    if not scenario.game.suit_symmetry:
        return [np.arange(52)]
    return _symmetries(scenario)


def list_deals(scenario) -> tuple[np.ndarray, np.ndarray]:
    """Every way to give each player one of their combos with no card twice: ``(holes uint8 (n, P,
    hole), weight float64 (n,))``, the weight the product of the combos' range weights.

    Raises:
        TooLarge: more than :data:`MAX_DEALS` combinations of the players' combos.
    """
    return scenario.game.exact_deals(scenario)


def deals_of(combos: Sequence[tuple[np.ndarray, np.ndarray]], hole: int = 2) -> tuple[np.ndarray, np.ndarray,
                                                                                      np.ndarray]:
    """Every way to give each of some players one of their ``(combos, weights)`` with no card twice:
    ``(holes uint8 (n, P, hole), weight float64 (n,), masks uint64 (n,))``, ``masks`` the deals' cards as
    bits. With no players, the one empty deal.

    Raises:
        TooLarge: more than :data:`MAX_DEALS` combinations of the combos.
    """
    bound = math.prod(len(c) for c, _ in combos)
    if bound > MAX_DEALS:
        raise TooLarge(f"{bound:,} combinations of the players' hands")
    if combos and all(len(c) == 1 for c, _ in combos):  # one combo each (fixed hands): one deal or none
        cards = [int(x) for c, _ in combos for x in c[0].tolist()]
        if len(set(cards)) < len(cards):
            return (np.zeros((0, len(combos), combos[0][0].shape[1]), np.uint8), np.ones(0),
                    np.zeros(0, np.uint64))
        weight = 1.0
        for _, w in combos:
            weight *= float(w[0])
        return (np.array([c[0] for c, _ in combos], np.uint8)[None], np.array([weight]),
                np.array([sum(1 << x for x in cards)], np.uint64))
    holes = np.zeros((1, 0, combos[0][0].shape[1] if combos else hole), np.uint8)
    masks = np.zeros(1, np.uint64)
    weight = np.ones(1)
    picks: list[np.ndarray] = []  # each player's combo in each deal so far
    for c, w in combos:
        m = _BITS[c[:, 0]]
        for j in range(1, c.shape[1]):
            m = m | _BITS[c[:, j]]
        rows, cols = np.nonzero((masks[:, None] & m[None, :]) == 0)
        picks = [pick[rows] for pick in picks] + [cols]
        masks = masks[rows] | m[cols]
        weight = weight[rows] * w[cols]
    if picks:
        holes = np.empty((len(weight), len(combos), holes.shape[2]), np.uint8)
        for p, ((c, _), pick) in enumerate(zip(combos, picks, strict=True)):
            holes[:, p] = np.take(c, pick, axis=0)  # (take: a third of the time of c[pick])
    return holes, weight, masks


def plan(scenario, maps: list[np.ndarray] | None = None, rows: bool = False) -> Plan:
    """List the deals to enumerate: every way to give each player one of their combos with no card
    twice, keeping one deal per symmetry orbit.

    Args:
        scenario: a validated scenario.
        maps: its :func:`symmetries`, if the caller has them already.
        rows: the run keeps rows apart (per deal for per-combo counts, per board for runouts), which
            some games' fastest kernels do not: its work is priced for the kernels that do.

    Raises:
        TooLarge: more than :data:`MAX_DEALS` deals would have to be listed.
    """
    holes, weight = list_deals(scenario)
    orbit = np.ones(len(holes), np.int64)
    if holes.shape[1] > 5 or holes.shape[2] != 2 or (len(holes) <= 1 and maps is None):
        # deal keys are of two-card hands, in an int64; one deal (fixed hands) is an orbit of its own
        maps = _IDENTITY
    elif maps is None:
        maps = symmetries(scenario)
    if len(maps) > 1 and len(holes):
        keys = _deal_keys(np.asarray(maps, np.uint8)[:, holes])  # (maps, deals)
        canonical = keys[0] == keys.min(axis=0)
        ordered = np.sort(keys, axis=0)
        orbit = 1 + (ordered[1:] != ordered[:-1]).sum(axis=0)
        holes, weight, orbit = holes[canonical], weight[canonical] * orbit[canonical], orbit[canonical]
    boards = boards_per_deal(scenario)
    return Plan(np.ascontiguousarray(holes, np.uint8), weight.astype(np.float64, copy=False), orbit, boards,
                len(maps), scenario.game.board - len(scenario.board),
                _work(scenario, float(len(holes)), rows, boards),
                maps if maps is _IDENTITY else np.array(maps, np.int64).reshape(len(maps), 52))


def plan_within(scenario, limit: float, rows: bool = False) -> Plan | None:
    """The :func:`plan` of ``scenario`` when its work is at most ``limit``, else None (more work, or
    more deals than can be listed). Listing the deals can take a while, so first a cheap bound: every
    combination of the players' combos (:func:`upper_bound`), shared out over the symmetry group; card
    collisions rarely remove more than 7 in 8, so a bound above 8 times ``limit`` is no plan."""
    bound, maps = upper_bound(scenario, rows), None
    if bound > 8 * limit:
        maps = symmetries(scenario)
        if bound / len(maps) > 8 * limit:
            return None
    try:
        deals = plan(scenario, maps, rows)
    except TooLarge:
        return None
    return deals if deals.work <= limit else None


def enumerate_exact(scenario, *, threads: int | None = None, categories: bool = False,
                    progress: Progress | None = None, deals: Plan | None = None,
                    combos: Sequence[int] = ()) -> Result:
    """Every player's exact win, tie and equity, by enumerating every deal and every board.

    Args:
        scenario: a validated scenario.
        threads: numba threads to use (default: all).
        categories: also count each player's final hand category and wins by category.
        progress: called as ``progress(trials_done, trials_total)`` after each batch of deals.
        deals: the :func:`plan`, if the caller has it already.
        combos: the seats whose per-combo counts to return too (:mod:`equity.engines.combo_counts`): the
            enumeration then counts each deal on its own and adds the deals up by combo.

    Returns:
        A :class:`Result` with method ``"exact"``, seed ``None`` and ``trials`` the number of
        (deal, board) pairs; its ``combos`` the :class:`~equity.engines.combo_counts.ComboCounts` of the seats
        asked for, in their order.

    Raises:
        TooLarge: too many deals to list.
    """
    check_scenario(scenario)
    check_threads(threads)
    deals = deals if deals is not None else plan(scenario, rows=bool(combos))
    game = scenario.game
    per_deal = bool(combos)
    n_players = len(scenario.players)
    counts = [empty_counts(p, *scenario.combos()[p], n_players, game.split, exact=True) for p in combos]
    indexes = [ComboIndex(c.combos) for c in counts]
    maps = deals.maps if deals.maps is not None else np.arange(52)[None]
    parts: list[Tally] = []
    boards = 0
    first = 0
    # A small enumeration runs on the calling thread unless told otherwise: waking numba's idle pool
    # costs up to ~8 ms, more than the whole run.
    # (The game sets numba's thread count around its parallel kernels only: a run on the calling thread
    # then sets and restores nothing, a tenth of a small spot's time.)
    wanted = threads if threads is not None or deals.work > SERIAL_WORK else 1
    run = game.enumeration(scenario, deals, categories, per_deal)  # loads (or compiles) the kernels
    start = time.perf_counter()
    for part, counted, done, rows in run(wanted or numba.get_num_threads()):
        if per_deal:  # one row per deal, in the plan's order: add them up by combo
            last = first + len(rows.wins)
            for c, index in zip(counts, indexes, strict=True):
                fold_deals(c, deals.holes[first:last], rows, deals.weight[first:last],
                           deals.orbit[first:last], deals.boards_per_deal, maps, index)
            part = Tally(*(x.sum(axis=0, keepdims=True) for x in part))
            first = last
        parts.append(part)
        boards += counted
        if progress is not None:
            progress(done, deals.trials)
    assert boards == deals.trials, (boards, deals.trials)
    assert not per_deal or first == len(deals.weight), (first, len(deals.weight))
    return exact_result(scenario, deals, parts, categories, start, counts)


def exact_result(scenario, deals: Plan, parts: list[Tally], categories: bool, start: float,
                 combos: list[ComboCounts] | None = None) -> Result:
    """The :class:`Result` of an enumeration whose kernels counted ``parts`` (weighted tallies with a
    leading axis of chunks), begun at ``start`` (``time.perf_counter()``), with the per-combo counts
    ``combos`` if any."""
    game = scenario.game
    if parts:
        tally = Tally.sum_of(parts)
    else:
        tally = Tally.zeros(1, len(scenario.players), game.split, np.float64,
                            n_categories=len(game.category_slots())).total()
    total = float(deals.weight.sum()) * deals.boards_per_deal
    order, slots = (game.category_names(), game.category_slots()) if categories else (None, None)
    players = player_results(scenario.labels(), scenario.n_combos(), tally, total, categories, exact=True,
                             order=order, slots=slots)
    return Result("exact", deals.trials, None, format_cards(scenario.board), format_cards(scenario.dead),
                  time.perf_counter() - start, players, game.name, low_counts(tally, total), combos or None)
