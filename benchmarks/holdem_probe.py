"""Hold'em, Omaha high and short-deck timings of whatever ``equity`` is importable, as one JSON line: for
``make bench``'s before/after comparison against an earlier commit (run with PYTHONPATH set to that
commit's tree). Only the public ``calculate`` is used, so any version since the games answers.

    python benchmarks/holdem_probe.py [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numba

from equity import calculate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cores = numba.get_num_threads()
    cases = {
        "MC AsKs vs 2 random, all threads (M trials/s)":
            (["AsKs", 2], dict(trials=4_000_000, seed=1)),
        "MC AsKs vs 1 random, 1 thread (M trials/s)":
            (["AsKs", 1], dict(trials=2_000_000, seed=1, threads=1)),
        "MC QQ+,AKs vs JJ-99,AQs+ vs 1 (M trials/s)":
            (["QQ+,AKs", "JJ-99,AQs+", 1], dict(trials=2_000_000, seed=1)),
        "exact AsKs vs QdQc, 1 thread (ms)": (["AsKs", "QdQc"], dict(method="exact", threads=1)),
        "exact AA vs QQ vs AKo, all threads (ms)": (["AA", "QQ", "AKo"], dict(method="exact")),
        "PLO4 exact AsAhKsKh vs JdTd9c8c (ms)": (["AsAhKsKh", "JdTd9c8c"], dict(method="exact")),
        "PLO4 exact AsAd2s3d vs random on 7h8d2cKs (ms)":
            (["AsAd2s3d", "random"], dict(board="7h8d2cKs", game="plo", method="exact")),
        "PLO4 MC AsAhKsKh vs 1 random (M trials/s)": (["AsAhKsKh", 1], dict(trials=1_000_000, seed=1)),
        "PLO4 MC AAKKds vs AAxx (M trials/s)":
            (["AAKKds", "AAxx"], dict(trials=1_000_000, seed=1, game="plo")),
        "short deck exact AhAd vs KsKc (ms)": (["AhAd", "KsKc"], dict(method="exact", game="6+")),
        "short deck MC AhAd vs 1 random (M trials/s)":
            (["AhAd", 1], dict(trials=2_000_000, seed=1, game="6+")),
    }
    out = {}
    for name, (players, options) in cases.items():
        calculate(players, **options)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = calculate(players, **options)
            times.append(time.perf_counter() - start)
        secs = statistics.median(times)
        out[name] = secs * 1e3 if "(ms)" in name else result.trials / secs / 1e6
    out["threads"] = cores
    print(json.dumps(out))


if __name__ == "__main__":
    main()
