"""The bundled boards must load from an installed wheel, run outside the repository."""

import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.serve import browser

ROOT = Path(__file__).resolve().parents[2]


SEPARATOR = "\x1e"  # between the reports of EVERY_BOARD (JSON never holds it raw)
EVERY_BOARD = f"""
import sys
import chutes_tui
from chutes_tui.cli import main
print(chutes_tui.__file__, end={SEPARATOR!r})
for name in sys.argv[1:]:
    if main(["analyze", name, "--json"]) != 0:
        sys.exit(f"analyze {{name}} failed")
    print(end={SEPARATOR!r})
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """This project's wheel, built once (no network, no isolated build environment: hatchling
    is installed)."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    return next((tmp_path / "dist").glob("chutes_tui-*.whl"))


@pytest.mark.packaging
def test_wheel_in_a_fresh_venv_runs_every_verb(tmp_path, wheel):
    """pip install the wheel (and its dependencies) into a new venv; run each verb elsewhere."""
    venv = tmp_path / "fresh"
    # No pip of its own (ensurepip's copy: 3 s), and no .pyc compiled ahead for every module of
    # numpy, scipy and textual (most never run here): this pip installs into it, and the verbs
    # compile what they import. 14 CPU-s of install instead of 6.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    installed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "-q",
            "--no-compile",
            str(wheel),
        ],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stderr[-2000:]
    tool = str(venv / "bin" / "chutes-tui")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    verbs = [
        ["--version"],
        ["boards", "--json"],
        ["exact", "tiny-10", "--json"],
        ["simulate", "standard", "--games", "20000", "--seed", "1", "--json"],
        ["experiments", "die-sides", "standard", "--max", "4", "--json"],
        ["experiments", "another-game", "--games", "2000", "--json"],
        ["inspect", "standard", "28", "--json"],
        ["boards", "random", "--seed", "1", "--output", "mine.toml"],
        ["analyze", "mine.toml", "--json"],
    ]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    outputs = {}
    for argv in verbs:
        done = subprocess.run([tool, *argv], cwd=elsewhere, capture_output=True, text=True, env=env)
        assert done.returncode == 0, (argv, done.stderr)
        if "--json" in argv:
            outputs[" ".join(argv)] = json.loads(done.stdout)
    names = {board["name"] for board in outputs["boards --json"]}
    assert {"standard", "classic-1952", "tiny-10", "no-jumps"} <= names
    # Every bundled board (the wheel's data files) loads and is analysed by the installed package,
    # not the repository's: in one process, the verb's own entry called for each (a process
    # each spent 0.3 CPU-s importing numpy and scipy again).
    every = subprocess.run(
        [venv / "bin" / "python", "-c", EVERY_BOARD, *sorted(names)],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env=env,
    )
    assert every.returncode == 0, every.stderr[-2000:]
    where, *reports, rest = every.stdout.split(SEPARATOR)
    assert where.startswith(str(venv)) and rest == "", (where, rest)
    assert [json.loads(report)["board"]["name"] for report in reports] == sorted(names)
    # serve: the page and its script come from the installed textual-serve; Ctrl-C stops it.
    port = browser.free_port()
    server = browser.start(
        [tool, "serve", "--port", str(port)],
        cwd=elsewhere,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        browser.wait_for_port(port, server, timeout=30)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page.read().decode()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/js/textual.js", timeout=10) as script:
            assert len(script.read()) > 100_000
    finally:
        browser.stop(server, signal.SIGINT)
    assert server.returncode == 0 and "stopped serving" in server.stdout.read()
