"""``equity flops`` in hold'em and short deck: every flop's exact counts, run on threads
(:mod:`equity.games.holdem.flop_kernels` has the kernels and how they count)."""

from __future__ import annotations

import numpy as np

from equity.engines.parallel import run_split, using_threads
from equity.games.holdem.flop_kernels import Ranges, _flops

#: The pairwise count costs about ``nh x nv / PAIRWISE_LANES`` steps a board and the sorted one about
#: ``nh + nv``: the pairwise count runs while it is the cheaper. Measured on Zen 4 over a fifteenth of
#: the flops: 264 x 1,326 combos (20% against random) pairwise 0.86 s, sorted 1.06 s; 72 x 1,326 (5%
#: against random) 0.26 s against 0.86 s; 134 x 264 (10% against 20%) 0.14 s against 0.33 s.
PAIRWISE_LANES = 270
#: For one range against itself the mirrored count costs about ``MIRROR_LANES`` villain combos of a
#: pairwise row: 134 combos (10% against 10%) pairwise 0.071 s, mirrored 0.083 s; 264 combos 0.20 s
#: against 0.15 s.
MIRROR_LANES = 160


def flop_counts(flops: np.ndarray, hero: tuple[np.ndarray, np.ndarray],
                villain: tuple[np.ndarray, np.ndarray], gone: np.ndarray, tables: object,
                threads: int) -> np.ndarray:
    """``(F, 3)``: each flop's hero wins, ties and pairs (live combo pairs times boards), int64 for unit
    weights, else float64 (the pairs weighted by the product of their weights). See
    :meth:`equity.games.base.Flops.counts`."""
    h_combos, h_w = _high_first(*hero)
    v_combos, v_w = _high_first(*villain)
    unit = bool((h_w == 1).all() and (v_w == 1).all())
    mirror = h_combos.shape == v_combos.shape and bool((h_combos == v_combos).all() and (h_w == v_w).all())
    pairwise = choose_pairwise(len(h_combos), len(v_combos), mirror)
    dtype = np.int16 if unit else np.float64
    like = np.zeros(0, np.int32 if unit else np.float64)
    out = np.zeros((len(flops), 3), np.int64 if unit else np.float64)
    flops = np.ascontiguousarray(flops, np.uint8)
    gone = np.ascontiguousarray(gone, np.uint8)
    ranges = Ranges(h_combos, h_w.astype(dtype), v_combos, v_w.astype(dtype), gone, like)
    with using_threads(threads) as n:
        n = max(1, min(n, len(flops)))
        run_split(lambda lo, _hi: _flops(flops, lo, n, ranges, pairwise, mirror, tables, out), n, n)
    return out


def choose_pairwise(nh: int, nv: int, mirror: bool) -> bool:
    """Whether the pairwise count is the cheaper for ranges of ``nh`` and ``nv`` combos (module
    constants)."""
    padded = (nv + 15) // 16 * 16
    return nh * padded <= (MIRROR_LANES * nh if mirror else PAIRWISE_LANES * (nh + nv))


def _high_first(combos: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The combos with each row's high card first (uint8, contiguous), and their weights (float64)."""
    rows = np.asarray(combos, np.uint8)
    if not (rows[:, 0] > rows[:, 1]).all():  # a Range's are already
        rows = np.sort(rows, axis=1)[:, ::-1]
    return np.ascontiguousarray(rows), np.asarray(weights, np.float64)
