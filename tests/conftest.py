"""Shared fixtures. Every test runs against a private table cache, so a user's cache is untouched and
the build-then-cache path is exercised once per session."""

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("EQUITY_CACHE_DIR", str(tmp_path_factory.mktemp("equity-cache")))
    from equity.evaluators import tables

    tables.get.cache_clear()
    tables._natural.cache_clear()
    yield
    mp.undo()


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
