"""The engine with dice other than one fair die: rolls are the dice's moves, the top face (the
largest move) rolls again, and saves record the moves and load back."""

import json

import pytest

from chutes_tui.engine.game import Game
from chutes_tui.io.saves import SaveError, parse_save
from chutes_tui.model.dice import Dice
from chutes_tui.model.players import default_players


@pytest.mark.parametrize("dice", ["2d6", "0,1,0,2"])
def test_games_roll_the_dice_s_moves_and_save_them(standard, dice, tmp_path):
    board = standard.replace(die=Dice.parse(dice), end_rule="reach", extra_roll=True)
    game = Game.new(board, default_players(6), seed=3)
    game.play_out()
    rolls = [m for turn in game.history for m in turn.rolls]
    assert {m.roll for m in rolls} <= set(board.die.values)
    for turn in game.history:  # only the top face (the largest move) continues a turn
        assert all(m.roll == board.die.top for m in turn.rolls[:-1])
    assert any(len(turn.rolls) > 1 for turn in game.history) or dice == "2d6"  # 12 is rare
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path)
    assert again.positions == game.positions and again.board == board
    assert [[m.roll for m in t.rolls] for t in again.history] == [
        [m.roll for m in t.rolls] for t in game.history
    ]


def test_a_saved_roll_the_dice_cannot_make_is_refused(standard):
    board = standard.replace(die=Dice.parse("2d6"), end_rule="reach")
    game = Game.new(board, default_players(2), seed=3)
    game.roll()
    data = game.saved().to_json()
    data["rolls"][0] = [1]
    with pytest.raises(SaveError, match=r"rolls\[0\] must be a move of 2d6 \(2\.\.12\)"):
        parse_save(json.loads(json.dumps(data)))
