"""The app playing a game under issue 26's turn rules (a board built in Python: no surface offers
them yet): pieces move as the engine's game, the log says what each rule did, the board marks
the squares with a role and keys them, the inspector says what a square does, and the odds say
they are not computed yet; at 60x20, 80x24 and 160x50."""

import pytest
from textual.widgets import Static

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.widgets.status import StatusPanel
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game
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


async def test_the_status_says_the_odds_wait_and_the_inspector_what_a_square_does():
    app = ChutesApp(board=RULES, players=parse_player_spec("Ann,Bob"), seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await settle(pilot)
        assert "odds: not computed for these rules yet" in str(screen.query_one(StatusPanel).content)
        await pilot.press("i")
        await settle(pilot)
        assert screen.has_class("inspecting")
        for square, words in (
            (12, "Miss a turn: a piece that comes to rest here skips its next turn."),
            (15, "Throw again: coming to rest here gives another roll."),
            (27, "The goal: coming to rest here wins the game."),
            (29, "A chute to 9."),
        ):
            screen.board.set_cursor(square)
            await settle(pilot)
            text = str(screen.query_one("#inspect-text", Static).content)
            assert f"Square {square}" in text and words in text
            assert "not computed for these rules yet" in text
        await pilot.press("o")  # an overlay: refused with a note, never a crash
        await settle(pilot)
        assert screen.stats.overlays.chosen is None


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


async def test_what_the_analysis_gives_is_refused_with_a_note_not_an_error():
    app = ChutesApp(board=RULES, players=parse_player_spec("Ann,Bob"), seed=SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await pilot.press("space")
        await wait_for(pilot, lambda: len(screen.game.history) == 1 and not screen.controller.animating)
        for key, words in (
            ("x", "Exact fractions: not computed for these rules yet."),
            ("a", "Statistics: not computed for these rules yet"),
            ("d", "Statistics: not computed for these rules yet"),
            ("o", "Statistics: not computed for these rules yet"),
            ("e", "The editor: not offered for these rules yet"),
        ):
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is screen, key
            assert words in str(list(app._notifications)[-1].message), key
