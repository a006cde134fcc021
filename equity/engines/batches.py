"""Running a kernel in batches of fixed chunks on numba's threads: what both engines share.

A run is cut into chunks whose results do not depend on the thread count; the engine hands the kernel a
batch of chunks at a time, sized so a batch takes about :data:`BATCH_SECONDS`, which keeps the progress
bar moving, Ctrl-C responsive and a time budget honoured. Between batches it reports progress.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator

import numba

from ..errors import ScenarioError

#: ``progress(done, total)``: called between batches; ``total`` may be an estimate, or None if unknown.
Progress = Callable[[int, int | None], None]

#: How long one batch of chunks should take, in seconds.
BATCH_SECONDS = 0.25


def check_threads(threads: int | None) -> None:
    """Raise :class:`ScenarioError` unless ``threads`` is None or 1 .. numba's thread count."""
    most = numba.config.NUMBA_NUM_THREADS
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int)
                                or not 1 <= threads <= most):
        raise ScenarioError(f"threads must be a whole number 1 .. {most} on this machine; got {threads!r}")


@contextlib.contextmanager
def using_threads(threads: int | None) -> Iterator[int]:
    """Run the block on ``threads`` numba threads (default: all), restoring the previous count after;
    yields the count in use."""
    previous = numba.get_num_threads()
    n_threads = threads or previous
    if n_threads == previous:
        yield n_threads
        return
    numba.set_num_threads(n_threads)
    try:
        yield n_threads
    finally:
        numba.set_num_threads(previous)


def next_batch(batch: int, n: int, spent: float, n_threads: int, goal: float = BATCH_SECONDS) -> int:
    """The next batch's chunk count: aimed at ``goal`` seconds from the last batch's ``spent`` seconds
    for ``n`` chunks, at most 4x the last ``batch``, a whole number of rounds of ``n_threads``."""
    per_chunk = max(spent / max(n, 1), 1e-6)
    return max(n_threads, min(4 * batch, int(goal / per_chunk) // n_threads * n_threads))


def in_jit_cache(dispatcher: object, matches: Callable[[tuple], bool] | None = None) -> bool:
    """Whether an ``@njit(cache=True)`` function's compiled code is already in numba's on-disk cache;
    with ``matches``, code for a signature (a tuple of numba types) it accepts."""
    try:
        cache_file = dispatcher._cache._cache_file  # type: ignore[attr-defined]
        if matches is None:
            return os.path.exists(cache_file._index_path)
        return any(matches(key[0]) for key in cache_file._load_index())
    except (AttributeError, TypeError, IndexError):  # pragma: no cover - numba internals changed
        return True
