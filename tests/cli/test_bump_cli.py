"""The bump rule on the command line: analyze solves two players, simulate estimates more, and
the verbs that assume independent players refuse it in one line."""

import json

import pytest

from chutes_tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_two_players_under_bump(capsys):
    code, out, _ = run(capsys, "analyze", "standard", "--bump", "--json")
    data = json.loads(out)
    assert code == 0 and data["board"]["bump"] is True
    assert data["seat_win_probability"][0] == pytest.approx(0.5054966532884, abs=1e-12)
    # From given squares, as text, the exact lifting's chance (on tiny-10: the standard board's
    # joint chain solved again for the same path cost 0.3 CPU-s).
    from chutes_tui.exact.bump import exact_bump
    from chutes_tui.io.boardfile import load_board

    code, out, _ = run(capsys, "analyze", "tiny-10", "--bump", "--positions", "3", "5")
    first = float(exact_bump(load_board("tiny-10").replace(bump=True), (3, 5)).first_seat_wins)
    assert code == 0 and "P(win)" in out and f"{first:.10f}" in out and f"{1 - first:.10f}" in out


def test_simulate_more_players_as_an_estimate(capsys):
    code, out, _ = run(
        capsys, "simulate", "standard", "--bump", "--players", "3", "--games", "2000", "--seed", "1", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["estimate"] is True and "exact" not in data
    assert sum(data["seat_wins"]) == 2000 and data["bumps_per_game"] > 0
    code, out, _ = run(
        capsys, "simulate", "standard", "--bump", "--players", "2", "--games", "2000", "--seed", "1", "--json"
    )
    assert json.loads(out)["exact"]["expected_rolls"] == pytest.approx(55.9929518548, rel=1e-10)


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "standard", "--bump", "--players", "4"],
        ["exact", "standard", "--bump", "--players", "3"],
        ["exact", "standard", "--bump", "--bounds", "5"],
        ["distribution", "standard", "--bump", "--players", "4"],
        ["distribution", "standard", "--bump", "--players", "3", "--exact"],
        ["inspect", "standard", "30", "--opponent", "40", "--bump"],
    ],
)
def test_what_is_not_worked_out_under_bump_is_refused(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "bump" in err and len(err.strip().splitlines()) == 1


def test_one_player_is_never_bumped(capsys):
    code, out, _ = run(capsys, "distribution", "standard", "--bump", "--json")
    assert code == 0 and json.loads(out)["turns"]["mean"] == pytest.approx(39.5983656402, rel=1e-10)


def test_the_length_under_bump(capsys):
    code, out, _ = run(
        capsys, "distribution", "standard", "--bump", "--players", "2", "--json", "--quantile", "0.9"
    )
    data = json.loads(out)
    assert code == 0 and data["rolls"]["mean"] == pytest.approx(55.9929518548, rel=1e-10)
    assert data["rolls"]["quantiles"] == {"0.9": 96}


def test_exact_under_bump_prints_the_fractions(capsys):
    argv = ("exact", "tiny-10", "--bump", "--json", "--position", "5", "0", "--digits", "12")
    code, out, _ = run(capsys, *argv)
    data = json.loads(out)
    assert code == 0 and data["rule"] == "bump" and data["positions"] == [5, 0]
    p, q = map(int, data["first_player_wins"].split("/"))
    assert data["first_player_wins_decimal"] == f"{p / q:.12f}"
    code, out, _ = run(capsys, "exact", "tiny-10", "--bump")
    assert code == 0 and "P(first player wins)" in out and "expected rounds" in out


def test_exact_under_bump_refuses_what_cannot_be(capsys, tmp_path):
    code, out, err = run(capsys, "exact", "standard", "--bump", "--position", "5", "5")
    assert code == 2 and out == "" and "never rest together" in err and len(err.strip().splitlines()) == 1
    big = tmp_path / "big.toml"
    big.write_text('name = "big"\nsquares = 300\nladders = [[3, 150]]\nchutes = [[250, 10]]\n')
    code, out, err = run(capsys, "exact", str(big), "--bump")
    assert code == 2 and out == "" and "88,804 positions" in err and len(err.strip().splitlines()) == 1


def test_exact_under_bump_refuses_dice_too_uneven_for_its_float_guide(capsys):
    """Weights 10^10 apart: the float solve guiding the lifting cannot bound it (and the weights'
    squares pass int64): one line, not a crash log."""
    code, out, err = run(capsys, "exact", "tiny-10", "--bump", "--die", "0.0000000001,1")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "no exact fraction" in err and "0.0000000001,1" in err


def test_exact_under_bump_refuses_work_beyond_its_limit_up_front(capsys, tmp_path):
    """Issue 23: 109 squares make 11,881 positions, under the cap, but with a 100-face spinner
    each lifting step solves with 6.8 million factor entries, some 3,600 steps a matrix: refused
    in one line naming the limit (before anything is lifted). A d20 crosses the limit the same
    way, by the factors' fill (M's own entries make only 2.4e10 entry-bits), with a
    factorisation of 0.1 s instead of the spinner's 0.7 s."""
    board = tmp_path / "b109.toml"
    board.write_text("squares = 109\n")
    code, out, err = run(capsys, "exact", str(board), "--bump", "--die", "20")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "2.4e+11 entry-bits" in err and "the limit is 2e+11" in err
    assert "analyze --bump" in err


@pytest.mark.parametrize(
    "argv",
    [
        ("analyze", "--bump"),
        ("distribution", "--bump", "--players", "2"),
        ("simulate", "--bump", "--games", "10"),
    ],
    ids=lambda argv: argv[0],
)
def test_a_joint_chain_past_its_limit_is_refused_in_one_line(capsys, tmp_path, argv):
    """Issue 23: two players on 3,000 squares make 18,000,000 joint states, past the 12,000,000
    solved: the verbs crashed with a traceback where they built the chain."""
    board = tmp_path / "long.toml"
    board.write_text("squares = 3000\n")
    code, out, err = run(capsys, argv[0], str(board), *argv[1:])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "18,000,000 joint states" in err and "12,000,000" in err


def test_the_progress_line_says_solving_while_a_solve_runs_in_its_own_process():
    """in_process reports (0, 1.0) while the LU works: not '0 turns summed, 1.0e+00 unfinished'."""
    from chutes_tui.cli.bars import _series_line

    assert _series_line("odds", 0, 1.0) == "odds: solving"
    assert _series_line("odds", 2_560, 3.5e-4) == "odds: 2,560 turns summed, 3.5e-04 unfinished"
