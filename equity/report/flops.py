"""Rich renderables and CSV rows for :mod:`equity.questions.flops`. Never prints.

The view: a heading (the matchup, the method and which flops the rows stand for), the line over every
flop beside the preflop equity, the rows asked for (sorted, the top N), and the table by texture.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from equity.games import get_game
from equity.games.hits import FLOP_HIT_KEYS
from equity.questions.flops.rows import FlopRow, FlopsResult, Mean

#: The CSV's columns, one row per flop (docs/flops.md).
CSV_COLUMNS = ("flop", "weight", "suits", "pairing", "high", "connected", "blocked", "pairs", "trials",
               "seed",
               "hero_combos", "hero_win", "hero_tie", "hero_equity", "hero_stderr",
               *(f"hero_{k}" for k in FLOP_HIT_KEYS),
               "villain_combos", "villain_win", "villain_tie", "villain_equity", "villain_stderr",
               *(f"villain_{k}" for k in FLOP_HIT_KEYS))


def _pct(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f}"


def _equity_style(x: float) -> str:
    return "green" if x > 0.55 else "red" if x < 0.45 else ""


def heading(result: FlopsResult) -> Text:
    """What the rows stand for: the matchup, the method, the flops and their classes."""
    game = get_game(result.game)
    text = Text()
    text.append(result.hero, style="bold")
    text.append(" vs ")
    text.append(result.villain, style="bold")
    if not game.is_default:
        text.append(f" · {game.title}")
    if result.dead:
        text.append(f" · dead {result.dead}")
    text.append(f" · {result.method}" + (f", seed {result.seed}" if result.seed is not None else ""))
    text.append("\n")
    n = len(result.rows)
    if result.symmetries == 24 and n < result.flops:
        what = (f"{n:,} flop classes standing for {result.flops:,} flops (both ranges are the same under "
                "every relabelling of the suits)")
    elif n < result.flops:
        what = (f"{n:,} flop classes standing for {result.flops:,} flops (the ranges keep "
                f"{result.symmetries} of the 24 relabellings of the suits)")
    else:
        what = f"{n:,} flops, each on its own" + (
            " (the ranges are not the same under any relabelling of the suits)"
            if result.symmetries == 1 and result.asked is None else "")
    text.append(what, style="dim")
    if result.narrowed and result.asked:
        text.append(f"\n--flops {result.asked}: {result.flops:,} of the {result.deck_flops:,} flops",
                    style="dim")
    return text


def overall_line(result: FlopsResult) -> Text:
    """The weighted mean over every flop, beside the preflop equity when it was computed."""
    m = result.overall
    text = Text()
    text.append("Over the flops: ", style="bold")
    if m.hero_equity is None:
        text.append("no flop could be played")
        return text
    text.append(f"hero {_pct(m.hero_equity)}%", style="bold")
    text.append(f", villain {_pct(m.villain_equity)}%")
    if result.method != "exact" and m.stderr:
        text.append(f" (± {_pct(m.stderr, 3)} points)")
    if result.preflop is not None:
        pre = result.preflop[0].equity
        diff = abs(pre - m.hero_equity)
        text.append(f"\nPreflop, exact:  hero {_pct(pre)}%", style="")
        text.append(f", villain {_pct(result.preflop[1].equity)}%")
        text.append(f"  (the mean over the flops differs by {diff:.1e})" if diff
                    else "  (the mean over the flops, exactly)", style="dim")
    elif result.preflop_note and not result.narrowed:
        text.append(f"\nPreflop: {result.preflop_note}", style="dim")
    blocked = [r for r in result.rows if r.blocked]
    if blocked:
        flops = sum(r.weight for r in blocked)
        text.append(f"\n{len(blocked):,} rows ({flops:,} flops) blocked, left out of the means: e.g. "
                    f"{blocked[0].flop}, {blocked[0].blocked}", style="yellow")
    return text


def texture_label(r: FlopRow) -> str:
    """A row's texture in a few words: ``'two-tone'``, ``'rainbow paired'``, ``'monotone conn.'``."""
    words = [r.suits]
    if r.pairing != "unpaired":
        words.append(r.pairing)
    if r.connected:
        words.append("conn.")
    return " ".join(words)


def rows_table(rows: Sequence[FlopRow], title: str) -> Table:
    """The rows as asked: each flop's texture, the hero's equity (the villain's is the rest), both sides'
    live combos and what each makes."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name, justify in (("flop", "left"), ("flops", "right"), ("texture", "left"), ("hero %", "right"),
                          ("combos", "right"), ("pair+", "right"), ("2pair+", "right"), ("draws", "right")):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for r in rows:
        if r.blocked or r.hero is None or r.villain is None:
            table.add_row(r.flop, f"{r.weight:,}", texture_label(r), Text(r.blocked or "", style="yellow"))
            continue
        h, v = r.hero, r.villain

        def both(key: str, h: Any = h, v: Any = v) -> str:
            return f"{_pct(h.hits[key], 0)}/{_pct(v.hits[key], 0)}"

        draws = f"{_pct(_draws(h.hits), 0)}/{_pct(_draws(v.hits), 0)}"
        table.add_row(r.flop, f"{r.weight:,}", texture_label(r),
                      Text(_pct(h.equity), style=_equity_style(h.equity)), f"{h.combos}/{v.combos}",
                      both("pair_or_better"), both("two_pair_or_better"), draws)
    table.caption = ("hero/villain: live combos, and % of them with pair or better, two pair or better, "
                     "a flush or open-ended straight draw")
    table.caption_justify = "left"
    return table


def _draws(hits: dict[str, float]) -> float:
    """The share with a flush draw or an open-ended straight draw (at most their sum: a combo draw holds
    both)."""
    return min(1.0, hits["flush_draw"] + hits["open_ended"])


def texture_table(means: Sequence[Mean], overall: Mean) -> Table:
    """The weighted means by texture: flops, their share, each side's equity."""
    table = Table(title="By texture", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("texture", "flops", "% of flops", "hero %", "villain %", "pair+ %"):
        table.add_column(name, justify="left" if name == "texture" else "right")
    for m in means:
        share = m.flops / overall.flops if overall.flops else 0.0
        if m.hero_equity is None:
            table.add_row(m.name, f"{m.flops:,}", _pct(share, 1), "blocked", "", "")
            continue
        table.add_row(m.name, f"{m.flops:,}", _pct(share, 1),
                      Text(_pct(m.hero_equity), style=_equity_style(m.hero_equity)), _pct(m.villain_equity),
                      f"{_pct(m.hero_hits['pair_or_better'], 0)}/{_pct(m.villain_hits['pair_or_better'], 0)}",
                      end_section=m.name in ("rainbow", "trips", "connected"))
    return table


def flops_view(result: FlopsResult, rows: Sequence[FlopRow], sort: str, ascending: bool,
               shown_all: bool) -> Group:
    """The whole view: heading, the line over every flop, the rows asked for, the texture table."""
    order = "lowest" if ascending else "highest"
    names = {"equity": "the hero's equity", "villain": "the villain's equity", "flop": "the flop"}
    what = names.get(sort, sort)
    if sort == "flop":
        order = "lowest cards" if ascending else "highest cards"
    title = (f"Every row, by {what}, {order} first" if shown_all
             else f"{len(rows):,} of the {len(result.rows):,} rows, by {what}, {order} first")
    parts: list[Any] = [heading(result), Text(""), overall_line(result), Text(""), rows_table(rows, title)]
    if len(result.textures) > 1:
        parts += [Text(""), texture_table(result.textures, result.overall)]
    return Group(*parts)


def csv_rows(rows: Sequence[FlopRow]) -> Iterator[dict[str, Any]]:
    """One CSV row per flop (:data:`CSV_COLUMNS`), with its weight; empty cells for a blocked row's sides."""
    for r in rows:
        out: dict[str, Any] = {"flop": r.flop, "weight": r.weight, "suits": r.suits, "pairing": r.pairing,
                               "high": r.high, "connected": r.connected, "blocked": r.blocked or "",
                               "pairs": r.pairs, "trials": r.trials, "seed": "" if r.seed is None else r.seed}
        for name, side in (("hero", r.hero), ("villain", r.villain)):
            if side is None:
                continue
            out.update({f"{name}_combos": side.combos, f"{name}_win": side.win, f"{name}_tie": side.tie,
                        f"{name}_equity": side.equity, f"{name}_stderr": side.stderr})
            out.update({f"{name}_{k}": side.hits[k] for k in FLOP_HIT_KEYS})
        yield out
