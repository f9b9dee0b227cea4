import json
import subprocess
import sys
from decimal import Decimal

import pytest

from chutes_tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_json_keys_and_values(capsys):
    code, out, err = run(capsys, "analyze", "standard", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    for key in (
        "board",
        "expected_turns",
        "sd_turns",
        "median_turns",
        "mode_turns",
        "min_turns",
        "percentiles",
        "players",
        "seat_win_probability",
        "expected_total_moves",
        "expected_rounds",
    ):
        assert key in data
    assert data["expected_turns"] == pytest.approx(39.5984, abs=5e-5)
    assert data["players"] == 2 and len(data["seat_win_probability"]) == 2
    assert data["expected_total_moves"] == pytest.approx(52.5188, abs=5e-5)
    assert {"5", "25", "75", "95"} <= set(data["percentiles"])
    assert data["board"]["name"] == "standard" and data["board"]["squares"] == 100
    assert [48, 26] in data["board"]["chutes"]


def test_analyze_overrides(capsys):
    _, out, _ = run(capsys, "analyze", "standard", "--end-rule", "reach", "--json", "--players", "4")
    data = json.loads(out)
    assert data["expected_turns"] == pytest.approx(36.1931, abs=5e-5)
    assert len(data["seat_win_probability"]) == 4
    assert sum(data["seat_win_probability"]) == pytest.approx(1.0)
    _, out, _ = run(capsys, "analyze", "classic-1952", "--die", "3", "--json")
    assert json.loads(out)["expected_turns"] == pytest.approx(65.9007753, abs=5e-8)
    _, out, _ = run(capsys, "analyze", "classic-1952", "--start", "29", "--json")
    assert json.loads(out)["expected_turns"] == pytest.approx(36.8911770, abs=5e-8)


def test_analyze_human_output(capsys):
    code, out, _ = run(capsys, "analyze", "classic-1952", "--players", "3")
    assert code == 0
    assert "39.2251223" in out and "47→26" in out and "█" in out and "seat" in out


def test_boards_listing(capsys):
    code, out, _ = run(capsys, "boards", "--json")
    names = [board["name"] for board in json.loads(out)]
    assert code == 0 and {"standard", "classic-1952", "tiny-10", "no-jumps"} <= set(names)
    code, out, _ = run(capsys, "boards")
    assert code == 0 and "classic-1952" in out


def test_board_file_errors_exit_1_with_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("squares = 20\nladders = [[5, 12]]\nchutes = [[12, 3]]\n")
    code, out, err = run(capsys, "analyze", str(bad))
    assert code == 1 and out == ""
    assert err.strip() == (
        f"chutes-tui analyze: board error: {bad}:3: chained jumps: 5→12 lands on the tail of 12→3"
        " (try 'chutes-tui analyze --help')"
    )
    code, _, err = run(capsys, "analyze", "nope")
    assert code == 1 and "no bundled board or file named 'nope'" in err and err.count("\n") == 1


def test_override_that_breaks_the_board_exits_1(capsys, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("0\n10\n6\n9 2\n8 3\n7 1\n")
    code, _, err = run(capsys, "analyze", str(board), "--die", "1")
    assert code == 1 and "with die=1: unwinnable" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["analyze"], "required: BOARD"),
        (["analyze", "standard", "--players", "0"], "number of players must be 1..12"),
        (["analyze", "standard", "--players", "two"], "whole number"),
        (["analyze", "standard", "--end-rule", "sideways"], "invalid choice"),
        (["analyze", "standard", "--die", "-3"], "--die must be"),
        (["analyze", "standard", "--start", "28"], "tail of the jump 28→84"),
        (["analyze", "standard", "--start", "100"], "square 100"),
        (["frobnicate"], "invalid choice"),
        (["experiments"], "required: EXPERIMENT"),
    ],
)
def test_usage_errors_exit_2_with_one_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_version_and_module_entry_point():
    done = subprocess.run([sys.executable, "-m", "chutes_tui", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("chutes-tui ")


def test_closed_pipe_is_quiet():
    # The reader (`true`) exits before the analysis is printed; no traceback may appear.
    done = subprocess.run(
        f"'{sys.executable}' -m chutes_tui analyze standard | true",
        shell=True,
        capture_output=True,
        text=True,
    )
    assert "Traceback" not in done.stderr and "Error" not in done.stderr


def test_exact_json(capsys):
    from flint import fmpz

    limit = sys.get_int_max_str_digits()
    code, out, err = run(capsys, "exact", "standard", "--json", "--position", "30", "50", "--bounds", "9")
    assert code == 0, err
    data = json.loads(out)
    numerator, denominator = data["first_player_wins"].split("/")
    assert len(numerator) == len(denominator) == 4453
    assert data["first_player_wins_decimal"] == "0.50780277346091397787392387841954080716542767187942"
    assert data["expected_turns_decimal"].startswith("39.5983656402")
    assert sys.get_int_max_str_digits() == limit  # the CLI never lifts Python's limit
    p, q = (int(fmpz(x)) for x in data["win_probability"].split("/"))
    assert abs(p / q - 0.37562722999201686) < 1e-15
    assert data["bounds"]["lower_decimal"].startswith("0.5000354014697371")


def test_exact_table_files(capsys, tmp_path):
    for name in ("t.csv", "t.json"):
        path = tmp_path / name
        code, _, err = run(capsys, "exact", "tiny-10", "--table", str(path))
        assert code == 0 and "wrote 64 exact positions" in err
        text = path.read_text()
        if name.endswith(".csv"):
            assert text.splitlines()[0] == "mover,opponent,probability" and len(text.splitlines()) == 65
        else:
            assert len(json.loads(text)["mover_wins"]) == 64
    code, _, err = run(capsys, "exact", "tiny-10", "--table", str(tmp_path / "t.txt"))
    assert code == 2 and ".csv or .json" in err


def test_exact_human_output(capsys):
    code, out, _ = run(capsys, "exact", "classic-1952", "--digits", "19")
    assert code == 0 and "39.2251223082349603694" in out and "P(first player wins)" in out


def test_exact_enclosures_for_three_players(capsys):
    code, out, err = run(capsys, "exact", "standard", "--players", "3", "--digits", "40", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["certain_digits"] == [40, 40, 40]
    assert data["seat_win_probability"][0].startswith("0.342859606270319774616")


TWELVE_PLAYERS = [
    ["analyze", "standard", "--players", "12", "--json"],
    ["exact", "standard", "--players", "12", "--json"],
    ["simulate", "standard", "--players", "12", "--games", "2000", "--seed", "1", "--json"],
    ["distribution", "standard", "--players", "12", "--json"],
]


@pytest.mark.parametrize("argv", TWELVE_PLAYERS, ids=lambda v: v[0])
def test_every_verb_answers_for_twelve_players(capsys, argv):
    """The product's promise: games of 1 to 12 players (watch and play: tests/app)."""
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    data = json.loads(out)
    if "seat_win_probability" in data:  # every seat has its chance, and the chances make one
        odds = data["seat_win_probability"]
        assert len(odds) == 12 and abs(sum(map(float, odds)) - 1) < 1e-9
    elif "seat_wins" in data:  # every simulated game has one winner
        assert len(data["seat_wins"]) == 12 and sum(data["seat_wins"]) == data["games"]
    else:
        assert data["players"] == 12


def test_thirteen_players_are_refused_naming_the_limit(capsys):
    code, out, err = run(capsys, "analyze", "standard", "--players", "13")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "must be 1..12, not 13" in err


BAD_COMMAND_LINES = [
    (["analyze"], 2),
    (["analyze", "standard", "--players", "x"], 2),
    (["analyze", "standard", "--die", "0"], 2),
    (["exact"], 2),
    (["exact", "standard", "--digits", "-1"], 2),
    (["exact", "standard", "--position", "1"], 2),
    (["exact", "standard", "--position", "28", "3"], 2),
    (["exact", "standard", "--players", "13"], 2),
    (["simulate"], 2),
    (["simulate", "standard", "--games", "0"], 2),
    (["simulate", "standard", "--games", "abc"], 2),
    (["experiments"], 2),
    (["experiments", "die-sides"], 2),
    (["experiments", "die-sides", "standard", "--max", "1"], 2),
    (["experiments", "convergence", "standard", "--max-log2", "40"], 2),
    (["experiments", "another-game", "--coins", "1"], 2),
    (["experiments", "add-jump", "standard", "--min-length", "0"], 2),
    (["inspect", "standard"], 2),
    (["inspect", "standard", "x"], 2),
    (["inspect", "standard", "500"], 2),
    (["inspect", "standard", "3", "--opponent", "28"], 2),
    (["play", "standard", "--players", ""], 2),
    (["play", "standard", "--players", "a,,b"], 2),
    (["play", "standard", "--seed", "x"], 2),
    (["play", "--resume", "/nonexistent/save.json"], 2),
    (["play", "no-such-board"], 1),
    (["watch", "standard", "--speed", "0"], 2),
    (["watch", "standard", "--speed", "fast"], 2),
    (["watch", "standard", "--players", "13"], 2),
    (["simulate", "standard", "--players", "13"], 2),
    (["distribution", "standard", "--players", "13"], 2),
    (["play", "standard", "--players", "a,b,c,d,e,f,g,h,i,j,k,l,m"], 2),
    (["edit", "no-such-board"], 1),
    (["boards", "random"], 2),
    (["boards", "random", "--output", "/nonexistent-dir/x.toml"], 2),
    (["boards", "frob"], 2),
    (["design"], 2),
    (["design", "--output", "x.toml", "--chutes", "many"], 2),
    (["frob"], 2),
]


@pytest.mark.parametrize(
    ("argv", "status"), BAD_COMMAND_LINES, ids=lambda v: " ".join(v) if isinstance(v, list) else str(v)
)
def test_every_verb_refuses_bad_arguments_in_one_line(capsys, argv, status):
    code, out, err = run(capsys, *argv)
    assert code == status and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("chutes-tui")


def test_analyze_lists_at_most_sixty_jumps_of_each_kind(capsys, tmp_path):
    """A 100,000-square board has 3,000 of each: the answer must not scroll away behind them."""
    from chutes_tui.io.boardfile import format_toml
    from chutes_tui.model.generate import random_board

    path = tmp_path / "many.toml"
    path.write_text(format_toml(random_board(3, squares=1000, ladders=70, chutes=65)))
    code, out, _ = run(capsys, "analyze", str(path), "--players", "2")
    assert code == 0
    words = " ".join(out.split())  # the table wraps long cells
    assert "… and 10 more" in words and "… and 5 more" in words
    code, out, _ = run(capsys, "analyze", str(path), "--json")
    assert len(json.loads(out)["board"]["ladders"]) == 70


def test_paths_of_a_long_board_without_jumps(capsys, tmp_path):
    """Issue 23: 36,000 squares make a 6,000-turn shortest game (all sixes) of chance 6^-6000,
    4,669 digits: Python's str() refuses such ints (a crash), and a double holds 0."""
    board = tmp_path / "long.toml"
    board.write_text("squares = 36000\n")
    code = main(["paths", str(board)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "6,000 turns, with probability 1.23736e-4669" in out
    assert "together exactly 1.23736e-4669, a fraction of 1 digits over 4,669 (all of them in --json)" in out
    assert main(["paths", str(board), "--json"]) == 0
    shortest = json.loads(capsys.readouterr().out)["shortest"]
    assert shortest["probability"] == f"1/{Decimal(6**6000)}" and shortest["roll_sequences"] == 1
