"""The setup screen offers the dice: one die, dice summed, or a spinner's weights."""

from textual.widgets import Input, Select

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from tests.app.helpers import wait_for


async def test_two_dice_summed_from_the_setup_screen():
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#end-rule", Select).value = "reach"  # two dice cannot make an exact 1
        setup.query_one("#die-sides", Input).value = "2d6"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        board = app.screen.game.board
        assert board.die.text == "2d6" and board.die.values == tuple(range(2, 13))
        await pilot.press("space")
        await wait_for(pilot, lambda: len(app.screen.game.history) == 1)
        assert 2 <= app.screen.game.history[0].rolls[0].roll <= 12


async def test_a_spinner_is_remembered_for_the_next_setup():
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        setup.query_one("#die-sides", Input).value = "1, 1, 2, 2, 3, 3"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        chances = app.screen.game.board.die.chances
        assert chances[2] == 2 * chances[0] and chances[4] == 3 * chances[0]
    again = ChutesApp(board_name="standard")
    async with again.run_test(size=(120, 40)):
        assert again.screen.query_one("#die-sides", Input).value == "1,1,2,2,3,3"
