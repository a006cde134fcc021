"""``make bench --section hands``: ``equity hands``, each figure beside a baseline measured in the same run.

- Reading and classifying on one core (target: >= 14,000 hands a second, aiming at 20,000): an archive of
  :data:`STARS_HANDS` PokerStars hold'em cash hands and :data:`GG_HANDS` GGPoker ones, written into a
  temporary folder from the templates below, read (:func:`equity.histories.files.read`), each hand's chips
  checked and its all-in moment found (:func:`equity.questions.hands.allin.classify`, what ``price`` does
  before any equity is run), beside the floor: reading the files' lines and nothing
  else. Then the whole ``equity hands FOLDER --json`` command over the same archive, which prices the
  all-ins too (wall, one run).
- Many small files (target: at most 2.0x the baseline): :data:`MATCH_HANDS` of the archive's hold'em
  hands written as a match's one-hand PHH files (:func:`write_match`), ``equity hands FOLDER --json`` as a
  whole process beside a bare ``tomllib`` parse of the same files as a whole process.
- Pricing an all-in hold'em hand at the cost of one ``equity`` call (target: ``price`` <= 1.5x the
  ``equity.calculate`` calls of its pots): :func:`equity.questions.hands.allin.price` of hands read from
  examples/hands/ beside ``equity.calculate`` of the same players, board and dead cards, one call per
  distinct set of players eligible for a pot.

The archive is a 6-max $0.25/$0.50 table's: about 55% of hands folded preflop, 20% won on the flop or
turn without a showdown, 22% checked or bet down to a showdown, and 3% all in (preflop, on the flop with a
side pot, on the turn, on the river); a few chat and connection lines between. Every hand's chips add up
(the winner collects the pot less a 5% rake capped at $2, taken once a flop is dealt), so every hand
reads; the cards are dealt from a shuffled deck, the winner drawn, not played out.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import BIN, interleaved_samples, row, verdict

import equity
from equity.cards import CARD_NAMES, format_cards
from equity.histories import files, phh_write
from equity.histories.model import Hand
from equity.questions.hands.allin import classify as classify_hand
from equity.questions.hands.allin import price

ROOT = Path(__file__).resolve().parent.parent
#: The archive: hands of each site, and hands a file.
STARS_HANDS, GG_HANDS, PER_FILE = 50_000, 5_000, 2_500
#: The least hands read and classified a second on one core (the aim: 20,000).
TARGET = 14_000
#: The one-hand PHH files of the small-files figure, and the most time their command may take as a
#: multiple of a bare tomllib parse of them.
MATCH_HANDS, SMALL_FILES_RATIO = 10_000, 2.0
#: The most time ``price`` may take, as a multiple of the ``equity.calculate`` calls of its pots.
PRICE_RATIO = 1.5
#: Pricing spots: label -> (file under examples/hands, hand id).
SPOTS = {
    "heads-up preflop AhKh vs QsQc": ("pokerstars-aludra.txt", "255000000002"),
    "flop TdTc vs AhQh vs 9s9d on Th9h4c, side pot": ("pokerstars-aludra.txt", "255000000003"),
    "turn KsJs vs QdQc on Qs8s3d5c": ("pokerstars-aludra.txt", "255000000004"),
    "PLO flop AhAdJsTs vs KcQc9h8h on JdTc7s": ("ggpoker-plo.txt", "OM2026112001"),
}
NAMES = ("Alice", "Bruno", "Chen", "Dana", "Emeka", "Farid", "Gita", "Hugo", "Ines", "Jonas", "Kemal",
         "Lena", "Mateo", "Nadia", "Oscar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Ulla", "Viktor")
#: Template -> its share of the archive's hands (the all-ins: 3% together).
MIX = {"folded": 0.55, "flop": 0.20, "showdown": 0.22, "preflop all-in": 0.014, "flop all-in": 0.007,
       "turn all-in": 0.004, "river all-in": 0.005}
BLINDS = (25, 50)  # cents


class _Table:
    """A table's players from hand to hand: their names and stacks in cents (carried over, so most seat
    lines repeat from one hand to the next, as in a real archive), the button's seat."""

    def __init__(self, rng: random.Random, gg: bool) -> None:
        self.rng, self.gg = rng, gg
        n = 6 if rng.random() < 0.8 else rng.randint(3, 5)
        self.names = rng.sample(NAMES, n)
        if gg:
            self.names[0] = "Hero"
        self.stacks = [self.buy_in() for _ in range(n)]
        self.button = rng.randrange(n)

    def buy_in(self) -> int:
        return self.rng.choice((5000, 5000, self.rng.randint(2000, 5000)))

    def after(self, deal: _Deal) -> None:
        """The stacks after ``deal``; a player below 20 big blinds tops up, one in 50 leaves for another."""
        self.stacks = list(deal.left)
        self.stacks[deal.winner] += deal.won
        for i, stack in enumerate(self.stacks):
            if stack < 1000 or self.rng.random() < 0.02:
                self.stacks[i] = self.buy_in()
                if stack >= 1000 and (i or not self.gg):
                    self.names[i] = self.rng.choice([x for x in NAMES if x not in self.names])
        self.button = (self.button + 1) % len(self.names)


class _Deal:
    """One hand being written: the seats, the lines, each player's chips in cents."""

    def __init__(self, rng: random.Random, gg: bool, hand_id: int, when: int, table: _Table) -> None:
        self.rng, self.gg = rng, gg
        self.names, self.stacks = list(table.names), list(table.stacks)
        n = len(self.names)
        self.left = list(self.stacks)
        self.put = [0] * n
        self.street_put = [0] * n
        self.folded = [False] * n
        self.bet = 0
        deck = rng.sample(range(52), 2 * n + 5)
        self.holes = [deck[2 * i:2 * i + 2] for i in range(n)]
        self.board = deck[2 * n:]
        self.button = table.button
        self.order = [(self.button + 1 + i) % n for i in range(n)]  # small blind first
        self.hero = 0
        self.lines = self._header(hand_id, when)
        self.dealt_board = 0
        self.winner = -1

    def money(self, cents: int) -> str:
        if self.gg:
            return "$" + format(cents / 100, "g") if cents % 100 else f"${cents // 100}"
        return f"${cents // 100}.{cents % 100:02d}" if cents % 100 else f"${cents // 100}"

    def cards(self, ids: list[int]) -> str:
        return "[" + " ".join(CARD_NAMES[c] for c in ids) + "]"

    def _header(self, hand_id: int, when: int) -> list[str]:
        day = time.strftime("%Y/%m/%d %H:%M:%S", time.gmtime(1_795_000_000 + when))
        seat = self.button + 1
        if self.gg:
            head = [f"Poker Hand #RC{hand_id}: Hold'em No Limit ($0.25/$0.5) - {day}",
                    f"Table 'RushAndCash{hand_id % 97}' 6-max Seat #{seat} is the button"]
        else:
            head = [f"PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.25/$0.50 USD) - {day} CET [{day} ET]",
                    f"Table 'Aludra {hand_id % 13}' 6-max Seat #{seat} is the button"]
        end = "" if self.gg else " "
        head += [f"Seat {i + 1}: {name} ({self.money(s)} in chips){end}"
                 for i, (name, s) in enumerate(zip(self.names, self.stacks, strict=True))]
        return head

    def line(self, p: int, text: str) -> None:
        self.lines.append(f"{self.names[p]}: {text}")

    def blinds(self) -> None:
        sb, bb = self.order[0], self.order[1]
        for p, kind, amount in ((sb, "small", BLINDS[0]), (bb, "big", BLINDS[1])):
            self.put[p] = self.street_put[p] = amount
            self.left[p] -= amount
            self.line(p, f"posts {kind} blind {self.money(amount)}")
        self.bet = BLINDS[1]
        self.lines.append("*** HOLE CARDS ***")
        for p in range(len(self.names)):
            if p == self.hero:
                self.lines.append(f"Dealt to {self.names[p]} {self.cards(self.holes[p])}")
            elif self.gg:
                self.lines.append(f"Dealt to {self.names[p]} ")

    def quiet(self, p: int) -> None:
        self.line(p, "folds" if self.gg else "folds ")
        self.folded[p] = True

    def check(self, p: int) -> None:
        self.line(p, "checks" if self.gg else "checks ")

    def _add(self, p: int, cents: int) -> str:
        self.left[p] -= cents
        self.put[p] += cents
        self.street_put[p] += cents
        return " and is all-in" if self.left[p] == 0 else ""

    def call(self, p: int) -> None:
        cents = min(self.bet - self.street_put[p], self.left[p])
        tail = self._add(p, cents)
        self.line(p, f"calls {self.money(cents)}{tail}")

    def raise_to(self, p: int, to: int) -> None:
        to = min(to, self.street_put[p] + self.left[p])
        if self.bet == 0:
            tail = self._add(p, to - self.street_put[p])
            self.line(p, f"bets {self.money(to)}{tail}")
        else:
            by = to - self.bet
            tail = self._add(p, to - self.street_put[p])
            self.line(p, f"raises {self.money(by)} to {self.money(to)}{tail}")
        self.bet = max(self.bet, to)

    def all_in(self, p: int) -> None:
        self.raise_to(p, self.street_put[p] + self.left[p])

    def street(self, name: str) -> None:
        """Deal the flop, turn or river (after returning any uncalled bet)."""
        self.uncalled()
        self.street_put = [0] * len(self.names)
        self.bet = 0
        if name == "FLOP":
            self.dealt_board = 3
            self.lines.append(f"*** FLOP *** {self.cards(self.board[:3])}")
        else:
            k = 4 if name == "TURN" else 5
            before, card = self.cards(self.board[:k - 1]), self.cards(self.board[k - 1:k])
            self.lines.append(f"*** {name} *** {before} {card}")
            self.dealt_board = k

    def uncalled(self) -> None:
        top = max(range(len(self.put)), key=self.put.__getitem__)
        second = max(x for i, x in enumerate(self.put) if i != top)
        if self.put[top] > second:
            back = self.put[top] - second
            self.put[top] -= back
            self.street_put[top] -= back
            self.left[top] += back
            self.lines.append(f"Uncalled bet ({self.money(back)}) returned to {self.names[top]}")

    def players_in(self) -> list[int]:
        return [p for p in self.order if not self.folded[p]]

    def show(self, players: list[int]) -> None:
        for p in players:
            self.line(p, f"shows {self.cards(self.holes[p])} (a pair)")

    def finish(self, winner: int, showdown: list[int], shown_early: bool = False) -> None:
        """Run out the board after an all-in, collect and write the summary."""
        self.uncalled()
        if showdown and shown_early:
            if self.gg:
                self.show(showdown)
            for name in ("FLOP", "TURN", "RIVER")[max(0, self.dealt_board - 2):]:
                self.street(name)
        if showdown:
            self.lines.append("*** SHOWDOWN ***" if self.gg else "*** SHOW DOWN ***")
            if not (self.gg and shown_early):
                self.show(showdown)
        total = sum(self.put)
        rake = min(total * 5 // 100, 200) if self.dealt_board else 0
        self.winner, self.won = winner, total - rake
        self.lines.append(f"{self.names[winner]} collected {self.money(total - rake)} from pot")
        if not showdown and not self.gg:
            self.line(winner, "doesn't show hand ")
        if self.rng.random() < 0.03:
            self.lines.append(f'{self.names[self.rng.randrange(len(self.names))]} said, "nh"')
        self.lines.append("*** SUMMARY ***")
        fees = " | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0" if self.gg else " "
        self.lines.append(f"Total pot {self.money(total)} | Rake {self.money(rake)}{fees}")
        if self.dealt_board:
            self.lines.append(f"Board {self.cards(self.board[:self.dealt_board])}")
        for p, name in enumerate(self.names):
            if p in showdown:
                won = f"won ({self.money(total - rake)})" if p == winner else "lost"
                said = f"showed {self.cards(self.holes[p])} and {won} with a pair"
            elif p == winner:
                said = f"collected ({self.money(total - rake)})"
            elif self.folded[p]:
                said = "folded before Flop" + (" (didn't bet)" if self.put[p] == 0 else "")
            else:
                said = "folded on the Flop"
            self.lines.append(f"Seat {p + 1}: {name} {said}")


def _hand(rng: random.Random, kind: str, table: _Table, hand_id: int, when: int) -> list[str]:
    """One hand of the template ``kind`` (:data:`MIX`) at ``table``, as the site writes it."""
    d = _Deal(rng, table.gg, hand_id, when, table)
    try:
        return _play(rng, kind, d)
    finally:
        table.after(d)


def _play(rng: random.Random, kind: str, d: _Deal) -> list[str]:
    d.blinds()
    n = len(d.names)
    first = d.order[2 % n:] + d.order[:2 % n]  # preflop order: after the big blind
    if rng.random() < 0.05:
        d.lines.append(f"{d.names[first[-1]]} is disconnected ")
    opener = first[rng.randrange(max(1, n - 2))] if kind != "folded" or rng.random() < 0.9 else None
    if opener is None:  # a walk: everyone folds to the big blind
        for p in first[:-1]:
            d.quiet(p)
        d.finish(first[-1], [])
        return d.lines
    caller = first[-1] if rng.random() < 0.5 else first[(first.index(opener) + 1) % n]
    if caller == opener:
        caller = first[-1] if opener != first[-1] else first[-2]
    for p in first:
        if p == opener:
            d.raise_to(p, rng.choice((100, 125, 150)))
        elif kind == "folded" or p != caller:
            d.quiet(p)
    if kind == "folded":
        d.finish(opener, [])
        return d.lines
    if kind == "preflop all-in":  # the caller 3-bets all in, the opener calls
        d.all_in(caller)
        d.call(opener)
        d.finish(rng.choice((opener, caller)), d.players_in(), shown_early=True)
        return d.lines
    d.call(caller)
    d.street("FLOP")
    a, b = d.players_in()[:2]
    if kind == "flop":
        d.check(a)
        d.raise_to(b, rng.choice((100, 150, 200)))
        d.quiet(a)
        d.finish(b, [])
    elif kind == "flop all-in":  # a short stack bets all in, the other calls
        d.all_in(a)
        d.call(b)
        d.finish(rng.choice((a, b)), d.players_in(), shown_early=True)
    else:
        d.raise_to(a, 150)
        d.call(b)
        d.street("TURN")
        if kind == "turn all-in":
            d.all_in(a)
            d.call(b)
            d.finish(rng.choice((a, b)), d.players_in(), shown_early=True)
            return d.lines
        d.check(a)
        d.check(b)
        d.street("RIVER")
        if kind == "river all-in":
            d.all_in(a)
            d.call(b)
        else:
            d.raise_to(b, rng.choice((200, 300, 400)))
            d.call(a)
        d.finish(rng.choice((a, b)), [a, b])
    return d.lines


def write_archive(folder: Path, seed: int = 45) -> dict[str, int]:
    """Write the archive (module docstring) into ``folder``: files of :data:`PER_FILE` hands; the number
    of hands of each template."""
    rng = random.Random(seed)
    kinds, weights = list(MIX), list(MIX.values())
    counts = dict.fromkeys(kinds, 0)
    sites = (("pokerstars", STARS_HANDS, 256_000_000_000), ("ggpoker", GG_HANDS, 3_000_000))
    for site, total, first_id in sites:
        for start in range(0, total, PER_FILE):
            out = []
            table = _Table(rng, site == "ggpoker")
            for i in range(start, min(total, start + PER_FILE)):
                kind = rng.choices(kinds, weights)[0]
                counts[kind] += 1
                out.append("\n".join(_hand(rng, kind, table, first_id + i, 70 * i)) + "\n\n\n")
            (folder / f"{site}-{start // PER_FILE:03d}.txt").write_text("".join(out), encoding="utf-8")
    return counts


def classify(folder: Path) -> tuple[int, int, int]:
    """Read every hand of ``folder``, check its chips and find its all-in moment: (hands, errors, hands
    priceable at their moment)."""
    hands = errors = priceable = 0
    for item in files.read([str(folder)]):
        if not isinstance(item, Hand):
            errors += 1
            continue
        hands += 1
        if classify_hand(item)[3].round is not None:
            priceable += 1
    return hands, errors, priceable


def read_lines(folder: Path) -> int:
    """The floor: every line of the archive's files read, nothing parsed."""
    n = 0
    for path in sorted(folder.glob("*.txt")):
        with open(path, encoding="utf-8") as f:
            for _ in f:
                n += 1
    return n


def write_match(archive: Path, folder: Path, n: int = MATCH_HANDS, seed: int = 52) -> int:
    """``n`` hold'em hands of ``archive`` as a published match's PHH files: one hand a file, every hole
    card shown (the cards the history does not show dealt from the rest of the deck), the hands numbered
    ``0 .. 999`` afresh in each session folder, no venue, table or time; the number of files written."""
    rng = random.Random(seed)
    written = 0
    for item in files.read([str(archive)]):
        if written == n:
            break
        if not isinstance(item, Hand) or item.game != "holdem":
            continue
        used = {c for cs in item.cards.values() for c in cs} | {c for b in item.boards for c in b}
        deck = [c for c in range(52) if c not in used]
        rng.shuffle(deck)
        cards = {i: item.cards.get(i) or (deck.pop(), deck.pop())
                 for i in range(len(item.players))}
        hand = dataclasses.replace(item, cards=cards, id=str(written % 1000), table=None, date=None,
                                   site="phh")
        text = "".join(line + "\n" for line in phh_write.write(hand).splitlines() if not line.startswith("_"))
        session = folder / f"session{written // 1000:02d}"
        session.mkdir(parents=True, exist_ok=True)
        (session / f"{written % 1000}.phh").write_text(text, encoding="utf-8")
        written += 1
    return written


#: The baseline of the small-files figure: a bare tomllib parse of every file, as a whole process.
TOML_PARSE = """
import sys, tomllib
from pathlib import Path
for path in sorted(Path(sys.argv[1]).rglob("*.phh")):
    tomllib.loads(path.read_text(encoding="utf-8"))
"""


def bench_hands(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "archive"
        archive.mkdir()
        _reading(repeat, archive)
        print()
        _small_files(repeat, archive, Path(tmp) / "match")
    print()
    _pricing(repeat)
    print()


def _small_files(repeat: int, archive: Path, folder: Path) -> None:
    """``equity hands`` over a folder of one-hand PHH files beside a bare ``tomllib`` parse of the same
    files, each as a whole process (the command's start-up included), medians of interleaved runs."""
    n = write_match(archive, folder)
    print(f"equity hands: {n:,} one-hand PHH files (a match's: every hole card shown, hands numbered afresh "
          "in each session folder), whole processes")
    equity_cmd = [str(BIN / "python"), "-m", "equity", "hands", str(folder), "--json"]
    toml_cmd = [str(BIN / "python"), "-c", TOML_PARSE, str(folder)]
    out: dict[str, str] = {}

    def run_equity() -> None:
        out["equity"] = subprocess.run(equity_cmd, capture_output=True, text=True, cwd=ROOT).stdout

    def run_toml() -> None:
        subprocess.run(toml_cmd, capture_output=True, cwd=ROOT, check=True)

    run_equity()  # kernels loaded, files in the page cache
    samples = interleaved_samples({"equity": run_equity, "toml": run_toml}, max(3, repeat))
    secs, floor = statistics.median(samples["equity"]), statistics.median(samples["toml"])
    summary = json.loads(out["equity"])["summary"]
    ratio = secs / floor
    row("`equity hands FOLDER --json`, whole process", f"{secs:.2f} s",
        f"{verdict(ratio <= SMALL_FILES_RATIO and summary['read'] == n and summary['duplicates'] == 0)} "
        f"(<= {SMALL_FILES_RATIO}x the parse): {ratio:.2f}x; {summary['read']:,} read, "
        f"{summary['duplicates']} duplicates, {summary['priced']} priced")
    row("  baseline: tomllib.loads of every file, a process", f"{floor:.2f} s",
        f"runs {', '.join(f'{s:.2f}' for s in samples['toml'])} s (equity: "
        f"{', '.join(f'{s:.2f}' for s in samples['equity'])} s)")


def _reading(repeat: int, folder: Path) -> None:
    print(f"equity hands: reading and classifying, 1 core ({STARS_HANDS:,} PokerStars + {GG_HANDS:,} GGPoker "
          "hold'em cash hands; medians of interleaved runs)")
    start = time.perf_counter()
    counts = write_archive(folder)
    made = time.perf_counter() - start
    n = sum(counts.values())
    size = sum(p.stat().st_size for p in folder.glob("*.txt"))
    mix = ", ".join(f"{k} {v / n:.1%}" for k, v in counts.items())
    print(f"  archive: {n:,} hands, {size / 2**20:.1f} MiB in {len(list(folder.glob('*.txt')))} files, "
          f"written in {made:.1f} s; {mix}")
    found: dict[str, tuple[int, int, int]] = {}
    lines: dict[str, int] = {}

    def keep_classify() -> None:
        found["classify"] = classify(folder)

    def keep_lines() -> None:
        lines["lines"] = read_lines(folder)

    samples = interleaved_samples({"classify": keep_classify, "lines": keep_lines}, repeat)
    secs, floor = statistics.median(samples["classify"]), statistics.median(samples["lines"])
    hands, errors, priceable = found["classify"]
    rate = hands / secs
    runs = ", ".join(f"{hands / s:,.0f}" for s in sorted(samples["classify"], reverse=True))
    row("read + classify (chips checked, all-in found)", f"{rate:,.0f}/s",
        verdict(rate >= TARGET and errors == 0) + f" (>= {TARGET:,}/s); {secs:.2f} s; runs {runs}/s; "
        f"{errors} unreadable, {priceable:,} to price")
    row("  baseline: the files' lines read, no parsing", f"{hands / floor:,.0f}/s",
        f"{lines['lines']:,} lines in {floor:.2f} s; the reading takes {secs / floor:.1f}x it")
    _command(folder, hands, priceable)


def _command(folder: Path, hands: int, priceable: int) -> None:
    """The whole command over the archive, one run, with the JIT cache warm."""
    found = shutil.which("equity", path=str(BIN))
    cmd = [found, "hands", str(folder), "--json"] if found else [str(BIN / "python"), "-m", "equity", "hands",
                                                                  str(folder), "--json"]
    subprocess.run([*cmd[:-2], str(ROOT / "examples" / "hands"), "--json"], capture_output=True, cwd=ROOT)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    secs = time.perf_counter() - start
    try:
        summary = json.loads(done.stdout)["summary"]
        said = f"{summary['priced']:,} priced, {summary['not_priced']:,} not priced, " \
               f"{summary['unreadable']:,} unreadable"
    except (ValueError, KeyError, TypeError):
        said = f"exit {done.returncode}: {done.stderr.strip()[-200:]}"
    row("`equity hands FOLDER --json` wall, 1 run", f"{secs:.1f} s",
        f"{hands / secs:,.0f} hands/s with the {priceable:,} all-ins priced; {said}")


def _command_wall(players: list[str], board: str, dead: str, game: str) -> float:
    """Median wall seconds of ``equity PLAYERS --board B --dead D --game G`` over 3 runs (one before, so
    the kernels are cached)."""
    found = shutil.which("equity", path=str(BIN))
    cmd = [found] if found else [str(BIN / "python"), "-m", "equity"]
    cmd += [*players, "--game", game] + (["--board", board] if board else [])
    cmd += ["--dead", dead] if dead else []
    subprocess.run(cmd, capture_output=True, cwd=ROOT, check=True)
    walls = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, cwd=ROOT, check=True)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def _pricing(repeat: int) -> None:
    print("equity hands: pricing an all-in beside the `equity.calculate` calls of its pots (one call per "
          "distinct set of players eligible for a pot; medians of interleaved runs)")
    hands = {h.id: h for name in {f for f, _ in SPOTS.values()}
             for h in files.read([str(ROOT / "examples" / "hands" / name)]) if isinstance(h, Hand)}
    fns: dict[tuple[str, str], Callable[[], object]] = {}
    calls: dict[str, int] = {}
    spots_of: dict[str, tuple] = {}
    for label, (_, hand_id) in SPOTS.items():
        hand = hands[hand_id]
        priced = price(hand)
        assert priced.priced, (label, priced.reason)
        spots = []
        for eligible in dict.fromkeys(p.eligible for p in priced.pots if len(p.eligible) > 1):
            players = [format_cards(hand.cards[i]) for i in eligible]
            dead = "".join(format_cards(hand.cards[i]) for i in priced.players_in if i not in eligible)
            spots.append((players, priced.board, dead, hand.game))
        calls[label] = len(spots)
        spots_of[label] = spots[0]

        def plain(spots: list = spots) -> None:
            for players, board, dead, game in spots:
                equity.calculate(players, board, dead, game=game)

        plain()
        fns[(label, "price")] = lambda hand=hand: price(hand)
        fns[(label, "calculate")] = plain
    times = {k: statistics.median(v) for k, v in interleaved_samples(fns, max(5, 3 * repeat)).items()}
    commands = {label: _command_wall(*spots_of[label]) for label in SPOTS}
    for label in SPOTS:
        ours, base = times[(label, "price")], times[(label, "calculate")]
        ratio = ours / base
        row(label, f"{ours * 1e3:.2f} ms", f"price: {ratio:.2f}x the calls (+{(ours - base) * 1e6:.0f} us of "
            "pots, all-in and figures); " + verdict(ratio <= PRICE_RATIO) + f" (<= {PRICE_RATIO}x)")
        row(f"  baseline: {calls[label]} equity.calculate call{'s' if calls[label] > 1 else ''}",
            f"{base * 1e3:.2f} ms", "same players, board and dead cards")
        row("  the `equity` command for the same spot", f"{commands[label] * 1e3:.0f} ms",
            f"median of 3 runs (its first pot); price is {ours / commands[label]:.4f}x it")

