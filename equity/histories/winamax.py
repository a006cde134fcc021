"""Winamax text hand histories: hold'em (no-limit, pot-limit, fixed-limit), Omaha, Omaha hi-lo and 5-card
Omaha; cash games (euros, play money), the fast-fold tables (Go Fast, Hold-up, Escape) and tournaments.

The header names the table kind, the hand, the game and the stakes (invented examples)::

    Winamax Poker - CashGame - HandId: #8812345-217-1795773391 - Holdem no limit (0.25€/0.50€) - 2026/11/27
        09:03:11 UTC
    Winamax Poker - Go Fast "Kinshasa" - HandId: #8812346-5-1795773400 - Omaha5 pot limit (1€/2€) - ...
    Winamax Poker - Tournament "LE BIG 5" buyIn: 4.50€ + 0.50€ level: 7 - HandId: #6131418277190123-41-1795
        773500 - Holdem no limit (25/100/200) - 2026/11/27 21:40:05 UTC

(one line each). Stakes are ``small/big`` or ``ante/small/big``; a euro amount has its sign after the
number (``0.50€``), play money and tournament chips none (both are ``"chips"``). A tournament's id is the
number in its table's name (``Table: 'LE BIG 5(912345678)#004'``), else the hand id's first part.

The body differs from PokerStars' (:mod:`equity.histories.text`): no colon after a player's name
(``Bob K. raises 1.50€ to 2€ and is all-in``, the longest seated name that starts the line is its
player), ``Seat 3: Name (41.90€)`` or ``(18500, 4.50€ bounty)`` (a seat of no chips, or one that does
nothing, sitting out, is not dealt in), the sections ``*** ANTE/BLINDS ***`` and ``*** PRE-FLOP ***``,
boards as ``*** TURN *** [..][..]`` (a colon after the stars allowed), ``Board: [..]`` and ``Total pot
12€ | Rake 0.40€`` (or ``| No rake``) in the summary. A small blind posted ``out of position`` is dead
up to the small blind, the rest live (posting both blinds prints ``small blind 3€ out of position`` then
``big blind 0€ out of position``); an old ``raises 1€ to 3€`` among the blinds is dead money.
``Hold-up to Pot: total 0.20€`` (or Escape, Splash, Drop) is money the site added. Winamax prints no
uncalled bet: the collected pot includes it, so the bet the actions leave uncalled is returned here and
taken off that player's collected amount. A player who ``denies big blind`` folds (is not dealt in);
lines that move no chips (sitting out, a separate ``is all-in``) are skipped. ``5 Card Omaha Hi/Lo``
is read as printed (5-card hi-lo). Not read: stud, razz and draw games (an unknown game).
"""

from __future__ import annotations

import re
from decimal import Decimal

from equity.histories.model import ZERO, Hand, Player
from equity.histories.reader import Site
from equity.histories.text import HandText
from equity.histories.tokens import QUIET, action, card_ids, iso_date

HEAD = "Winamax Poker - "
GAMES = {"Holdem": "holdem", "Omaha": "omaha", "Omaha5": "omaha5", "5 Card Omaha": "omaha5",
         "Omaha Hi/Lo": "omaha-hilo", "Omaha8": "omaha-hilo", "5 Card Omaha Hi/Lo": "omaha5-hilo"}
LIMITS = (("no limit", "no-limit"), ("pot limit", "pot-limit"), ("fixed limit", "fixed-limit"))
CURRENCIES = (("€", "EUR"), ("$", "USD"), ("£", "GBP"))
#: Lines of the site adding money to the pot.
ADDED = ("Hold-up", "Escape", "Splash", "Drop")
#: A player's lines that move no chips, besides the shared ones.
QUIETS = (*QUIET, "is all-in", "sits out", "doesn't show", "does not show")
#: Words of an action line, to tell one by a player without a seat from a line of the site's own.
VERBS = (" folds", " checks", " calls ", " bets ", " raises ", " posts ", " shows ", " collected ")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_TOURNAMENT = re.compile(r"\((\d+)\)#\d+$")


def amount(token: str) -> Decimal:
    """``'1.50€'`` -> ``Decimal('1.50')``; ``'1,250'`` (thousands) -> 1250, ``'0,90€'`` -> 0.90."""
    token = token.strip("€$£")
    if "," in token:
        token = token.replace(",", "") if _THOUSANDS.fullmatch(token) else token.replace(",", ".")
    return Decimal(token)


def is_header(line: str) -> bool:
    """Whether ``line`` starts a Winamax hand (a tournament's summary file, ``Winamax Poker - Tournament
    summary : ..``, holds none)."""
    return line.startswith(HEAD) and not line.startswith("Tournament summary", len(HEAD))


def parse(lines: list[str], source: str, line: int) -> Hand:
    """One hand's lines (the header first), ``line`` the number of the header in ``source``.

    Raises:
        HistoryError: a truncated hand, an unknown game, an impossible card, an action line of an unknown
            shape; its ``where`` is the ``file:line`` of the offending line.
    """
    return _Winamax.parse(lines, source, line)


class _Winamax(HandText):
    site = "winamax"

    def header(self, line: str) -> None:
        self.blinds = False
        head, found, rest = line.partition(" - HandId: #")
        if not found:
            raise self.fail(f"a Winamax header without ' - HandId: #': {line!r}", 0)
        self.id, _, rest = rest.partition(" - ")
        desc, _, when = rest.rpartition(" - ")
        words = when.split()
        if len(words) < 2 or not desc:
            raise self.fail(f"no game or date in the header {line!r}", 0)
        self.date = iso_date(words[0], words[1], words[2] if len(words) > 2 else "")
        self.describe(desc)
        if head[len(HEAD):].startswith("Tournament"):
            self.tournament, self.currency = self.id.partition("-")[0], "chips"

    def describe(self, desc: str) -> None:
        name, _, stakes = desc.rpartition(" (")
        game = limit = None
        for words, kind in LIMITS:
            if name.endswith(" " + words):
                game, limit = GAMES.get(name[:-len(words) - 1]), kind
                break
        if game is None or limit is None:
            raise self.fail(f"unknown game {name!r}", 0)
        self.game, self.limit = game, limit
        values = [amount(part) for part in stakes.rstrip(")").split("/")]
        if len(values) not in (2, 3):
            raise self.fail(f"unknown stakes {stakes!r}", 0)
        self.small_blind, self.big_blind = values[-2:]
        self.ante = values[0] if len(values) == 3 else ZERO
        self.currency = next((code for sign, code in CURRENCIES if sign in stakes), "chips")

    def read(self) -> Hand:
        lines, k, n = self.lines, 1, len(self.lines)
        try:
            if n > 1 and lines[1].startswith("Table"):
                self.table_line(lines[1])
                k = 2
            while k < n and lines[k].startswith("Seat "):
                self.seat(lines[k], k)
                k += 1
        except (ArithmeticError, ValueError, LookupError) as e:
            raise self.fail(f"cannot read {lines[k]!r} ({e})", k) from None
        self.put = [ZERO] * len(self.players)
        self.names = sorted(self.index, key=len, reverse=True)
        summary, start = False, k
        for k in range(start, n):
            line = lines[k].rstrip()
            try:
                if summary:
                    if "[" in line or line.startswith("Total pot "):
                        self.summary(line, k)
                elif line.startswith("*** "):
                    summary = self.marker(line, k)
                elif line.startswith("Dealt to "):
                    self.dealt(line, k)
                elif (p := self.player(line)) is not None:
                    self.act(p, line[len(self.players[p].name) + 1:], line, k)
                else:
                    self.loose(line, k)
            except (ArithmeticError, ValueError, LookupError) as e:
                raise self.fail(f"cannot read {line!r} ({e})", k) from None
        if not summary:
            raise self.fail(f"truncated hand: no '*** SUMMARY ***' after {lines[-1]!r}", n - 1)
        self.drop_idle()
        self.settle()
        return self.hand()

    def table_line(self, line: str) -> None:
        """``Table: 'Name' 6-max (real money) Seat #3 is the button`` (the colon and the button optional)."""
        start, end = line.find("'"), line.rfind("' ")
        if start < 0 or end <= start:
            return
        self.table = line[start + 1:end]
        at = line.find("Seat ", end)
        if at >= 0:
            self.button = int(line[at + 5:].lstrip("#").partition(" ")[0])
        found = _TOURNAMENT.search(self.table)
        if found and self.tournament is not None:
            self.tournament = found.group(1)

    def seat(self, line: str, k: int) -> None:
        head, _, rest = line.partition(": ")
        start = rest.rfind(" (")
        end = rest.find(")", start)
        if start < 0 or end < 0:
            raise self.fail(f"cannot read the seat {line!r}", k)
        name, stack = rest[:start], amount(rest[start + 2:end].partition(", ")[0])
        if name in self.index:
            raise self.fail(f"player {name!r} seated twice", k)
        if stack > 0:
            self.index[name] = len(self.players)
            self.players.append(Player(int(head[5:]), name, stack))

    def player(self, line: str) -> int | None:
        """The player whose name, followed by a space, starts ``line`` (the longest such name)."""
        for name in self.names:
            if line.startswith(name) and line[len(name):len(name) + 1] == " ":
                return self.index[name]
        return None

    def marker(self, line: str, k: int) -> bool:
        label = line[4:].partition(" ***")[0]
        if label in ("ANTE/BLINDS", "PRE-FLOP"):
            self.blinds = label == "ANTE/BLINDS"
            return False
        self.blinds = False
        return super().marker(line.replace("***:", "***", 1), k)

    def act(self, p: int, rest: str, line: str, k: int) -> None:
        rest = rest.removesuffix(" and is all-in")
        verb, _, arg = rest.partition(" ")
        if verb == "folds":
            self.add(p, "fold")
        elif verb == "checks":
            self.add(p, "check")
        elif verb in ("calls", "bets"):
            paid = amount(arg.partition(" ")[0])
            self.put[p] += paid
            self.add(p, "call" if verb == "calls" else "bet", paid)
        elif verb == "raises":
            words = arg.split(" ")
            if len(words) != 3 or words[1] != "to":
                raise self.fail(f"a raise without 'to': {line!r}", k)
            if self.blinds:
                self.add(p, "dead-blind", amount(words[2]))
            else:
                self.raise_to(p, "raise", amount(words[2]), line, k)
        elif verb == "posts":
            self.post(p, arg, line, k)
        elif verb == "shows":
            self.show(p, arg, k, shown=True)
        elif verb == "mucks":
            if arg.startswith("["):
                self.show(p, arg, k, shown=False)
        elif verb == "collected":
            won, _, pot = arg.partition(" ")
            if not pot.startswith("from "):
                raise self.fail(f"cannot read {line!r}", k)
            self.won[p] = self.won.get(p, ZERO) + amount(won)
        elif rest.startswith(("denies big blind", "deny ")):
            self.add(p, "fold")  # a player who will not post is not dealt in
        elif not rest.startswith(QUIETS):
            raise self.fail(f"unknown action {rest.strip()!r} in {line!r}", k)

    def post(self, p: int, arg: str, line: str, k: int) -> None:
        behind = arg.endswith(" out of position")
        kind, _, value = arg.removesuffix(" out of position").rpartition(" ")
        paid = amount(value)
        if kind == "ante":
            self.add(p, "ante", paid)
            return
        if kind not in ("small blind", "big blind"):
            raise self.fail(f"unknown post {arg!r} in {line!r}", k)
        if behind and kind == "small blind":
            dead = min(paid, self.small_blind)
            self.add(p, "dead-blind", dead)
            paid -= dead
        if paid > 0 or not behind:
            self.put[p] += paid
            self.add(p, "blind", paid)

    def loose(self, line: str, k: int) -> None:
        if line.startswith(ADDED) and ": " in line:
            self.added += amount(line.rpartition(" ")[2])
        elif line.startswith("Uncalled bet ("):
            paid, _, name = line[14:].partition(") returned to ")
            self.uncalled[self.who(name, k)] = amount(paid)
        elif any(verb in line for verb in VERBS):
            raise self.fail(f"an action by a player with no seat in this hand: {line!r}", k)

    def summary(self, line: str, k: int) -> None:
        if line.startswith("Total pot "):
            for part in line.split(" | ")[1:]:
                name, _, value = part.strip().rpartition(" ")
                if name != "No":
                    self.fees[name.lower()] = amount(value)
        elif line.startswith("Board: ["):
            self.said_boards[0] = card_ids(line[7:], self.where(k)), k
        else:
            super().summary(line, k)

    def drop_idle(self) -> None:
        """Drop the seats that did nothing: Winamax lists players sitting out, who are not dealt in."""
        keep = sorted({a.player for a in self.actions} | self.won.keys() | self.cards.keys())
        if len(keep) == len(self.players):
            return
        new = {old: p for p, old in enumerate(keep)}
        self.players = [self.players[old] for old in keep]
        self.actions = [action(a.street, new[a.player], a.kind, a.amount) for a in self.actions]
        self.cards = {new[old]: held for old, held in self.cards.items()}
        self.showed = {new[old] for old in self.showed}
        self.won = {new[old]: won for old, won in self.won.items()}
        self.uncalled = {new[old]: back for old, back in self.uncalled.items()}
        self.hero = None if self.hero is None else new[self.hero]

    def settle(self) -> None:
        """The uncalled bet the actions leave, returned and taken off what its player collected when the
        collected pots include it (as Winamax prints them)."""
        if self.uncalled or len(self.players) < 2:
            return
        live = [ZERO] * len(self.players)
        for a in self.actions:
            if a.kind not in ("ante", "dead-blind"):
                live[a.player] += a.amount
        first, second = sorted(live)[-1], sorted(live)[-2]
        if first == second:
            return
        top = live.index(first)
        returned = first - second
        self.uncalled[top] = returned
        paid = sum(self.won.values(), sum(self.fees.values(), ZERO))
        if paid == sum(a.amount for a in self.actions) + self.added and self.won.get(top, ZERO) >= returned:
            self.won[top] -= returned


SITE = Site("winamax", "Winamax", heads=(HEAD,), parse=parse, is_header=is_header)
