"""No key loses work without asking (issue 23, point 1): every way out of the app -- ctrl+q from
any screen, the palette's Quit, the winner's q, Esc out of the first editor -- asks while any
screen on the stack holds work (edits in the editor, a game with moves since its last save, a
board edited and played but saved nowhere), says what would be lost, and Enter or Esc keeps it.
Leaving a game for another board asks too when the board's edits would go."""

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.confirm import ConfirmScreen
from chutes_tui.app.dialogs.help import HelpScreen
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.engine.game import Game
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import add_jump, edit_in_ladder_27_29, play_turns, settle, wait_for


async def asked(pilot, app, key="ctrl+q"):
    """Press ``key``; the question the app asks (a failure if it quit or asked nothing)."""
    await pilot.press(key)

    def answered():
        stack = app.screen_stack
        return app.return_code is not None or (bool(stack) and isinstance(stack[-1], ConfirmScreen))

    await wait_for(pilot, answered, timeout=5)
    assert app.is_running and app.return_code is None, "quit without asking"
    assert isinstance(app.screen, ConfirmScreen), type(app.screen).__name__
    return app.screen.question


async def kept_then_quit(pilot, app, screen):
    """Enter and Esc keep everything (back to ``screen``); y quits."""
    for key in ("enter", "escape"):
        await pilot.press(key)
        await wait_for(pilot, lambda: app.screen is screen or not app.is_running, timeout=5)
        assert app.is_running and app.screen is screen, key
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), timeout=5)
    await pilot.press("y")
    await wait_for(pilot, lambda: app.return_code is not None, timeout=5)
    assert app.return_code == 0


async def test_ctrl_q_in_the_editor_over_a_game_names_both_and_keeps_them(standard):
    """play standard, e, add a jump, ctrl+q: both the edits and the game were lost at once."""
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 12)
        editor = await edit_in_ladder_27_29(pilot, app)
        question = await asked(pilot, app)
        assert question == (
            "Quit? Unsaved: the board edits in the editor, and the game (12 turns, not saved)."
        )
        assert app.screen.focused is app.screen.query_one("#no")  # the default keeps the work
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is editor and (27, 29) in editor.board.ladders
        await pilot.press("ctrl+q")
        await settle(pilot)
        await kept_then_quit(pilot, app, editor)


async def test_ctrl_q_over_a_dialog_asks_about_the_game_below(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 3)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert await asked(pilot, app) == "Quit? Unsaved: the game (3 turns, not saved)."
        await pilot.press("ctrl+q")  # a second ctrl+q does not stack a second question
        await settle(pilot)
        assert sum(isinstance(s, ConfirmScreen) for s in app.screen_stack) == 1
        await kept_then_quit(pilot, app, help_screen)


async def test_the_palettes_quit_asks(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 3)
        game_screen = app.screen
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"quit")
        await settle(pilot)
        assert await asked(pilot, app, "enter") == "Quit? Unsaved: the game (3 turns, not saved)."
        await kept_then_quit(pilot, app, game_screen)


async def test_a_game_saved_then_played_on_counts_the_turns_since(standard, tmp_path):
    app = ChutesApp(
        board=standard, players=parse_player_spec("Ann,Bob"), seed=4, save_path=tmp_path / "g.json"
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 2)
        await pilot.press("s")
        await settle(pilot)
        await play_turns(pilot, app, 1)
        assert await asked(pilot, app) == "Quit? Unsaved: the game (1 turn since its last save)."


async def test_a_resumed_game_counts_only_the_turns_since_it_was_read(standard, tmp_path):
    """play --resume FILE: the turns read are in the file; quitting at once loses nothing."""
    game = Game.new(standard, parse_player_spec("Ann,Bob"), seed=4)
    for _ in range(6):
        game.roll()
    game.save(tmp_path / "g.json")
    app = ChutesApp(game=Game.load(tmp_path / "g.json"), save_path=tmp_path / "g.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await play_turns(pilot, app, 1)
        assert await asked(pilot, app) == "Quit? Unsaved: the game (1 turn since its last save)."
    app = ChutesApp(game=Game.load(tmp_path / "g.json"), save_path=tmp_path / "g.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_code == 0


async def test_esc_out_of_the_first_editor_asks_as_ctrl_q_does(classic):
    app = ChutesApp(board=classic, edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        editor = app.screen
        await add_jump(pilot, editor, 27, 29)
        assert await asked(pilot, app, "escape") == "Quit? Unsaved: the board edits in the editor."
        await kept_then_quit(pilot, app, editor)
    app = ChutesApp(board=classic, edit=True)  # nothing edited: Esc quits at once
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
    assert app.return_code == 0


BOARD_WORDS = "the board edited in the editor that this game is played on"


async def edited_and_played(pilot, app):
    """chutes-tui edit tiny-10, the ladder 3→5, ctrl+b: the game screen (no roll yet)."""
    await settle(pilot)
    await add_jump(pilot, app.screen, 3, 5)
    await pilot.press("ctrl+b")
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
    assert (3, 5) in app.screen.game.board.ladders and not app.screen.game.history
    return app.screen


async def test_a_board_played_from_the_editor_asks_before_quitting(tiny):
    """The edits live on only in the game: ctrl+q asks for them even before a roll."""
    app = ChutesApp(board=tiny, edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen = await edited_and_played(pilot, app)
        assert await asked(pilot, app) == f"Quit? Unsaved: {BOARD_WORDS}."
        await kept_then_quit(pilot, app, game_screen)


async def test_another_board_asks_when_the_edited_one_would_go(tiny):
    app = ChutesApp(board=tiny, edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen = await edited_and_played(pilot, app)
        await pilot.press("b")
        await settle(pilot)
        assert await asked(pilot, app, "enter") == f"Play classic-1952 instead? Unsaved: {BOARD_WORDS}."
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game_screen and (3, 5) in game_screen.game.board.ladders


async def test_the_winners_quit_asks_for_an_unsaved_board(tiny, tmp_path):
    """The game is over (nothing to lose in it) but its board is saved nowhere; a rematch keeps
    the board and asks nothing; a save (which holds the board) frees it."""
    app = ChutesApp(board=tiny, edit=True, save_path=tmp_path / "g.json")
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen = await edited_and_played(pilot, app)
        while not isinstance(app.screen, WinnerScreen):
            await pilot.press("space")
            await settle(pilot)
        assert await asked(pilot, app, "q") == f"Quit? Unsaved: {BOARD_WORDS}."
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game_screen
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is game_screen and not game_screen.game.history
        await pilot.press("s")
        await settle(pilot)
        assert Game.load(tmp_path / "g.json").board.ladders == game_screen.game.board.ladders
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_code == 0


async def test_a_new_game_replaces_the_one_it_was_chosen_over(standard):
    """n, y (the game is lost: asked), start: the old game leaves the stack, so quitting
    the new one before a roll asks nothing."""
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 2)
        assert (
            await asked(pilot, app, "n")
            == "Leave this game for a new one? Unsaved: the game (2 turns, not saved)."
        )
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert len(app.screen_stack) == 2
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_code == 0


async def test_play_from_an_editor_over_a_game_carries_the_unsaved_edits(classic):
    app = ChutesApp(board=classic, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen = app.screen
        await edit_in_ladder_27_29(pilot, app)
        await pilot.press("ctrl+b")  # no roll yet: nothing asked
        await settle(pilot)
        assert app.screen is game_screen and game_screen.session.board_unsaved
        await pilot.press("e")  # again, no new edit: Esc leaves without asking, ctrl+b keeps them
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        assert app.screen.unsaved_work() == ["the board edits in the editor"]
        assert "Unsaved edits" in str(app.screen.query_one("#editor-stats").render())
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert app.screen is game_screen and game_screen.session.board_unsaved


async def test_the_footer_names_what_enter_answers(standard):
    """A question's footer said "⏎ Answer": Enter cancels where work is at stake (the focused
    button), and goes ahead once the other button has focus."""
    from chutes_tui.app.widgets.footer import FittingFooter

    app = ChutesApp(board=standard, players=parse_player_spec("Ann,cpu:Bob"), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await wait_for(pilot, lambda: len(app.screen.game.history) >= 1)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        footer = app.screen.query_one(FittingFooter)

        def enter() -> str:
            return next(k.description for k in footer.shown_keys if k.action == "press_focused")

        await wait_for(pilot, lambda: enter() == "Cancel")
        app.screen.query_one("#yes").focus()
        await wait_for(pilot, lambda: enter() == "Quit")
        await pilot.press("escape")
