import os

# pytest-xdist already runs a worker or two per core: BLAS threads on top of it (OpenBLAS starts one per
# core in each worker, and in each chutes-tui a test starts) oversubscribe the cores and spin
# waiting for each other, a few milliseconds on every small product of a long loop (bump_length
# on the standard board: 0.3 s of CPU instead of 0.06). Set before numpy is first imported.
from chutes_tui.cli.verbs import BLAS_THREADS  # argparse and os only: numpy is not loaded yet

for _threads in BLAS_THREADS:
    os.environ.setdefault(_threads, "1")

import pytest  # noqa: E402

from chutes_tui.io.boardfile import load_board  # noqa: E402


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: two workers per core. Nearly half of an app test's time is spent waiting on
    the app's timers (a watched game's pace, a win shown for 1.5 s, a worker's result), not on
    a core; one worker per core leaves the cores idle meanwhile (tests/app: 298 CPU-s in 541 s
    of test time on 2 workers)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cores


@pytest.fixture(autouse=True)
def private_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the real config or state directories."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("CHUTES_TUI_STATE_DIR", str(base / "state"))
    monkeypatch.setenv("CHUTES_TUI_DATA_DIR", str(base / "data"))
    return base


@pytest.fixture(scope="session")
def standard():
    return load_board("standard")


@pytest.fixture(scope="session")
def classic():
    return load_board("classic-1952")


@pytest.fixture(scope="session")
def tiny():
    return load_board("tiny-10")


@pytest.fixture(scope="session")
def standard_under_bump_exactly():
    """The standard board's exact fractions under the bump rule (4 s of lifting): worked out once
    per test process for the tests that check them and the README's question that prints them
    (marked ``xdist_group("standard-bump")`` so that they share a process)."""
    from chutes_tui.exact.bump import exact_bump

    return exact_bump(load_board("standard").replace(bump=True))
