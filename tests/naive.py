"""Slow, obviously-correct reference evaluator and equity calculator (test oracle).

Independent of the ``equity`` package on purpose: nothing here is imported from it.
Cards are ints ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suit 0..3 = c, d, h, s).
Hand classes follow Cactus Kev: 1 (royal flush) .. 7462 (7-5-4-3-2 unsuited), lower is better.
"""

import math
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from itertools import product as product_of

CATEGORY_NAMES = (
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "One Pair",
    "High Card",
)

# Last (weakest) class of each category, best category first.
CATEGORY_LAST_CLASS = (10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)

# Key categories, higher is stronger (the reverse of the class category index).
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def hand_key(cards5):
    """Return a tuple key for exactly 5 cards; a larger key is a stronger hand."""
    if len(cards5) != 5:
        raise ValueError("hand_key needs exactly 5 cards")
    ranks = [c >> 2 for c in cards5]
    suits = {c & 3 for c in cards5}
    is_flush = len(suits) == 1
    # (count, rank) groups, biggest group first, then higher rank first.
    groups = sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)
    group_ranks = tuple(r for _, r in groups)
    counts = tuple(n for n, _ in groups)

    straight_high = None
    if len(groups) == 5:
        desc = sorted(ranks, reverse=True)
        if desc[0] - desc[4] == 4:
            straight_high = desc[0]
        elif desc == [12, 3, 2, 1, 0]:  # wheel A-2-3-4-5 is five-high
            straight_high = 3

    if straight_high is not None and is_flush:
        return (STRAIGHT_FLUSH, straight_high)
    if counts == (4, 1):
        return (QUADS, *group_ranks)
    if counts == (3, 2):
        return (FULL_HOUSE, *group_ranks)
    if is_flush:
        return (FLUSH, *group_ranks)
    if straight_high is not None:
        return (STRAIGHT, straight_high)
    if counts == (3, 1, 1):
        return (TRIPS, *group_ranks)
    if counts == (2, 2, 1):
        return (TWO_PAIR, *group_ranks)
    if counts == (2, 1, 1, 1):
        return (PAIR, *group_ranks)
    return (HIGH_CARD, *group_ranks)


def all_keys():
    """Return the sorted list (weakest first) of all 7,462 distinct 5-card keys."""
    keys = set()
    # Non-flush hands: every rank multiset except five of a kind. Suit = position % 4, so
    # equal ranks (adjacent positions, at most 4) get distinct suits and all 4 suits appear.
    for multiset in combinations_with_replacement(range(13), 5):
        if len(set(multiset)) == 1:
            continue
        keys.add(hand_key([4 * r + i % 4 for i, r in enumerate(multiset)]))
    # Flush hands: five distinct ranks, all clubs.
    for ranks in combinations(range(13), 5):
        keys.add(hand_key([4 * r for r in ranks]))
    assert len(keys) == 7462, len(keys)
    return sorted(keys)


@lru_cache(maxsize=1)
def key_to_class():
    """Return a dict mapping each key to its class: strongest -> 1, weakest -> 7462."""
    return {key: i for i, key in enumerate(reversed(all_keys()), start=1)}


@lru_cache(maxsize=1 << 20)
def _best_class(sorted_cards):
    table = key_to_class()
    return min(table[hand_key(five)] for five in combinations(sorted_cards, 5))


def naive_class(cards):
    """Return the best (minimum) class over every 5-card subset of 5, 6 or 7 distinct cards."""
    cards = tuple(cards)
    if len(cards) not in (5, 6, 7):
        raise ValueError(f"need 5, 6 or 7 cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError("duplicate cards")
    if any(not 0 <= c < 52 for c in cards):
        raise ValueError("card id out of range")
    return _best_class(tuple(sorted(cards)))


def category_of(cls):
    """Return the category index 0 (straight flush) .. 8 (high card) of a hand class."""
    if not 1 <= cls <= 7462:
        raise ValueError(f"class out of range: {cls}")
    for index, last in enumerate(CATEGORY_LAST_CLASS):
        if cls <= last:
            return index
    raise AssertionError("unreachable")


def _deals(n, avail):
    """Yield every tuple of n hole pairs drawn in order (players distinguishable) from avail."""
    if n == 0:
        yield ()
        return
    for pair in combinations(avail, 2):
        rest = [c for c in avail if c not in pair]
        for more in _deals(n - 1, rest):
            yield (pair, *more)


def naive_equity(players, board=(), dead=()):
    """Exact (win, tie, equity) Fractions per player by enumerating every complete deal.

    ``players`` items are a 2-card tuple (known hand) or None (random hand). Every completion
    of the board plus every deal of the random hands from the remaining deck counts equally.
    """
    players = list(players)
    board = tuple(board)
    known = [c for hand in players if hand is not None for c in hand]
    used = known + list(board) + list(dead)
    if not players:
        raise ValueError("need at least one player")
    if any(hand is not None and len(hand) != 2 for hand in players):
        raise ValueError("known hands must have exactly 2 cards")
    if len(board) > 5:
        raise ValueError("board has more than 5 cards")
    if len(set(used)) != len(used) or any(not 0 <= c < 52 for c in used):
        raise ValueError("duplicate or invalid cards")
    deck = [c for c in range(52) if c not in set(used)]
    random_seats = [i for i, hand in enumerate(players) if hand is None]
    if len(deck) < 5 - len(board) + 2 * len(random_seats):
        raise ValueError("not enough cards left to deal")

    tally = _Tally(len(players))
    for extra in combinations(deck, 5 - len(board)):
        full_board = board + extra
        rest = [c for c in deck if c not in extra]
        values = {}  # hole pair -> class, computed once per board

        def value(hole, full_board=full_board, values=values):
            if hole not in values:
                values[hole] = naive_class(hole + full_board)
            return values[hole]

        fixed = [value(tuple(hand)) if hand is not None else None for hand in players]
        for holes in _deals(len(random_seats), rest):
            vals = list(fixed)
            for seat, hole in zip(random_seats, holes, strict=True):
                vals[seat] = value(hole)
            best = min(vals)
            tally.add([i for i, v in enumerate(vals) if v == best])
    return tally.fractions()


class _Tally:
    """Deals won alone, split, and pot shares per player, counted one deal at a time by its winners."""

    def __init__(self, n):
        self.wins, self.ties, self.total = [0] * n, [0] * n, 0
        self.shares = [Counter() for _ in range(n)]  # shares[i][k]: deals where i split the pot k ways

    def add(self, winners):
        self.total += 1
        if len(winners) == 1:
            self.wins[winners[0]] += 1
        else:
            for i in winners:
                self.ties[i] += 1
        for i in winners:
            self.shares[i][len(winners)] += 1

    def fractions(self):
        """Per player ``(win, tie, equity)`` Fractions."""
        total = self.total
        return [(Fraction(w, total), Fraction(t, total),
                 sum((Fraction(cnt, total * k) for k, cnt in s.items()), Fraction(0)))
                for w, t, s in zip(self.wins, self.ties, self.shares, strict=True)]


def naive_range_equity(players, board=(), dead=()):
    """Like :func:`naive_equity`, with ranges: each player is a 2-card tuple, None (random) or a dict
    ``{(c1, c2): weight}``. Every joint choice of the ranges' combos that shares no card with another or
    with the known cards counts with the product of its weights (each choice has the same number of
    completions, so the answer is the weighted mean of the choices' exact answers)."""
    return _range_mean(players, board, dead, lambda hands: naive_equity(hands, board, dead))


def _range_mean(players, board, dead, solve):
    """The weighted mean of ``solve(hands)`` (per player ``(win, tie, equity)``) over every joint choice of
    the ranges' hands (the players given as dicts) that shares no card with another or the known cards."""
    ranged = [i for i, p in enumerate(players) if isinstance(p, dict)]
    fixed = {c for p in players if isinstance(p, tuple) for c in p} | set(board) | set(dead)
    total_weight = Fraction(0)
    acc = [[Fraction(0)] * 3 for _ in players]

    def choose(k, used, weight, chosen):
        nonlocal total_weight
        if k == len(ranged):
            hands = list(players)
            for i, combo in zip(ranged, chosen, strict=True):
                hands[i] = combo
            for i, row in enumerate(solve(hands)):
                for j in range(3):
                    acc[i][j] += weight * row[j]
            total_weight += weight
            return
        for combo, w in players[ranged[k]].items():
            if not set(combo) & used:
                choose(k + 1, used | set(combo), weight * Fraction(w), (*chosen, combo))

    choose(0, fixed, Fraction(1), ())
    return [tuple(x / total_weight for x in row) for row in acc]


# --- Random streams, written out plainly with Python integers (the contract of DESIGN.md section 7) ---

_M64 = (1 << 64) - 1


def _splitmix64(x):
    z = x & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def stream(seed, k):
    """Chunk ``k``'s generator for ``seed``: SplitMix64 seeds a xoshiro256** state. Yields outputs."""
    base = _splitmix64(seed) ^ ((k * 0xD1B54A32D192ED03) & _M64)
    return stream_from([_splitmix64((base + (i + 1) * 0x9E3779B97F4A7C15) & _M64) for i in range(4)])


def stream_from(state):
    """xoshiro256**'s outputs from ``state`` (four 64-bit integers)."""
    s = list(state)

    def rotl(x, r):
        return ((x << r) | (x >> (64 - r))) & _M64

    while True:
        result = (rotl((s[1] * 5) & _M64, 7) * 9) & _M64
        t = (s[1] << 17) & _M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        yield result


def bounded(outputs, n):
    """A uniform draw in [0, n) from an iterator of 64-bit outputs: Lemire's multiply-shift on the high
    32 bits, rejecting the low products below (2**32 - n) % n."""
    threshold = ((1 << 32) - n) % n
    while True:
        m = (next(outputs) >> 32) * n
        if (m & 0xFFFFFFFF) >= threshold:
            return m >> 32


def joint_units(ranged, most):
    """The ranged players (``(combos, weights)`` each) taken in seat order into units, as the kernels
    deal them: a player joins the unit before it while the product of the unit's combo counts stays at
    most ``most``. Returns per unit ``(players, rows, weights)``: the unit's player numbers, and every
    choice of one combo for each of them (tuples of card tuples, in itertools.product order) that
    shares no card, with the product of the combos' weights."""
    groups, product = [], most + 1
    for g, (combos, _) in enumerate(ranged):
        if product * len(combos) > most:
            groups.append([])
            product = 1
        groups[-1].append(g)
        product *= len(combos)
    units = []
    for players in groups:
        rows, weights = [], []
        for choice in product_of(*[range(len(ranged[g][0])) for g in players]):
            hands = [tuple(int(c) for c in ranged[g][0][k]) for g, k in zip(players, choice, strict=True)]
            cards = [c for h in hands for c in h]
            if len(set(cards)) == len(cards):
                rows.append(tuple(hands))
                weights.append(math.prod(float(ranged[g][1][k])
                                         for g, k in zip(players, choice, strict=True)))
        units.append((players, rows, weights))
    return units


def lane_trials(seed, chunk, trials, live, n_dealt, units=(), most=1 << 16, lanes=16):
    """The Monte Carlo kernels' deals for chunk ``chunk`` (the lane contract of equity.engines.deck and
    equity.engines.dealing), written out plainly: yields ``(held, dealt)`` for each of its ``trials`` trials
    in order, where ``held`` has one combo for each ranged player and ``dealt`` the missing board cards,
    then the random hands' cards.

    ``live``: the cards that may be dealt, in the kernel's order. ``units``: for each unit of ranged
    players (:func:`joint_units`), ``(players, rows, prob, alias)``: its players, its rows and their
    Walker alias table (keep row ``i`` when a fresh output is below ``prob[i]``, always when that is
    2**64 - 1; else take ``alias[i]``). One unit of at most ``most`` rows deals each trial from a fresh
    copy of the cards nobody holds; otherwise each lane keeps a deck of positions among them.
    """
    streams = [stream(seed, lanes * chunk + j) for j in range(lanes)]
    n_held = sum(len(hand) for _, rows, _, _ in units for hand in rows[0])
    n_players = sum(len(players) for players, _, _, _ in units)
    m = len(live) - n_held
    decks = [list(range(m)) for _ in range(lanes)]  # positions among the cards a lane may deal
    weighted = [bool((prob != _M64).any()) for _, _, prob, _ in units]
    n_units = len(units)
    fresh_decks = n_units == 1 and len(units[0][1]) <= most
    for first in range(0, trials, lanes):
        helds = []
        for j in range(lanes):
            # First try: output u's high 32 bits pick unit u's row, output U + u is its alias coin (only
            # drawn when some unit is weighted); a Lemire rejection or two units sharing a card throws
            # the whole draw away.
            outs = [next(streams[j]) for _ in range(n_units * (2 if any(weighted) else 1))]
            picks, ok, seen = [], True, set()
            for u, (_, rows, prob, alias) in enumerate(units):
                n = len(rows)
                product = (outs[u] >> 32) * n
                ok &= (product & 0xFFFFFFFF) >= ((1 << 32) - n) % n
                i = product >> 32
                if weighted[u] and outs[n_units + u] >= prob[i]:
                    i = alias[i]
                cards = {c for hand in rows[i] for c in hand}
                ok &= not (seen & cards)
                seen |= cards
                picks.append(i)
            while not ok:  # then: one unit at a time, drawn again whole on a shared card
                picks, ok, seen = [], True, set()
                for _, rows, prob, alias in units:
                    i = bounded(streams[j], len(rows))
                    if prob[i] != _M64 and next(streams[j]) >= prob[i]:
                        i = alias[i]
                    cards = {c for hand in rows[i] for c in hand}
                    if seen & cards:
                        ok = False
                        break
                    seen |= cards
                    picks.append(i)
            held = [None] * n_players
            for (players, rows, _, _), i in zip(units, picks, strict=True):
                for g, hand in zip(players, rows[i], strict=True):
                    held[g] = list(hand)
            helds.append(held)
        raw = [[next(streams[j]) for _ in range((n_dealt + 1) // 2)] for j in range(lanes)]
        dealt = [[] for _ in range(lanes)]
        fresh = []
        for j in range(lanes):
            taken = {c for hand in helds[j] for c in hand}
            free = [c for c in live if c not in taken]  # position v: the v-th card nobody holds
            fresh.append(free)
            if fresh_decks:  # one unit: every trial deals from a fresh copy of the cards nobody holds
                decks[j] = list(free)
        top = m - 1
        for x in range(n_dealt):
            bound = top + 1
            threshold = ((1 << 32) - bound) % bound
            for j in range(lanes):
                deck = decks[j]
                bits = raw[j][x // 2] >> 32 if x % 2 == 0 else raw[j][x // 2] & 0xFFFFFFFF
                product = bits * bound
                while (product & 0xFFFFFFFF) < threshold:
                    product = (next(streams[j]) >> 32) * bound
                i = product >> 32
                deck[i], deck[top] = deck[top], deck[i]
                dealt[j].append(deck[top])
            top -= 1
        for j in range(min(lanes, trials - first)):
            yield helds[j], (dealt[j] if fresh_decks else [fresh[j][v] for v in dealt[j]])


def naive_omaha(hole, board):
    """Return the Omaha high class: the best over every hand of exactly two of the 4..6 ``hole`` cards
    and exactly three of the 5 ``board`` cards."""
    hole, board = tuple(hole), tuple(board)
    if len(hole) not in (4, 5, 6) or len(board) != 5:
        raise ValueError(f"need 4..6 hole cards and 5 board cards, got {len(hole)} and {len(board)}")
    if len(set(hole + board)) != len(hole) + len(board):
        raise ValueError("duplicate cards")
    return min(naive_class(two + three) for two in combinations(hole, 2) for three in combinations(board, 3))


# ---------------------------------------------------------------------------------------------
# Short deck (6+): the 36 cards with rank >= 4 (6 through A). A-6-7-8-9 is the lowest straight,
# a flush beats a full house, and a straight beats trips ("standard") or trips beat a straight
# ("trips-beat-straight"). Keys are tuples, larger is stronger.

SHORT_RULES = ("standard", "trips-beat-straight")

# Category strength (higher is stronger), per rule set.
_SHORT_STRENGTH = {
    "standard": {"High Card": 0, "One Pair": 1, "Two Pair": 2, "Three of a Kind": 3, "Straight": 4,
                 "Full House": 5, "Flush": 6, "Four of a Kind": 7, "Straight Flush": 8},
    "trips-beat-straight": {"High Card": 0, "One Pair": 1, "Two Pair": 2, "Straight": 3,
                            "Three of a Kind": 4, "Full House": 5, "Flush": 6, "Four of a Kind": 7,
                            "Straight Flush": 8},
}


def _short_name_and_ties(cards5):
    ranks = [c >> 2 for c in cards5]
    if min(ranks) < 4:
        raise ValueError("short deck cards have rank 6 or higher")
    flush = len({c & 3 for c in cards5}) == 1
    groups = sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)
    counts = tuple(n for n, _ in groups)
    ties = tuple(r for _, r in groups)
    high = None
    if len(groups) == 5:
        desc = sorted(ranks, reverse=True)
        if desc[0] - desc[4] == 4:
            high = desc[0]
        elif desc == [12, 7, 6, 5, 4]:  # A-6-7-8-9 plays as nine-high
            high = 7
    if high is not None:
        return ("Straight Flush" if flush else "Straight"), (high,)
    if counts == (4, 1):
        return "Four of a Kind", ties
    if counts == (3, 2):
        return "Full House", ties
    if flush:
        return "Flush", ties
    if counts == (3, 1, 1):
        return "Three of a Kind", ties
    if counts == (2, 2, 1):
        return "Two Pair", ties
    if counts == (2, 1, 1, 1):
        return "One Pair", ties
    return "High Card", ties


def naive_short_key(cards5, rules="standard"):
    """Tuple key of exactly 5 short-deck cards under ``rules``; larger is stronger."""
    if len(cards5) != 5:
        raise ValueError("naive_short_key needs exactly 5 cards")
    name, ties = _short_name_and_ties(cards5)
    return (_SHORT_STRENGTH[rules][name], *ties)


def naive_short_category(cards, rules="standard"):
    """Category name of the best 5-card hand among 5..7 short-deck cards under ``rules``."""
    best = max(combinations(cards, 5), key=lambda five: naive_short_key(five, rules))
    return _short_name_and_ties(best)[0]


# ---------------------------------------------------------------------------------------------
# Omaha ranges, by brute force: every hole-card hand of a deck, tested against each element as the
# grammar defines it. The suit qualifiers are written as the shapes (cards per suit, largest first) they
# admit, a table rather than a rule.

_OMAHA_SHAPES = {
    ("ds", 4): {(2, 2)}, ("ds", 5): {(2, 2, 1)}, ("ds", 6): {(2, 2, 1, 1)},
    ("ss", 4): {(2, 1, 1)}, ("ss", 5): {(2, 1, 1, 1)},
    ("r", 4): {(1, 1, 1, 1)},
}


@lru_cache(maxsize=4)
def _omaha_hands(hole, deck):
    """(hand highest card first, cards per rank as 13 bytes, suit shape) for every hand of ``deck``."""
    out = []
    for hand in combinations(deck, hole):
        per_rank = [0] * 13
        for c in hand:
            per_rank[c >> 2] += 1
        shape = tuple(sorted(Counter(c & 3 for c in hand).values(), reverse=True))
        out.append((hand[::-1], bytes(per_rank), shape))
    return out


def _omaha_test(body, hole):
    """A test ``(hand, per_rank, shape) -> bool`` for one element body (no weight, well formed)."""
    ranks = "23456789TJQKA"
    if body.lower() == "random":
        return lambda hand, per_rank, shape: True
    text = body.replace(" ", "").replace("10", "T")
    if len(text) == 2 * hole and all(text[i] in "cdhs" for i in range(1, 2 * hole, 2)):
        cards = tuple(sorted((4 * ranks.index(text[i].upper()) + "cdhs".index(text[i + 1])
                              for i in range(0, 2 * hole, 2)), reverse=True))
        return lambda hand, per_rank, shape: hand == cards
    qualifier = next((q for q in ("ds", "ss", "r") if text.lower().endswith(q)), "")
    named = Counter(ranks.index(ch) for ch in text[:len(text) - len(qualifier)].upper() if ch != "X")
    shapes = _OMAHA_SHAPES[qualifier, hole] if qualifier else None
    return lambda hand, per_rank, shape: (all(per_rank[r] >= k for r, k in named.items())
                                          and (shapes is None or shape in shapes))


def naive_omaha_range(text, hole, deck=range(52)):
    """``{hand: weight}`` for an Omaha range over every ``hole``-card hand of ``deck``, each hand a tuple of
    card ids highest first. The later element's weight wins; ``@W`` is a percentage."""
    hands = _omaha_hands(hole, tuple(deck))
    chosen = {}
    for element in text.split(","):
        body, _, weight_text = element.strip().partition("@")
        weight = float(Fraction(weight_text.strip()) / 100) if weight_text.strip() else 1.0
        test = _omaha_test(body.strip(), hole)
        for hand, per_rank, shape in hands:
            if test(hand, per_rank, shape):
                chosen[hand] = weight
    return chosen


# ---------------------------------------------------------------------------------------------
# Any game, by brute force over the board: hands of any size, a deck of any cards, a value function.

def naive_game_equity(hands, board, dead, value, deck=range(52), hole=None):
    """Exact (win, tie, equity) Fractions per player over every completion of the board.

    ``hands``: each a tuple of card ids, or None for a random hand of ``hole`` cards (every hand of the
    cards left once the board is complete, players distinguishable, as :func:`naive_equity` deals).
    ``value(hand, board5)``: a comparable strength, larger is stronger. ``deck``: the card ids in play
    (``range(16, 52)`` for short deck). Every (board, deal) pair counts once.
    """
    hands = [tuple(h) if h is not None else None for h in hands]
    board, dead = tuple(board), tuple(dead)
    used = [c for h in hands if h is not None for c in h] + list(board) + list(dead)
    if len(set(used)) != len(used) or any(c not in deck for c in used):
        raise ValueError("duplicate cards or cards not in the deck")
    if len(board) > 5:
        raise ValueError("board has more than 5 cards")
    if any(h is None for h in hands) and hole is None:
        raise ValueError("random hands need hole")
    rest = [c for c in deck if c not in set(used)]
    seats = [i for i, h in enumerate(hands) if h is None]
    tally = _Tally(len(hands))

    def deals(k, avail):
        if k == 0:
            yield ()
            return
        for hand in combinations(avail, hole):
            left = [c for c in avail if c not in hand]
            for more in deals(k - 1, left):
                yield (hand, *more)

    for extra in combinations(rest, 5 - len(board)):
        full = board + extra
        left = [c for c in rest if c not in extra]
        fixed = [value(h, full) if h is not None else None for h in hands]
        for dealt in deals(len(seats), left):
            vals = list(fixed)
            for seat, hand in zip(seats, dealt, strict=True):
                vals[seat] = value(hand, full)
            best = max(vals)
            tally.add([i for i, v in enumerate(vals) if v == best])
    return tally.fractions()


def naive_short_value(rules="standard"):
    """A ``value(hand, board5)`` for :func:`naive_game_equity` in short deck: the best key of the seven."""
    def value(hand, board5):
        return max(naive_short_key(five, rules) for five in combinations(tuple(hand) + tuple(board5), 5))
    return value


def naive_omaha_value(hand, board5):
    """A ``value(hand, board5)`` for :func:`naive_game_equity` in Omaha high (larger is stronger)."""
    return -naive_omaha(hand, board5)


@lru_cache(maxsize=2)
def _short_keys(rules):
    """Every distinct 5-card short-deck key under ``rules``, strongest first (1,404 of them)."""
    keys = set()
    for multiset in combinations_with_replacement(range(4, 13), 5):
        if len(set(multiset)) > 1:
            keys.add(naive_short_key([4 * r + i % 4 for i, r in enumerate(multiset)], rules))
    for ranks in combinations(range(4, 13), 5):
        keys.add(naive_short_key([4 * r for r in ranks], rules))
    return sorted(keys, reverse=True)


def naive_short_class(cards, rules="standard"):
    """The short-deck class of 5..7 cards: 1 + the number of distinct 5-card keys stronger than the best."""
    best = max(naive_short_key(five, rules) for five in combinations(cards, 5))
    return _short_keys(rules).index(best) + 1


def naive_game_categories(hands, board, dead, value, category, deck=range(52)):
    """Per player ``{category: (frequency, win, tie)}`` Fractions over every completion of the board, for
    specific hands: how often the player ends with the category (``category(hand, board5)``, a name),
    wins alone with it, and splits the pot with it. ``value`` as in :func:`naive_game_equity`."""
    hands = [tuple(h) for h in hands]
    board = tuple(board)
    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = [c for c in deck if c not in used]
    counts = [Counter() for _ in hands]
    total = 0
    for extra in combinations(rest, 5 - len(board)):
        full = board + extra
        vals = [value(h, full) for h in hands]
        best = max(vals)
        n_best = vals.count(best)
        total += 1
        for i, h in enumerate(hands):
            name = category(h, full)
            counts[i][name, "frequency"] += 1
            if vals[i] == best:
                counts[i][name, "win" if n_best == 1 else "tie"] += 1
    return [{name: tuple(Fraction(c[name, k], total) for k in ("frequency", "win", "tie"))
             for name in {n for n, _ in c}} for c in counts]


def naive_game_range_equity(players, board, dead, value, deck=range(52), hole=None):
    """:func:`naive_game_equity` with ranges: each player a tuple (a hand), None (random, ``hole`` cards)
    or a dict ``{hand: weight}``. Every joint choice of the ranges' hands that shares no card with another
    or with the known cards counts with the product of its weights (each choice has the same number of
    completions, so the answer is the weighted mean of the choices' exact answers)."""
    return _range_mean(players, board, dead,
                       lambda hands: naive_game_equity(hands, board, dead, value, deck, hole))


# ---------------------------------------------------------------------------------------------
# Eight-or-better lows and Omaha hi-lo, by brute force. A low key is the tuple of five low ranks (ace = 1,
# deuce = 2 .. eight = 8) highest first; a smaller tuple is a better low; None is no low.

def low_key(cards5):
    """The low key of exactly 5 cards: their low ranks highest first when they are five different ranks,
    all eight or lower (the ace as 1), else None. Straights and flushes don't matter."""
    if len(cards5) != 5:
        raise ValueError("low_key needs exactly 5 cards")
    ranks = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in cards5]
    if len(set(ranks)) != 5 or max(ranks) > 8:
        return None
    return tuple(sorted(ranks, reverse=True))


def omaha_low(hole, board):
    """The best (smallest) low key over every hand of exactly two of the 4..6 ``hole`` cards and exactly
    three of the 5 ``board`` cards, or None when none of them is a low."""
    hole, board = tuple(hole), tuple(board)
    if len(hole) not in (4, 5, 6) or len(board) != 5:
        raise ValueError(f"need 4..6 hole cards and 5 board cards, got {len(hole)} and {len(board)}")
    if len(set(hole + board)) != len(hole) + len(board):
        raise ValueError("duplicate cards")
    keys = [low_key(two + three) for two in combinations(hole, 2) for three in combinations(board, 3)]
    return min((k for k in keys if k is not None), default=None)


def omaha_hilo_equity(hands, board, dead=()):
    """Exact Omaha hi-lo (eight or better) results for specific hands, over every completion of the board.

    ``hands``: each a tuple of 4..6 card ids. ``board``: 3, 4 or 5 card ids. ``dead``: cards out of play.
    On each board the high half goes to the best Omaha high (:func:`naive_omaha`) and the low half to the
    best qualifying low (:func:`omaha_low`), each half split equally among tied hands; with no low the
    high takes the whole pot.

    Returns a dict: ``"players"``, a list with one dict per player of Fractions over the boards:
    ``equity`` (mean pot share), ``scoop`` (the whole pot alone), ``high_win`` / ``high_tie`` (sole /
    shared best high), ``low_win`` / ``low_tie`` (sole / shared best low); ``"boards"``, the number of
    boards (int); ``"low"``, the Fraction of boards on which some hand made a low.
    """
    hands = [tuple(h) for h in hands]
    board, dead = tuple(board), tuple(dead)
    used = [c for h in hands for c in h] + list(board) + list(dead)
    if not hands or any(len(h) not in (4, 5, 6) for h in hands):
        raise ValueError("need at least one hand, each of 4..6 cards")
    if len(board) not in (3, 4, 5):
        raise ValueError(f"need a board of 3, 4 or 5 cards, got {len(board)}")
    if len(set(used)) != len(used) or any(not 0 <= c < 52 for c in used):
        raise ValueError("duplicate or invalid cards")
    rest = [c for c in range(52) if c not in set(used)]
    keys = ("equity", "scoop", "high_win", "high_tie", "low_win", "low_tie")
    sums = [dict.fromkeys(keys, Fraction(0)) for _ in hands]
    boards = low_boards = 0
    for extra in combinations(rest, 5 - len(board)):
        full = board + extra
        boards += 1
        highs = [naive_omaha(h, full) for h in hands]
        high_winners = [i for i, v in enumerate(highs) if v == min(highs)]
        lows = [omaha_low(h, full) for h in hands]
        qualified = [k for k in lows if k is not None]
        low_winners = [i for i, k in enumerate(lows) if qualified and k == min(qualified)]
        for i in high_winners:
            sums[i]["high_win" if len(high_winners) == 1 else "high_tie"] += 1
        for i in low_winners:
            sums[i]["low_win" if len(low_winners) == 1 else "low_tie"] += 1
        if low_winners:
            low_boards += 1
            for i in high_winners:
                sums[i]["equity"] += Fraction(1, 2 * len(high_winners))
            for i in low_winners:
                sums[i]["equity"] += Fraction(1, 2 * len(low_winners))
        else:
            for i in high_winners:
                sums[i]["equity"] += Fraction(1, len(high_winners))
        if len(high_winners) == 1 and low_winners in ([], high_winners):
            sums[high_winners[0]]["scoop"] += 1
    return {"players": [{k: v / boards for k, v in s.items()} for s in sums],
            "boards": boards, "low": Fraction(low_boards, boards)}


# ---------------------------------------------------------------------------------------------
# Per-combo results, by brute force: one seat's combos each on its own, with every joint choice of the
# other players' combos and every completion of the board.

def naive_combo_equities(ranges, board, dead=(), seat=0, column=None, solve=None):
    """Per combo of ``seat``'s range: ``{combo: (share, win, tie, equity)}`` Fractions.

    ``ranges``: each player a tuple of card ids (a hand), None (a random hand) or a dict ``{hand: weight}``
    (hands as tuples of card ids). Every joint choice of the players' hands that shares no card with
    another or with the board and dead cards counts with the product of its weights; each choice has the
    same number of board completions, so a combo's figures are the weighted mean of the exact results
    (``solve(hands)``, :func:`naive_equity` by default) of the choices in which ``seat`` holds it.

    ``share``: the weight of the choices holding the combo over the weight of every choice (how often
    ``seat`` holds it). ``win``, ``tie``, ``equity``: player ``column``'s (``seat`` by default) over those
    choices. Every combo of ``seat`` not blocked by the board or dead cards is a key; one that no choice
    can hold (it collides with every hand of another player) has share 0 and figures 0.
    """
    board, dead = tuple(board), tuple(dead)
    column = seat if column is None else column
    if solve is None:
        def solve(hands):
            return naive_equity(hands, board, dead)
    players = [{tuple(h): w for h, w in p.items()} if isinstance(p, dict)
               else tuple(p) if p is not None else None for p in ranges]
    known = set(board) | set(dead)
    own = players[seat] if isinstance(players[seat], dict) else {players[seat]: 1}
    acc = {hand: [Fraction(0)] * 3 for hand in own if not set(hand) & known}
    held = dict.fromkeys(acc, Fraction(0))
    options = [p if isinstance(p, dict) else {p: 1} if p is not None else None for p in players]

    def choose(k, used, weight, chosen):
        if k == len(options):
            row = solve(list(chosen))[column]
            hand = chosen[seat]
            held[hand] += weight
            for j in range(3):
                acc[hand][j] += weight * row[j]
            return
        if options[k] is None:
            choose(k + 1, used, weight, (*chosen, None))
            return
        for hand, w in options[k].items():
            if w and not set(hand) & used:
                choose(k + 1, used | set(hand), weight * Fraction(w), (*chosen, tuple(hand)))

    choose(0, set(known), Fraction(1), ())
    total = sum(held.values(), Fraction(0))
    return {hand: (held[hand] / total,
                   *(x / held[hand] if held[hand] else Fraction(0) for x in acc[hand]))
            for hand in acc}


# ---------------------------------------------------------------------------------------------
# What a range makes on a board (equity hits), by brute force: each combo's made hand from the naive
# evaluators, its part of one pair from seven predicates of which exactly one must hold, and its draws
# by dealing every card that can come (every two cards for a backdoor) and looking at what it makes.

HITS_PAIR_KEYS = ("overpair", "top_pair", "pocket_pair_between", "middle_pair", "bottom_pair", "underpair",
                  "board_pair")
HITS_DRAW_KEYS = ("combo_draw", "flush_draw", "nut_flush_draw", "open_ended", "gutshot",
                  "backdoor_flush_draw", "two_overcards")
_HOLDEM_STRENGTH = {name: 8 - i for i, name in enumerate(CATEGORY_NAMES)}


def _hits_rules(game):
    """``(kind, rules, deck)`` of a game name: kind 'holdem', 'short' or 'omaha'."""
    if game == "holdem":
        return "holdem", None, range(52)
    if game in ("short-deck", "short-deck-trips"):
        return "short", "standard" if game == "short-deck" else "trips-beat-straight", range(16, 52)
    if game.startswith("omaha"):
        return "omaha", None, range(52)
    raise ValueError(f"no hits oracle for {game}")


def _five_key(cards5, kind, rules):
    """The naive five-card key (larger is stronger) and its category name."""
    if kind == "short":
        return naive_short_key(cards5, rules), _short_name_and_ties(cards5)[0]
    key = hand_key(cards5)
    return key, CATEGORY_NAMES[8 - key[0]]


def _made_category(hole, board, kind, rules):
    """The category name of the best hand: the best five of all the cards, or in Omaha two hole cards with
    three board cards."""
    if kind == "omaha":
        best = min(naive_class(two + three)
                   for two in combinations(hole, 2) for three in combinations(board, 3))
        return CATEGORY_NAMES[category_of(best)]
    if kind == "short":
        return naive_short_category(hole + board, rules)
    return CATEGORY_NAMES[category_of(naive_class(hole + board))]


def _strength(name, kind, rules):
    return _SHORT_STRENGTH[rules][name] if kind == "short" else _HOLDEM_STRENGTH[name]


def _best_key(cards, kind, rules, names):
    """The best naive key among the five-card subsets of ``cards`` whose category is one of ``names``
    (None if none)."""
    keys = [key for key, name in (_five_key(five, kind, rules) for five in combinations(cards, 5))
            if name in names]
    return max(keys, default=None)


def _hero_flush(hole, board, kind, rules):
    """Whether the hand has a flush of its own with this board: in Omaha two hole and three board cards of
    one suit; else a best flush (straight flushes included) better than the board's alone."""
    if kind == "omaha":
        return any(len({c & 3 for c in two + three}) == 1
                   for two in combinations(hole, 2) for three in combinations(board, 3))
    suited = [c for c in hole + board if sum(1 for d in hole + board if d & 3 == c & 3) >= 5]
    if not suited:
        return False
    mine = _best_key(suited, kind, rules, ("Flush", "Straight Flush"))
    theirs = _best_key(board, kind, rules, ("Flush", "Straight Flush")) if len(board) >= 5 else None
    return mine is not None and (theirs is None or mine > theirs)


@lru_cache(maxsize=1 << 16)
def _straight_high(ranks, kind, rules):
    """The best straight's high rank among cards of these distinct ranks (None if none): five-card subsets
    of one card per rank, their naive keys read."""
    cards = tuple(4 * r + i % 4 for i, r in enumerate(ranks))
    highs = [key[1] for key, name in (_five_key(five, kind, rules) for five in combinations(cards, 5))
             if name in ("Straight", "Straight Flush")]
    return max(highs, default=None)


def _hero_straight(hole, board, kind, rules):
    """Whether the hand has a straight of its own with this board: in Omaha two hole and three board cards;
    else a straight higher than any of the board alone."""
    if kind == "omaha":
        return any(_straight_high(tuple(sorted({c >> 2 for c in two + three})), kind, rules) is not None
                   for two in combinations(hole, 2) for three in combinations(board, 3))
    mine = _straight_high(tuple(sorted({c >> 2 for c in hole + board})), kind, rules)
    theirs = _straight_high(tuple(sorted({c >> 2 for c in board})), kind, rules)
    return mine is not None and (theirs is None or mine > theirs)


def _pair_part(hole, board):
    """The one-pair part of a one-pair hand of two hole cards: seven predicates, exactly one true."""
    ranks = [c >> 2 for c in hole + board]
    pairs = [r for r in set(ranks) if ranks.count(r) == 2]
    assert len(pairs) == 1 and all(ranks.count(r) <= 2 for r in ranks), (hole, board)
    pair = pairs[0]
    mine = [c >> 2 for c in hole].count(pair)
    board_ranks = [c >> 2 for c in board]
    top, bottom = max(board_ranks), min(board_ranks)
    holds = {
        "overpair": mine == 2 and pair > top,
        "top_pair": mine == 1 and pair == top,
        "pocket_pair_between": mine == 2 and bottom < pair < top,
        "middle_pair": mine == 1 and pair in board_ranks and pair not in (top, bottom),
        "bottom_pair": mine == 1 and pair == bottom,
        "underpair": mine == 2 and pair < bottom,
        "board_pair": mine == 0,
    }
    true = [key for key, value in holds.items() if value]
    assert len(true) == 1, (hole, board, true)
    return true[0]


def naive_hand_hits(hole, board, dead=(), game="holdem"):
    """What one hand makes on a board: ``(category name, pair part or None, set of draw keys)``."""
    kind, rules, deck = _hits_rules(game)
    hole, board = tuple(hole), tuple(board)
    made = _made_category(hole, board, kind, rules)
    part = _pair_part(hole, board) if kind != "omaha" and made == "One Pair" else None
    draws = set()
    if len(board) == 5:
        return made, part, draws
    now = _strength(made, kind, rules)
    coming = [c for c in deck if c not in hole and c not in board and c not in dead]
    if now < _strength("Flush", kind, rules):
        suits = {c & 3 for c in coming if _hero_flush(hole, board + (c,), kind, rules)}
        if suits:
            draws.add("flush_draw")
            for s in suits:
                top = max(c for c in deck if c & 3 == s and c not in board and c not in dead)
                if top in hole:
                    draws.add("nut_flush_draw")
        elif len(board) == 3 and any(_hero_flush(hole, board + pair, kind, rules)
                                     for pair in combinations(coming, 2)):
            draws.add("backdoor_flush_draw")
    if now < _strength("Straight", kind, rules):
        outs = {c >> 2 for c in coming if _hero_straight(hole, board + (c,), kind, rules)}
        if len(outs) >= 2:
            draws.add("open_ended")
        elif len(outs) == 1:
            draws.add("gutshot")
    if kind != "omaha" and made == "High Card" and min(c >> 2 for c in hole) > max(c >> 2 for c in board):
        draws.add("two_overcards")
    if "flush_draw" in draws and draws & {"open_ended", "gutshot"}:
        draws.add("combo_draw")
    return made, part, draws


def naive_hits(combos, weights, board, dead=(), game="holdem"):
    """What a range makes on a board, by brute force: ``{key: (combos, weight, set of hands)}`` for every
    made category key (``'one_pair'``), pair part and draw key, plus ``'live'``. ``combos``: card lists;
    those that use a board or dead card are left out."""
    board, dead = tuple(board), tuple(dead)
    keys = [name.lower().replace(" ", "_") for name in CATEGORY_NAMES] + list(HITS_PAIR_KEYS) + list(
        HITS_DRAW_KEYS) + ["live"]
    out = {key: [0, 0.0, set()] for key in keys}
    for hand, weight in zip(combos, weights, strict=True):
        hand = tuple(int(c) for c in hand)
        if set(hand) & (set(board) | set(dead)):
            continue
        made, part, draws = naive_hand_hits(hand, board, dead, game)
        for key in ["live", made.lower().replace(" ", "_"), *([part] if part else []), *draws]:
            out[key][0] += 1
            out[key][1] += weight
            out[key][2].add(tuple(sorted(hand, reverse=True)))
    return {key: tuple(value) for key, value in out.items()}


# ---------------------------------------------------------------------------------------------
# Lowball (ace-to-five, eight-or-better over any five, 2-7) and badugi, by brute force. A key is a
# tuple; a smaller key is a better hand. "Low ranks" count the ace as 1, deuce 2 .. king 13.

def _low_rank(card):
    return 1 if card >> 2 == 12 else (card >> 2) + 2


#: Ace-to-five pair structures, best first: no pair, one pair, two pair, trips, full house, quads.
RAZZ_SHAPES = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1))
RAZZ_CATEGORY_NAMES = ("One Pair", "Two Pair", "Three of a Kind", "Full House", "Four of a Kind")
DEUCE_CATEGORY_NAMES = {PAIR: "One Pair", TWO_PAIR: "Two Pair", TRIPS: "Three of a Kind",
                        STRAIGHT: "Straight", FLUSH: "Flush", FULL_HOUSE: "Full House",
                        QUADS: "Four of a Kind", STRAIGHT_FLUSH: "Straight Flush"}


def razz_key(cards5):
    """The ace-to-five key of exactly 5 cards: ``(structure, ranks)``, structure the index of the pair
    structure in :data:`RAZZ_SHAPES`, ranks the low ranks grouped by count then rank, highest first.
    Straights and flushes don't matter."""
    if len(cards5) != 5:
        raise ValueError("razz_key needs exactly 5 cards")
    groups = sorted(((n, r) for r, n in Counter(_low_rank(c) for c in cards5).items()), reverse=True)
    return (RAZZ_SHAPES.index(tuple(n for n, _ in groups)), tuple(r for _, r in groups))


def best_razz_key(cards):
    """The best (smallest) ace-to-five key over every five of 5..7 cards."""
    return min(razz_key(five) for five in combinations(cards, 5))


def razz_category_of(key):
    """``'5-low'`` .. ``'K-low'`` (no pair, by the top card) or the pair structure's name."""
    structure, ranks = key
    if structure == 0:
        return ("5", "6", "7", "8", "9", "10", "J", "Q", "K")[ranks[0] - 5] + "-low"
    return RAZZ_CATEGORY_NAMES[structure - 1]


def low8_key(cards):
    """The best eight-or-better low key (see :func:`low_key`) over every five of 5..7 cards, or None."""
    keys = [low_key(five) for five in combinations(cards, 5)]
    return min((k for k in keys if k is not None), default=None)


def deuce_key(cards5):
    """The 2-7 key of exactly 5 cards: the high-hand ``(category, ranks)`` (categories HIGH_CARD ..
    STRAIGHT_FLUSH, ranks 0 = deuce .. 12 = ace grouped by count then rank, highest first), with the ace
    high only: A-2-3-4-5 is no straight. The weakest high hand is the best 2-7 hand."""
    if len(cards5) != 5:
        raise ValueError("deuce_key needs exactly 5 cards")
    flush = len({c & 3 for c in cards5}) == 1
    groups = sorted(((n, r) for r, n in Counter(c >> 2 for c in cards5).items()), reverse=True)
    shape, ranks = tuple(n for n, _ in groups), tuple(r for _, r in groups)
    straight = len(ranks) == 5 and ranks[0] - ranks[4] == 4
    if straight and flush:
        return (STRAIGHT_FLUSH, ranks)
    for category, test in ((QUADS, shape == (4, 1)), (FULL_HOUSE, shape == (3, 2)), (FLUSH, flush),
                           (STRAIGHT, straight), (TRIPS, shape == (3, 1, 1)), (TWO_PAIR, shape == (2, 2, 1)),
                           (PAIR, shape == (2, 1, 1, 1))):
        if test:
            return (category, ranks)
    return (HIGH_CARD, ranks)


def deuce_category_of(key):
    """``'7-low'`` .. ``'A-low'`` (no pair, no straight, no flush: by the top card) or the category."""
    category, ranks = key
    if category == HIGH_CARD:
        return ("7", "8", "9", "10", "J", "Q", "K", "A")[ranks[0] - 5] + "-low"
    return DEUCE_CATEGORY_NAMES[category]


def badugi_key(cards4):
    """The badugi key of exactly 4 cards: ``(4 - size, ranks)`` for the largest subsets of different
    ranks and different suits, ranks their low ranks highest first, the best (smallest) such."""
    if len(cards4) != 4:
        raise ValueError("badugi_key needs exactly 4 cards")
    for size in (4, 3, 2, 1):
        keys = [tuple(sorted((_low_rank(c) for c in sub), reverse=True)) for sub in combinations(cards4, size)
                if len({c >> 2 for c in sub}) == size and len({c & 3 for c in sub}) == size]
        if keys:
            return (4 - size, min(keys))
    raise AssertionError("unreachable: one card is always a badugi of size 1")


# ---------------------------------------------------------------------------------------------
# Games without a board (stud, stud hi-lo, razz, the single-draw games): every way to deal each
# player's missing cards, by brute force.

def boardless_deals(hands, dead, hole, deck=range(52)):
    """Every full deal: each player's known cards (a tuple, () for a random hand) completed to ``hole``
    cards from the cards left, players in seat order, each deal once (players distinguishable)."""
    hands = [tuple(h) for h in hands]
    used = [c for h in hands for c in h] + list(dead)
    if len(set(used)) != len(used) or any(c not in deck for c in used) or any(len(h) > hole for h in hands):
        raise ValueError("duplicate cards, cards not in the deck or too many known cards")
    rest = [c for c in deck if c not in set(used)]

    def deal(i, avail):
        if i == len(hands):
            yield ()
            return
        for extra in combinations(avail, hole - len(hands[i])):
            left = [c for c in avail if c not in extra]
            for more in deal(i + 1, left):
                yield (hands[i] + extra, *more)

    yield from deal(0, rest)


def naive_boardless_equity(hands, dead, hole, value, low=None, deck=range(52)):
    """Exact results of a board-less game: a list of per-player dicts of Fractions (``equity``, ``win``:
    the whole pot alone, ``tie``: a part of it short of that) and the number of deals.

    ``value(cards)``: the hand's key for the (high) pot, SMALLER is better. ``low(cards)``: in a split-pot
    game the low key (smaller is better) or None for no qualifying low; the pot is then split between the
    best value and the best low, the value taking it all when no low qualifies, each half shared equally.
    """
    n = len(hands)
    equity = [Fraction(0)] * n
    win = [0] * n
    tie = [0] * n
    deals = 0
    for dealt in boardless_deals(hands, dead, hole, deck):
        deals += 1
        vals = [value(h) for h in dealt]
        best = min(vals)
        highs = [i for i in range(n) if vals[i] == best]
        lows_ = [low(h) for h in dealt] if low is not None else [None] * n
        made = [k for k in lows_ if k is not None]
        lows = [i for i in range(n) if made and lows_[i] == min(made)]
        shares = [Fraction(0)] * n
        for i in highs:
            shares[i] += Fraction(1, len(highs)) / (2 if lows else 1)
        for i in lows:
            shares[i] += Fraction(1, 2 * len(lows))
        for i in range(n):
            equity[i] += shares[i]
            if shares[i] == 1:
                win[i] += 1
            elif shares[i] > 0:
                tie[i] += 1
    return [{"equity": equity[i] / deals, "win": Fraction(win[i], deals), "tie": Fraction(tie[i], deals)}
            for i in range(n)], deals


# ---------------------------------------------------------------------------------------------
# All-in EV of a hand history, by brute force: the chips peeled off level by level, each pot's shares
# over every completion of the board with the naive evaluators above. Reads a hand's fields duck-typed
# (players with stacks, actions with street/player/kind/amount, rake), so nothing is imported.

def naive_pots(hand):
    """``(put, pots)``: each player's chips in after the uncalled bet came back, and the pots as
    ``[amount, eligible]`` lists, peeled: repeatedly the smallest contribution left of a player still
    in is a pot's level, every player giving up to it; antes, dead blinds and chips the site added (a
    cash drop, Winamax's hold-up: ``added``) go to the first pot."""
    n = len(hand.players)
    live, dead = [0] * n, [0] * n
    folded = set()
    for action in hand.actions:
        if action.kind == "fold":
            folded.add(action.player)
        elif action.kind in ("ante", "dead-blind"):
            dead[action.player] += action.amount
        else:
            live[action.player] += action.amount
    biggest = sorted(range(n), key=lambda i: -live[i])
    if n > 1 and live[biggest[0]] > live[biggest[1]]:
        live[biggest[0]] = live[biggest[1]]  # the uncalled part goes back
    put = [a + b for a, b in zip(live, dead, strict=True)]
    left = list(live)
    pots = []
    while any(left):
        still_in = [i for i in range(n) if i not in folded and left[i] > 0]
        level = min(left[i] for i in still_in) if still_in else max(left)
        amount = sum(min(x, level) for x in left)
        left = [x - min(x, level) for x in left]
        eligible = tuple(still_in) if still_in else pots[-1][1]
        if pots and pots[-1][1] == eligible:
            pots[-1][0] += amount
        else:
            pots.append([amount, eligible])
    if not pots:
        pots.append([0, tuple(i for i in range(n) if i not in folded)])
    pots[0][0] += sum(dead) + getattr(hand, "added", 0)
    return put, pots


def naive_allin_ev(hand, hands, board, game="holdem"):
    """Each player's EV (float) in ``hand`` priced with the players still in holding ``hands`` (seat index ->
    card tuple) on ``board`` (the cards out at the all-in): every completion of the board, each pot's
    eligible hands compared by the naive evaluators (``game``: holdem, omaha (4-6 cards) or omaha-hilo),
    ties split, hi-lo halves split again. Returns ``(ev, shares)``: the EVs per player and, per pot, the
    shares of its eligible players (Fractions)."""
    put, pots = naive_pots(hand)
    known = [c for cards in hands.values() for c in cards]
    deck = [c for c in range(52) if c not in set(known) | set(board)]
    sums = [[Fraction(0)] * len(elig) for _, elig in pots]
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = tuple(board) + extra
        boards += 1
        if game == "holdem":
            high = {i: naive_class(tuple(h) + full) for i, h in hands.items()}
        else:
            high = {i: naive_omaha(h, full) for i, h in hands.items()}
        low = {i: omaha_low(h, full) for i, h in hands.items()} if game == "omaha-hilo" else {}
        for k, (_, elig) in enumerate(pots):
            elig = [i for i in elig if i in hands]
            best = min(high[i] for i in elig)
            highs = [i for i in elig if high[i] == best]
            lows = [low[i] for i in elig if low.get(i) is not None]
            lows = [i for i in elig if lows and low.get(i) == min(lows)]
            half = Fraction(1, 2) if lows else Fraction(1)
            for j, i in enumerate(pots[k][1]):
                if i in highs:
                    sums[k][j] += half / len(highs)
                if i in lows:
                    sums[k][j] += half / len(lows)
    shares = [[s / boards for s in row] for row in sums]
    total = sum(amount for amount, _ in pots)
    keep = 1 - float(hand.rake) / float(total)
    ev = [-float(p) for p in put]
    for (amount, elig), row in zip(pots, shares, strict=True):
        for i, share in zip(elig, row, strict=True):
            ev[i] += float(share) * float(amount) * keep
    return ev, shares


# --- Flops up to relabelling the suits (equity flops) -------------------------------------------------

def naive_flop_classes(deck=range(52), keep=None):
    """``{canonical flop: how many flops}``: every flop of ``deck`` (three cards, in any order) put in
    its class under the suit permutations (all 24, or those for which ``keep(perm)`` is true), the class
    named by the smallest sorted tuple of its images."""
    from itertools import combinations, permutations

    perms = [p for p in permutations(range(4)) if keep is None or keep(p)]
    classes = {}
    for flop in combinations(sorted(deck), 3):
        images = [tuple(sorted(4 * (c // 4) + p[c % 4] for c in flop)) for p in perms]
        key = min(images)
        classes[key] = classes.get(key, 0) + 1
    return classes


# ---------------------------------------------------------------------------------------------
# The Poker Query Language (equity query), by brute force: every deal of a statement's space one at a
# time, each function valued on it from its definition with the naive evaluators above. A game ``kind``:
# "holdem", "short" (short deck, standard rules), "omaha", "omaha8" (hi-lo), "stud", "stud8", "razz".

#: PQL's hand types, worst first; short deck's flush beats a full house.
PQL_TYPES = ("highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads",
             "straightflush")
PQL_SHORT_TYPES = ("highcard", "pair", "twopair", "trips", "straight", "fullhouse", "flush", "quads",
                   "straightflush")
#: PQL's flop categories, worst first.
PQL_FLOP_CATEGORIES = ("flopnothing", "flopunderpair", "flopthirdpair", "floppocket23", "flopsecondpair",
                       "floppocket12", "floptoppair", "flopoverpair", "flopbottomtwo", "floptopandbottom",
                       "floptoptwo", "floptrips", "flopset", "flopstraight", "flopflush", "flopfullhouse",
                       "flopquads", "flopstraightflush")
_PQL_NAME = {"Straight Flush": "straightflush", "Four of a Kind": "quads", "Full House": "fullhouse",
             "Flush": "flush", "Straight": "straight", "Three of a Kind": "trips", "Two Pair": "twopair",
             "One Pair": "pair", "High Card": "highcard"}
_BOARD_KINDS = ("holdem", "short", "omaha", "omaha8")


def pql_deck(kind):
    """The cards of a game kind's deck."""
    return range(16, 52) if kind == "short" else range(52)


def naive_query_deals(players, board=(), dead=(), streets=(5,), deck=range(52), hole=None):
    """Every deal of a query's space: yields ``(weight, hands, board)``.

    ``players``: each a dict ``{hand: weight}`` (a hand a tuple of card ids). Every way to give each player
    one of their hands, no card twice and none on the board or dead, weighs the product of the hands'
    weights (a Fraction); ``hole`` (stud) completes each shorter hand with every way to deal its missing
    cards; then the board is dealt from the cards left in groups, each ending at one of ``streets`` (board
    card counts, ascending), every way of each group once: ``(4, 5)`` deals a turn card, then a river card
    (44 x 45 rows from a flop), ``(5,)`` the two together (990 rows)."""
    board, dead = tuple(board), tuple(dead)
    streets = tuple(k for k in streets if k > len(board))

    def deal_board(at, rest, groups):
        if not groups:
            yield at
            return
        for extra in combinations(rest, groups[0] - len(at)):
            left = [c for c in rest if c not in extra]
            yield from deal_board(at + extra, left, groups[1:])

    def fill(k, hands, rest):
        if k == len(hands):
            for full in deal_board(board, rest, streets):
                yield hands, full
            return
        missing = 0 if hole is None else hole - len(hands[k])
        for more in combinations(rest, missing):
            left = [c for c in rest if c not in more]
            yield from fill(k + 1, (*hands[:k], hands[k] + more, *hands[k + 1:]), left)

    def choose(k, used, weight, chosen):
        if k == len(players):
            for hands, full in fill(0, chosen, [c for c in deck if c not in used]):
                yield weight, hands, full
            return
        for hand, w in players[k].items():
            hand = tuple(hand)
            if w and not set(hand) & used:
                yield from choose(k + 1, used | set(hand), weight * Fraction(w), (*chosen, hand))

    yield from choose(0, set(board) | set(dead), Fraction(1), ())


def naive_query_mean(rows, value, keep=None):
    """The weighted mean of ``value(row)`` (a number or a bool) over the rows ``keep(row)`` keeps (every row
    by default): a Fraction, None when none is kept. A row is ``(weight, ...)``."""
    total = mass = Fraction(0)
    for row in rows:
        if keep is None or keep(row):
            mass += row[0]
            total += row[0] * Fraction(value(row))
    return total / mass if mass else None


def naive_query_histogram(rows, value, keep=None):
    """``{value: weighted share}`` (Fractions) of ``value(row)`` over the kept rows."""
    shares = Counter()
    for row in rows:
        if keep is None or keep(row):
            shares[value(row)] += row[0]
    mass = sum(shares.values())
    return {v: Fraction(w) / mass for v, w in shares.items()}


def naive_pql_class(hole, board, kind):
    """A hand's high class, lower better: the best five of hole and board (hold'em, short deck, stud's
    seven), or exactly two hole cards with three board cards (Omaha); any board of 3..5 cards."""
    hole, board = tuple(hole), tuple(board)
    if kind in ("omaha", "omaha8"):
        return min(naive_class(two + three)
                   for two in combinations(hole, 2) for three in combinations(board, 3))
    if kind == "short":
        return _short_class(tuple(sorted(hole + board)))
    return naive_class(hole + board)


@lru_cache(maxsize=1 << 18)
def _short_class(sorted_cards):
    return naive_short_class(sorted_cards)


def naive_pql_low(hole, board, kind):
    """The eight-or-better low key (smaller better; None for none): Omaha hi-lo two hole cards and three
    board cards, stud hi-lo any five of the seven; None in a game without a low half."""
    hole, board = tuple(hole), tuple(board)
    if kind == "omaha8":
        keys = [low_key(two + three) for two in combinations(hole, 2) for three in combinations(board, 3)]
        return min((k for k in keys if k is not None), default=None)
    if kind == "stud8":
        return low8_key(hole)
    return None


def naive_pot_key(hole, board, kind):
    """What the (high) pot compares, smaller better: razz's ace-to-five key, else the high class."""
    return best_razz_key(tuple(hole)) if kind == "razz" else naive_pql_class(hole, board, kind)


def naive_showdown(pots, lows=None):
    """``(shares, hi, lo)``: each player's share of the pot (Fractions) from the pot keys ``pots`` and the
    low keys ``lows`` (None: no low), smaller better; ``hi`` the players holding the best pot key, ``lo``
    those holding the best qualifying low ([] when none). Half to each when a low qualifies, each half
    split equally; else the whole pot to ``hi``, split equally."""
    best = min(pots)
    hi = [i for i, v in enumerate(pots) if v == best]
    made = [k for k in (lows or []) if k is not None]
    lo = [i for i, k in enumerate(lows or []) if made and k == min(made)]
    half = Fraction(1, 2) if lo else Fraction(1)
    shares = [Fraction(0)] * len(pots)
    for i in hi:
        shares[i] += half / len(hi)
    for i in lo:
        shares[i] += half / len(lo)
    return shares, hi, lo


def naive_river_shares(holes, board, kind):
    """:func:`naive_showdown` of complete hands on a complete board (none in stud)."""
    pots = [naive_pot_key(h, board, kind) for h in holes]
    lows = [naive_pql_low(h, board, kind) for h in holes] if kind in ("omaha8", "stud8") else None
    return naive_showdown(pots, lows)


def naive_type_order(kind):
    return PQL_SHORT_TYPES if kind == "short" else PQL_TYPES


def naive_hand_type(hole, board, kind):
    """A hand's PQL type with the board out (before the flop: a pair when two hole cards share a rank)."""
    hole, board = tuple(hole), tuple(board)
    if kind in _BOARD_KINDS and not board:
        ranks = [c >> 2 for c in hole]
        return "pair" if len(set(ranks)) < len(ranks) else "highcard"
    if kind == "short":
        return _PQL_NAME[naive_short_category(hole + board)]
    return _PQL_NAME[CATEGORY_NAMES[category_of(naive_pql_class(hole, board, kind))]]


def naive_equity_on_street(holes, board, dead, kind, size=5):
    """Each player's mean river share (Fractions) over every completion of ``board`` to ``size`` cards
    from the cards nobody holds, off the board and not dead."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    rest = [c for c in pql_deck(kind) if c not in used]
    total, n = [Fraction(0)] * len(holes), 0
    for extra in combinations(rest, size - len(board)):
        shares, _, _ = naive_river_shares(holes, tuple(board) + extra, kind)
        total = [t + s for t, s in zip(total, shares, strict=True)]
        n += 1
    return [t / n for t in total]


def naive_outs(holes, p, board, dead, want, kind):
    """outsToHandType: the cards no player holds, off the board and not dead, that make player ``p``'s
    class strictly better and of type ``want``; 0 when ``p`` already holds a better type than ``want``."""
    order = naive_type_order(kind)
    hole, board = tuple(holes[p]), tuple(board)
    if order.index(naive_hand_type(hole, board, kind)) > order.index(want):
        return 0
    now = naive_pql_class(hole, board, kind)
    used = {c for h in holes for c in h} | set(board) | set(dead)
    return sum(1 for c in pql_deck(kind) if c not in used
               and naive_pql_class(hole, board + (c,), kind) < now
               and naive_hand_type(hole, board + (c,), kind) == want)


@lru_cache(maxsize=1 << 12)
def naive_nut_class(board, dead, kind):
    """The best class any two cards off the board and not dead make with the board (tuples)."""
    rest = [c for c in pql_deck(kind) if c not in board and c not in dead]
    return min(naive_pql_class(two, board, kind) for two in combinations(rest, 2))


def naive_nut_hi(hole, board, dead, kind):
    """nutHi: the hand's class is the best any two cards off the board and not dead make with it."""
    return naive_pql_class(hole, board, kind) == naive_nut_class(tuple(board), tuple(dead), kind)


@lru_cache(maxsize=1 << 12)
def naive_nut_low(board, dead):
    """The best Omaha eight-or-better low any two cards off the board and not dead make (None: none)."""
    rest = [c for c in range(52) if c not in board and c not in dead]
    lows = [naive_pql_low(two, board, "omaha8") for two in combinations(rest, 2)]
    return min((k for k in lows if k is not None), default=None)


def naive_nut_lo(hole, board, dead):
    """nutLo (Omaha hi-lo): the hand makes a low, the best any two cards off the board and not dead make."""
    mine = naive_pql_low(hole, board, "omaha8")
    return mine is not None and mine == naive_nut_low(tuple(board), tuple(dead))


def naive_flop_category(hole, flop, kind="holdem"):
    """A two-card hand's PQL flop category, from the rules written out one by one."""
    made = naive_hand_type(hole, flop, kind)
    order = naive_type_order(kind)
    if order.index(made) >= order.index("straight"):
        return "flop" + made
    a, b = hole[0] >> 2, hole[1] >> 2
    flop_ranks = [c >> 2 for c in flop]
    ranks = sorted(set(flop_ranks), reverse=True)  # distinct, highest first
    if a == b:
        if a in ranks:
            return "flopset"
        if a > ranks[0]:
            return "flopoverpair"
        if len(ranks) > 1 and ranks[0] > a > ranks[1]:
            return "floppocket12"
        if len(ranks) > 2 and ranks[1] > a > ranks[2]:
            return "floppocket23"
        return "flopunderpair"
    hits = [r for r in (a, b) if r in ranks]
    if len(hits) == 1 and flop_ranks.count(hits[0]) == 2:
        return "floptrips"
    if len(hits) == 2:
        return {(0, 1): "floptoptwo", (0, 2): "floptopandbottom", (1, 2): "flopbottomtwo"}[
            tuple(sorted(ranks.index(r) for r in hits))]
    if len(hits) == 1:
        return ("floptoppair", "flopsecondpair", "flopthirdpair")[ranks.index(hits[0])]
    return "flopnothing"


def naive_board_texture(board, kind="holdem"):
    """The board's texture: ``{PQL function name: value}``."""
    suits = Counter(c & 3 for c in board)
    ranks = {c >> 2 for c in board}
    low = 4 if kind == "short" else 0
    windows = [{12, *range(low, low + 4)}] + [set(range(r, r + 5)) for r in range(low, 9)]
    return {"pairedBoard": len(ranks) < len(board), "monotoneBoard": len(suits) == 1,
            "twoToneBoard": len(suits) == 2, "rainbowBoard": max(suits.values()) == 1,
            "flushingBoard": max(suits.values()) >= 3, "boardSuitCount": len(suits),
            "straightBoard": any(len(ranks & w) >= 3 for w in windows)}


def naive_flush_cards(hole, board, kind):
    """The most cards of one suit a hand can use: every hole and board card, or in Omaha up to two hole
    cards and up to three board cards."""
    def count(cards, s):
        return sum(1 for c in cards if c & 3 == s)

    if kind in ("omaha", "omaha8"):
        return max(min(2, count(hole, s)) + min(3, count(board, s)) for s in range(4))
    return max(count(tuple(hole) + tuple(board), s) for s in range(4))


# --- Tournament ICM (prize equity from chip stacks) ---------------------------------------------------------


def _exact(x):
    """An exact Fraction from an int, Fraction or float (a float through its shortest decimal string)."""
    return Fraction(str(x)) if isinstance(x, float) else Fraction(x)


def _order_probability(order, stacks, model):
    """The chance of one finishing order (first place first) of the players with chips.

    "mh" (Malmuth-Harville): each place in turn goes to a player left, with chance stack / (chips left).
    "mw" (Malmuth-Weitzman): players bust one at a time, last place first, each one left busting next with
    chance (1 / stack) / (sum of 1 / stack over those left), the busted player's chips then shared evenly
    among those left (Ben Roberts' statement of the model); the last one left wins.
    """
    p = Fraction(1)
    if model == "mh":
        for i, player in enumerate(order):
            p *= stacks[player] / sum(stacks[q] for q in order[i:])
    elif model == "mw":
        now = {q: stacks[q] for q in order}
        for player in order[::-1][:-1]:
            p *= (1 / now[player]) / sum(1 / s for s in now.values())
            chips = now.pop(player)
            for q in now:
                now[q] += chips / len(now)
    else:
        raise ValueError(f"unknown ICM model {model!r}")
    return p


def naive_place_probabilities(stacks, model="mh"):
    """``[player][place]`` chance (Fraction) that a player finishes in a place (0 = first), by enumerating
    every finishing order of the players with chips. Players with no chips finish last, sharing the last
    places equally."""
    from itertools import permutations

    stacks = [_exact(s) for s in stacks]
    if any(s < 0 for s in stacks):
        raise ValueError("stacks must not be negative")
    n = len(stacks)
    alive = [i for i in range(n) if stacks[i] > 0]
    dead = [i for i in range(n) if stacks[i] == 0]
    matrix = [[Fraction(0)] * n for _ in range(n)]
    for order in permutations(alive):
        p = _order_probability(order, stacks, model)
        for place, player in enumerate(order):
            matrix[player][place] += p
    for player in dead:
        for place in range(len(alive), n):
            matrix[player][place] = Fraction(1, len(dead))
    return matrix


def _naive_icm(stacks, payouts, model):
    n = len(stacks)
    prizes = sorted((_exact(x) for x in payouts), reverse=True)[:n]
    prizes += [Fraction(0)] * (n - len(prizes))
    matrix = naive_place_probabilities(stacks, model)
    return [sum((row[k] * prizes[k] for k in range(n)), Fraction(0)) for row in matrix]


def naive_icm_harville(stacks, payouts):
    """Malmuth-Harville ICM prize equity of each player (Fractions). Payouts are sorted descending; places
    beyond the field are ignored and missing places pay 0."""
    return _naive_icm(stacks, payouts, "mh")


def naive_icm_weitzman(stacks, payouts):
    """Malmuth-Weitzman ICM prize equity of each player (Fractions), same conventions as
    :func:`naive_icm_harville`. Stacks stay as given after each bust; some write-ups of the model instead
    share the busted player's chips evenly among those left, which changes the result from 3 players on."""
    return _naive_icm(stacks, payouts, "mw")


# --- Push/fold at a table valued by ICM (pots of up to three players) ------------------------------------
# The model of ``equity pushfold --stacks``, written from its statement: seats 0..n-1 from the first to act to
# the big blind (n - 1; the small blind n - 2); each player posts the ante, the blinds 0.5 and 1. Action in
# seat order: facing no one in, shove or fold (the big blind, folded to, takes the pot without a decision);
# facing one or two in, call or fold; once three are in, the rest fold without deciding. A decision is
# ``(seat, entered)``. The deal: each player's class is drawn given the classes of the players in before it
# (folded hands go back to the deck). The tables (heads-up exact counts, three-way sampled counts) are passed
# in, so nothing here is imported from ``equity``.


def naive_table_lines(n):
    """Every line of play of an ``n``-player table: ``(members, path)``, ``members`` the seats in (in seat
    order) and ``path`` the decisions taken, ``(seat, entered, went_in)``; forced folds are not listed."""
    lines = []

    def walk(seat, entered, path):
        if seat == n:
            lines.append((entered, path))
            return
        if len(entered) >= 3 or (not entered and seat == n - 1):
            walk(seat + 1, entered, path)
            return
        walk(seat + 1, entered + (seat,), path + [(seat, entered, True)])
        walk(seat + 1, entered, path + [(seat, entered, False)])

    walk(0, (), [])
    return lines


def naive_table_stacks(stacks, ante, members, places):
    """Exact (Fractions) stacks after a hand: ``members`` in the pot, finishing in ``places`` (0 the best,
    ties sharing one), every player's ante and the folders' blinds dead in the main pot."""
    n = len(stacks)
    stacks = [_exact(s) for s in stacks]
    ante = _exact(ante)
    blind = [Fraction(0)] * n
    blind[n - 1], blind[n - 2] = Fraction(1), Fraction(1, 2)
    after = [s - ante for s in stacks]
    dead = ante * n
    for s in range(n):
        if s not in members:
            after[s] -= blind[s]
            dead += blind[s]
    if not members:
        after[n - 1] += dead
        return after
    if len(members) == 1:
        after[members[0]] += dead
        return after
    live = {m: stacks[m] - ante for m in members}
    cap = sorted(live.values())[-2]
    put = {m: min(live[m], cap) for m in members}
    place = dict(zip(members, places, strict=True))
    for m in members:
        after[m] -= put[m]
    below = Fraction(0)
    for level in sorted(set(put.values())):
        eligible = [m for m in members if put[m] >= level]
        pot = (level - below) * len(eligible) + dead
        dead, below = Fraction(0), level
        best = min(place[m] for m in eligible)
        winners = [m for m in eligible if place[m] == best]
        for m in winners:
            after[m] += pot / len(winners)
    return after


def naive_table_prizes(after, before, payouts, model="mh"):
    """Each player's prize equity (Fractions) on the stacks ``after`` a hand: ICM over the players with
    chips and the top payouts; the busted ones below, by their stacks ``before`` it (bigger first), equal
    ones sharing the average of their places' prizes."""
    n = len(after)
    pays = sorted((_exact(p) for p in payouts), reverse=True) + [Fraction(0)] * n
    alive = [i for i in range(n) if after[i] > 0]
    out = [Fraction(0)] * n
    if alive:
        for i, e in zip(alive, _naive_icm([after[i] for i in alive], pays[:len(alive)], model), strict=True):
            out[i] = e
    busted = [i for i in range(n) if after[i] <= 0]
    place = len(alive)
    for level in sorted({_exact(before[i]) for i in busted}, reverse=True):
        tied = [i for i in busted if _exact(before[i]) == level]
        share = sum(pays[place:place + len(tied)]) / len(tied)
        for i in tied:
            out[i] = share
        place += len(tied)
    return out


_NAIVE_SEATINGS = {}


def _naive_seatings(three):
    """For every seating ``[a, b, c]`` of classes over three seats: its sorted triple's row, and for each of
    the six permutations ``pi`` whether seat ``s`` can be read as the sorted triple's place ``pi[s]``."""
    from itertools import permutations

    import numpy as np

    key = id(three[0])
    if key not in _NAIVE_SEATINGS:
        a, b, c = np.meshgrid(np.arange(169), np.arange(169), np.arange(169), indexing="ij")
        seats = (a, b, c)
        t = np.sort(np.stack(seats), axis=0)
        row = three[3](t[0], t[1], t[2])
        perms = list(permutations(range(3)))
        fits = [(t[pi[0]] == a) & (t[pi[1]] == b) & (t[pi[2]] == c) for pi in perms]
        _NAIVE_SEATINGS.clear()
        _NAIVE_SEATINGS[key] = (row, perms, fits, sum(f.astype(np.int64) for f in fits))
    return _NAIVE_SEATINGS[key]


def naive_table_values(stacks, payouts, ante, profile, heads_up, three=None, model="mh"):
    """The table push/fold game's values under ``profile`` (``{(seat, entered): 169 chances of going in}``,
    classes by grid index), by walking every line of play and summing its deals densely over the members'
    classes.

    ``heads_up``: ``(shares, pairs, wins)`` (169, 169): over the compatible ordered combo pairs of two
    classes, the first's doubled pot shares, the pairs, the first's outright wins (of C(48, 5) boards).
    ``three`` (needed from three players): ``(counts, combos, outcomes, row)``: per sorted class triple
    (``row(a, b, c)`` its index for arrays ``a <= b <= c``), ``counts`` (T, 13) of the sampled ``outcomes``
    (places of the sorted triple's three hands), ``combos`` (T,) its compatible ordered combo triples.

    Returns ``(ev, cv_in, cv_fold)``: each player's prize equity, and for each decision of ``profile``
    the counterfactual value to its player of going in and of folding, by its class (the chance of its
    class included, its own action's excluded)."""
    import numpy as np

    shares, pairs, wins = (np.asarray(x, np.float64) for x in heads_up)
    n = len(stacks)
    boards = 1712304  # C(48, 5)
    combos = pairs.sum(axis=1) / 1225  # each class's combos: each pairs with the 1225 the other cards make
    p = combos / 1326
    q2 = pairs / (combos[:, None] * 1225)
    some = pairs > 0
    dealt = np.where(some, pairs * boards, 1.0)
    two_way = [np.where(some, wins, 0) / dealt, np.where(some, wins.T, 0) / dealt,
               np.where(some, shares - 2 * wins, 0) / dealt]
    if n >= 3:
        counts, triples, outcomes, _ = three
        row, perms, fits, alike = _naive_seatings(three)
        # each compatible pair of combos leaves 48 cards, C(48, 2) = 1128 combos for the third
        q3 = np.divide(triples[row], pairs[:, :, None] * 1128, out=np.zeros((169, 169, 169)),
                       where=pairs[:, :, None] > 0)
        samples = np.asarray(counts, np.float64).sum(axis=1, keepdims=True)
        chance3 = np.divide(np.asarray(counts, np.float64), samples, out=np.zeros(counts.shape),
                            where=samples > 0)
    sigma = {d: np.asarray(s, np.float64) for d, s in profile.items()}
    fold_chance = {}  # each decision's chance of folding, by the classes of the players in before it

    def folds(d):
        if d not in fold_chance:
            f = 1 - sigma[d]
            fold_chance[d] = (p @ f if not d[1] else q2 @ f if len(d[1]) == 1
                              else (q3.reshape(-1, 169) @ f).reshape(169, 169))
        return fold_chance[d]

    ev = np.zeros(n)
    cv_in = {d: np.zeros(169) for d in profile}
    cv_fold = {d: np.zeros(169) for d in profile}
    before = [_exact(s) for s in stacks]
    for members, path in naive_table_lines(n):
        k = len(members)
        if k == 0:
            places = [()]
        elif k == 1:
            places = [(0,)]
        elif k == 2:
            places = [(0, 1), (1, 0), (0, 0)]
        else:
            places = sorted({tuple(o[pi[s]] for s in range(3)) for o in outcomes for pi in perms})
        payoff = {pl: np.array([float(x) for x in naive_table_prizes(
            naive_table_stacks(stacks, ante, members, pl), before, payouts, model)]) for pl in places}

        def value(x, payoff=payoff, k=k, places=places):
            """Player x's expected payoff given the members' classes (an array with k axes)."""
            if k < 2:
                return np.float64(payoff[places[0]][x])
            if k == 2:
                return sum(two_way[o] * payoff[places[o]][x] for o in range(3))
            out = np.zeros((169, 169, 169))
            for pi, fit in zip(perms, fits, strict=True):
                u = np.array([payoff[tuple(o[pi[s]] for s in range(3))][x] for o in outcomes])
                out += np.where(fit, (chance3 @ u)[row], 0.0)
            return out / np.maximum(alike, 1)

        def along(array, axes, k=k):
            """``array`` over the members' classes of ``axes`` (leading), broadcast over k axes."""
            return np.asarray(array).reshape(array.shape + (1,) * (k - len(axes))) if k else array

        chance = np.float64(1.0)
        if k >= 1:
            chance = p
        if k >= 2:
            chance = p[:, None] * q2
        if k == 3:
            chance = chance[:, :, None] * q3
        factors = {}  # every decision on the line: its chance of the action taken, over the members' classes
        for seat, entered, went_in in path:
            if went_in:
                r = members.index(seat)
                s = sigma[(seat, entered)].reshape((1,) * r + (169,) + (1,) * (k - r - 1))
                factors[(seat, entered)] = s
            else:
                factors[(seat, entered)] = along(folds((seat, entered)), entered)

        def weight(but=None, factors=factors, chance=chance):
            out = chance
            for d, f in factors.items():
                if d != but:
                    out = out * f
            return out

        values = [value(x) for x in range(n)]
        everything = weight()
        for x in range(n):
            ev[x] += np.sum(everything * values[x])
        for seat, entered, went_in in path:
            d = (seat, entered)
            w = weight(d) * values[seat]
            if went_in:
                r = members.index(seat)
                cv_in[d] += np.sum(w, axis=tuple(a for a in range(k) if a != r)) if k > 1 else w
            else:
                h = np.sum(w, axis=tuple(range(len(entered), k))) if k else w
                if not entered:
                    cv_fold[d] += h * p
                elif len(entered) == 1:
                    cv_fold[d] += h @ q2
                else:
                    cv_fold[d] += h.reshape(-1) @ q3.reshape(-1, 169)
    return ev, cv_in, cv_fold


def naive_table_gains(profile, cv_in, cv_fold, n):
    """Each player's gain from a best response: over its decisions and classes, the better action's value
    over the profile's."""
    import numpy as np

    gains = np.zeros(n)
    for (seat, entered), s in profile.items():
        s = np.asarray(s, np.float64)
        gains[seat] += np.sum(np.maximum(cv_in[(seat, entered)], cv_fold[(seat, entered)])
                              - s * cv_in[(seat, entered)] - (1 - s) * cv_fold[(seat, entered)])
    return gains
