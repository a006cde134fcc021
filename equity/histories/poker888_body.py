"""The body of an 888poker hand (:mod:`equity.histories.poker888`): its amounts, seats, actions, streets
and summary.

Every amount is printed in brackets, the currency's symbol before or after it, with the thousands and
decimal separators of the player's language: ``[$1,059.65]``, ``[0,38 $]``, ``[42.797,60 $]``,
``[25 000]``, ``[ $0.10 ]``. A separator followed by exactly three digits groups thousands, one followed
by one or two digits is the decimal point (888 amounts have at most two decimals).

An action's amount is what it adds to the pot (``Name raises [$0.06]`` after a 0.02 blind puts 0.06 more
in, for 0.08 in all), as the stacks show: a player who raises all in adds exactly the rest of the stack.
888 prints no uncalled bet: it is worked out from the actions, and a ``collected`` that holds it (as
older histories' do when everyone folds) is read without it. The rake is the pot less what was collected.
"""

from __future__ import annotations

from decimal import Decimal

from equity.errors import HistoryError
from equity.histories.model import BOARD_AT, ZERO, Action, Hand, Player
from equity.histories.text_cards import HandCards
from equity.histories.tokens import HOLE, QUIET, card_ids

#: What an amount may carry besides digits and separators: currency symbols (the euro as Windows-1252
#: writes it, or replaced when read as UTF-8), spaces and no-break spaces between thousands.
_NOISE = str.maketrans("", "", "$€£\x80\ufffd \u00a0\u202f")
_STREETS = {"down cards": 0, "flop": 1, "turn": 2, "river": 3}
_POSTS = (("posts small blind ", "blind"), ("posts big blind ", "blind"), ("posts ante ", "ante"),
          ("posts the ante ", "ante"), ("posts dead blind ", "dead"))
_BETS = {"calls": "call", "bets": "bet", "raises": "raise"}
#: Lines of a player that move no chips and show no cards.
_QUIET = ("did not show", "does not show", "sits out", *QUIET)


def amount(text: str) -> Decimal:
    """``'[$1,059.65]'`` or ``' 0,38 $ '`` -> ``Decimal('1059.65')``, ``'3.530 $'`` -> ``3530`` (module
    docstring); ValueError if it is no amount."""
    digits = text.strip().strip("[]").translate(_NOISE)
    last = max(digits.rfind("."), digits.rfind(","))
    whole, tail = (digits[:last], digits[last + 1:]) if last >= 0 else (digits, "")
    whole = whole.replace(".", "").replace(",", "")
    if len(tail) == 3:
        whole, tail = whole + tail, ""
    if not whole.isdigit() or tail and not (len(tail) <= 2 and tail.isdigit()):
        raise ValueError(f"{text.strip()!r} is not an amount")
    return Decimal(f"{whole}.{tail}" if tail else whole)


class Body(HandCards):
    """One hand's lines being read, after its header's facts (set by :mod:`~equity.histories.poker888`)."""

    def __init__(self, lines: list[str], source: str, first: int) -> None:
        self.lines, self.source, self.first = lines, source, first
        self.players: list[Player] = []
        self.index: dict[str, int] = {}
        self.actions: list[Action] = []
        self.board: tuple[int, ...] = ()
        self.cards: dict[int, tuple[int, ...]] = {}
        self.showed: set[int] = set()
        self.seen: dict[int, tuple[int, int]] = {}
        self.won: dict[int, Decimal] = {}
        self.hero: int | None = None
        self.street = 0
        self.game = "holdem"

    def where(self, k: int) -> str:
        return f"{self.source}:{self.first + k}"

    def fail(self, reason: str, k: int) -> HistoryError:
        return HistoryError(reason, self.where(k))

    def seat(self, line: str, k: int) -> None:
        """``Seat 3: Name ( $2.00 )``."""
        head, _, rest = line.partition(": ")
        open_at = rest.rfind(" ( ")
        if open_at < 0 or not rest.rstrip().endswith(")"):
            raise self.fail(f"cannot read the seat {line!r}", k)
        name = rest[:open_at]
        if name in self.index:
            raise self.fail(f"player {name!r} seated twice: {line!r}", k)
        self.index[name] = len(self.players)
        self.players.append(Player(int(head[5:]), name, amount(rest[open_at + 3:].rstrip().rstrip(")"))))

    def who(self, line: str) -> tuple[int | None, str]:
        """The player whose name starts ``line`` (the longest that does), and the rest of the line."""
        best = None
        for name, p in self.index.items():
            if line.startswith(name) and line[len(name):len(name) + 1] == " " and (
                    best is None or len(name) > len(best[0])):
                best = name, p
        return (None, "") if best is None else (best[1], line[len(best[0]) + 1:])

    def body(self, start: int) -> int:
        """Read every line from ``start`` on; returns the line of the summary (or -1 when there is none)."""
        summary = -1
        for k in range(start, len(self.lines)):
            line = self.lines[k].rstrip()
            try:
                if not line or line.startswith(("(", "#Game No : ")):  # (Hi: ..) (Lo: ..); the next hand's
                    continue
                if line.startswith("** "):
                    if line.startswith("** Summary **"):
                        summary = k
                    else:
                        self.deal(line, k)
                elif line.startswith("Dealt to "):
                    p, rest = self.who(line[9:])
                    if p is None:
                        raise self.fail(f"cards dealt to a player with no seat: {line!r}", k)
                    self.hold_all(p, rest, line, k)
                    self.hero = p
                else:
                    p, rest = self.who(line)
                    if p is None:
                        raise self.fail(f"unknown line {line!r}", k)
                    self.act(p, rest, line, k)
            except HistoryError:
                raise
            except (ArithmeticError, ValueError, LookupError) as e:
                raise self.fail(f"cannot read {line!r} ({e})", k) from None
        return summary

    def deal(self, line: str, k: int) -> None:
        """``** Dealing flop ** [ 5h, 7d, Qs ]``: the next street, its new board cards."""
        label, _, cards = line[3:].partition(" **")
        street = _STREETS.get(label.lower().removeprefix("dealing "))
        if street is None:
            raise self.fail(f"unknown section {line!r}", k)
        if street:
            new = card_ids(cards.replace(",", " "), self.where(k))
            if street <= self.street or len(self.board) + len(new) != BOARD_AT[street]:
                raise self.fail(f"{len(new)} board cards at the {label[8:].lower()}: {line!r}", k)
            for i, card in enumerate(new, len(self.board)):
                self.claim(card, -1 - i, k)
            self.board += new
        self.street = street

    def hold_all(self, p: int, rest: str, line: str, k: int) -> None:
        cards = card_ids(rest[:rest.index("]") + 1].replace(",", " "), self.where(k))
        if len(cards) != HOLE[self.game]:
            raise self.fail(f"{len(cards)} cards in {self.game}: {line!r}", k)
        self.hold(p, cards, k)

    def act(self, p: int, rest: str, line: str, k: int) -> None:
        verb, _, arg = rest.partition(" ")
        if verb == "folds" or verb == "checks":
            self.add(p, "fold" if verb == "folds" else "check")
        elif verb in _BETS:
            self.add(p, _BETS[verb], self.bracket(arg, line, k))
        elif verb == "posts":
            kind = next((kind for prefix, kind in _POSTS if rest.startswith(prefix)), "")
            if not kind:
                raise self.fail(f"unknown post {rest!r} in {line!r}", k)
            arg = rest[rest.index("["):]
            if kind == "dead":  # [small + big]: the small blind dead, the big one live
                dead, _, live = arg[1:].rpartition("]")[0].partition("+")
                for kind, chips in (("dead-blind", amount(dead)), ("blind", amount(live))):
                    if chips:
                        self.add(p, kind, chips)
            else:
                self.add(p, kind, self.bracket(arg, line, k))
        elif verb in ("shows", "mucks"):
            self.hold_all(p, arg, line, k)
            if verb == "shows":
                self.showed.add(p)
        elif verb == "collected":
            self.won[p] = self.won.get(p, ZERO) + self.bracket(arg, line, k)
        elif not rest.startswith(_QUIET):
            raise self.fail(f"unknown action {rest!r} in {line!r}", k)

    def bracket(self, arg: str, line: str, k: int) -> Decimal:
        """The amount of ``[$0.06]`` (and nothing after it but an all-in's words)."""
        inside, close, after = arg.partition("]")
        after = after.strip()
        if not arg.startswith("[") or not close or after and not after.startswith("and is all"):
            raise self.fail(f"no amount in {line!r}", k)
        chips = amount(inside[1:])
        if chips <= 0:
            raise self.fail(f"an amount of {chips} in {line!r}", k)
        return chips

    def add(self, p: int, kind: str, chips: Decimal = ZERO) -> None:
        self.actions.append(Action(self.street, p, kind, chips))

    def settle(self, summary: int, tournament: bool) -> tuple[dict[int, Decimal], tuple[Decimal, ...],
                                                              Decimal]:
        """The uncalled bet (the largest live contribution's part that no one matched), what each player
        collected (without that bet) and the rake; checks that the chips add up."""
        n = len(self.players)
        antes = {a.player: a.amount for a in self.actions if a.kind == "ante"}
        if n > 1 and all(antes.get(i) == player.stack for i, player in enumerate(self.players)):
            # a BLAST's forced all-in: every stack posted as an ante, the biggest's excess back
            self.actions = [Action(a.street, a.player, "blind", a.amount) if a.kind == "ante" else a
                            for a in self.actions]
        live, put = [ZERO] * n, [ZERO] * n
        for a in self.actions:
            put[a.player] += a.amount
            if a.kind not in ("ante", "dead-blind"):
                live[a.player] += a.amount
        for i, player in enumerate(self.players):
            if put[i] > player.stack:
                raise self.fail(f"{player.name} puts in {put[i]} with a stack of {player.stack}", summary)
        ordered = sorted(live)
        uncalled: dict[int, Decimal] = {}
        if n > 1 and ordered[-1] > ordered[-2]:
            uncalled[live.index(ordered[-1])] = ordered[-1] - ordered[-2]
        pot = sum(put, ZERO) - sum(uncalled.values(), ZERO)
        won = [self.won.get(i, ZERO) for i in range(n)]
        if not self.won:
            return uncalled, (), ZERO  # no pot awarded: the pricing plays the showdown
        for i, back in uncalled.items():
            if sum(won, ZERO) > pot and won[i] >= back:
                won[i] -= back
        rake = pot - sum(won, ZERO)
        if rake < 0 or tournament and rake:
            raise self.fail(f"chips do not add up: {sum(won, ZERO)} collected of a pot of {pot}", summary)
        return uncalled, tuple(won), rake

    def hand(self, fields: dict, summary: int) -> Hand:
        uncalled, collected, rake = self.settle(summary, fields["tournament"] is not None)
        antes = [a.amount for a in self.actions if a.kind == "ante"]
        return Hand(site="888poker", players=tuple(self.players), actions=tuple(self.actions),
                    boards=(self.board,) if self.board else (), cards=self.cards,
                    showed=frozenset(self.showed),
                    collected=collected, uncalled=uncalled, rake=rake, fees={"rake": rake} if rake else {},
                    ante=max(antes, default=ZERO), source=self.source, line=self.first, hero=self.hero,
                    **fields)


__all__ = ["Body", "amount"]
