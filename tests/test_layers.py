"""The layout is the architecture: every import, at the top of a module or inside a function, runs down
the floors or stays on its own, and no modules import each other in a circle (docs/how-it-works.md).

The imports are read from the source (``ast``), so a lazy import counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The floors, lowest first: a module may import its own floor and the floors below it. A floor is a
#: list of module names; a name stands for the module and everything under it, the longest name that
#: matches deciding (``equity`` alone is the package's ``__init__``, the public API).
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("equity._version", "equity.errors", "equity.cache", "equity.jit", "equity.cards")),
    ("evaluators", ("equity.evaluators",)),
    ("vocabulary", ("equity.classes", "equity.ranges", "equity.tally", "equity.result", "equity.options")),
    ("engines", ("equity.engines",)),
    ("games", ("equity.games",)),
    ("scenario", ("equity.scenario",)),
    ("histories", ("equity.histories",)),
    ("questions", ("equity.questions",)),
    ("api", ("equity", "equity.hands", "equity.warmup")),
    ("report", ("equity.report",)),
    ("cli", ("equity.cli", "equity.__main__")),
)


def module_files(folder: Path, package: str | None) -> dict[str, Path]:
    """Module name -> file, for the ``.py`` files under ``folder`` (named from ``package``, or by file
    name alone for a folder of scripts such as benchmarks/)."""
    out = {}
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if package is None:
            out[".".join(parts)] = path
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([package, *parts])] = path
    return out


def imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of the other modules of ``modules`` (an imported name that is a module
    counts as that module; anything else as the module it comes from)."""
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def floor_of(module: str) -> int:
    best, floor = -1, None
    for level, (_, names) in enumerate(FLOORS):
        for name in names:
            if (module == name or (name != "equity" and module.startswith(name + "."))) and len(name) > best:
                best, floor = len(name), level
    assert floor is not None, f"{module} is on no floor: add it to FLOORS"
    return floor


PACKAGE = module_files(ROOT / "equity", "equity")


def test_every_module_is_on_a_floor():
    for module in PACKAGE:
        floor_of(module)


def test_no_import_runs_up_the_floors():
    edges = imports(PACKAGE)
    upward = [f"{m} ({FLOORS[floor_of(m)][0]}) imports {t} ({FLOORS[floor_of(t)][0]})"
              for m, targets in sorted(edges.items()) for t in sorted(targets) if floor_of(t) > floor_of(m)]
    assert upward == []


def test_engines_import_no_game_scenario_or_question():
    edges = imports(PACKAGE)
    above = ("equity.games", "equity.scenario", "equity.questions", "equity.report", "equity.cli")
    found = [(m, t) for m, targets in edges.items() if m.startswith("equity.engines")
             for t in targets if t == "equity" or t.startswith(above)]
    assert found == []


@pytest.mark.parametrize("folder, package", [("equity", "equity"), ("benchmarks", None), ("tools", "tools"),
                                             ("tests", None)])
def test_no_import_circles(folder, package):
    assert circles(imports(module_files(ROOT / folder, package))) == []


#: Folders of tests/ that hold data, not tests of a package folder.
DATA = {"__pycache__"}


def test_tests_mirror_the_package():
    """A folder of tests per folder of the package that has tests (tests/games/ for equity/games/ ...);
    none for a folder the package does not have. The hand-history test files live beside the tests of
    equity/histories/, in tests/histories/."""
    tests = ROOT / "tests"
    package = {p.name for p in (ROOT / "equity").iterdir() if (p / "__init__.py").exists()}
    folders = {p.name for p in tests.iterdir() if p.is_dir() and p.name not in DATA}
    assert folders <= package, sorted(folders - package)
    for folder in folders:
        assert list((tests / folder).glob("test_*.py")), folder
    assert {"cli", "engines", "evaluators", "games", "histories", "questions", "report"} <= folders
    names = [p.name for p in tests.rglob("test_*.py")]
    assert len(names) == len(set(names)), "two test modules of one name (pytest imports them by name)"


def test_the_checks_find_what_they_look_for():
    """The checker itself, on made-up graphs: a circle is found, and an import up the floors is."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert floor_of("equity.engines.exact") > floor_of("equity.tally") > floor_of("equity.cards")
    assert floor_of("equity") > floor_of("equity.questions.calculate")
    assert floor_of("equity.cli.app") > floor_of("equity.report.grid") > floor_of("equity.games.holdem.game")


#: The kernels a prange body calls with a tally's arrays one by one (a tally built in the body made the
#: driver take 14 s to compile): the one place a kernel may take more than twelve arguments.
AT_THE_PRANGE_BOUNDARY = {"equity.games.omaha.montecarlo._chunk_omaha"}


def _inlined(decorator: ast.expr) -> bool:
    """Whether a kernel's decorator has LLVM inline it into its caller (``forceinline``, directly or
    through hold'em's ``_INLINED``): such a kernel is a piece of its caller's body, cut out to keep the
    caller short (issue 54), and its arguments are the caller's own locals, never a call's."""
    text = ast.unparse(decorator)
    return "forceinline=True" in text or "_INLINED" in text


def test_kernels_take_bundles_not_long_argument_lists():
    long = set()
    for module, path in PACKAGE.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.FunctionDef) and len(node.args.args) > 12
                    and any("jit" in ast.unparse(d) for d in node.decorator_list)
                    and not any(_inlined(d) for d in node.decorator_list)):
                long.add(f"{module}.{node.name}")
    assert long == AT_THE_PRANGE_BOUNDARY
