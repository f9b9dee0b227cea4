"""Drive the app headless and write SVG screenshots into screenshots/.

    python scripts/screenshots.py

Writes setup.svg, mid-game.svg, editor.svg, flow.svg, diagonal.svg, review.svg and winner.svg
at 120×40, mid-game-80x24.svg, mid-game-160x50.svg and mid-game-light.svg (a light theme).
The games are seeded and the settings private (a fresh folder, the first-run hint already
seen), so the pictures change only when the screens do.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
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


async def light(pilot: Pilot) -> None:
    pilot.app.theme = "textual-light"
    await point_at_the_big_ladder(pilot)


async def add_a_ladder(pilot: Pilot) -> None:
    await pilot.press("e")
    await pilot.pause(0.2)
    editor = pilot.app.screen
    editor.view.set_cursor(27)  # type: ignore[attr-defined]
    await pilot.press("t")
    editor.view.set_cursor(29)  # type: ignore[attr-defined]
    await pilot.press("h")
    await pilot.pause(0.2)


async def flow(pilot: Pilot) -> None:
    """The flow overlay, eight turns ahead of the player to move."""
    await pilot.press("a", "a", *["greater_than_sign"] * 7)  # show (it starts playing), pause, step on
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.stats.overlays.flow_turns = 8  # the game screen's statistics presenter (app/statistics.py)
    screen.stats.show_overlay()
    await pilot.pause(0.2)


async def diagonal(pilot: Pilot) -> None:
    await pilot.press("d")
    for _ in range(200):  # the exact fraction comes from a thread
        if getattr(pilot.app.screen, "exact", None) is not None:
            break
        await pilot.pause(0.05)
    await pilot.press(*["right"] * 8)
    await pilot.pause(0.2)


async def review(pilot: Pilot) -> None:
    await pilot.press("v", "home", *["right"] * 12)
    await pilot.pause(0.3)


async def main() -> None:
    OUT.mkdir(exist_ok=True)
    private = Path(tempfile.mkdtemp(prefix="chutes-shots-"))
    for name in ("CONFIG", "DATA", "STATE"):
        os.environ[f"CHUTES_TUI_{name}_DIR"] = str(private / name.lower())
    from chutes_tui.io.settings import Settings, save_settings

    save_settings(Settings(hinted=True))
    await shoot(ChutesApp(board_name="standard"), "setup", (120, 40))
    await shoot(ChutesApp(game=mid_game()), "mid-game", (120, 40), point_at_the_big_ladder)
    await shoot(ChutesApp(game=mid_game()), "mid-game-80x24", (80, 24))
    await shoot(ChutesApp(game=mid_game()), "mid-game-160x50", (160, 50), point_at_the_big_ladder)
    await shoot(ChutesApp(game=mid_game()), "editor", (120, 40), add_a_ladder)
    await shoot(ChutesApp(game=mid_game()), "flow", (120, 40), flow)
    await shoot(ChutesApp(game=mid_game()), "diagonal", (120, 40), diagonal)
    await shoot(ChutesApp(game=mid_game()), "review", (120, 40), review)
    finished = Game.new(load_board("standard"), parse_player_spec("Ann,Bob,cpu:Robo"), seed=2024)
    finished.play_out()
    await shoot(ChutesApp(game=finished), "winner", (120, 40))
    # Last: the light theme is remembered in the settings, and would reach the shots after it.
    await shoot(ChutesApp(game=mid_game()), "mid-game-light", (120, 40), light)


if __name__ == "__main__":
    asyncio.run(main())
