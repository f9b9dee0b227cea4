"""Soak test: `chutes-tui watch --speed max --loop` for a long time, watching for stalls and leaks.

It runs the real command in a real terminal (a detached tmux session of 120×40: Textual renders
exactly as for a person), and every minute prints the process's resident memory, the games it
has finished and the stalls seen so far. A stall is a stretch of more than STALL_SECONDS in
which the screen did not change at all (at max speed it changes every few milliseconds). At the
end it prints the RSS growth after warm-up (the first WARMUP_MINUTES): the goal is at most
2 MB over an hour, and no stall.

    python benchmarks/soak_watch.py                 # an hour, three players
    python benchmarks/soak_watch.py --minutes 5     # a quick look
    python benchmarks/soak_watch.py --minutes 15 --players 4

Measured (2 cores shared with other work, three players): before the live odds' cache was
bounded RSS grew 10.3 MB in minutes 2-7 (~2 MB a minute, ~40 games a minute); after, an hour
went from 92.4 MB at 2 min to 93.6 MB at 16 min and stayed there (1,936 games).

Needs tmux. Not part of the test run (it takes as long as you ask).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

STALL_SECONDS = 2.0
WARMUP_MINUTES = 2
# One session per run: two soaks side by side (3 and 4 players) must not end each other's.
SESSION = f"chutes-tui-soak-{os.getpid()}"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def soak(minutes: float, players: int, board: str) -> int:
    command = f"{sys.executable} -m chutes_tui watch {board} --players {players} --speed max --loop"
    tmux("new-session", "-d", "-s", SESSION, "-x", "120", "-y", "40", command)
    pid = int(tmux("display-message", "-p", "-t", SESSION, "#{pane_pid}").strip())
    began = time.monotonic()
    last_screen, last_change = "", began
    stalls, stalled, games, last_game = 0, False, 0, ""
    memory: list[float] = []
    finished: list[int] = []  # games seen at each report
    next_report = began
    try:
        while (now := time.monotonic()) - began < minutes * 60:
            time.sleep(0.2)
            screen = tmux("capture-pane", "-p", "-t", SESSION)
            if screen != last_screen:
                last_screen, last_change, stalled = screen, now, False
            # A blank screen is the interpreter starting (seconds on a busy machine), not a stall.
            elif now - last_change > STALL_SECONDS and not stalled and screen.strip():
                stalls, stalled = stalls + 1, True
                print(f"  stall at {(now - began) / 60:.1f} min", flush=True)
            found = re.search(r"last game: .*? won in \d+ turns", screen)
            if found and found.group() != last_game:
                games, last_game = games + 1, found.group()
            if now >= next_report:
                memory.append(rss_mb(pid))
                finished.append(games)
                recent = games - finished[-2] if len(finished) > 1 else 0
                print(
                    f"{(now - began) / 60:5.1f} min  RSS {memory[-1]:7.1f} MB  games seen ≥ {games:>5,} "
                    f"(+{recent} this minute)  stalls {stalls}",
                    flush=True,
                )
                next_report += 60
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
    if len(memory) > WARMUP_MINUTES + 1:
        growth = memory[-1] - memory[WARMUP_MINUTES]
        after = memory[WARMUP_MINUTES:]
        print(f"RSS growth after {WARMUP_MINUTES} min of warm-up: {growth:+.1f} MB (goal ≤ 2 MB in an hour)")
        print(f"  after warm-up RSS stayed within {min(after):.1f}–{max(after):.1f} MB")
        minutes_played = len(finished) - 1
        print(f"games: {games:,} in {minutes_played} min, {games / max(minutes_played, 1):.1f} a minute")
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
    if shutil.which("tmux") is None:
        raise SystemExit("soak_watch.py needs tmux (Debian: apt-get install tmux)")
    raise SystemExit(1 if soak(args.minutes, args.players, args.board) else 0)


if __name__ == "__main__":
    main()
