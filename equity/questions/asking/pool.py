"""Where the commands that run many items run them: in this process, on worker processes of this
machine, or on a Dask cluster (:mod:`equity.questions.asking.cluster`): ``equity batch`` (lines), ``equity
hands`` (hands with an all-in) and ``equity flops`` (groups of flops) hand :func:`executor` a job, and
take the answers back in order through :func:`ordered_map`."""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from queue import Queue
from typing import Any

from equity.questions.question import Threads

#: ``job(items, threads)``: the answers to ``items``, run where the executor sends it.
Job = Callable[[list[Any], Threads], list[Any]]
#: ``submit(items)``: starts the job on ``items`` somewhere and returns the future of its answers.
Submit = Callable[[list[Any]], "Future[list[Any]]"]


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


def ordered_map(submit: Submit, groups: Iterable[list[Any]], window: int, *,
                reader: bool = False) -> Iterator[list[Any]]:
    """Each group's answers, in the order of ``groups``: a group is handed to ``submit`` as soon as it is
    read, at most ``window`` (at least 1) groups in flight, and its answers are taken back once it and
    every earlier group are done, whoever answered them. ``groups`` is read lazily, so memory stays flat
    however many there are.

    The groups are read and submitted on the caller's thread, between the answers it takes (an error
    reading them raised at once); with ``reader``, on a thread of their own, so that an answer comes as
    soon as it is done even while the next group waits for input (a stream), and an error reading them
    is raised here after the answers of the groups read before it. An error of a group's future is
    raised when its answers are due.
    """
    window = max(1, window)
    if not reader:
        pending: deque[Future[list[Any]]] = deque()
        for group in groups:
            while len(pending) >= window:
                yield pending.popleft().result()
            pending.append(submit(group))
        while pending:
            yield pending.popleft().result()
        return
    slots = threading.Semaphore(window)
    sent: Queue[Future[list[Any]] | None] = Queue()
    stop = threading.Event()
    failure: list[BaseException] = []

    def read() -> None:
        try:
            for group in groups:
                slots.acquire()
                if stop.is_set():
                    return
                sent.put(submit(group))
        except BaseException as exc:  # raised on the caller's thread once the groups before it are out
            failure.append(exc)
        finally:
            sent.put(None)

    thread = threading.Thread(target=read, name="equity-ordered-map-reader", daemon=True)
    thread.start()
    try:
        while (future := sent.get()) is not None:
            yield future.result()
            slots.release()
    finally:
        stop.set()
        slots.release()  # a reader waiting for a slot sees the stop
    if failure:
        raise failure[0]
