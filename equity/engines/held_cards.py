"""The cards ranged players hold, kept out of a lane's reach without drawing anything again.

With ``n_held`` cards held in every lane, a lane's deck (:mod:`equity.engines.deck`) holds the positions
``0 .. m - 1`` of the ``m = len(live) - n_held`` cards that nobody holds, and position ``v`` is the
``v``-th of them in ``live``'s order. With the lane's held positions in ``live`` sorted,
``h_0 < h_1 < ...``, the skip thresholds ``h_i - i`` (the free cards below ``h_i``) give it as
``live[v + #{i: h_i - i <= v}]``: a few compares across the lanes per dealt card.

- :func:`_held_state`: the thresholds' arrays, for a chunk.
- :func:`_hold_lanes`: every lane's thresholds from its mask of held positions, per block.
- :func:`_past_held`: the dealt positions mapped to cards, per block.

With a single unit of ranged players (:mod:`equity.engines.dealing`), each row of its joint table keeps
its cards (``row_cards``), and :func:`_deal_rows` deals from a copy of the lane's row instead.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types, uint64
from numba.extending import intrinsic

from equity.engines.deck import _ONE, LANES, _deal_from, _deal_lanes, _lane_state

#: Bytes in a row of a unit's ``row_cards`` (:class:`~equity.engines.dealing.Held`): every live card, padded
#: to whole 64-bit words, which :func:`_deal_rows` copies.
ROW_WIDTH = 64


@njit
def _held_state(live, n_held):
    """What :func:`_hold_lanes` and :func:`_past_held` keep of the cards ranged players hold (a kernel
    unpacks it once per chunk: :func:`~equity.engines.dealing._ranged_state` says why): the lanes'
    skip thresholds (int64 (n_pad, LANES), ``n_held`` rounded up to fours: the compares go four at a
    time, a loop the compiler vectorises across the lanes; the padding rows, 255, are past every
    position); two rows of scratch (uint64 and int64 (LANES,)); ``live`` as uint64, the cards by
    position; and whether that is ``0, 1, 2, ...`` (then a position is its card: no lookup)."""
    n_pad = (n_held + 3) // 4 * 4
    cards = live.astype(np.uint64)
    identity = True  # positions are cards (no card known: a preflop spot of ranges and random hands)
    for i in range(cards.shape[0]):
        identity &= cards[i] == i
    return (np.full((n_pad, LANES), 255, np.int64), np.zeros(LANES, np.uint64), np.zeros(LANES, np.int64),
            cards, identity)


@intrinsic
def _lowest(typingctx, x):
    """The index of the lowest set bit of a nonzero uint64 (LLVM's cttz: one instruction where the CPU
    has one)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], context.get_constant(types.boolean, True))

    return types.uint64(types.uint64), codegen


@njit(inline="always")
def _hold_lanes(used, n_held, skips, left):
    """Set every lane's skip thresholds from the positions in ``live`` its ranged players hold
    (``used[j]``, a uint64 mask of ``n_held`` positions; ``skips``, ``left``: :func:`_held_state`'s): with
    lane ``j``'s
    held positions in order, ``h_0 < h_1 < ...``, ``skips[i, j] = h_i - i``, the number of cards below
    ``h_i`` that the lane may deal. Position ``v`` of its deck is then ``v + #{i: skips[i, j] <= v}`` in
    ``live`` (:func:`_past_held`). The positions come off the mask lowest first, across the lanes."""
    for j in range(LANES):
        left[j] = used[j]
    for i in range(n_held):
        for j in range(LANES):
            skips[i, j] = np.int64(_lowest(left[j])) - i
            left[j] &= left[j] - _ONE


@njit(inline="always")
def _past_held(dealt, n, skips, acc, cards, identity):
    """Map the deck positions ``dealt[:n]`` (uint64 (>= n, LANES)) to their cards: position ``v`` of lane
    ``j`` is card ``live[v + #{i: skips[i, j] <= v}]`` (the arrays of :func:`_held_state`). The compares run
    across the lanes, four thresholds at a time (unrolled when there are four: up to two hold'em ranges);
    the cards are looked up in a pass of their own, since a load right after a vector store of the same
    row stalls (measured: 5.4 ns a trial with the lookup in the compares' pass, 2.6 apart)."""
    if skips.shape[0] == 4:
        for x in range(n):
            for j in range(LANES):
                v = np.int64(dealt[x, j])
                y = v
                for i in range(4):
                    y += skips[i, j] <= v
                dealt[x, j] = y
    else:
        for x in range(n):
            for j in range(LANES):
                acc[j] = np.int64(dealt[x, j])
            for q in range(0, skips.shape[0], 4):
                for j in range(LANES):
                    v = np.int64(dealt[x, j])
                    y = acc[j]
                    for i in range(4):
                        y += skips[q + i, j] <= v
                    acc[j] = y
            for j in range(LANES):
                dealt[x, j] = acc[j]
    for x in range(n if not identity else 0):
        for j in range(LANES):
            dealt[x, j] = cards[dealt[x, j]]


@njit
def _row_decks(row_cards):
    """The lanes' decks :func:`_deal_rows` deals from, and them and ``row_cards`` as uint64 words (a
    kernel makes the views once per chunk): ``(decks uint8 (LANES, 64), decks as uint64 (LANES, 8),
    row_cards as uint64 (R, 8))``."""
    decks = np.zeros((LANES, ROW_WIDTH), np.uint8)
    return decks, decks.view(np.uint64), row_cards.view(np.uint64)


@njit(inline="always")
def _deal_rows(st, raw, decks, decks8, n, dealt, rows8, n_held, n_live, rows):
    """Deal ``n`` cards to every lane as :func:`~equity.engines.deck._deal_lanes` does, when one unit
    holds every ranged player: each lane's deck (``decks``, uint8 (LANES, 64)) starts the trial as a copy
    of its row of the unit's ``row_cards`` (:class:`~equity.engines.dealing.Held`; ``rows8``, the rows as
    eight words, copied word by word into ``decks8``, the decks' words; ``rows``, int64 (1, LANES), each
    lane's row), and the cards are drawn from its positions ``n_held .. n_live - 1``, the cards nobody
    holds, with the swap-with-counter draw and the same random numbers
    (:func:`~equity.engines.deck._deal_from`; the copy is fresh each trial, so the dealt card is not
    written back). (Mapping positions of a deck kept from trial to trial
    through the row, one load a card, measured 1.5 ns a trial slower.)"""
    for j in range(LANES):
        r = uint64(rows[0, j])
        for w in range(ROW_WIDTH // 8):
            decks8[j, w] = rows8[r, w]
    _deal_from(st, raw, decks, n, dealt, n_held, n_live - 1, False)


@njit
def _positions(live, held):
    """The mask of the positions in ``live`` of the cards ``held`` (uint8, any shape), and of the cards."""
    pos, cards = uint64(0), uint64(0)
    for c in held.ravel():
        cards |= _ONE << uint64(c)
        for i in range(live.shape[0]):
            if live[i] == c:
                pos |= _ONE << uint64(i)
    return pos, cards


@njit(cache=True)
def _lane_deal_counts(seed, live, held, n_deal, blocks):
    """As :func:`equity.engines.deck._deal_counts`, for ``blocks`` blocks of :func:`_deal_lanes` from
    chunk 0 of ``seed``, every lane holding the cards of ``held`` (uint8, in ``live``) as ranged players
    would. Returns (counts int64 (n_deal, 52), repeats: trials that dealt a card twice or a held card)."""
    st, decks, dealt, raw = _lane_state(seed, 0, live, n_deal, held.size)
    skips, left, acc, cards, identity = _held_state(live, held.size)
    pos, mask = _positions(live, held)
    used = np.full(LANES, pos, np.uint64)
    _hold_lanes(used, held.size, skips, left)
    counts = np.zeros((n_deal, 52), np.int64)
    repeats = 0
    for _ in range(blocks):
        _deal_lanes(st, raw, decks, n_deal, dealt)
        if held.size:
            _past_held(dealt, n_deal, skips, acc, cards, identity)
        for j in range(LANES):
            seen = mask
            for x in range(n_deal):
                c = dealt[x, j]
                counts[x, c] += 1
                repeats += (seen >> c) & _ONE
                seen |= _ONE << c
    return counts, repeats


@njit(cache=True)
def _held_map(live, held):
    """int64 (len(live) - held.size,): the card each deck position of a lane maps to when its ranged
    players hold ``held`` (uint8, in ``live``), by :func:`_past_held`."""
    skips, left, acc, cards, identity = _held_state(live, held.size)
    pos, _ = _positions(live, held)
    _hold_lanes(np.full(LANES, pos, np.uint64), held.size, skips, left)
    m = live.shape[0] - held.size
    dealt = np.empty((m, LANES), np.uint64)
    for v in range(m):
        dealt[v, :] = v
    _past_held(dealt, m, skips, acc, cards, identity)
    return dealt[:, 0].astype(np.int64)
