"""The only place the evaluator's tables are cached on disk or read back.

The tables come from :func:`equity.evaluators.dag.build_tables` (deterministic, ~0.2 s). The first use writes
them to a user cache directory as one uncompressed ``.npz`` with a SHA-256 sidecar; later loads read the
file, check its digest and shapes, and derive the kernels' flat walk layout
(:func:`equity.evaluators.dag.walk_layout`): a few milliseconds in all. A missing, truncated or corrupt cache
file is detected and rebuilt, never used. Where no cache directory is writable the tables are simply
built in memory.

Cache directory: equity's one cache folder (:mod:`equity.cache`), beside the compiled kernels.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from equity import cache as cache_folder
from equity.evaluators import dag

#: Bump when the layout or meaning of any table changes; old cache files are then ignored.
FORMAT = 1


class Tables(NamedTuple):
    """The kernels' walk layout (see :func:`equity.evaluators.dag.walk_layout`), in kernel argument order: the
    rank walk, the flush pointers as sub-DAG offsets, and the flush pointers as suit words."""

    rank_step: np.ndarray
    rank_last: np.ndarray
    rank_value: np.ndarray
    flush_step: np.ndarray
    flush_value: np.ndarray
    card_word: np.ndarray
    suit_shift: np.ndarray
    suited_class: np.ndarray
    rank_three: np.ndarray
    rank_sorted: np.ndarray


#: The natural tables that are cached, with their shapes and dtypes.
_SHAPES = {
    "class_ranks": ((dag.N_CLASSES + 1, 5), np.uint8),
    "rank_next": ((dag.N_NODES + 1, dag.N_RANKS), np.int32),
    "rank_class": ((dag.N_NODES + 1,), np.int16),
    "flush_next": ((dag.N_FLUSH_NODES + 1, dag.N_RANKS), np.int16),
    "flush_class": ((dag.N_FLUSH_NODES + 1,), np.int16),
}


def cache_path() -> Path:
    """The cache file of this table format, in equity's cache folder (:func:`equity.cache.folder`)."""
    return cache_folder.folder() / f"dag-tables-v{FORMAT}.npz"


def build() -> dict[str, np.ndarray]:
    """The natural tables, built from first principles (no disk access)."""
    built = dag.build_tables()
    return {name: built[name] for name in _SHAPES}


def _layout(natural: dict[str, np.ndarray]) -> Tables:
    walk = {name: natural[name] for name in ("rank_next", "rank_class", "flush_next", "flush_class")}
    return Tables(**dag.walk_layout(**walk))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read(path: Path) -> dict[str, np.ndarray] | None:
    """The natural tables in ``path`` if it and its digest sidecar are intact, else None."""
    try:
        data = path.read_bytes()
        expected = path.with_suffix(".sha256").read_text().strip()
    except OSError:
        return None
    if _digest(data) != expected:
        return None
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in _SHAPES}
    except (OSError, ValueError, KeyError):
        return None
    for name, (shape, dtype) in _SHAPES.items():
        if arrays[name].shape != shape or arrays[name].dtype != dtype:
            return None
    return arrays


def _write(path: Path, natural: dict[str, np.ndarray]) -> bool:
    """Write atomically (temp file + rename), the data before its digest. False if not writable."""
    buf = io.BytesIO()
    np.savez(buf, **natural)
    data = buf.getvalue()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for target, payload in ((path, data), (path.with_suffix(".sha256"), _digest(data).encode())):
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=target.name, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(payload)
            os.replace(tmp, target)
    except OSError:
        return False
    return True


def load_natural(path: Path | None = None) -> dict[str, np.ndarray]:
    """The natural tables, from the cache when it is intact, else built (and cached when possible)."""
    path = path or cache_path()
    natural = _read(path)
    if natural is None:
        natural = build()
        _write(path, natural)
    return natural


def load(path: Path | None = None) -> Tables:
    """The kernels' tables, from the cache when it is intact, else built (and cached)."""
    return _layout(load_natural(path))


@cache
def _natural() -> dict[str, np.ndarray]:
    return load_natural()


@cache
def get() -> Tables:
    """The process-wide kernel tables (loaded once)."""
    return _layout(_natural())


def class_ranks() -> np.ndarray:
    """uint8 (7463, 5): the five ranks of each class (see :mod:`equity.evaluators.dag`)."""
    return _natural()["class_ranks"]
