"""The board's and the draws' terms of a query, on many nodes at once: board texture, PQL's 18 flop
categories, flush draws and outs (docs/query.md states each rule).

Cards are ids (``rank = id >> 2``, ``suit = id & 3``); every function takes uint8 arrays of whole rows
and returns one value a row.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from equity.evaluators.straights import straight_masks
from equity.questions.query.functions import FLOP_CATEGORIES

_CAT = {name: i for i, name in enumerate(FLOP_CATEGORIES)}


def suit_counts(cards: np.ndarray) -> np.ndarray:
    """int ``(R, 4)``: how many of each suit."""
    return np.stack([((cards & 3) == s).sum(axis=1) for s in range(4)], axis=1)


def paired(cards: np.ndarray) -> np.ndarray:
    ranks = np.sort(cards >> 2, axis=1)
    return (ranks[:, 1:] == ranks[:, :-1]).any(axis=1)


def rank_masks(cards: np.ndarray) -> np.ndarray:
    """int64 ``(R,)``: the ranks held, bit ``r`` for rank ``r``."""
    return np.bitwise_or.reduce(np.left_shift(1, (cards >> 2).astype(np.int64)), axis=1)


def straight_possible(boards: np.ndarray, low_rank: int) -> np.ndarray:
    """Whether three of the board's ranks lie in one straight (two more cards could make it)."""
    masks = rank_masks(boards)
    out = np.zeros(len(boards), bool)
    for s in straight_masks(low_rank):
        out |= _popcount(masks & s) >= 3
    return out


def _popcount(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.int64)
    count = np.zeros(len(x), np.int64)
    for bit in range(13):
        count += (x >> bit) & 1
    return count


def usable_suit(holes: np.ndarray, boards: np.ndarray, two_plus_three: bool) -> np.ndarray:
    """int ``(R,)``: the most cards of one suit a hand can use (Omaha: up to two hole and three board)."""
    hole, board = suit_counts(holes), suit_counts(boards)
    if two_plus_three:
        return (np.minimum(hole, 2) + np.minimum(board, 3)).max(axis=1)
    return (hole + board).max(axis=1)


def flop_categories(holes: np.ndarray, flops: np.ndarray, types: np.ndarray,
                    names: tuple[str, ...]) -> np.ndarray:
    """int ``(R,)``: each two-card hand's flop category, an index into :data:`FLOP_CATEGORIES`, from its
    hole cards, the flop and its hand type on the flop (``types`` indices into the game's ``names``). The
    category depends on the ranks and the type alone, so each distinct case is worked out once."""
    hi, lo = np.maximum(holes[:, 0] >> 2, holes[:, 1] >> 2), np.minimum(holes[:, 0] >> 2, holes[:, 1] >> 2)
    board = np.sort(flops >> 2, axis=1)[:, ::-1]  # highest first
    cases = np.column_stack([types, hi, lo, board]).astype(np.int64)
    unique, inverse = np.unique(cases, axis=0, return_inverse=True)
    found = np.array([_category(names[t], h, low, h == low, np.array(b), np.unique(b)[::-1])
                      for t, h, low, *b in unique.tolist()], np.int8)
    return found[inverse.reshape(-1)]


_MADE = {"straight": "flopstraight", "flush": "flopflush", "fullhouse": "flopfullhouse", "quads": "flopquads",
         "straightflush": "flopstraightflush"}


def _category(kind: str, hi: int, lo: int, pocket: bool, board: np.ndarray, distinct: np.ndarray) -> int:
    if kind in _MADE:
        return _CAT[_MADE[kind]]
    ranks = list(distinct)
    if pocket:
        if hi in ranks:
            return _CAT["flopset"]
        top = ranks[0]
        if hi > top:
            return _CAT["flopoverpair"]
        if len(ranks) > 1 and hi > ranks[1]:
            return _CAT["floppocket12"]
        if len(ranks) > 2 and hi > ranks[2]:
            return _CAT["floppocket23"]
        return _CAT["flopunderpair"]
    hits = [r for r in (hi, lo) if r in ranks]
    board_pair = len(ranks) < 3
    if len(hits) == 1 and board_pair and (board == hits[0]).sum() == 2:
        return _CAT["floptrips"]  # one hole card with the board's pair
    if len(hits) == 2:
        places = sorted(ranks.index(r) for r in hits)
        if places == [0, 1]:
            return _CAT["floptoptwo"]
        if places == [0, 2]:
            return _CAT["floptopandbottom"]
        if places == [1, 2]:
            return _CAT["flopbottomtwo"]
        return _CAT["floptoptwo"] if places[0] == 0 else _CAT["flopbottomtwo"]  # a paired flop
    if len(hits) == 1:
        place = ranks.index(hits[0])
        return _CAT[("floptoppair", "flopsecondpair", "flopthirdpair")[place]]
    return _CAT["flopnothing"]


def card_keys(cards: np.ndarray) -> np.ndarray:
    """int64 per row: its cards, descending, as one key (6 bits a card)."""
    ordered = np.sort(cards.astype(np.int64), axis=1)[:, ::-1]
    out = np.zeros(len(cards), np.int64)
    for j in range(ordered.shape[1]):
        out = (out << 6) | ordered[:, j]
    return out


def hand_keys(rows: np.ndarray) -> set[int]:
    """The keys of a range's hands (as :func:`card_keys` makes them)."""
    return set(card_keys(np.asarray(rows)).tolist())


def unique_apply(boards: np.ndarray, fn: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """``fn`` of each row, computed once per distinct set of cards."""
    keys = card_keys(boards)
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return fn(boards[first])[inverse]
