"""Dependencies point one way: kg_builder (the offline builder) imports hive (the runtime), never back,
except for the `hive kg build` command, which runs the builder."""

from __future__ import annotations

import ast
from pathlib import Path

from hive.execution.offline import offline_models

from support.paths import REPO

PACKAGES = ("hive", "kg_builder")
BUILDER_DISPATCH = "hive.kg.cli"  # the one runtime module allowed to import the builder


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES for path in (REPO / package).rglob("*.py")}


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The known modules `path` imports anywhere in it (inside functions too), with their packages."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for statement in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(statement, ast.Import):
            targets.update(alias.name for alias in statement.names)
        elif isinstance(statement, ast.ImportFrom):
            base = statement.module or ""
            if statement.level:
                anchor = package.split(".")[: len(package.split(".")) - statement.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in statement.names)
    found = set()
    for target in targets:
        parts = target.split(".")
        found.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
    return (found & known) - {name}


def import_graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imported(path, name, set(found)) for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while not component or member != node:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
            if len(component) > 1:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def test_the_walk_sees_imports_inside_functions():
    graph = import_graph()
    assert "kg_builder.build" in graph[BUILDER_DISPATCH]  # imported lazily, inside the command
    assert "hive.kg.schema" in graph["kg_builder.graph"]


def test_no_import_cycle_spans_the_runtime_and_the_builder():
    spanning = [sorted(c) for c in cycles(import_graph()) if {m.split(".")[0] for m in c} == set(PACKAGES)]
    assert spanning == []


def test_only_the_build_command_imports_the_builder():
    importers = {name for name, targets in import_graph().items()
                 if name.split(".")[0] == "hive" and any(t.split(".")[0] == "kg_builder" for t in targets)}
    assert importers == {BUILDER_DISPATCH}


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_the_repository_keeps_only_hand_written_snippets():
    """Generated snippets live in the graph; snippets/ holds the offline ones offline.yaml names."""
    kept = {p.relative_to(REPO / "snippets").as_posix() for p in (REPO / "snippets").rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert kept == {"README.md", "__init__.py"} | {f"offline/{m.snippet}" for m in offline_models().values()}
