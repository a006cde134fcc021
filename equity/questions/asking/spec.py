"""A scenario as a file gives it (a check file's table, a batch line): its keys, checked, and run.

The keys every such scenario may have, with the command line's meanings::

    players     a list, hero first: hands, ranges, "random" or counts of random hands (the rule of
                :mod:`equity.questions.players`); in CSV one cell, the players separated by " vs "
    board, dead cards
    game        "holdem", "omaha" ("plo"), "omaha5", "omaha6", "omaha-hilo" ("plo8", "o8"), "omaha5-hilo"
                ("big-o"), "omaha6-hilo", "short-deck", "short-deck-trips" or
                another alias (:mod:`equity.games`); by default the one the specific hands imply
    method      "auto" (default), "exact" or "monte-carlo"
    trials      a whole number of trials, 1 .. 10**15
    precision   the target standard error, in percentage points
    time        seconds
    seed        0 .. 2**64-1
    categories  true or false

Values come typed (JSON, TOML: ``trials = 1e6`` is a million, a float that is a whole number being
taken as one) or as text (CSV: numbers as on the command line, ``1e6`` or ``1M`` for a
million trials; ``true``/``false``, ``yes``/``no`` or ``1``/``0``; an empty cell is no value). Messages
name the key and the value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from equity.engines.montecarlo import MAX_SEED, MAX_TRIALS
from equity.errors import EquityError
from equity.games import NAMES, get_game
from equity.options import DEFAULT, METHODS, RunOptions, percent
from equity.questions.calculate import calculate, choose, run_chosen
from equity.questions.players import players_from_list
from equity.questions.question import FALSE_WORDS, TRUE_WORDS, Command, Question, Threads
from equity.questions.small_spots import calculate_fixed
from equity.ranges import Range
from equity.result import Result
from equity.scenario import Scenario

SPEC_KEYS = ("players", "board", "dead", "game", "method", "trials", "precision", "time", "seed",
             "categories")
_SCALE = {"k": 10**3, "m": 10**6, "g": 10**9, "b": 10**9}


def whole_number(text: str) -> int | None:
    """A whole number written ``1000000``, ``1e6``, ``1M``, ``500k``, ``1_000_000`` or ``1,000,000``
    (commas only between thousands); None if ``text`` is none of these.

    >>> whole_number("1e6"), whole_number("2.5M"), whole_number("1,000"), whole_number("1,5M")
    (1000000, 2500000, 1000, None)
    """
    text = text.strip().replace("_", "")
    if "," in text:
        if not re.fullmatch(r"\d{1,3}(,\d{3})+", text):
            return None
        text = text.replace(",", "")
    scale = _SCALE.get(text[-1:].lower(), 1)
    try:
        number = Fraction(text[:-1] if scale > 1 else text) * scale
    except (ValueError, ZeroDivisionError):
        return None
    return int(number) if number.denominator == 1 else None


@dataclass(frozen=True)
class Spec:
    """A checked scenario: players parsed (a :class:`~equity.ranges.Range` or a count each), board and
    dead cards, the game, whether to count categories, and how to run it (``options``: the method, the
    stop and the seed, its precision a fraction as the engines read it)."""

    players: tuple[Range | int | None, ...]
    board: str = ""
    dead: str = ""
    options: RunOptions = DEFAULT
    categories: bool = False
    game: str = "holdem"

    def calculate(self, **run: Any) -> Result:
        """Run it through :func:`equity.calculate`; ``run``: run options to set besides the spec's own
        (``threads``, ``progress``, ``on_start``)."""
        return calculate(list(self.players), self.board, self.dead, game=self.game,  # type: ignore[arg-type]
                         options=self.options.replace(**run), categories=self.categories)


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _integral(value: Any) -> Any:
    """A float that is exactly a whole number below 2**53 (JSON's and TOML's ``1e6``) as that int;
    anything else unchanged, for the check that follows."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def _from_text(key: str, value: str) -> Any:
    """A CSV cell as the typed value it stands for (left as text when it is not one: the check that
    follows reports it)."""
    if key == "players":
        return [p.strip() for p in re.split(r"\s+vs\s+", value.strip(), flags=re.IGNORECASE)]
    if key in ("trials", "seed"):
        number = whole_number(value)
        return value if number is None else number
    if key in ("precision", "time"):
        try:
            return float(value)
        except ValueError:
            return value
    if key == "categories":
        low = value.strip().lower()
        return True if low in TRUE_WORDS else False if low in FALSE_WORDS else value
    return value


def read_spec(table: Mapping[str, Any], fail: Callable[[str], EquityError], *, extra: tuple[str, ...] = (),
              text: bool = False) -> Spec:
    """Check a scenario's keys and values and parse its players.

    Args:
        table: the keys (:data:`SPEC_KEYS`, and ``extra`` ones the caller reads itself).
        fail: makes the exception to raise from a message (the caller adds where it is).
        extra: other keys the caller allows.
        text: the values are CSV text; an empty one counts as absent.

    Raises:
        EquityError: what ``fail`` makes, naming the key, the value and what is expected.
    """
    allowed = SPEC_KEYS + extra
    for key in table:
        if key not in allowed:
            raise fail(f"unknown key {key!r}; a scenario has {', '.join(allowed)}")
    table, get = _reader(table, fail, text)
    if "players" not in table:
        raise fail("'players' is missing: a list such as [\"AsKs\", \"QQ+,AKs\", \"random\"]")
    items = get("players", lambda v: isinstance(v, list) and len(v) >= 2,
                "a list of at least two players: hands, ranges, \"random\" or counts of random hands")
    game = get("game", lambda v: isinstance(v, str) and _known_game(v),
               f"a game: {', '.join(NAMES)} or an alias such as plo or 6+")
    try:
        game, players = players_from_list(items, game)
    except EquityError as exc:
        raise fail(str(exc)) from None
    board = get("board", lambda v: isinstance(v, str), "a string of cards", "")
    dead = get("dead", lambda v: isinstance(v, str), "a string of cards", "")
    options = _run_options(get)
    categories = get("categories", lambda v: isinstance(v, bool), "true or false", False)
    return Spec(tuple(players), board, dead, options, categories, game.name)


def read_run(table: Mapping[str, Any], *, text: bool = False) -> RunOptions:
    """The run options a line gives (``method``, ``trials``, ``precision`` in percentage points,
    ``time``, ``seed``), checked as :func:`read_spec` checks them; other keys are not looked at.

    Raises:
        EquityError: a bad value, naming the key, the value and what is expected.
    """
    keys = ("method", "trials", "precision", "time", "seed")
    _, get = _reader({k: v for k, v in table.items() if k in keys}, EquityError, text)
    return _run_options(get)


def _reader(table: Mapping[str, Any], fail: Callable[[str], EquityError],
            text: bool) -> tuple[dict[str, Any], Callable[..., Any]]:
    """A scenario's keys as typed values (CSV text read, an empty cell dropped; a whole float as an int
    where a count is due), and ``get(key, ok, what, default)``: a key's value, checked by ``ok``, else
    what ``fail`` makes of a message naming the key, the value and ``what`` is expected."""
    if text:
        table = {k: _from_text(k, v) for k, v in table.items() if v is not None and v.strip() != ""}
    typed = {k: _integral(v) if k in ("trials", "seed") else v for k, v in table.items()}

    def get(key: str, ok: Callable[[Any], bool], what: str, default: Any = None) -> Any:
        value = typed.get(key, default)
        if key in typed and not ok(value):
            raise fail(f"{key!r} must be {what}; got {value!r}")
        return value

    return typed, get


def _run_options(get: Callable[..., Any]) -> RunOptions:
    """The run options, each read and checked by ``get(key, ok, what, default)``."""
    return RunOptions(
        method=get("method", lambda v: v in METHODS, " or ".join(repr(m) for m in METHODS), "auto"),
        trials=get("trials", lambda v: _whole(v) and 1 <= v <= MAX_TRIALS, "a whole number from 1 to 10**15"),
        precision=percent(get("precision", lambda v: _finite(v) and v > 0,
                              "a number > 0 (percentage points)")),
        time_s=get("time", lambda v: _finite(v) and v > 0, "a number of seconds > 0"),
        seed=get("seed", lambda v: _whole(v) and 0 <= v <= MAX_SEED, "a whole number 0 .. 2**64-1"))


def _known_game(name: str) -> bool:
    try:
        get_game(name)
    except EquityError:
        return False
    return True


# -- the equity question, as a line asks it ------------------------------------------------------------

def run_spec(spec: Spec, threads: Threads, scenario: Scenario | None = None, **per_combo: Any) -> Result:
    """Run a line's scenario (``scenario``, or the spec's) as :func:`equity.calculate` would, on
    ``threads`` (``"auto"``: sized by :func:`~equity.questions.calculate.run_chosen` once the method is
    chosen); ``per_combo``: the per-combo counts to keep
    (:func:`~equity.questions.calculate.calculate_scenario`'s ``combos``, ``groups`` and
    ``group_precision``)."""
    options = spec.options.replace(threads=threads)
    if scenario is None and not per_combo and options.plain:
        result = _small_spot(spec)
        if result is not None:
            return result
    if scenario is None:
        scenario = Scenario.build(list(spec.players), spec.board, spec.dead, spec.game)
    method, plan = choose(scenario, options, rows=bool(per_combo))
    return run_chosen(scenario, method, plan, options, categories=spec.categories, **per_combo)


def _small_spot(spec: Spec) -> Result | None:
    """A small exact spot of specific hands by :func:`~equity.questions.small_spots.calculate_fixed`, else
    None."""
    if not spec.options.plain or spec.categories:
        return None
    texts = [p.text for p in spec.players if isinstance(p, Range) and p.is_hand()]
    if len(texts) < len(spec.players):
        return None
    return calculate_fixed(texts, spec.board, spec.dead, spec.game)


def _answer(keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    return run_spec(read_spec(keys, EquityError, text=as_text), threads).to_dict()


#: ``equity HERO vs ...``: every player's equity (the keys above).
EQUITY = Question("equity", SPEC_KEYS, _answer, command=Command(
    "HERO [vs] OPPONENT...", "equities, e.g. equity AsKs vs 2 --board Th9h2c\n(--game plo, plo5, plo6, plo8, "
    "big-o, 6+, stud, stud8, razz, 2-7, draw, badugi ...)"))
