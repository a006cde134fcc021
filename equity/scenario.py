"""Validated inputs (:class:`Scenario`) and the :class:`Result` every engine returns.

A player holds a specific hand (``AsKs``), a range (``QQ+,AKs``: weighted two-card combos, see
:mod:`equity.ranges`) or a random hand. A scenario is validated once, here: every known card (fixed
hands, board, dead cards) distinct; a board of 0, 3, 4 or 5 cards; 2 to 23 players; ranges stripped of
the combos that use a known card (a range left with one combo becomes a fixed hand, whose cards are then
known too), none left empty; at least one way to deal every range at once; enough cards left for the
rest. Engines assume it valid.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ._version import __version__
from .cards import format_cards, parse_cards
from .dag import CATEGORIES
from .errors import DuplicateCardError, EquityError, HandSizeError, RangeError, ScenarioError
from .ranges import Range, parse_range

RANDOM = None
MAX_PLAYERS = 23  # 23 * 2 hole cards + 5 board cards = 51
RANDOM_HAND, RANGED = -1, -2  # holes[p, 0] codes besides a card id

PlayerSpec = str | Range | Sequence[int] | None


def who(i: int) -> str:
    """``'the hero'`` for player 0, ``'villain i'`` for the others (as the equity table names them)."""
    return "the hero" if i == 0 else f"villain {i}"


def _player(i: int, spec: PlayerSpec) -> Range | None:
    if spec is RANDOM:
        return None
    if isinstance(spec, Range):
        return spec
    if isinstance(spec, str):
        try:
            rng = parse_range(spec)
        except EquityError as exc:
            raise type(exc)(f"{who(i)}: {exc}") from None
        return None if rng.is_random() else rng  # any two cards: dealt, not drawn from a list
    cards = parse_cards(spec, distinct=False)
    if len(cards) != 2:
        raise HandSizeError(f"{who(i)}'s hand {format_cards(cards)!r} has {len(cards)} cards; a hand has "
                            "exactly 2")
    return parse_range(format_cards(cards))


@dataclass(frozen=True)
class Scenario:
    """Players (a :class:`~equity.ranges.Range`, one combo for a specific hand, or ``None`` for a random
    hand), board and dead cards (card ids).

    Build one with :meth:`build`, which parses and validates.
    """

    players: tuple[Range | None, ...]
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()

    @classmethod
    def build(cls, players: Sequence[PlayerSpec], board: str | Sequence[int] = (),
              dead: str | Sequence[int] = ()) -> Scenario:
        """Parse and validate.

        Args:
            players: each a hand (``"AsKs"`` or two ids), a range (``"QQ+,AKs"`` or a
                :class:`~equity.ranges.Range`) or ``None`` for a random hand; the first is the hero.
            board: 0, 3, 4 or 5 cards.
            dead: cards known to be out of play.

        Raises:
            EquityError: naming the offending hand, range or card.
        """
        scenario = cls(tuple(_player(i, spec) for i, spec in enumerate(players)),
                       tuple(parse_cards(board, distinct=False)), tuple(parse_cards(dead, distinct=False)))
        scenario.validate()
        return scenario

    def validate(self) -> None:
        """Raise an :class:`~equity.errors.EquityError` if this cannot be played."""
        n = len(self.players)
        if n < 2:
            raise ScenarioError("at least one opponent is needed")
        if n > MAX_PLAYERS:
            raise ScenarioError(f"{n} players is too many: at most {MAX_PLAYERS} (22 opponents) fit "
                                "in one deck")
        if len(self.board) not in (0, 3, 4, 5):
            raise ScenarioError(f"a board has 0, 3, 4 or 5 cards; {format_cards(self.board)!r} has "
                                f"{len(self.board)}")
        self._resolved  # noqa: B018 - resolves ranges and checks every card conflict
        n_ranged = sum(1 for c in self._resolved if c is not None and len(c[0]) > 1)
        needed = 5 - len(self.board) + 2 * self.players.count(None)
        left = 52 - len(self.known) - 2 * n_ranged
        if needed > left:
            raise ScenarioError(f"not enough cards: {needed} must be dealt each time but only {left} "
                                "are left after the known cards and the ranged hands")

    @functools.cached_property
    def _resolved(self) -> list[tuple[np.ndarray, np.ndarray] | None]:
        """Per player ``(combos, weights)`` after card removal, or ``None`` for a random hand."""
        seen: dict[int, str] = {}

        def take(where: str, cards: Sequence[int]) -> None:
            for card in cards:
                if card in seen:
                    first = seen[card]
                    also = "twice in " + where if first == where else f"in {first} and in {where}"
                    raise DuplicateCardError(f"card {format_cards([card])} appears {also}")
                seen[card] = where

        hands = {i: p for i, p in enumerate(self.players) if p is not None and p.is_hand()}
        for i, hand in hands.items():
            take(f"{who(i)}'s hand", hand.combos[0].tolist())
        take("the board", self.board)
        take("the dead cards", self.dead)
        resolved: list[tuple[np.ndarray, np.ndarray] | None] = [
            (p.combos, p.weights) if i in hands else None for i, p in enumerate(self.players)]
        pending = [i for i, p in enumerate(self.players) if p is not None and i not in hands]
        changed = True
        while changed:  # a range cut down to one combo fixes that hand, which removes more combos
            changed = False
            for i in pending:
                if resolved[i] is not None and len(resolved[i][0]) == 1:
                    continue
                rng = self.players[i].without(seen)
                if len(rng) == 0:
                    used = sorted({int(c) for c in self.players[i].combos.ravel()} & set(seen), reverse=True)
                    raise RangeError(f"{who(i)}'s range {self.players[i].text!r} has no combo left once the "
                                     f"known cards are removed ({format_cards(used, ' ')})")
                resolved[i] = (rng.combos, rng.weights)
                if len(rng) == 1:
                    take(f"{who(i)}'s hand", rng.combos[0].tolist())
                    changed = True
        ranged = [i for i in pending if len(resolved[i][0]) > 1]
        if len(ranged) > 1 and not _can_deal([resolved[i][0] for i in ranged]):
            names = ", ".join(f"{who(i)} ({self.players[i].text})" for i in ranged)
            raise RangeError(f"the ranges of {names} cannot be dealt together: every way collides on a card")
        return resolved

    @property
    def known(self) -> list[int]:
        """Every card out of the deck before dealing: fixed hands, board and dead cards."""
        cards = [c for r in self._resolved if r is not None and len(r[0]) == 1 for c in r[0][0].tolist()]
        return [*cards, *self.board, *self.dead]

    @property
    def live(self) -> np.ndarray:
        """The cards that can still be dealt or held by a ranged player (uint8, ascending)."""
        known = set(self.known)
        return np.array([c for c in range(52) if c not in known], np.uint8)

    @property
    def holes(self) -> np.ndarray:
        """int16 (players, 2): a fixed hand's cards; ``(-1, -1)`` for a random hand; ``(-2, k)`` for the
        k-th ranged player (see :meth:`ranged`)."""
        out, k = [], 0
        for r in self._resolved:
            if r is None:
                out.append((RANDOM_HAND, RANDOM_HAND))
            elif len(r[0]) == 1:
                out.append(tuple(r[0][0].tolist()))
            else:
                out.append((RANGED, k))
                k += 1
        return np.array(out, np.int16).reshape(-1, 2)

    def ranged(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """``(combos uint8 (n, 2), weights float64 (n,))`` of each player left with two or more combos."""
        return [r for r in self._resolved if r is not None and len(r[0]) > 1]

    def combos(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Every player's possible combos and weights after card removal; a random hand's are all the
        pairs of live cards at weight 1."""
        return self._combos

    @functools.cached_property
    def _combos(self) -> list[tuple[np.ndarray, np.ndarray]]:
        live = self.live
        i, j = np.triu_indices(len(live), 1)
        every = np.stack([live[j], live[i]], axis=1).astype(np.uint8)
        return [(every, np.ones(len(every))) if r is None else r for r in self._resolved]

    def labels(self) -> list[str]:
        """Each player as given: ``'AsKs'``, ``'QQ+,AKs'`` or ``'random'``."""
        return ["random" if p is None else p.text for p in self.players]

    def n_combos(self) -> list[int]:
        """How many combos each player may hold after card removal (pairs of live cards if random)."""
        n_live = len(self.live)
        return [n_live * (n_live - 1) // 2 if r is None else len(r[0]) for r in self._resolved]


def _can_deal(ranges: list[np.ndarray], budget: int = 200_000) -> bool:
    """Whether one combo from each range can be dealt without sharing a card (a depth-first search,
    smallest range first; gives up and answers True after ``budget`` steps, leaving the engines to
    reject collisions)."""
    masks = sorted(([(1 << int(a)) | (1 << int(b)) for a, b in combos] for combos in ranges), key=len)
    steps = 0

    def search(k: int, used: int) -> bool:
        nonlocal steps
        if k == len(masks):
            return True
        for m in masks[k]:
            steps += 1
            if steps > budget:
                return True
            if not m & used and search(k + 1, used | m):
                return True
        return False

    return search(0, 0)


CATEGORY_KEYS = tuple(name.lower().replace(" ", "_") for name, _ in CATEGORIES)


@dataclass(frozen=True)
class PlayerResult:
    """One player's outcome. Fractions in [0, 1]; standard errors 0 for exact results.

    ``combos``: how many combos the player could hold after card removal. ``categories``, when asked
    for: per hand category (``'straight_flush'`` .. ``'high_card'``) the fraction of deals the player
    ends with it (``frequency``), wins alone with it (``win``) and splits the pot with it (``tie``).
    """

    hand: str
    win: float
    tie: float
    equity: float
    stderr: float
    win_stderr: float
    tie_stderr: float
    combos: int = 1
    categories: dict[str, dict[str, float]] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.hand, "win": self.win, "tie": self.tie, "equity": self.equity,
                               "stderr": self.stderr, "combos": self.combos}
        if self.categories is not None:
            out["categories"] = self.categories
        return out


@dataclass(frozen=True)
class Result:
    """What every engine returns: per-player results in the order given (hero first).

    ``trials``: Monte Carlo trials played, or for an exact result the number of (deal, board) pairs
    enumerated (every combination of the players' combos with every completion of the board).
    """

    method: str
    trials: int
    seed: int | None
    board: str
    dead: str
    elapsed_s: float
    players: list[PlayerResult] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the CLI's ``--json`` (README: "JSON output")."""
        return {"version": __version__, "method": self.method, "trials": self.trials, "seed": self.seed,
                "board": self.board, "dead": self.dead, "elapsed_s": round(self.elapsed_s, 6),
                "players": [p.to_dict() for p in self.players]}


def player_results(scenario: Scenario, wins: np.ndarray, ties: np.ndarray, total: float,
                   cats: np.ndarray | None = None, exact: bool = False) -> list[PlayerResult]:
    """Each player's :class:`PlayerResult` from counts.

    Args:
        wins: (players,): deals won alone (weighted for exact results with weighted ranges).
        ties: (players, 24): ``ties[p, k]`` = deals where p split the pot ``k`` ways.
        total: the number of trials, or the total weight of the deals enumerated.
        cats: (players, 9, 3) counts by category of deals ended with, won alone and split, or None.
        exact: counts from an enumeration: standard errors are 0. Otherwise they come from the per-trial
            pot shares (1, 1/k or 0): sample variance / trials.
    """
    out = []
    k = np.arange(ties.shape[1], dtype=np.float64)
    k[0] = 1.0
    for p, (label, n) in enumerate(zip(scenario.labels(), scenario.n_combos(), strict=True)):
        tie_count = ties[p].sum()
        if exact and all(float(x).is_integer() for x in (wins[p], *ties[p], total)):
            # Whole counts (unit weights): the pot share is a sum of fractions 1/k, rounded once.
            share = Fraction(int(wins[p])) + sum(Fraction(int(t), i) for i, t in enumerate(ties[p]) if t)
            equity = float(share / int(total))
        else:
            equity = float(wins[p] + (ties[p] / k).sum()) / total
        win, tie = float(wins[p] / total), float(tie_count / total)
        if exact:
            ses = (0.0, 0.0, 0.0)
        else:
            share_sq = wins[p] + float((ties[p] / (k * k)).sum())

            def se(mean: float, mean_sq: float) -> float:
                if total < 2:
                    return math.nan
                return math.sqrt(max(0.0, (mean_sq - mean * mean) * total / (total - 1)) / total)

            ses = (se(equity, share_sq / total), se(win, win), se(tie, tie))
        by_category = None
        if cats is not None:
            by_category = {key: {"frequency": float(cats[p, c, 0] / total),
                                 "win": float(cats[p, c, 1] / total), "tie": float(cats[p, c, 2] / total)}
                           for c, key in enumerate(CATEGORY_KEYS)}
        out.append(PlayerResult(label, win, tie, equity, *ses, combos=n, categories=by_category))
    return out


_COUNT = re.compile(r"^\d+$")


def is_count(token: str) -> bool:
    """Whether a player token is a count of random opponents (``'2'``)."""
    return bool(_COUNT.match(token))
