"""equity's Python API: the same numbers as the command line, as typed objects.

Run it with `python examples/api.py`.
"""

import equity

# Exact when the enumeration is cheap: AA against KK over all 36 combo pairs.
result = equity.calculate(["AA", "KK"])
hero, villain = result.players
print(f"{hero.hand} vs {villain.hand}: {100 * hero.equity:.4f}% ({result.method}, {result.trials:,} boards)")

# Ranges, a random opponent and a flop; Monte Carlo to 0.1 points, reproducible from its seed.
result = equity.calculate(["QQ+,AKs", "JJ-99,AQs+", 1], board="Ts9s2d", method="monte-carlo",
                          precision=0.001, seed=7)
for p in result.players:
    print(f"  {p.hand:<12} {p.combos:>5} combos  win {100 * p.win:5.2f}%  equity {100 * p.equity:5.2f}% "
          f"± {196 * p.stderr:.2f}")

# to_dict() is exactly the CLI's --json object.
print(sorted(result.to_dict()))

# Hand values, and ranges as weighted combos.
print(equity.describe(equity.evaluate("Kh Kd 9c 9s 2h 3d 4c")))
print(len(equity.parse_range("A2s+,KTo+@50")), "combos")

# Bad input raises an EquityError (a ValueError) that names the offending token.
try:
    equity.calculate(["AsKs", "AsQd"])
except equity.EquityError as exc:
    print("error:", exc)
