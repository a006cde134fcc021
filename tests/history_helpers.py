"""What the site readers' tests share: cards from text, actions from rows, the chips a hand's actions
put in."""

from decimal import Decimal as D

from equity.cards import parse_cards
from equity.histories.model import Action


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def acts(*rows) -> tuple[Action, ...]:
    """``(street, player, kind[, amount])`` rows as Actions."""
    return tuple(Action(s, p, k, D(a[0]) if a else D(0)) for s, p, k, *a in rows)


def chips_in(hand) -> D:
    """What the actions put in, less the uncalled bets the site printed."""
    return sum((a.amount for a in hand.actions), D(0)) - sum(hand.uncalled.values(), D(0))
