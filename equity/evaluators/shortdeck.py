"""Short-deck (6+) hold'em evaluation on the same rank DAG, with other class tables.

**Rules.** The deck is the 36 cards 6..A (card ids 16..51 in the ``4 * rank + suit`` encoding). As
pokerkit ranks them: A-6-7-8-9 is the lowest straight (the ace plays low only there), a flush beats a
full house, and, under ``"standard"`` rules, a straight beats three of a kind; under
``"trips-beat-straight"`` three of a kind beats a straight. Ties within a category go by ranks as
usual, the A-6-7-8-9 straight (flush) being the lowest of its category.

**Classes.** :func:`short_classes` lists the distinct five-card hand values from first principles, best
first, numbered 1..N with N = 1,404 under both rule sets (6 straight flushes, 72 quads, 120 flushes,
72 full houses, 6 straights, 252 trips, 252 two pairs, 504 pairs, 120 high cards). Last class of
each category (:data:`CATEGORIES_SHORT`)::

    standard:             SF 6, quads 78, flush 198, full house 270, straight 276, trips 528,
                          two pair 780, pair 1284, high card 1404
    trips-beat-straight:  SF 6, quads 78, flush 198, full house 270, trips 522, straight 528,
                          two pair 780, pair 1284, high card 1404

**Design.** :func:`tables` takes the hold'em :class:`~equity.evaluators.tables.Tables` and replaces only the
class-bearing arrays (``rank_last``, ``rank_value``, ``flush_value``, ``suited_class``, ``rank_sorted``):
every DAG node of 5..7 cards gets the best short-deck non-flush class of its ranks, every rank mask of 5..7
ranks the best short-deck flush class. The pointers (``rank_step``, ``flush_step``, ``card_word``,
``suit_shift``) are shared, so :mod:`equity.evaluators.high`'s kernels run unchanged. ``min(suited, rank)``
stays right: lower is better in both tables, and within seven cards a flush rules out quads and full houses
anyway. Nodes and masks holding a rank 2..5 get arbitrary values (:data:`OFF_DECK`, or a best over
sub-hands); valid input never reaches them, because cards below 6 are refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np

from equity.cards import format_card, parse_cards
from equity.errors import CardError, EquityError, HandSizeError
from equity.evaluators import dag
from equity.evaluators import straights as deck_straights
from equity.evaluators import tables as _tables
from equity.evaluators.hands import run_rows, valid_hands
from equity.evaluators.high import _evaluate_rows, _evaluate_rows_parallel, _walk

RULES = ("standard", "trips-beat-straight")
#: Lowest rank (6) and card id (6c) of the short deck.
LOW_RANK = 4
LOW_CARD = 4 * LOW_RANK
N_SHORT_CLASSES = 1404
#: The value of DAG nodes / masks of five cards that hold a rank 2..5 (never reached).
OFF_DECK = dag.NO_FLUSH

_COMMON = (("Straight Flush", 6), ("Four of a Kind", 78), ("Flush", 198), ("Full House", 270))
_TAIL = (("Two Pair", 780), ("One Pair", 1284), ("High Card", 1404))
#: rules -> ((name, last class) of each category, best first).
CATEGORIES_SHORT = {
    "standard": _COMMON + (("Straight", 276), ("Three of a Kind", 528)) + _TAIL,
    "trips-beat-straight": _COMMON + (("Three of a Kind", 522), ("Straight", 528)) + _TAIL,
}


def _check_rules(rules: str) -> str:
    if rules not in RULES:
        raise EquityError(f"unknown short-deck rules {rules!r}; choose one of {', '.join(RULES)}")
    return rules


def _mask(ranks) -> int:
    return int(sum(1 << r for r in ranks))


def short_classes(rules: str = "standard") -> tuple[dict[int, int], dict[int, int]]:
    """The 1,404 short-deck classes of ``rules``, best first, from first principles.

    Returns:
        ``(nonflush, flush)``: base-5 rank-multiset code -> class for hands not all of one suit, and
        13-bit mask of five distinct ranks -> class for hands that are.
    """
    _check_rules(rules)
    desc = range(12, LOW_RANK - 1, -1)
    straights = deck_straights.straights(LOW_RANK)  # the last 9-8-7-6-A
    straight_masks = set(deck_straights.straight_masks(LOW_RANK))
    distinct5 = [c for c in combinations(desc, 5) if _mask(c) not in straight_masks]
    nonflush: dict[int, int] = {}
    flush: dict[int, int] = {}
    cls = 0

    def put(table: dict[int, int], key: int) -> None:
        nonlocal cls
        cls += 1
        table[key] = cls

    def straight() -> None:
        for s in straights:
            put(nonflush, dag.rank_code(s))

    def trips() -> None:
        for t in desc:
            for kickers in combinations([r for r in desc if r != t], 2):
                put(nonflush, dag.rank_code([t] * 3 + list(kickers)))

    for s in straights:
        put(flush, _mask(s))
    for q in desc:
        for k in desc:
            if k != q:
                put(nonflush, dag.rank_code([q] * 4 + [k]))
    for c in distinct5:
        put(flush, _mask(c))
    for t in desc:
        for p in desc:
            if p != t:
                put(nonflush, dag.rank_code([t] * 3 + [p] * 2))
    for part in ((straight, trips) if rules == "standard" else (trips, straight)):
        part()
    for ranks in dag.low_categories(desc, distinct5):
        put(nonflush, dag.rank_code(ranks))
    assert cls == N_SHORT_CLASSES, cls
    return nonflush, flush


def _levels(next_: np.ndarray, step: np.ndarray, sentinel: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """Walk a DAG from node 0: each node's key (sum of ``step`` over its ranks) and the nodes per level."""
    key = np.zeros(len(next_), np.int64)
    levels = [np.zeros(1, np.int64)]
    for _ in range(dag.MAX_CARDS):
        parents = levels[-1]
        child = next_[parents]                                   # (p, 13)
        ok = child != sentinel
        key[child[ok]] = (key[parents][:, None] + step[None, :])[ok]
        levels.append(np.unique(child[ok]))
    return key, levels


def _fill(next_: np.ndarray, step: np.ndarray, sentinel: int, five: dict[int, int]) -> np.ndarray:
    """Class per node: ``five[key]`` at level 5 (:data:`OFF_DECK` for keys it lacks), the best over
    the one-card-smaller parents at levels 6 and 7, 0 below level 5 and at the sentinel."""
    key, levels = _levels(next_, step, sentinel)
    value = np.zeros(len(next_), np.int64)
    value[levels[5]] = [five.get(int(k), OFF_DECK) for k in key[levels[5]]]
    for k in (5, 6):
        parents = levels[k]
        best = np.full(len(next_), np.iinfo(np.int64).max)
        child = next_[parents]
        ok = child != sentinel
        np.minimum.at(best, child[ok], np.broadcast_to(value[parents][:, None], child.shape)[ok])
        value[levels[k + 1]] = best[levels[k + 1]]
    return value


@cache
def tables(rules: str = "standard") -> _tables.Tables:
    """The hold'em kernel tables with short-deck classes of ``rules`` (module docstring)."""
    nonflush, flush = short_classes(rules)
    natural = _tables.load_natural()
    rank_next, flush_next = natural["rank_next"], natural["flush_next"]
    pow5 = 5 ** np.arange(dag.N_RANKS, dtype=np.int64)
    pow2 = 1 << np.arange(dag.N_RANKS, dtype=np.int64)
    rank_class = _fill(rank_next.astype(np.int64), pow5, dag.SENTINEL, nonflush)
    flush_class = _fill(flush_next.astype(np.int64), pow2, dag.FLUSH_SENTINEL, flush)
    layout = dag.walk_layout(rank_next, rank_class, flush_next, flush_class)
    names = ("rank_last", "rank_value", "flush_value", "suited_class", "rank_sorted")
    return _tables.get()._replace(**{name: layout[name] for name in names})


def _check_short(hands: np.ndarray) -> None:
    low = hands < LOW_CARD
    if low.any():
        row, col = (int(i[0]) for i in np.nonzero(low))
        raise CardError(f"card {format_card(int(hands[row, col]))} is not in the short deck "
                        f"(6 through A); row {row}: {hands[row].tolist()}")


def evaluate_short(cards: str | Sequence[int] | Sequence[str], rules: str = "standard") -> int:
    """The short-deck class of a 5-, 6- or 7-card hand: 1 (royal flush) .. 1404; lower is better.

    Raises:
        CardError (a card below 6 included), DuplicateCardError, HandSizeError, EquityError (rules).

    >>> evaluate_short("AsKsQsJsTs"), evaluate_short("9h8d7c6sAh")
    (1, 276)
    """
    t = tables(_check_rules(rules))
    hand = parse_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise HandSizeError(f"a hand to evaluate has 5 to 7 cards; got {len(hand)}")
    for card in hand:
        if card < LOW_CARD:
            raise CardError(f"card {format_card(card)} is not in the short deck (6 through A)")
    return _walk(hand, t)


def evaluate_short_many(hands: np.ndarray, rules: str = "standard", *,
                        parallel: bool = True) -> np.ndarray:
    """Short-deck classes (int16, (n,)) of an (n, 5..7) array of card ids 16..51, distinct per row.

    Raises:
        HandSizeError, CardError, DuplicateCardError: naming the first offending row; EquityError.
    """
    t = tables(_check_rules(rules))
    hands = valid_hands(hands)
    _check_short(hands)
    return run_rows(hands, _evaluate_rows, _evaluate_rows_parallel, t, parallel)


def category_index_short(value: int, rules: str = "standard") -> int:
    """0 (straight flush) .. 8 (high card): the category's place in ``CATEGORIES_SHORT[rules]``."""
    cats = CATEGORIES_SHORT[_check_rules(rules)]
    if not 1 <= value <= N_SHORT_CLASSES:
        raise ValueError(f"a short-deck class is 1..{N_SHORT_CLASSES}; got {value}")
    return int(np.searchsorted([last for _, last in cats], value))


def category_short(value: int, rules: str = "standard") -> str:
    """The category's name of a short-deck class under ``rules``.

    >>> category_short(276), category_short(276, "trips-beat-straight")
    ('Straight', 'Three of a Kind')
    """
    return CATEGORIES_SHORT[rules][category_index_short(value, rules)][0]


@cache
def _class_ranks(rules: str) -> dict[int, tuple[int, ...]]:
    """class -> its ranks, most frequent first, then highest (a straight: highest card first, A-6-7-8-9
    as 9-8-7-6-A)."""
    nonflush, flush = short_classes(rules)
    out: dict[int, tuple[int, ...]] = {}
    for code, cls in nonflush.items():
        counts = [(code // 5 ** r) % 5 for r in range(dag.N_RANKS)]
        out[cls] = tuple(r for r in sorted(range(dag.N_RANKS), key=lambda r: (-counts[r], -r))
                         for _ in range(counts[r]))
    for mask, cls in flush.items():
        out[cls] = tuple(r for r in range(dag.N_RANKS - 1, -1, -1) if mask >> r & 1)
    wheel = (12, LOW_RANK + 3, LOW_RANK + 2, LOW_RANK + 1, LOW_RANK)
    return {cls: (wheel[1:] + (12,) if ranks == wheel else ranks) for cls, ranks in out.items()}


def describe_short(value: int, rules: str = "standard") -> str:
    """A plain-English name for a short-deck class, as :func:`equity.evaluators.high.describe` names
    hold'em's.

    >>> describe_short(1), describe_short(6), describe_short(276)
    ('Royal Flush', 'Nine-high Straight Flush', 'Nine-high Straight')
    >>> describe_short(79), describe_short(1404)
    ('Ace-high Flush', 'High Card, Jack')
    """
    from equity.evaluators.high import name_hand

    return name_hand(category_short(value, rules), _class_ranks(rules)[value], royal=value == 1)
