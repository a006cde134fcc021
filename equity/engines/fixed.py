"""Small exact spots of specific hands, at the cost of their boards.

``equity.calculate(["AsKs", "QdQc", "Jh8h"], "Th9h2c")`` is 903 boards, which the hold'em kernel counts
in about 5 us. The general way around it (a :class:`~equity.scenario.Scenario` with its ranges, a
:class:`~equity.engines.exact.Plan`, a batched enumeration) costs some 60 us more, which is what a caller
pays who scores all-in spots one by one, a hand history's say. When every player is a specific hand
written as two-character cards, with the board and dead cards so written, this module reads the cards
from :data:`~equity.cards.TWO_CHAR_CARDS`, checks them with one bit mask and hands the single deal to
the game's one-deal kernel (:meth:`~equity.games.base.Game.one_deal`).

It takes only what it can answer exactly as the general way does: anything else (a range, a random hand,
a card written another way, a duplicate or any other mistake, a game without a one-deal kernel, a spot
big enough to be worth threads) returns None, and the caller goes the general way, which also names
what is wrong with bad input. The result is the same :class:`~equity.result.Result`, field for field
(``tests/test_fixed.py`` compares them), but for its clock.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..cards import TWO_CHAR_CARDS
from ..errors import EquityError
from ..games import HOLDEM, Game, get_game
from ..result import Result
from .exact import SERIAL_WORK, counted_result


def _cards(text: str) -> list[int | None]:
    """The cards of ``text`` (of even length) read as two-character names run together; None for each
    pair of characters that is not one."""
    get = TWO_CHAR_CARDS.get
    return [get(text[i:i + 2]) for i in range(0, len(text), 2)]


def _game(game: str | Game | None) -> Game | None:
    """The game, if it has a one-deal kernel; with ``game`` None, hold'em (the game
    :func:`~equity.games.infer_game` reads from two-card hands: the caller takes no others)."""
    if game is None:
        return HOLDEM
    try:
        chosen = get_game(game)
    except (EquityError, TypeError):
        return None
    return chosen if chosen.counts_one_deal else None


def calculate_fixed(players: Sequence[object], board: object = "", dead: object = "",
                    game: str | Game | None = None) -> Result | None:
    """The exact :class:`Result` of specific hands (text) on ``board`` with ``dead`` out, as
    :func:`equity.calculate` with its default options gives it; None where this fast way does not
    apply (module docstring), the caller then going the general way."""
    if type(players) not in (list, tuple) or type(board) is not str or type(dead) is not str:
        return None
    g = _game(game)
    if g is None or not 2 <= len(players) <= g.max_players:
        return None
    size = 2 * g.hole
    for p in players:
        if type(p) is not str or len(p) != size:
            return None
    if len(board) % 2 or len(dead) % 2:
        return None
    cards = _cards("".join(players) + board + dead)
    if None in cards or len(set(cards)) < len(cards) or min(cards) < g.low_card:  # type: ignore[type-var]
        return None
    n_held = g.hole * len(players)
    on_board, out = cards[n_held:n_held + len(board) // 2], cards[n_held + len(board) // 2:]
    left = g.deck_size - len(cards)
    to_deal = g.board - len(on_board)
    if len(on_board) not in g.board_sizes or left < to_deal:
        return None
    boards = math.comb(left, to_deal)
    if g.exact_work(1.0, len(players), boards, to_deal) > SERIAL_WORK:
        return None
    live = g.cards_left(cards[n_held:])  # type: ignore[arg-type]
    holes = np.array(cards[:n_held], np.uint8).reshape(1, len(players), g.hole)
    tally, counted, start = g.one_deal(holes, np.array(on_board, np.uint8), live)
    assert counted == boards, (counted, boards)
    return counted_result(g, list(players), [1] * len(players), tally, float(boards), boards, on_board,
                          out, False, start)
