"""Pricing one hand (equity.questions.hands.allin) and its chips (equity.histories.chips), on hands built here
as values: the pots and EVs against the brute-force oracle (tests/naive.py), the invariants on every hand
(chips conserved, EVs summing to minus the rake, a pot's shares summing to 1, seats swapped swapping the
figures), and every reason a hand is not priced."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from conftest import heads_up_counts
from naive import naive_allin_ev, naive_pots

from equity.cards import parse_cards
from equity.errors import HistoryError
from equity.histories.chips import all_in_moment, check, count
from equity.histories.model import Action, CashOut, Hand, Player
from equity.questions.hands.allin import price

D = Decimal


def make(stacks, actions, cards=None, board="", game="holdem", collected=None, rake="0", site="pokerstars",
         **more):
    """A hand from compact text: ``actions`` as ``"street player kind amount"`` strings."""
    players = tuple(Player(i + 1, f"p{i + 1}", D(s)) for i, s in enumerate(stacks))
    acts = []
    for text in actions:
        street, player, kind, *amount = text.split()
        acts.append(Action(int(street), int(player), kind, D(amount[0]) if amount else D(0)))
    hand_cards = {i: tuple(parse_cards(c)) for i, c in (cards or {}).items()}
    boards = (tuple(parse_cards(board)),) if board else ()
    chips = count(Hand(site, "x", game, "no-limit", players, tuple(acts)))
    uncalled = {i: r for i, r in enumerate(chips.returned) if r}
    return Hand(site, more.pop("id", "1"), game, "no-limit", players, tuple(acts), boards, hand_cards,
                showed=frozenset(hand_cards), collected=tuple(D(c) for c in collected) if collected else (),
                uncalled=uncalled, rake=D(rake), small_blind=D("0.5"), big_blind=D(1), source="t.txt", line=1,
                **more)


#: A three-way hand: p1 short all in on the flop, p2 and p3 all in on the turn, p4 folded preflop after
#: calling: a main pot with dead money, a side pot.
THREE_WAY = dict(
    stacks=["30", "100", "80", "50"],
    actions=["0 0 ante 1", "0 1 ante 1", "0 2 ante 1", "0 3 ante 1",
             "0 1 blind 0.5", "0 2 blind 1", "0 3 call 1", "0 0 call 1", "0 1 call 0.5", "0 2 check",
             "0 3 fold",  # p4 had called preflop? it folds to nothing: keeps its call as dead money
             "1 1 bet 10", "1 2 call 10", "1 0 raise 28", "1 1 call 18", "1 2 call 18",
             "2 1 bet 40", "2 2 raise 50", "2 1 call 10"],
    cards={0: "AhAd", 1: "KsKc", 2: "QhJh"}, board="Th9h2cKd2s",
)


def test_three_way_pots_and_ev_match_the_oracle():
    hand = make(**THREE_WAY, collected=["0", "0", "0", "0"], rake="0")
    chips = count(hand)
    put, pots = naive_pots(hand)
    assert [float(x) for x in chips.put] == [float(x) for x in put]
    assert [(float(p.amount), p.eligible) for p in chips.pots] == [(float(a), tuple(e)) for a, e in pots]
    hand = replace(hand, collected=_winner_takes(hand, 1))
    priced = price(hand)
    assert priced.priced and priced.street == "turn" and priced.board == "Th9h2cKd"
    ev, shares = naive_allin_ev(hand, {i: tuple(hand.cards[i]) for i in (0, 1, 2)}, hand.boards[0][:4])
    assert [f.ev for f in priced.players] == pytest.approx(ev, abs=1e-9)
    for pot, row in zip(priced.pots, shares, strict=True):
        assert list(pot.shares) == pytest.approx([float(s) for s in row], abs=1e-12)
    _invariants(priced)


def _winner_takes(hand, winner):
    total = sum(count(hand).put, D(0)) - hand.rake
    return tuple(total if i == winner else D(0) for i in range(len(hand.players)))


def _invariants(priced):
    hand = priced.hand
    chips = count(hand)
    assert sum(chips.put, hand.added) == sum((p.amount for p in priced.pots), D(0)) == priced.total
    if hand.collected and not hand.cash_outs:
        assert sum(hand.collected, D(0)) + hand.rake == priced.total
        assert sum(f.actual for f in priced.players) == pytest.approx(float(hand.added - hand.rake), abs=1e-9)
    assert sum(f.ev for f in priced.players) == pytest.approx(float(hand.added - hand.rake), abs=1e-9)
    for pot in priced.pots:
        if priced.priced:
            assert sum(pot.shares) == pytest.approx(1.0, abs=1e-12)


def test_heads_up_flop_all_in_with_an_uncalled_bet_and_rake():
    hand = make(["100", "60"], ["0 0 blind 0.5", "0 1 blind 1", "0 0 raise 2.5", "0 1 call 2",
                                "1 1 bet 4", "1 0 raise 97", "1 1 call 53"],
                cards={0: "AsKs", 1: "QdQc"}, board="Kh7h2sQc4c", collected=["0", "117"], rake="3")
    assert count(hand).returned == (D(40), D(0))
    priced = price(hand)
    assert priced.priced and priced.street == "flop" and priced.method == "exact"
    ev, _ = naive_allin_ev(hand, {0: hand.cards[0], 1: hand.cards[1]}, hand.boards[0][:3])
    assert [f.ev for f in priced.players] == pytest.approx(ev, abs=1e-9)
    assert priced.players[1].actual == 57.0 and priced.players[0].actual == -60.0
    assert priced.players[0].luck == pytest.approx(-60.0 - ev[0])
    _invariants(priced)


def test_swapping_two_seats_swaps_their_figures():
    base = make(**THREE_WAY)
    base = replace(base, collected=_winner_takes(base, 1))
    order = [2, 0, 1, 3]  # new seat k holds old player order[k]
    where = {old: new for new, old in enumerate(order)}
    players = tuple(replace(base.players[old], seat=k + 1) for k, old in enumerate(order))
    actions = tuple(replace(a, player=where[a.player]) for a in base.actions)
    swapped = replace(base, players=players, actions=actions,
                      cards={where[i]: c for i, c in base.cards.items()},
                      showed=frozenset(where[i] for i in base.showed),
                      collected=tuple(base.collected[old] for old in order),
                      uncalled={where[i]: v for i, v in base.uncalled.items()})
    a, b = price(base), price(swapped)
    for new, old in enumerate(order):
        assert b.players[new].ev == pytest.approx(a.players[old].ev, abs=1e-9)
        assert b.players[new].actual == a.players[old].actual


def test_omaha_hilo_quartered_pot_matches_the_oracle():
    hand = make(["50", "50"], ["0 0 blind 0.5", "0 1 blind 1", "0 0 raise 2.5", "0 1 call 2",
                              "1 1 bet 3", "1 0 raise 47", "1 1 call 44"],
                cards={0: "As2sKdQd", 1: "Ah2hJcJs"}, board="3c4d9sKhTc", game="omaha-hilo",
                collected=["50", "50"], rake="0")
    priced = price(hand)
    assert priced.priced and priced.street == "flop"
    ev, shares = naive_allin_ev(hand, {0: hand.cards[0], 1: hand.cards[1]}, hand.boards[0][:3], "omaha-hilo")
    assert [f.ev for f in priced.players] == pytest.approx(ev, abs=1e-9)
    assert list(priced.pots[0].shares) == pytest.approx([float(s) for s in shares[0]], abs=1e-12)
    _invariants(priced)


def test_a_cash_out_is_the_players_result():
    hand = make(["20", "20"], ["0 0 blind 0.5", "0 1 blind 1", "0 0 raise 19.5", "0 1 call 19"],
                cards={0: "AsAd", 1: "7c6c"}, board="Kh8c5dQs2h", collected=["0", "0"], rake="0.5",
                cash_outs={0: CashOut(D("30.00"), D("0.30"))})
    priced = price(hand)
    assert priced.players[0].actual == 10.0 and priced.players[0].cash_out_fee == D("0.30")
    assert sum(f.ev for f in priced.players) == pytest.approx(-0.5)


@pytest.mark.parametrize(("actions", "cards", "reason"), [
    (["0 0 blind 0.5", "0 1 blind 1", "0 0 call 0.5", "0 1 check", "1 1 check", "1 0 check",
      "2 1 check", "2 0 check", "3 1 bet 2", "3 0 call 2"], {0: "AsKs", 1: "QdQc"}, "no all-in"),
    (["0 0 blind 0.5", "0 1 blind 1", "0 0 raise 19.5", "0 1 fold"], {0: "AsKs"}, "uncontested"),
    (["0 0 blind 0.5", "0 1 blind 1", "0 0 call 0.5", "0 1 check", "1 1 check", "1 0 check",
      "2 1 check", "2 0 check", "3 1 bet 19", "3 0 call 19"], {0: "AsKs", 1: "QdQc"}, "river"),
    (["0 0 blind 0.5", "0 1 blind 1", "0 0 raise 19.5", "0 1 call 19"], {0: "AsKs"}, "cards not shown"),
])
def test_reasons_a_hand_is_not_priced(actions, cards, reason):
    hand = make(["20", "20"], actions, cards=cards, board="Th9h2cKd2s")
    priced = price(replace(hand, collected=_winner_takes(hand, 0)))
    assert not priced.priced and priced.reason == reason
    assert all(f.ev == f.actual for f in priced.players)


def test_betting_that_goes_on_past_a_short_all_in_is_not_priced():
    hand = make(["5", "100", "100"], ["0 0 blind 0.5", "0 1 blind 1", "0 2 raise 5", "0 0 call 4.5",
                                      "0 1 call 4", "1 1 bet 10", "1 2 call 10", "2 1 check", "2 2 check",
                                      "3 1 check", "3 2 check"],
                cards={0: "AsKs", 1: "QdQc", 2: "JdJc"}, board="Th9h2cKd2s")
    assert all_in_moment(hand, 4).reason == "betting went on"


def test_a_blind_that_puts_a_player_all_in_is_priced_preflop():
    hand = make(["0.6", "50"], ["0 1 blind 0.5", "0 0 blind 0.6", "0 1 call 0.1"],
                cards={0: "7h2d", 1: "AsKd"}, board="")
    moment = all_in_moment(hand, 4)
    assert moment.round == 0 and moment.players_in == (0, 1)


def test_chips_that_do_not_add_up_are_refused():
    hand = make(["20", "20"], ["0 0 blind 0.5", "0 1 blind 1", "0 0 raise 19.5", "0 1 call 19"],
                cards={0: "AsAd", 1: "7c6c"}, board="Kh8c5dQs2h", collected=["39", "0"], rake="0.5")
    with pytest.raises(HistoryError, match=r"t.txt:1: chips do not add up: 40 put in the pot, 39.5"):
        check(hand)
    over = make(["10", "20"], ["0 0 blind 0.5", "0 1 blind 1", "0 0 raise 19.5", "0 1 call 19"])
    with pytest.raises(HistoryError, match="p1 puts in 20 with a stack of 10"):
        check(over)


# -- every hand of the test histories and the examples -------------------------------------------------

def _read_all():
    from pathlib import Path

    from equity.histories.files import read

    root = Path(__file__).resolve().parents[2]
    return [h for h in read([str(root / "tests" / "histories"), str(root / "examples" / "hands")])
            if not isinstance(h, HistoryError)]


HANDS = _read_all()


def _cheap(priced):
    """Whether the brute-force oracle prices it in a second or so: a board game with cards after the
    flop, or heads-up on the flop (the preflop ones are the fast code's alone, checked by invariants)."""
    board = len(priced.board)
    return priced.hand.game in ("holdem", "omaha", "omaha5", "omaha-hilo") and board >= 3 and (
        board == 4 or len(priced.players_in) <= 3)


@pytest.mark.slow
@pytest.mark.parametrize("hand", HANDS, ids=lambda h: f"{h.source.rsplit('/', 1)[-1]}:{h.line}")
def test_every_hand_keeps_the_invariants_and_matches_the_oracle(hand):
    try:
        priced = price(hand)
    except HistoryError:
        return  # chips that do not add up: the site tests say which
    _invariants(priced)
    if priced.priced and _cheap(priced):
        known = {i: tuple(parse_cards(priced.players[i].cards)) for i in priced.players_in}
        game = "omaha" if hand.game == "omaha5" else hand.game
        ev, shares = naive_allin_ev(hand, known, tuple(parse_cards(priced.board)), game)
        assert [f.ev for f in priced.players] == pytest.approx(ev, abs=1e-9)
        for pot, row in zip(priced.pots, shares, strict=True):
            assert list(pot.shares) == pytest.approx([float(s) for s in row], abs=1e-12)
    elif priced.priced and hand.game == "holdem" and not priced.board and len(priced.players_in) == 2:
        # heads-up preflop: every board counted with Cactus Kev's evaluator (conftest), a second engine
        a, b = (priced.players[i].cards for i in priced.players_in)
        wins, ties, losses = heads_up_counts(a, b)
        share = (wins + ties / 2) / (wins + ties + losses)
        assert priced.pots[0].shares == pytest.approx((share, 1 - share), abs=1e-12)


def test_the_test_histories_cover_every_case():
    """Side pots, multiway, run it twice, cash-outs, a river all-in, each reason: all in the test files."""
    priced = []
    for hand in HANDS:
        try:
            priced.append(price(hand))
        except HistoryError:
            pass
    assert any(len(p.pots) > 1 for p in priced if p.priced)
    assert any(len(p.players_in) > 2 for p in priced if p.priced)
    assert any(len(p.hand.boards) > 1 for p in priced if p.priced)
    assert any(p.hand.cash_outs for p in priced if p.priced)
    assert {p.reason for p in priced if not p.priced} >= {"no all-in", "river"}
    assert {p.hand.game for p in priced if p.priced} >= {"holdem", "omaha", "omaha-hilo", "stud"}


def test_a_costly_spot_is_priced_by_seeded_monte_carlo_to_its_precision():
    """Stud all in on third street: every deal of eight more cards is too many to list, so Monte Carlo
    to 0.05 points, from the hand's own seed: the same numbers again, others from another seed offset,
    both within a few standard errors of each other."""
    from equity.options import RunOptions
    from equity.questions.hands.allin import PRECISION

    hand = make(["9", "9"], ["0 0 ante 1", "0 1 ante 1", "0 0 bring-in 1", "0 1 raise 8", "0 0 call 7"],
                cards={0: "AsAd7c2h9d4s5c", 1: "KhQhJh3c8s6d2d"}, game="stud", collected=["18", "0"])
    first, again = price(hand), price(hand)
    assert first.priced and first.street == "third" and first.method == "monte-carlo"
    assert 0 < first.stderr <= PRECISION and first.seed is not None
    assert [f.ev for f in first.players] == [f.ev for f in again.players]
    other = price(hand, RunOptions(seed=1))
    assert other.seed != first.seed
    a, b = first.pots[0].shares[0], other.pots[0].shares[0]
    assert a != b and abs(a - b) < 5 * (first.stderr ** 2 + other.stderr ** 2) ** 0.5
    _invariants(first)
