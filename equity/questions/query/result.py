"""What a query answers: each statement's selectors summed up over the deals it keeps, with how they
were counted (exact or Monte Carlo), as ``equity query`` prints them and as JSON and CSV.

A selector's ``value``: ``avg`` the weighted mean; ``count`` the weighted share of kept deals where it
holds (``count`` the raw number of them); ``max`` and ``min`` the extreme value (a hand type or flop
category by its PQL name in ``label``); ``histogram`` its buckets, each with its share and rows. An
exact count of unweighted deals gives ``fraction`` too (``"301/330"``), so CI can pin it; Monte Carlo
gives ``se``, the standard error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from equity._version import __version__


@dataclass(frozen=True)
class Bucket:
    label: str
    share: float
    rows: int

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.label, "share": self.share, "rows": self.rows}


@dataclass(frozen=True)
class SelectorResult:
    """One selector's answer (module docstring); ``value`` None when ``where`` kept no deal."""

    name: str
    kind: str
    type: str
    value: float | None
    label: str | None = None
    fraction: str | None = None
    count: int | None = None
    kept: int = 0
    se: float | None = None
    histogram: tuple[Bucket, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "selector": self.kind, "type": self.type,
                               "value": self.value}
        if self.label is not None:
            out["label"] = self.label
        if self.fraction is not None:
            out["fraction"] = self.fraction
        if self.count is not None:
            out["count"] = self.count
        out["kept"] = self.kept
        if self.se is not None:
            out["se"] = self.se
        if self.kind == "histogram":
            out["histogram"] = [b.to_dict() for b in self.histogram]
        return out


@dataclass(frozen=True)
class StatementResult:
    """One statement's answer: the game, players (name and range), board and dead cards, ``method``
    (``exact`` or ``monte-carlo``) and why, ``deals`` counted (rows of the deal tree, or trials),
    ``seed`` (Monte Carlo), the selectors and any notes (a hindsight average, a ``where`` that keeps
    nothing)."""

    game: str
    players: tuple[tuple[str, str], ...]  # (name, range as written)
    board: str
    dead: str
    method: str
    why: str
    deals: int
    trials: int | None
    seed: int | None
    selectors: tuple[SelectorResult, ...]
    notes: tuple[str, ...]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": [{"name": n, "range": r} for n, r in self.players],
                "board": self.board, "dead": self.dead, "method": self.method, "deals": self.deals,
                "trials": self.trials, "seed": self.seed,
                "selectors": [s.to_dict() for s in self.selectors], "notes": list(self.notes),
                "elapsed_s": round(self.seconds, 4)}


@dataclass(frozen=True)
class QueryResult:
    """Every statement's answer, in order."""

    statements: tuple[StatementResult, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"version": __version__, "statements": [s.to_dict() for s in self.statements]}

    def csv_rows(self) -> list[dict[str, Any]]:
        """One row per selector (a histogram: per bucket): statement, name, selector, value, fraction,
        count, kept, se, bucket."""
        rows = []
        for i, st in enumerate(self.statements, 1):
            for s in st.selectors:
                base = {"statement": i, "name": s.name, "selector": s.kind, "method": st.method}
                if s.kind == "histogram":
                    for b in s.histogram:
                        rows.append(base | {"value": b.share, "fraction": "", "count": b.rows,
                                            "kept": s.kept, "se": "", "bucket": b.label})
                    continue
                rows.append(base | {"value": s.label if s.label is not None else s.value,
                                    "fraction": s.fraction or "", "count": "" if s.count is None else s.count,
                                    "kept": s.kept, "se": "" if s.se is None else s.se, "bucket": ""})
        return rows
