"""``equity check``: run a file of pinned scenarios and compare every player's equity with it.

A check file is TOML (read with the standard library's ``tomllib``)::

    tolerance = 0.0001          # default for every scenario, in percentage points (optional)

    [[scenario]]
    name = "AA vs KK, all combos"
    players = ["AA", "KK"]      # hands, ranges, "random" or counts of random hands, hero first
    board = ""                  # optional, as on the command line
    dead = ""                   # optional
    method = "exact"            # optional: "auto" (default), "exact" or "monte-carlo"
    equity = [81.9461, 18.0539] # expected equity of each player, in percent
    tolerance = 0.00005         # optional here if given at the top

A scenario has the keys of :mod:`equity.questions.asking.spec` (players, board, dead, game, method, trials,
precision, time, seed, categories) besides its name, equity and tolerance. Besides ``equity`` it may pin any
of a player's other figures, each a list in percent, one number per player: ``win`` and ``tie``, and in
split-pot games ``scoop``, ``high_win``, ``high_tie``, ``low_win``, ``low_tie``, ``high_equity``,
``low_equity`` and ``low_share`` (:mod:`equity.result`). A seeded Monte Carlo scenario is
reproducible bit for bit, as is an exact one, so a tolerance of 0 is legitimate for both.
:func:`update` writes the actual equities back (full float precision), a Monte Carlo scenario's seed and
trial count with them (so the pin replays bit for bit), keeping the file's comments and
order (``tomlkit``).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from equity._version import __version__
from equity.errors import CheckFileError, EquityError
from equity.questions.asking.spec import Spec, read_spec
from equity.result import SPLIT_KEYS, Result

#: The figures a check file may pin, each a list of every player's value in percent.
PIN_KEYS = ("equity", "win", "tie", *SPLIT_KEYS)
CHECK_KEYS = ("name", "tolerance", *PIN_KEYS)
TOP_KEYS = ("tolerance", "scenario")


@dataclass(frozen=True)
class Pinned:
    """One scenario of a check file, validated: its name, what to run, and what it should give."""

    name: str
    spec: Spec
    expected: list[float] | None  # each player's equity, percent
    tolerance: float  # percentage points
    others: dict[str, list[float]] = field(default_factory=dict)  # other pinned figures, percent


@dataclass(frozen=True)
class Checked:
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

    def figure(self, key: str) -> list[float]:
        """Each player's figure ``key`` (one of :data:`PIN_KEYS`) in percent.

        Raises:
            CheckFileError: a split-pot figure pinned for a one-pot game.
        """
        values = []
        for p in self.result.players:
            if key in ("equity", "win", "tie"):
                values.append(100 * getattr(p, key))
            elif p.split is None:
                raise CheckFileError(f"scenario {self.pinned.name!r}: {key!r} is a split-pot figure, and "
                                     f"{self.result.game} has one pot")
            else:
                values.append(100 * p.split[key])
        return values

    @property
    def drifted(self) -> list[tuple[str, int, float, float]]:
        """``(key, player, expected, actual)`` of every other pinned figure out of tolerance."""
        out = []
        for key, expected in self.pinned.others.items():
            for i, (e, a) in enumerate(zip(expected, self.figure(key), strict=True)):
                if abs(a - e) > self.pinned.tolerance:
                    out.append((key, i, e, a))
        return out

    @property
    def ok(self) -> bool:
        """Every player within tolerance (False when the file pins nothing yet)."""
        diffs = self.differences
        return diffs is not None and all(abs(d) <= self.pinned.tolerance for d in diffs) and not self.drifted

    def to_dict(self) -> dict[str, Any]:
        diffs = self.differences
        return {
            "name": self.pinned.name, "ok": self.ok, "tolerance_pct": self.pinned.tolerance,
            "players": [{"hand": p.hand, "expected_pct": None if diffs is None else self.pinned.expected[i],
                         "actual_pct": self.actual[i], "difference_pct": None if diffs is None else diffs[i],
                         "ok": diffs is not None and abs(diffs[i]) <= self.pinned.tolerance}
                        for i, p in enumerate(self.result.players)],
            **({"pinned": {key: {"expected_pct": expected, "actual_pct": self.figure(key)}
                           for key, expected in self.pinned.others.items()}} if self.pinned.others else {}),
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
    spec = read_spec({k: v for k, v in table.items() if k not in CHECK_KEYS},
                     lambda message: _fail(path, where, message), extra=CHECK_KEYS)
    n_players = sum(p if isinstance(p, int) else 1 for p in spec.players)
    pins: dict[str, list[float]] = {}
    for key in PIN_KEYS:
        values = table.get(key)
        if values is None:
            continue
        if not (isinstance(values, list) and all(_number(x) for x in values)):
            raise _fail(path, where, f"{key!r} must be a list of numbers (each player's {key} in percent); "
                                     f"got {values!r}")
        if len(values) != n_players:
            raise _fail(path, where, f"{key!r} has {len(values)} numbers for {n_players} players")
        pins[key] = [float(x) for x in values]
    expected = pins.pop("equity", None)
    tolerance = table.get("tolerance", default)
    if "tolerance" in table and not (_number(tolerance) and tolerance >= 0):
        raise _fail(path, where, f"'tolerance' must be a number >= 0 (percentage points); got {tolerance!r}")
    if tolerance is None:
        raise _fail(path, where, "'tolerance' is missing (percentage points): give it here or at the top "
                                 "of the file")
    return Pinned(name, spec, expected, float(tolerance), pins)


def run(pinned: list[Pinned], *, threads: int | None = None,
        progress: Callable[[int, int], None] | None = None) -> list[Checked]:
    """Run every scenario (in file order).

    Raises:
        CheckFileError: a scenario cannot be played (a bad card or range, an impossible deal, an option
            that does not fit its method), naming it.
    """
    outcomes = []
    for i, p in enumerate(pinned):
        try:
            result = p.spec.calculate(threads=threads)
        except EquityError as exc:
            raise CheckFileError(f"scenario {p.name!r}: {exc}") from None
        outcome = Checked(p, result)
        outcome.drifted  # noqa: B018 - a split-pot figure pinned for a one-pot game fails here
        outcomes.append(outcome)
        if progress is not None:
            progress(i + 1, len(pinned))
    return outcomes


def summary(path: str | Path, outcomes: list[Checked]) -> dict[str, Any]:
    """The ``equity check --json`` object."""
    return {"version": __version__, "file": str(path), "ok": all(o.ok for o in outcomes),
            "scenarios": [o.to_dict() for o in outcomes]}


def update(path: str | Path, outcomes: list[Checked]) -> None:
    """Write each scenario's actual equities into its ``equity`` key, and the actual values of the other
    figures it pins into theirs, keeping comments and order. A Monte Carlo scenario is pinned so that it
    replays bit for bit: the ``seed`` it drew (where it had none) and the ``trials`` it played (for a
    ``precision`` or ``time`` stop, whose trial count depends on the machine's speed, which it replaces),
    so the next ``check`` accepts it under any tolerance, 0 included."""
    import tomlkit

    path = Path(path)
    doc = tomlkit.parse(path.read_text(encoding="utf-8"))
    tables = doc["scenario"]
    for table, outcome in zip(tables, outcomes, strict=True):
        result = outcome.result
        if result.method == "monte-carlo":
            for stop in ("precision", "time"):
                if stop in table:
                    del table[stop]
            table["trials"] = result.trials
            table["seed"] = result.seed
        for key in ("equity", *outcome.pinned.others):
            values = tomlkit.array()
            values.extend(outcome.figure(key))
            table[key] = values
    path.write_text(tomlkit.dumps(doc), encoding="utf-8")
