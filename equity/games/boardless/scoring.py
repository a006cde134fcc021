"""How the board-less games' kernels value a hand: one walk of the DAG, then the game's table.

A hand's cards are walked as in every game (the rank pointer and the suit word, :mod:`equity.evaluators.dag`):
a player's known cards once, then the cards dealt to it. The walk's end names the hand's rank multiset
(its rank node) and its suits, and the game reads its value from there (lower is better in every
game, so the tally's scoring is shared):

=======  ==========================================  =========================================
kind     value                                       games
=======  ==========================================  =========================================
HIGH     the high class (1 = royal flush .. 7462)    seven-card stud, five-card draw
HILO     the high class, and the eight-or-better     stud hi-lo (the low per rank node)
         low (:mod:`equity.evaluators.low`'s mask)
RAZZ     the ace-to-five value of the rank node      razz
DEUCE    the 2-7 value of the high class             2-7 single draw
BADUGI   the badugi value of the four cards          badugi (no walk: four cards, 15 subsets)
=======  ==========================================  =========================================

:class:`ScoreTables` carries the kind beside the tables, so one compiled kernel plays every game.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from equity.evaluators.badugi import _badugi_value
from equity.evaluators.high import _COUNTS, _MASK
from equity.evaluators.low import NO_LOW
from equity.games.boardless.value_kinds import BADUGI, DEUCE, HIGH, HILO, RAZZ

__all__ = ["BADUGI", "DEUCE", "HIGH", "HILO", "RAZZ", "ScoreTables", "score_tables"]
_THIRTEEN = uint64(13)


class ScoreTables(NamedTuple):
    """The kind (:data:`HIGH` .. :data:`BADUGI`) and the tables a kernel values hands with."""

    kind: int
    rank_step: np.ndarray
    rank_value: np.ndarray
    card_word: np.ndarray
    suit_shift: np.ndarray
    suited_class: np.ndarray
    razz: np.ndarray
    low8: np.ndarray
    deuce: np.ndarray


@cache
def score_tables(kind: int) -> ScoreTables:
    """The tables for hands of ``kind``, built (or loaded) once per process."""
    from equity.evaluators import tables
    from equity.evaluators.lowball import lowball_tables

    t = tables.get()
    lt = lowball_tables()
    return ScoreTables(kind, t.rank_step, t.rank_value, t.card_word, t.suit_shift, t.suited_class, lt.razz,
                       lt.low8, lt.deuce)


@njit(inline="always")
def _add_card(r, w, c, s):
    """The walk state ``(r, w)`` with card ``c`` added."""
    return uint64(s.rank_step[r + (c >> 2)]), w + s.card_word[c]


@njit(inline="always")
def _value(r, w, cards, s):
    """``(value, low)`` of a whole hand (int32 each, lower better; ``low`` is ``NO_LOW`` but in HILO):
    ``(r, w)`` the walk state after all of its cards, ``cards`` its cards (read by BADUGI only)."""
    kind = s.kind
    if kind == BADUGI:
        return np.int32(_badugi_value(cards[0], cards[1], cards[2], cards[3])), np.int32(NO_LOW)
    cls = min(np.int32(s.suited_class[(w >> s.suit_shift[w >> _COUNTS]) & _MASK]), np.int32(s.rank_value[r]))
    if kind == HIGH:
        return cls, np.int32(NO_LOW)
    if kind == HILO:
        return cls, np.int32(s.low8[r // _THIRTEEN])
    if kind == RAZZ:
        return np.int32(s.razz[r // _THIRTEEN]), np.int32(NO_LOW)
    return np.int32(s.deuce[cls]), np.int32(NO_LOW)
