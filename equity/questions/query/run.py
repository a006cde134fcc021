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

import numpy as np

from equity.cards import format_cards
from equity.errors import EquityError, QueryError, TooLarge
from equity.options import RunOptions
from equity.questions.query import deals, engine_path
from equity.questions.query.board_terms import hand_keys
from equity.questions.query.result import QueryResult, StatementResult
from equity.questions.query.space import Space, game_of, read_space
from equity.questions.query.sums import Sum, label
from equity.questions.query.syntax import Binary, Expr, Statement, calls, parse
from equity.questions.query.types import check
from equity.questions.query.values import Values, streets_of

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


def query(text: str, options: RunOptions | None = None, **fields: object) -> QueryResult:
    """``equity query`` from Python: every statement of ``text`` answered, run under ``options`` (a
    :class:`~equity.options.RunOptions`) or its fields as keywords (``trials=``, ``seed=`` ...), which are
    the same thing.

    Raises:
        QueryError: a query that cannot be read or does not type-check, at its token.
        EquityError: a bad game, card or range in a statement's ``from``, naming the key.

    >>> r = query("select avg(riverEquity(hero)) as eq from hero='AhKd', villain='QsQc', board='Kh7d2c'")
    >>> r.statements[0].selectors[0].fraction
    '301/330'
    """
    return run_query(text, RunOptions.build(options, **fields))


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
        labels = [label(s) for s in statement.selectors]
        method, rows, seed, selectors = engine_path.answer(space, wanted, labels, options)
        return StatementResult(
            game=game.name, players=tuple((p.name, p.text) for p in space.players),
            board=format_cards(space.board), dead=format_cards(space.dead), method=method,
            why="the equity engine", deals=rows, trials=None if method == "exact" else rows,
            seed=seed, selectors=tuple(selectors), notes=(), seconds=time.perf_counter() - started)
    method, why = _choose(space, statement, options)
    scale = _completions(space, statement)
    sums = [Sum(sel, kind, space, scale) for sel, kind in zip(statement.selectors, types, strict=True)]
    ranges = _RangeKeys(space)
    started = time.perf_counter()
    if method == "exact":
        rows = 0
        for frame in deals.exact_frames(space):
            _count(frame, statement, space, text, ranges, sums, streets)
            rows += len(frame)
            if options.progress:
                options.progress(rows, None)
        trials, seed = None, None
    else:
        trials, seed, rows = _sample(space, statement, text, ranges, sums, options, streets)
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
        for call in calls(expr):
            if call.name.lower() in ("equity", "hvhequity", "minequity") and board:
                k = dict(space.game.query.streets)[call.args[1].name.lower()]  # type: ignore[union-attr]
                left = space.left - sum(s for o, s in space.stages if o >= 0)
                per_node = math.comb(max(left - (k - len(space.board)), 0), board - k)
                work += _nodes(space, k) * players * per_node
            if call.name.lower() == "nuthiouts":
                work += rows * 45 * 300.0
    return work


def _nodes(space: Space, k: int) -> float:
    """The nodes of the deal tree at ``k`` board cards: every tuple of hands (random players' included)
    times the ways to deal the board up to ``k`` (each ``equity(p, street)`` term is valued once a node)."""
    n, ways, on_board = space.left, float(space.hand_tuples), len(space.board)
    for owner, size in space.stages:
        if owner < 0 and on_board >= k:
            break
        ways *= math.comb(n, size)
        n -= size
        on_board += size if owner < 0 else 0
    return ways


def _completions(space: Space, statement: Statement) -> int:
    """The lcm of the board completions each ``equity(p, street)`` term averages over (so that an exact
    average of them is a whole number over its denominator times this)."""
    board, out = space.game.board, 1
    cards = space.game.deck_size - len(space.dead) - space.game.hole * len(space.players)
    for expr in _exprs(statement):
        for call in calls(expr):
            if call.name.lower() in ("equity", "hvhequity", "minequity") and board:
                street = call.args[1].name.lower()  # type: ignore[union-attr]
                k = dict(space.game.query.streets).get(street, board)
                out = math.lcm(out, math.comb(cards - k, board - k))
    return out


def _choose(space: Space, statement: Statement, options: RunOptions) -> tuple[str, str]:
    asked = options.method
    if asked == "auto" and options.monte_carlo_asked:
        asked = "monte-carlo"
    work = _work(space, statement)
    listable = space.hand_tuples <= deals.MAX_TUPLES and space.leaves <= deals.MAX_LEAVES
    if asked == "exact":
        deals_ = space.hand_tuples * space.leaves
        if not listable or space.leaves > deals.MAX_LEAVES or deals_ > deals.MAX_DEALS:
            raise TooLarge(f"{deals_:,} deals are too many to count exactly; use Monte Carlo (--mc)")
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


def _count(frame, statement: Statement, space: Space, text: str, ranges, sums,
           streets: dict[str, int]) -> None:
    """Sum every selector over a frame's kept rows. The conjuncts of ``where`` that look at an earlier
    street than the selectors are valued first and prune whole branches: the later terms are valued
    only on the nodes they keep."""
    values = Values(space, frame, text, ranges)
    where = statement.where
    if where is not None:
        board = space.game.board
        at = max((max(streets_of([s.selector.expr], streets, board), default=0) for s in sums), default=0)
        early, late = [], []
        for part in _conjuncts(where):
            (early if max(streets_of([part], streets, board), default=0) < at else late).append(part)
        if early:
            keep = np.ones(len(frame), bool)
            for part in early:
                keep &= np.broadcast_to(np.asarray(values.value(part), bool), (len(frame),))
            if not keep.any():
                return  # nothing kept here: every term after is left unvalued
            if not keep.all():
                street = max(max(streets_of([p], streets, board), default=0) for p in early)
                frame = frame.subset(keep, street)
                values = Values(space, frame, text, ranges)
            where = _and(late)
    n = len(frame)
    keep = np.ones(n, bool) if where is None else np.broadcast_to(np.asarray(values.value(where), bool), (n,))
    for s in sums:
        s.add(np.broadcast_to(np.asarray(values.value(s.selector.expr)), (n,)), keep, frame.weight)


def _conjuncts(expr: Expr) -> list[Expr]:
    """``a and b and c`` as its parts."""
    if isinstance(expr, Binary) and expr.op == "and":
        return _conjuncts(expr.left) + _conjuncts(expr.right)
    return [expr]


def _and(parts: list[Expr]) -> Expr | None:
    out = None
    for part in parts:
        out = part if out is None else Binary("and", out, part, part.at)
    return out


def _sample(space, statement, text, ranges, sums, options: RunOptions, streets: dict[str, int]):
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
        _count(frame, statement, space, text, ranges, sums, streets)
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
    for s in sums:
        if s.undefined:
            notes.append(f"{s.label}: divides by zero on {s.undefined:,} of the {s.kept_rows:,} deals kept, "
                         "so it has no value (keep those deals out with 'where')")
    return notes


def _street_name(streets: dict[str, int], k: int) -> str:
    return next((name for name, cards in streets.items() if cards == k), "river")


__all__ = ["DEFAULT_TRIALS", "EXACT_WORK", "query", "run_query"]
