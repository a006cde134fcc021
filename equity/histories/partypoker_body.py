"""The lines of a partypoker hand after its game line (:mod:`equity.histories.partypoker`): the table, the
seats, the actions of both exports, the newer export's summary, and the :class:`~equity.histories.model.Hand`
they make. Amounts are the chips added; the uncalled bet is the actions' and is taken off the winnings
printed; a line of a seated player with an unknown verb, or an impossible card, is a
:class:`~equity.errors.HistoryError` naming its ``file:line``; other lines (chat, the site's notices,
``#Game No :`` and ``Game #.. starts.`` before the next hand) are skipped.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from equity.cards import CARD_NAMES
from equity.errors import HistoryError
from equity.histories.model import ZERO, Action, CashOut, Hand, Player
from equity.histories.tokens import CURRENCIES, HOLE, card_ids

_SEAT = re.compile(r"^[Ss]eat ?(\d+): (.+?) ?\(\s*([^()]*?)\s*\)(?: - .*)?\s*$")
_STREETS = {"Flop": 1, "Turn": 2, "River": 3}
_BLINDS = re.compile(r"(?:Blinds|Stakes)(?:-Antes)?\(\s*([\d,.]+)/([\d,.]+)(?:\s*-\s*([\d,.]+))?\)")
_LIVE = ("blind", "bring-in", "call", "bet", "raise")
#: A seated player's lines that move no chips and show no cards.
QUIET = ("has joined", "has left", "is sitting out", "will be using", "could not respond", "did not respond",
         "will be activated", "has been", "is disconnected", "is connected", "has timed out", "finished in",
         "has returned", "is back", "does not show", "is all-In.", "Cash-out Premium", "probabilty is",
         "probability is", "sits out", "is low with", "is high with", ":")
_POSTS = (("small blind", "blind"), ("big blind + dead", "both"), ("big blind", "blind"), ("ante", "ante"),
          ("button blind", "blind"), ("dead blind", "dead-blind"))


def blinds(hand: PartyHand, text: str) -> None:
    """The stakes of ``Blinds(20/40)``, ``Blinds-Antes(1,250/2,500 -250)`` or ``Stakes(200/400)`` in
    ``text``, if there."""
    found = _BLINDS.search(text)
    if found:
        small, big, ante = found.groups()
        hand.small_blind, hand.big_blind = amount(small), amount(big)
        if found.group(0).startswith("Stakes"):  # fixed-limit: the small and big bets
            hand.small_blind, hand.big_blind = hand.small_blind / 2, hand.small_blind
        if ante:
            hand.ante = amount(ante)


def amount(text: str) -> Decimal:
    """``'[$1,059.65 USD]'`` -> 1059.65, ``'$26,02'`` -> 26.02 (a comma before one or two digits at the end
    is a decimal comma; any other is a thousands separator), ``'3,000'`` -> 3000."""
    token = text.strip(" []().").replace("USD", "").replace("EUR", "").replace("GBP", "")
    token = token.replace("chips", "").strip(" $€£")
    head, comma, tail = token.rpartition(",")
    if comma and 1 <= len(tail) <= 2 and "." not in token:
        token = head.replace(",", "") + "." + tail
    try:
        return Decimal(token.replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"{text.strip()!r} is not an amount") from None


class PartyHand:
    """One hand being read: the header's facts (set by :mod:`equity.histories.partypoker`), then
    :meth:`read`."""

    def __init__(self, lines: list[str], source: str, first: int) -> None:
        self.lines, self.source, self.first = lines, source, first
        self.id = self.game = self.limit = ""
        self.currency, self.tournament, self.date = "chips", None, None
        self.small_blind = self.big_blind = self.ante = ZERO
        self.table: str | None = None
        self.button: int | None = None
        self.newer = False
        self.seats: list[Player] = []
        self.names: dict[str, int] = {}
        self.acts: list[Action] = []
        self.board: list[int] = []
        self.owner: dict[int, int] = {}  # card -> line seen
        self.cards: dict[int, tuple[int, ...]] = {}
        self.showed: set[int] = set()
        self.won: dict[int, Decimal] = {}
        self.cashed: dict[int, Decimal] = {}
        self.rake: Decimal | None = None
        self.hero: int | None = None
        self.actors: set[int] = set()
        self.street, self.put, self.summary, self.blinds = 0, [], False, False

    def fail(self, reason: str, k: int) -> HistoryError:
        return HistoryError(reason, f"{self.source}:{self.first + k}")

    def read(self) -> Hand:
        """Read every line after the game line; the Hand they describe."""
        for k in range(2, len(self.lines)):
            line = self.lines[k].rstrip()
            try:
                self.line(line, k)
            except HistoryError:
                raise
            except (ArithmeticError, ValueError, LookupError) as e:
                raise self.fail(f"cannot read {line!r} ({e})", k) from None
        return self.hand()

    def line(self, line: str, k: int) -> None:
        if line.startswith("** "):
            self.marker(line, k)
        elif self.summary:
            self.summed(line, k)
        elif (found := _SEAT.match(line)) and not self.put:
            seat, name, stack = found.groups()
            if name in self.names:
                raise self.fail(f"player {name!r} seated twice", k)
            self.names[name] = len(self.seats)
            self.seats.append(Player(int(seat), name, amount(stack)))
            if self.tournament is None and self.currency == "chips" and stack[:1] in CURRENCIES:
                self.currency = CURRENCIES[stack[:1]]
        elif line.startswith("Table "):
            name, _, button = line[6:].partition(" -- Seat ")
            self.table = name.rpartition("(")[0].strip() or name
            if button:
                self.button = int(button.partition(" ")[0])
        elif line.startswith("Seat ") and line.endswith(" is the button"):
            self.button = int(line.split()[1])
        elif line.startswith("Dealt to "):
            name, _, cards = line[9:].partition(" [")
            p = self.who(name, k)
            self.hero = p
            self.hold(p, cards, k, shown=False)
        elif "Trny" in line and not self.tournament and (found := re.search(r"Trny: ?(\d+)", line)):
            self.tournament = found.group(1)
        elif line.startswith(("Blinds(", "Blinds-Antes(", "Stakes(")):  # the level now
            blinds(self, line)
        else:
            p, rest = self.speaker(line)
            if p is not None:
                self.act(p, rest, line, k)
            elif " posts " in line or " wins " in line:
                name = line.partition(" posts " if " posts " in line else " wins ")[0]
                raise self.fail(f"{name!r} has no seat in this hand: {line!r}", k)

    def speaker(self, line: str) -> tuple[int | None, str]:
        """The seated player whose name (which may hold spaces) starts ``line``, and the rest."""
        best = None
        for name in self.names:
            if line.startswith(name) and line[len(name):len(name) + 1] == " " and (
                    best is None or len(name) > len(best)):
                best = name
        return (None, "") if best is None else (self.names[best], line[len(best) + 1:])

    def who(self, name: str, k: int) -> int:
        p = self.names.get(name.strip())
        if p is None:
            raise self.fail(f"{name.strip()!r} has no seat in this hand", k)
        return p

    def marker(self, line: str, k: int) -> None:
        word = line[3:].partition(" **")[0]
        if word == "Dealing down cards":
            self.put = self.put or [ZERO] * len(self.seats)
            self.silent_blinds()
        elif word == "Summary":
            self.summary = True
        elif word.startswith("Dealing ") and word[8:] in _STREETS:
            street = _STREETS[word[8:]]
            cards = self.own(line[line.index("["):], k)
            if len(self.board) + len(cards) != (0, 3, 4, 5)[street] or street != self.street + 1:
                raise self.fail(f"a board of the wrong size for its street: {line!r}", k)
            self.board.extend(cards)
            self.street, self.put = street, [ZERO] * len(self.seats)
        else:
            raise self.fail(f"unknown street {line!r}", k)

    def silent_blinds(self) -> None:
        """A classic tournament hand posts its blinds without a line: the seats after the button post
        them (the button itself the small blind heads up), each at most its stack."""
        if self.tournament is None or self.newer or self.blinds or not self.big_blind:
            return
        seats = sorted((p.seat, i) for i, p in enumerate(self.seats) if p.stack > 0)
        if len(seats) < 2 or self.button is None:
            return
        after = [i for s, i in seats if s > self.button] + [i for s, i in seats if s <= self.button]
        order = [after[-1], after[0]] if len(seats) == 2 else after[:2]
        for p, blind in zip(order, (self.small_blind, self.big_blind), strict=True):
            spent = sum((a.amount for a in self.acts if a.player == p), ZERO)
            self.add(p, "blind", min(blind, self.seats[p].stack - spent))

    def add(self, p: int, kind: str, chips: Decimal = ZERO) -> None:
        self.actors.add(p)
        if kind in _LIVE and self.put:
            self.put[p] += chips
        self.acts.append(Action(self.street, p, kind, chips))

    def act(self, p: int, rest: str, line: str, k: int) -> None:
        verb, _, arg = rest.partition(" ")
        verb = verb.rstrip(".")
        if verb.endswith("[") or "[" in verb and verb[0] != "[":  # calls[ $9 USD ]
            verb, arg = verb[:verb.index("[")], rest[verb.index("["):]
        if verb in ("folds", "checks") or rest.startswith("Forward Folds"):
            self.add(p, "fold" if verb == "folds" else "check")
        elif verb in ("calls", "bets"):
            self.add(p, "call" if verb == "calls" else "bet", amount(arg))
        elif verb == "raises":
            chips = amount(arg.partition(" to ")[2]) - self.put[p] if " to " in arg else amount(arg)
            if chips <= 0:
                raise self.fail(f"a raise that adds nothing: {line!r}", k)
            self.add(p, "raise", chips)
        elif rest.startswith("is all-In ") and "[" in rest:
            chips = amount(rest[rest.index("["):])
            top = max(self.put, default=ZERO)
            self.add(p, "call" if self.put[p] + chips <= top else "raise" if top else "bet", chips)
        elif verb == "posts":
            self.post(p, arg, line, k)
        elif verb == "shows" or rest.startswith("doesn't show"):
            if "[" in rest:
                self.hold(p, rest[rest.index("["):], k, shown=verb == "shows")
        elif verb == "wins":
            won = amount(arg[4:].partition(")")[0] if arg.startswith("Lo (") else
                         " ".join(arg.split()[:2]).partition(" from")[0].partition(" with")[0])
            self.won[p] = self.won.get(p, ZERO) + won
            self.actors.add(p)
        elif rest.startswith("opted for cash-out"):
            self.cashed.setdefault(p, ZERO)
        elif rest.startswith("Cashout Amount is "):
            self.cashed[p] = amount(rest[18:])
        elif rest.startswith("is sitting out") and rest[14:].strip():
            self.line(rest[14:].strip(), k)
        elif not rest.startswith(QUIET) and not rest.startswith("shows"):
            raise self.fail(f"unknown action {rest.strip()!r} in {line!r}", k)

    def post(self, p: int, arg: str, line: str, k: int) -> None:
        kind = next((post for post in _POSTS if arg.startswith(post[0])), None)
        if kind is None:
            raise self.fail(f"unknown post {arg!r} in {line!r}", k)
        if not self.put:
            self.put = [ZERO] * len(self.seats)
        chips = amount(arg[len(kind[0]):].replace(" of ", " ").strip(" ."))
        if kind[1] == "both":
            dead = min(self.small_blind or chips, chips)
            self.add(p, "dead-blind", dead)
            self.add(p, "blind", chips - dead)
        else:
            self.add(p, kind[1], chips)
        self.blinds = self.blinds or kind[1] != "ante"

    def own(self, text: str, k: int) -> tuple[int, ...]:
        """The cards of ``text``, each seen for the first time."""
        cards = card_ids(text.replace(",", " "), f"{self.source}:{self.first + k}")
        for card in cards:
            seen = self.owner.setdefault(card, k)
            if seen != k:
                raise self.fail(f"card {CARD_NAMES[card]} is dealt twice (line {self.first + seen})", k)
        return cards

    def hold(self, p: int, text: str, k: int, shown: bool) -> None:
        text = text[:text.index("]") + 1]
        cards = card_ids(text.replace(",", " "), f"{self.source}:{self.first + k}")
        if len(cards) != HOLE[self.game]:
            raise self.fail(f"{len(cards)} cards in {text!r}, a {self.game} hand holds {HOLE[self.game]}", k)
        if self.cards.get(p) != cards:
            if p in self.cards:
                raise self.fail(f"{self.seats[p].name} shows other cards than before: {text}", k)
            self.own(text, k)
            self.cards[p] = cards
        self.actors.add(p)
        if shown:
            self.showed.add(p)

    def summed(self, line: str, k: int) -> None:
        """A line of the newer export's summary."""
        if line.startswith(("Main Pot:", "Side Pot")):
            if " Rake: " in line:
                self.rake = (self.rake or ZERO) + amount(line.partition(" Rake: ")[2].split()[0])
            return
        if line.startswith("Board:"):
            if card_ids(line[6:].replace(",", " "), f"{self.source}:{self.first + k}") != tuple(self.board):
                raise self.fail(f"the summary's board differs from the board dealt: {line!r}", k)
            return
        p, rest = self.speaker(line)
        if p is None:
            return
        if " collected " in rest and not rest.startswith("Cashed out"):
            won = rest.partition(" collected ")[2].partition(",")[0]
            self.won[p] = self.won.get(p, ZERO) + amount(won)
        if "[" in rest:
            self.hold(p, rest[rest.index("["):], k, shown="(folded)" not in rest)

    def hand(self) -> Hand:
        if not self.won and not self.summary:
            raise self.fail(f"truncated hand: nobody wins after {self.lines[-1]!r}", len(self.lines) - 1)
        live = [ZERO] * len(self.seats)
        for a in self.acts:
            if a.kind in _LIVE:
                live[a.player] += a.amount
        uncalled: dict[int, Decimal] = {}
        ordered = sorted(live)
        if len(ordered) > 1 and ordered[-1] > ordered[-2]:
            top = live.index(ordered[-1])
            uncalled[top] = back = ordered[-1] - ordered[-2]
            if top not in self.cashed:
                if self.won.get(top, ZERO) < back:
                    raise self.fail(f"chips do not add up: {back} uncalled to {self.seats[top].name}, "
                                    f"who wins {self.won.get(top, ZERO)}", 0)
                self.won[top] -= back
        total = sum((a.amount for a in self.acts), ZERO) - sum(uncalled.values(), ZERO)
        rake = self.rake
        if rake is None:
            rake = total - sum(self.won.values(), ZERO)
            if rake < 0 or rake and self.tournament is not None:
                raise self.fail(f"chips do not add up: {total} put in the pot, {total - rake} won", 0)
        keep = sorted((self.seats[p].seat, p) for p in self.actors | self.won.keys() | self.cashed.keys())
        new = {p: i for i, (_, p) in enumerate(keep)}
        acts = tuple(Action(a.street, new[a.player], a.kind, a.amount) for a in self.acts)
        antes = [a.amount for a in self.acts if a.kind == "ante"]
        posted = {kind: [a.amount for a in self.acts if a.kind == kind] for kind in ("blind", "dead-blind")}
        if not self.small_blind and posted["blind"]:
            self.small_blind = posted["blind"][0]
        if not self.big_blind and posted["blind"]:
            self.big_blind = max(posted["blind"])
        return Hand(
            site="partypoker", id=self.id, game=self.game, limit=self.limit,
            players=tuple(self.seats[p] for _, p in keep), actions=acts,
            boards=(tuple(self.board),) if self.board else (),
            cards={new[p]: c for p, c in self.cards.items() if p in new},
            showed=frozenset(new[p] for p in self.showed if p in new),
            collected=tuple(self.won.get(p, ZERO) for _, p in keep),
            uncalled={new[p]: v for p, v in uncalled.items()},
            rake=rake, fees={"rake": rake} if rake else {},
            cash_outs={new[p]: CashOut(v) for p, v in self.cashed.items()},
            small_blind=self.small_blind, big_blind=self.big_blind, ante=max(antes, default=self.ante),
            currency=self.currency, tournament=self.tournament, date=self.date, table=self.table,
            button=self.button, source=self.source, line=self.first,
            hero=new.get(self.hero) if self.hero is not None else None)
