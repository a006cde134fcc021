"""One selector's running sums over the deals a statement keeps, block by block, and its answer
(:class:`~equity.questions.query.result.SelectorResult`): weighted means and shares with the exact
fraction while every deal weighs 1 and every value is a whole multiple of ``1 / q``, the standard error of
a Monte Carlo estimate, extremes, and histogram buckets (a number's in 1-point percent buckets, or exact
fractions when every value is a multiple of the pot's smallest share)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from equity.questions.query.functions import FLOP_CATEGORIES
from equity.questions.query.result import Bucket, SelectorResult
from equity.questions.query.showdown import denominator
from equity.questions.query.space import Space
from equity.questions.query.syntax import Selector, unparse_expr


class Sum:
    """One selector's running sums over the kept deals."""

    def __init__(self, selector: Selector, kind: str, space: Space, scale: int = 1) -> None:
        self.selector = selector
        self.kind = kind
        self.space = space
        self.label = label(selector)
        self.mass = 0.0  # weight of kept rows
        self.kept_rows = 0
        self.total = 0.0  # weighted sum (avg), weighted true mass (count)
        self.square = 0.0
        self.true_rows = 0
        self.exact_sum = 0  # avg: sum of values * q, while every value is a multiple of 1 / q
        self.q: int | None = denominator(len(space.players)) * scale
        self.uniform = True
        self.low = math.inf
        self.high = -math.inf
        self.buckets: dict[object, list[float]] = {}
        self.undefined = 0  # kept rows whose value divides by zero

    def add(self, values: np.ndarray, keep: np.ndarray, weight: np.ndarray) -> None:
        w = weight[keep]
        v = values[keep]
        self.kept_rows += int(keep.sum())
        self.mass += float(w.sum())
        self.uniform = self.uniform and bool(np.all(weight == 1.0))
        if not len(v):
            return
        kind = self.selector.kind
        if kind != "count" and v.dtype.kind == "f":
            undefined = ~np.isfinite(v)
            if undefined.any():  # a division by zero: no value, and the rows say how often
                self.undefined += int(undefined.sum())
                v, w = v[~undefined], w[~undefined]
                if not len(v):
                    return
        if kind == "count":
            truth = v.astype(bool)
            self.true_rows += int(truth.sum())
            self.total += float(w[truth].sum())
        elif kind == "avg":
            x = v.astype(float)
            self.total += float((w * x).sum())
            self.square += float((w * x * x).sum())
            if self.q is not None:
                scaled = x * self.q
                whole = np.round(scaled)
                if np.all(np.abs(scaled - whole) < 1e-6):
                    self.exact_sum += int(whole.astype(np.int64).sum())
                else:
                    self.q = None
        elif kind in ("max", "min"):
            self.low = min(self.low, float(v.min()))
            self.high = max(self.high, float(v.max()))
        else:  # histogram
            for value in np.unique(v):
                at = v == value
                entry = self.buckets.setdefault(self._bucket(float(value)), [0.0, 0])
                entry[0] += float(w[at].sum())
                entry[1] += int(at.sum())

    def _bucket(self, value: float) -> object:
        if self.kind != "number":
            return int(value)
        q = 4 if self.space.game.split else denominator(len(self.space.players)) // 2
        if abs(value * q - round(value * q)) < 1e-9 and 0 <= value <= 1:
            return Fraction(round(value * q), q)
        return min(int(math.floor(value * 100 + 1e-9)), 100) if 0 <= value <= 1 else value

    def se(self) -> float | None:
        n = self.kept_rows
        if n < 2 or self.mass == 0:
            return None
        if self.selector.kind == "count":
            p = self.total / self.mass
            return math.sqrt(max(p * (1 - p), 0.0) / n)
        if self.selector.kind == "avg":
            mean = self.total / self.mass
            var = max(self.square / self.mass - mean * mean, 0.0)
            return math.sqrt(var / n)
        return None

    def result(self, method: str) -> SelectorResult:
        kind, empty = self.selector.kind, self.mass == 0 or self.undefined > 0
        exact = method == "exact" and self.uniform
        common = dict(name=self.label, kind=kind, type=self.kind, kept=self.kept_rows)
        if kind == "count":
            fraction = str(Fraction(self.true_rows, self.kept_rows)) if exact and not empty else None
            return SelectorResult(value=None if empty else self.total / self.mass, fraction=fraction,
                                  count=self.true_rows, se=None if exact else self.se(), **common)
        if kind == "avg":
            fraction = (str(Fraction(self.exact_sum, self.kept_rows * self.q))
                        if exact and not empty and self.q is not None else None)
            return SelectorResult(value=None if empty else self.total / self.mass, fraction=fraction,
                                  se=None if exact else self.se(), **common)
        if kind in ("max", "min"):
            value = None if empty else (self.high if kind == "max" else self.low)
            return SelectorResult(value=value, label=None if value is None else self._name(value), **common)
        buckets = tuple(Bucket(self._label(key), entry[0] / self.mass, int(entry[1]))
                        for key, entry in sorted(self.buckets.items(), key=lambda kv: float(kv[0])))
        return SelectorResult(value=None, histogram=buckets, **common)

    def _name(self, value: float) -> str | None:
        if self.kind == "handtype":
            return self.space.game.query.hand_types()[int(value)]
        if self.kind == "flopcategory":
            return FLOP_CATEGORIES[int(value)]
        return None

    def _label(self, key: object) -> str:
        if self.kind in ("handtype", "flopcategory"):
            return self._name(float(key))  # type: ignore[arg-type, return-value]
        if isinstance(key, Fraction):
            return str(key)
        if isinstance(key, int):
            return f"{key}%" if key == 100 else f"{key}-{key + 1}%"
        value = float(key)  # type: ignore[arg-type]
        return str(int(value)) if value.is_integer() else f"{value:g}"


def label(selector: Selector) -> str:
    """How results name a selector: its ``as`` name, else its text."""
    if selector.name:
        return selector.name
    return f"{selector.kind}({unparse_expr(selector.expr)})"
