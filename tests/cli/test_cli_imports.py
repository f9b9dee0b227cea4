"""The light commands start light (issue 13): `--help`, `--version` and `boards` import neither
scipy nor python-flint (nor textual); each is checked in a fresh interpreter."""

import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, sys
from chutes_tui.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(sorted(name for name in ("scipy", "flint", "textual") if name in sys.modules))
"""


# `--help` and `--version` are test_verbs.py's test_the_top_command_loads_no_verb_and_no_heavy_library
# (in a fresh interpreter too, with numpy, asyncio and rich besides these three).
@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["boards"],
        ["boards", "--json"],
        ["boards", "random", "--seed", "3", "--output", "-"],
        ["serve", "--help"],
    ],
    ids=lambda argv: " ".join(argv) or "bare",
)
def test_light_commands_load_no_heavy_library(argv):
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_heavy_ones_do_load_them_when_they_run():
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "analyze", "tiny-10"], capture_output=True, text=True, check=True
    )
    assert "scipy" in done.stdout


def test_the_apps_screens_load_no_heavy_library():
    """The first frame waits for every import: python-flint and scipy load on first use (the
    exact fraction, the diagonal picture's digits, the chain), not with the screens."""
    probe = (
        "import sys\n"
        "import chutes_tui.app.app, chutes_tui.app.screens.game, chutes_tui.app.screens.setup\n"
        "print(sorted(name for name in ('scipy', 'flint') if name in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# ``exact standard`` loads python-flint alone: test_verbs.py's
# test_exact_standard_works_its_fractions_out_without_scipy_or_gmpy2 (numpy and textual among them).
