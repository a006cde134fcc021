"""A PHH hand's ``actions`` replayed (:mod:`equity.histories.phh`): the forced bets posted, then each
deal (``d dh``, ``d db``), bet (``f``, ``cc``, ``cbr``, ``pb``), discard (``sd``) and show (``sm``) in
turn, into the hand's :class:`~equity.histories.model.Action` list, the cards each player holds (as
dealt; a draw game's before the first draw), every draw (the cards discarded, then the cards the dealer
deals the player: ``p1 sd 7h2c`` then ``d dh p1 Kc3d``) and the board. A single-draw game draws once, a
triple draw three times.

An action the hand cannot have (a player who has folded or is all in, a raise that raises nothing, more
chips than the stack holds, a card dealt twice or shown where another was dealt) is a
:class:`~equity.errors.HistoryError` at the action's ``file:line``.
"""

from __future__ import annotations

import re
from decimal import Decimal

from equity.cards import CARD_NAMES
from equity.games import Game
from equity.histories.model import ZERO, Action
from equity.histories.phh_fields import PLAYER, Fields

_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


class Play:
    """The actions of one hand as they happen: chips in on the street and left behind, the cards
    each player holds (None where unknown), the board."""

    def __init__(self, hand: Fields, game: Game, stacks: list[Decimal], bring_in: Decimal,
                 draws: int = 1) -> None:
        self.hand, self.game = hand, game
        self.most_draws = draws
        self.left = list(stacks)
        self.bet = [ZERO] * len(stacks)
        self.high = ZERO
        self.street = 0
        self.bring_in = bring_in
        self.actions: list[Action] = []  # naming players by their index in the hand (post's ``at``)
        self.at: list[int] = list(range(len(stacks)))
        self.held: list[list[int | None]] = [[] for _ in stacks]
        #: where each held card came from: None (dealt) or (draw, place among that draw's new cards)
        self.origin: list[list[tuple[int, int] | None]] = [[] for _ in stacks]
        self.before_draw: dict[int, list[int | None]] = {}
        self.draws: dict[int, list[tuple[list[int | None], list[int | None]]]] = {}
        self.showed: set[int] = set()
        self.folded: set[int] = set()
        self.board: list[int] = []
        self.seen: set[int] = set()
        self.labels = {f"p{i + 1}": i for i in range(len(stacks))}

    def post(self, antes: list[Decimal], blinds: list[Decimal], at: list[int]) -> None:
        """Antes from p1 on, then blinds and straddles from the small blind on, each capped at the
        stack (heads-up, the arrays apply reversed). ``at``: each PHH player's index in the hand, which
        the actions name (:attr:`actions`)."""
        self.at = at
        n = len(self.left)
        for amounts, kind in ((antes, "ante"), (blinds, "blind")):
            for i in range(n):
                p = 1 - i if n == 2 and kind == "blind" else i
                amount = min(amounts[1 - p if n == 2 else p], self.left[p])
                if amount:
                    self.left[p] -= amount
                    if kind == "blind":
                        self.bet[p] += amount
                    self.actions.append(Action(0, at[p], kind, amount))
        self.high = max(self.bet)

    def known(self) -> dict[int, tuple[int, ...]]:
        """Each player's cards when all are known: as dealt (a draw game's: before the draw)."""
        out = {}
        for p, held in enumerate(self.held):
            cards = self.before_draw.get(p, held)
            if cards and None not in cards:
                out[p] = tuple(cards)  # type: ignore[arg-type]
        return out

    def act(self, action: str, k: int) -> None:
        words = (action.split("#", 1)[0] if "#" in action else action).split()
        if not words:
            return
        fail = self.hand.fail
        if words[0] == "d":
            if len(words) == 3 and words[1] == "db":
                return self.deal_board(words[2], k)
            if len(words) == 4 and words[1] == "dh":
                return self.deal_hole(self.player(words[2], k), words[3], k)
            raise fail("the dealer's actions are 'd db CARDS' and 'd dh pN CARDS'", k)
        p = self.player(words[0], k)
        verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
        if verb == "sm" and len(args) <= 1:
            return self.show(p, args[0] if args else "", k)
        if p in self.folded:
            raise fail(f"{words[0]} has folded", k)
        if verb == "sd" and len(args) <= 1:
            return self.draw(p, args[0] if args else "", k)
        if (verb, len(args)) not in (("f", 0), ("cc", 0), ("pb", 0), ("cbr", 1)):
            raise fail(f"{verb or 'nothing'!r} is not an action: a player's are f, cc, cbr AMOUNT, pb, "
                       "sd [CARDS], sm [CARDS]", k)
        self.move(p, verb, args, k)

    def player(self, label: str, k: int) -> int:
        p = self.labels.get(label)
        if p is not None:
            return p
        match = PLAYER.fullmatch(label)
        n = len(self.left)
        if match is None or int(match[1]) > n:
            raise self.hand.fail(f"{label!r} is not a player: p1 .. p{n}", k)
        return int(match[1]) - 1

    def round(self) -> int:
        """The betting round the next bet is in: by the board's cards, the draws made, or (stud) the cards
        held past the first deal."""
        if self.game.board:
            return max(0, len(self.board) - 2)
        if self.game.has_draw:
            return max(map(len, self.draws.values()), default=0)
        return max(0, max(map(len, self.held)) - self.game.first_deal)

    def move(self, p: int, verb: str, args: list[str], k: int) -> None:
        street = self.round()
        if street != self.street:
            self.street, self.bet, self.high = street, [ZERO] * len(self.bet), ZERO
        if verb == "f":
            self.folded.add(p)
            self.actions.append(Action(street, self.at[p], "fold"))
            return
        if not self.left[p]:
            raise self.hand.fail(f"p{p + 1} is all in: no chips left to act with", k)
        if verb == "cc":
            amount = min(self.high - self.bet[p], self.left[p])
            kind = "call" if amount else "check"
        elif verb == "pb":
            if not self.game.bring_in or not self.bring_in:
                raise self.hand.fail("a bring-in is posted in stud games with a bring_in only", k)
            amount, kind = min(self.bring_in, self.left[p]), "bring-in"
        else:
            if _AMOUNT.fullmatch(args[0]) is None:
                raise self.hand.fail(f"{args[0]!r} is not an amount of chips", k)
            to = Decimal(args[0])
            amount, kind = to - self.bet[p], "raise" if self.high else "bet"
            if to <= self.high:
                raise self.hand.fail(f"cbr {args[0]} does not raise the bet of {self.high}", k)
            if amount > self.left[p]:
                raise self.hand.fail(f"cbr {args[0]} puts in {amount}; p{p + 1} has {self.left[p]} left", k)
        self.left[p] -= amount
        self.bet[p] += amount
        self.high = max(self.high, self.bet[p])
        self.actions.append(Action(street, self.at[p], kind, amount))

    def new_cards(self, text: str, k: int) -> list[int | None]:
        cards = self.hand.cards(text, k, self.game.low_card)
        for card in cards:
            if card is not None:
                if card in self.seen:
                    raise self.hand.fail(f"{CARD_NAMES[card]} is dealt twice", k)
                self.seen.add(card)
        return cards

    def deal_board(self, text: str, k: int) -> None:
        if not self.game.board:
            raise self.hand.fail("no board is dealt in stud and draw games", k)
        cards = self.new_cards(text, k)
        if None in cards or len(self.board) + len(cards) > 5:
            raise self.hand.fail("the board is five cards, all known", k)
        self.board.extend(cards)  # type: ignore[arg-type]

    def deal_hole(self, p: int, text: str, k: int) -> None:
        cards = self.new_cards(text, k)
        held = self.held[p]
        most = self.game.hole
        if len(held) + len(cards) > most:
            raise self.hand.fail(f"p{p + 1} would hold {len(held) + len(cards)} cards; the game deals "
                                 f"{most}", k)
        if p in self.folded:
            raise self.hand.fail(f"p{p + 1} has folded", k)
        draws = self.draws.get(p)
        if draws and len(draws[-1][1]) + len(cards) <= len(draws[-1][0]):  # the new cards of its draw
            got = len(draws[-1][1])
            self.origin[p].extend((len(draws) - 1, got + j) for j in range(len(cards)))
            draws[-1][1].extend(cards)
        else:
            self.origin[p].extend([None] * len(cards))
        held.extend(cards)

    def show(self, p: int, text: str, k: int) -> None:
        held = self.held[p]
        if text in ("", "-"):
            if text and any(c is not None for c in held):
                self.showed.add(p)
            return
        cards = self.hand.cards(text, k, self.game.low_card)
        if len(cards) != len(held):
            raise self.hand.fail(f"p{p + 1} shows {len(cards)} cards and holds {len(held)}", k)
        for i, card in enumerate(cards):
            if card is None or card == held[i]:
                continue
            if held[i] is not None:
                raise self.hand.fail(f"p{p + 1} shows {CARD_NAMES[card]} where {CARD_NAMES[held[i]]} was "
                                     "dealt", k)
            if card in self.seen:
                raise self.hand.fail(f"{CARD_NAMES[card]} is dealt twice", k)
            self.seen.add(card)
            held[i] = card
            origin = self.origin[p][i]
            if origin is not None:  # a drawn card not dealt face up, shown now
                self.draws[p][origin[0]][1][origin[1]] = card
        if any(c is not None for c in cards):
            self.showed.add(p)

    def draw(self, p: int, text: str, k: int) -> None:
        if not self.game.has_draw:
            raise self.hand.fail("players draw (sd) in draw games only", k)
        draws = self.draws.setdefault(p, [])
        if len(draws) >= self.most_draws:
            game = "a single-draw game" if self.most_draws == 1 else f"a game of {self.most_draws} draws"
            raise self.hand.fail(f"p{p + 1} draws {len(draws) + 1} times in {game}", k)
        if draws and len(draws[-1][1]) < len(draws[-1][0]):
            raise self.hand.fail(f"p{p + 1} draws again before the cards of its last draw are dealt", k)
        cards = self.hand.cards(text, k, self.game.low_card)
        held = self.held[p]
        self.before_draw.setdefault(p, list(held))
        for card in cards:
            slot = card if card in held else None
            if slot is None and card is not None and card not in self.seen:
                self.seen.add(card)
            elif slot is None and card is not None:
                raise self.hand.fail(f"{CARD_NAMES[card]} is dealt twice", k)
            if slot not in held:
                shown = CARD_NAMES[card] if card is not None else "??"
                raise self.hand.fail(f"p{p + 1} discards {shown}, a card it does not hold", k)
            at = held.index(slot)
            del held[at], self.origin[p][at]
        draws.append((list(cards), []))


__all__ = ["Play"]
