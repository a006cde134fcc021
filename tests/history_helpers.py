"""What the site readers' tests share: a file cut into hands, cards from text, actions from rows, the
chips a hand's actions put in."""

from decimal import Decimal as D
from pathlib import Path

from equity.cards import parse_cards
from equity.histories.model import Action


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def acts(*rows) -> tuple[Action, ...]:
    """``(street, player, kind[, amount])`` rows as Actions."""
    return tuple(Action(s, p, k, D(a[0]) if a else D(0)) for s, p, k, *a in rows)


def chips_in(hand) -> D:
    """What the actions put in, less the uncalled bets the site printed."""
    return sum((a.amount for a in hand.actions), D(0)) - sum(hand.uncalled.values(), D(0))


def split(path: Path, site) -> list[tuple[int, list[str]]]:
    """The hands of a file as (line number of the header, lines): UTF-16 or UTF-8 with or without a BOM,
    any line ends."""
    raw = path.read_bytes()
    text = raw.decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else raw.decode("utf-8-sig")
    lines = text.replace("\r\n", "\n").split("\n")
    starts = [i for i, line in enumerate(lines) if site.is_header(line)]
    out = []
    for start, end in zip(starts, starts[1:] + [len(lines)], strict=True):
        chunk = lines[start:end]
        while chunk and not chunk[-1].strip():
            chunk.pop()
        out.append((start + 1, chunk))
    return out
