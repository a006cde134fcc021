"""Winamax hand histories (placeholder until its reader lands: it reads no hand)."""

from __future__ import annotations

from equity.histories.reader import Site

SITE = Site("winamax", "Winamax")
