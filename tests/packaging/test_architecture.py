"""The shape of the code, checked by tools: layers that point one way (import-linter), only the
app imports textual, no module over 400 lines, no import cycle, lint- and type-clean."""

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "chutes_tui"
MAX_LINES = 400
LAYERS = ("model", "io", "render", "analysis", "engine", "exact", "sim", "research", "app", "cli")


def tool(name):
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    assert found, f"{name} is not installed next to {sys.executable}"
    return found


def test_import_linter_contracts_hold():
    done = subprocess.run([tool("lint-imports")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_layers_contract_names_every_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    layered = {
        name.strip()
        for contract in config["contracts"]
        if contract["type"] == "layers"
        for layer in contract["layers"]
        for name in layer.split("|")
    }
    packages = {f"chutes_tui.{p.name}" for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages == {f"chutes_tui.{layer}" for layer in LAYERS}, "a package outside the layers"
    assert packages <= layered
    modules = {p.name for p in PACKAGE.glob("*.py")}
    assert modules == {"__init__.py", "__main__.py"}, f"put {sorted(modules)} in a layer"


def test_no_module_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert not long, long


def _module_name(path):
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _imported(node, module, names):
    """The chutes_tui modules one import statement names (relative imports resolved)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name.startswith("chutes_tui")}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:  # ``from . import x`` in a package's module: relative to its package
        package = module.split(".")[: -node.level]
        base = ".".join([*package, *([base] if base else [])])
    if not base.startswith("chutes_tui"):
        return set()
    # ``from package import module`` depends on the module, not on the package.
    return {f"{base}.{alias.name}" if f"{base}.{alias.name}" in names else base for alias in node.names}


def import_graph():
    """Every import of a chutes_tui module by another, as ``module → imported modules``: those at
    the top, inside functions and under ``if TYPE_CHECKING:`` alike (a reader of either module
    must hold the other in mind, whenever Python runs the import)."""
    paths = list(PACKAGE.rglob("*.py"))
    names = {_module_name(path) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        module = _module_name(path)
        if path.name == "__init__.py":
            module += ".__init__"  # a package's relative imports are relative to itself
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            targets |= _imported(node, module, names)
        module = module.removesuffix(".__init__")
        graph[module] = targets - {module}
    return graph


def find_cycle(graph):
    """One cycle of ``graph`` as a list of modules (first = last), or ``None``."""
    done, stack = set(), []

    def visit(module):
        if module in stack:
            return [*stack[stack.index(module) :], module]
        if module in done or module not in graph:
            return None
        stack.append(module)
        for target in sorted(graph[module]):
            cycle = visit(target)
            if cycle:
                return cycle
        stack.pop()
        done.add(module)
        return None

    return next((cycle for module in sorted(graph) if (cycle := visit(module))), None)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "d": {"a", "c"}}) is None


def test_the_import_graph_sees_every_kind_of_import():
    graph = import_graph()
    assert "chutes_tui.analysis.chain" in graph["chutes_tui.analysis"]  # under TYPE_CHECKING
    assert "chutes_tui.analysis.bump" in graph["chutes_tui.engine.playable"]  # inside a function
    assert "chutes_tui.model.dice" in graph["chutes_tui.model.board"]  # at the top


def test_no_import_cycle_between_modules():
    """Every import of a chutes_tui module, even inside a function or under ``TYPE_CHECKING``,
    as a graph: it is acyclic, so each module can be read knowing only what it imports."""
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " → ".join(cycle)


def test_core_imports_without_textual():
    code = (
        "import sys, chutes_tui.io.boardfile, chutes_tui.analysis, chutes_tui.engine.game, "
        "chutes_tui.exact.report, chutes_tui.research.hochman\n"
        "assert not any(m == 'textual' or m.startswith('textual.') for m in sys.modules), 'textual loaded'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_ruff_is_clean():
    done = subprocess.run([tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_mypy_is_clean():
    done = subprocess.run([tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]
