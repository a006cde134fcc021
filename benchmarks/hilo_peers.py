"""Time the ``poker-equity`` peer (PyPI, Rust, import name ``poker_equity``) on Omaha and hi-lo spots.

``poker-equity`` is optional: when it does not import, :func:`unavailable` says why and
:func:`time_spot` / :func:`run_spot` return ``None``, so a benchmark can print the reason and skip.
Install it with ``pip install poker-equity==0.1.1`` (the API is 0.1 and not settled: pin it).

Games are named the project's way or the peer's way (see :data:`VARIANTS`): ``plo``/``omaha``,
``plo5``, ``plo6``, ``plo8``/``o8``/``omaha8`` (Omaha hi-lo eight or better, 4 cards),
``plo58``/``o85``/``big-o`` (5-card Omaha hi-lo), ``holdem``, ``short-deck``, ``stud``, ``stud8``,
``razz``. Hands are strings such as ``"AsAd2s3d"`` (spaces allowed), or ``"random"`` for an unknown
hand (written ``"****"`` for the peer). Boards and dead cards are strings such as ``"8s Ts Jc"``.

Notes on the peer, measured with 0.1.1:

* ``exact_from_text`` walks every deal single-threaded and has no thread setting; it returns
  ``None`` when it judges the spot too large (AsAd2s3d vs a random hand preflop took ~28 s to say
  so), which :func:`run_spot` reports as :class:`PeerDeclined`.
* ``chunk_from_text`` samples ``trials`` deals over ``threads`` threads (0: the peer's default,
  ``poker_equity.default_thread_count()``, at most 4); a spot with fewer deals than ``trials`` is
  walked instead (``exact`` comes back true). The seed and the thread count both fix the draw.
* Its hi-lo counts match pokenum's published Omaha 8 spots (poker-eval ``tests/bug1823``).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import re
import time
from typing import Any

PACKAGE = "poker-equity"
MODULE = "poker_equity"
REQUIREMENT = "poker-equity==0.1.1"

#: Accepted game names (lower case, spaces, ``-``, ``_``, ``/`` and ``'`` ignored) -> the peer's key.
VARIANTS: dict[str, str] = {
    **dict.fromkeys(("holdem", "texas", "nlhe", "nl"), "holdem"),
    **dict.fromkeys(("shortdeck", "6+", "short"), "short_deck"),
    **dict.fromkeys(("omaha", "plo", "plo4", "omaha4", "o", "omahahigh"), "omaha"),
    **dict.fromkeys(("omaha5", "plo5", "omahafive", "o5"), "omaha_five"),
    **dict.fromkeys(("omaha6", "plo6", "omahasix", "o6"), "omaha_six"),
    **dict.fromkeys(("omahahilo", "plo8", "o8", "omaha8", "plo4hilo", "omahahl", "o8b", "omaha8b"),
                    "omaha_hi_lo"),
    **dict.fromkeys(("omahafivehilo", "plo58", "plo5hilo", "o85", "o58", "omaha58", "omaha5hilo", "bigo"),
                    "omaha_five_hi_lo"),
    **dict.fromkeys(("courchevel",), "courchevel"),
    **dict.fromkeys(("courchevelhilo", "courchevel8"), "courchevel_hi_lo"),
    **dict.fromkeys(("stud", "7s", "sevencardstud", "7stud"), "stud"),
    **dict.fromkeys(("studhilo", "stud8", "7s8", "7stud8", "sevencardstudhilo"), "stud_hi_lo"),
    **dict.fromkeys(("razz", "r"), "razz"),
}


class PeerDeclined(ValueError):
    """The peer declined exact enumeration (too many deals); ``seconds`` is the time it took to say so."""

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message)
        self.seconds = seconds


def unavailable() -> str | None:
    """Why ``poker-equity`` cannot be used here, or ``None`` when it imports."""
    try:
        importlib.import_module(MODULE)
    except Exception as exc:  # any import failure means "not available"
        return f"{PACKAGE} is not importable ({type(exc).__name__}: {exc}); pip install '{REQUIREMENT}'"
    return None


def peer_version() -> str | None:
    """The installed ``poker-equity`` version, or ``None`` when it does not import."""
    if unavailable() is not None:
        return None
    try:
        return importlib.metadata.version(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def variant_key(game: str) -> str:
    """The peer's variant key for ``game`` (any name in :data:`VARIANTS`, or a peer key itself).

    Raises:
        ValueError: an unknown game name.

    >>> variant_key("PLO8"), variant_key("Big O"), variant_key("plo"), variant_key("omaha_hi_lo")
    ('omaha_hi_lo', 'omaha_five_hi_lo', 'omaha', 'omaha_hi_lo')
    """
    if game in VARIANTS.values():
        return game
    key = re.sub(r"[\s_\-/']", "", game.lower())
    try:
        return VARIANTS[key]
    except KeyError:
        known = ", ".join(sorted(set(VARIANTS.values())))
        raise ValueError(f"unknown game {game!r}: one of {known} or an alias") from None


def peer_hand(hand: str, hole_cards: int) -> str:
    """``hand`` in the peer's notation: spaces dropped, ``random`` and ``x``/``?`` cards as ``*``.

    >>> peer_hand("As Ad 2s 3d", 4), peer_hand("random", 4), peer_hand("AAxx", 4)
    ('AsAd2s3d', '****', 'AA**')
    """
    text = hand.strip()
    if text.lower() in ("random", "any", "*"):
        return "*" * hole_cards
    return re.sub(r"[xX?]", "*", re.sub(r"\s+", "", text))


def run_spot(game: str, hands: list[str], board: str = "", dead: str = "", *, exact: bool = False,
             trials: int = 1_000_000, seed: int = 0, threads: int = 0) -> dict[str, Any] | None:
    """Run one spot on ``poker-equity`` and time the call.

    Args:
        game: a game name (see :data:`VARIANTS`), e.g. ``"plo8"``.
        hands: one hand string per player, hero first (``"random"`` for an unknown hand).
        board, dead: known board cards and dead cards, e.g. ``"8s Ts Jc"``.
        exact: walk every deal (single-threaded) instead of sampling ``trials`` deals.
        trials, seed, threads: Monte Carlo size, seed and threads (0 = the peer's default).

    Returns:
        ``None`` when the peer does not import (see :func:`unavailable`); else a dict with
        ``seconds`` (wall time of the one peer call, parsing included), ``equities`` (per player),
        ``samples``, ``exact``, ``threads`` (as asked; ``None`` for exact) and ``players`` (the
        peer's per-seat dicts: equity, win, tie, scoop, high_win, high_tie, low_win, low_tie,
        low_equity, std_error) and ``counts`` (its raw sums: scoop_count, high_win_count, ...).

    Raises:
        PeerDeclined: ``exact`` and the peer judged the spot too large to walk.
        ValueError: an unknown game, or a spot the peer refuses (its own message).
    """
    if unavailable() is not None:
        return None
    pe = importlib.import_module(MODULE)
    key = variant_key(game)
    hole = next(v["hole_cards"] for v in pe.variants() if v["key"] == key)
    peer_hands = [peer_hand(h, hole) for h in hands]
    start = time.perf_counter()
    if exact:
        raw = pe.exact_from_text(key, peer_hands, board, dead)
    else:
        raw = pe.chunk_from_text(key, peer_hands, board, dead, samples=trials, seed=seed, threads=threads)
    seconds = time.perf_counter() - start
    if raw is None:
        raise PeerDeclined(f"{PACKAGE} declined to enumerate {key} {peer_hands} board {board!r}: "
                           f"too many deals (it took {seconds:.2f} s to decide)", seconds)
    counts = {k: list(v) for k, v in raw.items() if k.endswith("_count")}
    return {"seconds": seconds, "equities": [p["equity"] for p in raw["players"]],
            "samples": raw["samples"], "exact": raw["exact"], "threads": None if exact else threads,
            "players": raw["players"], "counts": counts}


def time_spot(game: str, hands: list[str], board: str = "", dead: str = "", *, exact: bool = False,
              trials: int = 1_000_000, seed: int = 0,
              threads: int = 0) -> tuple[float, list[float]] | None:
    """``(seconds, equities)`` for one spot on ``poker-equity``, ``None`` when it does not import.

    The arguments and errors are :func:`run_spot`'s; :func:`unavailable` gives the reason for ``None``.
    """
    out = run_spot(game, hands, board, dead, exact=exact, trials=trials, seed=seed, threads=threads)
    return None if out is None else (out["seconds"], out["equities"])


#: Reference spots: (label, game, hands, board, dead, exact), the first three pokenum's published
#: Omaha 8 flop spots (poker-eval tests/bug1823: 820 boards each).
SPOTS: tuple[tuple[str, str, list[str], str, str, bool], ...] = (
    ("pokenum o8 #1 flop", "plo8", ["AsKhQsJh", "AcKd5d7h"], "8s Ts Jc", "", True),
    ("pokenum o8 #2 flop", "plo8", ["As7h6s5h", "Ac7d6d5d"], "8s Ts Jc", "", True),
    ("pokenum o8 #3 flop", "plo8", ["As7h6s5h", "Ac8d6d5d"], "2s Ts Jc", "", True),
    ("o8 river vs random", "plo8", ["As3s2s6s", "random"], "Ad Qs 2c 7c 5c", "", True),
    ("o8 preflop exact", "plo8", ["AsAd2s3d", "KhKcQhQc"], "", "", True),
    ("plo preflop exact", "plo", ["AsAd2s3d", "KhKcQhQc"], "", "", True),
    ("o8 vs random MC 1M", "plo8", ["AsAd2s3d", "random"], "", "", False),
    ("big-o vs random MC 1M", "plo58", ["AsAd2s3d4c", "random"], "", "", False),
)


def main() -> None:
    """Print the peer's time and equities on :data:`SPOTS`, or why it cannot run."""
    reason = unavailable()
    if reason is not None:
        print(f"skipped: {reason}")
        return
    print(f"{PACKAGE} {peer_version()}")
    for label, game, hands, board, dead, exact in SPOTS:
        try:
            out = run_spot(game, hands, board, dead, exact=exact)
        except PeerDeclined as exc:
            print(f"{label:24} declined after {exc.seconds:.2f} s")
            continue
        assert out is not None
        shares = "  ".join(f"{e:.6f}" for e in out["equities"])
        print(f"{label:24} {out['seconds']:8.3f} s  {out['samples']:>9} deals  {shares}")


if __name__ == "__main__":
    main()
