"""The heads-up preflop equity matrix: every starting-hand class against every other, exact, all combos.

Writes one `equity batch` line per (hero class, villain class) pair, runs the batch (on this machine, or
on a Dask cluster with --cluster), reads the answers back into a 169 x 169 matrix, checks it, and saves
it as CSV (row = hero class, column = villain class, the hero's equity in percent).

    python examples/preflop_matrix.py                        # all 28,561 pairs
    python examples/preflop_matrix.py --classes 13           # the first 13 classes only (169 pairs)
    python examples/preflop_matrix.py --cluster local:2      # on a LocalCluster of 2 workers

An interrupted run keeps its answers: run the same command again to finish it (`equity batch --resume`).
Checks: e(a, b) + e(b, a) = 1 for every pair, and AA vs KK = 81.9461% (PokerStove's published figure).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from equity.classes import all_classes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", type=int, default=169, help="use the first N classes (default 169)")
    parser.add_argument("--cluster", help="a Dask scheduler's address, or local:N")
    parser.add_argument("--dir", default="preflop-matrix", help="working folder (default preflop-matrix)")
    args = parser.parse_args()
    classes = all_classes()[:args.classes]
    folder = Path(args.dir)
    folder.mkdir(exist_ok=True)
    spots, answers = folder / "spots.jsonl", folder / "answers.jsonl"
    with open(spots, "w") as f:
        for hero in classes:
            for villain in classes:
                f.write(json.dumps({"id": f"{hero} {villain}", "players": [hero, villain], "method": "exact"})
                        + "\n")
    equity = shutil.which("equity", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                           os.environ.get("PATH", "")])) or "equity"
    command = [equity, "batch", str(spots), "--output", str(answers), "--no-progress"]
    if answers.exists():
        command.append("--resume")
    if args.cluster:
        command += ["--cluster", args.cluster]
    start = time.perf_counter()
    status = subprocess.run(command).returncode
    elapsed = time.perf_counter() - start
    if status:
        print(f"equity batch failed with status {status}", file=sys.stderr)
        return status

    matrix: dict[tuple[str, str], float] = {}
    with open(answers) as f:
        for text in f:
            answer = json.loads(text)
            hero, villain = answer["id"].split()
            matrix[hero, villain] = answer["players"][0]["equity"]
    assert len(matrix) == len(classes) ** 2, "every pair answered once"
    worst = max(abs(matrix[a, b] + matrix[b, a] - 1) for a in classes for b in classes)
    assert worst < 1e-12, f"e(a, b) + e(b, a) is off 1 by {worst}"
    if {"AA", "KK"} <= set(classes):
        assert round(100 * matrix["AA", "KK"], 4) == 81.9461, matrix["AA", "KK"]

    with open(folder / "matrix.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["hero \\ villain", *classes])
        for hero in classes:
            writer.writerow([hero, *(f"{100 * matrix[hero, villain]:.4f}" for villain in classes)])
    where = "cluster " + args.cluster if args.cluster else "local"
    print(f"{len(matrix):,} pairs in {elapsed:.1f} s ({where})"
          f"; e(a,b) + e(b,a) = 1 within {worst:.1e}")
    if ("AA", "KK") in matrix:
        print(f"AA vs KK: {100 * matrix['AA', 'KK']:.4f}%")
    print(f"wrote {folder / 'matrix.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
