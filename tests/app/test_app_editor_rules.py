"""The editor's rules dialog: dice, end rule, extra roll and chained jumps, as undoable edits."""

from textual.widgets import Checkbox, Input, Select

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.rules import RulesScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.io.boardfile import load_board
from tests.app.helpers import wait_for


async def _open_rules(pilot, app):
    """The editor on the standard board, and its rules dialog open over it."""
    await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
    editor = app.screen
    await pilot.press("l")
    await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
    return editor, app.screen


async def test_rules_change_the_board_and_undo_restores_it():
    app = ChutesApp(board=load_board("standard"), edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        editor, rules = await _open_rules(pilot, app)
        rules.query_one("#rules-die", Input).value = "2d6"
        rules.query_one("#rules-end-rule", Select).value = "bounce"
        rules.query_one("#rules-chain-jumps", Checkbox).value = True
        await pilot.click("#apply")
        await wait_for(pilot, lambda: app.screen is editor)
        board = editor.board
        assert board.die.text == "2d6" and board.end_rule.value == "bounce" and board.chain_jumps
        assert "2d6" in str(editor.query_one("#editor-stats").render())
        await pilot.press("u")
        assert editor.board.die.text == "d6" and editor.board.end_rule.value == "exact"


async def test_an_unwinnable_rule_is_refused_and_bad_dice_stay_in_the_dialog():
    app = ChutesApp(board=load_board("standard"), edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        editor, rules = await _open_rules(pilot, app)
        dice = rules.query_one("#rules-die", Input)
        dice.value = "0,0"
        dice.focus()
        await pilot.press("enter")  # Enter in the field applies, like the button
        assert app.screen is rules and rules.query_one("#rules-die-error").display
        dice.value = "2d6"  # the exact end: two dice never make the 1 that square 99 needs
        await pilot.press("enter")
        await pilot.pause()
        refusal = rules.query_one("#rules-refusal")
        assert app.screen is rules and refusal.display and "99" in str(refusal.render())
        rules.query_one("#rules-end-rule", Select).value = "reach"  # fixed in place: what was typed stays
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is editor)
        assert editor.board.die.text == "2d6" and editor.board.end_rule.value == "reach"
