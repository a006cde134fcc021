"""Small exact spots of specific hands, at the cost of their boards.

``equity.calculate(["AsKs", "QdQc", "Jh8h"], "Th9h2c")`` is 903 boards, which the hold'em kernel counts
in about 2 us. The general way around it (a :class:`~equity.scenario.Scenario` with its ranges, a
:class:`~equity.engines.exact.Plan`, a batched enumeration) costs some 60 us more, which is what a caller
pays who scores all-in spots one by one, a hand history's say. When every player is a specific hand
written as two-character cards, with the board and dead cards so written, this module looks up what the
spot's shape decides (the game's kernel, the boards, whether they are few enough: :func:`_spot`, cached)
from the text's lengths alone and hands the text, as ASCII ``bytes`` (suit symbols as their letters), to
the game's one-deal kernel (:meth:`~equity.games.base.Game.one_deal_kernel`), which reads the cards
through the card parser's maps, counts the boards and forms the exact figures in one call; what is left
in Python is the :class:`~equity.result.Result`.

Such a caller calls it among other work, on caches that work has used: there, the call costs about what
the memory it touches costs, so it touches little: one cached record, one kernel call of few arguments
with one array back, the players' objects.

It takes only what it can answer exactly as the general way does: anything else (a range, a random hand,
a card written another way, a duplicate or any other mistake, a game without a one-deal kernel, a spot
big enough to be worth threads) returns None, and the caller goes the general way, which also names
what is wrong with bad input. The result is the same :class:`~equity.result.Result`, field for field
(``tests/questions/test_fixed.py`` compares them), but for its clock.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from equity.cards import CARD_NAMES, SUIT_LETTERS
from equity.engines.exact import SERIAL_WORK
from equity.errors import EquityError
from equity.games import Game, get_game
from equity.result import Result, exact_players

#: lcm(1 .. n): the scale of the exact figures of n players' counts.
_LCM = tuple(math.lcm(*range(1, n + 1)) for n in range(30))


class _Spot(NamedTuple):
    """What a spot's shape (its game, players, and board and dead text lengths) decides, decided once:
    the game's one-deal kernel and its arguments, a hand's length in characters, the board's cards, the
    boards to count and the game's name."""

    kernel: Any
    args: tuple[Any, ...]
    size: int
    n_board: int
    boards: int
    game: str


@functools.lru_cache(maxsize=4096)
def _spot(game: str | Game | None, n_players: int, board_chars: int, dead_chars: int) -> _Spot | None:
    """The spot of that shape, or None where the fast way does not take it. ``game`` None is hold'em
    (the game :func:`~equity.games.infer_game` reads from two-card hands: the caller takes no others)."""
    try:
        chosen = get_game(game)
    except (EquityError, TypeError):
        return None
    n_board, odd = divmod(board_chars, 2)
    if odd or dead_chars % 2 or n_board not in chosen.board_sizes or not 2 <= n_players <= chosen.max_players:
        return None
    size = 2 * chosen.hole
    to_deal = chosen.board - n_board
    left = chosen.deck_size - n_players * chosen.hole - n_board - dead_chars // 2
    if left < to_deal:
        return None
    boards = math.comb(left, to_deal)
    if (chosen.exact_work(1.0, n_players, boards, to_deal) > SERIAL_WORK
            or boards * _LCM[n_players] >= 2**53):
        return None
    kernel = chosen.one_deal_kernel()
    if kernel is None:
        return None
    return _Spot(*kernel, size, n_board, boards, chosen.name)


def calculate_fixed(players: Sequence[object], board: object = "", dead: object = "",
                    game: str | Game | None = None) -> Result | None:
    """The exact :class:`Result` of specific hands (text) on ``board`` with ``dead`` out, as
    :func:`equity.calculate` with its default options gives it; None where this fast way does not
    apply (module docstring), the caller then going the general way."""
    if type(players) not in (list, tuple) or type(board) is not str or type(dead) is not str:
        return None
    try:
        hash(game)
    except TypeError:  # a game that is no key (get_game names it, the general way)
        return None
    # (Only that is caught: a kernel that fails to compile is a bug to see, not a spot to go around.)
    spot = _spot(game, len(players), len(board), len(dead))  # type: ignore[arg-type]
    if spot is None:
        return None
    size = spot.size
    for p in players:
        if type(p) is not str or len(p) != size:
            return None
    text = "".join(players) + board + dead  # type: ignore[arg-type]
    symbols = not text.isascii()
    if symbols:
        text = text.translate(SUIT_LETTERS)
        if not text.isascii():
            return None
    n_players = len(players)
    start = time.perf_counter()
    out = spot.kernel(text.encode(), n_players, spot.n_board, *spot.args).tolist()
    elapsed = time.perf_counter() - start
    n = 3 * n_players
    if out[n] < 0:  # not distinct cards of the deck: the general way names the mistake
        return None
    assert out[n] == spot.boards, (out[n], spot.boards)
    if symbols or not out[n + 1]:  # the cards as CARD_NAMES writes them
        names = [CARD_NAMES[int(c)] for c in out[n + 2:]]
        board, dead = "".join(names[:spot.n_board]), "".join(names[spot.n_board:])
    return Result("exact", spot.boards, None, board, dead, elapsed, exact_players(players, out), spot.game)
