"""Soak test: `watch --speed max --loop` for a long time, headless, watching for stalls and leaks.

Every minute it prints the process's resident memory, the turns and games played so far, and
the stalls seen: a stall is a stretch of more than STALL_SECONDS in which no turn was played
although the game screen was neither paused nor showing a winner. At the end it prints the RSS
growth after warm-up (the first WARMUP_MINUTES), the goal being at most 2 MB over an hour.

    python benchmarks/soak_watch.py                 # an hour
    python benchmarks/soak_watch.py --minutes 5     # a quick look

Not part of the test run (it takes as long as you ask).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import time

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import SPEEDS, GameScreen
from chutes_tui.board import load_board
from chutes_tui.model.players import default_players

STALL_SECONDS = 2.0
WARMUP_MINUTES = 2


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def soak(minutes: float, players: int, board_name: str) -> int:
    app = ChutesApp(
        board=load_board(board_name),
        players=default_players(players),
        watch=True,
        speed=len(SPEEDS) - 1,
        loop=True,
    )
    stalls = 0
    async with app.run_test(size=(120, 40)) as pilot:
        began = time.monotonic()
        last_progress = began
        seen_game, seen_turns, turns, games = None, 0, 0, 0
        stalled = False
        next_report = began
        memory = []
        while (now := time.monotonic()) - began < minutes * 60:
            await pilot.pause(0.25)
            screen = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
            if screen is None:
                continue
            game = screen.game
            if game is not seen_game:
                games += seen_game is not None
                seen_game, seen_turns = game, 0
            if len(game.history) != seen_turns:
                turns += len(game.history) - seen_turns
                seen_turns = len(game.history)
                last_progress, stalled = now, False
            elif game.finished or screen.paused:
                last_progress = now
            elif now - last_progress > STALL_SECONDS and not stalled:
                stalls, stalled = stalls + 1, True
                print(f"  stall at {(now - began) / 60:.1f} min (turn {len(game.history)})", flush=True)
            if now >= next_report:
                gc.collect()
                memory.append(rss_mb())
                print(
                    f"{(now - began) / 60:5.1f} min  RSS {memory[-1]:7.1f} MB  turns {turns:>9,}  "
                    f"games {games:>6,}  stalls {stalls}",
                    flush=True,
                )
                next_report += 60
    if len(memory) > WARMUP_MINUTES + 1:
        growth = memory[-1] - memory[WARMUP_MINUTES]
        print(f"RSS growth after {WARMUP_MINUTES} min of warm-up: {growth:+.1f} MB (goal ≤ 2 MB an hour)")
    print(f"stalls: {stalls}")
    return stalls


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--board", default="standard")
    args = parser.parse_args()
    stalls = asyncio.run(soak(args.minutes, args.players, args.board))
    raise SystemExit(1 if stalls else 0)


if __name__ == "__main__":
    main()
