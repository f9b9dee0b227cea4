"""Two players with decisions under the bump rule who may send each other back for ever are
refused by the setup screen; a duel solve under way does not hold up quitting (issue 27)."""

import numpy as np
from textual.widgets import Input, Static

from chutes_tui.analysis import duel
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.engine.advice import solver_lock
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from chutes_tui.model.ruletable import DICE_CHOICE, EFRON
from tests.app.helpers import settle, text_of, wait_for

ENDLESS = """name = "tiny-10 endless"
squares = 10
die = 6
end_rule = "reach"
ladders = [[4, 7]]
chutes = [[9, 2]]
chain_jumps = true
bump = true
dice_choice = [[4, 4, 4, 4, 0, 0], [3, 3, 3, 3, 3, 3], [6, 6, 2, 2, 2, 2], [5, 5, 5, 1, 1, 1]]
after_roll = "flip"
pawns = 2
"""


async def test_the_setup_refuses_two_players_who_may_send_each_other_back_for_ever(private_dirs):
    path = private_dirs / "endless.toml"
    path.write_text(ENDLESS)
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#board-path", Input).value = str(path)
        await pilot.pause()
        await pilot.press("ctrl+b")  # Play: you and a computer, the first time
        error = setup.query_one("#setup-error", Static)
        await wait_for(pilot, lambda: "send each other back for ever" in text_of(error.content))
        assert app.screen is setup


async def test_quitting_stops_a_duel_solve_under_way(monkeypatch):
    # A solve that would run its 20,000 sweeps (noise never settles): quitting cancels the
    # screen's workers, and the sweeps stop at the next one, letting go of the board's solver.
    rng = np.random.default_rng(0)
    sweeps = []
    original = duel.die_values

    def never_settling(model, table, *rest):  # a sweep's work, and noise
        sweeps.append(1)
        return original(model, table, *rest) * rng.random()

    monkeypatch.setattr(duel, "die_values", never_settling)
    board = load_board("tiny-10").replace(
        dice_choice=DICE_CHOICE.kind.parse(EFRON, "dice"), after_roll="flip", pawns=2
    )
    app = ChutesApp(board=board, players=parse_player_spec("Ann,cpu:best"), seed=1, play_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and len(sweeps) > 10)
        lock = solver_lock(app.screen.game.board)
        app.workers.cancel_node(app.screen)  # what removing the screen on quit does
        app.screen.feed.close()

        def let_go() -> bool:
            if lock.acquire(blocking=False):
                lock.release()
                return True
            return False

        await wait_for(pilot, let_go, timeout=5)
        stopped_at = len(sweeps)
        await pilot.press("ctrl+q")
    assert stopped_at < 20_000
