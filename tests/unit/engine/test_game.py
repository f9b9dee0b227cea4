import json

import pytest

from chutes_tui.analysis import build_chain, seat_odds, two_player_table
from chutes_tui.engine.game import Game, GameError
from chutes_tui.io.atomic import atomic_write_text
from chutes_tui.io.saves import SaveError, parse_save
from chutes_tui.model.inputs import InputError
from chutes_tui.model.players import default_players, parse_player_spec


@pytest.fixture
def game(standard):
    return Game.new(standard, default_players(3), seed=2024)


def test_seeded_games_are_reproducible(standard):
    a = Game.new(standard, default_players(3), seed=7)
    b = Game.new(standard, default_players(3), seed=7)
    assert a.play_out() == b.play_out()
    assert [[m.roll for m in t.rolls] for t in a.history] == [[m.roll for m in t.rolls] for t in b.history]


def test_turns_follow_the_rules(game):
    board = game.board
    while not game.finished:
        seat, before = game.to_move, game.positions[game.to_move]
        turn = game.roll()
        assert turn.seat == seat and turn.start == before
        assert game.positions[seat] == turn.final
        assert 1 <= turn.rolls[0].roll <= board.die.sides
        assert len(turn.rolls) == 1  # no extra-roll rule on this board
    assert game.positions[game.winner] == board.end
    assert sum(1 for p in game.positions if p == board.end) == 1
    with pytest.raises(GameError, match="over"):
        game.roll()


def test_odds_after_each_turn_are_the_cores(game):
    chain = build_chain(game.board)
    for _ in range(15):
        turn = game.roll()
        expected = seat_odds(chain, game.positions, game.to_move)
        assert turn.odds.win == pytest.approx(expected.win, abs=1e-13)
        assert sum(turn.odds.win) == pytest.approx(1.0, abs=1e-12)
        assert turn.odds.expected_total_moves == expected.expected_total_moves


def test_two_player_odds_come_from_the_table(standard):
    game = Game.new(standard, default_players(2), seed=3)
    table = two_player_table(build_chain(standard))
    for _ in range(10):
        game.roll()
        mover, other = game.to_move, 1 - game.to_move
        assert game.odds().win[mover] == table.probability(game.positions[mover], game.positions[other])


def test_summary(game):
    game.play_out()
    summary = game.summary()
    assert summary.winner == game.winner and summary.turns == len(game.history)
    for (name, turns, ladders, chutes), player in zip(summary.per_player, game.players, strict=True):
        assert name == player.spec.name and turns == player.turns
        taken = [m for t in game.history if game.players[t.seat] is player for m in t.rolls]
        assert ladders == sum(m.jump == "ladder" for m in taken)
        assert chutes == sum(m.jump == "chute" for m in taken)
    swing = summary.biggest_swing
    assert swing is not None and not swing.turn.won
    for turn, before in zip(game.history, game.odds_history, strict=False):
        if not turn.won:
            assert (
                max(abs(a - b) for a, b in zip(turn.odds.win, before.win, strict=True))
                <= abs(swing.after - swing.before) + 1e-15
            )


def test_turn_log_text(standard):
    game = Game.new(standard, parse_player_spec("Ann,Bob"), seed=1)
    turn = game.roll()
    assert turn.describe("Ann").startswith(f"Ann rolled {turn.rolls[0].roll}: 0 → ")


def test_extra_roll_turns_can_hold_several_rolls(standard):
    game = Game.new(standard.replace(extra_roll=True), default_players(2), seed=11)
    game.play_out()
    multi = [t for t in game.history if len(t.rolls) > 1]
    assert multi and all(m.roll == 6 for t in multi for m in t.rolls[:-1])


def test_save_and_resume_continue_identically(game, tmp_path):
    for _ in range(17):
        game.roll()
    path = tmp_path / "game.json"
    game.save(path)
    resumed = Game.load(path)
    assert resumed.positions == game.positions and resumed.to_move == game.to_move
    assert [t.odds for t in resumed.history] == [t.odds for t in game.history]
    game.play_out()
    resumed.play_out()
    assert [[m.roll for m in t.rolls] for t in resumed.history] == [
        [m.roll for m in t.rolls] for t in game.history
    ]
    assert resumed.winner == game.winner


def test_tampered_positions_are_refused(game):
    game.roll()
    data = game.saved().to_json()
    data["positions"][0] += 1
    with pytest.raises(SaveError, match="do not lead"):
        Game.from_saved(parse_save(json.loads(json.dumps(data))))


def test_atomic_write_keeps_the_old_file_when_interrupted(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    path.write_text("old")

    def explode(*args):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", explode)
    with pytest.raises(OSError):
        atomic_write_text(path, "new contents")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_player_specs():
    players = parse_player_spec("Ann, Bob ,cpu:Robo")
    assert [(p.name, p.human) for p in players] == [("Ann", True), ("Bob", True), ("Robo", False)]
    assert len({p.token for p in players}) == 3
    for bad in ("", "a,,b", ",".join("x" * 13), "x" * 41, "a\x1b[31m"):
        with pytest.raises(InputError):
            parse_player_spec(bad)
    with pytest.raises(InputError):
        default_players(13)


def test_twelve_players_each_have_their_own_token_colour_and_name():
    players = default_players(12)
    for field in ("token", "color", "name"):
        assert len({getattr(p, field) for p in players}) == 12
    assert len(parse_player_spec(",".join("abcdefghijkl"))) == 12


def test_rematch_keeps_players_and_board(game):
    game.play_out()
    again = game.rematch(seed=5)
    assert again.board == game.board and [p.spec for p in again.players] == [p.spec for p in game.players]
    assert again.positions == [game.board.start] * 3 and not again.history


def test_one_player_game(tiny):
    game = Game.new(tiny, default_players(1), seed=0)
    assert game.play_out() == 0
    assert game.odds().win == (1.0,)


def test_atomic_write_gives_ordinary_permissions(tmp_path):
    import os

    fresh = tmp_path / "fresh.json"
    atomic_write_text(fresh, "x")
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    kept.chmod(0o640)
    atomic_write_text(kept, "new")
    assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text() == "new"


def test_large_boards_work_out_live_statistics_on_request():
    """Issue 13: no board is too large for live odds; where they are not instant a front end
    works them out (off its UI thread, see tests/app/test_liveodds.py) and the game keeps them
    with the turns."""
    from chutes_tui.analysis import build_chain, expected_turns, seat_odds
    from chutes_tui.analysis.limits import LIVE_ODDS_MAX_STATES
    from chutes_tui.engine.live import live_stats
    from chutes_tui.model.generate import random_board

    huge = random_board(4, squares=3_000, ladders=100, chutes=100)
    assert len(huge.standable_squares) > LIVE_ODDS_MAX_STATES
    game = Game.new(huge, default_players(2), seed=1)
    assert not game.instant and game.odds() is None and game.snapshot().turns_left is None
    for _ in range(5):
        game.roll()
    assert all(turn.odds is None for turn in game.history)
    stats = live_stats(huge, game.positions, game.to_move)
    game.record_odds(len(game.history), stats.odds)
    assert game.history[-1].odds == stats.odds and game.odds_history[-1] == stats.odds
    assert game.history[-2].odds is None and game.odds() is None  # the game works nothing out
    first = live_stats(huge, [huge.start] * 2, 0)
    game.record_odds(0, first.odds)
    game.record_odds(len(game.history), first.odds)  # a turn's odds, once known, stay
    assert game.odds_history == [first.odds, None, None, None, None, stats.odds]
    fresh = build_chain(huge.replace(name="the same board"))
    exact = seat_odds(fresh, game.positions, game.to_move)
    assert stats.odds.win == pytest.approx(exact.win, abs=1e-9)
    mean = expected_turns(fresh)
    assert stats.turns_left == pytest.approx([mean[fresh.row(s)] for s in game.positions], rel=1e-9)
    game.play_out()
    summary = game.summary()
    assert summary.winner == game.winner


def test_live_statistics_stop_when_asked_and_the_series_stay_whole():
    from chutes_tui.analysis import build_chain, seat_odds
    from chutes_tui.engine.live import StopRequested, live_stats
    from chutes_tui.model.generate import random_board

    board = random_board(5, squares=3_000, ladders=100, chutes=100)
    asked = []

    def stop() -> bool:
        asked.append(True)
        return len(asked) >= 2  # at the second progress report

    with pytest.raises(StopRequested):
        live_stats(board, [board.start, 40], 0, stop=stop)
    again = live_stats(board, [board.start, 40], 0)  # goes on from the series kept so far
    fresh = seat_odds(build_chain(board.replace(name="untouched")), [board.start, 40], 0)
    assert again.odds.win == pytest.approx(fresh.win, abs=1e-9)


def test_a_kill_mid_save_never_leaves_a_broken_file(tmp_path):
    """Save in a loop in another process and kill it at random moments: the file on disk is
    always a whole save that loads."""
    import random
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "game.json"
    script = (
        "import sys\n"
        "from chutes_tui.io.boardfile import load_board\n"
        "from chutes_tui.engine.game import Game\n"
        "from chutes_tui.model.players import default_players\n"
        "game = Game.new(load_board('standard'), default_players(4), seed=1)\n"
        "first = True\n"
        "while True:\n"
        "    game.roll() if not game.finished else None\n"
        "    game = game if not game.finished else game.rematch(seed=2)\n"
        f"    game.save({str(path)!r})\n"
        "    if first:\n"
        "        print('ready', flush=True)\n"
        "        first = False\n"
    )
    rng = random.Random(5)
    for _ in range(4):
        process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        # Kill only once the child has saved at least once: a slow machine may take seconds
        # to import numpy and scipy, and a kill before the first save proves nothing.
        assert process.stdout.readline().strip() == "ready"
        time.sleep(rng.random() * 0.4)
        process.send_signal(signal.SIGKILL)
        process.wait()
        process.stdout.close()
        assert path.exists()
        Game.load(path)  # whole, valid, and it replays
        leftovers = [p.name for p in tmp_path.iterdir() if p.name != "game.json"]
        assert all(name.startswith(".game.json.") for name in leftovers)  # only temp files
