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
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

_GOLDEN = uint64(0x9E3779B97F4A7C15)
_MIX1 = uint64(0xBF58476D1CE4E5B9)
_MIX2 = uint64(0x94D049BB133111EB)
_STREAM = uint64(0xD1B54A32D192ED03)


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
