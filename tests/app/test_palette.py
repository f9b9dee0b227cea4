"""Key storms on the command palette, sent straight to the driver as a fast typist's terminal
delivers them (a Pilot waits for idle between keys and hides these races): no key sequence may
end the app. Each case crashed Textual 8.2.8's own palette (see chutes_tui/app/palette.py)."""

import random

import pytest
from textual import events

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players

STORM_KEYS = ["ctrl+p", "backspace", "pageup", "pagedown", "up", "down", "enter", "escape", "r", "a", "e"]


async def send(app, pilot, keys, gap=0.0):
    for key in keys:
        app._driver.send_message(events.Key(key, None))
        if gap:
            await pilot.pause(gap)


def watch_app():
    return ChutesApp(
        board=load_board("standard"), players=default_players(3), watch=True, speed=len(SPEEDS) - 1, loop=True
    )


@pytest.mark.parametrize(
    "keys",
    [
        ["ctrl+p", "pageup"],  # KeyError: 0 -- the list filled but not laid out yet
        ["ctrl+p", "ctrl+p", "backspace", "pageup"],
        ["ctrl+p", "pagedown"],
        ["ctrl+p", "enter", "enter"],  # dismissed twice: popped the game screen
    ],
)
async def test_fast_palette_keys_never_end_the_app(keys):
    app = watch_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        await send(app, pilot, keys)
        await pilot.pause(0.5)
        assert any(isinstance(screen, GameScreen) for screen in app.screen_stack)
    assert app.return_code in (None, 0)


async def test_random_palette_storms():
    rng = random.Random(20261123)
    app = watch_app()
    exits = []
    app.exit = lambda *args, **kwargs: exits.append(args)  # typing "quit" may run Quit: count it
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        for _ in range(3):
            await send(app, pilot, [rng.choice(STORM_KEYS) for _ in range(40)], gap=rng.choice([0, 0.005]))
            await pilot.pause(0.2)
            await send(app, pilot, ["escape", "escape", "escape"])
            await pilot.pause(0.1)
        assert any(isinstance(screen, GameScreen) for screen in app.screen_stack)


async def test_keys_typed_while_quitting_from_the_palette_go_nowhere():
    app = watch_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        await send(app, pilot, ["ctrl+p", "q", "u", "i", "t"], gap=0.05)
        await pilot.pause(0.3)
        await send(app, pilot, ["enter", *("x" * 30), "escape", "ctrl+p", "pageup"])
        await pilot.pause(0.5)
    assert app.return_code in (None, 0)
