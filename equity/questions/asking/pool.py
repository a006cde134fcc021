"""Where the commands that run many items run them: in this process, on worker processes of this
machine, or on a Dask cluster (:mod:`equity.questions.asking.cluster`): ``equity batch`` (lines), ``equity
hands`` (hands with an all-in) and ``equity flops`` (groups of flops) hand :func:`executor` a job."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from typing import Any

from equity.questions.question import Threads

#: ``job(items, threads)``: the answers to ``items``, run where the executor sends it.
Job = Callable[[list[Any], Threads], list[Any]]


def default_workers() -> int:
    """One worker a core this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def _inline(job: Job, items: list[Any]) -> Future[list[Any]]:
    """``job(items)`` run in this process on all threads, as a finished future."""
    future: Future[list[Any]] = Future()
    future.set_result(job(items, None))
    return future


def local_executor(workers: int) -> Executor:
    """A pool of ``workers`` processes, each loading the kernels once (spawned, so numba's threads are
    never forked)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


@contextlib.contextmanager
def executor(workers: int | None, cluster: str | None, job: Job,
             inline: Callable[[list[Any]], Future[list[Any]]] | None = None) -> Iterator[tuple[Any, int]]:
    """``(submit, workers)``: in this process (``workers == 0``), a pool of worker processes (``None``: one
    per core), or a Dask cluster (``cluster``: see :mod:`equity.questions.asking.cluster`); ``submit(items)``
    runs ``job(items, threads)`` there and returns its future. ``inline``: how this process runs a group
    (default: ``job`` on all threads)."""
    if cluster:
        from equity.questions.asking.cluster import connect

        with connect(cluster, job) as connected:
            yield connected
        return
    n = default_workers() if workers is None else workers
    if n == 0:
        yield (inline or functools.partial(_inline, job)), 1
        return
    pool = local_executor(n)
    threads = "auto" if n > 1 else None
    try:
        yield (lambda items: pool.submit(job, items, threads)), n
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
