"""Shared fixtures.

The tests use equity's one cache folder as any run does (``$EQUITY_CACHE_DIR``, else the user's): the
test process and the commands it starts share the compiled kernels, and CI's checks after ``make test``
find them there. The table cache's own behaviour (build, round trip, damage) is tested on private paths
(tests/evaluators/test_dag.py), the empty-folder runs on private folders (tests/test_cache.py,
test_packaging.py).

tests/ mirrors the package: a folder per package folder (tests/games/ for equity/games/ ...), the tests
of the modules at the package's top at its top (tests/test_layers.py checks it)."""

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))


def random_hands(n: int, m: int, seed: int) -> np.ndarray:
    """``n`` rows of ``m`` distinct random card ids (uint8), reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :m].astype(np.uint8)


def heads_up_counts(hero: str, villain: str) -> tuple[int, int, int]:
    """(wins, ties, losses) of ``hero`` against ``villain`` (two specific hands) over every preflop board,
    counted with Cactus Kev's evaluator (best of 21 five-card subsets): a second implementation, sharing
    no code with the exact engine's DAG enumeration, to derive expected counts from."""
    from itertools import combinations

    from equity.cards import parse_cards
    from equity.evaluators.reference import kev

    a, b = parse_cards(hero), parse_cards(villain)
    rest = [c for c in range(52) if c not in a + b]
    boards = np.array(list(combinations(rest, 5)), np.uint8)
    ours = kev.evaluate_many(np.hstack([np.tile(np.array(a, np.uint8), (len(boards), 1)), boards]))
    theirs = kev.evaluate_many(np.hstack([np.tile(np.array(b, np.uint8), (len(boards), 1)), boards]))
    return int((ours < theirs).sum()), int((ours == theirs).sum()), int((ours > theirs).sum())


#: A headless browser for the picture tests (CI installs Debian's chromium package).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on PATH (CI installs Debian's "
                                    "chromium package)")


def screenshot(picture: Path, png: Path, size: str):
    """The picture as headless Chromium renders it at ``size`` (``"W,H"``): a PIL RGB image."""
    from PIL import Image

    proc = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           f"--window-size={size}", f"--screenshot={png}", str(picture)],
                          capture_output=True, text=True, timeout=120)
    assert png.exists(), proc.stderr
    return Image.open(png).convert("RGB")
