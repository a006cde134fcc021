"""The flops ``equity flops`` runs over: every flop of the deck, reduced to classes under the suit
relabellings that leave both ranges and the dead cards unchanged, and narrowed by ``--flops``.

**Classes.** Relabelling the suits (one of the 24 permutations) maps a flop onto another with the same
equities, as long as it maps each range onto itself, weights and all, and the dead cards onto
themselves: those permutations form a group (all 24 for ranges such as ``QQ+,AKs``, the 6 that fix
spades for ``AsKs``, the identity alone at worst), and each orbit of the group on the flops is one
*class*, shown by one flop and weighing as many flops as its orbit holds. Under all 24 permutations the
22,100 flops of a full deck fall into 1,755 classes. The flop that shows a class is its image with the
highest cards in the highest suits (spades, then hearts, diamonds, clubs: ``Ks8h3d``, ``KsTs2h``).

**Textures** (each a property of the ranks and of how the suits repeat, so the same on every flop of a
class):

=================  ==================================================================================
facet              values
=================  ==================================================================================
suits              ``monotone`` (one suit), ``two-tone`` (two), ``rainbow`` (three)
pairing            ``unpaired``, ``paired`` (two cards of a rank), ``trips`` (three)
connectedness      ``connected`` (three ranks that one straight holds: two hole cards can make it, the
                   ace high or low), ``unconnected``
high card          ``A-high``, ``K-high`` ... ``2-high`` (also ``Ahigh``, ``ace-high``)
=================  ==================================================================================

``--flops`` takes flops (``Ks8h3d``, cards run together) and textures, separated by commas or spaces:
a flop is kept when it matches one of the values given of each facet (flops listed one by one being a
facet of their own): ``monotone,two-tone,A-high`` keeps the monotone and the two-tone flops whose high
card is an ace. Listed flops are rows of their own, each weighing one flop, suits as typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from equity.cards import format_cards, parse_cards
from equity.errors import CardError, DuplicateCardError, ScenarioError
from equity.evaluators.straights import straight_masks

SUITS = ("monotone", "two-tone", "rainbow")
PAIRING = ("unpaired", "paired", "trips")
CONNECTED = ("connected", "unconnected")
RANK_NAMES = "23456789TJQKA"
_RANK_WORDS = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
               "king", "ace")
_HIGH = re.compile(r"^(?:([2-9tjqka])|(" + "|".join(_RANK_WORDS) + r"))-?high$")
_ALIASES = {"twotone": "two-tone", "two_tone": "two-tone", "2-tone": "two-tone", "mono": "monotone",
            "paired": "paired", "pair": "paired", "unconnected": "unconnected", "disconnected": "unconnected"}


@dataclass(frozen=True)
class FlopSet:
    """The flops of a run, one row a class (or a listed flop).

    Attributes:
        flops: uint8 ``(F, 3)``: the flop that shows each class, high card first.
        weights: int64 ``(F,)``: how many flops each stands for.
        symmetries: how many suit permutations the classes were taken under (1 .. 24; 1 for listed flops).
        deck_flops: the flops of the deck that hold no dead card (22,100 in hold'em with none dead).
        narrowed: whether ``--flops`` left some flops out (then there is no preflop to compare with).
        asked: the ``--flops`` text, or None.
    """

    flops: np.ndarray
    weights: np.ndarray
    symmetries: int
    deck_flops: int
    narrowed: bool
    asked: str | None = None

    @property
    def total(self) -> int:
        """The flops the rows stand for."""
        return int(self.weights.sum())


def every_flop(deck: np.ndarray) -> np.ndarray:
    """uint8 ``(C(n, 3), 3)``: every flop of the ``n`` cards ``deck``, high card first, in order."""
    cards = np.sort(np.asarray(deck, np.uint8))[::-1]
    return np.array(list(combinations(cards.tolist(), 3)), np.uint8).reshape(-1, 3)


def _keys(flops: np.ndarray) -> np.ndarray:
    """int64: a flop's key, its cards high first as base-52 digits (a higher key, higher cards); the
    three cards in any order (sorted here by min and max: a tenth of the time of ``np.sort``)."""
    f = flops.astype(np.int64)
    a, b, c = f[..., 0], f[..., 1], f[..., 2]
    lo = np.minimum(np.minimum(a, b), c)
    hi = np.maximum(np.maximum(a, b), c)
    return hi * 2704 + (a + b + c - lo - hi) * 52 + lo


def _from_keys(keys: np.ndarray) -> np.ndarray:
    return np.stack([keys // 2704, keys // 52 % 52, keys % 52], axis=-1).astype(np.uint8)


def classes(flops: np.ndarray, maps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The orbits of ``flops`` (uint8 ``(n, 3)``, closed under the maps) under the card maps ``maps``
    (int64 ``(m, 52)``, a group): ``(shown, weights)``, one flop an orbit (its image of the highest key:
    the highest cards in the highest suits) and the orbit's size, in descending order of the flop."""
    images = _keys(np.asarray(maps, np.int64)[:, flops])  # (m, n): flop j's image under map i
    best = images.max(axis=0)
    keep = _keys(flops) == best
    ordered = np.sort(images[:, keep], axis=0)
    sizes = 1 + (ordered[1:] != ordered[:-1]).sum(axis=0)
    order = np.argsort(-best[keep], kind="stable")
    return _from_keys(best[keep][order]), sizes[order].astype(np.int64)


def textures(flops: np.ndarray, low_card: int = 0) -> dict[str, np.ndarray]:
    """Each flop's facets (module docstring), as indexes: ``suits`` into :data:`SUITS`, ``pairing`` into
    :data:`PAIRING`, ``connected`` bool, ``high`` the highest rank (0 = deuce .. 12 = ace)."""
    f = np.asarray(flops, np.int64).reshape(-1, 3)
    ranks, suits = f >> 2, f & 3
    n_suits = 1 + (suits[:, 0] != suits[:, 1]) + ((suits[:, 2] != suits[:, 0]) & (suits[:, 2] != suits[:, 1]))
    r = np.sort(ranks, axis=1)
    n_ranks = 1 + (r[:, 1] != r[:, 0]) + (r[:, 2] != r[:, 1])
    mask = np.zeros(len(f), np.int64)
    for j in range(3):
        mask |= 1 << ranks[:, j]
    connected = np.zeros(len(f), bool)
    for straight in straight_masks(low_card // 4):
        connected |= (mask & straight) == mask
    connected &= n_ranks == 3
    return {"suits": n_suits - 1, "pairing": 3 - n_ranks, "connected": connected, "high": r[:, 2]}


def texture_names(flops: np.ndarray, low_card: int = 0) -> list[tuple[str, str, str, bool]]:
    """Each flop's ``(suits, pairing, high card, connected)`` as words: ``('two-tone', 'unpaired', 'K',
    False)``."""
    t = textures(flops, low_card)
    return [(SUITS[s], PAIRING[p], RANK_NAMES[h], bool(c))
            for s, p, h, c in zip(t["suits"].tolist(), t["pairing"].tolist(), t["high"].tolist(),
                                  t["connected"].tolist(), strict=True)]


def parse_filter(text: str, low_card: int = 0) -> tuple[list[tuple[int, ...]], dict[str, set]]:
    """``--flops``'s text as ``(flops, facets)``: the flops listed (card ids, high first, each once, in
    order) and per facet (``suits``, ``pairing``, ``connected``, ``high``) the values asked for.

    Raises:
        ScenarioError: an empty text, or a token that is neither a flop nor a texture, naming it.
        CardError: a flop with a bad card, a card twice, or not three cards, naming it.
    """
    tokens = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    if not tokens:
        raise ScenarioError("--flops is empty: give flops (Ks8h3d) or textures (monotone, paired, A-high "
                            "...)")
    listed: list[tuple[int, ...]] = []
    facets: dict[str, set] = {}
    lowest = RANK_NAMES[low_card // 4]
    for token in tokens:
        word = token.lower()
        word = _ALIASES.get(word, word)
        high = _HIGH.match(word)
        if word in SUITS:
            facets.setdefault("suits", set()).add(SUITS.index(word))
        elif word in PAIRING:
            facets.setdefault("pairing", set()).add(PAIRING.index(word))
        elif word in CONNECTED:
            facets.setdefault("connected", set()).add(word == "connected")
        elif high:
            rank = "23456789tjqka".index(high[1]) if high[1] else _RANK_WORDS.index(high[2])
            if rank < low_card // 4:
                raise ScenarioError(f"--flops {token!r}: no flop is {RANK_NAMES[rank]}-high in this deck "
                                    f"(its lowest rank is {lowest})")
            facets.setdefault("high", set()).add(rank)
        else:
            listed.append(_flop(token))
    if listed:
        facets["listed"] = set()
    return list(dict.fromkeys(listed)), facets


_CARDS = re.compile(r"(?:(?:10|[2-9tjqka])[cdhs\u2660-\u2667])+", re.IGNORECASE)


def _flop(token: str) -> tuple[int, ...]:
    """A listed flop's cards, high first."""
    if not _CARDS.fullmatch(token):
        raise ScenarioError(f"--flops: {token!r} is neither a flop (three cards run together, e.g. Ks8h3d) "
                            f"nor a texture ({', '.join(SUITS + PAIRING + CONNECTED)}, A-high .. 2-high)")
    try:
        cards = parse_cards(token)
    except (CardError, DuplicateCardError) as exc:
        raise type(exc)(f"--flops: the flop {token!r}: {exc}") from None
    if len(cards) != 3:
        raise CardError(f"--flops: the flop {token!r} has {len(cards)} cards; a flop has 3")
    if len(set(cards)) != 3:
        raise CardError(f"--flops: the flop {token!r} holds a card twice")
    return tuple(sorted(cards, reverse=True))


def select(deck: np.ndarray, maps: np.ndarray, text: str | None = None, low_card: int = 0) -> FlopSet:
    """The flops of a run: every flop of ``deck`` (the cards that are neither dead nor off the deck)
    in classes under ``maps`` (the suit permutations that keep both ranges and the dead cards), narrowed
    by ``text`` (``--flops``: module docstring).

    Raises:
        ScenarioError, CardError: a bad ``--flops`` (see :func:`parse_filter`), a listed flop with a dead
            card, or a filter that keeps no flop.
    """
    all_flops = every_flop(deck)
    if text is None:
        shown, weights = classes(all_flops, maps)
        return FlopSet(shown, weights, len(maps), len(all_flops), False)
    listed, facets = parse_filter(text, low_card)
    in_deck = set(np.asarray(deck).tolist())
    for flop in listed:
        out = [c for c in flop if c not in in_deck]
        if out:
            raise CardError(f"--flops: the flop {format_cards(flop)} holds {format_cards(out[:1])}, which is "
                            "dead or not in the deck")
    if listed:
        shown, weights, used = np.array(listed, np.uint8).reshape(-1, 3), np.ones(len(listed), np.int64), 1
    else:
        shown, weights = classes(all_flops, maps)
        used = len(maps)
    t = textures(shown, low_card)
    keep = np.ones(len(shown), bool)
    for facet, values in facets.items():
        if facet != "listed":
            keep &= np.isin(t[facet], list(values))
    if not keep.any():
        raise ScenarioError(f"--flops {text!r} keeps no flop")
    shown, weights = shown[keep], weights[keep]
    return FlopSet(shown, weights, used, len(all_flops), int(weights.sum()) < len(all_flops) or bool(listed),
                   text)


__all__ = ["CONNECTED", "PAIRING", "RANK_NAMES", "SUITS", "FlopSet", "classes", "every_flop", "parse_filter",
           "select", "texture_names", "textures"]

