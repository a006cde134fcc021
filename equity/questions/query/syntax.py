"""The Poker Query Language as text: tokens, and the tree of a query (issue 55; docs/query.md).

A query is statements separated by ``;``, each::

    select SELECTOR(EXPR) [as NAME], ... from KEY='VALUE', ... [where CONDITION]

with ``/* comments */`` anywhere. Keywords, selectors and function names are read in any case. An
expression is, loosest first: ``or``, ``and``, ``not``, one comparison (``= <> != < <= > >=``), ``+ -``,
``* /``, a unary ``-``, then a number, a quoted text, a name, a call ``name(args)``, ``(expr)`` or
``case when C then V ... [else V] end``. :func:`parse` returns the :class:`Query`; :func:`unparse` writes
one back as text that parses to the same tree. What the names mean (functions, players, streets) is
checked later, against the deals; here only the shape.

>>> q = parse("select avg(riverEquity(hero)) as eq from hero='AhKd', villain='QQ+'")
>>> q.statements[0].selectors[0]
Selector(kind='avg', expr=Call(name='riverEquity', args=(Name(name='hero'),)), name='eq')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from equity.errors import QueryError

#: What a selector may do with its expression, over the deals a statement keeps.
SELECTORS = ("avg", "count", "max", "min", "histogram")
KEYWORDS = ("select", "as", "from", "where", "and", "or", "not", "case", "when", "then", "else", "end")
COMPARISONS = ("=", "<>", "!=", "<", "<=", ">", ">=")

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>/\*.*?\*/)
  | (?P<open_comment>/\*)
  | (?P<number>\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<text>'[^']*'|"[^"]*")
  | (?P<open_text>['"])
  | (?P<op><>|!=|<=|>=|[=<>+\-*/(),;])
""", re.VERBOSE | re.DOTALL)


@dataclass(frozen=True)
class Token:
    """One token: its ``kind`` (``name``, ``keyword``, ``number``, ``text``, ``op`` or ``end``), its
    ``value`` (a keyword in lower case, a text without its quotes) and where it starts."""

    kind: str
    value: str
    line: int
    column: int
    offset: int


# -- the tree -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Number:
    value: float
    at: int = field(default=-1, compare=False, repr=False)  # where it starts in the text


@dataclass(frozen=True)
class Text:
    value: str
    at: int = field(default=-1, compare=False, repr=False)  # where it starts in the text


@dataclass(frozen=True)
class Name:
    """A bare name: a player, a street (``flop``), a hand type (``trips``) ... read by its function."""

    name: str
    at: int = field(default=-1, compare=False, repr=False)  # where it starts in the text


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[Expr, ...]
    at: int = field(default=-1, compare=False, repr=False)  # where it starts in the text


@dataclass(frozen=True)
class Unary:
    op: str  # "not" or "-"
    operand: Expr
    at: int = field(default=-1, compare=False, repr=False)  # where it starts in the text


@dataclass(frozen=True)
class Binary:
    op: str  # "or", "and", a comparison ("!=" read as "<>"), "+", "-", "*", "/"
    left: Expr
    right: Expr
    at: int = field(default=-1, compare=False, repr=False)  # where it starts in the text


@dataclass(frozen=True)
class Case:
    whens: tuple[tuple[Expr, Expr], ...]
    otherwise: Expr | None
    at: int = field(default=-1, compare=False, repr=False)  # where it starts in the text


Expr = Number | Text | Name | Call | Unary | Binary | Case


@dataclass(frozen=True)
class Selector:
    """``kind(expr) as name``; ``name`` None when the query gives none."""

    kind: str
    expr: Expr
    name: str | None = None


@dataclass(frozen=True)
class Statement:
    """One ``select ... from ... [where ...]``: ``sources`` the ``from`` keys in order, each key in lower
    case with its value as written."""

    selectors: tuple[Selector, ...]
    sources: tuple[tuple[str, str], ...]
    where: Expr | None = None


@dataclass(frozen=True)
class Query:
    statements: tuple[Statement, ...]


# -- reading --------------------------------------------------------------------------------------------

def tokens(text: str) -> Iterator[Token]:
    """The tokens of ``text``, then one ``end`` token.

    Raises:
        QueryError: a character no token starts with, an unclosed quote or comment, at its place.
    """
    at, line, line_start = 0, 1, 0
    while at < len(text):
        found = _TOKEN.match(text, at)
        column = at - line_start + 1
        if found is None:
            raise QueryError(f"unexpected character {text[at]!r}", text, line, column)
        kind = found.lastgroup or ""
        if kind == "open_text":
            raise QueryError("a quoted value that is never closed", text, line, column)
        if kind == "open_comment":
            raise QueryError("a comment '/*' that is never closed with '*/'", text, line, column)
        value = found.group()
        if kind == "name" and value.lower() in KEYWORDS:
            kind, value = "keyword", value.lower()
        elif kind == "text":
            value = value[1:-1]
        if kind not in ("space", "comment"):
            yield Token(kind, value, line, column, at)
        newlines = found.group().count("\n")
        if newlines:
            line += newlines
            line_start = at + found.group().rfind("\n") + 1
        at = found.end()
    yield Token("end", "", line, at - line_start + 1, at)


def calls(expr: Expr | None) -> Iterator[Call]:
    """Every function call in ``expr``, outermost first (a call's arguments after it)."""
    if isinstance(expr, Call):
        yield expr
        for arg in expr.args:
            yield from calls(arg)
    elif isinstance(expr, Unary):
        yield from calls(expr.operand)
    elif isinstance(expr, Binary):
        yield from calls(expr.left)
        yield from calls(expr.right)
    elif isinstance(expr, Case):
        for condition, answer in expr.whens:
            yield from calls(condition)
            yield from calls(answer)
        yield from calls(expr.otherwise)


def place(text: str, offset: int) -> tuple[int, int]:
    """The line and column (from 1) of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def parse(text: str) -> Query:
    """The :class:`Query` that ``text`` writes (module docstring).

    Raises:
        QueryError: the first token that does not fit, with its line, column and what was expected.
    """
    return _Parser(text).query()


class _Parser:
    """Recursive descent over :func:`tokens`, one token of lookahead."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = list(tokens(text))
        self.at = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.at]

    def take(self) -> Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def fail(self, expected: str, token: Token | None = None) -> QueryError:
        token = token or self.token
        found = "the end of the query" if token.kind == "end" else repr(token.value)
        return QueryError(f"expected {expected}, found {found}", self.text, token.line, token.column)

    def is_(self, kind: str, value: str | None = None) -> bool:
        return self.token.kind == kind and (value is None or self.token.value == value)

    def expect(self, kind: str, value: str | None = None, what: str | None = None) -> Token:
        if not self.is_(kind, value):
            raise self.fail(what or (repr(value) if value else f"a {kind}"))
        return self.take()

    def query(self) -> Query:
        statements = [self.statement()]
        while self.is_("op", ";"):
            self.take()
            if self.is_("end"):
                break
            statements.append(self.statement())
        if not self.is_("end"):
            raise self.fail("';' or the end of the query")
        return Query(tuple(statements))

    def statement(self) -> Statement:
        self.expect("keyword", "select", "'select'")
        selectors = [self.selector()]
        while self.is_("op", ","):
            self.take()
            selectors.append(self.selector())
        self.expect("keyword", "from", "',' or 'from'")
        sources: dict[str, str] = {}
        while True:
            key = self.expect("name", what="a key such as game, board, dead or a player's name")
            if key.value.lower() in sources:
                raise QueryError(f"{key.value!r} is given twice", self.text, key.line, key.column)
            self.expect("op", "=", "'='")
            value = self.expect("text", what=f"the quoted value of {key.value!r}, e.g. {key.value}='AhKd'")
            sources[key.value.lower()] = value.value
            if not self.is_("op", ","):
                break
            self.take()
        where = None
        if self.is_("keyword", "where"):
            self.take()
            where = self.expr()
        return Statement(tuple(selectors), tuple(sources.items()), where)

    def selector(self) -> Selector:
        token = self.expect("name", what=f"a selector ({', '.join(SELECTORS)})")
        kind = token.value.lower()
        if kind not in SELECTORS:
            import difflib  # only for the message

            close = difflib.get_close_matches(kind, SELECTORS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise QueryError(f"unknown selector {token.value!r}: a selector is one of "
                             f"{', '.join(SELECTORS)}{hint}", self.text, token.line, token.column)
        self.expect("op", "(", f"'(' after {token.value}")
        expr = self.expr()
        self.expect("op", ")", "')'")
        name = None
        if self.is_("keyword", "as"):
            self.take()
            name = self.expect("name", what="a name for the column").value
        return Selector(kind, expr, name)

    def chain(self, ops: tuple[str, ...], operand: Callable[[], Expr]) -> Expr:
        """``operand (op operand)*`` for the operators ``ops`` of one strength, left to right."""
        left = operand()
        while self.token.kind in ("op", "keyword") and self.token.value in ops:
            token = self.take()
            left = Binary(token.value, left, operand(), token.offset)
        return left

    def expr(self) -> Expr:
        return self.chain(("or",), self.conjunction)

    def conjunction(self) -> Expr:
        return self.chain(("and",), self.negation)

    def negation(self) -> Expr:
        if self.is_("keyword", "not"):
            at = self.take().offset
            return Unary("not", self.negation(), at)
        return self.comparison()

    def comparison(self) -> Expr:
        left = self.sum()
        if self.token.kind == "op" and self.token.value in COMPARISONS:
            token = self.take()
            left = Binary("<>" if token.value == "!=" else token.value, left, self.sum(), token.offset)
            if self.token.kind == "op" and self.token.value in COMPARISONS:
                raise self.fail("'and' or 'or' between two comparisons")
        return left

    def sum(self) -> Expr:
        return self.chain(("+", "-"), self.product)

    def product(self) -> Expr:
        return self.chain(("*", "/"), self.unary)

    def unary(self) -> Expr:
        if self.is_("op", "-"):
            at = self.take().offset
            return Unary("-", self.unary(), at)
        return self.primary()

    def primary(self) -> Expr:
        token = self.token
        if token.kind == "number":
            self.take()
            return Number(float(token.value), token.offset)
        if token.kind == "text":
            self.take()
            return Text(token.value, token.offset)
        if token.kind == "name":
            self.take()
            if not self.is_("op", "("):
                return Name(token.value, token.offset)
            self.take()
            args: list[Expr] = []
            if not self.is_("op", ")"):
                args.append(self.expr())
                while self.is_("op", ","):
                    self.take()
                    args.append(self.expr())
            self.expect("op", ")", f"',' or ')' in the call of {token.value}")
            return Call(token.value, tuple(args), token.offset)
        if self.is_("op", "("):
            self.take()
            inner = self.expr()
            self.expect("op", ")", "')'")
            return inner
        if self.is_("keyword", "case"):
            return self.case()
        raise self.fail("a value: a number, a quoted text, a name, a call, '(' or 'case'")

    def case(self) -> Case:
        at = self.take().offset
        whens = []
        while self.is_("keyword", "when"):
            self.take()
            condition = self.expr()
            self.expect("keyword", "then", "'then'")
            whens.append((condition, self.expr()))
        if not whens:
            raise self.fail("'when' after 'case'")
        otherwise = None
        if self.is_("keyword", "else"):
            self.take()
            otherwise = self.expr()
        self.expect("keyword", "end", "'when', 'else' or 'end'")
        return Case(tuple(whens), otherwise, at)


# -- writing --------------------------------------------------------------------------------------------

_BINDS = {"or": 1, "and": 2, "=": 4, "<>": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6,
          "/": 6}


def unparse(query: Query) -> str:
    """``query`` as text, one statement a line, that :func:`parse` reads back to the same tree."""
    return ";\n".join(_statement(s) for s in query.statements)


def unparse_expr(expr: Expr) -> str:
    """One expression as text (:func:`unparse`'s way)."""
    return _expr(expr)


def _statement(statement: Statement) -> str:
    selectors = ", ".join(f"{s.kind}({_expr(s.expr)})" + (f" as {s.name}" if s.name else "")
                          for s in statement.selectors)
    sources = ", ".join(f"{key}='{value}'" for key, value in statement.sources)
    where = f" where {_expr(statement.where)}" if statement.where is not None else ""
    return f"select {selectors} from {sources}{where}"


def _expr(expr: Expr, binds: int = 0) -> str:
    """``expr`` as text, in parentheses when it binds more loosely than where it stands (``binds``)."""
    if isinstance(expr, Number):
        return repr(expr.value)
    if isinstance(expr, Text):
        return f"'{expr.value}'" if "'" not in expr.value else f'"{expr.value}"'
    if isinstance(expr, Name):
        return expr.name
    if isinstance(expr, Call):
        return f"{expr.name}({', '.join(_expr(a) for a in expr.args)})"
    if isinstance(expr, Case):
        whens = " ".join(f"when {_expr(c)} then {_expr(v)}" for c, v in expr.whens)
        otherwise = f" else {_expr(expr.otherwise)}" if expr.otherwise is not None else ""
        return f"case {whens}{otherwise} end"
    if isinstance(expr, Unary):
        own = 3 if expr.op == "not" else 7
        text = f"not {_expr(expr.operand, own)}" if expr.op == "not" else f"-{_expr(expr.operand, own)}"
    else:
        own = _BINDS[expr.op]
        # left-associative: the right side in parentheses at the same strength; a comparison takes none
        right = own + 1
        left = own + 1 if own == 4 else own
        text = f"{_expr(expr.left, left)} {expr.op} {_expr(expr.right, right)}"
    return f"({text})" if own < binds else text
