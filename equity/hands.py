"""Hand histories from Python: read them, price their all-ins, sum them per player.

>>> from equity import hands
>>> hand = next(hands.read("examples/hands"))                        # doctest: +SKIP
>>> priced = hands.price(hand)                                        # doctest: +SKIP
>>> [(p.name, round(p.ev, 2), p.actual) for p in priced.players]     # doctest: +SKIP

- :func:`read` yields each :class:`~equity.histories.model.Hand` of files, folders or ``-`` (PokerStars,
  GGPoker, PHH), in order.
- :func:`price` returns a hand's :class:`~equity.questions.hands.allin.PricedHand`: whether it was priced (or
  why not), the pots with each eligible player's share, each player's EV, actual result and luck.
- :func:`run` reads and prices them all (on worker processes or a Dask cluster if asked) and returns the
  :class:`~equity.questions.hands.Summary` per player, as ``equity hands`` prints it.
- :func:`to_phh` writes a hand as PHH text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from equity.errors import HistoryError
from equity.histories.files import read as _read
from equity.histories.model import Action, CashOut, Hand, Player
from equity.histories.phh_write import write as to_phh
from equity.questions.hands import PlayerTotals, Summary, run
from equity.questions.hands.allin import PlayerFigures, PotShares, PricedHand, price

__all__ = ["Action", "CashOut", "Hand", "HistoryError", "Player", "PlayerFigures", "PlayerTotals",
           "PotShares", "PricedHand", "Summary", "price", "read", "run", "to_phh"]


def read(*paths: str, on_error: Callable[[HistoryError], None] | None = None) -> Iterator[Hand]:
    """Every hand of ``paths`` (files, folders read recursively, ``-`` for standard input), in order.

    A hand that cannot be read raises its :class:`~equity.errors.HistoryError` (file, line, reason), or,
    with ``on_error``, is handed to it and the rest go on.

    Raises:
        EquityError: a path that does not exist, or a named file that is not a hand history.
        HistoryError: an unreadable hand, without ``on_error``.
    """
    for item in _read(list(paths)):
        if isinstance(item, HistoryError):
            if on_error is None:
                raise item
            on_error(item)
        else:
            yield item
