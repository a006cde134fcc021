"""Small exact spots of specific hands, at the cost of their boards.

``equity.calculate(["AsKs", "QdQc", "Jh8h"], "Th9h2c")`` is 903 boards, which the hold'em kernel counts
in about 2 us. The general way around it (a :class:`~equity.scenario.Scenario` with its ranges, a
:class:`~equity.engines.exact.Plan`, a batched enumeration) costs some 60 us more, which is what a caller
pays who scores all-in spots one by one, a hand history's say. When every player is a specific hand
written as two-character cards, with the board and dead cards so written, this module checks the
spot's size from the text's length alone and hands the text, as ASCII (suit symbols as their letters),
to the game's one-deal kernel (:meth:`~equity.games.base.Game.one_deal`), which reads the cards through
the card parser's maps, counts the boards and forms the exact figures in one call; what is left in
Python is the :class:`~equity.result.Result`.

It takes only what it can answer exactly as the general way does: anything else (a range, a random hand,
a card written another way, a duplicate or any other mistake, a game without a one-deal kernel, a spot
big enough to be worth threads) returns None, and the caller goes the general way, which also names
what is wrong with bad input. The result is the same :class:`~equity.result.Result`, field for field
(``tests/test_fixed.py`` compares them), but for its clock.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence
from typing import NamedTuple

from ..cards import CARD_NAMES, SUIT_LETTERS
from ..errors import EquityError
from ..games import HOLDEM, Game, get_game
from ..result import Result, exact_players
from .exact import SERIAL_WORK

#: lcm(1 .. n): the scale of the exact figures of n players' counts.
_LCM = tuple(math.lcm(*range(1, n + 1)) for n in range(30))


class _Game(NamedTuple):
    """What the fast way asks of a game, asked once: its hand's size in characters, the most players,
    the board's cards, the deck's size and the boards a spot may give."""

    game: Game
    size: int
    max_players: int
    board: int
    deck_size: int
    board_sizes: frozenset[int]


@functools.lru_cache(maxsize=64)
def _game(game: str | Game | None) -> _Game | None:
    """The game, if it has a one-deal kernel; with ``game`` None, hold'em (the game
    :func:`~equity.games.infer_game` reads from two-card hands: the caller takes no others)."""
    if game is None:
        chosen = HOLDEM
    else:
        try:
            chosen = get_game(game)
        except (EquityError, TypeError):
            return None
        if not chosen.counts_one_deal:
            return None
    return _Game(chosen, 2 * chosen.hole, chosen.max_players, chosen.board, chosen.deck_size,
                 frozenset(chosen.board_sizes))


def calculate_fixed(players: Sequence[object], board: object = "", dead: object = "",
                    game: str | Game | None = None) -> Result | None:
    """The exact :class:`Result` of specific hands (text) on ``board`` with ``dead`` out, as
    :func:`equity.calculate` with its default options gives it; None where this fast way does not
    apply (module docstring), the caller then going the general way."""
    if type(players) not in (list, tuple) or type(board) is not str or type(dead) is not str:
        return None
    try:
        spec = _game(game)
    except TypeError:  # a game that is no key (get_game names it, the general way)
        return None
    n_players = len(players)
    if spec is None or not 2 <= n_players <= spec.max_players:
        return None
    size = spec.size
    for p in players:
        if type(p) is not str or len(p) != size:
            return None
    n_board, odd = divmod(len(board), 2)
    if odd or len(dead) % 2 or n_board not in spec.board_sizes:
        return None
    to_deal = spec.board - n_board
    left = spec.deck_size - (n_players * size + len(board) + len(dead)) // 2
    if left < to_deal:
        return None
    boards = math.comb(left, to_deal)
    g = spec.game
    if g.exact_work(1.0, n_players, boards, to_deal) > SERIAL_WORK or boards * _LCM[n_players] >= 2**53:
        return None
    text = "".join(players) + board + dead  # type: ignore[arg-type]
    if not text.isascii():
        text = text.translate(SUIT_LETTERS)
        if not text.isascii():
            return None
    counted = g.one_deal(text.encode(), n_players, n_board)
    if counted is None:  # not distinct cards of the deck: the general way names the mistake
        return None
    figures, cards, n, start = counted
    assert n == boards, (n, boards)
    n_held = n_players * size // 2
    return Result("exact", boards, None, "".join([CARD_NAMES[c] for c in cards[n_held:n_held + n_board]]),
                  "".join([CARD_NAMES[c] for c in cards[n_held + n_board:]]), time.perf_counter() - start,
                  exact_players(list(players), figures.tolist()), g.name)  # type: ignore[arg-type]
