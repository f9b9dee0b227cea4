"""The first frame waits for nothing: the board's chain (and scipy) are built by the screen's
worker, and the first position's odds arrive from it -- on instant boards too."""

import threading

from chutes_tui.analysis import chain as chain_module
from chutes_tui.analysis.chain import CHAIN
from chutes_tui.app.app import ChutesApp
from chutes_tui.engine.live import live_stats
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import wait_for
from tests.app.test_app import shown_odds


async def test_the_chain_is_built_off_the_ui_thread_and_the_start_odds_follow(monkeypatch):
    board = load_board("standard")  # a fresh object: nothing built with it yet
    assert not board.memo.has(CHAIN)
    builders = []
    build = chain_module._build_chain

    def recorded(board):
        builders.append(threading.current_thread())
        return build(board)

    monkeypatch.setattr(chain_module, "_build_chain", recorded)
    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen.game
        await wait_for(pilot, lambda: game.start_odds is not None)
        await pilot.pause(0.05)
        assert builders and threading.main_thread() not in builders
        start = live_stats(board, [0, 0], 0)
        assert game.start_odds == start.odds
        assert shown_odds(app) == [f"{p * 100:5.1f}%".strip() for p in start.odds.win]
        # Known to be instant now: a roll's odds come with the turn, on the UI thread.
        await pilot.press("space")
        await wait_for(pilot, lambda: len(game.history) == 1 and not app.screen.controller.animating)
        assert game.history[0].odds == live_stats(board, game.positions, game.to_move).odds
