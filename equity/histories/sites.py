"""The registry of hand-history sites: every site equity reads, one line each (:data:`SITES`), and the
sites it knows of but does not read (:data:`FOREIGN`). A new site is one module that defines a
:class:`~equity.histories.reader.Site` named ``SITE``, and one line here.
"""

from __future__ import annotations

from equity.histories import ggpoker, ipoker, partypoker, phh, poker888, pokerstars, winamax, wpn
from equity.histories.model import Hand
from equity.histories.reader import Foreign, Site

SITES: tuple[Site, ...] = (
    pokerstars.SITE,
    ggpoker.SITE,
    winamax.SITE,
    wpn.SITE,
    poker888.SITE,
    partypoker.SITE,
    ipoker.SITE,
    phh.SITE,
)

#: Sites whose histories are not read, told by their hands' first lines or marks near a file's start.
FOREIGN: tuple[Foreign, ...] = (
    Foreign("Full Tilt", heads=("Full Tilt Poker Game #", "FullTiltPoker Game #")),
    Foreign("Chico", marks=("BetOnline", "TigerGaming", "SportsBetting.ag", "Chico Poker")),
    Foreign("Ignition", heads=("Ignition Hand #", "Bovada Hand #", "Bodog Hand #")),
    Foreign("Everleaf", heads=("Everleaf Gaming Game #",)),
    Foreign("iPoker text", heads=("GAME #",)),
    Foreign("Cake", heads=("Hand #CAKE",)),
)

_BY_NAME = {site.name: site for site in SITES}


def site(name: str) -> Site | None:
    """The site whose hands carry ``name`` (``Hand.site``), else None."""
    return _BY_NAME.get(name)


def titled(title: str) -> Site | None:
    """The site named ``title`` as people write it (a PHH ``venue``: ``"PokerStars"``), any case."""
    low = title.strip().lower()
    return next((s for s in SITES if s.title.lower() == low or s.name == low), None)


def key(hand: Hand) -> tuple:
    """What makes two copies of ``hand`` the same hand (:attr:`~equity.histories.model.Hand.key`), a PHH
    hand that names a site read here as its venue known by that site's own key, so that a site's history
    and its PHH copy are one hand."""
    identity = hand.identity
    if identity and identity[0] == "venue":
        venue = titled(identity[1])
        if venue is not None and venue.unique_ids:
            return venue.name, identity[2]
    return hand.key


def text_sites() -> tuple[Site, ...]:
    """The sites read a hand's lines at a time, in registry order."""
    return tuple(s for s in SITES if s.parse is not None)


def file_sites() -> tuple[Site, ...]:
    """The sites read a file at a time (PHH, iPoker's XML)."""
    return tuple(s for s in SITES if s.read is not None)


def foreign(head: str) -> Foreign | None:
    """The site equity does not read whose file starts with ``head``, if it is one."""
    return next((f for f in FOREIGN if f.owns(head)), None)


__all__ = ["FOREIGN", "SITES", "file_sites", "foreign", "key", "site", "text_sites", "titled"]
