"""Where a hand's chips went, from its actions alone: each player's contribution, the uncalled bet
returned, the main and side pots with their eligible players, the checks that the history adds up, and
the moment a hand went all in (:func:`all_in_moment`).

The rules are the trackers' (DESIGN.md section 11): an uncalled bet (the part of the largest live
contribution that no one else matched) goes back first; antes and dead blinds are dead money in the main
pot; the rest of each contribution builds the pots by all-in levels, each level a pot that the players
still in who reached it are eligible for; a folded player's chips are dead money in the pots they
reached. Site summary lines (total pot, side pot amounts) are never read: sites print them after rake.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from operator import add

from equity.errors import HistoryError
from equity.histories.model import POSTS, ZERO, Hand, money

#: Why a hand is not priced (:func:`all_in_moment`; ``"triple draw"``: an all-in with more than one draw to
#: come, whose equity depends on how players draw): the reasons, as JSON and the summary name them.
REASONS = ("no all-in", "uncontested", "river", "cards not shown", "betting went on", "triple draw")


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the players eligible to win it (indices, ascending)."""

    amount: Decimal
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class Chips:
    """A hand's chips: per player what it put in (after the uncalled bet came back: ``put``), of which
    dead (antes, dead blinds), the uncalled bet returned, whether it folded; the pots built from them,
    the site's cash drop (``added``) in the first."""

    put: tuple[Decimal, ...]
    dead: tuple[Decimal, ...]
    returned: tuple[Decimal, ...]
    folded: tuple[bool, ...]
    pots: tuple[Pot, ...]
    added: Decimal = ZERO

    @property
    def total(self) -> Decimal:
        """Every chip in the pots."""
        return sum(self.put, self.added)


def count(hand: Hand) -> Chips:
    """The chips of ``hand`` (module docstring); assumes valid actions (player indices in range)."""
    n = len(hand.players)
    live, dead = [ZERO] * n, [ZERO] * n
    folded = [False] * n
    for action in hand.actions:
        kind = action.kind
        if kind == "fold":
            folded[action.player] = True
        elif kind == "check":
            continue
        elif kind == "ante" or kind == "dead-blind":
            dead[action.player] += action.amount
        else:
            live[action.player] += action.amount
    returned = [ZERO] * n
    if n > 1:
        ordered = sorted(live)
        first, second = ordered[-1], ordered[-2]
        if first > second:
            top = live.index(first)
            returned[top] = first - second
            live[top] = second
    put = tuple(map(add, live, dead)) if any(dead) else tuple(live)
    pots = _pots(live, dead, folded)
    added = hand.added
    if added and pots:
        pots[0] = Pot(pots[0].amount + added, pots[0].eligible)
    return Chips(put, tuple(dead), tuple(returned), tuple(folded), tuple(pots), added)


def _pots(live: list[Decimal], dead: list[Decimal], folded: list[bool]) -> list[Pot]:
    """Main and side pots by all-in levels: a level at each contribution of a player still in."""
    players_in = [i for i, out in enumerate(folded) if not out]
    top = max(live, default=ZERO)
    levels = {live[i] for i in players_in}
    if (len(levels) == 1 and top in levels or not levels) and min(live, default=ZERO) >= 0:  # one pot
        eligible = tuple(i for i in players_in if live[i] >= top)
        return [Pot(sum(live, ZERO) + sum(dead, ZERO), eligible)]
    levels.add(top)
    return _levels(live, dead, players_in, sorted(levels))


def _levels(live: list[Decimal], dead: list[Decimal], players_in: list[int], levels: list[Decimal]
            ) -> list[Pot]:
    pots: list[Pot] = []
    previous = ZERO
    for level in levels:
        amount = sum((min(x, level) - min(x, previous) for x in live), ZERO)
        eligible = tuple(i for i in players_in if live[i] >= level) or (pots[-1].eligible if pots else ())
        if pots and (amount == 0 or eligible == pots[-1].eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        elif amount > 0 or not pots:
            pots.append(Pot(amount, eligible))
        previous = level
    if pots:
        pots[0] = Pot(pots[0].amount + sum(dead, ZERO), pots[0].eligible)
    return pots


def check(hand: Hand, chips: Chips | None = None) -> Chips:
    """``hand``'s chips (:func:`count`), checked: no player puts in more than its stack, an uncalled bet
    the site printed is the one the actions give, and what was collected and raked is what was put in
    (less where a player cashed out: the site keeps what that player would have won).

    Raises:
        HistoryError: chips that do not add up, naming the player and the amounts.
    """
    chips = chips or count(hand)
    where = hand.where
    players = hand.players
    put, returned = chips.put, chips.returned
    for i, player in enumerate(players):
        gave = put[i] + returned[i] if returned[i] else put[i]
        if gave > player.stack:
            raise HistoryError(f"chips do not add up: {player.name} puts in {money(gave)} with a stack of "
                               f"{money(player.stack)}", where)
    uncalled = hand.uncalled
    if hand.site != "phh" and (uncalled or any(returned)):
        for i, player in enumerate(players):
            printed = uncalled.get(i, ZERO)
            if printed != returned[i]:
                raise HistoryError(f"chips do not add up: the uncalled bet returned to {player.name} is "
                                   f"{money(printed)}, the actions give {money(returned[i])}", where)
    if hand.collected:
        paid = sum(hand.collected, hand.rake)
        total = chips.total
        if paid != total and not (hand.cash_outs and paid <= total):
            raise HistoryError(f"chips do not add up: {money(total)} put in the pot, {money(paid)} "
                               f"collected and raked ({money(hand.rake)} rake)", where)
    return chips


@dataclass(frozen=True)
class Moment:
    """When a hand went all in: the betting round whose betting closed with no more to come
    (``round``), and the players still in then; or why it is not priced (``reason``, one of
    :data:`REASONS`)."""

    round: int | None
    players_in: tuple[int, ...] = ()
    reason: str | None = None


_NO_ALL_IN = Moment(None, reason="no all-in")


def all_in_moment(hand: Hand, rounds: int, chips: Chips | None = None) -> Moment:
    """The first moment no more betting can take place (every player still in is all in, or all but one
    are and that one has matched or covered the largest all-in), of a game of ``rounds`` betting rounds;
    a capped table's cap counts as a stack. Not priced: ``"no all-in"`` (no player all in),
    ``"uncontested"`` (all but one folded), ``"river"`` (the moment came on the last round: no cards to
    come), ``"betting went on"`` (two players with chips kept betting to the end). Whether the cards
    were shown is the caller's to check. ``chips``: the hand's :func:`count`, when known, which answers at
    once for a hand where no player put in its whole stack (most hands)."""
    n = len(hand.players)
    stacks = [p.stack if hand.cap is None else min(p.stack, hand.cap) for p in hand.players]
    if chips is not None:
        put, returned = chips.put, chips.returned
        if all(put[i] + returned[i] < stacks[i] for i in range(n)):
            return _NO_ALL_IN
    gave = [ZERO] * n
    folded = [False] * n
    actions = hand.actions
    ever_all_in = False
    last = len(actions) - 1
    for k, action in enumerate(actions):
        if action.kind == "fold":
            folded[action.player] = True
        else:
            gave[action.player] += action.amount
            ever_all_in = ever_all_in or (action.amount > 0 and gave[action.player] >= stacks[action.player])
        if k < last and actions[k + 1].street == action.street:
            continue
        if action.kind in POSTS and k < last:
            continue  # the posts alone close no round
        players_in = tuple(i for i in range(n) if not folded[i])
        if len(players_in) < 2:
            return Moment(None, reason="uncontested" if ever_all_in else "no all-in")
        all_in = [i for i in players_in if gave[i] >= stacks[i]]
        if all_in and len(players_in) - len(all_in) <= 1:
            if action.street >= rounds - 1:
                return Moment(None, players_in, "river")
            return Moment(action.street, players_in)
    if not ever_all_in:
        return Moment(None, reason="no all-in")
    return Moment(None, reason="betting went on")
