"""The command line reads well (issue 12, point 8): a short help for the bare command, a board
list that fits 80 columns, JSON objects that name their board, a board file on stdout, no
source paths, exact numbers in one piece, seat bars that show the differences."""

import ast
import io
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from rich.console import Console

import chutes_tui.cli
from chutes_tui.cli import FIRST_STEPS, build_parser, main
from chutes_tui.cli.analyze import bar_scale, deviation_bar
from chutes_tui.io.boardfile import format_toml, load_board, parse_board_text
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.model.generate import random_board


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def command(*argv, columns=80):
    """The real command, its stdout piped (not a terminal), as a user's shell runs it."""
    env = {**os.environ, "COLUMNS": str(columns)}
    done = subprocess.run(
        [sys.executable, "-m", "chutes_tui", *argv], capture_output=True, text=True, env=env, timeout=120
    )
    return done.returncode, done.stdout, done.stderr


# -- 1. the bare command --------------------------------------------------------------------------


def test_bare_command_prints_a_short_help_and_succeeds():
    code, out, err = command()
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) <= 10 and max(len(line) for line in lines) <= 80
    for example in (
        "chutes-tui play standard",
        "chutes-tui analyze standard --players 2",
        "chutes-tui boards",
    ):
        assert any(line.strip().startswith(example + " ") for line in lines), example
    assert "All commands: chutes-tui --help" in lines
    # Not argparse's dump: no usage line, no list of every verb and option.
    assert "usage:" not in out and "--version" not in out and "inspect" not in out


def test_the_short_helps_examples_are_commands_that_parse():
    for example, _ in FIRST_STEPS:
        words = example.split()
        assert words[0] == "chutes-tui"
        args = build_parser().parse_args(words[1:])
        assert args.verb == words[1]
    assert build_parser().parse_args(["analyze", "standard", "--players", "2"]).players == 2


def test_bare_command_in_process_matches_the_real_one(capsys):
    code, out, err = run(capsys)
    assert code == 0 and err == "" and out == command()[1]


# -- 2. boards at 80 columns ---------------------------------------------------------------------


def _check_board_listing(out, width):
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= width
    assert lines[2].split() == ["name", "squares", "die", "end", "rule", "ladders", "chutes"]
    boards = {name: load_board(name) for name in bundled_board_names()}
    facts = {line.split()[0]: line for line in lines[3:] if not line.startswith(" ")}
    assert set(facts) == set(boards)  # every name whole, at the start of its line
    assert facts["standard"].split() == ["standard", "100", "6", "exact", "9", "10"]
    assert facts["hochman-ladder-27-29"].split() == ["hochman-ladder-27-29", "100", "6", "exact", "10", "10"]
    # Descriptions: at most two lines each, broken between words, cut short with "…".
    described = [line for line in lines[3:] if line.startswith("  ")]
    assert 0 < len(described) <= 2 * len(boards)
    words = {word for board in boards.values() for word in board.description.split()}
    for line in described:
        for word in line.split():
            assert word in words or (word.endswith("…") and word[:-1] in words), (word, line)
    assert described[0].strip().startswith("The 1952 Milton Bradley board")


def test_boards_fits_80_columns_when_piped():
    code, out, err = command("boards", columns=80)
    assert code == 0 and err == ""
    _check_board_listing(out, 80)


def test_boards_fits_a_console_of_width_80():
    console = Console(file=io.StringIO(), width=80, markup=False, highlight=False, color_system=None)
    args = build_parser().parse_args(["boards"])
    assert args.run(args, console) == 0
    _check_board_listing(console.file.getvalue(), 80)


def test_boards_on_a_narrow_console_crops_rather_than_folds():
    console = Console(file=io.StringIO(), width=50, markup=False, highlight=False, color_system=None)
    args = build_parser().parse_args(["boards"])
    assert args.run(args, console) == 0
    lines = console.file.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 50
    assert sum(1 for line in lines if line.startswith("standard ")) == 1


# -- 3. JSON objects that name their board ------------------------------------------------------


@pytest.mark.parametrize(
    ("experiment", "rows", "first"),
    [
        ("die-sides", "dice", {"die": 2}),
        ("start-square", "squares", {"square": 0}),
        ("best-first-roll", "rolls", {"roll": 1, "square": 38}),
    ],
)
def test_experiments_that_printed_bare_arrays_answer_objects(capsys, experiment, rows, first):
    code, out, err = run(capsys, "experiments", experiment, "standard", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"board", rows} and data["board"] == "standard"
    assert data[rows][0].items() >= first.items()
    assert isinstance(data[rows][0]["expected_turns"], float)


def test_every_jump_experiment_names_its_board(capsys):
    for experiment in ("add-jump", "jump-impact"):
        assert main(["experiments", experiment, "tiny-10", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["board"] == "tiny-10" and isinstance(data["jumps"], list), experiment
    assert [(jump["from"], jump["to"]) for jump in data["jumps"]] == [(4, 7), (9, 2)]


# -- 4. a random board on stdout ------------------------------------------------------------------


def test_random_board_to_stdout_is_the_file_and_nothing_else(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "boards", "random", "--output", "-", "--seed", "7", "--ladders", "3")
    assert code == 0 and err == ""
    assert out == format_toml(random_board(7, ladders=3))
    board = parse_board_text(out, "stdout.toml")
    assert board.name == "random-7" and board.end == 100
    assert len(board.ladders) == 3 and len(board.chutes) == 10
    assert tomllib.loads(out)["description"].endswith("(seed 7).")
    assert list(tmp_path.iterdir()) == []  # no file named "-"


def test_random_board_without_a_seed_records_the_one_it_used(capsys, tmp_path):
    target = tmp_path / "b.toml"
    code, out, _ = run(capsys, "boards", "random", "--output", str(target))
    seed = int(re.fullmatch(r"wrote .*: 100 squares, 9 ladders, 10 chutes \(seed (\d+)\)\n", out).group(1))
    written = load_board(str(target))
    assert code == 0 and written.description.endswith(f"(seed {seed}).")
    assert written.jumps == random_board(seed).jumps


# -- 5. no source paths ---------------------------------------------------------------------------

SOURCE_PATH = re.compile(r"chutes_tui/|\w\.py\b")


def _docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                yield body[0].value


def test_no_cli_string_names_a_source_file():
    package = Path(chutes_tui.cli.__file__).parent
    modules = sorted(package.rglob("*.py"))
    assert len(modules) >= 14
    for module in modules:
        tree = ast.parse(module.read_text())
        docstrings = {id(node) for node in _docstrings(tree)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                assert not SOURCE_PATH.search(node.value), (module.name, node.lineno, node.value)


def test_exact_for_three_players_explains_itself_in_words(capsys):
    code, out, _ = run(capsys, "exact", "tiny-10", "--players", "3", "--digits", "8")
    assert code == 0 and not SOURCE_PATH.search(out)
    assert "Every digit shown is certain" in out and "proven bound" in " ".join(out.split())


# -- 6. exact numbers in one piece ----------------------------------------------------------------


def test_exact_numbers_stay_whole_when_piped(capsys):
    digits = "300"
    code, out, err = command("exact", "standard", "--digits", digits, columns=80)
    assert code == 0 and err == ""
    code, answer, _ = run(capsys, "exact", "standard", "--digits", digits, "--json")
    data = json.loads(answer)
    lines = out.splitlines()
    for key in ("expected_turns", "expected_turns_decimal", "first_player_wins_decimal"):
        assert any(line.split()[-1] == data[key] for line in lines), key
    assert len(data["expected_turns"]) > 80  # longer than the console: it would have folded
    # The notes in words still wrap between words at the console's width.
    assert all(len(line) <= 80 for line in lines if not re.search(r"\d{20}", line))


def test_exact_position_fraction_and_enclosures_stay_whole(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    code, out, _ = run(capsys, "exact", "tiny-10", "--position", "3", "5", "--digits", "60")
    assert code == 0
    assert main(["exact", "tiny-10", "--position", "3", "5", "--digits", "60", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    lines = out.splitlines()
    for key in ("win_probability", "win_probability_decimal", "expected_turns"):
        assert any(line.split()[-1] == data[key] for line in lines), key
    code, out, _ = run(capsys, "exact", "standard", "--players", "3", "--digits", "70")
    seats = [line.split() for line in out.splitlines() if line.startswith("seat ")]
    assert code == 0 and [words[:2] for words in seats] == [["seat", "1"], ["seat", "2"], ["seat", "3"]]
    assert seats[0][2].startswith("0.342859606270319774616") and len(seats[0][2]) == 72


def test_exact_prints_fractions_beyond_pythons_digit_limit():
    # The first player's fraction has 4,453 digits; Python's default limit is 4,300.
    code, out, err = command("exact", "standard", "--json")
    assert code == 0 and err == ""
    numerator, denominator = json.loads(out)["first_player_wins"].split("/")
    assert len(numerator) == len(denominator) == 4453 > sys.get_int_max_str_digits()


# -- 7. seat bars ---------------------------------------------------------------------------------


def test_bar_scale_is_a_round_number_just_above_the_largest_difference():
    assert bar_scale([0.5078, 0.4922]) == pytest.approx(0.01)
    assert bar_scale([0.367, 0.332, 0.301]) == pytest.approx(0.05)
    assert bar_scale([0.27, 0.25, 0.25, 0.23]) == pytest.approx(0.02)
    assert bar_scale([0.5, 0.5]) is None and bar_scale([1.0]) is None


def test_deviation_bar_draws_either_side_of_the_mark():
    assert deviation_bar(0.0078, 0.01).plain == " " * 16 + "│" + "█" * 12 + "▌" + " " * 3
    assert deviation_bar(-0.0078, 0.01).plain == " " * 3 + "▐" + "█" * 12 + "│" + " " * 16
    assert deviation_bar(0.0, 0.01).plain == " " * 16 + "│" + " " * 16
    assert deviation_bar(0.5, 0.01).plain == " " * 16 + "│" + "█" * 16


def _signed_bars(out):
    """Each seat row's bar as a signed length in cells (right of the mark positive)."""
    bars = {}
    for line in out.splitlines():
        match = re.match(r"│\s+(\d+) │ (0\.\d{10}) │ (.*) │$", line)
        if match:
            left, right = match.group(3).split("│")
            size = lambda part: part.count("█") + 0.5 * (part.count("▌") + part.count("▐"))  # noqa: E731
            bars[int(match.group(1))] = (float(match.group(2)), size(right) - size(left))
    return bars


def test_analyze_bars_show_the_difference_between_seats(capsys):
    code, out, _ = run(capsys, "analyze", "standard", "--players", "2")
    bars = _signed_bars(out)
    assert code == 0 and set(bars) == {1, 2}
    assert bars[1] == (0.5078027735, 12.5) and bars[2] == (0.4921972265, -12.5)
    assert "Bars: P(win) minus an even share, 1/2 = 50.00% (the │)." in out
    assert "A full side of the column is 1 percentage point." in out
    assert re.search(r"┃ below +1/2 +above ┃", out)


def test_analyze_bars_follow_the_order_of_the_chances(capsys):
    code, out, _ = run(capsys, "analyze", "standard", "--players", "4")
    bars = _signed_bars(out)
    assert code == 0 and sorted(bars) == [1, 2, 3, 4]
    lengths = [bars[seat][1] for seat in (1, 2, 3, 4)]
    assert lengths == sorted(lengths, reverse=True) and len(set(lengths)) == 4
    assert lengths[0] > 0 > lengths[-1] and max(map(abs, lengths)) >= 6.5  # the largest fills 40%+


def test_one_player_has_no_bars(capsys):
    code, out, _ = run(capsys, "analyze", "tiny-10", "--players", "1")
    assert code == 0 and "1 player: chance to win by seat" in out
    assert "Bars:" not in out and "below" not in out and "1.0000000000" in out
