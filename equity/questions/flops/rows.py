"""The answer of ``equity flops`` (:mod:`equity.questions.flops`): a row a flop (:class:`FlopRow`, each
range a :class:`Side`) built from the counts, the weighted means (:class:`Mean`) and the whole
:class:`FlopsResult`, with the orders it can be sorted in.

A row's sides are None when the flop is *blocked*: a range has no live combo on it, or every pair of
live combos shares a card. The means weigh each flop by the flops its row stands for times its live combo
pairs (whole counts added as integers, so each mean is rounded once), the hit shares by the flops times
each side's live weight.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from equity.cards import format_cards
from equity.errors import ScenarioError
from equity.games.hits import FLOP_HIT_KEYS
from equity.questions.flops.sets import PAIRING, RANK_NAMES, SUITS, FlopSet, texture_names
from equity.result import PlayerResult, exact_figures


@dataclass(frozen=True)
class Side:
    """One range on one flop: its live ``combos`` and their ``weight``; ``win``, ``tie`` and ``equity``
    against the other range (``stderr`` 0 when exact); ``hits``: per key of
    :data:`~equity.games.hits.FLOP_HIT_KEYS` the share of the live weight (0 .. 1)."""

    combos: int
    weight: float
    win: float
    tie: float
    equity: float
    stderr: float | None
    hits: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {"combos": self.combos, "weight": self.weight, "win": self.win, "tie": self.tie,
                "equity": self.equity, "stderr": self.stderr, "hits": dict(self.hits)}


@dataclass(frozen=True)
class FlopRow:
    """One row: a ``flop`` (the class's flop, or a listed one) standing for ``weight`` flops, its
    texture, ``pairs`` (the live combo pairs, weights multiplied), each side, the ``trials`` (boards
    times pairs when exact) and its Monte Carlo ``seed``. ``blocked``: why a side cannot be played here
    (its sides are then None), else None."""

    flop: str
    weight: int
    suits: str
    pairing: str
    high: str
    connected: bool
    pairs: float
    hero: Side | None
    villain: Side | None
    trials: int
    seed: int | None = None
    blocked: str | None = None
    #: Exact rows: the hero's wins, the ties and the trials as counted (whole numbers for unweighted
    #: ranges), which the means add up.
    counts: tuple[Any, Any, Any] | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"flop": self.flop, "weight": self.weight, "suits": self.suits, "pairing": self.pairing,
                "high": self.high, "connected": self.connected, "pairs": self.pairs, "trials": self.trials,
                "seed": self.seed, "blocked": self.blocked,
                "hero": None if self.hero is None else self.hero.to_dict(),
                "villain": None if self.villain is None else self.villain.to_dict()}


@dataclass(frozen=True)
class Mean:
    """Weighted means over some flops: ``flops`` (how many they stand for, blocked ones included),
    ``counted`` (those in the means), each side's ``equity`` (and ``win``, ``tie``), ``stderr`` of the
    hero's equity (0 when exact) and each side's ``hits`` (shares of the live weight over the flops)."""

    name: str
    flops: int
    counted: int
    hero_equity: float | None
    villain_equity: float | None
    hero_win: float | None
    villain_win: float | None
    tie: float | None
    stderr: float | None
    hero_hits: dict[str, float] = field(default_factory=dict)
    villain_hits: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "flops": self.flops, "counted": self.counted,
                "hero": {"equity": self.hero_equity, "win": self.hero_win, "tie": self.tie,
                         "hits": dict(self.hero_hits)},
                "villain": {"equity": self.villain_equity, "win": self.villain_win, "tie": self.tie,
                            "hits": dict(self.villain_hits)},
                "stderr": self.stderr}


@dataclass(frozen=True)
class FlopsResult:
    """What :func:`flops` returns.

    Attributes:
        game, hero, villain, dead: the matchup, as text.
        method: ``"exact"`` or ``"monte-carlo"``.
        rows: one :class:`FlopRow` a class (or listed flop), in the order of the flops (high first).
        flops: the flops the rows stand for; ``deck_flops`` those of the deck (no dead card).
        symmetries: the suit permutations the classes were taken under (24: every one).
        narrowed: whether ``--flops`` left flops out (then ``preflop`` is None).
        overall: the weighted :class:`Mean` over every row; ``textures``: over each texture's rows.
        preflop: the exact preflop result of the matchup (hero, villain), or None (narrowed, or too
            large to enumerate: ``preflop_note`` says which).
        seed: the Monte Carlo seed the flops' seeds derive from (None when exact).
        elapsed_s: seconds the run took; ``count_s``: of which counting the flops.
    """

    game: str
    hero: str
    villain: str
    dead: str
    method: str
    rows: tuple[FlopRow, ...]
    flops: int
    deck_flops: int
    symmetries: int
    narrowed: bool
    asked: str | None
    overall: Mean
    textures: tuple[Mean, ...]
    preflop: tuple[PlayerResult, PlayerResult] | None
    preflop_note: str | None
    seed: int | None
    elapsed_s: float
    count_s: float

    @property
    def blocked(self) -> tuple[FlopRow, ...]:
        """The rows left out of the means."""
        return tuple(r for r in self.rows if r.blocked)

    def sorted_rows(self, column: str = "equity", ascending: bool = False,
                    top: int | None = None) -> list[FlopRow]:
        """The rows ordered by ``column`` (:data:`SORT_COLUMNS`), highest first unless ``ascending``
        (flops in the order of their cards), blocked rows last, at most ``top`` of them (None: all).

        Raises:
            ScenarioError: an unknown column.
        """
        key = sort_key(column)
        playable = [r for r in self.rows if not r.blocked]
        ordered = sorted(playable, key=key, reverse=not ascending)
        ordered += [r for r in self.rows if r.blocked]
        return ordered if top is None else ordered[:top]

    def to_dict(self, rows: Sequence[FlopRow] | None = None) -> dict[str, Any]:
        """The JSON object of ``equity flops --json`` (docs/flops.md): strict JSON, keys only ever added;
        ``rows``: the rows to list (default: all, in flop order)."""
        from equity._version import __version__

        pre = None
        if self.preflop is not None:
            pre = {"hero": _player(self.preflop[0]), "villain": _player(self.preflop[1])}
        return {"version": __version__, "game": self.game, "hero": self.hero, "villain": self.villain,
                "dead": self.dead, "method": self.method, "seed": self.seed, "flops": self.flops,
                "deck_flops": self.deck_flops, "classes": len(self.rows), "symmetries": self.symmetries,
                "narrowed": self.narrowed, "filter": self.asked, "blocked": len(self.blocked),
                "elapsed_s": round(self.elapsed_s, 6), "overall": self.overall.to_dict(),
                "preflop": pre, "preflop_note": self.preflop_note,
                "textures": [m.to_dict() for m in self.textures],
                "rows": [r.to_dict() for r in (self.rows if rows is None else rows)]}


def _player(p: PlayerResult) -> dict[str, Any]:
    return {"equity": p.equity, "win": p.win, "tie": p.tie, "combos": p.combos}


#: ``--sort`` columns: the hero's equity (``equity``), win and tie, the villain's equity, the flop (by
#: its cards), its weight, each side's live combos, and each hit share (``pair_or_better`` the hero's,
#: ``villain_pair_or_better`` the villain's).
SORT_COLUMNS = ("equity", "win", "tie", "villain", "flop", "weight", "combos", "villain_combos",
                *FLOP_HIT_KEYS, *(f"villain_{k}" for k in FLOP_HIT_KEYS))


def sort_key(column: str) -> Callable[[FlopRow], Any]:
    """The key that orders rows by ``column``.

    Raises:
        ScenarioError: an unknown column, naming the columns.
    """
    name = column.strip().lower().replace("-", "_")
    if name == "flop":
        return lambda r: _flop_key(r.flop)
    simple = {"equity": lambda r: r.hero.equity, "win": lambda r: r.hero.win, "tie": lambda r: r.hero.tie,
              "villain": lambda r: r.villain.equity, "weight": lambda r: r.weight,
              "combos": lambda r: r.hero.combos, "villain_combos": lambda r: r.villain.combos}
    if name in simple:
        return simple[name]
    if name in FLOP_HIT_KEYS:
        return lambda r: r.hero.hits[name]
    if name.startswith("villain_") and name[8:] in FLOP_HIT_KEYS:
        return lambda r: r.villain.hits[name[8:]]
    raise ScenarioError(f"--sort {column!r}: sort by one of {', '.join(SORT_COLUMNS)}")


def _flop_key(text: str) -> tuple[int, ...]:
    """A flop's order: its ranks high first, then its suits."""
    ranks = [RANK_NAMES.index(text[i].upper()) for i in range(0, 6, 2)]
    return (*ranks, *("cdhs".index(text[i].lower()) for i in range(1, 6, 2)))


#: The textures of the table, in order: name, and which rows it holds.
TEXTURES: tuple[tuple[str, Callable[[FlopRow], bool]], ...] = (
    *((name, (lambda n: lambda r: r.suits == n)(name)) for name in SUITS),
    *((name, (lambda n: lambda r: r.pairing == n)(name)) for name in PAIRING),
    ("connected", lambda r: r.connected),
    *((f"{rank}-high", (lambda k: lambda r: r.high == k)(rank)) for rank in reversed(RANK_NAMES)),
)


def build_rows(chosen: FlopSet, counts: list[Any], hits: list[np.ndarray],
               ranges: tuple[tuple[np.ndarray, np.ndarray], ...], gone: np.ndarray, mc: bool,
               low_card: int = 0) -> list[FlopRow]:
    """One :class:`FlopRow` a flop of ``chosen``, from its counts (exact: hero wins, ties and trials;
    Monte Carlo: each player's figures, trials and seed, or None), each side's hits
    (:meth:`~equity.games.base.Flops.hits`), the two ranges' ``(combos, weights)`` and the ``gone``
    cards (dead or off the deck)."""
    names = texture_names(chosen.flops, low_card)
    left = int((gone == 0).sum()) - 3 - 4  # the cards a pair's boards are dealt from
    boards = left * (left - 1) // 2
    n_live = [live_counts(c, chosen.flops) for c, _ in ranges]
    rows = []
    for i, flop in enumerate(chosen.flops):
        suits, pairing, high, connected = names[i]
        common = {"flop": format_cards(flop), "weight": int(chosen.weights[i]), "suits": suits,
                  "pairing": pairing, "high": high, "connected": connected}
        combos = [int(n_live[0][i]), int(n_live[1][i])]
        # the combos themselves, where the counts are not enough
        alone = mc or min(combos) <= 1 or not isinstance(counts[i][2], np.integer)
        live = [_live(c, w, flop, gone) for c, w in ranges] if alone else []
        seed = None
        if mc:
            got = counts[i]
            pairs = _pairs(live[0], live[1])
            if got is None or not pairs:
                rows.append(FlopRow(**common, pairs=0.0, hero=None, villain=None, trials=0,
                                    blocked=_why_blocked(combos)))
                continue
            players, trials, seed = got
            figures = [p[:4] for p in players]
            combos = [p[4] for p in players]
        else:
            wins, ties, total = counts[i].tolist()
            if not total:
                rows.append(FlopRow(**common, pairs=0.0, hero=None, villain=None, trials=0,
                                    blocked=_why_blocked(combos)))
                continue
            pairs = total / boards
            trials = int(total) if isinstance(total, int) else _pair_count(live) * boards
            figures = [_exact_side(wins, ties, total), _exact_side(total - wins - ties, ties, total)]
            if live:
                combos = _fixed_counts(live)
        sides = []
        for s in (0, 1):
            live_weight = float(hits[s][i, -1])
            shares = {k: float(hits[s][i, j]) / live_weight for j, k in enumerate(FLOP_HIT_KEYS)}
            win, tie, equity, stderr = figures[s]
            sides.append(Side(combos[s], live_weight, win, tie, equity, stderr, shares))
        rows.append(FlopRow(**common, pairs=float(pairs), hero=sides[0], villain=sides[1], trials=trials,
                            seed=seed, counts=None if mc else (wins, ties, total)))
    return rows


def live_counts(combos: np.ndarray, flops: np.ndarray, chunk: int = 2048) -> np.ndarray:
    """int64 ``(F,)``: how many of ``combos`` (uint8 ``(n, 2)``) hold no card of each flop."""
    bits = np.uint64(1) << np.arange(52, dtype=np.uint64)
    masks = bits[combos[:, 0]] | bits[combos[:, 1]]
    out = np.empty(len(flops), np.int64)
    for lo in range(0, len(flops), chunk):  # a chunk of flops at a time: F x n masks would be large
        f = flops[lo:lo + chunk]
        flop_masks = bits[f[:, 0]] | bits[f[:, 1]] | bits[f[:, 2]]
        out[lo:lo + chunk] = ((masks[None, :] & flop_masks[:, None]) == 0).sum(axis=1)
    return out


def _exact_side(wins: float, ties: float, total: float) -> tuple[float, float, float, float]:
    """A side's win, tie and equity from whole counts, each rounded once as the exact engine rounds them
    (:func:`equity.result.exact_figures`; a tie splits the pot two ways), or from weighted sums."""
    if isinstance(total, int):
        return (*exact_figures(wins, (0, 0, ties), total), 0.0)
    return wins / total, ties / total, (wins + ties / 2) / total, 0.0


def _live(combos: np.ndarray, weights: np.ndarray, flop: np.ndarray,
          gone: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The combos that hold no flop or gone card, and their weights."""
    used = gone.astype(bool)
    used[flop] = True
    keep = ~(used[combos[:, 0]] | used[combos[:, 1]])
    return combos[keep], weights[keep]


def _fixed_counts(live: list[tuple[np.ndarray, np.ndarray]]) -> list[int]:
    """Each side's live combos as a single-flop run counts them: a side left with one combo is a hand
    dealt, whose cards the other side's combos cannot hold (:class:`~equity.scenario.Scenario`)."""
    combos = [c for c, _ in live]
    for _ in range(2):
        for s in (0, 1):
            if len(combos[s]) == 1:
                other = combos[1 - s]
                a, b = combos[s][0]
                combos[1 - s] = other[~np.isin(other, (a, b)).any(axis=1)]
    return [len(c) for c in combos]


def _pairs(hero: tuple[np.ndarray, np.ndarray], villain: tuple[np.ndarray, np.ndarray]) -> float:
    """The weight of the pairs of live combos that share no card (each pair's weights multiplied):
    all pairs, less those that share a card (by card: a pair of the same combo counts under both of its
    cards, so it is added back once)."""
    (hc, hw), (vc, vw) = hero, villain
    if not len(hc) or not len(vc):
        return 0.0
    by_card_h = np.bincount(hc.ravel().astype(np.int64), np.repeat(hw, 2), minlength=52)
    by_card_v = np.bincount(vc.ravel().astype(np.int64), np.repeat(vw, 2), minlength=52)
    keys_h = hc[:, 0].astype(np.int64) * 52 + hc[:, 1]
    keys_v = vc[:, 0].astype(np.int64) * 52 + vc[:, 1]
    common, ih, iv = np.intersect1d(keys_h, keys_v, return_indices=True)
    same = float((hw[ih] * vw[iv]).sum()) if len(common) else 0.0
    return float(hw.sum() * vw.sum() - (by_card_h * by_card_v).sum() + same)


def _pair_count(live: list[tuple[np.ndarray, np.ndarray]]) -> int:
    """How many pairs of live combos share no card (weights left out)."""
    ones = [(c, np.ones(len(c))) for c, _ in live]
    return int(round(_pairs(ones[0], ones[1])))


def _why_blocked(live: list[int]) -> str:
    """Why a flop has no pair to play, from each side's live combos."""
    if not live[0] and not live[1]:
        return "neither range has a live combo"
    if not live[0]:
        return "the hero's range has no live combo"
    if not live[1]:
        return "the villain's range has no live combo"
    return "every pair of live combos shares a card"


def mean(name: str, rows: Sequence[FlopRow], index: Sequence[int], hits: list[np.ndarray],
          mc: bool) -> Mean:
    """The weighted means over ``rows`` (each weighing its flops times its live pairs): exact from whole
    counts where the rows are exact and unweighted. ``index``: the rows' places in ``hits`` (each side's
    :meth:`~equity.games.base.Flops.hits`), whose shares are weighted by flops times live weight."""
    played = [r for r in rows if not r.blocked]
    flops_all = sum(r.weight for r in rows)
    counted = sum(r.weight for r in played)
    if not played:
        return Mean(name, flops_all, 0, None, None, None, None, None, None)
    if all(r.counts is not None and isinstance(r.counts[2], int) for r in played):
        # whole counts: each mean one fraction of integers, rounded once
        den = sum(r.weight * r.counts[2] for r in played)
        hw = sum(r.weight * r.counts[0] for r in played)
        tw = sum(r.weight * r.counts[1] for r in played)
        vw = den - hw - tw
        hero_win, tie, hero_eq = exact_figures(hw, (0, 0, tw), den)
        villain_win, _, villain_eq = exact_figures(vw, (0, 0, tw), den)
        stderr = 0.0
    else:
        k = [r.weight * r.pairs for r in played]
        total = math.fsum(k)

        def avg(get: Callable[[FlopRow], float]) -> float:
            return math.fsum(w * get(r) for w, r in zip(k, played, strict=True)) / total

        hero_eq, villain_eq = avg(lambda r: r.hero.equity), avg(lambda r: r.villain.equity)
        hero_win, villain_win = avg(lambda r: r.hero.win), avg(lambda r: r.villain.win)
        tie = avg(lambda r: r.hero.tie)
        # Monte Carlo: the flops' runs are independent
        spread = math.fsum((w * (r.hero.stderr or 0.0)) ** 2 for w, r in zip(k, played, strict=True))
        stderr = math.sqrt(spread) / total if mc else 0.0
    at = np.asarray(index)[[not r.blocked for r in rows]]
    flop_weights = np.array([r.weight for r in played], np.float64)
    shares = []
    for side in hits:
        weighted = flop_weights @ side[at]  # per key, then the live weight
        shares.append({key: float(weighted[j] / weighted[-1]) for j, key in enumerate(FLOP_HIT_KEYS)})
    return Mean(name, flops_all, counted, hero_eq, villain_eq, hero_win, villain_win, tie, stderr, *shares)
