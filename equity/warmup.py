"""``equity warmup``: load or compile, ahead of the first real run, every kernel the commands may call.

Each game lists small questions that between them reach all its kernels
(:meth:`~equity.games.base.Game.warmup_lines`); warming a game asks them and evaluates a hand of each
size ``equity eval`` takes. The kernels land in equity's cache folder (:mod:`equity.cache`), so that a
later run in a new process compiles nothing: a CI job runs this once, saves the folder, and restores it.

Games run in worker processes, as many as asked (default: the cores), the first game of each family
of kernels (the module its class comes from: hold'em and short deck, the Omaha games, the board-less
games) before the others of that family, which then mostly load what it compiled. A kernel compiles
once however many games use it.

With no game named it also warms the tournament questions (:data:`TOURNAMENT_LINES`: ICM exact and
sampled, heads-up push/fold, a table's push/fold), which builds the three-way push/fold table into the
cache folder (about a minute, once).

Idempotent: a second warm-up loads everything and compiles nothing. Two at once are safe: the second
waits on a lock in the cache folder until the first is done, then finds everything compiled (numba
writes each entry through a temporary file and a rename, so a reader never sees half of one).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from equity import cache
from equity.games import GAMES, Game, get_game
from equity.questions.asking import registry

#: A kernel: its module and name, and the signature it was loaded or compiled for.
Kernel = tuple[str, str, str]
#: The name the tournament questions' warm-up goes by, beside the games'.
TOURNAMENTS = "tournaments"
#: Questions that between them reach every tournament kernel and table.
TOURNAMENT_LINES = (
    {"question": "icm", "stacks": [5000, 3000, 2000], "payouts": [50, 30, 20]},
    {"question": "icm", "stacks": [5000, 3000, 2000], "payouts": [50, 30, 20], "model": "mw", "trials": 200,
     "seed": 1},
    {"question": "pushfold", "stack": 10},
    {"question": "pushfold", "stacks": [10, 10, 10], "payouts": [50, 30, 20]},
)


@dataclass(frozen=True)
class Family:
    """One family's kernels after a warm-up: how many signatures were compiled now and how many were
    loaded from the cache (already compiled)."""

    name: str
    compiled: int
    loaded: int


@dataclass(frozen=True)
class Warmup:
    """What ``equity warmup`` did: the games warmed, the kernels by family (the package of their
    module: ``equity.games.omaha`` ...), the wall time, the worker processes and the cache folder."""

    games: tuple[str, ...]
    families: tuple[Family, ...]
    seconds: float
    jobs: int
    folder: Path

    @property
    def compiled(self) -> int:
        return sum(f.compiled for f in self.families)

    @property
    def kernels(self) -> int:
        return sum(f.compiled + f.loaded for f in self.families)

    def to_dict(self) -> dict[str, object]:
        return {"games": list(self.games), "seconds": round(self.seconds, 3), "jobs": self.jobs,
                "cache": str(self.folder), "kernels": self.kernels, "compiled": self.compiled,
                "families": [{"family": f.name, "kernels": f.compiled + f.loaded, "compiled": f.compiled,
                              "loaded": f.loaded} for f in self.families]}


def kernel_counts() -> dict[Kernel, tuple[int, int]]:
    """Every signature of every equity kernel this process has loaded or compiled: (loaded, compiled)
    counts from numba's own per-dispatcher cache statistics."""
    out: dict[Kernel, tuple[int, int]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("equity.") or module is None:
            continue
        for attr, obj in list(vars(module).items()):
            hits, misses = getattr(obj, "_cache_hits", None), getattr(obj, "_cache_misses", None)
            if hits is None or misses is None or getattr(obj, "__module__", name) != name:
                continue
            for sig in {*hits, *misses}:
                out[(name, attr, str(sig))] = (hits.get(sig, 0), misses.get(sig, 0))
    return out


def warm_game(name: str) -> dict[Kernel, tuple[int, int]]:
    """Ask game ``name``'s warm-up questions in this process; the kernels it touched, as
    :func:`kernel_counts` has them (a worker's answer to the parent).

    Raises:
        GameError: an unknown game.
    """
    if name == TOURNAMENTS:
        for line in TOURNAMENT_LINES:
            registry.answer(dict(line))
        return kernel_counts()
    game = get_game(name)
    for line in game.warmup_lines():
        registry.answer({**line, "game": game.name})
    for cards in game.warmup_cards():
        game.evaluate(cards)
    return kernel_counts()


def families(games: Sequence[Game]) -> dict[str, list[Game]]:
    """The games by family of kernels (the package their class comes from), in order."""
    out: dict[str, list[Game]] = {}
    for game in games:
        out.setdefault(type(game).__module__.rpartition(".")[0], []).append(game)
    return out


def warmup(names: Sequence[str] = (), jobs: int | None = None,
           on_game: Callable[[str], None] | None = None) -> Warmup:
    """Warm the games ``names`` (every game and the tournament questions when empty) in ``jobs`` worker
    processes (default: the cores, at most one per game); ``on_game(name)`` after each game is done
    (:data:`TOURNAMENTS` for the tournament questions).

    Raises:
        GameError: an unknown game name.
        EquityError: a warm-up question failed (a bug: each game's are tested).
    """
    games = [get_game(n) for n in names] if names else list(GAMES.values())
    games = list({g.name: g for g in games}.values())
    extra = [] if names else [TOURNAMENTS]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(games) + len(extra)))
    start = time.perf_counter()
    with _exclusive(cache.info().kernels):
        counts = _run(games, extra, jobs, on_game or (lambda _name: None))
    return Warmup(tuple(g.name for g in games) + tuple(extra), _by_family(counts),
                  time.perf_counter() - start, jobs, cache.folder())


def _run(games: list[Game], extra: list[str], jobs: int,
         on_game: Callable[[str], None]) -> dict[Kernel, tuple[int, int]]:
    """Warm the games on ``jobs`` processes, each family's first game before the rest of it, and the
    ``extra`` warm-ups (the tournament questions) first of all; the kernels, loaded or compiled, merged
    (a kernel compiled by any worker counts as compiled)."""
    merged: dict[Kernel, tuple[int, int]] = {}

    def merge(counts: dict[Kernel, tuple[int, int]]) -> None:
        for key, (hits, misses) in counts.items():
            old = merged.get(key, (0, 0))
            merged[key] = (max(old[0], hits), max(old[1], misses))

    grouped = families(games)
    if jobs == 1:
        for name in [*extra, *(game.name for game in games)]:
            merge(warm_game(name))
            on_game(name)
        return merged
    later = {name: [] for name in extra} | {first.name: rest for first, *rest in grouped.values()}
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: numba's threads never forked
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        running: dict[Future, str] = {pool.submit(warm_game, name): name for name in later}
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                name = running.pop(future)
                merge(future.result())
                on_game(name)
                for game in later.get(name, ()):
                    running[pool.submit(warm_game, game.name)] = game.name
    return merged


def _by_family(counts: dict[Kernel, tuple[int, int]]) -> tuple[Family, ...]:
    """Per package of kernels (``equity.engines``, ``equity.games.holdem`` ...): signatures compiled
    now, and loaded."""
    out: dict[str, list[int]] = {}
    for (module, _name, _sig), (_hits, misses) in sorted(counts.items()):
        family = module.rpartition(".")[0] if module.count(".") > 1 else module
        row = out.setdefault(family, [0, 0])
        row[0 if misses else 1] += 1
    return tuple(Family(name, compiled, loaded) for name, (compiled, loaded) in sorted(out.items()))


@contextlib.contextmanager
def _exclusive(folder: Path) -> Iterator[None]:
    """Hold the cache folder's warm-up lock (a second warm-up waits for the first); where the folder
    cannot be written or the platform has no ``fcntl``, no lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / ".warmup.lock", "a")  # noqa: SIM115 - held open for the whole block
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
