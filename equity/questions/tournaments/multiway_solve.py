"""Push/fold at a whole table valued by ICM (``equity pushfold --stacks S1,S2,... --payouts ...``;
DESIGN §14, docs/tournaments.md): every decision's shoving or calling range, each player's prize
equity, and how far from an equilibrium the answer is.

The game is :mod:`~equity.questions.tournaments.multiway`'s. It is solved by CFR+ with every player's
regrets updated together: each class at each decision keeps the regret of going in and of folding
(floored at zero), plays in proportion to them (folding where neither is positive), and the
strategies are averaged with weights growing as the iteration's square (:data:`POWER`). After
:data:`CHECK` iterations, then each time a quarter more have run, the averaged profile is measured: each
player's best response to the others, at every decision and class, gains what it gains; the sum over
the players, as a share of the prize pool, is the **exploitability**, and the solve stops once it is
at most ``tolerance`` (:data:`TOLERANCE`, 0.01% of the pool).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from equity._version import __version__
from equity.classes import CLASS_NAMES, class_combos, n_combos
from equity.options import Progress
from equity.questions.tournaments.icm import prize_equity
from equity.questions.tournaments.multiway import MAX_POT, Spot, Tree, spot, tree
from equity.questions.tournaments.multiway_kernels import Arrays, Folds
from equity.questions.tournaments.multiway_kernels import _values as _kernel
from equity.ranges import format_range

#: The exploitability a solve stops at, as a share of the prize pool.
TOLERANCE = 1e-4
#: The most iterations a solve runs.
MAX_ITERATIONS = 20_000
#: The average weighs iteration t by t ** POWER (later iterations, nearer the equilibrium, count more).
POWER = 2
#: The first measurement of the exploitability, after this many iterations; each next one after a
#: quarter more (a measurement of the averaged, dense, profile costs some ten iterations).
CHECK = 25


@dataclass(frozen=True)
class Decision:
    """One decision's range: ``seat`` and its ``position`` name, the positions already ``entered`` (none:
    the player opens, shoving or folding; else calls or folds), each class's frequency of going in
    (grid index) and the share of combos that do, and how often the decision is reached."""

    seat: int
    position: str
    entered: tuple[str, ...]
    frequencies: tuple[float, ...]
    share: float
    reached: float

    @property
    def action(self) -> str:
        return "call" if self.entered else "shove"

    @property
    def range_text(self) -> str:
        """The range in equity's syntax, each class at its frequency to the percent (``@50``), classes
        played less than half a percent of the time left out; ``''`` for none."""
        played = [(name, round(f, 2)) for name, f in zip(CLASS_NAMES, self.frequencies, strict=True)
                  if f >= 0.005]
        if not played:
            return ""
        combos = [c for name, _ in played for c in class_combos(name)]
        weights = [w for name, w in played for _ in class_combos(name)]
        return format_range(combos, weights)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat + 1, "position": self.position, "facing": list(self.entered),
                "action": self.action, "share": self.share, "reached": self.reached,
                "range_text": self.range_text,
                "range": {name: self.frequencies[i] for i, name in enumerate(CLASS_NAMES)}}


@dataclass(frozen=True)
class TableResult:
    """The solve of a table: the spot, every decision's range, each player's prize equity before and
    after the hand is played, each player's best-response gain and their sum (the exploitability) in
    prize and as a share of the pool, and the iterations it took."""

    spot: Spot
    decisions: tuple[Decision, ...]
    equities: tuple[float, ...]
    before: tuple[float, ...]
    gains: tuple[float, ...]
    exploitability: float
    iterations: int

    @property
    def pool(self) -> float:
        return float(sum(self.spot.payouts))

    @property
    def exploitability_share(self) -> float:
        return self.exploitability / self.pool

    def to_dict(self) -> dict[str, Any]:
        s = self.spot
        return {"version": __version__, "stacks": list(s.stacks), "payouts": list(s.payouts),
                "ante": s.ante, "model": s.model, "max_pot": MAX_POT,
                "players": [{"seat": k + 1, "position": s.position(k), "stack": s.stacks[k],
                             "equity": self.equities[k], "equity_before": self.before[k],
                             "best_response_gain": self.gains[k]} for k in range(s.n)],
                "exploitability": self.exploitability, "exploitability_share": self.exploitability_share,
                "iterations": self.iterations, "decisions": [d.to_dict() for d in self.decisions]}


def table_pushfold(stacks: Sequence[float], payouts: Sequence[float], ante: float = 0.0, model: str = "mh",
                   tolerance: float = TOLERANCE, progress: Progress | None = None) -> TableResult:
    """The push/fold equilibrium of a table valued by ICM (module docstring): ``stacks`` in big blinds
    before the blinds, from the first to act to the big blind; ``payouts`` in any order. ``progress(done,
    total)``: called while the three-way table is built, the first time a table of three or more needs it
    (:func:`~equity.questions.tournaments.threeway_table.table`, about a minute, once per cache folder).

    Raises:
        EquityError: a bad table (:func:`~equity.questions.tournaments.multiway.spot`).
    """
    game = spot(stacks, payouts, ante, model)
    return solve(game, tolerance, progress)


def solve(game: Spot, tolerance: float = TOLERANCE, progress: Progress | None = None) -> TableResult:
    """:func:`table_pushfold` of a checked table."""
    g = tree(game)
    arrays = _arrays(g, progress)
    k = len(g.decisions)
    pool = float(sum(game.payouts))
    regret_in, regret_fold = np.zeros((k, 169)), np.zeros((k, 169))
    sigma = np.zeros((k, 169))
    mean, weight = np.zeros((k, 169)), 0.0
    check = CHECK
    for t in range(1, MAX_ITERATIONS + 1):
        cv_in, cv_fold, _ = _values(sigma, arrays)
        now = sigma * cv_in + (1 - sigma) * cv_fold
        regret_in = np.maximum(regret_in + cv_in - now, 0.0)
        regret_fold = np.maximum(regret_fold + cv_fold - now, 0.0)
        total = regret_in + regret_fold
        sigma = np.divide(regret_in, total, out=np.zeros_like(total), where=total > 0)
        mean += t ** POWER * sigma
        weight += t ** POWER
        if t == check or t == MAX_ITERATIONS:
            profile = mean / weight
            cv_in, cv_fold, ev = _values(profile, arrays, parallel=True)
            gains = _gains(g, profile, cv_in, cv_fold)
            if gains.sum() <= tolerance * pool:
                break
            check = max(t + CHECK, int(1.25 * t))
    return _result(g, profile, ev, gains, t, arrays)


def _gains(g: Tree, profile: np.ndarray, cv_in: np.ndarray, cv_fold: np.ndarray) -> np.ndarray:
    """Each player's gain from a best response to the others' ``profile`` (whose counterfactual values
    are ``cv_in`` and ``cv_fold``): at each of its decisions and classes, the better action's value over
    the profile's."""
    now = profile * cv_in + (1 - profile) * cv_fold
    gain = (np.maximum(cv_in, cv_fold) - now).sum(axis=1)
    out = np.zeros(g.spot.n)
    np.add.at(out, [seat for seat, _ in g.decisions], gain)
    return out


def _values(sigma: np.ndarray, arrays: Arrays,
            parallel: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's values of ``sigma`` (:func:`~equity.questions.tournaments.multiway_kernels._values`);
    ``parallel``: on all threads, for a dense profile with pots of three (a measurement)."""
    return _kernel(arrays, sigma, folds(arrays, sigma), parallel and bool((arrays.size == 3).any()))


def folds(g: Arrays, sigma: np.ndarray) -> Folds:
    """Each decision's chance of a fold under ``sigma`` (:class:`~equity.questions.tournaments.
    multiway_kernels.Folds`): one minus the chance of going in over the classes dealt there, as matrix
    products (the two-in decisions' all in one)."""
    two = np.flatnonzero(g.dec_n == 2)
    f2 = np.ones((max(len(two), 1), 169, 169))
    if len(two):
        f2[:] = (1.0 - g.q3.reshape(-1, 169) @ sigma[two].T).T.reshape(len(two), 169, 169)
    return Folds(1.0 - sigma @ g.p, 1.0 - sigma @ g.q2.T, f2)


def _result(g: Tree, profile: np.ndarray, ev: np.ndarray, gains: np.ndarray, iterations: int,
            arrays: Arrays) -> TableResult:
    game = g.spot
    p = arrays.p
    reached = _reached(profile, arrays)
    decisions = tuple(
        Decision(seat, game.position(seat), tuple(game.position(e) for e in entered),
                 tuple(profile[k].tolist()), float((p * profile[k]).sum()), reached[k])
        for k, (seat, entered) in enumerate(g.decisions))
    before, _ = prize_equity(np.array(game.stacks), np.array(game.payouts), game.model)
    return TableResult(game, decisions, tuple(ev.tolist()), tuple(before.tolist()), tuple(gains.tolist()),
                       float(gains.sum()), iterations)


def _reached(profile: np.ndarray, arrays: Arrays) -> list[float]:
    """How often each decision is reached: its value to a player paid 1 at every end."""
    _, cv_fold, _ = _values(profile, arrays._replace(payoff=np.ones_like(arrays.payoff)), parallel=True)
    return cv_fold.sum(axis=1).tolist()


def _arrays(g: Tree, progress: Progress | None = None) -> Arrays:
    """The game as the kernels read it (:class:`~equity.questions.tournaments.multiway_kernels.Arrays`)."""
    n, n_terms, k_n = g.spot.n, len(g.terminals), len(g.decisions)
    p = np.array([n_combos(name) for name in CLASS_NAMES], np.float64) / 1326
    index = {d: k for k, d in enumerate(g.decisions)}
    dec_n = np.array([len(entered) for _, entered in g.decisions], np.int64)
    dec_from = np.full((k_n, 2), -1, np.int64)
    dec_slot = np.full(k_n, -1, np.int64)
    slots = 0
    for k, (_, entered) in enumerate(g.decisions):
        for r, e in enumerate(entered):
            dec_from[k, r] = index[(e, entered[:r])]
        if len(entered) == 2:
            dec_slot[k], slots = slots, slots + 1
    size = np.array([len(m) for m in g.terminals], np.int64)
    members = np.full((n_terms, 3), -1, np.int64)
    entered_at = np.full((n_terms, 3), -1, np.int64)
    folders = np.zeros((n_terms, n), np.int64)
    folder_seat = np.zeros((n_terms, n), np.int64)
    n_folders = np.zeros(n_terms, np.int64)
    segment = np.zeros((n_terms, n), np.int64)
    n_out = np.zeros(n_terms, np.int64)
    payoff = np.zeros((n_terms, 13, n))
    for t, ms in enumerate(g.terminals):
        members[t, :len(ms)] = ms
        for k, went_in in g.paths[t]:
            seat, entered = g.decisions[k]
            if went_in:
                entered_at[t, ms.index(seat)] = k
            else:
                f = n_folders[t]
                folders[t, f], folder_seat[t, f], segment[t, f] = k, seat, len(entered)
                n_folders[t] += 1
        n_out[t] = len(g.places[t])
        payoff[t, :n_out[t]] = g.payoffs[t]
    pair = _pair()
    q2 = pair.sum(axis=0) / p[:, None]
    if n >= 3:
        triple, remap, q3 = _triple(progress)
    else:
        triple, remap = np.zeros((1, 1, 1, 13), np.float32), np.zeros((3, 13), np.int64)
        q3 = np.zeros((1, 1, 1))
    return Arrays(p, q2, q3, dec_n, dec_from, dec_slot, size, members, entered_at, folders, folder_seat,
                  n_folders, segment, n_out, payoff, pair, triple, remap)


@cache
def _pair() -> np.ndarray:
    """``(3, 169, 169)``: the chance of the first member's class, the second's, and first wins, second
    wins or chop, from the exact heads-up table."""
    from equity.questions.tournaments.headsup_table import BOARDS, table

    shares, pairs, wins = table()
    scale = 1.0 / (1326 * 1225 * BOARDS)
    ties = shares - 2 * wins
    out = np.stack([wins * scale, wins.T * scale, ties * scale])
    out.flags.writeable = False
    return out


def _triple(progress: Progress | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The three-way table (built first if the cache folder has none), for each member read as its seat
    0 its outcomes as the members', and the third class's chance after the first two, ``q3[a, b, j]``."""
    from equity.questions.tournaments.threeway_table import joint, permuted, table

    table(progress)
    # the members (1, 2, 3) as the table's seats (x, y, z): member s is seat perm[s]
    remap = np.stack([permuted(perm) for perm in ((0, 1, 2), (1, 0, 2), (1, 2, 0))])
    return joint(), remap, _third()


@cache
def _third() -> np.ndarray:
    """``q3[a, b, j]``: the chance of class ``j`` dealt after classes ``a`` and ``b``, from the table's
    exact compatible combo triples (by sorted triple)."""
    from equity.questions.tournaments.threeway_table import table, triple_index

    _, combos = table()
    seats = np.sort(np.stack(np.meshgrid(*[np.arange(169)] * 3, indexing="ij")), axis=0)
    chance = combos[triple_index(seats[0], seats[1], seats[2])].astype(np.float64)
    two = chance.sum(axis=2, keepdims=True)
    out = np.divide(chance, two, out=np.zeros_like(chance), where=two > 0)
    out.flags.writeable = False
    return out
