"""Shared fixtures. Every test runs against a private table cache, so a user's cache is untouched and
the build-then-cache path is exercised once per session."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("EQUITY_CACHE_DIR", str(tmp_path_factory.mktemp("equity-cache")))
    from equity import tables

    tables.get.cache_clear()
    tables._natural.cache_clear()
    yield
    mp.undo()


def random_hands(n: int, m: int, seed: int) -> np.ndarray:
    """``n`` rows of ``m`` distinct random card ids (uint8), reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :m].astype(np.uint8)
