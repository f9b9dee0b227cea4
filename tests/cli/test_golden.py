"""Every verb's ``--json`` answer, against the answers recorded before the code was reorganised:
the restructure (and anything after it) may move code, never change a published number.

Floats compare to 1e-12 relative (the same maths may round differently in its last bits after a
refactor); everything else exactly. ``games_per_second`` and ``seconds`` are timings, not results,
and so is a designed board's "in 1.2 s" in its description. Commands run in an empty folder
(``design`` writes its board there).
"""

import json
import math
import re
from pathlib import Path

import pytest

from chutes_tui.cli import main

GOLDEN = Path(__file__).parent / "golden"
COMMANDS = json.loads((GOLDEN / "commands.json").read_text())
TIMINGS = {"games_per_second", "seconds"}
TIMED = re.compile(r" in [0-9]+\.[0-9] s\b")


def same(a, b, where="$"):
    if isinstance(a, float) or isinstance(b, float):
        assert isinstance(a, int | float) and isinstance(b, int | float), where
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-15), (where, a, b)
    elif isinstance(a, dict):
        assert isinstance(b, dict) and set(a) - TIMINGS == set(b) - TIMINGS, (where, sorted(a), sorted(b))
        for key in set(a) - TIMINGS:
            same(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (where, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, str) and isinstance(b, str):
        assert TIMED.sub(" in … s", a) == TIMED.sub(" in … s", b), (where, a, b)
    else:
        assert a == b, (where, a, b)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_json_answers_are_unchanged(name, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(COMMANDS[name]) == 0
    same(json.loads(capsys.readouterr().out), json.loads((GOLDEN / f"{name}.json").read_text()))


# The answers about no one board: seed 004's dice-and-coin game is played without one, and
# `boards --json` lists the bundled boards (an array of boards, each with its name, as before).
NO_BOARD = {"16-experiments-another-game-games"}
LISTING = {"20-boards-json"}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_answer_is_an_object_naming_its_board(name):
    # The recorded answer is what the command must print (the test above), so its shape is the
    # command's: an object, never a bare array, with the board's name (or the whole board).
    answer = json.loads((GOLDEN / f"{name}.json").read_text())
    if name in LISTING:
        assert isinstance(answer, list) and all(isinstance(board["name"], str) for board in answer)
        return
    assert isinstance(answer, dict), name
    if name in NO_BOARD:
        assert "board" not in answer
        return
    board = answer["board"]
    named = board["name"] if isinstance(board, dict) else board
    if COMMANDS[name][0] == "design":  # a designed board is named after its file
        asked = Path(COMMANDS[name][COMMANDS[name].index("--output") + 1]).stem
    else:
        asked = next(word for word in COMMANDS[name] if word in {"standard", "classic-1952", "tiny-10"})
    assert named == asked, name
