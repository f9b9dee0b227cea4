"""Any output encoding works (issue 23 §4): under PYTHONIOENCODING=ascii or latin-1 every command
prints the same content in characters the encoding has, with status 0, instead of crashing."""

import functools
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
# (:func:`_run` keeps them), rather than starting four commands again in another worker (1.6 CPU-s).
pytestmark = pytest.mark.xdist_group("encoding")


@functools.cache
def _run(argv, encoding):
    environment = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "100"}
    done = subprocess.run(
        [sys.executable, "-m", "chutes_tui", *argv], capture_output=True, env=environment, timeout=120
    )
    return done.returncode, done.stdout.decode(encoding), done.stderr.decode(encoding)


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
