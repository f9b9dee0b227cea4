"""The command line under hostile input: one short line and a non-zero exit, never a traceback,
a hang, a leak of a file's contents, or a destroyed file."""

import json
import os
import stat
import subprocess
import sys

import numpy as np
import pytest

from chutes_tui.cli import main
from chutes_tui.io.boardfile import load_board
from chutes_tui.sim.montecarlo import simulate_summary, simulate_turns, summarize

MARKUP = ["[/]", "[/b]", "[bold red]x[/", "[link=https://example.com]x[/link]"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err):
    assert err.count("\n") == 1 and len(err) < 400 and "Traceback" not in err, err[:500]
    return err


@pytest.mark.parametrize("seed", ["-1", "", "abc", "-", str(2**63), "1" * 5000, "1.5", "0x10"])
@pytest.mark.parametrize(
    "verb", [["simulate", "tiny-10", "--games", "10"], ["boards", "random", "--output", "x"]]
)
def test_bad_seeds_exit_2_naming_the_rule(capsys, verb, seed):
    code, out, err = run(capsys, *verb, "--seed", seed)
    assert code == 2 and out == ""
    assert "the seed" in one_line(err) and "0..9,223,372,036,854,775,807" in err


def test_good_seeds_at_both_ends(capsys):
    for seed in ("0", str(2**63 - 1), "+7"):
        code, _, err = run(capsys, "simulate", "tiny-10", "--games", "10", "--seed", seed, "--json")
        assert code == 0, err


def _special(tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 100_000 + "]" * 100_000)
    big = tmp_path / "big.toml"
    big.write_text("squares = 1" + "0" * 5000)
    plain = tmp_path / "big.txt"
    plain.write_text("0\n100\n6\n" + "7" * 5000 + " 5\n")
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"#" * (10 * 1024 * 1024 + 1))
    return {
        fifo: "FIFO",
        deep: "nested more than 32 levels",
        big: "5,001 digits",
        plain: "more than 9 digits",
        huge: "too large",
        tmp_path: "directory",
        "/dev/zero": "device",
        tmp_path / ("x" * 5000 + ".toml"): "file name too long",
        tmp_path / "missing.toml": "no such file",
    }


def test_special_and_huge_board_files_are_refused_at_once(capsys, tmp_path):
    for path, words in _special(tmp_path).items():
        code, out, err = run(capsys, "analyze", str(path))
        assert code == 1 and out == "", path
        assert words in one_line(err), (str(path)[:80], err)


def test_a_fifo_never_hangs_the_real_command(tmp_path):
    fifo = tmp_path / "board.toml"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "chutes_tui", "analyze", str(fifo)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and "FIFO" in done.stderr


@pytest.mark.parametrize("path", ["/etc/passwd", "/proc/self/environ"])
def test_errors_never_show_a_files_contents(capsys, path, monkeypatch):
    monkeypatch.setenv("CHUTES_SECRET", "hunter2-secret-value")
    if not os.path.exists(path):
        pytest.skip(f"{path} does not exist here")
    code, _, err = run(capsys, "analyze", path)
    assert code == 1 and "root:" not in err and "hunter2" not in err and "PATH=" not in err
    one_line(err)


def test_a_50mb_line_is_never_printed(capsys, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("0\n100\n6\n" + "x" * 9_000_000 + "\n")
    code, _, err = run(capsys, "analyze", str(path))
    assert code == 1 and "xxxxxxxxxx" not in one_line(err)


@pytest.mark.parametrize("name", [*MARKUP, "x" * 10_000, "a\x1b[31mred"])
def test_board_names_are_shown_literally(capsys, tmp_path, name):
    board = tmp_path / "b.toml"
    escaped = json.dumps(name)  # a TOML basic string accepts JSON's escapes
    board.write_text(f"name = {escaped}\ndescription = {escaped}\nsquares = 10\n")
    code, out, err = run(capsys, "analyze", str(board))
    assert code == 0, err
    assert "\x1b" not in out
    if len(name) < 60 and "\x1b" not in name:
        assert name in out
    if "\x1b" in name:
        assert "\\x1b[31m" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["boards", "random", "--output", "/dev/null", "--force"],
        ["boards", "random", "--output", "{dir}", "--force"],
        ["boards", "random", "--output", "{fifo}", "--force"],
        ["exact", "tiny-10", "--table", "{table}"],
        ["play", "standard", "--players", "Ann", "--save", "/dev/null"],
        ["watch", "standard", "--save", "{dir}"],
    ],
)
def test_writes_never_destroy_special_files(capsys, tmp_path, argv):
    fifo, table = tmp_path / "out.toml", tmp_path / "t.csv"
    os.mkfifo(fifo)
    os.mkfifo(table)
    argv = [a.format(dir=tmp_path, fifo=fifo, table=table) for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2 and "cannot write" in one_line(err)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and stat.S_ISFIFO(os.stat(table).st_mode)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_existing_files_need_force(capsys, tmp_path):
    target = tmp_path / "b.toml"
    target.write_text("keep")
    code, _, err = run(capsys, "boards", "random", "--output", str(target))
    assert code == 2 and "--force" in one_line(err) and target.read_text() == "keep"
    assert run(capsys, "boards", "random", "--output", str(target), "--force", "--seed", "3")[0] == 0
    assert load_board(str(target)).end == 100


def test_limits_are_refused_up_front_with_the_limit_named(capsys):
    for argv, words in (
        (["exact", "standard", "--players", "6", "--digits", "2000"], "at most 300"),
        (["exact", "standard", "--bounds", "100000"], "0..10,000"),
        (["experiments", "another-game", "--coins", "20", "10", "--pot", "5"], "at most 30"),
        (["experiments", "another-game", "--games", "100000000"], "1..1,000,000"),
        (["simulate", "standard", "--games", "1000000001"], "1..1,000,000,000"),
    ):
        code, _, err = run(capsys, *argv)
        assert code == 2 and words in one_line(err), (argv, err)


def test_chunked_simulation_equals_one_call_and_stays_small(standard):
    games = 70_001  # more than one chunk, not a multiple of it
    chunked = simulate_summary(standard, games, 3, np.random.default_rng(9))
    whole = summarize(simulate_turns(standard, games * 3, np.random.default_rng(9)), 3)
    assert chunked.seat_wins == whole.seat_wins and chunked.games == whole.games
    assert chunked.mean == pytest.approx(whole.mean, rel=1e-15)
    assert chunked.sd == pytest.approx(whole.sd, rel=1e-12)


def test_an_unexpected_error_is_one_line_and_a_crash_log(capsys, monkeypatch, private_dirs):
    from chutes_tui.cli import analyze

    def explode(args, console):
        raise RuntimeError("boom [/] \x1b[31m")

    monkeypatch.setattr(analyze, "run", explode)
    code, out, err = run(capsys, "analyze", "standard")
    assert code == 3 and out == ""
    assert "RuntimeError: boom [/] \\x1b[31m" in one_line(err) and "\x1b" not in err
    logs = list((private_dirs / "state" / "crashes").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err
    assert "Traceback" in logs[0].read_text() and "explode" in logs[0].read_text()


def test_interrupt_exits_130_in_one_line(capsys, monkeypatch):
    from chutes_tui.cli import simulate

    def interrupted(args, console):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "run", interrupted)
    code, _, err = run(capsys, "simulate", "standard")
    assert code == 130 and "interrupted" in one_line(err)


def test_argparse_echoes_are_short(capsys):
    code, _, err = run(capsys, "analyze", "standard", "--end-rule", "x" * 100_000)
    assert code == 2 and one_line(err)
    code, _, err = run(capsys, "x" * 100_000)
    assert code == 2 and one_line(err)


def test_a_reader_that_goes_away_ends_the_command_quietly_with_status_0(tmp_path):
    """`chutes-tui squares BOARD | head -1` exited 1 (the status of a board that cannot be used):
    rich's console ends the process itself on a broken pipe (SystemExit(1)) before main's own
    handler, which stops quietly with 0, ever saw it."""
    board = tmp_path / "long.toml"
    board.write_text("squares = 5000\n")  # 5,000 lines: more than a pipe holds
    command = [sys.executable, "-m", "chutes_tui", "squares", str(board)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"long")
    process.stdout.close()  # as head does after its line
    error = process.stderr.read()
    assert process.wait(timeout=60) == 0 and error == b""


@pytest.mark.parametrize("mark", ["\u202e", "\u2067", "\u200f", "\u200b", "\ufeff"])
def test_direction_and_invisible_marks_from_a_file_or_an_argument_are_shown_as_escapes(
    capsys, tmp_path, mark
):
    """A board named 'x\\u202eevil' printed its heading turned around (a right-to-left override
    reverses what follows on the terminal), and so did an error quoting an argument with one:
    player names refused these marks, everything else showed them as they were."""
    board = tmp_path / "marked.toml"
    board.write_text(f'squares = 10\nname = "x{mark}evil"\n', encoding="utf-8")
    escape = f"\\u{ord(mark):04x}"
    code, out, err = run(capsys, "analyze", str(board))
    assert code == 0 and out.splitlines()[0].startswith(f"x{escape}evil ")
    assert mark not in out
    code, out, err = run(capsys, "analyze", "standard", "--players", f"{mark}Ann")
    assert code == 2 and escape in one_line(err) and mark not in err
