"""A query run: each statement's deals counted, exactly when the count is small enough, else by seeded
Monte Carlo, and its selectors summed up over the deals ``where`` keeps (DESIGN §13, docs/query.md).

:func:`run_query` reads and checks the text (:mod:`~equity.questions.query.syntax`,
:mod:`~equity.questions.query.types`), builds each statement's :class:`~equity.questions.query.space.Space`,
chooses the method by the deals it would count, and sums every selector over each block of deals
(:mod:`~equity.questions.query.deals`, :mod:`~equity.questions.query.values`).
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

import numpy as np

from equity.cards import format_cards
from equity.errors import EquityError, QueryError, TooLarge
from equity.options import RunOptions
from equity.questions.query import deals, engine_path
from equity.questions.query.functions import FLOP_CATEGORIES, FUNCTIONS
from equity.questions.query.result import Bucket, QueryResult, SelectorResult, StatementResult
from equity.questions.query.showdown import denominator
from equity.questions.query.space import Space, game_of, read_space
from equity.questions.query.syntax import Call, Expr, Selector, Statement, parse
from equity.questions.query.types import check
from equity.questions.query.values import Values, hand_keys, streets_of

#: The most row evaluations (rows x players, with each equity term's completions) an automatic choice
#: counts exactly.
EXACT_WORK = 60_000_000
#: Monte Carlo trials when none are asked for.
DEFAULT_TRIALS = 100_000
_MC_BLOCK = 20_000


def run_query(text: str, options: RunOptions | None = None, *, engines: bool = True) -> QueryResult:
    """Every statement of ``text`` answered. ``engines``: let equity's engines answer a statement that asks
    only what ``equity HERO vs ...`` counts (:mod:`~equity.questions.query.engine_path`); False counts
    every statement deal by deal here (the tests compare the two).

    Raises:
        QueryError: a query that cannot be read or does not type-check, at its token.
        EquityError: a bad game, card or range in a statement's ``from``, naming the key.
    """
    options = options or RunOptions()
    query = parse(text)
    checked = check(query, text)
    results = []
    for statement, info in zip(query.statements, checked, strict=True):
        results.append(_statement(statement, info.types, text, options, engines))
    return QueryResult(tuple(results))


def _exprs(statement: Statement) -> list[Expr]:
    out: list[Expr] = [s.expr for s in statement.selectors]
    return out + ([statement.where] if statement.where is not None else [])


def _statement(statement: Statement, types: tuple[str, ...], text: str, options: RunOptions,
               engines: bool = True) -> StatementResult:
    game = game_of(statement.sources)
    streets = dict(game.query.streets)
    looked = streets_of(_exprs(statement), streets, game.board) if game.board else set()
    space = read_space(statement.sources, looked)
    wanted = engine_path.figures(statement, space) if engines else None
    if wanted is not None:
        started = time.perf_counter()
        labels = [s.name or _unparse(s) for s in statement.selectors]
        method, rows, seed, selectors = engine_path.answer(space, wanted, labels, options)
        return StatementResult(
            game=game.name, players=tuple((p.name, p.text) for p in space.players),
            board=format_cards(space.board), dead=format_cards(space.dead), method=method,
            why="the equity engine", deals=rows, trials=None if method == "exact" else rows,
            seed=seed, selectors=tuple(selectors), notes=(), seconds=time.perf_counter() - started)
    method, why = _choose(space, statement, options)
    scale = _completions(space, statement)
    sums = [_Sum(sel, kind, space, scale) for sel, kind in zip(statement.selectors, types, strict=True)]
    ranges = _RangeKeys(space)
    started = time.perf_counter()
    if method == "exact":
        rows = 0
        for frame in deals.exact_frames(space):
            _count(frame, statement, space, text, ranges, sums)
            rows += len(frame)
            if options.progress:
                options.progress(rows, None)
        trials, seed = None, None
    else:
        trials, seed, rows = _sample(space, statement, text, ranges, sums, options)
    notes = _notes(statement, sums, streets, game.board)
    if method == "exact" and rows == 0:
        raise QueryError("no deal fits: the players' hands, the board and the dead cards always share a card")
    return StatementResult(
        game=game.name, players=tuple((p.name, p.text) for p in space.players),
        board=format_cards(space.board), dead=format_cards(space.dead), method=method, why=why, deals=rows,
        trials=trials, seed=seed,
        selectors=tuple(s.result(method) for s in sums), notes=tuple(notes),
        seconds=time.perf_counter() - started)


def _work(space: Space, statement: Statement) -> float:
    """Row evaluations an exact count would make (module constant :data:`EXACT_WORK`)."""
    rows = space.hand_tuples * space.leaves
    players = len(space.players)
    work = float(rows) * players
    board = space.game.board
    for expr in _exprs(statement):
        for call in _calls(expr):
            if call.name.lower() in ("equity", "hvhequity", "minequity") and board:
                k = dict(space.game.query.streets)[call.args[1].name.lower()]  # type: ignore[union-attr]
                left = space.left - sum(s for o, s in space.stages if o >= 0)
                work += rows * players * math.comb(max(left - (k - len(space.board)), 0), board - k)
            if call.name.lower() == "nuthiouts":
                work += rows * 45 * 300.0
    return work


def _completions(space: Space, statement: Statement) -> int:
    """The lcm of the board completions each ``equity(p, street)`` term averages over (so that an exact
    average of them is a whole number over its denominator times this)."""
    board, out = space.game.board, 1
    cards = space.game.deck_size - len(space.dead) - space.game.hole * len(space.players)
    for expr in _exprs(statement):
        for call in _calls(expr):
            if call.name.lower() in ("equity", "hvhequity", "minequity") and board:
                street = call.args[1].name.lower()  # type: ignore[union-attr]
                k = dict(space.game.query.streets).get(street, board)
                out = math.lcm(out, math.comb(cards - k, board - k))
    return out


def _calls(expr: Expr):
    from equity.questions.query.syntax import Binary, Case, Unary

    if isinstance(expr, Call):
        yield expr
        for a in expr.args:
            yield from _calls(a)
    elif isinstance(expr, Unary):
        yield from _calls(expr.operand)
    elif isinstance(expr, Binary):
        yield from _calls(expr.left)
        yield from _calls(expr.right)
    elif isinstance(expr, Case):
        for c, v in expr.whens:
            yield from _calls(c)
            yield from _calls(v)
        if expr.otherwise is not None:
            yield from _calls(expr.otherwise)


def _choose(space: Space, statement: Statement, options: RunOptions) -> tuple[str, str]:
    asked = options.method
    if asked == "auto" and options.monte_carlo_asked:
        asked = "monte-carlo"
    work = _work(space, statement)
    listable = space.hand_tuples <= deals.MAX_TUPLES
    if asked == "exact":
        if not listable:
            raise TooLarge(f"{space.hand_tuples:,} combinations of the players' hands are too many to list "
                           "exactly; use --mc")
        return "exact", "asked"
    if asked == "monte-carlo":
        return "monte-carlo", "asked"
    if listable and work <= EXACT_WORK:
        return "exact", f"{work:,.0f} evaluations"
    return "monte-carlo", f"an exact count would make {work:,.0f} evaluations"


class _RangeKeys:
    """Range texts of ``inRange`` and ``boardInRange`` read once, as sets of hand keys."""

    def __init__(self, space: Space) -> None:
        self.space = space
        self.seen: dict[tuple[str, str], set[int]] = {}

    def __call__(self, what: tuple[str, str]) -> set[int]:
        if what not in self.seen:
            self.seen[what] = self._read(*what)
        return self.seen[what]

    def _read(self, kind: str, text: str) -> set[int]:
        from equity.questions.query.generic import parse_generic
        from equity.questions.query.space import read_range

        game = self.space.game
        try:
            if kind == "board":
                rows = parse_generic(text, 3, game.low_card).combos
            else:
                rng = read_range(game, text, self.space.syntax)
                if rng is None:
                    from equity.scenario import every_hand_range

                    rng = every_hand_range(game)
                rows = rng.combos
        except EquityError as exc:
            raise QueryError(f"range {text!r}: {exc}") from None
        return hand_keys(rows)


def _count(frame, statement: Statement, space: Space, text: str, ranges, sums) -> None:
    values = Values(space, frame, text, ranges)
    n = len(frame)
    keep = np.ones(n, bool) if statement.where is None else np.broadcast_to(
        np.asarray(values.value(statement.where), bool), (n,))
    for s in sums:
        s.add(np.broadcast_to(np.asarray(values.value(s.selector.expr)), (n,)), keep, frame.weight)


def _sample(space, statement, text, ranges, sums, options: RunOptions):
    seed = options.seed if options.seed is not None else int(np.random.SeedSequence().entropy % (1 << 63))
    trials = options.trials or (None if options.precision or options.time_s else DEFAULT_TRIALS)
    layout = deals.Layout(space)
    done, block = 0, 0
    started = time.perf_counter()
    while True:
        want = _MC_BLOCK if trials is None else min(_MC_BLOCK, trials - done)
        if want <= 0:
            break
        rng = np.random.default_rng([seed, block])
        frame = deals.sampled_frame(space, layout, rng, want)
        _count(frame, statement, space, text, ranges, sums)
        done += want
        block += 1
        if options.progress:
            options.progress(done, trials)
        if trials is None:
            if options.time_s and time.perf_counter() - started >= options.time_s:
                break
            if options.precision and all(s.se() is not None and s.se() <= options.precision for s in sums
                                         if s.selector.kind in ("avg", "count")):
                break
            if done >= 1_000_000_000:
                break
    return done, seed, done


def _notes(statement: Statement, sums, streets: dict[str, int], board: int) -> list[str]:
    notes = []
    if statement.where is not None:
        where_at = max(streets_of([statement.where], streets, board), default=0)
        for s in sums:
            at = max(streets_of([s.selector.expr], streets, board), default=0)
            if where_at > at:
                name = _street_name(streets, where_at)
                notes.append(f"{s.label}: 'where' looks at the {name}, later than the selector: a hindsight "
                             "average over the deals that go on to meet it")
    if sums and sums[0].kept_rows == 0:
        notes.append("'where' keeps no deal: every selector is empty")
    return notes


def _street_name(streets: dict[str, int], k: int) -> str:
    return next((name for name, cards in streets.items() if cards == k), "river")


class _Sum:
    """One selector's running sums over the kept deals."""

    def __init__(self, selector: Selector, kind: str, space: Space, scale: int = 1) -> None:
        self.selector = selector
        self.kind = kind
        self.space = space
        self.label = selector.name or _unparse(selector)
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

    def add(self, values: np.ndarray, keep: np.ndarray, weight: np.ndarray) -> None:
        w = weight[keep]
        v = values[keep]
        self.kept_rows += int(keep.sum())
        self.mass += float(w.sum())
        self.uniform = self.uniform and bool(np.all(weight == 1.0))
        if not len(v):
            return
        kind = self.selector.kind
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
        kind, empty = self.selector.kind, self.mass == 0
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


def _unparse(selector: Selector) -> str:
    from equity.questions.query.syntax import unparse_expr

    return f"{selector.kind}({unparse_expr(selector.expr)})"


__all__ = ["DEFAULT_TRIALS", "EXACT_WORK", "FUNCTIONS", "run_query"]
