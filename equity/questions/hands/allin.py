"""All-in EV of one hand history: its pots, each player's share of each, the EV, the result and the luck
(DESIGN.md section 11; ``equity hands``).

A hand is priced at the first moment no more betting can take place
(:func:`equity.histories.chips.all_in_moment`) when cards are still to come and every player still in has
shown. Each pot's eligible players get their
exact expected share over every completion of the board from that moment, as ``equity`` computes it for
their hands (the game's own showdown: ties split, hi-lo halves and quarters), with the other players
still in holding their cards (known, so out of the deck) and nothing else known: folded hands are
unknown even where the history shows them. Exact enumeration when it is cheap
(:func:`~equity.questions.calculate.choose`); otherwise Monte Carlo to a standard error of
:data:`PRECISION`, seeded from the hand (so the numbers repeat, wherever and in whatever order the hands
run).

Per player, ``put`` is its contribution (less an uncalled bet), and

- ``ev`` = Σ over pots of share × pot × (1 − rake / total pot) − put;
- ``actual`` = what it collected over all runs − put, or for a player who cashed out, the cash-out less
  put (the fee reported apart);
- ``luck`` = actual − ev.

So a hand's EVs sum to −rake, and so do its actual results unless a player cashed out.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from equity.cards import CARD_NAMES
from equity.errors import EquityError, HistoryError
from equity.games import Game, get_game
from equity.histories.chips import Chips, Moment, all_in_moment, check, count
from equity.histories.model import ZERO, Hand, money
from equity.options import DEFAULT, RunOptions
from equity.questions.calculate import choose, run_chosen
from equity.questions.small_spots import calculate_fixed
from equity.scenario import Scenario

#: The standard error a Monte Carlo share is run to: 0.05 percentage points.
PRECISION = 0.0005


@dataclass(frozen=True)
class PotShares:
    """One pot: its chips, the players eligible for it and each one's expected share (in that order)."""

    amount: Decimal
    eligible: tuple[int, ...]
    shares: tuple[float, ...]

    def to_dict(self, hand: Hand) -> dict[str, Any]:
        return {"amount": float(self.amount), "players": [hand.players[i].name for i in self.eligible],
                "shares": list(self.shares)}


@dataclass(frozen=True)
class PlayerFigures:
    """One player's figures in a hand (module docstring): ``equity`` its expected share of all the pots
    (None where the hand is not priced or the player was not in at the all-in), ``cash_out`` and
    ``cash_out_fee`` where it cashed out, ``folded`` whether it folded."""

    index: int
    name: str
    cards: str
    put: Decimal
    collected: Decimal
    actual: float
    ev: float
    equity: float | None = None
    cash_out: Decimal | None = None
    cash_out_fee: Decimal | None = None
    folded: bool = False

    @property
    def luck(self) -> float:
        return self.actual - self.ev


@dataclass(frozen=True)
class PricedHand:
    """A hand's all-in pricing: ``priced`` or not (``reason``, one of
    :data:`~equity.histories.chips.REASONS`); at the all-in, the betting round's name (``street``), the
    board then (``board``) and the players still in (``players_in``); the pots with their shares; every
    player's figures (those not priced: ``ev`` equal to ``actual``); how the shares were computed
    (``method``, the Monte Carlo ``seed`` and the largest standard error of a share, ``stderr``)."""

    hand: Hand
    priced: bool
    reason: str | None
    street: str | None
    board: str
    players_in: tuple[int, ...]
    pots: tuple[PotShares, ...]
    players: tuple[PlayerFigures, ...]
    total: Decimal
    method: str | None = None
    seed: int | None = None
    stderr: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """The hand as ``equity hands --json`` lists it (docs/hands.md)."""
        hand = self.hand
        out: dict[str, Any] = {
            "site": hand.site, "id": hand.id, "date": hand.date, "table": hand.table,
            "tournament": hand.tournament, "game": hand.game, "limit": hand.limit, "currency": hand.currency,
            "big_blind": float(hand.big_blind), "file": hand.source, "line": hand.line,
            "priced": self.priced, "reason": self.reason, "street": self.street, "board": self.board,
            "runs": [_cards(b) for b in hand.boards], "pot": float(self.total),
            "rake": float(hand.rake), "fees": {k: float(v) for k, v in hand.fees.items()},
            "cash_drop": float(hand.added),
            "method": self.method, "seed": self.seed, "stderr": self.stderr,
            "pots": [p.to_dict(hand) for p in self.pots], "players": []}
        for f in self.players:
            out["players"].append({
                "name": f.name, "seat": hand.players[f.index].seat, "cards": f.cards,
                "in": f.index in self.players_in,
                "equity": f.equity, "put": float(f.put), "collected": float(f.collected), "ev": f.ev,
                "actual": f.actual, "luck": f.luck,
                "cash_out": None if f.cash_out is None else float(f.cash_out),
                "cash_out_fee": None if f.cash_out_fee is None else float(f.cash_out_fee)})
        return out


def _cards(cards: Sequence[int]) -> str:
    """Card ids as text (``AsKs``): ids a hand history's reader checked already."""
    return "".join(map(CARD_NAMES.__getitem__, cards))


def hand_seed(hand: Hand, seed: int | None = None) -> int:
    """The Monte Carlo seed of ``hand``: from its site and id (so a hand gets the same numbers wherever it
    runs), offset by ``seed`` when given."""
    own = zlib.crc32(f"{hand.site}:{hand.id}".encode())
    return (own + (seed or 0)) % 2**32


def classify(hand: Hand) -> Classified:
    """What :func:`price` knows before any equity is run: the hand (a PHH hand's rake filled in), its
    game, its chips (checked), its all-in moment (or why not priced, ``"cards not shown"`` included), and
    the cards each player still in then holds.

    Raises:
        HistoryError: chips that do not add up, or a game equity does not play.
    """
    game = _GAMES.get(hand.game)
    if game is None:
        try:
            game = _GAMES[hand.game] = get_game(hand.game)
        except EquityError as exc:
            raise HistoryError(str(exc), hand.where) from None
    chips = count(hand)
    if hand.finishing:
        hand = _finished(hand, chips)
    if hand.site == "phh" and hand.collected and not hand.rake:
        # Some PHH archives count an uncalled bet in the winnings of the player it went back to (a walk's
        # big blind "wins" its own): exactly that much over the pot, all to those players, comes off.
        over = sum(hand.collected, ZERO) - chips.total
        if over > 0 and over == sum(chips.returned, ZERO) and all(
                c >= r for c, r in zip(hand.collected, chips.returned, strict=True)):
            hand = _with(hand, collected=tuple(c - r for c, r in zip(hand.collected, chips.returned,
                                                                     strict=True)))
        # PHH has no rake field: its winnings are after rake, so the rake is what they leave of the pot
        taken = chips.total - sum(hand.collected, ZERO)
        if taken > 0:
            hand = _with(hand, rake=taken)
    check(hand, chips)
    moment = all_in_moment(hand, hand.draw_rounds + 1 if hand.draw_rounds else len(game.round_names), chips)
    if hand.draw_rounds > 1 and moment.round is not None:
        moment = Moment(None, moment.players_in, "triple draw")
    known: dict[int, tuple[int, ...]] = {}
    if moment.round is not None:
        for i in moment.players_in:
            cards = game.known_cards(hand.cards.get(i, ()), hand.discards.get(i), moment.round)
            if cards is None:
                moment = Moment(None, moment.players_in, "cards not shown")
                break
            known[i] = cards
    return hand, game, chips, moment, known


_GAMES: dict[str, Game] = {}


def _with(hand: Hand, **changes: Any) -> Hand:
    """``hand`` with ``changes``: :func:`dataclasses.replace` without the frozen dataclass's per-field
    ``__init__`` (a hand's fields are values read and checked already)."""
    out = object.__new__(Hand)
    out.__dict__.update(hand.__dict__, **changes)
    return out


def _finished(hand: Hand, chips: Chips) -> Hand:
    """``hand`` with what each player collected as its finishing stack says (finishing = starting stack
    less what it put in plus what it collected); where the history gives winnings too, they must agree.

    Raises:
        HistoryError: winnings that differ from the finishing stacks, naming the player and the difference.
    """
    players, put = hand.players, chips.put
    derived = tuple(f - players[p].stack + put[p] for p, f in enumerate(hand.finishing))
    if hand.collected:
        for p, (said, got) in enumerate(zip(hand.collected, derived, strict=True)):
            if said != got:
                raise HistoryError(
                    f"finishing_stacks and winnings disagree for {players[p].name}: winnings {money(said)}, "
                    f"but finishing stack {money(hand.finishing[p])} - starting stack "
                    f"{money(players[p].stack)} + {money(put[p])} put in = {money(got)} collected (a "
                    f"difference of {money(got - said)})", hand.where)
        return hand
    return _with(hand, collected=derived)


Classified = tuple[Hand, Game, Chips, Moment, dict[int, tuple[int, ...]]]


def price(hand: Hand, options: RunOptions = DEFAULT) -> PricedHand:
    """Price ``hand`` (module docstring). ``options``: ``seed`` offsets each hand's own seed, ``threads``
    bounds the threads of a Monte Carlo run, ``method`` may ask for ``"exact"`` (never Monte Carlo);
    the precision is always :data:`PRECISION` unless ``options.precision`` is given.

    Raises:
        HistoryError: a hand whose chips do not add up, or whose game equity does not play, or whose cards
            cannot be dealt (naming its file and line).
    """
    return price_classified(classify(hand), options)


def price_classified(classified: Classified, options: RunOptions = DEFAULT) -> PricedHand:
    """:func:`price` of a hand :func:`classify` has read already."""
    hand, game, chips, moment, known = classified
    collected = _collected(hand, chips, game)
    if moment.round is None:
        return _unpriced(hand, chips, collected, moment)
    board = hand.boards[0][:game.board_dealt(moment.round)] if hand.boards else ()
    seed = hand_seed(hand, options.seed)
    try:
        pots, method, stderr = _pot_shares(game, chips, known, board, options, seed)
    except EquityError as exc:
        raise HistoryError(f"cannot price the all-in: {exc}", hand.where) from None
    total = chips.total
    keep = 1 - float(hand.rake) / float(total) if total else 1.0
    players = []
    for i in range(len(hand.players)):
        won = sum(p.shares[p.eligible.index(i)] * float(p.amount) for p in pots if i in p.eligible)
        ev = won * keep - float(chips.put[i])
        players.append(_figures(hand, i, chips, collected, ev, won / float(total) if i in known else None))
    return PricedHand(hand, True, None, game.round_names[moment.round], _cards(board),
                      moment.players_in, tuple(pots), tuple(players), total, method,
                      seed if method == "monte-carlo" else None, stderr)


def _figures(hand: Hand, i: int, chips: Chips, collected: Sequence[Decimal], ev: float | None,
             equity: float | None = None) -> PlayerFigures:
    put = chips.put[i]
    cash = hand.cash_outs.get(i)
    actual = float((cash.amount if cash is not None else collected[i]) - put)
    return PlayerFigures(i, hand.players[i].name, _cards(hand.cards.get(i, ())), put, collected[i],
                         actual, actual if ev is None else ev, equity, None if cash is None else cash.amount,
                         None if cash is None else cash.fee, chips.folded[i])


def _unpriced(hand: Hand, chips: Chips, collected: Sequence[Decimal], moment: Moment) -> PricedHand:
    players = tuple(_figures(hand, i, chips, collected, None) for i in range(len(hand.players)))
    pots = tuple(PotShares(p.amount, p.eligible, ()) for p in chips.pots)
    return PricedHand(hand, False, moment.reason, None, "", moment.players_in, pots, players, chips.total)


def _pot_shares(game: Game, chips: Chips, known: dict[int, tuple[int, ...]], board: Sequence[int],
                options: RunOptions, seed: int) -> tuple[list[PotShares], str, float]:
    """Each pot's shares, one equity run per distinct set of eligible players."""
    runs: dict[tuple[int, ...], tuple[tuple[float, ...], str, float]] = {}
    pots = []
    for pot in chips.pots:
        eligible = tuple(i for i in pot.eligible if i in known)
        if eligible not in runs:
            dead = [c for i, cards in known.items() if i not in eligible for c in cards]
            runs[eligible] = _shares(game, [known[i] for i in eligible], board, dead, options, seed)
        pots.append(PotShares(pot.amount, eligible, runs[eligible][0]))
    methods = {method for _, method, _ in runs.values()}
    return pots, "monte-carlo" if "monte-carlo" in methods else "exact", max(s for _, _, s in runs.values())


def _shares(game: Game, hands: list[tuple[int, ...]], board: Sequence[int], dead: Sequence[int],
            options: RunOptions, seed: int) -> tuple[tuple[float, ...], str, float]:
    """The expected shares of a pot among ``hands``: exact when cheap, else seeded Monte Carlo."""
    if len(hands) == 1:
        return (1.0,), "exact", 0.0
    texts = [_cards(h) for h in hands]
    if options.method != "monte-carlo":
        if options.on_start is not None and not game.one_deal_cached():
            options.on_start("exact", False, game.title)
        fixed = calculate_fixed(texts, _cards(board), _cards(dead), game)
        if fixed is not None:
            return tuple(p.equity for p in fixed.players), "exact", 0.0
    scenario = Scenario.build(texts, board=list(board), dead=list(dead), game=game)
    chosen, plan = choose(scenario, RunOptions(method=options.method))
    if chosen == "exact":
        run = RunOptions(threads=options.threads, on_start=options.on_start)
    else:
        run = RunOptions(precision=options.precision or PRECISION, seed=seed, threads=options.threads,
                         on_start=options.on_start)
    result = run_chosen(scenario, chosen, plan, run)
    return (tuple(p.equity for p in result.players), result.method,
            max((p.stderr or 0.0) for p in result.players))


def _collected(hand: Hand, chips: Chips, game: Game) -> tuple[Decimal, ...]:
    """What each player collected: as the history says, else (a PHH file without winnings) the whole pot
    less rake to the last player in, or each pot shared at showdown by the game's own rules."""
    if hand.collected:
        return hand.collected
    n = len(hand.players)
    out = [ZERO] * n
    keep = (chips.total - hand.rake) / chips.total if chips.total else Decimal(1)
    for pot in chips.pots:
        shares = _showdown(game, hand, pot.eligible)
        for i, share in zip(pot.eligible, shares, strict=True):
            out[i] += pot.amount * keep * share
    return tuple(out)


def _showdown(game: Game, hand: Hand, eligible: tuple[int, ...]) -> list[Decimal]:
    """Each eligible player's share of a pot at showdown on the hands at the end (a draw game's after
    its draws), each run's board a pot's equal part (one share when one player)."""
    if len(eligible) == 1:
        return [Decimal(1)]
    last = len(game.round_names) - 1
    hands = [game.known_cards(hand.final(i) or (), None, last) for i in eligible]
    if any(h is None for h in hands) or not hand.boards and game.board:
        raise HistoryError("the history gives no winnings and does not show the cards at showdown",
                           hand.where)
    boards = hand.boards or ((),)
    try:
        shares = [game.showdown(hands, board) for board in boards]  # type: ignore[arg-type]
    except EquityError as exc:
        raise HistoryError(f"cannot play the showdown: {exc}", hand.where) from None
    means = [sum((s[k] for s in shares), Fraction(0)) / len(boards) for k in range(len(eligible))]
    return [Decimal(m.numerator) / m.denominator for m in means]
