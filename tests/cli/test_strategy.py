"""``chutes-tui strategy``: the decision rules from the rule table's flags, the exact optimum
and its proof on screen and in JSON, the refusals in one line."""

import json

import pytest

from chutes_tui.cli import main

EFRON = "4,4,4,4,0,0 / 3,3,3,3,3,3 / 6,6,2,2,2,2 / 5,5,5,1,1,1"


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
    assert "efron.toml:2: dice_choice is a decision: only chutes-tui strategy plays it so far" in err
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
    assert "did not settle to 1e-12 in 20,000 sweeps: players here may send each other back" in err
    assert "\n" not in err


@pytest.mark.parametrize(
    ("module", "limit", "words"),
    [
        ("chutes_tui.analysis.choices", "STRATEGY_MAX_STATES", "handles up to 5 squares a game can stand on"),
        (
            "chutes_tui.analysis.duel",
            "DUEL_MAX_PAIRS",
            "make 64 pair states on this board (8 squares each); ",
        ),
        ("chutes_tui.analysis.duel", "DUEL_MAX_OUTCOMES", "handles up to 5"),
    ],
)
def test_the_state_limits_are_named_when_they_refuse(module, limit, words, monkeypatch, capsys):
    monkeypatch.setattr(f"{module}.{limit}", 5)
    assert main(["strategy", "tiny-10", "--after-roll", "flip", "--players", "2"]) == 1
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_pawns_are_refused_by_their_outcomes_before_the_search(monkeypatch, capsys):
    # Two pawns on tiny-10 with a d6 and flip: each state holds 1 die × 6 faces × (2 pawns × 2
    # options) × 2 = 48 outcomes, and the 8 squares one pawn stands on make C(10, 2) - 1 = 44
    # states (counted before any is searched): 2,112 outcomes, with room for 100.
    monkeypatch.setattr("chutes_tui.analysis.pawns.STRATEGY_MAX_OUTCOMES", 100)
    monkeypatch.setattr("chutes_tui.analysis.pawns.outcomes", None)  # never searched
    assert main(["strategy", "tiny-10", "--pawns", "2", "--after-roll", "flip"]) == 1
    err = capsys.readouterr().err
    assert "2 pawns make 2,112 outcomes of choices on this board (44 states × dice" in err
    assert "the strategy solver handles up to 100" in err and err.count("\n") == 1


def test_two_players_are_refused_before_the_one_player_solve(monkeypatch, capsys):
    def not_reached(model):
        raise AssertionError("solved before the size was checked")

    monkeypatch.setattr("chutes_tui.research.strategy.policy_iteration", not_reached)
    monkeypatch.setattr("chutes_tui.analysis.duel.DUEL_MAX_OUTCOMES", 5)
    assert main(["strategy", "tiny-10", "--after-roll", "flip", "--players", "2"]) == 1
    assert "the two-player solver handles up to 5" in capsys.readouterr().err


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
