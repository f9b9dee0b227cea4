"""The editor's rules dialog: dice, end rule, extra roll and chained jumps, as undoable edits."""

import pytest
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


async def _refused(size, board, die, *ticked):
    """The rules dialog on ``board`` at ``size`` after Apply with ``die`` and ``ticked``: the
    app, the dialog and its refusal."""
    app = ChutesApp(board=load_board(board), edit=True)
    async with app.run_test(size=size) as pilot:
        _, rules = await _open_rules(pilot, app)
        rules.query_one("#rules-die", Input).value = die
        for name in ticked:
            rules.query_one(f"#rules-{name}", Checkbox).value = True
        await pilot.pause()
        assert await pilot.click("#apply")
        await pilot.pause(0.2)
        refusal = rules.query_one("#rules-refusal")
        region = refusal.region
        # Every cell of the refusal shows it: on the screen, and under no button or border.
        shown = {
            app.screen.get_widget_at(x, y)[0]
            for x in range(region.x, region.right)
            for y in range(region.y, region.bottom)
        }
        return app.screen is rules, refusal.display, str(refusal.render()), region, shown == {refusal}


@pytest.mark.parametrize(
    ("size", "board", "die", "ticked", "words"),
    [
        ((60, 20), "standard", "1", ["extra-roll"], "with a 1-sided die would make every turn endless"),
        ((80, 24), "tiny-10", "1d1", [], "jumps 4→7, 9→2 send every other landing back)"),
    ],
)
async def test_a_refusal_is_read_whole_above_the_buttons(size, board, die, ticked, words):
    still_open, displayed, text, region, whole = await _refused(size, board, die, *ticked)
    assert still_open and displayed and text.endswith(words)
    assert region.height >= 2 and region.bottom <= size[1] and whole


async def test_a_refusal_goes_when_a_field_changes():
    app = ChutesApp(board=load_board("standard"), edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        _, rules = await _open_rules(pilot, app)
        extra = rules.query_one("#rules-extra-roll", Checkbox)
        rules.query_one("#rules-die", Input).value = "1"
        extra.value = True
        await pilot.pause()
        assert await pilot.click("#apply")
        await pilot.pause()
        refusal = rules.query_one("#rules-refusal")
        assert refusal.display and "endless" in str(refusal.render())
        extra.value = False  # its cause undone: the reason goes before Apply
        await pilot.pause()
        assert not refusal.display
        dice = rules.query_one("#rules-die", Input)
        dice.value = "0,0"
        dice.focus()
        await pilot.pause()  # the change is seen (and clears what it clears) before Apply
        await pilot.press("enter")
        await pilot.pause()
        error = rules.query_one("#rules-die-error")
        assert error.display and "positive weight" in str(error.render())
        dice.value = "2d6"  # typed again: the field's own reason goes too
        await pilot.pause()
        assert not error.display


async def test_the_editors_edge_comes_from_a_worker_when_its_series_runs_long(monkeypatch):
    """The editor summed the first player's edge on the UI thread after every edit: under the
    rule table's sample rules, 16 s frozen after Apply. Past a budget (here none) the figure
    says it is being worked out, and the worker's figure replaces it, equal to edit_stats'."""
    from chutes_tui.analysis.reports import edit_stats
    from chutes_tui.app import editfigures

    monkeypatch.setattr(editfigures, "EDGE_BUDGET", 0.0)
    board = load_board("standard")
    app = ChutesApp(board=board, edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        figures = app.screen.query_one("#editor-stats")
        edge = edit_stats(board, board).first_player_advantage
        said = f"The first of two players wins {0.5 + edge:.2%} ({100 * edge:+.2f} points"
        await wait_for(pilot, lambda: said in str(figures.render()))
        assert "Expected length: 39.598" in str(figures.render())


async def test_a_random_board_fits_a_small_board():
    """R on tiny-10 was refused ("19 jumps need 38 distinct squares; a 10-square board has
    9"): it draws the standard board's jumps per 100 squares, here one ladder and one chute."""
    app = ChutesApp(board=load_board("tiny-10"), edit=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        editor = app.screen
        opened = editor.board
        await pilot.press("R")
        await wait_for(pilot, lambda: editor.board is not opened)
        assert (len(editor.board.ladders), len(editor.board.chutes)) == (1, 1)
        assert editor.board.end == 10 and "Refused" not in str(editor.query_one("#editor-status").render())


async def test_esc_lets_go_of_a_marked_tail_or_a_picked_up_end_before_leaving():
    """Esc with a jump end picked up (m) left `chutes-tui edit` at once, the end still in hand;
    it lets go of it first (and of a tail marked with t), as it takes an overlay off in a game."""
    app = ChutesApp(board=load_board("standard"), edit=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        editor = app.screen
        for key, held in (("m", "moving"), ("t", "tail")):
            editor.view.set_cursor(51)  # the foot of the ladder 51→67
            await pilot.press(key)
            assert getattr(editor, held) == 51
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is editor and getattr(editor, held) is None, key
            assert "Let go" in str(editor.query_one("#editor-status").render())
        assert editor.board == load_board("standard")  # nothing moved
        await pilot.press("escape")  # then Esc leaves, here the app
        await wait_for(pilot, lambda: not app.is_running)
