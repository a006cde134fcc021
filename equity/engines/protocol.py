"""What the engines are handed: a game's rules (:class:`Rules`) and a validated spot (:class:`Spot`).

The engines sit below the games and the scenario (:class:`equity.games.base.Game`,
:class:`equity.scenario.Scenario`), so they name what they read of them by these protocols, never by
importing them: a game is a value the engines are handed, and whatever offers these attributes plays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

import numpy as np


class Rules(Protocol):
    """A game as the engines ask it: its deck, table and scoring, and the kernels it hands them
    (:class:`equity.games.base.Game` documents each)."""

    name: str
    hole: int
    board: int
    split: bool
    suit_symmetry: bool

    def category_slots(self) -> tuple[str, ...]: ...

    def category_names(self) -> tuple[str, ...]: ...

    def category_table(self) -> np.ndarray: ...

    def simulation(self, scenario: Spot, categories: bool, stages: int = 4) -> tuple[Any, Any, Any]: ...

    def exact_deals(self, scenario: Spot) -> tuple[np.ndarray, np.ndarray]: ...

    def deal_bound(self, scenario: Spot) -> float: ...

    def completions(self, scenario: Spot) -> int: ...

    def exact_work(self, deals: float, players: int, boards: int, to_deal: int,
                   per_deal: bool = False) -> float: ...

    def enumeration(self, scenario: Spot, plan: Any, categories: bool,
                    per_deal: bool = False) -> Callable[[int], Iterator[Any]]: ...

    @property
    def runouts(self) -> BoardRows | None: ...


class BoardRows(Protocol):
    """A game's boards counted by the cards they add, where it has a board
    (:class:`equity.games.base.Runouts` documents it)."""

    def board_rows(self, scenario: Spot, plan: Any, n_threads: int,
                   per_card: bool = False) -> tuple[Any, np.ndarray]: ...


class Spot(Protocol):
    """A validated spot as the engines read it (:class:`equity.scenario.Scenario` documents each): the
    players, board and dead cards, its game, and the deals its players' hands and ranges allow."""

    players: tuple[Any, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    game: Rules

    @property
    def live(self) -> np.ndarray: ...

    @property
    def holes(self) -> np.ndarray: ...

    @property
    def unweighted(self) -> bool: ...

    def ranged(self) -> list[tuple[np.ndarray, np.ndarray]]: ...

    def combos(self) -> list[tuple[np.ndarray, np.ndarray]]: ...

    def labels(self) -> list[str]: ...

    def n_combos(self) -> list[int]: ...


__all__ = ["Rules", "Spot"]
