"""The first frame of ``chutes-tui play standard`` against a one-widget Textual app, side by side
in one run (issue 25: goal a ratio of at most 2).

Each measurement is a fresh interpreter running the app headless (``App.run_test`` at 120×40),
in turn (ours, the baseline, ours, ...), its clock stopped when the first screen that matters --
the game screen, or the one widget -- has been painted once after mounting
(``call_after_refresh`` from its ``on_mount``, asked before anything the screen asks): the
first frame a person sees, the figures taken in that callback. A pilot's pause()
would also wait for the game's first statistics, which a worker brings after that frame.

Per side: wall seconds, the process's CPU seconds and its peak resident memory (MiB) at that
moment, medians; the ratios of wall and CPU pair by pair (on a busy machine CPU is the
steadier); and whether scipy had been imported by then (the first frame needs neither scipy nor
a chain: the live feed starts after it).

Python's bytecode cache is allowed in the measured processes (a user's install has one), so a
source file is compiled once, in the warm-up, not in every run. The game reads its settings
from a directory of the benchmark's own, a returning player's (the first-run hint given, the
default theme): not the machine's, where a remembered theme re-parses every stylesheet (14 ms)
and a first run writes the settings file.

    python benchmarks/bench_first_frame.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile

GOAL = 2.0

# What both scripts print when their first frame is painted: wall, CPU, peak MiB, scipy or not.
REPORT = """
def report():
    import resource, sys
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(time.perf_counter() - began, time.process_time() - cpu, peak, "scipy" in sys.modules)
    painted.set()
"""

GAME = (
    """
import asyncio, time
began, cpu = time.perf_counter(), time.process_time()
"""
    + REPORT
    + """
from chutes_tui.cli.verbs import start_blas
start_blas("play")  # as the command line does, before numpy is imported
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec

painted = asyncio.Event()
mount = GameScreen.on_mount
def on_mount(self):
    self.call_after_refresh(report)  # first: before anything the screen asks after that refresh
    mount(self)
GameScreen.on_mount = on_mount

async def main():
    app = ChutesApp(board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=1)
    async with app.run_test(size=(120, 40)):
        await painted.wait()

asyncio.run(main())
"""
)

ONE_WIDGET = (
    """
import asyncio, time
began, cpu = time.perf_counter(), time.process_time()
"""
    + REPORT
    + """
from textual.app import App
from textual.widgets import Label

painted = asyncio.Event()

class One(App):
    def compose(self):
        yield Label("one widget")

    def on_mount(self):
        self.call_after_refresh(report)

async def main():
    async with One().run_test(size=(120, 40)):
        await painted.wait()

asyncio.run(main())
"""
)


def first_frame(script: str, config: str) -> tuple[float, float, float, bool]:
    """(wall s, CPU s, peak MiB, scipy imported) at the first frame of one fresh run, its
    settings in the directory ``config``."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["CHUTES_TUI_CONFIG_DIR"] = config
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    wall, cpu, peak, scipy = done.stdout.split()
    return float(wall), float(cpu), float(peak), scipy == "True"


def returning_player(config: str) -> None:
    """Settings in ``config`` as a returning player's: the first-run hint given."""
    os.environ["CHUTES_TUI_CONFIG_DIR"] = config
    from chutes_tui.io.settings import update_settings

    update_settings(hinted=True)


def main(runs: int = 9) -> float:
    with tempfile.TemporaryDirectory() as config:
        returning_player(config)
        first_frame(GAME, config), first_frame(ONE_WIDGET, config)  # warm the file and bytecode caches
        pairs = [(first_frame(GAME, config), first_frame(ONE_WIDGET, config)) for _ in range(runs)]
    print(f"first frame at 120×40, headless, {runs} fresh runs each, in turn; medians")
    print(f"{'':34} {'wall s':>7} {'cpu s':>7} {'peak MiB':>9}  scipy imported")
    for label, side in (("chutes-tui play standard", 0), ("a one-widget Textual app", 1)):
        wall, cpu, peak = (statistics.median(pair[side][i] for pair in pairs) for i in range(3))
        scipy = sum(pair[side][3] for pair in pairs)
        print(f"{label:34} {wall:7.3f} {cpu:7.3f} {peak:9.1f}  {scipy} of {runs}")
    for label, i in (("wall", 0), ("cpu", 1)):
        ratios = sorted(ours[i] / baseline[i] for ours, baseline in pairs)
        ratio = statistics.median(ratios)
        spread = f"min {ratios[0]:.2f}, max {ratios[-1]:.2f}"
        print(f"{label} ratio, pair by pair: median {ratio:.2f} ({spread}); goal <= {GOAL:g}")
    return ratio


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:2]))
