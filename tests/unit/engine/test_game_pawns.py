"""Games with pawns (issue 27, ``pawns = K``): the player picks which pawn moves, captures under
the bump rule send every opponent's pawn on the square home, a player wins with all K home;
saves record the pawn and replay it, cpu:best plays the solver's policy, blunders weigh the
pawn chosen, and the engine's games of two optimal players win as often as the pawns' duel says."""

import json
import math

import pytest

from chutes_tui.analysis import duel
from chutes_tui.analysis.pawns import pawn_choices
from chutes_tui.engine.advice import Scale, advice
from chutes_tui.engine.blunders import choice_costs
from chutes_tui.engine.choice import ChoiceMade
from chutes_tui.engine.game import Game, GameError
from chutes_tui.engine.review import Review, check_replay
from chutes_tui.engine.turn import moments
from chutes_tui.io.saves import SaveError, parse_save, save_text
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import pawn_options
from chutes_tui.model.players import parse_player_spec

# tiny-10: a ladder 4→7, a chute 9→2, exact end; two pawns each.
TINY = Board(10, jumps=((4, 7), (9, 2)), pawns=2)


def test_a_persons_pawn_moves_and_all_pawns_home_win():
    game = Game.new(TINY, parse_player_spec("Ann,Bob"), seed=1)
    game.roll(choice=ChoiceMade(0, 4, 0, pawn=1))  # Ann's pawn 2: 0 → 4, the ladder to 7
    assert game.players[0].pawns == [0, 7] and game.players[0].ladders == 1
    game.roll(choice=ChoiceMade(0, 3, 0, pawn=0))  # Bob 0 → 3
    game.roll(choice=ChoiceMade(0, 3, 0, pawn=1))  # Ann 7 → 10: one pawn home, the game goes on
    assert game.players[0].pawns == [0, 10] and not game.finished and game.to_move == 1
    game.roll(choice=ChoiceMade(0, 1, 0, pawn=1))  # Bob 0 → 1
    with pytest.raises(GameError, match=r"^pawn 2 has reached the goal: it moves no more$"):
        game.roll(choice=ChoiceMade(0, 1, 0, pawn=1))
    assert game.to_move == 0 and len(game.history) == 4  # nothing was played
    assert pawn_options(TINY, tuple(game.players[0].pawns)) == ((0, 0),)  # only pawn 1 may move
    game.roll(choice=ChoiceMade(0, 6, 0, pawn=0))  # Ann 0 → 6
    game.roll(choice=ChoiceMade(0, 1, 0, pawn=0))  # Bob 3 → 4, the ladder to 7
    game.roll(choice=ChoiceMade(0, 4, 0, pawn=0))  # Ann 6 → 10: both home
    assert game.finished and game.winner == 0
    assert game.history[-1].describe("Ann") == "Ann rolled 4, pawn 1: 6 → 10 — wins!"


def test_a_capture_sends_every_opponent_pawn_on_the_square_home_and_never_ones_own():
    board = TINY.replace(bump=True)
    game = Game.new(board, parse_player_spec("Ann,Bob"), seed=1)
    for choice in [(3, 0), (3, 0), (5, 1), (3, 1)]:  # Ann 0→3; Bob 0→3; Ann 0→5; Bob 0→3
        game.roll(choice=ChoiceMade(0, choice[0], 0, pawn=choice[1]))
    # Ann's pawn 1 stood on 3 when Bob came: it went home; Bob's two pawns now share square 3.
    assert game.standings == ((0, 5), (3, 3))
    assert game.history[1].bumped == (0,) and game.history[1].bumped_pawns == (0,)
    assert game.history[3].bumped == () and game.players[0].bumped == 1
    turn = game.roll(choice=ChoiceMade(0, 3, 0, pawn=0))  # Ann 0 → 3: both of Bob's pawns go home
    assert game.standings == ((3, 5), (0, 0)) and turn.bumped == (1, 1) and turn.bumped_pawns == (0, 1)
    assert turn.describe("Ann", ["Ann", "Bob"]) == (
        "Ann rolled 3, pawn 1: 0 → 3, bumping Bob's pawn 1 and Bob's pawn 2 back to the start"
    )
    later = moments(board, 2, tuple(game.history), pawns=2)
    assert [m.pawns for m in later][-2:] == [((0, 5), (3, 3)), ((3, 5), (0, 0))]
    assert Review(game).moments[-1].piece_squares == [3, 5, 0, 0]


def test_cpu_best_moves_the_pawn_the_solver_says_and_naive_its_rearmost():
    board = Board(12, jumps=((3, 9), (11, 4)), pawns=2)
    game = Game.new(board, parse_player_spec("cpu:best,cpu:naive"), seed=9)
    pair = advice(board, 2)
    assert pair.scale is Scale.WIN  # 65 states of two pawns: 4,225 pairs, within the duel's
    for _ in range(60):
        if game.finished:
            break
        seat, before = game.to_move, game.standings
        turn = game.roll()
        squares = before[seat]
        if seat == 0:
            values = pair.options(before, seat, 0, turn.choice.face)
            chosen = pawn_options(board, squares).index((turn.choice.pawn, turn.choice.option))
            assert values[chosen] == pytest.approx(max(values), abs=1e-12)
        else:
            assert squares[turn.choice.pawn] == min(s for s in squares if s != board.goal_square)
    assert pawn_choices(board).n == 65


def test_a_save_records_each_pawn_moved_and_replays_it_from_the_seed():
    board = TINY.replace(bump=True)
    game = Game.new(board, parse_player_spec("cpu:best,cpu:naive:Nye"), seed=4)
    for _ in range(9):
        game.roll()
    data = json.loads(save_text(game.saved()))
    assert data["positions"] == [list(p) for p in game.standings] and len(data["pawns"]) == 9
    assert data["pawns"] == [turn.choice.pawn for turn in game.history]
    again = Game.from_saved(parse_save(data))
    assert again.standings == game.standings and [t.choice for t in again.history] == [
        t.choice for t in game.history
    ]
    assert again.roll().choice == game.roll().choice  # the die's state restored too
    assert check_replay(parse_save(data)).matches
    # Another pawn recorded for a turn whose two pawns stood apart: the pawns end elsewhere.
    apart = next(i for i, t in enumerate(game.history) if len(set(_before(game, i))) == 2)
    other = 1 - data["pawns"][apart]
    tampered = dict(data, pawns=[*data["pawns"][:apart], other, *data["pawns"][apart + 1 :]])
    with pytest.raises(SaveError, match=r"^the recorded rolls do not lead to the saved positions$"):
        Game.from_saved(parse_save(tampered))


def _before(game, turn):
    """The squares of the mover's pawns before ``turn`` (from 0)."""
    moment = moments(game.board, 2, tuple(game.history), pawns=2)[turn]
    return moment.pawns[game.history[turn].seat]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("pawns"), r"^pawns must give one per turn \(3\), not 0$"),
        (lambda d: d.update(pawns=[0, 0, 2]), r"^pawns\[2\] must be a whole number 0\.\.1, not 2$"),
        (lambda d: d.update(positions=[5, 0]), r"^positions\[0\] must be a list, not"),
        (lambda d: d.update(positions=[[0], [0, 0]]), r"^positions\[0\] must give 2 squares, one per pawn$"),
    ],
)
def test_a_save_with_pawns_refuses_bad_records_in_one_line(change, message):
    game = Game.new(TINY, parse_player_spec("cpu:best,cpu:best"), seed=2)
    for _ in range(3):
        game.roll()
    data = json.loads(save_text(game.saved()))
    change(data)
    with pytest.raises(SaveError, match=message):
        parse_save(data)


def test_pawns_are_recorded_only_on_a_board_with_pawns(standard):
    game = Game.new(standard.replace(dice_choice=((1, 2), (3,))), parse_player_spec("Ann"), seed=2)
    game.roll(choice=ChoiceMade(0, 2, 0))
    data = json.loads(save_text(game.saved()))
    assert "pawns" not in data and data["positions"] == [2]
    data["pawns"] = [0]
    with pytest.raises(SaveError, match=r"^pawns are recorded only for a board with pawns$"):
        parse_save(data)


def test_a_blunder_with_pawns_weighs_the_pawn_chosen_against_the_solver():
    """One player, a scripted game: each choice's cost is its expected turns less the best
    choice's after that roll (the pawns' model, :func:`advice`), a blunder above half a turn
    (a 4 moves pawn 1 from 4 instead of pawn 2 up the ladder 4→7…)."""
    game = Game.new(TINY, parse_player_spec("Ann"), seed=3)
    single = advice(TINY, 1)
    script = [(4, 0), (5, 0), (4, 1), (1, 0)]  # (face, pawn)
    expected = []
    for face, pawn in script:
        values = single.options(game.standings, 0, 0, face)
        chosen = pawn_options(TINY, tuple(game.players[0].pawns)).index((pawn, 0))
        expected.append(values[chosen] - min(values))
        game.roll(choice=ChoiceMade(0, face, 0, pawn=pawn))
    costs = choice_costs(TINY, 1, game.history)
    assert [c.cost for c in costs] == pytest.approx(expected, abs=1e-12)
    assert [c.blunder for c in costs] == [e > 0.5 for e in expected] and any(c.blunder for c in costs)


def test_more_pawns_than_the_model_holds_play_the_additive_policy(standard):
    board = standard.replace(pawns=3)
    game = Game.new(board, parse_player_spec("cpu:best,cpu:naive"), seed=4)
    kept = advice(board, 2)
    assert kept.scale is Scale.ADDED and kept.model is None and math.isinf(kept.blunder)
    game.play_out()
    assert all(square == 100 for square in game.players[game.winner].pawns)
    assert game.summary().blunders == (0, 0)
    values = kept.dice(((0, 0, 0), (0, 0, 0)), 0)
    assert values[0] == pytest.approx(1 + 3 * kept.additive.values[0] + _least_gain(kept.additive, 0))


def _least_gain(additive, state):
    """Σ_c p(c) · min_o (A₁ - V₁) of the one die from one square."""
    gains = additive.gains[state, 0].min(axis=-1)
    return float((additive.model.chances[0] * gains).sum())


def test_optimal_pawn_players_in_the_engine_win_as_often_as_the_pawns_duel_says():
    """cpu:best against cpu:best, played by the game engine (its own dice, choices and
    captures), wins as often as the two-player pawns' game's value, within 4σ."""
    board = Board(8, jumps=((2, 6), (7, 3)), pawns=2, bump=True)
    model = pawn_choices(board)
    table, _ = duel.value_iteration(model)
    solved = float(table[model.start, model.start])
    games = 1_500
    wins = sum(
        Game.new(board, parse_player_spec("cpu:best,cpu:best"), seed=s).play_out() == 0 for s in range(games)
    )
    sigma = math.sqrt(solved * (1 - solved) / games)
    assert abs(wins / games - solved) < 4 * sigma, (wins / games, solved, sigma)
    assert 0.5 < solved < 0.55 and advice(board, 2).scale is Scale.WIN
