"""No compiled kernel over 200 lines (issue 54): a kernel that long is split into small compiled pieces.

Every function under ``equity/`` that numba compiles is found from the source (``ast``): decorated by one of
numba's decorators (``njit``, ``jit``, ``intrinsic`` ...), by its dotted name (``numba.njit``), by a name
imported from numba under another name, or by a module-level alias of one (``kernel = njit(cache=True)``).
Its length runs from its first decorator to its last line, closures and docstring included.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 200

#: numba's decorators that compile the function under them.
NUMBA_DECORATORS = frozenset({
    "njit", "jit", "generated_jit", "vectorize", "guvectorize", "cfunc", "stencil", "intrinsic", "overload",
    "overload_method", "overload_attribute", "register_jitable",
})


def _decorator_name(node: ast.expr) -> tuple[str, ...]:
    """A decorator's dotted name, its call stripped: ``numba.njit(cache=True)`` -> ("numba", "njit")."""
    if isinstance(node, ast.Call):
        node = node.func
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return tuple(reversed(parts))


def _compiling_names(tree: ast.Module) -> set[str]:
    """The names that stand for a numba decorator in a module: numba's own (however imported) and the
    module-level aliases made of them."""
    names = set(NUMBA_DECORATORS)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "numba":
            names.update(alias.asname or alias.name for alias in node.names if alias.name in NUMBA_DECORATORS)
    for node in tree.body:  # kernel = njit(cache=True), kernel = numba.njit ...
        if isinstance(node, ast.Assign) and _is_numba(node.value, names):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return names


def _is_numba(node: ast.expr, names: set[str]) -> bool:
    dotted = _decorator_name(node)
    return bool(dotted) and (dotted[-1] in names and (len(dotted) == 1 or dotted[0] in ("numba", "nb"))
                             or dotted[0] in ("numba", "nb") and dotted[-1] in NUMBA_DECORATORS)


def compiled_functions() -> list[tuple[str, int]]:
    """``("path:line name", lines)`` for every numba-compiled function under equity/."""
    found = []
    for path in sorted((ROOT / "equity").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names = _compiling_names(tree)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if not any(_is_numba(d, names) for d in node.decorator_list):
                continue
            first = min([d.lineno for d in node.decorator_list] + [node.lineno])
            where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
            found.append((where, node.end_lineno - first + 1))
    return found


def test_the_kernels_are_found() -> None:
    """The walk sees the kernels (so that the size test cannot pass on finding none)."""
    found = dict(compiled_functions())
    assert len(found) > 100
    assert any(where.endswith(" _deals") for where in found)
    assert any(where.endswith(" _item") for where in found)
    assert any(where.endswith(" _chunks") for where in found)


def test_decorators_are_recognised() -> None:
    """The forms a numba decorator takes: bare, called, dotted, renamed on import, aliased."""
    tree = ast.parse(
        "import numba\n"
        "from numba import njit as fast\n"
        "from numba.extending import intrinsic\n"
        "kernel = numba.njit(cache=True)\n"
        "@fast\ndef a(): pass\n"
        "@numba.jit(nopython=True)\ndef b(): pass\n"
        "@kernel\ndef c(): pass\n"
        "@intrinsic\ndef d(): pass\n"
        "@property\ndef e(): pass\n")
    names = _compiling_names(tree)
    marked = [f.name for f in tree.body if isinstance(f, ast.FunctionDef)
              and any(_is_numba(d, names) for d in f.decorator_list)]
    assert marked == ["a", "b", "c", "d"]


def test_no_kernel_over_200_lines() -> None:
    """Every compiled function fits in 200 lines (split a longer one into small compiled helpers)."""
    too_long = [f"{where} ({lines} lines)" for where, lines in compiled_functions() if lines > MAX_LINES]
    assert not too_long, f"compiled kernels over {MAX_LINES} lines: " + "; ".join(too_long)
