"""``equity check``: run a file of pinned scenarios and compare every player's equity with it.

A check file is TOML (read with the standard library's ``tomllib``)::

    tolerance = 0.0001          # default for every scenario, in percentage points (optional)

    [[scenario]]
    name = "AA vs KK, all combos"
    players = ["AA", "KK"]      # hands, ranges or "random", hero first
    board = ""                  # optional, as on the command line
    dead = ""                   # optional
    method = "exact"            # optional: "auto" (default), "exact" or "monte-carlo"
    equity = [81.9461, 18.0539] # expected equity of each player, in percent
    tolerance = 0.00005         # optional here if given at the top

Monte Carlo scenarios may give ``trials``, ``precision`` (percentage points), ``time`` (seconds) and
``seed``. A seeded Monte Carlo scenario is reproducible bit for bit, as is an exact one, so a tolerance of
0 is legitimate for both. :func:`update` writes the actual equities back (full float precision), keeping
the file's comments and order (``tomlkit``).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._version import __version__
from .engine import METHODS, calculate
from .errors import CheckFileError, EquityError
from .result import Result
from .simulate import MAX_TRIALS

SCENARIO_KEYS = ("name", "players", "board", "dead", "method", "trials", "precision", "time", "seed",
                 "equity", "tolerance")
TOP_KEYS = ("tolerance", "scenario")


@dataclass(frozen=True)
class Pinned:
    """One scenario of a check file, validated."""

    name: str
    players: list[str]
    board: str
    dead: str
    method: str
    trials: int | None
    precision: float | None  # percentage points
    time_s: float | None
    seed: int | None
    expected: list[float] | None  # percent
    tolerance: float  # percentage points


@dataclass(frozen=True)
class Outcome:
    """A scenario's result beside what the file expects."""

    pinned: Pinned
    result: Result

    @property
    def actual(self) -> list[float]:
        """Each player's equity in percent."""
        return [100 * p.equity for p in self.result.players]

    @property
    def differences(self) -> list[float] | None:
        if self.pinned.expected is None:
            return None
        return [a - e for a, e in zip(self.actual, self.pinned.expected, strict=True)]

    @property
    def ok(self) -> bool:
        """Every player within tolerance (False when the file pins nothing yet)."""
        diffs = self.differences
        return diffs is not None and all(abs(d) <= self.pinned.tolerance for d in diffs)

    def to_dict(self) -> dict[str, Any]:
        diffs = self.differences
        return {
            "name": self.pinned.name, "ok": self.ok, "tolerance_pct": self.pinned.tolerance,
            "players": [{"hand": p.hand, "expected_pct": None if diffs is None else self.pinned.expected[i],
                         "actual_pct": self.actual[i], "difference_pct": None if diffs is None else diffs[i],
                         "ok": diffs is not None and abs(diffs[i]) <= self.pinned.tolerance}
                        for i, p in enumerate(self.result.players)],
            "result": self.result.to_dict(),
        }


def _fail(path: Path, where: str, message: str) -> CheckFileError:
    return CheckFileError(f"{path}: {where}: {message}")


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def load(path: str | Path) -> list[Pinned]:
    """Read and validate a check file.

    Raises:
        CheckFileError: the file is unreadable, not TOML, or a scenario is malformed; the message names
            the scenario and the key.
    """
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CheckFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CheckFileError(f"{path} is not valid TOML: {exc}") from None
    for key in doc:
        if key not in TOP_KEYS:
            raise _fail(path, "top level", f"unknown key {key!r}; expected {' or '.join(TOP_KEYS)} "
                                           "(scenarios go in [[scenario]] tables)")
    default = doc.get("tolerance")
    if default is not None and not (_number(default) and default >= 0):
        raise _fail(path, "top level",
                    f"'tolerance' must be a number >= 0 (percentage points); got {default!r}")
    tables = doc.get("scenario")
    if not isinstance(tables, list) or not tables:
        raise _fail(path, "top level", "no scenarios: add at least one [[scenario]] table")
    out: list[Pinned] = []
    names: set[str] = set()
    for i, table in enumerate(tables):
        out.append(_scenario(path, i, table, default, names))
    return out


def _scenario(path: Path, i: int, table: dict[str, Any], default: float | None, names: set[str]) -> Pinned:
    name = table.get("name")
    where = f"scenario {name!r}" if isinstance(name, str) and name else f"scenario {i + 1}"
    if not isinstance(name, str) or not name.strip():
        raise _fail(path, where, "'name' must be a non-empty string")
    if name in names:
        raise _fail(path, where, "'name' is used by an earlier scenario; names must be unique")
    names.add(name)
    for key in table:
        if key not in SCENARIO_KEYS:
            raise _fail(path, where, f"unknown key {key!r}; a scenario has {', '.join(SCENARIO_KEYS)}")

    def get(key: str, ok: Callable[[Any], bool], what: str, default_value: Any = None) -> Any:
        value = table.get(key, default_value)
        if key in table and not ok(value):
            raise _fail(path, where, f"{key!r} must be {what}; got {value!r}")
        return value

    players = get("players",
                  lambda v: isinstance(v, list) and len(v) >= 2 and all(isinstance(p, str) for p in v),
                  "a list of at least two hands, ranges or \"random\" (strings)")
    if players is None:
        raise _fail(path, where, "'players' is missing: a list such as [\"AsKs\", \"QQ+,AKs\", \"random\"]")
    board = get("board", lambda v: isinstance(v, str), "a string of cards", "")
    dead = get("dead", lambda v: isinstance(v, str), "a string of cards", "")
    method = get("method", lambda v: v in METHODS, " or ".join(repr(m) for m in METHODS), "auto")
    trials = get("trials", lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_TRIALS,
                 "a whole number from 1 to 10**15, without quotes or exponent (e.g. 1_000_000)")
    precision = get("precision", lambda v: _number(v) and v > 0, "a number > 0 (percentage points)")
    time_s = get("time", lambda v: _number(v) and v > 0, "a number of seconds > 0")
    seed = get("seed", lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**64,
               "a whole number 0 .. 2**64-1")
    expected = get("equity", lambda v: isinstance(v, list) and all(_number(x) for x in v),
                   "a list of numbers (each player's equity in percent)")
    if expected is not None and len(expected) != len(players):
        raise _fail(path, where, f"'equity' has {len(expected)} numbers for {len(players)} players")
    tolerance = get("tolerance", lambda v: _number(v) and v >= 0, "a number >= 0 (percentage points)",
                    default)
    if tolerance is None:
        raise _fail(path, where, "'tolerance' is missing (percentage points): give it here or at the top "
                                 "of the file")
    return Pinned(name, players, board, dead, method, trials, precision, time_s, seed,
                  None if expected is None else [float(x) for x in expected], float(tolerance))


def run(pinned: list[Pinned], *, threads: int | None = None,
        progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    """Run every scenario (in file order).

    Raises:
        CheckFileError: a scenario cannot be played (a bad card or range, an impossible deal, an option
            that does not fit its method), naming it.
    """
    outcomes = []
    for i, p in enumerate(pinned):
        try:
            result = calculate(p.players, p.board, p.dead, method=p.method, trials=p.trials,
                               precision=None if p.precision is None else p.precision / 100,
                               time_s=p.time_s, seed=p.seed, threads=threads)
        except EquityError as exc:
            raise CheckFileError(f"scenario {p.name!r}: {exc}") from None
        outcomes.append(Outcome(p, result))
        if progress is not None:
            progress(i + 1, len(pinned))
    return outcomes


def summary(path: str | Path, outcomes: list[Outcome]) -> dict[str, Any]:
    """The ``equity check --json`` object."""
    return {"version": __version__, "file": str(path), "ok": all(o.ok for o in outcomes),
            "scenarios": [o.to_dict() for o in outcomes]}


def update(path: str | Path, outcomes: list[Outcome]) -> None:
    """Write each scenario's actual equities into its ``equity`` key, keeping comments and order."""
    import tomlkit

    path = Path(path)
    doc = tomlkit.parse(path.read_text(encoding="utf-8"))
    tables = doc["scenario"]
    for table, outcome in zip(tables, outcomes, strict=True):
        values = tomlkit.array()
        values.extend(outcome.actual)
        table["equity"] = values
    path.write_text(tomlkit.dumps(doc), encoding="utf-8")
