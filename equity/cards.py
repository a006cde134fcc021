"""Card notation <-> card ids.

A card id is ``4 * rank + suit``: rank 0 = deuce ... 12 = ace; suit 0..3 = clubs, diamonds, hearts,
spades. So ``rank = id >> 2`` and ``suit = id & 3``::

    id:    0   1   2   3   4  ...  48  49  50  51
    card: 2c  2d  2h  2s  3c  ...  Ac  Ad  Ah  As

Text: a rank ``2-9 T J Q K A`` (either case, and ``10`` for ten) followed by a suit ``c d h s`` (either
case, or a suit symbol as poker sites print them: ``♣ ♦ ♥ ♠``, filled or outlined). A list of cards may
be run together (``Th9h2c``) or separated by spaces or commas.

>>> parse_cards("Th9h2c")
[34, 30, 0]
>>> format_cards([51, 47])
'AsKs'
>>> parse_cards("10d, as kh")
[33, 51, 46]
>>> format_cards(parse_cards("A♠ K♥"))
'AsKh'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np
from numba import njit, uint64

from equity.errors import CardError, DuplicateCardError, EquityError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Each card id's name (``CARD_NAMES[51] == 'As'``), for formatting many cards known to be valid.
CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
                "Jacks", "Queens", "Kings", "Aces")

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)} | {ch.lower(): i for i, ch in enumerate(RANKS)}
SUIT_SYMBOLS = "♣♦♥♠♧♢♡♤"  # filled then outlined, each in c, d, h, s order
_SUIT_OF = ({ch: i for i, ch in enumerate(SUITS)} | {ch.upper(): i for i, ch in enumerate(SUITS)}
            | {ch: i % 4 for i, ch in enumerate(SUIT_SYMBOLS)})


def _ascii_parts() -> np.ndarray:
    parts = np.full((3, 128), 255, np.uint8)
    parts[2] = 0
    for row, names in enumerate((_RANK_OF, _SUIT_OF)):
        for ch, value in names.items():
            if ch.isascii():
                parts[row, ord(ch)] = value
    for ch in RANKS + SUITS:
        parts[2, ord(ch)] = 1
    parts.flags.writeable = False
    return parts


#: uint8 (3, 128): the rank (row 0) and the suit (row 1) each ASCII character names as the parser reads
#: it, 255 where none, and (row 2) 1 where the character is spelled as :data:`CARD_NAMES` spells its
#: rank or suit (``"A"``, ``"s"``; not ``"a"``, ``"S"``), else 0; for kernels that read cards from text
#: (:mod:`equity.questions.small_spots`).
ASCII_CARD_PARTS = _ascii_parts()
#: ``str.translate``'s table from each suit symbol to its suit's letter.
SUIT_LETTERS = {ord(ch): SUITS[i % 4] for i, ch in enumerate(SUIT_SYMBOLS)}
_EMOJI = "\ufe0f"  # the presentation selector that may follow a symbol ("♥️"); part of its card


def card_id(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3 = c, d, h, s)."""
    return 4 * rank + suit


def format_card(card: int) -> str:
    """``'As'`` for 51.

    >>> format_card(0), format_card(51)
    ('2c', 'As')

    Raises:
        CardError: ``card`` is not a card id 0..51.
    """
    return RANKS[_card_id(card) >> 2] + SUITS[card & 3]


def _card_id(item: object) -> int:
    """``item`` as a card id, checked: an integer (not a bool) 0..51."""
    if isinstance(item, bool) or not (isinstance(item, int) or hasattr(item, "__index__")):
        raise CardError(f"{item!r} is not a card; give a string like 'Ah' or an id 0..51")
    value = int(item)  # type: ignore[call-overload]
    if not 0 <= value < 52:
        raise CardError(f"card id {value} is out of range; card ids are 0..51")
    return value


def format_cards(cards: Iterable[int], sep: str = "") -> str:
    """Cards run together (or joined by ``sep``)."""
    return sep.join(format_card(c) for c in cards)


def _tokens(text: str) -> Iterable[tuple[str, int]]:
    """Yield ``(token, position)`` for each two- or three-character card in ``text``."""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " ,\t\n":
            i += 1
            continue
        size = 3 if text.startswith("10", i) else 2
        if text.startswith(_EMOJI, i + size):
            size += 1
        yield text[i:i + size], i
        i += size


def parse_card(token: str) -> int:
    """Parse one card token such as ``'Ah'``, ``'td'`` or ``'10s'``.

    Raises:
        CardError: naming the token and what is wrong with it.
    """
    cards = parse_cards(token)
    if len(cards) != 1:
        raise CardError(f"{token!r} is not one card; write a card as rank then suit, e.g. 'Ah'")
    return cards[0]


def parse_cards(text: str | Sequence[int] | Sequence[str], *, distinct: bool = True) -> list[int]:
    """Parse a card list: a string like ``'AhKd'`` / ``'Ah Kd'`` / ``'Ah,Kd'``, a sequence of such
    strings, or a sequence of card ids (checked for range).

    Args:
        text: the cards.
        distinct: reject a card given twice (the default).

    Raises:
        CardError: an unknown rank or suit, or a dangling character, naming the token and position; an id
            outside 0..51 or an item that is neither a card string nor an id.
        DuplicateCardError: a card given twice, when ``distinct``.
        TypeError: ``text`` is neither a string nor a sequence.
    """
    if isinstance(text, str):
        cards = _parse_text(text)
    elif isinstance(text, bytes) or not isinstance(text, Iterable):
        raise TypeError("cards must be a string such as 'AhKd' or a sequence of card ids 0..51; "
                        f"got {text!r} ({type(text).__name__})")
    else:
        cards = []
        for item in text:
            if isinstance(item, str):
                cards.extend(_parse_text(item))
            else:
                cards.append(_card_id(item))
    if distinct:
        check_distinct(cards)
    return cards


def _parse_text(text: str) -> list[int]:
    return list(_parse_text_once(text))


@lru_cache(maxsize=4096)
def _parse_text_once(text: str) -> tuple[int, ...]:
    """The cards of ``text`` (a tuple: cached, the same hands and boards come again and again in a batch
    or a loop over the API; a bad text raises each time, as nothing is cached for it)."""
    cards = []
    for token, pos in _tokens(text):
        where = f" at position {pos + 1} of {text!r}" if token != text.strip() else ""
        if len(token) < 2:
            raise CardError(f"{token!r}{where} is not a card: a card is a rank (2-9, T, J, Q, K, A) "
                            "followed by a suit (c, d, h, s), e.g. 'Ah'")
        rank_text, suit_text = token.removesuffix(_EMOJI)[:-1], token.removesuffix(_EMOJI)[-1]
        rank = 8 if rank_text == "10" else _RANK_OF.get(rank_text)
        if rank is None:
            raise CardError(f"unknown rank {rank_text!r} in card {token!r}{where}; "
                            "ranks are 2-9, T, J, Q, K, A")
        suit = _SUIT_OF.get(suit_text)
        if suit is None:
            raise CardError(f"unknown suit {suit_text!r} in card {token!r}{where}; "
                            "suits are c, d, h, s")
        cards.append(4 * rank + suit)
    return tuple(cards)


def card_tuple(cards: object, what: str) -> tuple[int, ...]:
    """Cards given to the API as text (``'Th9h2c'``) or card ids, as a tuple of ids (repeats kept: the
    caller checks them where it knows what they collide with).

    Raises:
        TypeError: neither text nor a sequence, naming ``what``.
        CardError: a bad card, naming it.
    """
    if type(cards) is not str and (isinstance(cards, bytes)
                                   or not isinstance(cards, str | Sequence | np.ndarray)):
        raise TypeError(f"{what} must be cards: a string such as 'Th9h2c' or a sequence of card ids 0..51; "
                        f"got {cards!r} ({type(cards).__name__})")
    return tuple(parse_cards(cards if isinstance(cards, str) else list(cards), distinct=False))


def check_distinct(cards: Iterable[int], what: str = "") -> None:
    """Raise :class:`DuplicateCardError` naming the first card that appears twice."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            where = f" in {what}" if what else ""
            raise DuplicateCardError(f"card {format_card(c)} appears twice{where}")
        seen.add(c)


def check_places(places: Iterable[tuple[str, Iterable[int]]]) -> None:
    """Raise :class:`DuplicateCardError` naming the first card found twice among the ``(place, cards)``
    pairs (``("the board", ...)``, ``("the dead cards", ...)``, a player's hand): ``card As appears
    twice in the board`` or ``card As appears in the board and in the dead cards``. The one check (and
    wording) of every question that takes known cards."""
    seen: dict[int, str] = {}
    for place, cards in places:
        for card in cards:
            if card in seen:
                first = seen[card]
                also = f"twice in {place}" if first == place else f"in {first} and in {place}"
                raise DuplicateCardError(f"card {format_card(card)} appears {also}")
            seen[card] = place


def mask_of(cards: Iterable[int]) -> int:
    """A 52-bit mask with bit ``id`` set for each card.

    >>> bin(mask_of([0, 2]))
    '0b101'
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def specific_hand(text: str) -> list[int] | None:
    """The cards of ``text`` when it is one specific hand (cards only: no comma, weight or pattern),
    else None."""
    if "," in text or "@" in text:
        return None
    try:
        return parse_cards(text, distinct=False)
    except EquityError:
        return None


# Cards read from text inside a kernel: two ASCII characters a card, run together (b"AsKsTh9h2c"), each
# character read through ASCII_CARD_PARTS, the maps above. For a call that costs a few microseconds in all
# (equity.questions.small_spots), where reading the cards in Python cost a third of it.
@njit(cache=True)
def _read_cards(text, parts, low_card):
    """The cards of ``text`` (ASCII, of even length: ``bytes`` or uint8), uint8, and whether every pair
    of characters names a card (``parts``: :data:`~equity.cards.ASCII_CARD_PARTS`, rows 0 and 1 the rank
    and suit per character, 255 for none) of the deck (ids ``low_card`` .. 51), each once; what was read
    so far when not."""
    n = len(text) // 2
    cards = np.empty(n, np.uint8)
    seen = uint64(0)
    for i in range(n):
        a = text[2 * i]
        b = text[2 * i + 1]
        if a >= 128 or b >= 128:
            return cards[:i], False
        rank = parts[0, a]
        suit = parts[1, b]
        if rank == 255 or suit == 255:
            return cards[:i], False
        card = 4 * np.int64(rank) + np.int64(suit)
        bit = uint64(1) << uint64(card)
        if card < low_card or seen & bit:
            return cards[:i], False
        seen |= bit
        cards[i] = card
    return cards, True


@lru_cache(maxsize=16)
def combinations_of(n: int, k: int) -> np.ndarray:
    """int16 ``(C(n, k), k)``: every ``k`` of ``range(n)``, each row ascending, the rows in the order
    :func:`itertools.combinations` lists them; built a column at a time, read-only (cached).

    >>> combinations_of(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    rows = np.zeros((1, 0), np.int16)
    for column in range(k):
        first = rows[:, -1].astype(np.int64) + 1 if column else np.zeros(len(rows), np.int64)
        counts = np.maximum(n - (k - column - 1) - first, 0)  # the values this column may take
        starts = np.repeat(first, counts)
        offsets = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.concatenate([np.repeat(rows, counts, axis=0), (starts + offsets)[:, None].astype(np.int16)],
                              axis=1)
    rows.flags.writeable = False
    return rows
