"""Issue 27's decisions chosen in the app: the setup screen's "Choices" (after the roll, pawns,
the dice to choose from: a long field with its hint and its refusal under it), a game started
there that asks its person the choice, and the editor on a board with decisions (its figures the
solvers', every player choosing best)."""

from textual.widgets import Input, Select, Static

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.choice import ChoiceScreen
from chutes_tui.app.dialogs.rules import RulesScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.engine.advice import duel_odds, own_turns
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.settings import load_settings
from chutes_tui.model.decisions import AfterRoll
from chutes_tui.model.ruletable import AFTER_ROLL, DICE_CHOICE, EFRON
from tests.app.helpers import settle, text_of, wait_for

EFRON_DICE = DICE_CHOICE.kind.parse(EFRON, "dice")


def render(widget):
    return text_of(widget.render(), width=200)


async def test_after_roll_flip_chosen_in_the_setup_is_asked_in_the_game(private_dirs):
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#setup-after-roll", Select).value = "flip"
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen.game
        assert game.board.after_roll is AfterRoll.FLIP and game.players[0].spec.human
        await pilot.press("space")  # the person's roll: then the flip is asked
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        options = [option.words for option in app.screen.prompt.options]
        assert len(options) == 2 and options[0].startswith("move") and options[1].startswith("flip")
        await pilot.press("2")
        await wait_for(pilot, lambda: len(game.history) >= 1)
        assert game.history[0].choice.option == 1 and game.history[0].choice.coin in (0, 1)
    assert load_settings().setup.rules.value(AFTER_ROLL) is AfterRoll.FLIP  # remembered


async def test_the_dice_to_choose_from_are_refused_under_their_field_then_played(private_dirs):
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = app.screen
        field = setup.query_one("#setup-dice-choice", Input)
        note = setup.query_one("#setup-dice-choice-error", Static)
        preview = setup.query_one("#board-preview")
        hint = next(static for static in setup.query(".hint") if "Efron's dice" in render(static))
        assert render(hint).strip() == f"Efron's dice: {EFRON}"
        assert field.placeholder == "the board's (e.g. 4,4,4,4,0,0 / 3,3,3,3,3,3)"
        field.value = "4,4,0 / 3,x"
        await wait_for(pilot, lambda: note.display)
        said = render(note).strip()
        assert said == "“dice to choose from” must be a whole number 0..100, not 'x'"
        assert "No board yet: “dice to choose from” refused below." in render(preview)
        await pilot.press("ctrl+b")  # Play refuses it, and the field is focused
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.focused is field and note.display
        field.value = EFRON
        board = load_board("standard").replace(dice_choice=EFRON_DICE)
        best = own_turns(board, (board.start,))[0]
        await wait_for(pilot, lambda: "choosing best" in render(preview))
        assert not note.display
        assert f"one player choosing best needs {best:.1f} turns on average" in render(preview)
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.game.board.dice_choice == EFRON_DICE
        await pilot.press("space")  # which die? (asked before the roll)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert len(app.screen.prompt.options) == 4
    assert load_settings().setup.rules.value(DICE_CHOICE) == EFRON_DICE


async def test_the_editor_on_a_board_with_decisions_shows_the_solvers_figures(private_dirs):
    board = load_board("standard").replace(dice_choice=EFRON_DICE)
    app = ChutesApp(board=board, edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        editor = app.screen
        stats = editor.query_one("#editor-stats")
        await wait_for(pilot, lambda: "choosing best" in render(stats))
        best = own_turns(board, (board.start,))[0]
        first = duel_odds(board, (board.start, board.start), 0)[0][0]
        shown = render(stats)
        assert f"Expected length: {best:.3f} turns choosing best (+0.000 vs the board you opened)" in shown
        assert f"The first of two players wins {first:.2%}" in shown and "both playing to win" in shown
        assert editor.view.overlay is None  # a chain's turns left assume nobody chooses
        await pilot.press("g")  # suggestions weigh a chain's length: refused in one line
        assert "No suggestion: suggestions weigh a chain's expected length" in render(
            editor.query_one("#editor-status")
        )
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.query_one("#rules-dice-choice", Input).value == EFRON
        app.screen.query_one("#rules-after-roll", Select).value = "flip"
        await pilot.click("#apply")
        await wait_for(pilot, lambda: app.screen is editor and editor.board.after_roll is AfterRoll.FLIP)
        flipped = editor.board
        await wait_for(pilot, lambda: "flip" in render(stats) and "choosing best" in render(stats))
        better = own_turns(flipped, (flipped.start,))[0]
        assert better < best and f"{better:.3f} turns choosing best ({better - best:+.3f} vs" in render(stats)
