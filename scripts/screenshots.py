"""Drive the app headless and write SVG screenshots into screenshots/.

    python scripts/screenshots.py

Writes setup.svg, mid-game.svg and winner.svg at 120×40 (and mid-game-80x24.svg). The games
are seeded, so the pictures change only when the screens do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec

OUT = Path(__file__).resolve().parent.parent / "screenshots"


async def shoot(
    app: ChutesApp, name: str, size: tuple[int, int], before: Callable[[Pilot], Awaitable[None]] | None = None
) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        if before is not None:
            await before(pilot)
        app.save_screenshot(str(OUT / f"{name}.svg"))
    print(f"wrote screenshots/{name}.svg")


def mid_game() -> Game:
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob,cpu:Robo"), seed=2024)
    while len(game.history) < 30 or not game.current.spec.human:
        game.roll()
    return game


async def point_at_the_big_ladder(pilot: Pilot) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.board.set_cursor(28)
    await pilot.pause(0.1)


async def main() -> None:
    OUT.mkdir(exist_ok=True)
    await shoot(ChutesApp(board_name="standard"), "setup", (120, 40))
    await shoot(ChutesApp(game=mid_game()), "mid-game", (120, 40), point_at_the_big_ladder)
    await shoot(ChutesApp(game=mid_game()), "mid-game-80x24", (80, 24))
    finished = Game.new(load_board("standard"), parse_player_spec("Ann,Bob,cpu:Robo"), seed=2024)
    finished.play_out()
    await shoot(ChutesApp(game=finished), "winner", (120, 40))


if __name__ == "__main__":
    asyncio.run(main())
