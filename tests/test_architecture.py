"""The boundaries of the code: the core never imports textual; the code stays lint-clean."""

import pkgutil
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import chutes_tui

ROOT = Path(__file__).resolve().parents[1]
UI_MODULES = {"app", "cli", "__main__"}


def tool(name):
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    assert found, f"{name} is not installed next to {sys.executable}"
    return found


def test_import_linter_contract_holds():
    done = subprocess.run([tool("lint-imports")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_core_module_is_under_the_contract():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    covered = set()
    for contract in config["contracts"]:
        if "textual" in contract.get("forbidden_modules", []):
            covered |= set(contract["source_modules"])
    core = {
        f"chutes_tui.{module.name}"
        for module in pkgutil.iter_modules(chutes_tui.__path__)
        if module.name not in UI_MODULES
    }
    assert core <= covered, f"add {sorted(core - covered)} to the import-linter contract"


def test_core_imports_without_textual():
    code = (
        "import sys, chutes_tui.board, chutes_tui.rules, chutes_tui.analysis, chutes_tui.textchart\n"
        "assert not any(m == 'textual' or m.startswith('textual.') for m in sys.modules), 'textual loaded'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_ruff_is_clean():
    done = subprocess.run([tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
