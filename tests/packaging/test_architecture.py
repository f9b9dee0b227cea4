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


def test_no_import_cycle_between_modules():
    """Every import of a chutes_tui module, even inside a function, as a graph: it is acyclic
    (type-checking-only imports excluded, as for import-linter)."""
    graph: dict[str, set[str]] = {}
    names = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in PACKAGE.rglob("*.py")
    }
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text())
        checking = {
            id(node)
            for guard in ast.walk(tree)
            if isinstance(guard, ast.If) and "TYPE_CHECKING" in ast.unparse(guard.test)
            for node in ast.walk(guard)
        }
        targets = set()
        for node in ast.walk(tree):
            if id(node) in checking:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("chutes_tui"):
                # ``from package import module`` depends on the module, not on the package.
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    targets.add(sub if sub in names else node.module)
            elif isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names if alias.name.startswith("chutes_tui")}
        graph[module] = targets - {module}
    seen, stack = set(), []

    def visit(module):
        if module in stack:
            raise AssertionError(" → ".join([*stack[stack.index(module) :], module]))
        if module in seen or module not in graph:
            return
        stack.append(module)
        for target in graph[module]:
            visit(target)
        stack.pop()
        seen.add(module)

    for module in graph:
        visit(module)


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
