"""The swap-with-counter deck and seeded random streams, as njit code with explicit state.

**Streams.** A 64-bit seed and a stream number ``k`` (the Monte Carlo chunk) seed a SplitMix64 sequence
whose first four outputs are the state of a xoshiro256** generator (``uint64[4]``). So chunk ``k``'s
draws depend on ``(seed, k)`` alone, never on threads or timing.

**Bounded draws** use Lemire's multiply-shift on the high 32 bits of an output, with rejection of the
biased low products: exactly uniform on ``[0, n)``, never ``x % n``.

**Deck.** ``deck: uint8[52]`` always holds a permutation of 0..51; its first ``n_live`` entries are the
cards that may be dealt (known cards sit past them), and ``top`` is the index of the last undealt one.
To deal: draw ``i`` uniformly in ``[0, top]``, take ``deck[i]``, swap ``deck[i]`` and ``deck[top]``,
decrement ``top``. To start the next trial set ``top = n_live - 1``: no reshuffle is needed, since any
permutation of the live cards is as good as any other.

**Lanes.** The Monte Carlo kernels play :data:`LANES` trials at a time, each in a *lane* with a stream
and a deck of its own: lane ``j`` of chunk ``k`` draws from stream ``LANES * k + j`` of the seed and
plays trials ``j, j + LANES, j + 2 * LANES, ...`` of the chunk. A block's random numbers are drawn for
all lanes at once (:func:`_fill_lanes`, which the compiler vectorises) and its cards dealt card by card
across the lanes (:func:`_deal_lanes`), so the lanes' draws, loads and swaps do not wait on each other.
Card ``x`` of a trial takes the high 32 bits of its lane's output ``x // 2`` when ``x`` is even, else
its low 32 bits (xoshiro256**'s bits are all full quality); the rare Lemire rejection draws fresh outputs
from the lane's stream, high 32 bits each (:func:`_accept`). When ranged players hold cards, a lane
deals from a fresh copy of the cards nobody holds, or its deck holds positions among them (every lane
holds as many), which are mapped to cards (:mod:`equity.engines.held_cards`): nothing is ever drawn
again.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

_GOLDEN = uint64(0x9E3779B97F4A7C15)
_MIX1 = uint64(0xBF58476D1CE4E5B9)
_MIX2 = uint64(0x94D049BB133111EB)
_STREAM = uint64(0xD1B54A32D192ED03)
_LOW = uint64(0xFFFFFFFF)
_ONE = uint64(1)
#: Trials a Monte Carlo kernel deals and plays together (divides ``simulate.CHUNK``).
LANES = 16


@njit(inline="always")
def _splitmix64(x):
    """The SplitMix64 output for counter value ``x`` (uint64)."""
    z = x
    z = (z ^ (z >> uint64(30))) * _MIX1
    z = (z ^ (z >> uint64(27))) * _MIX2
    return z ^ (z >> uint64(31))


@njit(cache=True)
def _seed_stream(seed, stream, state):
    """Fill ``state`` (uint64[4]) for stream number ``stream`` of ``seed`` (both uint64)."""
    base = _splitmix64(uint64(seed)) ^ (uint64(stream) * _STREAM)
    for i in range(4):
        state[i] = _splitmix64(base + uint64(i + 1) * _GOLDEN)


@njit(inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@njit(inline="always")
def _xoshiro(s0, s1, s2, s3):
    """The next xoshiro256** output, on a state held in four uint64 scalars (a kernel's locals, so its
    updates stay in registers): returns ``(output, s0, s1, s2, s3)``."""
    result = _rotl(s1 * uint64(5), 7) * uint64(9)
    t = s1 << uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(inline="always")
def _bounded(s0, s1, s2, s3, n):
    """A uniform integer in ``[0, n)``, ``1 <= n < 2**32`` (Lemire's multiply-shift on the output's
    high 32 bits, with rejection), on a state held in four uint64 scalars: returns
    ``(i, s0, s1, s2, s3)``."""
    bound = uint64(n)
    x, s0, s1, s2, s3 = _xoshiro(s0, s1, s2, s3)
    m = (x >> uint64(32)) * bound
    low = m & uint64(0xFFFFFFFF)
    if low < bound:
        threshold = (uint64(0x100000000) - bound) % bound
        while low < threshold:
            x, s0, s1, s2, s3 = _xoshiro(s0, s1, s2, s3)
            m = (x >> uint64(32)) * bound
            low = m & uint64(0xFFFFFFFF)
    return np.int64(m >> uint64(32)), s0, s1, s2, s3


@njit(inline="always")
def _next(state):
    """The next xoshiro256** output (uint64); advances ``state`` (uint64[4]) in place."""
    x, state[0], state[1], state[2], state[3] = _xoshiro(state[0], state[1], state[2], state[3])
    return x


@njit(inline="always")
def _below(state, n):
    """:func:`_bounded` on a state array (uint64[4]), advanced in place."""
    i, state[0], state[1], state[2], state[3] = _bounded(state[0], state[1], state[2], state[3], n)
    return i


@njit(inline="always")
def _deal(deck, top, state):
    """Deal one card from ``deck[0..top]``; the caller decrements ``top``."""
    i = _below(state, top + 1)
    card = deck[i]
    deck[i] = deck[top]
    deck[top] = card
    return card


@njit(cache=True)
def _seed_lanes(seed, chunk, st):
    """Fill ``st`` (uint64 (4, LANES)): column ``j`` is the state of stream ``LANES * chunk + j``."""
    state = np.empty(4, np.uint64)
    for j in range(LANES):
        _seed_stream(seed, uint64(chunk) * uint64(LANES) + uint64(j), state)
        for i in range(4):
            st[i, j] = state[i]


@njit
def _lane_state(seed, chunk, live, n, n_held, rows=0):
    """What :func:`_deal_lanes` deals from and into, for chunk ``chunk`` of ``seed``, ``n`` cards a
    trial and ``n_held`` cards held by ranged players (``rows``: the dealt-card buffer's rows, if more
    than ``n``): ``(st, decks, dealt, raw)``, the lanes' streams seeded (:func:`_seed_lanes`); every
    lane's deck holding ``live`` (uint8) when no card is held, else the positions
    ``0 .. len(live) - n_held - 1`` of the cards a trial may deal (:mod:`equity.engines.held_cards`); and the
    dealt-card and random-number buffers."""
    st = np.empty((4, LANES), np.uint64)
    _seed_lanes(seed, chunk, st)
    m = live.shape[0] - n_held
    decks = np.empty((LANES, m), np.uint8)
    for j in range(LANES):
        for i in range(m):
            decks[j, i] = live[i] if n_held == 0 else i
    return (st, decks, np.empty((max(n, rows, 1), LANES), np.uint64),
            np.empty((max((n + 1) // 2, 1), LANES), np.uint64))


@njit(inline="always")
def _fill_lanes(st, raw, n):
    """``raw[k, j]`` (uint64 (>= n, LANES)) = the next ``n`` outputs of lane ``j``'s stream, for every
    lane: the same xoshiro256** steps as :func:`_xoshiro`, across the lanes, so they vectorise."""
    for k in range(n):
        for j in range(LANES):
            s0, s1, s2, s3 = st[0, j], st[1, j], st[2, j], st[3, j]
            raw[k, j], st[0, j], st[1, j], st[2, j], st[3, j] = _xoshiro(s0, s1, s2, s3)


@njit
def _accept(st, j, m, bound):
    """Lemire's rejection for lane ``j``, out of line because it is rare (the product's low half
    below the bound: about one draw in 10**8): ``m`` is a product of 32 random bits and ``bound``.
    Returns it if its low half clears the threshold, else the first product of a fresh output's high 32
    bits from the lane's stream (``st``, advanced) that does."""
    threshold = (uint64(0x100000000) - bound) % bound
    while (m & _LOW) < threshold:
        x, st[0, j], st[1, j], st[2, j], st[3, j] = _xoshiro(st[0, j], st[1, j], st[2, j], st[3, j])
        m = (x >> uint64(32)) * bound
    return m


@njit(inline="always")
def _deal_lanes(st, raw, decks, n, dealt):
    """Deal ``n`` cards to every lane: ``dealt[x, j]`` (uint64 (>= n, LANES)) is lane ``j``'s card ``x``,
    from ``decks[j, :]`` (uint8 (LANES, m)) with the swap-with-counter draw. Draws the block's random
    numbers into ``raw`` (uint64 (>= (n + 1) // 2, LANES)) first.

    When ranged players of two or more joint tables hold cards the decks hold positions among the cards
    nobody holds, and :func:`equity.engines.held_cards._past_held` maps them to cards; otherwise the
    decks hold the cards.

    Lemire's rare rejection is kept out of the lanes' loop: a card's draws are swapped in whatever their
    products, and a lane whose product must be rejected (about one draw in 10**8) has its swap undone
    and is drawn again after the loop, the same draws in the same order. With the rejection's code in
    the loop, its registers spilled: 10.7 ns a trial of seven cards against 17 (a busy machine)."""
    _deal_from(st, raw, decks, n, dealt, 0, decks.shape[1] - 1, True)


@njit(inline="always")
def _deal_from(st, raw, decks, n, dealt, first, top, keep):
    """:func:`_deal_lanes` from positions ``first .. top`` of each lane's deck (``first`` 0 but for a
    deck that starts with cards it must not deal: :func:`~equity.engines.held_cards._deal_rows`).
    ``keep``: write each dealt card to the counter's place, so the deck stays a permutation for the next
    trial; False for a deck copied afresh every trial (the same cards are dealt, one store fewer)."""
    _fill_lanes(st, raw, (n + 1) >> 1)
    base = uint64(first)
    for x in range(n):
        shift = uint64(32) * uint64(1 - (x & 1))
        bound = uint64(top + 1 - first)
        rare = False
        for j in range(LANES):
            m = ((raw[x >> 1, j] >> shift) & _LOW) * bound
            rare |= (m & _LOW) < bound
            i = base + (m >> uint64(32))
            c = decks[j, i]
            decks[j, i] = decks[j, top]
            if keep:
                decks[j, top] = c
            dealt[x, j] = c
        if rare:  # a product Lemire may reject: its swap undone, then drawn afresh
            for j in range(LANES):
                m = ((raw[x >> 1, j] >> shift) & _LOW) * bound
                if (m & _LOW) < bound:
                    i = base + (m >> uint64(32))
                    undone = decks[j, i]  # (what deck[top] held: unchanged there when not kept)
                    decks[j, i] = dealt[x, j]
                    if keep:
                        decks[j, top] = undone
                    i = base + (_accept(st, j, m, bound) >> uint64(32))
                    c = decks[j, i]
                    decks[j, i] = decks[j, top]
                    if keep:
                        decks[j, top] = c
                    dealt[x, j] = c
        top -= 1


@njit(cache=True)
def _draw_counts(seed, stream, n, draws):
    """Histogram of ``draws`` bounded draws in ``[0, n)`` (for the uniformity test)."""
    state = np.empty(4, np.uint64)
    _seed_stream(seed, stream, state)
    counts = np.zeros(n, np.int64)
    for _ in range(draws):
        counts[_below(state, n)] += 1
    return counts


@njit(cache=True)
def _bounded_draws(seed, stream, bounds):
    """int64 (len(bounds),): one :func:`_bounded` draw in ``[0, bounds[i])`` each, from stream
    ``(seed, stream)`` (for the test against an independent generator)."""
    state = np.empty(4, np.uint64)
    _seed_stream(seed, stream, state)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    out = np.empty(bounds.shape[0], np.int64)
    for i in range(bounds.shape[0]):
        out[i], s0, s1, s2, s3 = _bounded(s0, s1, s2, s3, bounds[i])
    return out


@njit(cache=True)
def _deal_counts(seed, stream, live, n_deal, trials):
    """How often each (position, card) occurs over ``trials`` deals of ``n_deal`` cards from ``live``
    (uint8), resetting the counter between trials as the engine does. int64 (n_deal, 52)."""
    state = np.empty(4, np.uint64)
    _seed_stream(seed, stream, state)
    deck = live.copy()
    counts = np.zeros((n_deal, 52), np.int64)
    for _ in range(trials):
        top = len(live) - 1
        for j in range(n_deal):
            counts[j, _deal(deck, top, state)] += 1
            top -= 1
    return counts


def stream_state(seed: int, stream: int) -> np.ndarray:
    """The xoshiro256** state (uint64[4]) of ``stream`` of ``seed``."""
    state = np.empty(4, np.uint64)
    _seed_stream(np.uint64(seed), np.uint64(stream), state)
    return state
