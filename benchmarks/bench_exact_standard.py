"""``chutes-tui exact standard`` end to end against an independent python-flint script that prints
the same two fractions (``benchmarks/reference/exact_flint.py``: the expected turns and the
4,453-digit P(first player wins), from the rules; ``tests/cli/test_exact_reference.py`` keeps its
output equal to the verb's), in turn (A B A B ...), each a fresh process: CPU seconds and peak
memory, medians, and the CPU ratio pair by pair.

Goal (issue 25): a ratio of at most 1.2, with no scipy on the verb's path
(``tests/cli/test_cli_imports.py`` checks the imports).

Python's bytecode cache is allowed in both (a user's install has one): the package's modules are
compiled once, in the warm-up, not in every run.

    python benchmarks/bench_exact_standard.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

from bench_startup import command, measure

GOAL = 1.2
REFERENCE = Path(__file__).resolve().parent / "reference" / "exact_flint.py"


def main(runs: int = 15) -> None:
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    verb, reference = command("exact", "standard"), [sys.executable, str(REFERENCE)]
    measure(verb), measure(reference)  # warm the file and bytecode caches
    pairs = [(measure(verb), measure(reference)) for _ in range(runs)]
    print(f"{runs} runs each, in turn; medians")
    print(f"{'':40} {'cpu s':>8} {'peak MiB':>9}")
    for label, side in (("chutes-tui exact standard", 0), ("reference/exact_flint.py", 1)):
        cpu = statistics.median(pair[side][0] for pair in pairs)
        peak = statistics.median(pair[side][1] for pair in pairs)
        print(f"{label:40} {cpu:8.3f} {peak:9.1f}")
    ratios = sorted(a[0] / b[0] for a, b in pairs if b[0] > 0)
    spread = f"min {ratios[0]:.2f}, max {ratios[-1]:.2f}"
    print(f"cpu ratio, pair by pair: median {statistics.median(ratios):.2f} ({spread}); goal <= {GOAL:g}")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:2]))
