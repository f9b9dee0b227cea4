"""CLI polish (issue 24, point 8): `design` says which targets it missed and exits 4; `boards
random --help` documents every option with its default; `inspect` never splits an item of a
list across lines; every error is one line in one format, with the documented status."""

import json

import pytest

from chutes_tui.analysis.reports import inspect_square
from chutes_tui.cli import main
from chutes_tui.io.boardfile import load_board


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- inspect: a list breaks between its items, never inside one -----------------------------------


@pytest.mark.parametrize("columns", [80, 60, 50, 40])
@pytest.mark.parametrize(("board_name", "square"), [("standard", 1), ("standard", 99), ("classic-1952", 0)])
def test_inspect_never_splits_an_item_of_a_list(capsys, monkeypatch, columns, board_name, square):
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "inspect", board_name, str(square))
    assert code == 0
    lines = [line.rstrip() for line in out.splitlines()]
    assert max(len(line) for line in lines) <= columns
    report = inspect_square(load_board(board_name), square, None)
    rolls = [f"{o.roll} {o.describe()}" for o in report.roll_outcomes]
    chances = [f"{n}: {p:.1%}" for n, p in report.p_finish_within.items()]
    assert len(rolls) == 6 and len(chances) == 3
    for item in rolls + chances:  # each whole on one line (a split one is on none)
        assert any(item in line for line in lines), (item, columns)
