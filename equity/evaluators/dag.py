"""Deterministic builder of the evaluator's tables: Hammer's 13-rank DAG and its flush sub-DAG.

Pure NumPy, no I/O (``tables.py`` caches the result on disk).

**Rank DAG.** Ignoring suits, a hand is a multiset of ranks, each rank used at most four times. There is
one node per multiset of 0..7 cards: 76,155 nodes. A node's key is the base-5 number whose digit ``r``
is how many cards of rank ``r`` it holds::

    code = sum(count[r] * 5**r for r in range(13))        # digit r in 0..4

Nodes are numbered level by level (level = number of cards), ascending by code within a level, so node 0
is the empty hand. Row ``SENTINEL = 76,155`` is an extra absorbing node with every class 0.

- ``rank_next[node, r]`` (int32, shape (76156, 13)): the node reached by adding a card of rank ``r``;
  ``SENTINEL`` when ``r`` is already used four times or the node is at level 7.
- ``rank_class[node]`` (int16): at levels 5..7 the best Cactus Kev class (1..7462) of any five of its
  cards *ignoring flushes*; 0 below level 5.

**Flush sub-DAG.** The four suit pointers only ever see distinct ranks, so they walk the sub-DAG of
distinct-rank nodes, renumbered compactly (5,812 nodes, level by level, ascending by 13-bit rank mask
within a level) so that its table stays in a core's L2 cache. Row ``FLUSH_SENTINEL = 5,812`` absorbs.

- ``flush_next[fnode, r]`` (int16, shape (5813, 13)): add rank ``r`` (``FLUSH_SENTINEL`` if present, or
  at level 7).
- ``flush_class[fnode]`` (int16): at levels 5..7 the best straight-flush/flush class of any five of
  its ranks; 0 below level 5 (so a suit with fewer than five cards contributes 0).

Classes are derived from first principles by :func:`kev_classes`, which lists the 7,462 five-card
equivalence classes in Cactus Kev's order. ``class_ranks[cls]`` (uint8, (7463, 5)) holds the five ranks
of each class, grouped by (count, rank) descending (row 0 unused), for naming hands.

**Walk layout.** The kernels use the same tables flattened, with every pointer stored as a row *offset*
(``13 * node``) rather than a node index, which saves a multiply per pointer per card (measured 25% faster
on random 7-card hands). A walk state is ``r = 13 * rank_node`` and ``f[s] = 13 * flush_node`` per suit;
adding a card of rank ``k``, suit ``s`` is ``r = rank_step[r + k]; f[s] = flush_step[f[s] + k]``. See
:func:`walk_layout`.

**Suit words.** The kernels number the flush sub-DAG's nodes by their 13-bit rank mask instead, so a suit
pointer's step is one addition, and keep all four in one uint64 *suit word* beside a 3-bit card count
per suit::

    bit  63..61  60..58  57..55  54..52 | 51..39  38..26  25..13  12..0
         count3  count2  count1  count0 | mask3   mask2   mask1   mask0      (suit 0..3 = c, d, h, s)

``card_word[c]`` sets card ``c``'s rank bit in its suit's mask and adds one to its suit's count; cards
are distinct, so a hand's word is the plain sum of its cards' words (no carries). At most one suit holds
five of seven cards: ``suit_shift[word >> 52]`` is ``13 * s`` for that suit ``s``, else 0 (a suit with
fewer than five cards), and ``suited_class[(word >> shift) & 0x1FFF]`` is the flush's class, or
:data:`NO_FLUSH` (larger than every class) below five ranks. A flush also rules out quads and full
houses within seven cards, so a hand's class is ``min(suited class, rank class)``: no branch.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import combinations

import numpy as np

from equity.evaluators import colex
from equity.evaluators import straights as deck_straights

N_RANKS = 13
MAX_CARDS = 7
N_NODES = 76_155
SENTINEL = N_NODES
N_FLUSH_NODES = sum(math.comb(N_RANKS, k) for k in range(MAX_CARDS + 1))  # 5,812: the suit sets of 0..7 ranks
FLUSH_SENTINEL = N_FLUSH_NODES
N_CLASSES = 7462
#: ``suited_class`` of a mask with fewer than five ranks: above every class, so ``min`` ignores it.
NO_FLUSH = 0x7FFF
SUIT_COUNT_SHIFT = 52

_POW5 = 5 ** np.arange(N_RANKS, dtype=np.int64)

#: (name, last class) of each category, best first: DESIGN §4.
CATEGORIES = (
    ("Straight Flush", 10),
    ("Four of a Kind", 166),
    ("Full House", 322),
    ("Flush", 1599),
    ("Straight", 1609),
    ("Three of a Kind", 2467),
    ("Two Pair", 3325),
    ("One Pair", 6185),
    ("High Card", 7462),
)


def rank_code(ranks) -> int:
    """A rank multiset's key: the sum of ``5 ** rank`` (each rank at most four times)."""
    return int(sum(5 ** r for r in ranks))


def low_categories(desc: Sequence[int], distinct5: Sequence[Sequence[int]]) -> Iterator[list[int]]:
    """The ranks of every two pair, one pair and high-card hand, best first: the three lowest categories,
    ordered alike in every deck (``desc``: the deck's ranks, highest first; ``distinct5``: its five
    distinct ranks that are not a straight, best first)."""
    for hi, lo in combinations(desc, 2):
        for k in desc:
            if k not in (hi, lo):
                yield [hi, hi, lo, lo, k]
    for p in desc:
        for kickers in combinations([r for r in desc if r != p], 3):
            yield [p] * 2 + list(kickers)
    for c in distinct5:
        yield list(c)


def kev_classes() -> tuple[dict[int, int], dict[int, int]]:
    """The 7,462 five-card classes in Cactus Kev's order, from first principles.

    Returns:
        ``(nonflush, flush)``: ``nonflush`` maps the base-5 code of a five-rank multiset to its class
        when its cards are not all one suit; ``flush`` maps a 13-bit mask of five distinct ranks to its
        class when they are.
    """
    nonflush: dict[int, int] = {}
    flush: dict[int, int] = {}
    desc = range(12, -1, -1)
    straights = deck_straights.straights()
    straight_masks = set(deck_straights.straight_masks())
    distinct5 = [c for c in combinations(desc, 5) if sum(1 << r for r in c) not in straight_masks]
    cls = 0

    def put(table: dict[int, int], key: int) -> None:
        nonlocal cls
        cls += 1
        table[key] = cls

    for s in straights:
        put(flush, sum(1 << r for r in s))
    for q in desc:
        for k in desc:
            if k != q:
                put(nonflush, rank_code([q] * 4 + [k]))
    for t in desc:
        for p in desc:
            if p != t:
                put(nonflush, rank_code([t] * 3 + [p] * 2))
    for c in distinct5:
        put(flush, sum(1 << r for r in c))
    for s in straights:
        put(nonflush, rank_code(s))
    for t in desc:
        for kickers in combinations([r for r in desc if r != t], 2):
            put(nonflush, rank_code([t] * 3 + list(kickers)))
    for ranks in low_categories(desc, distinct5):
        put(nonflush, rank_code(ranks))
    assert cls == N_CLASSES
    return nonflush, flush


def _digits(codes: np.ndarray) -> np.ndarray:
    """Rank counts, shape (n, 13), of base-5 codes."""
    return (codes[:, None] // _POW5[None, :]) % 5


def _levels_of_codes() -> list[np.ndarray]:
    """Sorted base-5 codes of all rank multisets at each level 0..7."""
    levels = [np.zeros(1, np.int64)]
    for _ in range(MAX_CARDS):
        prev = levels[-1]
        counts = _digits(prev)
        children = (prev[:, None] + _POW5[None, :])[counts < 4]
        levels.append(np.unique(children))
    return levels


def _link(levels: list[np.ndarray], full: np.ndarray, n_nodes: int, step: np.ndarray,
          room: np.ndarray) -> np.ndarray:
    """``next`` table for keys ``levels`` (sorted per level); ``step[r]`` adds rank r to a key,
    ``room[i, r]`` says whether key i can take rank r. ``full`` is the per-level base offsets."""
    nxt = np.full((n_nodes + 1, N_RANKS), n_nodes, np.int64)
    for k in range(MAX_CARDS):
        keys = levels[k]
        child = keys[:, None] + step[None, :]
        ok = room[full[k]:full[k] + len(keys)]
        idx = full[k + 1] + np.searchsorted(levels[k + 1], child)
        nxt[full[k]:full[k] + len(keys)] = np.where(ok, idx, n_nodes)
    return nxt


def _best_of_parents(levels: list[np.ndarray], full: np.ndarray, values: np.ndarray,
                     step: np.ndarray, present: np.ndarray) -> None:
    """Fill ``values`` at levels 6 and 7 with the minimum over the parents one card smaller."""
    for k in (6, 7):
        keys = levels[k]
        best = np.full(len(keys), np.iinfo(np.int64).max)
        for r in range(N_RANKS):
            has = present[full[k]:full[k] + len(keys), r]
            parent = full[k - 1] + np.searchsorted(levels[k - 1], keys - step[r])
            cand = np.where(has, values[np.minimum(parent, len(values) - 1)], best)
            best = np.minimum(best, cand)
        values[full[k]:full[k] + len(keys)] = best


def build_tables() -> dict[str, np.ndarray]:
    """Build every table the evaluator needs. Deterministic; about a tenth of a second.

    Returns:
        ``rank_next`` (int32, (76156, 13)), ``rank_class`` (int16, (76156,)), ``flush_next``
        (int16, (5813, 13)), ``flush_class`` (int16, (5813,)), ``level`` (uint8, (76156,)) and
        ``class_ranks`` (uint8, (7463, 5)).
    """
    nonflush, flush = kev_classes()

    # Rank DAG.
    levels = _levels_of_codes()
    sizes = np.array([len(lv) for lv in levels])
    full = np.concatenate([[0], np.cumsum(sizes)])
    n = int(full[-1])
    assert n == N_NODES, n
    codes = np.concatenate(levels)
    counts = _digits(codes)
    rank_next = _link(levels, full, n, _POW5, counts < 4)
    rank_class = np.zeros(n + 1, np.int64)
    five = levels[5]
    rank_class[full[5]:full[6]] = [nonflush[int(c)] for c in five]
    _best_of_parents(levels, full, rank_class, _POW5, counts > 0)
    level = np.concatenate([np.full(s, k, np.uint8) for k, s in enumerate(sizes)])
    level = np.append(level, np.uint8(255))

    # Flush sub-DAG over rank masks.
    masks = np.arange(1 << N_RANKS, dtype=np.int64)
    popcount = np.array([bin(m).count("1") for m in range(1 << N_RANKS)])
    flevels = [masks[popcount == k] for k in range(MAX_CARDS + 1)]
    fsizes = np.array([len(lv) for lv in flevels])
    ffull = np.concatenate([[0], np.cumsum(fsizes)])
    nf = int(ffull[-1])
    assert nf == N_FLUSH_NODES, nf
    fmasks = np.concatenate(flevels)
    bits = (fmasks[:, None] >> np.arange(N_RANKS)[None, :]) & 1
    pow2 = 1 << np.arange(N_RANKS, dtype=np.int64)
    flush_next = _link(flevels, ffull, nf, pow2, bits == 0)
    flush_class = np.zeros(nf + 1, np.int64)
    flush_class[ffull[5]:ffull[6]] = [flush[int(m)] for m in flevels[5]]
    _best_of_parents(flevels, ffull, flush_class, pow2, bits == 1)

    class_ranks = np.zeros((N_CLASSES + 1, 5), np.uint8)
    for code, cls in nonflush.items():
        counts = [(code // 5 ** r) % 5 for r in range(N_RANKS)]
        grouped = sorted(((counts[r], r) for r in range(N_RANKS) if counts[r]), reverse=True)
        class_ranks[cls] = [r for n, r in grouped for _ in range(n)]
    for mask, cls in flush.items():
        class_ranks[cls] = [r for r in range(12, -1, -1) if mask >> r & 1]

    return {
        "class_ranks": class_ranks,
        "rank_next": rank_next.astype(np.int32),
        "rank_class": rank_class.astype(np.int16),
        "flush_next": flush_next.astype(np.int16),
        "flush_class": flush_class.astype(np.int16),
        "level": level,
    }


def walk_layout(rank_next: np.ndarray, rank_class: np.ndarray, flush_next: np.ndarray,
                flush_class: np.ndarray) -> dict[str, np.ndarray]:
    """The flat, offset-valued tables the kernels walk, derived from :func:`build_tables`' output.

    With ``r = 13 * node`` and ``q = 13 * fnode`` (offsets), for a rank ``k``:

    - ``rank_step[r + k]`` (uint32, (76156 * 13,)): ``13 * rank_next[node, k]`` (unsigned: the kernels
      index with uint64, which numba does not check for negative indices; 6% faster).
    - ``rank_last[r + k]`` (int16, (76156 * 13,)): ``rank_class[rank_next[node, k]]``, the class reached
      by a hand's last card in one load instead of two.
    - ``rank_value[r]`` (int16, (76156 * 13,)): ``rank_class[node]`` (other entries 0).
    - ``flush_step[q + k]`` (int32, (5813 * 13,)): ``13 * flush_next[fnode, k]``.
    - ``flush_value[q]`` (int16, (5813 * 13,)): ``flush_class[fnode]`` (other entries 0).
    - ``rank_three[(a * 13 + b) * 13 + c]`` (uint32, (2197,)): the ``rank_step`` offset after the ranks
      ``a``, ``b``, ``c`` from the root: three steps in one load (8.6 KB, L1-resident).
    - ``rank_sorted`` (int16, (50389,)): the class of every seven-card rank multiset, at its index in
      colexicographic order plus one: the walk of sorted ranks (:mod:`equity.evaluators.colex`).
    """
    n_rank, n_flush = rank_next.shape[0], flush_next.shape[0]
    rank_value = np.zeros(n_rank * N_RANKS, np.int16)
    rank_value[::N_RANKS] = rank_class
    flush_value = np.zeros(n_flush * N_RANKS, np.int16)
    flush_value[::N_RANKS] = flush_class
    rank_step = (rank_next.astype(np.uint32) * N_RANKS).ravel()
    ranks = np.arange(N_RANKS)
    one = rank_step[ranks]
    two = rank_step[one[:, None] + ranks]
    three = rank_step[two[:, :, None] + ranks]
    return {
        "rank_step": rank_step,
        "rank_last": rank_class[rank_next].astype(np.int16).ravel(),
        "rank_value": rank_value,
        "flush_step": (flush_next.astype(np.int32) * N_RANKS).ravel(),
        "flush_value": flush_value,
        **suit_words(flush_next, flush_class),
        "rank_three": three.astype(np.uint32).ravel(),
        "rank_sorted": colex.sorted_classes(rank_next, rank_class),
    }


def suit_words(flush_next: np.ndarray, flush_class: np.ndarray) -> dict[str, np.ndarray]:
    """The suit-word tables (module docstring), from the flush sub-DAG's ``flush_next``/``flush_class``.

    - ``card_word[c]`` (uint64, (52,)): ``1 << (13 * suit + rank)`` plus ``1 << (52 + 3 * suit)``.
    - ``suit_shift[counts]`` (uint8, (4096,)): for the four 3-bit suit counts ``word >> 52``, ``13 * s``
      for the first suit ``s`` counting five or more, else 0.
    - ``suited_class[mask]`` (int16, (8192,)): the best straight flush or flush among a mask's ranks,
      :data:`NO_FLUSH` below five ranks. Masks of up to seven ranks walk the sub-DAG to their node;
      larger ones (no hand reaches them) take the best of their one-rank-smaller submasks.
    """
    cards = np.arange(52)
    card_word = (np.uint64(1) << (13 * (cards & 3) + (cards >> 2)).astype(np.uint64)) \
        + (np.uint64(1) << (SUIT_COUNT_SHIFT + 3 * (cards & 3)).astype(np.uint64))
    counts = (np.arange(4096)[:, None] >> (3 * np.arange(4))[None, :]) & 7
    flush_suit = np.where((counts >= 5).any(axis=1), np.argmax(counts >= 5, axis=1), 0)
    masks = np.arange(1 << N_RANKS)
    bits = (masks[:, None] >> np.arange(N_RANKS)[None, :]) & 1
    size = bits.sum(axis=1)
    node = np.zeros(len(masks), np.int64)
    for k in range(N_RANKS):
        node = np.where(bits[:, k] == 1, flush_next[np.minimum(node, len(flush_next) - 1), k], node)
    suited = np.where(size <= MAX_CARDS, flush_class[np.minimum(node, len(flush_class) - 1)], 0)
    suited = np.where(suited > 0, suited, NO_FLUSH)
    for k in range(MAX_CARDS + 1, N_RANKS + 1):
        big = masks[size == k]
        for r in range(N_RANKS):
            has = (big >> r) & 1 == 1
            suited[big[has]] = np.minimum(suited[big[has]], suited[big[has] & ~(1 << r)])
    return {
        "card_word": card_word.astype(np.uint64),
        "suit_shift": (13 * flush_suit).astype(np.uint8),
        "suited_class": suited.astype(np.int16),
    }
