"""Prize equity by the Independent Chip Model (``equity icm``; DESIGN §14, docs/tournaments.md).

:func:`icm` takes the players' stacks and the payouts and gives each player's prize equity ($EV), their
chance of each paid place, the bubble factor of every pair and, for a named all-in, the risk premium.

- **Malmuth-Harville** (``model="mh"``, the default): the first place goes to each player with
  probability proportional to their stack; each next place, the same among the players left.
- **Malmuth-Weitzman** (``model="mw"``): players bust one at a time, the next one with probability
  proportional to the inverse of their stack, the busted player's chips shared evenly among those left;
  the last one left wins.

Exact by the subset recursion (:mod:`~equity.questions.tournaments.icm_kernels`) for up to
:data:`MAX_EXACT` players with chips; beyond that, seeded Monte Carlo of the same model (Harville in
its exponential-race form), each equity with its standard error. Payouts are sorted (largest first), places
beyond the field are ignored, and players without chips finish last, sharing those places' prizes.

A bubble factor ``BF[i][j]`` is what player ``i`` loses in equity by losing an all-in for the smaller of
the two stacks against ``j``, over what they gain by winning it; the equity ``i`` needs to call it, with
no other chips in the pot, is ``BF / (1 + BF)`` under ICM and 50% in chips; the difference is the risk
premium.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from equity._version import __version__
from equity.errors import EquityError

#: The most players with chips whose places the subset recursion deals exactly (2**22 masks, 0.3 s).
MAX_EXACT = 22
#: The most players whose bubble factors are worked out exactly (two prize equities a pair).
MAX_BUBBLE = 12
#: Monte Carlo trials unless told.
DEFAULT_TRIALS = 100_000
MODELS = ("mh", "mw")
MODEL_NAMES = {"mh": "Malmuth-Harville", "mw": "Malmuth-Weitzman"}


@dataclass(frozen=True)
class AllIn:
    """Player ``hero`` (0-based) calling an all-in of ``villain`` for ``stake`` chips: their prize
    equity now, after winning and after losing it, the share of the pot they need under ICM and in chips
    (no other chips in the pot: 50%), and the risk premium (the difference)."""

    hero: int
    villain: int
    stake: float
    now: float
    win: float
    lose: float
    needed: float
    needed_chips: float

    @property
    def risk_premium(self) -> float:
        return self.needed - self.needed_chips

    def to_dict(self) -> dict[str, Any]:
        return {"hero": self.hero + 1, "villain": self.villain + 1, "stake": self.stake,
                "equity_now": self.now, "equity_if_won": self.win, "equity_if_lost": self.lose,
                "needed": self.needed, "needed_chips": self.needed_chips, "risk_premium": self.risk_premium}


@dataclass(frozen=True)
class IcmResult:
    """Each player's prize equity (:func:`icm`): ``equities`` in prize units, ``places[i][k]`` the chance of
    place ``k + 1`` (paid places only), ``stderr`` per equity for Monte Carlo (None when exact),
    ``bubble[i][j]`` (None on the diagonal, for a player without chips, or when not worked out)."""

    stacks: tuple[float, ...]
    payouts: tuple[float, ...]
    model: str
    method: str
    equities: tuple[float, ...]
    places: tuple[tuple[float, ...], ...]
    stderr: tuple[float, ...] | None = None
    trials: int | None = None
    seed: int | None = None
    bubble: tuple[tuple[float | None, ...], ...] | None = None
    allin: AllIn | None = None

    @property
    def pool(self) -> float:
        return float(sum(self.payouts))

    def to_dict(self) -> dict[str, Any]:
        chips = sum(self.stacks)
        players = []
        for i, stack in enumerate(self.stacks):
            player: dict[str, Any] = {"player": i + 1, "stack": stack, "chips_share": stack / chips,
                                      "equity": self.equities[i], "pool_share": self.equities[i] / self.pool,
                                      "places": list(self.places[i])}
            if self.stderr is not None:
                player["stderr"] = self.stderr[i]
            players.append(player)
        return {"version": __version__, "model": self.model, "method": self.method, "trials": self.trials,
                "seed": self.seed, "payouts": list(self.payouts), "players": players,
                "bubble_factors": None if self.bubble is None else [list(row) for row in self.bubble],
                "allin": None if self.allin is None else self.allin.to_dict()}


def icm(stacks: Sequence[float], payouts: Sequence[float], *, model: str = "mh", trials: int | None = None,
        seed: int | None = None, allin: tuple[int, int] | None = None) -> IcmResult:
    """Each player's prize equity under ``model`` (module docstring). ``trials`` or ``seed`` ask for Monte
    Carlo (it is also used beyond :data:`MAX_EXACT` players with chips); ``allin``: ``(hero, villain)``,
    1-based, for the risk premium of that call.

    Raises:
        EquityError: a stack or payout that is not a number >= 0, no chips or no prize, an unknown model,
            a bad all-in, naming the value.

    >>> r = icm([5000, 3000, 2000], [50, 30, 20])
    >>> [round(e, 4) for e in r.equities]
    [38.3929, 32.75, 28.8571]
    """
    chips = _numbers(stacks, "stack")
    pays = np.sort(_numbers(payouts, "payout"))[::-1][:len(chips)]
    if chips.sum() <= 0:
        raise EquityError("no player has chips: give each player's stack, e.g. 5000 3000 2000")
    if pays.sum() <= 0:
        raise EquityError("no prize: give the payouts, largest first, e.g. --payouts 50,30,20")
    if model not in MODELS:
        raise EquityError(f"unknown ICM model {model!r}; choose mh (Malmuth-Harville) or mw "
                          "(Malmuth-Weitzman)")
    live = int((chips > 0).sum())
    monte_carlo = trials is not None or seed is not None or live > MAX_EXACT
    if monte_carlo:
        if trials is not None and trials < 2:
            raise EquityError(f"trials must be at least 2; got {trials}")
        seed = secrets.randbits(32) if seed is None else seed
        ev, places, se, n = _raced(chips, pays, model, trials or DEFAULT_TRIALS, seed)
        result = IcmResult(tuple(chips.tolist()), tuple(pays.tolist()), model, "monte-carlo",
                           tuple(ev.tolist()), _rows(places), tuple(se.tolist()), n, seed)
    else:
        ev, places = prize_equity(chips, pays, model)
        bubble = _bubble(chips, pays, model, ev) if len(chips) <= MAX_BUBBLE else None
        result = IcmResult(tuple(chips.tolist()), tuple(pays.tolist()), model, "exact", tuple(ev.tolist()),
                           _rows(places), bubble=bubble)
    if allin is not None:
        result = _with_allin(result, chips, pays, model, allin)
    return result


def number(value: Any, what: str) -> float:
    """``value`` as a number of 0 or more.

    Raises:
        EquityError: anything else, naming ``what`` and the value.
    """
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise EquityError(f"{what} {value!r} is not a number") from None
    if not math.isfinite(out) or out < 0:
        raise EquityError(f"{what} {value!r} must be a finite number of 0 or more")
    return out


def _numbers(values: Sequence[float], what: str) -> np.ndarray:
    out = [number(value, what) for value in values]
    if not out:
        raise EquityError(f"no {what}s given")
    return np.array(out, np.float64)


def prize_equity(chips: np.ndarray, pays: np.ndarray, model: str) -> tuple[np.ndarray, np.ndarray]:
    """Exactly: each player's prize equity and their chance of each paid place, ``(ev (n,), places
    (n, m))``, by the subset recursion over the players with chips (at most :data:`MAX_EXACT`)."""
    from equity.questions.tournaments.icm_kernels import _places

    n, m = len(chips), len(pays)
    live = np.flatnonzero(chips > 0)
    k = len(live)
    dealt = _places(chips[live], min(m, k) if model == "mh" else k, model == "mh")
    places = np.zeros((n, m))
    places[live[:, None], np.arange(min(m, k))[None, :]] = dealt[:, :min(m, k)]
    ev = places @ pays
    _last_places(chips, pays, ev, places)
    return ev, places


def _last_places(chips: np.ndarray, pays: np.ndarray, ev: np.ndarray, places: np.ndarray) -> None:
    """The players without chips share the last places and their prizes (in place)."""
    n, m = len(chips), len(pays)
    k = int((chips > 0).sum())
    if k < n:
        tail = np.zeros(n)
        tail[:m] = pays
        for i in np.flatnonzero(chips <= 0):
            ev[i] = tail[k:].mean()
            places[i, k:m] = 1.0 / (n - k)


def _raced(chips: np.ndarray, pays: np.ndarray, model: str, trials: int,
           seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    from equity.questions.tournaments.icm_kernels import _runs

    live = np.flatnonzero(chips > 0)
    k, n, m = len(live), len(chips), len(pays)
    paid = pays[:k]
    won, won2, counts = _runs(chips[live], np.ascontiguousarray(paid), trials, seed % (1 << 32),
                              model == "mh")
    ev, se = np.zeros(n), np.zeros(n)
    places = np.zeros((n, m))
    mean = won / trials
    ev[live] = mean
    se[live] = np.sqrt(np.maximum(won2 / trials - mean * mean, 0.0) / trials)
    places[live[:, None], np.arange(len(paid))[None, :]] = counts / trials
    _last_places(chips, pays, ev, places)
    return ev, places, se, trials


def _after(chips: np.ndarray, winner: int, loser: int) -> np.ndarray:
    stake = min(chips[winner], chips[loser])
    out = chips.copy()
    out[winner] += stake
    out[loser] -= stake
    return out


def _bubble(chips: np.ndarray, pays: np.ndarray, model: str,
            ev: np.ndarray) -> tuple[tuple[float | None, ...], ...]:
    n = len(chips)
    out: list[list[float | None]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if chips[i] <= 0 or chips[j] <= 0:
                continue
            i_wins = prize_equity(_after(chips, i, j), pays, model)[0]
            j_wins = prize_equity(_after(chips, j, i), pays, model)[0]
            out[i][j] = _factor(ev[i] - j_wins[i], i_wins[i] - ev[i])
            out[j][i] = _factor(ev[j] - i_wins[j], j_wins[j] - ev[j])
    return tuple(tuple(row) for row in out)


def _factor(loss: float, gain: float) -> float | None:
    return float(loss / gain) if gain > 1e-12 else None


def _with_allin(result: IcmResult, chips: np.ndarray, pays: np.ndarray, model: str,
                allin: tuple[int, int]) -> IcmResult:
    hero, villain = (int(p) - 1 for p in allin)
    n = len(chips)
    if not (0 <= hero < n and 0 <= villain < n) or hero == villain:
        raise EquityError(f"an all-in names two different players, 1 to {n}; got {allin[0]},{allin[1]}")
    if chips[hero] <= 0 or chips[villain] <= 0:
        raise EquityError(f"player {hero + 1 if chips[hero] <= 0 else villain + 1} has no chips to put in")
    if len(chips) - int((chips <= 0).sum()) > MAX_EXACT:
        raise EquityError(f"the risk premium is worked out exactly, for at most {MAX_EXACT} players with "
                          "chips")
    now = float(prize_equity(chips, pays, model)[0][hero])
    win = float(prize_equity(_after(chips, hero, villain), pays, model)[0][hero])
    lose = float(prize_equity(_after(chips, villain, hero), pays, model)[0][hero])
    needed = (now - lose) / (win - lose) if win > lose else 0.5
    stake = float(min(chips[hero], chips[villain]))
    return IcmResult(**{**result.__dict__, "allin": AllIn(hero, villain, stake, now, win, lose, needed, 0.5)})


def _rows(matrix: np.ndarray) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(float(x) for x in row) for row in matrix)
