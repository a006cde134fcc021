import naive
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from equity.engines.deck import (
    LANES,
    _accept,
    _below,
    _bounded_draws,
    _deal_counts,
    _deal_lanes,
    _draw_counts,
    _seed_lanes,
    _seed_stream,
    stream_state,
)
from equity.engines.held_cards import ROW_WIDTH, _deal_rows, _held_map, _lane_deal_counts, _row_decks


@njit(cache=True)
def _multiples_of_three(n, draws):
    """How many of ``draws`` bounded draws in [0, n) are multiples of 3."""
    state = np.empty(4, np.uint64)
    _seed_stream(np.uint64(11), np.uint64(0), state)
    hits = 0
    for _ in range(draws):
        if _below(state, n) % 3 == 0:
            hits += 1
    return hits

# Chi-square critical values at p = 0.001 (a fixed seed makes each test deterministic; these bounds are
# what a fair generator passes with probability 0.999, so a failure means bias, not bad luck).
CHI2_999 = {2: 13.816, 6: 22.458, 51: 87.968, 49: 85.351}


def chi2(counts: np.ndarray) -> float:
    expected = counts.sum() / counts.size
    return float(((counts - expected) ** 2 / expected).sum())


@pytest.mark.parametrize("n", [3, 7, 52])
def test_bounded_draws_are_uniform(n):
    counts = _draw_counts(np.uint64(12345), np.uint64(0), n, 2_000_000)
    assert counts.sum() == 2_000_000
    assert chi2(counts) < CHI2_999[n - 1]


def test_lemire_rejection_removes_the_bias():
    # For n = 3 * 2**30, multiply-shift without rejection maps x in [0, 2**32) to floor(3x / 4): the
    # multiples of 3 get two preimages and the rest one, so they would come up half the time instead
    # of a third: about 190 standard errors off over these draws. The test allows 4.
    draws = 300_000
    hits = _multiples_of_three(3 * 2**30, draws)
    assert abs(hits - draws / 3) < 4 * np.sqrt(draws * (1 / 3) * (2 / 3))


def test_dealt_cards_are_uniform_at_every_position():
    live = np.array([c for c in range(52) if c not in (0, 51)], np.uint8)
    counts = _deal_counts(np.uint64(99), np.uint64(3), live, 9, 200_000)
    assert (counts[:, [0, 51]] == 0).all()
    for position in range(9):
        assert counts[position].sum() == 200_000
        assert chi2(counts[position][live]) < CHI2_999[49]


def test_a_trial_never_deals_a_card_twice():
    live = np.arange(52, dtype=np.uint8)
    counts = _deal_counts(np.uint64(5), np.uint64(0), live, 52, 2_000)
    assert (counts.sum(axis=0) == 2_000 * 1).all()


def test_streams_are_deterministic_and_distinct():
    assert np.array_equal(stream_state(1, 0), stream_state(1, 0))
    states = {tuple(stream_state(seed, k)) for seed in (0, 1, 2**64 - 1) for k in range(100)}
    assert len(states) == 300
    assert all(any(s) for s in states)


def test_draws_match_an_independent_generator():
    # The streams and bounded draws, written out with Python integers in tests/naive.py, must give the
    # kernels' draws exactly, rejections included (bounds near 2**31 reject often).
    bounds = np.array([3, 52, 7, 3 * 2**30, 2**31 + 1, 1, 45, 2**32 - 1] * 500, np.int64)
    for seed, k in ((5, 2), (2**64 - 1, 0), (1, 123_456)):
        got = _bounded_draws(np.uint64(seed), np.uint64(k), bounds)
        outputs = naive.stream(seed, k)
        assert got.tolist() == [naive.bounded(outputs, int(n)) for n in bounds]


@pytest.mark.parametrize("held", [[], [0, 17, 51], list(range(1, 40, 3))])
def test_lanes_deal_every_position_uniformly(held):
    # Every lane's card x is uniform over the live cards nobody holds, and no trial deals a card twice
    # or a held card (a ranged player's, which stays in the deck and is drawn around).
    live = np.array([c for c in range(52) if c not in (5, 6)], np.uint8)
    counts, repeats = _lane_deal_counts(np.uint64(7), live, np.array(held, np.uint8), 9, 12_500)
    assert repeats == 0
    free = [c for c in live if c not in held]
    assert (np.delete(counts, free, axis=1) == 0).all()
    for position in range(9):
        assert counts[position].sum() == 12_500 * LANES
        got = counts[position][free]
        expected = got.sum() / len(free)
        bound = CHI2_999.get(len(free) - 1, _chi2_999(len(free) - 1))
        assert ((got - expected) ** 2 / expected).sum() < bound


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_lane_deck_position_maps_to_the_cards_nobody_holds(data):
    # Position v of a lane's deck is the v-th card of `live` that no ranged player holds (an oracle:
    # the plain filter), whatever order `live` is in and wherever the held cards sit in it.
    live = data.draw(st.permutations(range(52)).map(lambda p: p[:data.draw(st.integers(10, 52))]))
    held = data.draw(st.lists(st.sampled_from(live), unique=True, max_size=min(len(live) - 1, 24)))
    got = _held_map(np.array(live, np.uint8), np.array(held, np.uint8))
    assert got.tolist() == [c for c in live if c not in held]


@pytest.mark.parametrize("held", [[], [0], [51, 0, 7], [3, 2, 1, 0, 40, 41]])
def test_with_every_card_live_a_position_is_its_card_past_the_held_ones(held):
    # The whole deck live: positions are cards, so the map takes no lookup (its fast path).
    got = _held_map(np.arange(52, dtype=np.uint8), np.array(held, np.uint8))
    assert got.tolist() == [c for c in range(52) if c not in held]


def _chi2_999(df):
    # Wilson-Hilferty approximation of the chi-square 0.999 quantile (accurate to about 0.5% here).
    z = 3.0902
    return df * (1 - 2 / (9 * df) + z * np.sqrt(2 / (9 * df))) ** 3


def test_a_lane_whole_deck_is_a_permutation():
    live = np.arange(52, dtype=np.uint8)
    counts, repeats = _lane_deal_counts(np.uint64(5), live, np.zeros(0, np.uint8), 52, 200)
    assert repeats == 0 and (counts.sum(axis=0) == 200 * LANES).all()


def test_lane_streams_are_the_chunk_streams_numbered_by_lane():
    st = np.empty((4, LANES), np.uint64)
    _seed_lanes(np.uint64(9), np.uint64(3), st)
    for j in range(LANES):
        assert st[:, j].tolist() == stream_state(9, 3 * LANES + j).tolist()


@pytest.mark.parametrize("bound", [3 * 2**30, 2**31 + 1, 52, 7])
def test_a_lane_rejection_draws_fresh_outputs_as_lemire_does(bound):
    # A product whose low half is below the threshold is redrawn from the lane's own stream, high 32 bits
    # each, until one clears it: naive.bounded on that stream. A product that clears it is kept.
    threshold = ((1 << 32) - bound) % bound
    for j in (0, 5, LANES - 1):
        st = np.empty((4, LANES), np.uint64)
        _seed_lanes(np.uint64(21), np.uint64(2), st)
        rejected = np.uint64(0) if threshold else np.uint64(bound)
        got = int(_accept(st, j, rejected, np.uint64(bound)))
        if threshold:
            assert got >> 32 == naive.bounded(naive.stream(21, 2 * LANES + j), bound)
        else:
            assert got == bound
        kept = np.uint64(threshold + (1 << 32) * 3)
        assert int(_accept(st, j, kept, np.uint64(bound))) == int(kept)


_M64 = (1 << 64) - 1


def _state_giving(first: int, rest: tuple[int, int, int]) -> list[int]:
    """A xoshiro256** state whose first output is ``first``: the output is rotl(s1 * 5, 7) * 9, undone."""
    s1 = (first * pow(9, -1, 1 << 64)) & _M64
    s1 = ((s1 >> 7) | (s1 << 57)) & _M64
    s1 = (s1 * pow(5, -1, 1 << 64)) & _M64
    return [rest[0], s1, rest[1], rest[2]]


@njit
def _deal_once(st, decks, n):
    dealt = np.zeros((n, LANES), np.uint64)
    raw = np.zeros(((n + 1) // 2, LANES), np.uint64)
    _deal_lanes(st, raw, decks, n, dealt)
    return dealt


@njit
def _deal_rows_once(st, row_cards, n_held, n_live, rows, n):
    dealt = np.zeros((n, LANES), np.uint64)
    raw = np.zeros(((n + 1) // 2, LANES), np.uint64)
    decks, decks8, rows8 = _row_decks(row_cards)
    _deal_rows(st, raw, decks, decks8, n, dealt, rows8, n_held, n_live, rows)
    return dealt


def _plain_deal(state, deck, n, first=0):
    """Swap-with-counter from ``deck[first:]`` (a list, changed in place), 32 bits a card from the
    outputs of ``state`` in order, a rejected product redrawn from the next outputs' high halves."""
    outputs = naive.stream_from(state)
    raw = [next(outputs) for _ in range((n + 1) // 2)]
    top, out = len(deck) - 1, []
    for x in range(n):
        bound = top + 1 - first
        threshold = ((1 << 32) - bound) % bound
        bits = raw[x // 2] >> 32 if x % 2 == 0 else raw[x // 2] & 0xFFFFFFFF
        product = bits * bound
        while (product & 0xFFFFFFFF) < threshold:
            product = (next(outputs) >> 32) * bound
        i = first + (product >> 32)
        deck[i], deck[top] = deck[top], deck[i]
        out.append(deck[top])
        top -= 1
    return out


@pytest.mark.parametrize("which", [0, 1, 2])
def test_a_rejected_product_is_drawn_again_after_the_lanes_loop(which):
    # Lanes whose first output has a zero high half: card 0's product (0) is rejected, as Lemire's rule
    # says for a bound whose threshold is positive; its swap is undone and the lane drawn again from its
    # stream. Every lane deals what the plain swap-with-counter deal from the same state deals, and a
    # deck of positions stays a permutation. ``which``: card 0 rejected (0), card 1 (the low half of the
    # first output zero, 1), or both (2), in lanes 0, 6 and 15 only.
    live = list(range(3, 52))
    n = 7
    states = []
    for j in range(LANES):
        rest = (0x9E3779B97F4A7C15 * (j + 1) & _M64, 0xD1B54A32D192ED03 * (j + 3) & _M64, 12345 + j)
        first = 0xDEADBEEF12345678 + j
        if j in (0, 6, 15):
            first = [0x00000000_8BADF00D, 0x8BADF00D_00000000, 0][which]
        states.append(_state_giving(first, rest))
    st = np.array(states, np.uint64).T.copy()
    decks = np.array([live] * LANES, np.uint8)
    got = _deal_once(st, decks, n)
    for j in range(LANES):
        deck = list(live)
        assert got[:, j].tolist() == _plain_deal(states[j], deck, n), j
        assert decks[j].tolist() == deck and sorted(deck) == live
    # The same for a lane dealing from its row of a joint table: held cards first, then the free ones.
    row_cards = np.zeros((2, ROW_WIDTH), np.uint8)
    row_cards[0, :52] = [50, 51, 48, 49] + list(range(48))
    row_cards[1, :52] = [0, 1, 2, 3] + list(range(4, 52))
    rows = np.array([[j % 2 for j in range(LANES)]], np.int64)
    st = np.array(states, np.uint64).T.copy()
    got = _deal_rows_once(st, row_cards, 4, 52, rows, n)
    for j in range(LANES):
        deck = row_cards[j % 2, :52].tolist()
        assert got[:, j].tolist() == _plain_deal(states[j], deck, n, first=4), j
