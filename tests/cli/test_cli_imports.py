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


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["--version"],
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


def test_exact_standard_needs_flint_alone():
    """``exact standard`` (issue 25, point 8): the board, its states and the exact chain are
    plain Python and python-flint; neither numpy nor scipy is imported on its path."""
    probe = PROBE.replace('("scipy", "flint", "textual")', '("numpy", "scipy", "flint", "textual")')
    done = subprocess.run(
        [sys.executable, "-c", probe, "exact", "standard"], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "['flint']"
