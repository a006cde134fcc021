"""The rank DAG walked sixteen seven-card hands at a time, as vectors: the walk's loads are gathers.

:func:`_walk_block` is a numba intrinsic: it writes the LLVM IR of one block of :data:`BLOCK` hands
straight into the calling kernel (:func:`equity.evaluators.high._evaluate_rows`). Each group of
:data:`WIDTH` hands is held in ``<16 x i32>`` vectors, one lane per hand, and every table read is an
``llvm.masked.gather``: one instruction (``vpgatherdd``) where the CPU has AVX-512, loads one by one
elsewhere, which is why the kernels take this path only where :data:`GATHERS` says the target has it.
The walk is the scalar one, lane-wise:

- the group's 112 card bytes are one load; a shuffle puts card ``j`` of the sixteen hands in one
  vector (ranks ``c >> 2``, suits ``c & 3``);
- ranks: ``rank_three`` on the first three, ``rank_step`` on the next three, ``rank_last`` on the last
  (:func:`equity.evaluators.dag.walk_layout`);
- suits: each card sets bit ``rank + 16 * (suit & 1)`` of one of two words (suits 0-1, suits 2-3), so a
  word holds two suits' 13-bit rank masks in its 16-bit halves. The half holding five or more bits (a
  population count; at most one half in seven cards) is the flush suit's mask, and ``suited_class``
  of it, or of 0 without a flush (:data:`~equity.evaluators.dag.NO_FLUSH`), is the suited class the
  suit word gives the scalar walk;
- the class is the smaller of the two, as there.

The :data:`GROUPS` groups of a block go stage by stage (every group's first step, then every group's
second, ...), so the gathers of different groups are independent and overlap, as the scalar kernel's
lanes do. Measured on 4 M random hands (the benchmark machine's Xeon, 1 thread, M hands/s): 1 group
335, 2 groups 385, 3 groups 367, 4 groups 364, 8 groups 360, against 240-260 for the scalar lanes. A
gather of sixteen words costs about 7 cycles there when independent ones overlap, 22 when each waits
on the last; with more than two groups the compiler spills the groups' vectors to the stack.

**Reads stay inside the tables.** The int16 tables are read four bytes at a time (x86 gathers words no
narrower): ``suited_class`` at ``2 * mask``, the low half (a mask of seven cards is at most ``0x1FC0``,
short of the last entry), and ``rank_last`` at ``2 * i - 2``, the high half (``i``, an offset from
a node of three or more cards, is never 0), so neither reads past an end. The card bytes are read as
the block's ``7 * BLOCK`` bytes, exactly.

**Repeated cards.** Each lane's card count is the population count of its two words: 7 when its cards
are distinct. :func:`_walk_block` returns nonzero when a hand of the block counts fewer; the walk of
such a hand stays inside the tables (a fifth card of a rank leads to the rank DAG's sentinel row) and
its class means nothing.
"""

from __future__ import annotations

import llvmlite.binding as llvm
from llvmlite import ir
from numba import types
from numba.core import config
from numba.extending import intrinsic

#: Hands to a vector, and vectors (groups) to a block: a block is ``BLOCK`` consecutive hands.
WIDTH = 16
GROUPS = 2
BLOCK = WIDTH * GROUPS
N_CARDS = 7

_I1, _I8, _I16, _I32, _I64 = (ir.IntType(bits) for bits in (1, 8, 16, 32, 64))
_V32 = ir.VectorType(_I32, WIDTH)
_MASK = ir.VectorType(_I1, WIDTH)
_POINTERS = ir.VectorType(ir.PointerType(_I32), WIDTH)
_BYTES = ir.VectorType(_I8, N_CARDS * WIDTH)
_HALVES = ir.VectorType(_I16, 2 * WIDTH)


def _target_gathers() -> bool:
    """Whether numba compiles for a CPU with AVX-512 (F and BW): the features numba's own code
    generator targets (``NUMBA_CPU_FEATURES``, else the host's), or the x86-64-v4 level it is set to
    (:func:`equity.cache.select_cpu_level`), which has them."""
    features = config.CPU_FEATURES
    if features is None:
        features = llvm.get_host_cpu_features().flatten()
    have = set(features.split(","))
    return {"+avx512f", "+avx512bw"} <= have or (not features and config.CPU_NAME == "x86-64-v4")


#: The kernels' default: walk seven-card rows by :func:`_walk_block` (else by scalar lanes).
GATHERS = _target_gathers()


def _splat(value: int, vector: ir.VectorType = _V32) -> ir.Constant:
    return ir.Constant(vector, [value] * vector.count)


def _declare(builder: ir.IRBuilder, name: str, fnty: ir.FunctionType) -> ir.Function:
    return builder.module.globals.get(name) or ir.Function(builder.module, fnty, name)


def _gather(builder: ir.IRBuilder, base: ir.Value, element: ir.IntType, index: ir.Value) -> ir.Value:
    """The 4-byte words at ``base + index`` (``<16 x i32>`` indices, in ``element`` units): a vector
    ``getelementptr`` from one base, which LLVM turns into ``vpgatherdd`` with 32-bit indices. (llvmlite
    types a ``getelementptr`` by its pointer, so the vector of pointers is set on it here.)"""
    gather = _declare(builder, "llvm.masked.gather.v16i32.v16p0",
                      ir.FunctionType(_V32, [_POINTERS, _I32, _MASK, _V32]))
    pointers = builder.gep(base, [index], inbounds=True, source_etype=element)
    pointers.type = _POINTERS
    every, anything = _splat(1, _MASK), ir.Constant(_V32, ir.Undefined)
    return builder.call(gather, [pointers, ir.Constant(_I32, element.width // 8), every, anything])


def _popcount(builder: ir.IRBuilder, value: ir.Value) -> ir.Value:
    kind = value.type
    name = f"llvm.ctpop.v{kind.count}i{kind.element.width}"
    return builder.call(_declare(builder, name, ir.FunctionType(kind, [kind])), [value])


def _cards(builder: ir.IRBuilder, hands: ir.Value) -> list[ir.Value]:
    """Card ``j`` of the :data:`WIDTH` hands at ``hands`` (7 bytes each), for each ``j``: one load of
    their bytes, then a shuffle per card."""
    run = builder.load(builder.bitcast(hands, _BYTES.as_pointer()), align=1)
    return [builder.zext(builder.shuffle_vector(
        run, ir.Constant(_BYTES, ir.Undefined), ir.Constant(_V32, [N_CARDS * i + j for i in range(WIDTH)])),
        _V32) for j in range(N_CARDS)]


def _suit_words(builder: ir.IRBuilder, cards: list[ir.Value]) -> tuple[ir.Value, ir.Value]:
    """The two words of the module docstring: bit ``rank + 16 * (suit & 1)`` of the first for each
    card of suit 0 or 1, of the second for suits 2 and 3."""
    low = high = _splat(0)
    for card in cards:
        suit = builder.and_(card, _splat(3))
        half = builder.shl(builder.and_(suit, _splat(1)), _splat(4))
        place = builder.add(builder.lshr(card, _splat(2)), half)
        bit = builder.shl(_splat(1), place)
        upper = builder.icmp_unsigned(">=", suit, _splat(2))
        low = builder.or_(low, builder.select(upper, _splat(0), bit))
        high = builder.or_(high, builder.select(upper, bit, _splat(0)))
    return low, high


def _flush_mask(builder: ir.IRBuilder, words: tuple[ir.Value, ir.Value]) -> ir.Value:
    """The 13-bit rank mask of the suit holding five or more cards, else 0, from the two words."""
    zero, five = _splat(0, _HALVES), _splat(5, _HALVES)
    mask = zero
    for word in words:
        halves = builder.bitcast(word, _HALVES)
        full = builder.icmp_unsigned(">=", _popcount(builder, halves), five)
        mask = builder.or_(mask, builder.select(full, halves, zero))
    mask = builder.bitcast(mask, _V32)
    return builder.and_(builder.or_(mask, builder.lshr(mask, _splat(16))), _splat(0x1FFF))


def _data(context, builder, kind, value) -> ir.Value:
    return context.make_array(kind)(context, builder, value).data


def _contiguous(kind, dtype) -> bool:
    """Whether a numba type is a 1-D C-contiguous array of ``dtype``."""
    return isinstance(kind, types.Array) and kind.dtype == dtype and kind.ndim == 1 and kind.layout == "C"


@intrinsic
def _walk_block(typingctx, flat, at, out, o, rank_three, rank_step, rank_last, suited_class):
    """Classes of the :data:`BLOCK` seven-card hands at byte ``at`` of ``flat`` into ``out[o:o+BLOCK]``;
    returns a uint64 that is 0 unless a hand repeats a card (the caller then looks for the row, a rare
    case).

    flat: uint8 (C, 1-D), the hands' bytes. at, o: integers. out: int16 (C, 1-D). The tables: those of
    :class:`~equity.evaluators.tables.Tables`, C-contiguous."""
    wanted = ((flat, types.uint8), (out, types.int16), (rank_three, types.uint32),
              (rank_step, types.uint32), (rank_last, types.int16), (suited_class, types.int16))
    if not all(_contiguous(kind, dtype) for kind, dtype in wanted):
        return None
    if not (isinstance(at, types.Integer) and isinstance(o, types.Integer)):
        return None
    sig = types.uint64(flat, at, out, o, rank_three, rank_step, rank_last, suited_class)

    def codegen(context, builder, signature, args):
        kinds = signature.args
        at_byte, at_row = (context.cast(builder, args[i], kinds[i], types.intp) for i in (1, 3))
        hands = builder.gep(_data(context, builder, kinds[0], args[0]), [at_byte])
        classes = builder.gep(_data(context, builder, kinds[2], args[2]), [at_row])
        three, step, last, suited = (_data(context, builder, kinds[i], args[i]) for i in (4, 5, 6, 7))
        state, ranks, flush, repeats = [], [], [], ir.Constant(_I64, 0)
        for g in range(GROUPS):  # each group's cards, suits and first three ranks
            cards = _cards(builder, builder.gep(hands, [ir.Constant(_I64, N_CARDS * WIDTH * g)]))
            rank = [builder.lshr(c, _splat(2)) for c in cards]
            words = _suit_words(builder, cards)
            flush_class = _gather(builder, suited, _I16, _flush_mask(builder, words))
            flush.append(builder.and_(flush_class, _splat(0xFFFF)))
            first = builder.mul(builder.add(builder.mul(rank[0], _splat(13)), rank[1]), _splat(13))
            state.append(_gather(builder, three, _I32, builder.add(first, rank[2])))
            ranks.append(rank)
            count = builder.add(_popcount(builder, words[0]), _popcount(builder, words[1]))
            bad = builder.bitcast(builder.icmp_unsigned("!=", count, _splat(N_CARDS)), _I16)
            repeats = builder.or_(repeats, builder.zext(bad, _I64))
        for j in (3, 4, 5):  # then stage by stage across the groups
            for g in range(GROUPS):
                state[g] = _gather(builder, step, _I32, builder.add(state[g], ranks[g][j]))
        shorts = ir.VectorType(_I16, WIDTH)
        for g in range(GROUPS):  # rank_last[i] is the high half of the word at i - 1
            below = builder.add(state[g], builder.sub(ranks[g][6], _splat(1)))
            value = builder.ashr(_gather(builder, last, _I16, below), _splat(16))
            best = builder.select(builder.icmp_signed("<", value, flush[g]), value, flush[g])
            where = builder.gep(classes, [ir.Constant(_I64, WIDTH * g)])
            builder.store(builder.trunc(best, shorts), builder.bitcast(where, shorts.as_pointer()), align=2)
        return repeats

    return sig, codegen
