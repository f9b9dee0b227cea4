import json

import pytest

from chutes_tui.cli import main


def test_experiments_cli_json(capsys):
    assert main(["experiments", "die-sides", "classic-1952", "--max", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board"] == "classic-1952" and [r["die"] for r in data["dice"]] == [2, 3, 4]
    assert main(["experiments", "add-jump", "classic-1952", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"base", "jumps"} <= set(data) and len(data["jumps"]) == 3136
    assert main(["experiments", "another-game", "--games", "20000", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expected_cycles"]["A4B4"] == pytest.approx(17.5409, abs=5e-5)
    assert (
        main(["experiments", "convergence", "classic-1952", "--max-log2", "12", "--seed", "1", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["exact_finished_by"] == pytest.approx(0.48004, abs=5e-6) and len(data["points"]) == 8
    assert main(["experiments", "start-square", "classic-1952", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board"] == "classic-1952" and {"square", "expected_turns"} <= set(data["squares"][0])


def test_simulate_cli_json(capsys):
    assert main(["simulate", "standard", "--games", "100000", "--players", "2", "--seed", "9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("games", "mean_turns", "sd_turns", "games_per_second", "seed", "seat_wins"):
        assert key in data
    assert data["seed"] == 9 and sum(data["seat_wins"]) == 100_000
    assert abs(data["sigmas_from_exact"]) < 4


def test_jump_impacts_two_player_edge_refuses_the_bump_rule_in_one_line(capsys):
    # The edge is two players' and is worked out for independent players: under bump it was the
    # figure without it (on the standard board the first player wins 0.505497 with bump, the
    # table said 0.507803).
    assert main(["experiments", "jump-impact", "tiny-10", "--exact", "--bump"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "the bump rule makes players interact; experiments jump-impact --exact works out" in err


def test_a_long_table_prints_as_plain_lines(capsys, tmp_path):
    """experiments start-square on a 100,000-square board took 24 s, 22 of them Rich laying out a
    table of 100,000 rows with nothing on the screen: past LONG_TABLE_ROWS rows a table is printed
    as plain aligned lines (as squares prints), the same columns, in well under a second."""
    from chutes_tui.cli.common import LONG_TABLE_ROWS

    squares = LONG_TABLE_ROWS + 100
    board = tmp_path / "long.toml"
    board.write_text(f"squares = {squares}\n")
    assert main(["experiments", "start-square", str(board)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "long: expected turns from each square"
    assert lines[1].split() == ["square", "expected", "turns"]
    assert "│" not in "\n".join(lines) and "━" not in "\n".join(lines)
    assert main(["experiments", "start-square", str(board), "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)["squares"]
    rows = [line.split() for line in lines[2 : 2 + len(expected)]]
    assert [(int(r[0]), float(r[1])) for r in rows] == [
        (e["square"], pytest.approx(e["expected_turns"], abs=5e-8)) for e in expected
    ]
    # aligned: every value ends in the same column (a note after it or not)
    assert len({len(line.partition("  the square")[0]) for line in lines[2 : 2 + len(expected)]}) == 1


def test_a_plain_table_aligns_by_the_cells_a_terminal_counts():
    """A wide character takes two cells: the plain lines pad by cells, not characters, so a
    right-justified column still ends in one column."""
    import io

    from rich.cells import cell_len
    from rich.console import Console
    from rich.table import Table

    from chutes_tui.cli.common import plain_table

    table = Table("name", "turns")
    table.columns[1].justify = "right"
    for name, turns in (("漢字", "1.5"), ("ab", "12.25"), ("Ann", "3")):
        table.add_row(name, turns)
    out = io.StringIO()
    plain_table(Console(file=out, width=200), table)
    lines = out.getvalue().splitlines()
    assert len({cell_len(line) for line in lines}) == 1 and lines[1] == "漢字    1.5"
