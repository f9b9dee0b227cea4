"""Issue 23 (7): a long ``watch --loop`` must not grow. Every position a game reaches has its
live odds worked out and kept with the board's chain; the cache keeps the most recent ones only."""

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.limits import ODDS_CACHE_SIZE
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import LIVE_STATS, live_stats
from chutes_tui.model.players import default_players

# Distinct positions a three-player `watch --speed max --loop` meets in about a minute.
A_MINUTE = 3_000


def test_watched_games_keep_a_bounded_number_of_positions_odds(standard):
    board = standard.replace(name="a long watch")  # its own chain, so its own cache
    game = Game.new(board, default_players(3), seed=23)
    seen: set[tuple[tuple[int, ...], int]] = set()
    games = 0
    while len(seen) < A_MINUTE:
        turn = game.roll()  # records the odds after the turn (instant on the standard board)
        assert turn.odds is not None
        last = (tuple(game.positions), game.to_move)  # the odds this roll recorded
        seen.add(last)
        if game.finished:
            game, games = game.rematch(), games + 1
    kept = build_chain(board).memo.peek(LIVE_STATS)
    assert kept is not None
    assert games > 20
    assert len(kept) == ODDS_CACHE_SIZE < len(seen)  # bounded: full, and not every position seen
    # The newest position is still there (the panels ask for it again): the same object comes back.
    # (The position after the last roll: when that roll won, the rematch that follows stands at
    # the start, whose odds may have left the cache long ago; the rematch's seed is fresh, so
    # which roll comes last varied from run to run.)
    assert kept.get(last) is live_stats(board, *last)


def test_recent_drops_the_least_recently_used():
    from chutes_tui.model.memo import Recent

    recent: Recent[str, int] = Recent(2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "a" is now the most recent
    recent.put("c", 3)
    assert len(recent) == 2 and recent.get("b") is None
    assert recent.get("a") == 1 and recent.get("c") == 3
    recent.put("a", 4)  # a new value for a key kept: still two
    assert len(recent) == 2 and recent.get("a") == 4
