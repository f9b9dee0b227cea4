"""``chutes-tui strategy``: the decision rules from the rule table's flags, the exact optimum
and its proof on screen and in JSON, the refusals in one line."""

import json

import pytest

from chutes_tui.cli import main
from tests.efron import EFRON_DICE
from tests.efron import EFRON_TEXT as EFRON


def test_the_standard_board_with_efrons_dice_is_solved_and_proved(capsys):
    assert main(["strategy", "standard", "--dice-choice", EFRON, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expected_turns"]["exact"] == "245/24"
    assert data["proof"]["improvements"] == 0 and data["proof"]["least_slack"] == "13/17496"
    assert data["policy"]["0"] == "D"
    assert data["naive"]["always D (5,5,5,1,1,1), plain moves"] > 41
    # A moves 4 or stays (a chance of 1/3): 31 moves from the start to 100 take 31 · 3/2 turns.
    assert data["naive"]["always A (4,4,4,4,0,0), plain moves"] == pytest.approx(46.5)
    assert data["naive"]["always C (6,6,2,2,2,2), plain moves"] is None  # stuck on 99 for ever


def test_the_board_is_drawn_with_each_squares_choice(capsys):
    assert main(["strategy", "tiny-10", "--after-roll", "flip"]) == 0
    out = capsys.readouterr().out
    assert "optimum  4.467975207 = 4325/968" in out
    assert "proof: no single-step improvement" in out
    assert "start 0: A:2f,3f" in out  # flip after a 2 or a 3 from the start


def test_two_players_on_a_small_board_are_evaluated_exactly(capsys):
    assert main(["strategy", "tiny-10", "--after-roll", "flip", "--players", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["two_players"]
    assert data["gain"] == "0" and data["exact"] is not None
    assert data["best_vs_shortest"] >= data["shortest_vs_shortest"] - 1e-12


def test_other_verbs_refuse_a_board_file_with_decisions(tmp_path, capsys):
    path = tmp_path / "efron.toml"
    path.write_text("squares = 12\ndice_choice = [[4, 4, 0], [3], [1]]\n")
    assert main(["analyze", str(path)]) == 1
    err = capsys.readouterr().err
    assert "efron.toml:2: dice_choice is a decision: the analysis assumes nobody chooses" in err
    assert main(["strategy", str(path)]) == 0


def test_a_board_the_solver_does_not_play_is_refused_in_one_line(capsys):
    assert main(["strategy", "standard", "--after-roll", "flip", "--extra-roll"]) == 1
    err = capsys.readouterr().err.strip()
    assert "plays one roll a turn: extra_roll is not played with decisions yet" in err
    assert "\n" not in err


def test_players_who_may_send_each_other_back_for_ever_are_refused_in_one_line(capsys):
    # Under bump with a die that only moves 1, two players may bump each other back for good:
    # value iteration does not settle, and says why instead of running for ever.
    assert main(["strategy", "tiny-10", "--dice-choice", "1 / 1,2", "--bump", "--players", "2"]) == 1
    err = capsys.readouterr().err.strip()
    assert (
        "chances to win never settle (they alternate by" in err
        and "players here may send each other back" in err
    )
    assert "\n" not in err


ENDLESS_FLAGS = [
    "--end-rule",
    "reach",
    "--chain-jumps",
    "--bump",
    "--dice-choice",
    EFRON,
    "--after-roll",
    "flip",
]


def test_the_command_line_refuses_it_in_one_line(capsys):
    assert main(["play", "tiny-10", *ENDLESS_FLAGS, "--pawns", "2", "--players", "Ann,cpu:best"]) == 2
    err = capsys.readouterr().err.strip()
    assert "players here may send each other back for ever" in err and "\n" not in err


def test_a_board_past_the_solvers_squares_is_refused_with_the_limit_named(monkeypatch, capsys):
    monkeypatch.setattr("chutes_tui.analysis.choices.STRATEGY_MAX_STATES", 5)
    assert main(["strategy", "tiny-10", "--after-roll", "flip", "--players", "2"]) == 1
    err = capsys.readouterr().err
    assert "handles up to 5 squares a game can stand on" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("limit", "words"),
    [
        (
            "DUEL_MAX_PAIRS",
            "two players make 64 pair states on this board (8 squares each); the two-player solver "
            "handles up to 5",
        ),
        ("DUEL_MAX_OUTCOMES", "the two-player solver handles up to 5"),
    ],
)
def test_two_players_past_the_duels_limits_are_estimated_with_the_limit_named(
    limit, words, monkeypatch, capsys
):
    """Beyond the duel, both play the one-player optimum: the estimate lands within 4σ of the
    exact evaluation of that pair of policies (worked out with the limits put back)."""
    from chutes_tui.analysis import choices as one
    from chutes_tui.analysis import duel
    from chutes_tui.io.boardfile import load_board

    monkeypatch.setattr(f"chutes_tui.analysis.duel.{limit}", 5)
    command = ["strategy", "tiny-10", "--after-roll", "flip", "--players", "2", "--games", "4000"]
    assert main([*command, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    part = data["estimate"]
    assert "two_players" not in data and words in part["limit"]
    assert part["games"] == 4_000 and part["policy"] == "the one-player optimum" and part["cut"] == 0
    monkeypatch.undo()
    model = one.choices(load_board("tiny-10").replace(after_roll="flip"))
    policy, _, _ = one.policy_iteration(model)
    exact = duel.evaluate(model, duel.lifted(policy, model.n))[0][model.start, model.start]
    first = part["chances"][0]
    assert abs(first["value"] - exact) < 4 * first["se"]
    assert part["chances"][1]["value"] == pytest.approx(1 - first["value"])
    monkeypatch.setattr(f"chutes_tui.analysis.duel.{limit}", 5)
    assert main(command) == 0
    out = capsys.readouterr().out
    assert (
        "2 players: a Monte Carlo estimate, not solved" in out
        and f"beyond the solvers: {part['limit']}" in out
    )
    assert f"player 1 (moving first) wins  {first['value']:.2%} ± {first['se']:.2%}" in out


def test_pawns_past_the_joint_model_are_estimated_playing_the_additive_policy(monkeypatch, capsys):
    """Two pawns on tiny-10 with a d6 and flip: each state holds 1 die × 6 faces × (2 pawns × 2
    options) × 2 = 48 outcomes, and the 8 squares one pawn stands on make C(10, 2) - 1 = 44
    states (counted before any is searched): 2,112 outcomes, with room for 100. The additive
    policy's estimated turns lie within 4σ of its exact evaluation on the joint model."""
    import numpy as np

    from chutes_tui.analysis import choices as one
    from chutes_tui.analysis.additive import additive
    from chutes_tui.analysis.pawns import pawn_choices
    from chutes_tui.io.boardfile import load_board

    monkeypatch.setattr("chutes_tui.analysis.pawns.STRATEGY_MAX_OUTCOMES", 100)
    assert (
        main(["strategy", "tiny-10", "--pawns", "2", "--after-roll", "flip", "--json", "--games", "4000"])
        == 0
    )
    part = json.loads(capsys.readouterr().out)["estimate"]
    assert "2 pawns make 2,112 outcomes of choices on this board (44 states × dice" in part["limit"]
    assert part["policy"] == "each pawn by its own expected turns (the additive policy)"
    monkeypatch.undo()
    board = load_board("tiny-10").replace(pawns=2, after_roll="flip")
    model, kept = pawn_choices(board), additive(board)
    single = {square: state for state, square in enumerate(kept.model.squares)} | {10: kept.model.n}
    pawns = np.array([[single[s] for s in squares] for squares in model.squares])
    die = kept.dice(pawns).argmin(axis=-1)
    option = np.stack(
        [
            kept.after_roll(pawns, die, np.full(model.n, c)).reshape(model.n, -1).argmin(axis=-1)
            for c in range(6)
        ],
        axis=-1,
    )[:, None, :].repeat(len(model.dice), axis=1)
    exact = one.expected_turns(model, one.Policy(die, option))[model.start]
    turns = part["turns"]
    assert abs(turns["value"] - exact) < 4 * turns["se"]
    assert part["naive_turns"]["value"] > turns["value"] + 1


def test_an_estimate_shows_its_progress_and_stops_when_told(standard):
    from chutes_tui.model.board import Board
    from chutes_tui.research.strategy import strategy_report

    # Two pawns on 50 squares: 1,127 states, past the exact solver's 1,000 (solved in floats) and
    # past the duel's pairs (estimated); the standard board's 3,402 took 1.7 CPU-s to the same.
    board = Board(end=50, die=6, jumps=((3, 21), (28, 41), (47, 19), (36, 6)), pawns=2)
    told = []
    report = strategy_report(board, 2, games=3_000, progress=lambda d, t: told.append((d, t)))
    assert told == [(2_000, 6_000), (3_000, 6_000), (5_000, 6_000), (6_000, 6_000)]
    assert report.estimate is not None and report.one is not None and report.one.exact is None
    from chutes_tui.engine.estimate import StopEstimate

    # Stopped by the same estimate (research/estimate.py's estimate_part), here on three pawns,
    # whose states are counted past the solver's before any is solved: two pawns would solve the
    # one-player optimum again first (1.2 CPU-s) before the first game.
    with pytest.raises(StopEstimate):
        strategy_report(standard.replace(pawns=3), 2, games=3_000, progress=lambda d, t: True)


@pytest.mark.parametrize("columns", [60, 80, 160])
def test_the_drawing_never_cuts_a_jump_or_the_goal(columns):
    # At 80 columns the cells were 7 wide: the ladder 80→100 read "80 →10" (a chute) and the
    # goal "100 goa".
    from chutes_tui.cli.strategy import drawn
    from chutes_tui.io.boardfile import load_board

    rows = drawn(load_board("standard"), {square: "D" for square in range(100)}, columns)
    cells = [cell for row in rows[:10] for cell in row.split("  ") if cell.strip()]
    assert "80→100" in rows[2] and rows[0].startswith("100 ⌂") and "98→78" in rows[0]
    assert " 1→38" in rows[9] and "99 D" in rows[0] and len(cells) == 100


def test_three_players_each_playing_for_fewest_turns_are_solved_exactly(capsys):
    """The chances of cpu:best's policy with three players (each for fewest turns), exact without
    the bump rule: the app's live odds (engine/fewest.py), and the estimate beside them within 4σ;
    under the bump rule the players interact, and only the estimate is given."""
    from chutes_tui.engine.fewest import fewest_odds
    from chutes_tui.io.boardfile import load_board

    assert main(["strategy", "standard", "--dice-choice", EFRON, "--players", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    board = load_board("standard").replace(dice_choice=EFRON_DICE)
    exact = fewest_odds(board, (0, 0, 0), 0)
    fewest = data["fewest_turns_players"]
    assert fewest["chances"] == pytest.approx(list(exact.win), abs=1e-12)
    assert fewest["turns"] == pytest.approx(exact.expected_total_moves, rel=1e-12)
    for chance, estimated in zip(fewest["chances"], data["estimate"]["chances"], strict=True):
        assert abs(estimated["value"] - chance) < 4 * estimated["se"]
    assert "only everyone playing for fewest turns is solved" in data["estimate"]["limit"]
    # The same as text, on tiny-10 (the standard board's policies solved again cost 0.6 CPU-s).
    assert main(["strategy", "tiny-10", "--dice-choice", EFRON, "--players", "3"]) == 0
    out = capsys.readouterr().out
    small = fewest_odds(load_board("tiny-10").replace(dice_choice=board.dice_choice), (0, 0, 0), 0)
    assert "3 players, each playing for fewest turns (cpu:best): exact" in out
    assert f"player 1 (moving first) wins  {small.win[0]:.4%}" in out
    assert (
        main(["strategy", "tiny-10", "--dice-choice", "1,2 / 3", "--players", "3", "--bump", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (
        "fewest_turns_players" not in data
        and "under the bump rule 3 players interact" in data["estimate"]["limit"]
    )
