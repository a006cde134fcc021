"""One cache folder (equity.cache) and ``equity warmup``, as a CI job or a new machine meets them: real
processes on real folders, compilations counted with numba's event API (never a stopwatch)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Runs ``equity ARGS`` in a new process and prints, last on stderr, the kernels numba compiled in it
#: (its ``numba:compile`` events fire only where nothing usable was in the cache).
COUNTING = """
import sys
from numba.core import event

compiled = []


class Count(event.Listener):
    def on_start(self, ev):
        pass

    def on_end(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__qualname__)


event.register("numba:compile", Count())
from equity.cli.app import cli

try:
    cli(sys.argv[1:], prog_name="equity")
except SystemExit as exc:
    code = exc.code
print("COMPILED " + " ".join(sorted(set(compiled))), file=sys.stderr)
sys.exit(code)
"""


def environment(cache, **extra):
    """os.environ with equity's cache folder at ``cache``, no NUMBA_CACHE_DIR (the user's choice that
    would win over it) and no shipped kernels (``make wheel`` leaves some in a checkout) unless
    ``extra`` names them."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(EQUITY_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT),
               EQUITY_PREBUILT_DIR=str(Path(cache).parent / "no-shipped-kernels"))
    env.update(extra)
    return env


def equity(*args, env, cwd=None, counting=False):
    head = [sys.executable, "-c", COUNTING] if counting else [sys.executable, "-m", "equity"]
    return subprocess.run([*head, *args], capture_output=True, text=True, env=env, cwd=cwd or ROOT,
                          timeout=900)


def compiled(proc):
    """The kernels a :data:`COUNTING` run compiled."""
    line = proc.stderr.strip().splitlines()[-1]
    assert line.startswith("COMPILED"), proc.stderr[-2000:]
    return line.split()[1:]


SPOT = ("AsKs", "vs", "2", "--board", "Th9h2c", "--trials", "20000", "--seed", "7", "--json")


def equities(proc):
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [p["equity"] for p in json.loads(proc.stdout)["players"]]


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """A cache folder the spot has run in once, and the spot's answer there."""
    cache = tmp_path_factory.mktemp("shared-cache")
    return cache, equities(equity(*SPOT, env=environment(cache)))


@pytest.mark.slow
def test_one_folder_holds_the_tables_and_the_kernels_by_their_place_in_the_package(shared):
    cache, _ = shared
    assert (cache / "dag-tables-v1.npz").exists()
    kernels = cache / "kernels" / "equity"
    assert list((kernels / "games" / "holdem").glob("montecarlo._chunks-*.nbi"))
    assert list((kernels / "engines").glob("*.nbc"))
    # nothing beside the sources: no absolute path is part of the layout
    assert not [p for p in (cache / "kernels").iterdir() if p.name != "equity"]


def test_version_says_where_the_cache_is(tmp_path):
    proc = equity("--version", env=environment(tmp_path / "c"))
    assert proc.returncode == 0
    assert f"cache folder: {tmp_path / 'c'}" in proc.stdout
    assert f"compiled kernels: {tmp_path / 'c' / 'kernels'}" in proc.stdout


@pytest.mark.slow
def test_a_users_numba_cache_dir_wins_for_the_kernels(tmp_path, shared):
    env = environment(tmp_path / "equity-cache", NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    assert equities(equity(*SPOT, env=env)) == shared[1]
    assert list((tmp_path / "numba").rglob("montecarlo._chunks-*.nbi"))
    assert not (tmp_path / "equity-cache" / "kernels").exists()
    assert (tmp_path / "equity-cache" / "dag-tables-v1.npz").exists()
    assert f"compiled kernels: {tmp_path / 'numba'}" in equity("--version", env=env).stdout


def test_a_folder_restored_elsewhere_is_found(tmp_path, shared):
    """A CI cache restored under another path (the kernels are named by their place in the package):
    nothing compiles."""
    import shutil

    moved = tmp_path / "restored"
    shutil.copytree(shared[0], moved)
    proc = equity(*SPOT, env=environment(moved), counting=True)
    assert compiled(proc) == []
    assert [p["equity"] for p in json.loads(proc.stdout)["players"]] == shared[1]


@pytest.mark.slow
def test_a_cache_folder_that_cannot_be_written_still_runs_with_one_notice(tmp_path, shared):
    import tempfile

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    scratch = set(Path(tempfile.gettempdir()).glob("equity-kernels-*"))
    proc = equity(*SPOT, env=environment(blocker / "cache"))
    assert equities(proc) == shared[1]
    assert proc.stderr.count("cannot be written") == 1 and "Traceback" not in proc.stderr
    assert str(blocker / "cache") in proc.stderr
    assert set(Path(tempfile.gettempdir()).glob("equity-kernels-*")) <= scratch  # its private folder removed
    version = equity("--version", env=environment(blocker / "cache"))
    assert version.returncode == 0 and "cannot be written" in version.stdout


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["truncate-data", "truncate-index", "garbage-index"])
def test_a_damaged_kernel_cache_file_is_rebuilt_with_the_same_numbers(tmp_path, shared, damage):
    import shutil

    cache = tmp_path / "cache"
    shutil.copytree(shared[0], cache)
    folder = cache / "kernels" / "equity" / "games" / "holdem"
    index, = folder.glob("montecarlo._chunks-*.nbi")
    data = sorted(folder.glob("montecarlo._chunks-*.nbc"))
    if damage == "truncate-data":
        for f in data:
            f.write_bytes(f.read_bytes()[:100])
    elif damage == "truncate-index":
        index.write_bytes(index.read_bytes()[:20])
    else:
        index.write_bytes(b"\x80\x04garbage" * 10)
    first = equity(*SPOT, env=environment(cache), counting=True)
    assert "Traceback" not in first.stderr
    assert "_chunks" in compiled(first)  # compiled again (with the helpers it calls, as numba does)
    assert [p["equity"] for p in json.loads(first.stdout)["players"]] == shared[1]
    again = equity(*SPOT, env=environment(cache), counting=True)
    assert compiled(again) == []  # and saved whole
    assert [p["equity"] for p in json.loads(again.stdout)["players"]] == shared[1]


@pytest.mark.slow
def test_two_processes_starting_at_once_on_an_empty_cache_both_answer(tmp_path, shared):
    env = environment(tmp_path / "empty")
    procs = [subprocess.Popen([sys.executable, "-m", "equity", *SPOT], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT) for _ in range(2)]
    for proc in procs:
        out, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, err[-3000:]
        assert [p["equity"] for p in json.loads(out)["players"]] == shared[1]
    assert equity(*SPOT, env=env, counting=True).returncode == 0


@pytest.mark.slow
def test_shipped_kernels_load_where_the_cache_folder_has_none(tmp_path, shared):
    """A wheel's kernels compiled ahead of time (tools/prebuild.py), for the CPU level this machine
    compiles for: a run with an empty cache folder loads them, compiles nothing, saves nothing."""
    import shutil

    from equity import cache

    level = os.environ.get("NUMBA_CPU_NAME")
    if level not in dict(cache.LEVELS) or os.environ.get("NUMBA_CPU_FEATURES") != "":
        pytest.skip("this machine compiles for its own CPU model (not x86-64-v3 or above)")
    shipped = tmp_path / "prebuilt"
    shutil.copytree(shared[0] / "kernels", shipped / level)
    empty = tmp_path / "empty"
    proc = equity(*SPOT, env=environment(empty, EQUITY_PREBUILT_DIR=str(shipped)), counting=True)
    assert compiled(proc) == []
    assert [p["equity"] for p in json.loads(proc.stdout)["players"]] == shared[1]
    assert not list(empty.rglob("*.nbc"))  # loaded from the shipped folder, nothing compiled to save
    assert "Compiling" not in proc.stderr
    # another level's kernels are never used: they compile, for this machine's level
    shutil.move(shipped / level, shipped / "x86-64-v0")
    env = environment(tmp_path / "empty2", EQUITY_PREBUILT_DIR=str(shipped))
    again = equity(*SPOT, env=env, counting=True)
    assert "_chunks" in compiled(again)


def test_the_cpu_level_is_the_hosts_highest():
    from equity.cache import cpu_level

    v3 = {"avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave"}
    v4 = v3 | {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}
    assert cpu_level(v4 | {"sse4.2"}, "x86_64") == "x86-64-v4"
    assert cpu_level(v3, "AMD64") == "x86-64-v3"
    assert cpu_level(v4 - {"avx512vl"}, "x86_64") == "x86-64-v3"
    assert cpu_level(v4 - {"fma"}, "x86_64") is None  # v4's extras without all of v3
    assert cpu_level(v4, "arm64") is None


@pytest.mark.slow
def test_hands_says_it_compiles_exactly_when_it_does(tmp_path):
    """``equity hands`` on an empty cache: one line on stderr before the hold'em kernel compiles (naming
    the game and ``equity warmup``), where numba's events show a compile; run again, neither."""
    history = ROOT / "examples" / "hands" / "pokerstars-aludra.txt"
    env = environment(tmp_path / "cache")
    first = equity("hands", str(history), "--json", env=env, counting=True)
    assert first.returncode == 0, first.stderr[-3000:]
    notices = [line for line in first.stderr.splitlines() if line.startswith("Compiling")]
    assert compiled(first) and notices and all("hold'em" in n and "equity warmup" in n for n in notices)
    again = equity("hands", str(history), "--json", env=env, counting=True)
    assert json.loads(again.stdout) == json.loads(first.stdout)
    assert compiled(again) == [] and "Compiling" not in again.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("args", "kernel"), [
    (["flops", "QQ+,AKs", "vs", "JJ-99,AQs", "--top", "3"], "hold'em flops kernels"),
    (["hits", "QQ+,AK", "--board", "Th9h2c"], "hold'em hits kernel"),
    (["hits", "AAxx", "--board", "Th9h2c", "--game", "plo"], "Omaha (PLO4) hits kernel"),
])
def test_flops_and_hits_say_they_compile_exactly_when_they_do(tmp_path, args, kernel):
    """On an empty cache, one line on stderr names the kernel before it compiles (numba's events show the
    compile); run again with the same cache, neither a compile nor a line."""
    env = environment(tmp_path / "cache")
    first = equity(*args, env=env, counting=True)
    assert first.returncode == 0, first.stderr[-3000:]
    notices = [line for line in first.stderr.splitlines() if line.startswith("Compiling")]
    assert compiled(first) and len(notices) == 1 and kernel in notices[0] and "equity warmup" in notices[0]
    again = equity(*args, env=env, counting=True)
    assert again.stdout == first.stdout or args[0] == "flops"  # flops prints its time
    assert compiled(again) == [] and "Compiling" not in again.stderr
