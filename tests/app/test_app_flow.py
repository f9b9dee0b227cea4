"""The flow overlay: the board shows the core's distribution after n turns for the player to
move, the slider moves n both ways, play runs it forward, and ←/→ go back to the cursor after."""

from __future__ import annotations

import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.flow import Flow
from chutes_tui.analysis.overlays import OverlayKind
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.widgets.flowbar import FlowBar
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for


def _game() -> Game:
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=11)
    for _ in range(5):
        game.roll()
    return game


async def test_the_flow_shows_the_cores_distribution_after_n_turns():
    game = _game()
    square = game.positions[game.to_move]
    expected = Flow(build_chain(game.board), square)
    app = ChutesApp(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "a")  # show the flow (it starts playing) and pause it
        assert screen.stats.overlays.kind(screen.game) is OverlayKind.FLOW and screen.has_class("flowing")
        turns = screen.stats.overlays.flow_turns
        screen.board.focus()  # < and > move the flow's turn (the arrows stay the cursor's)
        await pilot.press("greater_than_sign", "greater_than_sign", "greater_than_sign", "less_than_sign")
        assert screen.stats.overlays.flow_turns == turns + 2
        step = expected.at(turns + 2)
        overlay = screen.board.overlay
        assert overlay.values == {s: p for s, p in step.standing.items() if p > 0}
        finished = screen.stats.overlays.flow_step.finished
        assert sum(overlay.values.values()) + finished == pytest.approx(1, abs=1e-13)
        bar = str(screen.query_one(FlowBar).render())
        assert f"after {turns + 2} turns" in bar and f"{step.finished:.1%}" in bar
        await pilot.press("end")
        assert screen.stats.overlays.flow_turns == screen.stats.overlays.flow_last
        await pilot.press("home")
        assert screen.stats.overlays.flow_turns == 0 and screen.board.overlay.values == {square: 1.0}


async def test_play_runs_to_the_end_and_the_arrows_go_back_to_the_cursor():
    app = ChutesApp(game=_game())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a")
        last = screen.stats.overlays.flow_last
        screen.stats.overlays.flow_turns = last - 2  # near the end: a few frames to go
        await wait_for(pilot, lambda: not screen.stats.flow.playing, timeout=5)
        assert (
            screen.stats.overlays.flow_turns == last and 1 - screen.stats.overlays.flow_step.finished < 1e-4
        )
        await pilot.press("o")  # the cycle moves on: no flow, no slider
        assert not screen.has_class("flowing") and screen.board.overlay is None
        screen.board.set_cursor(33)
        screen.board.focus()
        await pilot.press("right")
        assert screen.board.cursor != 33  # the board's cursor again


async def test_after_a_win_there_is_no_flow_and_the_app_goes_on():
    """tiny-10, Ann and Bob, seed 1: Bob wins; Esc closes the winner's dialog, then 'a' asked
    for the flow from the winner's square (the end: no turn starts there) and the app died."""
    game = Game.new(load_board("tiny-10"), parse_player_spec("Ann,Bob"), seed=1)
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("o")  # an overlay on, kept through the game
        while not game.finished:
            await pilot.press("space")
            await wait_for(pilot, lambda: not screen.controller.animating)
        await settle(pilot)
        await pilot.press("escape", "a")
        await settle(pilot)
        assert app._exception is None and app.screen is screen
        assert not screen.has_class("flowing") and screen.stats.overlays.kind(game) is not OverlayKind.FLOW
        assert "no flow" in " ".join(str(n.message) for n in app._notifications)


@pytest.mark.parametrize("keys", [["o"] * 4, ["a"]], ids=["win chance", "flow"])
async def test_an_overlay_of_the_player_to_move_survives_the_win_and_returns(keys):
    """Watch --loop with the win-chance overlay (the fourth) on when someone won: the overlays
    offered shrank, and the fourth one became the flow from the winner's square (a crash)."""
    game = Game.new(load_board("tiny-10"), parse_player_spec("cpu:Ann,cpu:Bob"), seed=1)
    app = ChutesApp(game=game, watch=True, loop=True, speed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("p", *keys)  # paused, the overlay chosen
        chosen = screen.stats.overlays.kind(game)
        assert chosen is not None
        await pilot.press("p")
        await wait_for(pilot, lambda: game.finished)
        # The win is shown once the last move's animation ends (a loaded machine takes longer
        # than one pause): nobody is to move, so no overlay, while the next game is 1.5 s away.
        await wait_for(pilot, lambda: screen.board.overlay is None or screen.game is not game)
        assert app._exception is None and screen.game is game and screen.board.overlay is None
        await wait_for(pilot, lambda: screen.game is not game)  # the loop's next game
        # The overlay chosen comes back (a tiny board's game at speed 5 is over in a second: the
        # condition, not a time, or a loaded machine sees the next win).
        await wait_for(pilot, lambda: screen.board.overlay is not None)
        assert screen.stats.overlays.kind(screen.game) == chosen and app._exception is None
