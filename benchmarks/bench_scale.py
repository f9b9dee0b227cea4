"""Issue 13's scale table, each row beside what it is compared with, in fresh interpreters so
that CPU time and peak memory (``getrusage``) belong to the one piece of work:

* ``analyze``, 2 players, of 400- to 100,000-square boards (about 3% of squares on jumps each
  way) now, beside two befores: keeping every state's curves (400 squares; 1,000 with
  ``--with-before-1000``: about a minute and 8 GB) and the whole series with no tail law and
  the LU solves (1,000 and 10,000 squares; 100,000 with ``--with-before-100k``: ~5 minutes);
* the series' worst case (issue 23): ``analyze`` and ``distribution --board-at 5`` of a
  100,000-square board without jumps (``squares = 100000``, under each end rule) beside the board
  with jumps, and with ``--with-before-jumpless`` beside each turn over the whole board (and
  the moments from the series, not the band's LU), as before: ~4 minutes;
* a board that sends pieces round it (issue 23): one chute 99,990→10 on 100,000 squares, alone,
  with a short chute near the start, with six long chutes and with twenty (whose tail law ends
  the series: games of 824,000 turns), by the renewal equation, and with ``--with-before-laps``
  the one-chute board turn by turn as before (~2 minutes);
* visit statistics (the inverse's diagonal) now, beside the block-by-block inverse, on 1,000
  and 10,000 squares, and now on 100,000;
* live statistics of fresh two-player positions (the newest position after a move, worked out
  off the app's UI thread) on 10,000 and 100,000 squares, against the 100 ms goal;
* loading a 100,000-square board (3,000 + 3,000 jumps), imports included;
* ``--version`` and ``boards`` against ``analyze tiny-10`` (the commands that need scipy).

    python benchmarks/bench_scale.py [--with-before-1000] [--with-before-100k] [--with-before-jumpless]
                                     [--with-before-laps]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

MEASURE = """
import json, resource, sys, time
began, cpu = time.perf_counter(), time.process_time()
{work}
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"wall": time.perf_counter() - began, "cpu": usage.ru_utime + usage.ru_stime,
                   "peak_mib": usage.ru_maxrss / 1024, **globals().get("extra", {{}})}}))
"""

ANALYZE = """
from chutes_tui.analysis import multi, series, single
from chutes_tui.analysis.reports import analyze_report
from chutes_tui.io.boardfile import load_board
{before}
board = load_board({path!r})
report = analyze_report(board, board.start, 2)
"""
NOW = ""
EVERY_STATE = "multi.CURVES_MAX_VALUES = 10**12  # keep every state's curves, as before"
WHOLE_SERIES = """
series.StartSeries.tail_law = lambda self, turn=None: None  # every series summed to its bound, as before
single.SOLVE_MAX_STATES = 10**9  # and the mean and sd from the LU solves
"""

WHOLE_BOARD = """
from chutes_tui.analysis import window
window._plain_rows = lambda q: None  # each turn a sparse product, as before
_advance = window.TurnStep.advance
def whole_board(self, u):  # every state multiplied every turn, as before
    return window.Window(0, _advance(self, window.Window(0, u.dense(self.size))).dense(self.size))
window.TurnStep.advance = whole_board
single.SOLVE_MAX_BAND = -1  # and the moments from the series first
"""

TURN_BY_TURN = """
series.renewal_plan = lambda chain, report=None: None  # no renewal, as before
from chutes_tui.analysis import window
window._plain_rows = lambda q: None  # each turn a sparse product, as before
"""
# Twenty long chutes, drawn at random (tails 5,000-99,999, heads at least 2,000 below): games of
# 824,000 turns on average, whose humps of mass merge after about ten laps (the renewal's law).
TWENTY = (
    "[[86644, 33482], [51993, 45250], [90463, 69474], [8801, 3815], [37643, 3399], [25558, 3710], "
    "[53731, 30741], [37318, 24954], [76271, 13366], [80227, 32681], [6718, 1776], [58497, 18317], "
    "[28865, 25092], [56044, 10460], [14428, 2274], [85992, 80931], [63305, 8304], [22333, 59], "
    "[5696, 858], [33243, 5435]]"
)
LAPPING = {
    "one chute 99,990→10": "chutes = [[99990, 10]]",
    "one chute 99,990→10 and 60→3": "chutes = [[99990, 10], [60, 3]]",
    "six long chutes": "chutes = [[99990, 10], [90000, 20], [80000, 5000], [70000, 30], [50000, 40000], "
    "[30000, 50]]",
    "twenty long chutes": f"chutes = {TWENTY}",
}

VISITS = """
import numpy as np
from chutes_tui.analysis import build_chain, single
from chutes_tui.io.boardfile import load_board
{before}
board = load_board({path!r})
single.visit_statistics(build_chain(board), board.start)
"""
BLOCK_INVERSE = """
def block_inverse(chain, block=512):  # the inverse's diagonal a block of columns at a time
    n = chain.size
    diagonal = np.empty(n)
    for first in range(0, n, block):
        last = min(first + block, n)
        rhs = np.zeros((n, last - first))
        rhs[np.arange(first, last), np.arange(last - first)] = 1.0
        diagonal[first:last] = chain.lu.solve(rhs)[np.arange(first, last), np.arange(last - first)]
    return diagonal
def lu_row(chain, row):
    unit = np.zeros(chain.size)
    unit[row] = 1.0
    return chain.lu.solve(unit, trans="T")
from chutes_tui.analysis import fundamental  # visit_statistics imports these on each call
fundamental.inverse_diagonal, fundamental.fundamental_row = block_inverse, lu_row
"""

LIVE = """
import statistics, time
import numpy as np
from chutes_tui.analysis import build_chain
from chutes_tui.engine.live import live_stats
from chutes_tui.io.boardfile import load_board
board = load_board({path!r})
squares = build_chain(board).squares
live_stats(board, [board.start, board.start], 0)  # the game's start (chain and operators built)
rng = np.random.default_rng(1)
seconds = []
for _ in range(6):  # a move: one player on a square never seen before
    moved = [board.start, int(rng.choice(squares))]
    began_one = time.process_time()
    live_stats(board, moved, 0)
    seconds.append(time.process_time() - began_one)
extra = {{"median_ms": 1000 * statistics.median(seconds), "max_ms": 1000 * max(seconds)}}
"""

LOAD = """
from chutes_tui.io.boardfile import load_board
load_board({path!r})
"""

COMMAND = """
import contextlib, io
from chutes_tui.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    main({args!r})
"""


def measure(work: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE.format(work=work)], capture_output=True, text=True, check=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def row(label: str, figures: dict[str, float]) -> None:
    print(f"  {label:<58} {figures['cpu']:7.2f} s CPU  {figures['peak_mib']:8.0f} MiB peak")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="chutes-scale-"))
    boards = {}
    for squares, jumps in ((400, 15), (1000, 30), (10_000, 300), (100_000, 3000)):
        path = folder / f"b{squares}.toml"
        _write_board(path, squares, jumps)
        boards[squares] = str(path)
    print("analyze, 2 players: now, and before")
    runs = [
        (400, "now", NOW),
        (400, "every state's curves kept (before)", EVERY_STATE),
        (1000, "now", NOW),
        (1000, "whole series, no tail law (before)", WHOLE_SERIES),
        (10_000, "now", NOW),
        (10_000, "whole series, no tail law (before)", WHOLE_SERIES),
        (100_000, "now", NOW),
    ]
    if "--with-before-1000" in sys.argv:
        runs.append((1000, "every state's curves kept (before)", EVERY_STATE))
    if "--with-before-100k" in sys.argv:
        runs.append((100_000, "whole series, no tail law (before)", WHOLE_SERIES))
    for squares, label, before in runs:
        row(f"{squares:,} squares, {label}", measure(ANALYZE.format(before=before, path=boards[squares])))
    print("a board without jumps (the series' worst case), beside the board with jumps")
    jumpless = {}
    for rule in ("exact", "bounce", "reach"):
        jumpless[rule] = folder / f"plain-{rule}.toml"
        jumpless[rule].write_text(f'squares = 100000\nend_rule = "{rule}"\n', encoding="utf-8")
    with_jumps = ANALYZE.format(before=NOW, path=boards[100_000])
    row("100,000 squares with 3,000 + 3,000 jumps, now", measure(with_jumps))
    for rule, path in jumpless.items():
        plain = ANALYZE.format(before=NOW, path=str(path))
        row(f"100,000 squares, no jumps, {rule} end, now", measure(plain))
    if "--with-before-jumpless" in sys.argv:
        before = ANALYZE.format(before=WHOLE_BOARD, path=str(jumpless["exact"]))
        row("100,000 squares, no jumps, exact end, whole board (before)", measure(before))
    for path in (boards[100_000], str(jumpless["exact"])):
        args = ["distribution", path, "--board-at", "5"]
        label = "with jumps" if path == boards[100_000] else "no jumps"
        row(f"distribution --board-at 5, 100,000 squares, {label}", measure(COMMAND.format(args=args)))
    print("boards whose chutes send pieces round them (the renewal equation)")
    lapping = {}
    for label, chutes in LAPPING.items():
        lapping[label] = folder / f"laps-{len(lapping)}.toml"
        lapping[label].write_text(f"squares = 100000\n{chutes}\n", encoding="utf-8")
        row(f"100,000 squares, {label}, now", measure(ANALYZE.format(before=NOW, path=str(lapping[label]))))
    if "--with-before-laps" in sys.argv:
        before = ANALYZE.format(before=TURN_BY_TURN, path=str(next(iter(lapping.values()))))
        row("100,000 squares, one chute 99,990→10, turn by turn (before)", measure(before))
    print("visit statistics from the start (inspect, the visits overlays)")
    for squares in (1000, 10_000):
        for label, before in (("now", NOW), ("the inverse's diagonal by blocks (before)", BLOCK_INVERSE)):
            row(f"{squares:,} squares, {label}", measure(VISITS.format(before=before, path=boards[squares])))
    row("100,000 squares, now", measure(VISITS.format(before=NOW, path=boards[100_000])))
    print("live statistics of a fresh position, 2 players (goal: on screen within 100 ms)")
    for squares in (10_000, 100_000):
        figures = measure(LIVE.format(path=boards[squares]))
        median, worst = figures["median_ms"], figures["max_ms"]
        print(f"  {squares:>7,} squares: median {median:6.0f} ms CPU, worst {worst:6.0f} ms")
    print("loading")
    row("100,000 squares (imports included)", measure(LOAD.format(path=boards[100_000])))
    print("start-up of a command")
    for args in (["--version"], ["boards"], ["analyze", "tiny-10"]):
        row("chutes-tui " + " ".join(args), measure(COMMAND.format(args=args)))


def _write_board(path: Path, squares: int, jumps: int) -> None:
    """In a child process: Linux keeps a process's peak memory across ``exec``, so a parent that
    had grown by building boards would lend every measurement its own peak."""
    script = (
        "import sys\n"
        "from chutes_tui.io.atomic import atomic_write_text\n"
        "from chutes_tui.io.boardfile import format_toml\n"
        "from chutes_tui.model.generate import random_board\n"
        f"board = random_board(7, squares={squares}, ladders={jumps}, chutes={jumps})\n"
        f"atomic_write_text({str(path)!r}, format_toml(board))\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


if __name__ == "__main__":
    main()
