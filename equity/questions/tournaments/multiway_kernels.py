"""Kernels of the table push/fold game (:mod:`~equity.questions.tournaments.multiway_solve`): every
decision's counterfactual values under a profile of strategies, one end of the game at a time.

**The deal.** A player's hand is dealt from the cards the players already in the pot do not hold
(folded hands go back to the deck): the first to act draws class ``i`` with chance ``p[i]``; after one
player in with class ``a``, ``q2[a, i]``; after two, with ``a`` and ``b``, ``q3[a, b, i]``. So the members
of a pot are drawn with exact card removal among them, and heads-up the game is the chip-EV game's.

The game's arrays travel as one :class:`Arrays`, a profile's fold chances as one :class:`Folds`; ``K``
decisions, ``T`` ends, ``n`` players, classes by grid index:

- ``sigma`` (K, 169): each class's chance of putting its chips in at each decision;
- ``p`` (169,), ``q2`` (169, 169) and ``q3`` (169, 169, 169): the deal's chances above;
- decisions: ``dec_n`` (K,) the players in before it, ``dec_from`` (K, 2) the decisions they came in at,
  ``dec_slot`` (K,) its row of the two-in fold table;
- ends: ``size`` (T,), ``members`` and ``entered_at`` (T, 3) their seats and the decisions they came
  in at; ``folders`` (T, n) the decisions folded on the end's line with ``n_folders`` (T,), the
  folders' seats ``folder_seat`` (T, n), and ``segment`` (T, n) how many members were in before each
  fold;
- ``n_out`` (T,) and ``payoff`` (T, 13, n): each outcome's prize equities (outcome places as
  :mod:`~equity.questions.tournaments.multiway` gives them);
- ``pair`` (3, 169, 169): the chance of two members' classes (first, second) and that the first wins, the
  second wins, or they chop; ``triple`` (169, 169, 169, 13) float32, ``[y, z, x, o]``: the chance that
  seats 0, 1, 2 hold x, y, z and the showdown ends in outcome o; ``remap`` (3, 13): member ``r`` of three
  read as the table's seat 0 (the other two as seats 1 and 2 in order), each table outcome as the
  members' outcome.

A counterfactual value includes the chance of the player's own class and everyone else's actions, and
excludes the player's own action.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange


class Arrays(NamedTuple):
    """A table's game, as the kernels read it (module docstring)."""

    p: np.ndarray
    q2: np.ndarray
    q3: np.ndarray
    dec_n: np.ndarray
    dec_from: np.ndarray
    dec_slot: np.ndarray
    size: np.ndarray
    members: np.ndarray
    entered_at: np.ndarray
    folders: np.ndarray
    folder_seat: np.ndarray
    n_folders: np.ndarray
    segment: np.ndarray
    n_out: np.ndarray
    payoff: np.ndarray
    pair: np.ndarray
    triple: np.ndarray
    remap: np.ndarray


class Folds(NamedTuple):
    """A profile's chances of a fold at each decision: ``f0`` (K,) with no one in; ``f1`` (K, 169) by the
    class of the one player in; ``f2`` (slots, 169, 169) by the classes of the two in."""

    f0: np.ndarray
    f1: np.ndarray
    f2: np.ndarray


@njit(cache=True)
def _values(g, sigma, folds, parallel):
    """``(cv_in, cv_fold, ev)``: each decision's counterfactual value to its player of going in and of
    folding, by class (K, 169), and each player's prize equity under ``sigma`` (n,), its fold chances
    ``folds``. ``parallel``: the ends on all threads (worth it where pots of three are many and ``sigma``
    is dense; otherwise the threads' start costs more than they save)."""
    n_terms = g.size.shape[0]
    k_n = sigma.shape[0]
    n_players = g.payoff.shape[2]
    member_v = np.zeros((n_terms, 3, 169))
    folder_v = np.zeros((n_terms, n_players, 169))
    ev_t = np.zeros((n_terms, n_players))
    if parallel:
        _ends_parallel(g, sigma, folds, member_v, folder_v, ev_t)
    else:
        for t in range(n_terms):
            _end(t, g, sigma, folds, member_v[t], folder_v[t], ev_t[t])
    cv_in = np.zeros((k_n, 169))
    cv_fold = np.zeros((k_n, 169))
    ev = np.zeros(n_players)
    for t in range(n_terms):
        for r in range(g.size[t]):
            cv_in[g.entered_at[t, r]] += member_v[t, r]
        for f in range(g.n_folders[t]):
            cv_fold[g.folders[t, f]] += folder_v[t, f]
        ev += ev_t[t]
    return cv_in, cv_fold, ev


@njit(cache=True, parallel=True)
def _ends_parallel(g, sigma, folds, member_v, folder_v, ev_t):
    """:func:`_end` of every end, on all threads (the bare loop)."""
    for t in prange(g.size.shape[0]):
        _end(t, g, sigma, folds, member_v[t], folder_v[t], ev_t[t])


@njit(cache=True)
def _fb_without(t, skip, g, f1, a):
    """The folds after the first member, its class ``a``, but for the fold at place ``skip``."""
    out = 1.0
    for f in range(g.n_folders[t]):
        if g.segment[t, f] == 1 and f != skip:
            out *= f1[g.folders[t, f], a]
    return out


@njit(cache=True)
def _fc_without(t, skip, g, f2, a, b):
    """The folds after the second member, the two classes ``a`` and ``b``, but for the fold ``skip``."""
    out = 1.0
    for f in range(g.n_folders[t]):
        if g.segment[t, f] == 2 and f != skip:
            out *= f2[g.dec_slot[g.folders[t, f]], a, b]
    return out


@njit(cache=True)
def _end(t, g, sigma, folds, mv, fv, evt):
    """One end's share of :func:`_values`: the members' values (``mv``, by member), the folds' (``fv``,
    by place on the line) and every player's prize equity (``evt``)."""
    p, q2 = g.p, g.q2
    f0, f1, f2 = folds.f0, folds.f1, folds.f2
    ks = g.size[t]
    n_o = g.n_out[t]
    u = g.payoff[t]
    n_players = u.shape[1]
    nf = g.n_folders[t]
    fa = 1.0  # the folds before anyone is in
    fb = np.ones(169)  # the folds after the first member, by its class
    fc = np.ones((169, 169) if ks >= 2 else (1, 1))  # the folds after the second, by the two classes
    for f in range(nf):
        k = g.folders[t, f]
        if g.segment[t, f] == 0:
            fa *= f0[k]
        elif g.segment[t, f] == 1:
            fb *= f1[k]
        else:
            fc *= f2[g.dec_slot[k]]
    dist = np.zeros(13)  # the outcomes' chances, with every action and class but the first folds
    if ks == 0:
        dist[0] = 1.0
    elif ks == 1:
        m1 = g.members[t, 0]
        s1 = sigma[g.entered_at[t, 0]]
        for a in range(169):
            mv[0, a] = fa * p[a] * fb[a] * u[0, m1]
            dist[0] += s1[a] * p[a] * fb[a]
        for f in range(nf):
            if g.segment[t, f] == 1:
                x = g.folder_seat[t, f]
                for a in range(169):
                    if s1[a] != 0.0:
                        w = fa * s1[a] * p[a] * _fb_without(t, f, g, f1, a) * u[0, x]
                        for j in range(169):
                            fv[f, j] += w * q2[a, j]
    elif ks == 2:
        _two(t, g, sigma, folds, fa, fb, fc, mv, fv, dist)
    else:
        _three(t, g, sigma, folds, fa, fb, fc, mv, fv, dist)
    for x in range(n_players):
        v = 0.0
        for o in range(n_o):
            v += dist[o] * u[o, x]
        evt[x] = fa * v
    for f in range(nf):  # the folds before anyone is in: their classes are dealt from the full deck
        if g.segment[t, f] != 0:
            continue
        others = 1.0
        for h in range(nf):
            if h != f and g.segment[t, h] == 0:
                others *= f0[g.folders[t, h]]
        x = g.folder_seat[t, f]
        v = 0.0
        for o in range(n_o):
            v += dist[o] * u[o, x]
        for j in range(169):
            fv[f, j] = p[j] * others * v


@njit(cache=True)
def _two(t, g, sigma, folds, fa, fb, fc, mv, fv, dist):
    """A pot of two: the members' values, the later folds' and the outcomes' chances."""
    pair, q3, u = g.pair, g.q3, g.payoff[t]
    m1, m2 = g.members[t, 0], g.members[t, 1]
    s1, s2 = sigma[g.entered_at[t, 0]], sigma[g.entered_at[t, 1]]
    nf = g.n_folders[t]
    gb = np.zeros((nf, 169))  # the folds after the first member: their values by its class, before fb
    for a in range(169):
        for b in range(169):
            w1, w2 = s1[a], s2[b]
            if w1 == 0.0 and w2 == 0.0:
                continue
            v1 = 0.0
            v2 = 0.0
            for o in range(3):
                m = pair[o, a, b] * fb[a] * fc[a, b]
                v1 += m * u[o, m1]
                v2 += m * u[o, m2]
                dist[o] += w1 * w2 * m
            mv[0, a] += fa * w2 * v1
            mv[1, b] += fa * w1 * v2
            if w1 == 0.0 or w2 == 0.0:
                continue
            for f in range(nf):
                x = g.folder_seat[t, f]
                if g.segment[t, f] == 1:
                    for o in range(3):
                        gb[f, a] += w1 * w2 * pair[o, a, b] * fc[a, b] * u[o, x]
                elif g.segment[t, f] == 2:
                    h = 0.0
                    for o in range(3):
                        h += pair[o, a, b] * u[o, x]
                    h *= fa * w1 * w2 * fb[a] * _fc_without(t, f, g, folds.f2, a, b)
                    for j in range(169):  # dealt after both members: pair holds their chance already
                        fv[f, j] += h * q3[a, b, j]
    _after_first(t, g, folds.f1, fa, gb, fv)


@njit(cache=True)
def _after_first(t, g, f1, fa, gb, fv):
    """The folds after the first member only: ``gb`` (by place, by the first member's class) times the
    other such folds, spread over the folder's classes as dealt after that member."""
    for f in range(g.n_folders[t]):
        if g.segment[t, f] != 1:
            continue
        for a in range(169):
            if gb[f, a] == 0.0:
                continue
            w = fa * gb[f, a] * _fb_without(t, f, g, f1, a)
            for j in range(169):
                fv[f, j] += w * g.q2[a, j]


@njit(cache=True)
def _three(t, g, sigma, folds, fa, fb, fc, mv, fv, dist):
    """A pot of three: the members' values (each the free seat of the table in turn), the folds'
    between them and the outcomes' chances, in one pass over the table's blocks ``triple[y, z]``: the
    first member free reads ``y, z`` as the second's and third's classes, the second free as the first's
    and third's, the third free as the first's and second's."""
    triple, remap, q3, u = g.triple, g.remap, g.q3, g.payoff[t]
    s1, s2, s3 = sigma[g.entered_at[t, 0]], sigma[g.entered_at[t, 1]], sigma[g.entered_at[t, 2]]
    m1, m2, m3 = g.members[t, 0], g.members[t, 1], g.members[t, 2]
    nf = g.n_folders[t]
    acc0_flat = np.zeros(169 * 13)
    acc1_flat = np.zeros(169 * 13)
    acc2_flat = np.zeros(169 * 13)
    acc0, acc1, acc2 = acc0_flat.reshape(169, 13), acc1_flat.reshape(169, 13), acc2_flat.reshape(169, 13)
    triple_flat = triple.reshape(169, 169, 169 * 13)
    wide0 = np.empty(169 * 13)
    wide1 = np.empty(169 * 13)
    calls = np.empty(169, np.int64)  # the classes the third member calls with
    n_calls = 0
    for x in range(169):
        if s3[x] != 0.0:
            calls[n_calls] = x
            n_calls += 1
    between = False
    for f in range(nf):
        between |= g.segment[t, f] == 2
    for y in range(169):
        live0 = s2[y] != 0.0
        live12 = s1[y] != 0.0
        if not (live0 or live12):
            continue
        for x in range(169):  # the folds between the second and third members, y one of the two in
            w0 = s2[y] * fc[x, y] if live0 else 0.0
            w1 = s1[y] * fb[y] * fc[y, x] if live12 else 0.0
            for o in range(13):
                wide0[13 * x + o] = w0
                wide1[13 * x + o] = w1
        for z in range(169):
            c0 = s3[z] if live0 else 0.0
            c1 = s3[z] if live12 else 0.0
            c2 = s1[y] * s2[z] * fb[y] * fc[y, z] if live12 else 0.0
            if c0 == 0.0 and c1 == 0.0 and c2 == 0.0:
                continue
            block = triple[y, z]
            flat = triple_flat[y, z]
            # each member's sum apart (in a sparse profile a block seldom feeds all three), each a flat
            # loop over the block that the compiler vectorises, the per-class weights spread out by y
            if c0 != 0.0:
                for i in range(169 * 13):
                    acc0_flat[i] += c0 * wide0[i] * flat[i]
            if c1 != 0.0:
                for i in range(169 * 13):
                    acc1_flat[i] += c1 * wide1[i] * flat[i]
            if c2 == 0.0:
                continue
            for i in range(169 * 13):
                acc2_flat[i] += c2 * flat[i]
            if not between:
                continue
            called = np.zeros(13)  # the outcomes after y and z with the third member's call
            for i in range(n_calls):
                x = calls[i]
                for o in range(13):
                    called[o] += s3[x] * block[x, o]
            for f in range(nf):  # the folds between the second and third members, dealt after y and z
                if g.segment[t, f] != 2:
                    continue
                h = 0.0
                for o in range(13):
                    h += called[o] * u[remap[2, o], g.folder_seat[t, f]]
                h *= fa * s1[y] * s2[z] * fb[y] * _fc_without(t, f, g, folds.f2, y, z)
                for j in range(169):
                    fv[f, j] += h * q3[y, z, j]
    gb = np.zeros((nf, 169))
    for x in range(169):
        v0 = 0.0
        v1 = 0.0
        v2 = 0.0
        for o in range(13):
            v0 += acc0[x, o] * u[remap[0, o], m1]
            v1 += acc1[x, o] * u[remap[1, o], m2]
            v2 += acc2[x, o] * u[remap[2, o], m3]
            dist[remap[0, o]] += s1[x] * fb[x] * acc0[x, o]
        mv[0, x] = fa * fb[x] * v0
        mv[1, x] = fa * v1
        mv[2, x] = fa * v2
        if s1[x] == 0.0:
            continue
        for f in range(nf):
            if g.segment[t, f] == 1:
                h = 0.0
                for o in range(13):
                    h += acc0[x, o] * u[remap[0, o], g.folder_seat[t, f]]
                gb[f, x] = s1[x] * h
    _after_first(t, g, folds.f1, fa, gb, fv)
