"""Any output encoding works (issue 23 §4): under PYTHONIOENCODING=ascii or latin-1 every command
prints the same content in characters the encoding has, with status 0, instead of crashing."""

import functools
import io
import os
import re
import subprocess
import sys

import pytest

from chutes_tui.model.text import ascii_form

COMMANDS = [
    ["analyze", "standard", "--players", "3"],  # tables, a column chart, arrows, dashes
    ["distribution", "tiny-10", "--board-at", "3"],  # the board drawn in braille
    ["inspect", "standard", "28"],
    ["jumps", "classic-1952"],
    ["boards"],
    ["experiments", "another-game", "--games", "2000", "--seed", "1"],
    ["play", "--help"],
]
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# One process for the module: the symbols' test reads the outputs the encodings' tests ran
# (:func:`_run` keeps them), rather than running four commands again in another worker.
pytestmark = pytest.mark.xdist_group("encoding")


@functools.cache
def _run(argv, encoding):
    """``chutes-tui ARGV`` in this process, on streams as Python makes them for
    ``PYTHONIOENCODING=encoding`` (stdout strict, stderr backslashreplace, a pipe): a new
    interpreter for each of the 21 runs cost 5 CPU-s. That a real process under the variable
    prints exactly this is checked by :func:`test_a_process_given_the_encoding_prints_the_same`."""
    from chutes_tui.cli import main

    streams = (
        io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict"),
        io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="backslashreplace"),
    )
    saved, columns = (sys.stdout, sys.stderr), os.environ.get("COLUMNS")
    sys.stdout, sys.stderr = streams
    os.environ["COLUMNS"] = "100"
    try:
        code = main(list(argv))
    except SystemExit as done:  # --help: argparse ends the process, with this status
        code = done.code or 0
    finally:
        sys.stdout, sys.stderr = saved
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    texts = []
    for stream in streams:
        stream.flush()
        texts.append(stream.buffer.getvalue().decode(encoding))
    return code, *texts


def output(argv, encoding):
    return _run(tuple(argv), encoding)


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_same_content_in_any_encoding(argv):
    code, utf8, _ = output(argv, "utf-8")
    assert code == 0
    for encoding in ("ascii", "latin-1"):
        code, text, err = output(argv, encoding)
        assert code == 0 and "Traceback" not in err, err
        # Every number survives, in order; no character of ours was written as an escape.
        assert NUMBER.findall(text) == NUMBER.findall(utf8), encoding
        assert "\\u" not in text and "\\x" not in text


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_process_given_the_encoding_prints_the_same(encoding):
    """The variable itself, in a process of its own: Python opens the streams in that encoding,
    and the command prints what it prints on such streams in this one (tables, a chart, arrows)."""
    argv = COMMANDS[0]
    environment = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "100"}
    done = subprocess.run(
        [sys.executable, "-m", "chutes_tui", *argv], capture_output=True, env=environment, timeout=120
    )
    assert (done.returncode, done.stdout.decode(encoding)) == output(argv, encoding)[:2]
    assert done.stderr == b""


def test_every_symbol_the_program_prints_has_a_plain_stand_in():
    """A new symbol in an output must get a stand-in in model/text.py (not an escape)."""
    seen = set()
    for argv in COMMANDS[:4]:
        seen |= {char for char in output(argv, "utf-8")[1] if ord(char) > 127}
    assert seen
    assert {char: ascii_form(char) for char in seen if "\\" in ascii_form(char)} == {}


def test_stand_ins():
    assert [ascii_form(c) for c in "→≤—█▁ë⠀⠉⣿"] == ["->", "<=", "--", "#", ".", "e", " ", ".", ":"]
    assert ascii_form("中") == "\\u4e2d"  # a user's name keeps every character, as its escape


def test_characters_beyond_the_basic_plane_escape_whole():
    assert ascii_form("😀") == "\\U0001f600"
