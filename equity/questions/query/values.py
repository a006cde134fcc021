"""A statement's expressions valued on a block of deals (:class:`~equity.questions.query.deals.Frame`):
every function of :mod:`equity.questions.query.functions`, vectorised, each term valued once per node of
its street and spread over the rows below it.

Values by type: a number float64, true-or-false bool, a hand type its index in the game's order (worst
first), a flop category its index in PQL's order, a rating ``classes + 1 - class`` (higher better), a
card its id. The rules each function follows are in docs/query.md.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from equity.cards import parse_cards
from equity.errors import EquityError, QueryError
from equity.questions.query import board_terms
from equity.questions.query.board_values import BoardValues
from equity.questions.query.deals import Frame
from equity.questions.query.functions import FLOP_CATEGORIES, FUNCTIONS
from equity.questions.query.showdown import node_equity, showdown
from equity.questions.query.space import Space
from equity.questions.query.syntax import Binary, Call, Case, Expr, Name, Number, Text, Unary, calls

_SHOWDOWN = {"riverequity", "fractionalriverequity", "winshi", "tieshi", "winslo", "tieslo", "scoops",
             "winninghandtype"}
_NEEDS_BOARD = {"flophandcategory", "exactflophandcategory", "minflophandcategory", "pairedboard",
                "monotoneboard", "twotoneboard", "rainbowboard", "flushingboard", "straightboard",
                "boardsuitcount", "boardinrange", "turncard", "rivercard", "overpair", "nuthi", "madelo",
                "nutlo", "outstohandtype", "minoutstohandtype", "nuthiouts", "threeflush", "fourflush",
                "hirating", "minhirating"}


def street_cards(space: Space, name: str) -> int:
    """The board cards out at street ``name`` in the space's game.

    Raises:
        QueryError: a street the game does not have.
    """
    streets = dict(space.game.query.streets)
    if name.lower() not in streets:
        raise QueryError(f"{space.game.title} has no street {name!r} here; its streets: {', '.join(streets)}")
    return streets[name.lower()]


def streets_of(exprs: list[Expr], streets: dict[str, int], board: int) -> set[int]:
    """The board card counts the terms of ``exprs`` look at (a street argument, the showdown, the turn
    and river cards, the flop)."""
    out: set[int] = set()
    for call in (c for e in exprs for c in calls(e)):
        low = call.name.lower()
        if low in _SHOWDOWN:
            out.add(board)
        elif low == "turncard":
            out.add(4)
        elif low == "rivercard":
            out.add(5)
        elif "flop" in low and "category" in low or low == "boardinrange":
            out.add(3)
        out.update(streets[arg.name.lower()] for arg in call.args
                   if isinstance(arg, Name) and arg.name.lower() in streets)
    return out


class Values(BoardValues):
    """Values expressions on one frame of one space, caching each term."""

    def __init__(self, space: Space, frame: Frame, text: str, ranges: Callable[[str], set[int]]) -> None:
        self.space = space
        self.game = space.game
        self.part = space.game.query
        self.frame = frame
        self.text = text
        self.ranges = ranges  # range text -> the set of its hands' keys
        self.cache: dict[tuple, np.ndarray] = {}
        self.gone = np.zeros(52, bool)
        self.gone[list(space.dead)] = True
        self.gone[:space.game.low_card] = True
        self.gone_ids = self.gone.astype(np.uint8)  # as the game's nut functions take them
        self.names = self.part.hand_types()

    def fail(self, reason: str, expr: Expr) -> QueryError:
        from equity.questions.query.syntax import place

        if getattr(expr, "at", -1) < 0:
            return QueryError(reason)
        line, column = place(self.text, expr.at)
        return QueryError(reason, self.text, line, column)

    # -- expressions -----------------------------------------------------------------------------------
    def value(self, expr: Expr, want: str | None = None) -> np.ndarray | float | str:
        if isinstance(expr, Number):
            return float(expr.value)
        if isinstance(expr, Text):
            return expr.value
        if isinstance(expr, Name):
            return self.constant(expr, want)
        if isinstance(expr, Unary):
            inner = self.value(expr.operand)
            return np.logical_not(inner) if expr.op == "not" else -np.asarray(inner, float)
        if isinstance(expr, Case):
            return self.case(expr)
        if isinstance(expr, Binary):
            return self.binary(expr)
        return self.call(expr)

    def constant(self, expr: Name, want: str | None) -> float:
        low = expr.name.lower()
        if want == "flopcategory" or (want is None and low in FLOP_CATEGORIES and low not in self.names):
            return float(FLOP_CATEGORIES.index(low))
        if low in self.names:
            return float(self.names.index(low))
        raise self.fail(f"{expr.name!r} is not a hand type of {self.game.title}", expr)

    def case(self, expr: Case) -> np.ndarray:
        n = len(self.frame)
        out = None
        done = np.zeros(n, bool)
        for condition, answer in expr.whens:
            hold = np.broadcast_to(np.asarray(self.value(condition), bool), (n,)) & ~done
            val = np.broadcast_to(np.asarray(self.value(answer), float), (n,))
            out = np.where(hold, val, 0.0 if out is None else out)
            done |= hold
        if expr.otherwise is not None:
            val = np.broadcast_to(np.asarray(self.value(expr.otherwise), float), (n,))
            out = np.where(done, out, val)
        return np.asarray(out, float)

    def binary(self, expr: Binary):
        if expr.op in ("and", "or"):
            left = np.asarray(self.value(expr.left), bool)
            right = np.asarray(self.value(expr.right), bool)
            return left & right if expr.op == "and" else left | right
        want_left = _kind_of(expr.right) if isinstance(expr.left, Name) else None
        want_right = _kind_of(expr.left) if isinstance(expr.right, Name) else None
        left = self.value(expr.left, want_left)
        right = self.value(expr.right, want_right)
        if isinstance(left, str) or isinstance(right, str):  # a card compared with its text
            left, right = (self.card(v, expr) if isinstance(v, str) else v for v in (left, right))
        a, b = np.asarray(left, float), np.asarray(right, float)
        op = expr.op
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":  # x / 0 is undefined (NaN): a selector that meets it on a kept deal has no value
            with np.errstate(divide="ignore", invalid="ignore"):
                return np.where(b == 0, np.nan, a / np.where(b == 0, 1.0, b))
        return {"=": np.equal, "<>": np.not_equal, "<": np.less, "<=": np.less_equal, ">": np.greater,
                ">=": np.greater_equal}[op](a, b)

    def card(self, text: str, expr: Expr) -> float:
        try:
            cards = parse_cards(text)
        except EquityError as exc:
            raise self.fail(f"{text!r} is not a card: {exc}", expr) from None
        if len(cards) != 1:
            raise self.fail(f"{text!r} is not one card", expr)
        return float(cards[0])

    # -- calls -------------------------------------------------------------------------------------------
    def call(self, expr: Call):
        low = expr.name.lower()
        name = FUNCTIONS[low][0]
        if low in _NEEDS_BOARD and not self.game.board:
            raise self.fail(f"{name} looks at a board; {self.game.title} has none", expr)
        args = expr.args
        key = (low, *(_key(a) for a in args))
        if key not in self.cache:
            self.cache[key] = getattr(self, "_" + low)(expr, *args)
        return self.cache[key]

    def player(self, arg: Expr) -> int:
        return self.space.names.index(arg.name.lower())  # type: ignore[union-attr]

    def street(self, arg: Expr, least: int = 0) -> int:
        k = street_cards(self.space, arg.name)  # type: ignore[union-attr]
        if self.game.board and k < least:
            raise self.fail(f"{arg.name} is too early here: this needs at least {least} board cards", arg)
        return k

    def ratings(self, k: int) -> tuple[np.ndarray, np.ndarray | None, int]:
        """The pot and low ratings at each node of ``k`` board cards, with the run."""
        if ("ratings", k) not in self.cache:
            holes, boards, run = self.frame.nodes(k)
            self.cache[("ratings", k)] = (*self.part.rate(holes, boards), run)  # type: ignore[assignment]
        return self.cache[("ratings", k)]  # type: ignore[return-value]

    def showdown(self):
        if "showdown" not in self.cache:
            pot, low, run = self.ratings(self.game.board)
            self.cache["showdown"] = (showdown(pot, low), run)  # type: ignore[index]
        return self.cache["showdown"]  # type: ignore[index]

    def spread(self, values: np.ndarray, run: int) -> np.ndarray:
        return self.frame.spread(values, run)

    def _riverequity(self, expr, p):
        sd, run = self.showdown()
        return self.spread(sd.share[:, self.player(p)], run)

    _fractionalriverequity = _riverequity

    def _need_pot(self, expr, pots: tuple[str, ...], what: str) -> None:
        if self.part.pot not in pots:
            raise self.fail(f"{FUNCTIONS[expr.name.lower()][0]} asks about {what}; {self.game.title} plays "
                            f"{'one low pot' if self.part.pot == 'low' else 'one high pot'}", expr)

    def _winshi(self, expr, p):
        self._need_pot(expr, ("high", "hilo"), "a high pot")
        sd, run = self.showdown()
        i = self.player(p)
        return self.spread(sd.best_hi[:, i] & (sd.hi_ways == 1), run)

    def _tieshi(self, expr, p):
        self._need_pot(expr, ("high", "hilo"), "a high pot")
        sd, run = self.showdown()
        i = self.player(p)
        return self.spread(sd.best_hi[:, i] & (sd.hi_ways > 1), run)

    def _winslo(self, expr, p):
        self._need_pot(expr, ("hilo", "low"), "a low pot")
        sd, run = self.showdown()
        i = self.player(p)
        if sd.best_lo is None:  # a low game: its one pot
            return self.spread(sd.best_hi[:, i] & (sd.hi_ways == 1), run)
        return self.spread(sd.best_lo[:, i] & (sd.lo_ways == 1), run)

    def _tieslo(self, expr, p):
        self._need_pot(expr, ("hilo", "low"), "a low pot")
        sd, run = self.showdown()
        i = self.player(p)
        if sd.best_lo is None:
            return self.spread(sd.best_hi[:, i] & (sd.hi_ways > 1), run)
        return self.spread(sd.best_lo[:, i] & (sd.lo_ways > 1), run)

    def _scoops(self, expr, p):
        sd, run = self.showdown()
        return self.spread(sd.share[:, self.player(p)] == 1.0, run)

    def _need_types(self, expr) -> None:
        if not self.names:
            raise self.fail(f"{FUNCTIONS[expr.name.lower()][0]} reads high hand types; {self.game.title}'s "
                            "pot goes to a low hand", expr)

    def _handtype(self, expr, p, s):
        self._need_types(expr)
        k = self.street(s)
        holes, boards, run = self.frame.nodes(k)
        i = self.player(p)
        return self.spread(self.part.types(holes[:, i:i + 1], boards)[:, 0].astype(float), run)

    def _exacthandtype(self, expr, p, s, t):
        return self.call(Call("handType", (p, s), expr.at)) == self.constant(t, "handtype")

    def _minhandtype(self, expr, p, s, t):
        return self.call(Call("handType", (p, s), expr.at)) >= self.constant(t, "handtype")

    def _winninghandtype(self, expr):
        self._need_types(expr)
        pot, _, run = self.ratings(self.game.board)
        return self.spread(self.part.class_types()[pot.min(axis=1)].astype(float), run)

    def _equity(self, expr, p, s):
        k = self.street(s)
        holes, boards, run = self.frame.nodes(k)
        values = node_equity(self.part, holes, boards, self.gone, self.game.board)
        return self.spread(values[:, self.player(p)], run)

    _hvhequity = _equity

    def _minequity(self, expr, p, s, x):
        return self.call(Call("equity", (p, s), expr.at)) >= float(self.value(x))

    # ranges and cards
    def _inrange(self, expr, p, r):
        keys = self.ranges(("hand", r.value))  # type: ignore[arg-type]
        i = self.player(p)
        return np.isin(board_terms.card_keys(self.frame.holes[:, i]), list(keys))

    def _pocketpair(self, expr, p):
        ranks = self.frame.holes[:, self.player(p)] >> 2
        return board_terms.paired(ranks << 2)

    # ratings
    def _hirating(self, expr, p, s):
        self._need_types(expr)
        pot, _, run = self.ratings(self.street(s, 3) if self.game.board else self.street(s))
        return self.spread((self.game.n_classes + 1 - pot[:, self.player(p)]).astype(float), run)

    def _minhirating(self, expr, p, s, r):
        return self.call(Call("hiRating", (p, s), expr.at)) >= np.asarray(self.value(r), float)

    def _ratehihand(self, expr, t):
        try:
            cards = parse_cards(t.value)
        except EquityError as exc:
            raise self.fail(f"rateHiHand takes five cards: {exc}", t) from None
        if len(cards) != 5:
            raise self.fail(f"rateHiHand takes five cards; got {len(cards)}", t)
        self.game.check_cards(cards, "rateHiHand")
        holes = np.array([[cards[:2]]], np.uint8)
        pot, _ = self.part.rate(holes, np.array([cards[2:]], np.uint8))
        return float(self.game.n_classes + 1 - int(pot[0, 0]))


def _kind_of(expr: Expr) -> str | None:
    """The type a bare name compared with ``expr`` is read as."""
    if isinstance(expr, Call):
        answer = FUNCTIONS.get(expr.name.lower(), ("", (), None))[2]
        return answer if answer in ("handtype", "flopcategory") else None
    return None


def _key(arg: Expr) -> object:
    if isinstance(arg, Name):
        return arg.name.lower()
    if isinstance(arg, (Number, Text)):
        return (type(arg).__name__, arg.value)
    return repr(arg)
