"""The flow overlay: the board shows the core's distribution after n turns for the player to
move, the slider moves n both ways, play runs it forward, and ←/→ go back to the cursor after."""

from __future__ import annotations

import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.flow import Flow
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.overlays import FLOW
from chutes_tui.app.widgets.flowbar import FlowBar
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import wait_for


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
        assert screen.overlays.kind(screen.game) == FLOW and screen.has_class("flowing")
        turns = screen.overlays.flow_turns
        screen.board.focus()  # the board's own ←/→ (its cursor) give way to the slider
        await pilot.press("right", "right", "right", "left")
        assert screen.overlays.flow_turns == turns + 2
        step = expected.at(turns + 2)
        overlay = screen.board.overlay
        assert overlay.values == {s: p for s, p in step.standing.items() if p > 0}
        finished = screen.overlays.flow_step.finished
        assert sum(overlay.values.values()) + finished == pytest.approx(1, abs=1e-13)
        bar = str(screen.query_one(FlowBar).render())
        assert f"after {turns + 2} turns" in bar and f"{step.finished:.1%}" in bar
        await pilot.press("end")
        assert screen.overlays.flow_turns == screen.overlays.flow_last
        await pilot.press("home")
        assert screen.overlays.flow_turns == 0 and screen.board.overlay.values == {square: 1.0}


async def test_play_runs_to_the_end_and_the_arrows_go_back_to_the_cursor():
    app = ChutesApp(game=_game())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a")
        last = screen.overlays.flow_last
        screen.overlays.flow_turns = last - 2  # near the end: a few frames to go
        await wait_for(pilot, lambda: screen._flow_timer is None, timeout=5)
        assert screen.overlays.flow_turns == last and 1 - screen.overlays.flow_step.finished < 1e-4
        await pilot.press("o")  # the cycle moves on: no flow, no slider
        assert not screen.has_class("flowing") and screen.board.overlay is None
        screen.board.set_cursor(33)
        screen.board.focus()
        await pilot.press("right")
        assert screen.board.cursor != 33  # the board's cursor again
