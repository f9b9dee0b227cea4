"""The app under fire: seeded random keys, clicks and resizes over every screen, checking that
nothing raises and the game stays consistent. The normal run sends a slice; the full run
(10,000 events) is marked ``fuzz_full``: ``python -m pytest -m fuzz_full``."""

import random

import pytest
from textual.errors import NoWidget
from textual.pilot import OutOfBounds

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.io.boardfile import format_toml, load_board
from chutes_tui.model.players import default_players, parse_player_spec

# Every key the screens bind, and some they do not, the command palette included (a quit request
# is counted, not obeyed). Left out: ctrl+q and 'q', which quit. tests/app/test_palette.py sends
# faster storms straight to the driver.
KEYS = [
    "space",
    "enter",
    "plus",
    "minus",
    "p",
    "full_stop",
    "r",
    "n",
    "s",
    "x",
    "i",
    "o",
    "b",
    "e",
    "escape",
    "question_mark",
    "up",
    "down",
    "left",
    "right",
    "t",
    "h",
    "d",
    "m",
    "c",
    "y",
    "tab",
    "a",
    "1",
    "9",
    "backspace",
    "pageup",
    "pagedown",
    "ctrl+p",
    "ctrl+s",
]
SIZES = [(1, 1), (2, 2), (20, 8), (40, 12), (80, 24), (81, 25), (120, 40), (200, 60), (100, 30), (300, 100)]
# Player and board names that are also markup (the board's, as TOML text, with an escape character).
NAMES = "[/],[bold red]x[/,cpu:[/b]"
BOARD_NAME = r"[link=https://example.com]\u001b[31m[/b]"


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


async def fire(events: int, seed: int, tmp_path, monkeypatch, *, watch: bool = False) -> dict[str, int]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path / "config"))
    rng = random.Random(seed)
    counts = {"keys": 0, "clicks": 0, "resizes": 0, "undelivered": 0, "quit_requests": 0}
    path = tmp_path / "board.toml"
    text = (tmp_path / "board.toml").write_text
    text(format_toml(load_board("standard")).replace('name = "standard"', f'name = "{BOARD_NAME}"', 1))
    (tmp_path / "[b]odd[-b].toml").write_text("squares = 30\nladders = [[3, 22]]\n")
    app = ChutesApp(
        board=load_board(str(path)),
        players=parse_player_spec(NAMES) if not watch else default_players(3),
        seed=seed,
        save_path=tmp_path / "save.json",
        speed=6,
        watch=watch,
        loop=watch,
    )
    # A click can land on a Quit button; count the request and keep firing. (Textual reports
    # exceptions through its own error path, not exit(), so they still fail the test.)
    app.exit = lambda *args, **kwargs: counts.__setitem__("quit_requests", counts["quit_requests"] + 1)
    async with app.run_test(size=(120, 40)) as pilot:
        size = (120, 40)
        for event in range(events):
            roll = rng.random()
            if roll < 0.8:
                await pilot.press(rng.choice(KEYS))
                counts["keys"] += 1
            elif roll < 0.95:
                try:
                    await pilot.click(offset=(rng.randrange(size[0]), rng.randrange(size[1])))
                except (NoWidget, OutOfBounds):
                    # The test pilot checks the target itself: nothing is laid out yet on a
                    # newly pushed screen, or a resize is still under way. No event was sent.
                    counts["undelivered"] += 1
                else:
                    counts["clicks"] += 1
            else:
                size = rng.choice(SIZES) if rng.random() < 0.7 else (rng.randint(1, 300), rng.randint(1, 100))
                await pilot.resize_terminal(*size)
                counts["resizes"] += 1
            if event % 50 == 0:
                await pilot.pause()
                check_consistent(app)
        await pilot.pause()
        check_consistent(app)
        assert app._exception is None  # what run_test would re-raise on leaving
    return counts


async def test_app_under_fire_slice(tmp_path, monkeypatch):
    counts = await fire(100, 7, tmp_path, monkeypatch)
    assert counts["keys"] > 60 and counts["clicks"] > 5 and counts["resizes"] > 1


@pytest.mark.fuzz_full
@pytest.mark.parametrize("watch", [False, True], ids=["play", "watch"])
async def test_app_under_fire_full(tmp_path, monkeypatch, watch):
    counts = await fire(5_000, 2026, tmp_path, monkeypatch, watch=watch)
    mode = "watch --loop" if watch else "play"
    print(f"\napp fuzz ({mode}): {sum(counts.values()):,} events ({counts}), 0 exceptions")
