"""Rich renderables for ``equity icm`` (:mod:`equity.questions.tournaments.icm`). Never prints.

A row per player: stack, share of the chips, prize equity ($EV), share of the prize pool (± its standard
error when estimated) and the chance of each paid place; then the bubble factors (row player against
column player) and, when asked, the all-in's risk premium; then how it was worked out.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from equity.questions.tournaments.icm import MODEL_NAMES, IcmResult
from equity.questions.tournaments.multiway import MAX_POT
from equity.questions.tournaments.multiway_solve import TableResult
from equity.questions.tournaments.pushfold import Chart, PushFold
from equity.report.grid import _grid, _style, share_colour

#: Paid places shown as columns (the JSON has them all).
PLACES_SHOWN = 6


def _place(k: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(k % 10 if k % 100 not in (11, 12, 13) else 0, "th")
    return f"{k}{suffix} %"


def _number(x: float) -> str:
    return f"{x:,.2f}" if abs(x - round(x)) > 1e-9 else f"{x:,.0f}"


def icm_view(r: IcmResult) -> Group:
    chips = sum(r.stacks)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("Player", "Stack", "Chips %", "$EV", "Pool %"):
        table.add_column(name, justify="left" if name == "Player" else "right")
    if r.stderr is not None:
        table.add_column("± SE", justify="right")
    shown = min(len(r.payouts), PLACES_SHOWN)
    for k in range(shown):
        table.add_column(_place(k + 1), justify="right")
    for i, stack in enumerate(r.stacks):
        cells = [str(i + 1), _number(stack), f"{100 * stack / chips:.2f}", f"{r.equities[i]:,.4f}",
                 f"{100 * r.equities[i] / r.pool:.2f}"]
        if r.stderr is not None:
            cells.append(f"{100 * r.stderr[i] / r.pool:.2f}")
        cells += [f"{100 * p:.2f}" for p in r.places[i][:shown]]
        table.add_row(*cells)
    parts: list = [table]
    if r.bubble is not None and len(r.stacks) > 1:
        parts += [Text("bubble factors: the row player calling the column player's all-in"), _bubbles(r)]
    if r.allin is not None:
        a = r.allin
        parts.append(Text(f"player {a.hero + 1} calling player {a.villain + 1}'s all-in for "
                          f"{_number(a.stake)}: needs {100 * a.needed:.2f}% under ICM, "
                          f"{100 * a.needed_chips:.2f}% in chips; "
                          f"risk premium {100 * a.risk_premium:+.2f} points (equity {a.now:,.4f} now, "
                          f"{a.win:,.4f} if won, {a.lose:,.4f} if lost)"))
    how = f"{MODEL_NAMES[r.model]} · "
    if r.method == "exact":
        how += "exact"
    else:
        how += f"Monte Carlo · {r.trials:,} trials · seed {r.seed}"
    how += f" · prize pool {_number(r.pool)} · paid places {len(r.payouts)}"
    parts.append(Text(how, style="dim"))
    return Group(*parts)


def _bubbles(r: IcmResult) -> Table:
    n = len(r.stacks)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("")
    for j in range(n):
        table.add_column(f"vs {j + 1}", justify="right")
    for i in range(n):
        row = r.bubble[i]  # type: ignore[index]
        table.add_row(str(i + 1), *("–" if x is None else f"{x:.2f}" for x in row))
    return table


def _frequency_grid(frequencies: tuple[float, ...]) -> Text:
    from equity.classes import CLASS_NAMES

    cells = {}
    for name, f in zip(CLASS_NAMES, frequencies, strict=True):
        if f >= 0.0005:
            label = "100" if f >= 0.9995 else f"{100 * f:.1f}"
            cells[name] = (label, _style(share_colour(f)))
    return _grid(cells)


def pushfold_view(r: PushFold | Chart | TableResult, position: str | None = None) -> Group:
    """The small blind's shoves and the big blind's calls, each a 13 x 13 grid of frequencies (percent;
    a class never played is dim), then the game value and how exploitable the answer is; for a chart,
    :func:`chart_view`; for a table, :func:`table_view`."""
    if isinstance(r, Chart):
        return chart_view(r)
    if isinstance(r, TableResult):
        return table_view(r, position)
    ante = f", ante {r.ante:g}" if r.ante else ""
    return Group(
        Text(f"small blind shoves {100 * r.push_share:.2f}% of hands at {r.stack:g} big blinds{ante}"),
        _frequency_grid(r.push), Text(""),
        Text(f"big blind calls {100 * r.call_share:.2f}% of hands"),
        _frequency_grid(r.call), Text(""),
        Text(f"small blind's game value {r.value:+.6f} big blinds · exploitability "
             f"{r.exploitability:.1e} big blinds · {r.iterations:,} iterations of CFR+", style="dim"))


def _stacks_grid(spans: dict[str, tuple[tuple[float, float], ...]], high: float) -> Text:
    """Each class's largest stack in its intervals (``20+`` at the top of the range; dim: never)."""
    cells = {}
    for name, intervals in spans.items():
        if intervals:
            top = intervals[-1][1]
            label = f"{top:g}+" if top >= high else f"{top:g}"
            cells[name] = (label, _style(share_colour(min(1.0, top / high))))
    return _grid(cells)


def chart_view(c: Chart) -> Group:
    """The largest stack (big blinds) at which each class is shoved, then called, on the grid; the
    classes with gaps listed with every interval."""
    ante = f", ante {c.ante:g}" if c.ante else ""
    parts: list = [Text(f"small blind shoves up to (big blinds, {c.low:g} to {c.high:g} in steps of "
                        f"{c.step:g}{ante})"), _stacks_grid(c.push, c.high), Text(""),
                   Text("big blind calls up to"), _stacks_grid(c.call, c.high)]
    for title, spans in (("shoved", c.push), ("called", c.call)):
        gapped = [f"{name} {', '.join(f'{a:g}-{b:g}' for a, b in intervals)}"
                  for name, intervals in spans.items() if len(intervals) > 1]
        if gapped:
            parts.append(Text(f"{title} in several intervals: " + "; ".join(gapped)))
    worst = max(a.exploitability for a in c.answers)
    parts.append(Text(f"{len(c.answers)} stacks solved, each to an exploitability of at most {worst:.1e} big "
                      "blinds", style="dim"))
    return Group(*parts)


def table_view(r: TableResult, position: str | None = None) -> Group:
    """A table's push/fold: a row per player (stack, prize equity before the hand and in equilibrium,
    what a best response would gain); a grid for each first-in shove and each call of one shove (only
    ``position``'s, when named); a line for each call behind a shove and a call; then how exploitable
    the answer is."""
    s = r.spot
    ante = f" · ante {s.ante:g}" if s.ante else ""
    head = Text(f"push/fold, {s.n} players · ICM ({MODEL_NAMES[s.model]}) · payouts "
                f"{'/'.join(_number(p) for p in s.payouts)}{ante} · stacks in big blinds before the blinds")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("Seat", "Position", "Stack", "$EV before", "$EV", "Change", "Pool %", "BR gain"):
        table.add_column(name, justify="left" if name in ("Seat", "Position") else "right")
    for k in range(s.n):
        table.add_row(str(k + 1), s.position(k), _number(s.stacks[k]), f"{r.before[k]:,.4f}",
                      f"{r.equities[k]:,.4f}", f"{r.equities[k] - r.before[k]:+,.4f}",
                      f"{100 * r.equities[k] / r.pool:.2f}", f"{r.gains[k]:.2e}")
    parts: list = [head, table]
    overcalls = []
    for d in r.decisions:
        if position and d.position != position.upper():
            continue
        title = (f"{d.position} shoves {100 * d.share:.2f}% first in" if not d.entered else
                 f"{d.position} calls {' and '.join(d.entered)}: {100 * d.share:.2f}%")
        title += f" · reached {100 * d.reached:.2f}%"
        if len(d.entered) > 1:
            overcalls.append(Text(f"{title} · {d.range_text or 'nothing'}"))
            continue
        parts += [Text(title), _frequency_grid(d.frequencies), Text("")]
    if overcalls:
        parts += [Text("calls behind a shove and a call:"), *overcalls]
    parts.append(Text(f"exploitability {100 * r.exploitability_share:.4f}% of the prize pool "
                      f"({r.exploitability:.2e}) · {r.iterations:,} iterations of CFR+ · pots of up to "
                      f"{MAX_POT} players", style="dim"))
    return Group(*parts)


def pushfold_csv(r: PushFold | Chart | TableResult) -> list[list[object]]:
    """The ranges as CSV rows, a header first: one row per range (a table's decision; heads-up, the
    small blind's shoves and the big blind's calls; a chart's, each stack's two), with who acts, facing
    whom, the action, the shares of combos, and each class's frequency in columns (AA, AKs, ... 22)."""
    from equity.classes import CLASS_NAMES, all_classes

    order = [CLASS_NAMES.index(name) for name in all_classes()]
    head: list[object] = ["stack", "position", "facing", "action", "share", "reached", *all_classes()]
    rows: list[list[object]] = [head]

    def add(stack: object, position: str, facing: str, action: str, share: float, reached: object,
            frequencies: tuple[float, ...]) -> None:
        rows.append([stack, position, facing, action, share, reached, *(frequencies[i] for i in order)])

    if isinstance(r, TableResult):
        for d in r.decisions:
            add("", d.position, "+".join(d.entered), d.action, d.share, d.reached, d.frequencies)
        return rows
    for answer in r.answers if isinstance(r, Chart) else (r,):
        add(answer.stack, "SB", "", "shove", answer.push_share, 1.0, answer.push)
        add(answer.stack, "BB", "SB", "call", answer.call_share, answer.push_share, answer.call)
    return rows
