"""The app playing a game under issue 26's turn rules: pieces move as the engine's game, the log
says what each rule did, the board marks the squares with a role and keys them, the inspector
says what a square does beside its statistics, and the odds, the overlays, the flow, the
diagonal and the exact fraction come from the extended chain; at 60x20, 80x24 and 160x50."""

import pytest
from textual.widgets import Static

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.widgets.status import StatusPanel
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for

RULES = Board(
    name="rules",
    end=30,
    goal=27,
    jumps=((3, 11), (8, 14), (19, 26), (29, 9), (17, 4)),
    enter_faces=(5, 6),
    extra_roll=True,
    streak_limit=2,
    streak_penalty="start",
    width=6,
    miss_turn=(12, 20),
    throw_again=(6, 15),
)
SEED = 4  # its game (see test_the_seeds_game): penalties, skipped turns, failed entries, a win


def test_the_seeds_game():
    game = Game.new(RULES, parse_player_spec("Ann,Bob"), seed=SEED)
    game.play_out()
    said = "\n".join(turn.describe("X") for turn in game.history)
    assert len(game.history) == 18 and game.winner == 1 and game.positions[1] == 27
    for words in ("two sixes: back to 0", "does not enter", "misses a turn", "and misses the next turn"):
        assert words in said


def board_lines(screen):
    board = screen.query_one(BoardView)
    return [board.render_line(y).text for y in range(board.size.height)]


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (160, 50)])
async def test_a_person_plays_the_rules_game_to_its_end(size):
    expected = Game.new(RULES, parse_player_spec("Ann,Bob"), seed=SEED)
    positions = []  # after each turn
    while not expected.finished:
        expected.roll()
        positions.append(expected.positions)
    app = ChutesApp(board=RULES, players=parse_player_spec("Ann,Bob"), seed=SEED, speed=4)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        for played in range(1, 19):
            await pilot.press("space")
            await wait_for(pilot, lambda n=played: len(screen.game.history) == n)
            if played < 18:
                await wait_for(pilot, lambda: not screen.controller.animating)
                assert screen.query_one(BoardView).positions == positions[played - 1]
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        game = app.screen_stack[-2].game
        assert [t.faces for t in game.history] == [t.faces for t in expected.history]
        log = app.screen_stack[-2].query_one(TurnLog).lines
        penalty = "Bob rolled 6: 0 → 6 (throw again), then rolled 6: two sixes: back to 0"
        assert any(penalty in line for line in log)
        assert any(line.endswith("misses a turn") for line in log)
        assert any("and misses the next turn" in line for line in log)
        assert any("— wins!" in line for line in log)


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (160, 50)])
async def test_the_board_marks_and_keys_the_squares_with_a_role(size):
    app = ChutesApp(board=RULES, players=parse_player_spec("Ann,Bob"), seed=SEED)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = "\n".join(board_lines(app.screen))
        for mark in ("27⌂", "12‖", "20‖", "6↻", "15↻"):
            assert mark in text
        assert "⌂ goal 27 · ‖ miss a turn · ↻ throw again" in text or "⌂ goal 27 · ‖ miss a t" in text
        assert "30⌂" not in text  # the end square is ordinary: the goal is 27


@pytest.mark.parametrize(("size", "key"), [((64, 20), "goal 68"), ((160, 50), "⌂ goal 68")])
async def test_a_board_too_narrow_for_the_marks_keys_the_squares_instead(size, key):
    """Leela at 64×20 (the board beside the panels): no cell has room for ⌂ after "68", so the
    key names the goal's square instead of a mark the board does not show (it listed them)."""

    app = ChutesApp(board=load_board("leela"), players=parse_player_spec("Ann,Bob"), seed=SEED)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = "\n".join(board_lines(app.screen))
        assert key in text and ("⌂" in text) == (key.startswith("⌂"))


async def test_the_status_gives_the_odds_and_the_inspector_what_a_square_does():
    app = ChutesApp(board=RULES, players=parse_player_spec("Ann,Bob"), seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        # The worker sets the game's statistics before the status shows them: wait for the status.
        await wait_for(pilot, lambda: "more turns" in str(screen.query_one(StatusPanel).content))
        assert screen.game.stats() is not None
        assert "not computed" not in str(screen.query_one(StatusPanel).content)
        await pilot.press("i")
        await settle(pilot)
        assert screen.has_class("inspecting")
        for square, words in (
            (12, "Miss a turn: a piece that comes to rest here skips its next turn."),
            (27, "The goal: coming to rest here wins the game."),
            (29, "Square 29 — a chute to 9 (its statistics)"),
        ):
            screen.board.set_cursor(square)
            await settle(pilot)
            text = str(screen.query_one("#inspect-text", Static).content)
            assert f"Square {square}" in text and words in text
            assert "Turns left" in text and "not computed" not in text
        screen.board.set_cursor(15)  # no turn ends there: what it does, and why no statistics
        await settle(pilot)
        text = str(screen.query_one("#inspect-text", Static).content)
        assert "Throw again: coming to rest here gives another roll. No turn ends on square 15" in text


async def test_watching_the_rules_game_at_full_speed_reaches_the_engines_winner():
    expected = Game.new(RULES, parse_player_spec("cpu:A,cpu:B,cpu:C"), seed=7).play_out()
    app = ChutesApp(board=RULES, players=parse_player_spec("cpu:A,cpu:B,cpu:C"), seed=7, watch=True, speed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        game = app.screen_stack[-2].game
        assert game.winner == expected
        await pilot.press("v")  # the review steps through the turns, a skipped one too
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        skipped = next(t.number for t in game.history if t.skipped)
        while review.turn > skipped:
            await pilot.press("left")
        await settle(pilot)
        assert review.review.moments[review.turn].last.skipped
        assert "misses a turn" in str(review.query_one("#review-bar", Static).content)


async def test_what_the_analysis_gives_comes_from_the_extended_chain():
    from chutes_tui.analysis import build_chain, expected_turns
    from chutes_tui.app.dialogs.exact import ExactScreen
    from chutes_tui.app.screens.diagonal import DiagonalScreen
    from chutes_tui.exact.fractions import fraction_text
    from chutes_tui.exact.two_player import exact_two_player

    app = ChutesApp(board=RULES, players=parse_player_spec("Ann,Bob"), seed=SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await pilot.press("space")
        await wait_for(pilot, lambda: len(screen.game.history) == 1 and not screen.controller.animating)
        game = screen.game
        await pilot.press("o")  # the first overlay: turns left, the extended chain's
        await settle(pilot)
        chain = build_chain(RULES)
        overlay = screen.query_one(BoardView).overlay
        assert overlay is not None and overlay.values[0] == pytest.approx(expected_turns(chain)[chain.row(0)])
        assert overlay.values[27] == 0.0  # the goal, not the end square
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ExactScreen))
        mover, other = game.odds_positions[game.to_move], game.odds_positions[1 - game.to_move]
        fraction = fraction_text(exact_two_player(RULES).probability(mover, other))
        assert app.screen.fraction == fraction
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, DiagonalScreen))


async def test_the_inspector_on_leela_says_a_six_rolls_again():
    """Leela: every 6 rolls again, and only a 6 enters. The inspector's rolls say both (they said
    neither: a 6 looked like any other roll, and a face that cannot enter 'needs an exact roll')."""
    leela = load_board("leela")
    app = ChutesApp(board=leela, players=parse_player_spec("Ann,Bob"), seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("i")
        await settle(pilot)
        screen.board.set_cursor(10)  # a ladder's tail: the rolls of where it sends you, 23
        await settle(pilot)
        text = str(screen.query_one("#inspect-text", Static).content)
        assert "Each roll from 23 leads to (* by a jump, ↻ then rolls again): 1→7*  2→25  3→26" in text
        assert "6→6*↻" in text and "5→50*" in text and "5→50*↻" not in text
