"""Review, play-on and replay (engine/review.py) against the engine itself."""

import dataclasses

import pytest

from chutes_tui.engine.game import Game
from chutes_tui.engine.live import live_stats
from chutes_tui.engine.review import SWINGS, Review, check_replay, play_on
from chutes_tui.engine.turn import Swing
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.saves import SaveError, parse_save, read_save
from chutes_tui.model.players import default_players


def finished(board, seed=7, players=2):
    game = Game.new(board, default_players(players), seed=seed)
    game.play_out()
    return game


def test_every_moment_is_where_the_engine_stood(standard):
    """Replaying the game roll by roll, each moment's positions and mover are the engine's."""
    game = finished(standard, players=3)
    review = Review(game)
    again = Game.new(standard, [p.spec for p in game.players], game.seed)
    assert review.moments[0].positions == (0, 0, 0) and review.last == len(game.history)
    for turn in game.history:
        again.roll(move.roll for move in turn.rolls)
        moment = review.moments[turn.number]
        assert moment.positions == tuple(again.positions)
        assert moment.to_move == again.to_move and moment.last is turn
    assert review.moments[-1].winner == game.winner


def test_bumped_pieces_go_back_to_the_start_in_the_moments():
    board = dataclasses.replace(load_board("standard"), bump=True)
    for seed in range(40):
        game = finished(board, seed=seed)
        if any(turn.bumped for turn in game.history):
            break
    else:
        pytest.fail("no bump in 40 games")
    review = Review(game)
    for turn in game.history:
        for seat in turn.bumped:
            assert review.moments[turn.number].positions[seat] == board.start


def test_odds_at_each_turn_are_the_live_statistics_there(standard):
    game = finished(standard, seed=11)
    review = Review(game)
    for k in (0, 5, 13, review.last - 1):
        moment = review.moments[k]
        expected = live_stats(standard, moment.positions, moment.to_move)
        snapshot = review.snapshot(k)
        assert snapshot.odds == expected.odds and snapshot.turns_left == expected.turns_left
        assert snapshot.turn == k and snapshot.positions == moment.positions and not snapshot.stale


def test_missing_odds_are_worked_out_and_taken(standard):
    game = finished(standard, seed=11)
    # As on a board whose odds are not instant: the game recorded none after turn 3.
    game.history = [dataclasses.replace(t, odds=None) if t.number > 3 else t for t in game.history]
    review = Review(game)
    assert review.wanted(0) == 4  # the turn shown is known (instant here); the first missing next
    stats = review.work(4)
    review.take(4, stats)
    assert review.odds[4] == stats.odds and review.wanted(0) == 5


def test_swings_are_the_largest_and_the_summary_names_the_first(standard):
    game = finished(standard, seed=11)
    review = Review(game)
    marked = review.swings()
    assert len(marked) == SWINGS
    assert [s.turn.number for s in marked] == sorted(s.turn.number for s in marked)
    odds = game.odds_history
    sizes = sorted(
        (max(abs(a - b) for a, b in zip(odds[t.number].win, odds[t.number - 1].win, strict=True)), t.number)
        for t in game.history
        if not t.won
    )
    assert {s.turn.number for s in marked} == {number for _, number in sizes[-SWINGS:]}
    assert game.summary().biggest_swing == max(marked, key=Swing.size)
    first = marked[0].turn.number
    assert review.next_swing(0) == first and review.next_swing(marked[-1].turn.number) == first
    assert review.next_swing(first) == marked[1].turn.number


def test_play_on_starts_at_that_position_with_fresh_dice(standard):
    game = finished(standard, seed=11, players=3)
    new = play_on(game, 12)
    moment = Review(game).moments[12]
    assert new.seed != game.seed and new.seeded_from == 12 and not new.finished
    assert tuple(new.positions) == moment.positions and new.to_move == moment.to_move
    assert new.board is game.board and [p.spec for p in new.players] == [p.spec for p in game.players]
    assert [t.rolls for t in new.history] == [t.rolls for t in game.history[:12]]
    new.play_out()
    # The new game saves and loads, and replays exactly: its own dice from turn 13 on.
    saved = new.saved()
    assert saved.seeded_from == 12
    again = parse_save(saved.to_json())
    assert again == saved and check_replay(again).matches
    assert Game.from_saved(again).seeded_from == 12
    assert "the first 12 as recorded" in check_replay(again).line()


def test_replay_matches_a_real_game_and_names_where_a_tampered_one_parts(standard, tmp_path):
    game = finished(standard, seed=7)
    game.save(tmp_path / "game.json")
    saved = read_save(tmp_path / "game.json")
    check = check_replay(saved)
    assert check.matches and check.line() == f"replayed {len(game.history)} turns; matches the save"
    # Turn 6 rolled otherwise, and the game played on from there as the engine would: the save
    # is consistent (Game.from_saved accepts it) but the seed never rolled it.
    rolls = [tuple(m.roll for m in t.rolls) for t in game.history]
    rolls[5] = (rolls[5][0] % 6 + 1,)
    forged = Game.new(standard, [p.spec for p in game.players], game.seed)
    for faces in rolls[:6]:
        forged.roll(iter(faces))
    forged.play_out()
    tampered = dataclasses.replace(
        forged.saved(), rolls=tuple(rolls[:6]) + forged.saved().rolls[6:], rng=saved.rng
    )
    Game.from_saved(tampered)  # accepted as a save...
    check = check_replay(tampered)  # ...but not the seed's game
    assert not check.matches and check.turns == 5
    rolled = game.history[5].rolls[0].roll
    assert check.problem == f"turn 6: seed 7 rolls {rolled}; the save records {rolls[5][0]}"
    # The same rolls with a die left in another state.
    moved = dataclasses.replace(saved, rng=tampered.rng | {"uinteger": 1, "has_uint32": 1})
    assert check_replay(moved).problem == "the die's state after the last turn is not the saved one"


def test_a_save_may_not_claim_more_recorded_turns_than_it_has(standard):
    data = finished(standard).saved().to_json()
    data["seeded_from"] = len(data["rolls"]) + 1
    with pytest.raises(SaveError, match="seeded_from"):
        parse_save(data)


def test_the_biggest_swing_of_a_game_that_recorded_no_odds():
    """A game watched at full speed records few odds: the winner's swing is found anyway."""
    from chutes_tui.engine.game import Game
    from chutes_tui.engine.review import Review
    from chutes_tui.engine.turn import swings
    from chutes_tui.io.boardfile import load_board
    from chutes_tui.model.players import default_players

    game = Game.new(load_board("standard"), default_players(3), seed=11)
    game.play_out()
    full = Review(game)
    for turn in range(full.last + 1):
        full.stats(turn)
    expected = max(swings(full.turns, full.odds), key=lambda s: s.size())
    game.odds_history[1:] = [None] * (len(game.odds_history) - 1)  # as if nothing was recorded
    found = Review(game).biggest_swing()
    assert found is not None and (found.turn.number, found.seat) == (expected.turn.number, expected.seat)


def test_a_change_of_one_point_or_less_is_no_swing(standard):
    """Every turn nudges the odds; only a change of more than SWING_LEAST (one percentage point)
    is a swing. Seed 11's game has turns of each kind."""
    from chutes_tui.engine.turn import SWING_LEAST, swings

    game = finished(standard, seed=11)
    odds = game.odds_history
    largest = {
        t.number: max(abs(a - b) for a, b in zip(odds[t.number].win, odds[t.number - 1].win, strict=True))
        for t in game.history
        if not t.won
    }
    nudges = {number for number, change in largest.items() if 0 < change <= SWING_LEAST}
    assert SWING_LEAST == 0.01 and nudges  # the game has some
    found = {swing.turn.number for swing in swings(game.history, odds)}
    assert found == {number for number, change in largest.items() if change > SWING_LEAST}
    assert not found & nudges
