"""Running ``equity batch`` on Dask's ``distributed``: a running scheduler, or a LocalCluster.

Installed with the optional extra (``pip install 'equity[cluster]'``); nothing else in equity imports
Dask. Each group of lines is one task, the ``work`` function :mod:`equity.questions.asking.batch` hands over
(:func:`equity.questions.asking.batch.work`), submitted as not pure (a line without a seed
draws one); the scheduler reruns the tasks of a worker that dies on another worker, and a seeded or exact
line gives the same numbers wherever it runs.

``ADDRESS`` is a scheduler's address (``tcp://10.0.0.5:8786``, or ``10.0.0.5:8786``), whose workers were
started with ``dask worker ADDRESS`` on machines that have equity installed; ``local:N`` starts a
LocalCluster of N worker processes, one thread each, on this machine for the run.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from equity.errors import EquityError


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise EquityError("--cluster needs Dask's distributed: pip install 'equity[cluster]'") from None
    return distributed


@contextlib.contextmanager
def connect(address: str, work: Callable[..., Any]) -> Iterator[tuple[Callable[[list[Any]], Any], int]]:
    """``(submit, workers)`` for a cluster: ``local:N`` or a scheduler's address; ``submit(lines)`` runs
    ``work(lines, "auto")`` on a worker.

    Raises:
        EquityError: a malformed ``local:N``, Dask not installed, or no scheduler answering at
            ``address`` (naming it).
    """
    distributed = _distributed()
    cluster = None
    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not count.isdigit() or not 1 <= int(count) <= 256:
            raise EquityError(f"--cluster {address!r}: write local:N with N workers, 1 .. 256 (e.g. local:2)")
        cluster = distributed.LocalCluster(n_workers=int(count), threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=50)
        target: Any = cluster
    else:
        target = address if "://" in address else f"tcp://{address}"
    try:
        try:
            client = distributed.Client(target, timeout="10s")
        except (OSError, TimeoutError) as exc:
            raise EquityError(f"--cluster {address!r}: no Dask scheduler answered ({exc})") from None
        with client:
            workers = max(1, len(client.scheduler_info().get("workers", {})))

            def submit(lines: list[Any]) -> Any:
                return client.submit(work, lines, "auto", pure=False)

            yield submit, workers
    finally:
        if cluster is not None:
            cluster.close()
