"""The three-way preflop table (equity/questions/tournaments/threeway_table.py): its outcomes and their
permutations, the exact combo counts against brute force, the sampled counts against equity's exact
engine within standard errors, the cache file, and the joint array (slow: it needs the full table)."""

import math
from itertools import permutations, product

import numba
import numpy as np
import pytest

import equity
from equity.classes import CLASS_NAMES, class_combos
from equity.errors import EquityError
from equity.questions.tournaments import headsup_table
from equity.questions.tournaments import threeway_table as tw

NAMES = list(CLASS_NAMES)


def dense_places(values):
    """Each seat's place for hand values (lower is better): the number of distinct better values."""
    return tuple(len({v for v in values if v < mine}) for mine in values)


def brute_combos(a, b, c):
    """Ordered combo triples of classes a, b, c (names) sharing no card, by listing them."""
    return sum(1 for x in class_combos(a) for y in class_combos(b) for z in class_combos(c)
               if len({*x, *y, *z}) == 6)


def seat_shares(counts_by_seat, samples):
    """Each seat's (win, tie, equity) from outcome counts over the seats, the pot split evenly."""
    figures = []
    for s in range(3):
        win = tie = equity_ = 0.0
        for o, places in enumerate(tw.OUTCOMES):
            if places[s] != 0:
                continue
            best = sum(p == 0 for p in places)
            p = counts_by_seat[o] / samples
            if best == 1:
                win += p
            else:
                tie += p
            equity_ += p / best
        figures.append((win, tie, equity_))
    return figures


def test_outcomes_are_the_weak_orders():
    orders = {dense_places(v) for v in product(range(3), repeat=3)}
    assert len(orders) == 13 == tw.N_OUTCOMES
    assert len(set(tw.OUTCOMES)) == len(tw.OUTCOMES) and set(tw.OUTCOMES) == orders


def test_permuted_moves_outcomes_with_the_seats():
    identity = np.arange(13)
    for perm in permutations(range(3)):
        m = tw.permuted(perm)
        inverse = [perm.index(s) for s in range(3)]
        assert (tw.permuted(inverse)[m] == identity).all()
        for values in product(range(3), repeat=3):  # every showdown, re-seated
            reseated = tuple(values[perm[s]] for s in range(3))
            assert tw.OUTCOMES[m[tw.OUTCOMES.index(dense_places(values))]] == dense_places(reseated)
    assert (tw.permuted((0, 1, 2)) == identity).all()
    # A strict order: old seat 2 (third) now sits first, old seats 0 and 1 move up one place.
    assert tw.OUTCOMES[tw.permuted((2, 0, 1))[tw.OUTCOMES.index((0, 1, 2))]] == (2, 0, 1)
    with pytest.raises(EquityError, match="permutation"):
        tw.permuted((0, 0, 1))


def test_triple_index_numbers_the_sorted_triples():
    rows = tw.triples()
    assert rows.shape == (tw.TRIPLES, 3) == (math.comb(171, 3), 3)
    assert (rows[:, 0] <= rows[:, 1]).all() and (rows[:, 1] <= rows[:, 2]).all()
    assert (tw.triple_index(rows[:, 0], rows[:, 1], rows[:, 2]) == np.arange(tw.TRIPLES)).all()
    assert len({tuple(r) for r in rows.tolist()}) == tw.TRIPLES
    index, m = tw.locate(NAMES.index("AA"), NAMES.index("22"), NAMES.index("KK"))
    assert tuple(rows[index]) == (NAMES.index("22"), NAMES.index("KK"), NAMES.index("AA"))
    assert tw.OUTCOMES[m[0]] == (2, 0, 1)  # the sorted row's 22 > KK > AA, seated as AA, 22, KK
    for bad in ((1, 0, 2), (0, 1, 169), (-1, 0, 0)):
        with pytest.raises(EquityError):
            tw.triple_index(*bad)


@pytest.mark.parametrize("names", [("AA", "AA", "AA"), ("AA", "AA", "KK"), ("AKo", "AKs", "AA"),
                                   ("72o", "72o", "AA"), ("22", "T9s", "AKs"), ("A5o", "A5o", "A5o"),
                                   ("54s", "65s", "64o")])
def test_combo_counts_against_brute_force(names):
    grid = sorted(NAMES.index(n) for n in names)
    ordered = [CLASS_NAMES[k] for k in grid]
    assert tw.combo_counts([tw.triple_index(*grid)])[0] == brute_combos(*ordered)


def test_combo_counts_cover_every_deal():
    combos = tw.combo_counts()
    assert combos.dtype == np.int64 and combos.shape == (tw.TRIPLES,)
    seats = np.stack(np.meshgrid(*[np.arange(169)] * 3, indexing="ij"), axis=-1).reshape(-1, 3)
    ordered = np.sort(seats, axis=1)
    total = combos[tw.triple_index(ordered[:, 0], ordered[:, 1], ordered[:, 2])].sum()
    assert total == 1326 * 1225 * 1128 == tw.TOTAL_COMBOS
    assert combos[tw.triple_index(168, 168, 168)] == 0


@pytest.mark.parametrize("spec", [("AA", "KK", "QQ"), ("AKs", "22", "T9s"), ("72o", "72o", "AA"),
                                  ("AKo", "AQs", "KK")])
def test_samples_agree_with_the_exact_engine(spec):
    samples = 20_000
    index, m = tw.locate(*[NAMES.index(s) for s in spec])
    counts, combos = tw.build(samples, [index])
    by_seat = np.zeros(13)
    by_seat[m] = counts[0]
    exact = equity.calculate(list(spec), method="exact")
    assert exact.method == "exact"
    assert combos[0] * math.comb(46, 5) == exact.trials  # the engine's deals: every combo triple's boards
    for (win, tie, eq), player in zip(seat_shares(by_seat, samples), exact.players, strict=True):
        for got, want in ((win, player.win), (tie, player.tie), (eq, player.equity)):
            assert abs(got - want) <= 5 * math.sqrt(want * (1 - want) / samples), (spec, got, want)


def test_equal_classes_are_sampled_alike():
    samples = 20_000
    seats = [NAMES.index("72o"), NAMES.index("72o"), NAMES.index("AA")]
    counts, _ = tw.build(samples, [tw.triple_index(*seats)])
    swapped = counts[0][tw.permuted((1, 0, 2))]  # the same counts read with seats 0 and 1 exchanged
    # n1 - n2 of one multinomial has variance about n1 + n2.
    gap = np.abs(counts[0].astype(np.int64) - swapped.astype(np.int64))
    assert (gap <= 5 * np.sqrt(counts[0] + swapped.astype(np.int64))).all()


def test_build_is_deterministic_and_builds_subsets_alone():
    indexes = np.array([5, 700_000, 123_456, tw.triple_index(140, 154, 168)])
    counts, combos = tw.build(300, indexes)
    assert counts.dtype == np.uint16 and counts.shape == (4, 13)
    assert (counts.sum(axis=1) == 300).all()
    again, _ = tw.build(300, indexes[::-1])
    assert (again[::-1] == counts).all()
    alone, _ = tw.build(300, indexes[1:2])
    assert (alone[0] == counts[1]).all()
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one_thread, _ = tw.build(300, indexes)
    finally:
        numba.set_num_threads(threads)
    assert (one_thread == counts).all()
    empty, _ = tw.build(300, [tw.triple_index(168, 168, 168)])
    assert (empty == 0).all()
    calls = []
    tw.build(1, np.arange(20_000), progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (20_000, 20_000) and len(calls) > 1
    for bad in (0, 70_000, 1.5, True):
        with pytest.raises(EquityError, match="samples"):
            tw.build(bad, [0])
    with pytest.raises(EquityError, match="indexes"):
        tw.build(10, [tw.TRIPLES])


def test_regression_pin():
    # Regression pin, not a derived answer: these counts are what SEED's streams drew when the table
    # was written; a change to the sampler, the streams or the outcome order shows here.
    names = [("QQ", "KK", "AA"), ("22", "T9s", "AKs"), ("72o", "72o", "AA"), ("AKo", "AKs", "AA")]
    indexes = [tw.triple_index(*[NAMES.index(n) for n in triple]) for triple in names]
    counts, combos = tw.build(1000, indexes)
    assert indexes == [816515, 796460, 804460, 818623]
    assert counts.tolist() == [[4, 133, 42, 42, 162, 610, 0, 0, 0, 0, 2, 1, 4],
                               [60, 201, 239, 172, 104, 200, 0, 0, 0, 0, 2, 15, 7],
                               [2, 4, 0, 2, 4, 6, 83, 0, 0, 0, 1, 893, 5],
                               [0, 4, 3, 9, 91, 3, 20, 0, 0, 0, 5, 845, 20]]
    assert combos.tolist() == [216, 96, 504, 24]


def test_table_cache_file(tmp_path, monkeypatch):
    # At one deal a triple the full table builds in a second: written, read back, rebuilt when damaged,
    # kept in memory when the folder cannot be written.
    monkeypatch.setattr(tw, "SAMPLES", 1)
    monkeypatch.setattr(tw, "_loaded", {})
    monkeypatch.setenv("EQUITY_CACHE_DIR", str(tmp_path))
    counts, combos = tw.table()
    path = tw.cache_path(1)
    assert path.name == "threeway-classes-v1-s1.npz" and path.parent == tmp_path and path.exists()
    assert not list(tmp_path.glob("*.tmp"))
    assert tw.table() is not None and tw.table()[0] is counts  # held in memory
    assert (counts == tw.build(1)[0]).all() and (combos == tw.combo_counts()).all()
    read = tw._read(path, 1)
    assert read is not None and (read[0] == counts).all() and (read[1] == combos).all()
    assert tw._read(path, 2) is None  # another sample count is another table
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1  # inside the counts
    path.write_bytes(bytes(data))
    assert tw._read(path, 1) is None
    monkeypatch.setattr(tw, "_loaded", {})
    assert (tw.table()[0] == counts).all() and tw._read(path, 1) is not None  # rebuilt and rewritten
    path.write_bytes(path.read_bytes()[:1000])
    assert tw._read(path, 1) is None
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("EQUITY_CACHE_DIR", str(blocked / "equity"))
    monkeypatch.setattr(tw, "_loaded", {})
    assert (tw.table()[1] == combos).all()


@pytest.mark.slow
def test_joint_sums_to_one_and_reads_the_table():
    joint = tw.joint()
    assert joint.shape == (169, 169, 169, 13) and joint.dtype == np.float32
    assert joint.sum(dtype=np.float64) == pytest.approx(1.0, abs=1e-6)
    counts, combos = tw.table()
    for names in [("AA", "KK", "QQ"), ("T9s", "AKs", "22"), ("72o", "AA", "72o"), ("AKo", "AA", "AKs")]:
        x, y, z = (NAMES.index(n) for n in names)
        index, m = tw.locate(x, y, z)
        built, built_combos = tw.build(tw.SAMPLES, [index])
        assert (built == counts[index]).all() and built_combos[0] == combos[index]
        expected = np.zeros(13)
        expected[m] = built[0] * built_combos[0] / (tw.TOTAL_COMBOS * tw.SAMPLES)
        if len(set(names)) < 3:  # equal classes: the seatings' readings are averaged
            swap = [s for s in permutations(range(3)) if tuple(names[i] for i in s) == names]
            expected = np.mean([expected[tw.permuted(s)] for s in swap], axis=0)
        assert joint[y, z, x] == pytest.approx(expected, rel=1e-6, abs=1e-12)


@pytest.mark.slow
def test_joint_agrees_with_the_heads_up_table():
    # Seat 2's cards, summed over, are random to seats 0 and 1: their pairwise showdown is heads-up's.
    joint = tw.joint()
    shares, pairs = headsup_table.table()[:2]
    pair_mass = joint.sum(axis=(1, 3), dtype=np.float64).T  # [x, y]
    assert pair_mass == pytest.approx(pairs / (1326 * 1225), rel=1e-5, abs=1e-12)
    beats = np.array([1.0 if p[0] < p[1] else 0.5 if p[0] == p[1] else 0.0 for p in tw.OUTCOMES])
    won = (joint.astype(np.float64) @ beats).sum(axis=1).T  # [x, y]
    live = pairs > 0
    got = won[live] / pair_mass[live]
    want = shares[live] / (pairs[live] * headsup_table.PER_PAIR)
    # Each seat-2 class is its own sample of SAMPLES deals; a deal's pairwise score varies by at most 1/4.
    z_mass = joint.sum(axis=3, dtype=np.float64).transpose(2, 0, 1)  # [x, y, z]
    weights = z_mass[live] / pair_mass[live][:, None]
    stderr = np.sqrt((weights ** 2).sum(axis=1) / (4 * tw.SAMPLES))
    assert (np.abs(got - want) <= 5 * stderr).all()
