"""`equity batch`: streaming, order, bad lines, resume after a kill, CSV and JSON Lines, local workers."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import equity
from equity.cli import cli
from equity.questions.asking import batch, pool

BIN = Path(sys.executable).parent
SPOTS = [
    {"players": ["AsKs", 2], "board": "Th9h2c", "seed": 1, "trials": 200_000, "id": "flop"},
    {"players": ["AA", "KK"], "id": 7},
    {"players": ["77", "22"], "board": "7h2c3d", "method": "exact"},
    {"players": ["QQ+,AKs", "JJ-99,AQs+", 1], "board": "Ts9s2d", "seed": 4, "trials": 50_000,
     "categories": True},
    {"players": ["AhKh", "QQ", "random"], "board": "Qh5h2c", "dead": "3s"},
]


def jsonl(spots):
    return "".join(json.dumps(s) + "\n" for s in spots)


def without_time(text):
    out = []
    for line in text.splitlines():
        obj = json.loads(line, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
        obj.pop("elapsed_s", None)
        out.append(obj)
    return out


def run_batch(*args, stdin=None, env=None):
    return subprocess.run([str(BIN / "equity"), "batch", *map(str, args)], input=stdin, capture_output=True,
                          text=True, timeout=600, env=env)


def single(spot):
    """The same scenario alone, through the API."""
    result = equity.calculate(spot["players"], spot.get("board", ""), spot.get("dead", ""),
                              method=spot.get("method", "auto"), trials=spot.get("trials"),
                              seed=spot.get("seed"), categories=spot.get("categories", False)).to_dict()
    result.pop("elapsed_s")
    return result


def test_answers_equal_single_runs_in_input_order(tmp_path):
    path = tmp_path / "spots.jsonl"
    path.write_text(jsonl(SPOTS))
    proc = run_batch(path)
    assert proc.returncode == 0, proc.stderr
    answers = without_time(proc.stdout)
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 5]
    assert [a["id"] for a in answers] == ["flop", 7, None, None, None]
    for spot, got in zip(SPOTS, answers, strict=True):
        assert {k: v for k, v in got.items() if k not in ("line", "id")} == single(spot)


def test_csv_gives_the_same_answers(tmp_path):
    path = tmp_path / "spots.csv"
    path.write_text('id,players,board,dead,method,trials,seed,categories\n'
                    'flop,AsKs vs 2,Th9h2c,,,200000,1,\n'
                    '7,AA vs KK,,,,,,\n'
                    ',77 vs 22,7h2c3d,,exact,,,\n'
                    ',"QQ+,AKs vs JJ-99,AQs+ vs 1",Ts9s2d,,,50k,4,yes\n'
                    ',AhKh VS QQ vs random,Qh5h2c,3s,,,,\n')
    proc = run_batch(path, "--workers", 0)
    assert proc.returncode == 0, proc.stderr
    answers = without_time(proc.stdout)
    assert [a["line"] for a in answers] == [2, 3, 4, 5, 6]  # the header is line 1
    assert [a["id"] for a in answers] == ["flop", "7", None, None, None]
    for spot, got in zip(SPOTS, answers, strict=True):
        assert {k: v for k, v in got.items() if k not in ("line", "id")} == single(spot)


GAME_SPOTS = [
    {"players": ["AsAhKsKh", "JdTd9c8c"], "board": "Jh8h2c"},
    {"players": ["AAKKds", 2], "game": "plo", "seed": 3, "trials": 100_000},
    {"players": ["AhAd", "KsKc"], "game": "6+", "board": "9c8h7d", "categories": True},
    {"players": ["AhKh", "99"], "game": "short-deck-trips", "board": "9c8h7d"},
]


def test_other_games_in_jsonl_and_csv_equal_single_runs(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(jsonl(GAME_SPOTS))
    csv = tmp_path / "games.csv"
    csv.write_text("players,board,game,seed,trials,categories\n"
                   "AsAhKsKh vs JdTd9c8c,Jh8h2c,,,,\n"
                   "AAKKds vs 2,,PLO,3,100k,\n"
                   "AhAd vs KsKc,9c8h7d,6+,,,yes\n"
                   "AhKh vs 99,9c8h7d,short-deck-trips,,,\n")
    for source in (path, csv):
        proc = run_batch(source, "--workers", 0)
        assert proc.returncode == 0, proc.stderr
        answers = without_time(proc.stdout)
        assert [a["game"] for a in answers] == ["omaha", "omaha", "short-deck", "short-deck-trips"]
        for spot, got in zip(GAME_SPOTS, answers, strict=True):
            expected = equity.calculate(spot["players"], spot.get("board", ""), game=spot.get("game"),
                                        trials=spot.get("trials"), seed=spot.get("seed"),
                                        categories=spot.get("categories", False)).to_dict()
            expected.pop("elapsed_s")
            assert {k: v for k, v in got.items() if k not in ("line", "id")} == expected


def test_order_holds_when_early_lines_are_slow(tmp_path):
    slow = {"players": ["AsKs", 3], "trials": 3_000_000, "seed": 2}
    fast = {"players": ["AA", "KK"], "board": "2c3d4h"}
    spots = [slow, fast, fast, slow, fast] + [fast] * 10
    path = tmp_path / "s.jsonl"
    path.write_text(jsonl(spots))
    proc = run_batch(path, "--workers", 2)
    assert proc.returncode == 0, proc.stderr
    answers = without_time(proc.stdout)
    assert [a["line"] for a in answers] == list(range(1, 16))
    assert answers[0]["trials"] == 3_000_000 and answers[1]["method"] == "exact"


BAD = [
    ("not json", "not a JSON object"),
    ('["AsKs", "QdQc"]', "not a JSON object"),
    ('{"players": ["AsXs", 1]}', "unknown rank 'X'"),
    ('{"players": ["AsKs", "QQ+x"]}', "range element 'QQ+x'"),
    ('{"players": ["AsKs", 1], "trails": 5}', "unknown key 'trails'"),
    ('{"players": ["AsKs", 1], "trials": NaN}', "NaN is not a JSON number"),
    ('{"players": ["AsKs", 1], "board": "AsKd2c"}', "card As appears in the hero's hand and in the board"),
    ('{"players": ["AsKs"]}', "'players' must be a list of at least two players"),
    ('{"players": [3, "AsKs"]}', "player 1 must be a hand or range"),
    ('{"players": ["AsKs", 1], "id": [1]}', "'id' must be a string or a whole number"),
    ('{"players": ["AsKs", 1], "game": "courchevel"}', "'game' must be a game: holdem, omaha"),
    ('{"players": ["AsKs", 1], "game": "razz", "board": "2c3c4c"}', "razz has no board"),
    ('{"players": ["AsKs", 1], "game": "plo"}', "'AsKs' has 2 cards; a hand has 4 in Omaha (PLO4)"),
    ('{"players": ["AsKs", 1], "method": "exact", "seed": 3}', "seed is a Monte Carlo option"),
]


def test_every_line_gets_one_answer_and_bad_lines_name_the_problem(tmp_path):
    good = json.dumps({"players": ["AA", "KK"], "board": "2c3d4h"})
    lines = [good] + [text for text, _ in BAD] + [good]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    proc = run_batch(path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and f"{len(BAD)} lines could not be run" in proc.stderr
    answers = without_time(proc.stdout)
    assert [a["line"] for a in answers] == list(range(1, len(lines) + 1))
    assert "error" not in answers[0] and "error" not in answers[-1]
    for (_, needle), got in zip(BAD, answers[1:-1], strict=True):
        assert set(got) == {"line", "id", "version", "error"}
        assert needle.replace('\\"', '"') in got["error"], (needle, got["error"])


def test_a_bad_csv_header_or_row(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("players,trails\nAA vs KK,5\n")
    proc = run_batch(path)
    assert proc.returncode == 2 and "unknown column 'trails'" in proc.stderr
    assert "Traceback" not in proc.stderr
    path.write_text("players,board\nAA vs KK,2c3d4h,extra\nAA vs KK,2c3d4h\n")
    proc = run_batch(path, "--workers", 0)
    answers = without_time(proc.stdout)
    assert proc.returncode == 2 and [a["line"] for a in answers] == [2, 3]
    assert "more cells than the header" in answers[0]["error"] and "error" not in answers[1]


def test_streaming_answers_before_the_input_ends():
    proc = subprocess.Popen([str(BIN / "equity"), "batch", "--workers", "0", "--format", "jsonl"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        proc.stdin.write(json.dumps({"players": ["AA", "KK"], "board": "2c3d4h"}) + "\n")
        proc.stdin.flush()
        first = json.loads(proc.stdout.readline())  # answered while the input is still open
        assert first["line"] == 1 and first["method"] == "exact"
        proc.stdin.write(json.dumps({"players": ["QQ", "JJ"], "board": "2c3d4h"}) + "\n")
        proc.stdin.close()
        assert json.loads(proc.stdout.readline())["line"] == 2
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


def spots_for_resume(n):
    return [{"players": ["AsKs", 1 + i % 3], "trials": 400_000, "seed": i, "id": f"s{i}"} for i in range(n)]


def test_resume_after_a_kill_at_a_random_point(tmp_path):
    spots = spots_for_resume(24)
    source = tmp_path / "in.jsonl"
    source.write_text(jsonl(spots))
    clean = tmp_path / "clean.jsonl"
    assert run_batch(source, "--output", clean, "--workers", 0).returncode == 0
    rng = random.Random(20261123)
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen([str(BIN / "equity"), "batch", str(source), "--output", str(out),
                             "--workers", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wanted = rng.randint(3, 15)
    deadline = time.time() + 300
    while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < wanted):
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    partial = out.read_text()
    assert 0 < partial.count("\n") < len(spots)
    with open(out, "a") as f:
        f.write('{"line": 99, "id": "cut o')  # a crash in the middle of a line
    proc = run_batch(source, "--output", out, "--resume", "--workers", 0)
    assert proc.returncode == 0, proc.stderr
    assert without_time(out.read_text()) == without_time(clean.read_text())


def test_output_is_not_overwritten_without_resume(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text('{"line": 1}\n')
    result = CliRunner().invoke(cli, ["batch", "-", "--output", str(out)], input="")
    assert result.exit_code == 2 and "exists; add --resume" in result.output
    assert out.read_text() == '{"line": 1}\n'
    result = CliRunner().invoke(cli, ["batch", "-", "--resume"], input="")
    assert result.exit_code == 2 and "--resume needs --output" in result.output


def test_resume_refuses_a_file_that_is_not_batch_output(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text("hello\n")
    result = CliRunner().invoke(cli, ["batch", "-", "--output", str(out), "--resume"], input="")
    assert result.exit_code == 2 and "is not an answer of equity batch" in result.output


def test_plain_equity_never_imports_dask(tmp_path):
    code = ("import sys, equity, equity.cli, equity.questions.asking.batch; "
            "from click.testing import CliRunner; "
            "r = CliRunner().invoke(equity.cli.cli, ['batch', '--workers', '0'], "
            "input='{\"players\": [\"AA\", \"KK\"], \"board\": \"2c3d4h\"}\\n'); "
            "assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_answer_is_a_plain_function_of_the_line():
    line = batch.Line(3, json.dumps({"players": ["AA", "KK"], "board": "2c3d4h", "id": "x"}))
    text, failed = batch.answer(line, threads=1)
    again, _ = batch.answer(line, threads=None)
    assert not failed
    assert without_time(text) == without_time(again)
    assert json.loads(text)["line"] == 3 and json.loads(text)["id"] == "x"


@pytest.mark.parametrize(("spot", "threads"), [
    ({"players": ["AA", "KK"], "board": "2c3d4h"}, 1),  # a few thousand boards
    ({"players": ["AA", "KK"]}, 1),  # 61.6 million boards, but 3 deals of 36 after symmetry: 10 million
    ({"players": ["QQ+,AKs", "JJ-99,AQs+"]}, None),  # about 150 million walked: big
    ({"players": ["AsKs", 2], "trials": 10_000}, 1),
    ({"players": ["AsKs", 2], "trials": 50_000_000}, None),
    ({"players": ["AsKs", 2]}, 1),  # the default 0.05 points: about a million trials at most
    ({"players": ["AsKs", 2], "precision": 0.01}, None),  # up to 25 million
    ({"players": ["AsKs", 2], "time": 2}, None),
])
def test_small_lines_take_one_thread_and_big_ones_all(spot, threads, monkeypatch):
    """``"auto"`` threads, sized where a run starts its engine (calculate.run_chosen)."""
    from equity.questions import calculate

    seen = []

    def spy(scenario, *args, threads=None, **kw):
        seen.append(threads)
        raise equity.EquityError("measured")

    monkeypatch.setattr(calculate.exact, "enumerate_exact", spy)
    monkeypatch.setattr(calculate.simulate, "simulate", spy)
    text, failed = batch.answer(batch.Line(1, json.dumps(spot)))
    assert failed and seen == [threads]


def test_the_default_worker_count_is_the_cores():
    assert pool.default_workers() == len(os.sched_getaffinity(0))


def test_a_bad_line_keeps_its_id():
    text, failed = batch.answer(batch.Line(4, json.dumps({"id": "typo", "players": ["AsKs", "QQ+x"]})))
    assert failed and json.loads(text)["id"] == "typo" and json.loads(text)["line"] == 4
    row = batch.Line(2, {"id": " r2 ", "players": "AsKs vs 1", "\0extra": ["x"]})
    text, failed = batch.answer(row)
    assert failed and json.loads(text)["id"] == "r2"


def test_lines_go_out_in_groups_from_a_file_and_one_by_one_from_a_pipe(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text("{}\n")
    assert batch.group_size(str(path)) == 8
    read, write = os.pipe()
    try:
        with open(read) as stdin, pytest.MonkeyPatch.context() as mp:
            mp.setattr(sys, "stdin", stdin)
            assert batch.group_size("-") == 1
    finally:
        os.close(write)
    sizes = []

    def submit(lines):
        sizes.append(len(lines))
        return batch.inline(lines)

    lines = [batch.Line(i, json.dumps({"players": ["AA", "KK"], "board": "2c3d4h"})) for i in range(1, 20)]
    out = []
    tally = batch.run(lines, submit, out.append, window=2, group=8)
    assert sizes == [8, 8, 3] and tally.answers == 19 and tally.errors == 0
    assert [json.loads(text)["line"] for text in out] == list(range(1, 20))


#: Runs its arguments with SIGINT at its default. A suite started in the background by a shell without
#: job control (``make test &``) ignores SIGINT, as POSIX has it, and a child inherits that: Ctrl-C
#: then rightly does nothing to ``equity batch``, which ran to its end and exited 0.
SIGINT_DEFAULT = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                  "os.execv(sys.argv[1], sys.argv[1:])")


@pytest.mark.slow
def test_ctrl_c_exits_130_keeping_whole_answers_ready_to_resume(tmp_path):
    # Enough spots (about 1.4 s of work) that the run cannot end between the third answer and the
    # signal, even on a loaded machine (40 once finished there first).
    spots = spots_for_resume(200)
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(jsonl(spots))
    proc = subprocess.Popen([sys.executable, "-c", SIGINT_DEFAULT, str(BIN / "equity"), "batch", str(source),
                             "--output", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < 3):
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 130 and "Interrupted." in err and "Traceback" not in err
    assert out.read_text().endswith("\n")
    assert run_batch(source, "--output", out, "--resume").returncode == 0
    assert [a["id"] for a in without_time(out.read_text())] == [s["id"] for s in spots]


def _children(pid):
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found.append(int(child))
            found += _children(int(child))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc to find the workers")
def test_a_local_worker_that_dies_is_a_clear_error_and_resume_finishes(tmp_path):
    spots = [{**spot, "trials": 1_500_000} for spot in spots_for_resume(60)]  # about 5 s on 2 workers
    source, out, clean = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "clean.jsonl"
    source.write_text(jsonl(spots))
    assert run_batch(source, "--output", clean, "--workers", 0).returncode == 0
    proc = subprocess.Popen([str(BIN / "equity"), "batch", str(source), "--output", str(out),
                             "--workers", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < 8):
        time.sleep(0.02)
    workers = [c for c in _children(proc.pid)
               if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes().replace(b"\0", b" ")]
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=300)
    if proc.returncode == 0:  # the run ended before the kill landed: nothing to check
        pytest.skip("the run finished before the worker was killed")
    assert proc.returncode == 2 and "a worker failed" in err and "--resume" in err and "Traceback" not in err
    assert out.read_text().endswith("\n")
    assert run_batch(source, "--output", out, "--resume").returncode == 0
    assert without_time(out.read_text()) == without_time(clean.read_text())
