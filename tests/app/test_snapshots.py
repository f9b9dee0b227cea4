"""Snapshots of the main screens (pytest-textual-snapshot). Update: pytest --snapshot-update."""

import pytest

from chutes_tui.app.app import ChutesApp
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec

SIZES = [(120, 40), (80, 24)]


def mid_game() -> Game:
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob,Cy"), seed=7)
    for _ in range(14):
        game.roll()
    return game


def finished_game() -> Game:
    game = Game.new(load_board("classic-1952"), parse_player_spec("Ann,cpu:Robo"), seed=3)
    game.play_out()
    return game


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_setup_screen(snap_compare, size):
    assert snap_compare(ChutesApp(board_name="standard"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_mid_game(snap_compare, size):
    assert snap_compare(ChutesApp(game=mid_game()), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_winner(snap_compare, size):
    assert snap_compare(ChutesApp(game=finished_game()), terminal_size=size)


async def _inspect_28(pilot):
    await pilot.press("i")
    pilot.app.screen.board.set_cursor(28)
    await pilot.pause()


def test_inspector(snap_compare):
    assert snap_compare(ChutesApp(game=two_player_game()), terminal_size=(120, 40), run_before=_inspect_28)


def two_player_game() -> Game:
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=11)
    for _ in range(8):
        game.roll()
    return game


@pytest.mark.parametrize("presses", [1, 2, 3, 4], ids=["turns-left", "visits", "p-visit", "win-chance"])
def test_overlay(snap_compare, presses):
    async def cycle(pilot):
        for _ in range(presses):
            await pilot.press("o")
        await pilot.pause()

    assert snap_compare(ChutesApp(game=two_player_game()), terminal_size=(120, 40), run_before=cycle)
