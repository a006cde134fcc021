"""From a fresh machine, as a user installs it: the wheel and the sdist built from this checkout install
into new virtual environments outside it, and the installed command runs from another folder, with
empty caches, writing nothing into the installed package (read-only for a user who is not root).

These tests build with ``python -m build`` (an isolated build environment from the package index) and
install the dependencies with pip, as ``pip install`` on a new machine does."""

import json
import os
import shutil
import stat
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(cmd, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=900, **kw)


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """The wheel and the sdist built from the checkout (copied first, so the build leaves it as it was)."""
    source = tmp_path_factory.mktemp("source") / "equity"
    skip = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.nbi", "*.nbc", "build", "dist",
                                  "*.egg-info", ".pytest_cache", ".hypothesis", ".ruff_cache")
    shutil.copytree(ROOT, source, ignore=skip)
    out = tmp_path_factory.mktemp("dist")
    proc = run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", out, source])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    wheel, = out.glob("equity-*.whl")
    sdist, = out.glob("equity-*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


@pytest.mark.slow
def test_the_wheel_holds_every_package_and_the_table(dist):
    import zipfile

    names = zipfile.ZipFile(dist["wheel"]).namelist()
    packages = {n.rsplit("/", 1)[0] for n in names if n.endswith("/__init__.py")}
    expected = {str(p.parent.relative_to(ROOT)) for p in (ROOT / "equity").rglob("__init__.py")}
    assert packages == expected
    assert "equity/games/holdem/preflop_table.py" in names
    assert not any(n.startswith(("tests/", "tools/", "benchmarks/")) for n in names)
    # the reference pages, for `equity help TOPIC` (setup.py copies them in)
    pages = {f"equity/docs/{p.name}" for p in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]}
    assert pages <= set(names)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_an_installed_package_runs_from_another_folder_with_empty_caches(kind, dist, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python, equity = env_dir / "bin" / "python", env_dir / "bin" / "equity"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NUMBA_", "EQUITY_"))}
    proc = run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", dist[kind]],
               cwd=tmp_path, env=clean)
    assert proc.returncode == 0, proc.stderr[-3000:]
    where = run([python, "-c", "import equity, os; print(os.path.dirname(equity.__file__))"], cwd=tmp_path,
                env=clean)
    package = Path(where.stdout.strip())
    assert tmp_path in package.parents  # the installed copy, not this checkout
    before = sorted(str(p.relative_to(package)) for p in package.rglob("*"))
    for path in [package, *package.rglob("*")]:
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(ROOT / "examples" / "classics.toml", elsewhere)
    env = dict(clean)
    env.update(EQUITY_CACHE_DIR=str(tmp_path / "cache"),
               PATH=f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}")

    def command(*args):
        return run([equity, *args], cwd=elsewhere, env=env)

    try:
        spot = command("AsKs", "vs", "2", "--board", "Th9h2c", "--seed", "1", "--json")
        assert spot.returncode == 0, spot.stderr
        strict = json.loads(spot.stdout, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
        hero = strict["players"][0]
        # the same seeded run in this process, from the checkout: the same numbers to the bit
        import equity as here

        assert hero["equity"] == here.calculate(["AsKs", 2], "Th9h2c", seed=1).players[0].equity
        bad = command("AsKs", "vs", "AsQc")
        assert bad.returncode == 2 and "Traceback" not in bad.stderr and "As" in bad.stderr
        if kind == "wheel":  # the sdist installs the same files (checked below): the one command is enough
            omaha = command("AsAhKsKh", "vs", "JdTd9c8c", "--board", "Th9h2c", "--json")
            assert omaha.returncode == 0, omaha.stderr
            assert json.loads(omaha.stdout)["game"] == "omaha"
            stud = command("AsAhKdKc2s", "vs", "QsQh7d7c3s", "--game", "stud", "--json")
            assert stud.returncode == 0, stud.stderr
            assert json.loads(stud.stdout)["method"] == "exact"
            check = command("check", "classics.toml", "--no-progress")
            assert check.returncode == 0, check.stdout[-2000:] + check.stderr[-2000:]
        # the reference pages travel with the package (the sdist's wheel included): listed, and printed whole
        topics = command("help")
        assert topics.returncode == 0 and "how-it-works" in topics.stdout, topics.stderr
        hands = command("help", "hands")
        assert hands.returncode == 0, hands.stderr
        assert hands.stdout == (ROOT / "docs" / "hands.md").read_text(encoding="utf-8").rstrip("\n") + "\n"
    finally:
        for path in [package, *package.rglob("*")]:
            path.chmod(path.stat().st_mode | stat.S_IWUSR)
    # nothing was written into the installed package: the tables and the kernels were cached in the one
    # cache folder, the kernels by their place in the package
    assert sorted(str(p.relative_to(package)) for p in package.rglob("*")) == before
    assert any((tmp_path / "cache").glob("dag-tables-*.npz"))
    assert any((tmp_path / "cache" / "kernels" / "equity" / "games" / "holdem").glob("*.nbi"))
    import zipfile

    sources = sorted(n for n in zipfile.ZipFile(dist["wheel"]).namelist() if n.endswith(".py"))
    assert sorted(f"equity/{p}" for p in before if p.endswith(".py")) == sources


def test_the_top_level_help_names_every_kind_of_game():
    from click.testing import CliRunner

    from equity.cli import cli

    text = " ".join(CliRunner().invoke(cli, ["--help"]).output.split())
    for family in ("hold'em", "Omaha", "short deck", "stud", "stud hi-lo", "razz", "2-7", "draw", "badugi"):
        assert family in text, family
