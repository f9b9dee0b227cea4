"""The setup screen offers the dice: one die, dice summed, or a spinner's weights."""

import pytest
from textual.widgets import Input, Select, Static

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from tests.app.helpers import settle, wait_for


async def test_two_dice_summed_from_the_setup_screen():
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#setup-end-rule", Select).value = "reach"  # two dice cannot make an exact 1
        setup.query_one("#setup-die", Input).value = "2d6"
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        board = app.screen.game.board
        assert board.die.text == "2d6" and board.die.values == tuple(range(2, 13))
        await pilot.press("space")
        await wait_for(pilot, lambda: len(app.screen.game.history) == 1)
        assert 2 <= app.screen.game.history[0].rolls[0].roll <= 12


async def test_bad_dice_at_setup_are_refused_once():
    """The preview under Board says why (in the error's colour); Start focuses the field and
    does not say it again under Seed. Too few dice, then too many, in one setup."""
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        field = setup.query_one("#setup-die", Input)
        for typed, reason in (
            ("0d6", "dice need at least 1 die"),
            ("1000d6", "dice may move at most 100 squares"),
        ):
            field.value = typed
            await pilot.pause()
            await pilot.press("ctrl+b")
            await pilot.pause(0.2)
            saying = [w for w in setup.query(Static) if w.display and reason in str(w.render())]
            assert app.screen is setup and [w.id for w in saying] == ["board-preview"], typed
            assert saying[0].has_class("problem") and setup.focused is field, typed


async def test_a_spinner_is_remembered_for_the_next_setup():
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        setup.query_one("#setup-die", Input).value = "1, 1, 2, 2, 3, 3"
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        chances = app.screen.game.board.die.chances
        assert chances[2] == 2 * chances[0] and chances[4] == 3 * chances[0]
    again = ChutesApp(board_name="standard")
    async with again.run_test(size=(120, 40)):
        assert again.screen.query_one("#setup-die", Input).value == "1,1,2,2,3,3"


async def _setup_after_a_game(board):
    """An app playing ``board`` (Ann and Bob), and its setup screen after n."""
    from chutes_tui.model.players import parse_player_spec

    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        yield pilot, app.screen


async def test_new_game_comes_back_with_the_rules_played():
    from chutes_tui.io.boardfile import load_board

    # tiny-10: the rules come back the same on any board, and the game's odds under bump (its
    # worker's joint chain) take 0.01 s there, 2 s on the standard board.
    board = load_board("tiny-10").replace(die="2d6", end_rule="reach", bump=True)
    async for _, setup in _setup_after_a_game(board):
        assert setup.query_one("#setup-die", Input).value == "2d6"
        assert setup.query_one("#setup-end-rule", Select).value == "reach"
        assert setup.query_one("#board-path", Input).value in ("", "tiny-10")
        assert setup.chosen_board() == board


async def test_new_game_remembers_only_the_rules_overridden():
    """Back at the setup after a game, only the rules it overrode are chosen (the test above);
    the others are the board's own: after a game on plain standard, standard-bounce picked
    next plays its own bounce, not standard's exact end."""
    from chutes_tui.io.boardfile import load_board
    from chutes_tui.model.rules import EndRule

    async for pilot, setup in _setup_after_a_game(load_board("standard")):
        assert setup.query_one("#setup-end-rule", Select).value == "board"
        assert setup.query_one("#setup-die", Input).value == ""
        setup.query_one("#board-select", Select).value = "standard-bounce"
        await pilot.pause()
        chosen = setup.chosen_board()
        assert chosen is not None and (chosen.end_rule, chosen.die.text) == (EndRule.BOUNCE, "d6")


async def _start_odds_are_the_joint_chains(board, names, seed):
    """The first odds the app shows, from its worker, are the joint chain's, as shown."""
    from chutes_tui.analysis.bump import bump_odds
    from chutes_tui.model.players import parse_player_spec
    from tests.app.test_app import shown_odds

    players = parse_player_spec(names)
    app = ChutesApp(board=board, players=players, seed=seed)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen.game
        await wait_for(pilot, lambda: game.start_odds is not None)
        await settle(pilot)
        exact = bump_odds(board, [board.start] * len(players))
        assert game.start_odds.win == pytest.approx(exact.win, abs=1e-12)
        assert shown_odds(app) == [f"{p * 100:5.1f}%".strip() for p in exact.win]


async def test_live_odds_under_the_bump_rule_are_the_joint_chains():
    from chutes_tui.io.boardfile import load_board

    await _start_odds_are_the_joint_chains(load_board("standard").replace(bump=True), "Ann,Bob", 3)


async def test_four_players_under_bump_play_on_without_live_odds():
    from chutes_tui.app.screens.game import GameScreen as Screen
    from chutes_tui.io.boardfile import load_board
    from chutes_tui.model.players import parse_player_spec

    board = load_board("standard").replace(bump=True)
    players = parse_player_spec("cpu:A,cpu:B,cpu:C,cpu:D")
    app = ChutesApp(board=board, players=players, seed=4, watch=True, speed=6)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Screen) and len(app.screen.game.history) >= 10)
        game = app.screen.game
        assert game.no_odds is not None and game.stats() is None


async def test_three_players_under_bump_get_the_joint_chains_odds_from_the_worker():
    from chutes_tui.io.boardfile import load_board

    board = load_board("tiny-10").replace(bump=True)  # 2,187 joint states: solved at once
    await _start_odds_are_the_joint_chains(board, "Ann,Bob,Cy", 2)
