"""No import circles among Scarab's own packages.

The graph is built from the source with ``ast``: every ``import`` and ``from ... import``
counts, at module level or inside a function (a lazy import still ties the two modules
together). ``from x import y`` where ``x.y`` is a module of the project counts as an edge
to ``x.y``; otherwise it is an edge to ``x``. Relative imports are resolved against the
importing module's package. A module that imports by name (``importlib.import_module``, as
``firmware.cli`` loads each subcommand) imports every project module its string constants
name (``"pkg.mod"`` or ``"pkg.mod:attr"``). A strongly connected component of more than one module is a
circle, and the test names its modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engines", "vision", "hardware", "firmware", "bench")


def project_modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if any(part.startswith(".") or part == "__pycache__" for part in parts):
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    """The longest project module that ``name`` is or lies in (None outside the project)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def _resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, target] if target else base)


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``module`` imports anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                owner = _owner(alias.name, modules)
                if owner:
                    found.add(owner)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _resolve_relative(module, is_package, node.level, node.module)
            else:
                base = node.module or ""
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                owner = submodule if submodule in modules else _owner(base, modules)
                if owner:
                    found.add(owner)
    if _imports_by_name(tree):
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                named = node.value.partition(":")[0]
                if named in modules:
                    found.add(named)
    found.discard(module)
    return found


def _imports_by_name(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in ("import_module", "__import__"):
                return True
    return False


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components in no particular order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def _a_cycle(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One concrete circle through the component's first module, for the message."""
    members = set(component)
    start = component[0]
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [*reversed(path), start]
                if child not in previous:
                    previous[child] = node
                    following.append(child)
        frontier = following
    return component


def test_the_graph_sees_every_kind_of_import(tmp_path):
    graph = import_graph()
    assert "firmware.cli" in graph and "engines.core" in graph
    # a lazy import inside a function counts, and `from package import module` names the module
    modules = project_modules()
    source = "def f():\n    from engines import replay\n    import hardware.oled\n"
    source += "def g():\n    from importlib import import_module\n    import_module('engines.core')\n"
    probe = tmp_path / "probe.py"
    probe.write_text(source)
    assert imports_of("firmware.probe", probe, modules) == {"engines.replay", "hardware.oled", "engines.core"}


def test_tarjan_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    circles = [c for c in strongly_connected(graph) if len(c) > 1]
    assert circles == [["a", "b", "c"]]
    assert _a_cycle(["a", "b", "c"], graph) == ["a", "b", "c", "a"]


def test_no_import_circles():
    graph = import_graph()
    circles = [c for c in strongly_connected(graph) if len(c) > 1]
    message = "\n".join(
        f"import circle among {', '.join(c)}: {' -> '.join(_a_cycle(c, graph))}" for c in circles
    )
    assert not circles, message
