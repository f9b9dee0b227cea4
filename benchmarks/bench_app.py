"""The app's speed goals, measured headless:

* start-up to the first frame of a game, in a fresh interpreter, against a one-widget Textual
  app measured in the same run (the ratio is what counts: machines differ): bench_first_frame.py;
* one move's full update -- engine, drawn board cells and every panel -- at 80×24, 120×40 and
  160×50 (goal ≤ 16 ms CPU median);
* one review step's full update (board, odds table, chart cursor, turn log) at the same sizes
  (goal ≤ 16 ms CPU median);
* one step of the flow overlay's turn (the board recoloured, the slider) at the same sizes
  (goal ≤ 16 ms CPU median);
* key latency while computer players run at max speed, against an idle game.

    python benchmarks/bench_app.py
"""

from __future__ import annotations

import asyncio
import statistics
import time

import bench_first_frame  # beside this file

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players


async def move_cost(moves: int = 200, size: tuple[int, int] = (120, 40)) -> float:
    """The median CPU time of one move's whole update (the drawn board, panels, chart)."""
    app = ChutesApp(board=load_board("standard"), players=default_players(4), seed=5, watch=True, speed=0)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("p")
        screen.controller.speed_index = len(SPEEDS) - 1  # no animation: measure the update itself
        # The test pilot's own cost, measured beside: a pause in which nothing changes.
        idle = []
        for _ in range(50):
            began_cpu = time.process_time()
            await pilot.pause()
            idle.append(time.process_time() - began_cpu)
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
                f"one move's full update at {size[0]}×{size[1]} ({label}): median "
                f"{statistics.median(costs) * 1000:.2f} ms, 95th percentile "
                f"{costs[int(0.95 * len(costs))] * 1000:.2f} ms (goal ≤ 16 ms CPU)"
            )
        net = statistics.median(cpu) - statistics.median(idle)
        print(
            f"  the pilot's idle pause costs {statistics.median(idle) * 1000:.2f} ms CPU: the app's own "
            f"update is {net * 1000:.2f} ms"
        )
    return statistics.median(cpu)


async def flow_step_cost(steps: int = 120, size: tuple[int, int] = (120, 40)) -> float:
    """The median CPU time of moving the flow overlay's turn by one (>), repaint included."""
    app = ChutesApp(board=load_board("standard"), players=default_players(2), seed=5)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press(*["o"] * 5)  # the last overlay of the cycle: the flow
        # The test pilot's own cost of a key press, measured beside: a key nothing is bound to.
        idle, cpu = [], []
        for _ in range(60):
            began = time.process_time()
            await pilot.press("z")
            idle.append(time.process_time() - began)
        for step in range(steps):
            began = time.process_time()
            await pilot.press("greater_than_sign" if step % 80 < 40 else "less_than_sign")
            cpu.append(time.process_time() - began)
    net = statistics.median(cpu) - statistics.median(idle)
    print(
        f"one flow step at {size[0]}×{size[1]}: median {statistics.median(cpu) * 1000:.2f} ms CPU with the "
        f"key press; the pilot's idle press {statistics.median(idle) * 1000:.2f} ms; the app's own "
        f"{net * 1000:.2f} ms (goal ≤ 16 ms)"
    )
    return net


async def review_step_cost(size: tuple[int, int] = (120, 40), rounds: int = 3) -> float:
    """The median CPU time of one review step (→ or ←) through a finished four-player game."""
    game = Game.new(load_board("standard"), default_players(4), seed=5)
    game.play_out()
    app = ChutesApp(game=game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        game_screen = app.screen_stack[1]
        assert isinstance(game_screen, GameScreen)
        game_screen.open_review(0)
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        idle = []
        for _ in range(50):
            began_cpu = time.process_time()
            await pilot.pause()
            idle.append(time.process_time() - began_cpu)
        cpu = []
        for round_ in range(rounds):
            for _ in range(screen.review.last):
                began_cpu = time.process_time()
                screen.action_step(-1 if round_ % 2 else 1)
                await pilot.pause()
                cpu.append(time.process_time() - began_cpu)
        cpu.sort()
        net = statistics.median(cpu) - statistics.median(idle)
        print(
            f"one review step at {size[0]}×{size[1]} ({screen.review.last} turns, CPU): median "
            f"{statistics.median(cpu) * 1000:.2f} ms, 95th percentile "
            f"{cpu[int(0.95 * len(cpu))] * 1000:.2f} ms "
            f"(goal ≤ 16 ms); the app's own update {net * 1000:.2f} ms"
        )
    return statistics.median(cpu)


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
    bench_first_frame.main()
    for size in ((80, 24), (120, 40), (160, 50)):
        move = asyncio.run(move_cost(size=size))
        step = asyncio.run(review_step_cost(size=size))
        print(f"  a review step costs {step / move:.2f} of a move at {size[0]}×{size[1]}")
        asyncio.run(flow_step_cost(size=size))
    idle = asyncio.run(key_latency(0, "computers at the slowest speed"))
    busy = asyncio.run(key_latency(len(SPEEDS) - 1, "computers at max speed"))
    print(f"max-speed auto-play slows keys by a factor of {busy / idle:.2f}")


if __name__ == "__main__":
    main()
