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


@pytest.mark.parametrize("command", list(_questions()))
def test_each_question_runs(command, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # `design` writes its board where it is run
    words = shlex.split(command)
    assert words[0] == "chutes-tui"
    assert main(words[1:]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.strip()


def test_the_board_file_example_loads(tmp_path):
    from chutes_tui.io.boardfile import load_board

    example = README.split("### Board files", 1)[1].split("```toml", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example)
    board = load_board(str(path))
    assert board.name == "my-board" and (57, 0) in board.chutes and board.die.text == "d6"
