"""One iPoker ``<game>`` element read into a :class:`~equity.histories.model.Hand` (the file and its
``<session>`` are read in :mod:`equity.histories.ipoker`).

Rounds: ``no="0"`` the antes and blinds, ``1`` preflop, ``2`` flop, ``3`` turn, ``4`` river; actions are
replayed in the order of their ``no`` within a round (iPoker does not write them in order). Action types
and what their ``sum`` is: ``0`` fold, ``1`` small blind, ``2`` big blind (a ``2`` above the big blind is
a post of both blinds: the excess is dead), ``3`` call, ``4`` check, ``5`` bet, ``6`` raise, ``7`` all-in
(each the chips added), ``15`` ante (dead), ``23`` raise TO the player's total on that street (antes and
dead blinds not counted); ``8`` and ``9`` (sitting out, a blind not posted) move no chips, nor does an
all-in whose sum is ``DP`` (a disconnected player kept in the hand). Cards are a
suit letter and a rank (``C10``, ``HA``), ``X`` when hidden. A player's ``win`` is what the player took
from the pot; older clients count the uncalled bet returned in it, clients that say
``<uncalled_bet_enabled>true`` and those of version 20 and later do not (when a hand's figures leave no
doubt, they decide). The rake is what the pot held less what was won, or the players' ``rakeamount``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from equity.errors import HistoryError
from equity.histories.model import ZERO, Action, Hand, Player
from equity.histories.tokens import HOLE, card_ids

_SUITS = {"C": "c", "D": "d", "H": "h", "S": "s"}
_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A",
          **{str(r): str(r) for r in range(2, 10)}}
_NOT_DIGITS = re.compile(r"[^0-9.,]")
#: Action types that move no chips: sitting out, a blind not posted.
_IDLE = ("8", "9")
_KINDS = {"0": "fold", "1": "blind", "2": "blind", "3": "call", "4": "check", "5": "bet", "6": "raise",
          "7": "all-in", "15": "ante", "23": "raise-to"}
_LIMITS = (("pot limit", "pot-limit"), ("no limit", "no-limit"), ("nl", "no-limit"), ("бл", "no-limit"),
           ("pl", "pot-limit"), ("fl", "fixed-limit"), ("sl", "fixed-limit"), ("l", "fixed-limit"),
           ("limit", "fixed-limit"))
_NOT_READ = ("stud", "razz", "draw", "badugi")
_BY_HOLE = {2: "holdem", 4: "omaha", 5: "omaha5", 6: "omaha6"}


@dataclass(frozen=True)
class Session:
    """What a ``<session>``'s ``<general>`` says of all its games."""

    gametype: str = ""
    table: str | None = None
    currency: str = "chips"
    hero: str | None = None
    tournament: str | None = None
    small_blind: str | None = None
    big_blind: str | None = None
    wins_exclude_uncalled: bool | None = None


def money(token: str | None, where: str) -> Decimal:
    """An amount as iPoker prints it, any currency sign or code dropped: ``€1 001,24`` -> 1001.24,
    ``$1,059.65`` -> 1059.65, ``1.500`` (a thousands dot: amounts have at most 2 decimals) -> 1500."""
    text = _NOT_DIGITS.sub("", token or "")
    if not text or not any(c.isdigit() for c in text):
        raise HistoryError(f"no amount in {token!r}", where)
    comma, dot = text.rfind(","), text.rfind(".")
    if comma >= 0 and dot >= 0:
        point = max(comma, dot)
        text = text[:point].replace(",", "").replace(".", "") + "." + text[point + 1:]
    elif comma >= 0 or dot >= 0:
        sep = "," if comma >= 0 else "."
        last = max(comma, dot)
        if text.count(sep) > 1 or len(text) - last - 1 == 3:
            text = text.replace(sep, "")
        else:
            text = text.replace(",", ".")
    try:
        return Decimal(text)
    except InvalidOperation:
        raise HistoryError(f"no amount in {token!r}", where) from None


def cards_of(text: str, where: str) -> tuple[int, ...] | None:
    """``'C10 HA'`` -> card ids; None when any card is hidden (``X``)."""
    tokens = text.split()
    if not tokens or any(t.upper() == "X" for t in tokens):
        return None
    names = []
    for token in tokens:
        suit, rank = _SUITS.get(token[:1].upper()), _RANKS.get(token[1:].upper())
        if suit is None or rank is None:
            raise HistoryError(f"{token!r} is not a card", where)
        names.append(rank + suit)
    return card_ids(" ".join(names), where)


def variant(gametype: str, hole: int, where: str) -> tuple[str, str]:
    """The equity game and limit of a ``<gametype>`` (``Holdem NL $0.02/$0.04``, ``Omaha Hi-Lo PL ...``,
    ``PL €0.05/€0.10`` with the game told by the pocket cards' number ``hole``)."""
    low = gametype.lower()
    if "omaha" in low:
        base = {5: "omaha5", 6: "omaha6"}.get(hole, "omaha")
        game = base + "-hilo" if re.search(r"hi[\s/-]*lo", low) else base
    elif "six plus" in low or "6+" in low or "short" in low:
        game = "short-deck-trips"
    elif "hold" in low or "lh" in low.split():
        game = "holdem"
    elif hole in _BY_HOLE:
        game = _BY_HOLE[hole]
    else:
        raise HistoryError(f"unknown game {gametype!r}", where)
    words = low.split()
    limit = next((name for word, name in _LIMITS if (word in low if " " in word else word in words)), None)
    return game, limit or ("pot-limit" if game.startswith("omaha") else "no-limit")


def stakes(gametype: str, session: Session, where: str) -> tuple[Decimal, Decimal] | None:
    """The blinds the gametype (``$0.02/$0.04``) or the session's ``<smallblind>`` gives, else None."""
    if session.small_blind and session.big_blind:
        return money(session.small_blind, where), money(session.big_blind, where)
    for token in reversed(gametype.split()):
        small, slash, big = token.partition("/")
        if slash and any(c.isdigit() for c in small) and any(c.isdigit() for c in big):
            return money(small, where), money(big, where)
    return None


def read_game(game: ET.Element, session: Session, source: str, line: int, date: str | None) -> Hand:
    """The :class:`Hand` of one ``<game>`` element that starts on ``line`` of ``source``.

    Raises:
        HistoryError: a game that cannot be read (module docstring), naming ``source:line`` and the token.
    """
    where = f"{source}:{line}"
    gamecode = game.get("gamecode") or ""
    seats = game.findall("./general/players/player")
    if not seats:
        raise HistoryError(f"game {gamecode}: no <players>", where)
    if any(word in session.gametype.lower() for word in _NOT_READ):
        raise HistoryError(f"game not read: {session.gametype!r}", where)
    rows, pockets, board = [], {}, []
    for rnd in game.iter("round"):
        number = _int(rnd.get("no"), "round", where)
        for el in rnd:
            if el.tag == "action":
                rows.append((number, _int(el.get("no"), "action", where), el.get("player", ""),
                             el.get("type", ""), el.get("sum")))
            elif el.tag == "cards":
                kind = el.get("type", "")
                if kind == "Pocket":
                    pockets[el.get("player", "")] = el.text or ""
                elif kind in ("Flop", "Turn", "River"):
                    board.append(el.text or "")
                else:
                    raise HistoryError(f"unknown cards type {kind!r}", where)
    rows.sort(key=lambda r: (r[0], r[1]))
    active = {r[2] for r in rows if r[3] not in _IDLE} | set(pockets)
    players, wins, rakes, button = [], [], [], None
    for el in sorted(seats, key=lambda s: _int(s.get("seat"), "seat", where)):
        name = el.get("name", "")
        if name not in active:
            continue
        seat = _int(el.get("seat"), "seat", where)
        players.append(Player(seat, name, money(el.get("chips"), where)))
        wins.append(money(el.get("win") or "0", where))
        rakes.append(money(el.get("rakeamount"), where) if el.get("rakeamount") else None)
        if el.get("dealer") == "1":
            button = seat
    index = {p.name: i for i, p in enumerate(players)}
    hole = max((len((pockets[p.name]).split()) for p in players if p.name in pockets), default=0)
    kind, limit = variant(session.gametype, hole, where)
    posts = stakes(session.gametype, session, where)
    actions = _replay(rows, index, posts[1] if posts else None, where)
    sizes = {r[3]: money(r[4], where) for r in reversed(rows) if r[3] in ("1", "2", "15") and r[2] in index}
    small, big = posts or (sizes.get("1", ZERO), sizes.get("2", ZERO))
    cards, seen = {}, set()
    for name, text in pockets.items():
        known = cards_of(text, where)
        if known is None or name not in index:
            continue
        if len(known) != HOLE[kind]:
            raise HistoryError(f"{name} holds {text!r}: {HOLE[kind]} cards were expected", where)
        cards[index[name]] = known
        seen.update(known)
    dealt = tuple(c for text in board for c in (cards_of(text, where) or ()))
    for card in dealt:
        if card in seen:
            raise HistoryError(f"a card is dealt twice in {' '.join(board)!r}", where)
        seen.add(card)
    if len(seen) < sum(map(len, cards.values())) + len(dealt):
        raise HistoryError("a card is dealt twice in the pocket cards", where)
    hero = index.get(session.hero) if session.hero else None
    folded = {a.player for a in actions if a.kind == "fold"}
    showdown = len(players) - len(folded) > 1
    showed = frozenset(i for i in cards if i != hero or (showdown and i not in folded))
    uncalled, collected, rake = _results(actions, wins, rakes, session, players, where)
    return Hand(site="ipoker", id=gamecode, game=kind, limit=limit, players=tuple(players),
                actions=tuple(actions), boards=(dealt,) if dealt else (), cards=cards, showed=showed,
                collected=collected, uncalled=uncalled, rake=rake, fees={"rake": rake} if rake else {},
                small_blind=small, big_blind=big, ante=sizes.get("15", ZERO),
                currency="chips" if session.tournament else session.currency, tournament=session.tournament,
                date=date, table=session.table, button=button, source=source, line=line, hero=hero)


def _int(text: str | None, what: str, where: str) -> int:
    try:
        return int(text or "")
    except ValueError:
        raise HistoryError(f"{what} number {text!r} is not a number", where) from None


def _replay(rows: list, index: dict[str, int], big: Decimal | None, where: str) -> list[Action]:
    """The actions of the sorted ``(round, no, player, type, sum)`` rows, each with the chips it adds."""
    actions: list[Action] = []
    street, live = -1, [ZERO] * len(index)
    for rnd, _no, name, code, text in rows:
        if code in _IDLE or code == "7" and text == "DP":  # DP: all in by disconnect protection
            continue
        kind = _KINDS.get(code)
        if kind is None:
            raise HistoryError(f"unknown action type {code!r} of {name!r}", where)
        if name not in index:
            raise HistoryError(f"action by {name!r}, who is not among the players", where)
        p = index[name]
        now = max(rnd, 1) - 1
        if now != street:
            street, live = now, [ZERO] * len(index)
        amount = money(text, where) if kind not in ("fold", "check") else ZERO
        top = max(live)
        if kind == "raise-to":
            if amount <= live[p]:
                raise HistoryError(f"{name} raises to {text}, no more than the {live[p]} already in", where)
            amount -= live[p]
            kind = "raise" if top else "bet"
        elif kind == "all-in":
            kind = "call" if live[p] + amount <= top else "raise" if top else "bet"
        if code == "2" and big is not None and amount > big and not live[p]:
            actions.append(Action(street, p, "blind", big))
            actions.append(Action(street, p, "dead-blind", amount - big))
            live[p] += big
            continue
        actions.append(Action(street, p, kind, amount))
        if kind != "ante":
            live[p] += amount
    return actions


def _results(actions: list[Action], wins: list[Decimal], rakes: list, session: Session,
             players: list[Player], where: str) -> tuple[dict[int, Decimal], tuple[Decimal, ...], Decimal]:
    """The uncalled bet, what each player collected from the pot and the rake, from the ``win``s."""
    n = len(players)
    live, total = [ZERO] * n, ZERO
    for a in actions:
        total += a.amount
        if a.kind not in ("ante", "dead-blind"):
            live[a.player] += a.amount
    ordered = sorted(live)
    top = live.index(ordered[-1])
    back = ordered[-1] - ordered[-2] if n > 1 else ZERO
    pot = total - back
    won = sum(wins, ZERO)
    exclude = session.wins_exclude_uncalled
    if back and (pot - won < 0 or wins[top] < back):
        exclude = pot - won >= 0 and not wins[top] >= back  # the figures decide
    collected = list(wins)
    if back and not exclude:
        collected[top] -= back
    if any(c < 0 for c in collected):
        raise HistoryError(f"{players[top].name} wins {wins[top]}, less than the uncalled bet {back}", where)
    raked = [r for r in rakes if r is not None]
    rake = sum(raked, ZERO) if raked else pot - sum(collected, ZERO)
    if rake < 0:
        raise HistoryError(f"the players win {sum(collected, ZERO)}, more than the pot of {pot}", where)
    return ({top: back} if back else {}), tuple(collected), rake
