"""The bump rule's joint chain (issue 15), each measured in a fresh interpreter so that CPU time
and peak memory (``getrusage``) belong to the one piece of work:

* two players on the standard board: build and solve (sparse LU), against the independent
  players' seat odds it reduces to without the rule;
* three players on the standard board (1.6 million states): build and solve by sweeps (goal
  30 s CPU, 2 GiB) -- about 23 s (K columns without the extra roll), so only with ``--three``;
* whole simulated games per second under the rule, against one-player games without it.

    python benchmarks/bench_bump.py [--three]
"""

from __future__ import annotations

import json
import subprocess
import sys

MEASURE = """
import json, resource, time
from chutes_tui.analysis import bump
from chutes_tui.io.boardfile import load_board
{work}
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"cpu": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss / 1024, **extra}}))
"""

TWO = """
board = load_board("standard").replace(bump=True)
odds = bump.bump_odds(board, [0, 0])
extra = {"first": odds.win[0], "rolls": odds.expected_rolls, "states": bump.joint_chain(board, 2).size}
"""

THREE = """

board = load_board("standard").replace(bump=True)
odds = bump.bump_odds(board, [0, 0, 0])
extra = {"first": odds.win[0], "rolls": odds.expected_rolls, "states": bump.joint_chain(board, 3).size}
"""

GAMES = """
import numpy as np
from chutes_tui.sim.bump import simulate_bump
from chutes_tui.sim.montecarlo import simulate_turns
board = load_board("standard")
began = time.process_time()
simulate_bump(board.replace(bump=True), 200_000, 2, np.random.default_rng(1))
joint = time.process_time() - began
began = time.process_time()
simulate_turns(board, 400_000, np.random.default_rng(1))
alone = time.process_time() - began
extra = {"bump_games_per_s": 200_000 / joint, "one_player_games_per_s": 400_000 / alone}
"""


def measure(work: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE.format(work=work)], capture_output=True, text=True, check=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    two = measure(TWO)
    print(
        f"two players, standard board: {two['states']:,.0f} states, {two['cpu']:.2f} s CPU, "
        f"{two['peak_mib']:.0f} MiB peak; first player {two['first']:.6f}, {two['rolls']:.4f} rolls"
    )
    if "--three" in sys.argv:
        three = measure(THREE)
        print(
            f"three players, standard board: {three['states']:,.0f} states, {three['cpu']:.1f} s CPU "
            f"(goal 30 s), {three['peak_mib']:.0f} MiB peak (goal 2,048); first player {three['first']:.6f}"
        )
    games = measure(GAMES)
    ratio = games["bump_games_per_s"] * 2 / games["one_player_games_per_s"]
    print(
        f"simulated two-player games under bump: {games['bump_games_per_s']:,.0f}/s CPU; one-player "
        f"games without it {games['one_player_games_per_s']:,.0f}/s ({ratio:.2f} of the rate per player)"
    )


if __name__ == "__main__":
    main()
