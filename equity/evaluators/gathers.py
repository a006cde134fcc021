"""The rank DAG's seven-card level reached sixteen hands at a time, as vectors, by the sorted walk.

:func:`_walk_block` is a numba intrinsic: it writes the LLVM IR of one block of :data:`BLOCK` hands
straight into the calling kernel (:func:`equity.evaluators.high._evaluate_rows`). Each group of
:data:`WIDTH` hands is held in ``<16 x i32>`` vectors, one lane per hand, and each table read is an
``llvm.masked.gather``: one instruction (``vpgatherdd``) where the CPU has AVX-512, loads one by one
elsewhere, which is why the kernels take this path only where :data:`GATHERS` says the target has it.
Lane by lane:

- the group's 112 card bytes are two loads (64 bytes, then the 48 left, masked: nothing read past the
  block); shuffles put card ``j`` of the sixteen hands in one vector (ranks ``c >> 2``, suits ``c & 3``);
- ranks: the seven are sorted by :data:`~equity.evaluators.colex.NETWORK` (16 compare-exchanges, a
  minimum and a maximum each), then their seven-card node is the sum of one step a position, each
  step a ``vpermd`` from a constant register: the walk needs no load, and its class is one gather
  from ``rank_sorted`` (98 KB; :mod:`equity.evaluators.colex`). Walking the ranks unsorted, the walk of
  :mod:`equity.evaluators.high`'s lanes, is five dependent gathers into tables of 2 MB;
- suits: each card sets bit ``rank + 16 * (suit & 1)`` of one of two words (suits 0-1, suits 2-3), so a
  word holds two suits' 13-bit rank masks in its 16-bit halves. The half holding five or more bits (a
  population count; at most one half in seven cards) is the flush suit's mask, and ``suited_class``
  of it, or of 0 without a flush (:data:`~equity.evaluators.dag.NO_FLUSH`), is the suited class the
  suit word gives the scalar walk;
- the class is the smaller of the two, as there.

The :data:`GROUPS` groups of a block go stage by stage, so the gathers of different groups are
independent and overlap. Measured on 4 M random hands (an AMD EPYC, Zen 4, 1 thread, M hands/s): the
sorted walk 391, with 1 group 340 and 4 groups 391; the cards by one 112-byte shuffle instead of two
loads 361; sorting in 16-bit lanes, two groups to a vector, 376; the unsorted walk's gathers 203
(335-385 on a Xeon, whose gathers are faster); the scalar lanes 166; without its two gathers the sorted
walk's arithmetic alone runs at 505. Sorting one hand at a time in the scalar lanes measured 134: the
lanes keep the DAG's loads.

**Reads stay inside the tables.** The int16 tables are read four bytes at a time (x86 gathers words no
narrower): ``suited_class`` at ``2 * mask``, the low half (a mask of seven cards is at most ``0x1FC0``,
short of the last entry), and ``rank_sorted`` at ``2 * index``, the high half (entry ``1 + index``:
index 0 reads the padding, the largest the last two entries). The card bytes are read as the block's
``7 * BLOCK`` bytes, exactly.

**Repeated cards.** Each lane's card count is the population count of its two words: 7 when its cards
are distinct. :func:`_walk_block` returns nonzero when a hand of the block counts fewer; such a hand's
index is still one of the table's (any seven ranks have one) and its class means nothing.
"""

from __future__ import annotations

import llvmlite.binding as llvm
from llvmlite import ir
from numba import types
from numba.core import config
from numba.extending import intrinsic

from equity.evaluators import colex

#: Hands to a vector, and vectors (groups) to a block: a block is ``BLOCK`` consecutive hands.
WIDTH = 16
GROUPS = 2
BLOCK = WIDTH * GROUPS
N_CARDS = 7

_I1, _I8, _I16, _I32, _I64 = (ir.IntType(bits) for bits in (1, 8, 16, 32, 64))
_V32 = ir.VectorType(_I32, WIDTH)
_MASK = ir.VectorType(_I1, WIDTH)
_POINTERS = ir.VectorType(ir.PointerType(_I32), WIDTH)
_B64 = ir.VectorType(_I8, 64)
_HALVES = ir.VectorType(_I16, 2 * WIDTH)
_STEPS = colex.binomials(WIDTH)


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
    """Card ``j`` of the :data:`WIDTH` hands at ``hands`` (7 bytes each), for each ``j``: the 112 bytes
    as a 64-byte load and a masked one of the 48 after it, then per four cards a shuffle of the two
    (LLVM's ``vpermt2b`` where the CPU has AVX-512 VBMI, else byte shuffles and blends) and per card one
    of its sixteen bytes, widened."""
    first = builder.load(builder.bitcast(hands, _B64.as_pointer()), align=1)
    rest = builder.gep(hands, [ir.Constant(_I64, 64)])
    load = _declare(builder, "llvm.masked.load.v64i8.p0",
                    ir.FunctionType(_B64, [_B64.as_pointer(), _I32, ir.VectorType(_I1, 64), _B64]))
    mask = ir.Constant(ir.VectorType(_I1, 64), [1] * (N_CARDS * WIDTH - 64) + [0] * (128 - N_CARDS * WIDTH))
    second = builder.call(load, [builder.bitcast(rest, _B64.as_pointer()), ir.Constant(_I32, 1), mask,
                                 ir.Constant(_B64, [0] * 64)])
    out = []
    for part in ((0, 1, 2, 3), (4, 5, 6)):
        picks = [N_CARDS * i + j for j in part for i in range(WIDTH)]
        four = builder.shuffle_vector(first, second, ir.Constant(
            ir.VectorType(_I32, 64), picks + [0] * (64 - len(picks))))
        for k in range(len(part)):
            piece = builder.shuffle_vector(four, ir.Constant(_B64, ir.Undefined), ir.Constant(
                _V32, list(range(WIDTH * k, WIDTH * k + WIDTH))))
            out.append(builder.zext(piece, _V32))
    return out


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


def _flush_mask(builder: ir.IRBuilder, words: tuple[ir.Value, ir.Value]) -> tuple[ir.Value, ir.Value]:
    """The 13-bit rank mask of the suit holding five or more cards, else 0, from the two words; and
    each lane's number of cards (the four suits' counts: 7 when its cards are distinct)."""
    zero, five = _splat(0, _HALVES), _splat(5, _HALVES)
    mask = counts = zero
    for word in words:
        halves = builder.bitcast(word, _HALVES)
        count = _popcount(builder, halves)
        mask = builder.or_(mask, builder.select(builder.icmp_unsigned(">=", count, five), halves, zero))
        counts = builder.add(counts, count)
    mask, counts = builder.bitcast(mask, _V32), builder.bitcast(counts, _V32)
    low = _splat(0xFFFF)
    return (builder.and_(builder.or_(mask, builder.lshr(mask, _splat(16))), _splat(0x1FFF)),
            builder.add(builder.and_(counts, low), builder.lshr(counts, _splat(16))))


def _data(context, builder, kind, value) -> ir.Value:
    return context.make_array(kind)(context, builder, value).data


def _contiguous(kind, dtype, ndim: int = 1) -> bool:
    """Whether a numba type is a C-contiguous array of ``dtype`` with ``ndim`` dimensions."""
    return isinstance(kind, types.Array) and kind.dtype == dtype and kind.ndim == ndim and kind.layout == "C"


def _permute(builder: ir.IRBuilder, table: list[int], index: ir.Value) -> ir.Value:
    """``table[index]`` lane by lane, ``table`` a constant of sixteen words held in a register: one
    ``vpermd`` (no load) where the target has AVX-512, else lane by lane (this path is then only taken
    when asked for: :data:`GATHERS`)."""
    constant = ir.Constant(_V32, table)
    if GATHERS:
        permvar = _declare(builder, "llvm.x86.avx512.permvar.si.512", ir.FunctionType(_V32, [_V32, _V32]))
        return builder.call(permvar, [constant, index])
    out = ir.Constant(_V32, ir.Undefined)
    for lane in range(WIDTH):
        at = ir.Constant(_I32, lane)
        value = builder.extract_element(constant, builder.extract_element(index, at))
        out = builder.insert_element(out, value, at)
    return out


def _sorted(builder: ir.IRBuilder, ranks: list[ir.Value], network: tuple) -> list[ir.Value]:
    """The lanes' ``ranks`` sorted by a sorting ``network`` of compare-exchanges (a minimum and a maximum
    each)."""
    ranks = list(ranks)
    for i, j in network:
        low = builder.icmp_unsigned("<", ranks[i], ranks[j])
        ranks[i], ranks[j] = builder.select(low, ranks[i], ranks[j]), builder.select(low, ranks[j], ranks[i])
    return ranks


def _sorted_index(builder: ir.IRBuilder, ranks: list[ir.Value]) -> ir.Value:
    """The colex index of each lane's seven sorted ``ranks`` (:mod:`equity.evaluators.colex`): one step a
    position, from registers."""
    index = ranks[0]  # position 0's step C(s, 1) is the rank itself
    for i, step in enumerate(_STEPS[1:], start=1):
        index = builder.add(index, _permute(builder, step, ranks[i]))
    return index


def _colex_index(builder: ir.IRBuilder, ranks: list[ir.Value]) -> ir.Value:
    """The colex index of each lane's seven ranks: sorted by the network (a minimum and a maximum a
    compare-exchange), then :func:`_sorted_index`."""
    return _sorted_index(builder, _sorted(builder, ranks, colex.NETWORK))


def _flush_class(builder: ir.IRBuilder, suited: ir.Value, mask: ir.Value) -> ir.Value:
    """``suited_class[mask]`` lane by lane: the low half of the four bytes at ``2 * mask``."""
    return builder.and_(_gather(builder, suited, _I16, mask), _splat(0xFFFF))


def _best_class(builder: ir.IRBuilder, by_ranks: ir.Value, index: ir.Value, flush: ir.Value) -> ir.Value:
    """The smaller of ``rank_sorted[1 + index]`` (the high half of the four bytes at ``2 * index``) and
    the lanes' ``flush`` classes."""
    value = builder.ashr(_gather(builder, by_ranks, _I16, index), _splat(16))
    return builder.select(builder.icmp_signed("<", value, flush), value, flush)


@intrinsic
def _walk_block(typingctx, flat, at, out, o, rank_sorted, suited_class):
    """Classes of the :data:`BLOCK` seven-card hands at byte ``at`` of ``flat`` into ``out[o:o+BLOCK]``;
    returns a uint64 that is 0 unless a hand repeats a card (the caller then looks for the row, a rare
    case).

    flat: uint8 (C, 1-D), the hands' bytes. at, o: integers. out: int16 (C, 1-D). The tables:
    ``rank_sorted`` and ``suited_class`` of :class:`~equity.evaluators.tables.Tables`, C-contiguous."""
    wanted = ((flat, types.uint8), (out, types.int16), (rank_sorted, types.int16),
              (suited_class, types.int16))
    if not all(_contiguous(kind, dtype) for kind, dtype in wanted):
        return None
    if not (isinstance(at, types.Integer) and isinstance(o, types.Integer)):
        return None
    sig = types.uint64(flat, at, out, o, rank_sorted, suited_class)

    def codegen(context, builder, signature, args):
        kinds = signature.args
        at_byte, at_row = (context.cast(builder, args[i], kinds[i], types.intp) for i in (1, 3))
        hands = builder.gep(_data(context, builder, kinds[0], args[0]), [at_byte])
        classes = builder.gep(_data(context, builder, kinds[2], args[2]), [at_row])
        by_ranks, suited = (_data(context, builder, kinds[i], args[i]) for i in (4, 5))
        index, flush, repeats = [], [], ir.Constant(_I64, 0)
        for g in range(GROUPS):  # each group's cards, suits and sorted ranks
            cards = _cards(builder, builder.gep(hands, [ir.Constant(_I64, N_CARDS * WIDTH * g)]))
            words = _suit_words(builder, cards)
            mask, count = _flush_mask(builder, words)
            flush.append(_flush_class(builder, suited, mask))
            index.append(_colex_index(builder, [builder.lshr(c, _splat(2)) for c in cards]))
            bad = builder.bitcast(builder.icmp_unsigned("!=", count, _splat(N_CARDS)), _I16)
            repeats = builder.or_(repeats, builder.zext(bad, _I64))
        shorts = ir.VectorType(_I16, WIDTH)
        for g in range(GROUPS):
            best = _best_class(builder, by_ranks, index[g], flush[g])
            where = builder.gep(classes, [ir.Constant(_I64, WIDTH * g)])
            builder.store(builder.trunc(best, shorts), builder.bitcast(where, shorts.as_pointer()), align=2)
        return repeats

    return sig, codegen
