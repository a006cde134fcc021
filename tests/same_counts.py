"""A faster Omaha enumeration against the second implementation, the deal-by-deal one of
:mod:`equity.games.omaha.exact` (which scores every board of every deal one by one): the same tally to
the bit, on one thread and on two."""

import numpy as np

from equity.engines import exact
from equity.games.omaha import exact as omaha_exact
from equity.tally import Tally


def tally_of(run, n_threads: int) -> Tally:
    return Tally.sum_of([part for part, _, _, _ in run(n_threads)])


def assert_counts_as_deal_by_deal(kernel, scenario, categories: bool) -> Tally:
    """``kernel`` (a module with ``applies`` and ``enumeration``) counts ``scenario`` as the deal-by-deal
    enumeration does, field by field; returns that tally."""
    plan = exact.plan(scenario)
    assert kernel.applies(scenario, plan, per_deal=False)
    want = tally_of(omaha_exact.enumeration(scenario, scenario.game, plan, categories), 1)
    for n_threads in (1, 2):
        got = tally_of(kernel.enumeration(scenario, scenario.game, plan, categories), n_threads)
        for name, x, y in zip(Tally._fields, got, want, strict=True):
            np.testing.assert_array_equal(x, y, err_msg=f"{name}, {n_threads} threads")
    assert want.wins.sum() + want.ties.sum() > 0
    if scenario.game.split:
        assert 0 < want.deals[1] and want.deals[0] < plan.trials  # boards with a low and boards without
    return want
