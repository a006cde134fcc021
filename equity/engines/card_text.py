"""Cards read from text inside a kernel: two ASCII characters a card, run together (``b"AsKsTh9h2c"``),
each character read through :data:`~equity.cards.ASCII_CARD_PARTS`, the card parser's own maps. For a
call that costs a few microseconds in all (:mod:`equity.engines.fixed`), where reading the cards in
Python cost a third of it."""

from __future__ import annotations

import numpy as np
from numba import njit, uint64


@njit(cache=True)
def _read_cards(text, parts, low_card):
    """The cards of ``text`` (ASCII, of even length: ``bytes`` or uint8), uint8, and whether every pair
    of characters names a card (``parts``: :data:`~equity.cards.ASCII_CARD_PARTS`, rows 0 and 1 the rank
    and suit per character, 255 for none) of the deck (ids ``low_card`` .. 51), each once; what was read
    so far when not."""
    n = len(text) // 2
    cards = np.empty(n, np.uint8)
    seen = uint64(0)
    for i in range(n):
        a = text[2 * i]
        b = text[2 * i + 1]
        if a >= 128 or b >= 128:
            return cards[:i], False
        rank = parts[0, a]
        suit = parts[1, b]
        if rank == 255 or suit == 255:
            return cards[:i], False
        card = 4 * np.int64(rank) + np.int64(suit)
        bit = uint64(1) << uint64(card)
        if card < low_card or seen & bit:
            return cards[:i], False
        seen |= bit
        cards[i] = card
    return cards, True
