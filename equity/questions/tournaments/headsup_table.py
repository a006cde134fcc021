"""The heads-up preflop table of push/fold (``equity pushfold``; DESIGN §14): for every pair of the 169
starting-hand classes, the hero class's pot shares against the villain class summed over every
compatible pair of their combos, all in before the flop, counted exactly by equity's one-deal kernel.

The 1,624,350 ordered pairs of distinct-card combos fall into 93,769 matchups up to relabelling the suits
(the 24 permutations of the suits change no equity); each matchup is counted once over its 1,712,304
boards, and a matchup and its mirror (the players swapped) share one count, as the shares of a pot sum
to 1. A matchup's counts are the first hand's ``2 * wins + ties`` and its outright wins over the boards:
whole numbers, so the table is exact (the wins apart because ICM pays a chopped pot otherwise than half
of a won one). Building it takes about 50 s, so the package ships it
(``headsup-classes-v2.npz`` beside this module, its digest :data:`DIGEST` checked as it is read); a
slow test builds it again and compares.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from functools import cache
from itertools import combinations, permutations
from pathlib import Path

import numpy as np

from equity.cards import CARD_NAMES
from equity.classes import class_indexes
from equity.errors import EquityError

#: Boards of one heads-up preflop matchup: C(48, 5).
BOARDS = math.comb(48, 5)
#: A matchup's count is out of this (a pot share doubled, so that a tie counts 1).
PER_PAIR = 2 * BOARDS
_FILE = "headsup-classes-v2.npz"
#: The shipped table's SHA-256 (:func:`digest`).
DIGEST = "581ea7e42a871a5b08af00d7dbad3a3c3344d22afccb1ee66a6cf49926d16710"


def _canonical(cards: np.ndarray) -> np.ndarray:
    """int64 per row of four card ids (hero's two, villain's two): the smallest key over the 24 relabellings
    of the suits, each hand's cards sorted."""
    best = None
    for perm in permutations(range(4)):
        p = np.array(perm)
        mapped = (cards >> 2) * 4 + p[cards & 3]
        hero, villain = np.sort(mapped[:, :2], axis=1), np.sort(mapped[:, 2:], axis=1)
        key = ((hero[:, 0] * 52 + hero[:, 1]) * 52 + villain[:, 0]) * 52 + villain[:, 1]
        best = key if best is None else np.minimum(best, key)
    return best  # type: ignore[return-value]


def build(progress: Callable[[int, int], None] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(shares, pairs, wins)``, int64 ``(169, 169)`` by grid index (:data:`equity.classes.CLASS_NAMES`):
    the hero class's ``2 * wins + ties`` summed over every compatible pair of combos, the number of those
    pairs, and the hero's outright wins summed likewise; the hero's equity against the villain class is
    ``shares / (pairs * PER_PAIR)``, its chance of winning outright ``wins / (pairs * BOARDS)``, of a
    chop ``(shares - 2 * wins) / (pairs * BOARDS)``."""
    from equity.games import get_game

    kernel, args = get_game("holdem").one_deal_kernel()  # type: ignore[misc]
    combos = np.array(list(combinations(range(52), 2)), np.int64)
    first, second = np.repeat(np.arange(1326), 1326), np.tile(np.arange(1326), 1326)
    cards = np.concatenate([combos[first], combos[second]], axis=1)
    live = ((cards[:, 0] != cards[:, 2]) & (cards[:, 0] != cards[:, 3]) & (cards[:, 1] != cards[:, 2])
            & (cards[:, 1] != cards[:, 3]))
    cards, first, second = cards[live], first[live], second[live]
    keys = _canonical(cards)
    mirrored = _canonical(cards[:, [2, 3, 0, 1]])
    unique, at, inverse = np.unique(keys, return_index=True, return_inverse=True)
    counts = np.empty(len(unique), np.int64)
    won = np.empty(len(unique), np.int64)
    done: dict[int, tuple[int, int]] = {}
    for u in range(len(unique)):
        mirror = int(mirrored[at[u]])
        if mirror in done:  # the mirror's losses are these wins; its ties are these ties
            share, wins = done[mirror]
            counts[u], won[u] = PER_PAIR - share, BOARDS - share + wins
        else:
            row = cards[at[u]]
            text = "".join(CARD_NAMES[c] for c in row.tolist()).encode()
            figures = kernel(text, 2, 0, *args)
            counts[u], won[u] = round(figures[2] * PER_PAIR), round(figures[0] * BOARDS)
        done[int(unique[u])] = (int(counts[u]), int(won[u]))
        if progress is not None and u % 1000 == 0:
            progress(u, len(unique))
    hero, villain = class_indexes(combos[first]), class_indexes(combos[second])
    shares = np.zeros((169, 169), np.int64)
    pairs = np.zeros((169, 169), np.int64)
    wins = np.zeros((169, 169), np.int64)
    np.add.at(shares, (hero, villain), counts[inverse])
    np.add.at(pairs, (hero, villain), 1)
    np.add.at(wins, (hero, villain), won[inverse])
    return shares, pairs, wins


def digest(shares: np.ndarray, pairs: np.ndarray, wins: np.ndarray) -> str:
    """The table's SHA-256, as the tests pin it."""
    return hashlib.sha256(b"".join(a.astype("<i8").tobytes() for a in (shares, pairs, wins))).hexdigest()


def path() -> Path:
    """The shipped table."""
    return Path(__file__).with_name(_FILE)


@cache
def table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The shipped table (:func:`build`), read once.

    Raises:
        EquityError: the file is missing or not the table its digest names (a damaged install).
    """
    try:
        with np.load(path()) as saved:
            shares, pairs, wins = saved["shares"], saved["pairs"], saved["wins"]
    except (OSError, ValueError, KeyError) as exc:
        raise EquityError(f"the heads-up table {path()} cannot be read ({exc}); reinstall equity") from None
    if digest(shares, pairs, wins) != DIGEST:
        raise EquityError(f"the heads-up table {path()} is not the one shipped; reinstall equity")
    shares.flags.writeable = pairs.flags.writeable = wins.flags.writeable = False
    return shares, pairs, wins
