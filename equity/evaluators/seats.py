"""The Monte Carlo showdown's seven-card walk as vectors: a block of :data:`~equity.evaluators.gathers.WIDTH`
trials, the board's share once, then each seat's two cards.

The hold'em kernel (:mod:`equity.games.holdem.montecarlo`) keeps a block's cards card by card across
its lanes (row ``x`` of ``dealt``, uint64 (rows, 16): card ``x`` of each of the sixteen trials), so a
row is one load, narrowed to a ``<16 x i32>``. The walk is :mod:`equity.evaluators.gathers`' sorted
walk, split where the seats share their cards:

- :func:`_walk_board`, once a block: the five board cards' ranks sorted (:data:`BOARD_NETWORK`, nine
  compare-exchanges) and their two suit words, into a scratch array of seven vectors;
- :func:`_walk_hole` (a seat's cards in rows of ``dealt``) and :func:`_walk_held` (a ranged seat's,
  bytes of its lane's row of a joint table, one gather): the two ranks put into the sorted board's by
  two insertions (a minimum and a maximum a rank each, for six and then seven), the two cards' suit
  bits or-ed into the board's words; then the colex index, one gather from ``rank_sorted`` and one
  from ``suited_class``, as there.

The cards of a trial are distinct (the deal makes them so), so no count is kept. Measured on the AMD
EPYC (Zen 4, 1 thread): AsKs vs 1 random preflop 16.3 ns a trial against 20.0 by the DAG's steps from
the board's state, QQ+,AKs vs JJ-99,AQs+ vs random 23 against 29.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from equity.evaluators.gathers import (
    _I8,
    _I32,
    _I64,
    _V32,
    WIDTH,
    _best_class,
    _contiguous,
    _data,
    _flush_class,
    _flush_mask,
    _gather,
    _sorted,
    _sorted_index,
    _splat,
    _suit_words,
)


def _card_rows(builder: ir.IRBuilder, cards_at: ir.Value, rows_at: ir.Value, n: int) -> list[ir.Value]:
    """Rows ``rows_at[0 .. n - 1]`` (int64 indices) of a uint64 (rows, WIDTH) array of cards at
    ``cards_at``, each as a ``<16 x i32>`` vector (one 128-byte load, narrowed)."""
    out = []
    rows_type = ir.VectorType(_I64, WIDTH)
    for k in range(n):
        row = builder.load(builder.gep(rows_at, [ir.Constant(_I64, k)]))
        where = builder.gep(cards_at, [builder.mul(row, ir.Constant(_I64, WIDTH))])
        out.append(builder.trunc(builder.load(builder.bitcast(where, rows_type.as_pointer()), align=8), _V32))
    return out


def _inserted(builder: ir.IRBuilder, ranks: list[ir.Value], x: ir.Value) -> list[ir.Value]:
    """The lanes' sorted ``ranks`` with ``x`` put in its place: ``min(r_0, x)``, then
    ``max(r_{i-1}, min(r_i, x))``, then ``max(r_last, x)``."""
    def low(a, b):
        return builder.select(builder.icmp_unsigned("<", a, b), a, b)

    def high(a, b):
        return builder.select(builder.icmp_unsigned("<", a, b), b, a)

    return ([low(ranks[0], x)] + [high(ranks[i - 1], low(ranks[i], x)) for i in range(1, len(ranks))]
            + [high(ranks[-1], x)])


def _arrays(kinds: tuple) -> bool:
    """Whether each ``(numba type, dtype, ndim)`` is a C-contiguous array of that dtype and ndim."""
    return all(_contiguous(k, d, n) for k, d, n in kinds)


#: Five ranks sorted by nine compare-exchanges (an optimal network; the tests check it on every 0-1 input).
BOARD_NETWORK = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
#: Rows of a :func:`_walk_board` scratch: the five sorted board ranks, then the two suit words.
BOARD_ROWS = 7


@intrinsic
def _walk_board(typingctx, dealt, board_rows, scratch):
    """The part of :data:`WIDTH` Monte Carlo trials' showdowns their five board cards share, into
    ``scratch`` (int32 (BOARD_ROWS, WIDTH), C) for :func:`_walk_hole`: lane ``j``'s board is
    ``dealt[board_rows[x], j]`` (uint64 (rows, WIDTH) and int64 (5,), C). Its five ranks sorted (by
    :data:`BOARD_NETWORK`), then its two suit words (:func:`~equity.evaluators.gathers._suit_words`)."""
    if not _arrays(((dealt, types.uint64, 2), (board_rows, types.int64, 1), (scratch, types.int32, 2))):
        return None

    def codegen(context, builder, signature, args):
        cards_at, rows_at, out_at = (_data(context, builder, kind, arg)
                                     for kind, arg in zip(signature.args, args, strict=True))
        cards = _card_rows(builder, cards_at, rows_at, 5)
        ranks = _sorted(builder, [builder.lshr(c, _splat(2)) for c in cards], BOARD_NETWORK)
        for k, row in enumerate([*ranks, *_suit_words(builder, cards)]):
            where = builder.gep(out_at, [ir.Constant(_I64, WIDTH * k)])
            builder.store(row, builder.bitcast(where, _V32.as_pointer()), align=4)
        return context.get_dummy_value()

    return types.void(dealt, board_rows, scratch), codegen


def _seat_class(builder: ir.IRBuilder, hole: list[ir.Value], board_at: ir.Value, by_ranks: ir.Value,
                suited: ir.Value) -> ir.Value:
    """The classes of the lanes' seven cards: two ``hole`` card vectors and the board that
    :func:`_walk_board` left at ``board_at``. The walk of
    :func:`~equity.evaluators.gathers._walk_block`, its cards distinct (no count kept): the two cards'
    ranks put into the sorted board's (two insertions), their suit bits into the board's words."""
    board = [builder.load(builder.bitcast(builder.gep(board_at, [ir.Constant(_I64, WIDTH * k)]),
                                          _V32.as_pointer()), align=4) for k in range(BOARD_ROWS)]
    low, high = _suit_words(builder, hole)
    mask, _ = _flush_mask(builder, (builder.or_(low, board[5]), builder.or_(high, board[6])))
    flush = _flush_class(builder, suited, mask)
    ranks = board[:5]
    for card in hole:
        ranks = _inserted(builder, ranks, builder.lshr(card, _splat(2)))
    return _best_class(builder, by_ranks, _sorted_index(builder, ranks), flush)


def _store_row(builder: ir.IRBuilder, out_at: ir.Value, seat: ir.Value, classes: ir.Value) -> None:
    where = builder.gep(out_at, [builder.mul(seat, ir.Constant(_I64, WIDTH))])
    builder.store(classes, builder.bitcast(where, _V32.as_pointer()), align=4)


@intrinsic
def _walk_hole(typingctx, dealt, hole_rows, p, scratch, values, rank_sorted, suited_class):
    """Classes of seat ``p``'s hands in :data:`WIDTH` Monte Carlo trials into row ``p`` of ``values``
    (int32 (P, WIDTH), C): lane ``j``'s two hole cards are ``dealt[hole_rows[p, k], j]`` (int64 (P, 2)),
    its board what :func:`_walk_board` left in ``scratch`` (:func:`_seat_class`)."""
    if not _arrays(((dealt, types.uint64, 2), (hole_rows, types.int64, 2), (scratch, types.int32, 2),
                    (values, types.int32, 2), (rank_sorted, types.int16, 1), (suited_class, types.int16, 1))):
        return None
    if not isinstance(p, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        kinds = signature.args
        cards_at, rows_at, board_at, out_at, by_ranks, suited = (_data(context, builder, kinds[i], args[i])
                                                                 for i in (0, 1, 3, 4, 5, 6))
        seat = context.cast(builder, args[2], kinds[2], types.intp)
        seat_rows = builder.gep(rows_at, [builder.mul(seat, ir.Constant(_I64, 2))])
        hole = _card_rows(builder, cards_at, seat_rows, 2)
        _store_row(builder, out_at, seat, _seat_class(builder, hole, board_at, by_ranks, suited))
        return context.get_dummy_value()

    return types.void(dealt, hole_rows, p, scratch, values, rank_sorted, suited_class), codegen


@intrinsic
def _walk_held(typingctx, row_cards, rows, at, p, scratch, values, rank_sorted, suited_class):
    """:func:`_walk_hole` for a ranged seat of one joint table: lane ``j``'s two hole cards are bytes
    ``at``, ``at + 1`` of its row ``rows[0, j]`` of ``row_cards`` (uint8 (R, ROW), int64 (1, WIDTH)),
    one two-byte gather."""
    if not _arrays(((row_cards, types.uint8, 2), (rows, types.int64, 2), (scratch, types.int32, 2),
                    (values, types.int32, 2), (rank_sorted, types.int16, 1), (suited_class, types.int16, 1))):
        return None
    if not (isinstance(p, types.Integer) and isinstance(at, types.Integer)):
        return None

    def codegen(context, builder, signature, args):
        kinds = signature.args
        cards_at, lanes_at, board_at, out_at, by_ranks, suited = (_data(context, builder, kinds[i], args[i])
                                                                  for i in (0, 1, 4, 5, 6, 7))
        width = context.make_array(kinds[0])(context, builder, args[0]).shape
        width = builder.trunc(builder.extract_value(width, 1), _I32)
        at_byte, seat = (context.cast(builder, args[i], kinds[i], types.intp) for i in (2, 3))
        lanes = builder.load(builder.bitcast(lanes_at, ir.VectorType(_I64, WIDTH).as_pointer()), align=8)
        offset = builder.add(builder.mul(builder.trunc(lanes, _V32), _broadcast(builder, width)),
                             _broadcast(builder, builder.trunc(at_byte, _I32)))
        pair = _gather(builder, cards_at, _I8, offset)
        hole = [builder.and_(pair, _splat(0xFF)), builder.and_(builder.lshr(pair, _splat(8)), _splat(0xFF))]
        _store_row(builder, out_at, seat, _seat_class(builder, hole, board_at, by_ranks, suited))
        return context.get_dummy_value()

    return types.void(row_cards, rows, at, p, scratch, values, rank_sorted, suited_class), codegen


def _broadcast(builder: ir.IRBuilder, value: ir.Value) -> ir.Value:
    """An ``i32`` in every lane of a ``<16 x i32>``."""
    one = builder.insert_element(ir.Constant(_V32, ir.Undefined), value, ir.Constant(_I32, 0))
    return builder.shuffle_vector(one, ir.Constant(_V32, ir.Undefined), ir.Constant(_V32, [0] * WIDTH))
