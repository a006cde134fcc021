"""Any :class:`~equity.histories.model.Hand`, from any site, as a PHH file (:func:`write`), so that
site histories feed any tool that reads the open standard; :mod:`equity.histories.phh` reads it back to
the same hand.

The players are listed by position (after the button; stud games in seat order), with their ``seats``,
names and stacks; posts become the ``antes`` and ``blinds_or_straddles`` arrays (a post that put a player
all in at its nominal size, which PHH caps at the stack); actions the standard's notation, raises and
bets "to" the street's amount; hole cards are dealt as far as the hand knows them (``??`` for the rest),
the board street by street, shown cards with ``sm`` once the betting is over. Site fields the standard
has go in its fields: hand id, table, currency, date and time zone, the site as ``venue``, ``winnings``,
``finishing_stacks``; a draw game's every draw (``sd`` with the cards thrown, then ``d dh`` with the
cards drawn, ``??`` where not shown), and a triple draw's standard code (``F2L3D``, ``FB``).

What the standard cannot hold is kept in user-defined fields (``_rake``, ``_fees``, ``_added``,
``_cash_outs``, ``_boards``, ``_tournament``, ``_hero``, ``_cap``, a ``_button`` that is not the last
player's seat, a ``_date`` the date fields cannot spell, and stakes the forced bets do not give), which
other PHH tools ignore; so what those tools do not see is:

- rake and fees (``winnings`` are after rake), a cash drop, cash-outs, a second run's board, the
  tournament, the hero;
- a dead blind (written as an ante: dead money either way; it reads back as one);
- players' uncalled bets (the actions give them); which site the hand came from beyond ``venue`` (it
  reads back as site ``"phh"``, known as that site's hand when it reads the hand twice);
- games with no standard code: 5- and 6-card Omaha and their hi-lo forms, pot- or no-limit Omaha hi-lo,
  short deck with trips above straights, five-card draw and single-draw badugi get codes in the
  standard's pattern (``PO5``, ``PO/8``, ``NST``, ``N5CD``, ``FB1D``) that other tools do not know;
- a fixed-limit game's big bet (written as twice the small bet, the big blind);
- the order of the showdown (shown in position order) and of posts (antes, then from the small blind).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from decimal import Decimal

from equity.cards import CARD_NAMES
from equity.errors import HistoryError
from equity.games import GAMES, Game
from equity.histories import sites
from equity.histories.model import BOARD_AT, ZERO, Action, Hand
from equity.histories.phh import GAME_CODES, LIMITS, TRIPLE_DRAWS, stakes

_CODE = {game: code for code, game in GAME_CODES.items()}
_LETTER = {limit: letter for letter, limit in LIMITS.items()}
_TRIPLE = {game: code for code, game in TRIPLE_DRAWS.items()}
_DATE = re.compile(r"(\d{4})(?:-(\d\d)(?:-(\d\d)(?:T([01]\d|2[0-3]):([0-5]\d):([0-5]\d))?)?)?(?: (\S+))?")
_INTEGER = re.compile(r"0|[1-9][0-9]{0,17}")
#: The posts PHH writes as arrays (a bring-in is an action, ``pb``).
_FORCED = ("ante", "blind", "dead-blind")


def write(hand: Hand) -> str:
    """``hand`` as a PHH file's text: the standard's fields in its order, then equity's user-defined
    ones (module docstring).

    Raises:
        HistoryError: a game or limit with no PHH code.
    """
    if hand.game not in _CODE or hand.limit not in _LETTER:
        raise HistoryError(f"cannot write a {hand.limit} {hand.game} hand as PHH", hand.where)
    game = GAMES[hand.game]
    order = _positions(hand, game)
    label = {h: f"p{i + 1}" for i, h in enumerate(order)}
    antes, blinds = _posts(hand, order)
    fixed = hand.limit == "fixed-limit"
    unit = hand.big_blind if hand.big_blind > 0 else Decimal(1)
    code = _TRIPLE[hand.game] if hand.draw_rounds == 3 and hand.game in _TRIPLE else _CODE[hand.game]
    out = [f"variant = {_text(_LETTER[hand.limit] + code)}", f"antes = {_list(antes)}"]
    if game.has_button or any(blinds):
        out.append(f"blinds_or_straddles = {_list(blinds)}")
    if game.bring_in:
        out.append(f"bring_in = {_num(hand.bring_in)}")
    if fixed:
        out += [f"small_bet = {_num(unit)}", f"big_bet = {_num(2 * unit)}"]
    else:
        out.append(f"min_bet = {_num(unit)}")
    out.append(f"starting_stacks = {_list(hand.players[h].stack for h in order)}")
    actions = _Actions(hand, game, label).lines()
    out.append("actions = [\n" + "".join(f"  {_text(a)},\n" for a in actions) + "]")
    site = sites.site(hand.site)
    if site is not None and site.unique_ids:
        out.append(f"venue = {_text(site.title)}")
    elif hand.identity and hand.identity[0] == "venue":
        out.append(f"venue = {_text(hand.identity[1])}")
    user: dict[str, str] = {}
    out += _date(hand.date, user)
    out.append(f"hand = {_id(hand.id)}")
    out.append(f"seats = [{', '.join(str(hand.players[h].seat) for h in order)}]")
    if hand.table is not None:
        out.append(f"table = {_id(hand.table)}")
    out.append(f"players = [{', '.join(_text(hand.players[h].name) for h in order)}]")
    if hand.finishing:
        out.append(f"finishing_stacks = {_list(hand.finishing[h] for h in order)}")
    if hand.collected:
        out.append(f"winnings = {_list(hand.collected[h] for h in order)}")
    if hand.currency != "chips":
        out.append(f"currency = {_text(hand.currency)}")
    _user(hand, game, order, label, antes, blinds, unit, user)
    out += [f"{key} = {value}" for key, value in user.items()]
    return "\n".join(out) + "\n"


def _positions(hand: Hand, game: Game) -> list[int]:
    """The players (indices into ``hand.players``) in PHH's order: from the seat after the button round
    to the button; in a game with no button (stud), seat order."""
    seats = list(range(len(hand.players)))
    button = hand.button
    if not game.has_button:
        return seats
    if button is None:
        blinds = [a.player for a in hand.actions if a.kind == "blind"]
        if not blinds:
            return seats
        if len(seats) > 2:
            return seats[blinds[0]:] + seats[:blinds[0]]
        button = hand.players[blinds[0]].seat
    return ([i for i in seats if hand.players[i].seat > button]
            + [i for i in seats if hand.players[i].seat <= button])


def _posts(hand: Hand, order: list[int]) -> tuple[list[Decimal], list[Decimal]]:
    """The ``antes`` and ``blinds_or_straddles`` arrays (heads-up, reversed, as PHH writes them): each
    player's dead and live posts, a post that put the player all in at its nominal size."""
    n = len(order)
    dead, live = [ZERO] * len(hand.players), [ZERO] * len(hand.players)
    for a in hand.actions:
        if a.kind in ("ante", "dead-blind"):
            dead[a.player] += a.amount
        elif a.kind == "blind":
            live[a.player] += a.amount
    antes, blinds = [], []
    for i, h in enumerate(order):
        stack = hand.players[h].stack
        ante = hand.ante if dead[h] == stack and ZERO < dead[h] < hand.ante else dead[h]
        nominal = (hand.small_blind, hand.big_blind)[(i == 0) == (n == 2)] if i < 2 else ZERO
        blind = nominal if live[h] == stack - dead[h] and ZERO < live[h] < nominal else live[h]
        antes.append(ante)
        blinds.append(blind)
    if n == 2:
        antes.reverse()
        blinds.reverse()
    return antes, blinds


def _user(hand: Hand, game: Game, order: list[int], label: dict[int, str], antes: list[Decimal],
          blinds: list[Decimal], unit: Decimal, user: dict[str, str]) -> None:
    """The user-defined fields: what the standard's fields do not say of ``hand``."""
    if hand.rake:
        user["_rake"] = _num(hand.rake)
    if hand.added:
        user["_added"] = _num(hand.added)
    if hand.fees:
        user["_fees"] = "{" + ", ".join(f"{_text(k)} = {_num(v)}" for k, v in hand.fees.items()) + "}"
    if hand.cash_outs:
        outs = sorted(hand.cash_outs.items(), key=lambda item: order.index(item[0]))
        user["_cash_outs"] = "{" + ", ".join(f"{label[p]} = [{_num(c.amount)}, {_num(c.fee)}]"
                                             for p, c in outs) + "}"
    if len(hand.boards) > 1:
        user["_boards"] = "[" + ", ".join(_text(_cards(b)) for b in hand.boards) + "]"
    if hand.tournament is not None:
        user["_tournament"] = _text(hand.tournament)
    if hand.hero is not None:
        user["_hero"] = _text(label[hand.hero])
    button = hand.players[order[-1]].seat if game.has_button else None
    if hand.button is not None and hand.button != button:
        user["_button"] = str(hand.button)
    if hand.cap is not None:
        user["_cap"] = _num(hand.cap)
    fixed = hand.limit == "fixed-limit"
    small, big, ante = stakes(game, antes, blinds, unit if fixed else None, None if fixed else unit)
    bring_in = hand.bring_in if game.bring_in else ZERO
    for key, ours, theirs in (("_small_blind", small, hand.small_blind), ("_big_blind", big, hand.big_blind),
                              ("_ante", ante, hand.ante), ("_bring_in", bring_in, hand.bring_in)):
        if ours != theirs:
            user[key] = _num(theirs)


class _Actions:
    """A hand's actions in PHH notation, with the deals between them."""

    def __init__(self, hand: Hand, game: Game, label: dict[int, str]) -> None:
        self.hand, self.game, self.label = hand, game, label
        self.order = list(label)
        self.moves = [a for a in hand.actions if a.kind not in _FORCED]
        self.left = [p.stack for p in hand.players]
        self.bet = [ZERO] * len(hand.players)
        for a in hand.actions:
            if a.kind in _FORCED:
                self.left[a.player] -= a.amount
                if a.kind == "blind":
                    self.bet[a.player] += a.amount
        self.high = max(self.bet, default=ZERO)
        self.street = 0
        self.folded: set[int] = set()
        self.dealt = dict.fromkeys(self.order, 0)
        self.out: list[str] = []

    def lines(self) -> list[str]:
        """Deals, bets and shows in order; the shows once the betting is over, before the cards still
        to come (a draw game's after the draw)."""
        if self.game.board:
            self._board()
        elif self.game.has_draw:
            self._draw()
        else:  # dealt a card a street (stud)
            self._stud()
        return self.out

    def _board(self) -> None:
        for p in self.order:
            self.deal(p, self.game.hole)
        board = self.hand.boards[0] if self.hand.boards else ()
        dealt = 0

        def deal_to(street: int) -> None:
            nonlocal dealt
            while dealt < min(street, 3):
                dealt += 1
                part = board[BOARD_AT[dealt - 1]:BOARD_AT[dealt]]
                if part:
                    self.out.append(f"d db {_cards(part)}")

        for a in self.moves:
            deal_to(a.street)
            self.move(a)
        self.shows()
        deal_to(3)

    def _stud(self) -> None:
        last = max((a.street for a in self.moves), default=0)
        rounds = min(5, max(last + 1, max((len(c) - 2 for c in self.hand.cards.values()), default=1)))
        dealt = -1

        def deal_to(street: int) -> None:
            nonlocal dealt
            while dealt < street:
                dealt += 1
                for p in self.order:
                    if p not in self.folded:
                        self.deal(p, self.game.first_deal if dealt == 0 else 1)

        for a in self.moves:
            deal_to(a.street)
            self.move(a)
        deal_to(0)
        self.shows()
        deal_to(rounds - 1)

    def _draw(self) -> None:
        for p in self.order:
            self.deal(p, self.game.hole)
        drawn = 0  # the draws written
        for a in self.moves:
            while a.street > drawn:
                drawn += 1
                self.draw(drawn - 1)
            self.move(a)
        rounds = max(map(len, self.hand.draws.values()), default=1 if self.hand.discards else 0)
        while drawn < rounds:
            drawn += 1
            self.draw(drawn - 1)
        self.shows()

    def deal(self, p: int, count: int) -> None:
        cards = self.hand.cards.get(p, ())[self.dealt[p]:self.dealt[p] + count]
        self.dealt[p] += count
        self.out.append(f"d dh {self.label[p]} {_cards(cards)}{'??' * (count - len(cards))}")

    def draw(self, k: int) -> None:
        """Each player's ``k``-th draw (from 0): the cards thrown (``sd``), then those dealt for them."""
        for p in self.order:
            if p in self.folded:
                continue
            draws = self.hand.draws.get(p, ())
            if k < len(draws):
                thrown, new = draws[k]
            elif k == 0 and p in self.hand.discards:
                thrown, new = self.hand.discards[p], ()
            else:
                self.out.append(f"# {self.label[p]} draws: cards not known")
                continue
            self.out.append(f"{self.label[p]} sd {_some(thrown)}".rstrip())
            if thrown:
                self.out.append(f"d dh {self.label[p]} {_some(new)}{'??' * (len(thrown) - len(new))}")

    def move(self, a: Action) -> None:
        if a.street != self.street:
            self.street, self.bet, self.high = a.street, [ZERO] * len(self.bet), ZERO
        p = a.player
        if a.kind == "fold":
            self.folded.add(p)
            self.out.append(f"{self.label[p]} f")
            return
        if a.kind == "bring-in":
            verb = "pb"
        elif a.kind in ("check", "call") and a.amount == min(self.high - self.bet[p], self.left[p]):
            verb = "cc"
        else:
            verb = f"cbr {_num(self.bet[p] + a.amount)}"
        self.left[p] -= a.amount
        self.bet[p] += a.amount
        self.high = max(self.high, self.bet[p])
        self.out.append(f"{self.label[p]} {verb}")

    def shows(self) -> None:
        for p in self.order:
            if p not in self.hand.showed:
                continue
            cards = self.hand.cards.get(p)
            held = self.dealt[p]
            if cards is None:
                text = "??" * held
            elif self.game.has_draw and self.hand.final(p) is not None:
                text = _cards(self.hand.final(p))  # type: ignore[arg-type]
            elif self.game.has_draw and self.hand.discards.get(p):
                discards = self.hand.discards[p]
                text = _cards(c for c in cards if c not in discards) + "??" * len(discards)
            else:
                text = _cards(cards[:held])
            self.out.append(f"{self.label[p]} sm {text}")


def _some(cards: Sequence[int | None]) -> str:
    """Cards as PHH writes them, ``??`` for a card not known."""
    return "".join("??" if c is None else CARD_NAMES[c] for c in cards)


def _date(date: str | None, user: dict[str, str]) -> list[str]:
    """The fields ``time``, ``time_zone`` or ``time_zone_abbreviation``, ``day``, ``month``, ``year`` of
    an ISO date (``2024-03-01T14:22:05 ET``); another date goes to ``_date``."""
    if date is None:
        return []
    match = _DATE.fullmatch(date)
    if match is None or not 1 <= int(match[2] or 1) <= 12 or not 1 <= int(match[3] or 1) <= 31:
        user["_date"] = _text(date)
        return []
    out = []
    if match[4]:
        out.append(f"time = {match[4]}:{match[5]}:{match[6]}")
    if match[7]:
        out.append(f"{'time_zone' if '/' in match[7] else 'time_zone_abbreviation'} = {_text(match[7])}")
    for key, part in (("day", match[3]), ("month", match[2]), ("year", match[1])):
        if part:
            out.append(f"{key} = {int(part)}")
    return out


def _num(value: Decimal) -> str:
    """An amount as TOML: an integer as one, a fraction exactly as it is."""
    if not value.is_finite():
        return "inf"
    return str(int(value)) if value == value.to_integral_value() else format(value, "f")


def _list(values) -> str:
    return "[" + ", ".join(_num(v) for v in values) + "]"


def _text(text: str) -> str:
    """A TOML basic string."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _id(value: str) -> str:
    """A hand id or table name: a TOML integer where it is one, else a string."""
    return value if _INTEGER.fullmatch(value) else _text(value)


def _cards(cards) -> str:
    return "".join(CARD_NAMES[c] for c in cards)
