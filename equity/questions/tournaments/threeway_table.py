"""The three-way preflop all-in table of multi-player push/fold: for every triple of the 169 starting-hand
classes, how often each finishing order of the three hands comes about at the showdown, and how many
combo triples the classes can be dealt as.

Three hands all in before the flop cannot be counted exactly at this scale (hundreds of millions of combo
triples, each over 1,370,754 boards), so the table is sampled, and deterministic. A sorted class triple
``a <= b <= c`` (grid indexes, :data:`equity.classes.CLASS_NAMES`; :data:`TRIPLES` of them, numbered by
:func:`triple_index`) gets ``samples`` deals: a combo triple drawn uniformly among the compatible ones
(seat 0 a combo of ``a``, seat 1 of ``b``, seat 2 of ``c``, no card shared), then a board of five of the
46 cards left, uniformly; the three seven-card hands are evaluated and the outcome counted. Each triple
draws from a random stream of its own, numbered by its index (:mod:`~equity.questions.tournaments.
threeway_kernels`), so the table is the same on any number of threads and any triple can be built
alone. The number of compatible combo triples is counted exactly.

An outcome is a weak order of the three seats (:data:`OUTCOMES`): each seat's place, 0 for the best
hand, tied seats sharing a place, the next hand taking the next place (so ``(0, 0, 1)`` is seats 0 and
1 splitting the pot and seat 2 losing). :func:`permuted` moves an outcome to another seating.

With :data:`SAMPLES` = 4,000 deals a triple, a probability in the table has a standard error of at most
``0.5 / sqrt(4000)`` = 0.0079 (``sqrt(p (1 - p) / 4000)``: less for rare outcomes); sums over many
triples, as a solver's expected values are, average that out (summed over the third seat's class, the
joint array's heads-up equities have a standard error of about 0.0007, and lie within 0.003 of the
exact heads-up table). The whole table, 3.3 G deals, took 64 s to build on the two cores of the
development machine (51 M deals a second; the exact combo counts, 0.25 s of it), so it is built on
first use and cached (28 MB) in :func:`equity.cache.folder` by :func:`table`, not shipped; reading it
back takes 0.1 s.

:func:`joint` spreads the table over every seating: the probability that seat 0, 1 and 2 hold given
classes and the showdown ends a given way, in the layout a solver's sums stream.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from functools import cache
from itertools import permutations
from pathlib import Path

import numpy as np

from equity import cache as cache_folder
from equity.classes import CLASS_NAMES, class_combos
from equity.errors import EquityError
from equity.questions.tournaments import threeway_kernels as kernels

#: The 13 outcomes of a three-way showdown: each seat's place (0 = best hand; tied seats share a place,
#: the next hand takes the next place). In order: 0-5 the six strict orders (the permutations of the
#: places, lexicographic); 6-8 two seats split the pot and the third loses; 9-11 one seat wins and the
#: other two tie for second; 12 all three split the pot.
OUTCOMES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0),
    (0, 0, 1), (0, 1, 0), (1, 0, 0),
    (0, 1, 1), (1, 0, 1), (1, 1, 0),
    (0, 0, 0),
)
N_OUTCOMES = len(OUTCOMES)
#: Sorted class triples ``a <= b <= c``: C(171, 3).
TRIPLES = 169 * 170 * 171 // 6
#: Deals sampled per triple by default (module docstring: build time and standard error).
SAMPLES = 4000
#: The seed of every triple's stream.
SEED = 0x3A7F_2C91_5E0D_B46B
#: Ordered triples of pairwise card-disjoint combos: the denominator of a joint probability.
TOTAL_COMBOS = 1326 * 1225 * 1128
_FORMAT = 1
_CHUNK = 8192  # triples per kernel call: progress between calls, and the counts of one call held twice
_MAX_SAMPLES = 2**16 - 1  # counts are uint16


def triple_index(a: int | np.ndarray, b: int | np.ndarray, c: int | np.ndarray) -> int | np.ndarray:
    """The index of the sorted class triple ``a <= b <= c`` (grid indexes), 0 .. :data:`TRIPLES` - 1:
    ``C(c + 2, 3) + C(b + 1, 2) + a``, so triples are numbered by ``c``, then ``b``, then ``a``. Arrays
    of classes give an array of indexes.

    Raises:
        EquityError: the classes are not grid indexes in order.

    >>> triple_index(0, 0, 0), triple_index(168, 168, 168) == TRIPLES - 1
    (0, True)
    """
    arrays = [np.asarray(x) for x in (a, b, c)]
    if not all(np.issubdtype(x.dtype, np.integer) for x in arrays):
        raise EquityError("a class triple is three grid indexes (integers 0..168)")
    x, y, z = (x.astype(np.int64) for x in arrays)
    if not (np.all(x >= 0) and np.all(x <= y) and np.all(y <= z) and np.all(z < 169)):
        raise EquityError("a sorted class triple needs 0 <= a <= b <= c <= 168; sort the classes first")
    index = z * (z + 1) * (z + 2) // 6 + y * (y + 1) // 2 + x
    return int(index) if index.ndim == 0 else index


@cache
def triples() -> np.ndarray:
    """int64 ``(TRIPLES, 3)``, read-only: row ``i`` is the sorted class triple of index ``i``.

    >>> [CLASS_NAMES[k] for k in triples()[triple_index(140, 154, 168)]]
    ['QQ', 'KK', 'AA']
    """
    c, b, a = np.array([(c, b, a) for c in range(169) for b in range(c + 1) for a in range(b + 1)],
                       np.int64).T
    out = np.stack([a, b, c], axis=1)
    out.flags.writeable = False
    return out


@cache
def _outcome_index() -> dict[tuple[int, int, int], int]:
    return {places: o for o, places in enumerate(OUTCOMES)}


def permuted(perm: Sequence[int]) -> np.ndarray:
    """int64 (13,): ``m[o]`` is the outcome, over a new seating, of the showdown that is ``OUTCOMES[o]``
    over the old one, where new seat ``s`` is old seat ``perm[s]``: ``OUTCOMES[m[o]][s] ==
    OUTCOMES[o][perm[s]]``. So with the table's counts for the sorted triple ``(t0, t1, t2)`` and seats
    holding ``(t[perm[0]], t[perm[1]], t[perm[2]])``, the seats' outcome ``m[o]`` has count ``counts[o]``.

    Raises:
        EquityError: ``perm`` is not a permutation of 0, 1, 2.

    >>> m = permuted((2, 0, 1))
    >>> OUTCOMES[m[0]], OUTCOMES[m[OUTCOMES.index((0, 0, 1))]]
    ((2, 0, 1), (1, 0, 0))
    """
    perm = tuple(int(s) for s in perm)
    if sorted(perm) != [0, 1, 2]:
        raise EquityError(f"a permutation of three seats is an order of 0, 1, 2; got {perm}")
    index = _outcome_index()
    return np.array([index[tuple(places[s] for s in perm)] for places in OUTCOMES], np.int64)


def locate(x: int, y: int, z: int) -> tuple[int, np.ndarray]:
    """Where the seating ``x, y, z`` (seat 0, 1, 2's classes, grid indexes) is in the table: the index of
    its sorted triple, and :func:`permuted`'s map from that row's outcomes to the seats' outcomes.

    Raises:
        EquityError: not three grid indexes.

    >>> index, m = locate(168, 154, 140)   # AA, KK, QQ: the row of QQ, KK, AA
    >>> index == triple_index(140, 154, 168), OUTCOMES[m[0]]
    (True, (2, 1, 0))
    """
    seats = [int(s) for s in (x, y, z)]
    if not all(0 <= s < 169 for s in seats):
        raise EquityError(f"classes are grid indexes 0..168; got {tuple(seats)}")
    order = sorted(range(3), key=lambda s: seats[s])  # order[k]: the seat of the k-th smallest class
    perm = [order.index(s) for s in range(3)]  # seat s holds sorted class perm[s]
    return int(triple_index(*sorted(seats))), permuted(perm)


@cache
def _class_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernels' view of the classes: cards uint8 (169, 12, 2), masks uint64 (169, 12), sizes int64
    (169,)."""
    cards = np.zeros((169, 12, 2), np.uint8)
    masks = np.zeros((169, 12), np.uint64)
    sizes = np.zeros(169, np.int64)
    for k, name in enumerate(CLASS_NAMES):
        combos = class_combos(name)
        sizes[k] = len(combos)
        for i, (hi, lo) in enumerate(combos):
            cards[k, i] = hi, lo
            masks[k, i] = (1 << hi) | (1 << lo)
    return cards, masks, sizes


@cache
def _by_signs() -> np.ndarray:
    """int64 (27,): the outcome of each code ``9 * s01 + 3 * s02 + s12`` of pairwise comparisons of the
    seats' places (``s`` 0 for <, 1 for =, 2 for >); -1 for the codes no order gives."""
    out = np.full(27, -1, np.int64)
    for o, p in enumerate(OUTCOMES):
        sign = [int(p[i] >= p[j]) + int(p[i] > p[j]) for i, j in ((0, 1), (0, 2), (1, 2))]
        out[9 * sign[0] + 3 * sign[1] + sign[2]] = o
    return out


def _indexes(indexes: Sequence[int] | np.ndarray | None) -> np.ndarray:
    if indexes is None:
        return np.arange(TRIPLES, dtype=np.int64)
    array = np.asarray(indexes)
    if array.ndim != 1 or (array.size and not np.issubdtype(array.dtype, np.integer)):
        raise EquityError("indexes are a flat sequence of triple indexes (integers)")
    array = array.astype(np.int64)
    if array.size and (array.min() < 0 or array.max() >= TRIPLES):
        raise EquityError(f"triple indexes run from 0 to {TRIPLES - 1}; got {array.min()}..{array.max()}")
    return array


def _run(samples: int, indexes: np.ndarray,
         progress: Callable[[int, int], None] | None) -> tuple[np.ndarray, np.ndarray]:
    from equity.evaluators import tables

    t = tables.get()
    cards, masks, sizes = _class_tables()
    by_signs = _by_signs()
    rows = triples()[indexes]
    n = len(indexes)
    counts = np.zeros((n, N_OUTCOMES), np.uint16)
    combos = np.zeros(n, np.int64)
    for lo in range(0, n, _CHUNK):
        hi = min(n, lo + _CHUNK)
        kernels._sample(rows[lo:hi], indexes[lo:hi], samples, np.uint64(SEED), cards, masks, sizes,
                        by_signs, t, counts[lo:hi], combos[lo:hi])
        if progress is not None:
            progress(hi, n)
    return counts, combos


def build(samples: int = SAMPLES, indexes: Sequence[int] | np.ndarray | None = None,
          progress: Callable[[int, int], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Sample the table: ``(counts, combos)`` for the sorted triples ``indexes`` (all of them, in index
    order, by default).

    Args:
        samples: deals per triple, 1 .. 65535.
        indexes: triple indexes (:func:`triple_index`) to build, in the order given.
        progress: called as ``progress(done, total)`` (triples) after each chunk of triples.

    Returns:
        ``counts``, uint16 ``(n, 13)``: how many of the ``samples`` deals of each triple ended in each of
        :data:`OUTCOMES`, the places being those of the sorted seats ``a, b, c`` (all zero for a triple
        no cards can deal, such as AA, AA, AA); ``combos``, int64 ``(n,)``: the triple's compatible
        ordered combo triples, exactly (:data:`TOTAL_COMBOS` over all seatings).

    Raises:
        EquityError: ``samples`` out of range, or an index that is not a triple's.
    """
    whole = isinstance(samples, int | np.integer) and not isinstance(samples, bool)
    if not whole or not 1 <= samples <= _MAX_SAMPLES:
        raise EquityError(f"samples must be a whole number from 1 to {_MAX_SAMPLES}; got {samples!r}")
    return _run(int(samples), _indexes(indexes), progress)


def combo_counts(indexes: Sequence[int] | np.ndarray | None = None) -> np.ndarray:
    """int64 ``(n,)``: the compatible ordered combo triples of each sorted triple of ``indexes`` (all, by
    default): :func:`build`'s ``combos`` without the sampling, a second or so for the whole table.

    Raises:
        EquityError: an index that is not a triple's.
    """
    return _run(0, _indexes(indexes), None)[1]


def digest(counts: np.ndarray, combos: np.ndarray) -> str:
    """The SHA-256 of a table's arrays, as its cache file stores it."""
    return hashlib.sha256(np.ascontiguousarray(counts, "<u2").tobytes()
                          + np.ascontiguousarray(combos, "<i8").tobytes()).hexdigest()


def cache_path(samples: int = SAMPLES) -> Path:
    """The cache file of the full table of ``samples`` deals a triple."""
    return cache_folder.folder() / f"threeway-classes-v{_FORMAT}-s{samples}.npz"


def _read(path: Path, samples: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The table in ``path`` if it is whole and its stored digest matches, else None."""
    try:
        with np.load(path, allow_pickle=False) as saved:
            counts, combos, stored = saved["counts"], saved["combos"], str(saved["digest"])
            seed, drawn = int(saved["seed"]), int(saved["samples"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if (counts.shape != (TRIPLES, N_OUTCOMES) or counts.dtype != np.uint16 or combos.shape != (TRIPLES,)
            or combos.dtype != np.int64 or seed != SEED or drawn != samples
            or digest(counts, combos) != stored):
        return None
    return counts, combos


def _write(path: Path, counts: np.ndarray, combos: np.ndarray, samples: int) -> bool:
    """Write the table atomically (a temporary file renamed); False when the folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                np.savez(f, counts=counts, combos=combos, digest=np.str_(digest(counts, combos)),
                         seed=np.uint64(SEED), samples=np.int64(samples))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


_loaded: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # table(), once read or built (by samples)


def table(progress: Callable[[int, int], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The full table, :func:`build`'s ``(counts, combos)`` for every triple at :data:`SAMPLES`, read-only:
    from the cache file (:func:`cache_path`) when it is whole and its digest matches, else built (about
    a minute; ``progress`` as :func:`build`'s) and written there, or kept in memory alone when the folder
    cannot be written. Held in memory once read."""
    found = _loaded.get(SAMPLES)
    if found is not None:
        return found
    path = cache_path(SAMPLES)
    found = _read(path, SAMPLES)
    if found is None:
        found = _run(SAMPLES, _indexes(None), progress)
        _write(path, *found, SAMPLES)
    for array in found:
        array.flags.writeable = False
    return _loaded.setdefault(SAMPLES, found)


@cache
def joint() -> np.ndarray:
    """float32 ``(169, 169, 169, 13)``, read-only (251 MB): ``J[y, z, x, o]`` the probability
    that seat 0 holds class ``x``, seat 1 class ``y`` and seat 2 class ``z`` (grid indexes) and the
    showdown ends as ``OUTCOMES[o]`` over seats 0, 1, 2: the triple's ``combos / TOTAL_COMBOS`` times its
    ``counts / SAMPLES`` (:func:`table`, which it builds if need be), moved to the seating by
    :func:`permuted`. Where a class is repeated the table's two (or six) readings of the seating are
    averaged, so swapping the seats of equal classes leaves it unchanged. It sums to 1.

    The classes a solver weighs and sums over (seats 1 and 2) are the outer axes, so that
    ``sum_{y,z} w1[y] w2[z] J[y, z]`` reads contiguous blocks of 169 * 13 floats."""
    counts, combos = table()
    perms = np.array(list(permutations(range(3))), np.int64)
    maps = np.stack([permuted(p) for p in perms])
    out = np.zeros((169, 169, 169, N_OUTCOMES), np.float32)
    kernels._expand(triples(), counts, combos, SAMPLES, float(TOTAL_COMBOS), maps, perms, out)
    out.flags.writeable = False
    return out
