"""Every verb's ``--json`` answer, against the answers recorded before the code was reorganised:
the restructure (and anything after it) may move code, never change a published number.

Floats compare to 1e-12 relative (the same maths may round differently in its last bits after a
refactor); everything else exactly. ``games_per_second`` is a timing, not a result.
"""

import json
import math
from pathlib import Path

import pytest

from chutes_tui.cli import main

GOLDEN = Path(__file__).parent / "golden"
COMMANDS = json.loads((GOLDEN / "commands.json").read_text())
TIMINGS = {"games_per_second"}


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
    else:
        assert a == b, (where, a, b)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_json_answers_are_unchanged(name, capsys):
    assert main(COMMANDS[name]) == 0
    same(json.loads(capsys.readouterr().out), json.loads((GOLDEN / f"{name}.json").read_text()))
