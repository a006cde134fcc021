"""The thread runner that shares a batch's chunks among threads (equity.engines.parallel)."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from equity.engines.parallel import run_split, shares


@given(st.integers(0, 500), st.integers(1, 16))
def test_shares_cut_the_range_into_contiguous_even_runs(n, n_threads):
    parts = shares(n, n_threads)
    assert len(parts) == min(n, n_threads)
    covered = [i for lo, hi in parts for i in range(lo, hi)]
    assert covered == list(range(n))  # in order, each once
    sizes = [hi - lo for lo, hi in parts]
    assert all(s > 0 for s in sizes)
    assert not sizes or max(sizes) - min(sizes) <= 1


def test_run_split_runs_every_share_once_on_as_many_threads():
    seen: list[tuple[int, int, str]] = []
    lock = threading.Lock()
    started = threading.Barrier(2, timeout=10)  # both shares must run at once to pass it

    def call(lo: int, hi: int) -> None:
        started.wait()
        with lock:
            seen.append((lo, hi, threading.current_thread().name))

    run_split(call, 7, 2)
    assert sorted((lo, hi) for lo, hi, _ in seen) == [(0, 4), (4, 7)]
    assert len({name for *_, name in seen}) == 2
    assert (0, 4, threading.main_thread().name) in seen  # the caller takes the first share


def test_run_split_with_nothing_to_share_calls_once_empty():
    calls: list[tuple[int, int]] = []
    run_split(lambda lo, hi: calls.append((lo, hi)), 0, 2)
    assert calls == [(0, 0)]


def test_run_split_waits_for_every_share_then_raises_the_error():
    done: list[int] = []

    def call(lo: int, hi: int) -> None:
        if lo == 0:
            raise ValueError("share 0")
        done.append(lo)

    with pytest.raises(ValueError, match="share 0"):
        run_split(call, 4, 4)
    assert sorted(done) == [1, 2, 3]
