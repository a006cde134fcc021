"""Running a kernel in batches of fixed chunks on numba's threads: what both engines share.

A run is cut into chunks whose results do not depend on the thread count; the engine hands the kernel a
batch of chunks at a time, sized so a batch takes about :data:`BATCH_SECONDS`, which keeps the progress
bar moving, Ctrl-C responsive and a time budget honoured. Between batches it reports progress.

**Threads.** A batch's chunks run on numba's thread count, each thread running one ``nogil`` kernel
call on its share. The kernels that take a range of chunks (``@njit(cache=True, nogil=True)``) are called
from Python threads, not from a ``parallel=True`` driver: a driver is a second compiled library that holds
the whole kernel again (numba links a callee's code into each caller and generates it anew there), and it
cost the first run with empty caches 3-5 s a kernel, half of that run. The split is the one ``prange`` makes:
the chunks cut into as many contiguous runs as threads, each into its own rows of the output, so the results
do not depend on the thread count. The calling thread takes the first run itself.

Omaha's Monte Carlo and deal-by-deal enumeration and the board-less enumeration keep their ``prange``
drivers: the same range kernel ran 18-30% faster inside a driver than called from Python, on one
thread as on two. Why is not known: compiled with ``noalias`` arguments or the NumPy error model, as
the driver's body is, or called from a serial ``njit`` wrapper, it was no faster.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait

import numba

from equity.errors import ScenarioError
from equity.jit import cache_files

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


#: The kernels (and signature tests) found in the cache by :func:`in_jit_cache`: once there, they stay
#: (a run loads them), so a caller asking before every run (a hand history's every all-in) reads the
#: cache's index once.
_FOUND: set[tuple[int, int]] = set()


def in_jit_cache(dispatcher: object, matches: Callable[[tuple], bool] | None = None) -> bool:
    """Whether an ``@njit(cache=True)`` function's compiled code is already in numba's on-disk cache;
    with ``matches``, code for a signature (a tuple of numba types) it accepts (a test that lives as
    long as the process, as :func:`~equity.engines.dealing.compiled_for`'s do)."""
    key = (id(dispatcher), id(matches))
    if key in _FOUND:
        return True
    if _on_disk(dispatcher, matches):
        _FOUND.add(key)
        return True
    return False


def _on_disk(dispatcher: object, matches: Callable[[tuple], bool] | None) -> bool:
    try:
        files = cache_files(dispatcher)
    except AttributeError:  # pragma: no cover - numba internals changed
        return True
    for cache_file in files:  # the cache folder's, then the shipped kernels'
        try:
            if matches is None:
                if os.path.exists(cache_file._index_path):
                    return True
            elif any(matches(key[0]) for key in cache_file._load_index()):
                return True
        except (AttributeError, TypeError, IndexError):  # pragma: no cover - numba internals changed
            return True
        except (pickle.UnpicklingError, EOFError, ValueError, OSError):  # a damaged index: compiled anew
            continue
    return False


_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None


def _workers() -> ThreadPoolExecutor:
    """The process's pool (started on first use, one thread fewer than numba's most: the caller works)."""
    global _pool
    with _lock:
        if _pool is None:
            most = max(1, numba.config.NUMBA_NUM_THREADS - 1)
            _pool = ThreadPoolExecutor(most, thread_name_prefix="equity-kernel")
            atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
        return _pool


def shares(n: int, n_threads: int) -> list[tuple[int, int]]:
    """``range(n)`` cut into at most ``n_threads`` contiguous ``(lo, hi)`` runs, the longer ones first,
    as even as whole chunks allow; none empty."""
    if n == 0:
        return []
    k = min(n_threads, n)
    size, extra = divmod(n, k)
    out, lo = [], 0
    for j in range(k):
        out.append((lo, lo + size + (j < extra)))
        lo = out[-1][1]
    return out


def run_split(call: Callable[[int, int], object], n: int, n_threads: int | None = None) -> None:
    """``call(lo, hi)`` on each share of ``range(n)`` (:func:`shares`), at once on ``n_threads``
    threads (default: numba's current count, which :func:`~equity.engines.parallel.using_threads` sets);
    returns when all are done, raising the first error any raised. With ``n == 0``, ``call(0, 0)`` once
    (the kernel loaded, nothing run)."""
    parts = shares(n, n_threads or numba.get_num_threads())
    if not parts:  # nothing to share: one empty call, which loads (or compiles) the kernel
        call(0, 0)
        return
    if len(parts) == 1:
        call(*parts[0])
        return
    pool = _workers()
    futures: list[Future] = [pool.submit(call, lo, hi) for lo, hi in parts[1:]]
    try:
        call(*parts[0])
    finally:
        wait(futures)  # every share finished before the caller reads (or frees) the outputs
    for f in futures:
        f.result()
