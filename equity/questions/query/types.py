"""A query's meaning checked before any deal is counted: every name known, every function called with
what it takes, every operator given what it works on, every selector given what it can sum up.

:func:`check` returns each statement's players and its selectors' types, or raises a
:class:`~equity.errors.QueryError` at the offending token: an unknown function with the closest names,
a type error saying which types met (``'>' compares a hand type with a number``).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from equity.errors import QueryError
from equity.questions.query.functions import (
    FLOP_CATEGORIES,
    FUNCTIONS,
    HAND_TYPES,
    ORDERED,
    SAID,
    SETTINGS,
    STREETS,
)
from equity.questions.query.syntax import (
    Binary,
    Call,
    Case,
    Expr,
    Name,
    Number,
    Query,
    Statement,
    Text,
    Unary,
    place,
)

#: What each selector sums up.
SELECTS = {"avg": ("number",), "count": ("bool",), "max": ORDERED, "min": ORDERED,
           "histogram": ("number", "handtype", "flopcategory")}
_HOW = {"avg": "a number (count a true-or-false)", "count": "true or false (avg a number)",
        "max": "an ordered value (a number, a hand type, a flop category, a rating)",
        "min": "an ordered value (a number, a hand type, a flop category, a rating)",
        "histogram": "a number, a hand type or a flop category"}


@dataclass(frozen=True)
class Checked:
    """A statement's players (its ``from`` keys that name one, in order) and each selector's type."""

    players: tuple[str, ...]
    types: tuple[str, ...]


def check(query: Query, text: str) -> list[Checked]:
    """Each statement of ``query`` (read from ``text``) checked.

    Raises:
        QueryError: the first name, call, operator or selector that does not fit, at its place.
    """
    return [_Checker(statement, text).run() for statement in query.statements]


class _Checker:
    def __init__(self, statement: Statement, text: str) -> None:
        self.statement = statement
        self.text = text
        self.players = tuple(key for key, _ in statement.sources if key not in SETTINGS)

    def fail(self, reason: str, at: int) -> QueryError:
        if at < 0:
            return QueryError(reason)
        line, column = place(self.text, at)
        return QueryError(reason, self.text, line, column)

    def run(self) -> Checked:
        types = []
        for selector in self.statement.selectors:
            kind = self.type(selector.expr)
            if kind not in SELECTS[selector.kind]:
                raise self.fail(f"{selector.kind} takes {_HOW[selector.kind]}; this is {SAID[kind]}",
                                selector.expr.at)
            types.append(kind)
        if self.statement.where is not None:
            kind = self.type(self.statement.where)
            if kind != "bool":
                raise self.fail(f"'where' takes true or false; this is {SAID[kind]}", self.statement.where.at)
        return Checked(self.players, tuple(types))

    def type(self, expr: Expr, want: str | None = None) -> str:
        """The type of ``expr``; a bare name read as ``want`` when it is one of those."""
        if isinstance(expr, Number):
            return "number"
        if isinstance(expr, Text):
            return want if want in ("range", "boardrange", "text") else "text"
        if isinstance(expr, Name):
            return self.name(expr, want)
        if isinstance(expr, Call):
            return self.call(expr)
        if isinstance(expr, Unary):
            inner = self.type(expr.operand)
            need = "bool" if expr.op == "not" else "number"
            if inner != need:
                raise self.fail(f"'{expr.op}' takes {SAID[need]}; this is {SAID[inner]}", expr.at)
            return need
        if isinstance(expr, Case):
            answers = set()
            for condition, value in expr.whens:
                if (kind := self.type(condition)) != "bool":
                    raise self.fail(f"'when' takes true or false; this is {SAID[kind]}", condition.at)
                answers.add(self.type(value))
            if expr.otherwise is not None:
                answers.add(self.type(expr.otherwise))
            if len(answers) > 1:
                raise self.fail(f"a case's answers are of one type; these are {_and(answers)}", expr.at)
            return answers.pop()
        return self.binary(expr)

    def name(self, expr: Name, want: str | None) -> str:
        low = expr.name.lower()
        found = [kind for kind, names in (("player", self.players), ("street", STREETS),
                                          ("handtype", HAND_TYPES), ("flopcategory", FLOP_CATEGORIES))
                 if low in names]
        if want in found:
            return want  # type: ignore[return-value]
        if found:
            return found[0]
        known = [*self.players, *STREETS, *HAND_TYPES, *FLOP_CATEGORIES]
        close = difflib.get_close_matches(low, known, n=3)
        hint = f"; did you mean {_or(close)}?" if close else ""
        players = ", ".join(self.players)
        raise self.fail(f"unknown name {expr.name!r}: not a player of this statement ({players}), a "
                        f"street, a hand type or a flop category{hint}", expr.at)

    def call(self, expr: Call) -> str:
        entry = FUNCTIONS.get(expr.name.lower())
        if entry is None:
            close = [FUNCTIONS[c][0] for c in difflib.get_close_matches(expr.name.lower(), FUNCTIONS, n=3)]
            hint = f"; did you mean {_or(close)}?" if close else ""
            raise self.fail(f"unknown function {expr.name!r}{hint}", expr.at)
        name, params, answer = entry
        if len(expr.args) != len(params):
            said = ", ".join(SAID[p] for p in params) or "nothing"
            raise self.fail(f"{name} takes {len(params)} argument{'s' * (len(params) != 1)} ({said}); "
                            f"got {len(expr.args)}", expr.at)
        for arg, param in zip(expr.args, params, strict=True):
            kind = self.type(arg, param)
            if kind != param:
                raise self.fail(f"{name} takes {SAID[param]} here; this is {SAID[kind]}", arg.at)
        return answer

    def binary(self, expr: Binary) -> str:
        if expr.op in ("and", "or"):
            for side in (expr.left, expr.right):
                if (kind := self.type(side)) != "bool":
                    raise self.fail(f"'{expr.op}' takes true or false; this is {SAID[kind]}", side.at)
            return "bool"
        left, right = self.type(expr.left), self.type(expr.right)
        if isinstance(expr.right, Name) and right != left:  # `handType(...) >= pair`: read as the left's
            right = self.type(expr.right, left)
        if isinstance(expr.left, Name) and left != right:
            left = self.type(expr.left, right)
        if "card" in (left, right) and isinstance(expr.right if left == "card" else expr.left, Text):
            left = right = "card"  # turnCard() = 'Ah': the text is read as a card
        if expr.op in "+-*/":
            if left != "number" or right != "number":
                met = f"{SAID[left]} and {SAID[right]}"
                raise self.fail(f"'{expr.op}' takes numbers; it meets {met}", expr.at)
            return "number"
        if left != right:
            raise self.fail(f"'{expr.op}' compares {SAID[left]} with {SAID[right]}", expr.at)
        if expr.op not in ("=", "<>") and left not in ORDERED:
            raise self.fail(f"'{expr.op}' orders values; {SAID[left]} has no order (use = or <>)", expr.at)
        return "bool"


def _or(names: list[str]) -> str:
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"


def _and(kinds: set[str]) -> str:
    said = sorted(SAID[k] for k in kinds)
    return ", ".join(said[:-1]) + f" and {said[-1]}"
