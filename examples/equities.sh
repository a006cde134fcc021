#!/bin/sh
# Equity of several starting hands against two random opponents on one flop, read from `--json`.
# Usage: examples/equities.sh [BOARD]   (needs `equity` on PATH; Python parses the JSON)
set -eu
board=${1:-Th9h2c}
python=${PYTHON:-python3}
echo "hand      equity   ± 95%    method (board $board, 2 random opponents)"
for hand in AsKs QcQd 8h7h JcTc 5d5s; do
    equity "$hand" vs 2 --board "$board" --seed 1 --json | "$python" -c '
import json, sys
result = json.load(sys.stdin)
hero = result["players"][0]
print("%-8s %6.2f%%  ± %.2f   %s" % (hero["hand"], 100 * hero["equity"], 196 * hero["stderr"], result["method"]))
'
done
