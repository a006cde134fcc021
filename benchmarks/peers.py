"""Peer 7-card evaluators (eval7, phevaluator, treys) for speed and correctness comparisons.

Cards follow the project convention: id = 4 * rank + suit, rank 0 = deuce .. 12 = ace,
suit 0..3 = c, d, h, s. Every peer is optional; missing ones are skipped.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import itertools
import time
from collections.abc import Callable

import numpy as np

PEERS = ("eval7", "phevaluator", "treys")
MIN_HANDS = 10_000
_NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # index = project card id


def available() -> dict[str, str]:
    """Return the installed peer evaluators.

    Returns:
        Mapping of peer name to its installed version, for each peer that imports.
    """
    found = {}
    for name in PEERS:
        try:
            importlib.import_module(name)
            found[name] = importlib.metadata.version(name)
        except Exception:  # any import failure means "not available"
            continue
    return found


def _setup(name: str) -> tuple[Callable, Callable, Callable]:
    """Return (convert, run, one) for a peer.

    ``convert`` turns rows of card ids into the peer's native hands, ``run`` is the timed
    plain-Python loop over native hands, and ``one`` evaluates a single native hand.
    """
    if name == "eval7":
        import eval7

        table = [eval7.Card(s) for s in _NAMES]
        one = eval7.evaluate

        def convert(rows: np.ndarray) -> list:
            return [[table[c] for c in row] for row in rows.tolist()]

        def run(hands: list) -> None:
            evaluate = eval7.evaluate
            for h in hands:
                evaluate(h)

    elif name == "phevaluator":
        # phevaluator's int encoding is rank * 4 + suit with c, d, h, s = 0..3: same as ours.
        from phevaluator import evaluate_7cards

        def one(h: tuple) -> int:
            return evaluate_7cards(*h)

        def convert(rows: np.ndarray) -> list:
            return [tuple(row) for row in rows.tolist()]

        def run(hands: list) -> None:
            evaluate = evaluate_7cards
            for h in hands:
                evaluate(*h)

    elif name == "treys":
        from treys import Card, Evaluator

        table = [Card.new(s) for s in _NAMES]
        evaluator = Evaluator()  # builds lookup tables; keep it out of the timing

        def one(h: tuple) -> int:
            return evaluator.evaluate(*h)

        def convert(rows: np.ndarray) -> list:
            return [([table[c] for c in r[:2]], [table[c] for c in r[2:]]) for r in rows.tolist()]

        def run(hands: list) -> None:
            evaluate = evaluator.evaluate
            for hand, board in hands:
                evaluate(hand, board)

    else:
        raise ValueError(f"unknown peer {name!r}")
    return convert, run, one


def peer_rates(hands: np.ndarray, budget_s: float = 1.0) -> list[dict]:
    """Time each available peer evaluating 7-card hands in a plain Python loop.

    A short calibration run sizes a prefix of ``hands`` (at least 10,000 rows, or all
    of them if fewer) to take about ``budget_s``; that prefix is converted to the peer's
    native cards untimed, then evaluated once under ``time.perf_counter``.

    Args:
        hands: uint8 array of shape (n, 7) of project card ids, distinct within a row.
        budget_s: Approximate timing budget per peer, in seconds.

    Returns:
        One dict per available peer with keys ``name``, ``version``, ``evals_per_s``, ``n``.
    """
    hands = np.asarray(hands, dtype=np.uint8)
    results = []
    for name, version in available().items():
        convert, run, _ = _setup(name)
        probe = convert(hands[:2000])
        t0 = time.perf_counter()
        run(probe)
        rate = len(probe) / max(time.perf_counter() - t0, 1e-9)
        n = min(len(hands), max(MIN_HANDS, int(rate * budget_s)))
        native = convert(hands[:n])
        t0 = time.perf_counter()
        run(native)
        elapsed = time.perf_counter() - t0
        results.append({"name": name, "version": version, "evals_per_s": n / elapsed, "n": n})
    return results


def _eval7_kev() -> dict[int, int]:
    """Map eval7's higher-is-better values to Kev classes by ranking all 7462 5-card classes."""
    import eval7

    cards = [eval7.Card(s) for s in _NAMES]
    values = {  # non-flush rank multisets; sorted, so suit i % 4 never repeats a card
        eval7.evaluate([cards[4 * r + i % 4] for i, r in enumerate(ranks)])
        for ranks in itertools.combinations_with_replacement(range(13), 5)
        if len(set(ranks)) > 1
    }
    values |= {
        eval7.evaluate([cards[4 * r] for r in rs]) for rs in itertools.combinations(range(13), 5)
    }
    assert len(values) == 7462, len(values)
    return {v: k for k, v in enumerate(sorted(values, reverse=True), start=1)}


def peer_classes(hands: np.ndarray) -> dict[str, np.ndarray]:
    """Return every available peer's Cactus Kev class (1 = royal flush .. 7462) for each row.

    phevaluator and treys return Kev classes natively. eval7 returns its own higher-is-better
    values; they are mapped to Kev classes by ranking eval7's values for all 7462 distinct
    5-card hand classes (valid because eval7's order is a strict total order on those classes).

    Args:
        hands: uint8 array of shape (n, 7) of project card ids, distinct within a row.

    Returns:
        Mapping of peer name to an int32 array of shape (n,) of classes.
    """
    hands = np.asarray(hands, dtype=np.uint8)
    out = {}
    for name in available():
        convert, _, one = _setup(name)
        classes = [one(h) for h in convert(hands)]
        if name == "eval7":
            kev = _eval7_kev()
            classes = [kev[v] for v in classes]
        out[name] = np.array(classes, dtype=np.int32)
    return out
