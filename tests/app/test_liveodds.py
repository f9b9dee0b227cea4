"""The game screen's statistics source without a screen: the feed's answers, the stale snapshot,
and the controller plugging one into every game it starts."""

from chutes_tui.app.controller import TurnController
from chutes_tui.app.liveodds import LiveOdds
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import WHEN_INSTANT, instant, live_stats
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players
from tests.app.test_controller import FakeClock, RecordingView


def fresh_game(seed=3):
    """A game on a board nobody has decided is instant yet (a copy keeps nothing derived)."""
    board = load_board("standard").replace(name="not yet known instant")
    game = Game.new(board, default_players(2), seed=seed)
    live = LiveOdds()
    game.stats_source = live
    return game, live


def test_until_the_board_is_known_instant_the_feeds_answers_are_the_statistics():
    game, live = fresh_game()
    board, start = game.board, tuple(game.positions)
    assert game.stats() is None and live.snapshot(game).odds is None  # nothing worked out here
    first = live_stats(board, start, 0)  # what the feed's worker works out
    live.take(game, first, 0)
    assert game.stats() == first and game.start_odds == first.odds
    assert live.snapshot(game).odds_turn == 0 and not live.snapshot(game).stale

    turn = game.roll()
    assert tuple(game.positions) != start and turn.odds is None
    assert game.stats() is None
    assert game.snapshot().odds is None  # the game alone never shows another position's odds
    stale = live.snapshot(game)
    assert stale.stale and stale.odds_turn == 0 and stale.turn == 1
    assert stale.odds == first.odds and stale.turns_left == first.turns_left
    second = live_stats(board, game.positions, game.to_move)
    live.take(game, second, 1)
    assert game.history[0].odds == second.odds and game.odds() == second.odds
    assert not live.snapshot(game).stale

    instant(board)  # the worker decides it, from the chain it built
    game.roll()
    assert game.stats() == live_stats(board, game.positions, game.to_move)
    assert game.history[-1].odds == game.odds() and live.snapshot(game).odds_turn == 2


def test_a_finished_game_shows_no_stale_odds():
    game, live = fresh_game()
    live.take(game, live_stats(game.board, game.positions, 0), 0)
    game.play_out()
    assert game.snapshot().odds is None and live.snapshot(game).odds is None


def test_the_controller_gives_every_game_it_starts_the_feeds_source():
    game = Game.new(load_board("standard"), default_players(2), seed=1)
    assert game.stats_source is WHEN_INSTANT
    controller = TurnController(game, RecordingView(), FakeClock())
    controller.start(game)
    live = controller.live
    assert isinstance(live, LiveOdds) and game.stats_source is live
    controller.start(game)  # the same game again: what its feed answered is kept
    assert controller.live is live
    controller.rematch()
    assert controller.game is not game and controller.game.stats_source is controller.live
    assert controller.live is not live
