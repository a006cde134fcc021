"""How a question is run: :class:`RunOptions`, one frozen value that every question takes.

The command line's shared options (``--exact``/``--mc``, ``--trials``, ``--precision``, ``--time``,
``--seed``, ``--threads`` and the progress bar) and a scenario file's keys (a check file's table, a batch
line) are each turned into one :class:`RunOptions`, once; the questions pass it on whole, and the one
place that starts an engine (:func:`equity.questions.calculate.run_chosen`) reads its fields. The Python
API takes the same value (``options=``) or its fields as keywords (``trials=10_000``), which are the
same thing.

>>> RunOptions.build(trials=10_000, seed=1).monte_carlo_asked
('trials', 'seed')
>>> RunOptions(precision=percent(0.1)).precision
0.001
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

#: ``progress(done, total)``: called between batches of a run; ``total`` may be an estimate, or None.
Progress = Callable[[int, int | None], None]
#: ``on_start(method, compiled, game)``: called once the method is chosen, before its kernel is loaded
#: (``method`` "exact", "monte-carlo", or "flops" for ``equity flops``'s exact counts);
#: ``compiled`` is False when the kernel is not in numba's cache yet and the first call compiles it;
#: ``game`` the game's title (as tables name it).
OnStart = Callable[[str, bool, str], None]
Method = Literal["auto", "exact", "monte-carlo"]
METHODS = ("auto", "exact", "monte-carlo")


def percent(points: float | None) -> float | None:
    """A precision in percentage points, as people type it (``--precision 0.05``, a file's
    ``precision = 0.05``), as the fraction the engines read (0.0005); None stays None."""
    return None if points is None else points / 100


@dataclass(frozen=True)
class RunOptions:
    """How to run a question, whatever it asks.

    Attributes:
        method: ``"auto"`` (exact when cheap, else Monte Carlo), ``"exact"`` or ``"monte-carlo"``.
        trials: Monte Carlo: play exactly this many trials.
        precision: Monte Carlo: stop once the standard error is at most this, a fraction (0.0005 is
            0.05 percentage points: :func:`percent` converts); each question says of what.
        time_s: Monte Carlo: play for about this many seconds.
        seed: Monte Carlo: the seed (drawn and reported when omitted).
        threads: threads to use (None: all), or ``"auto"``: one for a small run and all for a big one
            (:meth:`sized`; what a pool that runs one question on every core wants); the numbers do not
            depend on it.
        progress: called as ``progress(done, total)`` as the run goes.
        on_start: called as ``on_start(method, compiled, game)`` once the method is chosen.

    Any of ``trials``, ``precision``, ``time_s`` and ``seed`` asks :func:`equity.calculate` for Monte
    Carlo. The values are checked where they are used, with messages that name them.
    """

    method: Method = "auto"
    trials: int | None = None
    precision: float | None = None
    time_s: float | None = None
    seed: int | None = None
    threads: int | Literal["auto"] | None = None
    progress: Progress | None = None
    on_start: OnStart | None = None

    @classmethod
    def build(cls, options: RunOptions | None = None, /, **fields: Any) -> RunOptions:
        """``options`` (default: all defaults) with ``fields`` replacing its own: what a public function
        that takes both ``options=`` and the fields as keywords makes of them.

        Raises:
            TypeError: a keyword that is no field, naming it; ``options`` that is not a RunOptions.
        """
        if options is not None and not isinstance(options, RunOptions):
            raise TypeError(f"options must be a RunOptions; got {options!r} ({type(options).__name__})")
        unknown = [name for name in fields if name not in FIELDS]
        if unknown:
            raise TypeError(f"unexpected keyword argument {unknown[0]!r}; the run options are "
                            f"{', '.join(FIELDS)}")
        if options is None:
            return cls(**fields)
        return dataclasses.replace(options, **fields) if fields else options

    def replace(self, **changes: Any) -> RunOptions:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)

    @property
    def monte_carlo_asked(self) -> tuple[str, ...]:
        """The Monte Carlo options given, by the names messages use (``time`` for ``time_s``)."""
        given = (("trials", self.trials), ("precision", self.precision), ("time", self.time_s),
                 ("seed", self.seed))
        return tuple(name for name, value in given if value is not None)

    def sized(self, big: bool) -> RunOptions:
        """These options with ``"auto"`` threads made a count: all (None) for a ``big`` run, else one;
        any other ``threads`` as it is.

        >>> RunOptions(threads="auto").sized(False).threads, RunOptions(threads=3).sized(False).threads
        (1, 3)
        """
        if self.threads != "auto":
            return self
        return self.replace(threads=None if big else 1)

    @property
    def plain(self) -> bool:
        """Whether these are the defaults of a small exact spot: no Monte Carlo option, the method
        ``"auto"`` or ``"exact"``, one thread, the default or ``"auto"`` (one, for a small run), and no
        hooks (the fast front door of :func:`equity.calculate` takes only such runs)."""
        return (self.method in ("auto", "exact") and not self.monte_carlo_asked
                and (self.threads is None or self.threads == "auto"
                     or (type(self.threads) is int and self.threads == 1))
                and self.progress is None and self.on_start is None)


#: The names of the options, as keywords take them.
FIELDS = tuple(f.name for f in dataclasses.fields(RunOptions))
DEFAULT = RunOptions()
