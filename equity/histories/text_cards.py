"""Where a PokerStars or GGPoker hand's cards are (:mod:`equity.histories.text`): hole cards dealt
(``Dealt to Name [..]``) and shown or mucked, the board of each street and each run (``*** FLOP *** [..]``,
``*** SECOND TURN *** [..] [..]``), and the ``*** SUMMARY ***``'s lines that repeat them (``Seat n: Name
showed [..]``, ``Board [..]``, ``FIRST Board [..]``) or give the fees (``Total pot $x | Rake $y ..``).

Every card has one owner, a player or a place on the board; a card seen with two, a board of the wrong
size for its street, a player showing other cards than before or a summary's board other than the one
dealt is a :class:`~equity.errors.HistoryError` naming the line.
"""

from __future__ import annotations

from equity.cards import CARD_NAMES
from equity.histories.model import BOARD_AT, ZERO
from equity.histories.tokens import HOLE, RUNS, STREETS, card_ids, money


class HandCards:
    """The card lines of :class:`~equity.histories.text.HandText`, which this is mixed into: they read
    and set its ``cards``, ``showed``, ``seen``, ``hero``, ``board``, ``runs``, ``said_boards``, ``fees``,
    and at a new street its ``street`` and ``put``."""

    def show(self, p: int, arg: str, k: int, shown: bool) -> None:
        cards = card_ids(arg[:arg.index("]") + 1], self.where(k))
        if len(cards) != HOLE[self.game]:
            return
        self.hold(p, cards, k)
        if shown:
            self.showed.add(p)

    def hold(self, p: int, cards: tuple[int, ...], k: int) -> None:
        known = self.cards.get(p)
        if known is not None and sorted(known) != sorted(cards):
            raise self.fail(f"{self.players[p].name} shows other cards than before: {self.lines[k]!r}", k)
        if known is None:
            for card in cards:
                self.claim(card, p, k)
            self.cards[p] = cards

    def claim(self, card: int, owner: int, k: int) -> None:
        """``card`` seen on line ``k``, held by ``owner``: a player, or ``-1 - i`` for the board's ``i``-th
        card (in every run and street); a card of two owners is an error."""
        seen = self.seen.get(card)
        if seen is None:
            self.seen[card] = (owner, k)
        elif seen[0] != owner:
            raise self.fail(f"card {CARD_NAMES[card]} is dealt twice (line {self.first + seen[1]} and here): "
                            f"{self.lines[k]!r}", k)

    def dealt(self, line: str, k: int) -> None:
        rest = line[9:]
        at = rest.find(" [")
        p = self.who(rest if at < 0 else rest[:at], k)
        if at >= 0:
            cards = card_ids(rest[at:], self.where(k))
            if len(cards) != HOLE[self.game]:
                raise self.fail(f"{len(cards)} cards dealt in {self.game}: {line!r}", k)
            self.hold(p, cards, k)
            self.hero = p

    def marker(self, line: str, k: int) -> bool:
        """A ``*** .. ***`` line: a new street, a run's street, a showdown or the summary (True)."""
        label, _, cards = line[4:].partition(" ***")
        if label == "SUMMARY":
            return True
        words = label.split(" ")
        street = STREETS.get(words[-1])
        if street is not None and len(words) <= 2:
            board = card_ids(cards, self.where(k))
            if len(board) != BOARD_AT[street]:
                raise self.fail(f"{len(board)} board cards at the {words[-1].lower()}: {line!r}", k)
            for i, card in enumerate(board):
                self.claim(card, -1 - i, k)
            if len(words) == 2:
                self.runs[RUNS[words[0]]] = board
            else:
                self.board = board
            self.street = street
            self.put = [ZERO] * len(self.players)
        elif label not in ("HOLE CARDS", "SHOW DOWN", "SHOWDOWN") and words[-1] not in ("DOWN", "SHOWDOWN"):
            raise self.fail(f"unknown section {line!r}", k)
        return False

    def summary(self, line: str, k: int) -> None:
        if line.startswith("Seat "):
            if "ed [" not in line:
                return
            head, _, rest = line.partition(": ")
            at = rest.find(" showed [")
            shown = at >= 0
            if not shown:
                at = rest.find(" mucked [")
            seat = int(head[5:])
            for p in (p for p, player in enumerate(self.players) if player.seat == seat and at >= 0):
                self.show(p, rest[at + 8:], k, shown)
        elif line.startswith("Total pot "):
            for part in line.split(" | ")[1:]:
                name, _, amount = part.strip().rpartition(" ")
                self.fees[name.lower()] = money(amount)
        elif line.startswith("Board ["):
            self.said_boards[0] = card_ids(line[6:], self.where(k)), k
        elif " Board [" in line:
            ordinal, _, cards = line.partition(" Board ")
            if ordinal in RUNS:
                self.said_boards[RUNS[ordinal]] = card_ids(cards, self.where(k)), k

    def boards(self) -> tuple[tuple[int, ...], ...]:
        if self.runs:
            boards = tuple(self.runs[r] for r in sorted(self.runs))
        else:
            boards = (self.board,) if self.board else ()
        for r, (said, k) in self.said_boards.items():
            if r >= len(boards) or boards[r][len(boards[r]) - len(said):] != said:
                raise self.fail(f"the summary's board differs from the board dealt: {self.lines[k]!r}", k)
        return boards


__all__ = ["HandCards"]
