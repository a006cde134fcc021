"""Heads-up push/fold in chips (``equity pushfold``; DESIGN §14, docs/tournaments.md): the small blind
shoves or folds, the big blind calls or folds, at an effective stack counted before the blinds.

The small blind posts 0.5 and the big blind 1 (big blinds throughout), each an ante ``a`` besides.
For a small-blind class ``i`` against a big-blind class ``j``, weighed by their compatible combos (card
removal) and with ``eq`` the exact all-in equity of :mod:`~equity.questions.tournaments.headsup_table`:
folding loses ``0.5 + a``; a shove the big blind folds to wins ``1 + a``; a called shove nets
``S * (2 * eq - 1)``. The game is solved by CFR+ (regret matching with regrets floored at zero,
strategies averaged with linearly growing weights) until its exploitability, measured by an exact best
response of each player to the other's averaged strategy, is at most :data:`TOLERANCE` big blinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from equity._version import __version__
from equity.classes import CLASS_NAMES, n_combos
from equity.errors import EquityError
from equity.questions.tournaments.icm import number

#: The exploitability the solve stops at, in big blinds.
TOLERANCE = 1e-6
#: The most iterations a solve runs.
MAX_ITERATIONS = 200_000
_CHECK = 250  # iterations between measurements of the exploitability


@dataclass(frozen=True)
class PushFold:
    """The equilibrium at one stack: ``push[i]`` and ``call[i]`` the frequencies of each class (grid
    index, :data:`equity.classes.CLASS_NAMES`), the shares of combos shoved and called, the small blind's
    game value in big blinds, the exploitability reached and the iterations it took."""

    stack: float
    ante: float
    push: tuple[float, ...]
    call: tuple[float, ...]
    push_share: float
    call_share: float
    value: float
    exploitability: float
    iterations: int

    def to_dict(self) -> dict[str, Any]:
        return {"version": __version__, "stack": self.stack, "ante": self.ante,
                "push_share": self.push_share, "call_share": self.call_share, "sb_value": self.value,
                "exploitability": self.exploitability, "iterations": self.iterations,
                "push": {name: self.push[i] for i, name in enumerate(CLASS_NAMES)},
                "call": {name: self.call[i] for i, name in enumerate(CLASS_NAMES)}}


class Game:
    """The push/fold game at one stack: payoffs by (small-blind class, big-blind class)."""

    def __init__(self, stack: float, ante: float) -> None:
        from equity.questions.tournaments.headsup_table import PER_PAIR, table

        shares, pairs, _ = table()
        self.weight = pairs.astype(np.float64)  # compatible combo pairs (card removal)
        equity = np.where(pairs > 0, shares / np.maximum(pairs, 1) / PER_PAIR, 0.5)
        self.called = stack * (2 * equity - 1)  # the small blind's net when called
        self.steal = 1.0 + ante
        self.fold = -(0.5 + ante)
        self.hands = self.weight.sum(axis=1)  # each class's combos times 1,225 others
        self.total = self.hands.sum()

    def shove(self, call: np.ndarray) -> np.ndarray:
        """The small blind's value of shoving each class against the big blind's calling frequencies."""
        return (self.weight * (call * self.called + (1 - call) * self.steal)).sum(axis=1) / self.hands

    def answers(self, push: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The big blind's ``(call, fold)`` value of each class against the small blind's shoves, weighed
        by how often each small-blind class shoves into it (not normalised: the same weight for both)."""
        shoved = self.weight * push[:, None]
        return (shoved * -self.called).sum(axis=0), shoved.sum(axis=0) * -self.steal

    def value(self, push: np.ndarray, call: np.ndarray) -> float:
        return float((self.hands * (push * self.shove(call) + (1 - push) * self.fold)).sum() / self.total)

    def exploitability(self, push: np.ndarray, call: np.ndarray) -> float:
        """How much the two best responses gain together against ``(push, call)``, in big blinds."""
        best_sb = (self.hands * np.maximum(self.shove(call), self.fold)).sum() / self.total
        calls, folds = self.answers(push)
        folded = (self.hands * (1 - push) * self.fold).sum()
        best_bb = (np.minimum(-calls, -folds).sum() + folded) / self.total
        return float(best_sb - best_bb)


def pushfold(stack: float, ante: float = 0.0, tolerance: float = TOLERANCE) -> PushFold:
    """The heads-up push/fold equilibrium at an effective ``stack`` of big blinds, counted before the
    blinds (module docstring).

    Raises:
        EquityError: a stack or ante that is not a number, a stack below the big blind and the ante.

    >>> r = pushfold(10)
    >>> round(100 * r.push_share, 1), round(100 * r.call_share, 1), r.exploitability <= 1e-6
    (58.3, 37.4, True)
    """
    stack, ante = number(stack, "the stack in big blinds"), number(ante, "the ante in big blinds")
    if stack < 1 + ante:
        raise EquityError(f"a stack of {stack:g} big blinds cannot post the big blind and an ante of "
                          f"{ante:g}: give at least {1 + ante:g}")
    return _answer(stack, ante, tolerance)


def _answer(stack: float, ante: float, tolerance: float,
            start: tuple[np.ndarray, np.ndarray] | None = None) -> PushFold:
    game = Game(stack, ante)
    push, call, iterations = _solve(game, tolerance, start)
    combos = np.array([n_combos(name) for name in CLASS_NAMES], np.float64)
    return PushFold(stack, ante, tuple(push.tolist()), tuple(call.tolist()),
                    float((combos * push).sum() / 1326), float((combos * call).sum() / 1326),
                    game.value(push, call), game.exploitability(push, call), iterations)


@dataclass(frozen=True)
class Chart:
    """Push/fold over a range of stacks: for every class (by name), the stacks at which it is shoved and
    called (a frequency of at least a half), as intervals ``(from, to)``; ``to`` is :attr:`high` where it
    still holds at the top of the range. ``answers``: each stack's equilibrium."""

    low: float
    high: float
    step: float
    ante: float
    push: dict[str, tuple[tuple[float, float], ...]]
    call: dict[str, tuple[tuple[float, float], ...]]
    answers: tuple[PushFold, ...]

    def to_dict(self) -> dict[str, Any]:
        def spans(table: dict[str, tuple[tuple[float, float], ...]]) -> dict[str, list[list[float]]]:
            return {name: [list(span) for span in spans_] for name, spans_ in table.items()}

        return {"version": __version__, "low": self.low, "high": self.high, "step": self.step,
                "ante": self.ante, "push": spans(self.push), "call": spans(self.call),
                "largest_exploitability": max(a.exploitability for a in self.answers)}


def chart(low: float, high: float, step: float = 0.5, ante: float = 0.0,
          tolerance: float = TOLERANCE) -> Chart:
    """The push/fold chart from ``low`` to ``high`` big blinds in steps of ``step``: each stack solved as
    :func:`pushfold` solves it (starting from the previous stack's answer), each class's shoving and
    calling stacks as intervals.

    Raises:
        EquityError: bounds that are not numbers, ``low`` below the big blind and ante, ``high`` below
            ``low``, a step that is not positive or that makes more than 2,000 stacks.
    """
    low, high = number(low, "the chart's lowest stack"), number(high, "the chart's highest stack")
    step, ante = number(step, "the chart's step"), number(ante, "the ante in big blinds")
    if low < 1 + ante or high < low or step <= 0 or (high - low) / step > 2000:
        raise EquityError(f"a chart runs from at least {1 + ante:g} big blinds up, in steps above 0 and no "
                          f"more than 2,000 of them; got {low:g}-{high:g} in steps of {step:g}")
    stacks = [round(low + k * step, 9) for k in range(int(round((high - low) / step)) + 1)]
    answers, start = [], None
    for stack in stacks:
        answer = _answer(stack, ante, tolerance, start)
        answers.append(answer)
        start = (np.array(answer.push), np.array(answer.call))
    push = {name: _spans(stacks, [a.push[i] for a in answers]) for i, name in enumerate(CLASS_NAMES)}
    call = {name: _spans(stacks, [a.call[i] for a in answers]) for i, name in enumerate(CLASS_NAMES)}
    return Chart(low, stacks[-1], step, ante, push, call, tuple(answers))


def _spans(stacks: list[float], frequencies: list[float]) -> tuple[tuple[float, float], ...]:
    out: list[tuple[float, float]] = []
    begin: float | None = None
    previous = stacks[0]
    for stack, f in zip(stacks, frequencies, strict=True):
        if f >= 0.5 and begin is None:
            begin = stack
        if f < 0.5 and begin is not None:
            out.append((begin, previous))
            begin = None
        previous = stack
    if begin is not None:
        out.append((begin, stacks[-1]))
    return tuple(out)


def _solve(game: Game, tolerance: float,
           start: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray, int]:
    """CFR+ until the averaged strategies are at most ``tolerance`` exploitable: ``(push, call,
    iterations)``. ``start``: strategies to begin from (a nearby stack's answer), else even mixes."""
    n = len(CLASS_NAMES)
    regret_sb, regret_bb = np.zeros((n, 2)), np.zeros((n, 2))
    push, call = (np.full(n, 0.5), np.full(n, 0.5)) if start is None else start
    mean_push, mean_call, weight = np.zeros(n), np.zeros(n), 0.0
    for t in range(1, MAX_ITERATIONS + 1):
        shove = game.shove(call)
        now = push * shove + (1 - push) * game.fold
        regret_sb[:, 0] = np.maximum(regret_sb[:, 0] + shove - now, 0.0)
        regret_sb[:, 1] = np.maximum(regret_sb[:, 1] + game.fold - now, 0.0)
        push = _matched(regret_sb)
        mean_push += t * push
        calls, folds = game.answers(push)
        now_bb = call * calls + (1 - call) * folds
        regret_bb[:, 0] = np.maximum(regret_bb[:, 0] + calls - now_bb, 0.0)
        regret_bb[:, 1] = np.maximum(regret_bb[:, 1] + folds - now_bb, 0.0)
        call = _matched(regret_bb)
        mean_call += t * call
        weight += t
        if t % _CHECK == 0 and game.exploitability(mean_push / weight, mean_call / weight) <= tolerance:
            break
    return mean_push / weight, mean_call / weight, t


def _matched(regret: np.ndarray) -> np.ndarray:
    total = regret.sum(axis=1)
    return np.where(total > 0, regret[:, 0] / np.where(total > 0, total, 1.0), 0.5)
