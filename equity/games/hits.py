"""The kernels of :mod:`equity.questions.hits`: what each combo of a range makes on one board, and what it
draws to.

:func:`classify` builds the small tables below and runs one of two kernels, one per way of making a
hand: :func:`_best_five_hits` (hold'em and short deck: the best
five of the hole and board cards) and :func:`_omaha_hits` (exactly two hole cards and three board
cards). Each takes the board once, then every combo, and writes four arrays, one entry per combo:

- ``out_class`` (int16): the made hand's class in the game's tables (lower is better).
- ``out_cat`` (uint8): its category as an index into :data:`equity.games.base.CATEGORY_NAMES`.
- ``out_pair`` (int8): for a one-pair hand of a two-card game, its part (:data:`PAIR_PARTS`); -1 else.
- ``out_draw`` (uint8): the draw bits (:data:`DRAW_BITS`); 0 on the river.

Arguments they share (all assumed valid: card ids distinct across a combo, the board and the cards
that cannot come):

- ``combos``: uint8 ``(n, h)``, each row descending (so a two-card row is ``(hi, lo)``).
- ``board``: uint8 ``(b,)``, 3 <= b <= 5.
- ``t``: the game's :class:`~equity.evaluators.tables.Tables`.
- ``cat_of_class``: uint8 ``(7463,)``: a class's category index (:meth:`Game.category_table`).
- ``order``: uint8 ``(9,)``: ``order[category index]`` is its place in the game's order, 0 the best
  (short deck puts a flush above a full house).
- ``straights``: int64 ``(m,)``: the game's straights as 13-bit rank masks, lowest first (hold'em's
  wheel A-2-3-4-5 first, short deck's A-6-7-8-9).
- ``straight_top``: int8 ``(8192,)``: for a rank mask, 1 + the index in ``straights`` of its highest
  straight, 0 when it holds none.
- ``gone``: uint8 ``(52,)``: 1 for a card that cannot come: on the board, dead, or not in the deck.

The rules themselves (what counts as each part and draw) are stated in :mod:`equity.questions.hits`.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit, uint64

from equity.evaluators.high import _COUNTS, _MASK, _TWO
from equity.evaluators.straights import straight_masks
from equity.games.base import CATEGORY_NAMES, Game

#: The one-pair parts, in ``out_pair`` order.
PAIR_PARTS = ("overpair", "top_pair", "pocket_pair_between", "middle_pair", "bottom_pair", "underpair",
              "board_pair")
#: The draw bits of ``out_draw``, by key.
DRAW_BITS = {"flush_draw": 1, "nut_flush_draw": 2, "backdoor_flush_draw": 4, "open_ended": 8,
             "gutshot": 16, "two_overcards": 32, "combo_draw": 64}

_FD, _NFD, _BDFD, _OE, _GS, _OVER, _COMBO = 1, 2, 4, 8, 16, 32, 64
_OVERPAIR, _TOP, _BETWEEN, _MIDDLE, _BOTTOM, _UNDER, _BOARD = range(7)
# Category indices in CATEGORY_NAMES (hold'em's order).
_FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _ONE_PAIR, _HIGH_CARD = 3, 4, 5, 6, 7, 8


@njit(inline="always")
def _gone_counts(gone):
    """``(gone_rank, gone_suit, nut)`` of the cards ``gone`` (bool (52,)): how many of each rank and suit
    are out, and per suit its highest card that can still be held or come (-1 for none)."""
    gone_rank = np.zeros(13, np.int64)
    gone_suit = np.zeros(4, np.int64)
    nut = np.full(4, -1, np.int64)
    for c in range(52):
        if gone[c]:
            gone_rank[c >> 2] += 1
            gone_suit[c & 3] += 1
        else:
            nut[c & 3] = c
    return gone_rank, gone_suit, nut


@njit(cache=True)
def _best_five_hits(combos, board, t, cat_of_class, order, straight_top, gone,
                    out_class, out_cat, out_pair, out_draw):
    """Hold'em and short deck: the best five of the two hole cards and the board (see the module
    docstring for the arguments; ``combos`` has two columns)."""
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    nb = board.shape[0]
    r = uint64(0)
    w = uint64(0)
    bmask = 0
    bmax = -1
    bmin = 13
    bsuit = np.zeros(4, np.int64)
    for j in range(nb):
        c = board[j]
        r = uint64(rank_step[r + (c >> _TWO)])
        w += card_word[c]
        k = np.int64(c) >> 2
        bmask |= 1 << k
        bmax = max(bmax, k)
        bmin = min(bmin, k)
        bsuit[np.int64(c) & 3] += 1
    gone_rank, gone_suit, nut = _gone_counts(gone)
    flush_place = order[_FLUSH]
    straight_place = order[_STRAIGHT]
    for i in range(combos.shape[0]):
        a = combos[i, 0]
        b = combos[i, 1]
        q = uint64(rank_step[r + (a >> _TWO)])
        x = w + card_word[a] + card_word[b]
        cls = min(suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK], rank_last[q + (b >> _TWO)])
        cat = cat_of_class[cls]
        out_class[i] = cls
        out_cat[i] = cat
        ka = np.int64(a) >> 2
        kb = np.int64(b) >> 2
        part = -1
        if cat == _ONE_PAIR:
            if ka == kb:
                part = _OVERPAIR if ka > bmax else _UNDER if ka < bmin else _BETWEEN
            else:
                paired = ka if (bmask >> ka) & 1 else kb if (bmask >> kb) & 1 else -1
                if paired < 0:
                    part = _BOARD
                else:
                    part = _TOP if paired == bmax else _BOTTOM if paired == bmin else _MIDDLE
        out_pair[i] = part
        bits = 0
        if nb < 5:
            place = order[cat]
            sa = np.int64(a) & 3
            sb = np.int64(b) & 3
            if place > flush_place:
                for s in range(4):
                    held = (sa == s) + (sb == s)
                    total = held + bsuit[s]
                    left = 13 - gone_suit[s] - held
                    if held >= 1 and total >= 4 and left >= 1:
                        bits |= _FD
                        if nut[s] == a or nut[s] == b:
                            bits |= _NFD
                if nb == 3 and not bits & _FD:
                    for s in range(4):
                        held = (sa == s) + (sb == s)
                        total = held + bsuit[s]
                        if held >= 1 and total >= 3 and 13 - gone_suit[s] - held >= 5 - total:
                            bits |= _BDFD
            if place > straight_place:
                mask = bmask | (1 << ka) | (1 << kb)
                outs = 0
                for k in range(13):
                    if gone_rank[k] + (ka == k) + (kb == k) < 4:
                        bit = 1 << k
                        if straight_top[mask | bit] > straight_top[bmask | bit]:
                            outs += 1
                if outs >= 2:
                    bits |= _OE
                elif outs == 1:
                    bits |= _GS
            if cat == _HIGH_CARD and kb > bmax:
                bits |= _OVER
            if bits & _FD and bits & (_OE | _GS):
                bits |= _COMBO
        out_draw[i] = bits


@njit(cache=True)
def _omaha_hits(combos, board, t, cat_of_class, order, straights, gone,
                out_class, out_cat, out_pair, out_draw):
    """Omaha: exactly two of the ``h`` hole cards with exactly three board cards (see the module
    docstring for the arguments; ``out_pair`` is all -1).

    The board's triples are walked once each. For the straight draws a table of the board is built
    first: for each two distinct hole ranks, the ranks of a next card that would complete a straight
    with them and two board cards (a mask), from every straight holding the new card's rank and two
    board ranks.
    """
    rank_step, rank_last = t.rank_step, t.rank_last
    card_word, suit_shift, suited_class = t.card_word, t.suit_shift, t.suited_class
    nb = board.shape[0]
    n, h = combos.shape
    n_tri = nb * (nb - 1) * (nb - 2) // 6
    tri_r = np.empty(n_tri, np.uint64)
    tri_w = np.empty(n_tri, np.uint64)
    m = 0
    for p in range(nb - 2):
        for s in range(p + 1, nb - 1):
            for u in range(s + 1, nb):
                tri_r[m] = uint64(rank_step[uint64(rank_step[uint64(rank_step[board[p] >> _TWO])
                                                             + (board[s] >> _TWO)]) + (board[u] >> _TWO)])
                tri_w[m] = card_word[board[p]] + card_word[board[s]] + card_word[board[u]]
                m += 1
    bsuit = np.zeros(4, np.int64)
    for j in range(nb):
        bsuit[np.int64(board[j]) & 3] += 1
    gone_rank, gone_suit, nut = _gone_counts(gone)
    pair_out = np.zeros(169, np.int64)
    if nb < 5:
        for k in range(13):
            for p in range(nb - 1):
                for s in range(p + 1, nb):
                    tri = (1 << k) | (1 << (np.int64(board[p]) >> 2)) | (1 << (np.int64(board[s]) >> 2))
                    bits3 = 0
                    v = tri
                    while v:
                        v &= v - 1
                        bits3 += 1
                    if bits3 != 3:
                        continue
                    for z in range(straights.shape[0]):
                        st = straights[z]
                        if st & tri == tri:
                            rest = st & ~tri
                            lo = 0
                            while not (rest >> lo) & 1:
                                lo += 1
                            hi = lo + 1
                            while not (rest >> hi) & 1:
                                hi += 1
                            pair_out[lo * 13 + hi] |= 1 << k
                            pair_out[hi * 13 + lo] |= 1 << k
    hk = np.empty(6, np.uint64)
    hw = np.empty(6, np.uint64)
    flush_place = order[_FLUSH]
    straight_place = order[_STRAIGHT]
    for i in range(n):
        for j in range(h):
            c = combos[i, j]
            hk[j] = c >> _TWO
            hw[j] = card_word[c]
        best = np.int16(0x7FFF)
        for tt in range(n_tri):
            r3 = tri_r[tt]
            w3 = tri_w[tt]
            for a in range(h - 1):
                q = uint64(rank_step[r3 + hk[a]])
                wa = w3 + hw[a]
                for b in range(a + 1, h):
                    x = wa + hw[b]
                    best = min(best, suited_class[(x >> suit_shift[x >> _COUNTS]) & _MASK],
                               rank_last[q + hk[b]])
        cat = cat_of_class[best]
        out_class[i] = best
        out_cat[i] = cat
        out_pair[i] = -1
        bits = 0
        if nb < 5:
            place = order[cat]
            if place > flush_place:
                for s in range(4):
                    held = 0
                    top = False
                    for j in range(h):
                        if np.int64(combos[i, j]) & 3 == s:
                            held += 1
                            top = top or np.int64(combos[i, j]) == nut[s]
                    if held >= 2 and bsuit[s] >= 2 and 13 - gone_suit[s] - held >= 1:
                        bits |= _FD
                        if top:
                            bits |= _NFD
                if nb == 3 and not bits & _FD:
                    for s in range(4):
                        held = 0
                        for j in range(h):
                            held += np.int64(combos[i, j]) & 3 == s
                        if held >= 2 and bsuit[s] >= 1 and 13 - gone_suit[s] - held >= 3 - bsuit[s]:
                            bits |= _BDFD
            if place > straight_place:
                outs_mask = 0
                for a in range(h - 1):
                    for b in range(a + 1, h):
                        outs_mask |= pair_out[np.int64(hk[a]) * 13 + np.int64(hk[b])]
                outs = 0
                for k in range(13):
                    if (outs_mask >> k) & 1:
                        used = gone_rank[k]
                        for j in range(h):
                            used += np.int64(hk[j]) == k
                        if used < 4:
                            outs += 1
                if outs >= 2:
                    bits |= _OE
                elif outs == 1:
                    bits |= _GS
            if bits & _FD and bits & (_OE | _GS):
                bits |= _COMBO
        out_draw[i] = bits


@cache
def _straights(low_card: int) -> np.ndarray:
    """int64: the deck's straights as rank masks, lowest first
    (:func:`equity.evaluators.straights.straight_masks`)."""
    return np.array(straight_masks(low_card // 4), np.int64)


@cache
def _straight_top(low_card: int) -> np.ndarray:
    """int8 (8192,): 1 + the index in :func:`_straights` of a rank mask's highest straight; 0 for none."""
    masks = np.arange(1 << 13)
    top = np.zeros(1 << 13, np.int8)
    for index, straight in enumerate(_straights(low_card).tolist(), 1):
        top[(masks & straight) == straight] = index
    return top


def _order(game: Game) -> np.ndarray:
    """uint8 (9,): each category's place in the game's order (0 the best), by CATEGORY_NAMES index."""
    names = game.category_names()
    return np.array([names.index(name) for name in CATEGORY_NAMES], np.uint8)


def classify(combos: np.ndarray, board: np.ndarray, gone: np.ndarray, game: Game,
             rule: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(out_class, out_cat, out_pair, out_draw)`` of every combo (module docstring), from the kernel
    of ``rule``, how the game reads a hand on a board (:class:`~equity.games.base.Hits`: two hole cards
    and three board cards, or the best five). Arguments as the kernels take them (valid:
    :func:`equity.questions.hits.range_hits` checks them)."""
    n = len(combos)
    out_class = np.empty(n, np.int16)
    out_cat = np.empty(n, np.uint8)
    out_pair = np.empty(n, np.int8)
    out_draw = np.empty(n, np.uint8)
    tables = game.tables()
    if rule == "two-plus-three":
        _omaha_hits(combos, board, tables, game.category_table(), _order(game), _straights(game.low_card),
                    gone, out_class, out_cat, out_pair, out_draw)
    else:
        _best_five_hits(combos, board, tables, game.category_table(), _order(game),
                        _straight_top(game.low_card), gone, out_class, out_cat, out_pair, out_draw)
    return out_class, out_cat, out_pair, out_draw


def cached(rule: str) -> bool:
    """Whether the kernel of ``rule`` (as :func:`classify` takes it) is already in numba's on-disk cache."""
    from equity.engines.parallel import in_jit_cache

    return in_jit_cache(_omaha_hits if rule == "two-plus-three" else _best_five_hits)


#: What ``equity flops`` counts of each range on each flop: made hands by category (``*_or_better``:
#: that category or a better one, in the game's order) and draws (:data:`DRAW_BITS`).
FLOP_HIT_KEYS = ("pair_or_better", "two_pair_or_better", "three_of_a_kind", "straight", "flush", "flush_draw",
                 "open_ended", "gutshot")


@njit(cache=True)
def _flop_hits(flops, combos, weights, gone, t, cat_of_class, order, straight_top, out):
    """Per flop the live weight in each of :data:`FLOP_HIT_KEYS`, then the live weight: ``out`` float64
    (F, K + 1), written. ``gone``: uint8 (52,), dead and off-deck cards (the flop's are added per flop);
    the rest as :func:`_best_five_hits` takes them."""
    n = combos.shape[0]
    cls = np.empty(n, np.int16)
    cat = np.empty(n, np.uint8)
    part = np.empty(n, np.int8)
    draw = np.empty(n, np.uint8)
    live = np.empty((n, 2), np.uint8)
    w = np.empty(n, np.float64)
    two_pair = order[_TWO_PAIR]
    for f in range(flops.shape[0]):
        out_f = out[f]
        out_f[:] = 0.0
        g = gone.copy()
        for k in range(3):
            g[flops[f, k]] = 1
        m = 0
        for i in range(n):
            if not g[combos[i, 0]] and not g[combos[i, 1]]:
                live[m, 0] = combos[i, 0]
                live[m, 1] = combos[i, 1]
                w[m] = weights[i]
                m += 1
        _best_five_hits(live[:m], flops[f], t, cat_of_class, order, straight_top, g, cls[:m], cat[:m],
                        part[:m], draw[:m])
        for i in range(m):
            x = w[i]
            c = cat[i]
            if c != _HIGH_CARD:
                out_f[0] += x
            if order[c] <= two_pair:
                out_f[1] += x
            out_f[2] += x * (c == _TRIPS)
            out_f[3] += x * (c == _STRAIGHT)
            out_f[4] += x * (c == _FLUSH)
            out_f[5] += x * ((draw[i] & _FD) != 0)
            out_f[6] += x * ((draw[i] & _OE) != 0)
            out_f[7] += x * ((draw[i] & _GS) != 0)
            out_f[8] += x


def flop_hits(flops: np.ndarray, combos: np.ndarray, weights: np.ndarray, gone: np.ndarray,
              game: Game) -> np.ndarray:
    """float64 ``(F, K + 1)``: per flop the live weight of the range's combos in each of
    :data:`FLOP_HIT_KEYS` (as :mod:`equity.questions.hits` defines each line), then the live weight.
    ``combos``: uint8 ``(n, 2)``; ``gone``: uint8 ``(52,)``, 1 for a dead or off-deck card."""
    rows = np.ascontiguousarray(np.sort(np.asarray(combos, np.uint8), axis=1)[:, ::-1])
    out = np.empty((len(flops), len(FLOP_HIT_KEYS) + 1), np.float64)
    _flop_hits(np.ascontiguousarray(flops, np.uint8), rows, np.asarray(weights, np.float64),
               np.ascontiguousarray(gone, np.uint8), game.tables(), game.category_table(), _order(game),
               _straight_top(game.low_card), out)
    return out
