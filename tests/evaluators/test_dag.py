import hashlib
from itertools import combinations

import numpy as np
import pytest

from equity.evaluators import dag, tables
from equity.evaluators.dag import FLUSH_SENTINEL, N_FLUSH_NODES, N_NODES, SENTINEL


@pytest.fixture(scope="module")
def built():
    return dag.build_tables()


def _digest(arrays):
    h = hashlib.sha256()
    for name in sorted(arrays):
        h.update(name.encode())
        h.update(np.ascontiguousarray(arrays[name]).tobytes())
    return h.hexdigest()


def test_node_counts(built):
    levels = np.bincount(built["level"][:-1])
    # Multisets of k ranks with each rank at most 4 times.
    assert levels.tolist() == [1, 13, 91, 455, 1820, 6175, 18395, 49205]
    assert levels.sum() == N_NODES == 76_155
    assert N_FLUSH_NODES == sum(len(list(combinations(range(13), k))) for k in range(8)) == 5812


def test_node_zero_is_empty_and_levels_increase(built):
    nxt, level = built["rank_next"], built["level"]
    assert level[0] == 0
    for k in range(13):
        child = nxt[0, k]
        assert level[child] == 1
    real = nxt[:-1][nxt[:-1] != SENTINEL]
    parents = np.repeat(np.arange(N_NODES), 13).reshape(N_NODES, 13)[nxt[:-1] != SENTINEL]
    assert (level[real] == level[parents] + 1).all()


def test_a_rank_cannot_be_added_a_fifth_time(built):
    nxt = built["rank_next"]
    node = 0
    for _ in range(4):
        node = nxt[node, 12]
        assert node != SENTINEL
    assert nxt[node, 12] == SENTINEL
    assert nxt[node, 11] != SENTINEL
    assert (nxt[SENTINEL] == SENTINEL).all()


def test_nothing_follows_level_seven(built):
    nxt, level = built["rank_next"], built["level"]
    assert (nxt[level == 7] == SENTINEL).all()
    fnext = built["flush_next"]
    assert (fnext[N_FLUSH_NODES - 1716:N_FLUSH_NODES] == FLUSH_SENTINEL).all()


def test_flush_pointers_never_repeat_a_rank(built):
    fnext = built["flush_next"]
    node = fnext[0, 5]
    assert fnext[node, 5] == FLUSH_SENTINEL


def test_classes_only_from_level_five(built):
    level = built["level"][:-1]
    rank_class = built["rank_class"][:-1]
    assert (rank_class[level < 5] == 0).all()
    assert (rank_class[level >= 5] > 0).all()
    assert len(np.unique(rank_class[level == 5])) == 7462 - 1287
    assert built["flush_class"][:N_FLUSH_NODES - 1716 - 1716 - 1287].max() == 0


def test_kev_order_boundaries():
    nonflush, flush = dag.kev_classes()
    assert sorted([*nonflush.values(), *flush.values()]) == list(range(1, 7463))
    royal = sum(1 << r for r in (12, 11, 10, 9, 8))
    steel_wheel = sum(1 << r for r in (12, 3, 2, 1, 0))
    assert flush[royal] == 1 and flush[steel_wheel] == 10
    assert nonflush[dag.rank_code([12] * 4 + [11])] == 11
    assert nonflush[dag.rank_code([0] * 4 + [1])] == 166
    assert nonflush[dag.rank_code([12, 3, 2, 1, 0])] == 1609
    assert nonflush[dag.rank_code([5, 3, 2, 1, 0])] == 7462


# Pinned: a change to any generated table must be deliberate (update this digest and the FORMAT).
TABLES_DIGEST = "d1aa22f3361a9bc957ce0794a720cd1568dbafff008c0e9f06efc9d6d55e9885"


def test_tables_digest_is_pinned(built):
    names = ("class_ranks", "rank_next", "rank_class", "flush_next", "flush_class")
    assert _digest({n: built[n] for n in names}) == TABLES_DIGEST


def test_rebuilding_gives_the_cached_tables(built):
    cached = tables.load_natural()
    for name, array in cached.items():
        assert np.array_equal(array, built[name]), name


def test_cache_round_trip_and_corruption_is_rebuilt(tmp_path):
    path = tmp_path / "t.npz"
    first = tables.load_natural(path)
    assert path.exists() and path.with_suffix(".sha256").exists()
    assert tables._read(path) is not None
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    assert tables._read(path) is None
    again = tables.load_natural(path)
    assert all(np.array_equal(again[k], first[k]) for k in first)
    assert tables._read(path) is not None


@pytest.mark.parametrize("damage", ["truncate", "no-digest", "garbage"])
def test_damaged_cache_is_never_used(tmp_path, damage):
    path = tmp_path / "t.npz"
    tables.load_natural(path)
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:1000])
    elif damage == "no-digest":
        path.with_suffix(".sha256").unlink()
    else:
        path.write_bytes(b"not an npz")
        path.with_suffix(".sha256").write_text(hashlib.sha256(b"not an npz").hexdigest())
    assert tables._read(path) is None
    tables.load_natural(path)
    assert tables._read(path) is not None


def test_unwritable_cache_dir_still_works(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    natural = tables.load_natural(blocker / "sub" / "t.npz")
    assert natural["rank_next"].shape == (N_NODES + 1, 13)


def test_walk_layout_matches_natural_tables(built):
    walk = dag.walk_layout(built["rank_next"], built["rank_class"], built["flush_next"],
                           built["flush_class"])
    assert np.array_equal(walk["rank_step"].reshape(-1, 13) // 13, built["rank_next"])
    assert np.array_equal(walk["rank_value"][::13], built["rank_class"])
    assert np.array_equal(walk["rank_last"].reshape(-1, 13),
                          built["rank_class"][built["rank_next"]])
    assert np.array_equal(walk["flush_step"].reshape(-1, 13) // 13, built["flush_next"])


def test_suit_words_match_the_oracle_and_the_flush_sub_dag(built):
    import naive

    words = dag.suit_words(built["flush_next"], built["flush_class"])
    card_word, suit_shift, suited = words["card_word"], words["suit_shift"], words["suited_class"]
    for c in range(52):
        assert int(card_word[c]) == (1 << (13 * (c & 3) + (c >> 2))) + (1 << (52 + 3 * (c & 3)))
    for mask in range(1 << 13):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) < 5:
            assert suited[mask] == dag.NO_FLUSH
        elif len(ranks) <= 7:  # what a hand can hold: the oracle's class of those ranks, all hearts
            assert suited[mask] == naive.naive_class([4 * r + 2 for r in ranks]), ranks
        else:
            assert suited[mask] == min(suited[mask & ~(1 << r)] for r in ranks)
    for counts in range(4096):
        per_suit = [(counts >> (3 * s)) & 7 for s in range(4)]
        five = [s for s in range(4) if per_suit[s] >= 5]
        assert suit_shift[counts] == (13 * five[0] if five else 0)


def test_walk_layout_rank_steps_are_unsigned_offsets(built):
    walk = dag.walk_layout(built["rank_next"], built["rank_class"], built["flush_next"],
                           built["flush_class"])
    assert walk["rank_step"].dtype == np.uint32
    assert set(walk) >= {"card_word", "suit_shift", "suited_class"}


def test_rank_three_is_three_steps_of_the_natural_walk(built):
    """Every three ranks' entry is the node the natural ``rank_next`` walk reaches from the root (as an
    offset, ``13 * node``), stepped one rank at a time here."""
    walk = dag.walk_layout(built["rank_next"], built["rank_class"], built["flush_next"],
                           built["flush_class"])
    three = walk["rank_three"]
    assert three.dtype == np.uint32 and three.shape == (13 ** 3,)
    rank_next = built["rank_next"]
    for a in range(13):
        for b in range(13):
            for c in range(13):
                node = 0
                for k in (a, b, c):
                    node = int(rank_next[node, k])
                assert three[(a * 13 + b) * 13 + c] == 13 * node
