"""The app's speed goals, measured headless:

* start-up to the first frame of a game (goal ≤ 1 s), in a fresh interpreter;
* one move's full update -- engine, board cells and every panel -- (goal ≤ 16 ms);
* key latency while computer players run at max speed, against an idle game.

    python benchmarks/bench_app.py
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players

STARTUP = """
import asyncio, time
began = time.perf_counter()
from chutes_tui.app.app import ChutesApp
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec

async def main():
    app = ChutesApp(board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(time.perf_counter() - began)

asyncio.run(main())
"""


def startup() -> float:
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", STARTUP], capture_output=True, text=True, check=True)
    whole = time.perf_counter() - began
    print(f"start-up to first frame (imports + app): {float(done.stdout):.3f} s; whole process {whole:.3f} s")
    return whole


async def move_cost(moves: int = 200) -> None:
    app = ChutesApp(board=load_board("standard"), players=default_players(4), seed=5, watch=True, speed=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("p")
        screen.controller.speed_index = len(SPEEDS) - 1  # no animation: measure the update itself
        wall, cpu = [], []
        for _ in range(moves):
            if screen.game.finished:
                await pilot.press("r")  # rematch from the winner modal
                await pilot.pause()
            began, began_cpu = time.perf_counter(), time.process_time()
            screen.controller.play_turn()
            await pilot.pause()  # let Textual paint the refreshed regions
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
        for label, costs in (("CPU", cpu), ("wall, with the test pilot's waits", wall)):
            costs.sort()
            print(
                f"one move's full update ({label}): median {statistics.median(costs) * 1000:.2f} ms, "
                f"95th percentile {costs[int(0.95 * len(costs))] * 1000:.2f} ms (goal ≤ 16 ms)"
            )


async def key_latency(speed: int, label: str) -> float:
    app = ChutesApp(board=load_board("standard"), players=default_players(4), seed=9, watch=True, speed=speed)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.pause(0.3)
        latencies = []
        for _ in range(20):
            began = time.perf_counter()
            await pilot.press("question_mark")  # open help ...
            await pilot.press("escape")  # ... and close it
            latencies.append((time.perf_counter() - began) / 2)
        turns = len(screen.game.history) if isinstance(screen, GameScreen) else 0
    median = statistics.median(latencies)
    print(f"key latency, {label}: median {median * 1000:.1f} ms ({turns} turns played meanwhile)")
    return median


def main() -> None:
    startup()
    asyncio.run(move_cost())
    idle = asyncio.run(key_latency(0, "computers at the slowest speed"))
    busy = asyncio.run(key_latency(len(SPEEDS) - 1, "computers at max speed"))
    print(f"max-speed auto-play slows keys by a factor of {busy / idle:.2f}")


if __name__ == "__main__":
    main()
