"""A batch's chunks on numba's thread count, each thread running one ``nogil`` kernel call on its share.

The kernels that take a range of chunks (``@njit(cache=True, nogil=True)``) are called from Python
threads, not from a ``parallel=True`` driver: a driver is a second compiled library that holds the whole
kernel again (numba links a callee's code into each caller and generates it anew there), and it cost the
first run with empty caches 3-5 s a kernel, half of that run. The split is the one ``prange`` makes: the
chunks cut into as many contiguous runs as threads, each into its own rows of the output, so the results
do not depend on the thread count. The calling thread takes the first run itself.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait

import numba

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
    threads (default: numba's current count, which :func:`~equity.engines.batches.using_threads` sets);
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
