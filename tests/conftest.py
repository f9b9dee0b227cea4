import gc
import os
import sys
from pathlib import Path

# pytest-xdist already runs a worker or two per core: BLAS threads on top of it (OpenBLAS starts one per
# core in each worker, and in each chutes-tui a test starts) oversubscribe the cores and spin
# waiting for each other, a few milliseconds on every small product of a long loop (bump_length
# on the standard board: 0.3 s of CPU instead of 0.06). Set before numpy is first imported.
from chutes_tui.cli.verbs import BLAS_THREADS  # argparse and os only: numpy is not loaded yet

for _threads in BLAS_THREADS:
    os.environ.setdefault(_threads, "1")

# Bytecode is written even where PYTHONDONTWRITEBYTECODE asks not to (some containers set it):
# otherwise each of the run's processes, and each chutes-tui a test starts, rewrites every test
# module's asserts and compiles every module again (collection: 5.6 CPU-s a worker against 2.1).
# __pycache__ is ignored by git.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest  # noqa: E402

from chutes_tui.io.boardfile import load_board  # noqa: E402


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: two workers per core. Nearly half of an app test's time is spent waiting on
    the app's timers (a watched game's pace, a win shown for 1.5 s, a worker's result), not on
    a core; one worker per core leaves the cores idle meanwhile (tests/app: 298 CPU-s in 541 s
    of test time on 2 workers)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cores


def pytest_collection_finish(session):
    """Two settings of the collector, for speed alone (no test depends on when garbage goes).

    The modules the tests import (numpy, scipy, textual, hypothesis, ...) are a few hundred
    thousand objects that live to the end: frozen, so that no full collection walks them again.
    A young collection every 10,000 allocations instead of 700: each Textual app makes tens of
    thousands of objects that survive the young generations, and with 700 the full collections
    it then triggers took a third of an app test's CPU (tests/app/test_app.py and
    test_app_confirm.py: 41 CPU-s, of which 15.6 in full collections; 27 CPU-s with both)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@pytest.fixture(autouse=True)
def forget_removed_widgets():
    """Textual 8.2's ``StylesCache.get_inner_outer`` is an lru_cache keyed on the instance
    (textual#6665): it keeps the styles caches, and every line they rendered, of up to 1,024 widgets
    that are gone, 100,000 objects for every full collection to walk. A test's app is gone when
    the test ends, so its entries are dropped then."""
    yield
    styles = sys.modules.get("textual._styles_cache")
    if styles is not None:
        styles.StylesCache.get_inner_outer.cache_clear()


APP_TESTS = Path(__file__).parent / "app"


@pytest.fixture(autouse=True)
def lu_in_this_process(request, monkeypatch):
    """The bump chain's sparse LU (``analysis/bump.py``) runs in the test's own process, save in
    the app's tests and in tests marked ``lu_in_its_process``. Its process of its own is there so
    that a front end can kill an LU whose answer is no longer wanted: the app's tests leave such
    LUs behind (an editor or a game closed before its figures come: in a thread, the teardown would
    wait for them, 5 CPU-s for the rules dialog's samples), and test_app_odds_stop.py and
    tests/unit/analysis/test_in_process.py check the kill. A test that wants the answer gets it
    from the same function on the same arrays either way, without a second interpreter importing
    numpy and scipy again (the standard board's: 0.45 CPU-s here against 0.65 in the process; 16
    solves in a run). The module is already loaded (every worker collects the tests that import it)."""
    if request.node.get_closest_marker("lu_in_its_process") is None and not request.node.path.is_relative_to(
        APP_TESTS
    ):
        from chutes_tui.analysis import bump

        monkeypatch.setattr(bump, "IN_PROCESS_FROM", sys.maxsize)


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
    """The standard board's exact fractions under the bump rule (1 s of lifting): worked out once
    per test process for the tests that check them and the README's question that prints them
    (marked ``xdist_group("standard-bump")`` so that they share a process)."""
    from chutes_tui.exact.bump import exact_bump

    return exact_bump(load_board("standard").replace(bump=True))
