"""The app under fire: seeded random keys, key storms, clicks and resizes over every screen and
mode, checking that nothing raises and the game stays consistent.

Each scenario starts the app somewhere (a game in play, a finished game, review, the editor, the
setup screen, the diagonal picture, the spectrum, watch --loop on a board whose games end every few seconds)
and first sends the keys that once crashed it there; then random events: keys through the test
pilot (which waits for the app between keys), storms sent straight to the driver as a fast
typist's terminal delivers them (the palette opened and closed amid other keys), clicks and
resizes. COLUMNS and LINES hold hostile values throughout. An app that would have ended (Esc
leaving the editor) gets one more storm (keys typed as it closes), and is then started again
until the scenario's events are spent.

The normal run sends a slice of each scenario; the full run (1,500 events a scenario, 13,500 in
all) is marked ``fuzz_full``: ``python -m pytest -m fuzz_full`` (``CHUTES_TUI_FUZZ_SEED``: another
sample).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from textual import events
from textual.errors import NoWidget
from textual.pilot import OutOfBounds

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import format_toml, load_board
from chutes_tui.model.players import default_players, parse_player_spec
from tests.app.helpers import pseudo_terminal

# Every key the screens bind, and some they do not, the command palette included (a quit request
# is counted, not obeyed). tests/app/test_palette.py has the palette's own storms.
KEYS = [
    *("space", "enter", "plus", "minus", "p", "full_stop", "r", "n", "s", "x", "i", "o", "b", "e"),
    *("escape", "question_mark", "up", "down", "left", "right", "home", "end", "t", "h", "d", "m"),
    *("c", "y", "tab", "shift+tab", "a", "f", "w", "v", "u", "U", "R", "1", "9", "backspace"),
    *("pageup", "pagedown", "ctrl+p", "ctrl+s", "ctrl+z", "ctrl+y", "ctrl+n", "ctrl+r", "ctrl+o"),
    *("q", "ctrl+q", "delete", "g", "j", "l", "less_than_sign", "greater_than_sign", "ctrl+b", "z"),
]
# Storms lean on the palette: opened, typed into, paged, closed, amid the screen's own keys.
STORM_KEYS = [*KEYS, *["ctrl+p", "escape", "enter", "pageup", "pagedown"] * 6]
CHARACTERS = {"space": " ", "question_mark": "?", "full_stop": ".", "plus": "+", "minus": "-"}
SIZES = [(1, 1), (2, 2), (20, 8), (40, 12), (60, 20), (80, 24), (81, 25), (120, 40), (160, 50), (300, 100)]
# What COLUMNS and LINES say meanwhile (the app's size must not listen).
ENVIRONMENT_SIZES = ["5", "3", "0", "1", "-4", "abc", "", "99999"]
# Player and board names that are also markup (the board's, as TOML text, with an escape character).
NAMES = "[/],[bold red]x[/,cpu:[/b]"
BOARD_NAME = r"[link=https://example.com]\u001b[31m[/b]"


def finished(board: str = "tiny-10", players: str = "Ann,Bob", seed: int = 1) -> Game:
    game = Game.new(load_board(board), parse_player_spec(players), seed=seed)
    game.play_out()
    return game


@dataclass(frozen=True)
class Scenario:
    """Where the app starts, and the keys that once crashed it there (sent first)."""

    app: Callable[[object, int], ChutesApp]
    first_keys: tuple[str, ...] = ()
    storm_first: tuple[str, ...] = ()  # sent straight to the driver, after first_keys


def markup_board(tmp_path) -> str:
    path = tmp_path / "board.toml"
    path.write_text(
        format_toml(load_board("standard")).replace('name = "standard"', f'name = "{BOARD_NAME}"', 1)
    )
    (tmp_path / "[b]odd[-b].toml").write_text("squares = 30\nladders = [[3, 22]]\n")
    return str(path)


SCENARIOS = {
    "play": Scenario(
        lambda tmp, seed: ChutesApp(
            board=load_board(markup_board(tmp)),
            players=parse_player_spec(NAMES),
            seed=seed,
            save_path=tmp / "save.json",
            speed=6,
        )
    ),
    "watch-loop": Scenario(
        lambda tmp, seed: ChutesApp(
            board=load_board("standard"),
            players=default_players(3),
            seed=seed,
            watch=True,
            loop=True,
            speed=6,
        )
    ),
    # Games of a few turns at full speed: overlays of the player to move (win chance, flow)
    # carried across every win (the win chance turned into the flow from the winner's square).
    "tiny-loop": Scenario(
        lambda tmp, seed: ChutesApp(
            board=load_board("tiny-10"), players=default_players(2), seed=seed, watch=True, loop=True, speed=6
        ),
        first_keys=("o", "o", "o", "o"),
    ),
    # A finished game: the winner's dialog, then the flow asked from the winner's square.
    "finished": Scenario(
        lambda tmp, seed: ChutesApp(game=finished(), save_path=tmp / "save.json"),
        first_keys=("escape", "a", "o"),
    ),
    "review": Scenario(
        lambda tmp, seed: ChutesApp(game=finished("standard", seed=seed), replay=("a replay",))
    ),
    # The palette opened and closed amid the editor's keys: its search outlived it.
    "editor": Scenario(
        lambda tmp, seed: ChutesApp(board=load_board("standard"), edit=True),
        storm_first=("ctrl+p", "escape", "t", "ctrl+p", "r", "pageup", "escape", "escape") * 2,
    ),
    "setup": Scenario(lambda tmp, seed: ChutesApp()),
    "diagonal": Scenario(
        lambda tmp, seed: ChutesApp(
            board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=seed
        ),
        first_keys=("d",),
    ),
    # The spectrum (z) opened, left while its worker runs, and opened again.
    "spectrum": Scenario(
        lambda tmp, seed: ChutesApp(
            board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=seed
        ),
        first_keys=("z",),
        storm_first=("escape", "z", "escape", "z"),
    ),
}


def check_consistent(app: ChutesApp) -> None:
    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            game = screen.game
            assert all(0 <= square <= game.board.end for square in game.positions)
            assert sum(square == game.board.end for square in game.positions) == (1 if game.finished else 0)
            if not screen.controller.animating:
                assert screen.board.positions == game.positions
            odds = game.odds()
            if odds is not None:
                assert abs(sum(odds.win) - 1.0) < 1e-9


def storm(app: ChutesApp, keys) -> None:
    """Keys straight to the driver, all at once (the pilot would wait for the app after each)."""
    for key in keys:
        app._driver.send_message(events.Key(key, key if len(key) == 1 else CHARACTERS.get(key)))


async def fire(name: str, events_wanted: int, seed: int, tmp_path, monkeypatch) -> dict[str, int]:
    """Run scenario ``name`` for ``events_wanted`` events (restarting the app when it would end)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path / "config"))
    rng = random.Random(f"{name}/{seed}")
    counts = {
        "keys": 0,
        "storm_keys": 0,
        "clicks": 0,
        "resizes": 0,
        "undelivered": 0,
        "quit_requests": 0,
        "apps": 0,
    }
    scenario = SCENARIOS[name]
    sent = 0
    while sent < events_wanted:
        monkeypatch.setenv("COLUMNS", rng.choice(ENVIRONMENT_SIZES))
        monkeypatch.setenv("LINES", rng.choice(ENVIRONMENT_SIZES))
        app = scenario.app(tmp_path, seed)
        counts["apps"] += 1
        # A click can land on a Quit button; count the request and keep firing. (Textual reports
        # exceptions through its own error path, not exit(), so they still fail the test.)
        app.exit = lambda *args, **kwargs: counts.__setitem__("quit_requests", counts["quit_requests"] + 1)
        size = rng.choice([(120, 40), (80, 24), (60, 20), (160, 50)])
        async with app.run_test(size=size) as pilot:
            where = f"scenario {name}, seed {seed}, app {counts['apps']}"
            await pilot.pause(0.1)
            if counts["apps"] == 1:  # the keys that once crashed it here
                await pilot.press(*scenario.first_keys)
                storm(app, scenario.storm_first)
                await pilot.pause(0.2)
                assert app._exception is None, f"{where}: first keys"
            while sent < events_wanted and len(app.screen_stack) > 1:  # else the app would have ended
                sent += 1
                roll = rng.random()
                if roll < 0.65:
                    await pilot.press(rng.choice(KEYS))
                    counts["keys"] += 1
                elif roll < 0.75:
                    keys = [rng.choice(STORM_KEYS) for _ in range(rng.randint(3, 30))]
                    storm(app, keys)
                    counts["storm_keys"] += len(keys)
                    await pilot.pause(rng.choice([0, 0.01, 0.05]))
                elif roll < 0.9:
                    try:
                        await pilot.click(offset=(rng.randrange(size[0]), rng.randrange(size[1])))
                    except (NoWidget, OutOfBounds):
                        # The test pilot checks the target itself: nothing is laid out yet on a
                        # newly pushed screen, or a resize is still under way. No event was sent.
                        counts["undelivered"] += 1
                    else:
                        counts["clicks"] += 1
                else:
                    size = (
                        rng.choice(SIZES)
                        if rng.random() < 0.7
                        else (rng.randint(1, 300), rng.randint(1, 100))
                    )
                    await pilot.resize_terminal(*size)
                    counts["resizes"] += 1
                if sent % 25 == 0:
                    await pilot.pause()
                    check_consistent(app)
                assert app._exception is None, f"{where}, event {sent}: {app._exception!r}"
            if len(app.screen_stack) <= 1:  # the app is closing: a fast typist's keys still arrive
                keys = [rng.choice(STORM_KEYS) for _ in range(rng.randint(3, 30))]
                storm(app, keys)
                counts["storm_keys"] += len(keys)
                await pilot.pause(0.1)
            await pilot.pause()
            check_consistent(app)
            assert app._exception is None, f"{where}: {app._exception!r}"  # what run_test re-raises
    return counts


@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_app_under_fire_slice(name, tmp_path, monkeypatch):
    counts = await fire(name, 6, 7, tmp_path, monkeypatch)
    assert counts["keys"] + counts["storm_keys"] + counts["clicks"] + counts["resizes"] > 0


@pytest.mark.fuzz_full
@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_app_under_fire_full(name, tmp_path, monkeypatch):
    seed = int(os.environ.get("CHUTES_TUI_FUZZ_SEED", "2026"))
    counts = await fire(name, 1_500, seed, tmp_path, monkeypatch)
    events_sent = counts["keys"] + counts["storm_keys"] + counts["clicks"] + counts["resizes"]
    print(f"\napp fuzz ({name}, seed {seed}): {events_sent:,} events ({counts}), 0 exceptions")


def test_the_size_is_the_terminals_whatever_the_environment_says(monkeypatch):
    """Random COLUMNS/LINES against random terminal sizes: the app's driver asks the terminal."""
    rng = random.Random(int(os.environ.get("CHUTES_TUI_FUZZ_SEED", "7")))
    driver_class = ChutesApp().get_driver_class()  # the terminal's driver, as the app runs it
    driver = driver_class.__new__(driver_class)  # only its size is asked
    for _ in range(200):
        columns, lines = rng.randint(1, 500), rng.randint(1, 200)
        monkeypatch.setenv("COLUMNS", rng.choice([*ENVIRONMENT_SIZES, str(rng.randint(1, 1000))]))
        monkeypatch.setenv("LINES", rng.choice([*ENVIRONMENT_SIZES, str(rng.randint(1, 1000))]))
        with pseudo_terminal(columns, lines, monkeypatch):
            assert driver._get_terminal_size() == (columns, lines)
