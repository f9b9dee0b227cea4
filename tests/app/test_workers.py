"""No worker's failure ends the app: every worker starts through app/workers.py (checked in the
source), and a failure injected into each one ends in the app's one error dialog, the app
still running."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from chutes_tui.app import editfigures, workers
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.error import ErrorScreen
from chutes_tui.app.dialogs.target import TargetScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.engine import review as review_module
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for

PACKAGE = Path(__file__).resolve().parents[2] / "chutes_tui"


def calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "attr", None) == name or getattr(node.func, "id", None) == name)
    ]


def started_otherwise(path: Path) -> list[str]:
    """Ways ``path`` starts a worker other than start_worker: run_worker, textual's work."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [f"{path.name}:{call.lineno}: run_worker" for call in calls(tree, "run_worker")]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            found += [
                f"{path.name}:{node.lineno}: imports work" for alias in node.names if alias.name == "work"
            ]
    return found


def worker_names() -> set[str]:
    """The name of every start_worker call in the package (each must be a literal)."""
    names = set()
    for path in PACKAGE.rglob("*.py"):
        for call in calls(ast.parse(path.read_text(encoding="utf-8")), "start_worker"):
            name = next(k.value for k in call.keywords if k.arg == "name")
            assert isinstance(name, ast.Constant), f"{path.name}:{call.lineno}: name a literal"
            names.add(name.value)
    return names


def test_every_worker_starts_through_start_worker():
    found = [
        hit for path in PACKAGE.rglob("*.py") if path.name != "workers.py" for hit in started_otherwise(path)
    ]
    assert found == []


def test_the_source_check_sees_the_other_ways(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from textual import on, work\n\nclass S:\n    def f(self):\n        self.run_worker(g)\n")
    assert started_otherwise(bad) == ["bad.py:5: run_worker", "bad.py:1: imports work"]


# -- each worker, made to fail -----------------------------------------------------------------------


def two_players(monkeypatch):
    return ChutesApp(board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=3)


async def live_statistics(pilot, app):
    pass  # a fresh board: the first position's odds come from the live feed's worker


async def exact_fraction(pilot, app):
    await pilot.press("x")


async def review_statistics(pilot, app):
    await pilot.press("v")  # on a board taken for a slow one: the turns' odds come from a thread


async def board_preview(pilot, app):
    pass  # the setup screen previews the board's length on mount


async def suggestion(pilot, app):
    await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
    await pilot.press("g")
    await wait_for(pilot, lambda: isinstance(app.screen, TargetScreen))
    app.screen.query_one("#target-turns").value = "30"
    await pilot.press("enter")


async def command_search(pilot, app):
    await pilot.press("ctrl+p")  # the palette searches its commands as it opens


async def exact_first_player_chance(pilot, app):
    await pilot.press("d")


async def spectrum(pilot, app):
    await pilot.press("z")


def finished_on_a_slow_board(monkeypatch):
    monkeypatch.setattr(review_module, "known_instant", lambda board, players: False)
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=11)
    game.play_out()
    return ChutesApp(game=game)


def choosing(monkeypatch):
    board = load_board("standard").replace(dice_choice=((1, 2), (3, 4)))
    return ChutesApp(board=board, players=parse_player_spec("Ann,cpu:best"), seed=3, play_now=True)


async def solvers_advice(pilot, app):
    pass  # a board with decisions: the solver's advice is worked out on mount


def editing_a_slow_board(monkeypatch):
    monkeypatch.setattr(editfigures, "EDGE_BUDGET", 0.0)  # every edge taken for a long series
    return ChutesApp(board=load_board("standard"), edit=True)


def finished(monkeypatch):
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=11)
    game.play_out()
    return ChutesApp(game=game)


async def expected_lead_changes(pilot, app):
    await pilot.press("v")  # the review counts the expected lead changes beside the game's


async def edit_statistics(pilot, app):
    pass  # the editor works out its figures on mount


WORKERS = {
    "edit statistics": (editing_a_slow_board, edit_statistics),
    "solver's advice": (choosing, solvers_advice),
    "live statistics": (two_players, live_statistics),
    "exact fraction": (two_players, exact_fraction),
    "review statistics": (finished_on_a_slow_board, review_statistics),
    "expected lead changes": (finished, expected_lead_changes),
    "board preview": (lambda monkeypatch: ChutesApp(), board_preview),
    "suggestion": (lambda monkeypatch: ChutesApp(board=load_board("standard"), edit=True), suggestion),
    "exact first-player chance": (two_players, exact_first_player_chance),
    "command search": (two_players, command_search),
    "spectrum": (two_players, spectrum),
}


def test_every_worker_is_made_to_fail_below():
    assert set(WORKERS) == worker_names()


# The workers a game of two people starts on a key, made to fail one after the other in one app
# (an app each cost 0.2 CPU-s); the others each in an app of their own.
ON_A_KEY = ("exact fraction", "exact first-player chance", "command search", "spectrum")
ALONE = sorted(set(WORKERS) - set(ON_A_KEY))


@pytest.mark.parametrize("names", [(name,) for name in ALONE] + [ON_A_KEY], ids=[*ALONE, "on a key"])
async def test_a_failing_worker_shows_one_dialog_and_the_app_goes_on(names, monkeypatch, tmp_path):
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    run = workers.run_work
    failing = [names[0]]

    def fail(worker, work):
        if worker != failing[0]:
            return run(worker, work)
        raise RuntimeError(f"injected into the {worker}")

    monkeypatch.setattr(workers, "run_work", fail)
    make = WORKERS[names[0]][0]
    assert all(WORKERS[name][0] is make for name in names)
    app = make(monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        home = app.screen
        for name in names:
            failing[0] = name
            await WORKERS[name][1](pilot, app)
            await wait_for(pilot, lambda: any(isinstance(s, ErrorScreen) for s in app.screen_stack))
            await settle(pilot)
            dialogs = [s for s in app.screen_stack if isinstance(s, ErrorScreen)]
            assert [d.title_text for d in dialogs] == [f"The {name} failed"]
            assert dialogs[0].message == f"RuntimeError: injected into the {name}"
            assert app._exception is None and app.is_running, name
            await pilot.press("escape")  # the dialog closes; the app is still there
            await settle(pilot)
            assert not isinstance(app.screen, ErrorScreen) and app.is_running, name
            for _ in range(3 if name != names[-1] else 0):  # back to the game for the next key
                if app.screen is home:
                    break
                await pilot.press("escape")
                await settle(pilot)
            assert app.screen is home or name == names[-1], (name, app.screen_stack)
    assert app.return_code in (None, 0)


def test_a_crash_in_textuals_own_worker_logs_the_workers_traceback(private_dirs, capsys):
    """Textual's own workers (the command palette's search) end the app on an error with a
    WorkerFailed it never raises: the log must still show where the error came from."""
    from chutes_tui.cli.play import run_app

    def search_that_breaks():
        raise LookupError("No nodes match 'CommandList'")

    async def start_it(pilot):
        await pilot.pause(0.1)
        pilot.app.run_worker(search_that_breaks, thread=True)  # Textual's default: exit on error
        await pilot.pause(0.5)

    app = ChutesApp(board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=1)
    assert run_app(app, headless=True, auto_pilot=start_it, size=(100, 30)) == 3
    log = next((private_dirs / "state" / "crashes").glob("crash-*.log")).read_text()
    assert "in search_that_breaks" in log and "LookupError: No nodes match 'CommandList'" in log
    assert "WorkerFailed" in capsys.readouterr().err
