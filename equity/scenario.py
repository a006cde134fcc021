"""Validated inputs (:class:`Scenario`) and the :class:`Result` every engine returns.

A scenario is validated once, here: every card distinct across hands, board and dead cards; a board of
0, 3, 4 or 5 cards; 2 to 23 players; enough cards left to deal every trial. Engines assume it valid.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import __version__
from .cards import format_cards, parse_cards
from .errors import DuplicateCardError, HandSizeError, ScenarioError

RANDOM = None
MAX_PLAYERS = 23  # 23 * 2 hole cards + 5 board cards = 51


@dataclass(frozen=True)
class Scenario:
    """Players (a two-card hand, or ``None`` for a random hand), board and dead cards, all card ids.

    Build one with :meth:`build`, which parses and validates.
    """

    players: tuple[tuple[int, int] | None, ...]
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()

    @classmethod
    def build(cls, players: Sequence[str | Sequence[int] | None], board: str | Sequence[int] = (),
              dead: str | Sequence[int] = ()) -> Scenario:
        """Parse and validate.

        Args:
            players: each a two-card hand (``"AsKs"`` or ids) or ``None`` for a random hand; the first
                is the hero.
            board: 0, 3, 4 or 5 cards.
            dead: cards known to be out of play.

        Raises:
            EquityError: naming the offending hand or card.
        """
        hands: list[tuple[int, int] | None] = []
        for i, spec in enumerate(players):
            if spec is RANDOM:
                hands.append(None)
                continue
            cards = parse_cards(spec, distinct=False)
            if len(cards) != 2:
                who = "the hero" if i == 0 else f"player {i + 1}"
                raise HandSizeError(f"{spec!r} ({who}) has {len(cards)} cards; a hand has exactly 2")
            hands.append((cards[0], cards[1]))
        scenario = cls(tuple(hands), tuple(parse_cards(board, distinct=False)),
                       tuple(parse_cards(dead, distinct=False)))
        scenario.validate()
        return scenario

    def validate(self) -> None:
        """Raise :class:`ScenarioError` / :class:`DuplicateCardError` if this cannot be played."""
        n = len(self.players)
        if n < 2:
            raise ScenarioError("at least one opponent is needed")
        if n > MAX_PLAYERS:
            raise ScenarioError(f"{n} players is too many: at most {MAX_PLAYERS} (22 opponents) fit "
                                "in one deck")
        if len(self.board) not in (0, 3, 4, 5):
            raise ScenarioError(f"a board has 0, 3, 4 or 5 cards; {format_cards(self.board)!r} has "
                                f"{len(self.board)}")
        seen: dict[int, str] = {}
        for where, cards in self._known():
            for card in cards:
                if card in seen:
                    first = seen[card]
                    also = "twice in " + where if first == where else f"in {first} and in {where}"
                    raise DuplicateCardError(f"card {format_cards([card])} appears {also}")
                seen[card] = where
        needed = 5 - len(self.board) + 2 * self.players.count(None)
        left = 52 - len(seen)
        if needed > left:
            raise ScenarioError(f"not enough cards: {needed} must be dealt each trial but only {left} "
                                "are left after the known cards")

    def _known(self) -> list[tuple[str, tuple[int, ...]]]:
        named = [("the hero's hand" if i == 0 else f"player {i + 1}'s hand", hand)
                 for i, hand in enumerate(self.players) if hand is not None]
        return [*named, ("the board", self.board), ("the dead cards", self.dead)]

    @property
    def known(self) -> list[int]:
        """Every card out of the deck: hands, board and dead cards."""
        return [c for _, cards in self._known() for c in cards]

    @property
    def live(self) -> np.ndarray:
        """The cards that can still be dealt (uint8, ascending)."""
        known = set(self.known)
        return np.array([c for c in range(52) if c not in known], np.uint8)

    @property
    def holes(self) -> np.ndarray:
        """int16 (players, 2): each player's hole cards, -1 for a random hand."""
        return np.array([hand if hand is not None else (-1, -1) for hand in self.players], np.int16)

    def labels(self) -> list[str]:
        """Each player's hand as text: ``'AsKs'`` or ``'random'``."""
        return [format_cards(hand) if hand is not None else "random" for hand in self.players]


@dataclass(frozen=True)
class PlayerResult:
    """One player's outcome. Fractions in [0, 1]; standard errors 0 for exact results."""

    hand: str
    win: float
    tie: float
    equity: float
    stderr: float
    win_stderr: float
    tie_stderr: float

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "win": self.win, "tie": self.tie, "equity": self.equity,
                "stderr": self.stderr}


@dataclass(frozen=True)
class Result:
    """What every engine returns: per-player results in the order given (hero first)."""

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


def from_counts(wins: np.ndarray, ties: np.ndarray, trials: int) -> list[tuple[float, ...]]:
    """Per player ``(win, tie, equity, equity_se, win_se, tie_se)`` from integer counts.

    Args:
        wins: int64 (players,): trials won alone.
        ties: int64 (players, 24): ``ties[p, k]`` = trials where p split the pot ``k`` ways.
        trials: the number of trials.

    Per trial a player's pot share is 1, 1/k or 0; equity is its mean and the standard error comes from
    the per-trial shares (sample variance / trials).
    """
    out = []
    k = np.arange(ties.shape[1], dtype=np.float64)
    k[0] = 1.0
    for p in range(len(wins)):
        tie_count = int(ties[p].sum())
        share = wins[p] + float((ties[p] / k).sum())
        share_sq = wins[p] + float((ties[p] / (k * k)).sum())
        win, tie, equity = wins[p] / trials, tie_count / trials, share / trials

        def se(mean: float, mean_sq: float) -> float:
            if trials < 2:
                return math.nan
            return math.sqrt(max(0.0, (mean_sq - mean * mean) * trials / (trials - 1)) / trials)

        out.append(tuple(float(x) for x in (win, tie, equity, se(equity, share_sq / trials), se(win, win),
                                            se(tie, tie))))
    return out


_COUNT = re.compile(r"^\d+$")


def is_count(token: str) -> bool:
    """Whether a player token is a count of random opponents (``'2'``)."""
    return bool(_COUNT.match(token))
