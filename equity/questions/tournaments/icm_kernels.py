"""The kernels of :mod:`equity.questions.tournaments.icm`: finishing places by the subset recursion, and
seeded runs of the models for fields too large for it.

Both models deal the places one at a time. Malmuth-Harville gives the best place still open to a player
left with probability proportional to their stack. Malmuth-Weitzman gives the worst place still open
(the next bust) with probability proportional to the inverse of their stack, and shares the busted
player's chips evenly among those left: as the chips in play never change, the players left after a set
of busts hold their starting stacks plus an equal share of the rest, whatever the order of the busts,
so the chance of each next bust depends on that set alone. A set of players already placed is a bit
mask; the probability of reaching each mask is pushed to the masks one player larger, in increasing
order (a mask's successors are larger numbers), so each mask is final when it is read: ``n * 2**n``
steps rather than ``n!`` orders. Arguments are assumed valid (positive stacks, n <= 24).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _places(stacks, depth, harville):
    """float64 ``(n, n)``: ``out[i, k]`` the probability that player ``i`` takes place ``k`` (0 = first),
    for the first ``depth`` places dealt: first to last (Harville), else last to first (Weitzman)."""
    n = len(stacks)
    full = (1 << n) - 1
    chips = stacks.sum()
    reach = np.zeros(1 << n, np.float64)
    total = np.zeros(1 << n, np.float64)  # the starting chips of the players in a mask
    for mask in range(1, 1 << n):
        low = mask & -mask
        j = 0
        while (1 << j) != low:
            j += 1
        total[mask] = total[mask ^ low] + stacks[j]
    out = np.zeros((n, n), np.float64)
    weights = np.empty(n, np.float64)
    reach[0] = 1.0
    for mask in range(1 << n):
        p = reach[mask]
        if p == 0.0:
            continue
        placed = 0
        m = mask
        while m:
            m &= m - 1
            placed += 1
        if placed >= depth:
            continue
        rest = full ^ mask
        share = (chips - total[rest]) / (n - placed)  # Weitzman: the busted players' chips, shared
        left = 0.0
        for j in range(n):
            if rest & (1 << j):
                weights[j] = stacks[j] if harville else 1.0 / (stacks[j] + share)
                left += weights[j]
        place = placed if harville else n - 1 - placed
        for j in range(n):
            if rest & (1 << j):
                q = p * weights[j] / left
                out[j, place] += q
                reach[mask | (1 << j)] += q
    return out


@njit(cache=True)
def _runs(stacks, pays, trials, seed, harville):
    """Seeded runs of the model, ``trials`` of them: per player the sum and the sum of squares of the
    prize won, and per player and paid place the count. Harville: each player's time is an exponential
    of rate their stack, the first to arrive takes first place (the same probabilities as dealing the
    places one by one); Weitzman: the busts dealt one by one, the chips shared as they go."""
    np.random.seed(seed)
    n = len(stacks)
    m = len(pays)
    won = np.zeros(n, np.float64)
    won2 = np.zeros(n, np.float64)
    counts = np.zeros((n, m), np.int64)
    times = np.empty(n, np.float64)
    order = np.empty(n, np.int64)
    now = np.empty(n, np.float64)
    alive = np.empty(n, np.bool_)
    for _ in range(trials):
        if harville:
            for i in range(n):
                times[i] = -np.log(1.0 - np.random.random()) / stacks[i]
            order[:] = np.argsort(times)
        else:
            now[:] = stacks
            alive[:] = True
            for step in range(n - 1):
                left = 0.0
                for i in range(n):
                    if alive[i]:
                        left += 1.0 / now[i]
                pick = np.random.random() * left
                bust = -1
                for i in range(n):
                    if alive[i]:
                        bust = i
                        pick -= 1.0 / now[i]
                        if pick < 0.0:
                            break
                alive[bust] = False
                order[n - 1 - step] = bust
                share = now[bust] / (n - 1 - step)
                for i in range(n):
                    if alive[i]:
                        now[i] += share
            for i in range(n):
                if alive[i]:
                    order[0] = i
        for k in range(m):
            i = order[k]
            won[i] += pays[k]
            won2[i] += pays[k] * pays[k]
            counts[i, k] += 1
    return won, won2, counts
