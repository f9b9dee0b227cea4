"""How fast ``chutes-tui --help`` starts, against a bare ``python -c 'import argparse'`` measured
in the same run, in turn (A B A B ...), each a fresh process: CPU seconds (user + sys) and peak
memory (the process's largest resident set), medians, and the ratio of CPU pair by pair (the
ratio is what counts: machines differ and drift).

Goal (issue 25): a ratio of at most 5, with no numpy (nor rich, scipy, textual or asyncio)
imported -- tests/cli/test_verbs.py checks the imports.

    python benchmarks/bench_startup.py [RUNS]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

GOAL = 5.0
TIME = shutil.which("time", path="/usr/bin:/bin")  # the program, not the shell's keyword


def command(*arguments: str) -> list[str]:
    """The console script beside this Python, as a user runs it (``-m`` when it is not there)."""
    arguments = arguments or ("--help",)
    script = shutil.which("chutes-tui", path=str(Path(sys.executable).parent))
    return [script, *arguments] if script else [sys.executable, "-m", "chutes_tui", *arguments]


def measure(argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, peak MiB) of one run of ``argv``, its output thrown away; the CPU from the
    kernel's own accounting of the finished process (to the microsecond).

    Through /usr/bin/time where there is one, for the peak: a child forked from this Python would
    count this Python's own memory in its peak (Linux keeps the larger of the two at exec), one
    forked from the small ``time`` does not. Its own CPU (a millisecond) is then in both sides."""
    with tempfile.NamedTemporaryFile("r") as figures:
        timed = [TIME, "-o", figures.name, "-f", "%M", *argv] if TIME else argv
        process = subprocess.Popen(timed, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)  # its usage and that of what it waited for
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} exited {process.returncode}")
        peak = int(figures.read().split()[-1]) if TIME else usage.ru_maxrss  # KiB on Linux
    return usage.ru_utime + usage.ru_stime, peak / 1024


def main(runs: int = 15) -> None:
    tool, bare = command(), [sys.executable, "-c", "import argparse"]
    measure(tool), measure(bare)  # warm the file cache
    pairs = [(measure(tool), measure(bare)) for _ in range(runs)]
    how = "through /usr/bin/time" if TIME else "peaks include this Python's own (no /usr/bin/time)"
    print(f"{runs} runs each, in turn; medians; {how}")
    print(f"{'':32} {'cpu s':>8} {'peak MiB':>9}")
    for label, side in ((" ".join(["chutes-tui", *tool[-1:]]), 0), ("python -c 'import argparse'", 1)):
        cpu = statistics.median(pair[side][0] for pair in pairs)
        peak = statistics.median(pair[side][1] for pair in pairs)
        print(f"{label:32} {cpu:8.3f} {peak:9.1f}")
    ratios = sorted(a[0] / b[0] for a, b in pairs if b[0] > 0)
    ratio = statistics.median(ratios)
    spread = f"min {ratios[0]:.2f}, max {ratios[-1]:.2f}"
    print(f"cpu ratio, pair by pair: median {ratio:.2f} ({spread}); goal <= {GOAL:g}")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:2]))
