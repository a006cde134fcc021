"""The board's and the draws' terms of a query (a part of :class:`~equity.questions.query.values.Values`,
which it is mixed into): flop categories, nuts and lows, board texture, the turn and river cards, flush
draws and outs, each valued once per node of its street with :mod:`~equity.questions.query.board_terms`."""

from __future__ import annotations

import numpy as np

from equity.evaluators.low import NO_LOW
from equity.questions.query import board_terms
from equity.questions.query.functions import FUNCTIONS
from equity.questions.query.syntax import Call


class BoardValues:
    """The board's terms of :class:`~equity.questions.query.values.Values` (``self`` is one: its frame,
    space, part, caches and helpers)."""

    # flop categories (two-card games that play the best five)
    def _flophandcategory(self, expr, p):
        if self.game.hole != 2 or getattr(self.part, "rule", "") != "best-five":
            raise self.fail(f"flop categories are read on two-card hands; {self.game.title} deals "
                            f"{self.game.hole}", expr)
        holes, boards, run = self.frame.nodes(3)
        i = self.player(p)
        types = self.part.types(holes[:, i:i + 1], boards)[:, 0]
        values = board_terms.flop_categories(holes[:, i], boards, types, self.names)
        return self.spread(values.astype(float), run)

    def _exactflophandcategory(self, expr, p, c):
        return self.call(Call("flopHandCategory", (p,), expr.at)) == self.constant(c, "flopcategory")

    def _minflophandcategory(self, expr, p, c):
        return self.call(Call("flopHandCategory", (p,), expr.at)) >= self.constant(c, "flopcategory")

    # nuts and lows
    def _nuthi(self, expr, p, s):
        k = self.street(s, 3)
        pot, _, run = self.ratings(k)
        _, boards, _ = self.frame.nodes(k)
        nuts = board_terms.unique_apply(boards, lambda b: self.part.nut_ratings(b, self.gone_ids))
        return self.spread(pot[:, self.player(p)] == nuts, run)

    def _need_low(self, expr) -> None:
        if self.part.pot != "hilo":
            raise self.fail(f"{FUNCTIONS[expr.name.lower()][0]} reads an eight-or-better low; "
                            f"{self.game.title} plays no low half", expr)

    def _madelo(self, expr, p, s):
        self._need_low(expr)
        _, low, run = self.ratings(self.street(s, 3))
        return self.spread(low[:, self.player(p)] < NO_LOW, run)

    def _nutlo(self, expr, p, s):
        self._need_low(expr)
        k = self.street(s, 3)
        _, low, run = self.ratings(k)
        _, boards, _ = self.frame.nodes(k)
        nuts = board_terms.unique_apply(boards, lambda b: self.part.nut_lows(b, self.gone_ids))
        mine = low[:, self.player(p)]
        return self.spread((mine < NO_LOW) & (mine == nuts), run)

    # the board
    def _board(self, s, fn):
        k = self.street(s, 3)
        _, boards, run = self.frame.nodes(k)
        return self.spread(fn(boards), run)

    def _pairedboard(self, expr, s):
        return self._board(s, board_terms.paired)

    def _monotoneboard(self, expr, s):
        return self._board(s, lambda b: (board_terms.suit_counts(b) > 0).sum(axis=1) == 1)

    def _twotoneboard(self, expr, s):
        return self._board(s, lambda b: (board_terms.suit_counts(b) > 0).sum(axis=1) == 2)

    def _rainbowboard(self, expr, s):
        return self._board(s, lambda b: board_terms.suit_counts(b).max(axis=1) == 1)

    def _flushingboard(self, expr, s):
        return self._board(s, lambda b: board_terms.suit_counts(b).max(axis=1) >= 3)

    def _straightboard(self, expr, s):
        low_rank = self.game.low_card // 4
        return self._board(s, lambda b: board_terms.straight_possible(b, low_rank))

    def _boardsuitcount(self, expr, s):
        return self._board(s, lambda b: (board_terms.suit_counts(b) > 0).sum(axis=1).astype(float))

    def _boardinrange(self, expr, r):
        keys = self.ranges(("board", r.value))  # type: ignore[arg-type]
        _, boards, run = self.frame.nodes(3)
        return self.spread(np.isin(board_terms.card_keys(boards), list(keys)), run)

    def _overpair(self, expr, p, s):
        k = self.street(s, 3)
        holes, boards, run = self.frame.nodes(k)
        ranks = np.sort(holes[:, self.player(p)] >> 2, axis=1)
        top = (boards >> 2).max(axis=1)
        pairs = (ranks[:, 1:] == ranks[:, :-1]) & (ranks[:, 1:] > top[:, None])
        return self.spread(pairs.any(axis=1), run)

    def _turncard(self, expr):
        return self.frame.boards[:, 3].astype(float)

    def _rivercard(self, expr):
        return self.frame.boards[:, 4].astype(float)

    # draws and outs
    def _flush_cards(self, p, s):
        k = self.street(s, 3)
        holes, boards, run = self.frame.nodes(k)
        omaha = getattr(self.part, "rule", "") == "two-plus-three"
        return board_terms.usable_suit(holes[:, self.player(p)], boards, omaha), run

    def _threeflush(self, expr, p, s):
        most, run = self._flush_cards(p, s)
        return self.spread(most == 3, run)

    def _fourflush(self, expr, p, s):
        most, run = self._flush_cards(p, s)
        return self.spread(most == 4, run)

    def _next_cards(self, s, expr):
        k = self.street(s, 3)
        if k >= self.game.board:
            raise self.fail("outs count the next card: give the flop or the turn", s)
        holes, boards, run = self.frame.nodes(k)
        g = len(holes)
        used = np.broadcast_to(self.gone, (g, 52)).copy()
        np.put_along_axis(used, holes.reshape(g, -1).astype(np.intp), True, axis=1)
        np.put_along_axis(used, boards.astype(np.intp), True, axis=1)
        n = 52 - int(used[0].sum())
        nxt = np.nonzero(~used)[1].reshape(g, n).astype(np.uint8)
        return holes, boards, run, nxt

    def _outstohandtype(self, expr, p, s, t):
        self._need_types(expr)
        holes, boards, run, nxt = self._next_cards(s, expr)
        i = self.player(p)
        want = int(self.constant(t, "handtype"))
        now, _ = self.part.rate(holes[:, i:i + 1], boards)
        g, n = nxt.shape
        mine = np.repeat(holes[:, i:i + 1], n, axis=0)
        later = np.concatenate([np.repeat(boards, n, axis=0), nxt.reshape(-1, 1)], axis=1)
        after, _ = self.part.rate(mine, later)
        after = after[:, 0].reshape(g, n)
        types = self.part.class_types()
        outs = (after < now) & (types[after] == want) & (types[now] <= want)
        return self.spread(outs.sum(axis=1).astype(float), run)

    def _minoutstohandtype(self, expr, p, s, t, n):
        return self.call(Call("outsToHandType", (p, s, t), expr.at)) >= float(self.value(n))

    def _nuthiouts(self, expr, p, s):
        self._need_types(expr)
        holes, boards, run, nxt = self._next_cards(s, expr)
        i = self.player(p)
        g, n = nxt.shape
        later = np.concatenate([np.repeat(boards, n, axis=0), nxt.reshape(-1, 1)], axis=1)
        after, _ = self.part.rate(np.repeat(holes[:, i:i + 1], n, axis=0), later)
        nuts = board_terms.unique_apply(later, lambda b: self.part.nut_ratings(b, self.gone_ids))
        outs = (after[:, 0] == nuts).reshape(g, n)
        return self.spread(outs.sum(axis=1).astype(float), run)
