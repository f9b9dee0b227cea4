"""Games on boards with decisions (issue 27): the choice goes through model/decisions.py's
outcomes, a Turn records it, saves replay it, and cpu:best plays as the solver says."""

import json
import math

import numpy as np
import pytest

from chutes_tui.analysis import choices as one
from chutes_tui.analysis import duel
from chutes_tui.engine.advice import Scale, advice
from chutes_tui.engine.choice import ChoiceMade
from chutes_tui.engine.fewest import fewest_odds
from chutes_tui.engine.game import Game, GameError
from chutes_tui.io.saves import SaveError, parse_save, save_text
from chutes_tui.model.board import Board
from chutes_tui.model.players import Play, parse_player_spec
from tests.efron import EFRON_DICE as EFRON

# Six squares (exact end), a ladder 2→5 and a chute 4→1; dice (1,2) and (0,3); flip after the roll.
FLIPPING = Board(6, jumps=((2, 5), (4, 1)), dice_choice=((1, 2), (0, 3)), after_roll="flip")


def test_a_seeded_game_of_naive_players_matches_the_turns_worked_by_hand():
    game = Game.new(FLIPPING, parse_player_spec("cpu:naive,cpu:naive"), seed=11)
    draws = np.random.default_rng(11).integers(2, size=6).tolist()
    assert draws == [0, 0, 1, 0, 1, 1]  # die 1's faces (1, 2): 1, 1, 2, 1, 2, 2
    # 0+1 = 1; 0+1 = 1; 1+2 = 3; 1+1 = 2, ladder to 5; 3+2 = 5; 5+2 overshoots 6 (exact): stays.
    expected = [(1, 0), (1, 1), (3, 1), (3, 5), (5, 5), (5, 5)]
    for positions in expected:
        turn = game.roll()
        assert turn.choice is not None and (turn.choice.die, turn.choice.option) == (0, 0)
        assert tuple(game.positions) == positions
    assert game.history[3].describe("Bo") == "Bo die 1 (1,2), rolled 1, move: 1 → 2 ladder → 5"


def test_a_persons_choice_flips_the_coin_after_the_roll():
    game = Game.new(FLIPPING, parse_player_spec("Ann"), seed=11)
    face = game.draw(1)  # die 2: (0, 3); the generator's first draw is 0: face 0
    assert face == 0 and game.drawn == (1, 0)
    # A flip from 0 after a 0: the coin (next draw 0: +1) moves to 1; -1 would stay at the start.
    turn = game.roll(choice=ChoiceMade(1, face, 1))
    assert turn.choice == ChoiceMade(1, 0, 1, 0) and game.positions == [1]
    assert turn.describe("Ann") == "Ann die 2 (0,3), rolled 0, flip +1: 0 → 1"
    turn = game.roll(choice=ChoiceMade(1, 3, 1, 1))  # 1 + 3 - 1 = 3
    assert game.positions == [3] and turn.rolls[0].roll == 2
    game.roll(choice=ChoiceMade(0, 1, 0))  # 3 + 1 = 4, the chute to 1
    assert game.positions == [1] and game.players[0].chutes == 1


def test_either_moves_back_never_below_the_start():
    board = Board(6, jumps=((2, 5), (4, 1)), dice_choice=((1, 2),), after_roll="either")
    game = Game.new(board, parse_player_spec("Ann"), seed=1)
    game.roll(choice=ChoiceMade(0, 2, 1))  # back 2 from the start: stays on 0
    assert game.positions == [0]
    game.roll(choice=ChoiceMade(0, 1, 0))
    game.roll(choice=ChoiceMade(0, 2, 0))  # 1 → 3
    game.roll(choice=ChoiceMade(0, 1, 1))  # back to 2, the ladder to 5
    assert game.positions == [5]


def test_a_save_records_the_choices_and_replays_them():
    board = Board(100, dice_choice=EFRON[:2], after_roll="flip")
    game = Game.new(board, parse_player_spec("cpu:best,cpu:naive:Nye"), seed=3)
    for _ in range(20):
        game.roll()
    data = json.loads(save_text(game.saved()))
    assert len(data["choices"]) == 20 and data["players"][1]["play"] == "naive"
    assert "play" not in data["players"][0]  # the default: old saves read the same
    again = Game.from_saved(parse_save(data))
    assert again.positions == game.positions and again.to_move == game.to_move
    assert [t.choice for t in again.history] == [t.choice for t in game.history]
    assert again.players[1].spec.play is Play.NAIVE and again.players[1].spec.name == "Nye"
    assert again.roll().choice == game.roll().choice  # the die's state restored too


def test_a_save_whose_choice_the_rules_do_not_offer_gets_one_line():
    game = Game.new(FLIPPING, parse_player_spec("Ann"), seed=1)
    game.roll(choice=ChoiceMade(0, 1, 0))
    data = json.loads(save_text(game.saved()))
    data["choices"][0] = [5, 0]
    with pytest.raises(SaveError, match=r"^choices\[0\]: die 6 is not offered \(this board has 2\)$"):
        Game.from_saved(parse_save(data))
    data["choices"][0] = [0, 1]  # a flip without its coin
    with pytest.raises(SaveError, match=r"^choices\[0\]: a coin is recorded only for a flip"):
        Game.from_saved(parse_save(data))
    del data["choices"]
    with pytest.raises(SaveError, match=r"^choices must give one per turn \(1\), not 0$"):
        parse_save(data)


def test_an_old_save_loads_unchanged(standard):
    game = Game.new(standard, parse_player_spec("Ann,cpu:Robo"), seed=5)
    for _ in range(6):
        game.roll()
    data = json.loads(save_text(game.saved()))
    assert "choices" not in data and all("play" not in p for p in data["players"])
    again = Game.from_saved(parse_save(data))
    assert again.positions == game.positions and all(t.choice is None for t in again.history)
    data["choices"] = [[0, 0]] * 6
    with pytest.raises(SaveError, match=r"^choices are recorded only for a board with decisions$"):
        parse_save(data)


def test_cpu_best_follows_the_solvers_policy(standard):
    board = standard.replace(dice_choice=EFRON)
    model = one.choices(board)
    values, _ = one.value_iteration(model)
    single = advice(board, 1)
    assert single.scale is Scale.TURNS
    assert single.dice((0,), 0) == pytest.approx(tuple(one.die_values(model, values)[model.start]))
    assert min(single.dice((0,), 0)) == pytest.approx(245 / 24, abs=1e-9)  # exact/choices: 245/24
    assert single.die(Play.BEST, (0,), 0) == 3 and single.die(Play.NAIVE, (0,), 0) == 0
    pair = advice(board, 2)
    table, _ = duel.value_iteration(model)
    assert pair.scale is Scale.WIN
    assert max(pair.dice((0, 0), 0)) == pytest.approx(table[model.start, model.start], abs=1e-12)


def test_cpu_best_beats_cpu_naive_as_often_as_the_duel_says(standard):
    """The Monte Carlo win rate of cpu:best (moving first) against cpu:naive lies within four
    standard errors of the exact evaluation of the two policies."""
    board = standard.replace(dice_choice=(EFRON[3], *EFRON[:3]))  # naive: (5,5,5,1,1,1), which ends
    model = one.choices(board)
    kept = advice(board, 2)
    best = duel.DuelPolicy(kept.best_die, kept.best_option)
    naive = duel.lifted(one.constant_policy(model, 0), model.n)
    solved = float(duel.evaluate(model, best, naive)[0][model.start, model.start])
    assert 0.98 < solved < 0.99  # the exact end punishes a die without a 0 face
    games, wins = 800, 0
    for seed in range(games):
        game = Game.new(board, parse_player_spec("cpu:best,cpu:naive"), seed=seed)
        wins += game.play_out() == 0
    sigma = math.sqrt(solved * (1 - solved) / games)
    assert abs(wins / games - solved) < 4 * sigma, (wins / games, solved, sigma)


def test_blunders_are_the_choices_that_cost_more_than_half_a_turn(standard):
    """A scripted one-player game: each die's cost is D[s, d] - min_d D[s, d] of the optimum
    (analysis/choices.py), a blunder above half a turn; the summary counts them."""
    board = standard.replace(dice_choice=EFRON)
    model = one.choices(board)
    values, _ = one.value_iteration(model)
    dice = one.die_values(model, values)
    game = Game.new(board, parse_player_spec("Ann"), seed=1)
    script = [(3, 5), (1, 3), (3, 1), (0, 4), (2, 6)]  # (die, face)
    expected = []
    for die, face in script:
        row = dice[model.squares.index(game.positions[0])]
        expected.append(row[die] - row.min())
        game.roll(choice=ChoiceMade(die, face, 0))
    from chutes_tui.engine.blunders import blunder_counts, choice_costs

    costs = choice_costs(board, 1, game.history)
    assert [c.cost for c in costs] == pytest.approx(expected, abs=1e-9)
    assert expected[0] == 0 and expected[1] > 0.5  # the best die from the start; then not
    assert [c.blunder for c in costs] == [e > 0.5 for e in expected]
    assert costs[1].words == f"?? cost {expected[1]:.2f} turns"
    assert blunder_counts(board, 1, game.history) == (sum(e > 0.5 for e in expected),)
    game.play_out()  # the solver chooses the rest (no blunders): the summary counts them
    assert game.summary().blunders == blunder_counts(board, 1, game.history)


def test_two_players_blunders_cost_the_chance_to_win(standard):
    board = standard.replace(dice_choice=EFRON)
    pair = advice(board, 2)
    game = Game.new(board, parse_player_spec("Ann,Bob"), seed=1)
    game.roll(choice=ChoiceMade(1, 3, 0))  # Ann: the (3,3,3,3,3,3) die from the start
    game.roll(choice=ChoiceMade(3, 5, 0))  # Bob: the best die
    from chutes_tui.engine.blunders import choice_costs

    first, second = choice_costs(board, 2, game.history)
    values = pair.dice((0, 0), 0)
    assert first.cost == pytest.approx(max(values) - values[1]) and first.cost > 0.02 and first.blunder
    assert first.words.startswith("?? cost ") and first.words.endswith("% to win")
    assert second.cost == 0 and not second.blunder


def test_two_players_live_odds_assume_both_play_optimally(standard):
    """The odds of a two-player game with choices are the duel's value; its expected length
    under the optimal policy pair matches the mean of seeded games of cpu:best against itself
    within four standard errors; three players' are each playing for fewest turns, exactly
    (engine/fewest.py), and under the bump rule, where they interact, estimated."""
    from chutes_tui.engine.live import live_stats

    board = standard.replace(dice_choice=EFRON)
    model = one.choices(board)
    table, _ = duel.value_iteration(model)
    game = Game.new(board, parse_player_spec("cpu:best,cpu:best"), seed=9)
    odds = game.odds()
    assert odds.win[0] == pytest.approx(table[model.start, model.start], abs=1e-12)
    assert odds.expected_rounds == pytest.approx((odds.expected_total_moves + odds.win[0]) / 2)
    game.roll()
    a, b = (model.squares.index(game.positions[seat]) for seat in (1, 0))
    assert game.odds().win[1] == pytest.approx(table[a, b], abs=1e-12)
    lengths = [Game.new(board, parse_player_spec("cpu:best,cpu:best"), seed=s) for s in range(400)]
    turns = np.array([len(g.history) for g in lengths if g.play_out() is not None], dtype=float)
    sigma = turns.std(ddof=1) / math.sqrt(len(turns))
    assert abs(turns.mean() - odds.expected_total_moves) < 4 * sigma, (
        turns.mean(),
        odds.expected_total_moves,
    )
    three = Game.new(board, parse_player_spec("cpu:best,cpu:best,cpu:naive"), seed=1)
    # Three players, independent: each for fewest turns, exact (engine/fewest.py), with every turn.
    assert three.no_odds is None and three.instant and three.odds().win == fewest_odds(board, (0,) * 3, 0).win
    # The odds take cpu:naive to play for fewest turns too, and say so (they are not its play's).
    assert three.snapshot().assumed == "if all play for fewest turns, cpu:naive too"
    best = Game.new(board, parse_player_spec("cpu:best,Ann,cpu:best"), seed=1)
    assert best.snapshot().assumed == "if all play for fewest turns"
    three.roll()
    assert live_stats(board, three.live_positions, 1).estimate is None
    # Under the bump rule they interact: an estimate, worked out off a game's turn (not instant).
    bumping = board.replace(bump=True)
    three = Game.new(bumping, parse_player_spec("cpu:best,cpu:best,cpu:naive"), seed=1)
    assert three.no_odds is None and not three.instant and three.odds() is None
    estimated = live_stats(bumping, three.live_positions, 0)
    assert estimated.estimate is not None and sum(estimated.odds.win) == pytest.approx(1.0)
    assert estimated.odds.win[0] > estimated.odds.win[1] > 0.3  # moving first is worth something


def test_a_saved_game_with_choices_replays_against_its_seed_and_plays_on():
    from chutes_tui.engine.review import check_replay, play_on

    board = Board(100, dice_choice=EFRON[:2], after_roll="flip")
    game = Game.new(board, parse_player_spec("Ann,cpu:naive"), seed=8)
    for _ in range(6):
        made = ChoiceMade(1, game.draw(1), 1) if game.to_move == 0 else None  # Ann flips a 3
        game.roll(choice=made)
    saved = game.saved()
    assert check_replay(saved).matches and check_replay(saved).turns == 6
    coins = [list(c) for c in saved.choices]
    flipped = next(i for i, c in enumerate(coins) if len(c) == 3)
    coins[flipped][2] = 1 - coins[flipped][2]
    tampered = parse_save({**json.loads(save_text(saved)), "choices": coins})
    check = check_replay(tampered)
    assert (
        not check.matches
        and check.problem == f"turn {flipped + 1}: seed 8 tosses another coin than the save records"
    )
    fresh = play_on(game, 4, seed=99)
    assert [t.choice for t in fresh.history] == [t.choice for t in game.history[:4]]
    from chutes_tui.engine.turn import moments

    assert tuple(fresh.positions) == moments(board, 2, tuple(game.history))[4].positions


@pytest.mark.parametrize("rule", [{"miss_turn": (3,)}, {"throw_again": (3,)}, {"extra_roll": True}])
def test_a_board_with_decisions_refuses_issue_26s_turn_rules(rule):
    """The game plays a turn either roll by roll (issue 26) or as one choice (issue 27), never
    both: a board with decisions and a turn rule is refused when the game is set up."""
    board = Board(6, dice_choice=((1, 2),), after_roll="either", **rule)
    (name,) = rule
    with pytest.raises(GameError, match=f"^the strategy solver plays one roll a turn: {name} is not played"):
        Game.new(board, parse_player_spec("Ann"), seed=1)


def test_a_turn_with_a_choice_is_one_roll_read_like_any_turn():
    """A choice's turn is a Turn like issue 26's: its one face, one step, where it ended; the
    save's rolls are those faces beside the choices, and the review's moments see its pieces."""
    from chutes_tui.engine.turn import moments
    from chutes_tui.model.turns import PieceState

    game = Game.new(FLIPPING, parse_player_spec("Ann,Bob"), seed=11)
    first = game.roll(choice=ChoiceMade(0, 2, 0))  # 0 + 2 = 2, the ladder to 5
    second = game.roll(choice=ChoiceMade(1, 3, 1, 1))  # 0 + 3 - 1 = 2, the ladder to 5
    assert first.faces == (2,) and second.faces == (3,) and first.last_face == 2
    assert [len(t.steps) for t in game.history] == [1, 1] and first.steps[0].moves == first.rolls
    assert first.end == second.end == PieceState(5) and (first.began, first.final) == (0, 5)
    assert not first.skipped and first.penalty is None and game.penalties() == ()
    saved = game.saved()
    assert saved.rolls == ((2,), (3,)) and saved.choices == ((0, 0), (1, 1, 1)) and saved.penalties == ()
    after = moments(FLIPPING, 2, tuple(game.history))[-1]
    assert after.positions == (5, 5) and after.odds_positions == (5, 5) and after.to_move == 0
