"""The one exception hierarchy of equity.

Every error a user can cause is an :class:`EquityError` (a :class:`ValueError`), so callers can catch
one type; the CLI maps it to exit status 2 and prints its message on one line, never a traceback.
Messages quote the offending token and, where it helps, its position and the fix.
"""


class EquityError(ValueError):
    """Base class of every error equity raises for bad input."""


class CardError(EquityError):
    """A card token that is not a card: unknown rank or suit, or trailing junk."""


class DuplicateCardError(EquityError):
    """The same card appears twice where all cards must be distinct."""


class HandSizeError(EquityError):
    """A wrong number of cards for what was asked (an evaluation, a board, a hand)."""


class RangeError(EquityError):
    """A malformed range expression, or a range left empty by card removal."""


class ScenarioError(EquityError):
    """Inputs that parse but cannot be played: too many players, a bad board size, bad options."""


class TooLarge(ScenarioError):
    """An exact enumeration too large to list: the engine falls back to Monte Carlo, or reports it when
    exact was asked for."""


class CheckFileError(EquityError):
    """A check file that cannot be read or run: the message names the scenario and the key."""


class GameError(EquityError):
    """An unknown game, or hands that contradict the game (a 2-card hand at an Omaha table)."""


class HistoryError(EquityError):
    """A hand history that cannot be read: a truncated hand, an unknown game or site, an impossible card,
    chips that do not add up. ``where`` is ``file:line`` of the hand (its first line), or empty."""

    def __init__(self, reason: str, where: str = "") -> None:
        super().__init__(f"{where}: {reason}" if where else reason)
        self.reason = reason
        self.where = where


class NotRead(EquityError):
    """A hand history of a site whose histories equity does not read (``Chico hand histories are not
    read``): ``site`` names it."""

    def __init__(self, path: str, site: str) -> None:
        super().__init__(f"{path}: {site} hand histories are not read")
        self.path = path
        self.site = site


class QueryError(EquityError):
    """A query (``equity query``) that cannot be read: the message names the token, its line and column,
    and shows the line with a caret under the token. ``line`` and ``column`` count from 1 (0: the query
    as a whole)."""

    def __init__(self, reason: str, text: str = "", line: int = 0, column: int = 0) -> None:
        if line:
            lines = text.splitlines()
            source = lines[line - 1].replace("\t", " ") if line <= len(lines) else ""
            reason = f"line {line}, column {column}: {reason}\n  {source}\n  {' ' * (column - 1)}^"
        super().__init__(reason)
        self.line = line
        self.column = column
