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


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """This project's wheel, built once for the module's tests (no network: hatchling is
    installed); each test installs it somewhere of its own."""
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
def test_wheel_runs_outside_the_repository(tmp_path, wheel):
    target = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    where = subprocess.run(
        [sys.executable, "-c", "import chutes_tui; print(chutes_tui.__file__)"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
    )
    assert where.stdout.strip().startswith(str(target)), where.stdout + where.stderr
    listed = subprocess.run(
        [sys.executable, "-m", "chutes_tui", "boards", "--json"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
    )
    names = {board["name"] for board in json.loads(listed.stdout)}
    assert {"standard", "classic-1952", "tiny-10", "no-jumps"} <= names
    for name in sorted(names):
        analysed = subprocess.run(
            [sys.executable, "-m", "chutes_tui", "analyze", name, "--json"],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
        )
        assert analysed.returncode == 0, analysed.stderr
        assert json.loads(analysed.stdout)["board"]["name"] == name


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
        ["analyze", "classic-1952", "--json"],
        ["exact", "tiny-10", "--json"],
        ["simulate", "standard", "--games", "20000", "--seed", "1", "--json"],
        ["experiments", "die-sides", "standard", "--max", "4", "--json"],
        ["experiments", "another-game", "--games", "2000", "--json"],
        ["inspect", "standard", "28", "--json"],
        ["boards", "random", "--seed", "1", "--output", "mine.toml"],
        ["analyze", "mine.toml", "--json"],
    ]
    for argv in verbs:
        done = subprocess.run(
            [tool, *argv],
            cwd=elsewhere,
            capture_output=True,
            text=True,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        )
        assert done.returncode == 0, (argv, done.stderr)
        if "--json" in argv:
            json.loads(done.stdout)
    # serve: the page and its script come from the installed textual-serve; Ctrl-C stops it.
    port = browser.free_port()
    server = browser.start(
        [tool, "serve", "--port", str(port)],
        cwd=elsewhere,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
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
