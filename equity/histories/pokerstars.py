"""PokerStars text hand histories: hold'em, 6+ hold'em, Omaha and Omaha hi-lo with 4 or 5 cards (stud,
razz and the draw games are read by :mod:`equity.histories.pokerstars_games`), alone or in a mixed game
(``8-Game (Razz Limit, $1/$2 USD)``, ``.. 8-Game (Hold'em No Limit) - Level I (10/20)``), cash
games (dollars, euros, pounds, play chips; capped tables) and tournaments.

The header names the hand, the game and the stakes::

    PokerStars Hand #254112233445:  Hold'em No Limit ($0.25/$0.50 USD) - 2026/11/27 9:03:11 ET
    PokerStars Zoom Hand #254112233446:  Omaha Hi/Lo Pot Limit ($0.05/$0.10) - ...
    PokerStars Hand #254112233447: Tournament #3811223344, $10+$1 USD Hold'em No Limit - Level V (100/200)
        - 2026/11/27 21:40:05 CET [2026/11/27 15:40:05 ET]

(``PokerStars Game #`` and ``PokerStars Home Game Hand #`` as well; a tournament's chips are
``"chips"``; the date is the first one printed, with its zone). The body is
:mod:`equity.histories.text`'s, plus All-in Cash Out: ``Name cashed out the hand for $9.53 | Cash Out
Fee $0.10``; the cashed-out player gets that amount, and a pot they would have won goes to the site.
Run it twice: ``*** FIRST TURN *** [..] [..]`` .. ``*** SECOND RIVER ***``, ``FIRST Board [..]``.
"""

from __future__ import annotations

from equity.histories import pokerstars_games
from equity.histories.model import Hand
from equity.histories.pokerstars_text import HEADERS, STUD_DRAW, StarsText
from equity.histories.reader import Site


def is_header(line: str) -> bool:
    """Whether ``line`` starts a PokerStars hand."""
    return line.startswith("PokerStars ") and line.startswith(HEADERS)


def parse(lines: list[str], source: str, line: int) -> Hand:
    """One hand's lines (the header first), ``line`` the number of the header in ``source``.

    Raises:
        HistoryError: a truncated hand, an unknown game, an impossible card, an action line of an unknown
            shape; its ``where`` is the ``file:line`` of the offending line.
    """
    hand = StarsText(lines, source, line)
    hand.header(lines[0])
    if hand.game in STUD_DRAW:
        return pokerstars_games.parse(lines, source, line)
    return hand.read()


SITE = Site("pokerstars", "PokerStars", heads=HEADERS, parse=parse, is_header=is_header)
