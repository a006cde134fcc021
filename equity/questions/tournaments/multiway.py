"""The push/fold game of a whole table valued by ICM (``equity pushfold --stacks``; DESIGN §14,
docs/tournaments.md): who acts where, what each line of play leaves in the players' stacks, and what
those stacks are worth.

Seats run from the first player to act to the big blind; with two players the first is the small blind.
Every player posts the ante, the blinds post 0.5 and 1 (big blinds throughout), and stacks are counted
before all of it. The first player to put chips in shoves; everyone after calls or folds, all in, until
:data:`MAX_POT` players are in (those after fold: a pot of four or more is not played); folded to the
big blind, it takes the blinds and antes.

A line of play ends in a **terminal**: the set of players in the pot (members). A member puts in their
stack above the ante, up to the second largest such stack among the members (the rest is not at risk);
the antes and the folded blinds are dead money in the main pot. The pot is paid layer by layer (the main
pot and the side pots), each to the best hand among the members who reach it, chops split evenly. The
showdown's **outcomes** are the members' places (0 the best hand, tied hands sharing a place): one for
a single member, three for two, thirteen for three. Each outcome leaves final stacks, and each player's
payoff is their prize equity on them (:func:`~equity.questions.tournaments.icm.prize_equity`); players
who bust in the same hand finish in the order of their stacks before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from equity.errors import EquityError
from equity.questions.tournaments.icm import MODELS, number, prize_equity

#: The most players a pot is played with (a fourth player facing a shove and two calls folds).
MAX_POT = 3
#: The most players at a table.
MAX_PLAYERS = 10


@dataclass(frozen=True)
class Spot:
    """A table: ``stacks`` in big blinds before the blinds and antes, from the first to act to the big
    blind; ``payouts`` largest first; the ``ante`` each player posts; the ICM ``model``."""

    stacks: tuple[float, ...]
    payouts: tuple[float, ...]
    ante: float = 0.0
    model: str = "mh"

    @property
    def n(self) -> int:
        return len(self.stacks)

    @property
    def big_blind(self) -> int:
        return self.n - 1

    @property
    def small_blind(self) -> int:
        return self.n - 2

    def blind(self, seat: int) -> float:
        return 1.0 if seat == self.big_blind else 0.5 if seat == self.small_blind else 0.0

    def position(self, seat: int) -> str:
        """The seat's name: UTG, UTG+1, ..., LJ, HJ, CO, BTN, SB, BB (as many as the table has; the first
        seat of six or more is UTG)."""
        if seat == self.big_blind:
            return "BB"
        if seat == self.small_blind:
            return "SB"
        back = self.small_blind - 1 - seat
        if back < len(_LATE) and not (seat == 0 and self.n >= 6):
            return _LATE[back]
        return "UTG" if seat == 0 else f"UTG+{seat}"


_LATE = ("BTN", "CO", "HJ", "LJ")


def spot(stacks: Sequence[float], payouts: Sequence[float], ante: float = 0.0, model: str = "mh") -> Spot:
    """The table, checked.

    Raises:
        EquityError: fewer than two or more than :data:`MAX_PLAYERS` stacks, a stack or payout that is
            not a positive number, a stack that cannot post its blind and the ante, more payouts than
            players, an unknown model, naming the value.
    """
    if not 2 <= len(stacks) <= MAX_PLAYERS:
        raise EquityError(f"give the stacks of 2 to {MAX_PLAYERS} players, from the first to act to the big "
                          f"blind; got {len(stacks)}")
    ante = number(ante, "the ante in big blinds")
    chips = [number(s, "the stack") for s in stacks]
    pays = sorted((number(p, "the payout") for p in payouts), reverse=True)
    if not pays:
        raise EquityError("give the payouts, largest first, e.g. --payouts 50,30,20")
    for given in payouts:
        if number(given, "the payout") <= 0:
            raise EquityError(f"the payout {given!r} must be above 0 (give only the places paid)")
    if len(pays) > len(chips):
        raise EquityError(f"{len(pays)} payouts for {len(chips)} players: a place no one at the table can "
                          "take; give at most one payout a player")
    if model not in MODELS:
        raise EquityError(f"unknown ICM model {model!r}; choose mh (Malmuth-Harville) or mw "
                          "(Malmuth-Weitzman)")
    out = Spot(tuple(chips), tuple(pays), ante, model)
    for seat, s in enumerate(chips):
        if s <= out.blind(seat) + ante or s <= 0:
            raise EquityError(f"the {out.position(seat)}'s stack of {s:g} big blinds cannot post "
                              f"{out.blind(seat) + ante:g} (blind and ante) and play: give more")
    return out


@dataclass(frozen=True)
class Tree:
    """The game's decisions and ends.

    ``decisions``: ``(seat, entered)`` for each information set, ``entered`` the seats already in (empty:
    the player opens, shove or fold; else call or fold). ``terminals``: each end's members; ``paths[t]``
    the ``(decision, in)`` pairs its line of play takes; ``places[t]`` its outcomes' places of the members;
    ``payoffs[t]`` ``(outcomes, players)``: each player's prize equity after each outcome."""

    spot: Spot
    decisions: tuple[tuple[int, tuple[int, ...]], ...]
    terminals: tuple[tuple[int, ...], ...]
    paths: tuple[tuple[tuple[int, bool], ...], ...]
    places: tuple[tuple[tuple[int, ...], ...], ...]
    payoffs: tuple[np.ndarray, ...]


def acts(spot: Spot, seat: int, entered: tuple[int, ...]) -> bool:
    """Whether ``seat`` decides after ``entered`` came in: not the big blind folded to, not a player
    behind a full pot."""
    return (len(entered) > 0 or seat != spot.big_blind) and len(entered) < MAX_POT


def tree(spot: Spot) -> Tree:
    """Every decision and end of ``spot``'s game, each end's payoffs."""
    n = spot.n
    decisions: list[tuple[int, tuple[int, ...]]] = []
    index: dict[tuple[int, tuple[int, ...]], int] = {}
    for seat in range(n):
        for size in range(0, min(seat, MAX_POT - 1) + 1):
            for entered in combinations(range(seat), size):
                if acts(spot, seat, entered):
                    index[(seat, entered)] = len(decisions)
                    decisions.append((seat, entered))
    terminals, paths, places, payoffs = [], [], [], []
    for size in range(0, min(n, MAX_POT) + 1):
        for members in combinations(range(n), size):
            if members and members[0] == spot.big_blind:
                continue
            path = []
            for seat in range(n):
                entered = tuple(m for m in members if m < seat)
                if acts(spot, seat, entered):
                    path.append((index[(seat, entered)], seat in members))
            outcomes = outcome_places(len(members))
            terminals.append(members)
            paths.append(tuple(path))
            places.append(outcomes)
            payoffs.append(np.array([prizes(spot, final_stacks(spot, members, p)) for p in outcomes]))
    return Tree(spot, tuple(decisions), tuple(terminals), tuple(paths), tuple(places), tuple(payoffs))


def outcome_places(k: int) -> tuple[tuple[int, ...], ...]:
    """The showdown outcomes of ``k`` (at most :data:`MAX_POT`) members as their places (0 the best, ties
    sharing one): for three, in the order of the three-way table
    (:data:`~equity.questions.tournaments.threeway_table.OUTCOMES`)."""
    if k <= 1:
        return ((0,) * k,)
    if k == 2:
        return ((0, 1), (1, 0), (0, 0))
    from equity.questions.tournaments.threeway_table import OUTCOMES

    return OUTCOMES


def final_stacks(spot: Spot, members: tuple[int, ...], places: tuple[int, ...]) -> np.ndarray:
    """The stacks after the hand: ``members`` in the pot, their hands finishing in ``places``."""
    a = spot.ante
    stacks = np.array(spot.stacks, np.float64) - a
    dead = a * spot.n
    for seat in range(spot.n):
        if seat not in members:
            stacks[seat] -= spot.blind(seat)
            dead += spot.blind(seat)
    if not members:  # folded to the big blind, who takes its blind back with the rest
        stacks[spot.big_blind] += dead
        return stacks
    live = {m: spot.stacks[m] - a for m in members}
    if len(members) == 1:
        stacks[members[0]] += dead
        return stacks
    cap = sorted(live.values())[-2]
    put = {m: min(live[m], cap) for m in members}
    for m in members:
        stacks[m] -= put[m]
    place = dict(zip(members, places, strict=True))
    level = 0.0
    for top in sorted(set(put.values())):
        eligible = [m for m in members if put[m] >= top]
        layer = (top - level) * len(eligible) + dead
        dead, level = 0.0, top
        best = min(place[m] for m in eligible)
        winners = [m for m in eligible if place[m] == best]
        for m in winners:
            stacks[m] += layer / len(winners)
    return stacks


def prizes(spot: Spot, stacks: np.ndarray) -> np.ndarray:
    """Each player's prize equity on ``stacks``: the players with chips by the spot's ICM model over the
    top places; the busted ones below, in the order of their stacks before the hand (equal ones sharing)."""
    pays = np.array(spot.payouts, np.float64)
    alive = stacks > 1e-12
    k = int(alive.sum())
    out = np.zeros(spot.n)
    if k:
        ev, _ = prize_equity(stacks[alive], pays[:k], spot.model)
        out[alive] = ev
    tail = np.zeros(spot.n)
    tail[: len(pays)] = pays
    busted = sorted(np.flatnonzero(~alive).tolist(), key=lambda s: -spot.stacks[s])
    place = k
    for before in sorted({spot.stacks[s] for s in busted}, reverse=True):
        tied = [s for s in busted if spot.stacks[s] == before]
        share = tail[place: place + len(tied)].mean()
        for s in tied:
            out[s] = share
        place += len(tied)
    return out
