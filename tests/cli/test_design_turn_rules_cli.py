"""``chutes-tui design`` under the extra roll and issue 26's turn rules: the rules' flags, the
board written with them, its figures the exact chain's, and the command in its description
making the same board again. Issue 26's flags are not offered yet (their rows have
played=False): the tests offer them to design alone, as the table will once every engine
plays them."""

import json
import shlex

import pytest

from chutes_tui.cli import main
from chutes_tui.exact.chain import exact_expected_turns
from chutes_tui.io.boardfile import load_board, parse_toml


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def remake(capsys, description, output):
    """Run the command a board's description names, writing ``output``."""
    words = shlex.split(description.split("Command: ", 1)[1])
    assert words[:2] == ["chutes-tui", "design"]
    words[words.index("--output") + 1] = str(output)
    assert main(words[1:]) in (0, 4)  # 4: a target missed, the closest board still written
    capsys.readouterr()
    return words


def test_design_with_the_extra_roll(capsys, tmp_path):
    path = tmp_path / "rolls.toml"
    argv = ["design", "--squares", "40", "--ladders", "3", "--chutes", "3", "--extra-roll"]
    code, out, err = run(capsys, *argv, "--target-turns", "8", "--seed", "2", "--output", str(path))
    assert code == 0 and err == ""
    board = load_board(str(path))
    assert board.extra_roll and len(board.ladders) == 3 and len(board.chutes) == 3
    mean = float(exact_expected_turns(board))
    assert abs(mean - 8) <= 0.08
    assert "extra roll on the top face (seed 2)" in out and f"✔ expected turns {mean:.4f}" in out
    words = remake(capsys, board.description, tmp_path / "again.toml")
    assert "--extra-roll" in words
    assert load_board(str(tmp_path / "again.toml")).jumps == board.jumps


ISSUE_26 = [
    "--end-rule", "bounce", "--goal", "36", "--miss-turn", "10,20", "--throw-again", "15",
    "--extra-roll", "--streak-limit", "3", "--streak-penalty", "start",
]  # fmt: skip


def test_design_under_issue_26s_rules(capsys, tmp_path):
    path = tmp_path / "house.toml"
    argv = ["design", "--squares", "40", "--ladders", "3", "--chutes", "3", *ISSUE_26, "--target-turns", "9"]
    code, out, err = run(
        capsys, *argv, "--seed", "6", "--max-evaluations", "20", "--json", "--output", str(path)
    )
    assert code in (0, 4) and err == ""
    data = json.loads(out)
    board = parse_toml(path.read_text(), path=path)
    assert (board.goal_square, board.miss_turn, board.throw_again) == (36, (10, 20), (15,))
    assert board.extra_roll and board.streak_limit == 3 and board.streak_penalty == "start"
    assert not {10, 15, 20, 36} & {square for jump in board.jumps for square in jump}
    assert data["expected_turns"] == pytest.approx(float(exact_expected_turns(board)), rel=1e-12)
    assert data["met"] == (abs(data["expected_turns"] - 9) <= 0.09)
    words = remake(capsys, board.description, tmp_path / "again.toml")
    assert words[words.index("--miss-turn") + 1] == "10, 20" and "--extra-roll" in words
    again = parse_toml((tmp_path / "again.toml").read_text())
    assert again.jumps == board.jumps and again.goal_square == 36


def test_a_rule_the_board_refuses_is_one_line(capsys, tmp_path):
    argv = ["design", "--squares", "40", "--streak-limit", "3", "--target-turns", "9"]
    code, _, err = run(capsys, *argv, "--output", str(tmp_path / "x.toml"))
    assert code == 2 and "needs extra_roll" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.toml").exists()
