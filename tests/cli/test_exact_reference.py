"""The independent python-flint script that ``benchmarks/bench_exact.py`` times ``exact standard``
against computes what the verb prints, fraction for fraction: the yardstick cannot drift."""

import json
import re
import subprocess
import sys
from pathlib import Path

from chutes_tui.cli import main

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "reference" / "exact_flint.py"


def test_the_reference_script_prints_exact_standards_two_fractions(capsys):
    code = main(["exact", "standard", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True)
    turns, first_wins = done.stdout.split()
    assert turns == data["expected_turns"]
    assert first_wins == data["first_player_wins"]
    assert len(first_wins.split("/")[1]) == 4453  # the seed's fraction, not a shorter one
    # It is independent: nothing from the package.
    assert not re.search(r"^\s*(import|from)\s+chutes_tui", SCRIPT.read_text(), re.MULTILINE)
