"""What PokerStars and GGPoker text histories share: a hand's lines after its header.

Both sites write ``Name: verb amount``, ``*** FLOP *** [..]``, ``Uncalled bet ($x) returned to Name``,
``Name collected $x from pot`` and a ``*** SUMMARY ***`` (``Total pot $x | Rake $y ..``, ``Seat n:``
lines); a site's module reads its header and its own lines (:meth:`HandText.verb`, :meth:`~HandText.loose`);
the lines that deal, show and repeat cards and boards are read in :mod:`equity.histories.text_cards`.
A raise "to" an amount adds what the player had not yet put in on that street. Lines that move no chips
and show no cards (chat, "is sitting out", "leaves the table" ...) are skipped; an action of an unknown
shape, or a card that is no card or is dealt twice, is a :class:`HistoryError` naming its ``file:line``.
"""

from __future__ import annotations

from decimal import Decimal

from equity.errors import HistoryError
from equity.histories.model import ZERO, Action, CashOut, Hand, Player
from equity.histories.text_cards import HandCards
from equity.histories.tokens import _SEATS, POSTS, QUIET, action, money, seat_of, table_of

#: What the game and stakes part of a header gives (:meth:`HandText.described`), by site and text: read
#: once for all the hands at the same stakes (cleared when it grows large).
_STAKES: dict[tuple[str, str], tuple] = {}
_FACTS = ("tournament", "game", "limit", "small_blind", "big_blind", "ante", "cap", "currency")


class HandText(HandCards):
    """One hand's lines being read: the header's facts (set by the site's module), then :meth:`read`; the
    lines that deal, show and repeat cards are read by its base,
    :class:`~equity.histories.text_cards.HandCards`."""

    site = ""

    def __init__(self, lines: list[str], source: str, line: int) -> None:
        self.lines, self.source, self.first = lines, source, line
        self.id = self.game = self.limit = ""
        self.currency, self.tournament, self.date, self.cap = "chips", None, None, None
        self.small_blind = self.big_blind = self.ante = ZERO
        self.table: str | None = None
        self.button: int | None = None
        self.players: list[Player] = []
        self.index: dict[str, int] = {}
        self.actions: list[Action] = []
        self.board: tuple[int, ...] = ()
        self.runs: dict[int, tuple[int, ...]] = {}  # run -> board; said_boards: the summary's, and its line
        self.said_boards: dict[int, tuple[tuple[int, ...], int]] = {}
        self.cards: dict[int, tuple[int, ...]] = {}
        self.showed: set[int] = set()
        self.won: dict[int, Decimal] = {}
        self.uncalled: dict[int, Decimal] = {}
        self.fees: dict[str, Decimal] = {}
        self.added = ZERO
        self.cash_outs: dict[int, CashOut] = {}
        self.hero: int | None = None
        self.seen: dict[int, tuple[int, int]] = {}
        self.street = 0
        self.put: list[Decimal] = []

    @classmethod
    def parse(cls, lines: list[str], source: str, line: int) -> Hand:
        """The hand of ``lines`` (its header first), the header on line ``line`` of ``source``."""
        hand = cls(lines, source, line)
        hand.header(lines[0])
        return hand.read()

    def header(self, line: str) -> None:
        """Read the site's header line."""

    def described(self, desc: str) -> None:
        """The header's game and stakes text ``desc`` read (:meth:`describe`), or its facts as read before."""
        key = (self.site, desc)
        facts = _STAKES.get(key)
        if facts is None:
            self.describe(desc)
            if len(_STAKES) > 1000:
                _STAKES.clear()
            _STAKES[key] = tuple(getattr(self, name) for name in _FACTS)
        else:
            (self.tournament, self.game, self.limit, self.small_blind, self.big_blind, self.ante, self.cap,
             self.currency) = facts

    def describe(self, desc: str) -> None:
        """Read the site's game and stakes text ``desc``: set the attributes of :data:`_FACTS`."""

    def stakes(self, desc: str) -> tuple[str, str]:
        """The game's words and the stakes of a header's ``Hold'em No Limit ($0.25/$0.50 USD)`` or
        ``Tournament #1, .. Hold'em No Limit - Level V (100/200)``; a tournament's id is noted."""
        if desc.startswith("Tournament #"):
            self.tournament = desc[12:].partition(",")[0]
            desc, _, level = desc.rpartition(" - ")
            return desc, level[level.rindex("(") + 1:].rstrip(")")
        desc, _, stakes = desc.rpartition("(")
        return desc, stakes.rstrip(")")

    def where(self, k: int) -> str:
        """``file:line`` of ``lines[k]``."""
        return f"{self.source}:{self.first + k}"

    def fail(self, reason: str, k: int) -> HistoryError:
        return HistoryError(reason, self.where(k))

    def read(self) -> Hand:
        """Read the table line, the seats and every line after them; the Hand they describe.

        The common lines (a fold, check, call or bet, a line of the summary that shows no cards) are read
        here without a method call each; the rest go to :meth:`act`, :meth:`marker`, :meth:`summary` ..
        """
        lines, k, n = self.lines, 1, len(self.lines)
        if n > 1 and lines[1].startswith("Table '"):
            self.table, self.button = table_of(lines[1])
            k = 2
        players, index = self.players, self.index
        while k < n and (line := lines[k]).startswith("Seat "):
            found = _SEATS.get(line, ZERO)
            if found is ZERO or found is None or found.name in index:
                self.seat(line, k)
            else:
                index[found.name] = len(players)
                players.append(found)
            k += 1
        self.put = put = [ZERO] * len(self.players)
        start, summary = k, False
        index, act, marker, in_summary = self.index, self.act, self.marker, self.summary
        append, street = self.actions.append, 0
        for k in range(start, n):
            line = lines[k]
            try:
                if summary:
                    if "[" in line or line.startswith("Total pot "):  # the rest show nothing
                        in_summary(line, k)
                elif line.startswith("*** "):
                    summary = marker(line, k)
                    put, street = self.put, self.street
                else:
                    name, colon, rest = line.partition(": ")
                    p = index.get(name)
                    if p is None and colon:
                        p, rest = self.speaker(line)
                    if p is not None:
                        verb, _, arg = rest.partition(" ")
                        if verb == "folds" and not arg.startswith("["):
                            append(action(street, p, "fold"))
                        elif verb == "checks":
                            append(action(street, p, "check"))
                        elif verb == "calls" or verb == "bets":
                            amount = money(arg.partition(" ")[0])
                            put[p] += amount
                            append(action(street, p, "call" if verb == "calls" else "bet", amount))
                        else:
                            act(p, rest, line, k)
                    elif line.startswith("Dealt to "):
                        self.dealt(line, k)
                    elif line.startswith("Uncalled bet ("):
                        amount, _, name = line[14:].partition(") returned to ")
                        self.uncalled[self.who(name, k)] = money(amount)
                    elif " collected " in line:
                        self.collect(line, k)
                    else:
                        self.loose(line, k)
            except HistoryError:
                raise
            except (ArithmeticError, ValueError, LookupError) as e:
                raise self.fail(f"cannot read {line!r} ({e})", k) from None
        if not summary:
            raise self.fail(f"truncated hand: no '*** SUMMARY ***' after {lines[-1]!r}", n - 1)
        return self.hand()

    def seat(self, line: str, k: int) -> None:
        found = seat_of(line)
        if found is not None:
            if found.name in self.index:
                raise self.fail(f"player {found.name!r} seated twice", k)
            self.index[found.name] = len(self.players)
            self.players.append(found)

    def who(self, name: str, k: int) -> int:
        p = self.index.get(name.rstrip())
        if p is None:
            raise self.fail(f"{name!r} has no seat in this hand", k)
        return p

    def speaker(self, line: str) -> tuple[int | None, str]:
        """The player whose name (which may hold ``': '``) starts ``line`` followed by ``': '``."""
        names = [name for name in self.index if line.startswith(name) and line.startswith(": ", len(name))]
        if not names:
            return None, ""
        name = max(names, key=len)
        return self.index[name], line[len(name) + 2:]

    def add(self, p: int, kind: str, amount: Decimal = ZERO) -> None:
        self.actions.append(action(self.street, p, kind, amount))

    def act(self, p: int, rest: str, line: str, k: int) -> None:
        """One action line ``Name: rest``."""
        verb, _, arg = rest.partition(" ")
        if verb == "folds":
            self.add(p, "fold")
            if arg.startswith("["):
                self.show(p, arg, k, shown=True)
        elif verb == "checks":
            self.add(p, "check")
        elif verb in ("calls", "bets"):
            amount = money(arg.partition(" ")[0])
            self.put[p] += amount
            self.add(p, "call" if verb == "calls" else "bet", amount)
        elif verb == "raises":
            words = arg.split(" ", 3)
            if len(words) < 3 or words[1] != "to":
                raise self.fail(f"a raise without 'to': {line!r}", k)
            self.raise_to(p, "raise", money(words[2]), line, k)
        elif verb == "posts":
            self.post(p, arg, line, k)
        elif verb == "shows":
            self.show(p, arg, k, shown=True)
        elif verb in ("mucks", "doesn't"):
            if arg.startswith("["):
                self.show(p, arg, k, shown=False)
        elif verb == "straddle":
            self.raise_to(p, "blind", money(arg.partition(" ")[0]), line, k)
        elif not self.verb(p, rest, k) and not rest.startswith(QUIET):
            raise self.fail(f"unknown action {rest.strip()!r} in {line!r}", k)

    def raise_to(self, p: int, kind: str, to: Decimal, line: str, k: int) -> None:
        added = to - self.put[p]
        if added <= 0:
            raise self.fail(f"a raise to {to} adds nothing to the {self.put[p]} already in: {line!r}", k)
        self.put[p] = to
        self.add(p, kind, added)

    def post(self, p: int, arg: str, line: str, k: int) -> None:
        if arg.startswith("small blind "):
            prefix, kind = "small blind ", "blind"
        elif arg.startswith("big blind "):
            prefix, kind = "big blind ", "blind"
        else:
            prefix, kind = next((post for post in POSTS if arg.startswith(post[0])), ("", ""))
        if not kind:
            raise self.fail(f"unknown post {arg!r} in {line!r}", k)
        amount = money(arg[len(prefix):].partition(" ")[0])
        if kind == "both":
            dead = min(self.small_blind, amount)
            self.add(p, "dead-blind", dead)
            kind, amount = "blind", amount - dead
        if kind == "blind":
            self.put[p] += amount
        self.add(p, kind, amount)

    def collect(self, line: str, k: int) -> None:
        name, _, rest = line.rpartition(" collected ")
        amount, _, pot = rest.partition(" ")
        if not pot.startswith("from "):
            raise self.fail(f"cannot read {line!r}", k)
        p = self.who(name, k)
        self.won[p] = self.won.get(p, ZERO) + money(amount)

    def verb(self, p: int, rest: str, k: int) -> bool:
        """A site's own action line ``Name: rest``; True when it was one."""
        return False

    def loose(self, line: str, k: int) -> None:
        """A site's own line that starts with no player's ``Name: ``; the default skips it."""

    def settle(self) -> None:
        """Fill :attr:`cash_outs` once every line is read."""

    def hand(self) -> Hand:
        self.settle()
        players = tuple(self.players)
        won = self.won
        antes = [a.amount for a in self.actions if a.kind == "ante"]
        # Every field given, so the frozen dataclass's own __init__ (an object.__setattr__ a field, a tenth
        # of a hand's reading) is skipped: the same value, field for field.
        hand = object.__new__(Hand)
        hand.__dict__.update(
            site=self.site, id=self.id, game=self.game, limit=self.limit, players=players,
            actions=tuple(self.actions), boards=self.boards(), cards=self.cards, discards={}, draws={},
            draw_rounds=0,
            showed=frozenset(self.showed),
            collected=tuple([won.get(p, ZERO) for p in range(len(players))]), uncalled=self.uncalled,
            rake=sum(self.fees.values(), ZERO), fees=self.fees, added=self.added, cash_outs=self.cash_outs,
            small_blind=self.small_blind, big_blind=self.big_blind, ante=max(antes, default=self.ante),
            bring_in=ZERO, cap=self.cap, currency=self.currency, tournament=self.tournament, date=self.date,
            table=self.table, button=self.button, source=self.source, line=self.first, hero=self.hero,
            finishing=(), identity=None)
        return hand
