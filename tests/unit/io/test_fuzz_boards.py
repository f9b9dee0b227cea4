"""Fuzzing board files: whatever the bytes, loading gives a Board or one BoardError that says
where (file, and line when there is one) and why -- never another exception.

The normal run tries a fast slice; the full run (10⁵ inputs) is marked ``fuzz_full``:

    python -m pytest -m fuzz_full
"""

import os
import random

import pytest

from chutes_tui.io.boardfile import format_plain, format_toml, read_board
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.generate import random_board

FAST = 3_000
FULL = 100_000

UNICODE = ["→", "é", "☃", "\u200b", "\x00", "\ufeff", "𝟙", "٣", "\u2028"]


def _valid(rng: random.Random) -> Board:
    squares = rng.choice([10, 30, 100, 200])
    jumps = rng.randint(0, squares // 6)
    return random_board(rng.randint(0, 10**6), squares=squares, ladders=jumps // 2, chutes=jumps - jumps // 2)


def _mutate_lines(text: str, rng: random.Random) -> str:
    lines = text.splitlines() or [""]
    i = rng.randrange(len(lines))
    choice = rng.randrange(9)
    if choice == 0:
        lines[i] = str(rng.choice([-1, 0, 10**12, 2**63, -(2**70), 99999999999]))
    elif choice == 1:
        lines[i] = lines[i].replace("1", rng.choice(["x", "1.5", "-1", "", "1e3"]), 1)
    elif choice == 2:
        del lines[i]
    elif choice == 3:
        lines.insert(i, lines[i])  # a duplicated line (duplicate jump or key)
    elif choice == 4:
        lines[i] = lines[i] + rng.choice(UNICODE)
    elif choice == 5:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    elif choice == 6:
        lines.insert(i, f"{rng.randint(-5, 250)} {rng.randint(-5, 250)}")
    elif choice == 7:
        lines[i] = lines[i].replace("[", "", 1)
    else:
        lines[i] = "".join(rng.sample(lines[i], len(lines[i])))
    return "\n".join(lines)


def _hostile(rng: random.Random, toml: bool) -> str:
    """Inputs that broke parsers before: integers of any length, nesting of any depth, long lines."""
    choice = rng.randrange(5)
    digits = str(rng.randint(1, 9)) * rng.choice([10, 31, 41, 4_299, 4_301, 6_000])
    if choice == 0:
        return f"squares = {digits}\n" if toml else f"0\n{digits}\n6\n"
    if choice == 1:
        return f"squares = 100\nladders = [[1, {digits}]]\n" if toml else f"0\n100\n6\n1 {digits}\n"
    if choice == 2:
        depth = rng.choice([33, 1_000, 100_000])
        return "squares = 100\nladders = " + "[" * depth + "]" * depth + "\n"
    if choice == 3:
        return f'description = "{"[" * rng.randint(1, 5_000)}"\nsquares = 10\n'  # brackets in a string
    return "#" + "x" * rng.choice([1_000, 200_000]) + ("\nsquares = 10\n" if toml else "\n0\n10\n6\n")


def _input(rng: random.Random, index: int) -> tuple[str, bytes]:
    """One fuzz input: a file name (its extension picks the format) and its bytes."""
    kind = index % 9
    toml = rng.random() < 0.5
    name = f"f{index}.{'toml' if toml else 'txt'}"
    if kind == 8:
        return name, _hostile(rng, toml).encode()
    if kind == 0:
        return name, rng.randbytes(rng.randrange(200))
    if kind == 1:
        return name, b""
    if kind == 2:  # many jumps
        count = rng.randint(100, 3000)
        squares = map(str, rng.choices(range(1, 5001), k=2 * count))  # (randint per square: slow)
        body = "\n".join(map(" ".join, zip(squares, squares, strict=False)))
        return name, f"0\n5000\n6\n{body}\n".encode()
    if kind == 3:
        text = "".join(
            rng.choice(["0", "1", "9", " ", "\n", "#", "[", "]", "=", ",", '"', "x", *UNICODE])
            for _ in range(rng.randrange(120))
        )
        return name, text.encode("utf-8", "surrogatepass")
    board = _valid(rng)
    text = format_toml(board) if toml else format_plain(board)
    for _ in range(rng.randint(1, 3) if kind != 7 else 0):
        text = _mutate_lines(text, rng)
    return name, text.encode("utf-8", "surrogatepass")


def _fuzz(count: int, seed: int, tmp_path) -> dict[str, int]:
    rng = random.Random(seed)
    outcome = {"loaded": 0, "refused": 0}
    for index in range(count):
        name, data = _input(rng, index)
        path = tmp_path / name
        path.write_bytes(data)
        try:
            board = read_board(path)
        except BoardError as error:
            assert error.path == str(path), (data[:80], error)
            assert error.reason and "\n" not in str(error), (data[:80], str(error))
            assert len(str(error)) < 300, (data[:80], str(error)[:400])
            if error.line is not None:
                assert 1 <= error.line <= max(1, data.count(b"\n") + 1), (data[:80], error)
            outcome["refused"] += 1
        else:
            assert isinstance(board, Board) and board.end >= 1
            outcome["loaded"] += 1
        path.unlink()
    return outcome


def test_special_paths_are_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for path, words in (
        (fifo, "FIFO"),
        ("/dev/zero", "device"),
        (tmp_path, "directory"),
        (tmp_path / ("y" * 300 + ".toml"), "file name too long"),
        (tmp_path / "no" / "such.toml", "no such file"),
    ):
        try:
            read_board(path)
        except BoardError as error:
            assert words in str(error) and len(str(error)) < 300
        else:
            raise AssertionError(f"{path} was read")


def test_fuzz_board_files_fast_slice(tmp_path):
    outcome = _fuzz(FAST, 20261122, tmp_path)
    assert outcome["loaded"] > FAST // 20 and outcome["refused"] > FAST // 4  # both paths exercised


@pytest.mark.fuzz_full
def test_fuzz_board_files_full(tmp_path):
    seed = int(os.environ.get("CHUTES_TUI_FUZZ_SEED", "1"))
    outcome = _fuzz(FULL, seed, tmp_path)
    print(
        f"\nboard fuzz: {FULL:,} inputs (seed {seed}): {outcome['loaded']:,} loaded, "
        f"{outcome['refused']:,} refused with a BoardError, 0 other exceptions"
    )
