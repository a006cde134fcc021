"""``equity icm`` as a registered question: the command's words and options, and a batch line's keys
(``stacks``, ``payouts``, ``model``, ``allin``, ``trials``, ``seed``) read into :func:`icm`."""

from __future__ import annotations

import re
from typing import Any

from equity.errors import EquityError
from equity.options import RunOptions
from equity.questions.question import Command, Param, Question
from equity.questions.tournaments.icm import IcmResult, icm


def _list(value: Any, what: str) -> list[str]:
    """A list of numbers as the command's words, a line's list, or one text (commas or spaces)."""
    if value is None:
        return []
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [str(value)]
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)):
        raise EquityError(f"{what} must be numbers, e.g. 5000,3000,2000; got {value!r}")
    return [part for item in value for part in re.split(r"[,\s]+", str(item).strip()) if part]


def _count(value: Any, key: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise EquityError(f"{key!r} must be a whole number; got {value!r}") from None
    if not number.is_integer() or number < 0:
        raise EquityError(f"{key!r} must be a whole number; got {value!r}")
    return int(number)


def _run(keys: dict[str, Any], options: RunOptions) -> IcmResult:
    stacks = _list(keys.get("stacks"), "stacks")
    payouts = _list(keys.get("payouts"), "payouts")
    if not payouts:
        raise EquityError("give the payouts, largest first: --payouts 50,30,20 (a line's 'payouts')")
    allin = None
    if keys.get("allin"):
        parts = _list(keys["allin"], "allin")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise EquityError("an all-in is two players' numbers, the caller first: e.g. 2,1; got "
                              f"{keys['allin']!r}")
        allin = (int(parts[0]), int(parts[1]))
    model = (keys.get("model") or "mh").lower()
    return icm(stacks, payouts, model=model, trials=_count(keys.get("trials"), "trials"),  # type: ignore[arg-type]
               seed=_count(keys.get("seed"), "seed"), allin=allin)


def _answer(keys: dict[str, Any], as_text: bool, threads: Any) -> dict[str, Any]:
    """A batch line's answer: the stacks and payouts as lists of numbers or as text."""
    return _run(keys, RunOptions()).to_dict()


#: ``equity icm``: prize equity by the Independent Chip Model.
_KEYS = ("stacks", "payouts", "model", "allin", "trials", "seed")
QUESTION = Question("icm", _KEYS, _answer, command=Command(
    "STACKS --payouts P1,P2,...", "tournament prize equity (ICM), bubble factors",
    help="""Each player's prize equity ($EV) by the Independent Chip Model, from the players' STACKS and the
    --payouts, with the chance of each paid place and the bubble factor of every pair of players.

    Malmuth-Harville (the default) gives each place to a player left with probability proportional to
    their stack; --model mw (Malmuth-Weitzman) busts the next player with probability proportional to the
    inverse of their stack. Exact by the recursion over subsets of players for up to 22 players with chips;
    beyond that (or with --trials or --seed) a seeded Monte Carlo run of the same model, each equity with
    its standard error. --allin H,V: the share of the pot player H needs to call player V's all-in, under
    ICM and in chips, and the risk premium. Reference: 'equity help tournaments'.

    \b
    Examples:
      equity icm 5000 3000 2000 --payouts 50,30,20
      equity icm 5000 3000 2000 1500 --payouts 50,30,20 --allin 3,1
      equity icm 12000 9000 7000 4000 --payouts 500,300,200 --model mw --json
    """,
    params=(Param("stacks", "The players' stacks, in seat order.", metavar="STACKS..."),
            Param("payouts", "The prizes, largest first (places beyond the field are ignored).", "--payouts",
                  metavar="P1,P2,..."),
            Param("model", "mh (Malmuth-Harville) or mw (Malmuth-Weitzman).", "--model",
                  choices=("mh", "mw")),
            Param("allin", "H,V: player H calling player V's all-in: the equity H needs, the risk premium.",
                  "--allin", metavar="H,V"),
            Param("trials", "Monte Carlo: play N finishing orders.", "--trials", metavar="N"),
            Param("seed", "Monte Carlo: the seed (drawn and shown if omitted).", "--seed", metavar="N")),
    run=_run, view="equity.report.icm:icm_view"))


def _run_pushfold(keys: dict[str, Any], options: RunOptions) -> Any:
    from equity.questions.tournaments.pushfold import chart, pushfold

    stack = _list(keys.get("stack"), "stack")
    ante = keys.get("ante") or 0.0
    if keys.get("stacks") or keys.get("payouts"):
        return _run_table(keys, stack, ante, options)
    for key in ("model", "position"):
        if keys.get(key):
            raise EquityError(f"--{key} is for a table valued by ICM: give --stacks and --payouts with it")
    if keys.get("chart"):
        if stack:
            raise EquityError("give a stack or --chart LOW-HIGH, not both")
        low, sep, high = str(keys["chart"]).partition("-")
        if not sep:
            raise EquityError(f"a chart is LOW-HIGH in big blinds, e.g. 1-20; got {keys['chart']!r}")
        return chart(low, high, keys.get("step") or 0.5, ante)
    if len(stack) != 1:
        raise EquityError(f"give one effective stack in big blinds, e.g. 10; got {' '.join(stack) or 'none'}")
    return pushfold(stack[0], ante)


def _run_table(keys: dict[str, Any], stack: list[str], ante: Any, options: RunOptions) -> Any:
    from equity.questions.tournaments import multiway
    from equity.questions.tournaments.multiway_solve import solve

    if stack or keys.get("chart"):
        raise EquityError("give one effective stack (heads-up in chips), --chart LOW-HIGH, or a table's "
                          "--stacks with its --payouts; not two of them")
    stacks, payouts = _list(keys.get("stacks"), "stacks"), _list(keys.get("payouts"), "payouts")
    if not stacks or not payouts:
        raise EquityError("a table needs both --stacks S1,S2,... (big blinds, from the first to act to the "
                          "big blind) and --payouts P1,P2,...")
    spot = multiway.spot(stacks, payouts, ante, (keys.get("model") or "mh").lower())
    position = keys.get("position")
    names = [spot.position(seat) for seat in range(spot.n)]
    if position and position.upper() not in names:
        raise EquityError(f"no position {position!r} at a table of {spot.n}: {', '.join(names)}")
    return solve(spot, progress=options.progress)


def _answer_pushfold(keys: dict[str, Any], as_text: bool, threads: Any) -> dict[str, Any]:
    return _run_pushfold(keys, RunOptions()).to_dict()


#: ``equity pushfold``: push/fold equilibria, heads-up in chips or a table valued by ICM.
PUSHFOLD = Question("pushfold", ("stack", "ante", "chart", "step", "stacks", "payouts", "model"),
                    _answer_pushfold, command=Command(
    "STACK [--ante A] | --chart LOW-HIGH | --stacks S1,S2,... --payouts P1,P2,...",
    "push/fold equilibria: heads-up in chips, or a table by ICM",
    help="""The heads-up push/fold equilibrium at an effective STACK of big blinds (counted before the
    blinds): the small blind's shoving range and the big blind's calling range on the 13 x 13 grid, with
    mixed frequencies where the equilibrium mixes, the shares of combos shoved and called, the small
    blind's game value, and how exploitable the answer is (solved to at most 1e-6 big blinds).

    Chips, not prizes: the small blind posts 0.5, the big blind 1, each --ante A besides. Equities are
    exact, class against class over their compatible combos (card removal). Reference: 'equity help
    tournaments'. --chart LOW-HIGH solves every stack from LOW to HIGH in steps of --step and gives, for
    every class, the stacks at which it is shoved and called (gapped hands have several intervals).

    --stacks S1,S2,... --payouts P1,P2,...: a table of 2 to 10 players valued by ICM, the stacks in big
    blinds from the first to act to the big blind. The first player in shoves, the others call or fold,
    pots of up to three players; each decision's range, each player's prize equity, and the
    exploitability as a share of the prize pool (solved to at most 0.01%). --csv: the ranges as rows.

    \b
    Examples:
      equity pushfold 10
      equity pushfold 8 --ante 0.125
      equity pushfold 15 --json
      equity pushfold --chart 1-20 --svg chart.svg
      equity pushfold --stacks 12,8,15,20 --payouts 50,30,20
      equity pushfold --stacks 12,8,15,20,10,25 --payouts 50,30,20 --ante 0.125 --position BTN
    """,
    params=(Param("stack", "The effective stack in big blinds, before the blinds.", metavar="STACK",
                  required=False),
            Param("ante", "Each player's ante in big blinds [default: 0].", "--ante", metavar="A"),
            Param("chart", "LOW-HIGH: every stack from LOW to HIGH big blinds, each class's shoving and "
                  "calling stacks.", "--chart", metavar="LOW-HIGH"),
            Param("step", "The chart's step in big blinds [default: 0.5].", "--step", metavar="S"),
            Param("stacks", "A table's stacks in big blinds, from the first to act to the big blind.",
                  "--stacks", metavar="S1,S2,..."),
            Param("payouts", "The table's prizes (with --stacks).", "--payouts", metavar="P1,P2,..."),
            Param("model", "ICM model for --stacks: mh (Malmuth-Harville) or mw (Malmuth-Weitzman).",
                  "--model", choices=("mh", "mw")),
            Param("position", "With --stacks: show only this position's decisions (UTG, HJ, CO, BTN, SB, "
                  "BB, ...).", "--position", metavar="POS", line=False)),
    run=_run_pushfold, view="equity.report.icm:pushfold_view", view_args=("position",), pictures=True,
    csv="equity.report.icm:pushfold_csv",
    progress=("building the three-way table (once)", "class triples")))
