"""Winning Poker Network (Americas Cardroom, Black Chip, True Poker ...) text hand histories, the current
client's format: hold'em, Omaha and Omaha hi-lo with 4 or 5 cards; cash games and tournaments.

The header names the hand, the game with its limit in parentheses, the stakes and the date (UTC)::

    Hand #2000123456 - Holdem(No Limit) - $0.01/$0.02 - 2026/11/27 14:03:11 UTC
    Hand #2000123457 - Omaha H/L(Pot Limit) - $0.25/$0.50 - 2026/11/27 14:05:40 UTC
    Game Hand #2000123458 - Tournament #41122334 - Holdem(No Limit) - Level 7 (150.00/300.00)- 2026/...
    Game Hand #2000123459 - $5,000 GTD Tournament #41122335 - 5Card Omaha (Pot Limit) - Level 1 (...) - ...

then the table (``Blue Ridge 6-max Seat #3 is the button``; a tournament's ``Table '7' 9-max Seat #1 is
the button``) and the seats (``Seat 2: Name ($12.40)``, ``Seat 4: Name (15400.00)``; a cash
game's ``.. is sitting out`` is not dealt in, a tournament's is: it posts and folds). Actions name the
player with no colon: ``Name posts the small blind $0.01``, ``posts ante``, ``posts dead $0.03`` (a
missed small and big blind: the part above the big blind dead),
a bare ``posts $0.02`` (live), ``calls $0.04`` (what it adds), ``raises $0.05 to $0.07`` (read by its
"to"), ``caps $0.55`` (a capped table's last raise: the chips it adds, or its "to"), ``straddle $0.04``,
``shows [..]``, ``mucks [..]``, ``Name collected $1.19 from main pot`` (``side pot-1``).

Read too: ``Main pot ..``/``Side pot(1) ..`` running totals (skipped), the cards dealt for the button
before ``*** HOLE CARDS ***`` (skipped), run it twice (``*** RUN IT TWICE ***``, ``*** FLOP 1 ***`` ..
``*** SHOW DOWN 2 ***``, ``Board 1 [..]``), the summary's ``Total pot $x | Rake $r | JP Fee $j`` (the
total is net of the fees; the jackpot fee is ``fees["jackpot"]``) and, in a hand with no ``collected``
line (a walk, a tournament hand won without a showdown), the summary's ``.. and won $x``. ``$`` is USD;
amounts without a symbol are chips (tournaments, play money). Stud is not read (an unknown game).
"""

from __future__ import annotations

import re

from equity.errors import HistoryError
from equity.histories.model import ZERO, Hand, Player
from equity.histories.reader import Site
from equity.histories.text import HandText
from equity.histories.tokens import QUIET, card_ids, currency_of, iso_date, money

HEADS = ("Hand #", "Game Hand #")
_HEADER = re.compile(r"(?:Game )?Hand #\d+ - .+?\([A-Za-z -]+\) - ")
_PARTS = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:(?P<name>.*?)Tournament #(?P<tour>\d+) - )?(?P<game>[^()]+?) ?"
    r"\((?P<limit>[A-Za-z -]+)\) - (?P<stakes>.+?) ?- (?P<day>\d{4}/\d\d/\d\d) (?P<time>\d\d?:\d\d:\d\d)"
    r"(?: (?P<zone>\S+))?\s*$")
GAMES = {"Holdem": "holdem", "Omaha": "omaha", "Omaha H/L": "omaha-hilo", "4Card Omaha": "omaha",
         "4Card Omaha H/L": "omaha-hilo", "5Card Omaha": "omaha5", "5Card Omaha H/L": "omaha5-hilo"}
LIMITS = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Fixed Limit": "fixed-limit",
          "All-in or Fold Limit": "no-limit"}
_ORDINALS = ("FIRST", "SECOND", "THIRD")
#: The site's lines of a player that move no chips (beside :data:`~equity.histories.tokens.QUIET`).
_QUIET = QUIET + ("does not show", "mucks hand", "waits for big blind", "is sitting in", "sitting out",
                  "is all-in")
_WON = re.compile(r"\bwon \(?([$€£]?[\d,]+(?:\.\d+)?)")


def is_header(line: str) -> bool:
    """Whether ``line`` starts a WPN hand: ``Hand #<digits> - <game>(<limit>) - ..``."""
    return line.startswith(HEADS) and _HEADER.match(line) is not None


def parse(lines: list[str], source: str, line: int) -> Hand:
    """One hand's lines (the header first), ``line`` the number of the header in ``source``.

    Raises:
        HistoryError: a truncated hand, an unknown game, an impossible card, an action line of an unknown
            shape; its ``where`` is the ``file:line`` of the offending line.
    """
    return _WPN.parse(lines, source, line)


def table_line(line: str) -> tuple[str, int | None]:
    """The table's name and the button's seat of ``Blue Ridge 6-max Seat #3 is the button`` (or of
    ``Table '7' 9-max ..``, ``Gorham 8-max``, ``Name 6-max (Play Money) Seat #1 is the button``)."""
    at = line.find(" Seat #")
    button = int(line[at + 7:].partition(" ")[0]) if at >= 0 else None
    head = line[:at] if at >= 0 else line
    found = re.match(r"(.*?) \d+-max\b", head)
    name = found.group(1) if found else head.strip()
    if name.startswith("Table '") and name.endswith("'"):
        name = name[7:-1]
    return name, button


class _WPN(HandText):
    site = "acr"

    def header(self, line: str) -> None:
        line = line.strip()
        found = _PARTS.match(line)
        if found is None:
            raise self.fail(f"cannot read the header {line!r}", 0)
        self.id = found["id"]
        self.date = iso_date(found["day"], found["time"], found["zone"] or "")
        start = found.start("name") if found["tour"] else found.start("game")
        try:
            self.described(line[start:found.start("day")])
        except HistoryError:
            raise
        except (ArithmeticError, ValueError) as e:
            raise self.fail(f"cannot read the stakes of {line!r} ({e})", 0) from None
        self.holes = False  # before *** HOLE CARDS ***: cards dealt for the button are skipped

    def describe(self, desc: str) -> None:
        found = _PARTS.match(f"Hand #0 - {desc}2000/01/01 00:00:00")
        assert found is not None  # the same text the header matched
        game = found["game"].strip().removesuffix(" Reshuffle")
        self.game, self.limit = GAMES.get(game, ""), LIMITS.get(found["limit"], "")
        if not self.game or not self.limit:
            raise self.fail(f"unknown game {found['game'] + '(' + found['limit'] + ')'!r}", 0)
        stakes = found["stakes"]
        if found["tour"]:
            self.tournament = found["tour"]
            stakes = stakes[stakes.index("(") + 1:stakes.rindex(")")]
        small, big = stakes.split("/")[:2]
        self.small_blind, self.big_blind = money(small), money(big)
        if self.tournament is None:
            self.currency = currency_of(small) or "chips"

    def read(self) -> Hand:
        lines = self.lines
        if len(lines) > 1 and not lines[1].startswith(("Table '", "Seat ", "*** ")):
            name, button = table_line(lines[1])  # given to the base's reading in its own shape
            self.lines = lines = lines.copy()
            lines[1] = f"Table '{name}' " + (f"Seat #{button} is the button" if button is not None else "")
        return super().read()

    def seat(self, line: str, k: int) -> None:
        head, _, rest = line.partition(": ")
        end = rest.rfind(")")
        start = rest.rfind(" (", 0, end)
        if end < 0 or start < 0 or "sitting out" in rest[end:] and self.tournament is None:
            return  # not dealt in: "will be allowed to play after the button", a cash game's sitting out
        name = rest[:start]
        if name in self.index:
            raise self.fail(f"player {name!r} seated twice", k)
        self.index[name] = len(self.players)
        self.players.append(Player(int(head[5:]), name, money(rest[start + 2:end])))

    def loose(self, line: str, k: int) -> None:
        if line.startswith(("Main pot", "Side pot")) or not line.strip() or line.strip() == "BombPot":
            return
        names = [name for name in self.index if line.startswith(name) and line.startswith(" ", len(name))]
        if names:
            name = max(names, key=len)
            self.act(self.index[name], line[len(name) + 1:], line, k)

    def act(self, p: int, rest: str, line: str, k: int) -> None:
        rest = rest.strip()
        verb, _, arg = rest.partition(" ")
        words = arg.split()
        if verb in ("raises", "caps", "cap", "straddle", "straddles") and words:
            kind = "blind" if verb.startswith("straddle") else "raise"
            if len(words) >= 3 and words[1] == "to":
                self.raise_to(p, kind, money(words[2]), line, k)
            elif verb == "raises":
                raise self.fail(f"a raise without 'to': {line!r}", k)
            else:
                self.raise_to(p, kind, self.put[p] + money(words[0]), line, k)
        elif verb == "posts" and words:
            self.post(p, arg, line, k)
        elif verb == "mucks" and arg.startswith("["):
            self.show(p, arg, k, shown=False)
        elif verb == "shows" and arg.startswith("["):
            self.show(p, arg, k, shown=True)
        elif verb in ("folds", "checks", "calls", "bets"):
            super().act(p, rest, line, k)
        elif not rest.startswith(_QUIET):
            raise self.fail(f"unknown action {rest!r} in {line!r}", k)

    def post(self, p: int, arg: str, line: str, k: int) -> None:
        words = arg.removesuffix(" and is all-in").split()
        amount = money(words[-1])
        if words[:-1] in (["the", "small", "blind"], ["the", "big", "blind"], []):
            kind = "blind"
        elif words[:-1] in (["ante"], ["the", "ante"]):
            kind = "ante"
        elif words[:-1] == ["dead"]:  # missed blinds: the big blind's part live, the rest dead
            live = min(amount, self.big_blind) if amount >= self.big_blind else ZERO
            if amount > live:
                self.add(p, "dead-blind", amount - live)
            amount, kind = live, "blind"
        else:
            raise self.fail(f"unknown post {arg!r} in {line!r}", k)
        if amount > 0:
            if kind == "blind":
                self.put[p] += amount
            self.add(p, kind, amount)

    def dealt(self, line: str, k: int) -> None:
        if self.holes:
            super().dealt(line, k)

    def marker(self, line: str, k: int) -> bool:
        label, _, cards = line[4:].partition(" ***")
        words = label.split(" ")
        if label == "HOLE CARDS":
            self.holes = True
        elif label.startswith("RUN IT "):
            return False
        elif len(words) == 2 and words[1].isdigit() and words[0] in ("FLOP", "TURN", "RIVER"):
            run = int(words[1]) - 1
            if not 0 <= run < len(_ORDINALS):
                raise self.fail(f"unknown section {line!r}", k)
            line = f"*** {_ORDINALS[run]} {words[0]} ***{cards}"
        elif words[:2] == ["SHOW", "DOWN"]:
            return False
        return super().marker(line, k)

    def summary(self, line: str, k: int) -> None:
        if line.startswith("Total pot "):
            for part in line.split(" | ")[1:]:
                name, _, amount = part.strip().rpartition(" ")
                name = {"JP Fee": "jackpot", "Rake": "rake"}.get(name, name.lower())
                self.fees[name] = self.fees.get(name, ZERO) + money(amount)
        elif line.startswith("Board ") and line[6:7].isdigit():
            run, _, cards = line[6:].partition(" ")
            self.said_boards[int(run) - 1] = card_ids(cards, self.where(k)), k
        else:
            super().summary(line, k)

    def settle(self) -> None:
        if not self.won:
            self.summary_won()
        if not self.uncalled:
            self.walk()

    def walk(self) -> None:
        """A walk's uncalled big blind, which the site does not print: its whole pot is ``won``."""
        live = [ZERO] * len(self.players)
        for a in self.actions:
            if a.kind not in ("ante", "dead-blind"):
                live[a.player] += a.amount
        top = max(range(len(live)), key=live.__getitem__, default=None)
        if top is None or len(live) < 2:
            return
        excess = live[top] - max(x for i, x in enumerate(live) if i != top)
        paid = sum(self.won.values(), sum(self.fees.values(), ZERO))
        if excess > 0 and self.won.get(top, ZERO) >= excess and paid == sum(a.amount for a in self.actions):
            self.uncalled[top] = excess
            self.won[top] -= excess

    def summary_won(self) -> None:
        """A hand without ``collected`` lines: what the summary's seats ``won``."""
        start = next(k for k in range(len(self.lines) - 1, 0, -1) if self.lines[k].startswith("*** SUMMARY"))
        for k in range(start + 1, len(self.lines)):
            line = self.lines[k]
            found = _WON.search(line) if line.startswith("Seat ") else None
            if found is not None:
                seat = int(line[5:line.index(":")])
                p = next((p for p, player in enumerate(self.players) if player.seat == seat), None)
                if p is None:
                    raise self.fail(f"seat {seat} has no player in this hand: {line!r}", k)
                self.won[p] = self.won.get(p, ZERO) + money(found.group(1))


SITE = Site("acr", "ACR", heads=HEADS, parse=parse, is_header=is_header)
