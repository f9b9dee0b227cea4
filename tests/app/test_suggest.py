"""The editor's suggestion: a target length asked, the one jump edit offered with its figures,
applied on Enter as an undoable edit (Esc leaves the board as it was)."""

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.confirm import ConfirmScreen
from chutes_tui.app.dialogs.target import TargetScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board
from chutes_tui.research.suggest import suggest_edit
from tests.app.helpers import settle, wait_for
from tests.app.scenes import two_player_game


async def open_suggestion(pilot, app, target):
    await pilot.press("e")
    await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
    editor = app.screen
    await pilot.press("g")
    await wait_for(pilot, lambda: isinstance(app.screen, TargetScreen))
    field = app.screen.query_one("#target-turns")
    assert field.value == "39.6"  # the board's own length to start from
    field.value = target
    await pilot.press("enter")
    return editor


async def test_the_suggested_edit_is_offered_applied_and_undone():
    app = ChutesApp(game=two_player_game())
    standard = load_board("standard")
    expected = suggest_edit(standard, 30.0)
    assert expected.description == "add a ladder 33→96"
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_suggestion(pilot, app, "30")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = str(app.screen.question)
        assert "For 30 turns: add a ladder 33→96." in question
        assert "Expected length 39.60 → 30.00 turns (sd 25.60 → 18.60)" in question
        assert "50.78% → 51.01%" in question
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is editor)
        assert (33, 96) in editor.board.ladders and editor.board.jumps == expected.board.jumps
        assert "Applied: add a ladder 33→96 (u undoes it)." in str(
            editor.query_one("#editor-status").render()
        )
        assert "30.005 turns" in str(editor.query_one("#editor-stats").render())
        await pilot.press("u")
        assert editor.board.jumps == standard.jumps


async def test_escape_leaves_the_board_and_a_bad_target_is_explained():
    app = ChutesApp(game=two_player_game())
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_suggestion(pilot, app, "soon")
        await settle(pilot)
        assert isinstance(app.screen, TargetScreen)
        assert "the expected length must be a decimal number above 0" in str(
            app.screen.query_one("#target-problem").render()
        )
        app.screen.query_one("#target-turns").value = "50"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "add a chute 97→38" in str(app.screen.question)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is editor)
        assert editor.board.jumps == load_board("standard").jumps
        assert not editor.history.unsaved


async def test_a_board_too_large_to_weigh_is_refused_in_the_status_line():
    from chutes_tui.engine.game import Game
    from chutes_tui.model.players import parse_player_spec

    big = random_board(2, squares=400, ladders=10, chutes=10)
    app = ChutesApp(game=Game.new(big, parse_player_spec("Ann,Bob"), seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        status = str(app.screen.query_one("#editor-status").render())
        assert "No suggestion: suggestions weigh every single-jump edit at once" in status
        assert "up to 300 squares (this one has 400)" in status
