"""The first frame waits for nothing: the board's chain (and scipy) are built by the screen's
worker, and the first position's odds arrive from it -- on instant boards too."""

import ast
import subprocess
import sys
import threading
from functools import cache

from chutes_tui.analysis import chain as chain_module
from chutes_tui.analysis.chain import CHAIN
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.engine.live import live_stats
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for
from tests.app.test_app import shown_odds


async def test_the_chain_is_built_off_the_ui_thread_and_the_start_odds_follow(monkeypatch):
    board = load_board("standard")  # a fresh object: nothing built with it yet
    assert not board.memo.has(CHAIN)
    builders = []
    build = chain_module._build_chain

    def recorded(board):
        builders.append(threading.current_thread())
        return build(board)

    monkeypatch.setattr(chain_module, "_build_chain", recorded)
    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen.game
        await wait_for(pilot, lambda: game.start_odds is not None)
        await settle(pilot)
        assert builders and threading.main_thread() not in builders
        start = live_stats(board, [0, 0], 0)
        assert game.start_odds == start.odds
        assert shown_odds(app) == [f"{p * 100:5.1f}%".strip() for p in start.odds.win]
        # Known to be instant now: a roll's odds come with the turn, on the UI thread.
        await pilot.press("space")
        await wait_for(pilot, lambda: len(game.history) == 1 and not app.screen.controller.animating)
        assert game.history[0].odds == live_stats(board, game.positions, game.to_move).odds


async def test_the_first_frame_is_painted_before_the_live_worker_starts_and_at_its_final_layout(monkeypatch):
    """The screen's first refresh comes before any live-statistics worker (whose first act is
    importing scipy and building the chain) and paints each board line once, at the layout the
    board keeps: not at a placeholder layout repainted when Textual's Resize arrives."""
    board = load_board("standard")
    first: dict[str, object] = {}
    painted: list[int] = []
    mount, paint = GameScreen.on_mount, BoardView._paint

    def on_mount(screen):
        def after_first_refresh():
            first["workers"] = [worker.group for worker in screen.app.workers]
            first["chain"] = board.memo.has(CHAIN)
            first["lines"] = list(painted)

        screen.call_after_refresh(after_first_refresh)  # first: before what the screen asks
        mount(screen)

    def counted(view, y, width):
        painted.append(y)
        return paint(view, y, width)

    monkeypatch.setattr(GameScreen, "on_mount", on_mount)
    monkeypatch.setattr(BoardView, "_paint", counted)
    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.screen.game.start_odds is not None)
        await settle(pilot)
        height = app.screen.query_one(BoardView).size.height
    assert first["workers"] == [] and first["chain"] is False
    assert first["lines"] == list(range(height))  # each line once, all of them
    assert painted == first["lines"]  # nothing painted again once the odds arrived


FIRST_FRAME = """
import asyncio, gc, sys
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec

WATCHED = ("numpy", "scipy", "flint", "chutes_tui.app.screens.review", "chutes_tui.engine.review")
full = []  # the full collections (generation 2) once the app is made
gc.callbacks.append(lambda phase, info: info["generation"] == 2 and phase == "stop" and full.append(1))

def first_frame():
    print(sorted(m for m in WATCHED if m in sys.modules))
    print(gc.get_freeze_count(), len(full))

mount = GameScreen.on_mount
def on_mount(screen):
    screen.call_after_refresh(first_frame)
    mount(screen)
GameScreen.on_mount = on_mount

async def main():
    app = ChutesApp(board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=1)
    full.clear()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()

asyncio.run(main())
"""


@cache
def first_frame() -> list[str]:
    """What FIRST_FRAME prints at the game's first frame, in a fresh interpreter: the watched
    modules loaded, then the objects frozen and the full collections since the app was made."""
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_first_frame_of_a_game_on_the_standard_board_imports_no_numpy_nor_scipy():
    """In a fresh interpreter (this one has both already): the first frame needs no chain, no
    array (the board's tables are plain, the game's seeded die is made at its first roll), nor
    the review screen (asking whether one is open does not load it), nor the review's engine."""
    assert first_frame()[0] == "[]"


def test_the_first_frame_walks_none_of_what_was_loaded_before_the_app():
    """What is alive when the first app is made (Python's, Textual's and our modules) is frozen
    out of the garbage collector's reach, so no full collection (16-19 ms of CPU, walking every
    object) falls in the first frame."""
    frozen, full = (int(n) for n in first_frame()[1].split())
    assert frozen > 10_000
    assert full == 0


def test_the_first_frame_imports_no_dialog_and_no_other_screen():
    """Screens and dialogs are imported when they open (issue 25, point 8): at the game's first
    frame no dialog module is loaded (the quit question, the error, save-as, the choice of a
    board with decisions, the command palette) and no screen but the game's own parts."""
    prefixes = ("chutes_tui.app.dialogs", "chutes_tui.app.palette", "chutes_tui.app.screens.")
    watched = f"sorted(m for m in sys.modules if m.startswith({prefixes!r}))"
    probe = FIRST_FRAME.replace("sorted(m for m in WATCHED if m in sys.modules)", watched)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = ast.literal_eval(done.stdout.splitlines()[0])
    assert [m for m in loaded if "dialogs" in m or "palette" in m] == []
    game_parts = {"game", "gameend", "gamesession", "keys"}  # the game screen and its collaborators
    assert {m.rsplit(".", 1)[1] for m in loaded} == game_parts


LIGHT = """
import sys
import chutes_tui.app.overlays, chutes_tui.app.widgets.flowbar, chutes_tui.app.widgets.inspector
import chutes_tui.engine.game, chutes_tui.engine.live, chutes_tui.engine.review, chutes_tui.analysis.reports
print(sorted(m for m in sys.modules if m.startswith("chutes_tui.analysis.")))
"""


def test_the_engine_and_the_overlays_load_the_analysis_when_they_work_something_out():
    """A game, its review, the overlays' cycle and the reports' shapes import no chain, series or
    odds module until a statistic is asked for: the game screen's first frame shows none (issue
    25, point 8)."""
    done = subprocess.run([sys.executable, "-c", LIGHT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.split("\n")[0]
    assert (
        loaded
        == "['chutes_tui.analysis.limits', 'chutes_tui.analysis.overlays', 'chutes_tui.analysis.reports']"
    )
