"""The vector walk (equity.evaluators.gathers): seven-card rows a block at a time, its loads gathers.

Both of the kernel's paths run on every machine (``gathers=True`` compiles where the CPU has no
gather instruction too: LLVM loads the lanes one by one), and both are checked against the oracle of
tests/naive.py and against each other; the parallel kernel that walks all 133,784,560 hands in
test_agreement.py takes the vector path where the CPU has AVX-512.
"""

import math
import os
import platform
import subprocess
import sys
from pathlib import Path

import naive
import numpy as np
import pytest
from conftest import random_hands

from equity.evaluators import colex, gathers, shortdeck, tables
from equity.evaluators.gathers import BLOCK, WIDTH
from equity.evaluators.high import LANES, _evaluate_rows

SIZES = [1, WIDTH, BLOCK - 1, BLOCK, BLOCK + 1, BLOCK + LANES, 3 * BLOCK + LANES + 5]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("vector", [True, False])
def test_blocks_lanes_and_the_rows_left_over_agree_with_the_oracle(n, vector):
    hands = random_hands(n, 7, 31 * n + vector)
    out = np.full(n, -1, np.int16)
    assert _evaluate_rows(hands, tables.get(), out, False, vector) == -1
    assert out.tolist() == [naive.naive_class(h) for h in hands.tolist()]


def test_the_two_paths_agree_on_many_hands():
    hands = random_hands(50_000, 7, 77)
    t = tables.get()
    a, b = np.empty(len(hands), np.int16), np.empty(len(hands), np.int16)
    _evaluate_rows(hands, t, a, False, True)
    _evaluate_rows(hands, t, b, False, False)
    assert np.array_equal(a, b)


def test_flushes_of_every_suit_and_both_halves_of_a_word():
    # Suits 0-1 share one word and 2-3 the other; a flush in each, with the other suits' cards beside
    # it, and hands where two suits hold four cards each half (no flush), all in one block.
    rows = []
    for suit in range(4):
        for ranks in ([12, 11, 10, 9, 8], [3, 2, 1, 0, 12], [12, 10, 7, 4, 1], [9, 7, 5, 3, 1]):
            other = [(suit + 1) % 4, (suit + 2) % 4]
            rows.append([4 * r + suit for r in ranks] + [4 * 6 + other[0], 4 * 6 + other[1]])
            rows.append([4 * r + suit for r in ranks[:4]] + [4 * ranks[4] + other[0]]
                        + [4 * 5 + other[0], 4 * 5 + other[1]])
    hands = np.array((rows * (BLOCK // len(rows) + 1))[:BLOCK], np.uint8)
    out = np.empty(BLOCK, np.int16)
    _evaluate_rows(hands, tables.get(), out, False, True)
    assert out.tolist() == [naive.naive_class(h) for h in hands.tolist()]


@pytest.mark.parametrize("row", [0, WIDTH - 1, WIDTH, BLOCK - 1, BLOCK, 2 * BLOCK + 3, 3 * BLOCK + 7])
@pytest.mark.parametrize("vector", [True, False])
def test_the_check_names_the_first_row_that_repeats_a_card(row, vector):
    # The expected row is the one made to repeat a card, found again here by a plain look at each row.
    n = 3 * BLOCK + LANES + 5
    hands = random_hands(n, 7, row)
    hands[row, row % 7] = hands[row, (row + 3) % 7]
    hands[n - 1, 0] = hands[n - 1, 1]  # a later one, in the rows left over
    first = next(i for i, h in enumerate(hands.tolist()) if len(set(h)) < 7)
    assert first == row
    assert _evaluate_rows(hands, tables.get(), np.empty(n, np.int16), True, vector) == row


def test_short_deck_tables_walk_the_same_way():
    t = shortdeck.tables()
    rng = np.random.default_rng(5)
    hands = (16 + np.argsort(rng.random((BLOCK + 9, 36)), axis=1)[:, :7]).astype(np.uint8)
    a, b = np.empty(len(hands), np.int16), np.empty(len(hands), np.int16)
    _evaluate_rows(hands, t, a, False, True)
    _evaluate_rows(hands, t, b, False, False)
    assert np.array_equal(a, b)
    assert a[:20].tolist() == [shortdeck.evaluate_short(h.tolist()) for h in hands[:20]]


def test_four_byte_reads_of_the_int16_tables_stay_inside():
    # suited_class is read at 2 * mask (four bytes): the largest mask seven cards make is seven ranks
    # at the top, and its entry is not the last. rank_sorted is read at 2 * index, its entry 1 + index
    # the high half: the largest index, seven aces, reads the last two entries, and the smallest, 0
    # (seven deuces: a row that repeats cards), the padding and the first.
    t = tables.get()
    top = sum(1 << r for r in range(6, 13))
    assert top == 0x1FC0 and top + 1 < len(t.suited_class)
    assert len(shortdeck.tables().suited_class) == len(t.suited_class)
    largest = sum(math.comb(12 + i, i + 1) for i in range(7))
    assert largest == colex.N_SORTED - 1 and 2 * largest + 4 == t.rank_sorted.nbytes
    assert len(shortdeck.tables().rank_sorted) == len(t.rank_sorted)


@pytest.mark.parametrize(("features", "expected"), [
    ("+avx512f,+avx512bw,+avx2", True),
    ("+avx512f,-avx512bw,+avx2", False),
    ("-avx512f,+avx2,+sse4.2", False),
    ("", False),
])
def test_the_vector_path_is_the_default_only_with_avx512(monkeypatch, features, expected):
    monkeypatch.setattr(gathers.config, "CPU_FEATURES", features)
    monkeypatch.setattr(gathers.config, "CPU_NAME", None)
    assert gathers._target_gathers() is expected


@pytest.mark.parametrize(("level", "expected"),
                         [("x86-64-v4", True), ("x86-64-v3", False), ("generic", False)])
def test_a_cpu_level_without_features_has_the_vector_path_from_v4(monkeypatch, level, expected):
    """equity.cache.select_cpu_level names the level and no features: x86-64-v4 has AVX-512 F and BW."""
    monkeypatch.setattr(gathers.config, "CPU_FEATURES", "")
    monkeypatch.setattr(gathers.config, "CPU_NAME", level)
    assert gathers._target_gathers() is expected


@pytest.mark.slow
@pytest.mark.skipif(platform.machine().lower() not in ("x86_64", "amd64"), reason="an x86-64 CPU level")
def test_the_vector_path_compiles_and_agrees_without_avx512(tmp_path):
    # In a process compiling for x86-64-v3 (AVX2, no AVX-512) the sorted walk's register lookups are
    # lane by lane instead of vpermd; the path is still taken when asked for, and must agree.
    script = (
        "import numpy as np, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parents[1])!r})\n"
        "import naive\n"
        "from equity.evaluators import gathers, tables\n"
        "from equity.evaluators.high import _evaluate_rows\n"
        "assert not gathers.GATHERS\n"
        "rng = np.random.default_rng(3)\n"
        "hands = np.argsort(rng.random((200, 52)), axis=1)[:, :7].astype(np.uint8)\n"
        "out = np.empty(200, np.int16)\n"
        "_evaluate_rows(hands, tables.get(), out, False, True)\n"
        "print(out.tolist() == [naive.naive_class(h) for h in hands.tolist()])\n")
    env = {**os.environ, "NUMBA_CPU_NAME": "x86-64-v3", "NUMBA_CPU_FEATURES": "",
           "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
