"""The README's "Questions you can ask" are commands that work, as written."""

import shlex
from pathlib import Path

import pytest

from chutes_tui.cli import main

README = (Path(__file__).parents[2] / "README.md").read_text()


def _questions():
    block = README.split("### Questions you can ask", 1)[1].split("```", 2)[1]
    for line in block.strip().splitlines():
        command = line.split("#", 1)[0].strip()
        if command:
            yield command


BUMP_QUESTION = "chutes-tui exact standard --bump"

# Questions that another test runs as written and checks more closely than "it answers": not
# run a second time here (1.4 CPU-s each). Each must still be one of the README's questions.
ASKED_ELSEWHERE = {
    "chutes-tui analyze standard --drama": (
        "test_drama_cli.py::test_the_readmes_example_is_what_the_command_prints"
    ),
}


def _marked(command):
    if command == BUMP_QUESTION:
        return pytest.param(command, marks=pytest.mark.xdist_group("standard-bump"))
    return command


def test_the_questions_asked_elsewhere_are_the_readmes():
    assert set(ASKED_ELSEWHERE) <= set(_questions())


@pytest.mark.parametrize("command", [_marked(c) for c in _questions() if c not in ASKED_ELSEWHERE])
def test_each_question_runs(command, capsys, tmp_path, monkeypatch, request):
    monkeypatch.chdir(tmp_path)  # `design` writes its board where it is run
    words = shlex.split(command)
    if command == BUMP_QUESTION:
        _lift_the_standard_board_once(monkeypatch, request.getfixturevalue("standard_under_bump_exactly"))
    assert words[0] == "chutes-tui"
    assert main(words[1:]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.strip()


def _lift_the_standard_board_once(monkeypatch, lifted):
    """The CLI's exact lifting of the standard board under bump from the start, the fractions
    test_exact_bump.py checks, is the session's (1 s once, not twice); anything else is lifted."""
    from chutes_tui.exact import bump

    lift = bump.exact_bump

    def exact_bump(board, positions=None, to_move=0, progress=None):
        if board == lifted.board and positions is None and to_move == 0:
            return lifted
        return lift(board, positions, to_move, progress)

    monkeypatch.setattr(bump, "exact_bump", exact_bump)


def test_the_board_file_example_loads(tmp_path):
    from chutes_tui.io.boardfile import load_board

    example = README.split("### Board files", 1)[1].split("```toml", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example)
    board = load_board(str(path))
    assert board.name == "my-board" and (57, 0) in board.chutes and board.die.text == "d6"


def _turn_rule_rows():
    """The README's turn rules table: each row's flags and the expected turns it states."""
    table = README.split("**Turn rules**", 1)[1].split("\n\n", 2)[1]
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        yield cells[-2].strip("`"), cells[-1]


def test_the_turn_rules_table_covers_every_rule_of_issue_26():
    rows = "\n".join(flags for flags, _ in _turn_rule_rows())
    for flag in ("--goal", "--sum-rolls", "--streak-limit", "--streak-penalty", "--enter-faces"):
        assert flag in rows
    for flag in ("--enter-square", "--miss-turn", "--throw-again"):
        assert flag in rows


@pytest.mark.parametrize(("flags", "stated"), list(_turn_rule_rows()))
def test_each_turn_rules_figure_is_what_exact_says(flags, stated, capsys):
    import json

    assert main(["exact", "standard", *flags.split(), "--json", "--digits", "12"]) == 0
    turns = float(json.loads(capsys.readouterr().out)["expected_turns_decimal"])
    assert f"{turns:.4f}" == stated


def test_leelas_figures_are_what_exact_says(capsys):
    import json

    assert main(["exact", "leela", "--json", "--digits", "12"]) == 0
    found = json.loads(capsys.readouterr().out)
    section = README.split("**Leela**", 1)[1].split("\n\n", 1)[0]
    turns, first = float(found["expected_turns_decimal"]), float(found["first_player_wins_decimal"])
    said = " ".join(section.split())
    assert f"lasts {turns:.4f} turns ({found['expected_turns']})" in said
    assert f"wins {first:.4%}".replace("%", " %") in said
